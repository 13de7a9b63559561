"""The frame of every page in every language: which pages are translated, the navigation's titles,
the notice a translated page carries and the one an English page carries under another language.

``spec_engine/data/translation.toml`` declares the units of the translated site (the pages and
the sources of their words) and the pages that stay English; ``tools/mkdocs_hooks.py`` asks
this module, per language build, what each page says above its content.
"""

from __future__ import annotations

import fnmatch
import html
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from spec_engine.catalog import REGULATION_IDS, regulation, rulebook_name
from spec_engine.i18n import _, active, pgettext

DECLARED = Path(__file__).resolve().parent.parent / "data" / "translation.toml"


@dataclass(frozen=True)
class Unit:
    name: str
    what: str
    translated: bool
    pages: tuple[str, ...]
    """The generated files, relative to ``docs/`` (``{reg}`` stands for each regulation)."""
    sources: tuple[str, ...]


@cache
def _declared() -> dict[str, object]:
    return tomllib.loads(DECLARED.read_text(encoding="utf-8"))


@cache
def units() -> tuple[Unit, ...]:
    out = []
    for raw in _declared()["unit"]:  # type: ignore[attr-defined]
        pages = tuple(p.format(reg=r.lower()) for p in raw["pages"] for r in (REGULATION_IDS if "{reg}" in p else [""]))
        out.append(Unit(raw["name"], raw["what"], raw["translated"], pages, tuple(raw["sources"])))
    return tuple(out)


def translated_pages() -> tuple[str, ...]:
    """The pages written once per language (relative to ``docs/``)."""
    return tuple(page for unit in units() if unit.translated for page in unit.pages)


def english_only(page: str) -> bool:
    """Whether ``page`` (relative to ``docs/``) stays English by design."""
    patterns = _declared()["english_only"]["pages"]  # type: ignore[index]
    return any(fnmatch.fnmatch(page, pattern) for pattern in patterns)


def localized(page: str, code: str) -> str:
    """The file of ``page`` in language ``code`` (``generated/glossary.es.md``); English: itself."""
    if code == "en":
        return page
    stem, dot, ext = page.rpartition(".")
    return f"{stem}.{code}.{ext}" if dot else f"{page}.{code}"


# ----------------------------------------------------------------------------- navigation
def regulation_title(reg_id: str) -> str:
    """A regulation's entry in the navigation: its short name in the active language and its id."""
    return rulebook_name(reg_id, with_id=True)


def nav_title(title: str) -> str:
    """A title of ``mkdocs.yml``'s navigation in the active language."""
    return pgettext("nav", title)


# ----------------------------------------------------------------------------- notices
def _notice(kind: str, title: str, body: str) -> str:
    return (
        f'<div class="admonition {kind} language-notice" role="note" lang="{active()}">'
        f'<p class="admonition-title">{html.escape(title)}</p><p>{body}</p></div>\n'
    )


def translated_notice(texts: dict[str, str]) -> str:
    """Above every translated page: the translation is the project's; the authority is each text
    in its own language, which its regulation page quotes (``texts``: id -> that page's address)."""
    links = ", ".join(
        f'<a href="{html.escape(href)}">{html.escape(regulation(reg).short)}</a>' for reg, href in texts.items()
    )
    return _notice(
        "info",
        _("A translation by the project"),
        html.escape(
            _(
                "This page is the project's translation. The authority is each regulation's text in its own "
                "language, quoted clause by clause on its page:"
            )
        )
        + f" {links}.",
    )


def english_notice(by_design: bool) -> str:
    """Above an English page shown under another language: why it is in English."""
    if by_design:
        body = _("This page is in English only: it is written for laboratories and contributors.")
    else:
        body = _("This page is not translated yet: it is shown in English.")
    return _notice("note", _("In English"), html.escape(body))
