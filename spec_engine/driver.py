"""The driver seam: what the scenarios ask of an implementation, in plain data.

Step definitions never touch engine internals: they start a round, send actions and read
the event log and the legal actions, all as JSON-ready values (cards as codes, money as
decimal strings, events as the dicts of :mod:`spec_engine.events`). :class:`EngineDriver`
runs the engine in-process; another driver can speak the same requests to any other
implementation, so the same feature files check it.

Actions (``act(name, **args)``)::

    bet             box, bettor, amount
    deal
    insurance       box, bettor, amount
    even_money      box, bettor
    close_insurance
    hit | stand     box, [by]
    double | split  box, [declining: list of bettors], [by]

A refused action raises :class:`Refusal`: ``code`` is ``rule_violation`` (with the clause
ids the implementation cites) or ``input_error`` (with the field at fault).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from spec_engine.cards import Shoe
from spec_engine.errors import InputError, RuleViolation
from spec_engine.events import parse_money
from spec_engine.game import Round
from spec_engine.rules import RuleSet, ruleset


@dataclass(frozen=True)
class Refusal(Exception):
    """An action the implementation refused."""

    code: str
    message: str
    clauses: tuple[str, ...] = ()
    rule: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class Driver(Protocol):
    def start(
        self,
        regulation: str,
        shoe: Sequence[str],
        *,
        min_bet: str = "1",
        max_bet: str | None = None,
        seated: Sequence[int] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None: ...

    def act(self, action: str, **args: Any) -> None: ...

    def events(self) -> list[dict[str, Any]]: ...

    def legal_actions(self) -> list[dict[str, Any]]: ...

    def phase(self) -> str: ...


class EngineDriver:
    """The reference implementation, in-process."""

    def __init__(self) -> None:
        self.round: Round | None = None
        self.rules: RuleSet | None = None

    def start(
        self,
        regulation: str,
        shoe: Sequence[str],
        *,
        min_bet: str = "1",
        max_bet: str | None = None,
        seated: Sequence[int] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        try:
            rules = ruleset(regulation)
            if overrides:
                rules = rules.with_values(**overrides)
            self.rules = rules
            self.round = Round(
                rules,
                Shoe.stacked(shoe),
                min_bet=parse_money(min_bet),
                max_bet=None if max_bet is None else parse_money(max_bet),
                seated=seated,
            )
        except InputError as exc:
            raise Refusal("input_error", str(exc), field=exc.field) from exc

    def _round(self) -> Round:
        if self.round is None:
            raise Refusal("input_error", "no round started", field="round")
        return self.round

    def act(self, action: str, **args: Any) -> None:
        rnd = self._round()
        try:
            if action == "bet":
                rnd.place_bet(args["box"], args["bettor"], parse_money(args["amount"]))
            elif action == "deal":
                rnd.deal()
            elif action == "insurance":
                rnd.insure(args["box"], args["bettor"], parse_money(args["amount"]))
            elif action == "even_money":
                rnd.take_even_money(args["box"], args["bettor"])
            elif action == "close_insurance":
                rnd.close_insurance()
            elif action in ("hit", "stand"):
                getattr(rnd, action)(args["box"], by=args.get("by"))
            elif action in ("double", "split"):
                getattr(rnd, action)(args["box"], declining=args.get("declining", ()), by=args.get("by"))
            else:
                raise InputError(f"unknown action {action!r}", field="action")
        except RuleViolation as exc:
            raise Refusal("rule_violation", str(exc), clauses=exc.clauses, rule=exc.rule) from exc
        except InputError as exc:
            raise Refusal("input_error", str(exc), field=exc.field) from exc

    def events(self) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self._round().events]

    def legal_actions(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in a._asdict().items() if v is not None} for a in self._round().legal_actions()]

    def phase(self) -> str:
        return self._round().phase.value
