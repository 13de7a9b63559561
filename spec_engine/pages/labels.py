"""The rules by the trade's names, and each rulebook in the trade's shorthand.

A reader of the comparison is a regulator or a club, not a programmer: a row is named as the
trade names the rule (S17, DAS, RSA, decks, payout...), the engine's identifier second; a value
is said in the trade's words by :func:`spec_engine.words.words` (the engine room's, so that the
dealer practice says them too; imported here for the pages). :func:`summary` writes one line per
rule set from its values (never from a regulation's name), marking with an asterisk the parts
the text does not state; :func:`any_marked` says whether a list of them needs the footnote;
:func:`marked` writes a value with the mark every comparison uses for a value its text does
not state. Each says it in the active language (:mod:`spec_engine.i18n`): the tables here hold
the English messages (``N_``), translated where they are used; each part of the shorthand is a
whole phrase, one message.
"""

from __future__ import annotations

from collections.abc import Callable

from spec_engine.i18n import N_, _
from spec_engine.rules import RuleSet
from spec_engine.words import words as words  # (the pages' import of it: the engine's, the practice's too)

LABELS: dict[str, str] = {
    "decks": N_("Decks in the shoe"),
    "burn_after_shuffle": N_("Cards burnt after the shuffle"),
    "burn_on_dealer_change": N_("Cards burnt when the dealer changes"),
    "cut_card_from_end": N_("Cut card: cards behind it"),
    "cut_card_per_participant": N_("Cut card: cards behind it per participant"),
    "cut_card_share": N_("Cut card: share of the cards behind it"),
    "min_cut": N_("Least cut from either end"),
    "last_round_on_cut_card": N_("Cut card out: that round is the shoe's last"),
    "refill_from_discards": N_("Shoe runs out mid-round: reshuffle the discards"),
    "cut_offered_to": N_("Who cuts"),
    "cut_without_receiver": N_("Who cuts when nobody received the cut card"),
    "house_reshuffle": N_("House may reshuffle before the cut card"),
    "announce_last_round": N_("Last round of the shoe announced"),
    "announce_closing": N_("Closing time announced"),
    "max_boxes": N_("Boxes (spots) at the table"),
    "max_bets_per_box": N_("Bets per box (play behind)"),
    "max_bets_unseated_box": N_("Bets on a box with an empty seat"),
    "unseated_box_decider": N_("Who decides for a box with an empty seat"),
    "behind_may_decline_double": N_("Bettor behind may decline a double"),
    "behind_may_decline_split": N_("Bettor behind may decline a split"),
    "box_owner_decides": N_("Box holder decides for the box"),
    "bet_behind_consent": N_("Betting on a seated player's box needs"),
    "insurance_per_bettor": N_("Insurance per bettor (not per box)"),
    "deal_order": N_("Dealing order"),
    "play_order": N_("Playing order"),
    "payment_order": N_("Payment order"),
    "bets_closed_at_deal": N_("Bets close when the deal starts"),
    "no_more_bets_call": N_("No-more-bets call"),
    "min_stand_total": N_("Least total to stand"),
    "announce_options": N_("Dealer announces the players' options"),
    "hit_on_hard_21": N_("Draw on hard 21"),
    "hit_on_soft_21": N_("Draw on soft 21"),
    "surrender": N_("Surrender (half the stake back)"),
    "surrender_after_split": N_("Surrender after a split"),
    "dealer_stands_soft_17": N_("Dealer on soft 17 (S17 / H17)"),
    "dealer_plays_when_all_bust": N_("Dealer draws when every hand is settled"),
    "hole_card": N_("Dealer's hole card"),
    "blackjack_payout": N_("Blackjack pays"),
    "pay_blackjack_immediately": N_("Blackjack paid at once (against a low card)"),
    "blackjack_paid_first": N_("Waiting blackjacks paid first"),
    "dealer_blackjack_takes": N_("Dealer blackjack takes (no hole card: all stakes or original bets)"),
    "split_21_is_blackjack": N_("21 after a split counts as blackjack"),
    "push_stake_stays": N_("A pushed stake stays for the next round"),
    "even_money": N_("Even money offered"),
    "insurance_timing": N_("When insurance is called"),
    "insurance_max": N_("Insurance up to"),
    "insurance_base": N_("Insurance measured on"),
    "insurance_exact": N_("Insurance exactly the maximum"),
    "insurance_min_of_table_min": N_("Least insurance (share of the table minimum)"),
    "insurance_multiple": N_("Insurance in multiples of"),
    "insurance_payout": N_("Insurance pays"),
    "double_totals": N_("Double down on"),
    "double_on_blackjack": N_("Double on a blackjack"),
    "double_after_split": N_("Double after split (DAS)"),
    "double_after_split_hands": N_("DAS: which split hands"),
    "double_one_card": N_("Double takes one card"),
    "split_ten_value_mixes": N_("Split unlike ten-value cards (10-K)"),
    "max_split_hands": N_("Split up to (hands)"),
    "resplit_consecutive_only": N_("Resplit only a run of pairs"),
    "resplit_aces": N_("Resplit aces (RSA)"),
    "split_aces_one_card": N_("Split aces take one card"),
    "double_on_split_aces": N_("Double on split aces"),
    "table_limits": N_("Table minimum and maximum enforced"),
    "bet_multiple": N_("Bets in multiples of"),
    "limit_ratio": N_("Maximum to minimum ratio"),
    "over_maximum_bet": N_("Bet over the maximum (unnoticed)"),
    "special_maximum": N_("Special maximum for a player"),
    "missed_insurance_call": N_("Insurance call forgotten"),
    "absent_player_draws_to": N_("Dealer draws for an absent player to"),
    "unclaimed_winnings_rounds": N_("Absent player's winnings kept (rounds)"),
    "banker_rotation": N_("Who banks"),
    "co_owned_bank": N_("Bank shared by the players"),
    "every_player_bets_every_round": N_("Every player bets every round"),
    "misdeal_remedy": N_("Card dealt by mistake"),
    "card_to_box_without_bet": N_("Card dealt to a box without a bet"),
}
"""The trade's name of every rule field (a test checks none is missing), in English: :func:`label`
says it in the active language."""

TOPICS: dict[str, str] = {
    "shoe": N_("shoe"),
    "boxes": N_("boxes"),
    "dealing": N_("dealing"),
    "playing": N_("playing"),
    "dealer": N_("dealer"),
    "settlement": N_("settlement"),
    "insurance": N_("insurance"),
    "doubling": N_("doubling"),
    "splitting": N_("splitting"),
    "limits": N_("limits"),
    "procedure": N_("procedure"),
    "session": N_("session"),
}
"""The name of each topic the rules are filed under (:data:`spec_engine.rules.RULE_TOPICS`), in
English: :func:`topic` says it in the active language (a test checks none is missing)."""


def label(field: str) -> str:
    """The trade's name of a rule, in the active language."""
    return _(LABELS[field])


def topic(name: str) -> str:
    """A topic's name (``doubling``), in the active language; the identifier stays in the data
    (``data-topic``, the filters' addresses)."""
    return _(TOPICS[name])


ASSUMED_MARK = "*"
"""What marks a value its text does not state (the rule set's assumption), the same on every
page, in the downloads and on the command line, in every language."""

ASSUMED_LEGEND = N_("* a value its text does not state: the engine assumes it (the rule set says why)")
"""The legend of :data:`ASSUMED_MARK`, where a comparison shows it (in English: :func:`assumed_legend`
says it in the active language)."""


def assumed_legend() -> str:
    """:data:`ASSUMED_LEGEND` in the active language."""
    return _(ASSUMED_LEGEND)


def house_values(rules: RuleSet, field: str, cited: Callable[[tuple[str, ...]], str] | None = None) -> str | None:
    """The values a rule's text lets the house choose among (:attr:`~spec_engine.rules.RuleSet.house_options`),
    in the active language and the trade's words: "yes or no"; ``None`` for a rule its text fixes.
    With ``cited``, where the values rest on different clauses, each is followed by its own
    (``cited(clauses)``, in parentheses)."""
    option = rules.house_options.get(field)
    if option is None:
        return None
    shown = [words(field, value) for value in option.values]
    if cited is not None and len(set(option.clauses)) > 1:
        shown = [f"{said} ({cited(clauses)})" for said, clauses in zip(shown, option.clauses, strict=True)]
    # i18n: {items}: the values but the last, with commas; {last}: the last.
    return _("{items} or {last}", items=", ".join(shown[:-1]), last=shown[-1])


def house_choice(rules: RuleSet, field: str, cited: Callable[[tuple[str, ...]], str] | None = None) -> str | None:
    """A rule whose text lets the house choose as one phrase in the active language: "the house
    chooses: yes or no" (:func:`house_values`, with ``cited`` as there); ``None`` for a rule its
    text fixes."""
    either = house_values(rules, field, cited)
    # i18n: a rule the text leaves to the casino; {choices}: the values it permits.
    return None if either is None else _("the house chooses: {choices}", choices=either)


def value_words(rules: RuleSet, field: str) -> str:
    """A rule set's value of ``field`` as a comparison shows it: the house's choices where the text
    leaves it to the house (:func:`house_choice`), else the value in the trade's words."""
    return house_choice(rules, field) or words(field, getattr(rules, field))


def marked(field: str, value: object, assumed: bool) -> str:
    """:func:`words` (in the active language), with :data:`ASSUMED_MARK` after a value its text
    does not state: the mark is the same in every language, as the legend says."""
    return words(field, value) + (ASSUMED_MARK if assumed else "")


SURRENDER = {
    (False, "late"): N_("late surrender"),
    (True, "late"): N_("late surrender, after a split too"),
    (False, "early"): N_("early surrender"),
    (True, "early"): N_("early surrender, after a split too"),
}
"""The shorthand's surrender, each kind whole (after a split too, or not)."""


def _parts(rules: RuleSet) -> list[tuple[str, bool]]:
    """The shorthand's parts, each a whole phrase in the active language, each with whether the
    text leaves a value of it unstated."""

    def part(text: str, *fields: str) -> tuple[str, bool]:
        return text, any(rules.citations[f].assumed for f in fields)

    if rules.double_totals is None:
        doubling = _("double any two cards")
    else:
        doubling = _("double on {totals} only", totals=words("double_totals", rules.double_totals))
    das = part(_("no DAS"), "double_after_split")
    if rules.double_after_split:  # (which hands may double matters only where any may)
        hands = rules.double_after_split_hands
        which = _("DAS") if hands is None else _("DAS on {hands}", hands=words("double_after_split_hands", hands))
        das = part(which, "double_after_split", "double_after_split_hands")
    if rules.max_split_hands == 1:
        splits = _("no splits")
    elif rules.max_split_hands is None:
        splits = _("split to any number of hands")
    else:
        splits = _("split to {hands}", hands=words("max_split_hands", rules.max_split_hands))
    if rules.resplit_consecutive_only:
        splits = _("{splits} (a run of pairs)", splits=splits)
    takes = (  # (taking every stake means nobody peeked: no hole card)
        _("no hole card, a dealer blackjack takes all stakes")
        if rules.dealer_blackjack_takes == "all_stakes"
        else _("a dealer blackjack takes original bets only")
    )
    parts = [
        part(words("decks", rules.decks), "decks"),
        part(_("S17") if rules.dealer_stands_soft_17 else _("H17"), "dealer_stands_soft_17"),
        part(doubling, "double_totals"),
        das,
        part(splits, "max_split_hands", "resplit_consecutive_only"),
        part(_("RSA") if rules.resplit_aces else _("no RSA"), "resplit_aces"),
        part(takes, "dealer_blackjack_takes"),
        part(_("blackjack {payout}", payout=words("blackjack_payout", rules.blackjack_payout)), "blackjack_payout"),
        part(_("insurance {payout}", payout=words("insurance_payout", rules.insurance_payout)), "insurance_payout"),
    ]
    if rules.surrender != "none":
        said = _(SURRENDER[rules.surrender_after_split, rules.surrender])
        parts.append(part(said, "surrender", "surrender_after_split"))
    if rules.min_stand_total:
        parts.append(part(_("stand on {total} or more", total=rules.min_stand_total), "min_stand_total"))
    if rules.banker_rotation != "house":
        parts.append(part(_("players bank in turn"), "banker_rotation"))
    return parts


def summary(rules: RuleSet) -> str:
    """The rulebook in the trade's shorthand, in the active language: decks, S17/H17, doubling,
    DAS, splits, RSA, hole card, payouts, surrender where offered. A part whose value the text
    does not state is marked ``*`` (:func:`any_marked` says whether any is, and so whether the
    footnote is due)."""
    return " · ".join(text + (ASSUMED_MARK if assumed else "") for text, assumed in _parts(rules))


def any_marked(*sets: RuleSet) -> bool:
    """Whether the shorthand of any of ``sets`` marks a part ``*``: a page lists them with the
    footnote that explains the mark only then."""
    return any(assumed for rules in sets for _said, assumed in _parts(rules))
