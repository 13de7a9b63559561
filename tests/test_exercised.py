"""Every rule value is exercised: some scenario would fail were the value different, or the
value is declared moot (it cannot change any outcome under its rule set) with the reason."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from spec_engine.errors import InputError
from spec_engine.kit.exercised import (
    Unexercised,
    alternatives,
    clause_coverage,
    moot,
    noticed,
    problems,
    tag_evidence,
    unexercised,
)
from spec_engine.rules import RULE_FIELDS
from tests.test_protocol import recorded_vectors

__all__ = ["recorded_vectors"]

pytestmark = pytest.mark.xdist_group("vectors")

FIELDS = {f.name: f for f in RULE_FIELDS}


def test_every_rule_value_is_exercised_or_declared_moot(recorded_vectors: list[dict[str, Any]]) -> None:
    found = unexercised(recorded_vectors)
    assert problems(found, moot()) == []


def test_the_alternatives_of_each_kind_of_value() -> None:
    assert alternatives(FIELDS["even_money"], True) == [False]
    assert alternatives(FIELDS["misdeal_remedy"], "void") == ["return_to_shoe", "next_card"]
    assert alternatives(FIELDS["decks"], 6) == [7, 19, 5]
    assert alternatives(FIELDS["min_stand_total"], 0) == [1, 13]
    assert alternatives(FIELDS["max_split_hands"], 4) == [5, 17, 3, None]
    assert alternatives(FIELDS["max_split_hands"], None) == [1, 13]
    assert alternatives(FIELDS["blackjack_payout"], Fraction(3, 2)) == [Fraction(1)]
    assert alternatives(FIELDS["limit_ratio"], None) == [(2, 20)]
    assert alternatives(FIELDS["double_totals"], frozenset({9, 10, 11})) == [frozenset({10, 11}), None]


def _vector(vectors: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    return next(v for v in vectors if v["id"] == ident)


def test_a_changed_value_is_noticed_only_by_a_scenario_that_depends_on_it(
    recorded_vectors: list[dict[str, Any]],
) -> None:
    twelve = [_vector(recorded_vectors, "compare/doubling/doubling-on-a-hard-twelve-compared/cl")]
    assert noticed(twelve, "double_totals", None)  # doubling on 12 would be allowed
    assert not noticed(twelve, "resplit_aces", True)  # no ace is split there
    assert not noticed(twelve, "decks", 5)  # a stacked round does not count the decks


def test_the_check_reports_what_is_missing_and_what_is_declared_for_nothing() -> None:
    found = [Unexercised("IT", "decks", 6, (7, 19, 5))]
    assert problems(found, {}) == ["IT decks = 6: no scenario notices 7, 19, 5"]
    assert problems(found, {("IT", "decks"): "a reason"}) == []
    stale = problems([], {("CL", "insurance_base"): "a reason"})
    assert stale == ["CL insurance_base is declared moot but a scenario exercises it"]


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ('regulation = "XX"\nrule = "decks"\nreason = "r"', "unknown regulation or rule"),
        ('regulation = "CL"\nrule = "no_such_rule"\nreason = "r"', "unknown regulation or rule"),
        ('regulation = "CL"\nrule = "decks"\nreason = " "', "has no reason"),
        ('regulation = "CL"\nrule = "decks"', "exactly regulation, rule and reason"),
    ],
)
def test_a_bad_moot_declaration_is_refused(tmp_path: Path, entry: str, words: str) -> None:
    path = tmp_path / "moot.toml"
    path.write_text(f"[[moot]]\n{entry}\n", encoding="utf-8")
    with pytest.raises(InputError, match=words):
        moot(path)


def test_each_tag_is_measured_by_the_rule_values_of_its_clause(recorded_vectors: list[dict[str, Any]]) -> None:
    by_id = {v["id"]: v for v in recorded_vectors}
    consent = by_id["uy/core/a-bet-on-an-occupied-box-needs-its-occupant-s-consent-first"]
    [evidence] = tag_evidence([consent])
    assert (evidence.clause, "bet_behind_consent" in evidence.rules) == ("UY-11.2", True)
    assert "bet_behind_consent" in evidence.noticed  # "not_asked" would accept P2's first bet
    # a tag planted on a scenario that cannot notice its clause's rule value: CZ-HRA-17 states
    # that any two cards double, and this scenario doubles nothing
    planted = dict(by_id["cz/core/face-cards-count-ten-other-cards-their-value-and-a-higher-total-wins-one-to-one"])
    planted["clauses"] = ["CZ-HRA-17"]
    [nominal] = tag_evidence([planted])
    assert "double_totals" in nominal.rules and nominal.noticed == ()
    assert clause_coverage([nominal]) == {"CZ-HRA-17": "other part"}


def test_a_clause_takes_the_strongest_coverage_of_its_scenarios(recorded_vectors: list[dict[str, Any]]) -> None:
    coverage = clause_coverage(tag_evidence(recorded_vectors))
    assert coverage["UY-11.2"] == "rule value"
    assert coverage["CL-3"] == "rule value"  # CL-3 also states the club's doubling totals
    assert coverage["CZ-HODNOTY-3"] == "fixed behaviour"  # face cards count ten: no rule value
    assert "UY-18" not in coverage and "CZ-KARTY-2" not in coverage  # exempt since the tag review
