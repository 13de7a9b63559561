"""The Monte-Carlo check (issue 11): the clause-traced engine plays each rulebook's basic
strategy and its mean return's 99 % interval holds the exact figure; runs are reproducible on
any number of workers, resumable, conserve every card and chip, and run on a real Ray."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the analysis extra (make installs it)")

from spec_engine.__main__ import main
from spec_engine.analysis import cached_odds, default_cache_dir
from spec_engine.analysis.simulate import (
    CHUNK,
    SHOES,
    Tally,
    _violations,
    chunk_plan,
    play_chunk,
    play_shoes,
    simulate,
)
from spec_engine.cards import DECK, Shoe
from spec_engine.catalog import REGULATION_IDS
from spec_engine.game import Phase, Round
from spec_engine.rules import ruleset

REQUIRED = os.environ.get("BLACKJACK_SPEC_EXTRAS") == "required"
"""make test sets it: the optional extras are installed and their tests must run, not skip."""


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_the_engine_playing_basic_strategy_agrees_with_the_exact_return(reg: str) -> None:
    rules = ruleset(reg)
    found = cached_odds(rules, default_cache_dir())
    tally = simulate(rules, 100_000, seed=2026, chart=found.strategy.cells)
    low = tally.mean_percent - tally.half_width_percent
    high = tally.mean_percent + tally.half_width_percent
    assert low <= found.basic_strategy.ev_percent <= high, (reg, tally.mean_percent, tally.half_width_percent)
    assert tally.violations == 0
    assert tally.rounds == 100_000 and tally.wins + tally.pushes + tally.losses == tally.rounds
    assert 0.5 < tally.half_width_percent < 1.5  # 10^5 rounds: about +-0.9 % around the mean


def test_a_run_is_the_same_on_any_number_of_workers() -> None:
    rules = ruleset("CZ")
    chart = cached_odds(rules, default_cache_dir()).strategy.cells
    rounds = 2 * CHUNK + 77  # (the last chunk shorter)
    one = simulate(rules, rounds, seed=7, chart=chart, workers=1)
    three = simulate(rules, rounds, seed=7, chart=chart, workers=3)
    assert (one.total, one.squares, one.wins, one.losses) == (three.total, three.squares, three.wins, three.losses)
    assert one.rounds == rounds and one.chunks == [0, 1, 2]
    other = simulate(rules, rounds, seed=8, chart=chart, workers=1)
    assert other.total != one.total  # another seed, other rounds


def test_any_number_of_rounds_plays_the_first_rounds_of_a_longer_run(tmp_path: Path) -> None:
    rules = ruleset("IT")
    first = play_chunk(rules, None, 4, 0, rounds=150)
    assert first.rounds == 150 and first.chunks == [0]
    assert simulate(rules, 150, seed=4).total == first.total
    assert chunk_plan(2 * CHUNK + 5) == [(0, CHUNK), (1, CHUNK), (2, 5)] and chunk_plan(CHUNK) == [(0, CHUNK)]
    out = tmp_path / "it.jsonl"
    simulate(rules, 150, seed=4, out=out)
    again = simulate(rules, 150, seed=4, out=out)
    assert len(out.read_text().splitlines()) == 1 and again.total == first.total  # resumed: nothing played
    longer = simulate(rules, 300, seed=4, out=out)
    assert len(out.read_text().splitlines()) == 2  # the 150 rounds serve no run of 300: played anew
    assert (longer.total, longer.rounds) == (simulate(rules, 300, seed=4).total, 300)


def test_a_run_resumes_from_its_file(tmp_path: Path) -> None:
    rules = ruleset("IT")
    out = tmp_path / "it.jsonl"
    simulate(rules, 2 * CHUNK, seed=3, out=out)
    assert len(out.read_text().splitlines()) == 2
    resumed = simulate(rules, 3 * CHUNK, seed=3, out=out)
    assert len(out.read_text().splitlines()) == 3  # only the third chunk was played
    fresh = simulate(rules, 3 * CHUNK, seed=3)
    assert (resumed.total, resumed.squares, resumed.rounds) == (fresh.total, fresh.squares, fresh.rounds)
    assert Tally.from_json(Tally(stake=2, rounds=1, total=3, squares=9).to_json()).total == 3


def test_a_lost_card_or_chip_is_a_violation() -> None:
    import random

    rules = ruleset("ES")
    shoe = Shoe.drawn_at_random(list(DECK) * rules.decks, random.Random(1))
    rnd = Round(rules, shoe)
    rnd.place_bet(1, "P", 2)
    rnd.deal()
    while rnd.phase is not Phase.DONE:
        if rnd.phase is Phase.INSURANCE:
            rnd.close_insurance()
        else:
            rnd.stand(1)
    assert _violations(rnd, shoe.dealt, "P") == 0
    rnd.dealer.pop()  # a card gone missing
    assert _violations(rnd, shoe.dealt, "P") == 1
    rnd.net["P"] += 1  # a chip from nowhere
    assert _violations(rnd, shoe.dealt, "P") == 2


def test_the_simple_policy_plays_too() -> None:
    tally = play_chunk(ruleset("UY"), None, 5, 0)
    assert tally.rounds == CHUNK and tally.violations == 0
    assert -8 < tally.mean_percent < 4  # the simple player loses a few percent, give or take


def test_the_command_prints_the_interval_and_the_exact_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "CL", "--rounds", str(CHUNK), "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["regulation"] == "CL" and out["rounds"] == CHUNK and out["violations"] == 0
    assert out["stake"] == 20  # the club's bets are multiples of 10
    low, high = out["ci99_percent"]
    assert low < out["mean_percent"] < high and out["exact_inside"] is (low <= out["exact_percent"] <= high)
    assert main(["simulate", "CL", "--rounds", "123", "--workers", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == 123  # any number of rounds


def test_whole_shoes_are_dealt_down_to_the_cut_card_the_same_on_any_number_of_workers(tmp_path: Path) -> None:
    """``simulate --shoes`` (``make cut-card``): each shoe is dealt until its cut card comes out
    (UY: five decks, 260 cards, the cut card 104 from the end: some 156 cards to deal, about 5.4 a
    round), each chunk of shoes
    from its own seed, so a run of N shoes is the first N of any longer one, on any number of
    workers, and resumes from its file; the summary sets the return with the cut card against the
    exact full-shoe figure."""
    rules = ruleset("UY")
    chart = cached_odds(rules, default_cache_dir()).strategy.cells
    first = play_shoes(rules, chart, 5, 0, shoes=4)
    assert first.shoes == 4 and first.violations == 0 and 4 * 24 < first.rounds < 4 * 36  # not a full shoe's 48
    assert first.shoe_rounds_squares > first.rounds**2 / 4 - 1  # (the sums the interval is taken over)
    assert simulate(rules, shoes=4, seed=5, chart=chart).total == first.total  # the first shoes of chunk 0
    shoes = SHOES + 3  # (a second, shorter chunk)
    one = simulate(rules, shoes=shoes, seed=5, chart=chart, workers=1)
    two = simulate(rules, shoes=shoes, seed=5, chart=chart, workers=2)
    assert (one.total, one.rounds, one.shoe_squares) == (two.total, two.rounds, two.shoe_squares)
    assert one.shoes == shoes and one.chunks == [0, 1] and one.violations == 0
    out = tmp_path / "uy.jsonl"
    simulate(rules, shoes=SHOES, seed=5, chart=chart, out=out)
    resumed = simulate(rules, shoes=shoes, seed=5, chart=chart, out=out)
    assert len(out.read_text().splitlines()) == 2 and resumed.total == one.total  # only the short chunk played
    assert main(["simulate", "UY", "--shoes", "3", "--seed", "5", "--workers", "1", "--json"]) == 0


def test_the_whole_shoe_summary_sets_the_cut_card_against_the_full_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "CL", "--shoes", "20", "--seed", "5", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deal"] == "whole shoes" and out["shoes"] == 20 and out["violations"] == 0
    assert out["cut_card"] == "6 cards from the end (3 per participant, 2 at the table)"  # CL-ANX-3, the banker too
    assert out["difference_percent"] == pytest.approx(out["mean_percent"] - out["exact_percent"])
    low, high = out["difference_ci99_percent"]
    assert low < out["difference_percent"] < high
    assert high - low == pytest.approx(out["ci99_percent"][1] - out["ci99_percent"][0])


def test_a_real_local_ray_runs_the_same_chunks_and_keeps_its_messages_to_itself(
    capfd: pytest.CaptureFixture[str],
) -> None:
    if not REQUIRED:
        pytest.importorskip("ray", reason="the ray extra (make test installs it)")
    rules = ruleset("UY")
    chart = cached_odds(rules, default_cache_dir()).strategy.cells
    capfd.readouterr()
    on_ray = simulate(rules, CHUNK + 99, seed=11, chart=chart, workers=2, ray_address="local")
    assert capfd.readouterr().err == ""  # neither Ray's log lines nor its core's, on the descriptor itself
    here = simulate(rules, CHUNK + 99, seed=11, chart=chart, workers=1)
    assert (on_ray.total, on_ray.squares, on_ray.rounds) == (here.total, here.squares, here.rounds)
    assert on_ray.chunks == [0, 1]
