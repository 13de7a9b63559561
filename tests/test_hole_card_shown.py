"""The hole card, shown (issue 33): wherever the site says a round's events, the dealer's hole
card is face down until he turns it; the peek and early surrender are said in whole sentences;
the onboarding explains them only where a rule set deals a hole card. Hand-written expectations."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from spec_engine.catalog import REGULATION_IDS
from spec_engine.i18n import language
from spec_engine.pages.cards import back_svg
from spec_engine.pages.onboarding import onboarding_of, onboarding_page
from spec_engine.pages.onboarding_round import dealer_steps
from spec_engine.pages.play import cards_json
from spec_engine.rules import ruleset
from tests.test_hole_card import dealt as played  # (the engine's tests' stacked peek games)
from tests.test_hole_card import peek_game
from tools import bj_play  # (the play widget's Python, packed beside the engine)


def test_the_dealers_steps_of_a_peek_that_finds_a_blackjack_after_early_surrender() -> None:
    rnd = played(peek_game(surrender="early"), "TS AH 6D KS", (1, "P1", 20))
    rnd.close_insurance()
    rnd.close_surrender()
    assert dealer_steps(rnd.events, "ES") == [
        "P1 bets 20 on box 1.",
        "Deal 10♠ to box 1.",
        "Deal yourself A♥.",
        "Deal 6♦ to box 1.",
        "Deal yourself a second card face down: your hole card.",
        "Call insurance.",
        "Close insurance.",
        "Offer early surrender.",
        "Close early surrender.",
        "Check your hole card: blackjack.",
        "Turn your hole card face up: K♠.",
        "Your total: 21 (blackjack).",
        "Take P1's 20 on box 1 (lose).",
        "Clear the table: 4 cards to the discard tray.",
    ]


def test_the_dealers_steps_of_a_peek_without_a_blackjack_after_a_box_surrenders() -> None:
    """A ten up: early surrender offered, box 1 gives up half its 20, the peek finds no
    blackjack, box 2 stands on 17, the hole card (9) turned makes 19."""
    rnd = played(peek_game(surrender="early"), "TS 9S TH 6D 8C 9C", (1, "P1", 20), (2, "P2", 10))
    rnd.surrender(1)
    rnd.close_surrender()
    rnd.stand(2)
    assert dealer_steps(rnd.events, "ES") == [
        "P1 bets 20 on box 1.",
        "P2 bets 10 on box 2.",
        "Deal 10♠ to box 1.",
        "Deal 9♠ to box 2.",
        "Deal yourself 10♥.",
        "Deal 6♦ to box 1.",
        "Deal 8♣ to box 2.",
        "Deal yourself a second card face down: your hole card.",
        "Offer early surrender.",
        "Box 1 surrenders.",
        "Take P1's 10 on box 1 (surrender).",
        "Close early surrender.",
        "Check your hole card: no blackjack.",
        "Box 2 stands.",
        "Turn your hole card face up: 9♣.",
        "Your total: 19 (stands).",
        "Take P2's 10 on box 2 (lose).",
        "Clear the table: 6 cards to the discard tray.",
    ]


def test_a_hole_card_never_turned_is_discarded_unseen() -> None:
    rnd = played(peek_game(dealer_plays_when_all_bust=False), "TS 7H 6D 9C 8D", (1, "P1", 10))
    rnd.hit(1)
    assert dealer_steps(rnd.events, "ES")[4:] == [
        "Deal yourself a second card face down: your hole card.",
        "Box 1 asks for a card.",
        "Deal 8♦ to box 1.",
        "Box 1 busts with 24.",
        "Take P1's 10 on box 1 (lose).",
        "No bet is left in play: discard your card.",
        "Discard your hole card unseen.",
        "Clear the table: 5 cards to the discard tray.",
    ]


def test_the_peek_in_spanish_czech_and_italian_is_a_whole_sentence() -> None:
    rnd = played(peek_game(), "TS 9H 6D 7C 5S", (1, "P1", 10))
    rnd.stand(1)
    for code in ("es", "cs", "it"):
        with language(code, rulebook="ES" if code == "es" else None):
            said = dealer_steps(rnd.events, "ES")
        english = dealer_steps(rnd.events, "ES")
        hole = english.index("Deal yourself a second card face down: your hole card.")
        turned = english.index("Turn your hole card face up: 7♣.")
        assert said[hole] != english[hole] and said[turned] != english[turned] and "7♣" in said[turned], code


# --------------------------------------------------------------------------- the play widget


@pytest.fixture
def table() -> Iterator[str]:
    yield "test-hole"
    for key in [k for k in bj_play.TABLES if k[0] == "test-hole"]:
        del bj_play.TABLES[key]


def test_the_play_widget_shows_the_hole_card_face_down_until_it_is_turned(table: str) -> None:
    spec = {"bets": [[1, "you", "10"]], "box": "TS 6D", "dealer": "9H", "rest": "7S 5C", "hole_card": "peek"}
    s = json.loads(bj_play.start(table, "ES", json.dumps(spec)))
    assert s["error"] is None and s["phase"] == "playing"
    assert s["dealer"] == ["9H"] and s["dealer_total"] is None
    assert s["hole"] == {"name": "face-down card"}  # (drawn with cards.json's back: the pack has no pages)
    assert s["log"][-1] == '{"type":"dealer_hole"}' and not any("7S" in line for line in s["log"])
    s = json.loads(bj_play.act(table, "ES", "stand"))
    assert s["phase"] == "done" and s["hole"] is None
    assert s["dealer"] == ["9H", "7S", "5C"] and s["dealer_total"] == 21
    assert '{"type":"dealer_hole","card":"7S"}' in s["log"] and '{"type":"hole_turned","card":"7S"}' in s["log"]


def test_the_play_widget_closes_early_surrender_and_the_peek_ends_the_round(table: str) -> None:
    spec = {"bets": [[1, "you", "10"]], "box": "TS 6D", "dealer": "AH", "rest": "KS", "hole_card": "peek"}
    s = json.loads(bj_play.start(table, "ES", json.dumps(spec)))
    assert s["phase"] == "insurance" and s["hole"] is not None and s["dealer"] == ["AH"]
    s = json.loads(bj_play.act(table, "ES", "close_insurance"))
    assert s["phase"] == "done" and s["hole"] is None and s["dealer"] == ["AH", "KS"]
    assert [json.loads(line)["type"] for line in s["log"]][-5:-2] == ["peek", "hole_turned", "dealer_total"]


def test_the_play_widget_without_a_hole_card_is_as_before(table: str) -> None:
    spec = {"bets": [[1, "you", "10"]], "box": "TS 6D", "dealer": "9H", "rest": "7S 5C"}
    s = json.loads(bj_play.start(table, "ES", json.dumps(spec)))
    assert s["hole"] is None and s["dealer"] == ["9H"]
    assert not any("dealer_hole" in line for line in s["log"])
    bad = json.loads(bj_play.start(table, "ES", json.dumps({**spec, "hole_card": "glance"})))
    assert "hole_card" in bad["error"]


def test_a_cards_back_names_no_card() -> None:
    svg = back_svg("face-down card")
    assert 'aria-label="face-down card"' in svg and " of " not in svg
    assert json.loads(cards_json())["back"] == {"svg": svg, "name": "face-down card"}  # (the widgets draw it)


# --------------------------------------------------------------------------- the onboarding


def test_the_onboarding_of_a_peek_game_explains_the_hole_card_and_the_peek() -> None:
    page = onboarding_of(peek_game(surrender="early"))
    assert "## 9. Hole card and peek" in page
    assert "check your hole card for a blackjack before the players act, without showing it (the peek)" in page
    assert "offer early surrender" in page
    assert "Deal yourself a second card face down: your hole card." in page  # (the example round)
    ace_only = onboarding_of(peek_game("peek_ace"))
    assert "When your face-up card is an ace, check your hole card" in ace_only


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_the_five_texts_onboarding_has_no_hole_card(reg: str) -> None:
    page = onboarding_page(reg)
    assert onboarding_of(ruleset(reg)) == page
    assert "Hole card and peek" not in page and "peek" not in page.lower()
    assert "your hole card" not in page
    assert "Take one card only at the deal: your second card comes when the players have finished" in page


# --------------------------------------------------------------------------- the glossary


def test_the_glossary_has_the_hole_card_and_the_peek_as_the_projects_words() -> None:
    """No bundled text deals a hole card or peeks: each language's word is the project's,
    citing no clause (never an invented citation)."""
    from spec_engine.glossary import concepts, terms

    found = concepts()
    assert (found["hole_card"].en, found["peek"].en) == ("hole card", "peek")
    for key in ("hole_card", "peek"):
        for code in ("es", "cs", "it"):
            (term,) = found[key].terms[code]
            assert term.project and not term.clauses and not term.verbatim
    assert (terms("es", "ES")["hole_card"], terms("cs")["peek"], terms("it", "IT")["hole_card"]) == (
        "carta tapada",
        "kontrola",
        "carta coperta",
    )
    with language("es", rulebook="ES"):
        said = dealer_steps(played(peek_game(), "TS 9H 6D 7C 5S", (1, "P1", 10)).events, "ES")
    assert said[-1] == "Repártase una segunda carta boca abajo: su carta tapada."


def test_a_worked_hands_shorthand_keeps_the_hole_card_face_down_until_it_is_turned() -> None:
    from spec_engine.pages.hands import _dealer, _sequence

    unseen = played(peek_game(dealer_plays_when_all_bust=False), "TS 7H 6D 9C 8D", (1, "P1", 10))
    unseen.hit(1)
    assert _dealer(unseen) == "7♥ and a face-down card (discarded: no bet left in play)"
    assert _sequence(unseen) == "dealt: box 1, dealer, box 1, dealer (face down)<br>settled: box 1 (lose)"
    turned = played(peek_game(), "TS 9H 6D 7C 5S", (1, "P1", 10))
    turned.stand(1)
    assert _dealer(turned) == "9♥ 7♣ 5♠ = 21 (stands)"


def test_the_play_widget_never_names_a_hole_card_discarded_unseen(table: str) -> None:
    spec = {"bets": [[1, "you", "10"]], "box": "TS 6D", "dealer": "7H", "rest": "9C 8D", "hole_card": "peek"}
    bj_play.start(table, "ES", json.dumps(spec))  # (ES: no card for the dealer once no bet is left in play)
    s = json.loads(bj_play.act(table, "ES", "hit"))
    assert s["phase"] == "done" and s["hole"] is not None and s["dealer"] == ["7H"] and s["dealer_total"] is None
    assert not any("9C" in line for line in s["log"]), s["log"]
    assert s["log"][-1] == '{"type":"clear","total":5,"info":"TS 6D 8D 7H"}'
