"""The site is generated from the data: a changed rule value shows on the site by itself.

On a copy of the project, a rule value of the club's rule set is changed (doubling allowed
on any total); the scenarios are run and the pages generated in the copy with the same
commands as ``make site``. The comparison matrix then shows the new value as an assumption,
and the scenario that checks the club's refusal to double on 12 turns red on its pages; no
site code is touched.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("spec_engine", "features", "tests", "docs", "pyproject.toml", "mkdocs.yml")

# both tests read the one changed copy: in one worker, so that it is made once (about 13 s of CPU,
# 35 s more when the changed rule set's exact odds are not in the cache yet)
pytestmark = pytest.mark.xdist_group("changed_site")


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    # the exact odds of the cost pages come from the one shared cache (keyed by the rule values)
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def changed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("project")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "generated", "browser"))
        else:
            shutil.copy2(source, copy / name)
    rules = copy / "spec_engine" / "data" / "rulesets" / "cl.toml"
    text = rules.read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.startswith("double_totals ="))
    rules.write_text(
        text.replace(old, 'double_totals = { value = "none", basis = "not stated", note = "changed by a test" }'),
        encoding="utf-8",
    )
    run = _run(
        ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "tests/test_features.py", "-k", "CL"], copy
    )
    assert run.returncode == 1, "the changed rule should make some club scenarios fail:\n" + run.stdout[-3000:]
    gen = _run(["-m", "spec_engine.pages", "docs/generated", "--results", "reports/scenarios.json"], copy)
    assert gen.returncode == 0, gen.stderr
    return copy


def test_the_matrix_shows_the_changed_value_as_an_assumption(changed_site: Path) -> None:
    page = (changed_site / "docs" / "generated" / "rules.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if 'id="rule-double_totals"' in line)
    first_cell = row.split("<td", 2)[1]  # the club's column comes first
    assert '<span class="value">any two cards</span>' in first_cell and "<summary>assumed</summary>" in first_cell
    original = (ROOT / "spec_engine" / "data" / "rulesets" / "cl.toml").read_text(encoding="utf-8")
    assert "double_totals = { value = [9, 10, 11]" in original  # the project itself is untouched


def test_the_scenario_checking_the_changed_rule_turns_red(changed_site: Path) -> None:
    results = json.loads((changed_site / "reports" / "scenarios.json").read_text(encoding="utf-8"))
    status = {(r["feature"], r["scenario"]): r["status"] for r in results}
    assert status[("features/cl/core.feature", "Doubling on 12 is refused")] == "failed"
    assert status[("features/cl/core.feature", "Doubling on 11 doubles the stake and gives one card only")] == "passed"
    scenario_page = (changed_site / "docs" / "generated" / "scenarios" / "cl-core.md").read_text(encoding="utf-8")
    section = scenario_page.split("## Doubling on 12 is refused", 1)[1].split("\n## ", 1)[0]
    assert 'class="status status-failed"' in section
    reg_page = (changed_site / "docs" / "generated" / "cl.md").read_text(encoding="utf-8")
    clause = reg_page.split("### CL-13a.1 ", 1)[1].split("\n### ", 1)[0]
    assert "status-failed" in clause and "Doubling on 12 is refused" in clause
