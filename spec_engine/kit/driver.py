"""The driver seam: what the scenarios ask of an implementation, in plain data.

Step definitions never touch engine internals: they start a round, send actions and read
the event log and the legal actions, all as JSON-ready values (cards as codes, money as
decimal strings, events as the dicts of :mod:`spec_engine.events`). :class:`EngineDriver`
runs the engine in-process; another driver can speak the same requests to any other
implementation, so the same feature files check it.

Actions (``act(name, **args)``)::

    bet             box, bettor, amount, [unnoticed: the dealer missed an over-maximum bet]
    change_bet      box, bettor, amount
    withdraw_bet    box, bettor
    deal
    insurance       box, bettor, amount
    even_money      box, bettor
    close_insurance
    hit | stand     box, [by]
    double | split  box, [declining: list of bettors], [by]
    misdeal         [to_box]: the next card dealt to a box out of turn, or (no box) exposed
    forget_insurance_call
    play_absent     box: the dealer plays the hand of a bettor who left
    cut             at, [by]            (table level)
    shuffle | change_dealer | announce_closing   (table level)
    leave | claim   bettor: an absent bettor leaves / comes back for held winnings
    session_round   bets: {player: amount}      (session level)
    session_play    bet: every player bets it every round to the end

A refused action raises :class:`Refusal`: ``code`` is ``rule_violation`` (with the clause
ids the implementation cites) or ``input_error`` (with the field at fault).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from spec_engine.cards import Shoe, parse_cards
from spec_engine.errors import InputError, RuleViolation
from spec_engine.events import money_str, parse_money
from spec_engine.game import Phase, Round
from spec_engine.overrides import Overrides, from_env
from spec_engine.rules import RuleSet, ruleset
from spec_engine.session import Session
from spec_engine.table import Table


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

    def start_table(
        self,
        regulation: str,
        shoes: Sequence[Sequence[str]],
        *,
        after_cut: bool = False,
        participants: int | None = None,
        min_bet: str = "1",
        max_bet: str | None = None,
        special_max: Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None: ...

    def start_session(
        self,
        regulation: str,
        participants: Sequence[str],
        *,
        advance: str,
        min_bet: str,
        max_bet: str,
        seed: int = 1,
        shoes: Sequence[Sequence[str]] = (),
        after_cut: bool = False,
    ) -> None: ...

    def act(self, action: str, **args: Any) -> None: ...

    def events(self) -> list[dict[str, Any]]: ...

    def legal_actions(self) -> list[dict[str, Any]]: ...

    def phase(self) -> str: ...

    def state(self) -> dict[str, Any]: ...


def _money_map(values: Mapping[str, Any]) -> dict[str, str]:
    return {k: money_str(v) for k, v in values.items()}


class DriverWrapper:
    """A driver that passes every call to ``inner``; a subclass changes what it needs
    (:meth:`_overrides`: the rule values a round or table is started with)."""

    def __init__(self, inner: Driver) -> None:
        self.inner = inner

    def _overrides(self, regulation: str, own: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
        return own

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
        self.inner.start(
            regulation,
            shoe,
            min_bet=min_bet,
            max_bet=max_bet,
            seated=seated,
            overrides=self._overrides(regulation, overrides),
        )

    def start_table(
        self,
        regulation: str,
        shoes: Sequence[Sequence[str]],
        *,
        after_cut: bool = False,
        participants: int | None = None,
        min_bet: str = "1",
        max_bet: str | None = None,
        special_max: Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        self.inner.start_table(
            regulation,
            shoes,
            after_cut=after_cut,
            participants=participants,
            min_bet=min_bet,
            max_bet=max_bet,
            special_max=special_max,
            overrides=self._overrides(regulation, overrides),
        )

    def start_session(
        self,
        regulation: str,
        participants: Sequence[str],
        *,
        advance: str,
        min_bet: str,
        max_bet: str,
        seed: int = 1,
        shoes: Sequence[Sequence[str]] = (),
        after_cut: bool = False,
    ) -> None:
        self.inner.start_session(
            regulation,
            participants,
            advance=advance,
            min_bet=min_bet,
            max_bet=max_bet,
            seed=seed,
            shoes=shoes,
            after_cut=after_cut,
        )

    def act(self, action: str, **args: Any) -> None:
        self.inner.act(action, **args)

    def events(self) -> list[dict[str, Any]]:
        return self.inner.events()

    def legal_actions(self) -> list[dict[str, Any]]:
        return self.inner.legal_actions()

    def phase(self) -> str:
        return self.inner.phase()

    def state(self) -> dict[str, Any]:
        return self.inner.state()


class EngineDriver:
    """The reference implementation, in-process.

    Three levels: a single round on a stacked shoe (:meth:`start`), a table dealing
    round after round from stacked shoes with the shoe procedures (:meth:`start_table`),
    and a player-banked session (:meth:`start_session`). At the table level a round
    starts with the first bet after the previous one is over, and is finished (cards to
    the discards, results to the balances) as soon as it is settled.
    """

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        """Forget the previous scenario: every ``start`` begins afresh."""
        self.round: Round | None = None
        self.rules: RuleSet | None = None
        self.table: Table | None = None
        self.session: Session | None = None
        self.absent: set[str] = set()
        self._finished = True

    def _rules(self, regulation: str, overrides: Mapping[str, Any] | None) -> RuleSet:
        rules = ruleset(regulation)
        return rules.with_values(**overrides) if overrides else rules

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
        self._reset()
        try:
            self.rules = self._rules(regulation, overrides)
            self.round = Round(
                self.rules,
                Shoe.stacked(shoe),
                min_bet=parse_money(min_bet),
                max_bet=None if max_bet is None else parse_money(max_bet),
                seated=seated,
            )
        except InputError as exc:
            raise Refusal("input_error", str(exc), field=exc.field) from exc

    def start_table(
        self,
        regulation: str,
        shoes: Sequence[Sequence[str]],
        *,
        after_cut: bool = False,
        participants: int | None = None,
        min_bet: str = "1",
        max_bet: str | None = None,
        special_max: Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        self._reset()
        try:
            self.rules = self._rules(regulation, overrides)
            self.table = Table(
                self.rules,
                seed=1,
                min_bet=parse_money(min_bet),
                max_bet=None if max_bet is None else parse_money(max_bet),
                participants=participants,
                shoes=[parse_cards(s) for s in shoes],
                auto_cut=False,
                stacked_after_cut=after_cut,
                special_max={k: parse_money(v) for k, v in (special_max or {}).items()},
            )
        except (InputError, RuleViolation) as exc:
            raise _refusal(exc) from exc

    def start_session(
        self,
        regulation: str,
        participants: Sequence[str],
        *,
        advance: str,
        min_bet: str,
        max_bet: str,
        seed: int = 1,
        shoes: Sequence[Sequence[str]] = (),
        after_cut: bool = False,
    ) -> None:
        self._reset()
        try:
            self.rules = ruleset(regulation)
            self.session = Session(
                self.rules,
                participants,
                advance=parse_money(advance),
                min_bet=parse_money(min_bet),
                max_bet=parse_money(max_bet),
                seed=seed,
                shoes=[parse_cards(s) for s in shoes],
                stacked_after_cut=after_cut,
            )
            self.table = self.session.table
        except (InputError, RuleViolation) as exc:
            raise _refusal(exc) from exc

    def _round(self) -> Round:
        if self.round is None:
            raise Refusal("input_error", "no round started", field="round")
        return self.round

    def _table(self) -> Table:
        if self.table is None:
            raise Refusal("input_error", "no table started", field="table")
        return self.table

    def _round_for(self, action: str) -> Round:
        """The round an action goes to; at a table, a bet after a finished round starts
        the next one."""
        if self.table is not None and action == "bet" and (self.round is None or self.round.phase is Phase.DONE):
            self.round = self.table.new_round()
        return self._round()

    def act(self, action: str, **args: Any) -> None:
        try:
            self._act(action, args)
        except RuleViolation as exc:
            raise _refusal(exc) from exc
        except InputError as exc:
            raise _refusal(exc) from exc
        if self.table is not None and self.round is not None and self.round.phase is Phase.DONE and not self._finished:
            self._finished = True
            self.table.finish(self.round, absent=self.absent & set(self.round.net))

    def _act(self, action: str, args: dict[str, Any]) -> None:
        if action in TABLE_ACTIONS:
            table = self._table()
            if action == "cut":
                table.cut(args["at"], by=args.get("by"))
            elif action == "shuffle":
                table.shuffle()
            elif action == "change_dealer":
                table.change_dealer()
            elif action == "announce_closing":
                table.announce_closing()
            elif action == "leave":
                self.absent.add(args["bettor"])
            elif action == "claim":
                self.absent.discard(args["bettor"])
                table.claim(args["bettor"])
            elif action == "session_round":
                assert self.session is not None
                self.round = self.session.play_round({k: parse_money(v) for k, v in args["bets"].items()})
            elif action == "session_play":
                assert self.session is not None
                self.session.play(parse_money(args["bet"]))
            return
        rnd = self._round_for(action)
        if action == "bet":
            rnd.place_bet(
                args["box"], args["bettor"], parse_money(args["amount"]), unnoticed=args.get("unnoticed", False)
            )
            self._finished = False
        elif action == "change_bet":
            rnd.change_bet(args["box"], args["bettor"], parse_money(args["amount"]))
        elif action == "withdraw_bet":
            rnd.withdraw_bet(args["box"], args["bettor"])
        elif action == "deal":
            rnd.deal()
        elif action == "insurance":
            rnd.insure(args["box"], args["bettor"], parse_money(args["amount"]))
        elif action == "even_money":
            rnd.take_even_money(args["box"], args["bettor"])
        elif action == "close_insurance":
            rnd.close_insurance()
        elif action == "forget_insurance_call":
            rnd.forget_insurance_call()
        elif action in ("hit", "stand"):
            getattr(rnd, action)(args["box"], by=args.get("by"))
        elif action in ("double", "split"):
            getattr(rnd, action)(args["box"], declining=args.get("declining", ()), by=args.get("by"))
        elif action == "misdeal":
            rnd.misdeal(args.get("to_box"))
        elif action == "play_absent":
            rnd.play_absent(args["box"])
        else:
            raise InputError(f"unknown action {action!r}", field="action")

    def events(self) -> list[dict[str, Any]]:
        log = self.table.log if self.table is not None else self._round().log
        return [e.to_dict() for e in log]

    def legal_actions(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in a._asdict().items() if v is not None} for a in self._round().legal_actions()]

    def phase(self) -> str:
        return self._round().phase.value

    def state(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.table is not None:
            table = self.table
            out.update(
                balances=_money_map(table.balances),
                held={k: money_str(v[0]) for k, v in table.held.items()},
                awaiting_cut=table.awaiting_cut,
                cut_offer=table.cut_offer,
                shoe_remaining=table.shoe.remaining,
                cut_card_out=table.shoe.cut_card_out,
            )
        if self.session is not None:
            session = self.session
            out.update(
                banker=session.banker if not session.over else None,
                over=session.over,
                bank=money_str(session.bank),
                advances=_money_map(session.advances),
                results=_money_map(session.results),
                shares=_money_map(session.shares),
                final=_money_map(session.final()),
            )
        return out


TABLE_ACTIONS = frozenset(
    {"cut", "shuffle", "change_dealer", "announce_closing", "leave", "claim", "session_round", "session_play"}
)


def _refusal(exc: Exception) -> Refusal:
    if isinstance(exc, RuleViolation):
        return Refusal("rule_violation", str(exc), clauses=exc.clauses, rule=exc.rule)
    assert isinstance(exc, InputError)
    return Refusal("input_error", str(exc), field=exc.field)


class OverridingDriver(DriverWrapper):
    """A driver whose rounds and tables play ``overrides`` for the regulations listed."""

    def __init__(self, inner: Driver, overrides: Overrides) -> None:
        super().__init__(inner)
        self.overrides = overrides

    def _overrides(self, regulation: str, own: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
        merged = {**self.overrides.get(regulation.upper(), {}), **(own or {})}
        return merged or None


def overriding_driver(inner: Driver, environ: Mapping[str, str] | None = None) -> Driver:
    """``inner`` itself when ``BLACKJACK_SPEC_OVERRIDES`` is unset, else wrapped to apply it."""
    overrides = from_env(environ)
    return OverridingDriver(inner, overrides) if overrides else inner
