"""Speed of the analysis room: the five rulebooks' exact figures from cold, then one changed
rule recalculated (issue 10: targets < 60 s and < 15 s on 2 cores).

Run: ``python benchmarks/odds.py`` (needs the analysis extra)."""

from __future__ import annotations

import time

from spec_engine.analysis import odds
from spec_engine.analysis.solver import compositions, dealer_sequences
from spec_engine.catalog import REGULATION_IDS
from spec_engine.rules import ruleset


def main() -> None:
    compositions.cache_clear()
    dealer_sequences.cache_clear()
    start = time.perf_counter()
    for reg in REGULATION_IDS:
        t = time.perf_counter()
        result = odds(ruleset(reg))
        print(
            f"{reg}: basic strategy {result.basic_strategy.ev_percent:+.4f}%  "
            f"composition-dependent {result.composition_dependent.ev_percent:+.4f}%  "
            f"({time.perf_counter() - t:.1f} s)"
        )
    total = time.perf_counter() - start
    print(f"five rulebooks from cold: {total:.1f} s (target < 60 s)")
    t = time.perf_counter()
    changed = ruleset("UY").with_values(double_after_split_hands=None)
    result = odds(changed)
    print(
        f"UY with double_after_split_hands = none: {result.basic_strategy.ev_percent:+.4f}%  "
        f"recalculated in {time.perf_counter() - t:.1f} s (target < 15 s)"
    )


if __name__ == "__main__":
    main()
