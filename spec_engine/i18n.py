"""Messages in the reader's language: one gettext domain, English as the source.

Every sentence a reader sees is written whole, in English, where the code says it, and marked::

    from spec_engine.i18n import N_, _, ngettext, pgettext

    _("Deal one card to each box")
    ngettext("Burn {count} card face down", "Burn {count} cards face down", count, count=count)
    pgettext("nav", "Rules compared")
    LABELS = {"decks": N_("decks")}       # marked where it is defined, translated at use: _(LABELS[k])

The English text is the message id: English needs no catalog. Each other language of
``data/languages.toml`` has one catalog, ``locale/<code>/LC_MESSAGES/messages.po``, compiled
into ``messages.mo`` by ``tools/i18n.py compile`` (``make site`` and the wheel build run it).

The active language is a context variable, set for a block::

    with language("es", rulebook="UY"):
        page = onboarding_page("UY")      # every _() in it answers in Spanish, in UY's words

Every message is formatted (``str.format``) with the values given and, in a language other than
English, with the trade's words of the block's rulebook in that language (:mod:`spec_engine.glossary`):
the Spanish translation of "Deal one card to each box" may say "Reparta una carta a cada {box}",
which reads "casillero" under UY and "casilla" under ES. A message therefore writes a literal
brace as ``{{`` or ``}}``. A language without its compiled catalog is an error that names the
command making it, never a silent English page.
"""

from __future__ import annotations

import gettext
import re
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from spec_engine import glossary
from spec_engine.errors import CatalogMissing, InputError

DOMAIN = "messages"
LOCALE = Path(__file__).parent / "locale"
"""Where the catalogs are: ``locale/messages.pot`` (the template), ``locale/<code>/LC_MESSAGES/``."""
_DATA = tomllib.loads((Path(__file__).parent / "data" / "languages.toml").read_text(encoding="utf-8"))
SOURCE: str = _DATA["source"]
"""The language the messages are written in (their ids): English."""
LANGUAGES: tuple[str, ...] = tuple(entry["code"] for entry in _DATA["language"])
"""Every language of the site, the source first: ``en``, ``es``, ``cs``, ``it``."""
NAMES: dict[str, str] = {entry["code"]: entry["name"] for entry in _DATA["language"]}
"""Each language's own name (``Español``), as the language switcher shows it."""
TRANSLATED: tuple[str, ...] = tuple(code for code in LANGUAGES if code != SOURCE)
"""The languages with a catalog."""

_language: ContextVar[str] = ContextVar("language", default=SOURCE)
_rulebook: ContextVar[str | None] = ContextVar("rulebook", default=None)


@contextmanager
def language(code: str, rulebook: str | None = None) -> Iterator[None]:
    """Within the block, messages answer in ``code``, in the trade's words of ``rulebook`` (None:
    a page about no one rulebook). Its catalog is loaded here: a missing one fails at once."""
    if code not in LANGUAGES:
        raise InputError(f"language {code!r} is not one of {', '.join(LANGUAGES)}", field="language")
    catalog(code)
    token, book = _language.set(code), _rulebook.set(rulebook)
    try:
        yield
    finally:
        _language.reset(token)
        _rulebook.reset(book)


def activate(code: str) -> None:
    """From now on, in this context, messages answer in ``code`` (a process or a page's Python
    worker that speaks one language all its life; elsewhere prefer ``with language(code):``)."""
    if code not in LANGUAGES:
        raise InputError(f"language {code!r} is not one of {', '.join(LANGUAGES)}", field="language")
    catalog(code)
    _language.set(code)


def active() -> str:
    """The language messages answer in now."""
    return _language.get()


def rulebook() -> str | None:
    """The rulebook whose words the messages speak now (None: the language's default words)."""
    return _rulebook.get()


def catalog_path(code: str, locale: Path = LOCALE) -> Path:
    return locale / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code`` (English: none, the message ids are English)."""
    if code == SOURCE:
        return gettext.NullTranslations()
    path = catalog_path(code, LOCALE)
    if not path.is_file():
        raise CatalogMissing(
            f"no compiled catalog for {code!r} ({path}): run 'python tools/i18n.py compile' (make site does)",
            field="language",
        )
    with path.open("rb") as handle:
        return gettext.GNUTranslations(handle)


def translates(code: str, message: str) -> bool:
    """Whether the catalog of ``code`` holds a translation of ``message`` (which may read as its
    English does: Spanish "no"); English translates everything."""
    if code == SOURCE:
        return True
    found: dict[str, object] = getattr(catalog(code), "_catalog", {})
    return message in found


class _Values(dict[str, object]):
    """The values a message is formatted with: those given, then the glossary's words."""

    def __init__(self, given: Mapping[str, object], words: Mapping[str, str]) -> None:
        super().__init__(given)
        self._words = words

    def __missing__(self, key: str) -> object:
        if key in self._words:
            return self._words[key]
        raise InputError(f"message placeholder {{{key}}} has no value and is no word of the glossary", field=key)


def render(text: str, values: Mapping[str, object]) -> str:
    """``text`` (a message or its translation) with its placeholders filled: ``values`` first,
    then the trade's words of the active rulebook in the active language."""
    if "{" not in text and "}" not in text:
        return text
    code = _language.get()
    words = glossary.terms(code, _rulebook.get()) if code != SOURCE else {}
    return text.format_map(_Values(values, words))


def _(message: str, /, **values: object) -> str:
    """``message`` in the active language, its placeholders filled. (English, the message
    itself, takes the short way: the engine builds its refusals' reasons in its hot path.)"""
    code = _language.get()
    if code != SOURCE:
        return render(catalog(code).gettext(message), values)
    if not values:
        return message if "{" not in message else render(message, values)
    try:
        return message.format(**values)
    except KeyError as missing:
        raise InputError(
            f"message placeholder {{{missing.args[0]}}} has no value", field=str(missing.args[0])
        ) from None


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of the message for ``n`` in the active language (its own plural rules:
    Czech has three forms), its placeholders filled."""
    return render(catalog(_language.get()).ngettext(singular, plural, n), values)


def pgettext(context: str, message: str, /, **values: object) -> str:
    """``message`` in ``context`` (the same English words that a language may say otherwise)."""
    return render(catalog(_language.get()).pgettext(context, message), values)


def N_(message: str, /) -> str:
    """Marks ``message`` for the catalog where it is defined (a module-level constant); the code
    translates it where it is used, ``_(CONSTANT)``."""
    return message


# ----------------------------------------------------------------------------- the data's messages
TOML_KEYS = {
    "names": ("short", "long"),
    "regulation": (
        "description",
        "reference",
        "published_by",
        "published_at",
        "text_date",
        "retrieved",
        "to_establish",
    ),
    "clause": ("gist", "note"),
}
"""The keys of the clause catalogs that readers see in English (the rule sets' and the
glossary's: every ``note`` and ``what``; the exemptions' and the clauses not modelled: every
``reason``): a text's description
and its provenance (a date, which every language writes alike, is no message)."""
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def line_of(text: str, value: str) -> int:
    """The line of ``text`` where ``value`` begins (1 when it is not found word for word)."""
    index = text.find(value[:40])
    return text.count("\n", 0, index) + 1 if index >= 0 else 1


def data_messages(path: Path) -> Iterator[tuple[int, str, str]]:
    """(line, message, key) for each entry of a data file that readers see in English: what
    ``tools/i18n.py`` extracts into the template, and what ``new-regulation`` copies into each
    catalog for a new text."""
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    if "names" in data:  # the one list: each rulebook's names
        for reg_id, names in data["names"].items():
            for key in TOML_KEYS["names"]:
                if names.get(key):
                    yield line_of(text, names[key]), names[key], f"names.{key} {reg_id}"
    elif "regulation" in data:  # a clause catalog
        for key in TOML_KEYS["regulation"]:
            value = data["regulation"].get(key, "")
            if value and not DATE.fullmatch(value):
                yield line_of(text, value), value, f"regulation.{key}"
        for clause in data.get("clause", []):
            for key in TOML_KEYS["clause"]:
                if clause.get(key):
                    yield line_of(text, clause[key]), clause[key], f"clause.{key} {clause['id']}"
    elif "exempt" in data:  # the clauses no engine can check, each with its reason
        for entry in data["exempt"]:
            yield line_of(text, entry["reason"]), entry["reason"], f"exempt.reason {entry['clause']}"
    elif "not_modelled" in data:  # the clauses the engine cannot play yet, each with its reason
        for entry in data["not_modelled"]:
            yield line_of(text, entry["reason"]), entry["reason"], f"not_modelled.reason {entry['clause']}"
    elif "rules" in data:  # a rule set
        for name, value in data["rules"].items():
            if isinstance(value, dict) and value.get("note"):
                yield line_of(text, value["note"]), value["note"], f"rule.note {name}"
    elif "concept" in data:  # the glossary
        for key, concept in data["concept"].items():
            yield line_of(text, concept["what"]), concept["what"], f"concept.what {key}"
            for language, entries in concept.items():
                for entry in entries if isinstance(entries, list) else []:
                    if entry.get("note"):
                        yield line_of(text, entry["note"]), entry["note"], f"concept.note {key} {language}"
