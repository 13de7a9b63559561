"""The built site in a real browser: navigation, the comparison matrix, clause anchors,
scenario badges, search, offline use and the notebook pages.

Run after ``make site`` (``$BLACKJACK_SITE_DIR`` names another built site). Every test
that opens a page and fails leaves a screenshot, ``reports/screenshots/<test name>.png``; one check
(no file of the site loads from other hosts) reads the files and needs no browser.
"""

from __future__ import annotations

import contextlib
import html.parser
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from spec_engine.catalog import fold, regulation
from spec_engine.kit.trace import scenarios

from .conftest import TOUCH_PHONE, new_context, search_unindexed

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CLAUSE_ID = "UY-43.2"
CLAUSE_PAGE = "generated/uy.html"
CLAUSE_ANCHOR = "uy-43-2"

SCENARIO_PAGE = "generated/scenarios/uy-core.html"
SCENARIO_NAME = "A different card interrupts the series of splits"
SCENARIO_ANCHOR = "s" + str(
    next(i.line for i in scenarios() if i.feature == "features/uy/core.feature" and i.name == SCENARIO_NAME)
)
"""The scenario's anchor: ``s`` and its line in ``features/uy/core.feature`` (tagged ``@UY-43.2``, passing)."""

NOTEBOOK_PAGE = "generated/notebooks/five_rulebooks.html"

ASSET_ELEMENTS = ", ".join(
    [
        "script[src]",
        "img[src]",
        "iframe[src]",
        "source[src]",
        "video[src]",
        "audio[src]",
        "link[rel~=stylesheet]",
        "link[rel~=preload]",
        "link[rel~=icon]",
        "link[rel~=preconnect]",
        "link[rel~=dns-prefetch]",
        "link[rel~=modulepreload]",
    ]
)
"""Elements whose address the browser loads (some only later, e.g. lazy images)."""

LOCAL_SCHEMES = {"data", "blob", "about"}
"""Addresses that go to no host at all."""


REVEAL = """selector => {
    const link = document.querySelector(selector);
    if (!link) return false;
    const more = link.closest("details");  // a page's further sections: "N more on this page"
    if (more) more.open = true;
    link.scrollIntoView({block: "nearest"});
    return link.checkVisibility();
}"""
"""Shows a search result link (opening its page's "more" list); true once it is visible."""


def primary_nav(page: Page) -> Locator:
    """Material's left navigation (the site's nav tree)."""
    return page.locator("nav.md-nav--primary")


def matrix_cell(page: Page, field: str, reg_id: str) -> Locator:
    """The matrix cell of one rule field for one regulation (columns found by their header link)."""
    headers = page.locator("table.matrix thead th")
    hrefs = headers.evaluate_all("ths => ths.map(th => th.querySelector('a')?.getAttribute('href') ?? '')")
    column = hrefs.index(f"{reg_id.lower()}.html")  # th 0 is the rule name, then one per regulation
    return page.locator(f"table.matrix tr#rule-{field} > :nth-child({column + 1})")


def visible_rows(page: Page) -> list[str]:
    """The ids of the matrix rows shown."""
    rows = page.locator("table.matrix tbody tr")
    ids: list[str] = rows.evaluate_all("trs => trs.filter(tr => tr.offsetParent !== null).map(tr => tr.id)")
    return ids


def rows_where(page: Page, selector: str) -> list[str]:
    """The ids of the matrix rows matching a CSS selector, shown or not."""
    ids: list[str] = page.locator(f"table.matrix tbody tr{selector}").evaluate_all("trs => trs.map(tr => tr.id)")
    return ids


def is_local(url: str) -> bool:
    """True when an address stays on this machine's test server."""
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname == "127.0.0.1"


def test_navigation_home_to_rules_to_a_regulation(page: Page) -> None:
    """Home, then "Rules compared", then a regulation page, each reached through the nav."""
    page.goto("index.html")
    expect(page.locator("article h1")).to_contain_text("Blackjack Spec")

    primary_nav(page).get_by_role("link", name="Rules compared", exact=True).click()
    expect(page).to_have_url(re.compile(r"/generated/rules\.html$"))
    expect(page.locator("article h1")).to_contain_text("The rules compared")
    expect(page.locator("table.matrix")).to_be_visible()

    regulations = primary_nav(page).get_by_role("navigation", name="The regulations", exact=True)
    uruguay = f"{regulation('UY').short} (UY)"  # the navigation names each regulation by its short name
    regulations.get_by_role("link", name=uruguay, exact=True).click()
    expect(page).to_have_url(re.compile(r"/generated/uy\.html$"))
    expect(page.locator("article h1")).to_contain_text("Uruguay")
    expect(regulations.locator("a.md-nav__link--active")).to_have_text(uruguay)


def test_matrix_highlights_differences_and_filters_rows(page: Page) -> None:
    """Known differences are highlighted; the topic filter and "only rows that differ" hide rows."""
    page.goto("generated/rules.html")
    matrix = page.locator("table.matrix")
    expect(matrix).to_be_visible()

    # decks: the texts say 2 (CL), 5 (UY) and 6 (CZ); ES and IT are silent (6 assumed). No value
    # is most of the texts' (a tie): the row differs and says the texts disagree, no cell departs
    decks = page.locator("tr#rule-decks")
    expect(decks).to_have_class(re.compile(r"\bdiffers\b.*\btied\b"))
    expect(decks.locator("th .tie")).to_have_text("the texts disagree; no value is most of theirs")
    uy_decks, it_decks = matrix_cell(page, "decks", "UY"), matrix_cell(page, "decks", "IT")
    expect(uy_decks.locator(".value")).to_have_text("5 decks")  # the trade's words: a count says what it counts
    expect(it_decks.locator(".value")).to_have_text("6 decks")
    assert decks.locator("td.differs").count() == 0

    # double_totals: CL doubles on 9, 10, 11 only; UY, CZ and IT on any two cards
    expect(page.locator("tr#rule-double_totals")).to_have_class(re.compile(r"\bdiffers\b"))
    cl_double = matrix_cell(page, "double_totals", "CL")
    expect(cl_double.locator(".value")).to_have_text("9, 10, 11")
    expect(cl_double).to_have_class(re.compile(r"\bdiffers\b"))
    highlight = cl_double.evaluate("td => getComputedStyle(td).backgroundColor")
    plain = matrix_cell(page, "blackjack_payout", "UY").evaluate("td => getComputedStyle(td).backgroundColor")
    assert highlight != plain, f"the differing cell is not highlighted ({highlight} vs {plain})"
    expect(matrix_cell(page, "double_totals", "UY")).not_to_have_class(re.compile(r"\bdiffers\b"))

    all_rows = rows_where(page, "")
    assert visible_rows(page) == all_rows, "every row is shown before any filter"

    # a topic hides the other topics' rows
    page.locator("button.topic-filter[data-topic='doubling']").click()
    doubling = rows_where(page, "[data-topics~='doubling']")  # (a rule found under each of its topics)
    assert "rule-double_totals" in doubling and "rule-decks" not in doubling
    expect(page.locator("tr#rule-decks")).to_be_hidden()
    expect(page.locator("tr#rule-double_totals")).to_be_visible()
    assert visible_rows(page) == doubling
    expect(page.locator("button.topic-filter[data-topic='doubling']")).to_have_class(re.compile(r"\bactive\b"))

    # "only rows that differ" hides the rows where all five agree
    page.locator("button.topic-filter[data-topic='all']").click()
    assert visible_rows(page) == all_rows
    page.locator("#only-differs").check()
    same = rows_where(page, ".same")
    assert same, "the matrix has rows where all five agree"
    assert visible_rows(page) == rows_where(page, ".differs")
    expect(page.locator(f"tr#{same[0]}")).to_be_hidden()

    # both together: differing doubling rows only
    page.locator("button.topic-filter[data-topic='doubling']").click()
    assert visible_rows(page) == rows_where(page, ".differs[data-topics~='doubling']")  # (each of a rule's topics)
    page.locator("tr#rule-double_totals").scroll_into_view_if_needed()


def test_a_row_whose_majority_is_assumed_is_not_highlighted_against_a_stated_value(page: Page) -> None:
    """missed_insurance_call: UY states "void the ten"; the four "proceed" are assumptions. The
    row is no difference of the texts, and says that the rule sets differ only by assumed values
    (as the cost between two rulebooks lists it); the "only rows where the texts differ" filter
    hides it."""
    page.goto("generated/rules.html")
    row = page.locator("tr#rule-missed_insurance_call")
    expect(row).to_have_class("by-assumption")
    expect(row.locator("th .by-assumption")).to_contain_text("the rule sets differ only by an assumed value")
    expect(matrix_cell(page, "missed_insurance_call", "CZ").locator(".mark")).to_have_text("*")
    uy = matrix_cell(page, "missed_insurance_call", "UY")
    expect(uy.locator(".value")).to_have_text("a ten drawn is voided, insurance called")
    expect(uy).not_to_have_class(re.compile(r"\bdiffers\b"))
    expect(matrix_cell(page, "missed_insurance_call", "CZ")).to_have_class(re.compile(r"\bbasis-not-stated\b"))
    page.locator("#only-differs").check()
    expect(row).to_be_hidden()


def test_the_matrix_header_and_rule_column_stay_in_view(page: Page) -> None:
    """Scrolled down and right, the regulations' names and the rules' names are still shown."""
    page.goto("generated/rules.html")
    frame = page.locator(".matrix-wrap")
    frame.evaluate("el => el.scrollIntoView({block: 'start'})")
    frame.evaluate("el => { el.scrollTop = el.scrollHeight; el.scrollLeft = el.scrollWidth; }")
    last = page.locator("table.matrix tbody tr").last
    expect(last).to_be_in_viewport()
    header = page.locator("table.matrix thead th").nth(1)
    expect(header).to_be_in_viewport()
    box, frame_box = header.bounding_box(), frame.bounding_box()
    assert box is not None and frame_box is not None and abs(box["y"] - frame_box["y"]) < 3, (box, frame_box)
    bar = page.locator("header.md-header").bounding_box()
    assert bar is not None and box["y"] >= bar["y"] + bar["height"] - 1, "the site's own header covers it"
    rule_name = last.locator("th")
    expect(rule_name).to_be_in_viewport()
    name_box = rule_name.bounding_box()
    assert name_box is not None and abs(name_box["x"] - frame_box["x"]) < 3, (name_box, frame_box)


def test_clause_words_and_reasons_open_by_keyboard(page: Page) -> None:
    """A cell's disclosure opens with the keyboard: the clause's own words, then the reading."""
    page.goto("generated/rules.html")
    cell = matrix_cell(page, "double_totals", "CL")
    summary = cell.locator("details.why summary")
    summary.focus()
    page.keyboard.press("Enter")
    words = cell.locator("details.why q[lang='es']").first
    expect(words).to_be_visible()
    expect(words).to_contain_text("sumen 9, 10 u 11")


def test_the_matrix_filter_is_in_the_address(page: Page) -> None:
    page.goto("generated/rules.html")
    page.locator("button.topic-filter[data-topic='doubling']").click()
    page.locator("#only-differs").check()
    expect(page).to_have_url(re.compile(r"rules\.html\?topic=doubling&differs=1$"))
    page.goto("generated/index.html")
    page.go_back()
    expect(page.locator("#only-differs")).to_be_checked()
    assert visible_rows(page) == rows_where(page, ".differs[data-topics~='doubling']")  # (each of a rule's topics)


@contextlib.contextmanager
def sized_page(
    browser: Browser, site_url: str, width: int, height: int, *, python: bool = True, **device: Any
) -> Iterator[Page]:
    """A page of its own viewport size (a phone: 390 x 844), closed afterwards; ``device``:
    more of the context's options (a touch phone: ``**TOUCH_PHONE``). Its pages never search;
    ``python``: Pyodide's files answered (:func:`~tests.browser.conftest.new_context`)."""
    ctx = new_context(browser, site_url, python=python, viewport={"width": width, "height": height}, **device)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def test_the_matrix_on_a_phone(browser: Browser, site_url: str) -> None:
    """At 390 px every column is reachable (the frame scrolls, by keyboard too), the rule column stays."""
    with sized_page(browser, site_url, 390, 844) as page:
        page.goto("generated/rules.html")
        frame = page.locator(".matrix-wrap")
        assert frame.get_attribute("tabindex") == "0"
        frame.focus()
        for _ in range(40):
            page.keyboard.press("ArrowRight")
        last_column = page.locator("table.matrix thead th").last
        expect(last_column).to_be_in_viewport()
        expect(page.locator("table.matrix tbody tr").first.locator("th")).to_be_in_viewport()


UNREACHABLE_CODE = """() => [...document.querySelectorAll(".md-typeset pre > code")]
    .filter(code => code.scrollWidth > code.clientWidth && code.tabIndex !== 0)
    .map(code => code.textContent.slice(0, 60))"""
"""The code blocks that scroll sideways but do not take the keyboard."""


def test_code_that_scrolls_sideways_takes_the_keyboard_on_a_phone(browser: Browser, site_url: str) -> None:
    """On a touch phone (no hover: Material leaves such blocks out) a code block wider than the
    screen takes the keyboard, also after the phone turns to landscape and back."""
    with sized_page(browser, site_url, 390, 844, **TOUCH_PHONE) as page:
        page.goto("protocol.html")
        wide = page.locator(".md-typeset pre > code").evaluate_all(
            "cs => cs.filter(c => c.scrollWidth > c.clientWidth)"
        )
        assert len(wide) > 5  # the protocol's commands and messages: wider than a phone
        assert page.evaluate(UNREACHABLE_CODE) == []
        for size in ({"width": 844, "height": 390}, {"width": 390, "height": 844}):
            page.set_viewport_size(size)  # type: ignore[arg-type]
            page.wait_for_timeout(300)  # the resize observers' turn
            assert page.evaluate(UNREACHABLE_CODE) == [], size


def test_a_citation_style_anchor_finds_its_clause(page: Page) -> None:
    page.goto("generated/uy.html#UY-43.1")
    expect(page.locator("h3#uy-43-1")).to_be_in_viewport()


def test_regulation_and_onboarding_pages_have_distinct_titles(page: Page) -> None:
    titles = set()
    for reg in ("cl", "es", "uy", "cz", "it"):
        for name in (reg, f"onboarding-{reg}"):
            page.goto(f"generated/{name}.html")
            titles.add(page.title())
    assert len(titles) == 10, titles


def test_clause_anchor_shows_the_verbatim_clause(page: Page) -> None:
    """``uy.html#uy-43-2`` lands on the clause's heading, with the Spanish text verbatim."""
    clause = regulation("UY").clause(CLAUSE_ID)
    assert fold(clause.text) in fold(regulation("UY").source_text()), "the catalog quotes the source"

    page.goto(f"{CLAUSE_PAGE}#{CLAUSE_ANCHOR}")
    heading = page.locator(f"h3#{CLAUSE_ANCHOR}")
    expect(heading).to_contain_text(CLAUSE_ID)
    expect(heading).to_be_in_viewport()
    quote = page.locator(f"h3#{CLAUSE_ANCHOR} + blockquote")
    expect(quote).to_be_in_viewport()
    expect(quote).to_have_text(clause.text)
    assert "Para abrir los cinco juegos" in quote.inner_text()


def test_scenario_badge_and_clause_link(page: Page) -> None:
    """A passing scenario shows a pass badge, and its clause link leads to the clause."""
    page.goto(f"{SCENARIO_PAGE}#{SCENARIO_ANCHOR}")
    heading = page.locator(f"h2#{SCENARIO_ANCHOR}")
    expect(heading).to_contain_text(SCENARIO_NAME)
    expect(heading).to_be_in_viewport()
    badge = page.locator(f"h2#{SCENARIO_ANCHOR} + p span.status")
    expect(badge).to_have_class(re.compile(r"\bstatus-passed\b"))
    expect(badge).to_have_text("pass")
    expect(badge).to_be_visible()

    page.locator(f"h2#{SCENARIO_ANCHOR} + p").get_by_role("link", name=CLAUSE_ID, exact=True).click()
    expect(page).to_have_url(re.compile(rf"/{re.escape(CLAUSE_PAGE)}#{CLAUSE_ANCHOR}$"))
    expect(page.locator(f"h3#{CLAUSE_ANCHOR}")).to_be_in_viewport()


def search(page: Page, query: str) -> Locator:
    """Search the site from its home page; the result links, once the worker has answered."""
    page.goto("index.html")
    box = page.locator("input.md-search__input")
    box.click()
    # Material searches on keyup: the whole query, then one key, so one query goes to the
    # worker (typing key by key would race the results of the half-typed ones)
    box.fill(query)
    box.press("End")
    results = page.locator(".md-search-result__list a.md-search-result__link")
    # the worker has built the index and answered (never, unless the test is marked search: conftest)
    expect(results.first).to_be_visible()
    return results


@pytest.mark.search
@pytest.mark.parametrize("query", [CLAUSE_ID, "sucesiva"])
def test_search_finds_the_clause(page: Page, page_requests: list[str], query: str) -> None:
    """Material's search (a web worker on the served site) finds clause UY-43.2 by its id and
    by a word of its text; the worker loads nothing from elsewhere."""
    results = search(page, query)
    wanted = f".md-search-result__list a[href*='/{CLAUSE_PAGE}'][href$='#{CLAUSE_ANCHOR}']"
    try:
        page.wait_for_function(REVEAL, arg=wanted, timeout=5_000)
    except PlaywrightTimeoutError:
        hrefs: list[str] = results.evaluate_all("links => links.map(a => a.href)")
        shown = [h.split("/", 3)[-1] for h in hrefs[:8]]
        pytest.fail(
            f"no search result links to {CLAUSE_PAGE}#{CLAUSE_ANCHOR} for {query!r}; first results: {shown}",
            pytrace=False,
        )
    outside = [url for url in page_requests if not is_local(url)]
    assert not outside, f"the search asked for addresses outside 127.0.0.1: {outside}"


def search_results(page: Page, query: str) -> list[str]:
    """The addresses (site-relative) of the search results for ``query``, best first."""
    hrefs: list[str] = search(page, query).evaluate_all("links => links.map(a => a.getAttribute('href'))")
    return hrefs


def test_a_test_that_does_not_search_gets_an_index_without_pages(page: Page, site_dir: Path) -> None:
    """A test not marked ``search`` is served the search index with its configuration and no
    page (conftest's ``search_unindexed``), and Material's search still comes up: ready, it
    answers a query with "no matching documents" (the state the other tests' pages end in)."""
    page.goto("index.html")
    served = page.evaluate("async () => (await fetch('search/search_index.json')).json()")
    built = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert served == {"config": built["config"], "docs": []}
    assert built["docs"], "the site's own index has its pages"
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(CLAUSE_ID)
    box.press("End")
    expect(page.locator(".md-search-result__meta")).to_have_text("No matching documents")


@pytest.mark.search
def test_rule_words_find_the_rules_before_the_scenarios(page: Page) -> None:
    """Scenario pages rank below the pages that state and explain the rules (search boosts)."""
    first = search_results(page, "insurance")[:5]
    assert not [h for h in first if "scenarios/" in h], first
    rotation = search_results(page, "banker rotation")
    assert "generated/cl.html" in rotation[0], rotation[:3]  # the club's text, not its scenarios
    assert next(h for h in rotation if "#" in h).endswith("#cl-anx-4"), rotation[:3]  # its rotating banker


@pytest.mark.search
def test_a_clause_id_finds_that_clause_first(page: Page) -> None:
    """The first section found for a clause id is that clause (the page itself comes first)."""
    sections = [h for h in search_results(page, "UY-30") if "#" in h]
    assert sections[0].endswith("uy.html?h=30+uy#uy-30"), sections[:3]


def test_opened_from_disk_the_site_says_how_to_serve_it(page: Page, site_dir: Path) -> None:
    page.goto((site_dir / "generated" / "rules.html").as_uri())
    note = page.locator(".from-disk")
    expect(note).to_be_visible()
    expect(note).to_contain_text("make serve")
    expect(page.locator("table.matrix")).to_be_visible()  # the rest of the page works


def test_the_home_page_on_a_phone_shows_every_column(browser: Browser, site_url: str) -> None:
    with sized_page(browser, site_url, 390, 844) as page:
        page.goto("index.html")
        cells = page.locator("table.stack td[data-label='what it is']")
        expect(cells.first).to_be_visible()
        for i in range(cells.count()):
            box = cells.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 391, box


ALIKE = re.compile(r"generated/(onboarding-)?(cl|es|cz|it)\.html")
"""Pages made by the same generator as their UY page, which stands for them in the browser."""


def _pages_to_open(site_dir: Path) -> list[str]:
    """The pages the offline check opens: every top-level and generated page (the UY one of
    each per-regulation kind), the scenario index and one feature page, every notebook page."""
    pages = [*site_dir.glob("*.html"), *(site_dir / "generated").glob("*.html")]
    pages += [site_dir / "generated/scenarios/index.html", site_dir / SCENARIO_PAGE]
    pages += (site_dir / "generated/notebooks").glob("*.html")
    names = {p.relative_to(site_dir).as_posix() for p in pages if p.is_file()}
    return sorted(name for name in names if not ALIKE.fullmatch(name))


class _LoadedAddresses(html.parser.HTMLParser):
    """The addresses an HTML page makes the browser load by itself."""

    RELS: ClassVar[frozenset[str]] = frozenset(
        {"stylesheet", "preload", "modulepreload", "prefetch", "icon", "preconnect", "dns-prefetch", "manifest"}
    )
    SRC_TAGS: ClassVar[frozenset[str]] = frozenset(
        {"script", "img", "iframe", "frame", "source", "video", "audio", "embed", "track", "input"}
    )

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag in self.SRC_TAGS and found.get("src"):
            self.addresses.append(found["src"])
        if found.get("srcset"):
            self.addresses += [part.split()[0] for part in found["srcset"].split(",") if part.strip()]
        if tag == "object" and found.get("data"):
            self.addresses.append(found["data"])
        if tag == "link" and self.RELS & set(found.get("rel", "").lower().split()) and found.get("href"):
            self.addresses.append(found["href"])
        self.addresses += css_addresses(found.get("style", ""))
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.addresses += css_addresses(data)


_CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")


def css_addresses(css: str) -> list[str]:
    """The addresses a style sheet loads (``url(...)`` and ``@import``)."""
    return [m.group(2) or m.group(4) for m in _CSS_URL.finditer(css)]


def external(address: str) -> bool:
    """True for an address that names a host other than 127.0.0.1 (``https://...``, ``//...``)."""
    parts = urlsplit(address.strip())
    return bool(parts.netloc) and parts.hostname != "127.0.0.1"


def test_no_file_of_the_site_loads_from_other_hosts(site_dir: Path) -> None:
    """Offline, read from the files: no page or style sheet of the built site loads anything
    (scripts, styles, fonts, images, frames) from another host. No browser needed."""
    found: dict[str, list[str]] = {}
    files = sorted(site_dir.rglob("*.html")) + sorted(site_dir.rglob("*.css"))
    assert len(files) > 20, f"only {len(files)} HTML and CSS files in {site_dir}"
    for path in files:
        content = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".css":
            addresses = css_addresses(content)
        else:
            parser = _LoadedAddresses()
            parser.feed(content)
            addresses = parser.addresses
        outside = sorted({a for a in addresses if external(a)})
        if outside:
            found[path.relative_to(site_dir).as_posix()] = outside
    assert not found, f"files that load from other hosts: {found}"


@pytest.mark.search  # (the first page's search worker fetches and indexes the whole index)
def test_pages_load_nothing_from_other_hosts(page: Page, page_requests: list[str], site_dir: Path) -> None:
    """Offline, in the browser: no page asks for anything (CDN, fonts, scripts, images, the
    search worker's fetches) outside 127.0.0.1. The first page's search worker indexes the
    whole index, as a reader's does; the others' get it without its pages (conftest's
    ``search_unindexed``): the worker makes the same fetches (the index, its languages), and
    indexing 4 MB again on every page would fetch nothing more."""
    pages = _pages_to_open(site_dir)
    assert {"index.html", "generated/rules.html", CLAUSE_PAGE} <= set(pages)
    referenced: list[str] = []
    for path in pages:
        response = page.goto(path, wait_until="load")
        assert response is not None and response.ok, f"{path}: HTTP {response and response.status}"
        referenced += page.locator(ASSET_ELEMENTS).evaluate_all("els => els.map(e => e.src || e.href)")
        if path == pages[0]:
            page.wait_for_load_state("networkidle")  # (the worker's fetches, the whole index indexed)
            search_unindexed(page.context)
    page.wait_for_load_state("networkidle")  # the last page's late requests (the search worker's index)

    assert any(url.endswith("/search/search_index.json") for url in page_requests), "the worker's fetch is recorded"
    outside = sorted({url for url in page_requests + referenced if not is_local(url)})
    assert not outside, f"requests or references outside 127.0.0.1: {outside}"


def test_notebook_page_shows_its_chart(page: Page, site_dir: Path) -> None:
    """The executed notebook's page shows its chart: an image in the content that loaded."""
    assert (site_dir / NOTEBOOK_PAGE).is_file(), f"{NOTEBOOK_PAGE} is not in the built site (notebooks not built?)"
    response = page.goto(NOTEBOOK_PAGE)
    assert response is not None and response.ok
    images = page.locator("article.md-content__inner img")
    expect(images.first).to_be_attached()
    loaded: list[dict[str, object]] = images.evaluate_all(
        """async imgs => Promise.all(imgs.map(async img => {
               img.loading = "eager";
               try { await img.decode(); } catch (e) { /* a broken image: naturalWidth stays 0 */ }
               return {src: (img.getAttribute("src") || "").slice(0, 80), width: img.naturalWidth};
           }))"""
    )
    broken = [i["src"] for i in loaded if not i["width"]]
    assert not broken, f"images that did not load on {NOTEBOOK_PAGE}: {broken}"
    assert any(isinstance(i["width"], int) and i["width"] > 0 for i in loaded)
    images.first.scroll_into_view_if_needed()


CHARTS = """() => {
    const content = "article.md-content__inner";
    const flow = [...document.querySelectorAll(`${content} :is(img, table, h1, h2, h3, h4)`)];
    const names = table => [...table.querySelectorAll("th, tbody tr > :first-child")].map(c => c.textContent.trim());
    return [...document.querySelectorAll(`${content} img`)].map(img => {
        const beside = [];  // the nearest table after the image and before it, with no heading between
        for (const step of [1, -1]) {
            for (let i = flow.indexOf(img) + step; i >= 0 && i < flow.length; i += step) {
                if (flow[i].tagName === "TABLE") { beside.push(names(flow[i])); break; }
                if (flow[i].tagName !== "IMG") break;
            }
        }
        const box = img.getBoundingClientRect();
        return {src: img.getAttribute("src"), natural: img.naturalWidth, shown: box.width, right: box.right, beside};
    });
}"""
"""Each image of a page: its address, its width in the PNG and as shown, where its right edge
is, and the header cells (of columns, and each row's first cell) of the tables beside it."""


def test_notebook_charts_read_on_a_phone(browser: Browser, site_url: str, site_dir: Path) -> None:
    """On a 390 px touch phone every notebook chart fits the screen and its smallest text (as the
    PNG says, drawn by ``spec_engine.pages.charts``) shows at least 12 px high; every series it
    draws is named in a table beside it, so a series drawn over another still has its figures."""
    from PIL import Image

    from spec_engine.pages.charts import LEAST_TEXT_PX, SERIES, SMALLEST_TEXT

    notebooks = site_dir / "generated" / "notebooks"
    seen: dict[str, int] = {}
    with sized_page(browser, site_url, 390, 844, **TOUCH_PHONE) as page:
        for path in sorted(notebooks.glob("*.html")):
            url = path.relative_to(site_dir).as_posix()
            page.goto(url)
            page.locator("article img").evaluate_all("imgs => Promise.all(imgs.map(img => img.decode()))")
            for chart in page.evaluate(CHARTS):
                name = f"{url}: {chart['src']}"
                png = Image.open(notebooks / chart["src"])
                assert SMALLEST_TEXT in png.text, f"{name}: not drawn by spec_engine.pages.charts.render"
                assert png.size[0] == chart["natural"]
                shown = float(png.text[SMALLEST_TEXT]) * chart["shown"] / chart["natural"]
                assert shown >= LEAST_TEXT_PX, f"{name}: its smallest text shows {shown:.1f} px high"
                assert chart["right"] <= 390, f"{name}: wider than the screen"
                series = png.text[SERIES].splitlines()
                assert series and any(set(series) <= set(names) for names in chart["beside"]), (
                    f"{name}: no table beside it names every series {series}: {chart['beside']}"
                )
                seen[url] = seen.get(url, 0) + 1
    assert seen.get("generated/notebooks/rule_costs.html") == 2, seen  # the decks and the rule effects
    assert seen.get("generated/notebooks/five_rulebooks.html") == 1, seen


def test_no_notebook_wrote_a_build_log(site_dir: Path) -> None:
    """No notebook wrote to standard error when the site was built (its executed .ipynb, on the
    site, says), but for a cell tagged ``show-stderr``: a build message is the build's, and
    ``tools/notebooks.py`` keeps any from the page anyway."""
    notebooks = sorted((site_dir / "generated" / "notebooks").glob("*.ipynb"))
    assert notebooks, "no executed notebook on the site"
    logs = [
        f"{path.name}, cell {number}: {''.join(out.get('text', ''))[:200]!r}"
        for path in notebooks
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"], 1)
        if "show-stderr" not in cell.get("metadata", {}).get("tags", [])
        for out in cell.get("outputs", [])
        if out.get("output_type") == "stream" and out.get("name") == "stderr"
    ]
    assert not logs, "notebooks that wrote to standard error at build:\n" + "\n".join(logs)


def test_the_site_ships_no_unused_assets(site_dir: Path) -> None:
    """No source maps and no Thai or Japanese word segmenter (the search is English)."""
    assert not list(site_dir.rglob("*.map"))
    assert not (site_dir / "assets/javascripts/lunr/wordcut.js").exists()
    assert not (site_dir / "assets/javascripts/lunr/tinyseg.js").exists()
    bundles = [*site_dir.glob("assets/**/*.min.js"), *site_dir.glob("assets/**/*.min.css")]
    assert bundles and not [p for p in bundles if "sourceMappingURL" in p.read_text(encoding="utf-8")]


KEY_PAGES = ("index.html", "generated/coverage.html", "generated/worked-hands.html", "generated/conformance.html")

TABLES_WIDER_THAN_THEIR_FRAME = """() => [...document.querySelectorAll('.md-content table:not(.matrix)')].map(t => {
    const frame = t.closest('.md-typeset__scrollwrap') || t.parentElement;
    return {wide: t.scrollWidth > frame.clientWidth + 2, focusable: frame.tabIndex === 0};
})"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)], ids=["desktop", "phone"])
def test_key_tables_show_every_column_or_scroll_by_keyboard(
    browser: Browser, site_url: str, width: int, height: int
) -> None:
    """On a desktop every column of the key tables is shown; on a phone a table wider than the
    screen scrolls in a frame the keyboard can reach (or, on the home page, stacks)."""
    with sized_page(browser, site_url, width, height) as page:
        for url in KEY_PAGES:
            page.goto(url)
            tables = page.evaluate(TABLES_WIDER_THAN_THEIR_FRAME)
            if width >= 1366:
                assert not [t for t in tables if t["wide"]], url
            else:
                assert not [t for t in tables if t["wide"] and not t["focusable"]], url


def test_the_conformance_page_links_each_certificate(page: Page, site_dir: Path) -> None:
    """The bundled implementation's certificate is on the site, linked from the reports, and
    reads as a certificate (suite, implementation, verdict, clause words)."""
    response = page.goto("generated/conformance.html")
    assert response is not None and response.ok
    link = page.locator('article a[href$="certificate.html"]').first
    expect(link).to_be_attached()
    pdf = page.locator('article a[href$="certificate.pdf"]').first
    expect(pdf).to_be_attached()
    href = link.get_attribute("href")
    assert href is not None and (site_dir / "generated" / href).is_file()
    assert (site_dir / "generated" / str(pdf.get_attribute("href"))).stat().st_size > 10_000
    link.click()
    expect(page.locator("h1")).to_contain_text("Conformance certificate: blackjack-js")
    expect(page.locator(".verdict p")).to_have_text(re.compile(r"^Conforms: all \d+ claimed scenarios passed"))
    expect(page.locator("table").first).to_contain_text("blackjack-spec suite")
    expect(page.locator("td.words").first).to_be_visible()
