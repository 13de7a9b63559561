"""Step definitions for the protocol's own scenarios (``features/protocol/``, and the
regulations' scenarios that check a convention of the protocol): requests a lab's
implementation must refuse as the protocol says (an unknown regulation, card or action, an
override of the wrong kind, a house's choice, a malformed ``misdeals`` entry), queries that may be refused, and
log comparisons with nothing between the rows (see spec_engine/suite/steps.py for the shared
steps)."""

from __future__ import annotations

import json
import tomllib

from pytest_bdd import given, parsers, then, when

from spec_engine.kit.driver import Refusal
from spec_engine.suite.steps import Play, cards


@given(parsers.re(r"the rules of an unknown regulation (?P<name>\w+)"))
def given_unknown_regulation(play: Play, name: str) -> None:
    play.regulation = name


@given(parsers.re(r"the start overrides (?P<rule>\w+) with (?P<value>.+)"))
def given_raw_override(play: Play, rule: str, value: str) -> None:
    """An override sent as written (TOML), unchecked: a rule that may not exist, a value of
    any kind."""
    play.overrides[rule] = tomllib.loads(f"v = {value}")["v"]


@given(parsers.re(r"the house chooses (?P<rule>\w+) as (?P<value>.+)"))
def given_house_choice(play: Play, rule: str, value: str) -> None:
    """The house's choice of a rule (``house`` of the start), sent as written (TOML), unchecked."""
    play.house = {**(play.house or {}), rule: tomllib.loads(f"v = {value}")["v"]}


@given("the house chooses nothing")
def given_no_house_choice(play: Play) -> None:
    """A start whose ``house`` is an empty object."""
    play.house = {}


@given(parsers.re(r"the house's choices are given as (?P<text>.+)"))
def given_raw_house(play: Play, text: str) -> None:
    """The start's ``house`` as the JSON written, sent as it is (an object or not)."""
    play.house = json.loads(text)


@when(parsers.re(r"the action (?P<name>\w+) is sent for box (?P<box>\d+)"), converters={"box": int})
def unknown_action(play: Play, name: str, box: int) -> None:
    play.act(name, box=box)


@when(parsers.re(r"the cards are dealt with the dealer's mistakes given as (?P<text>.+)"))
def deal_with_given_mistakes(play: Play, text: str) -> None:
    """A deal whose ``misdeals`` argument is the JSON written, as sent."""
    play.act("deal", misdeals=json.loads(text))


@when(parsers.re(r"the (?P<query>phase|legal actions) (?:is|are) asked"))
def ask(play: Play, query: str) -> None:
    """A query that may be refused (before a table's first round): the refusal is kept for a
    Then step, as an action's."""
    try:
        play.start()
        play.driver.phase() if query == "phase" else play.driver.legal_actions()
    except Refusal as refusal:
        play.refusal, play.checked = refusal, False


@then(parsers.re(r"(?P<who>\w+)'s share of the bank is (?P<amount>\S+)"))
def share(play: Play, who: str, amount: str) -> None:
    from spec_engine.events import parse_money

    got = play.state("shares")["shares"].get(who)
    assert got is not None and parse_money(got) == parse_money(amount), f"{who}'s share is {got}"


@then("the log shows, in order and with nothing between:")
def log_exactly(play: Play, datatable: list[list[str]]) -> None:
    """The rows are consecutive events of the log (only the columns filled are compared): no
    other event comes between them."""
    head, *rows = datatable
    wanted = [{h: v for h, v in zip(head, row, strict=False) if v != ""} for row in rows]
    types = tuple(w["type"] for w in wanted if "type" in w)
    play.seen.events.update(types)
    play.seen.order.append(types)
    play.seen.exactly.append(types)
    events = play.events()
    for start in range(len(events) - len(wanted) + 1):
        window = events[start : start + len(wanted)]
        if all(all(str(e.get(k, "")) == v for k, v in w.items()) for e, w in zip(window, wanted, strict=True)):
            return
    raise AssertionError(f"no run of consecutive events {wanted} in the log:\n" + "\n".join(map(str, events)))


@then(parsers.re(r"box (?P<box>\d+) was dealt (?P<codes>.+) in the deal"), converters={"box": int})
def dealt(play: Play, box: int, codes: str) -> None:
    """The cards the box received in the deal, misdeals included (card events and misdeal
    events naming the box, in the order logged, before the first decision)."""
    got = []
    for event in play.events("card", "misdeal"):
        if event["type"] in ("hit", "stand", "double", "split", "surrender", "insurance_offered", "dealer_total"):
            break
        if event["type"] in ("card", "misdeal") and event.get("box") == box:
            got.append(event["card"])
    assert got == cards(codes), f"box {box} was dealt {got}"


@then(parsers.parse("it is refused by the rule {rule}"))
def refused_by_rule(play: Play, rule: str) -> None:
    """A rule violation naming exactly ``rule``, citing exactly the clauses the reference cites
    for it (the rule set's; none where the rule set assumes the value or the game overrides it)."""
    refusal = play.take_refusal()
    assert refusal.code == "rule_violation", f"expected a rule violation, got {refusal}"
    assert refusal.rule == rule, f"expected the refusal to name the rule {rule!r}; it names {refusal.rule!r}: {refusal}"
    reference = play.reference_refusal()
    assert reference.rule == rule, f"the reference refuses by {reference.rule!r}, not {rule!r}: {reference}"
    assert sorted(refusal.clauses) == sorted(reference.clauses), (
        f"expected the clauses the rule set cites for {rule}, exactly ({sorted(reference.clauses)}); "
        f"the refusal cites {sorted(refusal.clauses)}: {refusal.message}"
    )


@given(parsers.re(r"the rules (?P<first>\w+) and (?P<second>\w+) set to (?P<value>.+)"))
def given_two_rules_changed(play: Play, first: str, second: str, value: str) -> None:
    from spec_engine.suite.steps import given_rule_changed

    given_rule_changed(play, first, value)
    given_rule_changed(play, second, value)


@when(
    parsers.re(r"(?P<bettor>\w+) (?P<action>doubles|splits) for box (?P<box>\d+) and (?P<who>.+) declines?"),
    converters={"box": int},
)
def bettor_decides_declined(play: Play, bettor: str, action: str, box: int, who: str) -> None:
    from spec_engine.suite.steps import VERB, names

    play.act(VERB[action], box=box, by=bettor, declining=names(who))
