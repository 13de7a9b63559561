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

The i18n plugin builds each language into the same folder, and each writes the site's one
``404.html`` (a server has one page for an address it does not know): the last language's
would stay. :func:`on_post_template` keeps the default language's (English) and
:func:`on_post_build` puts it back once every language is built.
"""

from __future__ import annotations

import html
import logging
import os
import posixpath
import re
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

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


CLASSED_TABLE = re.compile(r"""<table\b(?:[^>"']|"[^"]*"|'[^']*')*?\sclass\s*=""", re.IGNORECASE)
"""A table tag with a class attribute: a page without one has nothing to frame (most pages),
and is not parsed."""


def frame_tables(text: str) -> str:
    """The page's HTML with each table that Material does not frame (one with a class), not
    already in a frame and not reflowing, put into a scroll frame the keyboard can reach."""
    if not CLASSED_TABLE.search(text):
        return text
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


@event_priority(-200)  # after the i18n plugin's (-100), which adds its languages' stemmers to search
def on_config(config: Any, **_: Any) -> Any:
    """The navigation's per-regulation sections, one entry per regulation the project lists
    (``spec_engine/data/regulations.toml``): a new text appears without editing mkdocs.yml. Then
    each language's navigation titles, from the catalogs (the i18n plugin's ``nav_translations``).

    Search keeps lunr's English pipeline only (``lang: [en]``): with the Spanish and Italian
    stemmers the i18n plugin adds, a Czech word with a letter outside ASCII (``sázení``,
    ``děkuji``) is found nowhere (measured in the browser: ``tests/browser/test_languages.py``);
    with English alone (Material's pipeline: the stop words only, no trimmer, no stemmer) every
    language's words are found as written."""
    from spec_engine.catalog import REGULATION_IDS
    from spec_engine.pages.site import regulation_title

    pages = {
        "The regulations": "generated/{reg}.md",
        "Dealer onboarding": "generated/onboarding-{reg}.md",
    }
    for entry in config["nav"]:
        if isinstance(entry, dict):
            for title, children in entry.items():
                if title in pages and children == []:
                    entry[title] = [{regulation_title(r): pages[title].format(reg=r.lower())} for r in REGULATION_IDS]
    for name in ("search", "material/search"):
        if name in config["plugins"]:
            config["plugins"][name].config.lang[:] = ["en"]  # in place: the search index holds this list
    plugin = config["plugins"].get("i18n")
    if plugin is not None:
        for language in plugin.config.languages:
            if not language.default:
                language.nav_translations = nav_translations(config["nav"], language.locale)
    return config


def nav_translations(nav: Any, code: str) -> dict[str, str]:
    """Every title of the navigation (English, as mkdocs.yml and :func:`on_config` write it) ->
    its title in language ``code``."""
    from spec_engine.catalog import REGULATION_IDS
    from spec_engine.i18n import language
    from spec_engine.pages.site import nav_title, regulation_title

    english = {regulation_title(r): r for r in REGULATION_IDS}
    out: dict[str, str] = {}
    with language(code):
        for title in _titles(nav):
            out[title] = regulation_title(english[title]) if title in english else nav_title(title)
    return out


def _titles(nav: Any) -> list[str]:
    out = []
    for item in nav or []:
        if isinstance(item, dict):
            for title, children in item.items():
                out.append(title)
                if isinstance(children, list):
                    out += _titles(children)
    return out


def on_page_content(content: str, page: Any = None, config: Any = None, files: Any = None, **_: Any) -> str:
    """The page's content: its wide tables framed, the overrides' banner, and in a build of
    another language than English the notice of :func:`_notice` (an English page marked
    ``lang="en"``); a page that runs a widget gets the widgets' messages first."""
    framed = frame_tables(content)
    code = current_language(config) if config is not None else "en"
    if page is None or code == "en":
        return _banner(code) + (_scripts(framed, page, code) if page is not None else "") + framed
    localized = getattr(page.file, "localization", None) == code
    body = framed if localized else f'<div lang="en">{_assets(framed, page, files)}</div>'
    return _banner(code) + _notice(page, code, localized) + _scripts(framed, page, code) + body


def current_language(config: Any) -> str:
    """The language this build writes (the i18n plugin builds one language after another)."""
    plugin = config["plugins"].get("i18n")
    return str(plugin.current_language or plugin.default_language) if plugin is not None else "en"


def _root(page: Any) -> str:
    """The site's root, relative to ``page``."""
    depth = page.file.dest_uri.count("/")
    return "../" * depth


def _scripts(content: str, page: Any, code: str) -> str:
    """A page that runs a widget gets the widgets' messages first (``javascripts/i18n.js`` and
    its language's catalog, ``javascripts/locale/<code>.js``): its own scripts come in its content."""
    if "<script" not in content:
        return ""
    root = _root(page)
    tags = [f'<script src="{root}javascripts/i18n.js"></script>']
    if code != "en":
        tags.append(f'<script src="{root}javascripts/locale/{code}.js"></script>')
    return "".join(tags) + "\n"


def _notice(page: Any, code: str, localized: bool) -> str:
    """The notice above a page in another language than English, in that language: a translated
    page's (the translation is the project's; the texts are the authority, linked), or an English
    page's (why it is in English)."""
    from spec_engine.catalog import REGULATION_IDS
    from spec_engine.i18n import language
    from spec_engine.pages.site import english_notice, english_only, translated_notice

    source = getattr(page.file, "norm_src_uri", page.file.src_uri)
    with language(code):
        if localized:
            base = _root(page) + f"{code}/generated/"
            return translated_notice({reg: f"{base}{reg.lower()}.html" for reg in REGULATION_IDS})
        return english_notice(english_only(source))


_URL = re.compile(r'(?P<attr>\b(?:src|href))="(?P<url>(?![a-z]+:|/|#)[^"#?]+)(?P<rest>[^"]*)"')


def _assets(content: str, page: Any, files: Any) -> str:
    """An English page built under a language's folder (``es/generated/practice.html``) keeps the
    relative addresses its raw HTML was written with, which point into that folder: each address
    that finds no file there but finds one from the English page's place is pointed back to it
    (the scripts, the downloads; Markdown links MkDocs has already resolved)."""
    dests = {f.dest_uri for f in files}
    here = posixpath.dirname(page.file.dest_uri)
    english = posixpath.dirname(page.file.dest_uri.split("/", 1)[1]) if "/" in page.file.dest_uri else ""

    def fix(match: re.Match[str]) -> str:
        url = match["url"]
        if posixpath.normpath(posixpath.join(here, url)) in dests:
            return match[0]
        target = posixpath.normpath(posixpath.join(english, url))
        if target not in dests and not target.startswith("pyodide/"):
            return match[0]
        return f'{match["attr"]}="{posixpath.relpath(target, here or ".")}{match["rest"]}"'

    return _URL.sub(fix, content)


def _banner(code: str) -> str:
    """A site built with BLACKJACK_SPEC_OVERRIDES says so at the top of every page, in its language
    (a malformed value has already stopped the build: tools/build.py)."""
    from spec_engine.i18n import language
    from spec_engine.overrides import from_env
    from spec_engine.pages.common import overrides_banner

    with language(code):
        return overrides_banner(from_env())


_NOT_FOUND: dict[str, str] = {}
"""The default language's ``404.html``, as its build wrote it (:func:`on_post_template`)."""


def on_post_template(output_content: str, template_name: str, config: Any, **_: Any) -> str:
    plugin = config["plugins"].get("i18n")
    if template_name == "404.html" and (plugin is None or current_language(config) == plugin.default_language):
        _NOT_FOUND["html"] = output_content
    return output_content


@event_priority(-200)  # after the i18n plugin's (-100), in which it builds the other languages
def on_post_build(config: Any, **_: Any) -> None:
    site = Path(config["site_dir"])
    plugin = config["plugins"].get("i18n")
    if "html" in _NOT_FOUND and (plugin is None or not plugin.building):  # (the first build's, the last to end)
        (site / "404.html").write_text(_NOT_FOUND.pop("html"), encoding="utf-8")
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
    if not _serving["on"] or current_language(config) != "en":  # once per rebuild, not once per language
        return
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}  # no __pycache__ write wakes the watcher
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--pages-only"], cwd=ROOT, env=env)
    if done.returncode:
        log.error("the generated pages could not be brought up to date (see above); serving the last ones")
