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


def skeleton_of(text: str, tmp_path: Path) -> list[tuple[str, str]]:
    """What the skeleton makes of ``text``, in order: ("heading", its text) for an exclusion,
    (its section, its text) for a clause; the catalog checked to tile the text."""
    path = tmp_path / "zz.toml"
    path.write_text(catalog_skeleton("ZZ", text, source="zz.en.txt", language="en", name="Test", today="2026-11-26"))
    catalog = parse_catalog(path)
    assert tiling_problems(catalog, text) == []
    assert [c.id for c in catalog.clauses] == [f"ZZ-{n}" for n in range(1, len(catalog.clauses) + 1)]
    clauses = iter(catalog.clauses)
    excluded = iter(catalog.excluded)
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():  # (the tables, in file order)
        if line == "[[excluded]]":
            out.append(("heading", next(excluded).text))
        elif line == "[[clause]]":
            clause = next(clauses)
            out.append((clause.section, clause.text))
    return out


AMERICAN = """SUBCHAPTER 99. BLACKJACK

13:99Z-1.1 Cards; number of decks
(a) Blackjack shall be played with six decks of cards that meet the
requirements of N.J.A.C.
13:69E-1.17 and 13:69F-2.4(a), i.e. decks of 52 cards. No joker shall
be used.
(b) The value of the cards shall be as follows:
1. Any card from two to 10 shall have its face value;
2.
Any Jack, Queen or King shall have a value of 10; and
3. An ace shall have a value of:
i. Eleven, unless that value would give a hand a score in excess of 21; or
ii. One, in all other cases (e.g. Ace and King. See (b)3i above).
(c) The dealer shall announce: 1. "No more bets"; and 2. The total of each hand.

The Division may approve other decks under the U.S. Gaming Act, e.g. Spanish
decks. Such decks shall meet the requirements of N.J.A.C.
13:69E-1.17, i.e. Sec. 4 of the Rules. The record of each approval shall
be kept for five years.
13:99Z-1.2 Payment of winning wagers
(a) A blackjack shall be paid at 3 to 2 under Sec. 5 of the U.S. Gaming Act,
No. 12. Insurance shall be paid at 2 to 1.
The dealer shall pay winning wagers from right to left.
"""
"""A made-up text the way an American code is published: numbered subsections, nested list
items (one of them a number alone on its line), lines cut inside citations, abbreviations."""


def test_the_skeleton_cuts_an_american_code_into_its_provisions(tmp_path: Path) -> None:
    cards, payment = "13:99Z-1.1 Cards; number of decks", "13:99Z-1.2 Payment of winning wagers"
    assert skeleton_of(AMERICAN, tmp_path) == [
        ("heading", "SUBCHAPTER 99. BLACKJACK"),
        ("heading", cards),
        (cards, "(a) Blackjack shall be played with six decks of cards that meet the requirements of "
                "N.J.A.C. 13:69E-1.17 and 13:69F-2.4(a), i.e. decks of 52 cards. No joker shall be used."),
        (cards, "(b) The value of the cards shall be as follows:"),
        (cards, "1. Any card from two to 10 shall have its face value;"),
        (cards, "2. Any Jack, Queen or King shall have a value of 10; and"),
        (cards, "3. An ace shall have a value of:"),
        (cards, "i. Eleven, unless that value would give a hand a score in excess of 21; or"),
        (cards, "ii. One, in all other cases (e.g. Ace and King. See (b)3i above)."),
        (cards, "(c) The dealer shall announce:"),  # list items inside a line, numbered in turn
        (cards, '1. "No more bets"; and'),
        (cards, "2. The total of each hand."),
        # a paragraph without a number: a clause a sentence, never after an abbreviation
        (cards, "The Division may approve other decks under the U.S. Gaming Act, e.g. Spanish decks."),
        (cards, "Such decks shall meet the requirements of N.J.A.C. 13:69E-1.17, i.e. Sec. 4 of the Rules."),
        (cards, "The record of each approval shall be kept for five years."),
        ("heading", payment),
        # a line after a provision, with no blank line between, is the provision's (when unsure, join)
        (payment, "(a) A blackjack shall be paid at 3 to 2 under Sec. 5 of the U.S. Gaming Act, No. 12. "
                  "Insurance shall be paid at 2 to 1. The dealer shall pay winning wagers from right to left."),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "Artículo 5\nSe aplica el art. 5 del Reglamento y el art. Décimo de la Orden (BOME núm. 19, pág. 3). "
            "El Sr. Director decide en caso de duda. Los premios se pagan a la par.\n",
            [("heading", "Artículo 5"),
             ("Artículo 5", "Se aplica el art. 5 del Reglamento y el art. Décimo de la Orden (BOME núm. 19, pág. 3)."),
             ("Artículo 5", "El Sr. Director decide en caso de duda."),
             ("Artículo 5", "Los premios se pagan a la par.")],
            id="es",
        ),
        pytest.param(
            "Článek 5\nSázky\n(1) Hráč sází před rozdáním karet podle zákona č. 186/2016 Sb., o hazardních hrách.\n"
            "(2) Sázky podle odst. 1 písm. B musí být v souladu s limity stolu, tj. Minimem a maximem:\n"
            "a) Minimum je 10 Kč.\nb) Maximum je 500 Kč.\n\nKrupiér ohlásí limity nahlas. Hráč je potvrdí.\n",
            [("heading", "Článek 5"), ("heading", "Sázky"),
             ("Sázky", "(1) Hráč sází před rozdáním karet podle zákona č. 186/2016 Sb., o hazardních hrách."),
             ("Sázky", "(2) Sázky podle odst. 1 písm. B musí být v souladu s limity stolu, tj. Minimem a maximem:"),
             ("Sázky", "a) Minimum je 10 Kč."),
             ("Sázky", "b) Maximum je 500 Kč."),
             ("Sázky", "Krupiér ohlásí limity nahlas."),
             ("Sázky", "Hráč je potvrdí.")],
            id="cs",
        ),
        pytest.param(
            "Il banco fornisce carte, gettoni, sabot ecc. Tutto resta di proprietà del Casinò (v. art. 3, n. 2). "
            "Il croupier paga i giochi vincenti.\n",
            [("", "Il banco fornisce carte, gettoni, sabot ecc. "
                  "Tutto resta di proprietà del Casinò (v. art. 3, n. 2)."),
             ("", "Il croupier paga i giochi vincenti.")],
            id="it",
        ),
    ],
)  # fmt: skip
def test_the_skeleton_never_cuts_after_an_abbreviation(
    tmp_path: Path, text: str, expected: list[tuple[str, str]]
) -> None:
    assert skeleton_of(text, tmp_path) == expected


def test_a_heading_that_begins_like_a_clause_before_it_is_a_heading(tmp_path: Path) -> None:
    # (the tiling check takes either where both begin: tests/test_catalog.py)
    text = "Black Jack is played with six decks.\n\nBlack Jack\n\nThe dealer stands on 17.\n"
    assert skeleton_of(text, tmp_path) == [
        ("", "Black Jack is played with six decks."),
        ("heading", "Black Jack"),
        ("Black Jack", "The dealer stands on 17."),
    ]


def test_the_written_catalog_says_how_to_join_or_split_clauses() -> None:
    header = catalog_skeleton("ZZ", TEXT, source="zz.es.txt", language="es", name="Prueba", today="2026-11-26")
    header = header.split("[regulation]")[0]
    assert "to join two clauses" in header and "to split one" in header and "`retired`" in header
    assert '"ZZ: N clauses, text tiled"' in header


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
    assert "compare rows copied by new-regulation (basis TO REVIEW), played under ZZ's rule set" in checked.stdout
    gate = run("-c", "from spec_engine.kit.trace import gate_problems; print(*gate_problems(), sep='\\n')")
    assert "uncovered: ZZ: 6 of 6 clauses have no scenario and no exemption" in gate.stdout, gate.stdout
    # make check REG=ZZ: every check runs though marks remain, and what remains is listed
    remains = run("tools/check_regulation.py", "ZZ")
    assert remains.returncode == 1, remains.stderr
    summary = remains.stdout.split("== make check REG=ZZ: what remains\n", 1)[1]
    assert "values marked TO REVIEW" in summary and "ZZ's scenarios, compare rows included: " in summary
    assert " passed" in summary  # its scenarios ran, compare rows included: some to review
    assert "the gates (traceability, the one list): " in summary and "uncovered: ZZ: 6 of 6 clauses" in summary
