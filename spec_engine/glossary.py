"""The trade's words, per language and per rulebook, each cited to the clauses that use it.

``data/glossary.toml`` holds one table per concept (the box, the dealer, standing, the shoe...)
with its English word and, per language of the site, the terms the texts of that language use::

    [concept.box]
    en = "box"
    what = "one of the numbered places on the layout where bets are placed and a hand is dealt"

    [[concept.box.es]]
    verbatim = "casilla"                    # occurs, word for word, in every clause cited
    clauses = ["ES-PRE-b.1", "ES-18.1.a.1"]
    forms = { box = "casilla", boxes = "casillas", the_box = "la casilla" }

    [[concept.box.cs]]
    project = true                          # no text of the language has a word: the project's
    forms = { ... }

A translated message speaks a rulebook's own words through the forms, as named placeholders:
the Spanish translation of "Deal one card to each box" says "Reparta una carta a cada {box}",
which reads "casillero" on a page about Uruguay's text and "casilla" on one about Melilla's.
The rulebooks an entry serves are those of the clauses it cites; a rulebook none of a
language's entries cites (a text in another language, or one silent on the concept) takes the
language's first entry. Every entry of a concept in a language has the same form names, so a
placeholder a translator uses exists for every rulebook (:func:`problems` and the tests check
it, with each cited term against its clauses' verbatim text).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from spec_engine.errors import InputError

PATH = Path(__file__).parent / "data" / "glossary.toml"
_ENTRY_KEYS = {"verbatim", "clauses", "forms", "project", "note"}
_CONCEPT_KEYS = {"en", "what"}


@dataclass(frozen=True, slots=True)
class Term:
    """One language's word for a concept, as one or more texts use it (or the project's own)."""

    forms: dict[str, str]
    """Placeholder name -> the word in that form (``box``, ``boxes``, ``the_box``...)."""
    verbatim: str = ""
    """The form as the cited clauses write it ("" for the project's word)."""
    clauses: tuple[str, ...] = ()
    project: bool = False
    """No text of the language has a word for the concept: this one is the project's."""
    note: str = ""

    @property
    def rulebooks(self) -> tuple[str, ...]:
        """The rulebooks whose clauses this term is cited to, in the order of the citations."""
        return tuple(dict.fromkeys(c.split("-", 1)[0] for c in self.clauses))

    @property
    def word(self) -> str:
        """The term as a heading shows it: the verbatim form, else the first form."""
        return self.verbatim or next(iter(self.forms.values()))


@dataclass(frozen=True, slots=True)
class Concept:
    key: str
    en: str
    """The English word (the code's messages say it)."""
    what: str
    """What the concept is, in English (a message: the glossary page translates it)."""
    terms: dict[str, tuple[Term, ...]]
    """Language code -> its terms, the first being the language's default."""

    def term(self, language: str, rulebook: str | None = None) -> Term:
        """The word ``language`` uses for this concept on a page about ``rulebook``: the term
        cited to that rulebook's clauses, else the language's first."""
        found = self.terms.get(language)
        if not found:
            raise InputError(f"glossary: concept {self.key!r} has no term in language {language!r}")
        for term in found:
            if rulebook is not None and rulebook in term.rulebooks:
                return term
        return found[0]


def _term(key: str, language: str, raw: dict[str, object]) -> Term:
    where = f"glossary: concept {key!r}, language {language!r}"
    unknown = set(raw) - _ENTRY_KEYS
    if unknown:
        raise InputError(f"{where}: unknown keys {sorted(unknown)}")
    forms = raw.get("forms")
    if not isinstance(forms, dict) or not forms or not all(isinstance(v, str) and v for v in forms.values()):
        raise InputError(f"{where}: 'forms' must map each placeholder name to a word")
    for name in forms:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise InputError(f"{where}: form name {name!r} is not a placeholder name (a-z, 0-9, _)")
    project = bool(raw.get("project", False))
    verbatim = str(raw.get("verbatim", ""))
    clauses = raw.get("clauses", [])
    if not isinstance(clauses, list):
        raise InputError(f"{where}: 'clauses' must be a list of clause ids")
    if project and (verbatim or clauses):
        raise InputError(f"{where}: the project's word cites no clause and quotes no verbatim form")
    if not project and not (verbatim and clauses):
        raise InputError(f"{where}: a text's term needs 'verbatim' and 'clauses' (else 'project = true')")
    if verbatim and verbatim not in forms.values():
        raise InputError(f"{where}: the verbatim form {verbatim!r} is none of its forms")
    return Term(dict(forms), verbatim, tuple(str(c) for c in clauses), project, str(raw.get("note", "")))


@cache
def concepts() -> dict[str, Concept]:
    """Every concept of ``data/glossary.toml``, in the file's order (validated as it loads)."""
    raw = tomllib.loads(PATH.read_text(encoding="utf-8"))
    if set(raw) != {"concept"}:
        raise InputError("glossary: the file holds [concept.<key>] tables only")
    out: dict[str, Concept] = {}
    for key, table in raw["concept"].items():
        if not _CONCEPT_KEYS <= set(table):
            raise InputError(f"glossary: concept {key!r} needs 'en' and 'what'")
        terms: dict[str, tuple[Term, ...]] = {}
        for language, entries in table.items():
            if language in _CONCEPT_KEYS:
                continue
            if not isinstance(entries, list):
                raise InputError(f"glossary: concept {key!r}: [[concept.{key}.{language}]] entries expected")
            terms[language] = tuple(_term(key, language, entry) for entry in entries)
        out[key] = Concept(key, str(table["en"]), str(table["what"]), terms)
    return out


@cache
def placeholders(language: str) -> frozenset[str]:
    """The form names every rulebook has in ``language`` (the placeholders a translation may use)."""
    names: set[str] = set()
    for concept in concepts().values():
        for term in concept.terms.get(language, ()):
            names.update(term.forms)
    return frozenset(names)


@cache
def terms(language: str, rulebook: str | None = None) -> dict[str, str]:
    """Every placeholder of ``language`` -> its word on a page about ``rulebook`` (None: a page
    about no one rulebook, which takes each language's first term)."""
    out: dict[str, str] = {}
    for concept in concepts().values():
        if language in concept.terms:
            out.update(concept.term(language, rulebook).forms)
    return out


def problems(languages: tuple[str, ...], texts: Callable[[str], tuple[str, str]]) -> list[str]:
    """What is wrong with the glossary, one sentence each, its citations read through ``texts``
    (a clause id -> the language of its text and its verbatim words: ``catalog.clause_text``;
    given by the caller, so that the catalogs, which speak through the messages, are not a
    dependency of the words): a concept without a term in one of
    ``languages``, a language whose entries of one concept name different forms, a form name
    two concepts share, a rulebook cited by two entries of one concept, a cited clause that does
    not exist, belongs to a text of another language, or does not contain the verbatim term."""
    out: list[str] = []
    owner: dict[tuple[str, str], str] = {}
    for concept in concepts().values():
        for language in languages:
            found = concept.terms.get(language, ())
            if not found:
                out.append(f"concept {concept.key!r} has no term in {language!r}")
                continue
            names = {frozenset(t.forms) for t in found}
            if len(names) > 1:
                forms = sorted(map(sorted, names))
                out.append(f"concept {concept.key!r} in {language!r}: its terms name different forms {forms}")
            seen: set[str] = set()
            for term in found:
                for name in term.forms:
                    previous = owner.setdefault((language, name), concept.key)
                    if previous != concept.key:
                        out.append(f"form {{{name}}} in {language!r} belongs to both {previous!r} and {concept.key!r}")
                for reg in term.rulebooks:
                    if reg in seen:
                        out.append(f"concept {concept.key!r} in {language!r}: rulebook {reg} is cited by two terms")
                    seen.add(reg)
                out += _citation_problems(concept.key, language, term, texts)
    return out


def _citation_problems(key: str, language: str, term: Term, texts: Callable[[str], tuple[str, str]]) -> list[str]:
    out = []
    pattern = re.compile(r"(?<!\w)" + re.escape(term.verbatim) + r"(?!\w)", re.IGNORECASE)
    for clause_id in term.clauses:
        try:
            text_language, text = texts(clause_id)
        except (InputError, KeyError):
            out.append(f"concept {key!r} in {language!r}: clause {clause_id} does not exist")
            continue
        if text_language != language:
            out.append(f"concept {key!r} in {language!r}: {clause_id} is a clause of a text in {text_language!r}")
        if not pattern.search(text):
            out.append(f"concept {key!r} in {language!r}: {term.verbatim!r} is not in the text of {clause_id}")
    return out
