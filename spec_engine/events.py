"""The event log: the common language of scenarios, the site, vectors and conformance.

Every card, announcement, decision and payment is one :class:`Event`, appended to a log
that is never rewritten. An event is a flat record; fields that do not apply are ``None``
and are left out of its JSON form. Boxes are numbered from 1 at the dealer's left; hands
within a box from 1 in the order they are played.

======================  =========================================================  =========================
type                    meaning                                                    fields
======================  =========================================================  =========================
*the shoe (table level)*
``shuffle``             the cards are shuffled (``info``: ``discards`` for a        total (cards), info
                        refill from the discards mid-round)
``offer_cut``           the cut is offered (no box: to any player)                 box
``cut``                 the shoe is cut: ``total`` cards go from front to back     box (who cut), total
``cut_card``            the cut card is placed ``total`` cards from the end        total
``burn``                a card is burnt face down                                  card
``dealer_change``       a new dealer takes over mid-shoe                           (none)
``cut_card_out``        the cut card has come out of the shoe                      (none)
``last_round``          the last round is announced (``info``: ``closing`` when    info
                        closing time is near)
*the round*
``bet``                 a bet is placed                                            box, bettor, amount
``stays``               a stake that pushed stays on its box as this round's bet   box, bettor, amount
``change_bet``          a bet is raised or lowered before the deal                 box, bettor, amount
``withdraw_bet``        a bet is taken back before the deal                        box, bettor
``consent``             the holder of a box whose seat is occupied consents to     box, bettor
                        ``bettor``'s bet on it
``objection``           ... or objects to it                                       box, bettor
``announce``            the dealer's call closing the bets (``info``: the words)   info
``card``                a card is dealt to a player's hand                         box, hand, card
``dealer_card``         a card is dealt to the dealer                              card
``dealer_hole``         the dealer's hole card is dealt face down (a hole-card     card
                        game: after the players' second cards); ``card`` records
                        its code for replay, a reader shows it face down
``options``             the dealer announces the options besides standing and      info
                        drawing (``info``: ``double, split, insurance`` as given)
``insurance_offered``   the dealer calls insurance                                 (none)
``insurance``           a bettor insures                                           box, bettor, amount
``even_money``          a bettor takes even money for his blackjack                box, bettor
``insurance_closed``    the dealer closes insurance                                (none)
``insurance_missed``    the dealer went on without calling insurance (a mistake)   (none)
``surrender_offered``   the dealer offers early surrender before his check         (none)
                        (a hole-card game: each hand may surrender now, on its
                        first two cards)
``surrender_closed``    the dealer closes early surrender                          (none)
``peek``                the dealer checks his hole card for a blackjack before     info
                        the players act (``info``: ``blackjack``, then the round
                        ends at once, or ``no_blackjack``)
``hole_turned``         the dealer turns his hole card face up (after a peek       card
                        found a blackjack, or before he draws)
``hit``                 the hand asks for a card                                   box, hand, bettor
``stand``               the hand stands (``info``: ``automatic`` when no choice)   box, hand, bettor, info
``double``              the hand doubles                                           box, hand, bettor
``split``               the hand splits; the new hand is ``hand + 1``              box, hand, bettor
``surrender``           the hand is given up for half its stake (settled at once   box, hand, bettor
                        where surrender is early, against the dealer's second card
                        where it is late)
``match``               a bettor adds a stake to follow a double or split          box, hand, bettor, amount
``decline``             a bettor behind declines a double or split                 box, hand, bettor, info
``bust``                a hand exceeds 21                                          box, hand, total
``absent``              the dealer plays the hand of a bettor who left             box, hand
``misdeal``             a card dealt to a box by mistake, or exposed (no box)      box, card
``remedy``              what the rule set does about it (``info``: ``void``,       card, info
                        ``return_to_shoe``, ``next_card`` or ``reconstruct``: every
                        card and settlement of the round so far is undone and the
                        round dealt again)
``dealer_discards``     the dealer discards his card: no bet is left in play (a    card
                        hole-card game: one event for each of his two cards, the
                        hole card unseen)
``dealer_total``        the dealer's final total (``info``: blackjack/bust/stands) total, info
``settle``              a stake is settled: ``amount`` is the bettor's net result  box, hand, bettor,
                        (``info``: blackjack, win, push, lose, surrender,          amount, stake, info
                        insurance_win, insurance_lose, even_money, excess_returned)
``clear``               the round's cards go to the discard tray (``info``: their  total (cards), info
                        codes, in the order collected)
*after the round*
``held``                an absent bettor's winnings are kept on the table          bettor, amount
``claimed``             ... and handed back when he returns                        bettor, amount
``forfeit``             ... or go to the bank when the rounds run out              bettor, amount
*the session*
``banker``              who banks now                                              bettor
``advance``             a participant advances money to the co-owned bank          bettor, amount
``session_end``         the round of bankers is over                               (none)
``share``               a participant's share of the bank                          bettor, amount
======================  =========================================================  =========================

Money is written as a decimal string (``"22.5"``): exact, whatever the language reading it.

Each type has a constructor of its name below (:func:`hit`, :func:`settle`, ...) whose
parameters are the type's fields: the engine builds every event through them, by name
(``events.hit(box, hand, bettor)``), never from positional fields.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Final, NamedTuple

from spec_engine.cards import CARDS as _CODES

Money = int | Fraction
"""Exact money: an ``int`` or a :class:`~fractions.Fraction`; never a float."""


def money(value: Money) -> Money:
    """Normalise: a whole :class:`Fraction` becomes an ``int``."""
    if type(value) is int:
        return value
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def money_str(value: Money) -> str:
    """Exact decimal text: ``22.5``, ``-10``; ``n/d`` if no finite decimal exists."""
    if isinstance(value, int):
        return str(value)
    num, den = value.numerator, value.denominator
    d, twos, fives = den, 0, 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{num}/{den}"
    places = max(twos, fives)
    if places == 0:
        return str(num)
    scaled = num * 10**places // den
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def parse_money(text: object) -> Money:
    """The inverse of :func:`money_str` (also takes plain ints); floats are refused."""
    from spec_engine.errors import InputError

    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise InputError(f"money must be written as text or a whole number, not {text!r}", field="amount")
    try:
        return money(Fraction(text))
    except (ValueError, ZeroDivisionError):
        raise InputError(f"not an amount of money: {text!r}", field="amount") from None


class Event(NamedTuple):
    """One entry of the log; see the module docstring for the vocabulary."""

    type: str
    box: int | None = None
    hand: int | None = None
    bettor: str | None = None
    card: str | None = None
    amount: Money | None = None
    stake: Money | None = None
    total: int | None = None
    info: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in zip(self._fields, self, strict=False):
            if value is None:
                continue
            out[key] = money_str(value) if key in ("amount", "stake") and not isinstance(value, str) else value
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        fields = dict(data)
        for key in ("amount", "stake"):
            if key in fields:
                fields[key] = parse_money(fields[key])
        return cls(**fields)


def to_jsonl(events: Iterable[Event]) -> str:
    """The log as JSON lines, one event a line."""
    return "".join(e.to_json() + "\n" for e in events)


# --- Building events ------------------------------------------------------------------------
# One constructor per type, its parameters the type's fields (the table above), each building
# its event by name. Events are immutable, so equal ones may be shared: the constructors of the
# events a round repeats (a bet of 10 on box 1, a card to hand 1 of box 1, a win of 10)
# remember the last few thousand they built (``_shared``, a least-recently-used cache written
# in C, which answers faster than a call to a Python function would: an event is built only
# the first time), which also keeps a long log from holding millions of objects for the
# garbage collector to walk. (The engine's boxes and hands are plain ints and its money
# exact, so equal arguments are the same values.)

_shared = functools.lru_cache(maxsize=4096)

_new: Final = Event.__new__
"""The named tuple's own constructor, by which every constructor below builds its event (its
fields by name): calling the class instead gathers the keywords into a dictionary first, and
asks ``__init__`` after; about 2,000 machine instructions more an event (Python 3.11)."""


# the shoe
def shuffle(total: int, info: str | None = None) -> Event:
    return _new(Event, "shuffle", total=total, info=info)


def offer_cut(box: int | None) -> Event:
    return _new(Event, "offer_cut", box=box)


def cut(box: int | None, total: int) -> Event:
    return _new(Event, "cut", box=box, total=total)


def cut_card(total: int) -> Event:
    return _new(Event, "cut_card", total=total)


def burn(card: str) -> Event:
    return _new(Event, "burn", card=card)


@_shared
def dealer_change() -> Event:
    return _new(Event, "dealer_change")


@_shared
def cut_card_out() -> Event:
    return _new(Event, "cut_card_out")


def last_round(info: str | None = None) -> Event:
    return _new(Event, "last_round", info=info)


# the round: bets
@_shared
def bet(box: int, bettor: str, amount: Money) -> Event:
    return _new(Event, "bet", box=box, bettor=bettor, amount=amount)


def stays(box: int, bettor: str, amount: Money) -> Event:
    return _new(Event, "stays", box=box, bettor=bettor, amount=amount)


def change_bet(box: int, bettor: str, amount: Money) -> Event:
    return _new(Event, "change_bet", box=box, bettor=bettor, amount=amount)


def withdraw_bet(box: int, bettor: str) -> Event:
    return _new(Event, "withdraw_bet", box=box, bettor=bettor)


def consent(box: int, bettor: str) -> Event:
    return _new(Event, "consent", box=box, bettor=bettor)


def objection(box: int, bettor: str) -> Event:
    return _new(Event, "objection", box=box, bettor=bettor)


def announce(info: str) -> Event:
    return _new(Event, "announce", info=info)


# the round: the deal and insurance
@_shared
def card(box: int, hand: int, card: str) -> Event:
    return _new(Event, "card", box=box, hand=hand, card=card)


@_shared
def dealer_card(card: str) -> Event:
    return _new(Event, "dealer_card", card=card)


def dealer_hole(card: str) -> Event:
    return _new(Event, "dealer_hole", card=card)


def peek(info: str) -> Event:
    return _new(Event, "peek", info=info)


def hole_turned(card: str) -> Event:
    return _new(Event, "hole_turned", card=card)


def surrender_offered() -> Event:
    return _new(Event, "surrender_offered")


def surrender_closed() -> Event:
    return _new(Event, "surrender_closed")


def options(info: str) -> Event:
    return _new(Event, "options", info=info)


@_shared
def insurance_offered() -> Event:
    return _new(Event, "insurance_offered")


def insurance(box: int, bettor: str, amount: Money) -> Event:
    return _new(Event, "insurance", box=box, bettor=bettor, amount=amount)


def even_money(box: int, bettor: str) -> Event:
    return _new(Event, "even_money", box=box, bettor=bettor)


@_shared
def insurance_closed() -> Event:
    return _new(Event, "insurance_closed")


@_shared
def insurance_missed() -> Event:
    return _new(Event, "insurance_missed")


# the round: the players' decisions
@_shared
def hit(box: int, hand: int, bettor: str | None) -> Event:
    return _new(Event, "hit", box=box, hand=hand, bettor=bettor)


@_shared
def stand(box: int, hand: int, bettor: str | None, info: str | None = None) -> Event:
    return _new(Event, "stand", box=box, hand=hand, bettor=bettor, info=info)


@_shared
def double(box: int, hand: int, bettor: str) -> Event:
    return _new(Event, "double", box=box, hand=hand, bettor=bettor)


def split(box: int, hand: int, bettor: str) -> Event:
    return _new(Event, "split", box=box, hand=hand, bettor=bettor)


def surrender(box: int, hand: int, bettor: str) -> Event:
    return _new(Event, "surrender", box=box, hand=hand, bettor=bettor)


@_shared
def match(box: int, hand: int, bettor: str, amount: Money) -> Event:
    return _new(Event, "match", box=box, hand=hand, bettor=bettor, amount=amount)


def decline(box: int, hand: int, bettor: str, info: str) -> Event:
    return _new(Event, "decline", box=box, hand=hand, bettor=bettor, info=info)


@_shared
def bust(box: int, hand: int, total: int) -> Event:
    return _new(Event, "bust", box=box, hand=hand, total=total)


def absent(box: int, hand: int) -> Event:
    return _new(Event, "absent", box=box, hand=hand)


def misdeal(box: int | None, card: str) -> Event:
    return _new(Event, "misdeal", box=box, card=card)


def remedy(card: str, info: str) -> Event:
    return _new(Event, "remedy", card=card, info=info)


# the round: the dealer and the settlement
@_shared
def dealer_discards(card: str) -> Event:
    return _new(Event, "dealer_discards", card=card)


@_shared
def dealer_total(total: int, info: str) -> Event:
    return _new(Event, "dealer_total", total=total, info=info)


@_shared
def settle(box: int, hand: int | None, bettor: str, amount: Money, stake: Money, info: str) -> Event:
    return _new(Event, "settle", box=box, hand=hand, bettor=bettor, amount=amount, stake=stake, info=info)


def clear(total: int, info: str) -> Event:
    return _new(Event, "clear", total=total, info=info)


# The events a round repeats, as tables: ``BETS[box, bettor, amount]`` is ``bet(box, bettor, amount)``
# (the fields in the constructor's order), built by that constructor, by name, the first time it
# is asked for and shared after. A lookup costs the engine's hot path less than a call would (a
# table is read without a call in either build); each table keeps at most SHARED_MAX events.

SHARED_MAX = 4096
"""The most events one table of shared events keeps (it then starts again)."""


class Shared:
    """The events of one type by their fields (a tuple, in the constructor's order): ``table[key]``
    is the event, built by :attr:`build`, the type's constructor, on first use (:meth:`make`) and
    kept in :attr:`events`. The engine's hot path reads :attr:`events` itself and asks the table
    only when the event is not there yet (``try: ... events[key] ... except KeyError``): Python 3.11
    specialises a plain dictionary's lookup, and a dictionary subclass's ``[]`` is a call of a
    Python-level method (about 200 machine instructions more a lookup, in either build)."""

    __slots__ = ("build", "events")

    def __init__(self, build: Callable[..., Event]) -> None:
        self.build = build
        self.events: dict[Any, Event] = {}
        """The events built so far by their key (the same dictionary for the table's life: cleared,
        never replaced, when it holds SHARED_MAX)."""

    def __getitem__(self, key: Any) -> Event:
        events = self.events
        event = events.get(key)
        if event is None:
            if len(events) >= SHARED_MAX:
                events.clear()
            event = events[key] = self.make(key)
        return event

    def __len__(self) -> int:
        return len(self.events)

    def make(self, key: Any) -> Event:
        """The event ``key`` stands for, built: here the key is its fields."""
        return self.build(*key)


class ByBettor(Shared):
    """The events of one type on one hand, keyed by the bettor who decides them alone (a
    :class:`Shared` table without a tuple to build and hash): ``build(box, hand, bettor)``."""

    __slots__ = ("box", "hand")

    def __init__(self, build: Callable[[int, int, str], Event], box: int, hand: int) -> None:
        super().__init__(build)
        self.box = box
        self.hand = hand

    def make(self, key: Any) -> Event:
        """The event of ``key``, the bettor, on this hand."""
        return self.build(self.box, self.hand, key)


class HandEvents:
    """The decisions on one hand as events: its ``hits`` and ``stands`` by the bettor who
    decides (:class:`ByBettor`), and its ``automatic`` stand. A table's hot path reads them by
    the box's and the hand's number (:data:`HAND_EVENTS`) without building a tuple to hash, as a
    Shared table's lookup does (about 300 machine instructions less a decision)."""

    __slots__ = ("automatic", "hits", "stands")

    def __init__(self, box: int, hand: int) -> None:
        self.hits = ByBettor(hit, box, hand)
        self.stands = ByBettor(stand, box, hand)
        self.automatic = stand(box, hand, None, "automatic")


BETS = Shared(bet)
DOUBLES = Shared(double)
BUSTS = Shared(bust)
SETTLES = Shared(settle)

DEALER_CARDS: Final[dict[str, Event]] = {code: dealer_card(code) for code in _CODES}
"""The dealer's card events by the card's code, built whole: its one field has 52 values. A plain
dictionary, whose lookup Python 3.11 specialises (a subclass's, as :class:`Shared`, it does not:
about 200 machine instructions more a lookup)."""

DEALER_TOTALS: Final[list[dict[str, Event]]] = [
    {info: dealer_total(total, info) for info in ("blackjack", "bust", "stands")} for total in range(32)
]
"""The dealer's final totals: ``DEALER_TOTALS[total][info]`` is ``dealer_total(total, info)``, built
whole: he draws only while his total is at most 21, so it never passes 31 (a list by the total, a
plain dictionary by ``info``; a lookup costs a quarter of a Shared table's)."""

CARD_EVENTS: Final[list[list[dict[str, Event]]]] = [[]]
"""The events of a card dealt to a player's hand: ``CARD_EVENTS[box][hand][code]`` is
``card(box, hand, code)``. Lists by the box's and the hand's number (their item 0 unused), each
hand's 52 events built whole, made ready by :func:`ready_cards` before a box or a hand is dealt to.
Its lookup, two lists' and a plain dictionary's, costs about 400 machine instructions, a Shared
table's about 1,000 (it builds a tuple and hashes it, and a subclass's lookup is not specialised)."""


HAND_EVENTS: Final[list[list[HandEvents]]] = [[]]
"""The decisions on a player's hand: ``HAND_EVENTS[box][hand]`` (:class:`HandEvents`), by the box's
and the hand's number as :data:`CARD_EVENTS` (item 0 of each box unused), made ready with it."""


def ready_cards(box: int, hands: int = 1) -> None:
    """Make :data:`CARD_EVENTS` and :data:`HAND_EVENTS` ready for hand 1 of boxes 1 to ``box``, and
    for hands 1 to ``hands`` of box ``box``: a round asks so for its rule set's boxes, and for a box
    that splits."""
    while len(CARD_EVENTS) <= box:
        CARD_EVENTS.append([{}, _hand_cards(len(CARD_EVENTS), 1)])
        HAND_EVENTS.append([HandEvents(len(HAND_EVENTS), 0), HandEvents(len(HAND_EVENTS), 1)])
    row = CARD_EVENTS[box]
    decisions = HAND_EVENTS[box]
    while len(row) <= hands:
        row.append(_hand_cards(box, len(row)))
        decisions.append(HandEvents(box, len(decisions)))


def _hand_cards(box: int, hand: int) -> dict[str, Event]:
    return {code: card(box, hand, code) for code in _CODES}


# after the round
def held(bettor: str, amount: Money) -> Event:
    return _new(Event, "held", bettor=bettor, amount=amount)


def claimed(bettor: str, amount: Money) -> Event:
    return _new(Event, "claimed", bettor=bettor, amount=amount)


def forfeit(bettor: str, amount: Money) -> Event:
    return _new(Event, "forfeit", bettor=bettor, amount=amount)


# the session
def banker(bettor: str) -> Event:
    return _new(Event, "banker", bettor=bettor)


def advance(bettor: str, amount: Money) -> Event:
    return _new(Event, "advance", bettor=bettor, amount=amount)


@_shared
def session_end() -> Event:
    return _new(Event, "session_end")


def share(bettor: str, amount: Money) -> Event:
    return _new(Event, "share", bettor=bettor, amount=amount)
