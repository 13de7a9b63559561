"""Dealer onboarding, one page per regulation.

Every sentence of a dealer's guide is made from a rule value and its citation; the page ends
with a round the engine plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from spec_engine import rules as rulebook
from spec_engine.cards import Card, parse_cards
from spec_engine.catalog import clause, regulation
from spec_engine.events import Event, money_str
from spec_engine.pages.cards import card_text
from spec_engine.pages.common import clause_link, clause_links, signed_money, text
from spec_engine.pages.hands import (
    MAX_BET,
    MIN_BET,
    Played,
    Player,
    PlayFunction,
    Situation,
    Wish,
    bettors,
    cards_block,
    converge,
)
from spec_engine.pages.labels import label, words
from spec_engine.pages.practice import practice_link
from spec_engine.rules import RuleSet
from spec_engine.table import Table, people_at
from spec_engine.words import share_of

# ---------------------------------------------------------------------------- onboarding


ASSUMED = "- *Not stated: the engine assumes:* "
"""How a line made from an assumed value starts (the page lists them after the text's rules)."""


def _rule_line(rules: RuleSet, name: str, sentence: str) -> str:
    """One instruction made from a rule value, marked with its basis: the regulation's word
    (clause links), the project's reading of it (with that reading), or the engine's
    assumption (with its reason). The rule's name ends the line, as in the rules compared."""
    cite = rules.citations.get(name)
    tag = f"<small>([{text(label(name)).lower()}](rules.md#rule-{name}))</small>"
    if cite is None or cite.assumed:
        context = f" Context: {clause_links(cite.clauses)}." if cite is not None and cite.clauses else ""
        note = f" {text(cite.note)}" if cite is not None and cite.note else ""
        return f"{ASSUMED}{sentence} <small>({note.strip()}{context})</small> {tag}"
    if cite.basis == "interpretation":
        return f"- {sentence} ({clause_links(cite.clauses)}; <small>reading: {text(cite.note)}</small>) {tag}"
    return f"- {sentence} ({clause_links(cite.clauses)}) {tag}"


def _side(order: str) -> str:
    """Boxes count from the dealer's left: ascending starts there."""
    if order == "ascending":
        return "from your left (box 1) towards your right"
    return "from your right (the highest box) towards your left"


def _ratio(value: Fraction) -> str:
    return f"{value.numerator} to {value.denominator}"


def _count(n: int, what: str) -> str:
    plural = what + ("es" if what.endswith(("x", "s")) else "s")
    return f"{n} {what if n == 1 else plural}"


def _step_shuffle(r: RuleSet) -> list[str]:
    return [_rule_line(r, "decks", f"Shuffle {_count(r.decks, 'deck')} ({r.decks * 52} cards) together.")]


def _step_cut(r: RuleSet) -> list[str]:
    offer = (
        "Offer the cut to the player who would have received the cut card in the shoe's last round "
        "(for the first shoe, the first box, on your left)."
        if r.cut_offered_to == "cut_card_receiver"
        else "Offer the cut to any player who wishes to cut."
    )
    least = (
        f"The cut must leave at least {r.min_cut} cards on each side; refuse a cut nearer either end."
        if r.min_cut is not None
        else "No least cut is set: any cut inside the pack is taken."
    )
    return [_rule_line(r, "cut_offered_to", offer), _rule_line(r, "min_cut", least)]


def _step_cut_card(r: RuleSet) -> list[str]:
    if r.cut_card_per_participant is not None:
        place = f"Place the cut card {r.cut_card_per_participant} cards from the end per participant at the table."
        return [_rule_line(r, "cut_card_per_participant", place)]
    if r.cut_card_from_end is not None:
        return [_rule_line(r, "cut_card_from_end", f"Place the cut card {r.cut_card_from_end} cards from the end.")]
    return [_rule_line(r, "cut_card_from_end", "No cut card position is set.")]


def _step_burn(r: RuleSet) -> list[str]:
    after = (
        f"Burn {_count(r.burn_after_shuffle, 'card')} face down after the shuffle and cut."
        if r.burn_after_shuffle
        else "Burn no card after the shuffle."
    )
    change = (
        f"When a new dealer takes over mid-shoe, he burns {_count(r.burn_on_dealer_change, 'card')}."
        if r.burn_on_dealer_change
        else "A change of dealer mid-shoe burns no card."
    )
    return [_rule_line(r, "burn_after_shuffle", after), _rule_line(r, "burn_on_dealer_change", change)]


def _step_table(r: RuleSet) -> list[str]:
    decider = (
        "the largest bet decides (between equal bets, the bettor nearest the shoe)"
        if r.unseated_box_decider == "largest_bet"
        else "its first bettor decides"
    )
    return [
        _rule_line(r, "max_boxes", f"The table has {_count(r.max_boxes, 'box')}, numbered from 1 on your left."),
        _rule_line(
            r,
            "max_bets_unseated_box",
            f"A box whose seat is empty takes at most {_count(r.max_bets_unseated_box, 'bet')}."
            if r.max_bets_unseated_box is not None
            else "A box whose seat is empty takes bets as any box.",
        ),
        _rule_line(r, "unseated_box_decider", f"On a box whose seat is empty, {decider}."),
        _rule_line(
            r,
            "limit_ratio",
            f"The table maximum is between {r.limit_ratio[0]} and {r.limit_ratio[1]} times its minimum."
            if r.limit_ratio is not None
            else "No ratio between the table's maximum and minimum is set.",
        ),
    ]


def _step_bets(r: RuleSet) -> list[str]:
    out = [
        _rule_line(
            r,
            "table_limits",
            "Every bet must lie within the table minimum and maximum." if r.table_limits else "No table limits apply.",
        ),
        _rule_line(
            r,
            "bet_multiple",
            f"Bets are multiples of {r.bet_multiple}." if r.bet_multiple else "Bets may be any amount.",
        ),
        _rule_line(
            r,
            "max_bets_per_box",
            f"At most {_count(r.max_bets_per_box, 'bet')} on one box (the box's own included)."
            if r.max_bets_per_box is not None
            else "No limit on the bets sharing a box is set.",
        ),
    ]
    if r.no_more_bets_call:
        out.append(
            _rule_line(
                r,
                "no_more_bets_call",
                f"Before the first card, close the bets with the call “{text(r.no_more_bets_call)}” "
                "(the text's own words).",
            )
        )
        out += _quotes(r.cite("no_more_bets_call"))
    else:
        out.append(_rule_line(r, "no_more_bets_call", "No call closing the bets is prescribed."))
    out.append(
        _rule_line(
            r,
            "bets_closed_at_deal",
            "Once you start dealing, no bet may be placed, raised or withdrawn (doubles, splits and insurance apart)."
            if r.bets_closed_at_deal
            else "Bets may still change after the deal starts.",
        )
    )
    return out


def _quotes(clause_ids: Sequence[str]) -> list[str]:
    """The cited clauses verbatim, with their English gist, indented under a list item."""
    out = []
    for clause_id in clause_ids:
        found = clause(clause_id)
        lang = regulation(clause_id.split("-", 1)[0]).language
        out += [
            "",
            f"    > {text(found.text)}",
            f'    > {{: lang="{lang}" }}',  # the regulation's own language, for screen readers
            "    >",
            f"    > <small>{clause_link(clause_id)}: {text(found.gist)}</small>",
            "",
        ]
    return out


def _step_deal(r: RuleSet) -> list[str]:
    paid = (
        f"Pay a blackjack at once ({_ratio(r.blackjack_payout)}) when your card is neither an ace nor "
        "ten-valued; otherwise it waits for your second card."
        if r.pay_blackjack_immediately
        else "A player's blackjack is paid at the settlement, not during the deal."
    )
    return [
        _rule_line(
            r,
            "deal_order",
            f"Deal {_side(r.deal_order)}: one card face up to each box with a bet, one to yourself, then a "
            "second card to each box in the same order.",
        ),
        "- *Engine convention:* you take one card only at the deal; your second card comes when the "
        "players have finished (no rule value changes this).",
        _rule_line(r, "pay_blackjack_immediately", paid),
        _rule_line(
            r,
            "announce_options",
            _yes_no(
                r.announce_options,
                "Once the cards are dealt, announce the players' options besides standing and drawing: "
                "doubling, splitting and, when your card is an ace, insurance.",
                "No announcement of the players' options is required.",
            ),
        ),
    ]


def _step_insurance(r: RuleSet) -> list[str]:
    when = (
        "When your card is an ace, call insurance right after the deal, before any player draws."
        if r.insurance_timing == "after_initial_deal"
        else "When your card is an ace, call insurance after the players have finished, before you draw "
        "your second card, to the bettors still in play."
    )
    base = (
        "the bettor's original bet"
        if r.insurance_base == "original_stake"
        else "the bettor's whole stake on the box (doubles and splits)"
    )
    amount = (
        f"Insurance is exactly {share_of(r.insurance_max, base)}."
        if r.insurance_exact
        else f"Insurance is at most {share_of(r.insurance_max, base)}."
    )
    least = (
        f"Insurance is at least {share_of(r.insurance_min_of_table_min, 'the table minimum')}."
        if r.insurance_min_of_table_min is not None
        else "No least insurance is set."
    )
    step = (
        f"Insurance is a multiple of {r.insurance_multiple}."
        if r.insurance_multiple
        else "Insurance has no step (any amount within the bounds)."
    )
    even = (
        "A player with a blackjack may take even money: pay him 1 to 1 at once."
        if r.even_money
        else "No even money is offered: a blackjack facing your ace waits for your second card."
    )
    per = (
        "Each bettor on a box decides his own insurance."
        if r.insurance_per_bettor
        else "The box's owner alone decides insurance."
    )
    return [
        _rule_line(r, "insurance_timing", when),
        _rule_line(r, "insurance_max", amount),
        _rule_line(r, "insurance_base", f"Measure it against {base}."),
        _rule_line(
            r,
            "insurance_exact",
            "No other amount is taken." if r.insurance_exact else "Any amount up to that most is taken.",
        ),
        _rule_line(r, "insurance_min_of_table_min", least),
        _rule_line(r, "insurance_multiple", step),
        _rule_line(r, "insurance_payout", f"Winning insurance pays {_ratio(r.insurance_payout)}."),
        _rule_line(r, "even_money", even),
        _rule_line(r, "insurance_per_bettor", per),
    ]


def _surrender(r: RuleSet) -> str:
    if r.surrender == "none":
        return "No surrender: a player may not give up his hand."
    when = (
        "half his stake comes back only if you have no blackjack; against yours he loses it all"
        if r.surrender == "late"
        else "half his stake comes back whatever you hold"
    )
    return f"A player may surrender a hand on its first two cards, before any other decision: {when}."


def _step_hands(r: RuleSet) -> list[str]:
    totals = (
        "any first two cards"
        if r.double_totals is None
        else "first two cards totalling "
        + ", ".join(str(t) for t in sorted(r.double_totals))
        + " (an ace counting either way)"
    )
    return [
        _rule_line(r, "play_order", f"Take the boxes {_side(r.play_order)}, one hand at a time."),
        _rule_line(
            r,
            "min_stand_total",
            f"A player may stand only with {r.min_stand_total} or more; below it he must draw."
            if r.min_stand_total
            else "A player may stand on any total.",
        ),
        _rule_line(
            r, "hit_on_hard_21", "A player may still draw on hard 21." if r.hit_on_hard_21 else "No card on 21."
        ),
        _rule_line(
            r, "hit_on_soft_21", "A player may still draw on soft 21." if r.hit_on_soft_21 else "No card on soft 21."
        ),
        _rule_line(r, "surrender", _surrender(r)),
        _rule_line(
            r,
            "surrender_after_split",
            _yes_no(r.surrender_after_split, "A split hand may surrender.", "A split hand may not surrender."),
        ),
        _rule_line(r, "double_totals", f"Doubling is allowed on {totals}."),
        _rule_line(
            r,
            "double_one_card",
            _yes_no(r.double_one_card, "A doubled hand gets one card only.", "A doubled hand may keep drawing."),
        ),
        _rule_line(
            r,
            "double_on_blackjack",
            _yes_no(r.double_on_blackjack, "A blackjack may double.", "A blackjack may not double."),
        ),
        _rule_line(
            r,
            "double_after_split",
            _yes_no(r.double_after_split, "A split hand may double.", "A split hand may not double."),
        ),
        _rule_line(
            r,
            "double_after_split_hands",
            f"After a split, only {words('double_after_split_hands', r.double_after_split_hands)} may double."
            if r.double_after_split_hands is not None
            else "Any hand of a split may double (where split hands may).",
        ),
        _rule_line(
            r,
            "split_ten_value_mixes",
            _yes_no(
                r.split_ten_value_mixes, "A ten and a figure are a pair.", "Only cards of the same rank are a pair."
            ),
        ),
        _rule_line(
            r,
            "max_split_hands",
            f"A box may make at most {r.max_split_hands} hands by splitting."
            if r.max_split_hands is not None
            else "No limit on re-splitting is set.",
        ),
        _rule_line(
            r,
            "resplit_consecutive_only",
            _yes_no(
                r.resplit_consecutive_only,
                "A re-split needs the equal cards in succession: any other card ends the series.",
                "A pair may be re-split whenever it comes.",
            ),
        ),
        _rule_line(
            r,
            "resplit_aces",
            _yes_no(r.resplit_aces, "Split aces may be split again.", "Split aces are not split again."),
        ),
        _rule_line(
            r,
            "split_aces_one_card",
            _yes_no(r.split_aces_one_card, "Each split ace gets one card only.", "Split aces play on like any hand."),
        ),
        _rule_line(
            r,
            "double_on_split_aces",
            _yes_no(r.double_on_split_aces, "Split aces may double.", "Split aces may not double."),
        ),
        _rule_line(
            r,
            "box_owner_decides",
            _yes_no(r.box_owner_decides, "The box's owner alone decides its play.", "Every bettor on a box decides."),
        ),
        _rule_line(
            r,
            "bet_behind_consent",
            {
                "not_asked": "Anyone may bet on another's box; its holder is not asked.",
                "unless_objected": "A bet on a seated player's box is refused if he objects to that bettor.",
                "required": "A bet on a seated player's box needs his consent first.",
            }[r.bet_behind_consent],
        ),
        _rule_line(
            r,
            "behind_may_decline_double",
            _yes_no(
                r.behind_may_decline_double, "A bettor behind may decline a double.", "Bettors behind follow a double."
            ),
        ),
        _rule_line(
            r,
            "behind_may_decline_split",
            _yes_no(
                r.behind_may_decline_split,
                "A bettor behind may decline a split (his stake stays on the first hand).",
                "Bettors behind follow a split.",
            ),
        ),
    ]


def _yes_no(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def _step_dealer(r: RuleSet) -> list[str]:
    return [
        _rule_line(
            r,
            "dealer_stands_soft_17",
            "Draw to 16; stand on 17 or more, soft 17 included."
            if r.dealer_stands_soft_17
            else "Draw to 16 and on soft 17; stand on hard 17 or more.",
        ),
        _rule_line(
            r,
            "dealer_plays_when_all_bust",
            _yes_no(
                r.dealer_plays_when_all_bust,
                "Draw your second card even when no bet is left in play.",
                "When no bet is left in play (every hand bust or settled, no insurance open), discard your card.",
            ),
        ),
    ]


def _step_payment(r: RuleSet) -> list[str]:
    takes = (
        "Your blackjack takes every stake on a losing hand, doubles and splits included."
        if r.dealer_blackjack_takes == "all_stakes"
        else "Your blackjack takes only the original stakes; doubles and splits are returned."
    )
    return [
        _rule_line(r, "payment_order", f"Settle the boxes {_side(r.payment_order)}."),
        _rule_line(r, "blackjack_payout", f"A blackjack pays {_ratio(r.blackjack_payout)}; other wins 1 to 1."),
        _rule_line(
            r,
            "blackjack_paid_first",
            _yes_no(
                r.blackjack_paid_first,
                "When your hand is not a blackjack, pay first the players' blackjacks that waited for it, "
                "then every other stake.",
                "Settle every stake box by box, blackjacks in their turn.",
            ),
        ),
        _rule_line(r, "dealer_blackjack_takes", takes),
        _rule_line(
            r,
            "split_21_is_blackjack",
            _yes_no(
                r.split_21_is_blackjack,
                "21 in two cards after a split counts as blackjack.",
                "21 after a split is 21, not blackjack.",
            ),
        ),
        _rule_line(
            r,
            "push_stake_stays",
            _yes_no(
                r.push_stake_stays,
                "A stake that pushed stays on its box for the next round; the player may change it or "
                "take it back before the deal.",
                "A stake that pushed goes back to the player, who bets again for the next round.",
            ),
        ),
    ]


def _step_clear() -> list[str]:
    return [
        "- *Engine convention:* collect the boxes' cards in the payment order, then any voided card, "
        "your own cards last, into the discard tray (no rule value governs this)."
    ]


def _step_end(r: RuleSet) -> list[str]:
    return [
        _rule_line(
            r,
            "last_round_on_cut_card",
            _yes_no(
                r.last_round_on_cut_card,
                "When the cut card comes out, finish the round: it is the shoe's last; then shuffle.",
                "The cut card does not end the shoe.",
            ),
        ),
        _rule_line(
            r,
            "announce_last_round",
            _yes_no(
                r.announce_last_round,
                "Announce the last round when the cut card comes out.",
                "No announcement of the last round.",
            ),
        ),
        _rule_line(
            r,
            "refill_from_discards",
            _yes_no(
                r.refill_from_discards,
                "Should the shoe run out mid-round, shuffle the discards, cut, and complete the round.",
                "The shoe is never refilled mid-round.",
            ),
        ),
    ]


def _step_closing(r: RuleSet) -> list[str]:
    bank = (
        "The house banks."
        if r.banker_rotation == "house"
        else "Each participant banks in turn, changing at each reshuffle."
    )
    return [
        _rule_line(
            r,
            "announce_closing",
            _yes_no(
                r.announce_closing,
                "Before closing time, announce the last round during the round before it; no round follows it.",
                "No closing announcement is provided for.",
            ),
        ),
        _rule_line(r, "banker_rotation", bank),
        _rule_line(
            r,
            "co_owned_bank",
            _yes_no(r.co_owned_bank, "The participants own the bank in equal shares.", "The bank is not co-owned."),
        ),
        _rule_line(
            r,
            "every_player_bets_every_round",
            _yes_no(
                r.every_player_bets_every_round, "Every participant plays every round.", "A player may sit a round out."
            ),
        ),
    ]


_MISDEAL = {
    "return_to_shoe": "goes back to its place in the shoe and is dealt as the next card",
    "void": "is voided: it goes to the discards and the deal goes on with the next card",
    "next_card": "is used as the next card of the deal",
}


def _mistakes(r: RuleSet) -> list[str]:
    box_without_bet = (
        "A card dealt to a box without a bet is treated like any card dealt by mistake (above)."
        if r.card_to_box_without_bet == "misdeal_remedy"
        else "A card dealt to a box without a bet: every card of the round goes back and the round is dealt again."
    )
    missed = (
        "If you forgot to call insurance and drew your second card, play on without insurance."
        if r.missed_insurance_call == "proceed"
        else "If you forgot to call insurance and drew your second card: if it is ten-valued, void it and call "
        "insurance; otherwise play on."
    )
    absent = (
        f"For a bettor who left the table after his first card, draw for him to at least {r.absent_player_draws_to}."
        if r.absent_player_draws_to is not None
        else "A bettor who leaves mid-round is not provided for."
    )
    held = (
        f"An absent bettor's winnings stay on the table {_count(r.unclaimed_winnings_rounds, 'round')}, "
        "then go to the bank."
        if r.unclaimed_winnings_rounds is not None
        else "An absent bettor's winnings are not provided for."
    )
    over = (
        "An over-maximum bet you missed plays only up to the maximum; return the excess."
        if r.over_maximum_bet == "capped"
        else "An over-maximum bet is refused."
    )
    return [
        _rule_line(r, "misdeal_remedy", f"A card dealt or exposed by mistake {_MISDEAL[r.misdeal_remedy]}."),
        _rule_line(r, "card_to_box_without_bet", box_without_bet),
        _rule_line(r, "missed_insurance_call", missed),
        _rule_line(r, "absent_player_draws_to", absent),
        _rule_line(r, "unclaimed_winnings_rounds", held),
        _rule_line(r, "over_maximum_bet", over),
        _rule_line(
            r,
            "special_maximum",
            _yes_no(
                r.special_maximum,
                "A bettor authorised a special maximum may exceed the table maximum on one free box.",
                "No special maximum exists.",
            ),
        ),
    ]


EXAMPLE = Situation(
    slug="example",
    title="A round, step by step",
    explanation="Two boxes against a five: 16 draws to 20, a blackjack; the dealer busts.",
    rules=(),
    bets=((1, "P1", 10), (2, "P2", 20)),
    dealer="5D TC 8S",
    hands=((1, "9S 7H 4C"), (2, "AH KD")),
    wishes=(Wish(1, "16", ("hit",)),),
)
_EXAMPLE_BURNS = parse_cards("2C 3D 4H 5S 6C 7D 8H 9S")


def _table_player(rules: RuleSet, sit: Situation) -> PlayFunction:
    """Play a situation as a table's first round: shuffle (stacked), cut, cut card, burns."""

    def play(cards: list[Card]) -> Played:
        burns = _EXAMPLE_BURNS[: rules.burn_after_shuffle]
        people = people_at(rules, len(bettors(sit)))
        table = Table(
            rules,
            seed=1,
            min_bet=MIN_BET,
            max_bet=MAX_BET,
            participants=people,
            shoes=[burns + cards],
            stacked_after_cut=True,
        )
        rnd = table.new_round()
        for box, bettor, amount in sit.bets:
            rnd.place_bet(box, bettor, amount)
        rnd.deal()
        notes = Player(rnd, sit.wishes).run()
        table.finish(rnd)
        return Played(rules, rnd, notes, table.log)

    return play


def _dealer_step(e: Event) -> str | None:
    """One event of the log as the dealer's action, in the imperative."""
    amount = money_str(e.amount) if e.amount is not None else ""
    card = card_text(e.card) if e.card else ""
    said: dict[str, str] = {
        "shuffle": f"Shuffle the {e.total} cards.",
        "offer_cut": f"Offer the cut to {f'box {e.box}' if e.box else 'the players'}.",
        "cut": f"The cut{f' (box {e.box})' if e.box else ''}: {e.total} cards go from the front to the back.",
        "cut_card": f"Place the cut card {e.total} cards from the end.",
        "burn": f"Burn a card face down ({card}).",
        "bet": f"{e.bettor} bets {amount} on box {e.box}.",
        "announce": f"Call “{text(e.info or '')}”.",
        "card": f"Deal {card} to box {e.box}" + (f", hand {e.hand}." if e.hand and e.hand > 1 else "."),
        "dealer_card": f"Deal yourself {card}.",
        "insurance_offered": "Call insurance.",
        "insurance_closed": "Close insurance.",
        "hit": f"Box {e.box} asks for a card.",
        "stand": f"Box {e.box} stands" + (" (no choice left)." if e.info == "automatic" else "."),
        "double": f"Box {e.box} doubles.",
        "split": f"Box {e.box} splits.",
        "match": f"{e.bettor} adds {amount} on box {e.box}.",
        "bust": f"Box {e.box} busts with {e.total}.",
        "dealer_discards": "No bet is left in play: discard your card.",
        "dealer_total": f"Your total: {e.total} ({e.info}).",
        "clear": f"Clear the table: {e.total} cards to the discard tray.",
        "cut_card_out": "The cut card comes out.",
        "last_round": "Announce the last round.",
    }
    if e.type == "settle" and e.amount is not None:
        what = e.info or ""
        if e.amount > 0:
            return f"Pay {e.bettor} on box {e.box}: {amount} ({what})."
        if e.amount < 0:
            return f"Take {e.bettor}'s {money_str(-e.amount)} on box {e.box} ({what})."
        return f"{e.bettor} on box {e.box}: {what}, the stake stays with him."
    return said.get(e.type)


def _example(r: RuleSet) -> list[str]:
    played = converge(EXAMPLE, r, _table_player(r, EXAMPLE))
    steps = [s for s in (_dealer_step(e) for e in played.log) if s is not None]
    out = [
        f"## A round, step by step {{#{r.id.lower()}-example}}",
        "",
        (
            "The engine plays a first round of a shoe with these rules (the shoe stacked: the cards below "
            f"come first after the cut). {text(EXAMPLE.explanation)}"
        ),
        "",
        *cards_block(EXAMPLE),
        "",
        "The dealer's sequence, from the event log:",  # a paragraph: the numbered list stays apart
        "",
    ]
    out += [f"{i}. {step}" for i, step in enumerate(steps, 1)]
    nets = ", ".join(f"{b} {signed_money(played.round.net.get(b, 0))}" for b in bettors(EXAMPLE))
    out += ["", f"Net results: {nets}.", ""]
    return out


def _text_first(items: list[str]) -> list[str]:
    """A step's lines: what the text says first, then, under their own heading, the engine's
    assumptions where it is silent."""
    said = [i for i in items if not i.startswith(ASSUMED)]
    assumed = [i.replace(ASSUMED, "- ", 1) for i in items if i.startswith(ASSUMED)]
    out = [*said, ""] if said else []
    if assumed:
        out += ["*Where the text is silent, the engine assumes:*", "", *assumed, ""]
    return out


def onboarding_page(reg_id: str) -> str:
    """ "Dealer onboarding" for one regulation: the round step by step, each step citing its
    clauses or marked as the engine's assumption; the mistakes the text foresees; and one
    round played by the engine."""
    r = rulebook.ruleset(reg_id)
    steps: list[tuple[str, list[str]]] = [
        ("The table", _step_table(r)),
        ("Shuffle", _step_shuffle(r)),
        ("Cut", _step_cut(r)),
        ("Cut card", _step_cut_card(r)),
        ("Burn", _step_burn(r)),
        ("Bets, and the call that closes them", _step_bets(r)),
        ("Deal", _step_deal(r)),
        ("Insurance", _step_insurance(r)),
        ("Each hand", _step_hands(r)),
        ("Your hand: the drawing rule", _step_dealer(r)),
        ("Payment", _step_payment(r)),
        ("Clearing", _step_clear()),
        ("End of the shoe", _step_end(r)),
        ("Closing", _step_closing(r)),
    ]
    lines = [
        "---",
        f'title: "Dealer onboarding: {r.name}"',
        "---",
        "",
        f"# Dealer onboarding: {text(r.name)}",
        "",
        (
            "For trainee dealers and their trainers: the round as the dealer runs it under this "
            "regulation, step by step, each instruction with the clauses that say it (or the project's "
            "reading of them). Where the text is silent, the engine's assumption follows the step's "
            "rules, marked as such."
        ),
        "",
        (
            f"Practise it: [deal a round as the dealer under these rules]({practice_link(r.id)}), "
            "step by step, with the engine judging each step against this rule set."
        ),
        "",
    ]
    for number, (title, items) in enumerate(steps, 1):
        lines += [f"## {number}. {title}", "", *_text_first(items)]
    lines += [
        "## Mistakes the text foresees",
        "",
        "What the dealer does after each mistake the engine knows of; where the text is silent, the "
        "engine's assumption follows, marked as such.",
        "",
        *_text_first(_mistakes(r)),
    ]
    lines += _example(r)
    return "\n".join(lines)
