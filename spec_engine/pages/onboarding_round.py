"""Dealer onboarding's round, step by step: the engine plays a first round of a shoe under the
page's rules and each event of its log becomes the dealer's step, one whole message each; and
the words the onboarding pages share (a sentence's capital, words another part of the site
translates, a call in its text's own words).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from spec_engine.cards import Card, parse_cards
from spec_engine.catalog import regulation
from spec_engine.events import Event, money_str
from spec_engine.i18n import N_, SOURCE, _, active, language, ngettext, pgettext
from spec_engine.pages.cards import card_svg, card_text, hand_svg
from spec_engine.pages.common import signed_money, text
from spec_engine.pages.hands import MAX_BET, MIN_BET, Played, Player, PlayFunction, Situation, Wish, bettors, converge
from spec_engine.rules import RuleSet
from spec_engine.table import Table, people_at


def sentence(said: str) -> str:
    """A message as a sentence: its first letter a capital, where a translation begins with a
    word of the glossary (``{the_box} 1 ...`` -> "El casillero 1 ...")."""
    return said[:1].upper() + said[1:]


def theirs(word: Callable[[], str]) -> str:
    """Words another part of the site translates (a rule's name, a rule set's note, a clause's
    gist, a card's name), in the active language; marked English (``lang="en"``) while no
    translation of them is there, so that a reader's screen reader and the English detector know."""
    said = word()
    if active() == SOURCE:
        return said
    with language(SOURCE):
        english = word()
    return said if said != english else f'<span lang="en">{said}</span>'


def quoted_call(call: str, reg_id: str) -> str:
    """A call in its text's own words (verbatim), marked with the text's language where the
    page speaks another (an English page keeps it as it always showed it)."""
    lang = regulation(reg_id).language
    if active() in (SOURCE, lang):
        return text(call)
    return f'<span lang="{lang}">{text(call)}</span>'


EXAMPLE = Situation(
    slug="example",
    title=N_("A round, step by step"),
    explanation=N_("Two boxes against a five: 16 draws to 20, a blackjack; the dealer busts."),
    rules=(),
    bets=((1, "P1", 10), (2, "P2", 20)),
    dealer="5D TC 8S",
    hands=((1, "9S 7H 4C"), (2, "AH KD")),
    wishes=(Wish(1, "16", ("hit",)),),
)
"""The round every onboarding page plays (its title and explanation translated where shown)."""
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


def _outcome(info: str) -> str:
    """A settlement's outcome (the event's ``info``), as the dealer's step names it."""
    said = {
        "blackjack": pgettext("settlement", "blackjack"),
        "win": pgettext("settlement", "win"),
        "push": pgettext("settlement", "push"),
        "lose": pgettext("settlement", "lose"),
        "surrender": pgettext("settlement", "surrender"),
        "insurance_win": pgettext("settlement", "insurance won"),
        "insurance_lose": pgettext("settlement", "insurance lost"),
        "even_money": pgettext("settlement", "even money"),
        "excess_returned": pgettext("settlement", "excess returned"),
    }
    return said.get(info, info)


def _settle_step(e: Event, reg_id: str) -> str:
    amount = money_str(-e.amount if e.amount < 0 else e.amount) if e.amount is not None else ""
    outcome = _outcome(e.info or "")
    if e.amount is not None and e.amount > 0:
        return _(
            "Pay {bettor} on box {box_no}: {amount} ({outcome}).",
            bettor=e.bettor,
            box_no=e.box,
            amount=amount,
            outcome=outcome,
        )
    if e.amount is not None and e.amount < 0:
        return _(
            "Take {bettor}'s {amount} on box {box_no} ({outcome}).",
            bettor=e.bettor,
            box_no=e.box,
            amount=amount,
            outcome=outcome,
        )
    return _(
        "{bettor} on box {box_no}: {outcome}, the stake stays with him.", bettor=e.bettor, box_no=e.box, outcome=outcome
    )


_DEALER_TOTAL = {
    "blackjack": N_("Your total: {total} (blackjack)."),
    "bust": N_("Your total: {total} (bust)."),
    "stands": N_("Your total: {total} (stands)."),
}
_DEALER_TOTAL_OTHER = N_("Your total: {total} ({info}).")


def _step(e: Event, reg_id: str) -> str | None:
    """One event of the log as the dealer's action, in the imperative (None: not a dealer's step)."""
    card = card_text(e.card) if e.card else ""
    amount = money_str(e.amount) if e.amount is not None else ""
    kind = e.type
    if kind == "shuffle":
        return ngettext("Shuffle the {count} card.", "Shuffle the {count} cards.", e.total or 0, count=e.total)
    if kind == "offer_cut":
        return _("Offer the cut to box {box_no}.", box_no=e.box) if e.box else _("Offer the cut to the players.")
    if kind == "cut":
        if e.box:
            return ngettext(
                "The cut (box {box_no}): {count} card goes from the front to the back.",
                "The cut (box {box_no}): {count} cards go from the front to the back.",
                e.total or 0,
                box_no=e.box,
                count=e.total,
            )
        return ngettext(
            "The cut: {count} card goes from the front to the back.",
            "The cut: {count} cards go from the front to the back.",
            e.total or 0,
            count=e.total,
        )
    if kind == "cut_card":
        return ngettext(
            "Place the cut card {count} card from the end.",
            "Place the cut card {count} cards from the end.",
            e.total or 0,
            count=e.total,
        )
    if kind == "burn":
        return _("Burn a card face down ({card}).", card=card)
    if kind == "bet":
        return _("{bettor} bets {amount} on box {box_no}.", bettor=e.bettor, amount=amount, box_no=e.box)
    if kind == "announce":
        return _("Call “{call}”.", call=quoted_call(e.info or "", reg_id))
    if kind == "card":
        if e.hand and e.hand > 1:
            return _("Deal {card} to box {box_no}, hand {hand_no}.", card=card, box_no=e.box, hand_no=e.hand)
        return _("Deal {card} to box {box_no}.", card=card, box_no=e.box)
    if kind == "dealer_card":
        return _("Deal yourself {card}.", card=card)
    if kind == "dealer_hole":  # (face down: its code is for replay, never said)
        return _("Deal yourself a second card face down: your hole card.")
    if kind == "surrender_offered":
        return _("Offer early surrender.")
    if kind == "surrender_closed":
        return _("Close early surrender.")
    if kind == "peek":
        if e.info == "blackjack":
            return _("Check your hole card: blackjack.")
        return _("Check your hole card: no blackjack.")
    if kind == "hole_turned":
        return _("Turn your hole card face up: {card}.", card=card)
    if kind == "insurance_offered":
        return _("Call insurance.")
    if kind == "insurance_closed":
        return _("Close insurance.")
    if kind == "hit":
        return _("Box {box_no} asks for a card.", box_no=e.box)
    if kind == "stand":
        if e.info == "automatic":
            return _("Box {box_no} stands (no choice left).", box_no=e.box)
        return _("Box {box_no} stands.", box_no=e.box)
    if kind == "double":
        return _("Box {box_no} doubles.", box_no=e.box)
    if kind == "split":
        return _("Box {box_no} splits.", box_no=e.box)
    if kind == "surrender":
        return _("Box {box_no} surrenders.", box_no=e.box)
    if kind == "match":
        return _("{bettor} adds {amount} on box {box_no}.", bettor=e.bettor, amount=amount, box_no=e.box)
    if kind == "bust":
        return _("Box {box_no} busts with {total}.", box_no=e.box, total=e.total)
    if kind == "dealer_discards":
        return _("No bet is left in play: discard your card.")
    if kind == "dealer_total":
        return _(_DEALER_TOTAL.get(e.info or "", _DEALER_TOTAL_OTHER), total=e.total, info=e.info)
    if kind == "clear":
        return ngettext(
            "Clear the table: {count} card to the discard tray.",
            "Clear the table: {count} cards to the discard tray.",
            e.total or 0,
            count=e.total,
        )
    if kind == "cut_card_out":
        return _("The cut card comes out.")
    if kind == "last_round":
        return _("Announce the last round.")
    if kind == "settle" and e.amount is not None:
        return _settle_step(e, reg_id)
    return None


def dealer_step(e: Event, reg_id: str) -> str | None:
    """One event of the log as the dealer's step, a sentence in the active language."""
    said = _step(e, reg_id)
    return sentence(said) if said is not None else None


def dealer_steps(log: Iterable[Event], reg_id: str) -> list[str]:
    """A log as the dealer's steps (:func:`dealer_step`), the hole card face down until it is
    turned: discarded unseen, it is said as such, never by its code."""
    steps = []
    hole: str | None = None
    for e in log:
        if e.type == "dealer_hole":
            hole = e.card
        elif e.type in ("hole_turned", "clear"):
            hole = None
        if e.type == "dealer_discards" and hole is not None and e.card == hole:
            steps.append(sentence(_("Discard your hole card unseen.")))
            continue
        said = dealer_step(e, reg_id)
        if said is not None:
            steps.append(said)
    return steps


def _cards_block(sit: Situation) -> list[str]:
    """The cards of the round: the dealer's, then each box's with its bet."""

    def drawn(codes: list[str]) -> str:
        return theirs(lambda: card_svg(codes[0]) if len(codes) == 1 else hand_svg(codes))

    dealer = [c.code for c in parse_cards(sit.dealer)]
    lines = ["- " + sentence(_("Dealer: {first} then {rest}", first=drawn(dealer[:1]), rest=drawn(dealer[1:])))]
    stakes = {box: (bettor, amount) for box, bettor, amount in sit.bets}
    for box, codes in sit.hands:
        cards = [c.code for c in parse_cards(codes)]
        bettor, amount = stakes[box]
        if len(cards) > 2:
            line = _(
                "Box {box_no} ({bettor} bets {amount}): {cards} then {more}",
                box_no=box,
                bettor=bettor,
                amount=amount,
                cards=drawn(cards[:2]),
                more=drawn(cards[2:]),
            )
        else:
            line = _(
                "Box {box_no} ({bettor} bets {amount}): {cards}",
                box_no=box,
                bettor=bettor,
                amount=amount,
                cards=drawn(cards),
            )
        lines.append("- " + sentence(line))
    return lines


def example_section(r: RuleSet) -> list[str]:
    """The page's last section: the round played, its cards, the dealer's steps, the nets."""
    played = converge(EXAMPLE, r, _table_player(r, EXAMPLE))
    steps = dealer_steps(played.log, r.id)
    out = [
        f"## {_(EXAMPLE.title)} {{#{r.id.lower()}-example}}",
        "",
        _(
            "The engine plays a first round of a shoe with these rules (the shoe stacked: the cards below "
            "come first after the cut)."
        )
        + f" {text(_(EXAMPLE.explanation))}",
        "",
        *_cards_block(EXAMPLE),
        "",
        _("The dealer's sequence, from the event log:"),  # a paragraph: the numbered list stays apart
        "",
    ]
    out += [f"{i}. {step}" for i, step in enumerate(steps, 1)]
    nets = ", ".join(f"{b} {signed_money(played.round.net.get(b, 0))}" for b in bettors(EXAMPLE))
    out += ["", _("Net results: {nets}.", nets=nets), ""]
    return out
