"""One spelling of each rulebook's name (issue 29): the one list's (``data/regulations.toml``,
``[names]``: a short form and the text's full title), read through
``spec_engine.catalog.rulebook_name`` by every page, listing, widget, report and the command
line. Before, a rule set, a clause catalog and the pages each spelled it their own way
("Catalan club (CCCJ) (CL)", "Catalan card club CCCJ (CL)"; "Italy (Campione)", "Campione,
Italy"): this test finds any name beside a rulebook's id that is not the list's, any former
spelling, and any name written into the code instead of read from the list."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from spec_engine.__main__ import cmd_clauses, cmd_rules
from spec_engine.catalog import REGULATION_IDS, regulation, rulebook_name
from spec_engine.errors import InputError
from spec_engine.i18n import LANGUAGES, language
from spec_engine.pages.build import generate
from spec_engine.pages.matrix import csv_text
from spec_engine.practice import round_json
from spec_engine.rules import ruleset

from .test_one_list import project_files

ROOT = Path(__file__).resolve().parents[1]
FORMER = (
    "Catalan club (CCCJ)",
    "Melilla (Spain)",
    "Uruguay (DGC PR 5403/03)",
    "Italy (Campione)",
    "Czech casino Black Jack house rules:",
    "Melilla (BOME 2014",
    "Campione d'Italia (Regolamento)",
)
"""Spellings the project once used beside the list's (rule sets, feature titles): none may return."""


def names() -> list[str]:
    return [rulebook_name(r, long=long) for r in REGULATION_IDS for long in (False, True)]


def test_the_one_list_names_every_rulebook_once() -> None:
    assert len(set(names())) == 2 * len(REGULATION_IDS)  # a short name and a title each, all distinct
    for reg in REGULATION_IDS:
        short = rulebook_name(reg)
        assert rulebook_name(reg.lower(), with_id=True) == f"{short} ({reg})"
        assert ruleset(reg).name == short == regulation(reg).short  # the records' names are the list's
        assert regulation(reg).name == rulebook_name(reg, long=True)
    with pytest.raises(InputError, match=r"gives 'ZZ' no short name"):
        rulebook_name("ZZ")
    assert dataclasses.replace(ruleset("CZ"), id="ZZ").name == "ZZ"  # a rule set made by hand goes by its id


def misnamed(text: str) -> list[str]:
    """Each "<name> (<id>)" in ``text`` whose name is not the one list's (short or long, in one of
    the site's languages: the catalogs translate the list's names)."""
    found = []
    for reg in REGULATION_IDS:
        allowed: tuple[str, ...] = ()
        for code in LANGUAGES:
            with language(code):
                allowed += (rulebook_name(reg), rulebook_name(reg, long=True))
        for match in re.finditer(rf"(?<![\w-])\({reg}\)", text):
            before = re.sub(r"(\*\*|</?\w+[^>]*>)+$", "", text[: match.start()].rstrip())  # bold, a tag
            if not before.endswith(allowed):
                found.append(f"{before[-40:]} {match.group(0)}")
    return found


def test_the_detector_finds_another_spelling_beside_an_id() -> None:
    right = f"| {rulebook_name('CZ', with_id=True)} | <b>{rulebook_name('IT')}</b> (IT) **{rulebook_name('UY')} (UY)**"
    assert misnamed(right) == []
    assert misnamed("a table: Italy (Campione) (IT).") == ["a table: Italy (Campione) (IT)"]


def test_the_pages_and_the_command_line_spell_each_name_as_the_list(tmp_path: Path) -> None:
    generate(tmp_path)
    texts = {p.relative_to(tmp_path).as_posix(): p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.md")}
    texts["rules.csv"] = csv_text()
    for reg in REGULATION_IDS:
        texts[f"rules {reg}"] = cmd_rules(reg)
        texts[f"clauses {reg}"] = cmd_clauses(reg)
        texts[f"practice {reg}"] = round_json(reg, 1)  # the practice page's round title
    assert len(texts) > 40
    wrong = {where: found for where, text in texts.items() if (found := misnamed(text))}
    assert wrong == {}, "write catalog.rulebook_name(reg, with_id=True):\n" + "\n".join(map(str, wrong.items()))
    former = {where: [f for f in FORMER if f in text] for where, text in texts.items()}
    assert {where: f for where, f in former.items() if f} == {}
    assert json.loads(texts["practice UY"])["name"] == rulebook_name("UY", with_id=True)  # the round's title
    assert texts["rules UY"].startswith(rulebook_name("UY", with_id=True) + "\n")


def test_no_former_spelling_and_no_name_written_into_the_code() -> None:
    """The project's files (tests aside: they name what they check) hold no former spelling, and
    its code no name of the list: the code reads the names, the list spells them."""
    own = Path(__file__).relative_to(ROOT).as_posix()
    former, written = [], []
    for name in project_files():
        path = ROOT / name
        if name == own or name.startswith("spec_engine/data/") or path.suffix not in (".py", ".js", ".md", ".feature"):
            continue
        text = path.read_text(encoding="utf-8")
        former += [f"{name}: {f}" for f in FORMER if f in text]
        if name.startswith(("spec_engine/", "tools/", "docs/javascripts/")):
            written += [f"{name}: {n}" for n in names() if n in text]
    assert former == [] and written == [], former + written


def test_each_feature_is_titled_by_its_rulebook_s_name() -> None:
    for reg in REGULATION_IDS:
        for path in sorted((ROOT / "features" / reg.lower()).glob("*.feature")):
            title = next(line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("Feature:"))
            assert title.startswith(f"Feature: {rulebook_name(reg)}: "), (path.name, title)
