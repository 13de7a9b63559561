"""Benchmark: rounds per second of seeded play, event log on, per regulation, one core.

    python benchmarks/rounds.py [--rounds N] [--boxes B] [--repeat R] [--quick]

Plays N rounds at one table (one bettor per box, the simple policy, full event log kept),
R times from the same seed, and prints the best rounds/s with the slowest beside it (other
work on the machine only ever slows a run down); then replays a tenth of the rounds under
tracemalloc for the peak memory of the engine and its log, and what that makes a round.
``--quick`` (``make bench QUICK=1``): 5,000 rounds, once. Not a test: figures vary with the
machine and the Python build; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc

from spec_engine.catalog import REGULATION_IDS
from spec_engine.rules import ruleset
from spec_engine.table import Table, people_at


def play(reg_id: str, rounds: int, boxes: int, seed: int = 2026) -> tuple[float, int]:
    rules = ruleset(reg_id)
    bets = [(box, f"P{box}", 10) for box in range(1, min(boxes, rules.max_boxes) + 1)]
    table = Table(rules, seed=seed, min_bet=10, max_bet=500, participants=people_at(rules, len(bets)))
    gc.collect()
    start = time.perf_counter()
    for _ in range(rounds):
        table.play(bets)
    elapsed = time.perf_counter() - start
    return rounds / elapsed, len(table.log)


def peak_memory(reg_id: str, rounds: int, boxes: int) -> int:
    tracemalloc.start()
    rules = ruleset(reg_id)
    bets = [(box, f"P{box}", 10) for box in range(1, min(boxes, rules.max_boxes) + 1)]
    table = Table(rules, seed=2026, min_bet=10, max_bet=500, participants=people_at(rules, len(bets)))
    for _ in range(rounds):
        table.play(bets)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=50_000)
    parser.add_argument("--boxes", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="5,000 rounds, once")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.repeat = 5_000, 1
    tenth = args.rounds // 10
    print(f"{args.rounds} rounds, {args.boxes} box(es), event log on, one core, best of {args.repeat}")
    print(
        f"{'regulation':<10} {'rounds/s':>10} {'slowest':>10} {'events':>10} "
        f"{'peak MiB (' + str(tenth) + ' rounds)':>24} {'bytes/round':>12}"
    )
    for reg_id in REGULATION_IDS:
        runs = [play(reg_id, args.rounds, args.boxes) for _ in range(args.repeat)]
        rates = [rate for rate, _ in runs]
        peak = peak_memory(reg_id, tenth, args.boxes)
        print(
            f"{reg_id:<10} {max(rates):>10,.0f} {min(rates):>10,.0f} {runs[0][1]:>10,} "
            f"{peak / 2**20:>24.1f} {peak / tenth:>12,.0f}"
        )


if __name__ == "__main__":
    main()
