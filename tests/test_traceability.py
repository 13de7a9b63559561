"""The traceability gate: every clause is checked by a scenario, declared exempt or declared not
modelled (each once), and every tag means something. The checks live in
:func:`spec_engine.kit.trace.gate_problems`; each test here shows one kind of problem, listed per
regulation."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from spec_engine.catalog import DATA, regulations
from spec_engine.kit.declared import EXEMPTIONS, NOT_MODELLED
from spec_engine.kit.trace import CHECKS, FEATURES, Problem, covering, gate_problems, scenarios


@pytest.fixture(scope="module")
def problems() -> list[Problem]:
    return gate_problems()


def _none(problems: list[Problem], check: str) -> None:
    """Fail listing every problem of one kind, each on its line."""
    found = [p.message for p in problems if p.check == check]
    if found:
        pytest.fail(f"{CHECKS[check]}:\n  " + "\n  ".join(found), pytrace=False)


def test_every_clause_has_a_scenario_or_an_exemption(problems: list[Problem]) -> None:
    """(a) The gaps, per regulation: clauses with neither a scenario nor an exemption."""
    _none(problems, "uncovered")


def test_every_clause_tag_names_a_clause(problems: list[Problem]) -> None:
    """(b)"""
    _none(problems, "unknown-clause")


def test_every_scenario_cites_a_clause(problems: list[Problem]) -> None:
    """(c)"""
    _none(problems, "untagged")


def test_no_exempt_clause_is_checked_by_a_scenario(problems: list[Problem]) -> None:
    """(d) An exemption must go once a scenario checks the clause."""
    _none(problems, "exempt-and-covered")


def test_scenario_names_are_unique_within_a_feature_file(problems: list[Problem]) -> None:
    """(e) pytest-bdd keys a file's scenarios by name and silently runs only the last."""
    _none(problems, "duplicate-name")


def test_every_tag_is_a_clause_id_or_a_regulation(problems: list[Problem]) -> None:
    _none(problems, "bad-tag")


def test_a_regulation_s_scenarios_cite_its_own_clauses(problems: list[Problem]) -> None:
    _none(problems, "wrong-regulation")


def test_the_gate_reports_only_known_checks(problems: list[Problem]) -> None:
    assert {p.check for p in problems} <= set(CHECKS)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_the_gate_finds_nothing(problems: list[Problem], check: str) -> None:
    """Every check of the gate, each its own test (the ones above say more of theirs): none
    can be added to the gate without failing here when it finds something."""
    _none(problems, check)


def test_no_game_rule_is_exempt(problems: list[Problem]) -> None:
    """What no engine can check is exempt; a game rule the engine cannot play yet is not modelled
    (``data/not_modelled.toml``), a gap the site shows as one. No count caps the exemptions: a
    text of administration may have many, and a clause is never merged to fit a quota."""
    _none(problems, "exempt-game-rule")


def test_no_clause_not_modelled_is_stale_or_unknown(problems: list[Problem]) -> None:
    _none(problems, "not-modelled-stale")
    _none(problems, "not-modelled-unknown")


def _copy(tmp_path: Path) -> tuple[Path, Path, Path]:
    features = tmp_path / "features"
    clauses = tmp_path / "clauses"
    shutil.copytree(FEATURES, features)
    shutil.copytree(DATA / "clauses", clauses)
    exempt = tmp_path / EXEMPTIONS.name
    shutil.copyfile(EXEMPTIONS, exempt)
    return features, clauses, exempt


def _uncovered(problems: list[Problem]) -> set[str]:
    return {clause for p in problems if p.check == "uncovered" for clause in p.clauses}


def _untag_one(features: Path, kind: str | None = None) -> str:
    """Remove the only tag of a clause cited by exactly one tag in all the feature files (of
    ``kind``, if given); return its id."""
    texts = {path: path.read_text(encoding="utf-8") for path in sorted(features.rglob("*.feature"))}
    kinds = {c.id: c.kind for r in regulations() for c in r.clauses}
    victim = next(
        clause
        for clause in sorted(covering(scenarios(features)))
        if sum(len(re.findall(rf"(?<!\S)@{re.escape(clause)}(?!\S)", t)) for t in texts.values()) == 1
        and kind in (None, kinds[clause])
    )
    for path, text in texts.items():
        path.write_text(re.sub(rf"(?<!\S)@{re.escape(victim)}(?!\S)", "", text), encoding="utf-8")
    return victim


def test_the_gate_fails_naming_a_clause_whose_last_scenario_tag_is_removed(tmp_path: Path) -> None:
    features, clauses, exempt = _copy(tmp_path)
    before = gate_problems(features, clauses_dir=clauses, exemptions_path=exempt)
    victim = _untag_one(features)
    assert victim not in _uncovered(before)
    after = gate_problems(features, clauses_dir=clauses, exemptions_path=exempt)
    assert _uncovered(after) == _uncovered(before) | {victim}
    regulation = victim.split("-", 1)[0]
    assert any(
        p.check == "uncovered" and p.message.startswith(f"{regulation}: ") and victim in p.message for p in after
    )


def test_the_gate_accepts_a_game_rule_declared_not_modelled_in_place_of_its_scenario(tmp_path: Path) -> None:
    """A game rule whose last scenario is gone, declared not modelled: the gate says what it said
    before; exempted instead, it is refused."""
    features, clauses, exempt = _copy(tmp_path)
    gaps = tmp_path / NOT_MODELLED.name  # (every message names the copies: a gap left elsewhere reads the same)
    gaps.write_text("", encoding="utf-8")
    before = gate_problems(features, clauses_dir=clauses, exemptions_path=exempt, not_modelled_path=gaps)
    victim = _untag_one(features, "game rule")
    gaps.write_text(
        f'[[not_modelled]]\nclause = "{victim}"\naction = "offer_cut"\nreason = "a cut the engine cannot offer"\n',
        encoding="utf-8",
    )
    assert gate_problems(features, clauses_dir=clauses, exemptions_path=exempt, not_modelled_path=gaps) == before
    with exempt.open("a", encoding="utf-8") as handle:
        handle.write(f'\n[[exempt]]\nclause = "{victim}"\nreason = "made up"\n')
    gaps.write_text("", encoding="utf-8")
    after = gate_problems(features, clauses_dir=clauses, exemptions_path=exempt, not_modelled_path=gaps)
    assert [p.message for p in after if p not in before] == [
        f"{victim} is a game rule (its kind in the catalog) and may not be exempt: remove it from "
        "exemptions.toml; give it a scenario, or declare it in not_modelled.toml if the engine cannot play it yet"
    ]
