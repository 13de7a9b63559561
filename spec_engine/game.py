"""The round as a state machine (the round level; :mod:`spec_engine.table` deals rounds from a shoe).

Phases and what they allow (``Round.legal_actions()`` lists the concrete ones)::

    BETTING    bet, deal
    INSURANCE  insurance, even_money, close_insurance     (dealer's first card is an ace)
    SURRENDER  surrender, close_surrender                 (early surrender before the dealer's peek)
    PLAYING    hit, stand, double, split                  (the current hand only)
    DONE       nothing: the round is settled and cleared

``deal`` announces the close of bets, deals in the rule set's order and pays the
naturals the rule set pays at once. In a hole-card game (``hole_card``) the dealer's
second card is dealt face down after the players' second cards; when the rule set has him
check it (an ace up, or a ten-valued card up under ``peek``), insurance is called, then early
surrender where the rule set offers it, then he peeks: a blackjack ends the round at once;
otherwise insurance is settled and the players act, and he turns his hole card before he
draws. Insurance is called after the initial deal or just
before the dealer's second card, as the rule set says. Once the last hand is complete
the dealer draws (or discards, when no bet is left in play) and every stake is settled
in the payment order. Each action checks the rules first and raises
:class:`~spec_engine.errors.RuleViolation` citing the clauses that forbid it; malformed
input raises :class:`~spec_engine.errors.InputError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from enum import StrEnum
from fractions import Fraction
from typing import Any, Final, NamedTuple, TypeGuard, cast

from spec_engine import events as ev
from spec_engine.cards import Card, Shoe, ShoeExhausted, restored, state_of
from spec_engine.errors import InputError, RuleViolation
from spec_engine.events import Event, Money, money, money_str
from spec_engine.i18n import N_, _, ngettext
from spec_engine.rules import RuleSet
from spec_engine.words import words


class Phase(StrEnum):
    BETTING = "betting"
    INSURANCE = "insurance"
    SURRENDER = "surrender"
    PLAYING = "playing"
    DONE = "done"


PHASE_ACTIONS: dict[Phase, tuple[str, ...]] = {
    Phase.BETTING: ("bet", "deal"),
    Phase.INSURANCE: ("insurance", "even_money", "close_insurance"),
    Phase.SURRENDER: ("surrender", "close_surrender"),
    Phase.PLAYING: ("hit", "stand", "double", "split", "surrender"),
    Phase.DONE: (),
}

# the phases as module constants: an enum member's attribute lookup costs a call on every use
# (Final: the compiled engine holds each in a C variable, not a lookup in the module's namespace)
_BETTING: Final = Phase.BETTING
_INSURANCE: Final = Phase.INSURANCE
_SURRENDER: Final = Phase.SURRENDER
_PLAYING: Final = Phase.PLAYING
_DONE: Final = Phase.DONE

_THE_PHASE = {
    Phase.BETTING: N_("the betting phase"),
    Phase.INSURANCE: N_("the insurance phase"),
    Phase.SURRENDER: N_("the surrender phase"),
    Phase.PLAYING: N_("the playing phase"),
    Phase.DONE: N_("the done phase"),
}
"""Each phase as a refusal names it (a message: translated where a refusal is made)."""
_ONLY_IN = {
    # i18n: {the_phase} is the phase the round is in ("the betting phase").
    Phase.BETTING: N_("not allowed in {the_phase} (only in betting)"),
    Phase.INSURANCE: N_("not allowed in {the_phase} (only in insurance)"),
    Phase.SURRENDER: N_("not allowed in {the_phase} (only in surrender)"),
    Phase.PLAYING: N_("not allowed in {the_phase} (only in playing)"),
}
"""An action out of its phase, one sentence per phase that allows it."""

# the tables of the events a round repeats (events.Shared; DEALER_CARDS, CARD_EVENTS plain; HAND_EVENTS
# a hand's decisions), each a C variable compiled. A Shared table is read from its plain dictionary
# of the events built so far (``events``), and asked for an event only when it is not there yet
# (a plain dictionary's lookup costs Python 3.11 about 200 machine instructions less)
_BETS: Final = ev.BETS
_BET_EVENTS: Final = ev.BETS.events
_CARD_EVENTS: Final = ev.CARD_EVENTS
_DEALER_CARDS: Final = ev.DEALER_CARDS
_HAND_EVENTS: Final = ev.HAND_EVENTS
_DOUBLES: Final = ev.DOUBLES
_DOUBLE_EVENTS: Final = ev.DOUBLES.events
_BUSTS: Final = ev.BUSTS
_BUST_EVENTS: Final = ev.BUSTS.events
_DEALER_TOTALS: Final = ev.DEALER_TOTALS
_SETTLES: Final = ev.SETTLES
_SETTLE_EVENTS: Final = ev.SETTLES.events


class Action(NamedTuple):
    """A legal action: its kind, and the box and bettor it concerns where it has them."""

    kind: str
    box: int | None = None
    bettor: str | None = None


class Hand:
    """One hand of a box: its cards and each bettor's stake on it. Two cards dealt as a box's
    first hand (not from a split) that make 21 are a blackjack: the hand is complete."""

    __slots__ = (
        "ace",
        "cards",
        "done",
        "doubled",
        "from_split",
        "hard",
        "natural",
        "open",
        "original",
        "stakes",
        "surrendered",
    )

    def __init__(self, cards: list[Card], stakes: dict[str, Money], *, from_split: bool = False) -> None:
        self.cards = cards
        hard = 0
        ace = False
        for card in cards:
            value = card.value
            hard += value
            if value == 1:
                ace = True
        self.hard = hard
        self.ace = ace
        self.stakes = stakes  # (a box's first hand shares the box's bets: a double copies them first)
        # the stakes as first placed (split hands: none)
        self.original = stakes if not from_split else dict.fromkeys(stakes, 0)
        self.open = set(stakes)  # bettors whose stake is not settled yet
        self.doubled = False
        self.surrendered = False  # (a late surrender waits for the dealer's second card)
        natural = False  # (a condition, not a kept answer: 3.11 specialises its comparisons only so)
        if ace and hard == 11 and len(cards) == 2 and not from_split:
            natural = True
        self.done = self.natural = natural
        self.from_split = from_split

    def __reduce__(self) -> tuple[Any, ...]:
        return restored, (Hand, ([], {}), state_of(self))

    def add(self, card: Card) -> None:
        self.cards.append(card)
        value = card.value
        self.hard += value
        if value == 1:
            self.ace = True

    @property
    def total(self) -> int:
        return self.hard + 10 if self.ace and self.hard <= 11 else self.hard

    @property
    def soft(self) -> bool:
        return self.ace and self.hard <= 11

    def codes(self) -> str:
        return " ".join(c.code for c in self.cards)


class _Empty(dict[Any, Any]):
    """The one empty mapping that boxes and rounds share until they write to it (each writer puts
    a dictionary of its own in its place first): most rounds never write there, and a round
    makes fewer objects. It refuses writes, and a copy or a pickle of it is itself."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("the shared empty mapping is not written to: put a dictionary of your own in its place")

    # (each a method of its own: the compiled build overrides a dictionary's methods only so)
    def __setitem__(self, key: Any, value: Any) -> None:
        self._refuse()

    def setdefault(self, *args: Any, **kwargs: Any) -> Any:
        return self._refuse()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._refuse()

    def __ior__(self, other: Any) -> Any:  # type: ignore[misc]
        return self._refuse()

    def __copy__(self) -> _Empty:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> _Empty:
        return self

    def __reduce__(self) -> str:
        return "_NOTHING"  # (the module's own: unpickling gives the shared one)


_NOTHING: Final = _Empty()
_NOBODY: Final[frozenset[str]] = frozenset()


class Box:
    """A betting box: its bettors, hands and insurance, and who holds it (:attr:`owner`). Its
    unnoticed excess and its insurance are the shared empty mapping and its even money an empty
    frozenset until someone has one."""

    __slots__ = (
        "bets",
        "even_money",
        "excess",
        "hands",
        "holder",
        "insurance",
        "number",
        "seated",
        "series_open",
        "special",
    )

    def __init__(self, number: int, seated: bool, holder: str | None = None) -> None:
        self.number = number
        self.holder = holder  # the player seated at the box, where the round was told who sits there
        self.bets: dict[str, Money] = {}
        self.excess: dict[str, Money] = _NOTHING  # an unnoticed over-maximum part, returned at the end
        self.special: str | None = None  # the bettor playing a special maximum on this box
        self.hands: list[Hand] = []
        self.insurance: dict[str, Money] = _NOTHING
        self.even_money: AbstractSet[str] = _NOBODY
        self.seated = seated
        self.series_open = False

    def __reduce__(self) -> tuple[Any, ...]:
        return restored, (Box, (0, False), state_of(self))

    @property
    def owner(self) -> str:
        """The box's holder: the player seated at it, once he has a bet on it; otherwise (who
        sits there is not known, or he has no bet on it) the first bettor."""
        return self._owner()

    def _owner(self) -> str:
        """:attr:`owner`, asked by a call: the engine's hot path asks so (a property's lookup
        costs more than a method's call in Python 3.11)."""
        holder = self.holder
        if holder is not None and holder in self.bets:
            return holder
        for first in self.bets:  # (the first bettor: a loop answers sooner than next(iter(...)))
            return first
        raise LookupError(f"box {self.number} has no bet")


def limits_refusal(rules: RuleSet, min_bet: Money, max_bet: Money | None) -> tuple[str, str] | None:
    """Why a table's limits break the rule set (its step for bets, the ratio of its maximum to
    its minimum), as (rule, reason); ``None`` when they are allowed. Checked wherever limits
    are set: a round, a table, a session."""
    step = rules.bet_multiple
    if step is not None and (min_bet % step or (max_bet is not None and max_bet % step)):
        if max_bet is None:
            return "bet_multiple", _("limits {low} must be multiples of {step}", low=money_str(min_bet), step=step)
        return "bet_multiple", _(
            "limits {low} and {high} must be multiples of {step}",
            low=money_str(min_bet),
            high=money_str(max_bet),
            step=step,
        )
    if rules.limit_ratio is not None:
        low, high = rules.limit_ratio
        if max_bet is None:  # no maximum is a ratio beyond any bound
            return (
                "limit_ratio",
                _(
                    "a maximum is needed: between {low} and {high} times the minimum {minimum}",
                    low=low,
                    high=high,
                    minimum=money_str(min_bet),
                ),
            )
        if not low * min_bet <= max_bet <= high * min_bet:
            return (
                "limit_ratio",
                _(
                    "the maximum {maximum} must lie between {low} and {high} times the minimum {minimum}",
                    maximum=money_str(max_bet),
                    low=low,
                    high=high,
                    minimum=money_str(min_bet),
                ),
            )
    return None


def seat_holders(rules: RuleSet, seated: object) -> Mapping[int, str]:
    """The players seated at the boxes, by box, where ``seated`` names them (else none), or
    the refusal naming the field ``seated``. Checked wherever seats are given: a round, a table."""
    if not isinstance(seated, Mapping):
        return _NOTHING
    for number, name in seated.items():
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= rules.max_boxes:
            raise InputError(
                _("no box {number}: boxes are 1..{last}", number=repr(number), last=rules.max_boxes), field="seated"
            )
        if not isinstance(name, str) or not name:
            raise InputError(
                _("the player seated at box {number} is named by a non-empty string", number=number), field="seated"
            )
    return dict(seated)


UNHONOURED: dict[str, tuple[object, str]] = {
    "bets_closed_at_deal": (False, N_("bets always close when the deal starts")),
    "double_on_blackjack": (True, N_("a blackjack is complete as soon as it is dealt")),
}
"""Rule values the engine cannot play, with the reason: a rule set holding one is refused,
never played as if it said otherwise."""


def unhonoured(rules: RuleSet) -> list[tuple[str, str]]:
    """The rule values of ``rules`` the engine cannot honour (see :data:`UNHONOURED`), and the
    values that cannot be played together, each as (field, why)."""
    clash = []
    if rules.hole_card != "none" and rules.insurance_timing == "before_dealer_second_card":
        clash.append(
            (
                "hole_card",
                _(
                    "hole_card = {hole} and insurance_timing = {timing} cannot be played together: the "
                    "dealer's second card is dealt at the deal and insurance is settled when he checks it, "
                    "before the players act",
                    hole=repr(rules.hole_card),
                    timing=repr(rules.insurance_timing),
                ),
            )
        )
    return clash + [
        (
            name,
            _(
                "{name} = {value}: the engine cannot play this value ({reason})",
                name=name,
                value=repr(value),
                reason=_(reason),
            ),
        )
        for name, (value, reason) in UNHONOURED.items()
        if getattr(rules, name) == value
    ]


def _is_money(value: object) -> TypeGuard[Money]:
    return isinstance(value, (int, Fraction)) and not isinstance(value, bool)


def given_items(given: object, field: str, size: int = 0, shape: str = "") -> list[Any]:
    """The items of ``given``, a caller's collection; with ``size``, each a list or tuple of that
    many values (``shape`` names them), as a tuple. Anything else is the refusal naming ``field``."""
    if not isinstance(given, Iterable):
        raise InputError(_("a collection is expected, not {given}", given=repr(given)), field=field)
    if not size:
        return list(given)
    out = []
    for item in given:
        if not isinstance(item, (tuple, list)) or len(item) != size:
            raise InputError(_("each is given as ({shape}), not {item}", shape=shape, item=repr(item)), field=field)
        out.append(tuple(item))
    return out


def limits_input(min_bet: object, max_bet: object) -> tuple[Money, Money | None]:
    """A table's limits as exact amounts, or the refusal naming the field ``limits``. Checked
    wherever limits are given: a round, a table."""
    if (
        not _is_money(min_bet)
        or min_bet <= 0
        or (max_bet is not None and (not _is_money(max_bet) or max_bet < min_bet))
    ):
        raise InputError(
            _(
                "table limits {low}..{high} are not exact amounts with min <= max",
                low=repr(min_bet),
                high=repr(max_bet),
            ),
            field="limits",
        )
    return min_bet, max_bet


def _options(rules: RuleSet, ace_up: bool) -> list[str]:
    """The options besides standing and drawing that the rule set gives a round."""
    options = []
    if rules.double_totals is None or rules.double_totals:
        options.append("double")
    if rules.max_split_hands is None or rules.max_split_hands > 1:
        options.append("split")
    if ace_up:
        options.append("insurance")
    return options


class _Accepted:
    """A rule set a round has accepted with its limits, and the dealer's calls that depend on
    the rule set alone: the ``announce`` closing the bets (``None`` where it has no call) and
    the ``options``, with no ace up and with one (``None`` where they are not announced); and
    whether the dealer takes a ``hole`` card at the deal. (It makes the card events of the rule
    set's boxes ready: events.ready_cards.)"""

    __slots__ = ("announce", "hole", "max_bet", "min_bet", "options", "rules")

    def __init__(self, rules: RuleSet, min_bet: object, max_bet: object) -> None:
        self.rules = rules  # (held, so that its id is not reused while cached)
        ev.ready_cards(rules.max_boxes)
        self.min_bet = min_bet  # (the very limits accepted: a table passes the same objects again)
        self.max_bet = max_bet
        call = rules.no_more_bets_call
        self.announce = ev.announce(call) if call else None
        self.hole = rules.hole_card != "none"  # (the dealer takes a hole card at the deal)
        self.options = (
            (
                ev.options(", ".join(_options(rules, False))),
                ev.options(", ".join(_options(rules, True))),
            )
            if rules.announce_options
            else None
        )


_ACCEPTED: Final[dict[tuple[int, object, object, type, type], _Accepted]] = {}
"""Rule sets (by id) with the limits a round has already accepted (their types in the key: a
``True`` is not a ``1``): a rule set is frozen, so the same limits under it pass the same
checks again (a table's every round)."""


class Round:
    """One round of blackjack under a rule set, dealt from ``shoe``.

    ``seated`` lists the boxes whose seat is occupied (default: all), or maps each to the
    player seated there: he holds the box (answers for bets behind it and decides its play)
    whoever bets first; without his name the first bettor holds it. Where the holder alone
    decides (``box_owner_decides``), a box whose seated player has no bet on it is not dealt
    with the bets of others on it: none of them may decide its play. On a box with an empty
    seat the rule set's ``unseated_box_decider`` says who decides. ``special_max``
    gives the bettors authorised a special maximum (where the rule set has one). ``log`` is the
    list events are appended to (a table passes its own); ``refill`` is called with the
    round's cut-card receiver when the shoe runs out mid-round (a table reshuffles its discards;
    a stacked shoe has none). ``players``: how many players the table has (a table of a given
    number of people): no more bettors than that may bet. ``accepted``: what the last round of
    the same table accepted (its ``_known``), whose rule set and limits, the same objects again,
    need no checking.
    """

    __slots__ = (
        "_bi",
        "_cut_pending",
        "_hi",
        "_hole",
        "_hole_stage",
        "_insurance_done",
        "_known",
        "_order",
        "_paying",
        "_refill",
        "_settled",
        "_start",
        "answers",
        "boxes",
        "cleared",
        "cut_card_box",
        "dealer",
        "drawn",
        "holders",
        "log",
        "max_bet",
        "min_bet",
        "net",
        "phase",
        "players",
        "rules",
        "seated",
        "shoe",
        "special_max",
        "voided",
    )

    def __init__(
        self,
        rules: RuleSet,
        shoe: Shoe,
        min_bet: object = 1,
        max_bet: object = None,
        seated: object = None,
        log: list[Event] | None = None,
        refill: Callable[[int | None], None] | None = None,
        special_max: Mapping[str, Money] | None = None,
        players: int | None = None,
        accepted: _Accepted | None = None,
    ) -> None:
        known = accepted  # (a table's last round's: the same rule set and limits, the same objects)
        fresh = False  # (the rule set and limits not accepted before: checked here)
        if known is None or known.rules is not rules or known.min_bet is not min_bet or known.max_bet is not max_bet:
            key = (id(rules), min_bet, max_bet, type(min_bet), type(max_bet))
            try:  # (limits accepted with this very rule set skip the checks below)
                known = _ACCEPTED.get(key)
            except TypeError:  # unhashable: not money (the checks below say so)
                known = None
            if known is None or known.rules is not rules:
                fresh = True
                limits_input(min_bet, max_bet)
                for name, why in unhonoured(rules):
                    raise InputError(why, field=name)
        self.rules = rules
        self.shoe = shoe
        # (checked above, or the same as limits checked before; no cast(): a call a round)
        self.min_bet: Money = min_bet  # type: ignore[assignment]
        self.max_bet: Money | None = max_bet  # type: ignore[assignment]
        self.holders: Mapping[int, str] = _NOTHING if seated is None else seat_holders(rules, seated)
        self.seated = None if seated is None else frozenset(cast(Iterable[int], seated))
        self.players = players
        if log is None:
            log = []
        self.log: list[Event] = log
        self._start = len(log)
        self._refill = refill
        self.phase = _BETTING
        self.boxes: dict[int, Box] = {}
        self.answers: dict[tuple[int, str], bool] = _NOTHING  # (until the first answer)
        """The box holders' answers to bets behind: (box, bettor) -> consent (else objection)."""
        self.dealer: list[Card] = []
        self.voided: list[Card] = []
        self.cleared: Sequence[Card] = ()
        """The cards that went to the discard tray when the round was cleared (none before)."""
        self.net: dict[str, Money] = {}
        self.drawn: list[Card] = []
        """Every card drawn from the shoe this round, in order."""
        self.cut_card_box: int | None = None
        """The box that would have received the cut card (0: the dealer), once it came out."""
        self._cut_pending = False
        self.special_max: dict[str, Money] = dict(special_max) if special_max else _NOTHING
        self._order: Sequence[Box] = ()  # the boxes in the playing order, once play starts
        self._paying: Sequence[Box] = ()  # the boxes in the payment order, once the deal starts
        self._bi = 0
        self._hi = 0
        self._insurance_done = False
        self._hole: Card | None = None  # the dealer's hole card while face down (a hole-card game)
        self._hole_stage = 0  # 0: before the check; 1: early surrender offered; 2: checked (or none due)
        self._settled: list[Event] = []  # the settle events that stand (see settlements())
        if fresh:
            refusal = limits_refusal(rules, self.min_bet, self.max_bet)
            if refusal is not None:
                raise self._refuse(*refusal, "limits")
            if len(_ACCEPTED) >= 256:
                _ACCEPTED.clear()
            known = _ACCEPTED[key] = _Accepted(rules, min_bet, max_bet)
        self._known: _Accepted = known  # type: ignore[assignment]  # (known, or made above when fresh)

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy (``copy.deepcopy``) or a pickle, in either build: the round remade from its rule
        set, shoe, limits and log, then given its state. Its log is its own (a deep copy may map
        it to another list in its memo); it has no refill: a copy never shuffles its table's
        discards."""
        state = state_of(self)
        for name in ("_known", "_refill"):  # (made again by the constructor, or none)
            del state[name]
        return restored, (Round, (self.rules, self.shoe, self.min_bet, self.max_bet, None, self.log), state)

    # ------------------------------------------------------------------ views
    @property
    def events(self) -> list[Event]:
        """This round's events (a copy)."""
        return self.log[self._start :]

    @property
    def dealer_total(self) -> int:
        hard = sum(c.value for c in self.dealer)
        return hard + 10 if hard <= 11 and any(c.value == 1 for c in self.dealer) else hard

    def current(self) -> tuple[Box, Hand] | None:
        """The box and hand to act, in the PLAYING phase."""
        if self.phase is not _PLAYING:
            return None
        box = self._order[self._bi]
        return box, box.hands[self._hi]

    def cards_on_table(self) -> list[Card]:
        """The round's cards in the order they are collected: the boxes in the payment
        order, the voided cards, the dealer's last."""
        cards = [c for box in self._in_order(self.rules.payment_order) for h in box.hands for c in h.cards]
        return cards + self.voided + self.dealer + ([] if self._hole is None else [self._hole])

    def settlements(self) -> list[Event]:
        """The round's ``settle`` events that stand: those before a reconstruction are undone."""
        return list(self._settled)

    def bank_net(self) -> Money:
        """The bank's result so far (the opposite of the bettors' total)."""
        return money(-sum(self.net.values()))

    def summary(self) -> str:
        parts = [_("phase {phase}", phase=self.phase.value)]
        if self.dealer:
            parts.append(_("dealer {cards}", cards=" ".join(c.code for c in self.dealer)))
        cur = self.current()
        if cur is not None:
            box, hand = cur
            parts.append(
                _(
                    "box {number} hand {index}: {cards} = {total}",
                    number=box.number,
                    index=box.hands.index(hand) + 1,
                    cards=hand.codes(),
                    total=hand.total,
                )
            )
        return "; ".join(parts)

    # ------------------------------------------------------------------ plumbing
    def _refuse(self, rule: str, reason: str, action: str) -> RuleViolation:
        return RuleViolation(
            reason, clauses=self.rules.cite(rule), rule=rule, action=action, state=self.summary(), translate=_
        )

    def _draw(self, to: int) -> Card:
        """The next card from the shoe, for box ``to`` (0: the dealer)."""
        shoe = self.shoe
        if self._cut_pending:
            # this card lies behind the cut card: its receiver is who "got" the cut card
            self._cut_pending = False
            self.cut_card_box = to
        cards = shoe._cards
        if cards and shoe._pick is None:  # Shoe.draw, inlined (a shoe in a set order)
            card = cards.pop()
            shoe.dealt += 1
        else:
            try:
                card = shoe.draw()
            except ShoeExhausted:
                if self._refill is None:
                    raise
                self._refill(self.cut_card_box)
                card = shoe.draw()
            cards = shoe._cards
        self.drawn.append(card)
        if len(cards) == shoe.cut_remaining:
            self.log.append(ev.cut_card_out())
            if self.rules.announce_last_round:
                self.log.append(ev.last_round())
            self._cut_pending = True
        return card

    def _need_phase(self, phase: Phase, action: str) -> None:
        if self.phase is not phase:
            raise self._refuse(
                "play_order",
                _(_ONLY_IN[phase], the_phase=_(_THE_PHASE[self.phase])),
                action,
            )

    def _box_number(self, number: object, field: str = "box") -> int:
        """``number`` as a box of the table (a plain ``int``), or the refusal naming ``field``."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= self.rules.max_boxes:
            raise InputError(
                _("no box {number}: boxes are 1..{last}", number=repr(number), last=self.rules.max_boxes), field=field
            )
        return int(number)  # (the log and the boxes hold plain numbers)

    def _box(self, number: object) -> Box:
        box = self.boxes.get(self._box_number(number))
        if box is None:
            raise InputError(_("box {number} has no bet", number=number), field="box")
        return box

    def _settle(self, box: Box, hand_no: int | None, bettor: str, stake: Money, net: Money, outcome: str) -> None:
        if type(net) is not int:
            net = money(net)
        total = self.net.get(bettor, 0) + net
        self.net[bettor] = total if type(total) is int else money(total)
        key = (box.number, hand_no, bettor, net, stake, outcome)
        try:
            event = _SETTLE_EVENTS[key]
        except KeyError:  # (built the first time)
            event = _SETTLES[key]
        self.log.append(event)
        self._settled.append(event)

    def _settle_hand(self, box: Box, hand: Hand, outcome: str, ratio: Fraction | int) -> None:
        """Settle every open stake of a hand: net = stake * ratio (-1 lose, 0 push)."""
        number = box.hands.index(hand) + 1
        for bettor in list(box.bets):
            if bettor in hand.open:
                stake = hand.stakes[bettor]
                self._settle(box, number, bettor, stake, stake * ratio, outcome)
        hand.open.clear()
        hand.done = True

    # ------------------------------------------------------------------ betting
    def _need_betting(self, action: str) -> None:
        if self.phase is not _BETTING:
            raise self._refuse("bets_closed_at_deal", _("bets are closed once dealing has started"), action)

    def _check_amount(self, amount: object) -> Money:
        """``amount`` as a bet's stake (exact), or the refusal: not money, below the table
        minimum, not a multiple the rule set asks."""
        multiple = self.rules.bet_multiple
        if (
            type(amount) is int
            and amount >= self.min_bet
            and amount > 0
            and (multiple is None or not amount % multiple)
        ):
            return amount  # (the usual bet, answered first: a whole amount every check below lets pass)
        if type(amount) is not int:
            if not _is_money(amount) or amount <= 0:
                raise InputError(
                    _("a bet is a positive exact amount (int or Fraction), not {amount}", amount=repr(amount)),
                    field="amount",
                )
            amount = money(amount)
        elif amount <= 0:
            raise InputError(
                _("a bet is a positive exact amount (int or Fraction), not {amount}", amount=repr(amount)),
                field="amount",
            )
        if self.rules.table_limits and amount < self.min_bet:
            raise self._refuse(
                "table_limits",
                _(
                    "bet {amount} is below the table minimum {minimum}",
                    amount=money_str(amount),
                    minimum=money_str(self.min_bet),
                ),
                "bet",
            )
        if self.rules.bet_multiple is not None and amount % self.rules.bet_multiple:
            raise self._refuse(
                "bet_multiple",
                _("bet {amount} is not a multiple of {step}", amount=money_str(amount), step=self.rules.bet_multiple),
                "bet",
            )
        return amount

    def place_bet(
        self, box: object, bettor: object, amount: object, *, unnoticed: object = False, stays: bool = False
    ) -> Event:
        """Place ``bettor``'s bet on ``box`` (the first bettor on a box owns it).

        ``unnoticed``: the dealer did not notice that the bet exceeds the maximum (where the
        rule set caps such a bet, it plays only up to the maximum). ``stays``: the stake of a
        push that stays on its box from the round before (logged as ``stays``)."""
        return self._place_bet(box, bettor, amount, unnoticed, stays)

    def _place_bet(self, box: object, bettor: object, amount: object, unnoticed: object, stays: bool) -> Event:
        """:meth:`place_bet`, every argument given by position (as :meth:`_hit`: a table's call to it)."""
        if self.phase is not _BETTING:
            self._need_betting("bet")
        rules = self.rules
        if type(box) is not int or not 1 <= box <= rules.max_boxes:  # (else a box of the table)
            box = self._box_number(box)
        if not isinstance(bettor, str) or not bettor:
            raise InputError(
                _("a bettor is named by a non-empty string, not {bettor}", bettor=repr(bettor)), field="bettor"
            )
        amount = self._check_amount(amount)
        target = self.boxes.get(box)
        if target is None:
            holders = self.holders  # (asked only when some are named: get on the shared empty mapping, a
            # dictionary subclass, is a call Python 3.11 does not specialise)
            target = Box(box, self.seated is None or box in self.seated, holders.get(box) if holders else None)
        if bettor in target.bets:
            raise InputError(_("{bettor} already has a bet on box {number}", bettor=bettor, number=box), field="bettor")
        players = self.players
        if players is not None and len(self.net) >= players and bettor not in self.net:
            self._need_player(bettor, players)
        holder = target.holder
        if target.seated and not stays and (target.bets if holder is None else bettor != holder):
            refusal = self._behind_refusal(target, bettor)
            if refusal is not None:
                raise self._refuse("bet_behind_consent", refusal, "bet")
        if target.special is not None:
            raise self._refuse(
                "special_maximum",
                _("box {number} carries {bettor}'s special maximum: no other bet", number=box, bettor=target.special),
                "bet",
            )
        limit, rule = rules.max_bets_per_box, "max_bets_per_box"
        if not target.seated and rules.max_bets_unseated_box is not None:
            limit, rule = rules.max_bets_unseated_box, "max_bets_unseated_box"
        if limit is not None and len(target.bets) >= limit:
            placed = len(target.bets)
            # i18n: the English says "bet(s)" in both forms (the text the engine has always written).
            full = ngettext(
                "box {number} already holds {count} bet(s), the most allowed",
                "box {number} already holds {count} bet(s), the most allowed",
                placed,
                number=box,
                count=placed,
            )
            raise self._refuse(rule, full, "bet")
        excess: Money = 0
        held = sum(target.bets.values()) if target.bets else 0
        if rules.table_limits and self.max_bet is not None and held + amount > self.max_bet:
            special = self.special_max.get(bettor)
            if special is not None and rules.special_maximum:
                if target.bets:
                    raise self._refuse(
                        "special_maximum",
                        _("a special maximum needs a free box; box {number} holds other bets", number=box),
                        "bet",
                    )
                for other in self.boxes.values():  # (a loop: a generator would make bettor a cell every call)
                    if other.special == bettor:
                        raise self._refuse(
                            "special_maximum",
                            _("{bettor} already plays his special maximum on another box", bettor=bettor),
                            "bet",
                        )
                if amount > special:
                    if not (unnoticed and rules.over_maximum_bet == "capped"):
                        raise self._refuse(
                            "special_maximum",
                            _(
                                "bet {amount} exceeds {bettor}'s special maximum {maximum}",
                                amount=money_str(amount),
                                bettor=bettor,
                                maximum=money_str(special),
                            ),
                            "bet",
                        )
                    excess = money(amount - special)
                target.special = bettor
            elif unnoticed and rules.over_maximum_bet == "capped":
                excess = money(held + amount - self.max_bet)
            else:
                rule = "over_maximum_bet" if unnoticed else "table_limits"
                raise self._refuse(
                    rule,
                    _(
                        "box {number} would hold more than the table maximum {maximum}",
                        number=box,
                        maximum=money_str(self.max_bet),
                    ),
                    "bet",
                )
        if excess:
            target.bets[bettor] = money(amount - excess)
            if target.excess is _NOTHING:
                target.excess = {}
            target.excess[bettor] = excess
        else:
            target.bets[bettor] = amount
        self.boxes[box] = target
        self.net.setdefault(bettor, 0)
        if stays:
            event = ev.stays(box, bettor, amount)
        else:
            key = (box, bettor, amount)
            try:
                event = _BET_EVENTS[key]
            except KeyError:  # (built the first time)
                event = _BETS[key]
        self.log.append(event)
        return event

    def _need_player(self, bettor: str, players: int) -> None:
        """Refused when ``bettor`` would be one bettor more than the table's ``players``."""
        betting = {b for box in self.boxes.values() for b in box.bets}
        if bettor not in betting and len(betting) >= players:
            raise InputError(
                ngettext(
                    "{bettor} cannot bet: the {count} player(s) at this table already bet",
                    "{bettor} cannot bet: the {count} player(s) at this table already bet",
                    players,
                    bettor=bettor,
                    count=players,
                ),
                field="participants",
            )

    def change_bet(self, box: object, bettor: object, amount: object) -> Event:
        """Raise or lower a bet before the deal (``amount``: the new bet)."""
        self._need_betting("change_bet")
        target = self._box(box)
        bettor = self._bettor_on(target, bettor, box)
        amount = self._check_amount(amount)
        others = sum(v for b, v in target.bets.items() if b != bettor)
        top = self.max_bet
        if self.rules.table_limits and top is not None and others + amount > top and target.special != bettor:
            raise self._refuse(
                "table_limits",
                _("box {number} would hold more than the table maximum {maximum}", number=box, maximum=money_str(top)),
                "change_bet",
            )
        if target.special == bettor and amount > self.special_max[bettor]:
            raise self._refuse(
                "special_maximum",
                _(
                    "bet {amount} exceeds {bettor}'s special maximum {maximum}",
                    amount=money_str(amount),
                    bettor=bettor,
                    maximum=money_str(self.special_max[bettor]),
                ),
                "change_bet",
            )
        target.excess.pop(bettor, None)  # (the old bet, its unnoticed excess with it, is replaced whole)
        target.bets[bettor] = amount
        event = ev.change_bet(target.number, bettor, amount)
        self.log.append(event)
        return event

    def _behind_refusal(self, target: Box, bettor: str) -> str | None:
        """Why ``bettor`` may not bet on ``target`` (a box whose seat is occupied, held by
        another), from its holder's answers; ``None`` when he may."""
        need = self.rules.bet_behind_consent
        answer = self.answers.get((target.number, bettor))
        holder = self._holder(target)
        if need == "unless_objected" and answer is False:
            return _(
                "the holder of box {number}, {holder}, objects to {bettor}'s bet",
                number=target.number,
                holder=holder,
                bettor=bettor,
            )
        if need == "required" and answer is not True:
            return _(
                "a bet on box {number}, whose seat is occupied, needs its holder {holder}'s consent",
                number=target.number,
                holder=holder,
            )
        return None

    def consent(self, box: object, bettor: object, *, by: object = None) -> Event:
        """The holder of ``box`` (its seat occupied) consents to ``bettor``'s bet on it, before
        that bet; the answer holds for this round. ``by``: who answers (must be the holder)."""
        return self._answer(box, bettor, True, by)

    def object_to(self, box: object, bettor: object, *, by: object = None) -> Event:
        """The holder of ``box`` (its seat occupied) objects to ``bettor``'s bet on it, before
        that bet; the answer holds for this round. ``by``: who answers (must be the holder)."""
        return self._answer(box, bettor, False, by)

    @staticmethod
    def _holder(target: Box) -> str:
        """Who answers for ``target``: the player seated there, else its first bettor."""
        return target.holder if target.holder is not None else target.owner

    def _answer(self, box: object, bettor: object, consent: bool, by: object) -> Event:
        action = "consent" if consent else "object"
        self._need_betting(action)
        if type(box) is int and box in self.holders and box not in self.boxes:
            target = Box(box, True, self.holders[box])  # the seated player answers before any bet on his box
        else:
            target = self._box(box)
        holder = self._holder(target)
        if self.rules.bet_behind_consent == "not_asked":
            raise self._refuse(
                "bet_behind_consent", _("a box's holder has no say over the bets of others on it"), action
            )
        if not target.seated:
            raise self._refuse(
                "bet_behind_consent",
                _("box {number}'s seat is empty: no holder answers for the bets on it", number=box),
                action,
            )
        if by is not None and by != holder:
            raise self._refuse(
                "bet_behind_consent",
                _("only box {number}'s holder, {holder}, answers for it, not {by}", number=box, holder=holder, by=by),
                action,
            )
        if not isinstance(bettor, str) or not bettor or bettor == holder:
            raise InputError(
                _("{bettor} is not another bettor than box {number}'s holder", bettor=repr(bettor), number=box),
                field="bettor",
            )
        if bettor in target.bets:
            raise InputError(
                _(
                    "{bettor} already has a bet on box {number}: an answer comes before the bet",
                    bettor=bettor,
                    number=box,
                ),
                field="bettor",
            )
        if self.answers is _NOTHING:
            self.answers = {}
        self.answers[target.number, bettor] = consent
        event = (ev.consent if consent else ev.objection)(target.number, bettor)
        self.log.append(event)
        return event

    def withdraw_bet(self, box: object, bettor: object) -> Event:
        """Take a bet back before the deal."""
        self._need_betting("withdraw_bet")
        target = self._box(box)
        bettor = self._bettor_on(target, bettor, box)
        del target.bets[bettor]
        target.excess.pop(bettor, None)
        if target.special == bettor:
            target.special = None
        if not target.bets:
            del self.boxes[target.number]
        event = ev.withdraw_bet(target.number, bettor)
        self.log.append(event)
        return event

    def decider(self, box: object) -> str:
        """Who decides the play of a box: its owner, or on a box with an empty seat the
        bettor the rule set names."""
        return self._decider(self._box(box))

    def _decider(self, target: Box) -> str:
        if target.seated or self.rules.unseated_box_decider == "first_bettor":
            return target._owner()
        best = max(target.bets.values())
        return next(b for b, amount in target.bets.items() if amount == best)

    def _deal_refusal(self) -> tuple[str, str] | None:
        """Why the bets may not be dealt yet (rule, reason); ``None`` when they may. Where the
        holder alone decides a box's play, a box whose seated player has no bet on it holds the
        bets of others only, none of whom may decide for it (UY-11.2 "no pudiendo en ningún caso
        decidir"): he bets, or they take their bets back."""
        if not self.rules.box_owner_decides:
            return None
        for number in sorted(self.boxes):
            holder = self.boxes[number].holder
            if holder is not None and holder not in self.boxes[number].bets:
                return (
                    "box_owner_decides",
                    _(
                        "box {number}'s seated player, {holder}, has no bet on it, and no other bettor may "
                        "decide its play: he bets, or the others take their bets back",
                        number=number,
                        holder=holder,
                    ),
                )
        return None

    def deal(self, misdeals: object = ()) -> None:
        """Close the bets and deal two cards to every box and one to the dealer (in a hole-card
        game, his second card face down after the players' second cards).

        ``misdeals``: the dealer's mistakes during the deal, each ``(n, box)``: as he is about
        to deal the deal's ``n``-th card (from 1), the next card of the shoe goes to ``box``
        by mistake (``None``: it is drawn or exposed by mistake). Each is remedied as the rule
        set says (:meth:`misdeal`) before the deal goes on."""
        if self.phase is not _BETTING:
            self._need_phase(_BETTING, "deal")
        boxes = self.boxes
        if not boxes:
            raise InputError(_("no bet has been placed"), field="bets")
        if self.holders:
            refusal = self._deal_refusal()
            if refusal is not None:
                raise self._refuse(*refusal, "deal")
        rules = self.rules
        if len(boxes) == 1:  # (one box: every order is the same)
            order = self._paying = [*boxes.values()]
        else:
            order = self._in_order(rules.deal_order)
            self._paying = self._in_order(rules.payment_order)  # (the bets are closed from here on)
        hole = self._known.hole
        need = 2 * len(order) + 1 + hole
        mistakes: dict[int, list[int | None]] = _NOTHING  # (the shared empty mapping, unless misdeals are given)
        if misdeals:
            mistakes = {}
            for n, to_box in given_items(misdeals, "misdeals", 2, "card, box"):
                if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= need:
                    raise InputError(_("the deal has cards 1..{last}, not {n}", last=need, n=repr(n)), field="misdeals")
                mistakes.setdefault(n, []).append(None if to_box is None else self._box_number(to_box))
        log = self.log  # (its append: a call the compiled engine makes directly)
        announce = self._known.announce
        if announce is not None:
            log.append(announce)
        shoe = self.shoe
        cards = shoe._cards
        cut = shoe.cut_remaining
        if (
            not mistakes
            and shoe._pick is None
            and not self._cut_pending
            and len(cards) > need + (-1 if cut is None else cut)
        ):
            # the usual deal: its cards all lie before the cut card: take them at once
            got = cards[: -need - 1 : -1]  # (the shoe draws from the end of its list)
            del cards[-need:]
            shoe.dealt += need
            self.drawn += got
            count = len(order)
            # (loops over the boxes, counting: a range costs more to make than a round's boxes to
            # loop over, a comprehension or zip more still, in Python 3.11)
            i = 0
            for each in order:
                log.append(_CARD_EVENTS[each.number][1][got[i].code])
                i += 1
            up = got[count]
            self.dealer.append(up)
            log.append(_DEALER_CARDS[up.code])
            i = 0
            for each in order:
                second = got[count + 1 + i]
                each.hands.append(Hand([got[i], second], each.bets))  # (the stakes: the bets, until a double)
                log.append(_CARD_EVENTS[each.number][1][second.code])
                i += 1
            if hole:
                self._hole = got[-1]
                log.append(ev.dealer_hole(got[-1].code))
            self._after_initial_deal()
            return
        # a card at a time: a misdeal to remedy, or the cut card comes out during the deal
        receivers: list[Box | None] = [*order, None, *order]
        for n, box in enumerate(receivers, start=1):
            for to_box in mistakes.get(n, ()):
                if self._mistake(to_box):
                    return  # the round was reconstructed and dealt again
            if box is None:
                card = self._draw(0)
                self.dealer.append(card)
                self.log.append(ev.dealer_card(card.code))
            elif not box.hands:
                card = self._draw(box.number)
                box.hands.append(Hand([card], dict(box.bets)))
                self.log.append(ev.card(box.number, 1, card.code))
            else:
                card = self._draw(box.number)
                hand = box.hands[0]
                hand.add(card)
                self.log.append(ev.card(box.number, 1, card.code))
                if hand.hard == 11 and hand.ace:
                    hand.natural = True
                    hand.done = True
        if hole:
            for to_box in mistakes.get(need, ()):
                if self._mistake(to_box):
                    return
            self._hole = self._draw(0)
            self.log.append(ev.dealer_hole(self._hole.code))
        self._after_initial_deal()

    def _after_initial_deal(self) -> None:
        rules = self.rules
        up = self.dealer[0].value  # (the up card's)
        options = self._known.options
        if options is not None:
            self.log.append(options[1] if up == 1 else options[0])  # (a condition: 3.11 specialises its comparison)
        if rules.pay_blackjack_immediately and up != 1 and up != 10:  # (not "in (1, 10)": a tuple's search costs more)
            for box in self._paying:
                hand = box.hands[0]
                if hand.natural:
                    self._settle_hand(box, hand, "blackjack", rules.blackjack_payout)
        if up == 1 and rules.insurance_timing == "after_initial_deal" and self._insurance_open():
            return
        if self._hole is None:  # (no hole card: the usual game goes straight to play: _start_play, inlined)
            self.phase = _PLAYING
            paying = self._paying
            self._order = paying if len(paying) == 1 else self._in_order(rules.play_order)
            self._bi = self._hi = 0
            self._advance()
        else:
            self._to_play()

    def _peek_due(self) -> bool:
        """Whether the dealer checks his hole card before the players act: he has one, and his
        up card is an ace, or ten-valued where the rule set checks tens too."""
        if self._hole is None or self._hole_stage == 2:
            return False
        up = self.dealer[0].value
        return up == 1 or (up == 10 and self.rules.hole_card == "peek")

    def _to_play(self) -> None:
        """After the deal and insurance: early surrender and the dealer's peek where due, then play."""
        if self._peek_due():
            if self._hole_stage == 0 and self.rules.surrender == "early":
                self._hole_stage = 1
                for box in self.boxes.values():
                    if self._surrender_refusal(box, box.hands[0]) is None and self._early_refusal(box) is None:
                        self.phase = _SURRENDER
                        self.log.append(ev.surrender_offered())
                        return
            self._hole_stage = 2
            if self._peek():
                return
        self._start_play()

    def _peek(self) -> bool:
        """The dealer checks his hole card for a blackjack: one ends the round at once (True);
        otherwise insurance is lost, and a blackjack the rule set pays at once is paid now."""
        up, hole = self.dealer[0], self._hole
        assert hole is not None
        blackjack = up.value + hole.value == 11 and (up.value == 1 or hole.value == 1)
        self.log.append(ev.peek("blackjack" if blackjack else "no_blackjack"))
        if blackjack:
            self._dealer_play(found=True)
            return True
        for box in self._paying:
            for bettor, amount in box.insurance.items() if box.insurance else ():
                self._settle(box, None, bettor, amount, -amount, "insurance_lose")
            box.insurance = _NOTHING
            hand = box.hands[0]
            if self.rules.pay_blackjack_immediately and hand.natural and hand.open:
                self._settle_hand(box, hand, "blackjack", self.rules.blackjack_payout)
        return False

    def _in_order(self, order: str) -> list[Box]:
        """The boxes with a bet, ascending or descending (any other word: ascending)."""
        boxes = self.boxes  # (keyed by their numbers)
        ascending = [boxes[number] for number in sorted(boxes)]
        return ascending[::-1] if order == "descending" else ascending

    # ------------------------------------------------------------------ insurance
    def _insurance_open(self) -> bool:
        """Offer insurance if some box still has a stake in play; True if offered."""
        for box in self.boxes.values():  # (loops: a generator costs a frame in Python 3.11)
            for hand in box.hands:
                if hand.open:
                    self.phase = _INSURANCE
                    self.log.append(ev.insurance_offered())
                    return True
        return False

    def _insurance_refusal(self, box: Box, bettor: str, amount: Money | None) -> tuple[str, str] | None:
        rules = self.rules
        if not any(h.open for h in box.hands):
            return "insurance_timing", _("box {number} has no hand left in play", number=box.number)
        if bettor in box.insurance or bettor in box.even_money:
            return "insurance_timing", _(
                "{bettor} has already decided for box {number}", bettor=bettor, number=box.number
            )
        if not rules.insurance_per_bettor and bettor != box.owner:
            return "insurance_per_bettor", _("only the box owner decides insurance")
        if amount is None:
            return None
        hands = 1
        if rules.insurance_base == "total_stake":
            held = [h.stakes.get(bettor, 0) for h in box.hands if bettor in h.open]
            stake, hands = money(sum(held)), len(held)
        else:
            stake = box.bets[bettor]
        cap = stake * rules.insurance_max
        if amount > cap:
            return (
                "insurance_max",
                _(
                    "insurance {amount} exceeds {cap} ({share} of the stake {stake})",
                    amount=money_str(amount),
                    cap=money_str(money(cap)),
                    share=rules.insurance_max,
                    stake=money_str(stake),
                ),
            )
        if rules.insurance_exact and amount != cap:
            return "insurance_exact", _("insurance must be exactly {cap}", cap=money_str(money(cap)))
        floor = rules.insurance_min_of_table_min
        if floor is not None and amount < self.min_bet * floor * hands:  # the least on each hand insured
            each = money_str(money(self.min_bet * floor))
            return (
                "insurance_min_of_table_min",
                _(
                    "insurance {amount} is below {least} ({each} on each of {count} hands)",
                    amount=money_str(amount),
                    least=money_str(money(self.min_bet * floor * hands)),
                    each=each,
                    count=hands,
                )
                if hands > 1
                else _(
                    "insurance {amount} is below {least}",
                    amount=money_str(amount),
                    least=money_str(money(self.min_bet * floor * hands)),
                ),
            )
        if rules.insurance_multiple is not None and amount % rules.insurance_multiple:
            return (
                "insurance_multiple",
                _(
                    "insurance {amount} is not a multiple of {step}",
                    amount=money_str(amount),
                    step=rules.insurance_multiple,
                ),
            )
        return None

    @staticmethod
    def _need_bettor(box: Box, bettor: object) -> str:
        """Only a bettor with a stake on the box may decide for it: anyone else is an input error."""
        if not isinstance(bettor, str) or bettor not in box.bets:
            raise InputError(
                _("{bettor} has no bet on box {number}", bettor=repr(bettor), number=box.number), field="bettor"
            )
        return bettor

    @staticmethod
    def _bettor_on(box: Box, bettor: object, shown: object) -> str:
        """``bettor``, who has a bet on ``box`` (``shown``: the box as the caller gave it); anyone
        else is an input error."""
        if bettor not in box.bets:
            raise InputError(_("{bettor} has no bet on box {number}", bettor=bettor, number=shown), field="bettor")
        return bettor  # (the bets are keyed by the names place_bet checked)

    def _need_insurance_call(self, action: str) -> None:
        if self.phase is not _INSURANCE:
            if self.dealer and self.dealer[0].value != 1:
                when = _("insurance is not offered: the dealer's first card is {card}", card=self.dealer[0].code)
            elif not self._insurance_done:
                when = _("insurance has not been called")
            else:
                when = _("insurance is closed")
            raise self._refuse("insurance_timing", when, action)

    def insure(self, box: object, bettor: object, amount: object) -> Event:
        """``bettor`` insures his stake on ``box`` against a dealer blackjack."""
        self._need_insurance_call("insurance")
        target = self._box(box)
        if not _is_money(amount) or amount <= 0:
            raise InputError(
                _("insurance is a positive exact amount, not {amount}", amount=repr(amount)), field="amount"
            )
        amount = money(amount)
        bettor = self._need_bettor(target, bettor)
        refusal = self._insurance_refusal(target, bettor, amount)
        if refusal is not None:
            raise self._refuse(*refusal, "insurance")
        if target.insurance is _NOTHING:
            target.insurance = {}
        target.insurance[bettor] = amount
        event = ev.insurance(target.number, bettor, amount)
        self.log.append(event)
        return event

    def _even_money_refusal(self, box: Box, bettor: str) -> tuple[str, str] | None:
        if not self.rules.even_money:
            return "even_money", _("even money is not offered")
        hand = box.hands[0]
        if len(box.hands) != 1 or not hand.natural or bettor not in hand.open:
            return "even_money", _(
                "box {number} has no unsettled blackjack of {bettor}", number=box.number, bettor=bettor
            )
        return self._insurance_refusal(box, bettor, None)

    def take_even_money(self, box: object, bettor: object) -> Event:
        """``bettor`` takes 1:1 at once for his blackjack against the dealer's ace."""
        self._need_insurance_call("even_money")
        target = self._box(box)
        bettor = self._need_bettor(target, bettor)
        refusal = self._even_money_refusal(target, bettor)
        if refusal is not None:
            raise self._refuse(*refusal, "even_money")
        target.even_money = target.even_money | {bettor}
        event = ev.even_money(target.number, bettor)
        self.log.append(event)
        hand = target.hands[0]
        stake = hand.stakes[bettor]
        self._settle(target, 1, bettor, stake, stake, "even_money")
        hand.open.discard(bettor)
        return event

    def close_insurance(self) -> None:
        """The dealer closes insurance; the round goes on."""
        self._need_phase(_INSURANCE, "close_insurance")
        self.log.append(ev.insurance_closed())
        self._insurance_done = True
        if self.rules.insurance_timing == "after_initial_deal":
            self._to_play()
        else:
            self._dealer_play()

    # ------------------------------------------------------------------ the dealer's mistakes
    def _after_deal(self, action: str) -> None:
        if self.phase not in (_INSURANCE, _SURRENDER, _PLAYING):
            raise self._refuse(
                "misdeal_remedy", _("not during {the_phase}", the_phase=_(_THE_PHASE[self.phase])), action
            )

    def misdeal(self, to_box: object = None) -> list[Event]:
        """The dealer's mistake with the next card of the shoe: dealt to box ``to_box`` out
        of turn, or (no box) drawn or exposed by mistake. The rule set's remedy applies:
        the card goes back to its place, is used as the next card, or is voided; a card dealt
        to a box without a bet may instead mean reconstructing the round and dealing again.
        (A mistake during the initial deal is given to :meth:`deal`.)"""
        self._after_deal("misdeal")
        number = None if to_box is None else self._box_number(to_box)
        start = len(self.log)
        self._mistake(number)
        return self.log[start:]

    def _mistake(self, to_box: int | None) -> bool:
        """Draw the next card by mistake and remedy it; whether the round was reconstructed."""
        rules = self.rules
        card = self._draw(to_box or 0)
        self.log.append(ev.misdeal(to_box, card.code))
        if to_box is not None and to_box not in self.boxes and rules.card_to_box_without_bet == "reconstruct":
            self.log.append(ev.remedy(card.code, "reconstruct"))
            self._reconstruct()
            return True
        if rules.misdeal_remedy == "void":
            self.voided.append(card)
            self.log.append(ev.remedy(card.code, "void"))
        else:
            self.shoe.put_back(card)
            self.drawn.pop()
            self.log.append(ev.remedy(card.code, rules.misdeal_remedy))
        return False

    def _reconstruct(self) -> None:
        """Put every card of the round back in the shoe in its order and deal again."""
        for card in reversed(self.drawn):
            self.shoe.put_back(card)
        self.drawn.clear()
        self.dealer.clear()
        self.voided.clear()
        self._settled.clear()  # (the settlements before the reconstruction are undone)
        for box in self.boxes.values():
            box.hands.clear()
            box.insurance = _NOTHING
            box.even_money = _NOBODY
            box.series_open = False
        self.net = {b: 0 for b in self.net}
        self._insurance_done = False
        self._hole = None
        self._hole_stage = 0
        self._cut_pending = False
        self.cut_card_box = None
        self.phase = _BETTING
        self.deal()

    def forget_insurance_call(self) -> list[Event]:
        """The dealer's mistake: with an ace showing he goes on without calling insurance.
        Where the rule set voids a ten-valued second card and calls insurance, so be it;
        otherwise the round goes on without insurance."""
        self._need_insurance_call("insurance_missed")
        start = len(self.log)
        self.log.append(ev.insurance_missed())
        self._insurance_done = True
        if self.rules.insurance_timing == "after_initial_deal":
            self._to_play()
            return self.log[start:]
        card = self._draw(0)
        self.log.append(ev.dealer_card(card.code))
        if card.value == 10 and self.rules.missed_insurance_call == "void_ten":
            self.voided.append(card)
            self.log.append(ev.remedy(card.code, "void"))
            self._insurance_done = False
            self.log.append(ev.insurance_offered())
            return self.log[start:]
        self.dealer.append(card)
        self._dealer_play()
        return self.log[start:]

    def play_absent(self, box: object) -> list[Event]:
        """The bettor of the current box has left the table: the dealer draws for him up to
        the rule set's total, then stands."""
        target, hand, _who = self._acting(box, "play_absent", None)
        draw_to = self.rules.absent_player_draws_to
        if draw_to is None:
            raise self._refuse("absent_player_draws_to", _("no rule plays the hand of an absent bettor"), "play_absent")
        start = len(self.log)
        self.log.append(ev.absent(target.number, self._hi + 1))
        while hand.total < draw_to and not hand.done:
            self.log.append(ev.hit(target.number, self._hi + 1, None))
            self._deal_to(target, hand)
        if not hand.done:
            self.log.append(_HAND_EVENTS[target.number][self._hi + 1].automatic)
            self._finish(target, hand)
        self._advance()
        return self.log[start:]

    # ------------------------------------------------------------------ playing
    def _start_play(self) -> None:
        self.phase = _PLAYING
        paying = self._paying  # (set by the deal; one box: every order is the same)
        self._order = paying if len(paying) == 1 else self._in_order(self.rules.play_order)
        self._bi = 0
        self._hi = 0
        self._advance()

    def _advance(self) -> None:
        """Move to the next hand that needs a decision, completing hands that have none."""
        order = self._order
        boxes = len(order)
        bi, hi = self._bi, self._hi
        while bi < boxes:
            box = order[bi]
            hands = box.hands
            count = len(hands)  # (counted once: no hand is added while the play advances)
            while hi < count:
                hand = hands[hi]
                if not hand.done:
                    if len(hand.cards) == 1:
                        self._bi, self._hi = bi, hi
                        self._deal_to(box, hand)
                        if hand.done:
                            hi += 1
                            continue
                    if not hand.open:
                        hand.done = True
                    elif self._hit_refusal(box, hand) is not None and self._nothing_to_decide(box, hand):
                        # (a hand that may draw, the usual one, is answered by the first call alone)
                        self.log.append(_HAND_EVENTS[box.number][hi + 1].automatic)
                        self._finish(box, hand)
                    else:
                        self._bi, self._hi = bi, hi
                        return
                hi += 1
            bi += 1
            hi = 0
        self._bi, self._hi = bi, hi
        # every hand is played: insurance where it is offered before the dealer's second card, then
        # the dealer (here, not in a method of its own: a call a round less)
        if (
            self.dealer[0].value == 1
            and self.rules.insurance_timing == "before_dealer_second_card"
            and not self._insurance_done
            and self._insurance_open()
        ):
            return
        self._dealer_play()

    def _deal_to(self, box: Box, hand: Hand) -> None:
        """A card to ``hand`` of ``box``: the hand to act (every caller's), number ``_hi + 1``."""
        at = box.number
        shoe = self.shoe
        cards = shoe._cards
        cut = shoe.cut_remaining
        if shoe._pick is None and not self._cut_pending and len(cards) > (0 if cut is None else cut + 1):
            card = cards.pop()  # (_draw's usual case, in short, as the dealer's cards: a call less a card)
            shoe.dealt += 1
            self.drawn.append(card)
        else:
            card = self._draw(at)
        cards = hand.cards  # (hand.add(card), inlined: a call less a card)
        cards.append(card)
        value = card.value
        hard = hand.hard = hand.hard + value
        if value == 1:
            hand.ace = True
        number = self._hi + 1
        self.log.append(_CARD_EVENTS[at][number][card.code])
        if box.series_open and value != cards[0].value:
            box.series_open = False
        if hard > 21:
            key = (at, number, hard)
            try:
                self.log.append(_BUST_EVENTS[key])
            except KeyError:  # (built the first time)
                self.log.append(_BUSTS[key])
            self._settle_hand(box, hand, "lose", -1)
            box.series_open = False

    def _finish(self, box: Box, hand: Hand) -> None:
        hand.done = True
        box.series_open = False

    def _acting(self, box: object, action: str, by: object) -> tuple[Box, Hand, str]:
        """The box and hand that ``action`` on ``box`` by ``by`` is for, and who decides it (``by``
        or the box's decider); refused when it is not their turn or not theirs to decide."""
        if self.phase is _PLAYING and by is None and type(box) is int:  # the usual case, in short
            acting = self._order[self._bi]
            if acting.number == box:  # (the box to act is this one: its number is its key in boxes)
                if acting.seated:  # (_decider, in short: the box's owner, Box._owner inlined)
                    holder = acting.holder
                    if holder is not None and holder in acting.bets:
                        decider = holder
                    else:
                        for first in acting.bets:  # the first bettor (a dealt box has one)
                            decider = first
                            break
                else:
                    decider = self._decider(acting)
                return acting, acting.hands[self._hi], decider
        target = self.boxes.get(box) if isinstance(box, int) and not isinstance(box, bool) else None
        current = self.current()
        if current is None or target is not current[0]:
            if target is not None and target.hands:
                # a hand the rules have closed (21, blackjack, a double): say which rule closed it
                refusal = self._refusal(action, target, target.hands[-1]) if action in _CLOSED_BY_RULES else None
                if refusal is not None:
                    raise self._refuse(*refusal, action)
            self._need_phase(_PLAYING, action)
            self._box(box)
            assert current is not None
            raise self._refuse(
                "play_order",
                _("box {number} is out of turn: box {current} is to act", number=box, current=current[0].number),
                action,
            )
        target, hand = current
        if by is not None and (not isinstance(by, str) or not by):
            raise InputError(
                _("a decision is made by a bettor named by a non-empty string, not {by}", by=repr(by)), field="by"
            )
        if by is not None and self.rules.box_owner_decides and by != self.decider(box):
            raise self._refuse(
                "box_owner_decides" if target.seated else "unseated_box_decider",
                _("{by} may not decide for box {number}: {decider} does", by=by, number=box, decider=self.decider(box)),
                action,
            )
        return target, hand, by or self._decider(target)

    def _hit_refusal(self, box: Box, hand: Hand) -> tuple[str, str] | None:
        """Why no card may be drawn to ``hand``; ``None`` when one may."""
        if not (hand.doubled or hand.from_split or hand.hard == 21 or hand.hard == 11):
            return None  # (none of the refusals below can apply: the usual case, answered first)
        rules = self.rules
        if hand.doubled and rules.double_one_card:
            return "double_one_card", _("a doubled hand receives one card only")
        if hand.from_split and hand.cards[0].value == 1 and rules.split_aces_one_card:
            return "split_aces_one_card", _("a split ace receives one card only")
        if hand.hard == 21 and not rules.hit_on_hard_21:
            return "hit_on_hard_21", _("no card may be drawn on 21")
        if hand.hard == 11 and hand.ace and not rules.hit_on_soft_21:  # (soft 21)
            return "hit_on_soft_21", _("no card may be drawn on soft 21")
        return None

    def _nothing_to_decide(self, box: Box, hand: Hand) -> bool:
        """Whether ``hand`` may only stand (it then stands by itself): it may not draw, double or
        split. (A hand that may draw answers first, and cheapest. Surrender is not asked: a hand
        the rules close to cards stands, as the protocol's automatic stand says.)"""
        return (
            self._hit_refusal(box, hand) is not None
            and self._double_refusal(box, hand) is not None
            and self._split_refusal(box, hand) is not None
        )

    def _refusal(self, action: str, box: Box, hand: Hand) -> tuple[str, str] | None:
        """Why the player's ``action`` (hit, stand, double, split, surrender) is refused to
        ``hand`` of ``box``: the rule and the reason; ``None`` when the rules allow it."""
        return _PLAYER_REFUSALS[action](self, box, hand)

    def _allowed(self, action: str, box: object) -> bool:
        current = self.current()
        return current is not None and current[0].number == box and self._refusal(action, *current) is None

    def can_hit(self, box: object) -> bool:
        return self._allowed("hit", box)

    def hit(self, box: object, *, by: object = None) -> Event:
        return self._hit(box, by)

    def _hit(self, box: object, by: object) -> Event:
        """:meth:`hit`, ``by`` given by position: Python 3.11 specialises a call to a method without a
        keyword-only parameter (the engine's own callers, as the simple policy, call this one)."""
        target, hand, who = self._acting(box, "hit", by)
        refusal = self._hit_refusal(target, hand)
        if refusal is not None:
            raise self._refuse(*refusal, "hit")
        hits = _HAND_EVENTS[target.number][self._hi + 1].hits
        try:
            event = hits.events[who]
        except KeyError:  # (built the first time)
            event = hits[who]
        self.log.append(event)
        self._deal_to(target, hand)
        if hand.done:
            self._advance()
        elif self._hit_refusal(target, hand) is not None and self._nothing_to_decide(target, hand):
            # (a hand that may draw, the usual one, is answered by the first call alone, as in _advance)
            self.log.append(_HAND_EVENTS[target.number][self._hi + 1].automatic)
            self._finish(target, hand)
            self._advance()
        return event

    def _stand_refusal(self, box: Box, hand: Hand) -> tuple[str, str] | None:
        if hand.hard >= self.rules.min_stand_total:
            return None  # (the usual case, answered first: the total is at least the hard one)
        if hand.total < self.rules.min_stand_total:
            return (
                "min_stand_total",
                _(
                    "a hand may stand only with {least} or more, not {total}",
                    least=self.rules.min_stand_total,
                    total=hand.total,
                ),
            )
        return None

    def can_stand(self, box: object) -> bool:
        return self._allowed("stand", box)

    def stand(self, box: object, *, by: object = None) -> Event:
        return self._stand(box, by)

    def _stand(self, box: object, by: object) -> Event:
        """:meth:`stand`, ``by`` given by position (as :meth:`_hit`)."""
        target, hand, who = self._acting(box, "stand", by)
        refusal = self._stand_refusal(target, hand)
        if refusal is not None:
            raise self._refuse(*refusal, "stand")
        stands = _HAND_EVENTS[target.number][self._hi + 1].stands
        try:
            event = stands.events[who]
        except KeyError:  # (built the first time)
            event = stands[who]
        self.log.append(event)
        hand.done = True  # (as _finish)
        target.series_open = False
        self._advance()
        return event

    def _double_refusal(self, box: Box, hand: Hand) -> tuple[str, str] | None:
        rules = self.rules
        if len(hand.cards) != 2 or hand.doubled:
            return "double_totals", _("only a hand of two cards may double")
        if hand.natural and not rules.double_on_blackjack:
            return "double_on_blackjack", _("a blackjack may not double")
        if hand.from_split:
            if not rules.double_after_split:
                return "double_after_split", _("a split hand may not double")
            limit = rules.double_after_split_hands
            if limit is not None and box.hands.index(hand) >= limit:
                which = words("double_after_split_hands", limit)  # (the hands as laid out: box.hands)
                return "double_after_split_hands", _("after a split only {which} may double", which=which)
            if hand.cards[0].value == 1:
                if rules.split_aces_one_card:
                    return "split_aces_one_card", _("a split ace receives one card only")
                if not rules.double_on_split_aces:
                    return "double_on_split_aces", _("split aces may not double")
        totals = rules.double_totals
        if totals is not None:
            hard = hand.hard  # the hand's possible totals: hard, and hard + 10 when soft
            if hard not in totals and not (hand.ace and hard <= 11 and hard + 10 in totals):
                allowed = ", ".join(str(t) for t in sorted(totals))
                # i18n: {allowed} lists the totals ("9, 10, 11"); {total} is the hand's.
                return "double_totals", _(
                    "doubling is allowed only on {allowed}, not on {total}", allowed=allowed, total=hand.total
                )
        return self._hit_refusal(box, hand)  # (a double draws a card: what refuses a card refuses it)

    def can_double(self, box: object) -> bool:
        return self._allowed("double", box)

    def _surrender_refusal(self, box: Box, hand: Hand) -> tuple[str, str] | None:
        rules = self.rules
        if rules.surrender == "none":
            return "surrender", _("surrender is not offered")
        if len(hand.cards) != 2 or hand.doubled:
            return "surrender", _("only a hand's first two cards may surrender, before any other decision on it")
        if hand.from_split and not rules.surrender_after_split:
            return "surrender_after_split", _("a hand made by a split may not surrender")
        if self._hole_stage == 2 and rules.surrender == "early" and not hand.from_split:
            return "surrender", _("early surrender is offered before the dealer checks his hole card, not after")
        return None

    def surrender(self, box: object, *, by: object = None) -> Event:
        """Give up the current hand on its first two cards for half its stake: at once where the
        rule set's surrender is early; where it is late, once the dealer's second card shows he
        has no blackjack (a blackjack takes the whole stake). Every bettor on the hand goes with it."""
        if self.phase is _SURRENDER:
            return self._surrender_early(box, by)
        target, hand, who = self._acting(box, "surrender", by)
        refusal = self._surrender_refusal(target, hand)
        if refusal is not None:
            raise self._refuse(*refusal, "surrender")
        number = self._hi + 1
        event = ev.surrender(target.number, number, who)
        self.log.append(event)
        if self.rules.surrender == "early":
            self._settle_hand(target, hand, "surrender", Fraction(-1, 2))
        else:
            hand.surrendered = True  # (settled against the dealer's second card)
        self._finish(target, hand)
        self._advance()
        return event

    def _early_refusal(self, box: Box) -> tuple[str, str] | None:
        """Why ``box``'s hand may not surrender before the dealer's peek, beyond the surrender rules:
        its stake is settled, or it is a blackjack (complete as soon as it is dealt)."""
        hand = box.hands[0]
        if hand.natural or not hand.open:
            return "surrender", _("box {number}'s hand is not in play", number=box.number)
        return None

    def _surrender_early(self, box: object, by: object) -> Event:
        """Early surrender before the dealer's peek: any box's hand, in any order, for half its stake at once."""
        target = self._box(box)
        hand = target.hands[0]
        decider = self._decider(target)
        if by is not None and (not isinstance(by, str) or not by):
            raise InputError(
                _("a decision is made by a bettor named by a non-empty string, not {by}", by=repr(by)), field="by"
            )
        if by is not None and self.rules.box_owner_decides and by != decider:
            raise self._refuse(
                "box_owner_decides" if target.seated else "unseated_box_decider",
                _("{by} may not decide for box {number}: {decider} does", by=by, number=target.number, decider=decider),
                "surrender",
            )
        refusal = self._surrender_refusal(target, hand) or self._early_refusal(target)
        if refusal is not None:
            raise self._refuse(*refusal, "surrender")
        event = ev.surrender(target.number, 1, by if isinstance(by, str) else decider)
        self.log.append(event)
        self._settle_hand(target, hand, "surrender", Fraction(-1, 2))
        return event

    def close_surrender(self) -> None:
        """The dealer closes early surrender and checks his hole card; the round goes on."""
        self._need_phase(_SURRENDER, "close_surrender")
        self.log.append(ev.surrender_closed())
        self._to_play()

    def _decliners(self, box: Box, hand: Hand, declining: object, rule: str, action: str) -> set[str]:
        out: set[str] = set()
        for bettor in given_items(declining, "declining") if declining else ():
            if bettor not in hand.stakes:
                raise InputError(
                    _("{bettor} has no stake on box {number}'s hand", bettor=bettor, number=box.number),
                    field="declining",
                )
            out.add(bettor)
        if out and not getattr(self.rules, rule):
            follow = (
                _("bettors behind must follow the box's double")
                if action == "double"
                else _("bettors behind must follow the box's split")
            )
            raise self._refuse(rule, follow, action)
        if self.decider(box.number) in out:
            raise InputError(
                _(
                    "{bettor} decides for box {number} and cannot decline",
                    bettor=self.decider(box.number),
                    number=box.number,
                ),
                field="declining",
            )
        return out

    def double(self, box: object, *, declining: object = (), by: object = None) -> Event:
        """Double the current hand: each bettor who follows adds his stake; one card."""
        target, hand, who = self._acting(box, "double", by)
        refusal = self._double_refusal(target, hand)
        if refusal is not None:
            raise self._refuse(*refusal, "double")
        out = self._decliners(target, hand, declining, "behind_may_decline_double", "double")
        number = self._hi + 1
        key = (target.number, number, who)
        try:
            event = _DOUBLE_EVENTS[key]
        except KeyError:  # (built the first time)
            event = _DOUBLES[key]
        self.log.append(event)
        hand.stakes = dict(hand.stakes)  # (the stakes change: a copy, the box's bets and the originals untouched)
        for bettor in target.bets:
            if bettor not in hand.stakes:
                continue
            if bettor in out:
                self.log.append(ev.decline(target.number, number, bettor, "double"))
            else:
                extra = hand.stakes[bettor]
                hand.stakes[bettor] = extra * 2
                self.log.append(ev.match(target.number, number, bettor, extra))
        hand.doubled = True
        self._deal_to(target, hand)
        if hand.done:
            self._advance()
        elif self.rules.double_one_card:
            self._finish(target, hand)
            self._advance()
        elif self._hit_refusal(target, hand) is not None:  # more cards may follow, but none now (a 21): as after a hit
            self.log.append(_HAND_EVENTS[target.number][number].automatic)
            self._finish(target, hand)
            self._advance()
        return event

    def _split_refusal(self, box: Box, hand: Hand) -> tuple[str, str] | None:
        rules = self.rules
        if len(hand.cards) != 2:
            return "split_ten_value_mixes", _("only a hand of two cards may split")
        first, second = hand.cards
        if first.value != second.value:
            return "split_ten_value_mixes", _(
                "{first} and {second} are not of equal value", first=first.code, second=second.code
            )
        if first.rank != second.rank and not rules.split_ten_value_mixes:
            return "split_ten_value_mixes", _(
                "{first} and {second} are not the same rank", first=first.code, second=second.code
            )
        if rules.max_split_hands is not None and len(box.hands) >= rules.max_split_hands:
            return "max_split_hands", _("a box may make at most {count} hands", count=rules.max_split_hands)
        if hand.from_split:
            if first.value == 1 and not rules.resplit_aces:
                return "resplit_aces", _("split aces may not be split again")
            if rules.resplit_consecutive_only and not box.series_open:
                return "resplit_consecutive_only", _("the series of equal cards was interrupted")
        return None

    def can_split(self, box: object) -> bool:
        return self._allowed("split", box)

    def split(self, box: object, *, declining: object = (), by: object = None) -> Event:
        """Split the current pair: each following bettor stakes again on the new hand;
        a bettor who declines stays on the first hand only."""
        target, hand, who = self._acting(box, "split", by)
        refusal = self._split_refusal(target, hand)
        if refusal is not None:
            raise self._refuse(*refusal, "split")
        out = self._decliners(target, hand, declining, "behind_may_decline_split", "split")
        number = self._hi + 1
        event = ev.split(target.number, number, who)
        self.log.append(event)
        stakes: dict[str, Money] = {}
        for bettor in target.bets:
            if bettor not in hand.stakes:
                continue
            if bettor in out:
                self.log.append(ev.decline(target.number, number, bettor, "split"))
            else:
                stakes[bettor] = hand.stakes[bettor]
                self.log.append(ev.match(target.number, number + 1, bettor, stakes[bettor]))
        second = hand.cards.pop()
        hand.hard -= second.value
        hand.ace = hand.cards[0].value == 1
        hand.from_split = True
        target.hands.insert(self._hi + 1, Hand([second], stakes, from_split=True))
        ev.ready_cards(target.number, len(target.hands))
        target.series_open = True
        self._deal_to(target, hand)
        # re-examine the current hand: it may have no decision left (one-card aces)
        self._advance()
        return event

    # ------------------------------------------------------------------ dealer and settlement
    def _dealer_play(self, found: bool = False) -> None:
        """The dealer's hand and the settlement. ``found``: his peek found a blackjack (the round
        ends at once: he turns his hole card, whatever is left in play). (Not a keyword-only
        parameter: Python 3.11 does not specialise a call to a function that has one.)"""
        rules = self.rules
        self.phase = _DONE
        live = False  # a stake still in play
        naturals = True  # ... and every one decided by the dealer's second card (a blackjack, a late surrender)
        insured = False
        waiting = False  # a blackjack still in play (blackjack_paid_first pays those first)
        for box in self._paying:  # (every box with a bet, set by the deal: a list, no view of the dictionary to make)
            for hand in box.hands:
                if hand.open:
                    live = True
                    if hand.natural:
                        waiting = True
                    elif not hand.surrendered:
                        naturals = False
            if box.insurance:
                insured = True
        log = self.log  # (its append: a call the compiled engine makes directly)
        dealer = self.dealer
        hole = self._hole
        if not found and not live and not insured and not rules.dealer_plays_when_all_bust:
            log.append(ev.dealer_discards(dealer[0].code))
            if hole is not None:  # (face down: it is discarded unseen)
                self._hole = None
                dealer.append(hole)
                log.append(ev.dealer_discards(hole.code))
            self._clear()
            return
        if hole is not None:
            self._hole = None
            dealer.append(hole)
            log.append(ev.hole_turned(hole.code))
        # the dealer's cards are taken straight from a shoe in a set order while they lie before the
        # cut card (_draw's usual case, in short: no call a card); any other card through _draw
        shoe = self.shoe
        cards = shoe._cards
        cut = shoe.cut_remaining
        straight = 0 if shoe._pick is not None or self._cut_pending else len(cards) - (0 if cut is None else cut + 1)
        drawn = self.drawn
        if len(dealer) == 1:
            if straight > 0:
                straight -= 1
                card = cards.pop()
                shoe.dealt += 1
                drawn.append(card)
            else:
                card = self._draw(0)
            dealer.append(card)
            log.append(_DEALER_CARDS[card.code])
        up, card = dealer[0], dealer[1]
        hard = up.value + card.value
        # (the tests below as conditions, not values: Python 3.11 specialises a comparison of ints only
        # where a jump follows it, not where its answer is kept)
        ace = False
        if up.value == 1 or card.value == 1:
            ace = True
        blackjack = False
        if ace and hard == 11:
            blackjack = True
        if not blackjack and not naturals:
            stand_soft = rules.dealer_stands_soft_17
            while True:
                if ace and hard <= 11:  # soft: he stands on more than 17, on 17 where he stands on soft 17
                    if hard + 10 > 17 or (hard + 10 == 17 and stand_soft):
                        break
                elif hard >= 17:  # hard: he stands on 17 or more
                    break
                if straight > 0:  # (as the second card)
                    straight -= 1
                    card = cards.pop()
                    shoe.dealt += 1
                    drawn.append(card)
                else:
                    card = self._draw(0)
                dealer.append(card)
                log.append(_DEALER_CARDS[card.code])
                value = card.value
                hard += value
                if value == 1:
                    ace = True
        total = hard + 10 if ace and hard <= 11 else hard
        state = "blackjack" if blackjack else ("bust" if total > 21 else "stands")
        log.append(_DEALER_TOTALS[total][state])
        order = self._paying
        if waiting and rules.blackjack_paid_first and not blackjack:  # the waiting blackjacks before every other stake
            for box in order:
                number = 0  # (counted: enumerate makes an object and a tuple a hand)
                for hand in box.hands:
                    number += 1
                    if hand.open and hand.natural:
                        self._settle_against_dealer(box, number, hand, blackjack, total)
        for box in order:
            if box.insurance:  # (asked first: no iteration over an empty tuple a box)
                for bettor, amount in box.insurance.items():
                    if blackjack:
                        self._settle(box, None, bettor, amount, amount * rules.insurance_payout, "insurance_win")
                    else:
                        self._settle(box, None, bettor, amount, -amount, "insurance_lose")
            number = 0  # (counted, as above)
            for hand in box.hands:
                number += 1
                if hand.open:
                    self._settle_against_dealer(box, number, hand, blackjack, total)
        self._clear()

    def _settle_against_dealer(self, box: Box, number: int, hand: Hand, dealer_bj: bool, dealer_total: int) -> None:
        rules = self.rules
        results = self.net
        hard = hand.hard
        mine = hard + 10 if hand.ace and hard <= 11 else hard  # (hand.total, without its call)
        player_bj = hand.natural or (
            rules.split_21_is_blackjack and hand.from_split and len(hand.cards) == 2 and mine == 21
        )
        for bettor in box.bets:
            if bettor not in hand.open:
                continue
            stake = hand.stakes[bettor]
            if hand.surrendered:  # a late surrender: half back, unless the dealer has a blackjack
                outcome, net = ("lose", -stake) if dealer_bj else ("surrender", -Fraction(stake) / 2)
            elif player_bj:
                outcome, net = ("push", 0) if dealer_bj else ("blackjack", stake * rules.blackjack_payout)
            elif dealer_bj:
                lost = stake if rules.dealer_blackjack_takes == "all_stakes" else hand.original[bettor]
                outcome, net = ("lose", -lost)
            elif dealer_total > 21 or mine > dealer_total:
                outcome, net = "win", stake
            elif mine == dealer_total:
                outcome, net = "push", 0
            else:
                outcome, net = "lose", -stake
            # (_settle, inlined: a call less a stake)
            if type(net) is not int:
                net = money(net)
            so_far = results.get(bettor, 0) + net
            results[bettor] = so_far if type(so_far) is int else money(so_far)
            key = (box.number, number, bettor, net, stake, outcome)
            try:
                event = _SETTLE_EVENTS[key]
            except KeyError:  # (built the first time)
                event = _SETTLES[key]
            self.log.append(event)
            self._settled.append(event)
        hand.open.clear()

    def _clear(self) -> None:
        """The round's cards go to the discard tray (the round is DONE: the dealer's play set it)."""
        cleared: list[Card] = []  # as cards_on_table()
        for box in self._paying:
            if box.excess:
                for bettor, excess in box.excess.items():
                    self._settle(box, None, bettor, excess, 0, "excess_returned")
            for hand in box.hands:
                cleared += hand.cards
        if self.voided:
            cleared += self.voided
        cleared += self.dealer
        self.cleared = cleared
        codes = []  # (a loop: a comprehension costs a function's call in Python 3.11)
        for card in cleared:
            codes.append(card.code)
        self.log.append(ev.clear(len(cleared), " ".join(codes)))

    # ------------------------------------------------------------------ introspection
    def legal_actions(self) -> list[Action]:
        """Every action allowed now. ``bet`` stands for any bet within the limits."""
        phase = self.phase
        if phase is _BETTING:
            if self.boxes and (not self.holders or self._deal_refusal() is None):
                return [Action("bet"), Action("deal")]
            return [Action("bet")]
        if phase is _INSURANCE:
            out = [Action("close_insurance")]
            for box in self._in_order(self.rules.payment_order):
                for bettor in box.bets:
                    if self._insurance_refusal(box, bettor, None) is None:
                        out.append(Action("insurance", box.number, bettor))
                    if self._even_money_refusal(box, bettor) is None:
                        out.append(Action("even_money", box.number, bettor))
            return out
        if phase is _SURRENDER:
            out = [Action("close_surrender")]
            for box in self._in_order(self.rules.play_order):
                if self._surrender_refusal(box, box.hands[0]) is None and self._early_refusal(box) is None:
                    out.append(Action("surrender", box.number))
            return out
        if phase is _PLAYING:
            box = self._order[self._bi]
            hand = box.hands[self._hi]
            return [Action(kind, box.number) for kind in _PLAYING_ACTIONS if self._refusal(kind, box, hand) is None]
        return []


_PLAYING_ACTIONS: Final = PHASE_ACTIONS[Phase.PLAYING]
_PLAYER_REFUSALS: Final[dict[str, Callable[[Round, Box, Hand], tuple[str, str] | None]]] = {
    "hit": Round._hit_refusal,
    "stand": Round._stand_refusal,
    "double": Round._double_refusal,
    "split": Round._split_refusal,
    "surrender": Round._surrender_refusal,
}
"""Each player action's refusal test, stated once (the action's method, ``can_*``,
:meth:`Round.legal_actions` and the policy ask it)."""
_CLOSED_BY_RULES: Final = ("hit", "double", "split")
"""The actions a hand the rules have closed (a 21, a blackjack, a double) is refused by its
rule rather than as out of turn."""
