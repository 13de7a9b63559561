"""The rule values in the trade's words: what every surface says for a value (the pages, the CSV
and the PDF, the command line, the dealer practice), never the engine's identifier
(``ascending``) nor a bare number that does not say what it counts (``2`` for "the first two
hands as laid out", ``1`` for "1 card").

The rule-set files and ``BLACKJACK_SPEC_OVERRIDES`` keep the engine's notation
(:func:`spec_engine.rules.show_value`); a reader sees :func:`words`. Each message is whole, a
plural form of its own where a count needs one, and answers in the active language
(:mod:`spec_engine.i18n`; English, the messages themselves, when none is set), in the trade's
words of the active rulebook. The engine room's, so that the practice (in the reader's page)
speaks as the pages do.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from spec_engine.i18n import N_, _, ngettext, pgettext
from spec_engine.rules import show_value

NONE_WORDS: dict[str, str] = {
    "cut_card_from_end": N_("no fixed number"),
    "cut_card_per_participant": N_("not by the participants"),
    "cut_card_share": N_("not a share of the cards"),
    "min_cut": N_("no least cut"),
    "max_bets_per_box": N_("no limit"),
    "max_bets_unseated_box": N_("as any box"),
    "no_more_bets_call": N_("no call stated"),
    "insurance_min_of_table_min": N_("no minimum"),
    "insurance_multiple": N_("any amount"),
    "double_totals": N_("any two cards"),
    "double_after_split_hands": N_("every split hand"),
    "max_split_hands": N_("no limit"),
    "bet_multiple": N_("any amount"),
    "limit_ratio": N_("no ratio set"),
    "absent_player_draws_to": N_("not provided for"),
    "unclaimed_winnings_rounds": N_("not provided for"),
}
"""What a rule's ``none`` means, in the trade's words (a test checks every field that may be
none has its words): never a bare "none" on a page. (English here; :func:`words` translates.)"""

_SIDES = {"ascending": N_("from the dealer's left"), "descending": N_("from the dealer's right")}
"""An order of the boxes: from box 1 (the dealer's left) or from the highest box."""

CHOICE_WORDS: dict[str, dict[str, str]] = {
    "cut_offered_to": {
        "cut_card_receiver": N_("the player the cut card reached"),
        "any_player": N_("any player who wishes"),
    },
    "cut_without_receiver": {
        "first_box": N_("the first box, at the dealer's left"),
        "dealer_right": N_("the player at the dealer's right"),
        "first_player": N_("the first player seated"),
        "first_player_then_dealer_right": N_("the first player seated at a new table, then the dealer's right"),
    },
    "unseated_box_decider": {"largest_bet": N_("the largest bet"), "first_bettor": N_("the first bettor")},
    "bet_behind_consent": {
        "not_asked": N_("nothing from the holder"),
        "unless_objected": N_("no objection from the holder"),
        "required": N_("the holder's consent"),
    },
    "deal_order": _SIDES,
    "play_order": _SIDES,
    "payment_order": _SIDES,
    "dealer_blackjack_takes": {
        "all_stakes": N_("all stakes (doubles and splits too)"),
        "original_stakes": N_("original bets only"),
    },
    "insurance_timing": {
        "after_initial_deal": N_("after the first two cards"),
        "before_dealer_second_card": N_("before the dealer's second card"),
    },
    "insurance_base": {
        "original_stake": N_("the original bet"),
        "total_stake": N_("the total stake (doubles and splits)"),
    },
    "over_maximum_bet": {
        "refused": N_("refused (the bet returned)"),
        "capped": N_("paid up to the maximum, the excess returned"),
    },
    "missed_insurance_call": {"proceed": N_("play on"), "void_ten": N_("a ten drawn is voided, insurance called")},
    "banker_rotation": {"house": N_("the house"), "each_participant_per_shoe": N_("each player in turn, a shoe each")},
    "misdeal_remedy": {
        "return_to_shoe": N_("returned to the shoe"),
        "void": N_("voided"),
        "next_card": N_("used as the next card"),
    },
    "card_to_box_without_bet": {
        "misdeal_remedy": N_("as a misdealt card"),
        "reconstruct": N_("the round reconstructed"),
    },
    "hole_card": {
        "none": N_("none: his second card after the players"),
        "peek": N_("face down, checked for a blackjack under an ace or a ten"),
        "peek_ace": N_("face down, checked for a blackjack under an ace only"),
    },
    "surrender": {
        "none": N_("not offered"),
        "late": N_("late (a dealer blackjack takes the whole stake)"),
        "early": N_("early (half back whatever the dealer holds)"),
    },
}
"""Each named value of a choice, in the trade's words (a test checks every choice is here)."""

ZERO_WORDS: dict[str, str] = {
    "burn_after_shuffle": N_("no burn"),
    "burn_on_dealer_change": N_("no burn"),
    "min_stand_total": N_("any total"),
}
"""Where 0 means "no such rule", in words."""

BOOL_WORDS: dict[str, tuple[str, str]] = {
    "dealer_stands_soft_17": (N_("stands (S17)"), N_("draws (H17)")),
}
"""(true, false) in words where yes/no would not read."""


def _cards(n: int, shown: str) -> str:
    return ngettext("{n} card", "{n} cards", n, n=shown)


def _bets(n: int, shown: str) -> str:
    return ngettext("{n} bet", "{n} bets", n, n=shown)


COUNTED: dict[str, Callable[[int, str], str]] = {
    "decks": lambda n, shown: ngettext("{n} deck", "{n} decks", n, n=shown),
    "burn_after_shuffle": _cards,
    "burn_on_dealer_change": _cards,
    "cut_card_from_end": _cards,
    "cut_card_per_participant": lambda n, shown: ngettext(
        "{n} card a participant", "{n} cards a participant", n, n=shown
    ),
    "min_cut": _cards,
    "max_boxes": lambda n, shown: ngettext("{n} box", "{n} boxes", n, n=shown),
    "max_bets_per_box": _bets,
    "max_bets_unseated_box": _bets,
    "max_split_hands": lambda n, shown: ngettext("{n} hand", "{n} hands", n, n=shown),
    "unclaimed_winnings_rounds": lambda n, shown: ngettext("{n} round", "{n} rounds", n, n=shown),
    "double_after_split_hands": lambda n, shown: ngettext(
        "the first hand as laid out", "the first {n} hands as laid out", n, n=shown
    ),
}
"""A count with what it counts, one message with its plural forms: ``1 card``, ``5 decks``
(each called with the count and the count as shown). A split box's hands are counted as they
lie on the layout, which is the order they are played (UY-35.2 and the engine's ``box.hands``:
a re-split hand is laid beside the hand it came from)."""

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

SHARE_OF: dict[str, Callable[[], str]] = {
    "insurance_max": lambda: pgettext("share of", "the stake"),
    "insurance_min_of_table_min": lambda: pgettext("share of", "the table minimum"),
    "cut_card_share": lambda: pgettext("share of", "the cards"),
}
"""A fraction of something, said with it (:func:`share_of`): ``half the stake``."""


def _hands_word(n: int) -> str:
    """How many hands, in words (the first *two* hands as laid out), in the active language."""
    said = (
        pgettext("number of hands", "no"),
        pgettext("number of hands", "one"),
        pgettext("number of hands", "two"),
        pgettext("number of hands", "three"),
        pgettext("number of hands", "four"),
        pgettext("number of hands", "five"),
        pgettext("number of hands", "six"),
        pgettext("number of hands", "seven"),
        pgettext("number of hands", "eight"),
        pgettext("number of hands", "nine"),
        pgettext("number of hands", "ten"),
    )
    return said[n] if 0 <= n < len(said) else str(n)


def _count(field: str, n: int) -> str:
    shown = _hands_word(n) if field == "double_after_split_hands" else str(n)
    return COUNTED[field](n, shown)


def share_of(value: Fraction, of: str) -> str:
    """A fraction of something, in words: ``half the stake``, ``1/3 of the stake``. ``of`` is the
    whole as the active language says it after "of" (English ``the stake``; Spanish ``de la
    apuesta``, Italian ``della puntata``, Czech the genitive ``sázky``), so that each message of a
    fraction is whole in every language."""
    if value == 1:
        return _("all {of}", of=of)
    if value == Fraction(1, 2):
        return _("half {of}", of=of)
    fraction = f"{value.numerator}/{value.denominator}"
    return _("{fraction} of {of}", fraction=fraction, of=of)


def words(field: str, value: object) -> str:
    """A rule value as the trade says it: ``any two cards``, ``no limit``, ``3:2``,
    ``from the dealer's left``, ``9, 10, 11``, ``5 decks``, ``half the stake``, ``yes``/``no``;
    in the active language and rulebook's words (:mod:`spec_engine.i18n`)."""
    if value is None:
        return _(NONE_WORDS[field])
    if isinstance(value, bool):
        pair = BOOL_WORDS.get(field)
        if pair:
            return _(pair[0] if value else pair[1])
        return _("yes") if value else _("no")
    if value == 0 and field in ZERO_WORDS:
        return _(ZERO_WORDS[field])
    if isinstance(value, int) and field in COUNTED:
        return _count(field, value)
    if isinstance(value, str) and field in CHOICE_WORDS:
        found = CHOICE_WORDS[field].get(value)
        return _(found) if found is not None else value.replace("_", " ")
    if isinstance(value, Fraction | int) and field in ("blackjack_payout", "insurance_payout"):
        ratio = Fraction(value)
        return f"{ratio.numerator}:{ratio.denominator}"
    if isinstance(value, Fraction | int) and field in SHARE_OF:
        return share_of(Fraction(value), SHARE_OF[field]())
    if isinstance(value, tuple) and field == "limit_ratio":
        low, high = value
        return _("{low} to {high} times the minimum", low=low, high=high)
    return show_value(value)  # totals (9, 10, 11), amounts, a call's own words
