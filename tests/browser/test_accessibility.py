"""Every page of the built site meets WCAG 2.1 AA as axe-core measures it in the browser.

axe-core (``node_modules/axe-core``, pinned by ``package-lock.json``; ``make`` runs ``npm ci``)
is injected into each page and run with the rules tagged ``wcag2a``, ``wcag2aa``, ``wcag21a``
and ``wcag21aa``. Zero violations are allowed, apart from the documented entries of ``ALLOWED``
(each with its reason). On the phone, every page also fits the screen's width (what is wider
scrolls in a frame of its own), and so does each conformance certificate.

Two passes, each page loaded once in each (an axe run costs a second or more of Chromium's CPU on
a long page: the runs are what this module spends):

- **A touch phone** (390 x 844, emulated as a phone: ``conftest.TOUCH_PHONE``; a desktop browser
  merely narrowed to 390 px hides what a phone shows) loads every page of every language once:
  each must fit the screen, and axe reads the pages of :func:`axe_pages` in that same load.
- **A desktop** (1280 x 900, Material's navigation sidebar and table of contents shown): axe
  reads one English page of each kind (:func:`desktop_pages`), the largest of a family.

Why the desktop pass reads a page of each kind and not every page. axe's findings depend on the
viewport in two ways only. (1) What is shown: a rule skips what the width's style sheet hides,
and ``color-contrast`` also skips what is off screen or covered. At 1280 px against 390 px,
what is shown only on the desktop is Material's chrome (the header's logo, the table-of-contents
sidebar, the navigation's active link; the same template on every page of a kind) and what the
site's own style sheet changes by width, ``docs/stylesheets/extra.css``: the home page's table
of the texts (its header row; a kind of its own) and the strategy charts' padding (a page of its
own); :func:`test_the_style_sheet_changes_by_width_only_what_the_desktop_pass_reads` keeps that
list true. The table of contents' words are the page's headings, named links on every page of
every language (``tests/test_built_pages.py``). (2) Layout: ``color-contrast`` (what lies
behind a text), ``scrollable-region-focusable`` (what overflows), ``link-in-text-block`` (a
link's neighbours): a page's content is laid out narrower, and overflows more, on the phone,
which reads every page of :func:`axe_pages`; what a page of a family adds to its kind is rows
of the same generator in the same classes, and the desktop pass reads the family's largest page.

The pages axe reads on the phone (:func:`axe_pages`): in every language every kind of page once
(:func:`page_kind`: a page of its own, or one of a family made by one generator: a rulebook's
page, its onboarding, a scenario page); in English a family's largest page, as on the desktop,
and in each other language the members of a family taken in turn, one language after another,
so that the languages together see different ones. What a member of a family adds to its kind
is rows of the same generator in the same classes; what it can break on the phone's narrower
layout is overflow, which the phone checks on every page of every language in the same pass
(the page's width, and every region that scrolls must take the keyboard: axe's
``scrollable-region-focusable``, measured without axe). Until 27 November 2026 axe read every
English page on the phone, each member of a family too: 145 axe runs, about 1.2 s of
Chromium's CPU each, for 277 pages. A translated page is its English twin's generator and template
with other words: what the words can break on one page and not on the others (its language, the
names of its links, buttons and fields, its images' alt, its ids and their references, its
lists) is checked on every page of every language by ``tests/test_built_pages.py``, without a
browser; every page of every language is also loaded on the phone and must fit it. The
conformance certificates (``generated/conformance/<implementation>/certificate.html``) are left
out: each is a standalone, self-contained file (its own inline style, no site theme, meant to be
printed or sent on its own), not a page of the site's navigation.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from spec_engine.catalog import REGULATION_IDS
from spec_engine.i18n import TRANSLATED

from .conftest import TOUCH_PHONE
from .test_site import sized_page

pytestmark = pytest.mark.browser

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
fails the test, so the list cannot rot (checked in each pass, or part of one, that reads a page
the entry names)."""

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


def english_pages(site_dir: Path) -> list[str]:
    """The pages of the site in English (those outside every other language's folder)."""
    return [name for name in site_pages(site_dir) if name.partition("/")[0] not in TRANSLATED]


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
    """The pages axe reads: in English each kind once, a family's largest (:func:`desktop_pages`),
    and per other language each kind once, the ``n``-th language taking the ``n``-th member of a
    family (modulo its size)."""
    pages = site_pages(site_dir)
    chosen = desktop_pages(site_dir)
    for n, code in enumerate(TRANSLATED):
        kinds: dict[str, list[str]] = {}
        for name in pages:
            if name.startswith(f"{code}/"):
                kinds.setdefault(page_kind(name), []).append(name)
        chosen += [members[n % len(members)] for members in kinds.values()]
    return chosen


def test_axe_sees_every_kind_of_page_in_every_language(site_dir: Path) -> None:
    """The sample leaves no kind of page out in any language, and takes several of a family:
    English its largest, each other language another."""
    pages, sample = site_pages(site_dir), axe_pages(site_dir)
    for code in TRANSLATED:
        theirs = [name for name in pages if name.startswith(f"{code}/")]
        assert len(theirs) > 40, code
        assert {page_kind(n) for n in sample if n.startswith(f"{code}/")} == {page_kind(n) for n in theirs}, code
    english = english_pages(site_dir)
    assert {page_kind(n) for n in sample if n in english} == {page_kind(n) for n in english}
    assert set(desktop_pages(site_dir)) <= set(sample) and len(set(sample)) == len(sample)
    translated = [n.partition("/") for n in sample if n.partition("/")[0] in TRANSLATED]
    scenarios = {path for _, _, path in translated if page_kind(path) == "a scenario page"}
    assert len(scenarios) == len(TRANSLATED), scenarios  # each language a scenario page of its own


def desktop_pages(site_dir: Path) -> list[str]:
    """The pages axe reads on the desktop: one English page of each kind, a family's largest
    file (the most of its generator's rows)."""
    chosen: dict[str, str] = {}
    for name in english_pages(site_dir):
        kind = page_kind(name)
        if kind not in chosen or (site_dir / name).stat().st_size > (site_dir / chosen[kind]).stat().st_size:
            chosen[kind] = name
    return sorted(chosen.values())


def test_the_desktop_reads_each_kind_of_english_page_once_a_familys_largest(site_dir: Path) -> None:
    english = english_pages(site_dir)
    desktop = desktop_pages(site_dir)
    assert sorted({page_kind(n) for n in desktop}) == sorted({page_kind(n) for n in english})
    assert len({page_kind(n) for n in desktop}) == len(desktop) and set(desktop) <= set(english)
    size = {n: (site_dir / n).stat().st_size for n in english}
    for name in desktop:
        assert size[name] == max(size[n] for n in english if page_kind(n) == page_kind(name)), name


WIDTH_MEDIA = re.compile(r"@media[^{]*\bwidth\b[^{]*\{")


def width_dependent_classes(css: str) -> set[str]:
    """The classes named by the rules inside the width-dependent ``@media`` blocks of ``css``,
    Material's own (``md-...``, its template's, on every page) left out."""
    classes: set[str] = set()
    for media in WIDTH_MEDIA.finditer(css):
        depth, end = 1, media.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        selectors = re.findall(r"([^{}]+)\{", css[media.end() : end])
        classes |= {c for sel in selectors for c in re.findall(r"\.([\w-]+)", sel) if not c.startswith("md-")}
    return classes


def test_the_style_sheet_changes_by_width_only_what_the_desktop_pass_reads(site_dir: Path) -> None:
    """What the site's own style sheet shows or styles differently by width is on English pages
    the desktop pass reads (see the module's note): a width rule for a class used on one
    member of a family, or a new such class, fails here until the desktop pass reads it."""
    css = (ROOT / "docs" / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    classes = width_dependent_classes(css)
    assert {"stack", "strategy"} <= classes, classes  # the home page's table of the texts, the charts
    assert width_dependent_classes("@media (max-width: 9em) { .md-typeset table.x td { a: b; } }") == {"x"}
    assert width_dependent_classes("@media print { .y { a: b; } }") == set()
    desktop = set(desktop_pages(site_dir))
    for name in english_pages(site_dir):
        html = (site_dir / name).read_text(encoding="utf-8")
        used = {c for value in re.findall(r'class="([^"]*)"', html) for c in value.split()} & classes
        assert not used or name in desktop, f"{name}: {sorted(used)} styled by width, not read on a desktop"


class AxeFindings:
    """axe's violations over the pages of one pass, bar the documented ``ALLOWED`` of its viewport."""

    def __init__(self, viewport: str, urls: list[str]) -> None:
        if not AXE.is_file():
            pytest.fail(f"{AXE} is missing: run npm ci (make does) to install axe-core", pytrace=False)
        self.viewport = viewport
        # (the entries for this viewport that name a page of this pass: each must still match a violation in it)
        self.rules = {
            key: reason
            for key, reason in ALLOWED.items()
            if key[0] in ("*", viewport) and any(fnmatch.fnmatch(url, key[1]) for url in urls)
        }
        self.found: dict[str, list[dict[str, object]]] = {}
        self.used: set[tuple[str, str, str]] = set()

    def read(self, page: Page, url: str) -> None:
        """axe on the page ``url``, loaded (its scripts run) with axe injected before them."""
        result: list[dict[str, object]] = page.evaluate(RUN_AXE, WCAG_TAGS)
        for v in result:
            keys = {key for key in self.rules if fnmatch.fnmatch(url, key[1]) and key[2] == v["id"]}
            self.used |= keys
            if not keys:
                self.found.setdefault(url, []).append(v)

    def check(self) -> None:
        lines = []
        for url, failed in self.found.items():
            lines.append(f"{url}:")
            lines += [f"  {v['id']} ({v['impact']}) x{v['count']}: {v['target']}  {v['html']}" for v in failed]
        assert not self.found, f"axe (WCAG 2.1 AA) violations on the {self.viewport} viewport:\n" + "\n".join(lines)
        stale = sorted(set(self.rules) - self.used)
        assert not stale, f"ALLOWED entries that match no violation any more (remove them): {stale}"


def loaded(browser: Browser, site_url: str, viewport: str, urls: list[str], *, axe: bool = True) -> Iterator[Page]:
    """One tab of the ``viewport`` (axe injected in every page before its own scripts, unless
    ``axe`` is false) that loads each of ``urls`` in turn, yielded once it has loaded.

    Pyodide's files are held unanswered: a page that starts Python as it opens (the play page,
    the practice) is read as it is then, saying it is loading Python, and as it was read before
    they were held (Python takes seconds to start, the pass reads a page at once); what would
    have started costs about 0.7 s of Chromium's CPU a page, for nothing the pass reads. The
    pages with Python running are read by the tests of their widgets (``test_play``,
    ``test_practice``, ``test_notebook_cells``)."""
    width, height, device = VIEWPORTS[viewport]
    with sized_page(browser, site_url, width, height, python=False, **device) as page:  # (see above)
        if axe:
            page.context.add_init_script(path=AXE)
        for url in urls:
            response = page.goto(url, wait_until="load")
            assert response is not None and response.ok, url
            yield page


def test_every_kind_of_page_meets_wcag_2_1_aa_on_a_desktop(browser: Browser, site_url: str, site_dir: Path) -> None:
    """axe finds no WCAG 2.1 A/AA violation on a desktop on any page it reads there (:func:`desktop_pages`)."""
    pages = desktop_pages(site_dir)
    axe = AxeFindings("desktop", pages)
    assert len(pages) > 15, pages  # the docs, generated and notebook pages, a scenario page
    for page, url in zip(loaded(browser, site_url, "desktop", pages), pages, strict=True):
        axe.read(page, url)
    axe.check()


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


class PhoneFit:
    """The pages wider than a 390 px touch phone's screen, with their widths; and those with a
    region that scrolls out of the keyboard's reach there (:data:`UNREACHABLE_SCROLLS`)."""

    def __init__(self) -> None:
        self.wide: dict[str, dict[str, int]] = {}
        self.unreachable: dict[str, list[str]] = {}

    def read(self, page: Page, url: str) -> None:
        """Measures the page ``url``, loaded on the phone."""
        sizes: dict[str, int] = page.evaluate(WIDTHS)
        if max(sizes["page"], sizes["layout"]) > min(sizes["screen"], VIEWPORTS["phone"][0]):
            self.wide[url] = sizes
        if regions := page.evaluate(UNREACHABLE_SCROLLS):
            self.unreachable[url] = regions


PHONE_PARTS = 2
"""The phone pass is dealt in this many parts, every part-th page to each (the pages in their
order, so each part holds pages of every language and kind): the parts run on the suite's two
workers side by side, where one pass alone kept one worker busy long after the other was done."""


@pytest.mark.parametrize("part", range(PHONE_PARTS))
def test_every_page_fits_a_phone_and_meets_wcag_2_1_aa_there(
    browser: Browser, site_url: str, site_dir: Path, part: int
) -> None:
    """On a 390 px touch phone no page, in any language, is wider than the screen: a wide table
    or code block scrolls sideways in its own frame, never the page; and that frame takes the
    keyboard (every page, translated ones included). In the same load axe finds no WCAG 2.1 A/AA
    violation on the pages it reads (:func:`axe_pages`). Each ``part`` takes every
    :data:`PHONE_PARTS`-th page: together they load every page once."""
    everything, sample = site_pages(site_dir), set(axe_pages(site_dir))
    assert len(sample) > 40 and sample <= set(everything), sample  # the docs, generated, scenario and notebook pages
    pages = everything[part::PHONE_PARTS]
    assert len(sample & set(pages)) > 20, pages  # each part reads pages with axe too
    axe, fit = AxeFindings("phone", [url for url in pages if url in sample]), PhoneFit()
    for page, url in zip(loaded(browser, site_url, "phone", pages), pages, strict=True):
        fit.read(page, url)
        if url in sample:
            axe.read(page, url)
    assert not fit.wide, f"pages wider than a 390 px phone (px): {fit.wide}"
    assert not fit.unreachable, f"regions scrolling out of a keyboard's reach on a 390 px phone: {fit.unreachable}"
    axe.check()


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
    fit = PhoneFit()
    for page, url in zip(loaded(browser, site_url, "phone", certificates, axe=False), certificates, strict=True):
        fit.read(page, url)
    assert not fit.wide, f"certificates wider than a 390 px phone (px): {fit.wide}"


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
