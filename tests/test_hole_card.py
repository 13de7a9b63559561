"""The hole card, played (issue 33): rule ``hole_card`` (none, peek, peek_ace), hand-written
expectations with stacked shoes. A stacked shoe deals its cards in the order written: the
players' first cards, the dealer's up card, the players' second cards, the dealer's hole card,
then the draws."""

from __future__ import annotations

import pytest

from spec_engine.cards import Shoe
from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import InputError, RuleViolation
from spec_engine.game import Action, Phase, Round
from spec_engine.rules import RuleSet, ruleset

ES = ruleset("ES")  # (insurance after the initial deal; no surrender; blackjacks paid at the settlement)


def peek_game(hole_card: str = "peek", **values: object) -> RuleSet:
    """ES with a hole card, paying from box 1 (as it deals and plays) for readable expectations."""
    return ES.with_values(hole_card=hole_card, payment_order="ascending", **values)


def dealt(rules: RuleSet, cards: str, *bets: tuple[int, str, int]) -> Round:
    rnd = Round(rules, Shoe.stacked(cards), min_bet=10, max_bet=100)
    for box, bettor, amount in bets:
        rnd.place_bet(box, bettor, amount)
    rnd.deal()
    return rnd


def kinds(rnd: Round, start: int = 0) -> list[str]:
    return [f"{e.type} {e.card or e.info or ''}".strip() for e in rnd.events[start:] if e.type != "bet"]


def settled(rnd: Round) -> list[tuple[int | None, str | None, str | None, object]]:
    return [(e.box, e.bettor, e.info, e.amount) for e in rnd.events if e.type == "settle"]


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_the_five_texts_deal_the_dealers_second_card_after_the_players(reg: str) -> None:
    rules = ruleset(reg)
    assert rules.hole_card == "none"
    assert rules.citations["hole_card"].basis == "stated" and rules.cite("hole_card")


def test_the_deal_order_with_a_hole_card() -> None:
    """Box 1's first card, box 2's, the up card, box 1's second, box 2's, the hole card (face
    down: its code recorded for replay); with a 7 up nobody checks, the players act."""
    rnd = dealt(peek_game(), "9S 5D 7H 8C 7C KS", (1, "P1", 10), (2, "P2", 10))
    assert kinds(rnd) == ["card 9S", "card 5D", "dealer_card 7H", "card 8C", "card 7C", "dealer_hole KS"]
    assert [c.code for c in rnd.dealer] == ["7H"]  # (the hole card is not shown)
    assert "KS" not in rnd.summary()
    assert rnd.phase is Phase.PLAYING


def test_without_a_hole_card_the_deal_is_todays() -> None:
    rnd = dealt(ES, "9S 5D 7H 8C 7C KS", (1, "P1", 10), (2, "P2", 10))
    assert kinds(rnd) == ["card 9S", "card 5D", "dealer_card 7H", "card 8C", "card 7C"]


def test_a_peek_finds_a_blackjack_under_an_ace_insurance_paid_naturals_push() -> None:
    rnd = dealt(peek_game(), "9S AD 6C AH 8C KC 5D KS", (1, "P1", 10), (2, "P2", 10), (3, "P3", 20))
    assert rnd.phase is Phase.INSURANCE
    rnd.insure(1, "P1", 5)
    start = len(rnd.events)
    rnd.close_insurance()
    assert kinds(rnd, start) == [
        "insurance_closed",
        "peek blackjack",
        "hole_turned KS",
        "dealer_total blackjack",
        "settle insurance_win",
        "settle lose",
        "settle push",
        "settle lose",
        "clear 9S 8C AD KC 6C 5D AH KS",
    ]
    assert settled(rnd) == [
        (1, "P1", "insurance_win", 10),
        (1, "P1", "lose", -10),
        (2, "P2", "push", 0),
        (3, "P3", "lose", -20),
    ]
    assert rnd.phase is Phase.DONE and rnd.legal_actions() == []
    with pytest.raises(RuleViolation, match="hit refused"):
        rnd.hit(1)


def test_a_peek_finds_a_blackjack_under_a_ten_no_insurance_no_play() -> None:
    rnd = dealt(peek_game(), "9S AD KH 8C KC AS", (1, "P1", 10), (2, "P2", 10))
    assert kinds(rnd)[5:] == [
        "dealer_hole AS",
        "peek blackjack",
        "hole_turned AS",
        "dealer_total blackjack",
        "settle lose",
        "settle push",
        "clear 9S 8C AD KC KH AS",
    ]
    assert settled(rnd) == [(1, "P1", "lose", -10), (2, "P2", "push", 0)]
    assert not any(e.type == "insurance_offered" for e in rnd.events)
    assert rnd.phase is Phase.DONE
    with pytest.raises(RuleViolation):
        rnd.stand(1)


def test_even_money_is_taken_before_the_peek() -> None:
    rnd = dealt(peek_game(even_money=True), "AD AH KC KS", (1, "P1", 10))
    rnd.take_even_money(1, "P1")
    rnd.close_insurance()
    assert settled(rnd) == [(1, "P1", "even_money", 10)]
    assert kinds(rnd)[-4:] == ["peek blackjack", "hole_turned KS", "dealer_total blackjack", "clear AD KC AH KS"]


def test_a_peek_without_blackjack_then_normal_play() -> None:
    """Ace up, a 7 in the hole: insurance is lost at the peek, the players act, the dealer
    turns his hole card before he draws (soft 18: he stands)."""
    rnd = dealt(peek_game(), "9S AH 5C 7S 5D", (1, "P1", 10))
    rnd.insure(1, "P1", 5)
    start = len(rnd.events)
    rnd.close_insurance()
    assert kinds(rnd, start) == ["insurance_closed", "peek no_blackjack", "settle insurance_lose"]
    assert rnd.phase is Phase.PLAYING
    rnd.hit(1)
    start = len(rnd.events)
    rnd.stand(1)
    assert kinds(rnd, start) == ["stand", "hole_turned 7S", "dealer_total stands", "settle win", "clear 9S 5C 5D AH 7S"]
    assert rnd.net == {"P1": 5}


def test_the_dealer_turns_his_hole_card_then_draws() -> None:
    rnd = dealt(peek_game(), "TS 6H 8C 5S 8D", (1, "P1", 10))
    assert rnd.phase is Phase.PLAYING  # (a 6 up: no peek)
    rnd.stand(1)
    assert kinds(rnd)[-6:] == [
        "stand",
        "hole_turned 5S",
        "dealer_card 8D",
        "dealer_total stands",
        "settle lose",
        "clear TS 8C 6H 5S 8D",
    ]


def test_a_blackjack_paid_at_once_is_paid_after_a_peek_without_blackjack() -> None:
    rules = peek_game(pay_blackjack_immediately=True)
    rnd = dealt(rules, "AS 9D KH TC 7S 7C", (1, "P1", 10), (2, "P2", 10))
    assert kinds(rnd)[-3:] == ["dealer_hole 7C", "peek no_blackjack", "settle blackjack"]
    assert settled(rnd) == [(1, "P1", "blackjack", 15)]
    assert rnd.current() is not None and rnd.current()[0].number == 2  # type: ignore[index]


def test_peek_ace_does_not_check_under_a_ten() -> None:
    """With a ten up under peek_ace the hole card is not checked: the players act (a double is
    staked), and the blackjack found when the dealer turns his hole card takes every stake
    (ES: dealer_blackjack_takes = all_stakes), as a hole-card game without peek on tens."""
    rnd = dealt(peek_game("peek_ace"), "6S KH 5D AS 9C", (1, "P1", 10))
    assert "peek" not in [e.type for e in rnd.events]
    assert rnd.phase is Phase.PLAYING
    rnd.double(1)
    assert kinds(rnd)[-5:] == [
        "card 9C",
        "hole_turned AS",
        "dealer_total blackjack",
        "settle lose",
        "clear 6S 5D 9C KH AS",
    ]
    assert rnd.net == {"P1": -20}


def test_peek_ace_checks_under_an_ace() -> None:
    rnd = dealt(peek_game("peek_ace"), "6S AH 5D KS", (1, "P1", 10))
    rnd.close_insurance()
    assert kinds(rnd)[-5:-1] == ["peek blackjack", "hole_turned KS", "dealer_total blackjack", "settle lose"]


def test_late_surrender_comes_after_the_peek() -> None:
    """Late: nothing before the peek; a blackjack found ends the round (no surrender); after a
    peek without blackjack a hand may surrender for half its stake."""
    rules = peek_game(surrender="late")
    found = dealt(rules, "TS KH 6D AC", (1, "P1", 10))
    assert found.phase is Phase.DONE and settled(found) == [(1, "P1", "lose", -10)]
    rnd = dealt(rules, "TS KH 6D 7C", (1, "P1", 10))
    assert kinds(rnd)[-1] == "peek no_blackjack"
    assert Action("surrender", 1) in rnd.legal_actions()
    rnd.surrender(1)
    assert settled(rnd) == [(1, "P1", "surrender", -5)]


def test_early_surrender_comes_before_the_peek() -> None:
    """Early: offered before the peek (after insurance), settled at once for half whatever the
    hole card holds; the dealer then closes it and checks: his blackjack takes the rest."""
    rules = peek_game(surrender="early")
    rnd = dealt(rules, "TS 9H KH 6D 7S AC", (1, "P1", 10), (2, "P2", 10))
    assert rnd.phase is Phase.SURRENDER
    assert kinds(rnd)[-1] == "surrender_offered"
    assert rnd.legal_actions() == [Action("close_surrender"), Action("surrender", 1), Action("surrender", 2)]
    with pytest.raises(RuleViolation, match="only in playing"):
        rnd.hit(1)
    rnd.surrender(2)
    assert Action("surrender", 2) not in rnd.legal_actions()
    with pytest.raises(RuleViolation, match="not in play"):
        rnd.surrender(2)
    start = len(rnd.events)
    rnd.close_surrender()
    assert kinds(rnd, start) == [
        "surrender_closed",
        "peek blackjack",
        "hole_turned AC",
        "dealer_total blackjack",
        "settle lose",
        "clear TS 6D 9H 7S KH AC",
    ]
    assert settled(rnd) == [(2, "P2", "surrender", -5), (1, "P1", "lose", -10)]


def test_early_surrender_after_insurance_under_an_ace() -> None:
    rnd = dealt(peek_game(surrender="early"), "TS AH 6D 7C", (1, "P1", 10))
    assert rnd.phase is Phase.INSURANCE
    rnd.close_insurance()
    assert rnd.phase is Phase.SURRENDER
    rnd.close_surrender()
    assert kinds(rnd)[-2:] == ["surrender_closed", "peek no_blackjack"]
    assert rnd.phase is Phase.PLAYING
    assert Action("surrender", 1) not in rnd.legal_actions()  # (early surrender was before the peek)


def test_early_surrender_without_a_peek_is_in_play() -> None:
    rnd = dealt(peek_game(surrender="early"), "TS 6H 6D 7C", (1, "P1", 10))
    assert rnd.phase is Phase.PLAYING
    rnd.surrender(1)
    assert settled(rnd) == [(1, "P1", "surrender", -5)]


def test_all_hands_settled_the_dealer_discards_his_hole_card_unseen() -> None:
    rnd = dealt(peek_game(), "TS 6H 6D 7C KD", (1, "P1", 10))
    rnd.hit(1)
    assert kinds(rnd)[-5:] == [
        "bust",
        "settle lose",
        "dealer_discards 6H",
        "dealer_discards 7C",
        "clear TS 6D KD 6H 7C",
    ]


def test_a_hole_card_with_insurance_before_the_dealers_second_card_is_refused() -> None:
    rules = ruleset("UY").with_values(hole_card="peek")
    with pytest.raises(
        InputError, match=r"hole_card: hole_card = 'peek' and insurance_timing = 'before_dealer_second_card'"
    ):
        Round(rules, Shoe.stacked("TS 6H 6D 7C"), min_bet=10)


def test_a_copy_keeps_the_hole_card() -> None:
    import copy

    rnd = dealt(peek_game(), "9S AH 5C 7S 4D", (1, "P1", 10))
    twin = copy.deepcopy(rnd)
    twin.close_insurance()
    rnd.close_insurance()
    assert twin.events == rnd.events
