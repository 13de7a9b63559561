"""A rule and its clauses as a reader is shown them, in the reader's language.

:func:`cite` explains a rule field of a rule set: what it means, its value in the trade's words
(:func:`~spec_engine.words.words`), its basis, the rule set's note and its clauses (:func:`quote`:
their words in their own language, their gist in the reader's). Each text is said in the active
language where the catalog has it, else in English, and says which (``*_lang``), so that a page
marks the English it keeps. The dealer practice (:mod:`spec_engine.practice`) explains every
answer so; the play widget's refusals quote their clauses so (a lighter import than the practice's).
"""

from __future__ import annotations

import re
from typing import Any

from spec_engine.catalog import quoted
from spec_engine.i18n import SOURCE, _, active, language
from spec_engine.rules import RULE_FIELDS, RuleSet
from spec_engine.words import words

_LETTERS = re.compile(r"[^\W\d_]")


def _language_of(said: str, english: str) -> str:
    """The language ``said`` is in: the active one, or English where it is still the English
    text (a rule's words, a clause's gist that the catalog does not translate yet). A page
    marks the latter ``lang="en"``."""
    code = active()
    return SOURCE if code != SOURCE and said == english and _LETTERS.search(said) else code


def translated(text: str) -> tuple[str, str]:
    """``text`` (English data: a rule's meaning, a note, a gist) in the active language, and
    the language it is in."""
    said = _(text) if text else text
    return said, _language_of(said, text)


def quote(clause_id: str) -> dict[str, str]:
    """A clause as the page quotes it: its id, its words in their own language (``lang``) and
    its gist in the reader's (``gist_lang``: English, where the catalog has none yet)."""
    found = quoted(clause_id)
    gist, gist_lang = translated(found["gist"])
    return {**found, "gist": gist, "gist_lang": gist_lang}


def cite(rules: RuleSet, name: str) -> dict[str, Any]:
    """A rule field as the page explains it: what it means, its value here in the trade's words,
    its basis, the rule set's note (the reading taken, or the default assumed) and its clauses'
    words, each in the reader's language where the catalog says it (``*_lang``: the language of
    each)."""
    meta = next(f for f in RULE_FIELDS if f.name == name).metadata
    citation = rules.citations[name]
    value = getattr(rules, name)
    said = words(name, value)
    if active() != SOURCE:
        with language(SOURCE):
            english = words(name, value)
    else:
        english = said
    doc, doc_lang = translated(meta["doc"])
    note, note_lang = translated(citation.note)
    return {
        "field": name,
        "doc": doc,
        "value": said,
        "basis": citation.basis,
        "note": note,
        "clauses": [quote(clause_id) for clause_id in citation.clauses],
        "doc_lang": doc_lang,
        "value_lang": _language_of(said, english),
        "note_lang": note_lang,
    }
