"""What readers see of a comparison must be right (issue 29): every comparison marks a value
its text does not state and says how much of a difference rests on such values; the matrix and
the cost between two rulebooks share one definition of a difference; an interaction sentence
names the rules that move the figure, largest first, and never contradicts itself after
rounding; a topic's line all at once says which rules it includes."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from typing import Any

import pytest

pytest.importorskip("numpy")

from spec_engine.analysis.compare import Costing, RuleEffect
from spec_engine.catalog import REGULATION_IDS
from spec_engine.pages.matrix import row_state, rows_of, rules_page
from spec_engine.pages.pairs import _pp, assumption_sentence, interaction_sentence, pair_section, pairs_page
from spec_engine.rules import RULE_FIELDS, Citation, RuleSet, difference, ruleset

SETS = [ruleset(r) for r in REGULATION_IDS]


def figures(rules: Any) -> Any:
    """A return known by hand: one term per rule, resplitting aces worth more with more split
    hands (+0.05 a hand beyond four) and less with more decks (-0.02)."""
    resplit = rules.resplit_aces * (0.05 * (rules.max_split_hands or 16) / 4 + 0.02 * (rules.decks == 2))
    value = -0.5 + 0.1 * (rules.decks == 2) + resplit
    odds = dataclasses.make_dataclass("O", ["ev_percent"])(value)
    return dataclasses.make_dataclass("F", ["basic_strategy"])(odds)


def stated(rules: RuleSet, *silent: str) -> RuleSet:
    """``rules`` with every value stated by its text but ``silent`` (assumed)."""
    cites = {f.name: Citation("stated", ("X-1",)) for f in RULE_FIELDS}
    cites.update({name: Citation("not stated", (), "assumed for the test") for name in silent})
    return dataclasses.replace(rules, citations=cites)


A = stated(dataclasses.replace(ruleset("ES"), decks=2, resplit_aces=False, max_split_hands=4))
B = stated(dataclasses.replace(ruleset("ES"), decks=6, resplit_aces=True, max_split_hands=8), "decks")


# ---------------------------------------------------------------------------- one definition
def test_a_difference_resting_on_an_assumption_is_one_of_the_rule_sets_not_of_the_texts() -> None:
    """Draw on hard 21: ES, UY and CZ state no; CL and IT assume yes."""
    found = difference(SETS, "hit_on_hard_21")
    assert found.sets_differ and not found.texts_differ and found.by_assumption
    assumed = dict(zip((r.id for r in SETS), found.assumed, strict=True))
    assert assumed["CL"] and assumed["IT"] and not any(assumed[r] for r in ("ES", "UY", "CZ")), assumed
    decks = difference(SETS, "decks")  # CL reads 2, UY states 5, CZ 6: the texts differ
    assert decks.sets_differ and decks.texts_differ and not decks.by_assumption
    assert not difference(SETS, "blackjack_payout").sets_differ
    pair = difference((ruleset("CL"), ruleset("ES")), "decks")  # ES states no deck count
    assert pair.sets_differ and pair.by_assumption and pair.assumed == (False, True)


def test_the_matrix_and_every_pair_agree_on_what_differs() -> None:
    """A rule a pair lists is never "same" on the matrix; one the matrix calls the same in all
    five is in no pair; a pair marks a rule as resting on an assumption exactly where one of its
    two values is not its text's."""
    costing = Costing()
    states = {row["field"]: row_state(row) for row in rows_of(SETS)}
    listed: set[str] = set()
    for a, b in itertools.permutations(SETS, 2):
        c = costing.compare(a, b)
        fields = {e.field for e in c.effects} | set(c.other)
        assert fields == {f.name for f in RULE_FIELDS if difference((a, b), f.name).sets_differ}, (a.id, b.id)
        for e in c.effects:
            assert e.assumed == difference((a, b), e.field).by_assumption
            assert (e.a_assumed, e.b_assumed) == (a.citations[e.field].assumed, b.citations[e.field].assumed)
        assert set(c.other_assumed) == {f for f in c.other if difference((a, b), f).by_assumption}
        listed |= fields
    assert all(states[f] != "same" for f in listed)
    assert {f for f, state in states.items() if state != "same"} == listed
    assert states["hit_on_hard_21"] == "by-assumption"  # the matrix once said "same" here
    row = next(line for line in rules_page().splitlines() if 'id="rule-hit_on_hard_21"' in line)
    assumed = [r.id for r in SETS if r.citations["hit_on_hard_21"].assumed]  # CL and IT of the five
    said = row.split("only by an assumed value (", 1)[-1].split(")", 1)[0]
    assert 'class="by-assumption"' in row and all(reg in said for reg in assumed), (assumed, row)


# ---------------------------------------------------------------------------- what rests on assumptions
def test_cl_to_es_the_whole_cost_of_the_decks_rests_on_a_value_melilla_does_not_state() -> None:
    c = Costing().compare(ruleset("CL"), ruleset("ES"))
    effects = {e.field: e for e in c.effects}
    decks = effects["decks"]
    assert (decks.a_value, decks.b_value, decks.a_assumed, decks.b_assumed) == (2, 6, False, True)
    assert effects["hit_on_hard_21"].a_assumed and not effects["hit_on_hard_21"].b_assumed
    assert decks.in_a is not None and decks.in_a < -0.1
    assert all(e.assumed for e in c.moving)  # the decks and the draws on 21, all assumed on one side
    assert c.assumed_share == pytest.approx(decks.in_a) == pytest.approx(c.total)
    assert c.stated_share == pytest.approx(0.0, abs=1e-9)
    said = assumption_sentence(c, _pp)
    assert said.startswith(f"Of {_pp(c.total)} percentage points in all, {_pp(decks.in_a)} rests on values")
    assert "the texts of Catalan card club CCCJ (CL) and Melilla, Spain (ES) do not state (marked *)" in said
    assert "Decks in the shoe (ES's value); Draw on hard 21 (CL's value)" in said and "The rest, 0, rests on" in said


def test_the_assumed_share_and_the_stated_share_add_up_to_the_total() -> None:
    """By hand: the decks (assumed in B) are worth -0.1 within A, the resplits (stated) the rest."""
    costing = Costing(figures)
    c = costing.compare(A, B)
    assert [e.field for e in c.moving if e.assumed] == ["decks"]
    assert c.on_assumptions == pytest.approx((-0.1, -0.12))  # within B the decks cost the resplits too
    assert c.assumed_share == pytest.approx(costing.joint(A, B, ("decks",))[0])
    assert c.stated_share == pytest.approx(c.total + 0.1) and c.total == pytest.approx(-0.1 + 0.1)
    said = assumption_sentence(c, _pp)
    assert (
        "rests on values the text of Melilla, Spain (ES) does not state (marked *): Decks in the shoe (ES's value)"
        in said
    )
    assert "The rest, +0.100, rests on what the texts state" in said
    nothing = costing.compare(stated(A), stated(B))
    assert nothing.on_assumptions == (0.0, 0.0)
    assert assumption_sentence(nothing, _pp) == "Every value compared here is one the texts state or are read to say."


# ---------------------------------------------------------------------------- interactions
def test_an_interaction_names_the_rules_that_move_it_largest_first_with_their_effect() -> None:
    costing = Costing(figures)
    c = costing.compare(A, B)
    resplit = next(e for e in c.moving if e.field == "resplit_aces")
    assert (resplit.in_a, resplit.in_b) == pytest.approx((0.07, 0.1))
    moves = costing.interplay(c, "resplit_aces")
    assert [f for f, _ in moves] == ["max_split_hands", "decks"]  # +0.05 before -0.02
    assert [x for _, x in moves] == pytest.approx([0.05, -0.02])
    said = interaction_sentence(c, resplit, moves, _pp)
    assert said.startswith("Resplit aces (RSA) is worth +0.070 within ES but +0.100 within ES.")
    assert ": Split up to (hands) (+0.050), Decks in the shoe (\u22120.020)." in said
    assert "Together" not in said  # the two alone account for all of it (+0.03)


def test_an_interaction_that_rounds_away_says_the_same() -> None:
    c = Costing(figures).compare(A, B)
    decks = RuleEffect("decks", 2, 6, -0.17972, -0.18034)
    said = interaction_sentence(c, decks, (("resplit_aces", -0.0006),), _pp, ("CL", "UY"))
    assert said == "Decks in the shoe is worth \u22120.180 within CL and the same, as rounded here, within UY."


def test_no_sentence_of_the_pairs_page_shows_two_equal_figures_as_different() -> None:
    page = pairs_page()
    worth = re.findall(r"is worth (\S+) within (\w+) but (\S+) within (\w+)\.", page)
    assert len(worth) > 40
    assert [w for w in worth if w[0] == w[2]] == []
    assert "its value depends on the other rules that differ" not in page  # (the old, table-order list)
    for sentence in re.findall(r"each taken alone from [^:]+: ([^.]+)\.", page):
        sizes = [abs(float(x.replace("\u2212", "-"))) for x in re.findall(r"\(([+\u2212]\d\.\d{3})\)", sentence)]
        assert sizes == sorted(sizes, reverse=True), sentence


# ---------------------------------------------------------------------------- the page and the command line
def test_the_pairs_page_marks_assumed_values_and_names_each_topics_rules() -> None:
    costing = Costing()
    section = "\n".join(pair_section(costing, costing.compare(ruleset("CL"), ruleset("ES"))))
    assert (
        '<tr class="assumed"><th scope="row"><a href="rules.html#rule-decks">Decks in the shoe</a>'
        "<br><small>rests on an assumption</small></th><td>2 decks</td><td>6 decks*</td>"
    ) in section
    assert "<td>yes*</td><td>no</td>" in section
    assert "rests on values the texts of Catalan card club CCCJ (CL)" in section
    uy_cz = "\n".join(pair_section(costing, costing.compare(ruleset("UY"), ruleset("CZ"))))
    assert (
        '<th scope="row" colspan="3">doubling, all at once<br><small>DAS: which split hands, '
        "Split aces take one card, Double on split aces</small></th>"
    ) in uy_cz


def test_the_command_line_marks_assumed_values_and_says_what_rests_on_them(capsys: pytest.CaptureFixture[str]) -> None:
    from spec_engine.__main__ import main

    assert main(["cost", "CL", "ES"]) == 0
    out = capsys.readouterr().out
    decks = next(line for line in out.splitlines() if line.startswith("Decks in the shoe"))
    assert decks.split()[4:8] == ["2", "decks", "6", "decks*"]
    assert next(line for line in out.splitlines() if line.startswith("Draw on hard 21")).split()[4] == "yes*"
    flat = " ".join(out.split())
    assert "rests on values the texts of Catalan card club CCCJ (CL) and Melilla, Spain (ES) do not state" in flat
    assert "* a value its text does not state" in out

    assert main(["cost", "CL", "ES", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    effects = {e["rule"]: e for e in data["effects"]}
    assert effects["decks"]["assumed"] == {"from": False, "to": True} and effects["decks"]["rests_on_assumption"]
    assert effects["hit_on_hard_21"]["assumed"] == {"from": True, "to": False}
    assert effects["cut_card_from_end"]["assumed"]["to"] is True  # (one that changes no figure, marked too)
    share = data["assumed_share"]
    assert share["points"] == pytest.approx(effects["decks"]["within_from"]) == pytest.approx(data["total_points"])
    assert set(share["rules"]) == {"decks", "hit_on_hard_21", "hit_on_soft_21"}
    assert data["stated_share_points"] == pytest.approx(data["total_points"] - share["points"])
    assert "burn_after_shuffle" in data["other_rules_resting_on_assumptions"]


def test_the_command_lines_topic_lines_say_which_rules_they_include(capsys: pytest.CaptureFixture[str]) -> None:
    """UY to CZ: doubling all at once moves the return far more than its one doubling row,
    because split aces taking one card counts under doubling too: the line says so."""
    from spec_engine.__main__ import main

    assert main(["cost", "UY", "CZ", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    doubling = data["topics_at_once"]["doubling"]
    assert doubling["rules"] == ["double_after_split_hands", "split_aces_one_card", "double_on_split_aces"]
    moved = {e["rule"]: e["moved_by"] for e in data["effects"]}
    sizes = [abs(m["points"]) for m in moved["resplit_consecutive_only"]]
    assert sizes and sizes == sorted(sizes, reverse=True)
    assert main(["cost", "UY", "CZ"]) == 0
    flat = " ".join(capsys.readouterr().out.split())
    assert (
        "doubling, all at once (DAS: which split hands, Split aces take one card, Double on split aces) "
        f"{doubling['within_from']:+.4f} {doubling['within_to']:+.4f}"
    ) in flat
    assert "Resplit only a run of pairs is worth +0.0508 within UY but +0.0605 within CZ." in flat
