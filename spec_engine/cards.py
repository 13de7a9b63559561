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
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar, cast

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


def parse_card(code: object) -> Card:
    """The card for a code such as ``"QS"``; an unknown code, or anything but a string, is an
    :class:`InputError`. (Here and wherever the engine takes a caller's value, the parameter is
    typed ``object``: the engine checks it and names the field, in the compiled build as in the
    pure one, where a declared type would have the compiled code refuse it first, differently.)"""
    card = CARDS.get(code) if isinstance(code, str) else None  # (exactly: upper case, as the protocol)
    if card is None:
        raise InputError(
            f"unknown card code {code!r} (rank A 2-9 T J Q K then suit S H D C, upper case, e.g. 'TH')",
            field="card",
        )
    return card


def parse_cards(codes: object) -> list[Card]:
    """Cards from space- or comma-separated codes (``"AS TD 7C"``) or an iterable of codes."""
    items = codes.replace(",", " ").split() if isinstance(codes, str) else list(cast(Iterable[object], codes))
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


T = TypeVar("T")


def state_of(made: object) -> dict[str, Any]:
    """Every attribute of one of the engine's objects, by name, in either build (a compiled class
    gives them as a dictionary, a Python class with slots as ``(None, dictionary)``)."""
    state = made.__getstate__()
    return dict(state[1] if isinstance(state, tuple) else cast(dict[str, Any], state))


def restored(kind: Callable[..., T], made_by: tuple[Any, ...], state: dict[str, Any]) -> T:
    """An object made by its constructor from ``made_by``, then given ``state``: how the engine's
    objects are copied and pickled (``__reduce__``) in either build, since a compiled class makes
    its objects through its constructor only."""
    made = kind(*made_by)
    for name, value in state.items():
        setattr(made, name, value)
    return made


class ShoeExhausted(InputError):
    """A stacked shoe ran out: the scenario did not stack enough cards."""


class Shoe:
    """The cards still to be dealt, in order, with an optional cut card.

    ``cut_remaining`` is how many cards lie behind the cut card: once no more than that
    many remain, the cut card has come out (:attr:`cut_card_out`). A shoe made by
    :meth:`drawn_at_random` has no order yet: each draw picks its card.
    """

    __slots__ = ("_cards", "_pick", "cut_remaining", "dealt")

    def __init__(self, cards: Sequence[Card], *, cut_remaining: int | None = None) -> None:
        self._cards = list(reversed(cards))  # draw from the end: O(1)
        self._pick: Callable[[], float] | None = None  # (drawn_at_random: the generator that picks)
        self.cut_remaining = cut_remaining
        self.dealt = 0

    @classmethod
    def drawn_at_random(cls, cards: Sequence[Card], rng: random.Random) -> Shoe:
        """A shoe of ``cards`` in uniformly random order, decided as it is dealt: each draw picks
        one of the cards left with ``rng.random()`` (a Fisher-Yates shuffle, one step a card), so a
        round dealt from a full shoe pays for the few cards it uses, not for shuffling them all
        (the Monte-Carlo's rounds). Nothing can be seen before it is drawn (:meth:`peek`)."""
        shoe = cls(())
        shoe._cards = list(cards)
        shoe._pick = rng.random
        return shoe

    @classmethod
    def stacked(cls, codes: object) -> Shoe:
        """A shoe holding exactly these cards, dealt first to last (for scenarios)."""
        return cls(parse_cards(codes))

    @classmethod
    def shuffled(cls, decks: object, rng: random.Random) -> Shoe:
        """``decks`` full decks shuffled by ``rng`` (a seeded :class:`random.Random`)."""
        if not isinstance(decks, int) or decks < 1:
            raise InputError(f"need at least one deck, not {decks!r}", field="decks")
        cards = list(DECK) * decks
        shuffle(rng, cards)
        return cls(cards)

    def draw(self) -> Card:
        cards = self._cards
        if not cards:
            raise ShoeExhausted(f"the shoe is empty after {self.dealt} cards; stack more cards", field="shoe")
        if self._pick is not None:  # the card drawn is picked among those left, and put last
            last = len(cards) - 1
            pick = int(self._pick() * (last + 1))
            cards[pick], cards[last] = cards[last], cards[pick]
        self.dealt += 1
        return cards.pop()

    def __reduce__(self) -> tuple[Any, ...]:
        return restored, (Shoe, ((),), state_of(self))

    def peek(self) -> Card | None:
        """The next card, or ``None`` (an empty shoe, or one drawn at random)."""
        return self._cards[-1] if self._cards and self._pick is None else None

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
