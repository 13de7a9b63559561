"""The rule values in the trade's words, and each rulebook in the trade's shorthand.

A reader of the comparison is a regulator or a club, not a programmer: a row is named as the
trade names the rule (S17, DAS, RSA, decks, payout...), the engine's identifier second.
:func:`summary` writes one line per rule set from its values (never from a regulation's
name), marking with an asterisk the parts the text does not state.
"""

from __future__ import annotations

from fractions import Fraction

from spec_engine.rules import RuleSet, show_value

LABELS: dict[str, str] = {
    "decks": "Decks in the shoe",
    "burn_after_shuffle": "Cards burnt after the shuffle",
    "burn_on_dealer_change": "Cards burnt when the dealer changes",
    "cut_card_from_end": "Cut card: cards behind it",
    "cut_card_per_participant": "Cut card: cards behind it per participant",
    "min_cut": "Least cut from either end",
    "last_round_on_cut_card": "Cut card out: that round is the shoe's last",
    "refill_from_discards": "Shoe runs out mid-round: reshuffle the discards",
    "cut_offered_to": "Who cuts",
    "announce_last_round": "Last round of the shoe announced",
    "announce_closing": "Closing time announced",
    "max_boxes": "Boxes (spots) at the table",
    "max_bets_per_box": "Bets per box (play behind)",
    "max_bets_unseated_box": "Bets on a box with an empty seat",
    "unseated_box_decider": "Who decides for a box with an empty seat",
    "behind_may_decline_double": "Bettor behind may decline a double",
    "behind_may_decline_split": "Bettor behind may decline a split",
    "box_owner_decides": "Box holder decides for the box",
    "bet_behind_consent": "Betting on a seated player's box needs",
    "insurance_per_bettor": "Insurance per bettor (not per box)",
    "deal_order": "Dealing order",
    "play_order": "Playing order",
    "payment_order": "Payment order",
    "bets_closed_at_deal": "Bets close when the deal starts",
    "no_more_bets_call": "No-more-bets call",
    "min_stand_total": "Least total to stand",
    "announce_options": "Dealer announces the players' options",
    "hit_on_hard_21": "Draw on hard 21",
    "hit_on_soft_21": "Draw on soft 21",
    "surrender": "Surrender (half the stake back)",
    "surrender_after_split": "Surrender after a split",
    "dealer_stands_soft_17": "Dealer on soft 17 (S17 / H17)",
    "dealer_plays_when_all_bust": "Dealer draws when every hand is settled",
    "blackjack_payout": "Blackjack pays",
    "pay_blackjack_immediately": "Blackjack paid at once (against a low card)",
    "blackjack_paid_first": "Waiting blackjacks paid first",
    "dealer_blackjack_takes": "Dealer blackjack takes (no hole card: all stakes or original bets)",
    "split_21_is_blackjack": "21 after a split counts as blackjack",
    "push_stake_stays": "A pushed stake stays for the next round",
    "even_money": "Even money offered",
    "insurance_timing": "When insurance is called",
    "insurance_max": "Insurance up to",
    "insurance_base": "Insurance measured on",
    "insurance_exact": "Insurance exactly the maximum",
    "insurance_min_of_table_min": "Least insurance (share of the table minimum)",
    "insurance_multiple": "Insurance in multiples of",
    "insurance_payout": "Insurance pays",
    "double_totals": "Double down on",
    "double_on_blackjack": "Double on a blackjack",
    "double_after_split": "Double after split (DAS)",
    "double_after_split_hands": "DAS: which split hands",
    "double_one_card": "Double takes one card",
    "split_ten_value_mixes": "Split unlike ten-value cards (10-K)",
    "max_split_hands": "Split up to (hands)",
    "resplit_consecutive_only": "Resplit only a run of pairs",
    "resplit_aces": "Resplit aces (RSA)",
    "split_aces_one_card": "Split aces take one card",
    "double_on_split_aces": "Double on split aces",
    "table_limits": "Table minimum and maximum enforced",
    "bet_multiple": "Bets in multiples of",
    "limit_ratio": "Maximum to minimum ratio",
    "over_maximum_bet": "Bet over the maximum (unnoticed)",
    "special_maximum": "Special maximum for a player",
    "missed_insurance_call": "Insurance call forgotten",
    "absent_player_draws_to": "Dealer draws for an absent player to",
    "unclaimed_winnings_rounds": "Absent player's winnings kept (rounds)",
    "banker_rotation": "Who banks",
    "co_owned_bank": "Bank shared by the players",
    "every_player_bets_every_round": "Every player bets every round",
    "misdeal_remedy": "Card dealt by mistake",
    "card_to_box_without_bet": "Card dealt to a box without a bet",
}
"""The trade's name of every rule field (a test checks none is missing)."""


def label(field: str) -> str:
    return LABELS[field]


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

CHOICE_WORDS: dict[str, dict[str, str]] = {
    "cut_offered_to": {"cut_card_receiver": "the player the cut card reached", "any_player": "any player who wishes"},
    "unseated_box_decider": {"largest_bet": "the largest bet", "first_bettor": "the first bettor"},
    "bet_behind_consent": {
        "not_asked": "nothing from the holder",
        "unless_objected": "no objection from the holder",
        "required": "the holder's consent",
    },
    "deal_order": {"ascending": "from the dealer's left", "descending": "from the dealer's right"},
    "play_order": {"ascending": "from the dealer's left", "descending": "from the dealer's right"},
    "payment_order": {"ascending": "from the dealer's left", "descending": "from the dealer's right"},
    "dealer_blackjack_takes": {
        "all_stakes": "all stakes (doubles and splits too)",
        "original_stakes": "original bets only",
    },
    "insurance_timing": {
        "after_initial_deal": "after the first two cards",
        "before_dealer_second_card": "before the dealer's second card",
    },
    "insurance_base": {"original_stake": "the original bet", "total_stake": "the total stake (doubles and splits)"},
    "over_maximum_bet": {"refused": "refused", "capped": "paid up to the maximum, the excess returned"},
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

ZERO_WORDS: dict[str, str] = {"min_stand_total": "any total"}
"""Where 0 means "no such rule", in words."""

BOOL_WORDS: dict[str, tuple[str, str]] = {
    "dealer_stands_soft_17": ("stands (S17)", "draws (H17)"),
}
"""(true, false) in words where yes/no would not read."""


def words(field: str, value: object) -> str:
    """A rule value as the trade says it: ``any two cards``, ``no limit``, ``3:2``,
    ``from the dealer's left``, ``9, 10, 11``, ``4 to 50``, ``yes``/``no``."""
    if value is None:
        return NONE_WORDS[field]
    if value == 0 and field in ZERO_WORDS and not isinstance(value, bool):
        return ZERO_WORDS[field]
    if isinstance(value, bool):
        pair = BOOL_WORDS.get(field)
        return (pair[0] if value else pair[1]) if pair else ("yes" if value else "no")
    if isinstance(value, str) and field in CHOICE_WORDS:
        return CHOICE_WORDS[field].get(value, value.replace("_", " "))
    if isinstance(value, Fraction) and field in ("blackjack_payout", "insurance_payout"):
        return _ratio(value)
    return show_value(value)  # numbers, totals (9, 10, 11), ranges (4 to 50)


ASSUMED_MARK = "*"
"""What marks a value its text does not state (the rule set's assumption), the same on every
page, in the downloads and on the command line."""

ASSUMED_LEGEND = "* a value its text does not state: the engine assumes it (the rule set says why)"
"""The legend of :data:`ASSUMED_MARK`, where a comparison shows it."""


def marked(field: str, value: object, assumed: bool) -> str:
    """:func:`words`, with :data:`ASSUMED_MARK` after a value its text does not state."""
    return words(field, value) + (ASSUMED_MARK if assumed else "")


def _ratio(value: Fraction) -> str:
    return f"{value.numerator}:{value.denominator}"


def summary(rules: RuleSet) -> str:
    """The rulebook in the trade's shorthand: decks, S17/H17, doubling, DAS, splits, RSA, hole
    card, payouts, surrender where offered. A part whose value the text does not state is marked
    ``*``."""

    def part(text: str, *fields: str) -> str:
        assumed = any(rules.citations[f].assumed for f in fields)
        return text + (ASSUMED_MARK if assumed else "")

    if rules.double_totals is None:
        doubling = "double any two cards"
    else:
        doubling = "double on " + ", ".join(str(t) for t in sorted(rules.double_totals)) + " only"
    splits = (
        "no splits"
        if rules.max_split_hands == 1
        else (
            "split to any number of hands"
            if rules.max_split_hands is None
            else f"split to {rules.max_split_hands} hands"
        )
    )
    if rules.resplit_consecutive_only:
        splits += " (a run of pairs)"
    takes = (  # (taking every stake means nobody peeked: no hole card)
        "no hole card, a dealer blackjack takes all stakes"
        if rules.dealer_blackjack_takes == "all_stakes"
        else "a dealer blackjack takes original bets only"
    )
    parts = [
        part(f"{rules.decks} decks", "decks"),
        part("S17" if rules.dealer_stands_soft_17 else "H17", "dealer_stands_soft_17"),
        part(doubling, "double_totals"),
        part("DAS" if rules.double_after_split else "no DAS", "double_after_split"),
        part(splits, "max_split_hands", "resplit_consecutive_only"),
        part("RSA" if rules.resplit_aces else "no RSA", "resplit_aces"),
        part(takes, "dealer_blackjack_takes"),
        part(f"blackjack {_ratio(rules.blackjack_payout)}", "blackjack_payout"),
        part(f"insurance {_ratio(Fraction(rules.insurance_payout))}", "insurance_payout"),
    ]
    if rules.surrender != "none":
        after_split = ", after a split too" if rules.surrender_after_split else ""
        parts.append(part(f"{rules.surrender} surrender{after_split}", "surrender", "surrender_after_split"))
    if rules.min_stand_total:
        parts.append(part(f"stand on {rules.min_stand_total} or more", "min_stand_total"))
    if rules.banker_rotation != "house":
        parts.append(part("players bank in turn", "banker_rotation"))
    return " · ".join(parts)
