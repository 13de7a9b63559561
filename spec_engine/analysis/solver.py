"""The combinatorial analysis of one dealer up-card: every player hand composition, valued
exactly against the dealer's every drawing sequence, from the shoe less the cards seen.

Probabilities are floats (numpy ``float64``); nothing here is money.

How it works:

* A *composition* is a multiset of player cards (ranks ``A 2 .. 9 T``, the ten-valued ranks
  lumped) with a hard sum of at most 21. Cards are exchangeable, so the dealer's hole card
  and draws come from the shoe less the up-card and the player's cards, whatever the order
  of the deal: the dealer's distribution of final totals (17-21, bust, blackjack) is computed
  for every composition at once, from the multisets of cards the dealer can draw (with the
  number of orders that reach each) and falling factorials of the remaining counts.
* A *row* is a composition in a *family*: the base family (the player's own hand) or a split
  family ``(X, t)`` (a hand that began with a split card ``X`` while ``t`` hands of the split
  exist; the ``t - 1`` other split cards are removed from the shoe too, the other cards of the
  split hands are not: the split approximation of combinatorial analysers that track only how
  many hands were split).
* Rows are valued from the largest hard sum down: stand, hit (then the best or charted play),
  double (one card, or play on), with what a dealer blackjack takes (*beta*: the stake, the
  original stake only, or nothing when the dealer peeks first).
* A split's value follows the hands in their playing order (``_split_value``): each hand draws
  its second card; an equal card may be split again (up to the rule set's limit, only in
  succession where re-splits must be consecutive); the first hands only may double where the
  rule set says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from spec_engine.analysis.model import FAMILY_DEPTH, Game

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
RANKS = "A23456789T"
VALUES = np.arange(1, 11)
TEN = 9
ACE = 0
LOG0 = -1.0e4  # log of an impossible count: exp() of any sum holding it is 0
EV, WIN, PUSH, LOSE = range(4)
ACTIONS = ("S", "H", "D")


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
    index = {c: i for i, c in enumerate(out)}
    child = np.full((len(out), 10), -1, dtype=np.int64)
    for i, c in enumerate(out):
        for r in range(10):
            nxt = list(c)
            nxt[r] += 1
            child[i, r] = index.get(tuple(nxt), -1)
    return np.array(out, dtype=np.int64), index, child


@cache
def dealer_sequences(up: int, decks: int, s17: bool) -> tuple[I64, F64, I64]:
    """The dealer's terminal draws after up-card ``up``: for each multiset of drawn cards and
    outcome (0-4: 17-21, 5: bust, 6: blackjack), the counts drawn, the number of drawing
    orders that reach it, and the outcome."""
    avail = [4 * decks] * 9 + [16 * decks]
    avail[up] -= 1
    found: Counter[tuple[tuple[int, ...], int]] = Counter()
    drawn = [0] * 10

    def rec(hard: int, ace: bool, ncards: int) -> None:
        soft = ace and hard <= 11
        total = hard + 10 if soft else hard
        outcome = -1
        if ncards == 2 and total == 21:
            outcome = 6
        elif total > 21:
            outcome = 5
        elif total > 17 or (total == 17 and (not soft or s17)):
            outcome = total - 17
        if outcome >= 0:
            found[(tuple(drawn), outcome)] += 1
            return
        for r in range(10):
            if drawn[r] < avail[r]:
                drawn[r] += 1
                rec(hard + r + 1, ace or r == ACE, ncards + 1)
                drawn[r] -= 1

    rec(up + 1, up == ACE, 1)
    keys = list(found)
    counts = np.array([k[0] for k in keys], dtype=np.int64)
    orders = np.array([found[k] for k in keys], dtype=np.float64)
    outcomes = np.array([k[1] for k in keys], dtype=np.int64)
    return counts, orders, outcomes


def _log_falling(values: I64, depth: int) -> F64:
    """``out[..., j]`` = log of values * (values-1) * ... (j factors), LOG0 when it is 0."""
    steps = values[..., None] - np.arange(depth, dtype=np.int64)
    logs = np.where(steps > 0, np.log(np.maximum(steps, 1)), LOG0)
    out = np.zeros((*values.shape, depth + 1))
    out[..., 1:] = np.cumsum(logs, axis=-1)
    return np.maximum(out, LOG0)


def dealer_distribution(shoes: I64, up: int, decks: int, s17: bool) -> F64:
    """For each remaining shoe (rows of 10 counts), the probabilities of the dealer's final
    17, 18, 19, 20, 21, bust and blackjack (unconditional: the hole card is drawn from it)."""
    counts, orders, outcomes = dealer_sequences(up, decks, s17)
    depth = int(counts.max())
    ncards = counts.sum(axis=1)
    width = int(ncards.max())
    pick = np.zeros((10 * (depth + 1), len(orders)))
    for r in range(10):
        for j in range(1, depth + 1):
            pick[r * (depth + 1) + j, counts[:, r] == j] = 1.0
    to_outcome = np.zeros((len(orders), 7))
    to_outcome[np.arange(len(orders)), outcomes] = 1.0
    log_orders = np.log(orders)
    out = np.empty((len(shoes), 7))
    for start in range(0, len(shoes), 2048):
        part = shoes[start : start + 2048]
        per_rank = _log_falling(part, depth).reshape(len(part), -1)
        total = _log_falling(part.sum(axis=1), width)
        logp = per_rank @ pick + log_orders - total[:, ncards]
        out[start : start + 2048] = np.exp(logp) @ to_outcome
    return out


@dataclass
class Rows:
    """The rows (family, composition) valued for one up-card."""

    comp: I64  # composition index
    family: I64
    shoe: I64  # remaining counts (rows x 10)
    hard: I64
    soft: npt.NDArray[np.bool_]
    total: I64
    ncards: I64
    child: I64  # row of the composition with one more card of each rank, or -1
    dealer: F64  # rows x 7


@dataclass
class Family:
    """A family of rows: the base (``pair = -1``) or a split family ``(pair, hands)``; ``beta``
    is what a dealer blackjack takes from a standing hand: ``stake``, ``one`` (the original
    stake only: a first hand) or ``zero`` (a later split hand, or the dealer peeked)."""

    pair: int
    hands: int
    beta: str
    rows: I64  # rows of this family, indexed by composition (-1: not a member)


class UpcardSolver:
    """Values every player hand against one up-card, for one game."""

    def __init__(self, game: Game, up: int, *, peek: bool = False) -> None:
        self.game, self.up, self.peek = game, up, peek
        comps, self.index, child_comp = compositions(game.decks)
        self.comps = comps
        full = np.array([4 * game.decks] * 9 + [16 * game.decks], dtype=np.int64)
        full[up] -= 1
        self.full = full
        self.bj_rank = TEN if up == ACE else ACE if up == TEN else -1
        base_beta = "zero" if peek else ("stake" if game.all_stakes else "one")
        self.families: list[Family] = []
        specs: list[tuple[int, int, str]] = [(-1, 1, base_beta)]
        if game.max_hands >= 2:
            for x in range(10):
                deepest = 2 if (x == ACE and not game.rsa) else min(game.max_hands, FAMILY_DEPTH)
                for t in range(2, deepest + 1):
                    if peek or game.all_stakes:
                        specs.append((x, t, base_beta))
                    else:
                        specs += [(x, t, "one"), (x, t, "zero")]
        comp_list: list[I64] = []
        fam_list: list[I64] = []
        extra_list: list[I64] = []
        for f, (x, t, beta) in enumerate(specs):
            members = np.arange(len(comps)) if x < 0 else np.flatnonzero(comps[:, x] >= 1)
            rows = np.full(len(comps), -1, dtype=np.int64)
            start = int(sum(len(c) for c in comp_list))
            rows[members] = start + np.arange(len(members))
            self.families.append(Family(x, t, beta, rows))
            comp_list.append(members)
            fam_list.append(np.full(len(members), f))
            extra = np.zeros(10, dtype=np.int64)
            if x >= 0:
                extra[x] = t - 1
            extra_list.append(np.repeat(extra[None, :], len(members), axis=0))
        comp = np.concatenate(comp_list)
        family = np.concatenate(fam_list)
        removed = comps[comp] + np.concatenate(extra_list)
        shoe = full[None, :] - removed
        hard = comps[comp] @ VALUES
        soft = (comps[comp][:, ACE] > 0) & (hard <= 11)
        famrows = np.stack([fam.rows for fam in self.families])
        cc = child_comp[comp]
        child = np.where(cc >= 0, famrows[family[:, None], np.maximum(cc, 0)], -1)
        unique, inverse = np.unique(np.maximum(shoe, 0), axis=0, return_inverse=True)
        dealer = dealer_distribution(unique, up, game.decks, game.s17)[inverse.reshape(-1)]
        self.rows = Rows(
            comp=comp,
            family=family,
            shoe=np.maximum(shoe, 0),
            hard=hard,
            soft=soft,
            total=np.where(soft, hard + 10, hard),
            ncards=comps[comp].sum(axis=1),
            child=child,
            dealer=dealer,
        )
        self._stand_parts()

    # ------------------------------------------------------------------ leaves
    def _stand_parts(self) -> None:
        """Per row: the stand outcome without the dealer's blackjack (ev, win, push, lose) and
        the dealer's blackjack probability."""
        d, total = self.rows.dealer, self.rows.total
        n = len(total)
        cum = np.cumsum(d[:, :5], axis=1)  # P(dealer final <= 17 + k)
        below = np.where(total[:, None] > 17 + np.arange(5)[None, :], d[:, :5], 0.0).sum(axis=1)
        push = np.where((total >= 17) & (total <= 21), d[np.arange(n), np.clip(total - 17, 0, 4)], 0.0)
        push = np.where(total >= 17, push, 0.0)
        win = d[:, 5] + below
        lose = cum[:, 4] - below - push
        self.stand_nobj = np.stack([win - lose, win, push, lose], axis=1)
        self.q = d[:, 6]

    def stand(self, rows: I64, stake: float, beta: str) -> F64:
        """Standing rows, ``stake`` on the hand (beta: what a dealer blackjack takes)."""
        out = self.stand_nobj[rows].copy()
        out[:, EV] *= stake
        q = self.q[rows]
        if beta != "zero" or not self.peek:
            taken = {"stake": stake, "one": 1.0, "zero": 0.0}[beta]
            out[:, EV] -= taken * q
            out[:, LOSE] += q
        return out

    def draw_probs(self, rows: I64) -> F64:
        shoe = self.rows.shoe[rows].astype(np.float64)
        total = shoe.sum(axis=1, keepdims=True)
        out: F64 = np.divide(shoe, total, out=np.zeros_like(shoe), where=total > 0)
        return out

    def bust(self, rows: I64, stake: float) -> F64:
        """The bust vector for drawing each rank from ``rows`` (rows x 10 x 4)."""
        out = np.zeros((len(rows), 10, 4))
        if self.peek and self.bj_rank >= 0:
            shoe = self.rows.shoe[rows].astype(np.float64)
            n = shoe.sum(axis=1, keepdims=True) - 1
            left = shoe[:, self.bj_rank][:, None] - (np.arange(10) == self.bj_rank)[None, :]
            q = np.divide(left, n, out=np.zeros((len(rows), 10)), where=n > 0)
            out[:, :, EV] = -stake * (1 - q)
            out[:, :, LOSE] = 1 - q
        else:
            out[:, :, EV] = -stake
            out[:, :, LOSE] = 1.0
        return out

    def natural(self, rows: I64) -> F64:
        """A blackjack: paid unless the dealer has one too (a push)."""
        q = self.q[rows]
        out = np.zeros((len(rows), 4))
        out[:, EV] = self.game.payout * (1 - q)
        out[:, WIN] = 1 - q
        out[:, PUSH] = q
        return out

    # ------------------------------------------------------------------ the pass
    def solve(self, chart: dict[tuple[str, int], str] | None = None) -> Solution:
        """Value every row: composition-dependent (``chart`` None: the best play for each
        composition) or following a total-dependent chart (``chart`` given, or derived here
        from the base family when it is empty)."""
        rows = self.rows
        derive = chart is not None and not chart
        n = len(rows.comp)
        hs = np.zeros((n, 4))  # the value of playing on (hit or stand, no double)
        two_dbl = np.zeros((n, 4))  # a two-card hand that may double (where the rules allow)
        two_nodbl = np.zeros((n, 4))
        acts: dict[str, npt.NDArray[np.str_]] = {
            "hs": np.full(n, "S"),
            "dbl": np.full(n, "S"),
            "nodbl": np.full(n, "S"),
        }
        betas = np.array([f.beta for f in self.families])[rows.family]
        weight = self._weights() if derive else None
        for hard in range(21, 0, -1):
            level = np.flatnonzero(rows.hard == hard)
            if not len(level):
                continue
            p = self.draw_probs(level)
            children = rows.child[level]
            for beta in ("stake", "one", "zero"):
                sel = level[betas[level] == beta]
                if not len(sel):
                    continue
                pos = np.searchsorted(level, sel)
                self._level(sel, p[pos], children[pos], beta, hs, two_dbl, two_nodbl, acts, chart, weight)
        return Solution(self, hs, two_dbl, two_nodbl, acts, chart)

    def _level(
        self,
        sel: I64,
        p: F64,
        children: I64,
        beta: str,
        hs: F64,
        two_dbl: F64,
        two_nodbl: F64,
        acts: dict[str, npt.NDArray[np.str_]],
        chart: dict[tuple[str, int], str] | None,
        weight: F64 | None,
    ) -> None:
        game, rows = self.game, self.rows
        total, soft = rows.total[sel], rows.soft[sel]
        stand = self.stand(sel, 1.0, beta)
        valid = children >= 0
        safe = np.maximum(children, 0)
        hit = np.einsum("nr,nrk->nk", p, np.where(valid[:, :, None], hs[safe], self.bust(sel, 1.0)))
        if game.double_one_card:
            after = np.stack([self.stand(safe[:, r], 2.0, beta) for r in range(10)], axis=1)
        else:
            after = 2.0 * hs[safe]
            after[:, :, 1:] /= 2.0
        dbl = np.einsum("nr,nrk->nk", p, np.where(valid[:, :, None], after, self.bust(sel, 2.0)))
        can_stand = total >= game.min_stand
        can_hit = ~((total == 21) & np.where(soft, not game.hit_soft21, not game.hit_hard21))
        keys = [("s" if s else "h", int(t)) for s, t in zip(soft, total, strict=True)]
        if chart is None:
            take_hit = can_hit & (~can_stand | (hit[:, EV] > stand[:, EV]))
        else:
            if weight is not None and beta == ("zero" if self.peek else ("stake" if game.all_stakes else "one")):
                self._derive(sel, keys, stand, hit, dbl, can_stand, can_hit, chart, weight)
            charted = np.array([chart.get(k, "S") for k in keys])
            take_hit = can_hit & (~can_stand | np.isin(charted, ("H", "D")))
        hs[sel] = np.where(take_hit[:, None], hit, stand)
        acts["hs"][sel] = np.where(take_hit, "H", "S")
        two = rows.ncards[sel] == 2
        may = two & np.array([game.may_double(int(h), bool(s)) for h, s in zip(rows.hard[sel], soft, strict=True)])
        may &= can_hit | (total < 21)
        if chart is None:
            better = may & (dbl[:, EV] > hs[sel][:, EV])
        else:
            charted = np.array([chart.get(k, "S") for k in keys])
            better = may & np.isin(charted, ("D", "Ds"))
            fallback_stand = two & np.isin(charted, ("Ds",)) & can_stand
            base = np.where(fallback_stand[:, None], stand, hs[sel])
            two_nodbl[sel] = base
            acts["nodbl"][sel] = np.where(fallback_stand, "S", acts["hs"][sel])
        if chart is None:
            two_nodbl[sel] = hs[sel]
            acts["nodbl"][sel] = acts["hs"][sel]
        two_dbl[sel] = np.where(better[:, None], dbl, two_nodbl[sel])
        acts["dbl"][sel] = np.where(better, "D", acts["nodbl"][sel])

    def _derive(
        self,
        sel: I64,
        keys: list[tuple[str, int]],
        stand: F64,
        hit: F64,
        dbl: F64,
        can_stand: npt.NDArray[np.bool_],
        can_hit: npt.NDArray[np.bool_],
        chart: dict[tuple[str, int], str],
        weight: F64,
    ) -> None:
        """Choose the chart's action for each total of this level, from the base family's
        compositions weighted by their probability of being the player's first cards."""
        rows = self.rows
        base = (rows.family[sel] == 0) & (rows.ncards[sel] >= 2)
        w = np.where(base, weight[sel], 0.0)
        two = (rows.ncards[sel] == 2) & base & (rows.total[sel] < 21)
        for key in sorted(set(keys)):
            mask = np.array([k == key for k in keys])
            i = int(np.flatnonzero(mask)[0])
            if not can_stand[i]:
                action = "H"
            elif not can_hit[i]:
                action = "S"
            else:
                action = "H" if (w[mask] * hit[mask, EV]).sum() > (w[mask] * stand[mask, EV]).sum() else "S"
            kept = hit if action == "H" else stand
            hard, soft = int(rows.hard[sel][i]), key[0] == "s"
            pick = mask & two
            if pick.any() and self.game.may_double(hard, soft) and (can_hit[i] or key[1] < 21):
                if (w[pick] * dbl[pick, EV]).sum() > (w[pick] * kept[pick, EV]).sum():
                    action = "D" if action == "H" else "Ds"
            chart[key] = action

    def _weights(self) -> F64:
        """The probability that each row's composition is the player's first cards."""
        rows = self.rows
        comp = self.comps[rows.comp]
        k = comp.sum(axis=1)
        lf = _log_falling(np.broadcast_to(self.full, comp.shape).copy(), int(comp.max()))
        per = np.take_along_axis(lf, comp[:, :, None], axis=2)[:, :, 0].sum(axis=1)
        total = _log_falling(np.array([self.full.sum()]), int(k.max()))[0][k]
        fact = np.array([np.sum(np.log(np.arange(1, m + 1))) for m in range(int(k.max()) + 1)])
        multinom = fact[k] - fact[comp].sum(axis=1)
        weights: F64 = np.exp(per - total + multinom)
        return weights

    def row(self, family: int, cards: dict[int, int]) -> int:
        key = [0] * 10
        for r, c in cards.items():
            key[r] += c
        return int(self.families[family].rows[self.index[tuple(key)]])

    def family_of(self, pair: int, hands: int, beta: str) -> int:
        hands = min(hands, 2 if (pair == ACE and not self.game.rsa) else FAMILY_DEPTH)
        for i, fam in enumerate(self.families):
            if fam.pair == pair and fam.hands == hands and fam.beta == beta:
                return i
        raise KeyError((pair, hands, beta))


class Solution:
    """The values of one pass: composition-dependent, or following a chart."""

    def __init__(
        self,
        solver: UpcardSolver,
        hs: F64,
        two_dbl: F64,
        two_nodbl: F64,
        acts: dict[str, Any],
        chart: dict[tuple[str, int], str] | None,
    ) -> None:
        self.s, self.hs, self.two_dbl, self.two_nodbl, self.acts, self.chart = (
            solver,
            hs,
            two_dbl,
            two_nodbl,
            acts,
            chart,
        )
        self._memo: dict[tuple[int, int, int, bool, str], F64] = {}

    # the value of one hand of a split, as its second card comes
    def _split_hand(self, x: int, t: int, index: int, beta: str) -> tuple[F64, F64, float]:
        """(v, e, px): the hand's value from its second card on (the X-X case played without a
        further split), the X-X hand's value, the chance its second card is an X; the hand is
        the ``index``-th played (from 0) while ``t`` hands exist."""
        s, game = self.s, self.game
        fam = s.family_of(x, t, beta)
        one = s.row(fam, {x: 1})
        shoe = s.full.copy()
        shoe[x] -= t
        shoe = np.maximum(shoe, 0)
        probs = shoe / max(int(shoe.sum()), 1)
        may = game.das and (game.das_hands is None or index < game.das_hands)
        if x == ACE:
            may = may and not game.aces_one_card and game.double_split_aces
        values = np.zeros((10, 4))
        for r in range(10):
            row = int(s.rows.child[one, r])
            if row < 0:
                continue
            if x == ACE and game.aces_one_card:
                values[r] = s.stand(np.array([row]), 1.0, beta)[0]
            else:
                values[r] = (self.two_dbl if may else self.two_nodbl)[row]
            if game.split21_bj and s.rows.total[row] == 21:
                values[r] = s.natural(np.array([row]))[0]
                if s.peek:
                    values[r, PUSH] = 0.0
        px = float(probs[x])
        if x == TEN and not game.ten_mixes:
            d = game.decks
            px *= max(4 * d - t, 0) / max(16 * d - t, 1)
        v = probs @ values
        return v, values[x], px

    @property
    def game(self) -> Game:
        return self.s.game

    def split(self, x: int) -> F64:
        """The value of splitting a pair of ``x`` (ev, win, push, lose, hands) per initial unit."""
        game = self.game
        first = "stake" if game.all_stakes and not self.s.peek else ("zero" if self.s.peek else "one")
        later = "stake" if game.all_stakes and not self.s.peek else "zero"
        may_resplit = x != ACE or game.rsa

        def hand(t: int, m: int) -> tuple[F64, F64, float]:
            index = t - m
            return self._split_hand(x, t, index, first if index == 0 else later)

        def closed(t: int, m: int) -> F64:
            out = np.zeros(5)
            for k in range(m, 0, -1):
                v, _, _ = hand(t, k)
                out[:4] += v
                out[4] += 1
            return out

        def play(t: int, m: int, series: bool) -> F64:
            key = (x, t, m, series, "")
            if key in self._memo:
                return self._memo[key]
            if m == 0:
                return np.zeros(5)
            v, e, px = hand(t, m)
            can = may_resplit and t < game.max_hands and px > 0 and (series or not game.resplit_consecutive)
            if not can:
                out = closed(t, m) if game.resplit_consecutive else _with_hand(v) + play(t, m - 1, False)
            else:
                rest = closed(t, m - 1) if game.resplit_consecutive else play(t, m - 1, False)
                w = v - px * e
                keep = px * (_with_hand(e) + rest)
                again = px * play(t + 1, m + 1, True)
                out = _with_hand(w, 1 - px) + (1 - px) * rest + (again if again[EV] > keep[EV] else keep)
            self._memo[key] = out
            return out

        return play(2, 2, True)


def _with_hand(v: F64, hands: float = 1.0) -> F64:
    out = np.zeros(5)
    out[:4] = v
    out[4] = hands
    return out
