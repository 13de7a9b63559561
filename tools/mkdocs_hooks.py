"""MkDocs hooks: every wide table in a scroll frame the keyboard reaches; a banner on every page
of a site built with changed rule values (``BLACKJACK_SPEC_OVERRIDES``); after the build, drop
what the built site ships but never uses; while serving (``make serve``), regenerate the pages
whose sources changed before each build.

Material puts a Markdown table (``table:not([class])``) into a scrolling frame in the browser
(``javascripts/site.js`` lets the keyboard reach it); a table written as raw HTML with a class
(the cost tables, the strategy charts) gets no frame and, on a phone, widens the whole page.
:func:`on_page_content` puts each such table that is not already in a frame into one:
``<div class="scrollwrap" role="region" tabindex="0" aria-label="...">`` (its caption, else
"table N"), which scrolls sideways by itself (``stylesheets/extra.css``) and takes the keyboard
(WCAG 2.1.1). A table whose class is in :data:`REFLOWING` stays as it is: on a phone it
becomes a column of cards and never scrolls.

Material ships source maps of its bundles (1.3 MB, read only by a browser's developer tools)
and the word segmenters its search needs for Thai and Japanese (``lunr/wordcut.js``,
``lunr/tinyseg.js``, 0.7 MB); the site searches English (``plugins: search`` with its default
language), so neither is ever loaded. The ``sourceMappingURL`` comments go too, so no
browser asks for a missing file.
"""

from __future__ import annotations

import html
import logging
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks")

UNUSED = ("assets/javascripts/lunr/wordcut.js", "assets/javascripts/lunr/tinyseg.js")
_MAP_COMMENT = re.compile(r"\n?/[*/]# sourceMappingURL=\S+?(?: \*/)?\s*$")


FRAMES = frozenset({"scrollwrap", "matrix-wrap", "md-typeset__scrollwrap"})
"""Classes of the elements that already frame a table (ours, the matrix's, Material's)."""
REFLOWING = frozenset({"stack"})
"""Classes of the tables that reflow on a phone instead of scrolling (``extra.css``)."""
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
"""Elements without an end tag."""


@dataclass
class _Table:
    """A table being read: where it starts, how deep, its caption so far."""

    start: int
    depth: int
    caption: str = ""


class _Tables(HTMLParser):
    """Finds the tables to frame: where each starts and ends in the page, and its caption."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self._text = text
        self._lines = [0, *(m.end() for m in re.finditer("\n", text))]  # where each line starts, as the parser counts
        self._open: list[tuple[str, bool]] = []  # (tag, whether it frames what it holds)
        self._table: _Table | None = None
        self._in_caption = False
        self.found: list[tuple[int, int, str]] = []
        """(start, end, caption) of each table to frame."""

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        framed = any(frames for _, frames in self._open)
        if tag == "table" and classes and not classes & REFLOWING and not framed:
            self._table = _Table(self._offset(), len(self._open))
        elif tag == "caption" and self._table is not None:
            self._in_caption = True
        if tag not in VOID:  # a table frames its inner tables: they scroll with it
            self._open.append((tag, bool(classes & FRAMES) or tag == "table"))

    def handle_endtag(self, tag: str) -> None:
        self._in_caption = self._in_caption and tag != "caption"
        for depth in range(len(self._open) - 1, -1, -1):  # elements left open inside end here too
            if self._open[depth][0] == tag:
                del self._open[depth:]
                break
        table = self._table
        if tag == "table" and table is not None and len(self._open) == table.depth:
            end = self._text.index(">", self._offset()) + 1
            self.found.append((table.start, end, " ".join(table.caption.split())))
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._in_caption and self._table is not None:
            self._table.caption += data


def frame_tables(text: str) -> str:
    """The page's HTML with each table that Material does not frame (one with a class), not
    already in a frame and not reflowing, put into a scroll frame the keyboard can reach."""
    parser = _Tables(text)
    parser.feed(text)
    parser.close()
    out, done = [], 0
    for number, (start, end, caption) in enumerate(parser.found, 1):
        name = html.escape(caption or f"table {number}")
        frame = f'<div class="scrollwrap" role="region" tabindex="0" aria-label="{name}">'
        out += [text[done:start], frame, text[start:end], "</div>"]
        done = end
    return "".join([*out, text[done:]])


def on_config(config: Any, **_: Any) -> Any:
    """The navigation's per-regulation sections, one entry per regulation the project lists
    (``spec_engine/data/regulations.toml``): a new text appears without editing mkdocs.yml."""
    from spec_engine.catalog import REGULATION_IDS, rulebook_name

    pages = {
        "The regulations": "generated/{reg}.md",
        "Dealer onboarding": "generated/onboarding-{reg}.md",
    }
    for entry in config["nav"]:
        if isinstance(entry, dict):
            for title, children in entry.items():
                if title in pages and children == []:
                    entry[title] = [
                        {rulebook_name(r, with_id=True): pages[title].format(reg=r.lower())} for r in REGULATION_IDS
                    ]
    return config


def on_page_content(content: str, **_: Any) -> str:
    return _banner() + frame_tables(content)


def _banner() -> str:
    """A site built with BLACKJACK_SPEC_OVERRIDES says so at the top of every page (a malformed
    value has already stopped the build: tools/build.py)."""
    from spec_engine.overrides import from_env
    from spec_engine.pages.common import overrides_banner

    return overrides_banner(from_env())


def on_post_build(config: Any, **_: Any) -> None:
    site = Path(config["site_dir"])
    for path in site.rglob("*.map"):
        path.unlink()
    for name in UNUSED:
        (site / name).unlink(missing_ok=True)
    for path in [*site.glob("assets/**/*.min.js"), *site.glob("assets/**/*.min.css")]:
        text = path.read_text(encoding="utf-8")
        stripped = _MAP_COMMENT.sub("", text)
        if stripped != text:
            path.write_text(stripped, encoding="utf-8")


# --- make serve: the generated pages follow their sources -------------------------------------
ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("spec_engine", "notebooks", "conformance/js", "docs/simulations")
"""What the generated pages are made from, watched while serving (``docs/`` is watched anyway)."""
_serving = {"on": False}


def on_startup(command: str, **_: Any) -> None:
    _serving["on"] = command == "serve"


def on_serve(server: Any, **_: Any) -> Any:
    for name in SOURCES:
        server.watch(str(ROOT / name))
    return server


def on_pre_build(config: Any, **_: Any) -> None:
    """While serving, before each build: bring the generated pages up to date (only the phases
    whose inputs changed run; nothing, when a hand-written page changed)."""
    if not _serving["on"]:
        return
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}  # no __pycache__ write wakes the watcher
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--pages-only"], cwd=ROOT, env=env)
    if done.returncode:
        log.error("the generated pages could not be brought up to date (see above); serving the last ones")
