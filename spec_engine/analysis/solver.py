"""The combinatorial analysis of a game: every player hand composition, valued exactly against
the dealer's every drawing sequence, from the shoe less the cards seen, for the ten up-cards at
once.

Probabilities are floats (numpy ``float64``); nothing here is money.

How it works:

* A *composition* is a multiset of player cards (ranks ``A 2 .. 9 T``, the ten-valued ranks
  lumped) with a hard sum of at most 21. Cards are exchangeable, so the dealer's hole card
  and draws come from the shoe less the up-card and the player's cards, whatever the order
  of the deal: the dealer's distribution of final totals (17-21, bust, blackjack) is computed
  for every composition (:mod:`spec_engine.analysis.dealer`).
* A *row* is a composition in a *family*: the base family (the player's own hand) or a split
  family ``(X, t)`` (a hand that began with a split card ``X`` while ``t`` hands of the split
  exist; the ``t - 1`` other split cards are removed from the shoe too, the other cards of the
  split hands are not: the split approximation of combinatorial analysers that track only how
  many hands were split). The rows, and which cards each removes, do not depend on the
  up-card (:class:`Layout`); every value is an array over the ten up-cards (axis 0, rank order
  ``A 2 .. T``) and the rows.
* Rows are valued from the largest hard sum down: stand, hit (then the best or charted play),
  double (one card, or play on), with what a dealer blackjack takes (*beta*: the stake, the
  original stake only, or nothing when the dealer peeks first). What does not depend on the
  play (standing, doubling for one card, the cards that bust) is worked out once
  (:class:`Values`); each pass (:meth:`Values.solve`) adds only what hitting is worth.
* Surrender (where the rule set offers it) is one more choice on a hand's first two cards --
  the player's own, and a split hand's where the rule set lets it -- valued from the cards seen
  (:meth:`Values.surrender_values`: half the stake, and what a dealer blackjack takes).
* A split's value follows the hands in their playing order (:meth:`Solution.split`): each hand
  draws its second card; an equal card may be split again (up to the rule set's limit, only in
  succession where re-splits must be consecutive); the first hands only may double where the
  rule set says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from spec_engine.analysis.dealer import BLACKJACK, dealer_distribution
from spec_engine.analysis.model import FAMILY_DEPTH, Game

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
B8 = npt.NDArray[np.bool_]
RANKS = "A23456789T"
VALUES = np.arange(1, 11)
TEN = 9
ACE = 0
EV, WIN, PUSH, LOSE = range(4)
STAKE, ONE, ZERO = range(3)
"""What a dealer blackjack takes from a standing hand (*beta*): its stake, the original stake
only (a first hand), or nothing (a later split hand, or the dealer peeked)."""
STAND, HIT, DOUBLE, DOUBLE_ELSE_STAND, SURRENDER_ELSE_HIT, SURRENDER_ELSE_STAND, SURRENDER = range(7)
ACTIONS = ("S", "H", "D", "Ds", "Rh", "Rs", "R")
"""The actions' codes: a chart's cell (``Rh``, ``Rs``: surrender where the hand may, else hit or
stand) or a row's chosen play (``R``: surrendered)."""
_RADIX = 32
"""Compositions and removed cards are numbered in base 32 (no rank is removed 32 times)."""


@cache
def compositions(decks: int) -> tuple[I64, dict[tuple[int, ...], int], I64]:
    """Every multiset of player cards with a hard sum of at most 21 (at least one card), its
    index, and the child table: ``child[c, r]`` is the composition with one more ``r``, or -1
    (bust, or no such card left)."""
    avail = [4 * decks] * 9 + [16 * decks]
    out: list[tuple[int, ...]] = []

    def rec(r: int, cur: list[int], total: int) -> None:
        if r == 10:
            if total:
                out.append(tuple(cur))
            return
        k = 0
        while k <= avail[r] and total + k * (r + 1) <= 21:
            cur.append(k)
            rec(r + 1, cur, total + k * (r + 1))
            cur.pop()
            k += 1

    rec(0, [], 0)
    comps = np.array(out, dtype=np.int64)
    index = {c: i for i, c in enumerate(out)}
    codes = _codes(comps)
    order = np.argsort(codes)
    wanted = codes[:, None] + _RADIX ** np.arange(10)[None, :]
    at = np.minimum(np.searchsorted(codes, wanted, sorter=order), len(codes) - 1)
    child = np.where(codes[order[at]] == wanted, order[at], -1)
    return comps, index, child


def _codes(counts: I64) -> I64:
    codes: I64 = counts @ (_RADIX ** np.arange(10, dtype=np.int64))
    return codes


@dataclass(frozen=True, slots=True)
class Family:
    """A family of rows: the base (``pair = -1``) or a split family ``(pair, hands)``; ``beta``
    is what a dealer blackjack takes from a standing hand (:data:`STAKE`, :data:`ONE`,
    :data:`ZERO`); ``rows`` the family's row of each composition (-1: not a member)."""

    pair: int
    hands: int
    beta: int
    rows: I64


class Layout:
    """The rows of a game and what does not depend on the up-card: each row's composition,
    family, the cards it removes from the shoe, totals, its children and what the rules allow."""

    def __init__(self, game: Game, peek: bool) -> None:
        self.game, self.peek = game, peek
        comps, self.index, child_comp = compositions(game.decks)
        self.comps = comps
        self.base_beta = ZERO if peek else (STAKE if game.all_stakes else ONE)
        specs: list[tuple[int, int, int]] = [(-1, 1, self.base_beta)]
        if game.max_hands >= 2:
            for x in range(10):
                deepest = 2 if (x == ACE and not game.rsa) else min(game.max_hands, FAMILY_DEPTH)
                for t in range(2, deepest + 1):
                    if peek or game.all_stakes:
                        specs.append((x, t, self.base_beta))
                    else:
                        specs += [(x, t, ONE), (x, t, ZERO)]
        self.families: list[Family] = []
        members_of: list[I64] = []
        start = 0
        for x, t, beta in specs:
            members = np.arange(len(comps)) if x < 0 else np.flatnonzero(comps[:, x] >= 1)
            rows = np.full(len(comps), -1, dtype=np.int64)
            rows[members] = start + np.arange(len(members))
            start += len(members)
            self.families.append(Family(x, t, beta, rows))
            members_of.append(members)
        self._family_at = {(f.pair, f.hands, f.beta): i for i, f in enumerate(self.families)}
        sizes = [len(m) for m in members_of]
        comp = np.concatenate(members_of)
        family = np.repeat(np.arange(len(specs)), sizes)
        extra = np.zeros((len(specs), 10), dtype=np.int64)
        for f, (x, t, _) in enumerate(specs):
            if x >= 0:
                extra[f, x] = t - 1
        n = len(comp)
        self.n = n
        self.comp, self.family = comp, family
        self.removed = comps[comp] + extra[family]
        self.beta = np.array([s[2] for s in specs], dtype=np.int64)[family]
        self.hard = comps[comp] @ VALUES
        self.soft = (comps[comp][:, ACE] > 0) & (self.hard <= 11)
        self.total = np.where(self.soft, self.hard + 10, self.hard)
        self.ncards = comps[comp].sum(axis=1)
        famrows = np.stack([f.rows for f in self.families])
        cc = child_comp[comp]
        child = np.where(cc >= 0, famrows[family[:, None], np.maximum(cc, 0)], -1)
        self.child = np.where(child >= 0, child, n)  # row n: a sentinel worth nothing
        self.valid = child >= 0
        self.key = self.soft * 32 + self.total
        self.can_stand = self.total >= game.min_stand
        no_hit_21 = np.where(self.soft, not game.hit_soft21, not game.hit_hard21)
        self.can_hit = ~((self.total == 21) & no_hit_21)
        self.two = self.ncards == 2
        if game.double_totals is None:
            allowed = np.ones(n, dtype=bool)
        else:
            totals = np.array(sorted(game.double_totals))
            allowed = np.isin(self.hard, totals) | (self.soft & np.isin(self.hard + 10, totals))
        self.may_double = self.two & allowed & (self.can_hit | (self.total < 21))
        # the player's own two cards may surrender where it is offered; a split hand's where the rules let it
        offered = game.surrender != "none"
        self.may_surrender = self.two & offered & ((family == 0) | game.surrender_after_split)
        # a standing hand's loss to a dealer blackjack, per stake of 1 and 2
        self.bj_counts = (self.beta != ZERO) | (not peek)
        self.taken = {1: np.where(self.beta == ZERO, 0.0, 1.0), 2: np.choose(self.beta, [2.0, 1.0, 0.0])}
        codes = _codes(self.removed)
        _, first, self.removal_of = np.unique(codes, return_index=True, return_inverse=True)
        self.removals = self.removed[first]  # each set of removed cards once: the dealer's shoes
        self.levels: list[Level] = []
        base = (family == 0) & (self.ncards >= 2)
        for hard in range(21, 0, -1):
            rows = np.flatnonzero(self.hard == hard)
            if len(rows):
                self.levels.append(Level(self, rows, base[rows]))

    def row(self, family: int, cards: dict[int, int]) -> int:
        """The row of a composition (``{rank: count}``) in a family."""
        key = [0] * 10
        for r, c in cards.items():
            key[r] += c
        return int(self.families[family].rows[self.index[tuple(key)]])

    def family_of(self, pair: int, hands: int, beta: int) -> int:
        """The split family whose hands began with ``pair`` while ``hands`` hands existed."""
        hands = min(hands, 2 if (pair == ACE and not self.game.rsa) else FAMILY_DEPTH)
        return self._family_at[pair, hands, beta]


class Level:
    """The rows of one hard sum, and the groups a chart is chosen from: per total (hard or
    soft), the base family's compositions of at least two cards (weighted by their chance of
    being the first cards) and, of those, the two-card hands below 21 (which may double)."""

    def __init__(self, layout: Layout, rows: I64, base: B8) -> None:
        self.rows = rows
        self.child = layout.child[rows]
        self.keys: list[tuple[int, I64, I64, int]] = []  # (key, positions, two-card positions, first row)
        for key in np.unique(layout.key[rows]):
            mine = layout.key[rows] == key
            first = int(rows[np.flatnonzero(mine)[0]])
            pos = np.flatnonzero(mine & base)
            two = np.flatnonzero(mine & base & (layout.ncards[rows] == 2) & (layout.total[rows] < 21))
            self.keys.append((int(key), pos, two, first))


@lru_cache(maxsize=8)
def layout(game: Game, peek: bool) -> Layout:
    return Layout(game, peek)


class Values:
    """What the rows are worth against each up-card before any choice of play: the draw
    probabilities, the dealer's distribution, standing, busting, doubling for one card.

    Every array is indexed by row first, then up-card (rank order ``A 2 .. T``): a row's
    figures for the ten up-cards lie together, so gathering the rows a card leads to moves
    whole blocks."""

    def __init__(self, game: Game, peek: bool) -> None:
        self.game, self.peek = game, peek
        lay = self.layout = layout(game, peek)
        n = lay.n
        full = np.array([4 * game.decks] * 9 + [16 * game.decks], dtype=np.int64)
        self.full = full[None, :] - np.eye(10, dtype=np.int64)  # up-card x rank
        shoe = np.maximum(self.full[None, :, :] - lay.removed[:, None, :], 0)  # row x up-card x rank
        size = shoe.sum(axis=2, keepdims=True).astype(np.float64)
        self.p: F64 = np.divide(shoe, size, out=np.zeros(shoe.shape), where=size > 0)
        dealer = np.empty((n, 10, 7))
        for up in range(10):
            removals = np.maximum(self.full[up][None, :] - lay.removals, 0)
            dealer[:, up] = dealer_distribution(removals, up, game.decks, game.s17)[lay.removal_of]
        self.q: F64 = dealer[:, :, BLACKJACK]
        # standing, before a dealer blackjack: win, push, lose per row
        total = lay.total[:, None]
        below = np.zeros((n, 10))
        for k in range(5):
            below += np.where(total > 17 + k, dealer[:, :, k], 0.0)
        push = np.take_along_axis(dealer, np.clip(total - 17, 0, 4)[:, :, None], axis=2)[:, :, 0]
        push = np.where((total >= 17) & (total <= 21), push, 0.0)
        win = dealer[:, :, 5] + below
        lose = np.cumsum(dealer[:, :, :5], axis=2)[:, :, 4] - below - push
        self.stand_nobj = np.stack([win - lose, win, push, lose], axis=2)
        self.stand1 = self._stand(1)
        self.stand2 = self._stand(2)
        # the cards that bust a row (or that the shoe lacks: they weigh nothing)
        busting = np.where(lay.valid[:, None, :], 0.0, self.p)
        if peek:  # a card that busts loses only where the dealer then has no blackjack
            for up in (ACE, TEN):
                bj = TEN if up == ACE else ACE
                left = shoe[:, up].astype(np.float64)
                after = left.sum(axis=1, keepdims=True) - 1
                held = left[:, bj][:, None] - (np.arange(10) == bj)[None, :]
                q = np.divide(held, after, out=np.zeros((n, 10)), where=after > 0)
                busting[:, up] *= 1 - q
        self.bust = busting.sum(axis=2)
        self.double_one = self.hits(self.stand2, stake=2.0) if game.double_one_card else None
        self.surrender = self.surrender_values() if game.surrender != "none" else None

    def surrender_values(self) -> F64:
        """Surrendering each row (rows 0..n-1; it counts as a lost round).

        Without a hole card, early surrender gives back half the stake whatever the dealer
        holds: -1/2. Late surrender waits for the dealer's second card, and his blackjack takes
        the whole stake (as the engine settles it, whatever a dealer blackjack takes from a hand
        played on): -(q + (1 - q) / 2) with ``q`` his blackjack's chance given the cards seen.

        In a peek game every value of a row is the round's where the dealer has no blackjack,
        times that chance (:mod:`spec_engine.analysis.calc` adds the stake a dealer blackjack
        takes from the player's own hand): late surrender is -(1 - q) / 2 there (-1/2 given no
        dealer blackjack); early surrender, before the dealer checks, is -1/2 in all, so
        ``q - 1/2`` before that stake is added. A split comes after the check: a split hand's
        surrender is late either way."""
        lay, q = self.layout, self.q
        out = np.zeros((lay.n, 10, 4))
        if not self.peek:
            out[:, :, EV] = -0.5 if self.game.surrender == "early" else -(1 + q) / 2
            out[:, :, LOSE] = 1.0
        else:
            out[:, :, EV] = -(1 - q) / 2
            if self.game.surrender == "early":
                own = (lay.family == 0)[:, None]
                out[:, :, EV] = np.where(own, q - 0.5, out[:, :, EV])
            out[:, :, LOSE] = 1 - q
        return out

    def _stand(self, stake: int) -> F64:
        """Standing rows with ``stake`` on the hand (rows 0..n-1, then the sentinel row)."""
        lay = self.layout
        out = np.zeros((lay.n + 1, 10, 4))
        out[:-1] = self.stand_nobj
        out[:-1, :, EV] *= stake
        counts = lay.bj_counts[:, None]
        out[:-1, :, EV] -= np.where(counts, lay.taken[stake][:, None] * self.q, 0.0)
        out[:-1, :, LOSE] += np.where(counts, self.q, 0.0)
        return out

    def hits(self, after: F64, stake: float, rows: I64 | None = None) -> F64:
        """Drawing one card to ``rows`` (all when None): each card's chance times ``after`` (the
        value of the row it leads to), and the busting cards losing ``stake``."""
        lay = self.layout
        sel = slice(None) if rows is None else rows
        children = lay.child[sel]
        led = np.take(after.reshape(len(after), -1), children.ravel(), axis=0).reshape(*children.shape, 10, 4)
        out: F64 = np.einsum("nur,nruk->nuk", self.p[sel], led)
        bust = self.bust[sel]
        out[:, :, EV] -= stake * bust
        out[:, :, LOSE] += bust
        return out

    def natural(self, rows: I64) -> F64:
        """A blackjack: paid unless the dealer has one too (a push)."""
        q = self.q[rows]
        out = np.zeros((*q.shape, 4))
        out[..., EV] = self.game.payout * (1 - q)
        out[..., WIN] = 1 - q
        out[..., PUSH] = q
        return out

    def weights(self) -> F64:
        """The probability that each row's composition is the player's first cards (the base
        family's; 0 elsewhere), for each up-card: the multivariate hypergeometric law."""
        lay = self.layout
        base = lay.family == 0
        comp = lay.comps[lay.comp[base]]
        k = comp.sum(axis=1)
        log_fact = np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, int(self.full.sum(axis=1).max()) + 1)))])
        multinom = log_fact[k] - log_fact[comp].sum(axis=1)
        out = np.zeros((lay.n, 10))
        for up in range(10):
            full = self.full[up]
            short = (comp > full[None, :]).any(axis=1)
            per = (log_fact[full][None, :] - log_fact[np.maximum(full[None, :] - comp, 0)]).sum(axis=1)
            size = int(full.sum())
            total = log_fact[size] - log_fact[size - k]
            out[base, up] = np.where(short, 0.0, np.exp(per - total + multinom))
        return out

    def solve(self, derive: bool) -> Solution:
        """Value every row: composition-dependent (``derive`` false: the best play for each
        composition) or total-dependent, the chart chosen here from the base family."""
        lay = self.layout
        n = lay.n
        hs = np.zeros((n + 1, 10, 4))  # playing on: hit or stand, no double (row n: the sentinel)
        two_dbl = np.zeros((n + 1, 10, 4))  # a two-card hand that may double, where the rules allow
        two_nodbl = np.zeros((n + 1, 10, 4))
        acts = {name: np.zeros((n, 10), dtype=np.int8) for name in ("hs", "dbl", "nodbl")}
        chart = np.full((64, 10), -1, dtype=np.int8) if derive else None
        weight = self.weights() if derive else None
        give_up = self.surrender
        for level in lay.levels:
            rows = level.rows
            stand = self.stand1[rows]
            hit = self.hits(hs, 1.0, rows)
            if self.double_one is not None:
                dbl = self.double_one[rows]
            else:
                dbl = hit * np.array([2.0, 1.0, 1.0, 1.0])  # the stake doubled, the chances the same
            can_stand, can_hit = lay.can_stand[rows, None], lay.can_hit[rows, None]
            if chart is None:
                take_hit = can_hit & (~can_stand | (hit[:, :, EV] > stand[:, :, EV]))
            else:
                assert weight is not None
                self._derive(level, chart, weight[rows], stand, hit, dbl, None if give_up is None else give_up[rows])
                charted = chart[lay.key[rows]]
                hits_here = (charted == HIT) | (charted == DOUBLE) | (charted == SURRENDER_ELSE_HIT)
                take_hit = can_hit & (~can_stand | hits_here)
            played = np.where(take_hit[:, :, None], hit, stand)
            hs[rows] = played
            played_act = np.where(take_hit, HIT, STAND).astype(np.int8)
            acts["hs"][rows] = played_act
            may = lay.may_double[rows, None]
            if chart is None:
                better = may & (dbl[:, :, EV] > played[:, :, EV])
                kept, kept_act = played, played_act
            else:
                better = may & ((charted == DOUBLE) | (charted == DOUBLE_ELSE_STAND))
                fallback = lay.two[rows, None] & (charted == DOUBLE_ELSE_STAND) & can_stand
                kept = np.where(fallback[:, :, None], stand, played)
                kept_act = np.where(fallback, STAND, played_act)
            first = np.where(better[:, :, None], dbl, kept)
            first_act = np.where(better, DOUBLE, kept_act)
            if give_up is not None:  # the first two cards may give up instead, where the rules let them
                given = give_up[rows]
                may_give = lay.may_surrender[rows, None]
                if chart is None:
                    gives = may_give & (given[:, :, EV] > kept[:, :, EV])
                    kept = np.where(gives[:, :, None], given, kept)
                    kept_act = np.where(gives, SURRENDER, kept_act)
                    gives = may_give & (given[:, :, EV] > first[:, :, EV])
                else:
                    gives = may_give & ((charted == SURRENDER_ELSE_HIT) | (charted == SURRENDER_ELSE_STAND))
                    kept = np.where(gives[:, :, None], given, kept)
                    kept_act = np.where(gives, SURRENDER, kept_act)
                first = np.where(gives[:, :, None], given, first)
                first_act = np.where(gives, SURRENDER, first_act)
            two_nodbl[rows] = kept
            acts["nodbl"][rows] = kept_act
            two_dbl[rows] = first
            acts["dbl"][rows] = first_act
        return Solution(self, two_dbl, two_nodbl, acts, chart, hs)

    def _derive(
        self, level: Level, chart: npt.NDArray[np.int8], w: F64, stand: F64, hit: F64, dbl: F64, give_up: F64 | None
    ) -> None:
        """Choose the chart's action for each total of this level, from the base family's
        compositions weighted by their probability of being the player's first cards.

        A total whose two-card hands surrender (``give_up``: their value surrendered, None where
        surrender is not offered) falls back to hitting or standing where a hand may not: it has
        drawn, or it is a split hand and the rules forbid it. (Such a split hand does not double
        either: on the player's own hands of that total doubling was worth less than surrender.)"""
        lay = self.layout
        for key, pos, two, first in level.keys:
            wk = w[pos]
            if not lay.can_stand[first]:
                action = np.full(10, HIT, dtype=np.int8)
            elif not lay.can_hit[first]:
                action = np.full(10, STAND, dtype=np.int8)
            else:
                hit_sum = (wk * hit[pos, :, EV]).sum(axis=0)
                stand_sum = (wk * stand[pos, :, EV]).sum(axis=0)
                action = np.where(hit_sum > stand_sum, HIT, STAND).astype(np.int8)
            if len(two) and lay.may_double[level.rows[two[0]]]:
                kept = np.where(action[None, :] == HIT, hit[two, :, EV], stand[two, :, EV])
                wt = w[two]
                doubles = (wt * dbl[two, :, EV]).sum(axis=0) > (wt * kept).sum(axis=0)
                action = np.where(doubles, np.where(action == HIT, DOUBLE, DOUBLE_ELSE_STAND), action).astype(np.int8)
            if give_up is not None and len(two) and lay.may_surrender[level.rows[two[0]]]:
                doubled = (action == DOUBLE) | (action == DOUBLE_ELSE_STAND)
                played = np.where(doubled, dbl[two, :, EV], np.where(action == HIT, hit[two, :, EV], stand[two, :, EV]))
                wt = w[two]
                gives = (wt * give_up[two, :, EV]).sum(axis=0) > (wt * played).sum(axis=0)
                drawn = (action == HIT) | (action == DOUBLE)
                surrenders = np.where(drawn, SURRENDER_ELSE_HIT, SURRENDER_ELSE_STAND)
                action = np.where(gives, surrenders, action).astype(np.int8)
            chart[key] = action


class Solution:
    """The values of one pass (composition-dependent, or following the chart it derived), for
    every up-card: a two-card hand's value where it may double and where it may not (either
    surrendering where it may), the actions taken, the chart (``None`` for
    composition-dependent play), and every row's value played on (hit or stand: a hand that
    may neither double nor surrender). Indexed by row, then up-card."""

    def __init__(
        self,
        values: Values,
        two_dbl: F64,
        two_nodbl: F64,
        acts: dict[str, npt.NDArray[np.int8]],
        chart: npt.NDArray[np.int8] | None,
        played: F64,
    ) -> None:
        self.values, self.two_dbl, self.two_nodbl, self.acts, self.chart = values, two_dbl, two_nodbl, acts, chart
        self.played = played
        self._hands: dict[tuple[int, int, bool, int], tuple[F64, F64, F64]] = {}
        self._splits: dict[int, F64] = {}

    @property
    def game(self) -> Game:
        return self.values.game

    def _split_hand(self, x: int, t: int, index: int, beta: int) -> tuple[F64, F64, F64]:
        """(v, e, px), each per up-card: the hand's value from its second card on (the X-X case
        played without a further split), the X-X hand's value, the chance its second card is an
        X; the hand is the ``index``-th played (from 0) while ``t`` hands exist."""
        game = self.game
        may = game.das and (game.das_hands is None or index < game.das_hands)
        if x == ACE:
            may = may and not game.aces_one_card and game.double_split_aces
        memo = (x, t, may, beta)
        found = self._hands.get(memo)
        if found is not None:
            return found
        vals, lay = self.values, self.values.layout
        fam = lay.family_of(x, t, beta)
        one = lay.row(fam, {x: 1})
        shoe = vals.full.copy()
        shoe[:, x] -= t
        shoe = np.maximum(shoe, 0)
        probs = shoe / np.maximum(shoe.sum(axis=1, keepdims=True), 1)  # up-card x rank
        rows = lay.child[one]  # the row each second card leads to (n: none)
        if x == ACE and game.aces_one_card:
            values = vals.stand1[rows].copy()
        else:
            values = (self.two_dbl if may else self.two_nodbl)[rows].copy()  # rank x up-card x 4
        if game.split21_bj:
            for r in np.flatnonzero(lay.valid[one] & (lay.total[np.minimum(rows, lay.n - 1)] == 21)):
                values[r] = vals.natural(np.array([rows[r]]))[0]
                if vals.peek:
                    values[r, :, PUSH] = 0.0
        px = probs[:, x].copy()
        if x == TEN and not game.ten_mixes:
            d = game.decks
            px *= max(4 * d - t, 0) / max(16 * d - t, 1)
        v = np.einsum("ur,ruk->uk", probs, values)
        found = self._hands[memo] = (v, values[x], px)
        return found

    def split(self, x: int) -> F64:
        """The value of splitting a pair of ``x``, per up-card: (ev, win, push, lose, hands) per
        initial unit."""
        if x in self._splits:
            return self._splits[x]
        game, peek = self.game, self.values.peek
        first = STAKE if game.all_stakes and not peek else (ZERO if peek else ONE)
        later = STAKE if game.all_stakes and not peek else ZERO
        may_resplit = x != ACE or game.rsa
        memo: dict[tuple[int, int, bool], F64] = {}

        def hand(t: int, m: int) -> tuple[F64, F64, F64]:
            index = t - m
            return self._split_hand(x, t, index, first if index == 0 else later)

        def closed(t: int, m: int) -> F64:
            out = np.zeros((10, 5))
            for k in range(m, 0, -1):
                v, _, _ = hand(t, k)
                out[:, :4] += v
                out[:, 4] += 1
            return out

        def play(t: int, m: int, series: bool) -> F64:
            key = (t, m, series)
            if key in memo:
                return memo[key]
            if m == 0:
                return np.zeros((10, 5))
            v, e, px = hand(t, m)
            can = may_resplit and t < game.max_hands and (series or not game.resplit_consecutive)
            if not can:
                out = closed(t, m) if game.resplit_consecutive else _with_hand(v) + play(t, m - 1, False)
            else:
                # where no X can come (px 0) this is the same sum as above, term for term
                rest = closed(t, m - 1) if game.resplit_consecutive else play(t, m - 1, False)
                w = v - px[:, None] * e
                keep = px[:, None] * (_with_hand(e) + rest)
                again = px[:, None] * play(t + 1, m + 1, True)
                best = np.where((again[:, EV] > keep[:, EV])[:, None], again, keep)
                out = _with_hand(w, 1 - px) + (1 - px)[:, None] * rest + best
            memo[key] = out
            return out

        found = self._splits[x] = play(2, 2, True)
        return found


def _with_hand(v: F64, hands: F64 | float = 1.0) -> F64:
    out = np.zeros((len(v), 5))
    out[:, :4] = v
    out[:, 4] = hands
    return out
