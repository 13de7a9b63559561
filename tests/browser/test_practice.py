"""Practise dealing (``generated/practice.html``): the reader deals, the engine in the page judges.

Every request to another host is aborted and fails the test (the site must work offline). The
expected answers come from :mod:`spec_engine.practice` run here in CPython: the page, running the
same engine under Pyodide, must ask the same steps and accept the same answers; a deliberate
mistake must be flagged with the clause the rule set cites, in the regulation's words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from spec_engine.catalog import clause
from spec_engine.pages.cards import card_name
from spec_engine.practice import Practice, Question, practice
from spec_engine.rules import ruleset

from .test_play import (  # noqa: F401  (its fixtures: pytest finds them here)
    AXE,
    PHONE,
    READY_MS,
    RUN_AXE,
    Kept,
    after_each_test_on_a_shared_tab,
    disk_note_only_from_disk,
    foreign,
    shared_tab,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PRACTICE_PAGE = "generated/practice.html"


def find(reg: str, kind: str, answer: str) -> tuple[Practice, int]:
    """The first seed whose round has a ``kind`` question answered ``answer`` by the engine."""
    for seed in range(400):
        p = practice(ruleset(reg), seed)
        for index, q in enumerate(p.questions):
            if q.kind == kind and q.answer == answer:
                return p, index
    raise AssertionError(f"no {kind} = {answer} in {reg}")


def practice_ready(page: Page) -> None:
    """Wait until the practice's Python is ready (its Deal a round button is enabled)."""
    expect(page.locator("#bj-start")).to_be_enabled(timeout=READY_MS)


trainee = shared_tab(PRACTICE_PAGE, practice_ready)
"""The practice on the desktop, Python ready, shared by this module's tests (test_play.shared_tab)."""
trainee_phone = shared_tab(PRACTICE_PAGE, practice_ready, on_phone=True)
"""The practice on a phone, Python ready, shared by this module's tests."""


def open_round(page: Page, reg: str, seed: int) -> None:
    """Deal the round of ``reg`` and ``seed`` with the page's form (no house's hole card) and
    wait until it is drawn in place of the one before."""
    page.select_option("#bj-reg", reg)
    page.fill("#bj-seed", str(seed))
    page.select_option("#bj-hole_card", "none")
    before = page.evaluate_handle("bjPractice.round()")
    page.click("#bj-start")
    page.wait_for_function("before => ![null, before].includes(bjPractice.round())", arg=before, timeout=READY_MS)
    expect(page.locator("#bj-round h2")).to_contain_text(f"({reg}), seed {seed}")


def give(page: Page, q: Question, answer: str) -> None:
    """Answer the step on screen: press the choice, or type the amount and press Enter."""
    if q.choices:
        page.locator(f'.bj-answer button[data-value="{answer}"]').click()
    else:
        page.locator(".bj-amount input").fill(answer)
        page.locator(".bj-amount input").press("Enter")


def answer_right(page: Page, p: Practice, upto: int, start: int = 0) -> None:
    """Answer the round's steps ``start`` to ``upto`` as the engine would, going on by keyboard."""
    for index, q in enumerate(p.questions[start:upto], start=start):
        expect(page.locator(".bj-question h3")).to_have_text(f"Step {index + 1} of {len(p.questions)}")
        expect(page.locator(".bj-answer legend")).to_have_text(q.prompt)
        give(page, q, str(q.answer))
        expect(page.locator(".bj-feedback .bj-right")).to_be_visible()
        expect(page.locator("#bj-next")).to_be_focused()
        page.keyboard.press("Enter")


def at_the_dealers_draw(page: Page) -> None:
    """CL: a round answered right up to the dealer's draw on a total the rule set makes him stand on."""
    p, index = find("CL", "dealer_draw", "stand")
    open_round(page, "CL", p.seed)
    answer_right(page, p, index)


def expect_the_standing_rule(feedback: Locator) -> None:
    """The rule behind the dealer's draw, quoted: its value here in the trade's words, and CL-11.3
    and CL-11.4 linked, in their own words, with their gist."""
    expect(feedback.locator(".bj-rule[data-field=dealer_stands_soft_17]")).to_contain_text("Here: stands (S17).")
    for clause_id, href in (("CL-11.3", "cl.html#cl-11-3"), ("CL-11.4", "cl.html#cl-11-4")):
        expect(feedback.locator(".bj-clause-id a", has_text=clause_id)).to_have_attribute("href", href)
        words = clause(clause_id)
        expect(feedback.locator(f'blockquote[lang="es"]:has-text("{words.text[:40]}")')).to_have_count(1)
        expect(feedback).to_contain_text(words.gist)


def mistake_on_the_dealers_draw(page: Page) -> None:
    """CL: the dealer draws on a total the rule set makes him stand on: CL-11.3 and CL-11.4."""
    at_the_dealers_draw(page)
    page.locator('.bj-answer button[data-value="draw"]').click()
    wrong = page.locator(".bj-feedback .bj-wrong")
    expect(wrong).to_contain_text("you answered Draw a card; the engine, under these rules: Stand.")
    expect_the_standing_rule(wrong)
    expect(page.locator("#bj-next")).to_be_focused()


def test_a_round_answered_right_scores_full_marks(trainee: Kept) -> None:
    page, p = trainee.page, practice(ruleset("UY"), 7)
    before = page.evaluate("({...bjPractice.tally})")  # the session's: this module's tests share the page
    open_round(page, "UY", 7)
    count = len(p.questions)
    answer_right(page, p, count - 1)
    expect(page.locator(".bj-question .bj-cards svg").first).to_be_visible()  # the site's SVG cards
    answer_right(page, p, count, start=count - 1)
    expect(page.locator(".bj-score h3")).to_have_text(f"Round over: {count} of {count} right")
    expect(page.locator(".bj-score h3")).to_be_focused()
    rounds, right, asked = before["rounds"] + 1, before["right"] + count, before["asked"] + count
    finished = f"{rounds} round finished" if rounds == 1 else f"{rounds} rounds finished"
    expect(page.locator("#bj-tally")).to_have_text(f"This session: {finished}, {right} of {asked} steps right.")
    page.locator("#bj-again").click()  # the next seed: the tally carries on
    expect(page.locator("#bj-round h2")).to_contain_text("seed 8")
    expect(page.locator("#bj-seed")).to_have_value("8")
    assert trainee.foreign == []


def test_a_mistake_names_its_clause_in_the_regulations_words(trainee: Kept) -> None:
    page = trainee.page
    mistake_on_the_dealers_draw(page)
    assert page.evaluate("window.bjPractice.round().right") == page.evaluate("window.bjPractice.round().index")
    assert trainee.foreign == []


def test_a_right_answer_quotes_its_rule_and_clauses_too(trainee: Kept) -> None:
    """The dealer stands (CL): right, and the trainee reads why, as after a wrong answer."""
    page = trainee.page
    at_the_dealers_draw(page)
    page.locator('.bj-answer button[data-value="stand"]').click()
    right = page.locator(".bj-feedback .bj-right")
    expect(right).to_contain_text("Right: Stand.")
    expect_the_standing_rule(right)
    assert trainee.foreign == []


def test_a_wrong_payment_and_a_malformed_amount(trainee: Kept) -> None:
    page = trainee.page
    p, index = next(
        (x, i)
        for x in (practice(ruleset("CL"), seed) for seed in range(400))
        for i, q in enumerate(x.questions)
        if q.step == "pay:blackjack"
    )
    open_round(page, "CL", p.seed)
    answer_right(page, p, index)
    amount = page.locator(".bj-amount input")
    amount.fill("12,5")  # not an amount: said at once, the step waits for a real one
    amount.press("Enter")
    expect(page.locator(".bj-feedback .bj-error[role=alert]")).to_contain_text("not an amount")
    expect(amount).to_be_enabled()
    q = p.questions[index]
    assert q.box is not None
    stake = {box: bet for box, _, bet in p.bets}[q.box]
    amount.fill(str(stake))  # paid 1 to 1: the blackjack payout is 3 to 2 (CL-5.2, CL-8)
    amount.press("Enter")
    wrong = page.locator(".bj-feedback .bj-wrong")
    expect(wrong.locator(".bj-rule[data-field=blackjack_payout] .bj-clause-id a")).to_have_text(["CL-5.2", "CL-8"])
    expect(wrong).to_contain_text(clause("CL-5.2").text)
    assert trainee.foreign == []


def test_a_not_stated_rule_shows_the_assumption(trainee: Kept) -> None:
    page = trainee.page
    open_round(page, "ES", 0)  # the Melilla text does not say how many cards to burn
    page.locator('.bj-answer button[data-value="0"]').click()
    wrong = page.locator(".bj-feedback .bj-wrong")
    expect(wrong.locator(".bj-assumed")).to_contain_text(ruleset("ES").citations["burn_after_shuffle"].note)
    expect(wrong.locator(".bj-clause-id")).to_have_count(0)
    assert trainee.foreign == []


def test_practice_on_a_phone(trainee_phone: Kept) -> None:
    tab = trainee_phone.page
    mistake_on_the_dealers_draw(tab)
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px)"
    box = tab.locator(".bj-question").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert trainee_phone.foreign == []


def test_the_onboarding_page_links_to_its_rulebook(page: Page, foreign: list[str]) -> None:  # noqa: F811  (the fixtures imported above)
    page.goto("generated/onboarding-uy.html")
    page.get_by_role("link", name="deal a round as the dealer under these rules").click()
    expect(page).to_have_url(re.compile(r"/generated/practice\.html\?reg=UY$"))
    expect(page.locator("#bj-round h2")).to_contain_text("Uruguay", timeout=READY_MS)
    expect(page.locator("#bj-reg")).to_have_value("UY")
    assert foreign == []


def test_the_practice_meets_wcag_2_1_aa(trainee: Kept, trainee_phone: Kept) -> None:
    """With a mistake and its clauses shown (desktop and phone)."""
    for tab in (trainee.page, trainee_phone.page):
        mistake_on_the_dealers_draw(tab)
        assert tab.evaluate(RUN_AXE) == []


def test_a_houses_hole_card_lies_face_down_until_the_peek_turns_it(page: Page, foreign: list[str]) -> None:  # noqa: F811  (the fixtures imported above)
    """ES with a house's hole card (``peek``, from the address): the dealer's second card is
    drawn face down, named as his hole card and never by its value (axe-clean so), until the
    peek under his ten finds a blackjack and turns it face up."""
    p = practice(ruleset("ES").with_values(hole_card="peek"), 180)
    peek = next(i for i, q in enumerate(p.questions) if q.kind == "peek")
    hole = next(e.card for e in p.log if e.type == "dealer_hole")
    assert hole and [q.kind for q in p.questions[peek : peek + 2]] == ["peek", "peek_result"]
    page.context.add_init_script(path=AXE)
    page.goto(f"{PRACTICE_PAGE}?reg=ES&seed=180&hole_card=peek")
    expect(page.locator("#bj-round h2")).to_contain_text("(ES), seed 180", timeout=READY_MS)
    expect(page.locator("#bj-hole_card")).to_have_value("peek")
    expect(page.locator(".bj-house")).to_contain_text("dealt face down, checked for a blackjack under an ace or a ten")
    answer_right(page, p, peek)
    dealer = page.locator(".bj-question .bj-dealer .bj-cards")
    up = card_name(p.questions[peek].scene["dealer"][0])
    expect(dealer).to_have_attribute("aria-label", f"{up}, your hole card, face down")
    expect(dealer.locator("svg.bj-face-down")).to_have_count(1)
    assert page.evaluate(RUN_AXE) == []
    answer_right(page, p, peek + 2, start=peek)  # the peek, and the blackjack it finds: turned
    expect(dealer).to_have_attribute("aria-label", f"{up}, {card_name(hole)}")
    expect(dealer.locator("svg")).to_have_count(2)
    expect(dealer.locator("svg.bj-face-down")).to_have_count(0)
    assert foreign == []


def test_practice_opened_from_disk_says_how_to_serve(page: Page, site_dir: Path) -> None:
    page.goto((site_dir / PRACTICE_PAGE).as_uri())
    expect(page.locator("#bj-status")).to_contain_text("make serve")
    expect(page.locator(".bj-disk-note")).to_be_visible()
    expect(page.locator("#bj-start")).to_be_disabled()
    expect(page.locator("h1")).to_contain_text("Practise dealing")
    expect(page.locator("#bj-tally")).to_contain_text("no round")
    expect(page.locator("nav.md-nav--primary").get_by_text("Play it yourself")).to_be_attached()


def test_served_the_page_does_not_say_opened_from_disk(browser: Browser, site_url: str, site_dir: Path) -> None:
    disk_note_only_from_disk(browser, site_url, site_dir, PRACTICE_PAGE)
