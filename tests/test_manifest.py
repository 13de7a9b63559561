"""The versioned suite: the files match the current release's manifest, a change without a new
release fails the check, releases and the changelog follow semver, the changelog lists each
version's protocol changes and its scenarios by clause (printed by ``blackjack-spec changelog``,
generated for the site), and every report names the suite version and the manifest's hash."""

from __future__ import annotations

import json
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from spec_engine.__main__ import main as cli
from spec_engine.kit import versions
from spec_engine.kit.conform import run
from spec_engine.kit.driver import PROTOCOL_VERSION
from spec_engine.kit.manifest import (
    FEATURES,
    NO_CLAUSE,
    RELEASES,
    changelog,
    current,
    manifest_hash,
    problems,
    release,
    releases,
    scenario_clauses,
    scenario_texts,
)
from spec_engine.kit.report import JUNIT, REPORT, SUMMARY
from spec_engine.pages.build import suite_pages

ROOT = Path(__file__).resolve().parents[1]


def test_the_files_are_the_current_release() -> None:
    assert problems() == []
    assert [r["version"] for r in releases()][-1] == current()["version"]


def test_a_scenario_is_cut_at_its_tags_and_ends_before_the_next_ones() -> None:
    texts = scenario_texts()
    key = "features/uy/core.feature::A bet on an occupied box needs its occupant's consent first"
    assert texts[key].startswith("@UY-11.2\n  Scenario: A bet on an occupied box")
    assert texts[key].endswith("And P3 breaks even")  # not the next scenario's tags


@pytest.fixture
def features_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "features"
    shutil.copytree(FEATURES, copy)
    return copy


def test_a_changed_scenario_without_a_new_release_fails(features_copy: Path) -> None:
    path = features_copy / "uy" / "core.feature"
    path.write_text(path.read_text().replace("And P3 breaks even", "And P3 loses 10", 1))
    found = problems(features_copy)
    assert found[0] == (
        f"scenario changed since suite {current()['version']}: "
        "features/uy/core.feature::A bet on an occupied box needs its occupant's consent first"
    )
    assert "--release X.Y.Z" in found[-1]


def test_an_added_or_removed_scenario_fails_too(features_copy: Path) -> None:
    extra = features_copy / "it" / "extra.feature"
    extra.write_text("@IT\nFeature: Extra\n\n  @IT-7\n  Scenario: Something new\n    Given the IT rules\n")
    (features_copy / "cz" / "shoe.feature").unlink()
    found = problems(features_copy)
    assert "scenario added since suite" in found[0] and "features/it/extra.feature::Something new" in found[0]
    assert any(line.startswith("scenario removed since suite") and "cz/shoe.feature" in line for line in found)


def test_a_release_is_semver_newer_and_explained_and_the_changelog_lists_what_changed(
    features_copy: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "releases"
    shutil.copytree(RELEASES, folder)
    version = current()["version"]
    major, minor, _ = (int(p) for p in version.split("."))
    with pytest.raises(ValueError, match="not a semantic version"):
        release("1.0", "notes", "2026-11-23", folder, features_copy)
    with pytest.raises(ValueError, match="not newer"):
        release(version, "notes", "2026-11-23", folder, features_copy)
    newer = f"{major}.{minor + 1}.0"
    with pytest.raises(ValueError, match="needs its notes"):
        release(newer, " ", "2026-11-23", folder, features_copy)
    path = features_copy / "uy" / "core.feature"
    path.write_text(path.read_text().replace("And P3 breaks even", "And P3 loses 10", 1))
    written = release(newer, "P3's result corrected.", "2026-12-01", folder, features_copy)
    kept = json.loads(written.read_text(encoding="utf-8"))
    assert kept["protocol"] == versions.current() and kept["tags"] == scenario_clauses(features_copy)
    assert problems(features_copy, folder) == []
    page = changelog(folder)
    assert page.index(f"## {newer} (2026-12-01)") < page.index(f"## {version}")
    assert "P3's result corrected." in page
    key = "features/uy/core.feature::A bet on an occupied box needs its occupant's consent first"
    assert by_clause(entry(page, newer)) == {"UY-11.2": {"changed": [key]}}
    assert "**Scenarios** since " + version + ": 0 added, 1 changed, 0 removed" in entry(page, newer)
    assert f"**Protocol**: requires {versions.current()}" in entry(page, newer)
    assert "## Since" not in page  # the newest release requires the protocol the kit speaks
    assert manifest_hash(current(folder)) != manifest_hash(current())


def test_a_removed_scenario_is_listed_under_its_old_clauses_and_an_untagged_one_apart(
    features_copy: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "releases"
    shutil.copytree(RELEASES, folder)
    (features_copy / "it" / "extra.feature").write_text(
        "@IT\nFeature: Extra\n\n  Scenario: Untagged\n    Given the IT rules\n"
    )
    removed = {k: v for k, v in current()["tags"].items() if k.startswith("features/cz/shoe.feature::")}
    (features_copy / "cz" / "shoe.feature").unlink()
    release("9.0.0", "CZ's shoe dropped; one scenario untagged.", "2026-12-01", folder, features_copy)
    grouped = by_clause(entry(changelog(folder), "9.0.0"))
    assert grouped[NO_CLAUSE] == {"added": ["features/it/extra.feature::Untagged"]}
    assert list(grouped)[-1] == NO_CLAUSE
    for key, clause_ids in removed.items():
        assert clause_ids and all(key in grouped[c]["removed"] for c in clause_ids)


def test_a_feature_tag_that_changes_a_scenarios_clauses_fails_too(features_copy: Path) -> None:
    path = features_copy / "it" / "core.feature"
    path.write_text(path.read_text().replace("@IT\n", "@IT @IT-2\n", 1))
    found = problems(features_copy)
    assert found[0].startswith(f"scenario's clause tags changed since suite {current()['version']}: features/it/core")


def entry(page: str, version: str) -> str:
    """One version's section of the changelog."""
    start = page.index(f"\n## {version} (")
    end = page.find("\n## ", start + 1)
    return page[start : end if end >= 0 else len(page)]


def by_clause(section: str) -> dict[str, dict[str, list[str]]]:
    """A section's scenarios by clause: ``{clause id: {kind: [scenario key]}}``."""
    out: dict[str, dict[str, list[str]]] = {}
    where: dict[str, list[str]] = {}
    for line in section.split("**Scenarios**", 1)[1].splitlines()[2:]:
        if line.startswith("- "):
            where = out.setdefault(line[2:].strip("`"), {})
        elif line.startswith("    - "):
            kind, _, key = line[6:].partition(": ")
            where.setdefault(kind, []).append(key.strip("`"))
    return out


def test_every_release_keeps_its_protocol_and_each_scenarios_clause_tags() -> None:
    known = {v.version for v in versions.versions()}
    for kept in releases():
        assert kept["protocol"] in known, kept["version"]
        assert kept["tags"].keys() == kept["scenarios"].keys(), kept["version"]
    assert current()["tags"] == scenario_clauses()
    assert [(r["version"], r["protocol"]) for r in releases()][:2] == [("0.1.0", "1.0"), ("0.2.0", "2.0")]


def test_the_changelog_lists_what_each_version_added_by_clause_and_the_protocol_changes() -> None:
    page = changelog()
    assert page == changelog() and page.index("## 0.2.0 (") < page.index("## 0.1.0 (")
    now = entry(page, "0.2.0")
    grouped = by_clause(now)
    # added since 0.1.0: UY's consent to bets behind and its misdeal during the deal
    consent = "features/uy/core.feature::A bet on an occupied box needs its occupant's consent first"
    assert consent in grouped["UY-11.2"]["added"] and consent not in releases()[0]["scenarios"]
    assert (
        "features/uy/misdeal.feature::A card drawn by mistake during the deal is voided" in grouped["UY-53.1"]["added"]
    )
    assert NO_CLAUSE not in grouped  # every scenario cites a clause
    listed = {key for kinds in grouped.values() for keys in kinds.values() for key in keys}
    before, after = releases()[0]["scenarios"], releases()[1]["scenarios"]
    assert listed == (after.keys() - before.keys()) | {k for k, h in after.items() if before.get(k, h) != h}
    # the protocol: every change after 0.1.0's 1.0 up to 0.2.0's 2.0; 3.0's and 4.0's in 0.3.0
    for version in versions.versions():
        mark = f"- **{version.version}** ("
        assert (mark in now) == ((1, 0) < version.key <= (2, 0)), version.version
        if (1, 0) < version.key <= (2, 0):
            assert all(f"*{c.what}*: {c.text}" in now for c in version.changes)
    third = entry(page, "0.3.0")
    assert "**Protocol**: requires 4.0; the changes since 2.0" in third
    assert "*a doubled hand that may draw again*" in third and "*a refill from the discards*" in third
    first = entry(page, "0.1.0")
    assert "280 scenarios (" in first and "`features/uy/` 76" in first and "`features/uy/` 79" in now
    assert "f022885" in first and "**Scenarios**" not in first  # counted, not listed


def test_the_changelog_is_a_command_and_a_generated_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["changelog"]) == 0
    assert capsys.readouterr().out == changelog()
    assert suite_pages() == {"changelog.md": changelog()}
    assert not (ROOT / "docs" / "changelog.md").exists()  # generated at build, never committed


def test_every_report_names_the_suite_and_the_run(tmp_path: Path) -> None:
    adapter = f"{sys.executable} -m spec_engine.kit.adapter"
    header, results = run(adapter, tmp_path, regulation="IT", jobs=1, keyword="doubling_on_a_hard_twelve", quiet=True)
    assert [r["status"] for r in results] == ["PASS"]
    want = {"version": current()["version"], "manifest_sha256": manifest_hash(current())}
    assert {k: header["suite"][k] for k in want} == want and header["suite"]["manifest_matches"] is True
    summary = json.loads((tmp_path / SUMMARY).read_text())
    assert summary["suite_version"] == want["version"] and summary["manifest_sha256"] == want["manifest_sha256"]
    assert summary["command"] == adapter and summary["hello"]["implementation"]["name"] == "spec_engine"
    first = json.loads((tmp_path / REPORT).read_text().splitlines()[0])
    assert first["suite"]["version"] == want["version"] and first["date"] == summary["date"]
    props = {p.get("name"): p.get("value") for p in ET.parse(tmp_path / JUNIT).getroot().find("properties") or []}
    assert props["suite_version"] == want["version"] and props["manifest_sha256"] == want["manifest_sha256"]
    assert props["command"] == adapter and json.loads(props["hello"])["protocol"] == PROTOCOL_VERSION
