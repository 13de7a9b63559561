"""Monte-Carlo check of the exact figures: the clause-traced engine plays a rule set's basic
strategy, round after round, and the mean return is compared with the exact one.

    blackjack-spec simulate UY --rounds 1000000 [--workers 2] [--strategy basic|simple] [--seed 1]
                                                [--out FILE] [--ray ADDRESS|local]
    blackjack-spec simulate UY --shoes 100000 ...        (whole shoes: the cut card's effect)

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

**Whole shoes: where the cut card lies** (``--shoes N``, :func:`play_shoes`). The exact
figures are for a round from a full shoe; a table deals shoe after shoe, and stops each where
the rule set puts the cut card (``cut_card_from_end``, or ``cut_card_per_participant`` times
the people at the table: one player, and the banker where the players bank), after its
shuffle, cut (at random within ``min_cut``) and burns, the round in which it comes out the
shoe's last. That average over a shoe differs a little from a full shoe's (the cut-card
effect): this mode plays ``N`` whole shoes so at a :class:`~spec_engine.table.Table` of the
engine, one bettor on box 1, and reports the mean return per round (the sum over all rounds
over their number) with its 99 % interval by shoe (the delta method for a ratio: the rounds of
one shoe are not independent), and its difference from the exact full-shoe figure, whose
interval is the simulation's (the exact figure has none). Chunks of :data:`SHOES` shoes.

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
from spec_engine.table import Table, people_at, share_of_cards

CHUNK = 10_000
"""Rounds per unit of work (and per line of a results file)."""
SHOES = 200
"""Whole shoes per unit of work in the cut-card mode (``--shoes``)."""


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
    shoes: int = 0
    """Whole shoes played (the cut-card mode; 0 otherwise), and over them the exact sums of each
    shoe's net squared, of its net times its rounds, and of its rounds squared."""
    shoe_squares: Money = 0
    shoe_cross: Money = 0
    shoe_rounds_squares: int = 0

    def count(self, net: Money, violations: int) -> None:
        """One round's net result (and its policy's violations) in the sums, but the round itself
        (a whole shoe counts its rounds at its end)."""
        self.total += net
        self.squares += net * net
        if net > 0:
            self.wins += 1
        elif net < 0:
            self.losses += 1
        else:
            self.pushes += 1
        self.violations += violations

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
        self.shoes += other.shoes
        self.shoe_squares += other.shoe_squares
        self.shoe_cross += other.shoe_cross
        self.shoe_rounds_squares += other.shoe_rounds_squares

    @property
    def mean_percent(self) -> float:
        """The mean return per unit staked, in percent (float)."""
        return 100 * float(Fraction(self.total) / (self.rounds * self.stake))

    @property
    def half_width_percent(self) -> float:
        """Half the 99 % confidence interval of the mean, in percent (float): by round, or by
        shoe for whole shoes (the mean is then a ratio of two sums over shoes: its variance by
        the delta method, ``sum((net - mean * rounds)^2) / (n - 1) / n / (rounds per shoe)^2``)."""
        if self.shoes:
            n = self.shoes
            mean = Fraction(self.total) / self.rounds
            spread = Fraction(self.shoe_squares) - 2 * mean * self.shoe_cross + mean * mean * self.shoe_rounds_squares
            variance = spread / (n - 1) / n / Fraction(self.rounds, n) ** 2
            return 100 * Z99 * math.sqrt(float(variance)) / self.stake
        n = self.rounds
        mean = Fraction(self.total) / n
        variance = (Fraction(self.squares) / n - mean * mean) * n / (n - 1)
        return 100 * Z99 * math.sqrt(float(variance)) / self.stake / math.sqrt(n)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        for name in MONEY_SUMS:
            out[name] = str(out[name])
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        return cls(**{**data, **{name: Fraction(data[name]) for name in MONEY_SUMS if name in data}})


MONEY_SUMS = ("total", "squares", "shoe_squares", "shoe_cross")
"""The tally's exact sums of money, written as text (a Fraction's ``n/d``)."""


def _violations(rnd: Round, dealt: int, bettor: str) -> int:
    """How many of the round's conservation checks fail (0 or more); ``dealt``: the cards the
    shoe gave the round."""
    bad = 0
    held = len(rnd.dealer) + len(rnd.voided) + sum(len(h.cards) for b in rnd.boxes.values() for h in b.hands)
    if held != dealt:
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
        tally.rounds += 1
        tally.count(rnd.net["P"], _violations(rnd, shoe.dealt, "P"))
    return tally


def cut_card_place(rules: RuleSet) -> str | None:
    """Where the rule set puts the cut card, with one player at the table (a sentence), or
    ``None`` where no cut card ends the shoe (nothing for :func:`play_shoes` to measure)."""
    if not rules.last_round_on_cut_card:
        return None
    behind = cards_behind_cut(rules)
    if rules.cut_card_per_participant is not None:
        people = people_at(rules, 1)
        return f"{behind} cards from the end ({rules.cut_card_per_participant} per participant, {people} at the table)"
    return None if behind is None else f"{behind} cards from the end"


def cards_behind_cut(rules: RuleSet) -> int | None:
    """The cards the rule set leaves behind the cut card with one player at the table (per
    participant: the participants a table of one player has), ``None`` where it places none."""
    if rules.cut_card_per_participant is not None:
        return rules.cut_card_per_participant * people_at(rules, 1)
    if rules.cut_card_share is not None:
        return share_of_cards(rules.cut_card_share, rules.decks * 52)
    return rules.cut_card_from_end


def play_shoes(
    rules: RuleSet, chart: Mapping[str, Mapping[str, str]] | None, seed: int, chunk: int, shoes: int = SHOES
) -> Tally:
    """Play ``shoes`` whole shoes (chunk ``chunk`` of the run seeded ``seed``) at a table of the
    engine: shuffled, cut and burnt as the rule set says, each dealt until the cut card comes
    out, that round the shoe's last. One bettor ``P`` stakes :func:`stake_for` on box 1; insurance
    is never taken. Its own seed ``"seed:chunk:shoes"`` fixes every card."""
    policy = simple_policy if chart is None else chart_policy(chart)
    stake = stake_for(rules)
    low, high = table_limits(rules)
    table = Table(rules, seed=f"{seed}:{chunk}:shoes", min_bet=low, max_bet=high, participants=people_at(rules, 1))
    bets = [(1, "P", stake)]
    tally = Tally(stake=stake, chunks=[chunk])
    for _ in range(shoes):
        net_of_shoe: Money = 0
        rounds_of_shoe = 0
        while True:
            rnd = table.play(bets, policy)
            net = rnd.net["P"]
            tally.count(net, _violations(rnd, len(rnd.drawn), "P"))
            del table.log[:]  # (the round is tallied: the log of a long run stays short)
            net_of_shoe += net
            rounds_of_shoe += 1
            if table.shoe.cut_card_out:  # the shoe's last round: the next is dealt from a new shuffle
                break
        tally.rounds += rounds_of_shoe
        tally.shoes += 1
        tally.shoe_squares += net_of_shoe * net_of_shoe
        tally.shoe_cross += net_of_shoe * rounds_of_shoe
        tally.shoe_rounds_squares += rounds_of_shoe * rounds_of_shoe
    return tally


Job = tuple[RuleSet, Mapping[str, Mapping[str, str]] | None, int, int, int]
"""One chunk to play: :func:`play_chunk`'s arguments."""


def _play_chunk_args(args: Job) -> Tally:
    return play_chunk(*args)


def _play_shoes_args(args: Job) -> Tally:
    return play_shoes(*args)


class Progress:
    """A progress bar on standard error: rounds (or shoes: ``unit``) done, rate and time left."""

    def __init__(self, label: str, total: int, unit: str = "rounds", stream: Any = None) -> None:
        self.label = label
        self.unit = unit
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
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {self.done:,}/{self.total:,} {self.unit}, "
            f"{rate:,.0f}/s, {left:,.0f} s left "
        )
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def chunk_plan(rounds: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """The chunks of a run of ``rounds`` rounds (or shoes), as (number, rounds): ``size`` each,
    but the last, which holds what is left."""
    whole, rest = divmod(rounds, size)
    return [(k, size) for k in range(whole)] + ([(whole, rest)] if rest else [])


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
                and (1 <= tally.shoes <= SHOES if tally.shoes else 1 <= tally.rounds <= CHUNK)
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
    """The chunks of the run ``key`` already in ``out``, by (number, rounds or shoes)."""
    if out is None:
        return {}
    return {(t.chunks[0], t.shoes or t.rounds): t for k, t in read_results(out) if k == dict(key)}


def simulate(
    rules: RuleSet,
    rounds: int = 0,
    *,
    shoes: int = 0,
    seed: int = 1,
    workers: int = 1,
    chart: Mapping[str, Mapping[str, str]] | None = None,
    out: Path | None = None,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> Tally:
    """Play ``rounds`` rounds, each from a full shoe, or ``shoes`` whole shoes as a table deals
    them (:func:`play_shoes`; exactly one of the two, at least 1), chunk by chunk
    (:func:`chunk_plan`), over ``workers`` processes (or a Ray cluster at ``ray_address``,
    ``"local"`` for one started here); ``chart`` None plays the simple policy. Chunks already in
    ``out`` are reused."""
    if (rounds < 1) == (shoes < 1):
        raise ValueError(f"give rounds or shoes, at least 1 (not rounds {rounds}, shoes {shoes})")
    if shoes and cut_card_place(rules) is None:
        raise InputError("no cut card ends its shoes: whole shoes measure nothing here", field="shoes")
    strategy = "simple" if chart is None else "basic"
    key: dict[str, Any] = {"rules": rules.id, "seed": seed, "strategy": strategy, "rules_hash": odds_key(rules)}
    if shoes:
        key["deal"] = "whole shoes"
    done = _done_chunks(out, key)
    tally = Tally()
    jobs: list[Job] = []
    for k, n in chunk_plan(shoes, SHOES) if shoes else chunk_plan(rounds):
        if (k, n) in done:
            tally.add(done[k, n])
            if progress:
                progress.update(n)
        else:
            jobs.append((rules, chart, seed, k, n))
    for result in _run(jobs, workers, ray_address, whole_shoes=bool(shoes)):
        tally.add(result)
        if out is not None:
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"key": key, "tally": result.to_json()}) + "\n")
        if progress:
            progress.update(result.shoes or result.rounds)
    tally.chunks.sort()
    return tally


def _run(jobs: Sequence[Job], workers: int, ray_address: str | None, *, whole_shoes: bool) -> Iterator[Tally]:
    if ray_address is not None:
        from spec_engine.analysis.raycluster import run_on_ray

        yield from run_on_ray(play_shoes if whole_shoes else play_chunk, jobs, ray_address, workers)
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield play_shoes(*job) if whole_shoes else play_chunk(*job)
    else:  # (no more processes than chunks: a pool started by fork starts them all at once)
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
            yield from pool.map(_play_shoes_args if whole_shoes else _play_chunk_args, jobs)


def summary(rules: RuleSet, tally: Tally, exact: float | None, strategy: str, seed: int) -> dict[str, Any]:
    """What a run reports (JSON-ready)."""
    low = tally.mean_percent - tally.half_width_percent
    high = tally.mean_percent + tally.half_width_percent
    whole_shoes = {}
    if tally.shoes:  # the cut card's effect: the difference from the full shoe, the simulation's interval
        difference = None if exact is None else tally.mean_percent - exact
        whole_shoes = {
            "deal": "whole shoes",
            "cut_card": cut_card_place(rules),
            "cut_card_assumed": rules.citations[
                "cut_card_per_participant"
                if rules.cut_card_per_participant is not None
                else "cut_card_share"
                if rules.cut_card_share is not None
                else "cut_card_from_end"
            ].assumed,
            "shoes": tally.shoes,
            "difference_percent": difference,
            "difference_ci99_percent": None
            if difference is None
            else [difference - tally.half_width_percent, difference + tally.half_width_percent],
        }
    return {
        "regulation": rules.id,
        "strategy": strategy,
        "seed": seed,
        **whole_shoes,
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
    if s.get("shoes"):
        lines[0] = f"{s['regulation']}: {s['shoes']:,} whole shoes ({s['rounds']:,} rounds), {s['strategy']} strategy"
        lines[0] += f", seed {s['seed']}; the cut card {s['cut_card']}"
        lines[0] += " (the text does not say: the rule set's assumption)" if s["cut_card_assumed"] else ""
    if exact is not None:
        lines.append(f"  exact       {exact:+.4f} %  ({'inside' if s['exact_inside'] else 'OUTSIDE'} the interval)")
    if s.get("difference_percent") is not None:
        low, high = s["difference_ci99_percent"]
        lines.append(
            f"  cut card    {s['difference_percent']:+.4f} points against the full shoe "
            f"(99 % interval {low:+.4f} to {high:+.4f})"
        )
    lines.append(
        f"  won {100 * s['win']:.2f} %, pushed {100 * s['push']:.2f} %, lost {100 * s['loss']:.2f} %; "
        f"conservation violations: {s['violations']}"
    )
    return "\n".join(lines)
