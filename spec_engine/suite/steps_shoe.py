"""Step definitions for the shoe scenarios (see spec_engine/suite/steps.py for the shared ones)."""

from __future__ import annotations

from pytest_bdd import parsers, then

from spec_engine.suite.steps import Play


@then(parsers.re(r"the shoe holds (?P<count>\d+) cards"), converters={"count": int})
def shoe_holds(play: Play, count: int) -> None:
    """The cards left to deal in the table's shoe (before the cut: the whole shoe)."""
    left = play.state("shoe_remaining")["shoe_remaining"]
    assert left == count, f"the shoe holds {left} cards, not {count}"


@then(parsers.re(r"the cut at (?P<at>\d+) is accepted"), converters={"at": int})
def cut_accepted(play: Play, at: int) -> None:
    """The last cut was made (not refused): the shoe no longer waits for one."""
    assert play.checked, f"the cut was refused: {play.refusal}"
    assert not play.state("awaiting_cut")["awaiting_cut"], "the shoe still waits for the cut"
    cuts = [e for e in play.events("cut") if e["type"] == "cut"]
    assert cuts and cuts[-1]["total"] == at, f"cut events: {cuts}"
