"""The site in Spanish, Czech and Italian beside English, in the browser: the language switcher
leads to the same page in another language, ``lang`` is right on the page and on its quotes,
search finds Czech words (lunr has no Czech stemmer and its trimmer would cut Czech letters), and
a trainee walks from the home page in their language to the onboarding and practice of their
rulebook meeting no English sentence on a page declared translated (the pages still pending say,
in the reader's language, that they are shown in English, and are marked ``lang="en"``), nor in a
whole practice round (its questions, choices, verdicts and rules), nor at the play table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from spec_engine.i18n import TRANSLATED
from spec_engine.pages import site
from tests.english import english_sentences

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ENGLISH_ONLY = {"es": "solo está en inglés", "cs": "jen v angličtině", "it": "solo in inglese"}
"""The notice of a page in English by design, in each language (the catalog's words)."""


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_switcher_leads_to_the_same_page_in_each_language(page: Page, code: str) -> None:
    page.goto(f"{code}/generated/glossary.html")
    assert page.locator("html").get_attribute("lang") == code
    links = page.locator("a.md-select__link")
    hrefs = {links.nth(i).get_attribute("hreflang"): links.nth(i).get_attribute("href") for i in range(links.count())}
    assert set(hrefs) == {"en", "es", "cs", "it"}
    page.locator("a.md-select__link[hreflang=en]").dispatch_event("click")
    expect(page).to_have_url(page.url.split(f"/{code}/")[0] + "/generated/glossary.html")
    assert page.locator("html").get_attribute("lang") == "en"
    page.locator(f"a.md-select__link[hreflang={code}]").dispatch_event("click")
    expect(page).to_have_url(page.url.replace("/generated/", f"/{code}/generated/"))


def test_quotes_keep_their_language_and_english_left_is_marked(page: Page) -> None:
    page.goto("cs/generated/uy.html")  # Uruguay's page in Czech: its clauses quoted in Spanish
    assert page.locator("html").get_attribute("lang") == "cs"
    expect(page.locator(".language-notice")).to_contain_text("Překlad projektu")
    assert page.locator('article blockquote[lang="es"]').count() > 50
    assert page.locator('article div[lang="en"] blockquote').count() == 0  # nothing left in English
    page.goto("it/generated/glossary.html")
    assert page.locator('q[lang="it"]').count() >= 10
    page.goto("es/protocol.html")  # a page for labs: English by design, and marked so
    assert page.locator("html").get_attribute("lang") == "es"
    expect(page.locator(".language-notice")).to_contain_text(ENGLISH_ONLY["es"])
    assert page.locator('article [lang="en"]').count() >= 1


@pytest.mark.parametrize(
    ("code", "query", "found"),
    [
        ("cs", "sázení", "cz.html#cz-hra-4"),
        ("cs", "řezací", "cz.html#cz-karty-4"),
        ("cs", "děkuji", "cz.html#cz-hra-4"),
        ("es", "plantarse", "cl.html#cl-"),
    ],
)
@pytest.mark.search
def test_search_finds_words_of_each_language(page: Page, code: str, query: str, found: str) -> None:
    page.goto(f"{code}/index.html")
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material searches on keyup (see test_site.search)
    results = page.locator(".md-search-result__list a.md-search-result__link")
    expect(results.first).to_be_visible()
    hrefs = [re.sub(r"\?[^#]*", "", results.nth(i).get_attribute("href") or "") for i in range(results.count())]
    assert any(found in href for href in hrefs), hrefs


@pytest.mark.parametrize(("code", "reg"), [("es", "UY"), ("cs", "CZ"), ("it", "IT")])
def test_a_trainee_walks_home_onboarding_practice_in_their_language(page: Page, code: str, reg: str) -> None:
    declared = set(site.translated_pages())
    page.goto(f"{code}/index.html")
    walked = []
    for step in (f'a[href$="onboarding-{reg.lower()}.html"]', f'a[href*="practice.html?reg={reg}"]'):
        name = page.url.split(f"/{code}/", 1)[1].split("?")[0].replace(".html", ".md")
        walked.append(name)
        assert name in declared, name  # every page of the walk is translated
        assert english_sentences(page.content(), code) == [], name
        page.locator(f"article {step}").first.click()
        assert page.locator("html").get_attribute("lang") == code
    assert english_sentences(page.content(), code) == [], "practice"
    expect(page.locator("#bj-status")).to_contain_text("Python", timeout=60_000)
    expect(page.locator("#bj-start")).to_be_enabled(timeout=60_000)  # its scripts and Python found under /<code>/
    page.locator("#bj-start").click()
    expect(page.locator("#bj-round")).not_to_be_empty(timeout=60_000)
    assert walked[0] == "index.md"
    steps = _practise_a_round(page, code)
    assert steps > 5, steps


def _practise_a_round(page: Page, code: str) -> int:
    """Answer every step of the round dealt (the first choice, or 0 for a payment), each
    question and each verdict read in ``code`` with no English sentence; the steps answered."""
    steps = 0
    while not page.locator("#bj-score-title").count():
        expect(page.locator(".bj-question")).to_be_visible(timeout=30_000)
        assert english_sentences(page.content(), code) == [], steps
        if page.locator(".bj-amount input").count():
            page.locator(".bj-amount input").fill("0")
            page.locator(".bj-amount button").click()
        else:
            page.locator(".bj-choices button").first.click()
        expect(page.locator("#bj-next")).to_be_visible(timeout=30_000)
        assert english_sentences(page.content(), code) == [], steps  # the verdict, the rule, its clauses
        assert page.locator(".bj-feedback .bj-rule, .bj-feedback p").count() >= 2  # the rule said, right or wrong
        page.locator("#bj-next").click()
        steps += 1
    assert english_sentences(page.content(), code) == [], "score"
    return steps


def test_the_python_in_the_page_answers_in_the_pages_language(page: Page) -> None:
    """The worker activates the page's language: the engine's refusal reads in Spanish under
    /es/, one sentence in CL's word for doubling, and the table says no English sentence."""
    page.goto("es/generated/play.html")
    expect(page.locator("#bj-deal")).to_be_enabled(timeout=60_000)
    page.select_option("#bj-reg", "CL")
    page.fill("#bj-box", "TS 2H")
    page.fill("#bj-dealer", "9D")
    page.fill("#bj-rest", "5C")
    page.fill("#bj-seed", "")
    page.click("#bj-deal")
    cl = page.locator('#bj .bj-table[data-reg="CL"]')
    cl.locator('button[data-action="double"][data-legal="false"]').click()
    expect(cl.locator(".bj-refusal")).to_contain_text(
        "No está permitido doblar: solo se puede doblar con 9, 10, 11, no con 12"
    )
    expect(cl.locator(".bj-hand")).to_contain_text("Casilla 1: ")
    assert english_sentences(page.content(), "es") == []
    page.select_option("#bj-reg", "UY")
    page.click("#bj-deal")
    uy = page.locator('#bj .bj-table[data-reg="UY"]')
    uy.locator('button[data-action="stand"][data-legal="true"]').click()
    expect(uy.locator(".bj-settlement")).to_contain_text("Liquidación")
    expect(uy.locator(".bj-hand")).to_contain_text("Casillero 1: ")  # Uruguay's word for the box
    assert english_sentences(page.content(), "es") == []


@pytest.mark.parametrize("name", ["cost", "strategy", "pairs"])
@pytest.mark.parametrize("code", TRANSLATED)
def test_the_cost_pages_show_no_english_sentence(page: Page, code: str, name: str) -> None:
    page.goto(f"{code}/generated/{name}.html")
    assert page.locator("html").get_attribute("lang") == code
    assert english_sentences(page.content(), code) == []


@pytest.mark.parametrize(
    ("code", "refusal"),
    [
        ("es", "Elija dos reglamentos distintos."),
        ("cs", "Zvolte dva různé předpisy."),
        ("it", "Scelga due regolamenti diversi."),
    ],
)
def test_the_pair_picker_refuses_a_pair_in_the_page_s_language(page: Page, code: str, refusal: str) -> None:
    page.goto(f"{code}/generated/pairs.html?a=uy&b=uy")
    expect(page.locator("#pair-note")).to_have_text(refusal)
    page.goto(f"{code}/generated/pairs.html?a=uy&b=cz")
    expect(page.locator("h2#uy-cz")).to_be_in_viewport()
