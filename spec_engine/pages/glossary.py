"""The glossary page, in the active language: each concept's word in each text of that language,
cited to the clauses that use it, and the project's word where no text of the language has one
(``data/glossary.toml``, :mod:`spec_engine.glossary`). The English page gives every language.
"""

from __future__ import annotations

import html

from spec_engine.catalog import regulations
from spec_engine.glossary import Concept, Term, concepts
from spec_engine.i18n import NAMES, SOURCE, TRANSLATED, _, active, ngettext
from spec_engine.pages.common import clause_link
from spec_engine.pages.site import regulation_title


def _word(term: Term, language: str, word: str = "") -> str:
    return f'<q lang="{language}">{html.escape(word or term.word)}</q>'


def _cell(concept: Concept, language: str, reg_id: str) -> str:
    term = concept.term(language, reg_id)
    if reg_id in term.rulebooks:
        cited = ", ".join(clause_link(c) for c in term.clauses if c.startswith(reg_id + "-"))
        return f"{_word(term, language)} ({cited})"
    if term.project:
        return _("{word}: the project's word, no text in this language has one", word=_word(term, language))
    source = regulation_title(term.rulebooks[0])
    return _("{word}: the word of {source}, this text has none", word=_word(term, language), source=source)


def _default(concept: Concept, language: str) -> str:
    term = concept.term(language)
    shown = _word(term, language, next(iter(term.forms.values())))  # the word as a heading says it
    return _("{word} (the project's word)", word=shown) if term.project else shown


def _table(language: str) -> list[str]:
    books = [reg for reg in regulations() if reg.language == language]
    heads = [_("concept"), _("what it is"), *(regulation_title(r.id) for r in books), _("on other pages")]
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for concept in concepts().values():
        name = concept.en if active() == SOURCE else next(iter(concept.term(language).forms.values()))
        notes = [_(t.note) for t in concept.terms[language] if t.note]
        what = " ".join([_(concept.what), *notes])
        cells = [f"**{html.escape(name)}**", html.escape(what), *(_cell(concept, language, r.id) for r in books)]
        lines.append("| " + " | ".join([*cells, _default(concept, language)]) + " |")
    return lines


def glossary_page() -> str:
    """The glossary in the active language (the English page: a table per language)."""
    code = active()
    lines = [
        "# " + _("Glossary: the trade's words"),
        "",
        _(
            "Each text names the things of the game in its own words. A translated page speaks of a "
            "rulebook in that rulebook's words: this page gives them, each cited to the clauses that use it. "
            "Where no text in a language has a word for a thing, the word is the project's, and marked so. "
            "The last column is the word of the pages that are about no one rulebook, or about a text in "
            "another language."
        ),
        "",
        ngettext(
            "This glossary holds {count} concept.",
            "This glossary holds {count} concepts.",
            len(concepts()),
            count=len(concepts()),
        ),
        "",
    ]
    for language in TRANSLATED if code == SOURCE else (code,):
        if code == SOURCE:
            lines += [f'## <span lang="{language}">{html.escape(NAMES[language])}</span>', ""]
        lines += [*_table(language), ""]
    lines += [
        _(
            "A native speaker corrects a word in one file, `spec_engine/data/glossary.toml`, and checks it "
            "with one command, `python -m pytest -q tests/test_glossary.py`: see [Contributing]({contributing}).",
            contributing="../contributing.md",
        ),
        "",
    ]
    return "\n".join(lines)
