"""Cards, hand totals and the shoe.

Card notation (one notation, used everywhere: scenarios, event logs, the protocol): a rank
letter then a suit letter, ``AS`` (ace of spades), ``TH`` (ten of hearts), ``7C``,
``QD``. Ranks ``A 2 3 4 5 6 7 8 9 T J Q K``; suits ``S H D C``. Anything else is an
:class:`~spec_engine.errors.InputError`.

>>> parse_card("TH").value, parse_card("AS").value
(10, 1)
>>> hand_total(parse_cards("AS 6D"))
(17, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from spec_engine.errors import InputError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
_VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


class Card:
    """A playing card. Instances are interned: one object per code, compared by identity."""

    __slots__ = ("code", "rank", "suit", "value")

    code: str
    rank: str
    suit: str
    value: int
    """Its count with aces as 1 (ace 1, figures 10, others their number)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.rank = code[0]
        self.suit = code[1]
        self.value = _VALUES.get(self.rank) or int(self.rank)

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @property
    def is_ace(self) -> bool:
        return self.value == 1

    @property
    def is_ten_value(self) -> bool:
        return self.value == 10


CARDS: dict[str, Card] = {r + s: Card(r + s) for s in SUITS for r in RANKS}
DECK: tuple[Card, ...] = tuple(CARDS.values())


def parse_card(code: str) -> Card:
    """The card for a code such as ``"QS"``; an unknown code is an :class:`InputError`."""
    card = CARDS.get(code) if isinstance(code, str) else None  # (exactly: upper case, as the protocol)
    if card is None:
        raise InputError(
            f"unknown card code {code!r} (rank A 2-9 T J Q K then suit S H D C, upper case, e.g. 'TH')",
            field="card",
        )
    return card


def parse_cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from space- or comma-separated codes (``"AS TD 7C"``) or an iterable of codes."""
    items = codes.replace(",", " ").split() if isinstance(codes, str) else list(codes)
    return [parse_card(c) for c in items]


def hand_total(cards: Iterable[Card]) -> tuple[int, bool]:
    """The best total (an ace counts 11 when that does not exceed 21) and whether it is soft."""
    hard = 0
    aces = False
    for card in cards:
        hard += card.value
        aces = aces or card.value == 1
    if aces and hard <= 11:
        return hard + 10, True
    return hard, False


def possible_totals(cards: Iterable[Card]) -> frozenset[int]:
    """Every total the cards can count: the hard total, and +10 for one ace up to 21."""
    hard = 0
    aces = False
    for card in cards:
        hard += card.value
        aces = aces or card.value == 1
    return frozenset((hard, hard + 10)) if aces and hard <= 11 else frozenset((hard,))


def _inline_shuffle(rng: random.Random, cards: list[Card]) -> None:
    """:meth:`random.Random.shuffle` written out: its ``_randbelow`` inlined (a call less per card),
    the number of random bits found once per run of positions that share it."""
    getrandbits = rng.getrandbits
    top = len(cards) - 1
    while top > 0:
        # the positions i whose i + 1 has k bits draw k bits each, until below i + 1
        k = (top + 1).bit_length()
        low = max(1, (1 << (k - 1)) - 1)
        for i in range(top, low - 1, -1):
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            cards[i], cards[j] = cards[j], cards[i]
        top = low - 1


def _inline_is_exact() -> bool:
    """Whether :func:`_inline_shuffle` gives this Python's own shuffle, draw for draw."""
    for seed in (0, 1, 2026):
        ours, theirs = list(DECK) * 3, list(DECK) * 3
        _inline_shuffle(random.Random(seed), ours)
        random.Random(seed).shuffle(theirs)
        if ours != theirs:
            return False
    return True


_INLINE_EXACT = _inline_is_exact()


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, only faster: the
    inlined loop serves a plain :class:`random.Random` once it has been checked, at import,
    to give the same order as this Python's own shuffle; anything else gets ``rng.shuffle``."""
    if _INLINE_EXACT and type(rng) is random.Random:
        _inline_shuffle(rng, cards)
    else:
        rng.shuffle(cards)


class ShoeExhausted(InputError):
    """A stacked shoe ran out: the scenario did not stack enough cards."""


class Shoe:
    """The cards still to be dealt, in order, with an optional cut card.

    ``cut_remaining`` is how many cards lie behind the cut card: once no more than that
    many remain, the cut card has come out (:attr:`cut_card_out`).
    """

    __slots__ = ("_cards", "cut_remaining", "dealt")

    def __init__(self, cards: Sequence[Card], *, cut_remaining: int | None = None) -> None:
        self._cards = list(reversed(cards))  # draw from the end: O(1)
        self.cut_remaining = cut_remaining
        self.dealt = 0

    @classmethod
    def stacked(cls, codes: str | Iterable[str]) -> Shoe:
        """A shoe holding exactly these cards, dealt first to last (for scenarios)."""
        return cls(parse_cards(codes))

    @classmethod
    def shuffled(cls, decks: int, rng: random.Random) -> Shoe:
        """``decks`` full decks shuffled by ``rng`` (a seeded :class:`random.Random`)."""
        if not isinstance(decks, int) or decks < 1:
            raise InputError(f"need at least one deck, not {decks!r}", field="decks")
        cards = list(DECK) * decks
        shuffle(rng, cards)
        return cls(cards)

    def draw(self) -> Card:
        try:
            card = self._cards.pop()
        except IndexError:
            raise ShoeExhausted(f"the shoe is empty after {self.dealt} cards; stack more cards", field="shoe") from None
        self.dealt += 1
        return card

    def peek(self) -> Card | None:
        return self._cards[-1] if self._cards else None

    def load(self, cards: Sequence[Card], *, cut_remaining: int | None = None) -> None:
        """Replace the contents (a reshuffle or a refill), keeping this shoe object."""
        self._cards = list(reversed(cards))
        self.cut_remaining = cut_remaining

    def rotate(self, at: int) -> None:
        """Move the first ``at`` cards, in their order, behind the others (a cut)."""
        cards = self._cards  # (the dealing order reversed: its first cards are at the end)
        keep = len(cards) - at
        self._cards = cards[keep:] + cards[:keep]

    def put_back(self, card: Card) -> None:
        """Return a card to the top of the shoe (a misdealt card to its previous position)."""
        self._cards.append(card)
        self.dealt -= 1

    @property
    def remaining(self) -> int:
        return len(self._cards)

    @property
    def cut_card_out(self) -> bool:
        return self.cut_remaining is not None and len(self._cards) <= self.cut_remaining

    def cards(self) -> list[Card]:
        """The remaining cards in dealing order (a copy)."""
        return self._cards[::-1]
