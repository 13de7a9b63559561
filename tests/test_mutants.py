"""Mutation testing: every deliberately faulty engine is caught by at least one scenario.

The feature suite runs against each mutant of :mod:`tests.mutants.catalog` through the
conformance protocol (``python -m tests.mutants.adapter NAME``), on a sample of the
regulations the mutant concerns, two mutants at a time; and once against the control (the
same adapter with no fault), where every scenario must pass, so that a failure is the
fault's doing and not the plumbing's. The report goes to ``reports/mutants.json``.
``python -m tests.mutants`` runs the same and prints the table.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spec_engine.catalog import REGULATION_IDS, is_clause_id
from tests.mutants.catalog import MUTANTS, MutantError, edit_method, mutant
from tests.mutants.run import REPORT, run_all, table, write_report

STATED_BY = {
    "cl_double_on_12": "CL-13a.1",
    "cz_split_to_5_hands": "CZ-HRA-19",
    "it_split_to_4_hands": "IT-18",
    "behind_forced_to_double": "CZ-BOX-4",
    "burns_skipped": "CZ-HRA-14",
    "voided_ten_kept": "UY-40.3",
    "dealer_hits_soft_17": "IT-6",
    "refill_cut_anywhere": "CZ-KARTY-6",
    "refill_not_burnt": "CZ-HRA-14",
    "burnt_cut_card_unnoticed": "CZ-KARTY-5",
    "holderless_box_dealt": "UY-11.2",
}
"""A wrong rule value is caught by the scenario of the clause that states the rule."""


def problems_of(e: dict[str, Any]) -> list[str]:
    """What is wrong with one mutant's result (nothing: it was caught, by the right clauses)."""
    name = e["mutant"]
    if "error" in e:
        return [f"{name}: {e['error']}"]
    out = []
    if not e["caught"]:
        out.append(f"{name}: no scenario of {e['regulations']} catches it ({e['fault']})")
    elif e["failing"] >= e["scenarios"]:
        out.append(f"{name}: every scenario fails: a broken implementation, not a fault")
    if set(e["per_regulation"]) != set(e["regulations"]):
        out.append(f"{name}: ran {sorted(e['per_regulation'])}, not {e['regulations']}")
    if not all(is_clause_id(c) for c in e["clauses"]):
        out.append(f"{name}: not clause ids: {e['clauses']}")
    if not {c.split("-", 1)[0] for c in e["clauses"]} <= set(e["regulations"]):
        out.append(f"{name}: clauses of other regulations: {e['clauses']}")
    if name in STATED_BY and STATED_BY[name] not in e["clauses"]:
        out.append(f"{name}: {STATED_BY[name]}, which states the rule, is not among {e['clauses']}")
    return out


def test_every_mutant_is_caught_and_the_report_names_the_clauses() -> None:
    """One test (the mutants run side by side in it, two at a time): the control passes
    everything, each mutant fails some scenarios and passes others, the report file and the
    table say so."""
    report = run_all(jobs=2)
    write_report(report)
    print("\n" + table(report))

    control = report["control"]
    assert control["scenarios"] >= 300, control.get("error")
    assert control["failing"] == 0, f"the control fails: {control['failing_scenarios']}"
    assert sorted(control["per_regulation"]) == sorted(REGULATION_IDS)

    assert [e["mutant"] for e in report["mutants"]] == list(MUTANTS)
    problems = [p for e in report["mutants"] for p in problems_of(e)]
    assert not problems, "\n".join(problems)

    saved = json.loads(REPORT.read_text("utf-8"))
    assert saved["caught"] == saved["total"] == len(MUTANTS)
    assert saved["score"] == 1.0
    text = table(saved)
    assert f"mutation score: {len(MUTANTS)}/{len(MUTANTS)} = 100%" in text
    assert all(name in text for name in MUTANTS)


def test_a_mutant_whose_source_changed_is_refused() -> None:
    """An edit that no longer matches the engine's source raises, before anything is patched."""
    with pytest.raises(MutantError, match="occurs 0 times"):
        edit_method("Round", "_draw", ("no such line", "pass"))()
    with pytest.raises(MutantError, match="no mutant"):
        mutant("no_such_mutant")


def test_an_uncaught_or_broken_mutant_is_a_problem() -> None:
    base = {
        "mutant": "cl_double_on_12",
        "fault": "f",
        "regulations": ["CL"],
        "per_regulation": {"CL": {"scenarios": 85, "failing": 2}},
        "scenarios": 85,
        "failing": 2,
        "caught": True,
        "clauses": ["CL-13a.1"],
    }
    assert problems_of(base) == []
    assert "catches it" in problems_of({**base, "caught": False, "failing": 0, "clauses": []})[0]
    assert "every scenario fails" in problems_of({**base, "failing": 85})[0]
    assert "which states the rule" in problems_of({**base, "clauses": ["CL-3"]})[0]
    assert "other regulations" in problems_of({**base, "clauses": ["CL-13a.1", "UY-9.4"]})[0]
