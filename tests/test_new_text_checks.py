"""What the guide's checks show a newcomer who adds a text (issue 33): the compare rows the
scaffold copied are played under the new rule set at once and each failing one is listed;
``make check REG=XX`` runs every check whatever the one before found, the marks TO REVIEW listed
apart. The expectations are written by hand from the made-up text of ``tests/made_up.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from spec_engine.kit.copied import PlayedRow, copied_rows, failing_lines, row_text
from spec_engine.kit.scaffold import REVIEW, compare_rows
from spec_engine.rules import ruleset
from tests.made_up import MadeUp
from tools.check_regulation import Outcome, Step, run_all, summary

OUTLINE = """Feature: Compared
  Scenario Outline: A soft seventeen, compared
    Given the <reg> rules
    Then box 1 <may> double

    @ES @assumes-double_totals
    Examples: ES
      | reg | may     |
      | ES  | may not |
"""
"""An outline without a ``basis`` column."""


def test_a_copied_row_is_marked_to_review_even_where_the_outline_has_no_basis_column() -> None:
    written = compare_rows(OUTLINE, "ZZ", "ES", {"ES": ruleset("ES")})
    table = written.split("Examples: ZZ\n", 1)[1].splitlines()
    assert [c.strip() for c in table[0].strip().strip("|").split("|")] == ["reg", "may", "basis"]
    assert [c.strip() for c in table[1].strip().strip("|").split("|")] == ["ZZ", "may not", f"{REVIEW}: as ES's row"]
    assert "| ES  | may not |\n" in written  # the source's table as it was


def test_the_rows_still_to_review_are_counted_per_regulation(tmp_path: Path) -> None:
    compare = tmp_path / "features" / "compare"
    compare.mkdir(parents=True)
    text = compare_rows(OUTLINE, "ZZ", "ES", {"ES": ruleset("ES")})
    (compare / "a.feature").write_text(text, encoding="utf-8")
    assert copied_rows(tmp_path / "features") == {"ZZ": 1}
    read = text.replace(f"{REVIEW}: as ES's row", "stated: ZZ-3")  # once read, no longer counted
    (compare / "a.feature").write_text(read, encoding="utf-8")
    assert copied_rows(tmp_path / "features") == {}


def test_a_failing_row_is_said_with_its_file_line_outline_row_and_what_the_engine_did(tmp_path: Path) -> None:
    feature = tmp_path / "features" / "compare" / "a.feature"
    feature.parent.mkdir(parents=True)
    feature.write_text(compare_rows(OUTLINE, "ZZ", "ES", {"ES": ruleset("ES")}), encoding="utf-8")
    row = {"reg": "ZZ", "may": "may not", "basis": f"{REVIEW}: as ES's row"}
    where = ("features/compare/a.feature", "A soft seventeen, compared")
    failed = PlayedRow(*where, row, "failed", "legal actions: double")
    passed = PlayedRow(*where, row, "passed", "")
    assert row_text(row) == "| ZZ | may not |"
    assert failing_lines([failed, passed], tmp_path) == [
        "features/compare/a.feature:14: 'A soft seventeen, compared' | ZZ | may not |: failed: legal actions: double"
    ]


def test_the_check_plays_the_new_texts_copied_rows_under_its_rule_set_and_lists_those_that_fail(
    made_up_zz: MadeUp,
) -> None:
    """The made-up text's rule set assumes the values most rule sets hold; its rows are copied from
    the nearest rule set, ES, whose doubling rows say "may not" (9, 10 or 11 only): under the new
    rule set (any total) the box may double, and the check says so, row by row. (The check
    writes nothing: it runs in the copy the tests of a new text share, ``tests/made_up.py``.)"""
    before = made_up_zz.project.files()
    checked = made_up_zz.project.run("-m", "spec_engine", "check")
    assert made_up_zz.project.files() == before  # (the copy stays as new-regulation left it, for the others)
    assert checked.returncode == 1, checked.stderr
    out = checked.stdout.splitlines()
    heading = next(line for line in out if line.startswith("ZZ: ") and "compare rows copied" in line)
    assert "played under ZZ's rule set" in heading and "absent_rows.toml" in heading
    hard_twelve = [line for line in out if "'Doubling on a hard twelve, compared' | ZZ | may not |: failed: " in line]
    assert len(hard_twelve) == 1 and hard_twelve[0].startswith("  features/compare/doubling.feature:"), out
    assert "('double', 1)" in hard_twelve[0]  # what the engine did: doubling is among the legal actions
    failing = [line for line in out if line.startswith("  features/compare/") and ": failed: " in line]
    assert heading.split(" pass, ")[1].startswith(f"{len(failing)} fail")  # every failing row, each listed
    marks = [line for line in out if line.startswith("  features/compare/doubling.feature:") and REVIEW in line]
    assert marks, "the copied rows are among the marks TO REVIEW"


# ------------------------------------------------------------------------------ make check REG=XX
def test_make_check_runs_every_step_whatever_the_one_before_found() -> None:
    ran: list[Sequence[str]] = []

    def runner(command: Sequence[str]) -> tuple[int, str]:
        ran.append(command)
        return 1, "FAILED tests/test_features.py::test_x\n1 failed, 2 passed in 0.5s\n"

    todo = (Step("the scenarios", ("py", "scenarios")), Step("the gates", ("py", "gates")))
    outcomes = run_all(todo, runner)
    assert ran == [("py", "scenarios"), ("py", "gates")]
    assert [o.result() for o in outcomes] == ["1 failed, 2 passed in 0.5s"] * 2


def test_make_check_lists_the_marks_apart_and_fails_while_anything_remains() -> None:
    marks = ["features/compare/a.feature:14: | ZZ | may not | TO REVIEW: as ES's row |"]
    passed = Outcome(Step("the scenarios", ("py",)), 0, "3 passed in 0.1s\n")
    text, ok = summary("ZZ", marks, True, [passed])
    lines = text.splitlines()
    assert not ok
    assert lines[2:4] == ["1 values marked TO REVIEW (read the text for each; edit the file named):", f"  {marks[0]}"]
    assert "the scenarios: 3 passed in 0.1s" in lines
    text, ok = summary("ZZ", [], True, [passed], gate=["uncovered: ZZ: 1 of 1 clauses ..."])
    assert not ok and "  uncovered: ZZ: 1 of 1 clauses ..." in text
    assert summary("ZZ", [], True, [passed])[1]  # nothing remains: exit 0


# ------------------------------------------------------------------------------ facts of the five
def test_a_rulebook_without_a_surrender_golden_is_skipped_saying_so() -> None:
    from tests.test_surrender_odds import test_the_five_rulebooks_figures_and_charts_are_unchanged as unchanged

    with pytest.raises(pytest.skip.Exception, match=r"no golden for ZZ in tests/golden/five_odds\.json"):
        unchanged("ZZ")  # (the skip comes before the rule set is read: ZZ need not exist)
