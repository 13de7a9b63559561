"""Dealer practice in a hole-card game (issue 33): a house's ``hole_card`` (no text deals one).

The trainee deals the dealer's second card face down at the deal, decides whether to check it
for a blackjack before the players act (the peek), says what the check he made means, and turns
it when his turn comes; the scene keeps it face down (never its code) until then. The rounds are
the engine tests' stacked peek games (:mod:`tests.test_hole_card`); the expectations are written
by hand from the cards, the answers and prompts as the dealer would give them.
"""

from __future__ import annotations

import json

from spec_engine.game import Round
from spec_engine.practice import Question, answer_json, judge, practice, questions, round_json
from spec_engine.rules import ruleset
from tests.test_hole_card import dealt, peek_game

DEAL = "Whom do you deal the next card to?"


def asked(rnd: Round, *bets: tuple[int, str, int]) -> list[Question]:
    return questions(bets, rnd.events)


def steps(qs: list[Question]) -> list[tuple[str, object]]:
    return [(q.step, q.answer) for q in qs]


def test_a_peek_without_a_blackjack_then_the_hole_card_turned_before_the_dealer_stands() -> None:
    """An ace up and a 7 in the hole: insurance called (P1 insures 5), the peek finds no
    blackjack (the insurance is lost there), box 1 draws to 19, the dealer turns his 7: soft 18."""
    bets = ((1, "P1", 10),)
    rnd = dealt(peek_game(), "9S AH 5C 7S 5D", *bets)
    rnd.insure(1, "P1", 5)
    rnd.close_insurance()
    rnd.hit(1)
    rnd.stand(1)
    qs = asked(rnd, *bets)
    assert steps(qs) == [
        ("burn", "0"),
        ("deal", "box:1"),
        ("deal", "dealer"),
        ("deal", "box:1"),
        ("deal", "hole"),
        ("insurance_call", "call"),
        ("peek", "peek"),
        ("peek_result", "play"),
        ("pay:insurance_lose", -5),
        ("players_done", "turn"),
        ("dealer_draw", "stand"),
        ("pay:win", 10),
    ]
    deal_hole, call, peek, result, insurance, done, draw, _win = qs[4:]
    assert deal_hole.prompt == DEAL and deal_hole.fields == ("deal_order", "hole_card")
    assert [v for v, _ in deal_hole.choices] == ["box:1", "dealer", "hole"]
    assert dict(deal_hole.choices)["hole"] == "Yourself, face down: your hole card"
    assert call.prompt == "The initial deal is done and your face-up card is an ace. What now?"
    assert peek.prompt == "Your hole card lies face down. Do you check it for a blackjack before the players act?"
    assert result.prompt == "Your hole card does not make a blackjack with your face-up card. What now?"
    assert insurance.prompt == "P1's insurance on box 1 is 5; your hand is not a blackjack. What is P1's net result?"
    assert dict(done.choices) == {
        "turn": "Turn your hole card face up",
        "discard": "Discard your cards, the hole card unseen: no bet is left to play for",
    }
    assert draw.prompt == "Your cards make soft 18. Do you draw or stand?"
    # the scene: the hole card face down (its code nowhere, no total) until it is turned
    assert (deal_hole.scene["dealer"], deal_hole.scene["hole"]) == (["AH"], False)
    for q in (call, peek, result, insurance, done):
        assert (q.scene["dealer"], q.scene["hole"], q.scene["dealer_total"]) == (["AH"], True, ""), q.step
    assert "7S" not in json.dumps([q.to_dict() for q in qs[:10]])
    assert (draw.scene["dealer"], draw.scene["hole"], draw.scene["dealer_total"]) == (["AH", "7S"], False, "soft 18")


def test_a_peek_that_finds_a_blackjack_ends_the_round_at_once() -> None:
    """An ace up and a king in the hole: insurance called (P1 insures 5), even money asked for
    box 2's blackjack (ES offers none), the peek finds a blackjack: the hole card is turned, the
    round is settled at once: insurance paid 2 to 1, the natural pushes, the others lose."""
    bets = ((1, "P1", 10), (2, "P2", 10), (3, "P3", 20))
    rnd = dealt(peek_game(), "9S AD 6C AH 8C KC 5D KS", *bets)
    rnd.insure(1, "P1", 5)
    rnd.close_insurance()
    qs = asked(rnd, *bets)
    assert steps(qs) == [
        ("burn", "0"),
        *[("deal", who) for who in ("box:1", "box:2", "box:3", "dealer", "box:1", "box:2", "box:3", "hole")],
        ("insurance_call", "call"),
        ("even_money", "no"),
        ("peek", "peek"),
        ("peek_result", "turn"),
        ("pay_first", "box:1"),
        ("pay:insurance_win", 10),
        ("pay:lose_at_peek", -10),
        ("pay:push", 0),
        ("pay:lose_at_peek", -20),
    ]
    result, first = qs[12], qs[13]
    assert result.prompt == "Your hole card makes a blackjack with your face-up card. What now?"
    assert dict(result.choices)["turn"] == "Turn your hole card face up: the round ends, settle every bet"
    assert result.scene["hole"] and result.scene["dealer"] == ["AH"]
    assert (first.scene["dealer"], first.scene["hole"]) == (["AH", "KS"], False)
    assert qs[15].prompt == "Box 1 has 17 against your blackjack; P1's stake on it is 10. What is P1's net result?"
    assert qs[15].fields == ("hole_card",)  # (not dealer_blackjack_takes: found at the peek, only the bet was staked)
    assert "players_done" not in {q.kind for q in qs}  # (nobody played)


def test_no_check_under_a_ten_with_peek_ace_and_a_trainee_who_peeks_is_told_the_rule() -> None:
    """peek_ace, a ten up: the dealer does not check; box 1 doubles; turned, the ace makes a
    blackjack that takes the doubled stake (ES: dealer_blackjack_takes all stakes)."""
    rules = peek_game("peek_ace")
    bets = ((1, "P1", 10),)
    rnd = dealt(rules, "6S KH 5D AS 9C", *bets)
    rnd.double(1)
    qs = asked(rnd, *bets)
    assert steps(qs)[5:] == [("peek", "play"), ("players_done", "turn"), ("pay:lose_to_blackjack", -20)]
    peek = qs[5]
    verdict = judge(rules, peek, "peek")
    assert not verdict.correct and verdict.right == "Leave it unchecked: the players play their hands"
    (rule,) = verdict.rules
    assert (rule["field"], rule["value"], rule["basis"]) == (
        "hole_card",
        "face down, checked for a blackjack under an ace only",
        "not stated",  # (a house's value: no text deals a hole card)
    )
    # dealing the up card face down is answered with the rule that deals one face down
    up = qs[2]
    assert up.answer == "dealer" and {r["field"] for r in judge(rules, up, "hole").rules} == {"deal_order", "hole_card"}


def test_the_page_deals_a_houses_hole_card_and_judges_it_as_dealt() -> None:
    data = json.loads(round_json("ES", 5, "peek"))
    assert data["hole_card"] == "peek"
    assert data["house"] == "face down, checked for a blackjack under an ace or a ten"
    assert [q["kind"] for q in data["questions"]].count("peek") == 1
    p = practice(ruleset("ES").with_values(hole_card="peek"), 5)
    assert [q.prompt for q in p.questions] == [q["prompt"] for q in data["questions"]]
    hole = next(i for i, q in enumerate(p.questions) if q.answer == "hole")
    assert json.loads(answer_json("ES", 5, hole, "hole", "peek"))["correct"] is True
    wrong = json.loads(answer_json("ES", 5, hole, "dealer", "peek"))
    assert wrong["correct"] is False and "hole_card" in {r["field"] for r in wrong["rules"]}
    plain = json.loads(round_json("ES", 5))
    assert (plain["hole_card"], plain["house"]) == ("none", None)
    assert "peek" not in {q["kind"] for q in plain["questions"]}
    assert not any(q["scene"]["hole"] for q in plain["questions"])


def test_a_hole_card_the_engine_cannot_play_is_refused_naming_the_rule() -> None:
    refused = json.loads(round_json("ES", 5, "glance"))["error"]
    assert refused == "hole_card: 'glance' is not one of none, peek, peek_ace"
    assert json.loads(answer_json("ES", 5, 0, "0", "glance"))["error"] == refused
    # (UY calls insurance before the dealer's second card: no hole card can be dealt)
    clash = json.loads(round_json("UY", 5, "peek"))["error"]
    assert clash.startswith("hole_card: hole_card = 'peek' and insurance_timing")


def test_every_seeded_peek_round_scores_full_marks_and_never_shows_the_hole_card() -> None:
    """The engine's own answers are right, and no scene shows the hole card's code while it is
    face down (the seeds give checks with and without a blackjack, and rounds without a check)."""
    found = set()
    for hole in ("peek", "peek_ace"):
        rules = ruleset("CZ").with_values(hole_card=hole)
        for seed in range(8):
            data = json.loads(round_json("CZ", seed, hole))
            for index, q in enumerate(data["questions"]):
                if q["kind"].startswith("peek"):
                    found.add((hole, q["kind"]))
                if q["scene"]["hole"]:
                    assert len(q["scene"]["dealer"]) == 1 and q["scene"]["dealer_total"] == "", (hole, seed, index)
            p = practice(rules, seed)
            assert all(judge(rules, q, str(q.answer)).correct for q in p.questions), (hole, seed)
    assert {("peek", "peek"), ("peek", "peek_result"), ("peek_ace", "peek")} <= found
