"""Step definitions for the shoe scenarios (see spec_engine/suite/steps.py for the shared ones)."""

from __future__ import annotations

from typing import Any

from pytest_bdd import parsers, then

from spec_engine.suite.steps import Play, names


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


def _shoes(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A table's log shoe by shoe (from one shuffle to the next; a refill from the discards is
    part of its shoe): the box offered the cut, who bet on which box (``seats``), and the box
    that got the first card behind the cut card (0: the dealer; ``None``: no card came after it,
    or it never came out). A card that brings the cut card out is logged after ``cut_card_out``:
    the card behind it is the next one."""
    shoes: list[dict[str, Any]] = []
    cards_to_go = 0  # after cut_card_out: 2 (the card that brought it out, then the one behind)
    for event in events:
        kind = event["type"]
        if kind == "shuffle" and event.get("info") != "discards":
            shoes.append({"offer": None, "seats": {}, "receiver": None})
            cards_to_go = 0
        elif not shoes:
            continue
        elif kind == "offer_cut" and shoes[-1]["offer"] is None:
            shoes[-1]["offer"] = event.get("box")
        elif kind == "bet":
            shoes[-1]["seats"].setdefault(event["box"], event["bettor"])
        elif kind == "cut_card_out":
            cards_to_go = 2
        elif cards_to_go and kind in ("card", "dealer_card"):
            cards_to_go -= 1
            if not cards_to_go:
                shoes[-1]["receiver"] = event.get("box", 0)
        elif kind == "clear":
            cards_to_go = 0
    return shoes


@then(parsers.re(r"the cuts were offered to (?P<who>.+) in turn"))
def cuts_offered(play: Play, who: str) -> None:
    """Who was offered each shoe's cut: the player betting on the box offered, in that shoe."""
    shoes = _shoes(play.events("offer_cut", "bet"))
    got = [shoe["seats"].get(shoe["offer"], f"box {shoe['offer']}") for shoe in shoes]
    assert got == names(who), f"the cuts were offered to {got}"


@then("each shoe's cut was offered to the player who would have received the cut card, at his box now")
def cuts_offered_to_receivers(play: Play) -> None:
    """The shoe before's receiver of the card behind the cut card, found in the log, is offered
    the next cut at the box he bets on in the new shoe; failing him (the first shoe, the dealer
    took the card, no card came after it, he bets no more) the cut goes to box 1."""
    shoes = _shoes(play.events("offer_cut", "bet", "cut_card_out", "card", "dealer_card"))
    assert len(shoes) > 1, "a single shoe"
    for n, (before, shoe) in enumerate(zip([None, *shoes], shoes, strict=False), start=1):
        player = before["seats"].get(before["receiver"]) if before else None
        boxes = {name: box for box, name in shoe["seats"].items()}
        expected = boxes.get(player, 1) if player else 1
        assert shoe["offer"] == expected, (
            f"shoe {n}: the cut was offered to box {shoe['offer']}, not box {expected} "
            f"({player or 'nobody'} would have received the cut card): {shoes}"
        )
