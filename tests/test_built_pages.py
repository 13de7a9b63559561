"""Every built page of every language, read as HTML (no browser): what can differ between a
page and its translation is right on each of them.

A translated page is made by the same generator and Material template as its English twin; what
a language changes is its words and their ``lang``. axe (``tests/browser/test_accessibility.py``)
runs on a phone on every English page and on a sample of each language's pages (each kind of
page at least once per language), and on a desktop on one English page of each kind; this test
reads all of them, all 270-odd, in a few seconds, for the faults a translation can bring to one
page and not to the others:

* ``<html lang>`` is the page's language (axe: ``html-has-lang``), and every ``lang`` is a
  language tag (``html-lang-valid``, ``valid-lang``);
* the ``<title>`` is not empty (``document-title``);
* every link and button has a name: its text (an image's ``alt`` included), ``aria-label``,
  ``aria-labelledby`` or ``title`` (``link-name``, ``button-name``); every form field has a
  label: a ``<label>`` around it or naming its id, ``aria-label``, ``aria-labelledby`` or
  ``title`` (``label``, ``select-name``); Material's own toggles (``md-toggle``: hidden check
  boxes driven by their labels) are left out, as the browser hides them from axe;
* every image has an ``alt`` (``image-alt``);
* ids are unique, and every id an attribute points to (``headers``, ``aria-labelledby``,
  ``aria-describedby``, ``aria-controls``) is on the page
  (``aria-valid-attr-value``, ``td-headers-attr``);
* a list holds list items and a list item sits in a list (``list``, ``listitem``): a translation
  whose Markdown breaks the structure shows here.

What is not here, and where it is caught: an English sentence left on a page declared translated
(an untranslated message) by ``tests/test_i18n.py``; a placeholder nothing fills by the catalogs'
gate (``tools/i18n.py``, which ``make site`` runs, and ``tests/test_i18n.py``); a page wider than
a phone by ``test_every_page_fits_a_phone_and_meets_wcag_2_1_aa_there`` (every page, every
language); contrast and what the page's scripts build, by axe on its sample (the same style
sheets and scripts on every page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from spec_engine.i18n import SOURCE, TRANSLATED

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
LANGUAGE_TAG = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
UNLABELLED_INPUTS = frozenset({"hidden", "submit", "reset", "button", "image"})
"""Inputs that take no label (a button's name is its value)."""
REFERENCES = ("headers", "aria-labelledby", "aria-describedby", "aria-controls")
"""The attributes naming ids that must be on the page. (A ``<label for>`` naming no field is
Material's: its table of contents' label on a page without one.)"""
LISTS = {"ul": {"li", "script", "template"}, "ol": {"li", "script", "template"}}
LIST_ITEM_PARENTS = {"ul", "ol", "menu"}


@dataclass
class _Open:
    tag: str
    attrs: dict[str, str]
    hidden: bool
    text: list[str] = field(default_factory=list)


class _Audit(HTMLParser):
    """Collects what :func:`problems` judges, in one pass."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[_Open] = []
        self.html_lang: str | None = None
        self.langs: list[str] = []
        self.ids: dict[str, int] = {}
        self.references: list[tuple[str, str]] = []
        self.title: str | None = None
        self.fields: list[str] = []
        self.labels: set[str] = set()
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        parent = self.stack[-1] if self.stack else None
        hidden = bool(parent and parent.hidden) or a.get("aria-hidden") == "true" or "hidden" in a
        if tag == "html":
            self.html_lang = a.get("lang")
        if "lang" in a:
            self.langs.append(a["lang"])
        if "id" in a:
            self.ids[a["id"]] = self.ids.get(a["id"], 0) + 1
        self.references += [(key, ref) for key in REFERENCES for ref in a.get(key, "").split()]
        if tag == "label" and a.get("for"):
            self.labels.add(a["for"])
        if parent and parent.tag in LISTS and tag not in LISTS[parent.tag]:
            self.problems.append(f"<{tag}> directly in a <{parent.tag}> (a list holds list items)")
        if tag == "li" and not (parent and parent.tag in LIST_ITEM_PARENTS):
            self.problems.append(f"<li> outside a list (in <{parent.tag if parent else 'nothing'}>)")
        if tag == "img":
            if "alt" not in a and a.get("role") not in ("presentation", "none") and not hidden:
                self.problems.append(f"<img src={a.get('src', '?')!r}> has no alt")
            for node in self.stack:  # an image's alt is its link's or button's name
                node.text.append(a.get("alt", ""))
        labelled = any(a.get(k, "").strip() for k in ("aria-label", "aria-labelledby", "title"))
        if tag in ("input", "select", "textarea") and a.get("type", "") not in UNLABELLED_INPUTS:
            in_label = any(node.tag == "label" for node in self.stack)
            if not (labelled or in_label or "md-toggle" in a.get("class", "").split()):
                self.fields.append(a.get("id", ""))  # judged at the end: its <label for> may come after it
        if tag not in VOID:
            self.stack.append(_Open(tag, a, hidden))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not any(node.tag == tag for node in self.stack):
            return
        node = self.stack.pop()
        while node.tag != tag:  # an element left open: closed with its parent
            node = self.stack.pop()
        text = "".join(node.text)
        if tag == "title" and self.title is None:
            self.title = text.strip()
        names = (text, *(node.attrs.get(k, "") for k in ("aria-label", "aria-labelledby", "title")))
        interactive = tag == "button" or (tag == "a" and "href" in node.attrs)
        if interactive and not node.hidden and not any(n.strip() for n in names):
            self.problems.append(f"<{tag} {_shown(node.attrs)}> has no name")
        if self.stack:
            self.stack[-1].text.append(text)

    def handle_data(self, data: str) -> None:
        if self.stack:
            self.stack[-1].text.append(data)


def _shown(attrs: dict[str, str]) -> str:
    return " ".join(f'{k}="{v}"' for k, v in attrs.items())[:120]


def problems(html: str, language: str) -> list[str]:
    """What is wrong with one built page in ``language`` (nothing: an empty list)."""
    audit = _Audit()
    audit.feed(html)
    audit.close()
    found = list(audit.problems)
    if audit.html_lang != language:
        found.append(f"<html lang> is {audit.html_lang!r}, not {language!r}")
    found += [f"lang={value!r} is not a language tag" for value in audit.langs if not LANGUAGE_TAG.match(value)]
    if not audit.title:
        found.append("the <title> is empty or missing")
    found += [f"id {name!r} is on {count} elements" for name, count in audit.ids.items() if count > 1]
    found += [f"the form field {name or '(no id)'} has no label" for name in audit.fields if name not in audit.labels]
    found += [f"{key}={ref!r} names an id no element has" for key, ref in audit.references if ref not in audit.ids]
    return found


def built_pages() -> dict[str, str]:
    """Every HTML page of the built site (Material's assets left out) with its language."""
    if not (SITE / "index.html").is_file() or not (SITE / TRANSLATED[0] / "index.html").is_file():
        pytest.fail(f"{SITE} is not built in every language: run make site first", pytrace=False)
    pages = {}
    for path in sorted(SITE.rglob("*.html")):
        name = path.relative_to(SITE).as_posix()
        if not name.startswith("assets/"):
            first = name.split("/")[0]
            # (404.html, what a server shows at an address it does not know, is one for the site: each
            # language's build writes it, and the build's hook keeps the English one: tools/mkdocs_hooks.py)
            pages[name] = first if first in TRANSLATED else SOURCE
    return pages


def test_every_built_page_in_every_language_is_whole() -> None:
    pages = built_pages()
    for code in (SOURCE, *TRANSLATED):  # every language has its pages (about 70 each)
        assert sum(language == code for language in pages.values()) > 40, code
    found = {}
    for name, language in pages.items():
        html = (SITE / name).read_text(encoding="utf-8")
        if wrong := problems(html, language):
            found[name] = wrong
    assert not found, "\n".join(f"{name}: {'; '.join(wrong)}" for name, wrong in found.items())


GOOD = """<html lang="es"><head><title>Reglas</title></head><body>
<a href="x.html">Reglas</a> <a href="y.html"><img src="i.png" alt="Inicio"></a> <a href="#" title="Arriba"></a>
<button aria-label="Buscar"></button> <label for="q">Buscar</label><input id="q" type="text">
<label>Total <input type="number"></label> <input type="checkbox" class="md-toggle" id="__toc">
<blockquote lang="ca-ES">Text</blockquote> <ul><li>uno</li></ul> <span id="n">Nota</span>
<p aria-describedby="n">p</p><a aria-hidden="true" href="z.html"></a></body></html>"""
"""A page with nothing wrong: each kind of name, label and reference."""


@pytest.mark.parametrize(
    ("fault", "good", "bad", "said"),
    [
        ("the page's language", '<html lang="es">', '<html lang="en">', "<html lang> is 'en', not 'es'"),
        ("no language", '<html lang="es">', "<html>", "<html lang> is None"),
        ("a bad language tag", 'lang="ca-ES"', 'lang="Catalan"', "lang='Catalan' is not a language tag"),
        ("an empty title", "<title>Reglas</title>", "<title> </title>", "the <title> is empty"),
        ("a link without a name", ">Reglas</a>", "></a>", '<a href="x.html"> has no name'),
        ("an image link without alt text", 'alt="Inicio"', 'alt=""', '<a href="y.html"> has no name'),
        ("an image without alt", '<img src="i.png" alt="Inicio">', '<img src="i.png">', "has no alt"),
        ("a button without a name", 'aria-label="Buscar"', 'aria-label=" "', "<button"),
        ("a field without a label", '<label for="q">Buscar</label>', "", "the form field q has no label"),
        ("a duplicated id", '<span id="n">', '<span id="q">', "id 'q' is on 2 elements"),
        ("a reference to no id", 'aria-describedby="n"', 'aria-describedby="m"', "aria-describedby='m' names an id"),
        ("a list holding a paragraph", "<ul><li>uno</li></ul>", "<ul><p>uno</p></ul>", "<p> directly in a <ul>"),
        ("a list item outside a list", "<ul><li>uno</li></ul>", "<li>uno</li>", "<li> outside a list"),
    ],
)
def test_each_fault_is_found(fault: str, good: str, bad: str, said: str) -> None:
    assert problems(GOOD, "es") == []
    assert good in GOOD, fault
    found = problems(GOOD.replace(good, bad, 1), "es")
    assert any(said in problem for problem in found), (fault, found)
