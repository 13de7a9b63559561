"""The trade's words (``spec_engine/data/glossary.toml``): each cited term occurs, word for word,
in the verbatim text of every clause it cites; a translated message may use a glossary form only
when every rulebook has it in that language; each rulebook gets its own text's word.

A native speaker who corrects a term runs this file: ``python -m pytest -q tests/test_glossary.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spec_engine import glossary
from spec_engine.catalog import REGULATION_IDS, clause_text, regulation
from spec_engine.errors import InputError
from spec_engine.i18n import TRANSLATED
from tests.util import broken_copy


def test_every_cited_term_is_in_its_clauses_and_every_concept_has_a_word_in_every_language() -> None:
    assert glossary.problems(TRANSLATED, clause_text) == []
    cited = [t for c in glossary.concepts().values() for ts in c.terms.values() for t in ts if not t.project]
    assert len(cited) >= 30  # most words come from the texts


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('verbatim = "casillero"', 'verbatim = "casilleros"', "is not in the text of UY-10.2"),
        ('clauses = ["IT-3", "IT-13", "IT-14"]', 'clauses = ["IT-3", "IT-99"]', "clause IT-99 does not exist"),
        ('clauses = ["CZ-HRA-18", "CZ-HRA-30"]', 'clauses = ["UY-2.3"]', "UY-2.3 is a clause of a text in 'es'"),
    ],
)
def test_a_wrong_citation_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str, said: str
) -> None:
    monkeypatch.setattr(glossary, "PATH", broken_copy(glossary.PATH, tmp_path, old, new))
    glossary.concepts.cache_clear()
    try:
        found = glossary.problems(TRANSLATED, clause_text)
    finally:
        glossary.concepts.cache_clear()
    assert any(said in p for p in found), found


def test_entries_of_one_concept_name_the_same_forms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = 'forms = { box = "casillero", boxes = "casilleros", the_box = "el casillero" }'
    monkeypatch.setattr(glossary, "PATH", broken_copy(glossary.PATH, tmp_path, old, old.replace("boxes", "plural")))
    glossary.concepts.cache_clear()
    try:
        found = glossary.problems(TRANSLATED, clause_text)
    finally:
        glossary.concepts.cache_clear()
    assert any("its terms name different forms" in p for p in found), found


def test_a_term_without_its_citation_or_the_project_mark_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(glossary, "PATH", broken_copy(glossary.PATH, tmp_path, "project = true\n", ""))
    glossary.concepts.cache_clear()
    try:
        with pytest.raises(InputError, match="needs 'verbatim' and 'clauses'"):
            glossary.concepts()
    finally:
        glossary.concepts.cache_clear()


def test_each_rulebook_speaks_its_own_texts_word() -> None:
    assert glossary.terms("es", "UY")["box"] == "casillero"
    assert glossary.terms("es", "ES")["box"] == "casilla"
    assert glossary.terms("es", "CL")["dealer"] == "banquero"
    assert glossary.terms("es", "UY")["no_more_bets"] == "NO VA MAS"
    assert glossary.terms("cs", "CZ")["no_more_bets"] == "konec sázení, děkuji vám"
    assert glossary.terms("it", "IT")["box"] == "casella"
    # a rulebook whose text has no word (CL on the box), or is in another language, takes the first
    assert glossary.terms("es", "CL")["box"] == glossary.terms("es")["box"] == "casilla"
    assert glossary.terms("cs", "UY")["box"] == "box"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_form_exists_for_every_rulebook(language: str) -> None:
    """A placeholder a translation may use (any form of the language) is filled for every rulebook."""
    names = glossary.placeholders(language)
    for reg in (*REGULATION_IDS, None):
        assert set(glossary.terms(language, reg)) == names, reg


def test_the_glossary_cites_each_texts_own_word_for_the_dealer() -> None:
    """The three Spanish texts, three words: the issue's example, checked against the texts."""
    dealer = glossary.concepts()["dealer"]
    words = {reg: dealer.term("es", reg).verbatim for reg in ("CL", "ES", "UY")}
    assert words == {"CL": "banquero", "ES": "crupier", "UY": "pagador"}
    for reg, word in words.items():
        assert any(word in c.text.lower() for c in regulation(reg).clauses)
