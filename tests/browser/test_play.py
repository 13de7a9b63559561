"""Play it yourself (``generated/play.html``): the engine in the page, with Pyodide served by the site.

Every request to another host is aborted and fails the test (the site must work offline); the
page plays a hand to its settlement, shows a refusal with its clause's id and words, works on a
phone-sized viewport, and opened from disk says how to serve the site.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect

from spec_engine.catalog import REGULATION_IDS, clause

from .conftest import TIMEOUT_MS, screenshot_name

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_PAGE = "generated/play.html"
READY_MS = 90_000
"""Longest wait for Python to be ready (about 3 s here; CI runs these beside other tests)."""

PHONE = {"width": 390, "height": 844}


def guard(context: BrowserContext, site_url: str) -> list[str]:
    """Abort every request not to the local server; returns the list of those attempted."""
    local = urlsplit(site_url).netloc
    foreign: list[str] = []

    def route(route: Route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or parts.netloc == local:
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    context.route("**/*", route)
    return foreign


@pytest.fixture
def foreign(context: BrowserContext, site_url: str) -> list[str]:
    return guard(context, site_url)


@pytest.fixture
def phone(browser: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Page, list[str]]]:
    """A page on a 390x844 viewport (a phone), guarded like the others."""
    ctx = browser.new_context(base_url=site_url, viewport=PHONE, service_workers="block", is_mobile=True)  # type: ignore[arg-type]
    ctx.set_default_timeout(TIMEOUT_MS)
    attempted = guard(ctx, site_url)
    tab = ctx.new_page()
    try:
        yield tab, attempted
    finally:
        folder = request.config.rootpath / "reports" / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=folder / screenshot_name(request.node.name), full_page=True)
        ctx.close()


def open_ready(page: Page) -> None:
    """Open the page and wait until Python is ready (the Deal button is enabled)."""
    page.goto(PLAY_PAGE)
    expect(page.locator("#bj-status")).to_contain_text("Python is ready", timeout=READY_MS)
    expect(page.locator("#bj-deal")).to_be_enabled()


def deal(page: Page, reg: str, box: str, dealer: str, rest: str = "", bet: str = "10") -> None:
    page.select_option("#bj-reg", reg)
    page.fill("#bj-box", box)
    page.fill("#bj-dealer", dealer)
    page.fill("#bj-rest", rest)
    page.fill("#bj-seed", "")
    page.fill("#bj-bet", bet)
    page.click("#bj-deal")


def table(page: Page, reg: str) -> Locator:
    return page.locator(f'.bj-table[data-reg="{reg}"]')


def play_to_settlement(page: Page) -> None:
    """CL: box 1 ten-six against a nine, next card a five: hit (21), stand; the dealer busts."""
    deal(page, "CL", "TS 6H", "9D", "5C")
    cl = table(page, "CL")
    expect(cl.locator(".bj-hand")).to_contain_text("= 16")
    expect(cl.locator('button[data-action="hit"][data-legal="true"]')).to_be_visible()
    cl.locator('button[data-action="hit"]').click()
    expect(cl.locator(".bj-hand")).to_contain_text("= 21")
    assert page.evaluate("document.activeElement.closest('.bj-table').dataset.reg") == "CL"  # focus kept
    cl.locator('button[data-action="stand"]').click()
    settlement = cl.locator(".bj-settlement")
    expect(settlement).to_contain_text("win, stake 10, net +10")
    expect(settlement).to_contain_text("Your net result: +10")
    expect(cl.locator(".bj-dealer")).to_contain_text("= 24")
    expect(cl.locator(".bj-actions")).to_have_count(0)  # the round is over


def refuse_double_on_12(page: Page) -> None:
    """CL: doubling on 12 is refused, citing CL-13a.1 in the regulation's words and in English."""
    deal(page, "CL", "TS 2H", "9D", "5C")
    cl = table(page, "CL")
    other = cl.locator('button[data-action="double"][data-legal="false"]')
    expect(other).to_be_visible()
    other.click()
    refusal = cl.locator(".bj-refusal")
    words = clause("CL-13a.1")
    expect(refusal).to_contain_text("double refused")
    expect(refusal.locator(".bj-clause-id a", has_text="CL-13a.1")).to_have_attribute("href", "cl.html#cl-13a-1")
    expect(refusal).to_contain_text(words.text)
    expect(refusal).to_contain_text(words.gist)
    expect(cl.locator(".bj-hand")).to_contain_text("= 12")  # nothing was played


def test_play_a_hand_to_its_settlement(page: Page, foreign: list[str]) -> None:
    open_ready(page)
    play_to_settlement(page)
    assert foreign == []


def test_a_refusal_shows_its_clause(page: Page, foreign: list[str]) -> None:
    open_ready(page)
    refuse_double_on_12(page)
    assert foreign == []


def test_all_five_rulebooks_side_by_side(page: Page, foreign: list[str], page_requests: list[str]) -> None:
    open_ready(page)
    deal(page, "all", "8S 8H", "6D", "3C TD 2H 7S")
    for reg in REGULATION_IDS:
        expect(table(page, reg).locator(".bj-hand")).to_contain_text("8")
        expect(table(page, reg).locator(".bj-cards svg").first).to_be_visible()
    # each table is played on its own: standing on CL leaves the others as they were
    table(page, "CL").locator('button[data-action="stand"]').click()
    expect(table(page, "CL").locator(".bj-settlement")).to_be_visible()
    expect(table(page, "UY").locator(".bj-settlement")).to_have_count(0)
    assert foreign == []
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in page_requests)
    assert any(url.endswith("/pyodide/engine.zip") for url in page_requests)


def test_a_seeded_deal(page: Page, foreign: list[str]) -> None:
    open_ready(page)
    page.select_option("#bj-reg", "UY")
    for field in ("box", "dealer", "rest"):
        page.fill(f"#bj-{field}", "")
    page.fill("#bj-seed", "7")
    page.click("#bj-deal")
    expect(table(page, "UY").locator(".bj-hand .bj-cards svg")).to_have_count(2)
    assert foreign == []


def test_a_link_presets_the_cards_and_deals(page: Page, foreign: list[str]) -> None:
    page.goto(PLAY_PAGE + "?reg=UY&box=8S+8H&dealer=6D&rest=3C")
    uy = table(page, "UY")
    expect(uy.locator(".bj-hand")).to_contain_text("= 16", timeout=READY_MS)
    expect(uy.locator('button[data-action="split"]')).to_be_visible()
    expect(page.locator("#bj-box")).to_have_value("8S 8H")
    expect(page.locator(".bj-table")).to_have_count(1)
    assert foreign == []


def test_on_a_phone(phone: tuple[Page, list[str]]) -> None:
    tab, attempted = phone
    open_ready(tab)
    play_to_settlement(tab)
    refuse_double_on_12(tab)
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px)"
    box = table(tab, "CL").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert attempted == []


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """() => axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        resultTypes: ["violations"]})
    .then(result => result.violations.map(v => v.id + " x" + v.nodes.length + ": " + v.nodes[0].html.slice(0, 100)))"""
"""axe-core's WCAG 2.1 A/AA violations of the page as it is now (the tables drawn by the script)."""


def test_the_played_tables_meet_wcag_2_1_aa(page: Page, phone: tuple[Page, list[str]]) -> None:
    """With five tables dealt, a refusal and a settlement shown (desktop and phone)."""
    for tab in (page, phone[0]):
        tab.context.add_init_script(path=AXE)
        open_ready(tab)
        deal(tab, "all", "TS 2H", "9D", "5C")
        table(tab, "CL").locator('button[data-action="double"]').click()
        table(tab, "ES").locator('button[data-action="stand"]').click()
        expect(table(tab, "CL").locator(".bj-refusal")).to_be_visible()
        expect(table(tab, "ES").locator(".bj-settlement")).to_be_visible()
        table(tab, "ES").locator(".bj-log summary").click()
        assert tab.evaluate(RUN_AXE) == []


def test_opened_from_disk_says_how_to_serve(page: Page, site_dir: Path) -> None:
    page.goto((site_dir / PLAY_PAGE).as_uri())
    expect(page.locator("#bj-status")).to_contain_text("make serve")
    expect(page.locator("#bj-deal")).to_be_disabled()
    expect(page.locator("h1")).to_contain_text("Play it yourself")
    expect(page.locator("#bj-cards")).to_have_count(1)
    expect(page.locator("nav.md-nav--primary").get_by_text("Same hand, five rulebooks")).to_be_attached()


def test_other_pages_do_not_load_python(page: Page, page_requests: list[str]) -> None:
    page.goto("generated/worked-hands.html")
    page.wait_for_load_state("networkidle")
    assert not [url for url in page_requests if "/pyodide/" in url or url.endswith(("play.js", "python.js"))]
