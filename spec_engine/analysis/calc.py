"""The figures of each up-card (composition-dependent and total-dependent), from one analysis
of the game for the ten up-cards at once (:mod:`spec_engine.analysis.solver`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from spec_engine.analysis.model import Game
from spec_engine.analysis.solver import ACE, ACTIONS, EV, RANKS, TEN, Values

Vec = list[float]
"""(ev, win, push, lose) per initial unit; probabilities are floats."""


@dataclass(frozen=True, slots=True)
class HandFigures:
    """One starting hand (the player's two cards) against one up-card."""

    hand: str  # "T-6", "A-A": the higher rank first, the ace highest
    prob: float  # given the up-card
    cd: Vec
    td: Vec
    cd_action: str
    td_action: str


@dataclass(frozen=True, slots=True)
class UpcardFigures:
    up: str
    prob: float
    hands: tuple[HandFigures, ...]
    chart: dict[str, str]  # row label ("hard 16", "soft 18", "pair 8-8") -> action
    bj_after: dict[str, float]  # hand -> the dealer's blackjack probability given it (an ace up)


def hand_name(a: int, b: int) -> str:
    order = sorted((a, b), key=lambda r: 10 if r == ACE else r, reverse=True)
    return f"{RANKS[order[0]]}-{RANKS[order[1]]}"


def all_upcards(game: Game, *, peek: bool = False) -> list[UpcardFigures]:
    """The ten up-cards' figures, in the order 2..9, T, A."""
    values = Values(game, peek)
    cd = values.solve(derive=False)
    td = values.solve(derive=True)
    assert td.chart is not None
    lay = values.layout
    keys = [k for k in range(64) if td.chart[k, 0] >= 0]
    out = []
    for up in [1, 2, 3, 4, 5, 6, 7, 8, TEN, ACE]:
        full = values.full[up].astype(np.float64)
        n = full.sum()
        hands: list[HandFigures] = []
        labels = {f"{'soft' if k >= 32 else 'hard'} {k % 32}": ACTIONS[td.chart[k, up]] for k in keys}
        bj_after: dict[str, float] = {}
        for a in range(10):
            for b in range(a, 10):
                if a == b:
                    prob = full[a] * (full[a] - 1) / (n * (n - 1))
                else:
                    prob = 2 * full[a] * full[b] / (n * (n - 1))
                if prob <= 0:
                    continue
                cards = {a: 1}
                cards[b] = cards.get(b, 0) + 1
                row = lay.row(0, cards)
                name = hand_name(a, b)
                q0 = float(values.q[row, up])
                bj_after[name] = q0
                if lay.total[row] == 21:
                    nat = values.natural(np.array([row]))[0, up].tolist()
                    hands.append(HandFigures(name, float(prob), nat, nat, "BJ", "BJ"))
                    continue
                cd_vec, cd_act = cd.two_dbl[row, up].copy(), ACTIONS[cd.acts["dbl"][row, up]]
                td_vec, td_act = td.two_dbl[row, up].copy(), ACTIONS[td.acts["dbl"][row, up]]
                if a == b:
                    total_label = labels.get(f"{'soft' if a == ACE else 'hard'} {12 if a == ACE else 2 * (a + 1)}", "H")
                    labels[f"pair {name}"] = total_label
                if a == b and game.max_hands >= 2:
                    same = 1.0
                    if a == TEN and not game.ten_mixes:
                        same = (4 * game.decks - 1) / (16 * game.decks - 1)
                    cd_split = _per_round(cd.split(a)[up])
                    td_split = _per_round(td.split(a)[up])
                    if cd_split[EV] > cd_vec[EV]:
                        cd_vec, cd_act = same * cd_split + (1 - same) * cd_vec, "P"
                    if td_split[EV] > td_vec[EV]:
                        td_vec, td_act = same * td_split + (1 - same) * td_vec, "P"
                    if td_act == "P":
                        labels[f"pair {name}"] = "P"
                    elif td_act == "R" and td_split[EV] > td.played[row, up, EV]:
                        # surrendered, but split where it may not surrender (a pair dealt to a split hand)
                        labels[f"pair {name}"] = "Rp"
                if peek:
                    for vec in (cd_vec, td_vec):
                        vec[EV] -= q0
                        vec[3] += q0
                hands.append(HandFigures(name, float(prob), cd_vec.tolist(), td_vec.tolist(), cd_act, td_act))
        up_prob = (4 * game.decks if up != TEN else 16 * game.decks) / (52 * game.decks)
        out.append(UpcardFigures(RANKS[up], up_prob, tuple(hands), labels, bj_after))
    return out


def _per_round(split: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A split's (ev, win, push, lose): the ev of all its hands, the outcome probabilities of
    the average hand (a split round counts once, with its hands' average result)."""
    out = split[:4].copy()
    out[1:] /= split[4]
    return out
