"""The readers' questions in the browser (issue 23): a regulator reaches the cost between two
rulebooks from the matrix, the cost page and the home page, and filters the matrix by topic; a
trainee dealer finds their rulebook's onboarding and practice from the home page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from spec_engine.catalog import rulebook_name

pytestmark = pytest.mark.browser


def test_the_matrix_picks_two_rulebooks_and_shows_what_their_differences_cost(page: Page) -> None:
    page.goto("generated/rules.html")
    picker = page.locator("form.pair-picker")
    picker.locator('select[name="a"]').select_option("uy")
    picker.locator('select[name="b"]').select_option("cz")
    picker.locator("button").click()
    expect(page).to_have_url(re.compile(r"pairs\.html\?a=uy&b=cz#uy-cz$"))
    section = page.locator("h2#uy-cz")
    expect(section).to_be_in_viewport()
    table = page.locator('div[aria-label="UY to CZ"] table')
    expect(table.locator("tr.joint", has_text="splitting, all at once")).to_have_count(1)
    expect(table.locator("tr.total")).to_contain_text("in all")


def test_a_matrix_row_links_to_its_cost_between_rulebooks(page: Page) -> None:
    page.goto("generated/rules.html")
    link = page.locator("#rule-split_aces_one_card th a", has_text="its cost between two rulebooks")
    link.click()
    expect(page.locator("h3#rule-split_aces_one_card")).to_be_in_viewport()


def test_the_cost_page_and_the_home_page_lead_there(page: Page) -> None:
    page.goto("generated/cost.html")
    expect(page.locator("article a", has_text="the cost between two rulebooks").first).to_be_attached()
    page.goto("index.html")
    regulators = page.locator("article li", has_text="Regulators and clubs")
    expect(regulators.locator('a[href="generated/pairs.html"]')).to_have_count(1)
    expect(regulators.locator('a[href="generated/cost.html"]')).to_have_count(1)


def test_the_splitting_filter_shows_every_rule_about_splitting(page: Page) -> None:
    page.goto("generated/rules.html")
    page.locator('.topic-filter[data-topic="splitting"]').click()
    expect(page.locator("#rule-double_after_split_hands")).to_be_visible()  # filed under doubling
    expect(page.locator("#rule-max_split_hands")).to_be_visible()
    expect(page.locator("#rule-decks")).to_be_hidden()


def test_a_tied_row_says_the_texts_disagree_and_highlights_nothing(page: Page) -> None:
    page.goto("generated/rules.html")
    row = page.locator("#rule-decks")
    expect(row).to_contain_text("the texts disagree")
    expect(row.locator("td.differs")).to_have_count(0)


def test_a_trainee_chooses_a_rulebook_then_reads_and_practises(page: Page) -> None:
    page.goto("index.html")
    row = page.locator("article tr", has_text=rulebook_name("CZ", with_id=True))
    expect(row.locator('a[href="generated/onboarding-cz.html"]')).to_have_count(1)
    row.locator("a", has_text="practise dealing").click()
    expect(page).to_have_url(re.compile(r"practice\.html\?reg=CZ$"))
