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
