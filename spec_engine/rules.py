"""Rule sets: one frozen record of rule values per regulation, each value with its basis.

A rule set is data: ``data/rulesets/<id>.toml`` has a ``[ruleset]`` table (``id``; the
rulebook's name is the one list's, ``data/regulations.toml``) and a ``[rules]`` table giving
every field of :class:`RuleSet` as an inline table::

    [rules]
    double_totals = { value = [9, 10, 11], clauses = ["CL-13a.1"], basis = "interpretation", note = "..." }

``clauses`` are the clauses that state the value; ``basis`` is ``stated`` (the default),
``interpretation`` (``note``: the reading taken) or ``not stated`` (``note``: the
default the engine assumes and why).

A rule whose text lets the house choose among several values (New Jersey's "a casino
licensee may, at its discretion, ...") gives the permitted set instead of one value: a
*house option*::

    resplit_aces = { options = [true, false], default = false, clauses = ["XX-12.c"], note = "..." }

Each option is a value of the rule's kind, or an inline table ``{ value = ..., clauses = [...] }``
citing its own clauses (else it cites the rule's); there are at least two, all different, each
cited (``stated`` or ``interpretation``: a text that is silent permits nothing). The rule set's
value is the house's choice: the ``default`` option, else the first; :meth:`RuleSet.options`
gives the set and :meth:`RuleSet.choose` another choice within it.

Every field must be present, with clauses (``stated``), clauses and a reading
(``interpretation``) or a reasoned assumption (``not stated``). Optional values are
written ``"none"``; ratios as strings ``"3/2"``. Any fault is an
:class:`~spec_engine.errors.InputError` naming the file and the field.

The engine reads values only through generic mechanisms; it never asks which
regulation it is playing.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, cast

from spec_engine.catalog import DATA, REGULATION_IDS, all_clause_ids, rulebook_name
from spec_engine.errors import InputError, RuleViolation
from spec_engine.i18n import _

BASES = ("stated", "interpretation", "not stated")
ORDERS = ("ascending", "descending")
"""Box order: boxes are numbered 1, 2, ... from the dealer's left; ``ascending`` starts at
box 1 (the dealer's left), ``descending`` at the highest box (the dealer's right)."""


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a rule value comes from."""

    basis: str
    clauses: tuple[str, ...]
    note: str = ""

    @property
    def assumed(self) -> bool:
        return self.basis == "not stated"

    def __reduce__(self) -> tuple[Any, ...]:
        return _remade, (Citation, _values(self))


@dataclass(frozen=True, slots=True)
class HouseOption:
    """A rule whose text lets the house choose its value among several (a *house option*)."""

    values: tuple[Any, ...]
    """The values the text permits, in the rule-set file's order (at least two, all different)."""
    clauses: tuple[tuple[str, ...], ...]
    """The clauses permitting each value, in the same order."""

    def cite(self, value: Any) -> tuple[str, ...]:
        """The clauses permitting ``value`` (one of :attr:`values`)."""
        return self.clauses[self.values.index(value)]

    def cited(self) -> tuple[str, ...]:
        """Every clause permitting one of the values, each once, in order."""
        return tuple(dict.fromkeys(c for cs in self.clauses for c in cs))

    def __reduce__(self) -> tuple[Any, ...]:
        return _remade, (HouseOption, _values(self))


def _values(made: Any) -> dict[str, Any]:
    """A frozen record's fields by name: what copies and pickles remake it from (a compiled frozen
    class is made through its constructor only)."""
    return {f.name: getattr(made, f.name) for f in dataclasses.fields(made)}


def _remade(kind: Callable[..., Any], values: dict[str, Any]) -> Any:
    return kind(**values)


def _rule(doc: str, kind: str, choices: tuple[str, ...] = (), *, least: int = 0) -> Any:
    """A rule field: what it means, its kind of value, its choices and (a whole number) its least value."""
    return field(metadata={"doc": doc, "kind": kind, "choices": choices, "least": least})


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet:
    """The rule values of one regulation. Field metadata ``doc`` says what each means."""

    id: str

    # Shoe, cut and burns
    decks: int = _rule("Number of 52-card decks in the shoe.", "int", least=1)
    burn_after_shuffle: int = _rule("Cards burnt (discarded unseen) after each shuffle.", "int")
    burn_on_dealer_change: int = _rule("Cards burnt when the dealer changes mid-shoe.", "int")
    cut_card_from_end: int | None = _rule(
        "Cards placed behind the cut card (the shoe's last cards), when a fixed number.", "int?"
    )
    cut_card_per_participant: int | None = _rule(
        "Cards behind the cut card per participant at the table, when it depends on them.", "int?"
    )
    cut_card_share: Fraction | None = _rule(
        "Share of the shoe's cards placed behind the cut card, whatever the number of decks (the "
        'texts\' "about a quarter"); the engine places it behind that share of the cards the shoe '
        "holds when it is cut, rounded down to a whole card (1/4 of 312 cards: 78; of 260: 65). "
        "None: the cut card is placed by a number of cards (cut_card_from_end, cut_card_per_participant), "
        "with which a share cannot be combined.",
        "ratio?",
    )
    min_cut: int | None = _rule("The player's cut must leave at least this many cards on each side.", "int?", least=1)
    last_round_on_cut_card: bool = _rule(
        "The round in which the cut card comes out is completed and is the shoe's last.", "bool"
    )
    refill_from_discards: bool = _rule(
        "If the shoe runs out mid-round the discards are shuffled and the round completed.", "bool"
    )

    cut_offered_to: str = _rule(
        "Who is offered the cut: the player who would have received the cut card in the last "
        "round (else the first box), or any player who wishes.",
        "choice",
        ("cut_card_receiver", "any_player"),
    )
    cut_without_receiver: str = _rule(
        "Where the cut goes to the one who would have received the cut card (cut_offered_to), who is "
        "offered it when nobody did (a new table, the dealer took the card, the cut card came out with "
        "the round's last card, a house reshuffle): the first box, at the dealer's left; the player "
        "at the dealer's right (the highest seat taken, else the last box); the first player seated "
        "(the first seat listed; seats mapped to their players, by box; else the first box); or, at "
        "the table's first shuffle, the first player seated and after it the player at the dealer's right.",
        "choice",
        ("first_box", "dealer_right", "first_player", "first_player_then_dealer_right"),
    )
    house_reshuffle: bool = _rule(
        "The house may shuffle the shoe between any two rounds, before the cut card has come out (else "
        "the shoe is shuffled only once the cut card has come out); after such a reshuffle nobody "
        "received the cut card, and the cut goes as cut_without_receiver says.",
        "bool",
    )
    announce_last_round: bool = _rule(
        "The dealer announces the last round of the shoe when the cut card comes out.", "bool"
    )
    announce_closing: bool = _rule(
        "Before closing time the last round is announced during the round before it; no round follows the last.",
        "bool",
    )

    # Table, boxes and bettors
    max_boxes: int = _rule("Number of betting boxes (seats) at the table.", "int", least=1)
    max_bets_per_box: int | None = _rule(
        "Most bets (the box's own and bettors behind) on one box; none = no stated limit.", "int?", least=1
    )
    max_bets_unseated_box: int | None = _rule(
        "Most bettors on a box whose seat is empty; none = as any box.", "int?", least=1
    )
    unseated_box_decider: str = _rule(
        "Who decides for a box whose seat is empty: the largest bet (ties: nearest the shoe) or the first bettor.",
        "choice",
        ("largest_bet", "first_bettor"),
    )
    behind_may_decline_double: bool = _rule("A bettor behind may decline to match the box owner's double.", "bool")
    behind_may_decline_split: bool = _rule(
        "A bettor behind may decline to match the box owner's split (his stake stays on the first hand).",
        "bool",
    )
    box_owner_decides: bool = _rule(
        "The box's owner (its seated player, or its first bettor) alone decides its play.", "bool"
    )
    bet_behind_consent: str = _rule(
        "What another bettor's bet on a box whose seat is occupied needs from the box's holder: nothing, "
        "that the holder has not objected to him, or the holder's prior consent (the ``consent`` and "
        "``object`` actions, given before the bet).",
        "choice",
        ("not_asked", "unless_objected", "required"),
    )
    insurance_per_bettor: bool = _rule("Each bettor on a box decides insurance (and even money) for himself.", "bool")

    # Order and announcements
    deal_order: str = _rule("Order in which boxes receive cards.", "choice", ORDERS)
    play_order: str = _rule("Order in which boxes play their hands.", "choice", ORDERS)
    payment_order: str = _rule("Order in which the dealer settles the boxes.", "choice", ORDERS)
    bets_closed_at_deal: bool = _rule(
        "Once dealing starts no bet may be placed, raised or withdrawn (but for doubles, splits and insurance).",
        "bool",
    )
    no_more_bets_call: str | None = _rule(
        "The dealer's call closing the bets before the first card; none = no call stated.", "str?"
    )

    # Player's play
    min_stand_total: int = _rule("A hand may stand only with at least this total (0 = any).", "int")
    announce_options: bool = _rule(
        "Once the cards are dealt the dealer announces the players' options besides standing and "
        "drawing (an ``options`` event naming them).",
        "bool",
    )
    hit_on_hard_21: bool = _rule("A hand totalling hard 21 may still draw.", "bool")
    hit_on_soft_21: bool = _rule("A hand totalling soft 21 may still draw.", "bool")
    surrender: str = _rule(
        "The player may give up a hand on its first two cards, before any other decision on it, "
        "for half its stake: late (half back only if the dealer has no blackjack, which takes the "
        "whole stake), early (half back whatever the dealer holds) or none.",
        "choice",
        ("none", "late", "early"),
    )
    surrender_after_split: bool = _rule(
        "A hand made by a split may surrender on its first two cards (where surrender is offered).", "bool"
    )

    # Dealer's play
    dealer_stands_soft_17: bool = _rule("The dealer stands on soft 17 (else he draws).", "bool")
    dealer_plays_when_all_bust: bool = _rule(
        "The dealer draws his second card even when no bet is left in play.", "bool"
    )
    hole_card: str = _rule(
        "The dealer's second card: none (dealt after the players act, the European game); peek "
        "(dealt face down at the deal, after the players' second cards; with an ace or a "
        "ten-valued card up he checks it for a blackjack before the players act, and a blackjack "
        "ends the round at once); peek_ace (the same, checked only with an ace up: with a ten up "
        "a dealer blackjack is found when he turns his hole card, after the players act). Where he "
        "checks, insurance is settled at the check, early surrender is offered before it (not "
        "after) and late surrender after it.",
        "choice",
        ("none", "peek", "peek_ace"),
    )

    # Naturals and settlement
    blackjack_payout: Fraction = _rule("What a player's blackjack wins, per unit staked.", "ratio")
    pay_blackjack_immediately: bool = _rule(
        "A player's blackjack is paid at once when the dealer's card is neither an ace nor "
        "ten-valued (else it waits for the dealer's second card).",
        "bool",
    )
    blackjack_paid_first: bool = _rule(
        "At the settlement, the players' blackjacks that waited for the dealer's hand are paid "
        "first, before every other stake (else every stake is settled box by box in payment order).",
        "bool",
    )
    dealer_blackjack_takes: str = _rule(
        "What a dealer blackjack takes: every stake on a losing hand (doubles and splits "
        "included) or only the original stakes.",
        "choice",
        ("all_stakes", "original_stakes"),
    )
    split_21_is_blackjack: bool = _rule("Two cards making 21 after a split count as blackjack.", "bool")
    push_stake_stays: bool = _rule(
        "At a table, a stake that pushed stays on its box as the next round's bet (a ``stays`` "
        "event); the bettor may change or withdraw it before the deal.",
        "bool",
    )
    even_money: bool = _rule("A player with blackjack facing a dealer ace may take even money (1:1 at once).", "bool")

    # Insurance
    insurance_timing: str = _rule(
        "When insurance is called: after the initial deal, before any player draws; or "
        "before the dealer's second card, to the bettors still in play.",
        "choice",
        ("after_initial_deal", "before_dealer_second_card"),
    )
    insurance_max: Fraction = _rule("Most insurance per unit of the stake (see insurance_base).", "ratio")
    insurance_base: str = _rule(
        "The stake insurance is measured against: the bettor's original bet on the box, or his "
        "total stake on the box's hands when insurance is called (doubles and splits included).",
        "choice",
        ("original_stake", "total_stake"),
    )
    insurance_exact: bool = _rule("Insurance must be exactly the maximum (no less).", "bool")
    insurance_min_of_table_min: Fraction | None = _rule(
        "Least insurance on each hand insured, as a fraction of the table minimum (where insurance "
        "is measured on the total stake, a bettor's insurance on a box covers each of his hands in "
        "play, so it is at least this times their number); none = no minimum.",
        "ratio?",
    )
    insurance_multiple: int | None = _rule("Insurance must be a multiple of this.", "int?", least=1)
    insurance_payout: Fraction = _rule("What winning insurance wins, per unit staked.", "ratio")

    # Doubling
    double_totals: frozenset[int] | None = _rule(
        "Two-card totals that may double (either count of an ace qualifies); none = any.", "ints?"
    )
    double_on_blackjack: bool = _rule("A blackjack may be doubled.", "bool")
    double_after_split: bool = _rule("A hand made by a split may double.", "bool")
    double_after_split_hands: int | None = _rule(
        "Only the first N hands of a split may double; none = any of them.", "int?", least=1
    )
    double_one_card: bool = _rule("A doubled hand receives exactly one more card.", "bool")

    # Splitting
    split_ten_value_mixes: bool = _rule("Two different ten-valued cards (a ten and a figure) are a pair.", "bool")
    max_split_hands: int | None = _rule("Most hands one box may make by splitting; none = no limit.", "int?", least=2)
    resplit_consecutive_only: bool = _rule(
        "A re-split needs the equal cards to come in succession: any other card or a finished hand ends the series.",
        "bool",
    )
    resplit_aces: bool = _rule("Split aces may be split again.", "bool")
    split_aces_one_card: bool = _rule("Each split ace receives one card only (else split aces play freely).", "bool")
    double_on_split_aces: bool = _rule("A hand from split aces may double.", "bool")

    # Limits
    table_limits: bool = _rule("Every bet must lie within the table minimum and maximum.", "bool")
    bet_multiple: int | None = _rule("Bets must be a multiple of this; none = any amount.", "int?", least=1)
    limit_ratio: tuple[int, int] | None = _rule(
        "Bounds of the maximum:minimum ratio a table may set (e.g. 4 to 50); none = not set.", "range?"
    )
    over_maximum_bet: str = _rule(
        "An over-maximum bet the dealer missed: refused, or capped (wins or loses only up to "
        "the maximum, the excess returned).",
        "choice",
        ("refused", "capped"),
    )

    special_maximum: bool = _rule(
        "A bettor authorised a special maximum may exceed the table maximum on one free box.", "bool"
    )

    # Procedure
    missed_insurance_call: str = _rule(
        "The dealer forgot to call insurance and drew his second card: play on, or, if it is "
        "ten-valued, void it and call insurance.",
        "choice",
        ("proceed", "void_ten"),
    )
    absent_player_draws_to: int | None = _rule(
        "For a bettor who left the table after his first card the dealer draws to at least this "
        "total; none = not provided for.",
        "int?",
    )
    unclaimed_winnings_rounds: int | None = _rule(
        "An absent bettor's winnings stay on the table this many rounds, then go to the bank; none = not provided for.",
        "int?",
    )

    # Session
    banker_rotation: str = _rule(
        "Who banks: the house, or each participant in turn, changing at each reshuffle.",
        "choice",
        ("house", "each_participant_per_shoe"),
    )
    co_owned_bank: bool = _rule(
        "The participants own the bank in equal shares: equal advances, re-advanced when it is "
        "broke, shared equally at the end.",
        "bool",
    )
    every_player_bets_every_round: bool = _rule(
        "Every participant must play every round until the session ends.", "bool"
    )
    misdeal_remedy: str = _rule(
        "A card dealt or exposed by mistake: returned to its place in the shoe, voided, or used as the next card.",
        "choice",
        ("return_to_shoe", "void", "next_card"),
    )
    card_to_box_without_bet: str = _rule(
        "A card dealt to a box without a bet: the misdeal remedy, or reconstruct and redeal.",
        "choice",
        ("misdeal_remedy", "reconstruct"),
    )

    citations: Mapping[str, Citation] = field(default_factory=dict, compare=False, repr=False)
    house_options: Mapping[str, HouseOption] = field(default_factory=dict, compare=False, repr=False)
    """The rules whose text lets the house choose among several values (see :meth:`options`); the
    value of such a rule is the house's choice (:meth:`choose`)."""

    @property
    def name(self) -> str:
        """The rulebook's name, as the one list spells it (:func:`~spec_engine.catalog.rulebook_name`);
        a rule set of an id the list does not hold (one made by hand, ``replace(rules, id="XX")``)
        goes by its id."""
        return rulebook_name(self.id) if self.id in REGULATION_IDS else self.id

    def __reduce__(self) -> tuple[Any, ...]:
        return _remade, (RuleSet, _values(self))

    def cite(self, rule: str) -> tuple[str, ...]:
        """The clause ids behind a rule value (empty for a pure assumption)."""
        return self.citations[rule].clauses

    def with_values(self, **changes: Any) -> RuleSet:
        """A copy with some values changed (for exploring a rule); their citations become
        ``not stated``: a changed value is nobody's regulation (nor a house's choice among the
        values a text permits: the rule is no longer a house option)."""
        cites = dict(self.citations)
        for key in changes:
            cites[key] = Citation("not stated", (), "changed from the regulation's value")
        kept = {k: o for k, o in self.house_options.items() if k not in changes}
        return dataclasses.replace(self, citations=cites, house_options=kept, **changes)

    def options(self, rule: str) -> tuple[Any, ...]:
        """The values the house may choose for ``rule``: a house option's permitted values, else
        the rule's one value."""
        option = self.house_options.get(rule)
        return option.values if option is not None else (getattr(self, rule),)

    def choose(self, **choices: Any) -> RuleSet:
        """A copy with the house's choice of some house options (``choose(resplit_aces=False)``),
        each within the values its text permits; the citations and the permitted sets stay (a
        choice within them is the text's). Refused, a :class:`~spec_engine.errors.RuleViolation`
        naming the rule, the values permitted and the clauses, for a value outside the set or a
        rule the text does not leave to the house; an unknown rule is an
        :class:`~spec_engine.errors.InputError`."""
        for rule, value in choices.items():
            if rule not in RULE_NAMES:
                raise InputError(f"{rule!r} is not a rule", field="house")
            option = self.house_options.get(rule)
            if option is None:
                held = show_value(getattr(self, rule))
                cite = self.citations.get(rule)
                fixed = f"the regulation sets it to {held}"
                if cite is None or cite.assumed:  # the text is silent, or the start changed the value
                    fixed = f"no text leaves it to the house (the rule set assumes {held})"
                raise RuleViolation(
                    f"{rule} is not the house's to choose: {fixed}",
                    clauses=self.cite(rule) if rule in self.citations else (),
                    rule=rule,
                    action="table",
                    state="house options",
                    translate=_,
                )
            if not _permitted(value, option.values):
                raise RuleViolation(
                    f"{rule} = {show_value(value)} is not permitted: the house chooses one of "
                    + ", ".join(show_value(v) for v in option.values),
                    clauses=option.cited(),
                    rule=rule,
                    action="table",
                    state="house options",
                    translate=_,
                )
        return dataclasses.replace(self, **choices) if choices else self

    def chosen(self, house: object) -> RuleSet:
        """A copy with the house's choices ``house`` (a mapping of rule to value, as
        :meth:`choose` takes them; ``None``: none), refused as :meth:`choose` refuses them;
        anything but a mapping is an :class:`~spec_engine.errors.InputError` naming ``house``."""
        if house is None:
            return self
        if not isinstance(house, Mapping):
            raise InputError(f"the house's choices are a mapping of rule to value, not {house!r}", field="house")
        return self.choose(**house)


def _permitted(value: Any, values: tuple[Any, ...]) -> bool:
    """Whether ``value`` is one of ``values``, a bool never standing for a number (``1 == True``)."""
    return any(type(value) is type(v) and value == v for v in values)


CUT_CARD_PLACES = ("cut_card_from_end", "cut_card_per_participant")
"""The rules placing the cut card by a number of cards, which a share (``cut_card_share``) excludes."""


def cut_card_conflict(rules: RuleSet) -> str | None:
    """Why ``rules`` cannot place the cut card at its share of the cards (``cut_card_share``: a
    share outside 0 to 1, or a share beside a number of cards), or ``None``. A rule-set file
    holding one is refused, and so is a table under rules changed to one."""
    share = rules.cut_card_share
    if share is None:
        return None
    shown = f"{share.numerator}/{share.denominator}"
    if not 0 < share < 1:
        return _(
            "cut_card_share = {share}: the cut card lies behind a share of the cards greater than 0 and less than 1",
            share=shown,
        )
    for other in CUT_CARD_PLACES:
        if getattr(rules, other) is not None:
            return _(
                "cut_card_share = {share} and {other} = {value}: the cut card is placed at a share of the "
                "cards or by a number of cards, not both",
                share=shown,
                other=other,
                value=getattr(rules, other),
            )
    return None


@dataclass(frozen=True, slots=True)
class Difference:
    """How rule sets differ on one rule: the one definition every comparison shares (the rules
    compared, the cost between two rulebooks, the command line, the downloads).

    The rule sets differ (``sets_differ``) where their values, the values the engine plays,
    are not all equal. The texts differ (``texts_differ``) only where the values the texts
    state or are read to say are not all equal: a value the engine assumes where its text is
    silent is never a text's. So two rule sets may differ where their texts do not: the
    difference then rests on an assumption (``by_assumption``), and a page says so."""

    field: str
    sets_differ: bool
    texts_differ: bool
    assumed: tuple[bool, ...]
    """Per rule set, in the order given: whether its value is assumed (its text does not state it)."""

    @property
    def by_assumption(self) -> bool:
        """The rule sets differ, the texts do not: the difference rests on assumed values."""
        return self.sets_differ and not self.texts_differ

    def __reduce__(self) -> tuple[Any, ...]:
        return _remade, (Difference, _values(self))


def difference(sets: Sequence[RuleSet], name: str) -> Difference:
    """How ``sets`` differ on the rule ``name`` (see :class:`Difference`)."""
    values = [repr(getattr(r, name)) for r in sets]
    assumed = tuple(r.citations[name].assumed for r in sets)
    said = {v for v, silent in zip(values, assumed, strict=True) if not silent}
    return Difference(name, len(set(values)) > 1, len(said) > 1, assumed)


def show_value(value: object) -> str:
    """A rule value as short text: ``none``, ``yes``/``no``, ``9, 10, 11``, ``4 to 50``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, frozenset):
        return ", ".join(str(v) for v in sorted(value))
    if isinstance(value, tuple):
        return " to ".join(str(v) for v in value)
    return str(value)


RULE_FIELDS: tuple[dataclasses.Field[Any], ...] = tuple(
    f for f in dataclasses.fields(RuleSet) if f.name not in ("id", "citations", "house_options")
)


RULE_NAMES: frozenset[str] = frozenset(f.name for f in RULE_FIELDS)


_TOPIC_STARTS = {
    "decks": "shoe",
    "max_boxes": "boxes",
    "deal_order": "dealing",
    "min_stand_total": "playing",
    "dealer_stands_soft_17": "dealer",
    "blackjack_payout": "settlement",
    "insurance_timing": "insurance",
    "double_totals": "doubling",
    "split_ten_value_mixes": "splitting",
    "table_limits": "limits",
    "missed_insurance_call": "procedure",
    "banker_rotation": "session",
    "misdeal_remedy": "procedure",
}


def _topics() -> dict[str, str]:
    topics, current = {}, "shoe"
    for f in RULE_FIELDS:
        current = _TOPIC_STARTS.get(f.name, current)
        topics[f.name] = current
    return topics


RULE_TOPICS: dict[str, str] = _topics()
"""The topic of each rule field (shoe, boxes, dealing, playing, dealer, settlement,
insurance, doubling, splitting, limits, procedure, session), in field order."""

ALSO_TOPICS: dict[str, tuple[str, ...]] = {
    "double_after_split": ("splitting",),
    "double_after_split_hands": ("splitting",),
    "split_21_is_blackjack": ("splitting",),
    "double_on_split_aces": ("doubling",),
    "split_aces_one_card": ("doubling",),
    "dealer_blackjack_takes": ("dealer",),
    "even_money": ("insurance",),
    "insurance_per_bettor": ("boxes",),
    "behind_may_decline_double": ("doubling",),
    "behind_may_decline_split": ("splitting",),
    "cut_offered_to": ("procedure",),
    "cut_without_receiver": ("procedure",),
    "surrender_after_split": ("splitting",),
    "hole_card": ("dealing", "insurance"),
}
"""The other topics a rule belongs to, beside the one it is filed under: a reader filtering on
splitting finds "double after split" too."""


def topics_of(field: str) -> tuple[str, ...]:
    """Every topic of a rule field, the one it is filed under first."""
    return (RULE_TOPICS[field], *ALSO_TOPICS.get(field, ()))


def _value(path: str, name: str, kind: str, choices: tuple[str, ...], raw: Any) -> Any:
    def bad(expected: str) -> InputError:
        return InputError(f"value {raw!r} is not {expected}", field=f"{path} [{name}]")

    if kind.endswith("?"):
        if raw == "none":
            return None
        kind = kind[:-1]
    if kind == "int":
        least = next((f.metadata["least"] for f in RULE_FIELDS if f.name == name), 0)
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < least:
            raise bad(f"a whole number >= {least}")
        return raw
    if kind == "bool":
        if not isinstance(raw, bool):
            raise bad("true or false")
        return raw
    if kind == "str":
        if not isinstance(raw, str) or not raw:
            raise bad("a string")
        return raw
    if kind == "choice":
        if raw not in choices:
            raise bad(f"one of {choices}")
        return raw
    if kind == "ratio":
        try:
            ratio = Fraction(raw) if isinstance(raw, (str, int)) and not isinstance(raw, bool) else None
        except (ValueError, ZeroDivisionError):
            ratio = None
        if ratio is None or ratio < 0:
            raise bad('a ratio such as "3/2"')
        return ratio
    if kind == "ints":
        if not isinstance(raw, list) or not raw or not all(isinstance(x, int) for x in raw):
            raise bad("a list of whole numbers")
        return frozenset(raw)
    if kind == "range":
        if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, int) for x in raw)):
            raise bad("a pair [low, high]")
        return (raw[0], raw[1])
    raise AssertionError(kind)  # pragma: no cover


def _check_clauses(clauses: object, clause_ids: frozenset[str], where: str) -> None:
    """Refuses ``clauses`` unless a list of known clause ids."""
    if not isinstance(clauses, list) or not all(isinstance(c, str) for c in clauses):
        raise InputError("clauses must be a list of clause ids", field=where)
    for clause_id in clauses:
        if clause_id not in clause_ids:
            raise InputError(f"cites unknown clause {clause_id!r}", field=where)


def _house_option(
    path: str,
    name: str,
    meta: Mapping[str, Any],
    spec: Mapping[str, Any],
    clauses: tuple[str, ...],
    clause_ids: frozenset[str],
) -> tuple[HouseOption, Any]:
    """A rule's ``options`` (see the module's docstring) and the house's choice loaded (the
    ``default``, else the first): each a value of the rule's kind, or a table with its value and
    its own clauses; at least two, all different, each cited."""
    where = f"{path} [{name}]"
    given = spec["options"]
    if not isinstance(given, list) or len(given) < 2:
        count = len(given) if isinstance(given, list) else 0
        raise InputError(
            f"options must list at least two values the house may choose from (it lists {count}); "
            "a rule with one permitted value gives it as its value",
            field=where,
        )
    values: list[Any] = []
    cited: list[tuple[str, ...]] = []
    for n, item in enumerate(given, 1):
        own: object = None
        if isinstance(item, dict):
            extra = sorted(set(item) - {"value", "clauses"})
            if extra or "value" not in item:
                raise InputError(
                    f"option {n} is a value, or a table with its value and its clauses (not {sorted(item)})",
                    field=where,
                )
            own = item.get("clauses")
            item = item["value"]
        value = _value(path, name, meta["kind"], meta["choices"], item)
        if _permitted(value, tuple(values)):
            raise InputError(f"option {n} ({show_value(value)}) is listed twice", field=where)
        if own is not None:
            _check_clauses(own, clause_ids, f"{where} option {n}")
        cites = tuple(cast(list[str], own)) if own else clauses
        if not cites:
            raise InputError(f"option {n} ({show_value(value)}) cites no clause permitting it", field=where)
        values.append(value)
        cited.append(cites)
    option = HouseOption(tuple(values), tuple(cited))
    if "default" not in spec:
        return option, values[0]
    default = _value(path, name, meta["kind"], meta["choices"], spec["default"])
    if not _permitted(default, option.values):
        raise InputError(f"default {show_value(default)} is not one of its options", field=where)
    return option, default


def parse_ruleset(path: Path, *, known_clauses: frozenset[str] | None = None) -> RuleSet:
    """Read and validate a rule-set file."""
    name = path.name
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"cannot read rule set: {exc}", field=name) from exc
    meta = raw.pop("ruleset", None)
    if not isinstance(meta, dict) or not isinstance(meta.get("id"), str):
        raise InputError("needs a [ruleset] table with its 'id'", field=name)
    if "name" in meta:
        raise InputError("the rulebook's name is in data/regulations.toml ([names]), not in its rule set", field=name)
    if set(meta) != {"id"}:
        raise InputError(f"unknown keys {sorted(set(meta) - {'id'})} in [ruleset] (only 'id')", field=name)
    body = raw.pop("rules", None)
    if raw:
        raise InputError(f"unknown tables {sorted(raw)} (only [ruleset] and [rules])", field=name)
    if not isinstance(body, dict):
        raise InputError("needs a [rules] table", field=name)
    raw = body
    known = {f.name: f for f in RULE_FIELDS}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise InputError(f"unknown rule fields {unknown}", field=name)
    missing = [f for f in known if f not in raw]
    if missing:
        raise InputError(f"missing rule fields {missing}", field=name)
    clause_ids = all_clause_ids() if known_clauses is None else known_clauses
    values: dict[str, Any] = {}
    citations: dict[str, Citation] = {}
    house: dict[str, HouseOption] = {}
    for key, spec in raw.items():
        where = f"{name} [{key}]"
        if not isinstance(spec, dict):
            raise InputError("must be a table with value, clauses, basis and note", field=where)
        extra = sorted(set(spec) - {"value", "options", "default", "clauses", "basis", "note"})
        if extra:
            raise InputError(f"unknown keys {extra}", field=where)
        if "options" in spec and "value" in spec:
            raise InputError("has a value and options: one value, or the options the house chooses from", field=where)
        if "default" in spec and "options" not in spec:
            raise InputError("a default is the house's choice among its options: there are none", field=where)
        if "value" not in spec and "options" not in spec:
            raise InputError("has no value", field=where)
        meta_f = known[key].metadata
        clauses = spec.get("clauses", [])
        basis = spec.get("basis", "stated")
        note = spec.get("note", "")
        if basis not in BASES:
            raise InputError(f"basis {basis!r} is not one of {BASES}", field=where)
        _check_clauses(clauses, clause_ids, where)
        if "options" in spec:
            if basis == "not stated":
                raise InputError("a house option is the values a text permits: it must cite them", field=where)
            house[key], values[key] = _house_option(name, key, meta_f, spec, tuple(clauses), clause_ids)
            if not clauses:
                clauses = list(house[key].cited())
        else:
            values[key] = _value(name, key, meta_f["kind"], meta_f["choices"], spec["value"])
        if basis in ("stated", "interpretation") and not clauses:
            raise InputError(f"a {basis} value must cite its clauses", field=where)
        if basis in ("interpretation", "not stated") and not (isinstance(note, str) and note.strip()):
            raise InputError(
                "an interpretation needs the reading taken"
                if basis == "interpretation"
                else "a 'not stated' value needs the assumption and its reason",
                field=where,
            )
        citations[key] = Citation(basis, tuple(clauses), note)
    made = RuleSet(id=meta["id"], citations=citations, house_options=house, **values)
    conflict = cut_card_conflict(made)
    if conflict is not None:
        raise InputError(conflict, field=f"{name} [cut_card_share]")
    return made


RULESET_DIR = DATA / "rulesets"
"""Where the rule sets are: ``<id>.toml``, the id in lower case (``uy.toml``)."""


@cache
def ruleset(reg_id: str) -> RuleSet:
    """The rule set of a regulation, by id (``"uy"``, ``"UY"``)."""
    key = reg_id.upper()
    if key not in REGULATION_IDS:
        raise InputError(f"unknown regulation {reg_id!r}; known: {', '.join(REGULATION_IDS)}", field="regulation")
    return parse_ruleset(RULESET_DIR / f"{key.lower()}.toml")


def rulesets() -> tuple[RuleSet, ...]:
    return tuple(ruleset(r) for r in REGULATION_IDS)
