"""Dealer onboarding: how a rule value becomes one instruction (:func:`rule_line`), and the
steps of the shoe (the shuffle, the cut, the cut card, the burns), each made from the rule values
that govern it. The rest of the page is :mod:`spec_engine.pages.onboarding`."""

from __future__ import annotations

from collections.abc import Callable

from spec_engine.i18n import N_, _, ngettext
from spec_engine.pages.common import clause_links, text
from spec_engine.pages.labels import house_values, label, words
from spec_engine.pages.matrix import note_html
from spec_engine.pages.onboarding_round import sentence, theirs
from spec_engine.rules import RuleSet
from spec_engine.table import share_of_cards

ASSUMED = "- *Not stated: the engine assumes:* "
"""How a line made from an assumed value starts while the page is made (the page lists them
after the text's rules, under their own heading; the mark itself never reaches the page)."""


def said_of(message: str) -> Callable[[], str]:
    """A message of the data (a rule set's note, a clause's gist) as the page shows it, for :func:`theirs`."""
    return lambda: text(_(message))


def rule_line(rules: RuleSet, name: str, said: str) -> str:
    """One instruction made from a rule value, marked with its basis: the regulation's word
    (clause links), the project's reading of it (with that reading), or the engine's
    assumption (with its reason). Where the text leaves the rule to the house (a house option),
    one more sentence says so, with the values it permits (each with its own clauses where they
    differ) and the house's choice the page follows. The rule's name ends the line, as in the
    rules compared."""
    said = sentence(said)
    either = house_values(rules, name, clause_links)
    if either is not None:
        chosen = words(name, getattr(rules, name))
        # i18n: a rule the text leaves to the casino; {choices}: the values it permits ("yes or no"),
        # {value}: the one the house chose, which the page's other sentence of the rule follows.
        said += " " + _(
            "The text leaves this rule to the house, which chooses {choices}; this page follows its choice, {value}.",
            choices=either,
            value=chosen,
        )
    cite = rules.citations.get(name)
    tag = f"<small>([{theirs(lambda: text(label(name)).lower())}](rules.md#rule-{name}))</small>"
    note = note_html(cite.note) if cite is not None and cite.note else ""  # its quotes in their language
    if cite is None or cite.assumed:
        context = " " + _("Context: {clauses}.", clauses=clause_links(cite.clauses)) if cite and cite.clauses else ""
        return f"{ASSUMED}{said} <small>({note}{context})</small> {tag}"
    if cite.basis == "interpretation":
        reading = _("reading: {note}", note=note)
        return f"- {said} ({clause_links(cite.clauses)}; <small>{reading}</small>) {tag}"
    return f"- {said} ({clause_links(cite.clauses)}) {tag}"


def step_shuffle(r: RuleSet) -> list[str]:
    shuffle = ngettext(
        "Shuffle {count} deck ({cards} cards) together.",
        "Shuffle {count} decks ({cards} cards) together.",
        r.decks,
        count=r.decks,
        cards=r.decks * 52,
    )
    again = (
        _("The house may have you shuffle again between any two rounds, before the cut card has come out.")
        if r.house_reshuffle
        else _("Shuffle again only once the cut card has come out, never earlier.")
    )
    return [rule_line(r, "decks", shuffle), rule_line(r, "house_reshuffle", again)]


_WITHOUT_RECEIVER = {
    "first_box": N_(
        "When nobody received the cut card (a new table, you took it, a reshuffle), offer the cut to the "
        "first box, on your left."
    ),
    "dealer_right": N_(
        "When nobody received the cut card (a new table, you took it, a reshuffle), offer the cut to the "
        "player at your right."
    ),
    "first_player": N_(
        "When nobody received the cut card (a new table, you took it, a reshuffle), offer the cut to the "
        "first player seated."
    ),
    "first_player_then_dealer_right": N_(
        "At a new table, offer the cut to the first player seated; later, when nobody received the cut card "
        "(you took it, a reshuffle), to the player at your right."
    ),
}
"""Who cuts when nobody received the cut card, where the cut goes to that receiver."""


def step_cut(r: RuleSet) -> list[str]:
    least = (
        ngettext(
            "The cut must leave at least {count} card on each side; refuse a cut nearer either end.",
            "The cut must leave at least {count} cards on each side; refuse a cut nearer either end.",
            r.min_cut,
            count=r.min_cut,
        )
        if r.min_cut is not None
        else _("No least cut is set: any cut inside the pack is taken.")
    )
    if r.cut_offered_to == "cut_card_receiver":
        lines = [
            rule_line(
                r,
                "cut_offered_to",
                _("Offer the cut to the player who would have received the cut card in the shoe's last round."),
            ),
            rule_line(r, "cut_without_receiver", _(_WITHOUT_RECEIVER[r.cut_without_receiver])),
        ]
    else:
        lines = [
            rule_line(r, "cut_offered_to", _("Offer the cut to any player who wishes to cut.")),
            rule_line(
                r,
                "cut_without_receiver",
                _("The same holds at a new table and after a reshuffle: any player who wishes may cut."),
            ),
        ]
    return [*lines, rule_line(r, "min_cut", least)]


def _cut_card_from_end(count: int) -> str:
    return ngettext(
        "Place the cut card {count} card from the end.",
        "Place the cut card {count} cards from the end.",
        count,
        count=count,
    )


def step_cut_card(r: RuleSet) -> list[str]:
    if r.cut_card_per_participant is not None:
        place = ngettext(
            "Place the cut card {count} card from the end per participant at the table.",
            "Place the cut card {count} cards from the end per participant at the table.",
            r.cut_card_per_participant,
            count=r.cut_card_per_participant,
        )
        return [rule_line(r, "cut_card_per_participant", place)]
    if r.cut_card_share is not None:
        cards = r.decks * 52
        share = r.cut_card_share
        place = _(
            "Place the cut card behind {share} of the cards: {count} of {cards}.",
            share=str(share),
            count=share_of_cards(share, cards),
            cards=cards,
        )
        return [rule_line(r, "cut_card_share", place)]
    if r.cut_card_from_end is not None:
        return [rule_line(r, "cut_card_from_end", _cut_card_from_end(r.cut_card_from_end))]
    return [rule_line(r, "cut_card_from_end", _("No cut card position is set."))]


def step_burn(r: RuleSet) -> list[str]:
    after = (
        ngettext(
            "Burn {count} card face down after the shuffle and cut.",
            "Burn {count} cards face down after the shuffle and cut.",
            r.burn_after_shuffle,
            count=r.burn_after_shuffle,
        )
        if r.burn_after_shuffle
        else _("Burn no card after the shuffle.")
    )
    change = (
        ngettext(
            "When a new dealer takes over mid-shoe, he burns {count} card.",
            "When a new dealer takes over mid-shoe, he burns {count} cards.",
            r.burn_on_dealer_change,
            count=r.burn_on_dealer_change,
        )
        if r.burn_on_dealer_change
        else _("A change of dealer mid-shoe burns no card.")
    )
    return [rule_line(r, "burn_after_shuffle", after), rule_line(r, "burn_on_dealer_change", change)]
