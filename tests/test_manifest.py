"""The versioned suite: the files match the current release's manifest, a change without a new
release fails the check, releases and the changelog follow semver, and every report names the
suite version and the manifest's hash."""

from __future__ import annotations

import json
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from spec_engine.kit.conform import JUNIT, REPORT, SUMMARY, run
from spec_engine.kit.driver import PROTOCOL_VERSION
from spec_engine.kit.manifest import (
    FEATURES,
    RELEASES,
    changelog,
    current,
    manifest_hash,
    problems,
    release,
    releases,
    scenario_texts,
)

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
    release(newer, "P3's result corrected.", "2026-12-01", folder, features_copy)
    assert problems(features_copy, folder) == []
    page = changelog(folder)
    assert page.index(f"## {newer} (2026-12-01)") < page.index(f"## {version}")
    assert "P3's result corrected." in page
    assert "- scenarios changed (1):\n    - `features/uy/core.feature::A bet on an occupied box" in page
    assert manifest_hash(current(folder)) != manifest_hash(current())


def test_the_committed_changelog_is_the_generated_one() -> None:
    assert (ROOT / "docs" / "changelog.md").read_text(encoding="utf-8") == changelog()


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
