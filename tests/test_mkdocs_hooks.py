"""The MkDocs hooks: a table written as raw HTML gets a scroll frame the keyboard reaches."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.util import load_tool


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    return load_tool("mkdocs_hooks", "mkdocs_hooks")


FRAME = '<div class="scrollwrap" role="region" tabindex="0" aria-label="{}">'


def test_a_raw_table_gets_a_frame_named_by_its_caption(hooks: ModuleType) -> None:
    caption = "<caption>Basic &amp; <b>strategy</b></caption>"
    page = f'<p>x\u2028y\r\nz</p>\n<table class="strategy">{caption}\n<tr><td>H</td></tr></table>\n'  # odd line ends
    framed = hooks.frame_tables(page)
    assert framed == page.replace("<table", FRAME.format("Basic &amp; strategy") + "<table").replace(
        "</table>", "</table></div>"
    )


def test_a_table_without_a_caption_is_numbered(hooks: ModuleType) -> None:
    page = '<TABLE class="a"><tr><td>1</table><table class="b"><tr><td>2</td></tr></table>'
    framed = hooks.frame_tables(page)
    assert framed.count(FRAME.format("table 1")) == 1 and framed.count(FRAME.format("table 2")) == 1
    assert framed.endswith("</table></div>") and "</table></div><div" in framed


def test_a_class_after_a_quoted_angle_bracket_or_a_line_break_is_still_seen(hooks: ModuleType) -> None:
    """The quick look for a table with a class (a page without one is not parsed) reads the tag
    as the parser does: a ``>`` inside a quoted value does not end it, a class may be on the next line."""
    for tag in ['<table title="a > b" class="cost">', "<table\n  class='cost'>", "<TABLE CLASS=cost>"]:
        page = f"{tag}<tr><td>1</td></tr></table>"
        assert hooks.frame_tables(page) == FRAME.format("table 1") + page + "</div>", tag
    assert not hooks.CLASSED_TABLE.search('<table data-class="x"><tr><td class="c">1</td></tr></table>')


@pytest.mark.parametrize(
    "page",
    [
        '<div class="scrollwrap" tabindex="0"><table class="cost"><tr><td>1</td></tr></table></div>',  # framed
        '<div class="matrix-wrap"><div><table class="matrix"><tr><td>1</td></tr></table></div></div>',  # deeper
        "<table><tr><td>1</td></tr></table>",  # Markdown's: Material frames it in the browser
        '<table class="stack"><tr><td>1</td></tr></table>',  # becomes cards on a phone
    ],
    ids=["framed", "framed-further-out", "markdown", "reflowing"],
)
def test_a_table_that_needs_no_frame_stays_as_it_is(hooks: ModuleType, page: str) -> None:
    assert hooks.frame_tables(page) == page


def test_a_table_inside_a_framed_table_gets_no_frame_of_its_own(hooks: ModuleType) -> None:
    page = '<table class="outer"><tr><td><br><table class="inner"><tr><td>1</td></tr></table></td></tr></table>'
    framed = hooks.frame_tables(page)
    assert framed == FRAME.format("table 1") + page + "</div>"


def test_a_site_built_with_overrides_says_so_on_every_page(hooks: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page of a site built with BLACKJACK_SPEC_OVERRIDES opens with a banner naming each
    changed value in words; without overrides, the page is as written."""
    monkeypatch.delenv("BLACKJACK_SPEC_OVERRIDES", raising=False)
    assert hooks.on_page_content("<p>text</p>") == "<p>text</p>"
    monkeypatch.setenv("BLACKJACK_SPEC_OVERRIDES", '{"CL": {"double_totals": "none"}, "UY": {"decks": 6}}')
    page = hooks.on_page_content("<p>text</p>")
    banner, rest = page.split("</div>\n", 1)
    assert rest == "<p>text</p>" and 'class="admonition warning overrides-banner"' in banner
    assert "CL: Double down on: any two cards" in banner and "UY: Decks in the shoe: 6" in banner


# --- the site in other languages ------------------------------------------------------------
class _File:
    def __init__(self, dest_uri: str, src_uri: str = "", localization: str | None = None) -> None:
        self.dest_uri, self.src_uri, self.norm_src_uri, self.localization = dest_uri, src_uri, src_uri, localization


class _Page:
    def __init__(self, file: _File) -> None:
        self.file = file


class _Plugin:
    def __init__(self, current: str) -> None:
        self.current_language, self.default_language = current, "en"


def _config(code: str) -> dict[str, object]:
    return {"plugins": {"i18n": _Plugin(code)}}


def test_an_english_page_under_a_language_keeps_its_assets(hooks: ModuleType) -> None:
    """Raw HTML written for ``generated/practice.html`` and built as ``es/generated/practice.html``:
    an address that finds nothing under ``es/`` is pointed back to the file the English page meant;
    one that finds its file (a page of the language, an address MkDocs resolved) is left alone."""
    files = [_File("javascripts/python.js"), _File("es/generated/uy.html"), _File("generated/rules.csv")]
    page = _Page(_File("es/generated/practice.html", "generated/practice.md"))
    content = (
        '<script src="../javascripts/python.js"></script><a href="uy.html#uy-1">UY</a>'
        '<a href="rules.csv?x=1">csv</a><a href="../../javascripts/python.js">ok</a><a href="#top">top</a>'
        '<a href="https://example.org/x">away</a>'
    )
    fixed = hooks._assets(content, page, files)
    assert fixed == (
        '<script src="../../javascripts/python.js"></script><a href="uy.html#uy-1">UY</a>'
        '<a href="../../generated/rules.csv?x=1">csv</a><a href="../../javascripts/python.js">ok</a>'
        '<a href="#top">top</a><a href="https://example.org/x">away</a>'
    )


def test_a_page_in_another_language_says_whose_translation_or_why_it_is_english(hooks: ModuleType) -> None:
    translated = hooks.on_page_content(
        "<p>Hola</p>", _Page(_File("es/index.html", "index.es.md", "es")), _config("es"), []
    )
    assert 'lang="es"' in translated and "Una traducción del proyecto" in translated
    assert 'href="../es/generated/uy.html"' in translated and translated.endswith("<p>Hola</p>")
    english = hooks.on_page_content("<p>Labs</p>", _Page(_File("cs/labs.html", "labs.md")), _config("cs"), [])
    assert "jen v angličtině" in english and english.endswith('<div lang="en"><p>Labs</p></div>')
    pending = hooks.on_page_content(
        "<p>R</p>", _Page(_File("it/generated/rules.html", "generated/rules.md")), _config("it"), []
    )
    assert "non è ancora tradotta" in pending


def test_the_navigation_is_translated_from_the_catalogs(hooks: ModuleType) -> None:
    nav = [{"Home": "index.md"}, {"The regulations": [{"Uruguay, DGC (UY)": "generated/uy.md"}]}]
    assert hooks.nav_translations(nav, "es") == {
        "Home": "Inicio",
        "The regulations": "Los reglamentos",
        "Uruguay, DGC (UY)": "Uruguay, DGC (UY)",
    }
    assert hooks.nav_translations([{"Czech casino (CZ)": "generated/cz.md"}], "cs") == {
        "Czech casino (CZ)": "České kasino (CZ)"
    }
