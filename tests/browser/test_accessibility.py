"""Every page of the built site meets WCAG 2.1 AA as axe-core measures it in the browser.

axe-core (``node_modules/axe-core``, pinned by ``package-lock.json``; ``make`` runs ``npm ci``)
is injected into each page and run with the rules tagged ``wcag2a``, ``wcag2aa``, ``wcag21a``
and ``wcag21aa``, on a desktop viewport and on a touch phone (390 x 844, emulated as a phone:
``conftest.TOUCH_PHONE``; a desktop browser merely narrowed to 390 px hides what a phone
shows). Zero violations are allowed, apart from the documented entries of ``ALLOWED`` (each
with its reason). On the phone, every page also fits the screen's width (what is wider
scrolls in a frame of its own), and so does each conformance certificate.

The pages axe reads (:func:`axe_pages`): every English page of the built site (the docs pages,
``generated/*.html``, the scenario pages, the notebook pages), and in each other language a
sample holding every kind of page at least once (:func:`page_kind`: a page of its own, or one of
a family made by one generator: a rulebook's page, its onboarding, a scenario page), the members
of a family taken in turn, one language after another, so that the languages together see
different ones. A translated page is its English twin's generator and template with other words:
what the words can break on one page and not on the others (its language, the names of its links,
buttons and fields, its images' alt, its ids and their references, its lists) is checked on
every page of every language by ``tests/test_built_pages.py``, without a browser; every page of
every language is also loaded on a phone (``test_every_page_fits_a_phone``). The conformance
certificates (``generated/conformance/<implementation>/certificate.html``) are left out: each is
a standalone, self-contained file (its own inline style, no site theme, meant to be printed or
sent on its own), not a page of the site's navigation.
"""

from __future__ import annotations

import fnmatch
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from spec_engine.catalog import REGULATION_IDS
from spec_engine.i18n import TRANSLATED

from .conftest import TOUCH_PHONE
from .test_site import sized_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
AXE = Path(os.environ.get("BLACKJACK_AXE", ROOT / "node_modules" / "axe-core" / "axe.min.js"))
"""axe-core as npm installs it (``npm ci``); ``$BLACKJACK_AXE`` names another copy."""

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""WCAG 2.1 level A and AA: the level regulators' own sites are bound to."""

STANDALONE = "generated/conformance/*/*.html"
"""The conformance certificates: standalone files, not pages of the site (see the module's note)."""

VIEWPORTS: dict[str, tuple[int, int, dict[str, Any]]] = {"desktop": (1280, 900, {}), "phone": (390, 844, TOUCH_PHONE)}
"""The conftest's desktop (Material's navigation sidebar shown) and a touch phone: width,
height and the context's other options."""

ALLOWED: dict[tuple[str, str, str], str] = {}
"""Known violations still tolerated, as ``(viewport or "*", page pattern, rule id) -> reason``.
Empty: every page passes. An entry must say why; one that no longer matches any violation
fails the test, so the list cannot rot."""

RUN_AXE = r"""tags => axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]})
    .then(result => result.violations.map(v => ({
        id: v.id,
        impact: v.impact,
        count: v.nodes.length,
        target: v.nodes[0].target.join(" "),
        html: v.nodes[0].html.replace(/\s+/g, " ").slice(0, 120),
    })))"""
"""Runs axe on the page; returns each violated rule with its count and a sample node."""


def site_pages(site_dir: Path) -> list[str]:
    """Every HTML page of the built site but the standalone certificates, as paths from its root."""
    names = (p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*.html"))
    return sorted(n for n in names if not fnmatch.fnmatch(n, STANDALONE) and not n.startswith("assets/"))


FAMILIES = {
    re.compile(r"generated/scenarios/(?!index\.html$)[^/]+\.html"): "a scenario page",
    re.compile(r"generated/onboarding-[a-z]+\.html"): "a rulebook's onboarding",
    re.compile(rf"generated/(?:{'|'.join(r.lower() for r in REGULATION_IDS)})\.html"): "a rulebook's page",
}
"""The pages one generator makes many of, by their path in a language."""


def page_kind(name: str) -> str:
    """What makes the page (``name``: its path in the built site): its family, else itself,
    without its language's folder."""
    first, _, rest = name.partition("/")
    path = rest if first in TRANSLATED else name
    return next((kind for pattern, kind in FAMILIES.items() if pattern.fullmatch(path)), path)


def axe_pages(site_dir: Path) -> list[str]:
    """The pages axe reads: every English page, and per other language each kind once, the
    ``n``-th language taking the ``n``-th member of a family (modulo its size)."""
    pages = site_pages(site_dir)
    chosen = [name for name in pages if name.partition("/")[0] not in TRANSLATED]
    for n, code in enumerate(TRANSLATED):
        kinds: dict[str, list[str]] = {}
        for name in pages:
            if name.startswith(f"{code}/"):
                kinds.setdefault(page_kind(name), []).append(name)
        chosen += [members[n % len(members)] for members in kinds.values()]
    return chosen


def test_axe_sees_every_kind_of_page_in_every_language(site_dir: Path) -> None:
    """The sample leaves no kind of page out in any language, and takes several of a family."""
    pages, sample = site_pages(site_dir), axe_pages(site_dir)
    for code in TRANSLATED:
        theirs = [name for name in pages if name.startswith(f"{code}/")]
        assert len(theirs) > 40, code
        assert {page_kind(n) for n in sample if n.startswith(f"{code}/")} == {page_kind(n) for n in theirs}, code
    english = [name for name in pages if name.partition("/")[0] not in TRANSLATED]
    assert set(english) <= set(sample) and len(set(sample)) == len(sample)
    translated = [n.partition("/") for n in sample if n.partition("/")[0] in TRANSLATED]
    scenarios = {path for _, _, path in translated if page_kind(path) == "a scenario page"}
    assert len(scenarios) == len(TRANSLATED), scenarios  # each language a scenario page of its own


def violations(page: Page, url: str) -> list[dict[str, object]]:
    """The axe violations of one page, once it has loaded and its scripts have run."""
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, url
    result: list[dict[str, object]] = page.evaluate(RUN_AXE, WCAG_TAGS)
    return result


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_page_meets_wcag_2_1_aa(browser: Browser, site_url: str, site_dir: Path, viewport: str) -> None:
    """axe finds no WCAG 2.1 A/AA violation on any page it reads (bar the documented ``ALLOWED``)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run npm ci (make does) to install axe-core", pytrace=False)
    pages = axe_pages(site_dir)
    assert len(pages) > 40, pages  # the docs, generated, scenario and notebook pages
    rules = {key: reason for key, reason in ALLOWED.items() if key[0] in ("*", viewport)}
    found: dict[str, list[dict[str, object]]] = {}
    used: set[tuple[str, str, str]] = set()
    width, height, device = VIEWPORTS[viewport]
    with sized_page(browser, site_url, width, height, **device) as page:
        page.context.add_init_script(path=AXE)  # in every page before its own scripts
        for url in pages:
            for v in violations(page, url):
                keys = {key for key in rules if fnmatch.fnmatch(url, key[1]) and key[2] == v["id"]}
                used |= keys
                if not keys:
                    found.setdefault(url, []).append(v)
    lines = []
    for url, failed in found.items():
        lines.append(f"{url}:")
        lines += [f"  {v['id']} ({v['impact']}) x{v['count']}: {v['target']}  {v['html']}" for v in failed]
    assert not found, f"axe (WCAG 2.1 AA) violations on the {viewport} viewport:\n" + "\n".join(lines)
    stale = sorted(set(rules) - used)
    assert not stale, f"ALLOWED entries that match no violation any more (remove them): {stale}"


WIDTHS = """() => ({page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth,
    layout: window.innerWidth})"""
"""How wide the page is, the screen shows, and the phone's layout viewport became."""

UNREACHABLE_SCROLLS = """() => [...document.querySelectorAll("body *")].filter(e => {
    if (!e.clientWidth && !e.clientHeight) return false;
    const style = getComputedStyle(e);
    const scrolls = (/auto|scroll/.test(style.overflowX) && e.scrollWidth > e.clientWidth + 1)
        || (/auto|scroll/.test(style.overflowY) && e.scrollHeight > e.clientHeight + 1);
    if (!scrolls || !e.textContent.trim() || e.tabIndex >= 0) return false;
    return !e.querySelector("a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])");
}).map(e => (e.tagName.toLowerCase() + "." + [...e.classList].join(".")).slice(0, 80))"""
"""The page's regions that scroll with text in them and that a keyboard cannot reach (neither
they nor anything in them takes the focus): axe's ``scrollable-region-focusable``, on the
phone's layout, where a translation's longer words make a region scroll that does not in English."""


def wider_than_a_phone(
    browser: Browser, site_url: str, urls: list[str]
) -> tuple[dict[str, dict[str, int]], dict[str, list[str]]]:
    """The pages of ``urls`` wider than a 390 px touch phone's screen, with their widths; and
    those with a region that scrolls out of the keyboard's reach there (:data:`UNREACHABLE_SCROLLS`)."""
    width, height, device = VIEWPORTS["phone"]
    wide, unreachable = {}, {}
    with sized_page(browser, site_url, width, height, **device) as page:
        for url in urls:
            response = page.goto(url, wait_until="load")
            assert response is not None and response.ok, url
            sizes: dict[str, int] = page.evaluate(WIDTHS)
            if max(sizes["page"], sizes["layout"]) > min(sizes["screen"], width):
                wide[url] = sizes
            if regions := page.evaluate(UNREACHABLE_SCROLLS):
                unreachable[url] = regions
    return wide, unreachable


def test_every_page_fits_a_phone(browser: Browser, site_url: str, site_dir: Path) -> None:
    """On a 390 px touch phone no page, in any language, is wider than the screen: a wide table
    or code block scrolls sideways in its own frame, never the page; and that frame takes the
    keyboard (axe checks it on the pages it reads; here on every page, translated ones included)."""
    wide, unreachable = wider_than_a_phone(browser, site_url, site_pages(site_dir))
    assert not wide, f"pages wider than a 390 px phone (px): {wide}"
    assert not unreachable, f"regions scrolling out of a keyboard's reach on a 390 px phone: {unreachable}"


def test_a_region_scrolling_out_of_the_keyboards_reach_is_found(browser: Browser, site_url: str) -> None:
    """The check above bites: a frame that scrolls with only text in it is found, and no longer
    once it takes the focus (``tabindex="0"``, as Material gives its code blocks and tables)."""
    width, height, device = VIEWPORTS["phone"]
    frame = '<div class="wide" {}style="overflow-x: auto"><p style="width: 2000px">{}</p></div>'
    with sized_page(browser, site_url, width, height, **device) as page:
        page.set_content(frame.format("", "Pagar tres a dos"))
        assert page.evaluate(UNREACHABLE_SCROLLS) == ["div.wide"]
        page.set_content(frame.format('tabindex="0" ', "Pagar tres a dos"))
        assert page.evaluate(UNREACHABLE_SCROLLS) == []


def test_every_certificate_fits_a_phone(browser: Browser, site_url: str, site_dir: Path) -> None:
    """The conformance certificates, standalone files, fit a 390 px touch phone too: each says its
    viewport is the device's (without it a phone lays a page out 980 px wide), and its tables,
    hashes and clause words wrap within the screen."""
    certificates = sorted(p.relative_to(site_dir).as_posix() for p in site_dir.glob(STANDALONE))
    assert len(certificates) == len(REGULATION_IDS), certificates  # the JavaScript implementation's, one a rulebook
    wide, _ = wider_than_a_phone(browser, site_url, certificates)
    assert not wide, f"certificates wider than a 390 px phone (px): {wide}"


MATRIX_CONTRAST = """() => axe.run(document.querySelector("table.matrix"),
        {runOnly: ["color-contrast"], elementRef: true})
    .then(result => [...result.violations, ...result.incomplete].flatMap(v => v.nodes)
        .filter(node => node.element && node.element.closest("td.basis-not-stated"))
        .map(node => node.target.join(" ")))"""
"""The matrix's "not stated" cells whose contrast axe finds too low or cannot measure."""


def test_not_stated_cells_keep_their_hatching_and_measurable_contrast(browser: Browser, site_url: str) -> None:
    """The hatched "not stated" cells of the matrix keep their pattern, and axe can measure their
    words' contrast (a pattern behind the words would leave it unmeasured) and finds it enough."""
    with sized_page(browser, site_url, *VIEWPORTS["desktop"][:2]) as page:
        page.context.add_init_script(path=AXE)
        page.goto("generated/rules.html")
        cell = page.locator("table.matrix td.basis-not-stated").first
        assert "repeating-linear-gradient" in cell.evaluate("td => getComputedStyle(td).backgroundImage")
        assert page.evaluate(MATRIX_CONTRAST) == []
