"""The analysis room (issue 10): published exact figures matched within 0.005 percentage points,
and the figures' behaviour under the five rulebooks' rules.

Published figures: the Wizard of Odds' *Blackjack Appendix 9* tables (M. Shackleford, last
updated October 2019), "created using a recursive combinatorial program that considered the exact
hand composition at every step. For splitting values the program only considered how many hands
the player had already split, but not the other cards drawn in those hands" -- the split
algorithm of this analysis (``spec_engine.analysis.odds.METHOD``). Each page gives the
"Expected return of game" for composition-dependent play, double after split allowed and not.
Every page there: re-split to four hands except aces, one card to split aces, double any two
cards, blackjack pays 3 to 2, no surrender. The hole-card pages are peek games (the tables are
"no dealer blackjack" plus a dealer-blackjack table); the ``euro-`` pages have no hole card and
the player "loses everything, including doubles and splits, if dealer gets a blackjack".

Split limits other than four hands and resplitting aces have no published exact figure that we
found: they are cross-checked against an independent combinatorial analyser (see ``FARMER``), and
a game without a limit on split hands against the published one-deck figure it must equal.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy")

from spec_engine.analysis import Odds, cached_odds, not_honoured, odds, odds_key
from spec_engine.analysis.dealer import dealer_distribution
from spec_engine.analysis.gate import problems
from spec_engine.analysis.model import check_classification, game_of
from spec_engine.analysis.solver import ACE, TEN
from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import InputError
from spec_engine.rules import RuleSet, ruleset

TOLERANCE = 0.005
"""Percentage points."""

WIZ = "https://wizardofodds.com/games/blackjack/appendix/9/"


def standard(decks: int, *, s17: bool, das: bool) -> RuleSet:
    """The Appendix 9 game, built by changing a loaded rule set's values (no hole card, every
    stake lost to a dealer blackjack; a peek game is the same with ``hole_card = "peek"``)."""
    return dataclasses.replace(
        ruleset("ES"),
        decks=decks,
        dealer_stands_soft_17=s17,
        double_after_split=das,
        double_after_split_hands=None,
        double_totals=None,
        max_split_hands=4,
        resplit_aces=False,
        resplit_consecutive_only=False,
        split_aces_one_card=True,
        double_on_split_aces=False,
        hit_on_hard_21=False,
        hit_on_soft_21=False,
        min_stand_total=0,
        blackjack_payout=Fraction(3, 2),
        dealer_blackjack_takes="all_stakes",
    )


PUBLISHED = [
    # (decks, s17, das, no hole card, published expected return in percent, source)
    (1, True, True, False, 0.1839, WIZ + "1ds17r4/ 'Player may double after split: 0.001839'"),
    (1, True, False, False, 0.0423, WIZ + "1ds17r4/ 'Player may not double after split: 0.000423'"),
    (1, False, True, False, -0.0072, WIZ + "1dh17r4/ 'Player may double after split: -0.000072'"),
    (2, False, True, False, -0.3797, WIZ + "2dh17r4/ 'Player may double after split: -0.003797'"),
    (2, False, False, False, -0.5252, WIZ + "2dh17r4/ 'Player may not double after split: -0.005252'"),
    (5, True, True, False, -0.3804, WIZ + "5ds17r4/ 'Player may double after split: -0.003804'"),
    (6, False, True, True, -0.72705, WIZ + "euro-6dh17r4/ 'Player may double after split: -0.0072705'"),
    (6, False, False, True, -0.86975, WIZ + "euro-6dh17r4/ 'Player may not double after split: -0.0086975'"),
    (8, False, True, True, -0.7562, WIZ + "euro-8dh17r4/ 'Player may double after split: -0.007562'"),
]
"""Measured when written (composition-dependent, percent): 0.18361, 0.04214, -0.00751, -0.37982,
-0.52, -0.38, -0.72678, -0.86950, -0.75584; every difference below 0.0004 points."""


@cache
def figures(rules: RuleSet, peek: bool = False) -> Odds:
    """Computed once per test process (pytest-xdist spreads the tests over the cores); ``peek``:
    the same rules with the dealer's hole card checked (``hole_card = "peek"``)."""
    return odds(dataclasses.replace(rules, hole_card="peek") if peek else rules)


@pytest.mark.parametrize(("decks", "s17", "das", "enhc", "published", "source"), PUBLISHED)
def test_published_composition_dependent_returns(
    decks: int, s17: bool, das: bool, enhc: bool, published: float, source: str
) -> None:
    rules = standard(decks, s17=s17, das=das)
    found = figures(rules, peek=not enhc).composition_dependent.ev_percent
    assert abs(found - published) < TOLERANCE, (source, found)


def test_original_stakes_only_is_close_to_a_peek_game() -> None:
    """A dealer blackjack taking only the original stakes is the peek game but for busted doubles
    and split hands, which the engine settles before the dealer's hand is known: a little lower."""
    peek = figures(standard(1, s17=True, das=True), peek=True).composition_dependent
    obo_rules = dataclasses.replace(standard(1, s17=True, das=True), dealer_blackjack_takes="original_stakes")
    obo = figures(obo_rules).composition_dependent
    enhc = figures(standard(1, s17=True, das=True)).composition_dependent
    assert enhc.ev_percent < obo.ev_percent <= peek.ev_percent
    assert peek.ev_percent - obo.ev_percent < 0.01


def test_original_stakes_only_without_bustable_extra_stakes_is_the_peek_game_exactly() -> None:
    """Original bets only lost to a dealer blackjack, no hole card. The engine settles a busted hand
    at once, so the game differs from a peek game only through doubled or split hands that bust
    before the dealer's blackjack shows. Where none can (doubling on hard 9-11 only, one card to a
    double: it cannot bust; no splitting), a dealer blackjack takes exactly the original stake
    whatever the player did, so every action's value is the peek game's times the chance of no
    dealer blackjack, less the same constant: the same choices, and the peek game's return, exactly
    (measured: equal to 2e-15), which the published figures validate. Losing all stakes is dearer
    (doubles lost twice): measured 0.086 points lower."""
    base = dataclasses.replace(
        standard(1, s17=True, das=True),
        double_totals=frozenset({9, 10, 11}),
        double_one_card=True,
        max_split_hands=1,
    )
    peek = figures(base, peek=True)
    obo = figures(dataclasses.replace(base, dealer_blackjack_takes="original_stakes"))
    all_stakes = figures(base)
    for which in ("composition_dependent", "basic_strategy"):
        ours, peeked = getattr(obo, which).ev_percent, getattr(peek, which).ev_percent
        assert ours == pytest.approx(peeked, abs=1e-9), which
        assert getattr(all_stakes, which).ev_percent < ours - 0.05, which


def test_no_limit_on_split_hands_in_one_deck_is_the_published_four_hand_game() -> None:
    """Split limits: no limit. One deck holds four cards of each rank but the tens, and
    composition-dependent play never splits tens from a full deck, so a game without a limit on
    split hands (modelled as :data:`~spec_engine.analysis.model.SPLIT_HANDS_CAP` hands) is exactly
    the four-hand game of Appendix 9 ``1ds17r4`` and must match its published figure. Measured when
    written: 0.183609, the same as with four hands."""
    rules = dataclasses.replace(standard(1, s17=True, das=True), max_split_hands=None)
    result = figures(rules, peek=True)
    assert all(result.strategy.action("pair T-T", up) != "P" for up in result.strategy.upcards)
    assert abs(result.composition_dependent.ev_percent - 0.1839) < TOLERANCE, (
        WIZ + "1ds17r4/ 'double after split: 0.001839'"
    )


def test_a_peek_rule_set_matches_the_published_peek_game() -> None:
    """The peek mode comes from the rule set: ``hole_card = "peek"`` is the hole-card game of the
    Wizard of Odds' Blackjack Appendix 9, page ``1ds17r4`` (one deck, dealer stands on soft 17,
    double after split: expected return 0.001839, i.e. 0.1839 %), within 0.01 percentage points;
    ``hole_card = "none"`` (the five's value) is the no-hole-card game, a different figure."""
    base = standard(1, s17=True, das=True)
    rules = base.with_values(hole_card="peek")
    found = odds(rules)
    assert abs(found.composition_dependent.ev_percent - 0.1839) < 0.01, (
        WIZ + "1ds17r4/ 'Player may double after split: 0.001839'"
    )
    assert any("peek" in note for note in found.notes)
    enhc = figures(base)
    assert enhc.composition_dependent.ev_percent < found.composition_dependent.ev_percent - 0.05
    assert odds_key(rules) != odds_key(base)


def test_peek_on_aces_only_is_refused_by_the_analysis() -> None:
    """``peek_ace`` (a dealer blackjack under a ten found after the players act) is a game the
    solver does not model: refused naming the rule, never analysed as peek or none."""
    rules = standard(1, s17=True, das=True).with_values(hole_card="peek_ace")
    with pytest.raises(InputError, match=r"hole_card: hole_card = 'peek_ace' cannot be analysed"):
        odds(rules)
    assert [name for name, _ in problems(rules)] == ["hole_card"]


# ---------------------------------------------------------------------------- cross-check
FARMER = (
    "E. Farmer's combinatorial analyser (github.com/possibly-wrong/blackjack, commit "
    "a1f7dbb74266fb39296292bdff568b076120a61c, src/blackjack.cpp), CDP post-split strategy"
)
"""A CROSS-CHECK, not a published figure: no published exact return was found for split limits
other than four hands or for resplitting aces (the Wizard of Odds' Appendix 9 covers only
"resplit to four hands, except aces"). The figures below were computed on 2026-11-23 by compiling
E. Farmer's analyser (GPL, not copied here) with a driver calling ``BJPlayer(BJShoe(decks),
rules, BJStrategy(false, false), progress).getValue()``, where ``rules`` is ``BJRules(h17,
doubleAnyTotal=true, double9=true, doubleSoft=true, doubleAfterHit=false, das, resplit=hands > 2,
rsa, lateSurrender=false, bjPayoff=1.5)`` with ``getResplit(pair)`` overridden to return the
hand limit (2 for aces without resplitting aces). It is a peek game with one card to split aces.

Its split values are exact for the strategy CDP (a split hand's play depends on its own cards and
how many pair cards were removed), every card drawn to the other split hands accounted for. Ours (and the
Wizard's) remove only the pair cards of the split (:data:`~spec_engine.analysis.odds.METHOD`).
Tolerance, from that difference:

* two hands (no resplit): the two hands are exchangeable and each is played from the shoe less
  the up-card and both pair cards -- exactly what ours computes, so the figures agree to float
  rounding (measured: equal to the nine decimals Farmer's program prints, on four rule sets):
  1e-5 points;
* three or four hands: ours ignores the other hands' drawn cards. On the published four-hand games,
  without resplitting aces, the measured excess of ours over Farmer's CDP is 0.00050 (1ds17, DAS),
  0.00024 (1ds17, no DAS), 0.00052 (1dh17, DAS), 0.00041 (2dh17, DAS), 0.00021 (2dh17, no DAS),
  0.00021 (5ds17, DAS) points -- while the Wizard's own figures exceed Farmer's by up to 0.0008: a
  tolerance of 0.001 points (one fifth of the issue's 0.005).
"""

CROSS_CHECK = [
    # (decks, s17, das, most split hands, resplit aces, Farmer's CDP return in percent, tolerance)
    (1, True, True, 2, False, 0.154063402, 1e-5),  # ours 0.1540634
    (2, False, True, 2, False, -0.424248805, 1e-5),  # ours -0.4242488
    (1, True, True, 3, False, 0.181589406, 0.001),  # ours 0.182072 (+0.00048)
    (1, True, True, 4, True, 0.214648560, 0.001),  # ours 0.215138 (+0.00049)
    (2, False, True, 4, True, -0.327502245, 0.001),  # ours -0.327087 (+0.00042)
]


@pytest.mark.parametrize(("decks", "s17", "das", "hands", "rsa", "farmer", "tolerance"), CROSS_CHECK)
def test_split_limits_and_resplit_aces_against_an_independent_analyser(
    decks: int, s17: bool, das: bool, hands: int, rsa: bool, farmer: float, tolerance: float
) -> None:
    rules = dataclasses.replace(standard(decks, s17=s17, das=das), max_split_hands=hands, resplit_aces=rsa)
    found = figures(rules, peek=True).composition_dependent.ev_percent
    assert abs(found - farmer) < tolerance, (FARMER, found)


# ---------------------------------------------------------------------------- behaviour
def one_deck(reg: str, **changes: Any) -> RuleSet:
    return dataclasses.replace(ruleset(reg), decks=1, **changes)


@pytest.mark.parametrize(
    ("reg", "change", "raises"),
    [
        ("IT", {"double_after_split": True}, True),
        ("CZ", {"resplit_aces": False}, False),
        ("CL", {"double_totals": None}, True),
        ("UY", {"min_stand_total": 17}, False),
        ("UY", {"double_after_split_hands": None}, True),
        ("UY", {"resplit_consecutive_only": False}, True),
        ("UY", {"split_aces_one_card": True}, False),
        ("ES", {"blackjack_payout": Fraction(6, 5)}, False),
        ("ES", {"dealer_blackjack_takes": "original_stakes"}, True),
        ("IT", {"max_split_hands": 1}, False),
    ],
)
def test_a_rule_that_favours_the_player_raises_his_return(reg: str, change: dict[str, Any], raises: bool) -> None:
    """One value of the rulebook (one deck, to be quick) changed: the return moves the right way."""
    own = figures(one_deck(reg))
    changed = figures(one_deck(reg, **change))
    for which in ("composition_dependent", "basic_strategy"):
        before, after = getattr(own, which).ev_percent, getattr(changed, which).ev_percent
        assert (after > before) if raises else (after < before), which


def test_a_minimum_of_twelve_to_stand_costs_nothing() -> None:
    """No hand below 12 is worth standing on: UY's minimum changes no figure."""
    own = figures(one_deck("UY"))
    free = figures(one_deck("UY", min_stand_total=0))
    assert free.composition_dependent.ev_percent == pytest.approx(own.composition_dependent.ev_percent, abs=1e-12)


def test_composition_dependent_play_is_at_least_basic_strategy() -> None:
    for reg in ("CL", "UY"):
        result = figures(ruleset(reg))
        assert result.composition_dependent.ev_percent >= result.basic_strategy.ev_percent - 1e-9
        fig = result.basic_strategy
        assert fig.win + fig.push + fig.loss == pytest.approx(1.0)
        assert sum(fig.by_upcard[u] * (4 if u != "T" else 16) / 52 for u in fig.by_upcard) == pytest.approx(
            fig.ev_percent
        )


def test_the_chart_obeys_the_doubling_totals() -> None:
    """CL doubles on 9, 10 and 11 only (either count of an ace): no other total shows a double."""
    chart = figures(ruleset("CL")).strategy
    for row in chart.rows:
        kind, _, total = row.partition(" ")
        for up in chart.upcards:
            if chart.action(row, up) in ("D", "Ds") and kind != "pair":
                assert int(total) in (9, 10, 11) or (kind == "soft" and int(total) - 10 in (9, 10, 11)), row
    assert chart.action("hard 11", "6") == "D"


def test_the_chart_never_stands_below_the_minimum() -> None:
    """UY: a hand below 12 must draw."""
    chart = figures(ruleset("UY")).strategy
    for row in chart.rows:
        kind, _, total = row.partition(" ")
        if kind in ("hard", "soft") and int(total) < 12:
            assert all(chart.action(row, up) not in ("S", "Ds") for up in chart.upcards), row
    assert chart.action("hard 16", "T") == "H" and chart.action("hard 17", "T") == "S"


def test_the_five_rulebooks_not_honoured() -> None:
    fields = {reg: [item["field"] for item in not_honoured(ruleset(reg))] for reg in REGULATION_IDS}
    assert fields == {
        "CL": ["cut_card_per_participant"],
        "ES": ["cut_card_from_end"],
        "UY": ["cut_card_from_end", "insurance_base"],
        "CZ": ["cut_card_from_end"],
        "IT": ["cut_card_from_end"],
    }
    changed = dataclasses.replace(ruleset("IT"), double_on_blackjack=True)
    assert "double_on_blackjack" in [item["field"] for item in not_honoured(changed)]


def test_every_rule_field_is_classified() -> None:
    assert check_classification() == []


def test_banker_edge_only_where_a_player_banks() -> None:
    cl = figures(ruleset("CL"))
    assert cl.banker_edge_percent == pytest.approx(-cl.basic_strategy.ev_percent)
    assert figures(ruleset("UY")).banker_edge_percent is None


def test_insurance_and_even_money() -> None:
    """Insurance loses for a player who does not count; even money is worth less than playing a
    3:2 blackjack on (the dealer's ace is a blackjack about 4 times in 13)."""
    uy = figures(ruleset("UY")).insurance
    assert uy is not None and -8.0 < uy.ev_per_unit_percent < -6.0
    assert uy.even_money_gain_percent is not None and -5.0 < uy.even_money_gain_percent < -3.0
    it = figures(ruleset("IT")).insurance
    assert it is not None and it.even_money_gain_percent is None


def brute_dealer(shoe: list[int], up: int, s17: bool) -> list[Fraction]:
    """The dealer's final distribution by plain recursion over every draw, in exact fractions."""
    out = [Fraction(0)] * 7

    def rec(hard: int, ace: bool, n: int, p: Fraction) -> None:
        soft = ace and hard <= 11
        total = hard + 10 if soft else hard
        if n == 2 and total == 21:
            out[6] += p
        elif total > 21:
            out[5] += p
        elif total > 17 or (total == 17 and (not soft or s17)):
            out[total - 17] += p
        else:
            left = sum(shoe)
            for r in range(10):
                if shoe[r]:
                    q = Fraction(shoe[r], left)
                    shoe[r] -= 1
                    rec(hard + r + 1, ace or r == ACE, n + 1, p * q)
                    shoe[r] += 1

    rec(up + 1, up == ACE, 1, Fraction(1))
    return out


@pytest.mark.parametrize("s17", [True, False])
@pytest.mark.parametrize("up", range(10))
def test_the_dealer_distribution_agrees_with_brute_force(up: int, s17: bool) -> None:
    """One deck less the up-card and a few player cards (a different few for each up-card, some
    ranks run out): every drawing sequence enumerated in exact fractions."""
    import numpy as np

    shoes = []
    for removed in ({TEN: 1, 5: 1}, {ACE: 3, 4: 4}, {TEN: 14, ACE: 1}, {(up + 3) % 10: 2, 8: 4}):
        shoe = [4] * 9 + [16]
        shoe[up] -= 1
        for rank, count in removed.items():
            shoe[rank] = max(shoe[rank] - count, 0)
        shoes.append(shoe)
    found = dealer_distribution(np.array(shoes), up, 1, s17)
    for shoe, row in zip(shoes, found, strict=True):
        expected = brute_dealer(list(shoe), up, s17)
        assert row.tolist() == pytest.approx([float(x) for x in expected], abs=1e-13), shoe


def test_json_and_cache(tmp_path: Path) -> None:
    rules = one_deck("CZ")
    first = cached_odds(rules, tmp_path)
    files = list(tmp_path.glob("odds-*.json"))
    assert len(files) == 1
    data = json.loads(files[0].read_text(encoding="utf-8"))
    assert {"regulation", "basic_strategy", "composition_dependent", "not_honoured"} <= set(data)
    assert data["basic_strategy"]["ev_percent"] == first.basic_strategy.ev_percent
    again = cached_odds(dataclasses.replace(rules, id="XX", max_boxes=3), tmp_path)  # an odds-irrelevant change
    assert again.regulation == "XX" and again.composition_dependent == first.composition_dependent
    assert odds_key(rules) != odds_key(dataclasses.replace(rules, resplit_aces=False))
    assert game_of(rules).max_hands == 4


def test_command_line_honours_the_overrides(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from spec_engine.__main__ import main

    monkeypatch.setenv("BLACKJACK_SPEC_OVERRIDES", '{"CL": {"decks": 1}}')
    assert main(["odds", "CL", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["regulation"] == "CL"
    assert data["composition_dependent"]["ev_percent"] == pytest.approx(
        figures(one_deck("CL")).composition_dependent.ev_percent
    )
    assert main(["strategy", "CL"]) == 0
    text = capsys.readouterr().out
    assert "hard 16" in text and "pair A-A" in text


def test_one_cache_wherever_it_is_asked_from(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The cache's place depends on the environment, never on the working folder."""
    from spec_engine.analysis import default_cache_dir

    monkeypatch.delenv("BLACKJACK_SPEC_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    here = default_cache_dir()
    monkeypatch.chdir(tmp_path)
    assert default_cache_dir() == here == tmp_path / "xdg" / "blackjack-spec" / "odds"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert default_cache_dir() == Path.home() / ".cache" / "blackjack-spec" / "odds"
    monkeypatch.setenv("BLACKJACK_SPEC_CACHE", str(tmp_path / "moved"))
    assert default_cache_dir() == tmp_path / "moved" / "odds"


def test_odds_asked_twice_reads_the_cache_and_no_cache_computes_anew(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The command line keeps its figures in the shared cache and reads them back (a figure
    changed in the file shows: nothing was computed); ``--no-cache`` computes and replaces them."""
    from spec_engine.__main__ import main

    monkeypatch.setenv("BLACKJACK_SPEC_CACHE", str(tmp_path))
    monkeypatch.delenv("BLACKJACK_SPEC_OVERRIDES", raising=False)
    assert main(["odds", "IT", "--json"]) == 0
    computed = json.loads(capsys.readouterr().out)["basic_strategy"]["ev_percent"]
    (kept,) = (tmp_path / "odds").glob("odds-*.json")
    assert kept.name == f"odds-{odds_key(ruleset('IT'))}.json"
    data = json.loads(kept.read_text(encoding="utf-8"))
    data["basic_strategy"]["ev_percent"] = 42.0
    kept.write_text(json.dumps(data), encoding="utf-8")
    assert main(["odds", "IT", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["basic_strategy"]["ev_percent"] == 42.0
    assert main(["odds", "IT", "--json", "--no-cache"]) == 0
    assert json.loads(capsys.readouterr().out)["basic_strategy"]["ev_percent"] == computed
    assert json.loads(kept.read_text(encoding="utf-8"))["basic_strategy"]["ev_percent"] == computed


def test_the_cache_key_follows_the_analysis_code() -> None:
    """A change to the calculation's source gives new keys: old figures are never served."""
    from spec_engine.analysis import model

    before = odds_key(ruleset("CZ"))
    model.code_version.cache_clear()
    original = model._CODE
    try:
        model._CODE = (*original[:-1],)  # as if a module's source were another
        assert odds_key(ruleset("CZ")) != before
    finally:
        model._CODE = original
        model.code_version.cache_clear()
    assert odds_key(ruleset("CZ")) == before
