"""Play it yourself: the engine runs in the reader's page (Pyodide), under one or all five rulebooks.

The page is a form and an empty table; ``javascripts/play.js`` (loaded by this page only)
starts Pyodide from the site itself (``pyodide/``, copied there by ``tools/pyodide_site.py``),
unpacks the engine and plays each press of a button with it. The cards are the site's own SVG
cards (:mod:`spec_engine.pages.cards`), given to the script as JSON.
"""

from __future__ import annotations

import html
import json

from spec_engine.cards import DECK
from spec_engine.catalog import REGULATION_IDS
from spec_engine.pages.cards import card_name, card_svg
from spec_engine.rules import ruleset

EXAMPLE = {"box": "TS 6H", "dealer": "9D", "rest": "5C", "seed": "", "bet": "10"}
"""The cards and bet the form starts with (box 1 on 16 against a nine)."""


def _field(name: str, label: str, hint: str, value: str, mode: str = "text") -> str:
    return (
        f'<p class="bj-field"><label for="bj-{name}">{html.escape(label)}</label>'
        f'<input id="bj-{name}" name="{name}" type="text" inputmode="{mode}" value="{html.escape(value)}" '
        f'autocomplete="off" spellcheck="false" aria-describedby="bj-{name}-hint">'
        f'<small id="bj-{name}-hint">{html.escape(hint)}</small></p>'
    )


def _cards_json() -> str:
    """Every card's SVG and name, by code, for the script (``</`` escaped inside the script element)."""
    codes = sorted({card.code for card in DECK})
    data = {code: {"svg": card_svg(code), "name": card_name(code)} for code in codes}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def play_page() -> str:
    """The page "Play it yourself"."""
    options = "".join(
        f'<option value="{reg}">{html.escape(ruleset(reg).name)} ({reg})</option>' for reg in REGULATION_IDS
    )
    form = "".join(
        [
            '<form id="bj-form" class="bj-form">',
            '<p class="bj-field"><label for="bj-reg">Rulebook</label>',
            f'<select id="bj-reg" name="reg"><option value="all">All five, side by side</option>{options}</select></p>',
            _field("box", "Box 1's two cards", "e.g. TS 6H (T = ten; S H D C = suits)", EXAMPLE["box"]),
            _field("dealer", "The dealer's first card", "e.g. 9D", EXAMPLE["dealer"]),
            _field("rest", "The next cards", "in the order they are drawn, e.g. 5C 7H", EXAMPLE["rest"]),
            _field(
                "seed", "Seed", "shuffles the rest of the shoe; leave every card empty for a seeded deal", "", "numeric"
            ),
            _field("bet", "Bet", "an exact amount, e.g. 10 (the table's limits: 10 to 500)", EXAMPLE["bet"], "decimal"),
            '<p class="bj-field"><button type="submit" id="bj-deal" class="md-button md-button--primary" disabled>'
            "Deal</button></p>",
            "</form>",
        ]
    )
    widget = (
        '<div id="bj-play" class="bj-play">'
        + form
        + '<p id="bj-status" class="bj-status" role="status">Python is not loaded: this part of the page '
        "needs JavaScript.</p>" + '<div id="bj-tables" class="bj-tables" aria-live="polite"></div>' + "</div>"
    )
    return "\n".join(
        [
            "# Play it yourself",
            "",
            '<link rel="stylesheet" href="../stylesheets/play.css">',
            "",
            (
                "Choose a rulebook, or all five side by side, the cards and a bet: the engine deals them "
                "**in this page** (Python running in your browser with Pyodide, "
                "served by this site: nothing is sent anywhere). The actions the rulebook allows are "
                "buttons; the others are there too, so that you can see each refusal with the clause that "
                "makes it, in the regulation's words. The settlement shows each stake's exact net result."
            ),
            "",
            (
                "The shoe: box 1's two cards, the dealer's first card, then the next cards in the order they "
                "are drawn (hits, doubles, splits, then the dealer's draws); after them, the rest of the "
                "shoe shuffled with the seed (0 when empty). Leave the cards empty to play a seeded deal. "
                "Card codes: rank `A 2-9 T J Q K`, suit `S H D C` (`TS` is the ten of spades). A link can "
                "set the form and deal at once: `play.html?reg=CL&box=TS+6H&dealer=9D&rest=5C&bet=10` "
                "(`reg=all` for the five side by side; `seed=7` for a seeded deal)."
            ),
            "",
            widget,
            "",
            f'<script type="application/json" id="bj-cards">{_cards_json()}</script>',
            "",
            '<script src="../javascripts/python.js"></script>',
            '<script src="../javascripts/play.js"></script>',
            "",
            (
                "Opened from disk (a `file://` address), browsers refuse to run the WebAssembly Python "
                "needs: serve the site (`make serve`, then <http://127.0.0.1:8000/generated/play.html>) "
                "or use the published site. The same hands, played when the site was built, are on "
                "[Same hand, five rulebooks](worked-hands.md)."
            ),
            "",
        ]
    )
