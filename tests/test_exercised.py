"""Every rule value is exercised: some scenario would fail were the value different, or the
value is declared moot (it cannot change any outcome under its rule set) with the reason."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from spec_engine.errors import InputError
from spec_engine.kit.exercised import Unexercised, alternatives, moot, noticed, problems, unexercised
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
