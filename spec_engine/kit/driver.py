"""The driver seam: what the scenarios ask of an implementation, in the protocol's own words.

A driver answers one request with one reply (:meth:`Driver.request`), the messages of the
conformance protocol (:mod:`spec_engine.kit.protocol`) without their ``id``: cards as codes,
money as decimal strings, events as the dicts of :mod:`spec_engine.events`. Every driver has
this one shape: :class:`EngineDriver` answers with the engine in-process,
:class:`~spec_engine.kit.protocol.ProtocolDriver` sends the request to another program, and
wrappers (:class:`OverridingDriver`, the kit's recording driver) change or note what passes.
The scenarios' step definitions talk through a :class:`Client`, which builds the requests
and turns an error reply into a :class:`Refusal` (or, for an implementation that cannot
answer, an :class:`ImplementationError`).

Requests (``op`` and its fields)::

    hello    protocol
    start    level="round", regulation, shoe[], min_bet?, max_bet?, seated? (boxes, or box -> player), overrides?,
             house? (rule -> the house's choice among the values its text permits)
    start    level="table", regulation, shoes[][], after_cut?, participants?, seated?, min_bet?, max_bet?,
             special_max?, overrides?, house?
    start    level="session", regulation, participants[], advance, min_bet, max_bet, seed?,
             shoes[][]?, after_cut?, house?
    act      action, args{}
    events | legal | phase | state | bye

Actions (``act``)::

    bet             box, bettor, amount, [unnoticed: the dealer missed an over-maximum bet]
    change_bet      box, bettor, amount
    withdraw_bet    box, bettor
    consent | object  box, bettor, [by]: the holder of a box whose seat is occupied answers
                    another bettor's bet on it, before that bet
    deal            [misdeals: [{before, to_box?}]: the dealer's mistakes during the deal]
    insurance       box, bettor, amount
    even_money      box, bettor
    close_insurance
    hit | stand     box, [by]
    double | split  box, [declining: list of bettors], [by]
    surrender       box, [by]
    close_surrender the dealer closes early surrender and checks his hole card (a hole-card game)
    misdeal         [to_box]: the next card dealt to a box out of turn, or (no box) exposed
    forget_insurance_call
    play_absent     box: the dealer plays the hand of a bettor who left
    cut             at, [by]            (table level)
    shuffle | change_dealer | announce_closing   (table level)
    leave | claim   bettor: an absent bettor leaves / comes back for held winnings
    session_round   bets: {player: amount}      (session level)
    session_play    bet: every player bets it every round to the end

A reply is ``{"ok": true, ...}`` or ``{"ok": false, "error": {"code", "message",
"clauses"?, "rule"?, "field"?}}``, ``code`` one of ``rule_violation`` (with the clause ids
the implementation cites), ``input_error`` (with the field at fault), ``unsupported`` or
``internal``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from spec_engine import __version__
from spec_engine.cards import Shoe, parse_cards
from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import InputError, RuleViolation
from spec_engine.events import money_str, parse_money
from spec_engine.game import Phase, Round
from spec_engine.kit import versions
from spec_engine.overrides import Overrides, from_env, rule_value
from spec_engine.rules import RuleSet, ruleset
from spec_engine.session import Session
from spec_engine.table import Table

PROTOCOL_VERSION = versions.current()
"""The protocol version the kit speaks (the newest of ``data/protocol/versions.toml``)."""
ERROR_CODES = ("rule_violation", "input_error", "unsupported", "internal")
LEVELS = ("round", "table", "session")
TABLE_ACTIONS = frozenset(
    {"cut", "shuffle", "change_dealer", "announce_closing", "leave", "claim", "session_round", "session_play"}
)
ACTIONS = (
    "bet",
    "change_bet",
    "withdraw_bet",
    "consent",
    "object",
    "deal",
    "insurance",
    "even_money",
    "close_insurance",
    "forget_insurance_call",
    "hit",
    "stand",
    "double",
    "split",
    "surrender",
    "close_surrender",
    "misdeal",
    "play_absent",
    *sorted(TABLE_ACTIONS),
)
BETTING_ACTIONS = frozenset({"bet", "change_bet", "withdraw_bet", "consent", "object", "deal"})
"""The actions of a round's betting phase: at a table, one after a finished round opens the next."""
QUERIES = ("events", "legal", "phase", "state")
"""The requests that only read (not kept among a scenario's requests)."""
ENGINE_IMPLEMENTATION = {"name": "spec_engine", "version": __version__, "language": "Python"}

Request = Mapping[str, Any]
Reply = dict[str, Any]


class Driver(Protocol):
    """An implementation as the scenarios see it: one request in, one reply out."""

    def request(self, message: Request) -> Reply:
        """The reply (no ``id``) to ``message`` (no ``id``); an implementation that cannot
        answer at all (it crashed, hung, spoke garbage) raises :class:`ImplementationError`."""
        ...


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

    def reply(self) -> Reply:
        """The error reply that says this refusal."""
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.clauses:
            error["clauses"] = list(self.clauses)
        if self.rule:
            error["rule"] = self.rule
        if self.field:
            error["field"] = self.field
        return {"ok": False, "error": error}


class ImplementationError(Exception):
    """The implementation misbehaved (not a refusal): the scenario cannot be judged."""

    status = "ERROR"
    at_hello = False
    """The implementation misbehaved at the ``hello`` of a process just started (its first, or
    after a restart), not at the scenario's request that started it."""


class ImplementationCrash(ImplementationError):
    status = "CRASH"


class ImplementationTimeout(ImplementationError):
    status = "TIMEOUT"


class Unsupported(ImplementationError):
    status = "UNSUPPORTED"


def checked(reply: Reply) -> Reply:
    """A successful reply as it is; an error reply raised: a refusal as :class:`Refusal`,
    ``unsupported`` as :class:`Unsupported`, anything else as :class:`ImplementationError`."""
    if reply.get("ok"):
        return reply
    error = reply.get("error") or {}
    code = error.get("code")
    if code == "unsupported":
        raise Unsupported(str(error.get("message", "unsupported")))
    if code not in ("rule_violation", "input_error"):
        raise ImplementationError(f"error {code!r}: {error.get('message')}")
    raise Refusal(
        code,
        str(error.get("message", "")),
        clauses=tuple(error.get("clauses") or ()),
        rule=error.get("rule"),
        field=error.get("field"),
    )


def jsonable(value: Any) -> Any:
    """Rule values as the protocol writes them, in the rule-set files' notation: sets become
    sorted lists, ratios text, no value ``"none"``."""
    if value is None:
        return "none"
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(jsonable(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


class Client:
    """The scenarios' side of the seam: builds each request, checks each reply.

    ``start(level, regulation, **fields)`` leaves out fields that are ``None`` and writes rule
    overrides in the protocol's notation; ``act`` leaves out ``None`` arguments."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    def call(self, op: str, **fields: Any) -> Reply:
        return checked(self.driver.request({"op": op, **fields}))

    def start(self, level: str, regulation: str, **fields: Any) -> None:
        if fields.get("overrides") is not None:
            fields["overrides"] = jsonable(fields["overrides"]) if fields["overrides"] else None
        message = {k: v for k, v in fields.items() if v is not None}
        self.call("start", level=level, regulation=regulation, **message)

    def act(self, action: str, **args: Any) -> None:
        self.call("act", action=action, args={k: v for k, v in args.items() if v is not None})

    def events(self) -> list[dict[str, Any]]:
        return list(self.call("events").get("events", []))

    def legal_actions(self) -> list[dict[str, Any]]:
        return list(self.call("legal").get("actions", []))

    def phase(self) -> str:
        return str(self.call("phase").get("phase"))

    def state(self) -> dict[str, Any]:
        return dict(self.call("state").get("state", {}))


class DriverWrapper:
    """A driver that passes every request to ``inner``; a subclass changes what it needs."""

    def __init__(self, inner: Driver) -> None:
        self.inner = inner

    def request(self, message: Request) -> Reply:
        return self.inner.request(message)


class OverridingDriver(DriverWrapper):
    """A driver whose rounds and tables play ``overrides`` for the regulations listed (a
    value the scenario sets itself wins). Sessions play the unchanged rule set: the
    session level takes no overrides."""

    def __init__(self, inner: Driver, overrides: Overrides) -> None:
        super().__init__(inner)
        self.overrides = overrides

    def request(self, message: Request) -> Reply:
        changes = self.overrides.get(str(message.get("regulation", "")).upper())
        if message.get("op") == "start" and message.get("level", "round") in ("round", "table") and changes:
            message = {**message, "overrides": {**jsonable(changes), **(message.get("overrides") or {})}}
        return self.inner.request(message)


def overriding_driver(inner: Driver, environ: Mapping[str, str] | None = None) -> Driver:
    """``inner`` itself when ``BLACKJACK_SPEC_OVERRIDES`` is unset, else wrapped to apply it."""
    overrides = from_env(environ)
    return OverridingDriver(inner, overrides) if overrides else inner


def _money_map(values: Mapping[str, Any]) -> dict[str, str]:
    return {k: money_str(v) for k, v in values.items()}


class EngineDriver:
    """The reference implementation, in-process: the engine behind the protocol's requests.

    Three levels: a single round on a stacked shoe (``start`` with ``level="round"``), a
    table dealing round after round from stacked shoes with the shoe procedures
    (``"table"``), and a player-banked session (``"session"``). At the table level a round
    starts with the first bet after the previous one is over, and is finished (cards to the
    discards, results to the balances) as soon as it is settled. ``implementation`` is the
    name the ``hello`` reply gives (the kit's misbehaving test programs borrow the engine
    under their own names). ``generator`` makes the random generator of a table or session
    from its seed (``random.Random``: the seeded shuffles of ``docs/protocol.md``); the test
    vectors' recorder passes one that notes what it gives, their replay one that gives the
    cards a vector lists.
    """

    def __init__(
        self,
        implementation: Mapping[str, str] | None = None,
        *,
        generator: Callable[[int], random.Random] = random.Random,
    ) -> None:
        self.implementation = dict(implementation or ENGINE_IMPLEMENTATION)
        self.generator = generator
        self._reset()

    def request(self, message: Request) -> Reply:
        """Answer one request; an engine refusal or a malformed request is an error reply."""
        op = message.get("op")
        try:
            if op == "hello":
                return {"ok": True, **self.hello()}
            if op == "start":
                self._start(message)
            elif op == "act":
                self._act_checked(str(message.get("action")), dict(message.get("args") or {}))
            elif op == "events":
                return {"ok": True, "events": self._events()}
            elif op == "legal":
                return {"ok": True, "actions": self._legal_actions()}
            elif op == "phase":
                return {"ok": True, "phase": self._phase()}
            elif op == "state":
                return {"ok": True, "state": self._state()}
            elif op != "bye":
                raise Refusal("unsupported", f"no operation {op!r}")
        except Refusal as refusal:
            return refusal.reply()
        except InputError as exc:
            return Refusal("input_error", str(exc), field=exc.field).reply()
        except (KeyError, TypeError, ValueError) as exc:
            return {"ok": False, "error": {"code": "input_error", "message": str(exc)}}
        return {"ok": True}

    def hello(self) -> dict[str, Any]:
        """What the ``hello`` reply says of this implementation."""
        return {
            "protocol": PROTOCOL_VERSION,
            "implementation": dict(self.implementation),
            "regulations": list(REGULATION_IDS),
            "levels": list(LEVELS),
            "actions": list(ACTIONS),
        }

    def _start(self, message: Request) -> None:
        level = message.get("level", "round")
        fields = {k: v for k, v in message.items() if k not in ("op", "level", "regulation")}
        if fields.get("overrides"):
            fields["overrides"] = {k: rule_value(k, v) for k, v in fields["overrides"].items()}
        if "house" in fields:
            fields["house"] = house_values(fields["house"])
        if level == "round":
            self._start_round(message["regulation"], **fields)
        elif level == "table":
            self._start_table(message["regulation"], **fields)
        elif level == "session":
            self._start_session(message["regulation"], **fields)
        else:
            raise Refusal("unsupported", f"no level {level!r}")

    def _reset(self) -> None:
        """Forget the previous scenario: every ``start`` begins afresh."""
        self.round: Round | None = None
        self.rules: RuleSet | None = None
        self.table: Table | None = None
        self.session: Session | None = None
        self._finished = True

    def _rules(self, regulation: str, overrides: Mapping[str, Any] | None) -> RuleSet:
        rules = ruleset(regulation)
        return rules.with_values(**overrides) if overrides else rules

    def _start_round(
        self,
        regulation: str,
        shoe: Sequence[str],
        *,
        min_bet: str = "1",
        max_bet: str | None = None,
        seated: Sequence[int] | Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
        house: object = None,
    ) -> None:
        self._reset()
        try:
            holders = _seats(seated)
            self.rules = self._rules(regulation, overrides).chosen(house)
            cards = parse_cards(shoe)
            too_many = sorted(code for code, n in Counter(c.code for c in cards).items() if n > self.rules.decks)
            if too_many:
                raise InputError(
                    f"the stacked cards {too_many} are more than the {self.rules.decks} deck(s) hold", field="shoe"
                )
            self.round = Round(
                self.rules, Shoe(cards), min_bet=_limit(min_bet), max_bet=_limit(max_bet), seated=holders
            )
        except (InputError, RuleViolation) as exc:
            raise _refusal(exc) from exc

    def _start_table(
        self,
        regulation: str,
        shoes: Sequence[Sequence[str]],
        *,
        after_cut: bool = False,
        participants: int | None = None,
        seated: Sequence[int] | Mapping[str, str] | None = None,
        min_bet: str = "1",
        max_bet: str | None = None,
        special_max: Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
        house: object = None,
    ) -> None:
        self._reset()
        try:
            holders = _seats(seated)
            self.rules = self._rules(regulation, overrides)
            self.table = Table(
                self.rules,
                seed=1,
                min_bet=_limit(min_bet),
                max_bet=_limit(max_bet),
                participants=participants,
                seated=holders,
                shoes=[parse_cards(s) for s in shoes],
                auto_cut=False,
                stacked_after_cut=after_cut,
                special_max={k: parse_money(v) for k, v in (special_max or {}).items()},
                generator=self.generator,
                house=house,
            )
            self.rules = self.table.rules
        except (InputError, RuleViolation) as exc:
            raise _refusal(exc) from exc

    def _start_session(
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
        house: object = None,
    ) -> None:
        self._reset()
        try:
            self.rules = self._rules(regulation, None).chosen(house)
            self.session = Session(
                self.rules,
                participants,
                advance=parse_money(advance),
                min_bet=_limit(min_bet),
                max_bet=_limit(max_bet),
                seed=seed,
                shoes=[parse_cards(s) for s in shoes],
                stacked_after_cut=after_cut,
                generator=self.generator,
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

    def _session(self, action: str) -> Session:
        if self.session is None:
            raise InputError(f"{action} needs a session (start level 'session'), not a table alone", field="level")
        return self.session

    def _round_for(self, action: str) -> Round:
        """The round an action goes to; at a table, a betting action after a finished round
        starts the next one (with the stakes that stay from it, where the rule set keeps them)."""
        starts = action in BETTING_ACTIONS
        if self.table is not None and starts and (self.round is None or self.round.phase is Phase.DONE):
            self.round = self.table.new_round()
        return self._round()

    def _act_checked(self, action: str, args: dict[str, Any]) -> None:
        try:
            self._act(action, args)
        except InputError as exc:
            amount = _amount(args.get("amount")) if exc.field == "amount" else None
            if isinstance(amount, _NotMoney):  # the reader's words for what is not money
                raise Refusal("input_error", f"amount: {amount.said()}", field="amount") from exc
            raise _refusal(exc) from exc
        except RuleViolation as exc:
            raise _refusal(exc) from exc
        if self.table is not None and self.round is not None and self.round.phase is Phase.DONE and not self._finished:
            self._finished = True
            try:
                self.table.finish(self.round)
            except (RuleViolation, InputError) as exc:
                raise _refusal(exc) from exc

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
                table.leave(args["bettor"])
            elif action == "claim":
                table.claim(args["bettor"])
            elif action == "session_round":
                self.round = self._session(action).play_round({k: parse_money(v) for k, v in args["bets"].items()})
            elif action == "session_play":
                self._session(action).play(parse_money(args["bet"]))
            return
        rnd = self._round_for(action)
        if action in BETTING_ACTIONS:
            self._finished = False
        if action == "bet":
            rnd.place_bet(args["box"], args["bettor"], _amount(args["amount"]), unnoticed=args.get("unnoticed", False))
        elif action == "change_bet":
            rnd.change_bet(args["box"], args["bettor"], _amount(args["amount"]))
        elif action == "withdraw_bet":
            rnd.withdraw_bet(args["box"], args["bettor"])
        elif action == "consent":
            rnd.consent(args["box"], args["bettor"], by=args.get("by"))
        elif action == "object":
            rnd.object_to(args["box"], args["bettor"], by=args.get("by"))
        elif action == "deal":
            rnd.deal(misdeals=_misdeals(args.get("misdeals")))
        elif action == "insurance":
            rnd.insure(args["box"], args["bettor"], _amount(args["amount"]))
        elif action == "even_money":
            rnd.take_even_money(args["box"], args["bettor"])
        elif action == "close_insurance":
            rnd.close_insurance()
        elif action == "close_surrender":
            rnd.close_surrender()
        elif action == "forget_insurance_call":
            rnd.forget_insurance_call()
        elif action in ("hit", "stand", "surrender"):
            getattr(rnd, action)(args["box"], by=args.get("by"))
        elif action in ("double", "split"):
            getattr(rnd, action)(args["box"], declining=args.get("declining", ()), by=args.get("by"))
        elif action == "misdeal":
            rnd.misdeal(args.get("to_box"))
        elif action == "play_absent":
            rnd.play_absent(args["box"])
        else:
            raise InputError(f"unknown action {action!r}", field="action")

    def _events(self) -> list[dict[str, Any]]:
        log = self.table.log if self.table is not None else self._round().log
        return [e.to_dict() for e in log]

    def _legal_actions(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in a._asdict().items() if v is not None} for a in self._round().legal_actions()]

    def _phase(self) -> str:
        return self._round().phase.value

    def _state(self) -> dict[str, Any]:
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


def _amount(value: object) -> Any:
    """A bet's or an insurance's amount as money; one that is not money is passed on as it is,
    for the round to refuse in its order of checks (the box and the bettor before the amount)."""
    try:
        return parse_money(value)
    except InputError:
        return _NotMoney(value)


class _NotMoney:
    """An amount that is not money, on its way to the round's checks (which refuse it in their
    order, naming amount); said as the protocol's reader says it."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        return repr(self.value)

    def said(self) -> str:
        try:
            parse_money(self.value)
        except InputError as exc:
            return str(exc).removeprefix("amount: ")
        return f"not an amount of money: {self.value!r}"


def _limit(value: object) -> Any:
    """A table limit as money; one that is not money at all is refused as the limits are
    (field ``limits``, as for limits that are not positive or the wrong way round)."""
    if value is None:
        return None
    try:
        return parse_money(value)
    except InputError as exc:
        raise InputError(f"a table limit is an amount of money, not {value!r}", field="limits") from exc


def _misdeals(value: object) -> list[tuple[Any, Any]]:
    """The ``misdeals`` argument as (card of the deal, box) pairs: an entry that is not an
    object is refused naming ``misdeals``; its ``before`` is checked by the round (the same field)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(m, Mapping) for m in value):
        raise InputError("misdeals lists objects, each with the deal's card number before", field="misdeals")
    return [(m.get("before"), m.get("to_box")) for m in value]


def house_values(house: object) -> object:
    """The house's choices of a ``start`` (an object: rule -> value, written as in the rule-set
    files) as rule values; anything but an object (``null`` too) is refused naming ``house``. A
    value that is not of its rule's kind, and a rule that does not exist, stay as written: the
    rule set's :meth:`~spec_engine.rules.RuleSet.choose` refuses them (a value outside those the
    text permits; an unknown rule, naming ``house``)."""
    if not isinstance(house, Mapping):
        raise InputError(f"the house's choices are an object of rule to value, not {json.dumps(house)}", field="house")
    out = {}
    for rule, raw in house.items():
        try:
            out[rule] = rule_value(rule, raw, where="house")
        except InputError:
            out[rule] = raw
    return out


def start_rules(regulation: str, overrides: Mapping[str, Any] | None = None, house: object = None) -> RuleSet:
    """The rule set a ``start`` plays (its fields as sent): the regulation's, with its
    ``overrides``, then the house's choices where they are accepted (a refused choice leaves the
    rule set it was refused under). An unknown regulation or a bad override is an
    :class:`~spec_engine.errors.InputError`."""
    rules = ruleset(regulation)
    if overrides:
        rules = rules.with_values(**{k: rule_value(k, v) for k, v in overrides.items()})
    try:
        return rules.chosen(house_values(house)) if house is not None else rules
    except (InputError, RuleViolation):
        return rules


def _seats(seated: Sequence[int] | Mapping[str, str] | None) -> Sequence[int] | dict[int, str] | None:
    """``seated`` as the engine takes it: the boxes whose seat is taken, or (the protocol's
    object, keyed by box numbers as JSON writes them) box number -> the player seated there."""
    if not isinstance(seated, Mapping):
        return seated
    if not all(isinstance(k, str) and k.isdigit() for k in seated):
        raise InputError("seated maps box numbers to the players seated there", field="seated")
    return {int(k): v for k, v in seated.items()}


def _refusal(exc: Exception) -> Refusal:
    if isinstance(exc, RuleViolation):
        return Refusal("rule_violation", str(exc), clauses=exc.clauses, rule=exc.rule)
    assert isinstance(exc, InputError)
    return Refusal("input_error", str(exc), field=exc.field)
