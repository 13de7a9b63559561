"""Dealer onboarding, one page per regulation, in the reader's language.

Every sentence of a dealer's guide is made from a rule value and its citation; the page ends
with a round the engine plays. Each sentence is one message of the catalog (``spec_engine.i18n``),
whole for each value it can say: the page runs in its rulebook's words (``with language(code,
rulebook=...)``), so a translation names the box, the dealer, the deck... as that text names them
(``data/glossary.toml``). The pages generator writes it once per language.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from spec_engine import rules as rulebook
from spec_engine.catalog import clause, regulation
from spec_engine.i18n import N_, _, active, language, ngettext, pgettext
from spec_engine.pages.common import clause_link, text
from spec_engine.pages.onboarding_round import example_section, quoted_call, sentence, theirs
from spec_engine.pages.onboarding_shoe import (
    ASSUMED,
    rule_line,
    said_of,
    step_burn,
    step_cut,
    step_cut_card,
    step_shuffle,
)
from spec_engine.pages.practice import practice_link
from spec_engine.rules import RuleSet

# ---------------------------------------------------------------------------- onboarding


def _step_table(r: RuleSet) -> list[str]:
    decider = (
        _("On a box whose seat is empty, the largest bet decides (between equal bets, the bettor nearest the shoe).")
        if r.unseated_box_decider == "largest_bet"
        else _("On a box whose seat is empty, its first bettor decides.")
    )
    boxes = ngettext(
        "The table has {count} box, numbered from 1 on your left.",
        "The table has {count} boxes, numbered from 1 on your left.",
        r.max_boxes,
        count=r.max_boxes,
    )
    return [
        rule_line(r, "max_boxes", boxes),
        rule_line(
            r,
            "max_bets_unseated_box",
            ngettext(
                "A box whose seat is empty takes at most {count} bet.",
                "A box whose seat is empty takes at most {count} bets.",
                r.max_bets_unseated_box,
                count=r.max_bets_unseated_box,
            )
            if r.max_bets_unseated_box is not None
            else _("A box whose seat is empty takes bets as any box."),
        ),
        rule_line(r, "unseated_box_decider", decider),
        rule_line(
            r,
            "limit_ratio",
            _(
                "The table maximum is between {low} and {high} times its minimum.",
                low=r.limit_ratio[0],
                high=r.limit_ratio[1],
            )
            if r.limit_ratio is not None
            else _("No ratio between the table's maximum and minimum is set."),
        ),
    ]


def _step_bets(r: RuleSet) -> list[str]:
    out = [
        rule_line(
            r,
            "table_limits",
            _("Every bet must lie within the table minimum and maximum.")
            if r.table_limits
            else _("No table limits apply."),
        ),
        rule_line(
            r,
            "bet_multiple",
            _("Bets are multiples of {amount}.", amount=r.bet_multiple)
            if r.bet_multiple
            else _("Bets may be any amount."),
        ),
        rule_line(
            r,
            "max_bets_per_box",
            ngettext(
                "At most {count} bet on one box (the box's own included).",
                "At most {count} bets on one box (the box's own included).",
                r.max_bets_per_box,
                count=r.max_bets_per_box,
            )
            if r.max_bets_per_box is not None
            else _("No limit on the bets sharing a box is set."),
        ),
    ]
    if r.no_more_bets_call:
        call = _(
            "Before the first card, close the bets with the call “{call}” (the text's own words).",
            call=quoted_call(r.no_more_bets_call, r.id),
        )
        out.append(rule_line(r, "no_more_bets_call", call))
        out += _quotes(r.cite("no_more_bets_call"))
    else:
        out.append(rule_line(r, "no_more_bets_call", _("No call closing the bets is prescribed.")))
    out.append(
        rule_line(
            r,
            "bets_closed_at_deal",
            _(
                "Once you start dealing, no bet may be placed, raised or withdrawn "
                "(doubles, splits and insurance apart)."
            )
            if r.bets_closed_at_deal
            else _("Bets may still change after the deal starts."),
        )
    )
    return out


def _quotes(clause_ids: Sequence[str]) -> list[str]:
    """The cited clauses verbatim, with their gist in the reader's language, indented under a
    list item."""
    out = []
    for clause_id in clause_ids:
        found = clause(clause_id)
        lang = regulation(clause_id.split("-", 1)[0]).language
        gist = theirs(said_of(found.gist))
        out += [
            "",
            f"    > {text(found.text)}",
            f'    > {{: lang="{lang}" }}',  # the regulation's own language, for screen readers
            "    >",
            f"    > <small>{clause_link(clause_id)}: {gist}</small>",
            "",
        ]
    return out


def _step_deal(r: RuleSet) -> list[str]:
    paid = (
        _(
            "Pay a blackjack at once ({numerator} to {denominator}) when your card is neither an ace nor "
            "ten-valued; otherwise it waits for your second card.",
            numerator=r.blackjack_payout.numerator,
            denominator=r.blackjack_payout.denominator,
        )
        if r.pay_blackjack_immediately
        else _("A player's blackjack is paid at the settlement, not during the deal.")
    )
    deal = (
        _(
            "Deal from your left (box 1) towards your right: one card face up to each box with a bet, one to "
            "yourself, then a second card to each box in the same order."
        )
        if r.deal_order == "ascending"
        else _(
            "Deal from your right (the highest box) towards your left: one card face up to each box with a bet, "
            "one to yourself, then a second card to each box in the same order."
        )
    )
    second = (
        rule_line(
            r,
            "hole_card",
            _(
                "Take one card only at the deal: your second card comes when the players have finished, "
                "face up (no hole card)."
            ),
        )
        if r.hole_card == "none"
        else rule_line(
            r,
            "hole_card",
            _(
                "After the players' second cards, deal yourself a second card face down: your hole card. "
                "Nobody sees it until you turn it."
            ),
        )
    )
    return [
        rule_line(r, "deal_order", deal),
        second,
        rule_line(r, "pay_blackjack_immediately", paid),
        rule_line(
            r,
            "announce_options",
            _(
                "Once the cards are dealt, announce the players' options besides standing and drawing: "
                "doubling, splitting and, when your card is an ace, insurance."
            )
            if r.announce_options
            else _("No announcement of the players' options is required."),
        ),
    ]


_INSURANCE_AMOUNT = {
    ("half", "original_stake", True): N_("Insurance is exactly half the bettor's original bet."),
    ("half", "original_stake", False): N_("Insurance is at most half the bettor's original bet."),
    ("half", "total_stake", True): N_(
        "Insurance is exactly half the bettor's whole stake on the box (doubles and splits)."
    ),
    ("half", "total_stake", False): N_(
        "Insurance is at most half the bettor's whole stake on the box (doubles and splits)."
    ),
    ("all", "original_stake", True): N_("Insurance is exactly all the bettor's original bet."),
    ("all", "original_stake", False): N_("Insurance is at most all the bettor's original bet."),
    ("all", "total_stake", True): N_(
        "Insurance is exactly all the bettor's whole stake on the box (doubles and splits)."
    ),
    ("all", "total_stake", False): N_(
        "Insurance is at most all the bettor's whole stake on the box (doubles and splits)."
    ),
    ("share", "original_stake", True): N_(
        "Insurance is exactly {numerator}/{denominator} of the bettor's original bet."
    ),
    ("share", "original_stake", False): N_(
        "Insurance is at most {numerator}/{denominator} of the bettor's original bet."
    ),
    ("share", "total_stake", True): N_(
        "Insurance is exactly {numerator}/{denominator} of the bettor's whole stake on the box (doubles and splits)."
    ),
    ("share", "total_stake", False): N_(
        "Insurance is at most {numerator}/{denominator} of the bettor's whole stake on the box (doubles and splits)."
    ),
}
"""How much insurance takes, per share of the stake (half, all, another fraction), what it is
measured on and whether it is exactly that: one whole sentence each."""

_INSURANCE_LEAST = {
    "half": N_("Insurance is at least half the table minimum."),
    "all": N_("Insurance is at least all the table minimum."),
    "share": N_("Insurance is at least {numerator}/{denominator} of the table minimum."),
}


def _share(value: Fraction) -> str:
    return "all" if value == 1 else "half" if value == Fraction(1, 2) else "share"


def _step_insurance(r: RuleSet) -> list[str]:
    when = (
        _("When your card is an ace, call insurance right after the deal, before any player draws.")
        if r.insurance_timing == "after_initial_deal"
        else _(
            "When your card is an ace, call insurance after the players have finished, before you draw "
            "your second card, to the bettors still in play."
        )
    )
    most = Fraction(r.insurance_max)
    amount = _(
        _INSURANCE_AMOUNT[_share(most), r.insurance_base, r.insurance_exact],
        numerator=most.numerator,
        denominator=most.denominator,
    )
    base = (
        _("Measure it against the bettor's original bet.")
        if r.insurance_base == "original_stake"
        else _("Measure it against the bettor's whole stake on the box (doubles and splits).")
    )
    least = _("No least insurance is set.")
    if r.insurance_min_of_table_min is not None:
        share = Fraction(r.insurance_min_of_table_min)
        least = _(_INSURANCE_LEAST[_share(share)], numerator=share.numerator, denominator=share.denominator)
    step = (
        _("Insurance is a multiple of {amount}.", amount=r.insurance_multiple)
        if r.insurance_multiple
        else _("Insurance has no step (any amount within the bounds).")
    )
    even = (
        _("A player with a blackjack may take even money: pay him 1 to 1 at once.")
        if r.even_money
        else _("No even money is offered: a blackjack facing your ace waits for your second card.")
    )
    per = (
        _("Each bettor on a box decides his own insurance.")
        if r.insurance_per_bettor
        else _("The box's owner alone decides insurance.")
    )
    payout = Fraction(r.insurance_payout)
    return [
        rule_line(r, "insurance_timing", when),
        rule_line(r, "insurance_max", amount),
        rule_line(r, "insurance_base", base),
        rule_line(
            r,
            "insurance_exact",
            _("No other amount is taken.") if r.insurance_exact else _("Any amount up to that most is taken."),
        ),
        rule_line(r, "insurance_min_of_table_min", least),
        rule_line(r, "insurance_multiple", step),
        rule_line(
            r,
            "insurance_payout",
            _(
                "Winning insurance pays {numerator} to {denominator}.",
                numerator=payout.numerator,
                denominator=payout.denominator,
            ),
        ),
        rule_line(r, "even_money", even),
        rule_line(r, "insurance_per_bettor", per),
    ]


def _step_hole(r: RuleSet) -> list[str]:
    """The hole card and the peek (only where the rule set deals one: none of the five texts does)."""
    check = (
        _(
            "When your face-up card is an ace or ten-valued, check your hole card for a blackjack before "
            "the players act, without showing it (the peek)."
        )
        if r.hole_card == "peek"
        else _(
            "When your face-up card is an ace, check your hole card for a blackjack before the players act, "
            "without showing it (the peek); with a ten-valued card you do not check."
        )
    )
    lines = [
        rule_line(r, "hole_card", check),
        rule_line(
            r,
            "hole_card",
            _(
                "Blackjack: turn your hole card face up; the round ends at once. Insurance wins, a player's "
                "blackjack pushes, every other hand loses its bet."
            ),
        ),
        rule_line(
            r,
            "hole_card",
            _(
                "No blackjack: say so and keep the card face down; insurance is lost and the players act. "
                "Turn it face up when they have finished, before you draw."
            ),
        ),
    ]
    if r.surrender == "early":
        lines.append(
            rule_line(
                r,
                "surrender",
                _(
                    "Before you check, after insurance, offer early surrender: any hand on its first two "
                    "cards may give up half its bet; then close it and check."
                ),
            )
        )
    return lines


def _surrender(r: RuleSet) -> str:
    if r.surrender == "none":
        return _("No surrender: a player may not give up his hand.")
    if r.surrender == "late":
        return _(
            "A player may surrender a hand on its first two cards, before any other decision: half his stake "
            "comes back only if you have no blackjack; against yours he loses it all."
        )
    return _(
        "A player may surrender a hand on its first two cards, before any other decision: half his stake "
        "comes back whatever you hold."
    )


def _double_after_split_hands(r: RuleSet) -> str:
    hands = r.double_after_split_hands
    if hands is None:
        return _("Any hand of a split may double (where split hands may).")
    if hands == 2:  # (the one value a text states, UY-35.2: its words)
        return _("After a split, only the first two hands as laid out may double.")
    return ngettext(
        "After a split, only the first hand as laid out may double.",
        "After a split, only the first {count} hands as laid out may double.",
        hands,
        count=hands,
    )


def _step_hands(r: RuleSet) -> list[str]:
    doubling = (
        _("Doubling is allowed on any first two cards.")
        if r.double_totals is None
        else _(
            "Doubling is allowed on first two cards totalling {totals} (an ace counting either way).",
            totals=", ".join(str(t) for t in sorted(r.double_totals)),
        )
    )
    play = (
        _("Take the boxes from your left (box 1) towards your right, one hand at a time.")
        if r.play_order == "ascending"
        else _("Take the boxes from your right (the highest box) towards your left, one hand at a time.")
    )
    consent = {
        "not_asked": N_("Anyone may bet on another's box; its holder is not asked."),
        "unless_objected": N_("A bet on a seated player's box is refused if he objects to that bettor."),
        "required": N_("A bet on a seated player's box needs his consent first."),
    }
    return [
        rule_line(r, "play_order", play),
        rule_line(
            r,
            "min_stand_total",
            _("A player may stand only with {total} or more; below it he must draw.", total=r.min_stand_total)
            if r.min_stand_total
            else _("A player may stand on any total."),
        ),
        rule_line(
            r,
            "hit_on_hard_21",
            _("A player may still draw on hard 21.") if r.hit_on_hard_21 else _("No card on 21."),
        ),
        rule_line(
            r,
            "hit_on_soft_21",
            _("A player may still draw on soft 21.") if r.hit_on_soft_21 else _("No card on soft 21."),
        ),
        rule_line(r, "surrender", _surrender(r)),
        rule_line(
            r,
            "surrender_after_split",
            _("A split hand may surrender.") if r.surrender_after_split else _("A split hand may not surrender."),
        ),
        rule_line(r, "double_totals", doubling),
        rule_line(
            r,
            "double_one_card",
            _("A doubled hand gets one card only.") if r.double_one_card else _("A doubled hand may keep drawing."),
        ),
        rule_line(
            r,
            "double_on_blackjack",
            _("A blackjack may double.") if r.double_on_blackjack else _("A blackjack may not double."),
        ),
        rule_line(
            r,
            "double_after_split",
            _("A split hand may double.") if r.double_after_split else _("A split hand may not double."),
        ),
        rule_line(r, "double_after_split_hands", _double_after_split_hands(r)),
        rule_line(
            r,
            "split_ten_value_mixes",
            _("A ten and a figure are a pair.")
            if r.split_ten_value_mixes
            else _("Only cards of the same rank are a pair."),
        ),
        rule_line(
            r,
            "max_split_hands",
            ngettext(
                "A box may make at most {count} hand by splitting.",
                "A box may make at most {count} hands by splitting.",
                r.max_split_hands,
                count=r.max_split_hands,
            )
            if r.max_split_hands is not None
            else _("No limit on re-splitting is set."),
        ),
        rule_line(
            r,
            "resplit_consecutive_only",
            _("A re-split needs the equal cards in succession: any other card ends the series.")
            if r.resplit_consecutive_only
            else _("A pair may be re-split whenever it comes."),
        ),
        rule_line(
            r,
            "resplit_aces",
            _("Split aces may be split again.") if r.resplit_aces else _("Split aces are not split again."),
        ),
        rule_line(
            r,
            "split_aces_one_card",
            _("Each split ace gets one card only.")
            if r.split_aces_one_card
            else _("Split aces play on like any hand."),
        ),
        rule_line(
            r,
            "double_on_split_aces",
            _("Split aces may double.") if r.double_on_split_aces else _("Split aces may not double."),
        ),
        rule_line(
            r,
            "box_owner_decides",
            _("The box's owner alone decides its play.")
            if r.box_owner_decides
            else _("Every bettor on a box decides."),
        ),
        rule_line(r, "bet_behind_consent", _(consent[r.bet_behind_consent])),
        rule_line(
            r,
            "behind_may_decline_double",
            _("A bettor behind may decline a double.")
            if r.behind_may_decline_double
            else _("Bettors behind follow a double."),
        ),
        rule_line(
            r,
            "behind_may_decline_split",
            _("A bettor behind may decline a split (his stake stays on the first hand).")
            if r.behind_may_decline_split
            else _("Bettors behind follow a split."),
        ),
    ]


def _step_dealer(r: RuleSet) -> list[str]:
    return [
        rule_line(
            r,
            "dealer_stands_soft_17",
            _("Draw to 16; stand on 17 or more, soft 17 included.")
            if r.dealer_stands_soft_17
            else _("Draw to 16 and on soft 17; stand on hard 17 or more."),
        ),
        rule_line(
            r,
            "dealer_plays_when_all_bust",
            _("Draw your second card even when no bet is left in play.")
            if r.dealer_plays_when_all_bust
            else _("When no bet is left in play (every hand bust or settled, no insurance open), discard your card.")
            if r.hole_card == "none"
            else _(
                "When no bet is left in play (every hand bust or settled, no insurance open), discard both your "
                "cards, the hole card unseen."
            ),
        ),
    ]


def _step_payment(r: RuleSet) -> list[str]:
    takes = (
        _("Your blackjack takes every stake on a losing hand, doubles and splits included.")
        if r.dealer_blackjack_takes == "all_stakes"
        else _("Your blackjack takes only the original stakes; doubles and splits are returned.")
    )
    order = (
        _("Settle the boxes from your left (box 1) towards your right.")
        if r.payment_order == "ascending"
        else _("Settle the boxes from your right (the highest box) towards your left.")
    )
    payout = Fraction(r.blackjack_payout)
    return [
        rule_line(r, "payment_order", order),
        rule_line(
            r,
            "blackjack_payout",
            _(
                "A blackjack pays {numerator} to {denominator}; other wins 1 to 1.",
                numerator=payout.numerator,
                denominator=payout.denominator,
            ),
        ),
        rule_line(
            r,
            "blackjack_paid_first",
            _(
                "When your hand is not a blackjack, pay first the players' blackjacks that waited for it, "
                "then every other stake."
            )
            if r.blackjack_paid_first
            else _("Settle every stake box by box, blackjacks in their turn."),
        ),
        rule_line(r, "dealer_blackjack_takes", takes),
        rule_line(
            r,
            "split_21_is_blackjack",
            _("21 in two cards after a split counts as blackjack.")
            if r.split_21_is_blackjack
            else _("21 after a split is 21, not blackjack."),
        ),
        rule_line(
            r,
            "push_stake_stays",
            _(
                "A stake that pushed stays on its box for the next round; the player may change it or "
                "take it back before the deal."
            )
            if r.push_stake_stays
            else _("A stake that pushed goes back to the player, who bets again for the next round."),
        ),
    ]


def _step_clear() -> list[str]:
    return [
        "- "
        + _(
            "*Engine convention:* collect the boxes' cards in the payment order, then any voided card, "
            "your own cards last, into the discard tray (no rule value governs this)."
        )
    ]


def _step_end(r: RuleSet) -> list[str]:
    return [
        rule_line(
            r,
            "last_round_on_cut_card",
            _("When the cut card comes out, finish the round: it is the shoe's last; then shuffle.")
            if r.last_round_on_cut_card
            else _("The cut card does not end the shoe."),
        ),
        rule_line(
            r,
            "announce_last_round",
            _("Announce the last round when the cut card comes out.")
            if r.announce_last_round
            else _("No announcement of the last round."),
        ),
        rule_line(
            r,
            "refill_from_discards",
            _("Should the shoe run out mid-round, shuffle the discards, cut, and complete the round.")
            if r.refill_from_discards
            else _("The shoe is never refilled mid-round."),
        ),
    ]


def _step_closing(r: RuleSet) -> list[str]:
    bank = (
        _("The house banks.")
        if r.banker_rotation == "house"
        else _("Each participant banks in turn, changing at each reshuffle.")
    )
    return [
        rule_line(
            r,
            "announce_closing",
            _("Before closing time, announce the last round during the round before it; no round follows it.")
            if r.announce_closing
            else _("No closing announcement is provided for."),
        ),
        rule_line(r, "banker_rotation", bank),
        rule_line(
            r,
            "co_owned_bank",
            _("The participants own the bank in equal shares.") if r.co_owned_bank else _("The bank is not co-owned."),
        ),
        rule_line(
            r,
            "every_player_bets_every_round",
            _("Every participant plays every round.")
            if r.every_player_bets_every_round
            else _("A player may sit a round out."),
        ),
    ]


_MISDEAL = {
    "return_to_shoe": N_(
        "A card dealt or exposed by mistake goes back to its place in the shoe and is dealt as the next card."
    ),
    "void": N_(
        "A card dealt or exposed by mistake is voided: it goes to the discards and the deal goes on with the next card."
    ),
    "next_card": N_("A card dealt or exposed by mistake is used as the next card of the deal."),
}


def _mistakes(r: RuleSet) -> list[str]:
    box_without_bet = (
        _("A card dealt to a box without a bet is treated like any card dealt by mistake (above).")
        if r.card_to_box_without_bet == "misdeal_remedy"
        else _("A card dealt to a box without a bet: every card of the round goes back and the round is dealt again.")
    )
    missed = (
        _("If you forgot to call insurance and drew your second card, play on without insurance.")
        if r.missed_insurance_call == "proceed"
        else _(
            "If you forgot to call insurance and drew your second card: if it is ten-valued, void it and call "
            "insurance; otherwise play on."
        )
    )
    absent = (
        _(
            "For a bettor who left the table after his first card, draw for him to at least {total}.",
            total=r.absent_player_draws_to,
        )
        if r.absent_player_draws_to is not None
        else _("A bettor who leaves mid-round is not provided for.")
    )
    held = (
        ngettext(
            "An absent bettor's winnings stay on the table {count} round, then go to the bank.",
            "An absent bettor's winnings stay on the table {count} rounds, then go to the bank.",
            r.unclaimed_winnings_rounds,
            count=r.unclaimed_winnings_rounds,
        )
        if r.unclaimed_winnings_rounds is not None
        else _("An absent bettor's winnings are not provided for.")
    )
    over = (
        _("An over-maximum bet you missed plays only up to the maximum; return the excess.")
        if r.over_maximum_bet == "capped"
        else _("An over-maximum bet is refused.")
    )
    return [
        rule_line(r, "misdeal_remedy", _(_MISDEAL[r.misdeal_remedy])),
        rule_line(r, "card_to_box_without_bet", box_without_bet),
        rule_line(r, "missed_insurance_call", missed),
        rule_line(r, "absent_player_draws_to", absent),
        rule_line(r, "unclaimed_winnings_rounds", held),
        rule_line(r, "over_maximum_bet", over),
        rule_line(
            r,
            "special_maximum",
            _("A bettor authorised a special maximum may exceed the table maximum on one free box.")
            if r.special_maximum
            else _("No special maximum exists."),
        ),
    ]


def _text_first(items: list[str]) -> list[str]:
    """A step's lines: what the text says first, then, under their own heading, the engine's
    assumptions where it is silent."""
    said = [i for i in items if not i.startswith(ASSUMED)]
    assumed = [i.replace(ASSUMED, "- ", 1) for i in items if i.startswith(ASSUMED)]
    out = [*said, ""] if said else []
    if assumed:
        out += [_("*Where the text is silent, the engine assumes:*"), "", *assumed, ""]
    return out


def onboarding_of(rules: RuleSet) -> str:
    """The onboarding page of any rule set (a text's, or one whose values a house changed: a hole
    card, say), in the active language and the words of the text it starts from."""
    with language(active(), rulebook=rules.id):
        return _page(rules)


def onboarding_page(reg_id: str) -> str:
    """ "Dealer onboarding" for one regulation, in the active language and in the words of that
    regulation's text: the round step by step, each step citing its clauses or marked as the
    engine's assumption; the mistakes the text foresees; and one round played by the engine."""
    r = rulebook.ruleset(reg_id)
    with language(active(), rulebook=r.id):
        return _page(r)


def _page(r: RuleSet) -> str:
    steps: list[tuple[str, list[str]]] = [
        (pgettext("onboarding step", "The table"), _step_table(r)),
        (pgettext("onboarding step", "Shuffle"), step_shuffle(r)),
        (pgettext("onboarding step", "Cut"), step_cut(r)),
        (pgettext("onboarding step", "Cut card"), step_cut_card(r)),
        (pgettext("onboarding step", "Burn"), step_burn(r)),
        (pgettext("onboarding step", "Bets, and the call that closes them"), _step_bets(r)),
        (pgettext("onboarding step", "Deal"), _step_deal(r)),
        (pgettext("onboarding step", "Insurance"), _step_insurance(r)),
        *([(pgettext("onboarding step", "Hole card and peek"), _step_hole(r))] if r.hole_card != "none" else []),
        (pgettext("onboarding step", "Each hand"), _step_hands(r)),
        (pgettext("onboarding step", "Your hand: the drawing rule"), _step_dealer(r)),
        (pgettext("onboarding step", "Payment"), _step_payment(r)),
        (pgettext("onboarding step", "Clearing"), _step_clear()),
        (pgettext("onboarding step", "End of the shoe"), _step_end(r)),
        (pgettext("onboarding step", "Closing"), _step_closing(r)),
    ]
    title = _("Dealer onboarding: {name}", name=r.name)
    lines = [
        "---",
        f'title: "{title}"',
        "---",
        "",
        f"# {_('Dealer onboarding: {name}', name=text(r.name))}",
        "",
        _(
            "For trainee dealers and their trainers: the round as the dealer runs it under this "
            "regulation, step by step, each instruction with the clauses that say it (or the project's "
            "reading of them). Where the text is silent, the engine's assumption follows the step's "
            "rules, marked as such."
        ),
        "",
        _(
            "Practise it: [deal a round as the dealer under these rules]({href}), step by step, with the "
            "engine judging each step against this rule set.",
            href=practice_link(r.id),
        ),
        "",
    ]
    for number, (heading, items) in enumerate(steps, 1):
        lines += [f"## {number}. {sentence(heading)}", "", *_text_first(items)]
    lines += [
        "## " + _("Mistakes the text foresees"),
        "",
        _(
            "What the dealer does after each mistake the engine knows of; where the text is silent, the "
            "engine's assumption follows, marked as such."
        ),
        "",
        *_text_first(_mistakes(r)),
    ]
    lines += example_section(r)
    return "\n".join(lines)
