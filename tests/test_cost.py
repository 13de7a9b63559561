"""The pages of what the rules cost: the base a departing value is measured against, the
direction of each effect (known from the game, not from this code), the charts' marks and
the matrix's notes. The figures come from the analysis cache that `make site` fills."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the analysis extra (make installs it)")

from spec_engine.catalog import REGULATION_IDS
from spec_engine.pages.cost import (
    CUT_CARD,
    _base,
    cost_page,
    cut_card_rows,
    effects,
    matrix_effects,
    simulation_rows,
    strategy_page,
)
from spec_engine.pages.matrix import rules_page
from spec_engine.rules import ruleset

SETS = [ruleset(r) for r in REGULATION_IDS]


def test_a_departing_value_is_measured_against_the_value_the_other_texts_give() -> None:
    assert _base(SETS, "double_after_split") is True  # four texts allow it; Campione does not
    assert _base(SETS, "split_aces_one_card") is True
    # the texts tie (2, 5, 6 decks stated; 6 assumed for Melilla): the most common of all five
    assert _base(SETS, "decks") == 6
    assert _base(SETS, "resplit_aces") is False  # CL and IT no, UY and CZ yes: ES's assumed no decides


def test_each_effect_points_the_way_the_game_says() -> None:
    found = effects(SETS)
    # the texts disagree on the decks (2, 5, 6) with no value most of theirs: no norm to measure
    # against (the cost between two rulebooks gives each pair's)
    assert not any(field == "decks" for field, _ in found)
    assert found["double_after_split", "IT"].delta < -0.05  # no double after a split costs him
    assert found["double_totals", "CL"].delta < -0.05  # doubling on 9, 10, 11 only costs him
    assert found["split_aces_one_card", "UY"].delta > 0.1  # split aces that play on are worth much
    assert not any(field == "resplit_aces" for field, _ in found)  # the texts split two against two
    assert found["resplit_consecutive_only", "UY"].delta < 0  # fewer re-splits cost him
    # a hand below 12 is never worth standing on: UY's least total to stand costs nothing
    assert abs(found["min_stand_total", "UY"].delta) < 0.001
    # who banks changes the banker's edge, not the player's return
    assert abs(found["co_owned_bank", "CL"].delta) < 1e-9
    assert ("max_boxes", "CL") not in found  # no effect on the odds: not measured


def test_the_matrix_shows_the_effect_under_a_departing_value() -> None:
    page = rules_page(matrix_effects())
    row = re.search(r'<tr id="rule-split_aces_one_card".*?</tr>', page, re.S)
    assert row is not None
    cells = re.findall(r"<td.*?</td>", row.group(0), re.S)
    assert "player's return +0.1" in cells[2] and "vs yes" in cells[2]  # UY: split aces play on
    assert "effect" not in cells[0]  # CL gives the common value: nothing measured
    assert "player's return" not in rules_page()  # without the analysis the matrix shows none


def test_the_strategy_charts_mark_the_cells_that_differ() -> None:
    page = strategy_page(SETS)
    charts = page.split("## ")[1:]
    assert len(charts) == len(SETS)
    club = charts[0]
    # the club doubles on 9, 10, 11 only: soft 17 against a 4 is hit there, a double elsewhere
    cell = re.search(r'<tr><th scope="row">soft 17</th>(.*?)</tr>', club).group(1)  # type: ignore[union-attr]
    tds = re.findall(r'<td class="([^"]*)"', cell)
    assert tds[2] == "act act-H varies"
    uy = re.search(r'<tr><th scope="row">soft 17</th>(.*?)</tr>', charts[2]).group(1)  # type: ignore[union-attr]
    assert re.findall(r'<td class="([^"]*)"', uy)[2].startswith("act act-D")
    twenty = re.search(r'<tr><th scope="row">hard 20</th>(.*?)</tr>', club).group(1)  # type: ignore[union-attr]
    assert "varies" not in twenty and twenty.count("act-S") == 10


def test_the_cost_page_gives_each_rulebook_its_figures_and_gaps() -> None:
    page = cost_page(SETS)
    banker = re.search(r"Banker&#x27;s edge.*?</tr>", page, re.S).group(0)  # type: ignore[union-attr]
    house = [r.id for r in SETS if r.banker_rotation == "house"]  # (every rulebook but the club's)
    assert banker.count("house bank") == len(house), f"a 'house bank' cell for each of {house}"
    assert "+0.4" in banker  # the club's players bank
    assert page.count('<th scope="row">dealer shows') == 10
    assert "rules.html#rule-cut_card_from_end" in page  # the cut card's place is not modelled
    assert "rules.html#rule-insurance_base" in page  # UY's insurance on the total stake: valued on the original


def test_the_simulations_stand_beside_the_exact_figures(tmp_path: Path) -> None:
    summary = {
        "rounds": 10_000_000,
        "date": "2026-11-23",
        "revision": "0123456789abcdef",
        "mean_percent": -0.6,
        "ci99_percent": [-0.7, -0.5],
        "exact_percent": -0.612,
        "exact_inside": True,
        "violations": 0,
    }
    (tmp_path / "ES.json").write_text(json.dumps(summary), encoding="utf-8")
    rows = simulation_rows([ruleset("CL"), ruleset("ES")], tmp_path)
    assert rows[0].startswith("| CL | not simulated yet")
    assert rows[1] == (
        "| ES | 10,000,000 rounds, 2026-11-23 (revision 0123456789ab) | \u22120.600 % | \u22120.700 % to "
        "\u22120.500 % | \u22120.612 % | yes | 0 |"
    )


def test_the_cut_card_stands_beside_the_exact_figures(tmp_path: Path) -> None:
    """Where the text puts the cut card (per participant: the cards it makes with one player), the
    shoes and rounds dealt, and the difference from the exact full-shoe figure with its interval;
    a rulebook not yet measured says how to measure it."""
    summary = {
        "shoes": 800_000,
        "rounds": 34_600_000,
        "mean_percent": -0.65,
        "exact_percent": -0.612,
        "difference_percent": -0.038,
        "difference_ci99_percent": [-0.081, 0.005],
    }
    (tmp_path / "CL.json").write_text(json.dumps(summary), encoding="utf-8")
    rows = cut_card_rows([ruleset("CL"), ruleset("ES")], tmp_path)
    assert rows[0] == (
        "| CL | 3 cards a participant (one player at the table: 6 cards from the end) | 800,000 | 34,600,000 "
        "| \u22120.650 % | \u22120.612 % | **\u22120.038** | \u22120.081 to +0.005 |"
    )
    assert rows[1].startswith("| ES | 78 cards* | not measured yet (`make cut-card`)")  # ES's place is assumed


def test_each_rulebooks_cut_card_measure_is_whole_and_within_its_aim() -> None:
    """The summaries the cost page and the README show (``make cut-card``): one per rulebook, each
    consistent (the difference is the mean less the exact figure, inside its interval; no chip
    or card lost), from the engine's revision, its 99 % interval within the ±0.05 pp issue 32
    aims at, and the exact figure the analysis gives now."""
    from spec_engine.analysis import cached_odds

    missing = [r.id for r in SETS if not (CUT_CARD / f"{r.id}.json").is_file()]
    assert not missing, "".join(
        f"no cut-card measure for {reg} ({CUT_CARD.relative_to(CUT_CARD.parents[2])}/{reg}.json): "
        f"run `make cut-card CUT_REGS={reg}` to add it (the Makefile says how many shoes)\n"
        for reg in missing
    )
    for rules in SETS:
        sim = json.loads((CUT_CARD / f"{rules.id}.json").read_text(encoding="utf-8"))
        low, high = sim["difference_ci99_percent"]
        assert sim["regulation"] == rules.id and sim["deal"] == "whole shoes" and sim["violations"] == 0
        assert sim["difference_percent"] == pytest.approx(sim["mean_percent"] - sim["exact_percent"])
        assert low < sim["difference_percent"] < high and (high - low) / 2 <= 0.05, rules.id
        assert sim["exact_percent"] == pytest.approx(cached_odds(rules).basic_strategy.ev_percent, abs=1e-9)
        assert len(sim["revision"]) == 40 and sim["overrides"] is False
