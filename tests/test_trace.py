"""spec_engine.kit.trace: the feature reader (checked against pytest-bdd's own parser), the
loaders of the exemptions and of the clauses not modelled, the gate on small made-up projects,
the coverage report and its command, and the per-scenario results plugin under pytest-xdist."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.parser import FeatureParser, render_string

from spec_engine.catalog import REGULATION_IDS, clause, regulation, regulations
from spec_engine.errors import InputError
from spec_engine.kit.declared import NotModelled, absent_rows, exemptions, not_modelled
from spec_engine.kit.trace import (
    FEATURES,
    ScenarioInfo,
    clause_tags,
    coverage_report,
    features,
    format_report,
    gate_problems,
    main,
    parse_feature,
    regulation_of,
    scenarios,
)

ROOT = Path(__file__).resolve().parents[1]

SAMPLE = '''\
# A made-up feature using every construct the reader knows.
@IT @wip
Feature: Sample
  A description of the feature.

  Background:
    Given the IT rules

  @IT-7 @IT-12 # a comment after the tags
  Scenario: Plain
    First line of the description.
      An indented line.

    # a comment inside the description
    After a blank line.
    Given a step
      """
      @IT-99
      Scenario: not a scenario, inside a doc string
      """
    And a table
      | a | b \\| c |

  @IT-15
  Rule: Doubling
    The rule's description.

    Background:
      Given the rule's background

    @IT-16
    Scenario Outline: Double on <total>
      Given a hand of <total>

      @IT-17
      Examples: low
        | total |
        | 9     |
        | 10    |

      Examples:
        | total |
        | 11    |

    Example: Synonym of Scenario
      Given something

  Rule: Empty examples
    Scenario Template: Runs once, as written <x>
      Given something

      Scenarios:
        | x |
'''


def _write(directory: Path, relative: str, text: str) -> Path:
    path = directory / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_the_reader_yields_one_test_per_scenario_and_examples_row(tmp_path: Path) -> None:
    path = _write(tmp_path / "features", "it/sample.feature", SAMPLE)
    feature = parse_feature(path)
    assert (feature.path, feature.name, feature.line, feature.tags) == (
        "features/it/sample.feature",
        "Sample",
        3,
        ("IT", "wip"),
    )
    got = [(s.name, s.line, s.example_line, s.tags, s.rule) for s in feature.scenarios]
    assert got == [
        ("Plain", 10, None, ("IT", "wip", "IT-7", "IT-12"), ""),
        ("Double on 9", 32, 38, ("IT", "wip", "IT-15", "IT-16", "IT-17"), "Doubling"),
        ("Double on 10", 32, 39, ("IT", "wip", "IT-15", "IT-16", "IT-17"), "Doubling"),
        ("Double on 11", 32, 43, ("IT", "wip", "IT-15", "IT-16"), "Doubling"),
        ("Synonym of Scenario", 45, None, ("IT", "wip", "IT-15"), "Doubling"),
        ("Runs once, as written <x>", 49, None, ("IT", "wip"), "Empty examples"),
    ]
    plain = feature.scenarios[0]
    assert plain.description == "First line of the description.\n  An indented line.\n\nAfter a blank line."
    assert plain.feature_name == "Sample" and plain.template == "Plain"
    assert feature.scenarios[1].template == "Double on <total>"
    assert clause_tags(plain) == {"IT-7", "IT-12"}
    assert plain.regulation == "IT"


def _pytest_bdd_view(path: Path) -> Counter[tuple[Any, ...]]:
    """What pytest-bdd runs from one file: (name, line, tags, description, rule) per test."""
    feature = FeatureParser(str(path.parent), path.name).parse()
    tests: Counter[tuple[Any, ...]] = Counter()
    for template in feature.scenarios.values():
        rule_tags = template.rule.tags if template.rule else set()
        base = feature.tags | rule_tags | template.tags
        rule = template.rule.name if template.rule else ""
        rows = [(ex.tags, ctx) for ex in template.examples for ctx in ex.as_contexts()]
        for tags, context in rows or [(set(), {})]:
            name = render_string(template.name, context) if rows else template.name
            tests[(name, template.line_number, frozenset(base | tags), template.description.strip("\n"), rule)] += 1
    return tests


def _our_view(infos: list[ScenarioInfo]) -> Counter[tuple[Any, ...]]:
    last = {s.template: s.line for s in infos}  # pytest-bdd keeps the last of a duplicated name
    return Counter(
        (s.name, s.line, frozenset(s.tags), s.description, s.rule) for s in infos if last[s.template] == s.line
    )


@pytest.mark.parametrize("path", sorted(FEATURES.rglob("*.feature")), ids=lambda p: p.relative_to(FEATURES).as_posix())
def test_the_reader_agrees_with_pytest_bdd_on_every_feature_file(path: Path) -> None:
    assert _our_view(list(parse_feature(path).scenarios)) == _pytest_bdd_view(path)


def test_the_reader_agrees_with_pytest_bdd_on_the_sample(tmp_path: Path) -> None:
    path = _write(tmp_path, "f/sample.feature", SAMPLE)
    assert _our_view(list(parse_feature(path).scenarios)) == _pytest_bdd_view(path)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("Scenario: no feature\n  Given x\n", 1, "before the 'Feature:' line"),
        ("Feature: F\n  Given a step outside\n", 2, "a step outside a scenario"),
        ("Feature: F\n  Examples:\n    | a |\n", 2, "'Examples:' outside a scenario"),
        ('Feature: F\n  Scenario: S\n    Given x\n      """\n      open\n', 4, "doc string is never closed"),
        ("Feature: F\n  Scenario: S\n    @T-1\n    Given x\n", 4, "before a step"),
        ("Feature: F\n  Scenario: S\n    Given x\n    stray text\n", 4, "unexpected text"),
        (
            "Feature: F\n  Scenario Outline: S\n    Given <a>\n    Examples:\n      | a |\n      | 1 | 2 |\n",
            6,
            "2 cells",
        ),
        ("Feature: F\n  Scenario: S\n    Given x\n  @T-1\n", 4, "tag nothing"),
        ("Feature: F\n  @bad tag\n  Scenario: S\n", 2, "malformed tag 'tag'"),
        ("# language: es\nCaracterística: F\n", 1, "only English"),
        ("Feature: F\nFeature: G\n", 2, "a second 'Feature:'"),
    ],
)
def test_a_malformed_feature_file_names_the_file_and_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = _write(tmp_path / "features", "x/bad.feature", text)
    with pytest.raises(InputError, match=rf"features/x/bad\.feature line {line}: .*{message}"):
        parse_feature(path)


def test_a_file_without_a_feature_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path / "features", "x/empty.feature", "# nothing\n")
    with pytest.raises(InputError, match=r"empty\.feature: no 'Feature:' line"):
        parse_feature(path)


def test_scenarios_reads_every_file_under_the_directory() -> None:
    infos = scenarios()
    assert {s.feature.split("/")[1] for s in infos} >= {r.lower() for r in REGULATION_IDS}
    assert len(infos) == sum(len(f.scenarios) for f in features())


def test_regulation_of_prefers_the_regulation_tag_then_the_clauses() -> None:
    assert regulation_of(["UY", "UY-28.2"]) == "UY"
    assert regulation_of(["CL-13a.1"]) == "CL"
    assert regulation_of(["CL-13a.1", "UY-35.1"]) is None
    assert regulation_of(["CL", "UY"]) is None
    assert regulation_of(["wip"]) is None


# ------------------------------------------------------------------------------ exemptions

PROTECTED = {
    "dealing", "cut", "burn", "shoe", "misdeal", "limits", "box-sharing", "insurance", "even-money",
    "settlement", "payment-order", "bank", "session", "end-of-shoe",
}  # fmt: skip


def test_the_exemptions_load_and_each_has_a_reason() -> None:
    exempt = exemptions()
    assert exempt and all(len(reason) > 20 for reason in exempt.values())


def test_no_game_rule_and_nothing_about_the_game_s_mechanics_is_exempt() -> None:
    """Only equipment, conduct, administration, physical handling and description; a clause on
    dealing, the shoe, bets, limits, boxes, insurance, payouts, the bank or the session is
    executable, except who sets something administratively."""
    for clause_id, reason in exemptions().items():
        found = clause(clause_id)
        assert found.kind != "game rule", clause_id
        # a physical gesture (how a shoe is riffled) may concern the shoe without being a rule of it
        if found.kind != "administration" and not reason.startswith("physical handling:"):
            assert not set(found.topics) & PROTECTED, (clause_id, found.topics)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[[exempt]]\nclause = "XX-1"\nreason = "r"\n', r"exemptions\.toml exempt XX-1: unknown clause id 'XX-1'"),
        (
            '[[exempt]]\nclause = "UY-8"\nreason = "a"\n[[exempt]]\nclause = "UY-8"\nreason = "b"\n',
            r"exemptions\.toml exempt UY-8: UY-8 is exempted twice",
        ),
        (
            '[[exempt]]\nclause = "UY-8"\nreason = "  "\n',
            r"exemptions\.toml exempt UY-8: the exemption of UY-8 has no reason",
        ),
        ('[[exempt]]\nclause = "UY-8"\n', r"exemptions\.toml exempt UY-8: the exemption of UY-8 has no reason"),
        ('[[exempt]]\nreason = "r"\n', r"exemptions\.toml exempt #1: 'clause' is missing"),
        (
            '[[exempt]]\nclause = "UY-8"\nreason = "r"\nwhy = "x"\n',
            r"exemptions\.toml exempt UY-8: unknown keys \['why'\]",
        ),
        ("exempt = [", r"exemptions\.toml: cannot read exemptions"),
    ],
)
def test_a_bad_exemption_names_the_file_and_the_clause(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "exemptions.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        exemptions(path)


# ------------------------------------------------------------------------------ the clauses not modelled


def test_a_clause_not_modelled_names_the_rule_value_or_the_action_it_would_need(tmp_path: Path) -> None:
    path = tmp_path / "not_modelled.toml"
    path.write_text(
        '[[not_modelled]]\nclause = "IT-2"\nrule = "hole_card"\nvalue = "peek"\nreason = " the dealer peeks "\n'
        '[[not_modelled]]\nclause = "IT-3"\nrule = "peek_ranks"\nvalue = 10\nreason = "r"\n'
        '[[not_modelled]]\nclause = "IT-4"\naction = "offer_cut"\nreason = "r"\n',
        encoding="utf-8",
    )
    found = not_modelled(path)
    assert list(found) == ["IT-2", "IT-3", "IT-4"]
    assert found["IT-2"] == NotModelled("IT-2", "the dealer peeks", rule="hole_card", value="peek")
    assert [gap.needs for gap in found.values()] == ['hole_card = "peek"', "peek_ranks = 10", "offer_cut"]


def test_the_five_texts_have_no_clause_not_modelled() -> None:
    assert not_modelled() == {}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[[not_modelled]]\nclause = "IT-2"\nreason = "r"\n',
            r"not_modelled\.toml not_modelled IT-2: IT-2 needs either 'rule' \(with its 'value'\) or 'action'",
        ),
        (
            '[[not_modelled]]\nclause = "IT-2"\nrule = "a"\nvalue = 1\naction = "b"\nreason = "r"\n',
            r"not_modelled\.toml not_modelled IT-2: IT-2 needs either 'rule' \(with its 'value'\) or 'action'",
        ),
        (
            '[[not_modelled]]\nclause = "IT-2"\nrule = "hole_card"\nreason = "r"\n',
            r"not_modelled\.toml not_modelled IT-2: the rule hole_card needs its 'value'",
        ),
        (
            '[[not_modelled]]\nclause = "IT-2"\naction = "offer_cut"\nvalue = 1\nreason = "r"\n',
            r"not_modelled\.toml not_modelled IT-2: the action offer_cut takes no 'value'",
        ),
        (
            '[[not_modelled]]\nclause = "IT-2"\naction = "Offer cut"\nreason = "r"\n',
            r"not_modelled\.toml not_modelled IT-2: 'action' must be a name in lower case \('Offer cut'\)",
        ),
        (
            '[[not_modelled]]\nclause = "IT-2"\naction = "offer_cut"\nreason = " "\n',
            r"not_modelled\.toml not_modelled IT-2: IT-2 has no reason: say why the engine cannot play it",
        ),
        (
            '[[not_modelled]]\nclause = "IT-2"\naction = "a"\nreason = "r"\n' * 2,
            r"not_modelled\.toml not_modelled IT-2: IT-2 is declared not modelled twice",
        ),
        ('[[not_modelled]]\naction = "a"\nreason = "r"\n', r"not_modelled\.toml not_modelled #1: 'clause' is missing"),
        (
            '[[not_modelled]]\nclause = "IT-2"\naction = "a"\nreason = "r"\nwhy = "x"\n',
            r"not_modelled\.toml not_modelled IT-2: unknown keys \['why'\]",
        ),
        (
            '[[not_modelled]]\nclause = "IT-2"\nrule = "peek_ranks"\nvalue = 1.5\nreason = "r"\n',
            r"not_modelled\.toml not_modelled IT-2: the rule peek_ranks needs its 'value' \(a string, a whole number",
        ),
        ("not_modelled = [1]", r"not_modelled\.toml not_modelled #1: each entry must be a table"),
        ("not_modelled = [", r"not_modelled\.toml: cannot read the clauses not modelled"),
    ],
)
def test_a_bad_not_modelled_entry_names_the_file_and_the_clause(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "not_modelled.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        not_modelled(path)


# ------------------------------------------------------------------------------ the gate on made-up projects

MADE_UP = """\
@IT
Feature: Made up
  Scenario: Covers seven
    Given x

  @IT-7 @IT-99 @wip @UY-9.1
  Scenario: Covers seven again
    Given x

  @IT-1
  Scenario: Covers an exempt clause
    Given x

  @IT-7
  Scenario: Covers seven
    Given x

  @assumes-decks
  Scenario: Checks an assumed value
    Given x

  @assumes-max_boxes @assumes-no_such_rule
  Scenario: Checks a stated value as if assumed
    Given x

  Scenario Outline: Compares a value, <reg>
    Given <reg>

    @IT-7
    Examples: IT
      | reg | basis                       |
      | IT  | not stated: assumed 6 decks |

    @IT-7 @assumes-decks
    Examples: IT again
      | reg | basis                       |
      | IT  | not stated: assumed 6 decks |
"""


def test_the_gate_reports_each_kind_of_problem(tmp_path: Path) -> None:
    features_dir = tmp_path / "features"
    _write(features_dir, "it/made-up.feature", MADE_UP)
    exempt = tmp_path / "exemptions.toml"
    exempt.write_text('[[exempt]]\nclause = "IT-1"\nreason = "made up"\n', encoding="utf-8")
    problems = gate_problems(features_dir, exemptions_path=exempt)
    by_check: dict[str, list[str]] = {}
    for problem in problems:
        by_check.setdefault(problem.check, []).append(problem.message)
    assert by_check["untagged"] == [
        "features/it/made-up.feature:3 'Covers seven' has no clause tag, assumption tag or @protocol"
    ]
    assert by_check["not-an-assumption"] == [
        "features/it/made-up.feature:23 'Checks a stated value as if assumed': IT states max_boxes; "
        "tag the clauses that state it",
        "features/it/made-up.feature:23 'Checks a stated value as if assumed': "
        "@assumes-no_such_rule names no rule value",
    ]
    assert by_check["assumption-untagged"] == [
        "features/it/made-up.feature:32 'Compares a value, IT': its basis says 'not stated: assumed 6 decks' but "
        "no @assumes-<rule> tag names the assumption it checks"
    ]
    assert by_check["unknown-clause"] == [
        "features/it/made-up.feature:7 'Covers seven again': @IT-99 is no clause of the catalog"
    ]
    assert by_check["bad-tag"] == ["features/it/made-up.feature:7 'Covers seven again': @wip"]
    assert by_check["wrong-regulation"] == [
        "features/it/made-up.feature:7 'Covers seven again': @UY-9.1 is not a clause of IT"
    ]
    assert by_check["duplicate-name"] == ["features/it/made-up.feature: scenario 'Covers seven' on lines 3 and 15"]
    assert by_check["exempt-and-covered"][0].startswith("IT-1 is exempt ('made up') but checked by ")
    uncovered = [p for p in problems if p.check == "uncovered"]
    assert [p.message.split(":")[0] for p in uncovered] == list(REGULATION_IDS)
    it = next(p for p in uncovered if p.message.startswith("IT:"))
    assert "IT-7" not in it.clauses and "IT-1" not in it.clauses and "IT-2" in it.clauses
    assert it.message.startswith(f"IT: {len(it.clauses)} of 21 clauses have no scenario and no exemption: IT-2, ")


def test_the_gate_passes_when_everything_is_accounted_for(tmp_path: Path) -> None:
    features_dir = tmp_path / "features"
    reg = regulation("IT")
    clauses_dir = tmp_path / "clauses"
    clauses_dir.mkdir()
    (clauses_dir / "it.toml").write_text(
        (ROOT / "spec_engine" / "data" / "clauses" / "it.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    body = "".join(f"  @{c.id}\n  Scenario: checks {c.id}\n    Given x\n\n" for c in reg.clauses[1:])
    _write(features_dir, "it/all.feature", f"@IT\nFeature: All\n\n{body}")
    exempt = tmp_path / "exemptions.toml"
    exempt.write_text(f'[[exempt]]\nclause = "{reg.clauses[0].id}"\nreason = "made up"\n', encoding="utf-8")
    assert gate_problems(features_dir, clauses_dir=clauses_dir, exemptions_path=exempt) == []


GAPS = """\
[[not_modelled]]
clause = "IT-7"
rule = "hole_card"
value = "peek"
reason = "the dealer peeks"

[[not_modelled]]
clause = "IT-1"
action = "offer_cut"
reason = "a cut offered"

[[not_modelled]]
clause = "IT-99"
action = "offer_cut"
reason = "a cut offered"

[[not_modelled]]
clause = "IT-3"
rule = "hole_card"
value = "peek"
reason = "the dealer peeks"
"""


def test_the_gate_accepts_a_clause_not_modelled_and_refuses_a_stale_or_unknown_one(tmp_path: Path) -> None:
    """IT-3 is a gap: accepted. IT-7 is checked and IT-1 exempt: stale. IT-99 is no clause. IT-2,
    a game rule, is exempt: refused."""
    features_dir = tmp_path / "features"
    _write(features_dir, "it/gaps.feature", "@IT\nFeature: Gaps\n  @IT-7\n  Scenario: Covers seven\n    Given x\n")
    exempt = tmp_path / "exemptions.toml"
    exempt.write_text(
        '[[exempt]]\nclause = "IT-1"\nreason = "made up"\n[[exempt]]\nclause = "IT-2"\nreason = "made up"\n',
        encoding="utf-8",
    )
    gaps = tmp_path / "not_modelled.toml"
    gaps.write_text(GAPS, encoding="utf-8")
    problems = gate_problems(features_dir, exemptions_path=exempt, not_modelled_path=gaps)
    by_check: dict[str, list[str]] = {}
    for problem in problems:
        by_check.setdefault(problem.check, []).append(problem.message)
    assert by_check["not-modelled-stale"] == [
        'IT-7 is declared not modelled (it would need hole_card = "peek") but is checked by '
        "features/it/gaps.feature:4 'Covers seven': remove its entry from not_modelled.toml",
        "IT-1 is declared not modelled and exempt: a game rule stays in not_modelled.toml, anything else in "
        "exemptions.toml; remove the other entry",
    ]
    assert by_check["not-modelled-unknown"] == [
        "IT-99 is no clause of the catalog: correct its id or remove its entry from not_modelled.toml"
    ]
    assert by_check["exempt-game-rule"] == [
        "IT-2 is a game rule (its kind in the catalog) and may not be exempt: remove it from exemptions.toml; "
        "give it a scenario, or declare it in not_modelled.toml if the engine cannot play it yet"
    ]
    it = next(p for p in problems if p.check == "uncovered" and p.message.startswith("IT:"))
    assert it.message.startswith("IT: 17 of 21 clauses have no scenario and no exemption: IT-4, IT-5, ")
    assert it.message.endswith(
        ", IT-21 (tag a scenario with each, or declare it in exemptions.toml or not_modelled.toml)"
    )
    assert {"IT-1", "IT-2", "IT-3", "IT-7"}.isdisjoint(it.clauses)
    assert {p.check for p in problems} == {
        "not-modelled-stale",
        "not-modelled-unknown",
        "exempt-game-rule",
        "uncovered",
    }


# ------------------------------------------------------------------------------ the coverage report


def _small_project(tmp_path: Path) -> tuple[Path, Path]:
    features_dir = tmp_path / "features"
    _write(
        features_dir,
        "it/a.feature",
        """\
        @IT
        Feature: A
          @IT-7 @IT-12
          Scenario: One
            Given x

          @IT-8
          Scenario Outline: Two <n>
            Given x

            Examples:
              | n |
              | 1 |
              | 2 |
        """,
    )
    _write(features_dir, "uy/b.feature", "@UY\nFeature: B\n  @UY-28.2\n  Scenario: Three\n    Given x\n")
    exempt = tmp_path / "exemptions.toml"
    exempt.write_text('[[exempt]]\nclause = "IT-1"\nreason = "made up"\n', encoding="utf-8")
    return features_dir, exempt


def test_the_report_counts_clauses_and_scenarios_per_regulation(tmp_path: Path) -> None:
    features_dir, exempt = _small_project(tmp_path)
    report = coverage_report(features_dir, exemptions_path=exempt)
    it = report["regulations"]["IT"]
    assert {k: it[k] for k in ("clauses", "executable", "exempt", "missing", "scenarios", "passing")} == {
        "clauses": 21, "executable": 3, "exempt": 1, "missing": 17, "scenarios": 3, "passing": None,
    }  # fmt: skip
    assert it["exempt_ids"] == ["IT-1"] and it["missing_ids"][:2] == ["IT-2", "IT-3"]
    assert it["executable_percent"] == round(100 * 3 / 21, 1)
    assert report["regulations"]["UY"]["executable"] == 1 and report["regulations"]["CL"]["scenarios"] == 0
    total = report["total"]
    assert total["clauses"] == sum(len(r.clauses) for r in regulations())
    assert (total["executable"], total["exempt"], total["scenarios"], total["passing"]) == (4, 1, 4, None)
    assert total["missing"] == total["clauses"] - 5
    assert total["executable_percent"] == round(100 * 4 / total["clauses"], 1)


def test_the_report_counts_the_clauses_not_modelled_apart(tmp_path: Path) -> None:
    features_dir, exempt = _small_project(tmp_path)
    gaps = tmp_path / "not_modelled.toml"
    gaps.write_text(
        '[[not_modelled]]\nclause = "IT-2"\naction = "offer_cut"\nreason = "r"\n'
        '[[not_modelled]]\nclause = "IT-7"\naction = "offer_cut"\nreason = "stale: IT-7 is checked"\n',
        encoding="utf-8",
    )
    report = coverage_report(features_dir, exemptions_path=exempt, not_modelled_path=gaps)
    it = report["regulations"]["IT"]
    assert {k: it[k] for k in ("clauses", "executable", "exempt", "not_modelled", "missing")} == {
        "clauses": 21, "executable": 3, "exempt": 1, "not_modelled": 1, "missing": 16,
    }  # fmt: skip
    assert it["not_modelled_ids"] == ["IT-2"] and "IT-2" not in it["missing_ids"]
    assert report["regulations"]["UY"]["not_modelled"] == 0 and report["total"]["not_modelled"] == 1
    text = format_report(report)
    assert text.splitlines()[5].split() == ["IT", "21", "3", "1", "1", "16", "3", "n/a"]
    assert "not modelled IT: IT-2\n" in text and "; not modelled 1; " in text


def _results(tmp_path: Path, entries: list[dict[str, Any]]) -> Path:
    path = tmp_path / "scenarios.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    return path


def test_the_report_counts_passing_scenarios_from_the_results(tmp_path: Path) -> None:
    features_dir, exempt = _small_project(tmp_path)
    entry = {"feature": "features/it/a.feature", "scenario": "One", "line": 3, "clauses": ["IT-7"], "duration": 0.1}
    results = _results(
        tmp_path,
        [
            {**entry, "regulation": "IT", "status": "passed"},
            {**entry, "regulation": "IT", "status": "failed"},
            {**entry, "regulation": "IT", "status": "passed"},
            {**entry, "regulation": "UY", "status": "skipped"},
        ],
    )
    report = coverage_report(features_dir, results, exemptions_path=exempt)
    assert report["regulations"]["IT"]["passing"] == 2
    assert report["regulations"]["UY"]["passing"] == 0
    assert report["total"]["passing"] == 2


@pytest.mark.parametrize(
    "entries",
    [{"not": "a list"}, [1], [{"regulation": "IT", "status": "green"}], [{"regulation": 3, "status": "passed"}]],
)
def test_a_malformed_results_file_is_refused(tmp_path: Path, entries: Any) -> None:
    features_dir, exempt = _small_project(tmp_path)
    with pytest.raises(InputError, match=r"scenarios\.json"):
        coverage_report(features_dir, _results(tmp_path, entries), exemptions_path=exempt)


def test_the_text_report_has_a_row_per_regulation_and_the_totals(tmp_path: Path) -> None:
    features_dir, exempt = _small_project(tmp_path)
    text = format_report(coverage_report(features_dir, exemptions_path=exempt))
    lines = text.splitlines()
    assert lines[0].split() == [
        "regulation", "clauses", "executable", "exempt", "not_modelled", "missing", "scenarios", "passing",
    ]  # fmt: skip
    rows = {line.split()[0]: line.split() for line in lines[1 : len(REGULATION_IDS) + 2]}
    assert list(rows) == [*REGULATION_IDS, "total"], "a row per rulebook of the one list, in its order, then the totals"
    assert rows["IT"] == ["IT", "21", "3", "1", "0", "17", "3", "n/a"]
    total = sum(len(r.clauses) for r in regulations())
    assert f"executable: 4 of {total} clauses ({round(400 / total, 1)} %)" in text
    assert "missing IT: IT-2, IT-3," in text


def test_the_command_prints_the_report_as_text_or_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main([]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("regulation") and "n/a" in text
    assert main(["--json"]) == 0
    assert json.loads(capsys.readouterr().out) == coverage_report()
    results = _results(tmp_path, [{"regulation": "UY", "status": "passed"}])
    assert main(["--json", "--results", str(results)]) == 0
    assert json.loads(capsys.readouterr().out)["regulations"]["UY"]["passing"] == 1


def test_the_command_reports_a_bad_results_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["--results", str(tmp_path / "missing.json")]) == 2
    assert "error: missing.json: cannot read results" in capsys.readouterr().err


def test_the_command_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spec_engine.kit.trace", "--json"], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert json.loads(done.stdout)["total"]["clauses"] == sum(len(r.clauses) for r in regulations())


# ------------------------------------------------------------------------------ the results plugin

PLUGIN_FEATURE = """\
@IT
Feature: Plugin check
  @IT-7
  Scenario: Passes
    Given it passes

  @IT-8
  Scenario: Fails
    Given it fails

  @IT-12
  Scenario: Is skipped
    Given it is skipped

  @IT-6
  Scenario Outline: Row <n>
    Given it passes

    @IT-9
    Examples:
      | n |
      | 1 |
      | 2 |
"""

PLUGIN_STEPS = """\
import pytest
from pytest_bdd import given, scenarios

scenarios("plugin.feature")


@given("it passes")
def _passes() -> None:
    pass


@given("it fails")
def _fails() -> None:
    raise AssertionError("made to fail")


@given("it is skipped")
def _skipped() -> None:
    pytest.skip("made to skip")
"""


@pytest.mark.parametrize("workers", [["-n", "2"], ["-p", "no:xdist"]], ids=["xdist", "plain"])
def test_the_results_plugin_writes_one_entry_per_scenario(tmp_path: Path, workers: list[str]) -> None:
    _write(tmp_path, "features/plugin.feature", PLUGIN_FEATURE)
    _write(tmp_path, "checks/test_plugin.py", PLUGIN_STEPS)
    (tmp_path / "checks" / "conftest.py").write_text(
        'pytest_plugins = ["spec_engine.suite.results_plugin"]\n', encoding="utf-8"
    )
    markers = "\n".join(f"    {m}: m" for m in ("IT", "IT-6", "IT-7", "IT-8", "IT-9", "IT-12"))
    (tmp_path / "pytest.ini").write_text(
        f"[pytest]\nbdd_features_base_dir = features/\naddopts = -p no:cacheprovider\nmarkers =\n{markers}\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *workers, "checks"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 1, done.stdout + done.stderr  # one scenario fails on purpose
    results = json.loads((tmp_path / "reports" / "scenarios.json").read_text(encoding="utf-8"))
    got = sorted(
        (r["feature"], r["scenario"], r["line"], r["regulation"], tuple(r["clauses"]), r["status"]) for r in results
    )
    feature = "features/plugin.feature"
    assert got == [
        (feature, "Fails", 8, "IT", ("IT-8",), "failed"),
        (feature, "Is skipped", 12, "IT", ("IT-12",), "skipped"),
        (feature, "Passes", 4, "IT", ("IT-7",), "passed"),
        (feature, "Row 1", 16, "IT", ("IT-6", "IT-9"), "passed"),
        (feature, "Row 2", 16, "IT", ("IT-6", "IT-9"), "passed"),
    ]
    assert all(isinstance(r["duration"], float) and r["duration"] >= 0 for r in results)
    assert not list((tmp_path / "reports").glob("*.tmp"))


def test_a_compare_outline_without_a_regulations_table_fails_the_gate(tmp_path: Path) -> None:
    """Each compare outline has a table for every regulation, or one declared absent with the
    reason (spec_engine/data/absent_rows.toml): a missing one was once noticed by nothing."""
    source = (FEATURES / "compare" / "surrender.feature").read_text(encoding="utf-8")
    last = REGULATION_IDS[-1]
    table = f"    @{last} @assumes-surrender\n    Examples: {last}\n"
    assert table in source
    _write(
        tmp_path / "features", "compare/surrender.feature", source.replace(table, "    @wip\n    Examples: gone\n", 1)
    )
    found = [str(p) for p in gate_problems(tmp_path / "features") if p.check == "compare-row-missing"]
    assert any(f"'Surrender, compared' has no Examples table for {last}" in p for p in found), found
    declared = {template for template, _ in absent_rows()}
    assert declared and all(f"{template!r}" not in " ".join(found) for template in declared)


def test_a_regulations_marker_selects_its_scenarios_compare_rows_included() -> None:
    """``-m XX`` (make check REG=XX) keeps exactly the scenarios the kit counts for XX: its own
    features and its rows of the compare outlines (once missed: a row is tagged with clauses)."""
    import subprocess
    import sys

    reg = REGULATION_IDS[-1]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:randomly",
            "tests/test_features.py",
            "-m",
            reg,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    collected = [line for line in done.stdout.splitlines() if "::" in line]
    expected = [s for s in scenarios() if s.regulation == reg]
    assert len(collected) == len(expected) and any("compared" in line for line in collected), done.stdout[-500:]
