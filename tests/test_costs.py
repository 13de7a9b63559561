"""The readers' questions (issue 23): the cost between two rule sets, the values in the
trade's words, the texts' provenance, the way in for trainees, the tied rows of the matrix."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy")

from spec_engine.analysis.compare import RETURN_SILENT, Costing
from spec_engine.analysis.model import game_of
from spec_engine.catalog import NOT_KNOWN, REGULATION_IDS, regulation
from spec_engine.pages.home import home_page, trainees_table
from spec_engine.pages.matrix import PROVENANCE_FIELDS, comparison, csv_text, provenance_csv, rows_of, rules_page
from spec_engine.pages.onboarding import ASSUMED, onboarding_page
from spec_engine.pages.regulations import provenance
from spec_engine.rules import RULE_FIELDS, ruleset, topics_of

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------------- the cost between two
class Fake:
    """Figures without the analysis: a return made of one term per rule and one interaction
    (resplitting is worth more with more split hands), so each effect is known by hand."""

    def __call__(self, rules: Any) -> Any:
        value = -0.5 + 0.1 * (rules.decks == 2) + 0.05 * rules.resplit_aces * (rules.max_split_hands or 16) / 4
        odds = dataclasses.make_dataclass("O", ["ev_percent"])(value)
        return dataclasses.make_dataclass("F", ["basic_strategy"])(odds)


def test_each_effect_is_measured_within_each_rulebook_and_the_total_adds_up() -> None:
    a = dataclasses.replace(ruleset("ES"), decks=2, resplit_aces=False, max_split_hands=4)
    b = dataclasses.replace(ruleset("ES"), decks=6, resplit_aces=True, max_split_hands=8, insurance_base="total_stake")
    c = Costing(Fake()).compare(a, b)
    got = {e.field: (e.in_a, e.in_b) for e in c.effects}
    assert got["decks"] == pytest.approx((-0.1, -0.1))
    assert got["resplit_aces"] == pytest.approx((0.05, 0.1))  # worth twice as much with 8 hands
    assert got["max_split_hands"] == pytest.approx((0.0, 0.05))  # worth nothing without resplits
    elsewhere = {e.field: e.elsewhere for e in c.effects}
    assert got["insurance_base"] == (None, None) and elsewhere["insurance_base"] == RETURN_SILENT["insurance_base"]
    assert c.total == pytest.approx(c.b_return - c.a_return) == pytest.approx(-0.1 + 0.1)
    assert c.interaction == pytest.approx(c.total - (-0.1 + 0.05 + 0.0))


def test_the_values_that_change_no_return_leave_the_game_as_it_is() -> None:
    rules = ruleset("UY")
    for field in RETURN_SILENT:
        other = next(
            v
            for v in (True, False, "original_stake", "house", Fraction(1), Fraction(1, 3))
            if v != getattr(rules, field) and type(v) is type(getattr(rules, field))
        )
        assert game_of(dataclasses.replace(rules, **{field: other})) == game_of(rules), field


def test_uy_against_cz_on_splitting_the_regulators_question() -> None:
    """Real figures (the shared cache): the splitting topic all at once, in each context, and
    the pair's total equal to the difference of the two returns."""
    costing = Costing()
    uy, cz = ruleset("UY"), ruleset("CZ")
    c = costing.compare(uy, cz)
    splitting = tuple(e.field for e in c.effects if e.in_a is not None and "splitting" in topics_of(e.field))
    assert {"max_split_hands", "resplit_consecutive_only", "split_aces_one_card"} <= set(splitting)
    in_uy, in_cz = costing.joint(uy, cz, splitting)
    assert in_uy is not None and in_cz is not None and -0.2 < in_uy < 0 and -0.2 < in_cz < 0
    assert c.total == pytest.approx(costing.ret(cz) - costing.ret(uy))
    double_aces = next(e for e in c.effects if e.field == "double_on_split_aces")
    assert double_aces.in_b == 0 != double_aces.in_a  # within CZ split aces take one card: nothing to double


def test_the_command_line_costs_two_rulebooks_and_a_changed_copy(capsys: pytest.CaptureFixture[str]) -> None:
    from spec_engine.__main__ import main

    assert main(["cost", "ES", "CZ", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total_points"] == pytest.approx(data["returns_percent"]["to"] - data["returns_percent"]["from"])
    assert {e["rule"] for e in data["effects"]} >= {"double_totals", "max_split_hands", "resplit_aces"}
    assert "none" not in json.dumps([e["from"] for e in data["effects"]] + [e["to"] for e in data["effects"]])
    assert main(["cost", "ES", "--set", "decks=2"]) == 0
    said = capsys.readouterr().out
    assert "ES to ES changed" in said and "Decks in the shoe" in said
    assert main(["cost", "ES"]) == 2
    assert "nothing differs" in capsys.readouterr().err


# ---------------------------------------------------------------------------- the trade's words
def test_the_csv_opens_in_a_spreadsheet_with_the_trades_words_departures_effects_and_provenance() -> None:
    text = csv_text({("max_split_hands", "UY"): 0.0123})
    assert text.startswith("\ufeff")  # a byte-order mark: Excel reads UTF-8
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    head = rows[0]  # the header on the first row: a spreadsheet's filter and sort take it as such
    assert head[:5] == ["topic", "also under", "rule", "identifier", "texts differ"]
    assert {"UY value", "UY departs", "UY effect (pp)"} <= set(head)
    assert len(rows) == 1 + len(RULE_FIELDS) and all(len(r) == len(head) for r in rows)
    body = {r[3]: dict(zip(head, r, strict=True)) for r in rows[1:]}
    assert body["max_split_hands"]["UY effect (pp)"] == "+0.0123"
    assert body["double_totals"]["UY value"] == "any two cards"
    assert body["cut_offered_to"]["CL value"] == "the player the cut card reached"
    assert "konec sázení" in text and all(c != "none" for r in rows for c in r)
    # the texts agree where they state it (ES, UY, CZ: no); CL and IT assume yes
    hard_21 = body["hit_on_hard_21"]
    assert hard_21["texts differ"] == "no, only an assumed value differs"
    assumed = {r: hard_21[f"{r} basis"] == "not stated" for r in REGULATION_IDS}
    assert assumed["CL"] and assumed["IT"] and not any(assumed[r] for r in ("ES", "UY", "CZ")), assumed
    assert body["blackjack_payout"]["texts differ"] == "no"


def test_the_provenance_is_a_second_csv_linked_beside_the_first() -> None:
    text = provenance_csv()
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert rows[0] == ["provenance", *REGULATION_IDS]
    assert [r[0] for r in rows[1:]] == [title for _, title in PROVENANCE_FIELDS]
    assert rows[3][REGULATION_IDS.index("ES") + 1] == regulation("ES").published_by
    export = next(line for line in rules_page().splitlines() if 'class="matrix-export"' in line)
    assert 'href="rules.csv"' in export and 'href="rules-provenance.csv"' in export
    assert "its first row the header" in export


# ---------------------------------------------------------------------------- the matrix
def test_a_tie_among_the_texts_marks_no_value_as_a_departure() -> None:
    """Where the texts disagree with no value most of them give (with the five: decks, CL 2,
    UY 5, CZ 6), no value is the norm and no column departs. The rule is found in the data, so
    that a sixth text that breaks one tie leaves the check standing on another."""
    sets = [ruleset(r) for r in REGULATION_IDS]
    ties = [f.name for f in RULE_FIELDS if comparison(sets, f.name) == (True, set())]
    assert ties, "no rule on which the texts disagree without a most common value"
    field = ties[0]
    said = [repr(getattr(r, field)) for r in sets if not r.citations[field].assumed]
    assert len(set(said)) >= 2 and max(map(said.count, said)) == sorted(map(said.count, set(said)))[-2]
    row = next(r for r in rows_of(sets) if r["field"] == field)
    assert row["tied"] and not row["departing"]
    page = rules_page({(field, REGULATION_IDS[0]): "a changed value"})
    line = next(line for line in page.splitlines() if f'id="rule-{field}"' in line)
    assert 'class="differs tied"' in line and 'td class="cell basis-stated differs"' not in line
    assert "the texts disagree" in line


def test_a_rule_is_found_under_every_topic_it_belongs_to() -> None:
    page = rules_page()
    line = next(line for line in page.splitlines() if 'id="rule-double_after_split_hands"' in line)
    assert re.search(r'data-topics="doubling splitting"', line), line


# ---------------------------------------------------------------------------- provenance, trainees
@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_each_text_says_where_it_comes_from_and_what_is_not_known(reg: str) -> None:
    found = regulation(reg)
    page = "\n".join(provenance(found))
    for _, title in PROVENANCE_FIELDS[1:-1]:
        assert f"| {title} |" in page, title
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", found.copied) and found.published_at != ""
    if any(getattr(found, key).startswith(NOT_KNOWN) for key, _ in PROVENANCE_FIELDS):
        assert "What would establish it:" in page


def test_the_matrix_and_the_pdf_give_the_provenance(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from spec_engine.pages.pdf import write_pdf

    page = rules_page()
    assert "## The texts" in page and "| published at |" in page and "| taken into the project |" in page
    text = " ".join(p.extract_text() for p in PdfReader(write_pdf(tmp_path / "rules.pdf")).pages)
    assert "where they come from" in text and "taken into the project: 2026-11-21" in text


def test_a_trainee_chooses_a_rulebook_then_onboarding_and_practice() -> None:
    table = trainees_table()
    for reg in REGULATION_IDS:
        assert f"[onboarding](generated/onboarding-{reg.lower()}.md)" in table
        assert f"[practise dealing](generated/practice.md?reg={reg})" in table
    assert "(CCCJ) (CL)" not in table and ") (" not in table
    home = home_page()
    regulators = home.split("- *Regulators and clubs*")[1].split("\n- ")[0]
    assert "generated/cost.md" in regulators and "generated/pairs.md" in regulators
    assert table.strip().splitlines()[0] in home


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_onboarding_speaks_the_trades_words_first_and_assumptions_after(reg: str) -> None:
    page = onboarding_page(reg)
    marker = "*Where the text is silent, the engine assumes:*"
    for step in page.split("\n## ")[1:]:
        said = step.split(marker)[0]
        assert ASSUMED not in said  # no assumption among the text's rules
    assert not re.search(r"<small>`\w+`</small>", page)  # no bare code identifier ends a line
    assert "Not stated: the engine assumes" not in page.split("## 1.")[0]
