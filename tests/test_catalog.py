"""The clause catalog: it tiles the texts exactly, and a malformed file is refused clearly."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from spec_engine.catalog import DATA, REGULATION_IDS, Clause, Excluded, parse_catalog, regulation, tiling_problems
from spec_engine.errors import InputError
from tests.util import broken_copy

SHARED = Path(__file__).resolve().parents[2] / "shared" / "regulations"


@pytest.mark.parametrize("reg_id", REGULATION_IDS)
def test_every_sentence_of_the_text_is_in_exactly_one_clause(reg_id: str) -> None:
    """Clauses and the listed exclusions (headings, page headers, web artefacts), in order,
    are the whole text: nothing left out, nothing repeated, nothing invented."""
    reg = regulation(reg_id)
    assert tiling_problems(reg) == []


@pytest.mark.parametrize("reg_id", REGULATION_IDS)
def test_exclusions_are_only_headings_and_artefacts(reg_id: str) -> None:
    for item in regulation(reg_id).excluded:
        # an exclusion is short: a heading or a page artefact, never a normative sentence
        assert len(item.text) <= 100, item.text


@pytest.mark.parametrize("reg_id", REGULATION_IDS)
def test_tiling_catches_a_missing_or_altered_sentence(reg_id: str) -> None:
    reg = regulation(reg_id)
    victim = reg.clauses[len(reg.clauses) // 2]
    altered = reg.source_text().replace(victim.text.split()[-1], "XYZZY", 1)
    assert tiling_problems(reg, altered), "an altered word went unnoticed"
    extra = reg.source_text() + "\nUna regla inventada.\n"
    assert tiling_problems(reg, extra), "an invented sentence went unnoticed"


def test_a_heading_that_begins_like_an_earlier_clause_still_tiles() -> None:
    """Clauses and exclusions interleave: where the next exclusion (a heading "Black Jack", later in
    the text) is also how the next clause begins, the clause is taken and the heading waits for
    its place; a text that does not tile still names the clause where it stops."""
    text = "Black Jack is played with six decks.\nBlack Jack\nThe dealer stands on 17.\n"

    def clause(n: int, words: str) -> Clause:
        return Clause(f"IT-{n}", words, "gist", ("general",), "game rule")

    reg = replace(
        regulation("IT"),
        clauses=(clause(1, "Black Jack is played with six decks."), clause(2, "The dealer stands on 17.")),
        excluded=(Excluded("Black Jack", "heading"),),
    )
    assert tiling_problems(reg, text) == []
    wrong = text.replace("stands on 17", "stands on soft 17")
    assert tiling_problems(reg, wrong) == [
        "IT-2 does not follow at this point of the text: 'The dealer stands on soft 17.'"
    ]


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/regulations is not beside the project")
def test_the_project_copy_of_the_texts_is_verbatim() -> None:
    for source in SHARED.glob("*.txt"):
        assert (DATA / "regulations" / source.name).read_bytes() == source.read_bytes(), source.name


def test_ids_are_unique_across_regulations_and_well_formed() -> None:
    seen: set[str] = set()
    for reg_id in REGULATION_IDS:
        for clause in regulation(reg_id).clauses:
            assert clause.id not in seen
            assert re.fullmatch(rf"{reg_id}-[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*", clause.id)
            assert clause.gist and clause.topics and clause.kind
            seen.add(clause.id)


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    return broken_copy(DATA / "clauses" / "it.toml", tmp_path, old, new)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('id = "IT-2"', 'id = "IT-1"', r"it\.toml clause IT-1: duplicate id"),
        ('id = "IT-2"', 'id = "IT 2"', r"it\.toml clause IT 2: malformed id"),
        ('id = "IT-2"', 'id = "UY-2"', r"it\.toml clause UY-2: malformed id"),
        ('id = "IT-2"\ntext = "', 'id = "IT-2"\ntexto = "', r"it\.toml clause IT-2: unknown keys \['texto'\]"),
        ('kind = "description"', 'kind = "rule"', r"it\.toml clause IT-1: kind 'rule'"),
        ('id = "IT"\n', 'id = "IT"\nshort = "Campione"\n', r"\[regulation\]: a rulebook's name is in data/regulations"),
        (
            'topics = ["general"]\nkind = "description"',
            'topics = ["gossip"]\nkind = "description"',
            r"clause IT-1: topics",
        ),
    ],
)
def test_a_malformed_catalog_names_the_file_and_the_clause(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_catalog(_broken(tmp_path, old, new))


def test_a_clause_without_text_is_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'text = "Il giocatore gioca contro il banco."', 'text = ""')
    with pytest.raises(InputError, match=r"it\.toml clause IT-1: 'text' is missing or empty"):
        parse_catalog(path)


def test_a_retired_id_may_not_come_back(tmp_path: Path) -> None:
    path = _broken(tmp_path, "retired = []", 'retired = ["IT-2"]')
    with pytest.raises(InputError, match="IT-2: id is retired"):
        parse_catalog(path)
