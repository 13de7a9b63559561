"""Seeded shuffles, written again from ``docs/protocol.md`` (Seeded shuffles) alone: the
generator (:class:`Twister`, which does not use Python's ``random``), the deck order, and a
table's draws followed through its event log (:class:`TableModel`), checked against the
engine for several seeds, deck counts and levels; the page's check values are read from the
page and checked against both."""

from __future__ import annotations

import random  # the engine's generator, to compare with: Twister below does not use it
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from spec_engine.cards import DECK, Shoe, parse_cards
from spec_engine.errors import RuleViolation
from spec_engine.rules import RuleSet, ruleset
from spec_engine.session import Session
from spec_engine.table import Table, people_at

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
SEEDS = (0, 1, 7, 2026, 2**32 + 1, 2**64 + 5, -7, -2026)
"""Zero, small seeds, seeds of two and three key words, and negative seeds (as their absolute value)."""

WORD = 0xFFFFFFFF
N, M = 624, 397


# ------------------------------------------------------------------------------ the generator, from the page
class Twister:
    """MT19937 seeded from an integer as the page says: the absolute value cut into 32-bit
    words, least significant first (``[0]`` for zero), mixed into a state filled from 19650218."""

    def __init__(self, seed: int) -> None:
        value = abs(seed)
        key = [value & WORD]
        value >>= 32
        while value:
            key.append(value & WORD)
            value >>= 32
        mt = [0] * N
        mt[0] = 19650218
        for i in range(1, N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & WORD
        i, j = 1, 0
        for _ in range(max(N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & WORD
            i, j = i + 1, j + 1
            if i == N:
                mt[0], i = mt[N - 1], 1
            if j == len(key):
                j = 0
        for _ in range(N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & WORD
            i += 1
            if i == N:
                mt[0], i = mt[N - 1], 1
        mt[0] = 0x80000000
        self.mt = mt
        self.next = N

    def output(self) -> int:
        """One 32-bit word: the state twisted when used up, the word at the position tempered."""
        mt = self.mt
        if self.next == N:
            for k in range(N):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7FFFFFFF)
                mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.next = 0
        y = mt[self.next]
        self.next += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def bits(self, k: int) -> int:
        return self.output() >> (32 - k)

    def below(self, n: int) -> int:
        k = n.bit_length()
        r = self.bits(k)
        while r >= n:
            r = self.bits(k)
        return r

    def randint(self, a: int, b: int) -> int:
        return a + self.below(b - a + 1)

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


DECK_ORDER = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
"""A pack in deck order, as the page writes it."""


def shuffled(seed: int, decks: int) -> list[str]:
    """``decks`` packs in deck order, shuffled by a fresh :class:`Twister`."""
    cards = DECK_ORDER * decks
    Twister(seed).shuffle(cards)
    return cards


# ------------------------------------------------------------------------------ a table, from the page
class TableModel:
    """A table's shoe followed through its event log as the page says: what each shuffle
    gathers (the shoe, then the discards in the order they came), what it draws and when;
    every card the log shows drawn must be the model's next card."""

    def __init__(
        self,
        seed: int,
        rules: RuleSet,
        *,
        random_cut: bool,
        stacked: Iterable[Sequence[str]] = (),
        after_cut: bool = False,
    ) -> None:
        self.generator = Twister(seed)
        self.rules = rules
        self.random_cut = random_cut
        self.stacked = [list(cards) for cards in stacked]
        self.after_cut = after_cut
        self.discards = DECK_ORDER * rules.decks
        self.shoe: list[str] = []
        self.drawn_cut: int | None = None
        self.rotate = True
        self.seen: Counter[str] = Counter()

    def follow(self, log: Iterable[Mapping[str, Any]]) -> None:
        for event in log:
            kind = event["type"]
            self.seen[kind if event.get("info") != "discards" else "refill"] += 1
            if kind == "shuffle" and event.get("info") == "discards":
                self.refill(event["total"])
            elif kind == "shuffle":
                self.shuffle(event["total"])
            elif kind == "cut":
                self.cut(event["total"])
            elif kind in ("card", "dealer_card", "burn"):
                assert self.shoe, f"the model's shoe is empty at {event}"
                assert self.shoe.pop(0) == event["card"], event
                if kind == "burn":
                    self.discards.append(event["card"])
            elif kind == "clear":
                self.discards += event.get("info", "").split()
            else:
                assert kind not in ("misdeal", "remedy"), "the model follows plain play only"

    def shuffle(self, total: int) -> None:
        cards = self.shoe + self.discards
        self.discards = []
        assert len(cards) == total
        self.rotate = True
        if self.stacked:
            top = self.stacked.pop(0)
            rest = Counter(cards)
            rest.subtract(top)
            self.shoe = list(top)
            for card in DECK_ORDER * self.rules.decks:  # the rest in deck order, pack after pack
                if rest[card] > 0:
                    self.shoe.append(card)
                    rest[card] -= 1
            self.rotate = not self.after_cut
        else:
            self.generator.shuffle(cards)
            self.shoe = cards
        if self.random_cut:
            low = self.rules.min_cut or 1
            self.drawn_cut = self.generator.randint(low, max(low, total - low))

    def refill(self, total: int) -> None:
        assert not self.shoe and len(self.discards) == total
        cards, self.discards = self.discards, []
        self.generator.shuffle(cards)
        self.shoe = cards
        self.rotate = True
        low = max(1, min(self.rules.min_cut or 1, total // 2))  # the minimum cut, as far as the cards allow
        self.drawn_cut = self.generator.randint(low, total - low) if total > 1 else 0

    def cut(self, at: int) -> None:
        if self.drawn_cut is not None:
            assert at == self.drawn_cut, f"cut at {at}, the model drew {self.drawn_cut}"
        self.drawn_cut = None
        if self.rotate:
            self.shoe = self.shoe[at:] + self.shoe[:at]


def played(table: Table, rounds: int) -> None:
    """``rounds`` rounds of two bettors at ``table``; where the table waits for a player's
    shuffle and cut, the shoe is shuffled and cut at 60 between rounds."""
    for _ in range(rounds):
        try:
            table.play([(1, "P1", 10), (2, "P2", 20)])
        except RuleViolation:
            table.shuffle()
            table.cut(60)
            table.play([(1, "P1", 10), (2, "P2", 20)])


# ------------------------------------------------------------------------------ the tests
@pytest.mark.parametrize("seed", SEEDS)
def test_the_generator_written_from_the_page_is_pythons(seed: int) -> None:
    """Two twists' worth of outputs, and the bits of a few widths, as ``random.Random`` gives them."""
    ours, theirs = Twister(seed), random.Random(seed)
    assert [ours.output() for _ in range(1300)] == [theirs.getrandbits(32) for _ in range(1300)]
    for k in (1, 6, 9, 31):
        assert ours.bits(k) == theirs.getrandbits(k)
    assert [ours.randint(1, 103) for _ in range(50)] == [theirs.randint(1, 103) for _ in range(50)]
    assert [ours.randint(5, 5) for _ in range(3)] == [theirs.randint(5, 5) for _ in range(3)]


def test_the_deck_order_is_the_engines() -> None:
    assert DECK_ORDER == [card.code for card in DECK]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_a_shuffled_shoe_is_the_engines(seed: int, decks: int) -> None:
    assert shuffled(seed, decks) == [card.code for card in Shoe.shuffled(decks, random.Random(seed)).cards()]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_session_deals_the_shoes_and_cuts_the_page_says(seed: int) -> None:
    """A whole CL session (three shoes, each shuffled and cut at random), and one whose first
    shoe is stacked (cut at random all the same)."""
    rules = ruleset("CL")
    session = Session(rules, ["A", "B", "C"], advance=100, min_bet=10, max_bet=100, seed=seed)
    session.play(10)
    model = TableModel(seed, rules, random_cut=True)
    model.follow(e.to_dict() for e in session.log)
    assert model.seen["shuffle"] == 3 and model.seen["cut"] == 3
    stacked = [["9S", "9H", "AS", "KD", "7C"]]
    shoes = [parse_cards(cards) for cards in stacked]
    session = Session(rules, ["A", "B"], advance=100, min_bet=10, max_bet=100, seed=seed, shoes=shoes)
    for _ in range(4):
        session.play_round({"B": 10})
    model = TableModel(seed, rules, random_cut=True, stacked=stacked)
    model.follow(e.to_dict() for e in session.log)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_table_deals_the_shoes_the_page_says(seed: int) -> None:
    """A table cut by its players (the protocol's table level, seed 1 there) and one that
    cuts at random, each through several shoes."""
    rules = ruleset("UY")
    table = Table(rules, seed=seed, min_bet=10, max_bet=500, auto_cut=False)
    table.cut(60)
    played(table, 70)
    model = TableModel(seed, rules, random_cut=False)
    model.follow(e.to_dict() for e in table.log)
    assert model.seen["shuffle"] >= 2
    rules = ruleset("CZ")
    table = Table(rules, seed=seed, min_bet=10, max_bet=500, participants=people_at(rules, 2))
    played(table, 90)
    model = TableModel(seed, rules, random_cut=True)
    model.follow(e.to_dict() for e in table.log)
    assert model.seen["shuffle"] >= 2


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("regulation", ["CL", "CZ"])
def test_a_refill_from_the_discards_draws_what_the_page_says(seed: int, regulation: str) -> None:
    """Without a cut card the shoe runs out mid-round: the discards are shuffled and cut at
    random (CZ: a deck at least on each side), the cards burnt after a shuffle are burnt (CZ:
    five), and the next round takes a new shoe."""
    rules = ruleset(regulation).with_values(cut_card_per_participant=None, cut_card_from_end=None)
    table = Table(rules, seed=seed, min_bet=10, max_bet=100, participants=people_at(rules, 2))
    played(table, 40 if regulation == "CL" else 90)
    model = TableModel(seed, rules, random_cut=True)
    log = [e.to_dict() for e in table.log]
    model.follow(log)
    assert model.seen["refill"] >= 1 and model.seen["shuffle"] >= 2
    at = next(i for i, e in enumerate(log) if e.get("info") == "discards")
    burns = rules.burn_after_shuffle
    assert [e["type"] for e in log[at : at + 3 + burns]] == ["shuffle", "offer_cut", "cut"] + ["burn"] * burns
    assert log[at + 1]["box"] == log[at + 2]["box"] == 1  # (no cut card came out: the first box)


# ------------------------------------------------------------------------------ the page's check values
def check_values() -> list[tuple[int, str, str]]:
    """The rows of the page's check-value table: (seed, what, value)."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Seeded shuffles", 1)[1].split("\n### ", 1)[0]
    table = section.split("**Check values.**", 1)[1]
    rows = re.findall(r"^\| `(-?\d+)` \| (.+?) \| `([^`]+)` \|$", table, flags=re.M)
    return [(int(seed), what, value) for seed, what, value in rows]


def test_the_pages_check_values_are_what_the_generator_gives() -> None:
    rows = check_values()
    assert len(rows) >= 5
    for seed, what, value in rows:
        if "outputs" in what:
            words = [int(word) for word in value.split()]
            ours, theirs = Twister(seed), random.Random(seed)
            assert [ours.output() for _ in words] == words == [theirs.getrandbits(32) for _ in words], what
        elif "one pack" in what or "two packs" in what:
            decks = 1 if "one pack" in what else 2
            cards = value.split()
            assert shuffled(seed, decks)[: len(cards)] == cards, what
            assert [c.code for c in Shoe.shuffled(decks, random.Random(seed)).cards()[: len(cards)]] == cards
        elif "first cut of a session" in what:
            generator = Twister(seed)
            generator.shuffle(DECK_ORDER * 2)
            assert generator.randint(1, 103) == int(value), what
            session = Session(ruleset("CL"), ["A", "B", "C"], advance=100, min_bet=10, max_bet=100, seed=seed)
            assert next(e.total for e in session.log if e.type == "cut") == int(value)
        else:
            raise AssertionError(f"a check value the test does not know: {what}")


def test_the_engines_session_follows_the_page_from_its_first_cards() -> None:
    """The first shuffle's cut leaves the shoe starting at the cut: a session of seed 1."""
    session = Session(ruleset("CL"), ["A", "B", "C"], advance=100, min_bet=10, max_bet=100, seed=1)
    cards = shuffled(1, 2)
    assert [c.code for c in session.table.shoe.cards()] == cards[70:] + cards[:70]
