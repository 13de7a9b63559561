"""Benchmark: rounds per second of seeded play, event log on, per regulation, one core.

    python benchmarks/rounds.py [--rounds N] [--boxes B] [--repeat R] [--quick]

Plays N rounds at one table (one bettor per box, the simple policy, full event log kept),
R times from the same seed, and prints the best rounds/s with the slowest beside it (other
work on the machine only ever slows a run down); then replays a tenth of the rounds under
tracemalloc for the peak memory of the engine and its log, and what that makes a round.
``--quick`` (``make bench QUICK=1``): 5,000 rounds, once. Not a test: figures vary with the
machine and the Python build; nothing asserts on them.

Side by side (the only way to compare on a shared machine): ``--against DIR`` (a second
checkout of this project, e.g. the code before a change: ``git worktree add /tmp/before REV``)
and ``--peer DIR`` (a checkout of the public pure-Python simulator 1andDone/blackjack,
``git clone https://github.com/1andDone/blackjack``) are run in turn with this checkout, each
run a fresh process playing the same number of rounds of one regulation (``--regulation``,
one box), A B C A B C ...; it prints each run's rounds/s and the ratios pair by pair with
their median. The peer plays basic strategy with six decks, three quarters dealt, and keeps no
event log; this engine keeps its full log. The rounds/s are per second of CPU, timed inside each process (the
interpreter's start and the imports left out; CPU time, since other work on a shared machine
stretches the wall clock).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

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


OURS = r"""
import gc, json, sys, time
from spec_engine.rules import ruleset
from spec_engine.table import Table, people_at
rules, rounds = ruleset(sys.argv[1]), int(sys.argv[2])
table = Table(rules, seed=2026, min_bet=10, max_bet=500, participants=people_at(rules, 1))
gc.collect()
start = time.process_time()
for _ in range(rounds):
    table.play([(1, "P1", 10)])
print(json.dumps({"rounds": rounds, "seconds": time.process_time() - start}))
"""

PEER = r"""
import gc, json, random, sys, time
from blackjack.blackjack import Blackjack
from blackjack.player import Player
rounds = int(sys.argv[2])
game = Blackjack(min_bet=10, max_bet=500)
player = Player(name="P1", bankroll=10**12, min_bet=10)
game.add_player(player)
random.seed(2026)
gc.collect()
start = time.process_time()
while player.stats.summary(string=False)["TOTAL ROUNDS PLAYED"] < rounds:
    game.simulate(penetration=0.75, number_of_shoes=1, shoe_size=6, progress_bar=False)
seconds = time.process_time() - start
print(json.dumps({"rounds": player.stats.summary(string=False)["TOTAL ROUNDS PLAYED"], "seconds": seconds}))
"""


def run_child(code: str, checkout: Path, reg_id: str, rounds: int, pure: bool = False) -> float:
    """Rounds per second of one fresh process with ``checkout`` first on the path (``pure``: its
    pure engine, whatever is built)."""
    env = {k: v for k, v in os.environ.items() if k != "BLACKJACK_SPEC_PURE"}
    env.update(PYTHONPATH=str(checkout), **({"BLACKJACK_SPEC_PURE": "1"} if pure else {}))
    done = subprocess.run(
        [sys.executable, "-c", code, reg_id, str(rounds)], env=env, capture_output=True, text=True, cwd=checkout
    )
    if done.returncode != 0:
        raise SystemExit(f"the run in {checkout} failed:\n{done.stderr[-2000:]}")
    out = json.loads(done.stdout)
    return float(out["rounds"] / out["seconds"])


def side_by_side(reg_id: str, rounds: int, pairs: int, against: Path | None, peer: Path | None) -> None:
    """This checkout's compiled engine (where it is built) and its pure one, ``against`` and
    ``peer`` in turn, each a fresh process; every ratio of ours to another, turn by turn."""
    import spec_engine

    here = Path(__file__).resolve().parents[1]
    runners = [("this checkout, pure", OURS, here, True)]
    if spec_engine.ENGINE == "compiled":
        runners.insert(0, ("this checkout, compiled", OURS, here, False))
    ours = len(runners)
    if against is not None:
        runners.append((f"against {against}", OURS, against, True))
    if peer is not None:
        runners.append((f"peer {peer}", PEER, peer, False))
    print(f"{reg_id}, {rounds:,} rounds a run, one box, {pairs} turns of {len(runners)} runs, alternating")
    rates: list[list[float]] = [[] for _ in runners]
    for turn in range(1, pairs + 1):
        for i, (_, code, checkout, pure) in enumerate(runners):
            rates[i].append(run_child(code, checkout, reg_id, rounds, pure))
        print(f"turn {turn}: " + "  ".join(f"{r[-1]:,.0f}" for r in rates))
    for i, (name, *_) in enumerate(runners):
        print(f"{name}: median {statistics.median(rates[i]):,.0f} rounds/s")
    for i in range(ours):
        for j in range(i + 1, len(runners)):
            ratios = [a / b for a, b in zip(rates[i], rates[j], strict=True)]
            shown = ", ".join(f"{r:.3f}" for r in ratios)
            print(
                f"{runners[i][0]} / {runners[j][0]}: median {statistics.median(ratios):.3f}, "
                f"range {min(ratios):.3f} to {max(ratios):.3f} (turn by turn: {shown})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=50_000)
    parser.add_argument("--boxes", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="5,000 rounds, once")
    parser.add_argument("--against", type=Path, help="a second checkout of this project, run in turn")
    parser.add_argument("--peer", type=Path, help="a checkout of 1andDone/blackjack, run in turn")
    parser.add_argument("--regulation", default="UY", help="side by side: the regulation played (default UY)")
    parser.add_argument("--pairs", type=int, default=7, help="side by side: the turns")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.repeat, args.pairs = 5_000, 1, 1
    if args.against is not None or args.peer is not None:
        side_by_side(args.regulation, args.rounds, args.pairs, args.against, args.peer)
        return
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
