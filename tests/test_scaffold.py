"""A sixth text in an afternoon (issue 25): ``blackjack-spec new-regulation`` in a copy of the
project, end to end to a site built without error, and every gate then saying what remains.

The end-to-end test builds a whole site with six regulations (about a minute: the phases of
``make site`` in a fresh copy, the exact odds from the shared cache). The other tests check the
pieces the scaffold writes in a few milliseconds each.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from spec_engine.catalog import REGULATION_IDS, parse_catalog, tiling_problems
from spec_engine.errors import InputError
from spec_engine.kit.scaffold import REVIEW, catalog_skeleton, default_values, new_regulation, ruleset_skeleton
from spec_engine.rules import RULE_FIELDS, parse_ruleset, rulesets

ROOT = Path(__file__).resolve().parents[1]
TEXT = """Reglamento de Black Jack del Casino de Prueba

Artículo 1
Se juega con seis barajas de 52 naipes. El crupier reparte dos cartas a cada jugador y una para sí.
Artículo 2
El jugador puede plantarse o pedir carta. El crupier pide carta con 16 o menos y se planta con 17 o más.
Artículo 3
El Black Jack se paga tres a dos. Los demás premios se pagan a la par.
"""
"""A made-up text: three articles, six sentences."""


def copy_of_the_project(target: Path) -> Path:
    """The files git tracks, copied (the venv and node_modules are shared, not copied)."""
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in tracked.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    if (ROOT / "node_modules").is_dir():
        (target / "node_modules").symlink_to(ROOT / "node_modules")
    return target


# ------------------------------------------------------------------------------ the pieces
def test_the_catalog_skeleton_tiles_the_text_a_clause_a_sentence(tmp_path: Path) -> None:
    (tmp_path / "zz.es.txt").write_text(TEXT, encoding="utf-8")
    toml = catalog_skeleton("ZZ", TEXT, source="zz.es.txt", language="es", name="Prueba", today="2026-11-26")
    path = tmp_path / "zz.toml"
    path.write_text(toml, encoding="utf-8")
    catalog = parse_catalog(path)
    assert [c.id for c in catalog.clauses] == [f"ZZ-{n}" for n in range(1, 7)]
    assert (
        catalog.clauses[2].text == "El jugador puede plantarse o pedir carta."
        and catalog.clauses[2].section == "Artículo 2"
    )
    assert [e.reason for e in catalog.excluded] == ["heading"] * 4
    assert tiling_problems(catalog, TEXT) == []
    assert all(c.gist.startswith(REVIEW) for c in catalog.clauses)


def test_the_rule_set_skeleton_assumes_every_value_with_its_default_named(tmp_path: Path) -> None:
    values = default_values(list(rulesets()))
    path = tmp_path / "zz.toml"
    path.write_text(ruleset_skeleton("ZZ", "Prueba", values), encoding="utf-8")
    rules = parse_ruleset(path, known_clauses=frozenset())
    assert all(rules.citations[f.name].basis == "not stated" for f in RULE_FIELDS)
    assert all(getattr(rules, f.name) == values[f.name] for f in RULE_FIELDS)
    assert rules.decks == 6 and rules.surrender == "none"  # the others' most common values
    assert REVIEW in rules.citations["decks"].note and "assumes 6" in rules.citations["decks"].note


@pytest.mark.parametrize(("reg_id", "field"), [("zz", "id"), ("CL", "id"), ("ZZZZ", "id")])
def test_a_bad_or_taken_id_is_refused(tmp_path: Path, reg_id: str, field: str) -> None:
    text = tmp_path / "t.txt"
    text.write_text(TEXT, encoding="utf-8")
    with pytest.raises(InputError) as refused:
        new_regulation(ROOT, reg_id, text, language="es")
    assert refused.value.field == field
    assert (ROOT / "spec_engine" / "data" / "regulations.toml").read_text(encoding="utf-8").count("ZZ") == 0


# ------------------------------------------------------------------------------ end to end
@pytest.mark.usefixtures("pdf_stand_in")  # its six conformance reports print no PDF (tests/conftest.py)
def test_a_sixth_text_end_to_end_to_a_built_site_and_the_gates_listing_what_remains(tmp_path: Path) -> None:
    project = copy_of_the_project(tmp_path / "project")
    (tmp_path / "made-up.txt").write_text(TEXT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(project)}
    env.pop("BLACKJACK_SPEC_OVERRIDES", None)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, *args], cwd=project, env=env, capture_output=True, text=True)

    made = run("-m", "spec_engine", "new-regulation", "ZZ", "--text", str(tmp_path / "made-up.txt"),
               "--name", "Casino de Prueba, Black Jack", "--short", "Prueba")  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "rows added to the compare outlines" in made.stdout and "features/zz/core.feature" in made.stdout
    listed = run("-m", "spec_engine", "regulations").stdout.split()
    assert listed == [*REGULATION_IDS, "ZZ"]
    names = "from spec_engine.catalog import rulebook_name as n; print(n('ZZ', with_id=True), n('ZZ', long=True))"
    named = run("-c", names)
    assert named.stdout == "Prueba (ZZ) Casino de Prueba, Black Jack\n", named.stderr  # its names, in the one list

    built = run("tools/build.py")
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "[site] javascript-ZZ" in built.stdout  # the new text's JavaScript report too
    site = project / "site" / "generated"
    assert (site / "zz.html").is_file() and (site / "onboarding-zz.html").is_file()
    assert "Prueba (ZZ)" in (project / "site" / "index.html").read_text(encoding="utf-8")  # in the navigation
    assert "Prueba" in (site / "rules.html").read_text(encoding="utf-8")  # a column of the comparison

    checked = run("-m", "spec_engine", "check")
    assert checked.returncode == 1 and "values marked TO REVIEW" in checked.stdout
    assert "ZZ: 6 clauses, text tiled" in checked.stdout
    gate = run("-c", "from spec_engine.kit.trace import gate_problems; print(*gate_problems(), sep='\\n')")
    assert "uncovered: ZZ: 6 of 6 clauses have no scenario and no exemption" in gate.stdout, gate.stdout
    one = run("-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", "tests/test_features.py", "-m", "ZZ")
    assert " passed" in one.stdout.splitlines()[-1]  # its scenarios run, compare rows included: some to review
