"""Play it yourself: the engine in the page, with Pyodide served by the site.

The page ``generated/play.html`` has one widget, started as the page opens; every worked hand
(``generated/worked-hands.html``) and every regulation page has its own, folded: Python is
fetched only when the reader opens one. Every request to another host is aborted and fails the
test (the site must work offline); the widgets play a hand to its settlement, show a refusal with
its clause's id and words, work on a phone-sized viewport, and opened from disk say how to serve
the site (the page's "opened from disk" paragraph shows only then, or without JavaScript). Python
runs in the page's worker: a test that presses a button waits for the table it redraws.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, JSHandle, Locator, Page, Route, expect

from spec_engine.catalog import REGULATION_IDS, clause
from spec_engine.rules import ruleset

from .conftest import TIMEOUT_MS, VIEWPORT, new_context, shoot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_PAGE = "generated/play.html"
READY_MS = 90_000
"""Longest wait for Python to be ready (about 3 s here; CI runs these beside other tests)."""

PHONE = {"width": 390, "height": 844}

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
    // the colours a transition is still moving (a button just focused) are not the page's
    const ending = document.getAnimations().filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map(a => a.finished.catch(() => null)));
    const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
    const result = await axe.run(document, {runOnly: {type: "tag", values: wcag}, resultTypes: ["violations"]});
    return result.violations.map(v => v.id + " x" + v.nodes.length + ": " + v.nodes[0].html.slice(0, 100));
}"""
"""axe-core's WCAG 2.1 A/AA violations of the page as it is now (the tables drawn by the script),
once every transition under way has ended."""


def guard(context: BrowserContext, site_url: str) -> list[str]:
    """Abort every request not to the local server (the site's addresses, each a port of
    127.0.0.1: :func:`~tests.browser.conftest.address`); returns the list of those attempted."""
    local = urlsplit(site_url).hostname
    foreign: list[str] = []

    def route(route: Route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or parts.hostname == local:
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
    ctx = new_context(browser, site_url, viewport=PHONE, is_mobile=True)
    ctx.set_default_timeout(TIMEOUT_MS)
    attempted = guard(ctx, site_url)
    tab = ctx.new_page()
    try:
        yield tab, attempted
    finally:
        shoot(tab, request, full_page=True)
        ctx.close()


@dataclasses.dataclass
class Kept:
    """A tab a module's tests share (:func:`keep`): the page, the requests to other hosts it
    attempted (aborted; emptied before each test), every address it asked for, and those it had
    asked for by the time it was ready."""

    page: Page
    foreign: list[str]
    requests: list[str] = dataclasses.field(default_factory=list)
    loaded: list[str] = dataclasses.field(default_factory=list)


def keep(
    browser: Browser, site_url: str, path: str, ready: Callable[[Page], None], *, on_phone: bool = False
) -> Iterator[Kept]:
    """One tab on ``path`` for a module's tests, on the desktop or a phone (the options of
    ``page`` and ``phone``), axe injected, requests to other hosts aborted; ``ready`` waits for
    the page to be ready once it has loaded.

    Why share it: a page that runs Python boots Pyodide in its worker, about 8 s of Chromium's
    CPU, the most such a test costs; the tests that only deal again (the play page's Deal, the
    practice's Deal a round) start from the state they make themselves, on a page booted once.
    Each waits for its own deal to be drawn (:func:`redrawn`), never for what an earlier test
    left. A test of what a page does as it opens (a link's preset, the fetches before a widget
    opens) opens its own. A module's tests get such a tab through :func:`shared_tab`."""
    options: dict[str, Any] = {"viewport": PHONE, "is_mobile": True} if on_phone else {"viewport": VIEWPORT}
    ctx = new_context(browser, site_url, **options)
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.add_init_script(path=AXE)
    kept = Kept(ctx.new_page(), guard(ctx, site_url))
    ctx.on("request", lambda request: kept.requests.append(request.url))
    kept.page.goto(path)
    ready(kept.page)
    kept.loaded = list(kept.requests)
    try:
        yield kept
    finally:
        ctx.close()


def shared_tab(path: str, ready: Callable[[Page], None], *, on_phone: bool = False) -> Any:
    """A module-scoped fixture: one tab on ``path`` (:func:`keep`) that the module's tests share;
    after each test that used it, its screenshot if the test failed, and its aborted requests
    emptied (:func:`after_each_test_on_a_shared_tab`, which the modules import)."""

    @pytest.fixture(scope="module")
    def tab(browser: Browser, site_url: str) -> Iterator[Kept]:
        yield from keep(browser, site_url, path, ready, on_phone=on_phone)

    return tab


@pytest.fixture(autouse=True)
def after_each_test_on_a_shared_tab(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test, for each shared tab it used (:func:`shared_tab`): its screenshot if the
    test failed, then its aborted requests emptied for the next test."""
    yield
    for value in request.node.funcargs.values():
        if isinstance(value, Kept):
            shoot(value.page, request, full_page=value.page.viewport_size == PHONE)
            value.foreign.clear()


def network_idle(page: Page) -> None:
    """Wait until the page has loaded and made no request for a moment (a folded widget's page)."""
    page.wait_for_load_state("networkidle")


def python_ready(page: Page) -> None:
    """Wait until the play page's Python is ready (the Deal button is enabled)."""
    expect(page.locator("#bj-status")).to_contain_text("Python is ready", timeout=READY_MS)
    expect(page.locator("#bj-deal")).to_be_enabled()


play = shared_tab(PLAY_PAGE, python_ready)
"""The play page on the desktop, Python ready, shared by this module's tests."""
play_phone = shared_tab(PLAY_PAGE, python_ready, on_phone=True)
"""The play page on a phone, Python ready, shared by this module's tests."""


def redrawn(page: Page, before: JSHandle) -> None:
    """Wait until ``before`` (an element, or null) has left the page: the deal or round asked
    for since has been drawn in its place (on a shared tab an earlier test's tables look alike)."""
    page.wait_for_function("before => !before || !before.isConnected", arg=before, timeout=READY_MS)


def deal(
    page: Page, reg: str | None, box: str, dealer: str, rest: str = "", bet: str = "10", widget: str = "bj"
) -> None:
    """Fill a widget's form (``reg`` None: a one-rulebook widget) and deal."""
    if reg is not None:
        page.select_option(f"#{widget}-reg", reg)
    page.fill(f"#{widget}-box", box)
    page.fill(f"#{widget}-dealer", dealer)
    page.fill(f"#{widget}-rest", rest)
    page.fill(f"#{widget}-seed", "")
    page.fill(f"#{widget}-bet", bet)
    before = page.evaluate_handle(f"document.querySelector('#{widget} .bj-table')")
    page.click(f"#{widget}-deal")
    redrawn(page, before)


def table(page: Page, reg: str, widget: str = "bj") -> Locator:
    return page.locator(f'#{widget} .bj-table[data-reg="{reg}"]')


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


def refuse_double_on_12(page: Page, reg: str | None = "CL", widget: str = "bj") -> None:
    """CL: doubling on 12 is refused, citing CL-13a.1 in the regulation's words and in English."""
    deal(page, reg, "TS 2H", "9D", "5C", widget=widget)
    cl = table(page, "CL", widget)
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


def test_play_a_hand_to_its_settlement(play: Kept) -> None:
    play_to_settlement(play.page)
    assert play.foreign == []


def test_a_refusal_shows_its_clause(play: Kept) -> None:
    refuse_double_on_12(play.page)
    assert play.foreign == []


def test_surrender_is_offered_nowhere_and_says_why(play: Kept) -> None:
    """No text mentions surrender: the button is there (as every refused action is), and its
    refusal cites the club's ban on changing a bet once the round has started (CL-15.2, the
    rule set's reading); Campione's, where the summary is silent, names the assumption, with no
    clause to cite."""
    page = play.page
    deal(page, "all", "TS 6H", "TD", "5C")
    for reg, clauses in (("CL", 1), ("IT", 0)):
        tab = table(page, reg)
        button = tab.locator('button[data-action="surrender"][data-legal="false"]')
        expect(button).to_be_visible()
        button.click()
        refusal = tab.locator(".bj-refusal")
        expect(refusal).to_contain_text("surrender refused")
        expect(refusal).to_contain_text("CL-15.2" if clauses else "does not mention surrender")
        assert refusal.locator(".bj-clause-id").count() == clauses
        expect(tab.locator(".bj-hand")).to_contain_text("= 16")  # nothing was played
    assert play.foreign == []


def test_all_five_rulebooks_side_by_side(play: Kept) -> None:
    page = play.page
    deal(page, "all", "8S 8H", "6D", "3C TD 2H 7S")
    for reg in REGULATION_IDS:
        expect(table(page, reg).locator(".bj-hand")).to_contain_text("8")
        expect(table(page, reg).locator(".bj-cards svg").first).to_be_visible()
    # each table is played on its own: standing on CL leaves the others as they were
    table(page, "CL").locator('button[data-action="stand"]').click()
    expect(table(page, "CL").locator(".bj-settlement")).to_be_visible()
    expect(table(page, "UY").locator(".bj-settlement")).to_have_count(0)
    assert play.foreign == []
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in play.requests)
    assert any(url.endswith("/pyodide/engine.zip") for url in play.requests)


def test_a_seeded_deal(play: Kept) -> None:
    page = play.page
    page.select_option("#bj-reg", "UY")
    for field in ("box", "dealer", "rest"):
        page.fill(f"#bj-{field}", "")
    page.fill("#bj-seed", "7")
    before = page.evaluate_handle("document.querySelector('#bj .bj-table')")
    page.click("#bj-deal")
    redrawn(page, before)
    expect(table(page, "UY").locator(".bj-hand .bj-cards svg")).to_have_count(2)
    expect(page.locator("#bj .bj-table")).to_have_count(1)
    assert play.foreign == []


def test_a_link_presets_the_cards_and_deals(page: Page, foreign: list[str]) -> None:
    page.goto(PLAY_PAGE + "?reg=UY&box=8S+8H&dealer=6D&rest=3C")
    uy = table(page, "UY")
    expect(uy.locator(".bj-hand")).to_contain_text("= 16", timeout=READY_MS)
    expect(uy.locator('button[data-action="split"]')).to_be_visible()
    expect(page.locator("#bj-box")).to_have_value("8S 8H")
    expect(page.locator(".bj-table")).to_have_count(1)
    assert foreign == []


def test_on_a_phone(play_phone: Kept) -> None:
    tab = play_phone.page
    play_to_settlement(tab)
    refuse_double_on_12(tab)
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px)"
    box = table(tab, "CL").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert play_phone.foreign == []


def test_the_played_tables_meet_wcag_2_1_aa(play: Kept, play_phone: Kept) -> None:
    """With five tables dealt, a refusal and a settlement shown (desktop and phone)."""
    for tab in (play.page, play_phone.page):
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
    expect(page.locator(".bj-disk-note")).to_be_visible()
    expect(page.locator(".bj-disk-note")).to_contain_text("Opened from disk")
    expect(page.locator("#bj-deal")).to_be_disabled()
    expect(page.locator("h1")).to_contain_text("Play it yourself")
    expect(page.locator("nav.md-nav--primary").get_by_text("Same hand, five rulebooks")).to_be_attached()


def disk_note_only_from_disk(browser: Browser, site_url: str, site_dir: Path, path: str) -> None:
    """The page's "opened from disk" paragraph: hidden when served; shown from disk, with or
    without JavaScript (without it, nothing can tell the two apart: shown served too)."""
    served = new_context(browser, site_url, python=False)  # (the note and the page's class are read here, not Python)
    tab = served.new_page()
    tab.goto(path)
    expect(tab.locator(".bj-disk-note")).to_have_count(1)
    expect(tab.locator(".bj-disk-note")).to_be_hidden()
    assert tab.evaluate("document.documentElement.classList.contains('bj-served')")
    served.close()
    for javascript in (True, False):
        ctx = browser.new_context(java_script_enabled=javascript)
        tab = ctx.new_page()
        tab.goto((site_dir / path).as_uri())
        expect(tab.locator(".bj-disk-note")).to_be_visible()
        ctx.close()
    ctx = browser.new_context(base_url=site_url, java_script_enabled=False)
    tab = ctx.new_page()
    tab.goto(path)
    expect(tab.locator(".bj-disk-note")).to_be_visible()
    ctx.close()


def test_served_the_page_does_not_say_opened_from_disk(browser: Browser, site_url: str, site_dir: Path) -> None:
    disk_note_only_from_disk(browser, site_url, site_dir, PLAY_PAGE)


def test_other_pages_do_not_load_python(page: Page, page_requests: list[str]) -> None:
    page.goto("generated/rules.html")
    page.wait_for_load_state("networkidle")
    assert not [url for url in page_requests if "/pyodide/" in url or url.endswith(("play.js", "python.js"))]


# ------------------------------------------------------------------ the widgets on other pages

WORKED = "generated/worked-hands.html"


def open_widget(page: Page, widget: str) -> Locator:
    """Open a folded widget (its <details>), unless a test before opened it on this tab, and
    wait for its first deal; returns the widget."""
    root = page.locator(f"#{widget}")
    if not page.locator(f"details.bj-try:has(#{widget})").evaluate("details => details.open"):
        page.locator(f"details.bj-try:has(#{widget}) > summary").click()
    expect(root.locator(".bj-status")).to_contain_text("Python is ready", timeout=READY_MS)
    expect(root.locator(".bj-table").first).to_be_visible()  # (a deal draws its tables at once)
    return root


def deal_the_pages_hand(page: Page, widget: str) -> None:
    """Deal a worked hand's widget its page's hand again: its form as the page wrote it (the
    reader's reset), then Deal (the page's decisions come with it)."""
    page.locator(f"#{widget} form").evaluate("form => form.reset()")
    before = page.evaluate_handle(f"document.querySelector('#{widget} .bj-table')")
    page.click(f"#{widget}-deal")
    redrawn(page, before)


worked = shared_tab(WORKED, network_idle)
"""The worked hands on the desktop, shared by this module's tests."""
worked_phone = shared_tab(WORKED, network_idle, on_phone=True)
"""The worked hands on a phone, shared by this module's tests."""


def page_nets(page: Page, slug: str) -> dict[str, str]:
    """The worked hand's own table on the page: each rule set's name -> its bettors' net results."""
    rows = page.locator(f"xpath=//h2[@id='{slug}']/following::table[1]/tbody/tr")
    out = {}
    for row in rows.all():
        cells = [c.inner_text().strip() for c in row.locator("td").all()]
        out[cells[0]] = cells[-1]
    return out


def follow_the_page(page: Page, widget: str, reg: str) -> list[str]:
    """Press "The page's next decision" on one table until none is left; the clause ids refused."""
    cited: list[str] = []
    tab = table(page, reg, widget)
    expect(tab.locator(".bj-hand").first).to_be_visible()  # (dealt: its next decision, if any, is drawn with it)
    while tab.locator("button.bj-next").count():
        step = tab.locator("button.bj-next").get_attribute("data-step")
        tab.locator("button.bj-next").click()
        expect(tab.locator(f'button.bj-next[data-step="{step}"]')).to_have_count(0)
        cited += tab.locator(".bj-refusal .bj-clause-id a").all_inner_texts()
    return cited


def test_a_worked_hand_plays_in_place(worked: Kept) -> None:
    """The eights, in place under the five rulebooks: the page's decisions give the page's results
    (Italy refuses doubling after a split, citing IT-15); a second widget keeps its own rounds.
    Python is fetched only once a widget is opened."""
    page = worked.page
    assert not [url for url in worked.loaded if "/pyodide/" in url], "Python fetched before a widget was opened"
    root = open_widget(page, "bj-eights")
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in worked.requests)
    deal_the_pages_hand(page, "bj-eights")
    expect(root.locator(".bj-table")).to_have_count(len(REGULATION_IDS))
    expect(table(page, "CL", "bj-eights").locator(".bj-hand").first).to_contain_text("= 16")
    nets = page_nets(page, "eights")
    refused = {reg: follow_the_page(page, "bj-eights", reg) for reg in REGULATION_IDS}
    for reg in REGULATION_IDS:
        tab = table(page, reg, "bj-eights")
        expect(tab.locator(".bj-settlement")).to_contain_text(f"Net results: P1 {nets[ruleset(reg).name]}")
        expect(tab.locator(".bj-actions")).to_have_count(0)
    assert "IT-15" in refused["IT"] and refused["CL"] == []
    # another worked hand on the same page: its own form and rounds
    other = open_widget(page, "bj-stand-11")
    deal_the_pages_hand(page, "bj-stand-11")
    expect(other.locator(".bj-table")).to_have_count(len(REGULATION_IDS))
    table(page, "CL", "bj-stand-11").locator('button[data-action="hit"]').first.click()
    expect(table(page, "CL", "bj-stand-11").locator(".bj-hand")).to_contain_text("= 20")
    expect(table(page, "CL", "bj-eights").locator(".bj-settlement")).to_contain_text("Net results")
    assert worked.foreign == []


def test_a_worked_hand_with_other_cards_and_decisions(worked: Kept) -> None:
    """The form is the reader's: other cards and bets, played with the buttons (no page decisions then)."""
    page = worked.page
    open_widget(page, "bj-stand-11")
    page.select_option("#bj-stand-11-reg", "UY")
    page.fill("#bj-stand-11-cards-1", "TS 6H")
    page.fill("#bj-stand-11-bet-1", "25/2")
    before = page.evaluate_handle("document.querySelector('#bj-stand-11 .bj-table')")
    page.click("#bj-stand-11-deal")
    redrawn(page, before)
    uy = table(page, "UY", "bj-stand-11")
    expect(page.locator("#bj-stand-11 .bj-table")).to_have_count(1)
    expect(uy.locator(".bj-hand")).to_contain_text("= 16")
    expect(uy.locator("button.bj-next")).to_have_count(0)
    uy.locator('button[data-action="stand"]').click()
    expect(uy.locator(".bj-settlement")).to_contain_text("lose, stake 12.5, net -12.5")  # the dealer's 7 and 10
    assert worked.foreign == []


def test_a_regulation_page_refuses_with_its_clause(page: Page, foreign: list[str], page_requests: list[str]) -> None:
    """A regulation page's widget, folded: Python only once opened; its refusal cites the
    clause, and the page meets WCAG 2.1 AA with it shown (the phone's is read below)."""
    page.context.add_init_script(path=AXE)
    page.goto("generated/cl.html")
    page.wait_for_load_state("networkidle")
    assert not [url for url in page_requests if "/pyodide/" in url]
    root = open_widget(page, "bj-cl")
    expect(root.locator(".bj-table")).to_have_count(1)
    expect(table(page, "CL", "bj-cl").locator(".bj-hand")).to_contain_text("= 16")  # the form's cards, dealt
    refuse_double_on_12(page, None, "bj-cl")
    assert page.evaluate(RUN_AXE) == []
    assert foreign == []


def test_a_worked_hand_on_a_phone(worked_phone: Kept) -> None:
    tab = worked_phone.page
    open_widget(tab, "bj-eights")
    deal_the_pages_hand(tab, "bj-eights")
    assert "IT-15" in follow_the_page(tab, "bj-eights", "IT")
    expect(table(tab, "IT", "bj-eights").locator(".bj-settlement")).to_be_visible()
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px)"
    box = table(tab, "IT", "bj-eights").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert worked_phone.foreign == []


def test_a_worked_hand_opened_from_disk_says_how_to_serve(page: Page, site_dir: Path) -> None:
    page.goto((site_dir / WORKED).as_uri())
    page.locator("details.bj-try:has(#bj-eights) > summary").click()
    expect(page.locator("#bj-eights .bj-status")).to_contain_text("make serve")
    expect(page.locator("#bj-eights-deal")).to_be_disabled()
    expect(page.locator("h2#eights")).to_be_visible()  # the rest of the page is there
    expect(page.locator("xpath=//h2[@id='eights']/following::table[1]")).to_contain_text("P1 net")


def test_the_widgets_in_place_meet_wcag_2_1_aa(worked: Kept, worked_phone: Kept, phone: tuple[Page, list[str]]) -> None:
    """A worked hand opened and played (a refusal, settlements), on desktop and phone; a
    regulation page's widget opened, on a phone (the desktop's: the test above)."""
    for tab in (worked.page, worked_phone.page):
        open_widget(tab, "bj-eights")
        deal_the_pages_hand(tab, "bj-eights")
        follow_the_page(tab, "bj-eights", "CL")
        it = table(tab, "IT", "bj-eights")
        while not it.locator(".bj-refusal").count():
            step = it.locator("button.bj-next").get_attribute("data-step")
            it.locator("button.bj-next").click()  # Python answers from its worker: wait for the table
            expect(it.locator(f'button.bj-next[data-step="{step}"]')).to_have_count(0)
        expect(it.locator(".bj-refusal")).to_contain_text("IT-15")
        assert tab.evaluate(RUN_AXE) == []
    tab = phone[0]
    tab.context.add_init_script(path=AXE)
    tab.goto("generated/uy.html")
    open_widget(tab, "bj-uy")
    expect(table(tab, "UY", "bj-uy").locator(".bj-hand")).to_contain_text("= 16")
    assert tab.evaluate(RUN_AXE) == []
