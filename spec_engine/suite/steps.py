"""Shared step definitions for every feature file.

Steps talk to an implementation only through a driver (:mod:`spec_engine.kit.driver`), in
the protocol's requests and replies: they read the event log and the legal actions as plain
data, so the same scenarios can check another implementation. A scenario reads as the regulation would say it::

    Given the UY rules
    And table limits of 10 to 1000
    And box 1 is dealt 8S 8H
    And the dealer's first card is 6D
    And the next cards are 8C 3D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then box 1 may split

Cards are written in the engine's notation (``AS``, ``TD``); money as exact decimals.
The shoe is stacked: either written out in dealing order (``the shoe holds ...``) or built
from each box's two cards, the dealer's first card and the cards that follow, dealt in the
rule set's order. Any refused action is kept for a ``Then it is refused ...`` step; a
refusal that no step checks fails the scenario.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import given, parsers, step, then, when

from spec_engine.events import money, money_str, parse_money
from spec_engine.kit.driver import (
    PROTOCOL_VERSION,
    QUERIES,
    Client,
    Driver,
    DriverWrapper,
    EngineDriver,
    ImplementationError,
    Refusal,
    overriding_driver,
)
from spec_engine.kit.driver import checked as checked_reply
from spec_engine.rules import ruleset
from spec_engine.suite.schemas import check_exchange

ACTION = r"(?:hits|stands|doubles|splits|surrenders)"
VERB = {"hits": "hit", "stands": "stand", "doubles": "double", "splits": "split", "surrenders": "surrender"}


def cards(text: str) -> list[str]:
    """Card codes from ``"AS TD, 7C"``."""
    return text.replace(",", " ").split()


def names(text: str) -> list[str]:
    """Bettors from ``"P2"``, ``"P2 and P3"``, ``"P2, P3 and P4"``."""
    return [n for n in text.replace(" and ", ",").replace(",", " ").split() if n]


@dataclass
class Play:
    """What a scenario has set up and seen."""

    driver: Client
    regulation: str = ""
    min_bet: str = "1"
    max_bet: str | None = None
    seated: list[int] | dict[str, str] | None = None
    """The boxes whose seat is taken, or (box number -> the player seated there)."""
    overrides: dict[str, Any] = field(default_factory=dict)
    house: Any = None
    """The house's choices, as the start sends them (``house``; ``None``: not sent)."""
    shoe: list[str] | None = None
    initial: dict[int, list[str]] = field(default_factory=dict)
    dealer_up: str | None = None
    following: list[str] = field(default_factory=list)
    started: bool = False
    refusal: Refusal | None = None
    checked: bool = True
    table_shoes: list[list[str]] = field(default_factory=list)
    after_cut: bool = False
    participants: int | None = None
    special_max: dict[str, str] = field(default_factory=dict)
    session: dict[str, Any] | None = None
    transcript: Transcript | None = None
    """The requests of the game so far, for the reference's answer to them (a refusal's rule)."""
    seen: Checks = field(default_factory=lambda: Checks())
    """What the Then steps checked (:class:`Checks`)."""

    def stacked_shoe(self) -> list[str]:
        if self.shoe is not None:
            return self.shoe
        if not self.initial:
            return list(self.following)
        if self.dealer_up is None:
            raise AssertionError("the scenario gives the boxes' cards but not the dealer's first card")
        descending = ruleset(self.regulation).deal_order == "descending"
        order = sorted(self.initial, reverse=descending)
        first = [self.initial[b][0] for b in order]
        second = [self.initial[b][1] for b in order]
        return [*first, self.dealer_up, *second, *self.following]

    def start(self) -> None:
        if not self.started and self.session is not None:
            self.started = True
            self.driver.start("session", self.regulation, **self.session, house=self.house)
        elif not self.started and self.table_shoes:
            self.started = True
            self.driver.start(
                "table",
                self.regulation,
                shoes=self.table_shoes,
                after_cut=self.after_cut,
                participants=self.participants,
                seated=self.seated,
                min_bet=self.min_bet,
                max_bet=self.max_bet,
                special_max=self.special_max or None,
                overrides=self.overrides or None,
                house=self.house,
            )
        elif not self.started:
            self.driver.start(
                "round",
                self.regulation,
                shoe=self.stacked_shoe(),
                min_bet=self.min_bet,
                max_bet=self.max_bet,
                seated=self.seated,
                overrides=self.overrides or None,
                house=self.house,
            )
            self.started = True

    def act(self, action: str, **args: Any) -> None:
        """Send an action; a refusal is kept for a Then step to check."""
        if not self.checked:
            raise AssertionError(f"an earlier action was refused and no step checked it: {self.refusal}")
        try:
            self.start()
            self.driver.act(action, **args)
        except Refusal as refusal:
            self.refusal = refusal
            self.checked = False

    def events(self, *checked: str) -> list[dict[str, Any]]:
        """The event log; a Then step names the types of event it checks (``checked``)."""
        self.start()
        self.seen.events.update(checked)
        return self.driver.events()

    def net(self, bettor: str) -> Fraction | int:
        """The bettor's result over every round so far; a reconstructed round's settlements
        before the reconstruction do not count."""
        committed: list[dict[str, Any]] = []
        pending: list[dict[str, Any]] = []
        for event in self.events("settle"):
            if event["type"] == "settle" and event["bettor"] == bettor:
                pending.append(event)
            elif event["type"] == "remedy" and event.get("info") == "reconstruct":
                pending = []
            elif event["type"] == "clear":
                committed += pending
                pending = []
        return money(sum(parse_money(e["amount"]) for e in committed + pending))

    def state(self, *checked: str) -> dict[str, Any]:
        """The table's state; a Then step names the fields it checks (``checked``)."""
        self.start()
        self.seen.state.update(checked)
        return self.driver.state()

    def since(self, *types: str, checked: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        """The events after the last event of one of these types (all if none)."""
        events = self.events(*checked)
        marks = [i for i, e in enumerate(events) if e["type"] in types]
        return events[marks[-1] + 1 :] if marks else events

    def take_refusal(self) -> Refusal:
        if self.refusal is None or self.checked:
            raise AssertionError(f"expected a refusal, but every action was accepted; log: {self.events()}")
        self.checked = True
        return self.refusal

    def reference_refusal(self) -> Refusal:
        """The reference engine's refusal of the last request sent, the game's requests played
        on it from the start: the rule and the clauses a refusal must name exactly."""
        assert self.transcript is not None, "no request was sent"
        try:
            checked_reply(self.transcript.reference())
        except Refusal as refusal:
            return refusal
        raise AssertionError("the reference engine accepts the request this scenario expects refused")


class Transcript(DriverWrapper):
    """Notes the requests of the current game as they are sent (a ``start`` begins anew;
    queries, which change nothing, are left out), so that the reference engine can answer the
    same requests."""

    def __init__(self, inner: Driver) -> None:
        super().__init__(inner)
        self.requests: list[dict[str, Any]] = []

    def request(self, message: Mapping[str, Any]) -> dict[str, Any]:
        if message.get("op") == "start":
            self.requests = []
        if message.get("op") not in QUERIES:
            self.requests.append(dict(message))
        return self.inner.request(message)

    def reference(self) -> dict[str, Any]:
        """The reference engine's reply to the last request noted, after the others."""
        engine = EngineDriver()
        reply: dict[str, Any] = {"ok": True}
        for message in self.requests:
            reply = engine.request(message)
        return reply


@dataclass
class Checks:
    """What a scenario's Then steps checked, beyond its requests and replies (which say the
    rest): the types of event whose presence, absence or content they compared, those compared
    in a given order (one tuple per ordered table), those with nothing between them, and the
    fields of the table's state they read. The protocol's coverage (:mod:`spec_engine.kit.obligations`) reads it."""

    events: set[str] = field(default_factory=set)
    order: list[tuple[str, ...]] = field(default_factory=list)
    exactly: list[tuple[str, ...]] = field(default_factory=list)
    """Those compared in order with nothing else between them."""
    state: set[str] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {
            "events": sorted(self.events),
            "order": [list(o) for o in self.order],
            "exactly": [list(o) for o in self.exactly],
            "state": sorted(self.state),
        }


@pytest.fixture(scope="session")
def implementation() -> Iterator[Driver]:
    """The implementation under test: the engine in-process, or, when the environment
    names a command in BLACKJACK_SPEC_IMPL, that program through the conformance protocol
    (one process per test worker, restarted after a crash)."""
    command = os.environ.get("BLACKJACK_SPEC_IMPL")
    if not command:
        yield EngineDriver()
        return
    from spec_engine.kit.protocol import ProtocolDriver

    given_env = os.environ.get("BLACKJACK_SPEC_IMPL_ENV")  # the kit's runner: the environment it chose
    driver = ProtocolDriver(
        command,
        timeout=float(os.environ.get("BLACKJACK_SPEC_TIMEOUT", "5")),
        memory_mb=int(os.environ.get("BLACKJACK_SPEC_MEMORY_MB", "1024")),
        env=json.loads(given_env) if given_env else None,
        check_hello=lambda reply: check_exchange({"id": 0, "op": "hello", "protocol": PROTOCOL_VERSION}, reply),
    )
    yield driver
    driver.close()


class SchemaChecked(DriverWrapper):
    """Every reply of an implementation out of process, checked against the protocol's JSON
    Schemas (``spec_engine/data/protocol/``): a reply that breaks them stops the scenario as an
    ERROR naming the schema path, whatever the scenario checks next."""

    def request(self, message: Mapping[str, Any]) -> dict[str, Any]:
        reply = self.inner.request(message)
        problems = check_exchange({**message, "id": 0}, {**reply, "id": 0})
        if problems:
            raise ImplementationError(
                f"a reply that breaks the protocol's schemas: {problems[0]}"
                + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
            )
        return reply


PLAY = pytest.StashKey[Play]()
"""Where a scenario's :class:`Play` is kept on its test item (the kit's plugin reads its checks)."""


@pytest.fixture
def play(implementation: Driver, request: pytest.FixtureRequest) -> Iterator[Play]:
    driver: Driver = SchemaChecked(implementation) if os.environ.get("BLACKJACK_SPEC_IMPL") else EngineDriver()
    recorder = None
    if os.environ.get("BLACKJACK_SPEC_RECORD"):  # save the scenario as a test vector
        from spec_engine.kit.vectors import RecordingDriver

        driver = recorder = RecordingDriver(driver)
    transcript = Transcript(driver)
    play = Play(driver=Client(overriding_driver(transcript)), transcript=transcript)
    request.node.stash[PLAY] = play
    yield play
    if recorder is not None:
        from spec_engine.suite.results_plugin import _META

        where = Path(os.environ["BLACKJACK_SPEC_RECORD"])
        recorder.save(where, request.node.stash[_META], request.node.nodeid, checks=play.seen.to_json())


# ---------------------------------------------------------------- Given: the table
@given(parsers.parse("the {regulation} rules"))
def given_rules(play: Play, regulation: str) -> None:
    play.regulation = regulation


@given(parsers.re(r"the (?P<regulation>[A-Z]{2}) rules with (?P<rule>\w+) set to (?P<value>.+)"))
def given_rules_changed(play: Play, regulation: str, rule: str, value: str) -> None:
    play.regulation = regulation
    given_rule_changed(play, rule, value)


@given(parsers.re(r"the rule (?P<rule>\w+) set to (?P<value>.+)"))
def given_rule_changed(play: Play, rule: str, value: str) -> None:
    """One more rule value changed for this scenario (written as in the rule-set files)."""
    import tomllib

    from spec_engine.rules import RULE_FIELDS, _value

    raw = tomllib.loads(f"v = {value}")["v"]
    spec = next(f for f in RULE_FIELDS if f.name == rule)
    play.overrides[rule] = _value("scenario", rule, spec.metadata["kind"], spec.metadata["choices"], raw)


@given(parsers.parse("table limits of {low} to {high}"))
def given_limits(play: Play, low: str, high: str) -> None:
    play.min_bet, play.max_bet = low, high


@given(parsers.parse("a table minimum of {low} and no maximum"))
def given_no_maximum(play: Play, low: str) -> None:
    play.min_bet, play.max_bet = low, None


@given(parsers.re(r"the seats? of box(?:es)? (?P<boxes>[\d, and]+) (?:is|are) taken"))
def given_seated(play: Play, boxes: str) -> None:
    play.seated = [int(b) for b in names(boxes)]


@given(parsers.re(r"(?P<player>\w+) sits at box (?P<box>\d+)"))
def given_sits(play: Play, player: str, box: str) -> None:
    """Who sits at a box holds it, whoever bets on it first (the seats not named are empty)."""
    play.seated = {**(play.seated if isinstance(play.seated, dict) else {}), str(int(box)): player}


# ---------------------------------------------------------------- Given: the cards
@given(parsers.parse("the shoe holds {codes}"))
def given_shoe(play: Play, codes: str) -> None:
    play.shoe = cards(codes)


@given(parsers.re(r"box (?P<box>\d+) is dealt (?P<codes>\w\w \w\w)"), converters={"box": int})
def given_box_cards(play: Play, box: int, codes: str) -> None:
    play.initial[box] = cards(codes)


@given(parsers.parse("the dealer's first card is {code}"))
def given_dealer_up(play: Play, code: str) -> None:
    play.dealer_up = code


@given(parsers.parse("the next cards are {codes}"))
def given_following(play: Play, codes: str) -> None:
    play.following = cards(codes)


# ---------------------------------------------------------------- actions
@step(parsers.re(r"(?P<bettor>\w+) bets (?P<amount>\S+) on box (?P<box>\d+)"), converters={"box": int})
def bet(play: Play, bettor: str, amount: str, box: int) -> None:
    play.act("bet", box=box, bettor=bettor, amount=amount)


@when("the cards are dealt")
def deal(play: Play) -> None:
    play.act("deal")


@when(
    parsers.re(
        r"the cards are dealt, the dealer giving the next card to "
        r"(?:box (?P<box>\d+)|nobody, exposing it,) by mistake before card (?P<before>\d+) of the deal"
    )
)
def deal_with_a_mistake(play: Play, box: str | None, before: str) -> None:
    mistake: dict[str, int] = {"before": int(before)}
    if box is not None:
        mistake["to_box"] = int(box)
    play.act("deal", misdeals=[mistake])


@when(parsers.re(rf"box (?P<box>\d+) (?P<actions>{ACTION}(?:(?:, | and ){ACTION})*)"), converters={"box": int})
def box_actions(play: Play, box: int, actions: str) -> None:
    for word in actions.replace(" and ", ", ").split(", "):
        play.act(VERB[word], box=box)


@when(
    parsers.re(r"box (?P<box>\d+) (?P<action>doubles|splits) and (?P<who>.+) declines?"),
    converters={"box": int},
)
def box_action_declined(play: Play, box: int, action: str, who: str) -> None:
    play.act(VERB[action], box=box, declining=names(who))


@when(parsers.re(rf"(?P<bettor>\w+) (?P<action>{ACTION}) for box (?P<box>\d+)"), converters={"box": int})
def bettor_decides(play: Play, bettor: str, action: str, box: int) -> None:
    play.act(VERB[action], box=box, by=bettor)


@when(parsers.re(r"(?P<bettor>\w+) insures box (?P<box>\d+) for (?P<amount>\S+)"), converters={"box": int})
def insure(play: Play, bettor: str, box: int, amount: str) -> None:
    play.act("insurance", box=box, bettor=bettor, amount=amount)


@when(parsers.re(r"(?P<bettor>\w+) takes even money on box (?P<box>\d+)"), converters={"box": int})
def even_money(play: Play, bettor: str, box: int) -> None:
    play.act("even_money", box=box, bettor=bettor)


@when("insurance closes")
def close_insurance(play: Play) -> None:
    play.act("close_insurance")


@when("early surrender closes")
def close_surrender(play: Play) -> None:
    play.act("close_surrender")


# ---------------------------------------------------------------- Then: refusals
CITATIONS_ENV = "BLACKJACK_SPEC_CITATIONS"
"""``contains``: a refusal passes when the expected clause is among those it cites (a declared,
deliberate difference of citations; the kit's ``--citations contains``). Otherwise (``exact``,
the default) it must cite exactly the clauses the reference cites, the rule set's for the rule
it names: an implementation citing every clause fails. Either way it names the reference's rule."""


@then(parsers.parse("it is refused citing {clause}"))
def refused_citing(play: Play, clause: str) -> None:
    """A rule violation naming exactly the rule the reference engine names for the same
    requests, and citing exactly its clauses (the rule set's for that rule; with ``--citations
    contains``, the expected clause among others)."""
    refusal = play.take_refusal()
    assert refusal.code == "rule_violation", f"expected a rule violation, got {refusal}"
    reference = play.reference_refusal()
    assert clause in reference.clauses, f"the reference's refusal does not cite {clause}: {reference}"
    cited = sorted(refusal.clauses)
    assert clause in cited, f"expected a refusal citing {clause}; it cites {cited}: {refusal.message}"
    if os.environ.get(CITATIONS_ENV, "exact") != "contains":
        assert cited == sorted(reference.clauses), (
            f"expected the clauses the rule set cites for {reference.rule}, exactly ({sorted(reference.clauses)}); "
            f"the refusal cites {cited}: {refusal.message}"
        )
    assert refusal.rule == reference.rule, (
        f"expected the refusal to name the rule that forbids it, {reference.rule!r}; it names {refusal.rule!r}: "
        f"{refusal.message}"
    )


@then(parsers.parse("it is refused under the assumption {rule}"))
def refused_assumption(play: Play, rule: str) -> None:
    refusal = play.take_refusal()
    assert refusal.code == "rule_violation", f"expected a rule violation, got {refusal}"
    assert refusal.rule == rule and not refusal.clauses, f"expected the assumption {rule}: {refusal}"


@then(parsers.parse("it is refused as bad input naming {name}"))
def refused_input(play: Play, name: str) -> None:
    """An input error whose field is exactly the one named (one field, never a list)."""
    refusal = play.take_refusal()
    assert refusal.code == "input_error", f"expected bad input, got {refusal}"
    assert refusal.field == name, f"expected the field {name!r} exactly; it names {refusal.field!r}: {refusal}"


# ---------------------------------------------------------------- Then: results
@then(parsers.re(r"(?P<bettor>\w+) (?P<verb>wins|loses) (?P<amount>\S+)"))
def bettor_result(play: Play, bettor: str, verb: str, amount: str) -> None:
    expected = parse_money(amount) * (1 if verb == "wins" else -1)
    assert play.net(bettor) == expected, f"{bettor}'s net is {money_str(play.net(bettor))}, not {money_str(expected)}"


@then(parsers.re(r"(?P<bettor>\w+) breaks even"))
def bettor_even(play: Play, bettor: str) -> None:
    assert play.net(bettor) == 0, f"{bettor}'s net is {money_str(play.net(bettor))}"


@then("the settlement is:")
def settlement(play: Play, datatable: list[list[str]]) -> None:
    head, *rows = datatable
    play.seen.order.append(("settle",))  # every settlement, in its order
    seen = [e for e in play.events("settle") if e["type"] == "settle"]
    got = [
        [str(e.get(h if h not in ("outcome", "net") else {"outcome": "info", "net": "amount"}[h], "")) for h in head]
        for e in seen
    ]
    assert got == rows, f"settlement {got} != {rows}"


@then(parsers.re(r"the dealer (?P<what>has blackjack|busts|stands on (?P<total>\d+))"))
def dealer_result(play: Play, what: str, total: str | None) -> None:
    final = [e for e in play.events("dealer_total") if e["type"] == "dealer_total"]
    assert final, "the dealer has not finished"
    state = final[-1]["info"]
    if total is not None:
        assert (state, final[-1]["total"]) == ("stands", int(total)), f"dealer: {final[-1]}"
    else:
        assert state == {"has blackjack": "blackjack", "busts": "bust"}[what], f"dealer: {final[-1]}"


@then("the dealer draws no second card")
def dealer_no_card(play: Play) -> None:
    events = play.events("dealer_card", "dealer_discards")
    assert sum(e["type"] == "dealer_card" for e in events) == 1, "the dealer drew"
    assert any(e["type"] == "dealer_discards" for e in events), "the dealer did not discard"


@then(
    parsers.re(r"box (?P<box>\d+) (?P<neg>may not|may) (?P<action>hit|stand|double|split|surrender)"),
    converters={"box": int},
)
def box_may(play: Play, box: int, neg: str, action: str) -> None:
    legal = {(a["kind"], a.get("box")) for a in play.driver.legal_actions()}
    assert ((action, box) in legal) == (neg == "may"), f"legal actions: {sorted(legal, key=str)}"


@then(parsers.re(r"box (?P<box>\d+) holds (?P<count>\d+) hands?"), converters={"box": int, "count": int})
def box_hands(play: Play, box: int, count: int) -> None:
    hands = {e["hand"] for e in play.events("card") if e["type"] == "card" and e["box"] == box}
    assert len(hands) == count, f"box {box} has hands {sorted(hands)}"


@then(parsers.re(r"insurance is (?P<neg>not )?offered"))
def insurance_offered(play: Play, neg: str | None) -> None:
    offered = any(e["type"] == "insurance_offered" for e in play.events("insurance_offered"))
    assert offered != bool(neg), f"log: {play.events()}"


@then(parsers.re(r"the round is (?P<phase>over|betting|insurance|surrender|playing)"))
def round_phase(play: Play, phase: str) -> None:
    assert play.driver.phase() == {"over": "done"}.get(phase, phase)


@then("the log shows, in order:")
def log_in_order(play: Play, datatable: list[list[str]]) -> None:
    """Each row is an event (only the columns filled are compared); the rows must appear
    in the log in this order, other events may come between."""
    head, *rows = datatable
    if "type" in head:
        types = tuple(row[head.index("type")] for row in rows if row[head.index("type")])
        play.seen.events.update(types)
        play.seen.order.append(types)
    events = play.events()
    position = 0
    for row in rows:
        wanted = {h: v for h, v in zip(head, row, strict=False) if v != ""}
        while position < len(events):
            event = events[position]
            position += 1
            if all(str(event.get(k, "")) == v for k, v in wanted.items()):
                break
        else:
            raise AssertionError(
                f"no event {wanted} after the earlier rows in the log:\n" + "\n".join(map(str, events))
            )


# ---------------------------------------------------------------- the shoe level (a table)
@given(parsers.re(r"the (?:next )?(?P<when>shuffled shoe|shoe, once cut,) starts with (?P<codes>.+)"))
def given_table_shoe(play: Play, when: str, codes: str) -> None:
    play.table_shoes.append(cards(codes))
    play.after_cut = when != "shuffled shoe"


@given(parsers.re(r"(?P<count>\d+) participants are at the table"), converters={"count": int})
def given_participants(play: Play, count: int) -> None:
    play.participants = count


@given(parsers.re(r"(?P<bettor>\w+) is authorised a special maximum of (?P<amount>\S+)"))
def given_special_max(play: Play, bettor: str, amount: str) -> None:
    play.special_max[bettor] = amount


@when(parsers.re(r"box (?P<box>\d+) cuts at (?P<at>\d+)"), converters={"box": int, "at": int})
def cut_by(play: Play, box: int, at: int) -> None:
    play.act("cut", at=at, by=box)


@when(parsers.re(r"the cut is made at (?P<at>\d+)"), converters={"at": int})
def cut_any(play: Play, at: int) -> None:
    play.act("cut", at=at)


@when("the shoe is shuffled")
def shuffle(play: Play) -> None:
    play.act("shuffle")


@when("closing time is announced")
def announce_closing(play: Play) -> None:
    play.act("announce_closing")


@when("the dealer changes")
def change_dealer(play: Play) -> None:
    play.act("change_dealer")


@then(parsers.re(r"the cut is offered to (?:box (?P<box>\d+)|(?P<anyone>any player))"))
def cut_offered(play: Play, box: str | None, anyone: str | None) -> None:
    state = play.state("cut_offer", "awaiting_cut")
    assert state["cut_offer"] == (None if anyone else int(box or 0)), f"the cut is offered to {state['cut_offer']}"
    assert state["awaiting_cut"], "no cut is awaited"


@then(parsers.re(r"the cut card lies (?P<count>\d+) cards from the end"), converters={"count": int})
def cut_card_at(play: Play, count: int) -> None:
    placed = [e for e in play.events("cut_card") if e["type"] == "cut_card"]
    assert placed and placed[-1]["total"] == count, f"cut card events: {placed}"


@then(parsers.re(r"the burnt cards are (?P<codes>.+)"))
def burnt(play: Play, codes: str) -> None:
    burns = [e["card"] for e in play.since("cut", "dealer_change", checked=("burn",)) if e["type"] == "burn"]
    assert burns == cards(codes), f"burnt: {burns}"


@then("no card is burnt")
def none_burnt(play: Play) -> None:
    burns = [e["card"] for e in play.since("cut", "dealer_change", checked=("burn",)) if e["type"] == "burn"]
    assert burns == [], f"burnt: {burns}"


@then(parsers.re(r"the cut card has (?P<neg>not )?come out"))
def cut_card_out(play: Play, neg: str | None) -> None:
    out = any(e["type"] == "cut_card_out" for e in play.since("shuffle", checked=("cut_card_out",)))
    assert out != bool(neg), "the cut card " + ("came out" if out else "did not come out")


@then(parsers.re(r"the last round is (?P<neg>not )?announced"))
def last_round(play: Play, neg: str | None) -> None:
    said = any(e["type"] == "last_round" for e in play.since("shuffle", checked=("last_round",)))
    assert said != bool(neg), f"log: {play.since('shuffle')}"


@then(parsers.re(r"the next round (?P<neg>cannot|can) start"))
def next_round(play: Play, neg: str) -> None:
    """The cut card is out (or not), and the table acts on it: where the next round cannot
    start, a bet at the table minimum on box 1 is refused by the rule that the cut card ends the
    shoe (``last_round_on_cut_card``, citing exactly its clauses: any other refusal, a limit or
    a seat, says nothing of the cut card); the state alone could say so while the table deals
    on. Where it can, the shoe waits for neither a shuffle nor a cut."""
    state = play.state("cut_card_out", "awaiting_cut")
    if neg == "can":
        assert not state["cut_card_out"] and not state["awaiting_cut"], f"state: {state}"
        return
    assert state["cut_card_out"], f"the cut card is not out: {state}"
    play.act("bet", box=1, bettor="NEXT", amount=play.min_bet)
    refusal = play.take_refusal()
    rule = "last_round_on_cut_card"
    assert refusal.code == "rule_violation" and refusal.rule == rule, (
        f"a bet opening the next round is refused by {refusal.rule!r}, not {rule}: {refusal}"
    )
    cited = () if rule in play.overrides else ruleset(play.regulation).citations[rule].clauses
    if os.environ.get(CITATIONS_ENV, "exact") == "contains":
        assert set(cited) <= set(refusal.clauses), f"expected the clauses {sorted(cited)} among {refusal.clauses}"
    else:
        assert sorted(refusal.clauses) == sorted(cited), f"expected the clauses {sorted(cited)}: {refusal}"


# ---------------------------------------------------------------- bets, mistakes, absences
@when(
    parsers.re(r"(?P<bettor>\w+) bets (?P<amount>\S+) on box (?P<box>\d+) unnoticed by the dealer"),
    converters={"box": int},
)
def bet_unnoticed(play: Play, bettor: str, amount: str, box: int) -> None:
    play.act("bet", box=box, bettor=bettor, amount=amount, unnoticed=True)


@when(parsers.re(r"(?P<bettor>\w+) changes his bet on box (?P<box>\d+) to (?P<amount>\S+)"), converters={"box": int})
def change_bet(play: Play, bettor: str, box: int, amount: str) -> None:
    play.act("change_bet", box=box, bettor=bettor, amount=amount)


@when(parsers.re(r"(?P<bettor>\w+) withdraws his bet from box (?P<box>\d+)"), converters={"box": int})
def withdraw_bet(play: Play, bettor: str, box: int) -> None:
    play.act("withdraw_bet", box=box, bettor=bettor)


@when(parsers.re(r"the dealer deals the next card to box (?P<box>\d+) by mistake"), converters={"box": int})
def misdeal_to(play: Play, box: int) -> None:
    play.act("misdeal", to_box=box)


@when("the dealer exposes the next card by mistake")
def misdeal_exposed(play: Play) -> None:
    play.act("misdeal")


@when("the dealer forgets to call insurance")
def forget_insurance(play: Play) -> None:
    play.act("forget_insurance_call")


@when(parsers.re(r"the dealer plays box (?P<box>\d+) for its absent bettor"), converters={"box": int})
def play_absent(play: Play, box: int) -> None:
    play.act("play_absent", box=box)


@when(parsers.re(r"(?P<bettor>\w+) leaves the table"))
def leaves(play: Play, bettor: str) -> None:
    play.act("leave", bettor=bettor)


@when(parsers.re(r"(?P<bettor>\w+) comes back for his winnings"))
def comes_back(play: Play, bettor: str) -> None:
    play.act("claim", bettor=bettor)


@then(parsers.re(r"the (?P<what>voided|returned) cards? (?:is|are) (?P<codes>.+)"))
def remedied(play: Play, what: str, codes: str) -> None:
    infos = {"voided": ("void",), "returned": ("return_to_shoe", "next_card")}[what]
    got = [e["card"] for e in play.events("remedy") if e["type"] == "remedy" and e.get("info") in infos]
    assert got == ([] if codes == "none" else cards(codes)), f"{what}: {got}"


@then("the round is reconstructed and dealt again")
def reconstructed(play: Play) -> None:
    remedies = play.events("remedy")
    assert any(e["type"] == "remedy" and e.get("info") == "reconstruct" for e in remedies), "no reconstruction"


@then(parsers.re(r"(?P<bettor>\w+)'s balance is (?P<amount>\S+)"))
def balance(play: Play, bettor: str, amount: str) -> None:
    got = play.state("balances")["balances"].get(bettor, "0")
    assert parse_money(got) == parse_money(amount), f"{bettor}'s balance is {got}"


@then(parsers.re(r"(?P<bettor>\w+)'s winnings of (?P<amount>\S+) are held on the table"))
def held(play: Play, bettor: str, amount: str) -> None:
    held = play.state("held")["held"]
    assert held.get(bettor) is not None and parse_money(held[bettor]) == parse_money(amount), f"held: {held}"


@then(parsers.re(r"nothing of (?P<bettor>\w+)'s is held"))
def not_held(play: Play, bettor: str) -> None:
    held = play.state("held")["held"]
    assert bettor not in held, f"held: {held}"


# ---------------------------------------------------------------- the session level
@given(
    parsers.re(
        r"a session of (?P<who>.+), each advancing (?P<advance>\S+) to the bank, "
        r"with table limits of (?P<low>\S+) to (?P<high>\S+)(?: and seed (?P<seed>\d+))?"
    )
)
def given_session(play: Play, who: str, advance: str, low: str, high: str, seed: str | None) -> None:
    play.session = {
        "participants": names(who),
        "advance": advance,
        "min_bet": low,
        "max_bet": high,
        "seed": int(seed or 1),
        "shoes": play.table_shoes,
        "after_cut": play.after_cut,
    }


@when(parsers.re(r"the session starts"))
def session_starts(play: Play) -> None:
    try:
        play.start()
    except Refusal as refusal:
        play.refusal, play.checked = refusal, False


@when(parsers.re(r"a round is played with bets (?P<bets>.+)"))
def session_round(play: Play, bets: str) -> None:
    words = bets.replace(",", " ").split()
    play.act("session_round", bets=dict(zip(words[::2], words[1::2], strict=False)))


@when(parsers.re(r"the session is played to its end with every player betting (?P<bet>\S+)"))
def session_play(play: Play, bet: str) -> None:
    play.act("session_play", bet=bet)


@then(parsers.re(r"the bankers (?:were|are so far) (?P<who>.+) in turn"))
def bankers(play: Play, who: str) -> None:
    got = [e["bettor"] for e in play.events("banker") if e["type"] == "banker"]
    assert got == names(who), f"bankers: {got}"


@then(parsers.re(r"(?P<who>\w+) banks now"))
def banks_now(play: Play, who: str) -> None:
    banker = play.state("banker")["banker"]
    assert banker == who, f"the banker is {banker}"


@then(parsers.re(r"(?P<who>\w+) has advanced (?P<amount>\S+) to the bank"))
def advanced(play: Play, who: str, amount: str) -> None:
    got = play.state("advances")["advances"][who]
    assert parse_money(got) == parse_money(amount), f"{who} advanced {got}"


@then(parsers.re(r"the bank holds (?P<amount>\S+)"))
def bank_holds(play: Play, amount: str) -> None:
    got = play.state("bank")["bank"]
    assert parse_money(got) == parse_money(amount), f"the bank holds {got}"


@then(parsers.re(r"(?P<who>\w+)'s result at the table is (?P<amount>\S+)"))
def table_result(play: Play, who: str, amount: str) -> None:
    got = play.state("results")["results"][who]
    assert parse_money(got) == parse_money(amount), f"{who}'s result is {got}"


@then(parsers.re(r"(?P<who>\w+)'s final balance is (?P<amount>\S+)"))
def final_balance(play: Play, who: str, amount: str) -> None:
    got = play.state("final")["final"][who]
    assert parse_money(got) == parse_money(amount), f"{who}'s final balance is {got}"


@then("the session is over")
def session_over(play: Play) -> None:
    assert play.state("over")["over"], "the session is not over"


@then("the session's accounts agree with its log")
def session_accounts(play: Play) -> None:
    """Recompute every balance from the log alone: results from the settlements, advances
    and shares from their events; the shares are equal and everything adds up to zero."""
    events = play.events("settle", "advance", "share")
    state = play.state("advances", "results", "final")
    people = list(state["advances"])
    result = {
        p: sum(parse_money(e["amount"]) for e in events if e["type"] == "settle" and e["bettor"] == p) for p in people
    }
    advance = {
        p: sum(parse_money(e["amount"]) for e in events if e["type"] == "advance" and e["bettor"] == p) for p in people
    }
    share = {
        p: sum(parse_money(e["amount"]) for e in events if e["type"] == "share" and e["bettor"] == p) for p in people
    }
    assert len(set(advance.values())) == 1, f"unequal advances {advance}"
    assert len(set(share.values())) == 1, f"unequal shares {share}"
    bank = sum(advance.values()) - sum(result.values())
    assert sum(share.values()) == bank, f"shares {share} do not add up to the bank {bank}"
    for p in people:
        assert parse_money(state["results"][p]) == result[p], (p, state["results"][p], result[p])
        assert parse_money(state["final"][p]) == result[p] - advance[p] + share[p], (p, state["final"][p])
    assert sum(parse_money(v) for v in state["final"].values()) == 0


@then(
    parsers.re(r"(?P<bettor>\w+) (?P<neg>may not|may) (?P<what>insure|take even money on) box (?P<box>\d+)"),
    converters={"box": int},
)
def bettor_may(play: Play, bettor: str, neg: str, what: str, box: int) -> None:
    kind = "insurance" if what == "insure" else "even_money"
    legal = {(a["kind"], a.get("box"), a.get("bettor")) for a in play.driver.legal_actions()}
    assert ((kind, box, bettor) in legal) == (neg == "may"), f"legal actions: {sorted(legal, key=str)}"


@step(
    parsers.re(
        r"(?P<holder>\w+) (?P<answer>consents|objects) to "
        r"(?:(?P<bettor>\w+)'s bet|the bets of (?P<bettors>[\w, and]+)) on box (?P<box>\d+)"
    )
)
def answer_bet_behind(play: Play, holder: str, answer: str, bettor: str | None, bettors: str | None, box: str) -> None:
    """The holder of a box (or someone claiming to be) answers other bettors' bets on it, one
    answer each, until one is refused."""
    for one in [bettor] if bettor else names(bettors or ""):
        play.act("consent" if answer == "consents" else "object", box=int(box), bettor=one, by=holder)
        if not play.checked:
            return
