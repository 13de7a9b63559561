"""What the engine answers, in one JSON document, for the compiled and the pure engine to be
compared byte for byte (:mod:`tests.test_same_answers` runs this twice, with and without
``BLACKJACK_SPEC_PURE=1``):

    python -m tests.same_answers [--rounds N] [--chunk N]

* ``engine``: which engine answered (``spec_engine.ENGINE``);
* ``logs``: for each rulebook at one and at three boxes, ``N`` seeded rounds at a table (the
  simple policy): the SHA-256 of the whole event log (every field of every event, its type
  included: ``10`` is not ``Fraction(10)`` nor ``True``), the balances and the bank;
* ``tallies``: the Monte-Carlo's exact sums over a chunk of rounds of each rulebook's basic
  strategy (dealt from the engine's shoe drawn at random) and of the simple policy;
* ``refusals``: every public call of the engine given each of a set of bad values in each of
  its parameters, from a fixed state: the exception's type and message (or what it returned).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

BAD: tuple[object, ...] = (None, True, False, 0, -1, 99, 1.5, "1", "", "x", [1], {"a": 1}, (1, None), Fraction(1, 3))
"""Values a caller may give where the engine expects a box, a name, an amount, a count... (each
with a repr that is the same in every process)."""


def logs(rounds: int) -> dict[str, Any]:
    from spec_engine.catalog import REGULATION_IDS
    from spec_engine.events import money_str
    from spec_engine.rules import ruleset
    from spec_engine.table import Table, people_at

    out: dict[str, Any] = {}
    for reg in REGULATION_IDS:
        rules = ruleset(reg)
        for boxes in (1, 3):
            bets = [(box, f"P{box}", 10 * box) for box in range(1, min(boxes, rules.max_boxes) + 1)]
            table = Table(rules, seed=2026 + boxes, min_bet=10, max_bet=500, participants=people_at(rules, len(bets)))
            digest = hashlib.sha256()
            for _ in range(rounds):
                start = len(table.log)
                table.play(bets)
                digest.update(repr(list(map(tuple, table.log[start:]))).encode())
                del table.log[:]  # (the digest holds it: memory stays flat)
            out[f"{reg} {boxes} box(es)"] = {
                "rounds": table.rounds,
                "log": digest.hexdigest(),
                "balances": {k: money_str(v) for k, v in sorted(table.balances.items())},
                "bank": money_str(table.bank),
                "shuffles": table.shuffles,
            }
    return out


def tallies(rounds: int) -> dict[str, Any]:
    from spec_engine.analysis import cached_odds
    from spec_engine.analysis.simulate import play_chunk
    from spec_engine.catalog import REGULATION_IDS
    from spec_engine.rules import ruleset

    out: dict[str, Any] = {}
    for reg in REGULATION_IDS:
        rules = ruleset(reg)
        for strategy, chart in (("basic", cached_odds(rules).strategy.cells), ("simple", None)):
            out[f"{reg} {strategy}"] = play_chunk(rules, chart, 2026, 1, rounds).to_json()
    return out


def _answer(call: Callable[[], object]) -> str:
    try:
        got = call()
    except Exception as exc:  # (what is compared: any exception, its type and its message)
        return f"{type(exc).__name__}: {exc}"
    return (
        f"returned {got!r}"
        if got is None or isinstance(got, (tuple, list, str, int))
        else f"returned a {type(got).__name__}"
    )


def refusals() -> dict[str, str]:
    """Each public call with each bad value in each parameter, the others good."""
    from spec_engine.cards import Shoe, parse_card, parse_cards
    from spec_engine.events import parse_money
    from spec_engine.game import Round
    from spec_engine.rules import ruleset
    from spec_engine.table import Table

    def betting(reg: str = "CL", shoe: str = "7S 5D 5H 9C 8C 8D TS 9H") -> Round:
        return Round(ruleset(reg), Shoe.stacked(shoe), min_bet=10, max_bet=500)

    def dealt(reg: str = "CL", shoe: str = "7S 5D 5H 9C 8C 8D TS 9H") -> Round:
        rnd = betting(reg, shoe)
        rnd.place_bet(1, "P1", 20)
        rnd.deal()
        return rnd

    def insurance() -> Round:
        return dealt("UY", "AS AD KH 9C 8C 8D")  # the dealer's ace: insurance is called

    def pair() -> Round:
        return dealt("ES", "8S 5D 8H 9C 7C 6D TS 9H")

    def table() -> Table:
        return Table(ruleset("UY"), seed=1, auto_cut=False)

    calls: dict[str, tuple[Callable[..., object], tuple[object, ...]]] = {
        "Round.place_bet": (lambda *a: betting().place_bet(*a[:3], unnoticed=a[3]), (1, "P1", 10, False)),
        "Round.change_bet": (lambda *a: _bet(betting()).change_bet(*a), (1, "P1", 20)),
        "Round.withdraw_bet": (lambda *a: _bet(betting()).withdraw_bet(*a), (1, "P1")),
        "Round.consent": (lambda *a: _bet(betting("CZ")).consent(a[0], a[1], by=a[2]), (1, "P2", "P1")),
        "Round.object_to": (lambda *a: _bet(betting("UY")).object_to(a[0], a[1], by=a[2]), (1, "P2", "P1")),
        "Round.decider": (lambda *a: _bet(betting()).decider(*a), (1,)),
        "Round.deal": (lambda *a: _bet(betting()).deal(misdeals=[(a[0], a[1])]), (2, 1)),
        "Round.deal misdeals": (lambda *a: _bet(betting()).deal(misdeals=a[0]), ([],)),
        "Round.insure": (lambda *a: insurance().insure(*a), (1, "P1", 10)),
        "Round.take_even_money": (lambda *a: insurance().take_even_money(*a), (1, "P1")),
        "Round.misdeal": (lambda *a: dealt().misdeal(*a), (1,)),
        "Round.play_absent": (lambda *a: dealt("UY", "7S 5D 5H 9C 8C 8D TS 9H").play_absent(*a), (1,)),
        "Round.hit": (lambda *a: dealt().hit(a[0], by=a[1]), (1, "P1")),
        "Round.stand": (lambda *a: dealt().stand(a[0], by=a[1]), (1, "P1")),
        "Round.surrender": (lambda *a: dealt().surrender(a[0], by=a[1]), (1, "P1")),
        "Round.double": (lambda *a: dealt("CZ", "5S 5D 6H 9C 8C").double(a[0], declining=a[1], by=a[2]), (1, (), "P1")),
        "Round.split": (lambda *a: pair().split(a[0], declining=a[1], by=a[2]), (1, (), "P1")),
        "Round.can_hit": (lambda *a: dealt().can_hit(*a), (1,)),
        "Round.can_double": (lambda *a: dealt().can_double(*a), (1,)),
        "Round()": (
            lambda *a: Round(ruleset("IT"), Shoe.stacked("AS"), min_bet=a[0], max_bet=a[1], seated=a[2]),
            (10, 500, None),
        ),
        "Table()": (
            lambda *a: Table(ruleset("CL"), seed=a[0], min_bet=a[1], max_bet=a[2], participants=a[3], seated=a[4]),
            (1, 10, 500, 3, None),
        ),
        "Table.cut": (lambda *a: table().cut(a[0], by=a[1]), (100, None)),
        "Table.leave": (lambda *a: table().leave(*a), ("P1",)),
        "Table.claim": (lambda *a: table().claim(*a), ("P1",)),
        "Table.seat": (lambda *a: table().seat(*a), ({1: "Ana"},)),
        "Table.play": (lambda *a: Table(ruleset("IT"), seed=1).play([a]), (1, "P1", 10)),
        "Table.play bets": (lambda *a: Table(ruleset("IT"), seed=1).play(a[0]), ([(1, "P1", 10)],)),
        "Shoe.stacked": (lambda *a: Shoe.stacked(*a), ("AS KD",)),
        "Shoe.shuffled": (lambda *a: Shoe.shuffled(a[0], __import__("random").Random(1)), (2,)),
        "parse_card": (parse_card, ("AS",)),
        "parse_cards": (parse_cards, ("AS KD",)),
        "parse_money": (parse_money, ("10",)),
    }
    out: dict[str, str] = {}
    for name, (call, good) in calls.items():
        out[f"{name}{good!r}"] = _answer(lambda call=call, good=good: call(*good))  # type: ignore[misc]
        for at in range(len(good)):
            for value in BAD:
                given = (*good[:at], value, *good[at + 1 :])
                out[f"{name}{given!r}"] = _answer(lambda call=call, given=given: call(*given))  # type: ignore[misc]
    return out


def _bet(rnd: Any) -> Any:
    rnd.place_bet(1, "P1", 20)
    return rnd


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.same_answers", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10_000, help="seeded rounds per rulebook and box count")
    parser.add_argument("--chunk", type=int, default=2_000, help="Monte-Carlo rounds per rulebook and strategy")
    args = parser.parse_args(argv)
    import spec_engine

    answers = {
        "engine": spec_engine.ENGINE,
        "refusals": refusals(),
        "tallies": tallies(args.chunk),
        "logs": logs(args.rounds),
    }
    json.dump(answers, sys.stdout, sort_keys=True, indent=0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
