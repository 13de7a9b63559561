"""The dealer's final totals behind one up-card, for many shoes at once.

Probabilities are floats (numpy ``float64``); nothing here is money.

The dealer's hand after the up-card is a multiset of drawn cards; while it must draw, it is a
*node* of a lattice (the empty hand is the root; drawing a rank leads to the node with one more
card of it, or ends the hand: 17 to 21, bust, or a two-card 21). The probability of reaching a
node, summed over every order of drawing its cards that never stopped before, is the sum over
its parents of the parent's probability times the chance of the card drawn::

    P(node + r) += P(node) * (n_r - k_r) / (N - k)

where ``n_r`` is the shoe's count of rank ``r``, ``k_r`` how many of them the node holds and
``k`` its number of cards (``N`` the shoe's size). Every shoe follows the same lattice, so each
step is one vector operation over all the shoes; a hand that ends adds its probability to its
outcome. The lattice has about 1,450 nodes and 14,500 steps for the ten up-cards together, so
a shoe costs some 29,000 multiplications and additions, whatever the number of decks.

(The same figures, to float rounding, as enumerating every multiset the dealer can end with and
weighting each by its number of drawing orders and falling factorials of the counts, which is
how this analysis worked until November 2026 at about 70 times the arithmetic;
``tests/test_analysis.py`` checks the lattice against plain recursion in exact fractions.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
ACE = 0
BUST, BLACKJACK = 5, 6
OUTCOMES = 7
"""The dealer's outcomes, in order: final 17, 18, 19, 20, 21, bust, blackjack."""


@dataclass(frozen=True, slots=True)
class Node:
    """A dealer's hand that must draw: its level (cards drawn after the up-card), how many of
    each rank it holds, where each drawn rank leads (another node's index), which ranks end it
    on 17-21 or blackjack (``(rank, outcome)``), and the first rank of the run that busts it."""

    level: int
    held: tuple[int, ...]
    onward: tuple[tuple[int, int], ...]  # (rank, node index)
    ends: tuple[tuple[int, int], ...]  # (rank, outcome 0-4 or BLACKJACK)
    bust_from: int  # ranks from this one up bust the hand (10: none)


def outcome(hard: int, ace: bool, cards: int, s17: bool) -> int:
    """The outcome of a dealer's hand (0-4: 17-21, BUST, BLACKJACK), or -1 while it draws."""
    soft = ace and hard <= 11
    total = hard + 10 if soft else hard
    if cards == 2 and total == 21:
        return BLACKJACK
    if total > 21:
        return BUST
    if total > 17 or (total == 17 and (not soft or s17)):
        return total - 17
    return -1


@cache
def lattice(up: int, decks: int, s17: bool) -> tuple[Node, ...]:
    """The nodes behind up-card ``up`` (rank index, ``0`` the ace), parents before children;
    a rank is drawn at most as many times as the shoe holds it."""
    avail = [4 * decks] * 9 + [16 * decks]
    avail[up] -= 1
    root: tuple[int, ...] = (0,) * 10
    index = {root: 0}
    order = [root]
    state = {root: (up + 1, up == ACE, 1)}
    built: list[Node] = []
    for held in order:  # grows while it is walked: breadth first, so levels come in order
        hard, ace, cards = state[held]
        onward, ends = [], []
        # a card busts the hand when it takes the hard total over 21: the ranks from
        # bust_from up (a rank the shoe has run out of adds nothing: n_r - k_r is 0 there,
        # or the node's probability is)
        bust_from = min(max(21 - hard, 0), 10)
        for r in range(bust_from):
            if held[r] >= avail[r]:
                continue
            end = outcome(hard + r + 1, ace or r == ACE, cards + 1, s17)
            if end >= 0:
                ends.append((r, end))
            else:
                child = (*held[:r], held[r] + 1, *held[r + 1 :])
                if child not in index:
                    index[child] = len(order)
                    order.append(child)
                    state[child] = (hard + r + 1, ace or r == ACE, cards + 1)
                onward.append((r, index[child]))
        built.append(Node(cards - 1, held, tuple(onward), tuple(ends), bust_from))
    return tuple(built)


def dealer_distribution(shoes: I64, up: int, decks: int, s17: bool) -> F64:
    """For each shoe (rows of 10 counts, after the up-card and whatever else was removed), the
    probabilities of the dealer's final 17, 18, 19, 20, 21, bust and blackjack (unconditional:
    the hole card is drawn from the shoe)."""
    n = np.asarray(shoes, dtype=np.float64).T.copy()  # ranks x shoes: each rank's counts contiguous
    size = n.sum(axis=0)
    width = n.shape[1]
    # the counts of each run of high ranks (the cards that bust a hand), and n_r - k cached
    from_rank = np.cumsum(n[::-1], axis=0)[::-1]
    less: dict[tuple[int, int], F64] = {}
    per_level: dict[int, F64] = {}
    out = np.zeros((OUTCOMES, width))
    nodes = lattice(up, decks, s17)
    reach: list[F64 | None] = [None] * len(nodes)
    reach[0] = np.ones(width)
    for i, node in enumerate(nodes):
        here = reach[i]
        reach[i] = None
        if here is None:  # no order of drawing reaches it (cannot happen: kept for safety)
            continue
        inv = per_level.get(node.level)
        if inv is None:
            left = size - node.level
            inv = per_level[node.level] = np.divide(1.0, left, out=np.zeros(width), where=left > 0)
        here = here * inv
        held = node.held
        for r, target in node.onward:
            step = here * _less(less, n, r, held[r])
            current = reach[target]
            if current is None:
                reach[target] = step
            else:
                current += step
        for r, end in node.ends:
            out[end] += here * _less(less, n, r, held[r])
        if node.bust_from < 10:
            drawn = sum(held[node.bust_from :])
            out[BUST] += here * (from_rank[node.bust_from] - drawn)
    result: F64 = out.T.copy()
    return result


def _less(cache_: dict[tuple[int, int], F64], n: F64, r: int, k: int) -> F64:
    """``n_r - k`` for every shoe (kept: the same few are asked for again and again)."""
    found = cache_.get((r, k))
    if found is None:
        found = cache_[r, k] = n[r] - k
    return found
