"""The rule values in the trade's words: what every surface says for a value (the pages, the CSV
and the PDF, the command line, the dealer practice), never the engine's identifier
(``ascending``) nor a bare number that does not say what it counts (``2`` for "the first two
hands as laid out", ``1`` for "1 card").

The rule-set files and ``BLACKJACK_SPEC_OVERRIDES`` keep the engine's notation
(:func:`spec_engine.rules.show_value`); a reader sees :func:`words`. Each message is whole, a
plural form of its own where a count needs one (the site will be translated). The engine
room's, so that the practice (in the reader's page) speaks as the pages do.
"""

from __future__ import annotations

from fractions import Fraction

from spec_engine.rules import show_value

NONE_WORDS: dict[str, str] = {
    "cut_card_from_end": "no fixed number",
    "cut_card_per_participant": "not by the participants",
    "min_cut": "no least cut",
    "max_bets_per_box": "no limit",
    "max_bets_unseated_box": "as any box",
    "no_more_bets_call": "no call stated",
    "insurance_min_of_table_min": "no minimum",
    "insurance_multiple": "any amount",
    "double_totals": "any two cards",
    "double_after_split_hands": "every split hand",
    "max_split_hands": "no limit",
    "bet_multiple": "any amount",
    "limit_ratio": "no ratio set",
    "absent_player_draws_to": "not provided for",
    "unclaimed_winnings_rounds": "not provided for",
}
"""What a rule's ``none`` means, in the trade's words (a test checks every field that may be
none has its words): never a bare "none" on a page."""

_SIDES = {"ascending": "from the dealer's left", "descending": "from the dealer's right"}
"""An order of the boxes: from box 1 (the dealer's left) or from the highest box."""

CHOICE_WORDS: dict[str, dict[str, str]] = {
    "cut_offered_to": {"cut_card_receiver": "the player the cut card reached", "any_player": "any player who wishes"},
    "unseated_box_decider": {"largest_bet": "the largest bet", "first_bettor": "the first bettor"},
    "bet_behind_consent": {
        "not_asked": "nothing from the holder",
        "unless_objected": "no objection from the holder",
        "required": "the holder's consent",
    },
    "deal_order": _SIDES,
    "play_order": _SIDES,
    "payment_order": _SIDES,
    "dealer_blackjack_takes": {
        "all_stakes": "all stakes (doubles and splits too)",
        "original_stakes": "original bets only",
    },
    "insurance_timing": {
        "after_initial_deal": "after the first two cards",
        "before_dealer_second_card": "before the dealer's second card",
    },
    "insurance_base": {"original_stake": "the original bet", "total_stake": "the total stake (doubles and splits)"},
    "over_maximum_bet": {
        "refused": "refused (the bet returned)",
        "capped": "paid up to the maximum, the excess returned",
    },
    "missed_insurance_call": {"proceed": "play on", "void_ten": "a ten drawn is voided, insurance called"},
    "banker_rotation": {"house": "the house", "each_participant_per_shoe": "each player in turn, a shoe each"},
    "misdeal_remedy": {
        "return_to_shoe": "returned to the shoe",
        "void": "voided",
        "next_card": "used as the next card",
    },
    "card_to_box_without_bet": {"misdeal_remedy": "as a misdealt card", "reconstruct": "the round reconstructed"},
    "surrender": {
        "none": "not offered",
        "late": "late (a dealer blackjack takes the whole stake)",
        "early": "early (half back whatever the dealer holds)",
    },
}
"""Each named value of a choice, in the trade's words (a test checks every choice is here)."""

ZERO_WORDS: dict[str, str] = {
    "burn_after_shuffle": "no burn",
    "burn_on_dealer_change": "no burn",
    "min_stand_total": "any total",
}
"""Where 0 means "no such rule", in words."""

BOOL_WORDS: dict[str, tuple[str, str]] = {
    "dealer_stands_soft_17": ("stands (S17)", "draws (H17)"),
}
"""(true, false) in words where yes/no would not read."""

COUNTED: dict[str, tuple[str, str]] = {
    "decks": ("{n} deck", "{n} decks"),
    "burn_after_shuffle": ("{n} card", "{n} cards"),
    "burn_on_dealer_change": ("{n} card", "{n} cards"),
    "cut_card_from_end": ("{n} card", "{n} cards"),
    "cut_card_per_participant": ("{n} card a participant", "{n} cards a participant"),
    "min_cut": ("{n} card", "{n} cards"),
    "max_boxes": ("{n} box", "{n} boxes"),
    "max_bets_per_box": ("{n} bet", "{n} bets"),
    "max_bets_unseated_box": ("{n} bet", "{n} bets"),
    "max_split_hands": ("{n} hand", "{n} hands"),
    "unclaimed_winnings_rounds": ("{n} round", "{n} rounds"),
    "double_after_split_hands": ("the first hand as laid out", "the first {n} hands as laid out"),
}
"""A count with what it counts, singular and plural: ``1 card``, ``5 decks``. A split box's
hands are counted as they lie on the layout, which is the order they are played (UY-35.2 and
the engine's ``box.hands``: a re-split hand is laid beside the hand it came from)."""

NUMBERS: dict[str, str] = {
    "min_stand_total": "a total",
    "absent_player_draws_to": "a total",
    "double_totals": "totals",
    "insurance_multiple": "an amount",
    "bet_multiple": "an amount",
    "blackjack_payout": "a payout ratio",
    "insurance_payout": "a payout ratio",
}
"""The numbers that are the trade's words as they are, each with what it is: a total, an
amount of money or a payout ratio, read after the rule's name (``Bets in multiples of: 10``)."""

SHARE_OF: dict[str, str] = {"insurance_max": "the stake", "insurance_min_of_table_min": "the table minimum"}
"""A fraction of something, said with it: ``half the stake``."""

_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(field: str, n: int) -> str:
    one, many = COUNTED[field]
    shown = _SMALL[n] if field == "double_after_split_hands" and n < len(_SMALL) else str(n)
    return (one if n == 1 else many).format(n=shown)


def share_of(value: Fraction, of: str) -> str:
    """A fraction of something, in words: ``half the stake``, ``1/3 of the stake``."""
    if value == 1:
        return f"all {of}"
    if value == Fraction(1, 2):
        return f"half {of}"
    return f"{value.numerator}/{value.denominator} of {of}"


def words(field: str, value: object) -> str:
    """A rule value as the trade says it: ``any two cards``, ``no limit``, ``3:2``,
    ``from the dealer's left``, ``9, 10, 11``, ``5 decks``, ``half the stake``, ``yes``/``no``."""
    if value is None:
        return NONE_WORDS[field]
    if isinstance(value, bool):
        pair = BOOL_WORDS.get(field)
        return (pair[0] if value else pair[1]) if pair else ("yes" if value else "no")
    if value == 0 and field in ZERO_WORDS:
        return ZERO_WORDS[field]
    if isinstance(value, int) and field in COUNTED:
        return _count(field, value)
    if isinstance(value, str) and field in CHOICE_WORDS:
        return CHOICE_WORDS[field].get(value, value.replace("_", " "))
    if isinstance(value, Fraction | int) and field in ("blackjack_payout", "insurance_payout"):
        ratio = Fraction(value)
        return f"{ratio.numerator}:{ratio.denominator}"
    if isinstance(value, Fraction | int) and field in SHARE_OF:
        return share_of(Fraction(value), SHARE_OF[field])
    if isinstance(value, tuple) and field == "limit_ratio":
        low, high = value
        return f"{low} to {high} times the minimum"
    return show_value(value)  # totals (9, 10, 11), amounts, a call's own words
