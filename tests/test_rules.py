"""Rule sets: every value is cited, assumed with a reason, or read; bad files are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from spec_engine.catalog import DATA, REGULATION_IDS, all_clause_ids
from spec_engine.errors import InputError
from spec_engine.rules import RULE_FIELDS, parse_ruleset, ruleset
from tests.util import broken_copy


@pytest.mark.parametrize("reg_id", REGULATION_IDS)
def test_every_value_has_a_citation_an_assumption_or_a_reading(reg_id: str) -> None:
    rules = ruleset(reg_id)
    known = all_clause_ids()
    assert set(rules.citations) == {f.name for f in RULE_FIELDS}
    for name, cite in rules.citations.items():
        assert all(c in known and c.startswith(reg_id + "-") for c in cite.clauses), (name, cite.clauses)
        if cite.basis == "stated":
            assert cite.clauses, name
        elif cite.basis == "interpretation":
            assert cite.clauses and cite.note.strip(), name
        else:
            assert cite.basis == "not stated" and cite.note.strip(), name


def test_every_field_is_documented() -> None:
    for f in RULE_FIELDS:
        assert f.metadata["doc"].strip(), f.name


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    return broken_copy(DATA / "rulesets" / "uy.toml", tmp_path, old, new)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("decks = { value = 5,", "decks = { value = 5.5,", r"uy\.toml \[decks\]: value 5\.5 is not a whole number"),
        ("decks = { value = 5,", "decks = { value = true,", r"uy\.toml \[decks\]: value True is not a whole number"),
        (
            'deal_order = { value = "ascending"',
            'deal_order = { value = "sideways"',
            r"\[deal_order\]: value 'sideways' is not one of",
        ),
        (
            'blackjack_payout = { value = "3/2"',
            'blackjack_payout = { value = "three halves"',
            r"\[blackjack_payout\]: .* is not a ratio",
        ),
        ('clauses = ["UY-5.1"]', 'clauses = ["UY-999"]', r"\[decks\]: cites unknown clause 'UY-999'"),
        ('clauses = ["UY-5.1"]', "clauses = []", r"\[decks\]: a stated value must cite its clauses"),
        ('decks = { value = 5, clauses = ["UY-5.1"] }', "", r"uy\.toml: missing rule fields \['decks'\]"),
        ("decks = { value = 5,", "dekcs = { value = 5,", r"unknown rule fields \['dekcs'\]"),
        ("decks = { value = 5,", "decks = { valeur = 5,", r"\[decks\]: unknown keys \['valeur'\]"),
        (
            'burn_on_dealer_change = { value = 0, basis = "not stated", '
            'note = "No article mentions a change of dealer; the engine burns no card then." }',
            'burn_on_dealer_change = { value = 0, basis = "not stated" }',
            r"\[burn_on_dealer_change\]: a 'not stated' value needs the assumption and its reason",
        ),
        ("[rules]", "[rulez]", r"uy\.toml: unknown tables"),
        ('id = "UY"', 'id = "UY"\nname = "Uruguay"', r"name is in data/regulations\.toml"),  # one spelling
    ],
)
def test_a_malformed_rule_set_names_the_file_and_the_field(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_ruleset(_broken(tmp_path, old, new))


def test_unreadable_toml_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("decks = = 3", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.toml: cannot read rule set"):
        parse_ruleset(path)


def test_unknown_regulation() -> None:
    with pytest.raises(InputError, match="unknown regulation 'XX'"):
        ruleset("XX")


def test_a_changed_value_is_no_longer_cited() -> None:
    rules = ruleset("CL").with_values(decks=8)
    assert rules.decks == 8 and rules.citations["decks"].basis == "not stated"
    assert ruleset("CL").decks == 2
