"""Dealer practice (:mod:`spec_engine.practice`): the engine's round as the dealer's questions.

The right answers come from the engine's own events; these tests check them against what the
rule set says (computed here from the rule values and the cards), check that a wrong answer
cites the clauses the rule set gives (a few checked by hand against the regulation texts), and
that the page's JSON side refuses malformed input clearly.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from spec_engine.cards import hand_total, parse_cards
from spec_engine.catalog import REGULATION_IDS, clause
from spec_engine.errors import InputError
from spec_engine.practice import (
    STEP_RULES,
    Practice,
    Question,
    answer_json,
    judge,
    practice,
    round_json,
)
from spec_engine.rules import RULE_FIELDS, ruleset

SEEDS = range(12)


def rounds(reg: str, seeds: range = SEEDS) -> list[Practice]:
    return [practice(ruleset(reg), seed) for seed in seeds]


def engine_answer(q: Question) -> str:
    return str(q.answer)


def first(reg: str, wanted: str, answer: object = None, seeds: range = range(400)) -> tuple[Practice, int]:
    """The first question of step (or kind) ``wanted`` (with that answer, if given) in the seeds."""
    for seed in seeds:
        p = practice(ruleset(reg), seed)
        for index, q in enumerate(p.questions):
            if wanted in (q.step, q.kind) and (answer is None or q.answer == answer):
                return p, index
    raise AssertionError(f"no {wanted} question in {reg} seeds {seeds}")


def cited_ids(verdict_rules: tuple[dict[str, object], ...], field: str) -> tuple[str, ...]:
    rule = next(r for r in verdict_rules if r["field"] == field)
    clauses = rule["clauses"]
    assert isinstance(clauses, list)
    return tuple(c["id"] for c in clauses)


# ---------------------------------------------------------------------------- right answers
@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_the_engines_answers_score_full_marks(reg: str) -> None:
    rules = ruleset(reg)
    for p in rounds(reg):
        assert p.questions, p.seed
        for q in p.questions:
            verdict = judge(rules, q, engine_answer(q))
            assert verdict.correct, (reg, p.seed, q.prompt)


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_the_page_side_gives_full_marks_too(reg: str) -> None:
    p = practice(ruleset(reg), 3)
    data = json.loads(round_json(reg.lower(), "3"))
    assert data["reg"] == reg and data["seed"] == 3
    assert len(data["questions"]) == len(p.questions)
    assert all("answer" not in q for q in data["questions"])  # the page is not told the answers
    for index, q in enumerate(p.questions):
        verdict = json.loads(answer_json(reg, 3, index, engine_answer(q)))
        assert verdict["correct"] is True, (index, verdict)


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_burn_answer_is_the_rule_sets_burn(reg: str) -> None:
    rules = ruleset(reg)
    for p in rounds(reg):
        q = p.questions[0]
        assert q.kind == "burn" and q.answer == str(rules.burn_after_shuffle)


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_the_initial_deal_goes_round_in_the_rule_sets_order(reg: str) -> None:
    rules = ruleset(reg)
    checked = 0
    for p in rounds(reg, range(40)):
        if any(q.kind == "misdeal" for q in p.questions):
            continue  # (a reconstruction deals the round again)
        boxes = sorted(box for box, _, _ in p.bets)
        if rules.deal_order == "descending":
            boxes.reverse()
        expected = [f"box:{b}" for b in boxes] + ["dealer"] + [f"box:{b}" for b in boxes]
        assert [q.answer for q in p.questions if q.kind == "deal"] == expected, p.seed
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_the_dealer_draws_to_17_and_soft_17_as_the_rules_say(reg: str) -> None:
    rules = ruleset(reg)
    seen = set()
    for p in rounds(reg, range(60)):
        for q in p.questions:
            if q.kind != "dealer_draw":
                continue
            total, soft = hand_total(parse_cards(q.scene["dealer"]))
            stands = total > 17 or (total == 17 and (not soft or rules.dealer_stands_soft_17))
            assert q.answer == ("stand" if stands else "draw"), (p.seed, q.scene["dealer"])
            seen.add(q.answer)
    assert seen == {"draw", "stand"}


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_payments_are_exact_and_follow_the_payouts(reg: str) -> None:
    rules = ruleset(reg)
    kinds = set()
    for p in rounds(reg, range(120)):
        bets = {box: amount for box, _, amount in p.bets}
        for q in p.questions:
            if q.kind != "pay":
                continue
            assert isinstance(q.answer, (int, Fraction)) and not isinstance(q.answer, bool)
            assert q.box is not None
            if q.step == "pay:blackjack":
                assert q.answer == bets[q.box] * rules.blackjack_payout
            elif q.step == "pay:push":
                assert q.answer == 0
            kinds.add(q.step)
    assert {"pay:blackjack", "pay:win", "pay:lose", "pay:push"} <= kinds


def test_a_blackjack_on_25_is_paid_37_5_exactly() -> None:
    for seed in range(400):
        p = practice(ruleset("UY"), seed)
        bets = {box: amount for box, _, amount in p.bets}
        for index, q in enumerate(p.questions):
            if q.step == "pay:blackjack" and q.box is not None and bets[q.box] == 25:
                assert q.answer == Fraction(75, 2)
                assert json.loads(answer_json("UY", seed, index, "37.5"))["correct"] is True
                assert json.loads(answer_json("UY", seed, index, "+75/2"))["correct"] is True
                assert json.loads(answer_json("UY", seed, index, "37"))["correct"] is False
                return
    raise AssertionError("no blackjack on a bet of 25 in 400 seeds")


def test_insurance_is_called_when_the_rule_set_says() -> None:
    # UY-38.1: before the bank's second card, after the players; CL-13c.2: right after the deal
    assert practice_answer("UY", "insurance_call") == "play"
    assert practice_answer("CL", "insurance_call") == "call"
    p, index = first("UY", "players_done", "insurance")
    assert parse_cards(p.questions[index].scene["dealer"])[0].is_ace


def practice_answer(reg: str, step: str) -> object:
    p, index = first(reg, step)
    return p.questions[index].answer


def test_even_money_is_offered_only_where_the_rule_set_allows_it() -> None:
    assert practice_answer("CZ", "even_money") == "yes"  # even_money = true (CZ-HRA-31)
    assert practice_answer("CL", "even_money") == "no"  # not stated: assumed not offered


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_misdeal_exercises_only_where_a_remedy_is_stated(reg: str) -> None:
    rules = ruleset(reg)
    remedies = {q.answer for p in rounds(reg, range(60)) for q in p.questions if q.kind == "misdeal"}
    if rules.cite("misdeal_remedy"):
        assert rules.misdeal_remedy in remedies
    else:
        assert remedies == set()


def test_a_card_to_a_box_without_a_bet_is_reconstructed_in_cz() -> None:
    p, index = first("CZ", "misdeal_no_bet")
    q = p.questions[index]
    assert q.answer == "reconstruct" and q.box is not None
    assert q.box not in {box for box, _, _ in p.bets}
    # the round is dealt again: every card of the initial deal is asked again after it
    deals_after = [x for x in p.questions[index + 1 :] if x.kind == "deal"]
    assert len(deals_after) == 2 * len(p.bets) + 1


# ---------------------------------------------------------------------------- right and wrong answers
def test_drawing_on_a_total_the_dealer_stands_on_cites_the_drawing_rule() -> None:
    rules = ruleset("CL")
    p, index = first("CL", "dealer_draw", "stand")
    verdict = judge(rules, p.questions[index], "draw")
    assert not verdict.correct and verdict.right == "Stand" and verdict.given == "Draw a card"
    # CL-11.3: "con 17 o más debe plantarse"; CL-11.4: a soft 17 stands too
    assert cited_ids(verdict.rules, "dealer_stands_soft_17") == rules.cite("dealer_stands_soft_17")
    assert rules.cite("dealer_stands_soft_17") == ("CL-11.3", "CL-11.4")
    quoted = verdict.rules[0]["clauses"]
    assert isinstance(quoted, list)
    assert quoted[0]["text"] == clause("CL-11.3").text and "17 o más debe plantarse" in quoted[0]["text"]
    assert quoted[0]["gist"] == clause("CL-11.3").gist and quoted[0]["lang"] == "es"


def test_a_right_answer_quotes_the_rule_and_its_clauses_as_a_wrong_one_does() -> None:
    """Right or wrong, the trainee reads the rule behind the step, its value here in the trade's
    words, and its clauses' own words (issue 29: before, only a wrong answer quoted them)."""
    rules = ruleset("CL")
    p, index = first("CL", "dealer_draw", "stand")
    right = judge(rules, p.questions[index], "stand")
    wrong = judge(rules, p.questions[index], "draw")
    assert right.correct and not wrong.correct
    assert right.rules == wrong.rules and right.rules[0]["value"] == "stands (S17)"
    assert [c["text"] for c in right.rules[0]["clauses"]] == [clause("CL-11.3").text, clause("CL-11.4").text]
    # every right answer of a round quotes the rules its step turns on, as a wrong one would
    for q in p.questions:
        verdict = judge(rules, q, engine_answer(q))
        assert verdict.correct and [r["field"] for r in verdict.rules] == list(q.fields)


def test_a_wrong_blackjack_payment_cites_the_payout() -> None:
    rules = ruleset("CL")
    p, index = first("CL", "pay:blackjack")
    q = p.questions[index]
    assert q.box is not None
    stake = {box: amount for box, _, amount in p.bets}[q.box]
    verdict = judge(rules, q, str(stake))  # paid 1 to 1 instead of 3 to 2
    assert not verdict.correct
    assert cited_ids(verdict.rules, "blackjack_payout") == ("CL-5.2", "CL-8") == rules.cite("blackjack_payout")
    assert "3 a 2" in clause("CL-5.2").text


def test_dealing_to_the_wrong_box_cites_the_deal_order() -> None:
    rules = ruleset("UY")
    p, index = first("UY", "deal")
    q = p.questions[index]
    wrong = next(value for value, _ in q.choices if value != q.answer)
    verdict = judge(rules, q, wrong)
    assert not verdict.correct
    # UY-24.1: "comenzando por su izquierda hacia su derecha"
    assert cited_ids(verdict.rules, "deal_order") == ("UY-24.1", "UY-24.2") == rules.cite("deal_order")


def test_the_wrong_misdeal_remedy_cites_the_remedy_clauses() -> None:
    rules = ruleset("CZ")
    p, index = first("CZ", "misdeal_no_bet")
    verdict = judge(rules, p.questions[index], "void")
    assert not verdict.correct
    assert "CZ-HRA-13" in cited_ids(verdict.rules, "card_to_box_without_bet")
    p, index = first("CZ", "misdeal")
    verdict = judge(rules, p.questions[index], "return_to_shoe")
    assert cited_ids(verdict.rules, "misdeal_remedy") == ("CZ-HRA-12",)  # "použít jako nejbližší další karta"


def test_calling_insurance_too_early_cites_the_timing() -> None:
    rules = ruleset("UY")
    p, index = first("UY", "insurance_call")
    verdict = judge(rules, p.questions[index], "call")
    assert not verdict.correct and cited_ids(verdict.rules, "insurance_timing") == ("UY-38.1",)


def test_a_not_stated_rule_shows_the_assumed_default() -> None:
    rules = ruleset("ES")  # the burn after the shuffle is not stated in the Melilla text
    assert rules.citations["burn_after_shuffle"].assumed
    q = practice(rules, 0).questions[0]
    verdict = judge(rules, q, "0")
    assert not verdict.correct
    (rule,) = verdict.rules
    assert rule["field"] == "burn_after_shuffle" and rule["clauses"] == [] and rule["basis"] == "not stated"
    assert rule["note"] == rules.citations["burn_after_shuffle"].note != ""


def test_a_plain_payment_has_no_rule_field() -> None:
    rules = ruleset("IT")
    p, index = first("IT", "pay:win")
    q = p.questions[index]
    assert isinstance(q.answer, int)
    verdict = judge(rules, q, str(q.answer + 5))
    assert not verdict.correct and verdict.rules == ()


def test_a_wrong_choice_also_cites_what_it_would_mean() -> None:
    rules = ruleset("CL")  # insurance is called right after the deal there, never after the players
    found = next(
        (p, i)
        for p in (practice(rules, seed) for seed in range(400))
        for i, q in enumerate(p.questions)
        if q.kind == "players_done" and q.answer == "draw" and ("insurance", "Call insurance") in q.choices
    )
    verdict = judge(rules, found[0].questions[found[1]], "insurance")
    assert not verdict.correct
    assert {r["field"] for r in verdict.rules} == {"dealer_plays_when_all_bust", "insurance_timing"}
    assert cited_ids(verdict.rules, "insurance_timing") == ("CL-13c.2",)


# ---------------------------------------------------------------------------- data, determinism, input
def test_every_step_names_real_rule_fields() -> None:
    names = {f.name for f in RULE_FIELDS}
    for step, fields in STEP_RULES.items():
        assert fields and set(fields) <= names, step


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_the_same_seed_gives_the_same_round(reg: str) -> None:
    rules = ruleset(reg)
    a, b = practice(rules, 11), practice(rules, 11)
    assert a.questions == b.questions and a.log == b.log
    assert round_json(reg, 11) == round_json(reg, "11")
    others = {tuple(q.prompt for q in practice(rules, s).questions) for s in range(5)}
    assert len(others) > 1


@pytest.mark.parametrize(
    ("answer", "message"),
    [("abc", "not an amount"), ("37,5", "not an amount"), ("1/0", "not an amount"), ("", "not an amount")],
)
def test_a_malformed_amount_is_an_error_not_a_wrong_answer(answer: str, message: str) -> None:
    p, index = first("CL", "pay")
    with pytest.raises(InputError, match=message):
        judge(ruleset("CL"), p.questions[index], answer)
    reply = json.loads(answer_json("CL", p.seed, index, answer))
    assert set(reply) == {"error"} and message in reply["error"]


def test_a_minus_sign_and_a_plus_are_read() -> None:
    p, index = first("CL", "pay:lose")
    q = p.questions[index]
    assert isinstance(q.answer, int) and q.answer < 0
    assert judge(ruleset("CL"), q, "\u2212" + str(-q.answer)).correct
    assert not judge(ruleset("CL"), q, "+" + str(-q.answer)).correct


@pytest.mark.parametrize(
    ("reg", "seed", "index", "answer", "message"),
    [
        ("XX", 1, 0, "0", "unknown regulation"),
        ("CL", -1, 0, "0", "seed"),
        ("CL", "seven", 0, "0", "seed"),
        ("CL", True, 0, "0", "seed"),
        ("CL", 10**10, 0, "0", "seed"),
        ("CL", 1, 999, "0", "question"),
        ("CL", 1, -1, "0", "question"),
        ("CL", 1, 0, "many", "not one of the choices"),
    ],
)
def test_bad_input_is_refused_clearly(reg: str, seed: object, index: int, answer: str, message: str) -> None:
    reply = json.loads(answer_json(reg, seed, index, answer))  # type: ignore[arg-type]
    assert set(reply) == {"error"} and message in reply["error"]
    if index == 0 and answer == "0":
        assert message in json.loads(round_json(reg, seed))["error"]  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["late", "early"])
def test_a_surrendered_stake_is_asked_where_the_rule_set_offers_surrender(mode: str) -> None:
    """With surrender (a changed value: no text offers it), the dealer collects half a
    surrendered stake, and the question cites the rule; under the five as written no round
    surrenders (the same questions as before)."""
    rules = ruleset("CZ").with_values(surrender=mode)
    asked = [
        (seed, q)
        for seed in range(1, 60)
        for q in practice(rules, seed).questions
        if q.step in ("pay:surrender", "pay:surrender_lost")
    ]
    assert asked, "no surrender in 59 seeded rounds"
    for seed, q in asked:
        assert "surrender" in q.fields and "surrenders its 16" in q.prompt
        stake = Fraction(q.prompt.split("stake on it is ")[1].split(".")[0])
        assert q.answer == (-stake / 2 if q.step == "pay:surrender" else -stake), (seed, q.prompt)
    for reg in REGULATION_IDS:
        assert not any("surrender" in q.step for seed in range(1, 30) for q in practice(ruleset(reg), seed).questions)
