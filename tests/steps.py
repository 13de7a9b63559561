"""Shared step definitions for every feature file.

Steps talk to an implementation only through a driver (:mod:`spec_engine.driver`): they
read the event log and the legal actions as plain data, so the same scenarios can check
another implementation. A scenario reads as the regulation would say it::

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

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from pytest_bdd import given, parsers, step, then, when

from spec_engine.driver import Driver, EngineDriver, Refusal
from spec_engine.events import money, money_str, parse_money
from spec_engine.rules import ruleset

ACTION = r"(?:hits|stands|doubles|splits)"
VERB = {"hits": "hit", "stands": "stand", "doubles": "double", "splits": "split"}


def cards(text: str) -> list[str]:
    """Card codes from ``"AS TD, 7C"``."""
    return text.replace(",", " ").split()


def names(text: str) -> list[str]:
    """Bettors from ``"P2"``, ``"P2 and P3"``, ``"P2, P3 and P4"``."""
    return [n for n in text.replace(" and ", ",").replace(",", " ").split() if n]


@dataclass
class Play:
    """What a scenario has set up and seen."""

    driver: Driver
    regulation: str = ""
    min_bet: str = "1"
    max_bet: str | None = None
    seated: list[int] | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    shoe: list[str] | None = None
    initial: dict[int, list[str]] = field(default_factory=dict)
    dealer_up: str | None = None
    following: list[str] = field(default_factory=list)
    started: bool = False
    refusal: Refusal | None = None
    checked: bool = True

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
        return first + [self.dealer_up] + second + self.following

    def start(self) -> None:
        if not self.started:
            self.driver.start(
                self.regulation,
                self.stacked_shoe(),
                min_bet=self.min_bet,
                max_bet=self.max_bet,
                seated=self.seated,
                overrides=self.overrides or None,
            )
            self.started = True

    def act(self, action: str, **args: Any) -> None:
        """Send an action; a refusal is kept for a Then step to check."""
        if not self.checked:
            raise AssertionError(f"an earlier action was refused and no step checked it: {self.refusal}")
        self.start()
        try:
            self.driver.act(action, **args)
        except Refusal as refusal:
            self.refusal = refusal
            self.checked = False

    def events(self) -> list[dict[str, Any]]:
        self.start()
        return self.driver.events()

    def net(self, bettor: str) -> Fraction | int:
        return money(sum(parse_money(e["amount"]) for e in self.events() if e["type"] == "settle" and e["bettor"] == bettor))

    def take_refusal(self) -> Refusal:
        if self.refusal is None or self.checked:
            raise AssertionError(f"expected a refusal, but every action was accepted; log: {self.events()}")
        self.checked = True
        return self.refusal


@pytest.fixture
def play() -> Play:
    return Play(driver=EngineDriver())


# ---------------------------------------------------------------- Given: the table
@given(parsers.parse("the {regulation} rules"))
def given_rules(play: Play, regulation: str) -> None:
    play.regulation = regulation


@given(parsers.re(r"the (?P<regulation>[A-Z]{2}) rules with (?P<rule>\w+) set to (?P<value>.+)"))
def given_rules_changed(play: Play, regulation: str, rule: str, value: str) -> None:
    import tomllib

    play.regulation = regulation
    raw = tomllib.loads(f"v = {value}")["v"]
    from spec_engine.rules import RULE_FIELDS, _value

    spec = next(f for f in RULE_FIELDS if f.name == rule)
    play.overrides[rule] = _value("scenario", rule, spec.metadata["kind"], spec.metadata["choices"], raw)


@given(parsers.parse("table limits of {low} to {high}"))
def given_limits(play: Play, low: str, high: str) -> None:
    play.min_bet, play.max_bet = low, high


@given(parsers.re(r"the seats? of box(?:es)? (?P<boxes>[\d, and]+) (?:is|are) taken"))
def given_seated(play: Play, boxes: str) -> None:
    play.seated = [int(b) for b in names(boxes)]


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


# ---------------------------------------------------------------- Then: refusals
@then(parsers.parse("it is refused citing {clause}"))
def refused_citing(play: Play, clause: str) -> None:
    refusal = play.take_refusal()
    assert refusal.code == "rule_violation", f"expected a rule violation, got {refusal}"
    assert clause in refusal.clauses, f"the refusal cites {refusal.clauses}, not {clause}: {refusal.message}"


@then(parsers.parse("it is refused under the assumption {rule}"))
def refused_assumption(play: Play, rule: str) -> None:
    refusal = play.take_refusal()
    assert refusal.code == "rule_violation", f"expected a rule violation, got {refusal}"
    assert refusal.rule == rule and not refusal.clauses, f"expected the assumption {rule}: {refusal}"


@then(parsers.parse("it is refused as bad input naming {name}"))
def refused_input(play: Play, name: str) -> None:
    refusal = play.take_refusal()
    assert refusal.code == "input_error", f"expected bad input, got {refusal}"
    assert refusal.field is not None and name in refusal.field, f"expected the field {name}: {refusal}"


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
    seen = [e for e in play.events() if e["type"] == "settle"]
    got = [[str(e.get(h if h not in ("outcome", "net") else {"outcome": "info", "net": "amount"}[h], "")) for h in head] for e in seen]
    assert got == rows, f"settlement {got} != {rows}"


@then(parsers.re(r"the dealer (?P<what>has blackjack|busts|stands on (?P<total>\d+))"))
def dealer_result(play: Play, what: str, total: str | None) -> None:
    final = [e for e in play.events() if e["type"] == "dealer_total"]
    assert final, "the dealer has not finished"
    state = final[-1]["info"]
    if total is not None:
        assert (state, final[-1]["total"]) == ("stands", int(total)), f"dealer: {final[-1]}"
    else:
        assert state == {"has blackjack": "blackjack", "busts": "bust"}[what], f"dealer: {final[-1]}"


@then("the dealer draws no second card")
def dealer_no_card(play: Play) -> None:
    events = play.events()
    assert sum(e["type"] == "dealer_card" for e in events) == 1, "the dealer drew"
    assert any(e["type"] == "dealer_discards" for e in events), "the dealer did not discard"


@then(parsers.re(r"box (?P<box>\d+) (?P<neg>may not|may) (?P<action>hit|stand|double|split)"), converters={"box": int})
def box_may(play: Play, box: int, neg: str, action: str) -> None:
    legal = {(a["kind"], a.get("box")) for a in play.driver.legal_actions()}
    assert ((action, box) in legal) == (neg == "may"), f"legal actions: {sorted(legal, key=str)}"


@then(parsers.re(r"box (?P<box>\d+) holds (?P<count>\d+) hands?"), converters={"box": int, "count": int})
def box_hands(play: Play, box: int, count: int) -> None:
    hands = {e["hand"] for e in play.events() if e["type"] == "card" and e["box"] == box}
    assert len(hands) == count, f"box {box} has hands {sorted(hands)}"


@then(parsers.re(r"insurance is (?P<neg>not )?offered"))
def insurance_offered(play: Play, neg: str | None) -> None:
    offered = any(e["type"] == "insurance_offered" for e in play.events())
    assert offered != bool(neg), f"log: {play.events()}"


@then(parsers.parse("the round is {phase}"))
def round_phase(play: Play, phase: str) -> None:
    assert play.driver.phase() == {"over": "done"}.get(phase, phase)


@then("the log shows, in order:")
def log_in_order(play: Play, datatable: list[list[str]]) -> None:
    """Each row is an event (only the columns filled are compared); the rows must appear
    in the log in this order, other events may come between."""
    head, *rows = datatable
    events = play.events()
    position = 0
    for row in rows:
        wanted = {h: v for h, v in zip(head, row) if v != ""}
        while position < len(events):
            event = events[position]
            position += 1
            if all(str(event.get(k, "")) == v for k, v in wanted.items()):
                break
        else:
            raise AssertionError(f"no event {wanted} after the earlier rows in the log:\n" + "\n".join(map(str, events)))
