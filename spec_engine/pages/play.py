"""Play it yourself: the engine runs in the reader's page (Pyodide), under one or all five rulebooks.

A widget is a form and an empty place for the tables; ``javascripts/play.js`` mounts every widget
of a page (each its own form, tables and rounds), starts Pyodide from the site itself
(``pyodide/``, copied there by ``tools/pyodide_site.py``) in the page's Web Worker
(``javascripts/python.js``), unpacks the engine there and plays each press of a button with it.
The page "Play it yourself" has one widget, started when the page opens; the worked hands
(:mod:`spec_engine.pages.hands`) and the regulation pages have theirs folded, and Python is
loaded only when the reader opens one (:func:`folded`). The cards are the site's own SVG
cards (:mod:`spec_engine.pages.cards`), which the script fetches with Pyodide (``pyodide/cards.json``).
Every sentence is a message of the catalog, said in the active language (the pages generator
writes the page once per language; the widgets' forms say the language of the page they are on).
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from spec_engine.cards import DECK
from spec_engine.catalog import REGULATION_IDS, rulebook_name
from spec_engine.i18n import SOURCE, _, active
from spec_engine.overrides import HOLE_CARDS
from spec_engine.pages.cards import back_svg, card_name, card_svg
from spec_engine.pages.labels import label, words

EXAMPLE = {"box": "TS 6H", "dealer": "9D", "rest": "5C", "seed": "", "bet": "10"}
"""The cards and bet the form starts with (box 1 on 16 against a nine)."""


def site_root() -> str:
    """The site's root from a generated page in the active language (``es/generated/play.html``
    is one folder deeper than ``generated/play.html``): its raw HTML's scripts and style."""
    return "../" if active() == SOURCE else "../../"


def scripts(root: str = "../") -> str:
    """The two scripts a page with a widget loads (neither fetches Python before a widget starts)."""
    return "\n".join(f'<script src="{root}javascripts/{name}.js"></script>' for name in ("python", "play"))


def style(root: str = "../") -> str:
    """The widgets' style sheet."""
    return f'<link rel="stylesheet" href="{root}stylesheets/play.css">'


SCRIPTS = scripts()
"""The scripts of an English page of the generated folder."""

STYLE = style()

DISK_NOTE = "{: .bj-disk-note }"
"""Marks a page's "opened from disk" paragraph (Markdown's attribute list): ``python.js`` marks a
served page, whose style then hides it; opened from disk, or without JavaScript, it shows."""


@dataclass(frozen=True, slots=True)
class Field:
    """One input of a widget's form: ``name`` is what ``play.js`` reads (``box``, ``dealer``,
    ``rest``, ``seed``, ``bet``; ``cards-N`` and ``bet-N`` for box N's cards and bet, ``cards-0``
    the dealer's)."""

    name: str
    label: str
    hint: str
    value: str
    mode: str = "text"


def simple_fields() -> list[Field]:
    """The form of one box: its two cards, the dealer's first, the next cards, a seed and a bet."""
    return [
        Field("box", _("Box 1's two cards"), _("e.g. TS 6H (T = ten; S H D C = suits)"), EXAMPLE["box"]),
        Field("dealer", _("The dealer's first card"), _("e.g. 9D"), EXAMPLE["dealer"]),
        Field("rest", _("The next cards"), _("in the order they are drawn, e.g. 5C 7H"), EXAMPLE["rest"]),
        Field(
            "seed",
            _("Seed"),
            _("shuffles the rest of the shoe; leave every card empty for a seeded deal"),
            "",
            "numeric",
        ),
        Field(
            "bet",
            _("Bet"),
            _("an exact amount, e.g. {example} (the table's limits: {min} to {max})", example=10, min=10, max=500),
            EXAMPLE["bet"],
            "decimal",
        ),
    ]


def _field(widget: str, field: Field) -> str:
    ident = f"{widget}-{field.name}"
    return (
        f'<p class="bj-field"><label for="{ident}">{html.escape(field.label)}</label>'
        f'<input id="{ident}" name="{field.name}" type="text" inputmode="{field.mode}" '
        f'value="{html.escape(field.value)}" autocomplete="off" spellcheck="false" aria-describedby="{ident}-hint">'
        f'<small id="{ident}-hint">{html.escape(field.hint)}</small></p>'
    )


def _rulebook(widget: str, regs: Sequence[str]) -> str:
    if len(regs) == 1:
        return f'<input type="hidden" name="reg" value="{regs[0]}">'
    label, every = _("Rulebook"), _("All five, side by side")  # (a message in an f-string is not extracted)
    options = "".join(f'<option value="{reg}">{html.escape(rulebook_name(reg, with_id=True))}</option>' for reg in regs)
    return (
        f'<p class="bj-field"><label for="{widget}-reg">{html.escape(label)}</label>'
        f'<select id="{widget}-reg" name="reg"><option value="all">{html.escape(every)}</option>'
        f"{options}</select></p>"
    )


def hole_card_field(ident: str) -> str:
    """A form's choice of the dealer's hole card (its ``hole_card``: the rule's values in the
    trade's words, ``none``, the five texts' own, first), a house's choice: the address may
    preset it (``?hole_card=peek``), as it presets a form's other fields."""
    said = {  # (a message in an f-string is not extracted)
        "label": label("hole_card"),
        "hint": _("none in the five texts; another value is a house's choice, not a regulation's"),
    }
    options = "".join(f'<option value="{v}">{html.escape(words("hole_card", v))}</option>' for v in HOLE_CARDS)
    return (
        f'<p class="bj-field"><label for="{ident}">{html.escape(said["label"])}</label>'
        f'<select id="{ident}" name="hole_card" aria-describedby="{ident}-hint">{options}</select>'
        f'<small id="{ident}-hint">{html.escape(said["hint"])}</small></p>'
    )


def widget(
    name: str,
    fields: Sequence[Field],
    *,
    regs: Sequence[str] = REGULATION_IDS,
    bettors: Mapping[int, str] | None = None,
    script: Mapping[str, Sequence[Sequence[object]]] | None = None,
    folded: bool = False,
    hole: bool = False,
) -> str:
    """A widget's HTML: its form (ids start with ``name``), its status line and its tables.

    ``bettors`` names each box's bettor (the form then has ``cards-N`` and ``bet-N`` fields);
    ``script`` gives, per rulebook, the decisions a worked hand takes (each ``[kind, box,
    bettor, amount]``, refused ones too), which the tables offer one by one. A ``folded`` widget
    deals as soon as Python is ready (it is started by the reader's opening it). With ``hole``
    the form lets the reader choose the dealer's hole card (:func:`hole_card_field`); a widget
    without it takes the address's (``?hole_card=peek``)."""
    deal = _("Deal")
    data = {"bettors": bettors or {1: "you"}, "script": script or {}}
    form = "".join(
        [
            f'<form id="{name}-form" class="bj-form">',
            _rulebook(name, regs),
            *([hole_card_field(f"{name}-hole_card")] if hole else []),
            *(_field(name, f) for f in fields),
            f'<p class="bj-field"><button type="submit" id="{name}-deal" class="md-button md-button--primary bj-deal" '
            f"disabled>{html.escape(deal)}</button></p>",
            "</form>",
        ]
    )
    attrs = f'data-widget="{name}" data-play="{html.escape(json.dumps(data, separators=(",", ":")))}"'
    return (
        f'<div id="{name}" class="bj-play{" bj-folded" if folded else ""}" {attrs}>'
        + form
        + f'<p id="{name}-status" class="bj-status" role="status">{html.escape(no_script())}</p>'
        + f'<div id="{name}-tables" class="bj-tables" aria-live="polite"></div></div>'
    )


def no_script() -> str:
    """A widget's status line until its script runs, in the active language."""
    return _("Python is not loaded: this part of the page needs JavaScript.")


def served_at(page: str) -> str:
    """The address a served page of the generated folder has under ``make serve``, in the
    active language's folder (``es/generated/...``)."""
    folder = "" if active() == SOURCE else f"{active()}/"
    return f"http://127.0.0.1:8000/{folder}generated/{page}"


def folded(summary: str, body: str) -> str:
    """A widget inside a ``<details>``: opening it loads Python (once per page) and deals."""
    return f'<details class="bj-try"><summary>{html.escape(summary)}</summary>\n{body}\n</details>'


def cards_json() -> str:
    """Every card's SVG and name, by code, and a card's back (``back``: the dealer's hole card
    while face down, which a widget names itself): ``pyodide/cards.json``, which ``play.js``
    fetches, and what a page may embed in a ``<script type="application/json">`` (``</``
    escaped, as JSON allows)."""
    codes = sorted({card.code for card in DECK})
    data = {code: {"svg": card_svg(code), "name": card_name(code)} for code in codes}
    data["back"] = {"svg": back_svg(_("face-down card")), "name": _("face-down card")}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def play_page() -> str:
    """The page "Play it yourself"."""
    return "\n".join(
        [
            "# " + _("Play it yourself"),
            "",
            style(site_root()),
            "",
            _(
                "Choose a rulebook, or all five side by side, the cards and a bet: the engine deals them "
                "**in this page** (Python running in your browser with Pyodide, "
                "served by this site: nothing is sent anywhere). The actions the rulebook allows are "
                "buttons; the others are there too, so that you can see each refusal with the clause that "
                "makes it, in the regulation's words. The settlement shows each stake's exact net result."
            ),
            "",
            _(
                "The shoe: box 1's two cards, the dealer's first card, then the next cards in the order they "
                "are drawn (hits, doubles, splits, then the dealer's draws); after them, the rest of the "
                "shoe shuffled with the seed (0 when empty). Leave the cards empty to play a seeded deal. "
                "Card codes: rank `{ranks}`, suit `{suits}` (`{code}` is the ten of spades). A link can "
                "set the form and deal at once: `{link}` "
                "(`{all}` for the five side by side; `{seed}` for a seeded deal).",
                ranks="A 2-9 T J Q K",
                suits="S H D C",
                code="TS",
                link="play.html?reg=CL&box=TS+6H&dealer=9D&rest=5C&bet=10",
                all="reg=all",
                seed="seed=7",
            ),
            "",
            widget("bj", simple_fields(), hole=True),
            "",
            scripts(site_root()),
            "",
            _(
                "Opened from disk (a `file://` address), browsers refuse to run the WebAssembly Python "
                "needs: serve the site (`make serve`, then <{address}>) "
                "or use the published site. The same hands, played when the site was built, are on "
                "[Same hand, five rulebooks](worked-hands.md), each with its own table to play it here.",
                address=served_at("play.html"),
            )
            + f"\n{DISK_NOTE}",
            "",
        ]
    )
