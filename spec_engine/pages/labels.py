"""The rules by the trade's names, and each rulebook in the trade's shorthand.

A reader of the comparison is a regulator or a club, not a programmer: a row is named as the
trade names the rule (S17, DAS, RSA, decks, payout...), the engine's identifier second; a value
is said in the trade's words by :func:`spec_engine.words.words` (the engine room's, so that the
dealer practice says them too; imported here for the pages). :func:`summary` writes one line per
rule set from its values (never from a regulation's name), marking with an asterisk the parts
the text does not state; :func:`any_marked` says whether a list of them needs the footnote;
:func:`marked` writes a value with the mark every comparison uses for a value its text does
not state.
"""

from __future__ import annotations

from spec_engine.rules import RuleSet
from spec_engine.words import words as words  # (the pages' import of it: the engine's, the practice's too)

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


ASSUMED_MARK = "*"
"""What marks a value its text does not state (the rule set's assumption), the same on every
page, in the downloads and on the command line."""

ASSUMED_LEGEND = "* a value its text does not state: the engine assumes it (the rule set says why)"
"""The legend of :data:`ASSUMED_MARK`, where a comparison shows it."""


def marked(field: str, value: object, assumed: bool) -> str:
    """:func:`words`, with :data:`ASSUMED_MARK` after a value its text does not state."""
    return words(field, value) + (ASSUMED_MARK if assumed else "")


def _parts(rules: RuleSet) -> list[tuple[str, bool]]:
    """The shorthand's parts, each with whether the text leaves a value of it unstated."""

    def part(text: str, *fields: str) -> tuple[str, bool]:
        return text, any(rules.citations[f].assumed for f in fields)

    if rules.double_totals is None:
        doubling = "double any two cards"
    else:
        doubling = "double on " + words("double_totals", rules.double_totals) + " only"
    das = part("no DAS", "double_after_split")
    if rules.double_after_split:  # (which hands may double matters only where any may)
        hands = rules.double_after_split_hands
        which = "DAS" if hands is None else "DAS on " + words("double_after_split_hands", hands)
        das = part(which, "double_after_split", "double_after_split_hands")
    splits = (
        "no splits"
        if rules.max_split_hands == 1
        else (
            "split to any number of hands"
            if rules.max_split_hands is None
            else "split to " + words("max_split_hands", rules.max_split_hands)
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
        part(words("decks", rules.decks), "decks"),
        part("S17" if rules.dealer_stands_soft_17 else "H17", "dealer_stands_soft_17"),
        part(doubling, "double_totals"),
        das,
        part(splits, "max_split_hands", "resplit_consecutive_only"),
        part("RSA" if rules.resplit_aces else "no RSA", "resplit_aces"),
        part(takes, "dealer_blackjack_takes"),
        part("blackjack " + words("blackjack_payout", rules.blackjack_payout), "blackjack_payout"),
        part("insurance " + words("insurance_payout", rules.insurance_payout), "insurance_payout"),
    ]
    if rules.surrender != "none":
        after_split = ", after a split too" if rules.surrender_after_split else ""
        parts.append(part(f"{rules.surrender} surrender{after_split}", "surrender", "surrender_after_split"))
    if rules.min_stand_total:
        parts.append(part(f"stand on {rules.min_stand_total} or more", "min_stand_total"))
    if rules.banker_rotation != "house":
        parts.append(part("players bank in turn", "banker_rotation"))
    return parts


def summary(rules: RuleSet) -> str:
    """The rulebook in the trade's shorthand: decks, S17/H17, doubling, DAS, splits, RSA, hole
    card, payouts, surrender where offered. A part whose value the text does not state is marked
    ``*`` (:func:`any_marked` says whether any is, and so whether the footnote is due)."""
    return " · ".join(text + (ASSUMED_MARK if assumed else "") for text, assumed in _parts(rules))


def any_marked(*sets: RuleSet) -> bool:
    """Whether the shorthand of any of ``sets`` marks a part ``*``: a page lists them with the
    footnote that explains the mark only then."""
    return any(assumed for rules in sets for _, assumed in _parts(rules))
