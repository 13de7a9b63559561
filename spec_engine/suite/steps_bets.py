"""Step definitions for the bets scenarios (see spec_engine/suite/steps.py for the shared ones)."""

from __future__ import annotations

from pytest_bdd import parsers, then

from spec_engine.suite.steps import Play, cards


@then(parsers.re(r"box (?P<box>\d+) holds the cards (?P<codes>.+)"), converters={"box": int})
def box_cards(play: Play, box: int, codes: str) -> None:
    """The cards the box has received, in the order dealt (all its hands)."""
    got = [e["card"] for e in play.events("card") if e["type"] == "card" and e["box"] == box]
    assert got == cards(codes), f"box {box} holds {got}"
