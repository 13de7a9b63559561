"""Monte-Carlo check of the exact figures: the clause-traced engine plays a rule set's basic
strategy, round after round, and the mean return is compared with the exact one.

    blackjack-spec simulate UY --rounds 1000000 [--workers 2] [--strategy basic|simple] [--seed 1]
                                                [--out FILE] [--ray ADDRESS|local]

**What is played.** Every round is a :class:`~spec_engine.game.Round` of the engine, with all
its checks and its event log, dealt from a full shoe of the rule set's decks in random order
(the figures of :mod:`spec_engine.analysis` are for such a round: no cut card, no cards seen
before it). One bettor stakes 2 units on box 1 (so that a 3:2 blackjack pays a whole 3; times the
rule set's step for bets, where it has one);
``basic`` plays the chart :func:`~spec_engine.analysis.odds` derives (a ``D`` where the rule
set refuses the double is a hit, ``Ds`` a stand, a ``P`` it refuses plays the total's row, an
``Rh`` or ``Rs`` where the engine refuses the surrender (a hand that has drawn, a split hand the
rule set does not let surrender) a hit or a stand, ``Rp`` a split, a stand below the least
total is a hit), never insures and never takes even money; ``simple``
plays :func:`spec_engine.policy.simple_policy`.

**Exact money, float statistics.** The sums of the net results and of their squares are exact
(ints or Fractions); the mean and its 99 % confidence interval (normal approximation,
z = 2.5758) are floats.

**Reproducible and resumable.** Rounds are numbered from 0; chunk ``k`` (rounds
``k * CHUNK`` to ``(k + 1) * CHUNK - 1``) draws from its own generator seeded with
``(seed, k)``, so round ``i`` is dealt the same cards whatever the number of rounds, workers
or machines: the same seed and the same number of rounds give the same sums, and a run of
``n`` rounds plays the first ``n`` rounds of any longer run. A number of rounds that is no
multiple of :data:`CHUNK` ends with a shorter chunk, the first rounds of the next one. With
``--out`` each finished chunk is appended to a JSON-lines file; a run with the same file, seed
and rule set skips the chunks already there (a shorter last chunk only serves a run that ends
at the same round).

**Nothing lost.** After every round, cheaply and always: every card drawn from the shoe is in
a hand, the dealer's hand or the voided cards; every stake on every hand was settled exactly
once; the bettor's net is the sum of his settlements. A round that breaks one counts as a
violation (reported; a run with violations exits non-zero).
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from spec_engine.analysis.model import odds_key
from spec_engine.cards import DECK, Shoe
from spec_engine.errors import InputError
from spec_engine.events import Money
from spec_engine.game import Phase, Round
from spec_engine.policy import simple_policy
from spec_engine.rules import RuleSet

CHUNK = 10_000
"""Rounds per unit of work (and per line of a results file)."""


def stake_for(rules: RuleSet) -> int:
    """The stake of every simulated round: 2 units (a 3:2 blackjack then pays a whole 3), times
    the rule set's step for bets where it has one (the club's 10)."""
    return 2 * (rules.bet_multiple or 1)


Z99 = 2.5758293035489004
"""The standard normal quantile of a two-sided 99 % interval."""
UPCARD = {1: "A", 10: "T"}


Policy = Callable[[Round], None]


def chart_policy(chart: Mapping[str, Mapping[str, str]]) -> Policy:
    """The player who follows a basic-strategy chart (``Strategy.cells``) within what the
    engine allows: the engine, not the chart, is the judge of every action."""

    def decide(rnd: Round) -> None:
        current = rnd.current()
        assert current is not None
        box, hand = current
        number = box.number
        legal = {a.kind for a in rnd.legal_actions() if a.box == number}
        up = UPCARD.get(rnd.dealer[0].value, str(rnd.dealer[0].value))
        cards = hand.cards
        if len(cards) == 2 and "split" in legal:
            first = UPCARD.get(cards[0].value, str(cards[0].value))
            pair = chart[f"pair {first}-{first}"][up]
            if pair == "Rp" and "surrender" in legal:
                rnd.surrender(number)
                return
            if pair in ("P", "Rp"):
                rnd.split(number)
                return
        total = hand.total
        row = f"{'soft' if hand.soft else 'hard'} {total}"
        act = chart[row][up] if row in chart else "S"
        if act in ("Rh", "Rs"):
            if "surrender" in legal:
                rnd.surrender(number)
                return
            act = act[1].upper()
        if act in ("D", "Ds") and "double" in legal:
            rnd.double(number)
        elif act == "S" or act == "Ds" or act == "P":
            if "stand" in legal:
                rnd.stand(number)
            else:
                rnd.hit(number)
        elif "hit" in legal:
            rnd.hit(number)
        else:
            rnd.stand(number)

    return decide


@dataclass
class Tally:
    """Exact sums over some rounds of one stake (net results in money units)."""

    stake: int = 1
    rounds: int = 0
    total: Money = 0
    squares: Money = 0
    wins: int = 0
    pushes: int = 0
    losses: int = 0
    violations: int = 0
    chunks: list[int] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        if self.rounds and other.rounds and other.stake != self.stake:
            raise ValueError("tallies of different stakes")
        self.stake = other.stake if other.rounds else self.stake
        self.rounds += other.rounds
        self.total += other.total
        self.squares += other.squares
        self.wins += other.wins
        self.pushes += other.pushes
        self.losses += other.losses
        self.violations += other.violations
        self.chunks += other.chunks

    @property
    def mean_percent(self) -> float:
        """The mean return per unit staked, in percent (float)."""
        return 100 * float(Fraction(self.total) / (self.rounds * self.stake))

    @property
    def half_width_percent(self) -> float:
        """Half the 99 % confidence interval of the mean, in percent (float)."""
        n = self.rounds
        mean = Fraction(self.total) / n
        variance = (Fraction(self.squares) / n - mean * mean) * n / (n - 1)
        return 100 * Z99 * math.sqrt(float(variance)) / self.stake / math.sqrt(n)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["total"] = str(self.total)
        out["squares"] = str(self.squares)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        return cls(**{**data, "total": Fraction(data["total"]), "squares": Fraction(data["squares"])})


def _violations(rnd: Round, shoe: Shoe, bettor: str) -> int:
    """How many of the round's conservation checks fail (0 or more)."""
    bad = 0
    held = len(rnd.dealer) + len(rnd.voided) + sum(len(h.cards) for b in rnd.boxes.values() for h in b.hands)
    if held != shoe.dealt:
        bad += 1
    staked: Money = 0
    settled_stakes: Money = 0
    settled: Money = 0
    for box in rnd.boxes.values():
        for hand in box.hands:
            staked += hand.stakes.get(bettor, 0)
            if hand.open:
                bad += 1
    for event in rnd.log:
        if event.type == "settle" and event.bettor == bettor and event.info not in ("insurance_win", "insurance_lose"):
            settled_stakes += event.stake or 0
            settled += event.amount or 0
    if settled_stakes != staked or settled != rnd.net.get(bettor, 0):
        bad += 1
    return bad


def table_limits(rules: RuleSet) -> tuple[int, int | None]:
    """The simulated table's least bet (the rule set's step for bets, else 1) and the most its
    limits let that least bet set (None: no maximum)."""
    low = rules.bet_multiple or 1
    return low, (low * rules.limit_ratio[1] if rules.limit_ratio is not None else None)


def play_round(rules: RuleSet, shoe: Shoe, policy: Policy, stake: int, limits: tuple[int, int | None]) -> Round:
    """One round dealt from ``shoe``: the bettor ``P`` stakes ``stake`` on box 1, ``policy``
    plays every decision, insurance is never taken; the round is returned finished."""
    rnd = Round(rules, shoe, min_bet=limits[0], max_bet=limits[1])
    rnd.place_bet(1, "P", stake)
    rnd.deal()
    while rnd.phase is not Phase.DONE:
        if rnd.phase is Phase.INSURANCE:
            rnd.close_insurance()
        else:
            policy(rnd)
    return rnd


def play_chunk(
    rules: RuleSet, chart: Mapping[str, Mapping[str, str]] | None, seed: int, chunk: int, rounds: int = CHUNK
) -> Tally:
    """Play the first ``rounds`` rounds (all :data:`CHUNK` by default) of chunk ``chunk`` of the
    run seeded ``seed``."""
    rng = random.Random(f"{seed}:{chunk}")
    policy = simple_policy if chart is None else chart_policy(chart)
    full = list(DECK) * rules.decks
    stake = stake_for(rules)
    tally = Tally(stake=stake, chunks=[chunk])
    limits = table_limits(rules)
    for _ in range(rounds):
        shoe = Shoe.drawn_at_random(full, rng)
        rnd = play_round(rules, shoe, policy, stake, limits)
        net = rnd.net["P"]
        tally.rounds += 1
        tally.total += net
        tally.squares += net * net
        if net > 0:
            tally.wins += 1
        elif net < 0:
            tally.losses += 1
        else:
            tally.pushes += 1
        tally.violations += _violations(rnd, shoe, "P")
    return tally


Job = tuple[RuleSet, Mapping[str, Mapping[str, str]] | None, int, int, int]
"""One chunk to play: :func:`play_chunk`'s arguments."""


def _play_chunk_args(args: Job) -> Tally:
    return play_chunk(*args)


class Progress:
    """A progress bar on standard error: rounds done, rate and time left."""

    def __init__(self, label: str, total: int, stream: Any = None) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.start = time.monotonic()
        self.stream = stream if stream is not None else sys.stderr
        self.last = 0.0
        isatty = getattr(self.stream, "isatty", None)
        self.shown = stream is not None or bool(isatty and isatty())
        """Drawn only on a terminal (or a stream given on purpose): a log file gets no bar."""

    def update(self, rounds: int) -> None:
        self.done += rounds
        if not self.shown:
            return
        now = time.monotonic()
        if now - self.last < 0.5 and self.done < self.total:
            return
        self.last = now
        rate = self.done / max(now - self.start, 1e-9)
        left = (self.total - self.done) / rate if rate else float("inf")
        width = 30
        filled = int(width * self.done / self.total) if self.total else width
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {self.done:,}/{self.total:,} rounds, "
            f"{rate:,.0f}/s, {left:,.0f} s left "
        )
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def chunk_plan(rounds: int) -> list[tuple[int, int]]:
    """The chunks of a run of ``rounds`` rounds, as (number, rounds): :data:`CHUNK` rounds each,
    but the last, which holds what is left."""
    whole, rest = divmod(rounds, CHUNK)
    return [(k, CHUNK) for k in range(whole)] + ([(whole, rest)] if rest else [])


def read_results(path: Path) -> list[tuple[dict[str, Any], Tally]]:
    """The finished chunks a results file (``--out``) holds, each with the key of its run; none
    if there is no such file. :class:`~spec_engine.errors.InputError`, naming the file, for
    anything else: a folder, a file that cannot be read, a line that is not a finished chunk."""
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise InputError(f"cannot be read as a results file ({reason})", field=str(path)) from None
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            key, tally = dict(entry["key"]), Tally.from_json(entry["tally"])
            valid = (
                isinstance(tally.rounds, int)
                and 1 <= tally.rounds <= CHUNK
                and len(tally.chunks) == 1
                and isinstance(tally.chunks[0], int)
            )
        except (ValueError, KeyError, TypeError, AttributeError, ZeroDivisionError):
            valid = False
        if not valid:
            raise InputError(
                f"line {number} is not a finished chunk of a simulation: name a new file, "
                "or the results file of the run to resume",
                field=str(path),
            )
        found.append((key, tally))
    return found


def _done_chunks(out: Path | None, key: Mapping[str, Any]) -> dict[tuple[int, int], Tally]:
    """The chunks of the run ``key`` already in ``out``, by (number, rounds)."""
    if out is None:
        return {}
    return {(t.chunks[0], t.rounds): t for k, t in read_results(out) if k == dict(key)}


def simulate(
    rules: RuleSet,
    rounds: int,
    *,
    seed: int = 1,
    workers: int = 1,
    chart: Mapping[str, Mapping[str, str]] | None = None,
    out: Path | None = None,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> Tally:
    """Play ``rounds`` rounds (at least 1), chunk by chunk (:func:`chunk_plan`), over
    ``workers`` processes (or a Ray cluster at ``ray_address``, ``"local"`` for one started
    here); ``chart`` None plays the simple policy. Chunks already in ``out`` are reused."""
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    strategy = "simple" if chart is None else "basic"
    key = {"rules": rules.id, "seed": seed, "strategy": strategy, "rules_hash": odds_key(rules)}
    done = _done_chunks(out, key)
    tally = Tally()
    jobs: list[Job] = []
    for k, n in chunk_plan(rounds):
        if (k, n) in done:
            tally.add(done[k, n])
            if progress:
                progress.update(n)
        else:
            jobs.append((rules, chart, seed, k, n))
    for result in _run(jobs, workers, ray_address):
        tally.add(result)
        if out is not None:
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"key": key, "tally": result.to_json()}) + "\n")
        if progress:
            progress.update(result.rounds)
    tally.chunks.sort()
    return tally


def _run(jobs: Sequence[Job], workers: int, ray_address: str | None) -> Iterator[Tally]:
    if ray_address is not None:
        from spec_engine.analysis.raycluster import run_on_ray

        yield from run_on_ray(play_chunk, jobs, ray_address, workers)
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield _play_chunk_args(job)
    else:  # (no more processes than chunks: a pool started by fork starts them all at once)
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
            yield from pool.map(_play_chunk_args, jobs)


def summary(rules: RuleSet, tally: Tally, exact: float | None, strategy: str, seed: int) -> dict[str, Any]:
    """What a run reports (JSON-ready)."""
    low = tally.mean_percent - tally.half_width_percent
    high = tally.mean_percent + tally.half_width_percent
    return {
        "regulation": rules.id,
        "strategy": strategy,
        "seed": seed,
        "rounds": tally.rounds,
        "mean_percent": tally.mean_percent,
        "ci99_percent": [low, high],
        "exact_percent": exact,
        "exact_inside": None if exact is None else low <= exact <= high,
        "win": tally.wins / tally.rounds,
        "push": tally.pushes / tally.rounds,
        "loss": tally.losses / tally.rounds,
        "violations": tally.violations,
        "total_units": str(tally.total),
        "stake": tally.stake,
    }


def format_summary(s: Mapping[str, Any]) -> str:
    low, high = s["ci99_percent"]
    exact = s["exact_percent"]
    lines = [
        f"{s['regulation']}: {s['rounds']:,} rounds, {s['strategy']} strategy, seed {s['seed']}",
        f"  mean return {s['mean_percent']:+.4f} %  (99 % interval {low:+.4f} % to {high:+.4f} %)",
    ]
    if exact is not None:
        lines.append(f"  exact       {exact:+.4f} %  ({'inside' if s['exact_inside'] else 'OUTSIDE'} the interval)")
    lines.append(
        f"  won {100 * s['win']:.2f} %, pushed {100 * s['push']:.2f} %, lost {100 * s['loss']:.2f} %; "
        f"conservation violations: {s['violations']}"
    )
    return "\n".join(lines)
