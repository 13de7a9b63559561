"""Practise dealing: the reader is the dealer; the engine, running in the page, judges each step.

The page is a form (rulebook, seed) and an empty table; ``javascripts/practice.js`` starts
Pyodide from the site itself as the page opens, in the page's Web Worker (the shared loader
``javascripts/python.js``), asks :mod:`spec_engine.practice` for a round's questions and has it
judge each answer. The cards are the site's own SVG cards, given to the script as JSON (the same
data as "Play it yourself").
A link may choose the round: ``practice.html?reg=UY&seed=7``; and a house's hole card, which no
text deals (``&hole_card=peek``, as the form's choice): the page then draws the dealer's hole card
face down (a card's back, named as his hole card) until he turns it.
Every sentence is a message of the catalog: the pages generator writes the page once per language.
"""

from __future__ import annotations

import html

from spec_engine.catalog import REGULATION_IDS, rulebook_name
from spec_engine.i18n import _, pgettext
from spec_engine.pages.play import DISK_NOTE, cards_json, hole_card_field, no_script, served_at, site_root
from spec_engine.practice import MAX_SEED

PAGE = "practice.html"
"""The page's file name in the generated folder."""


def practice_link(reg_id: str) -> str:
    """A Markdown link target to the page with a rulebook chosen, from a page in the generated
    folder (``.md``: the builder checks it and makes it ``practice.html?reg=..``)."""
    return f"practice.md?reg={reg_id.upper()}"


def _form() -> str:
    options = "".join(
        f'<option value="{reg}">{html.escape(rulebook_name(reg, with_id=True))}</option>' for reg in REGULATION_IDS
    )
    said = {  # (a message in an f-string is not extracted)
        "reg": _("Rulebook"),
        "seed": _("Seed"),
        "hint": _("a whole number, 0 to {last}; empty: a new one", last=_grouped(MAX_SEED)),
        "deal": _("Deal a round"),
    }
    return "".join(
        [
            '<form id="bj-practice-form" class="bj-form">',
            f'<p class="bj-field"><label for="bj-reg">{html.escape(said["reg"])}</label>',
            f'<select id="bj-reg" name="reg">{options}</select></p>',
            f'<p class="bj-field"><label for="bj-seed">{html.escape(said["seed"])}</label>',
            '<input id="bj-seed" name="seed" type="text" inputmode="numeric" value="" autocomplete="off" '
            'aria-describedby="bj-seed-hint">',
            f'<small id="bj-seed-hint">{html.escape(said["hint"])}</small></p>',
            hole_card_field("bj-hole_card"),
            '<p class="bj-field"><button type="submit" id="bj-start" class="md-button md-button--primary" disabled>'
            f"{html.escape(said['deal'])}</button></p>",
            "</form>",
        ]
    )


def _grouped(number: int) -> str:
    """``number`` with its thousands grouped as the active language writes them (1,000,000;
    1.000.000; 1 000 000)."""
    return f"{number:,}".replace(",", pgettext("thousands separator", ","))


def _scripts() -> str:
    """The cards as JSON (as "Play it yourself" gives them, a card's back with them), the shared
    loader, the page's script."""
    cards = f'<script type="application/json" id="bj-cards">{cards_json()}</script>'
    root = site_root()
    return "\n".join(
        [cards, *(f'<script src="{root}javascripts/{name}.js"></script>' for name in ("python", "practice"))]
    )


def practice_page() -> str:
    """The page "Practise dealing"."""
    tally = _("This session: no round played yet.")  # (a message in an f-string is not extracted)
    widget = (
        '<div id="bj-practice" class="bj-practice">'
        + _form()
        + f'<p id="bj-status" class="bj-status" role="status">{html.escape(no_script())}</p>'
        + f'<p id="bj-tally" class="bj-tally" aria-live="polite">{html.escape(tally)}</p>'
        + '<div id="bj-round" class="bj-round"></div>'
        + "</div>"
    )
    return "\n".join(
        [
            "---",
            "title: " + _("Practise dealing"),
            "---",
            "",
            "# " + _("Practise dealing"),
            "",
            f'<link rel="stylesheet" href="{site_root()}stylesheets/practice.css">',
            "",
            _(
                "You are the dealer. Choose a rulebook and deal a round: the engine deals it from a shoe "
                "shuffled with the seed, **in this page** (Python running in your browser with Pyodide, "
                "served by this site: nothing is sent anywhere), and asks you, step by step, what the "
                "dealer does next: how many cards to burn, whom to deal each card, what to do with a card "
                "dealt by mistake, when to call insurance and whether even money is offered, whether to "
                "draw or stand, whom to settle first and each payment, typed as an exact amount."
            ),
            "",
            _(
                "The engine judges each answer against the rule set and names the rule behind the step, "
                "whether you were right or not: its value here, its clauses, in the regulation's own words "
                "and in an English gist, or, where the regulation is silent, the default the engine assumes. "
                "Where a wrong answer is what another rule prescribes, that rule is named too. A round ends "
                "with its score; the session keeps a tally (in this page only: nothing is stored). The same "
                "rulebook and seed always deal the same round, and a link chooses them: "
                "`{link}`.",
                link="practice.html?reg=UY&seed=7",
            ),
            "",
            widget,
            "",
            _scripts(),
            "",
            _(
                "Opened from disk (a `file://` address), browsers refuse to run the WebAssembly Python "
                "needs: serve the site (`make serve`, then <{address}>) "
                "or use the published site. Each rulebook's steps, with their clauses, are on its "
                "dealer onboarding page ({links}); the notebook [Dealer practice](notebooks/dealer_practice.md) "
                "has tables to settle on paper.",
                address=served_at(PAGE),
                links=", ".join(f"[{reg}](onboarding-{reg.lower()}.md)" for reg in REGULATION_IDS),
            )
            + f"\n{DISK_NOTE}",
            "",
        ]
    )
