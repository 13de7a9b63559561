"""What the analysis reads from a rule set: the odds-relevant values, and every other field
classified (why it cannot change the odds, or why the analysis cannot honour it).

The analysis never asks which regulation it studies: :func:`game_of` reads rule fields only.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from spec_engine.i18n import N_
from spec_engine.rules import RULE_FIELDS, RuleSet, show_value

_CODE = ("model", "dealer", "solver", "calc", "odds")
"""The analysis room's modules whose source is part of the cache key."""

SPLIT_HANDS_CAP = 16
"""``max_split_hands = none`` (no limit) is modelled as this many hands: the probability of a
round needing more is far below the figures' precision (see :data:`UNLIMITED_NOTE`)."""

FAMILY_DEPTH = 4
"""Split hands are valued with the pair cards of the split removed from the shoe, up to this
many (the hands of a split beyond it are valued as with this many removed; the chance of each
further split is counted exactly)."""

USED: dict[str, str] = {
    "decks": "the shoe's composition",
    "dealer_stands_soft_17": "the dealer's drawing rule",
    "dealer_blackjack_takes": "what a dealer blackjack takes (all stakes: no hole card, doubles and splits lost too)",
    "hole_card": "the dealer's hole card: none, or checked for a blackjack before the players act (peek: "
    "his blackjack then takes the original stakes only)",
    "blackjack_payout": "what a player's blackjack wins",
    "split_21_is_blackjack": "a two-card 21 after a split paid as a blackjack",
    "min_stand_total": "hands below it must draw",
    "hit_on_hard_21": "drawing on hard 21 allowed (never chosen)",
    "hit_on_soft_21": "drawing on soft 21 allowed",
    "surrender": "surrender offered (late or early) on a hand's first two cards",
    "surrender_after_split": "a split hand may surrender",
    "double_totals": "the two-card totals that may double",
    "double_on_blackjack": "doubling a blackjack",
    "double_after_split": "doubling after a split",
    "double_after_split_hands": "only the first hands of a split may double",
    "double_one_card": "a doubled hand gets one card (else it plays on)",
    "split_ten_value_mixes": "a ten and a figure are a pair",
    "max_split_hands": "the most hands a split makes",
    "resplit_consecutive_only": "re-splits only while the equal cards come in succession",
    "resplit_aces": "split aces may be split again",
    "split_aces_one_card": "split aces get one card each",
    "double_on_split_aces": "split aces may double",
    "insurance_max": "insurance offered (its most, per unit of stake)",
    "insurance_payout": "what insurance wins",
    "insurance_base": "the stake insurance is measured against",
    "even_money": "even money offered on a blackjack against an ace",
    "banker_rotation": "a participant banks (the banker's edge is reported)",
    "co_owned_bank": "the participants own the bank together",
}
"""The fields the figures depend on, and how."""

IRRELEVANT: dict[str, str] = {
    "burn_after_shuffle": "a card burnt unseen leaves the expected composition of the shoe unchanged",
    "burn_on_dealer_change": "a card burnt unseen leaves the expected composition of the shoe unchanged",
    "min_cut": "where the shoe is cut does not change a round dealt from a shuffled shoe",
    "last_round_on_cut_card": "procedure at the end of the shoe (see the cut card's place, not honoured)",
    "refill_from_discards": "procedure when the shoe runs out mid-round",
    "cut_offered_to": "who cuts does not change the shuffled order's distribution",
    "cut_without_receiver": "who cuts does not change the shuffled order's distribution",
    "house_reshuffle": "a shuffle between rounds leaves a round dealt from a shuffled shoe unchanged",
    "announce_last_round": "an announcement",
    "announce_closing": "an announcement",
    "max_boxes": "other boxes' cards are unseen removals: they leave the expectation of a box unchanged",
    "max_bets_per_box": "the figures are per unit staked; a bettor behind shares the box's result",
    "max_bets_unseated_box": "the figures are per unit staked",
    "bet_behind_consent": "who may bet behind a box, not what the box's play returns",
    "unseated_box_decider": "who decides: the figures assume the decider plays the strategy",
    "behind_may_decline_double": "a bettor behind's choice; the figures are for the box's decider",
    "behind_may_decline_split": "a bettor behind's choice; the figures are for the box's decider",
    "box_owner_decides": "who decides: the figures assume the decider plays the strategy",
    "insurance_per_bettor": "who decides insurance; its value per unit is the same",
    "deal_order": "the order of the deal does not change any card's distribution",
    "play_order": "the order of play does not change any card's distribution",
    "payment_order": "the order of payment does not change what is paid",
    "bets_closed_at_deal": "betting procedure",
    "no_more_bets_call": "an announcement",
    "announce_options": "an announcement",
    "pay_blackjack_immediately": "when a blackjack is paid, not what",
    "blackjack_paid_first": "the order of payment, not what is paid",
    "push_stake_stays": "what happens to a pushed stake after the round",
    "insurance_timing": "insurance's value per unit, without counting the cards seen, is the same when it is called",
    "insurance_exact": "the value of insurance per unit insured does not depend on the amount",
    "insurance_min_of_table_min": "the value of insurance per unit insured does not depend on the amount",
    "insurance_multiple": "the value of insurance per unit insured does not depend on the amount",
    "dealer_plays_when_all_bust": "the dealer's cards after every hand is settled change no result",
    "table_limits": "the figures are per unit staked",
    "bet_multiple": "the figures are per unit staked",
    "limit_ratio": "the figures are per unit staked",
    "over_maximum_bet": "a dealer's mistake with a bet's size",
    "special_maximum": "the figures are per unit staked",
    "missed_insurance_call": "a dealer's mistake and its remedy",
    "absent_player_draws_to": "a bettor who left the table: the figures are for a player who plays",
    "unclaimed_winnings_rounds": "what happens to winnings after the round",
    "every_player_bets_every_round": "a session's obligation, not a round's odds",
    "misdeal_remedy": "a dealer's mistake and its remedy",
    "card_to_box_without_bet": "a dealer's mistake and its remedy",
}
"""The fields that cannot change the expected return per unit staked, each with the reason."""

CUT_FIELDS = ("cut_card_from_end", "cut_card_per_participant", "cut_card_share")
"""Where the cut card lies: every figure is for a round dealt from a full shuffled shoe, so
the cut-card effect (a small change of the average over a shoe) is not in them: ``make cut-card``
measures it by simulation."""

TEXT_VALUES: dict[str, object] = {"cap": SPLIT_HANDS_CAP}
"""The values the analysis's notes and reasons name. Each note and reason is a message of the
catalog (marked ``N_``, English in the figures), its values placeholders filled from here: a
page finds the message behind a note as the one that, so filled, gives the note (and says it in
the reader's language, :mod:`spec_engine.i18n`)."""

UNLIMITED_NOTE = N_(
    "no limit on split hands is modelled as {cap} hands; a round needing more has a probability far below 1e-9"
)
"""The note of a rule set without a limit on split hands (filled from :data:`TEXT_VALUES`)."""
CAPPED_SPLITS = N_("modelled as {cap} hands")
"""Why a limit above :data:`SPLIT_HANDS_CAP` hands is not honoured (filled from :data:`TEXT_VALUES`)."""


@dataclass(frozen=True, slots=True)
class Game:
    """The odds-relevant rule values, as the calculation uses them (read from a rule set)."""

    decks: int
    s17: bool
    all_stakes: bool
    payout: float
    split21_bj: bool
    min_stand: int
    hit_hard21: bool
    hit_soft21: bool
    surrender: str
    surrender_after_split: bool
    double_totals: frozenset[int] | None
    das: bool
    das_hands: int | None
    double_one_card: bool
    ten_mixes: bool
    max_hands: int
    resplit_consecutive: bool
    rsa: bool
    aces_one_card: bool
    double_split_aces: bool

    def may_double(self, hard: int, soft: bool) -> bool:
        """May a two-card hand of this hard sum double (either count of an ace qualifies)?"""
        if self.double_totals is None:
            return True
        return hard in self.double_totals or (soft and hard + 10 in self.double_totals)


def game_of(rules: RuleSet) -> Game:
    """The odds-relevant values of ``rules``."""
    limit = rules.max_split_hands
    return Game(
        decks=rules.decks,
        s17=rules.dealer_stands_soft_17,
        all_stakes=rules.dealer_blackjack_takes == "all_stakes",
        payout=float(rules.blackjack_payout),
        split21_bj=rules.split_21_is_blackjack,
        min_stand=rules.min_stand_total,
        hit_hard21=rules.hit_on_hard_21,
        hit_soft21=rules.hit_on_soft_21,
        surrender=rules.surrender,
        surrender_after_split=rules.surrender_after_split and rules.surrender != "none",
        double_totals=rules.double_totals,
        das=rules.double_after_split,
        das_hands=rules.double_after_split_hands,
        double_one_card=rules.double_one_card,
        ten_mixes=rules.split_ten_value_mixes,
        max_hands=SPLIT_HANDS_CAP if limit is None else max(1, min(limit, SPLIT_HANDS_CAP)),
        resplit_consecutive=rules.resplit_consecutive_only,
        rsa=rules.resplit_aces,
        aces_one_card=rules.split_aces_one_card,
        double_split_aces=rules.double_on_split_aces,
    )


def not_honoured(rules: RuleSet) -> list[dict[str, str]]:
    """The rule values the figures do not honour, each as ``{field, value, why}``."""
    out = []
    for name in CUT_FIELDS:
        value = getattr(rules, name)
        if value is not None:
            out.append(
                {
                    "field": name,
                    "value": show_value(value),
                    "why": N_(
                        "the exact figures are for a round dealt from a full shuffled shoe: where the cut card "
                        "lies (a small change of the average over a shoe) is measured by simulation instead "
                        "(make cut-card; What the rules cost shows it)"
                    ),
                }
            )
    if rules.double_on_blackjack:
        out.append(
            {
                "field": "double_on_blackjack",
                "value": "yes",
                "why": N_("a blackjack is valued as paid at once (the engine cannot play a doubled blackjack either)"),
            }
        )
    if rules.split_21_is_blackjack and rules.dealer_blackjack_takes == "original_stakes":
        out.append(
            {
                "field": "split_21_is_blackjack",
                "value": "yes",
                "why": N_(
                    "with only original stakes lost, a first split hand's 21 that pushes a dealer blackjack "
                    "is valued as losing the original stake"
                ),
            }
        )
    if rules.insurance_base == "total_stake" and rules.insurance_max > 0:
        out.append(
            {
                "field": "insurance_base",
                "value": rules.insurance_base,
                "why": N_(
                    "insurance's value is given per unit insured and for the most insurance on the original "
                    "stake; on a total stake the most insured grows with doubles and splits"
                ),
            }
        )
    if rules.max_split_hands is not None and rules.max_split_hands > SPLIT_HANDS_CAP:
        out.append(
            {
                "field": "max_split_hands",
                "value": show_value(rules.max_split_hands),
                "why": CAPPED_SPLITS.format(**TEXT_VALUES),
            }
        )
    return out


NOT_ANALYSABLE: dict[str, dict[object, str]] = {
    "hole_card": {
        "peek_ace": N_(
            "hole_card = 'peek_ace' cannot be analysed: the analysis has the dealer check his hole card "
            "for every blackjack (peek) or for none (none), not with an ace up only"
        ),
    },
}
"""Rule values the figures cannot be computed for, with the reason: a rule set holding one is
refused by the analysis (never analysed as if it said something else)."""


def not_analysable(rules: RuleSet) -> list[tuple[str, str]]:
    """(field, why) for each value of ``rules`` the analysis cannot compute figures for (see
    :data:`NOT_ANALYSABLE`; ``why`` is the message, in English)."""
    return [
        (name, why)
        for name, values in NOT_ANALYSABLE.items()
        for value, why in values.items()
        if getattr(rules, name) == value
    ]


def check_classification() -> list[str]:
    """Fields of :class:`RuleSet` neither used nor classified (should be none)."""
    known = set(USED) | set(IRRELEVANT) | set(CUT_FIELDS)
    return sorted(f.name for f in RULE_FIELDS if f.name not in known)


def odds_key(rules: RuleSet) -> str:
    """A hash of the rule values the figures depend on and of the analysis code: a change to
    either gives a new key (the cache never serves figures an older calculation made)."""
    values = {name: _plain(getattr(rules, name)) for name in sorted(USED)}
    values["_code"] = code_version()
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()[:20]


@cache
def code_version() -> str:
    """A hash of the analysis room's source files."""
    digest = hashlib.sha256()
    for name in _CODE:
        digest.update((Path(__file__).with_name(f"{name}.py")).read_bytes())
    return digest.hexdigest()[:16]


def _plain(value: object) -> object:
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, Fraction):
        return str(value)
    return value
