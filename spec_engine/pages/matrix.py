"""Rules compared: the comparison matrix, one row per rule value, one column per regulation.

A row differs only where the texts differ: the values the texts state (or that the project
reads in them) are compared; a value the engine assumes where a text is silent is shown as an
assumption (marked ``*``, as on every comparison) and never taken as the norm. A row where only
an assumed value differs from the texts' says so: the rule sets differ there, by an assumption
(:func:`spec_engine.rules.difference`, the definition the cost between two rulebooks shares).
A row is named as the trade names the rule, the engine's identifier second. Each cell unfolds
(by touch, mouse or keyboard) into the words of the clauses behind it and the reason for a
reading or an assumption. The same data is written as ``rules.csv`` (its first row the header)
beside ``rules-provenance.csv`` (where the texts come from).

Everything is said in the active language (:mod:`spec_engine.i18n`): the page, the CSV files and
the PDF are written once per language. A cell's value speaks in the words of its own rulebook
(:func:`in_words_of`), a note's quotations of a text keep that text's language
(:func:`note_html`), and a gist not translated yet is marked English (:func:`said_html`).
"""

from __future__ import annotations

import csv
import datetime
import html
import io
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any

from spec_engine.catalog import REGULATION_IDS, regulation
from spec_engine.i18n import N_, SOURCE, _, active, language, ngettext, pgettext, translates
from spec_engine.kit.conform import git_revision, suite_info
from spec_engine.pages.common import clause_href, text, verbatim_html
from spec_engine.pages.labels import ASSUMED_MARK, any_marked, label, summary, topic, value_words
from spec_engine.rules import RULE_FIELDS, RULE_TOPICS, Citation, RuleSet, difference, ruleset, topics_of


def listing(items: list[str]) -> str:
    """Items as a sentence lists them: "CL", "CL and IT", "CL, ES and IT" (the pattern a
    message, so that each language says its "and")."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


@contextmanager
def in_words_of(reg_id: str) -> Iterator[None]:
    """Within the block, the active language speaks in the trade's words of ``reg_id``'s text
    (:mod:`spec_engine.glossary`): a cell of UY's column on the Spanish page says "casillero", one
    of ES's "casilla"."""
    with language(active(), rulebook=reg_id):
        yield


def said_html(message: str) -> str:
    """``message`` (a text's gist, a rule set's note: data whose translation another unit of the
    site may still owe) as HTML in the active language: escaped, and marked ``lang="en"`` where its
    catalog has no translation yet, never passed off as the page's language."""
    said = _(message)
    if not translates(active(), message):
        return f'<span lang="en">{html.escape(said)}</span>'
    return html.escape(said)


_QUOTE = re.compile(r"(?<![\w])'([^']+?)'(?![\w])")
"""A quotation in a rule set's note: 'between straight quotes' (an apostrophe inside a word,
"banker's", is none)."""


@cache
def _texts() -> tuple[tuple[str, str], ...]:
    """Each text's words, lower case and spaces collapsed, with its language."""
    out = []
    for reg_id in REGULATION_IDS:
        reg = regulation(reg_id)
        out.append((" ".join(" ".join(c.text for c in reg.clauses).lower().split()), reg.language))
    return tuple(out)


def quoted_language(quote: str, english: str) -> str | None:
    """The language of a quotation in a translated note: the language of the text it quotes (every
    piece of it between ellipses is found in that text), ``en`` for one left in English (a
    scenario's name: the English note quotes it too, and no text has it), else None (the
    translator's own words)."""
    pieces = [" ".join(p.lower().split()) for p in re.split(r"\.\.\.|\u2026", quote) if p.strip()]
    for words_of_text, lang in _texts():
        if pieces and all(piece in words_of_text for piece in pieces):
            return lang
    return "en" if f"'{quote}'" in english else None


def note_html(note: str, inert: Callable[[str], str] = text) -> str:
    """A rule set's note in the active language, made inert by ``inert`` (:func:`text` for
    Markdown, ``html.escape`` for raw HTML); on a translated page each quotation of a text is a
    ``<q>`` in that text's language, and a note not translated yet is marked English."""
    said = _(note)
    if active() == SOURCE:
        return inert(said)
    if not translates(active(), note):
        return f'<span lang="en">{inert(said)}</span>'
    out, done = [], 0
    for match in _QUOTE.finditer(said):
        lang = quoted_language(match[1], note)
        if lang is None:
            continue
        out += [inert(said[done : match.start()]), f'<q lang="{lang}">{inert(match[1])}</q>']
        done = match.end()
    return "".join([*out, inert(said[done:])])


def comparison(sets: list[RuleSet], field: str) -> tuple[bool, set[int]]:
    """Whether a rule differs between the texts, and which columns depart: only the values a
    text states or is read to say are compared; assumed values are neither the norm nor a
    departure. With no single most common value among the texts' values (:func:`tied`) no
    value is the norm and none departs: the texts simply disagree."""
    if not difference(sets, field).texts_differ:
        return False, set()
    values = [repr(getattr(r, field)) for r in sets]
    texts = [i for i, r in enumerate(sets) if not r.citations[field].assumed]
    counts = Counter(values[i] for i in texts)
    common, top = counts.most_common(1)[0]
    if list(counts.values()).count(top) > 1:  # no single most common value: nothing departs from it
        return True, set()
    return True, {i for i in texts if values[i] != common}


def tied(sets: list[RuleSet], field: str) -> bool:
    """Whether the texts differ on a rule with no value most of them give."""
    differs, departing = comparison(sets, field)
    return differs and not departing


NOTE_KINDS = {"not stated": N_("Assumed"), "interpretation": N_("Reading"), "stated": N_("Note")}
"""What a cell's disclosure calls a rule set's note, per basis."""


def _why(rules: RuleSet, cite: Citation) -> str:
    """The disclosure of a cell: the clauses' own words (with the gist) and the reason."""
    parts = []
    for clause_id in cite.clauses:
        found = regulation(clause_id.split("-", 1)[0]).clause(clause_id)
        lang = regulation(rules.id).language
        parts.append(
            f'<p><a href="{clause_href(clause_id)}">{html.escape(clause_id)}</a>: '
            f'<q lang="{lang}">{verbatim_html(found.text)}</q> <em>({said_html(found.gist)})</em></p>'
        )
    if cite.note:
        kind = _(NOTE_KINDS.get(cite.basis, NOTE_KINDS["stated"]))
        parts.append(f"<p><strong>{kind}:</strong> {note_html(cite.note, html.escape)}</p>")
    return "".join(parts)


def _cell(rules: RuleSet, name: str, departs: bool, effect: str = "") -> str:
    cite: Citation = rules.citations[name]
    with in_words_of(rules.id):
        shown = html.escape(value_words(rules, name))
    classes = ["cell", f"basis-{cite.basis.replace(' ', '-')}"] + (["differs"] if departs else [])
    ids = ", ".join(html.escape(c) for c in cite.clauses)
    basis = {"not stated": _("assumed"), "interpretation": _("reading of {clauses}", clauses=ids)}.get(cite.basis, ids)
    why = _why(rules, cite)
    mark = f'<span class="mark">{ASSUMED_MARK}</span>' if cite.assumed else ""
    body = f'<span class="value">{shown}</span>{mark}' + (f"<br>{effect}" if effect else "")
    if why:
        body += f'<details class="why"><summary>{basis}</summary>{why}</details>'
    else:
        body += f"<br><small>{basis}</small>"
    return f'<td class="{" ".join(classes)}">{body}</td>'


def rows_of(sets: list[RuleSet]) -> list[dict[str, Any]]:
    """The matrix as data: per rule, its label, topic, whether the texts differ, whether only
    an assumed value differs (``by_assumption``, with the columns ``assumed`` whose value is
    not their text's), and which columns depart (for the page, the CSV and the PDF)."""
    out = []
    for f in RULE_FIELDS:
        differs, departing = comparison(sets, f.name)
        found = difference(sets, f.name)
        out.append(
            {
                "field": f.name,
                "label": label(f.name),
                "topic": RULE_TOPICS[f.name],
                "topics": topics_of(f.name),
                "doc": f.metadata["doc"],
                "differs": differs,
                "tied": differs and not departing,
                "departing": departing,
                "by_assumption": found.by_assumption,
                "assumed": {i for i, silent in enumerate(found.assumed) if silent},
            }
        )
    return out


def row_state(row: Mapping[str, Any]) -> str:
    """A row of :func:`rows_of` in one word: ``tied`` (the texts differ, no value most of
    theirs), ``differs`` (the texts differ), ``by-assumption`` (only an assumed value differs),
    ``same``."""
    if row["differs"]:
        return "tied" if row["tied"] else "differs"
    return "by-assumption" if row["by_assumption"] else "same"


TEXTS_DIFFER = {
    "same": N_("no"),
    "tied": N_("yes, no value most texts give"),
    "differs": N_("yes"),
    "by-assumption": N_("no, only an assumed value differs"),
}
"""The CSV's column "texts differ", per :func:`row_state` (in English: translated where written)."""

BASIS_WORDS = {"stated": N_("stated"), "interpretation": N_("interpretation"), "not stated": N_("not stated")}
"""A value's basis as the CSV says it (the rule sets' own three words, in English)."""


def _csv(rows: list[list[str]]) -> str:
    """Rows as CSV for a spreadsheet: a byte-order mark first, so that Excel reads UTF-8
    ("konec sázení")."""
    out = io.StringIO()
    out.write("\ufeff")
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def csv_text(effects: Mapping[tuple[str, str], float] | None = None) -> str:
    """The matrix as CSV, for a spreadsheet: its first row the header (a filter or a sort
    works at once), then one row per rule value: its topics, the trade's name and the
    identifier, whether the texts differ (or only an assumed value), and per regulation the
    value in the trade's words, its basis ("not stated": assumed, the mark * of the pages), its
    clauses, whether it departs and its effect on the player's return (percentage points,
    basic strategy, floats; empty where none is measured). The texts' provenance is the
    second file, :func:`provenance_csv`."""
    sets = [ruleset(r) for r in REGULATION_IDS]
    effects = effects or {}
    head = [_("topic"), _("also under"), _("rule"), _("identifier"), _("texts differ")]
    for r in sets:
        head += [
            _("{reg} value", reg=r.id),
            _("{reg} basis", reg=r.id),
            _("{reg} clauses", reg=r.id),
            _("{reg} departs", reg=r.id),
            _("{reg} effect (pp)", reg=r.id),
        ]
    lines = [head]
    for row in rows_of(sets):
        also = " ".join(topic(t) for t in row["topics"][1:])
        line = [topic(row["topic"]), also, row["label"], row["field"], _(TEXTS_DIFFER[row_state(row)])]
        for i, r in enumerate(sets):
            cite = r.citations[row["field"]]
            effect = effects.get((row["field"], r.id))
            with in_words_of(r.id):
                value = value_words(r, row["field"])
            line += [
                value,
                _(BASIS_WORDS[cite.basis]),
                " ".join(cite.clauses),
                _("yes") if i in row["departing"] else "",
                "" if effect is None else f"{effect:+.4f}",
            ]
        lines.append(line)
    return _csv(lines)


def provenance_csv() -> str:
    """Where the texts come from, the companion of ``rules.csv``: its first row the header
    ("provenance" and the regulations' ids), then one row per fact (:data:`PROVENANCE_FIELDS`);
    in a language other than English, a last row says which columns of ``rules.csv`` keep the
    engine's identifiers and the clause ids (the same in every language)."""
    sets = [ruleset(r) for r in REGULATION_IDS]
    rows = [[_("provenance"), *(r.id for r in sets)]]
    rows += [[_(title), *(fact(r.id, key) for r in sets)] for key, title in PROVENANCE_FIELDS]
    if active() != SOURCE:
        identifiers = _(
            "In rules.csv the column “{identifier}” gives each rule's identifier in the engine and the "
            "columns “{clauses}” give the clause ids: they are the same in every language, so that the "
            "files of two languages can be read side by side; every other word is in this file's language.",
            identifier=_("identifier"),
            clauses=_("{reg} clauses", reg="…"),
        )
        rows.append([_("note"), identifiers])
    return _csv(rows)


PROVENANCE_FIELDS = (
    ("name", N_("title")),
    ("reference", N_("reference")),
    ("published_by", N_("published by")),
    ("published_at", N_("published at")),
    ("text_date", N_("date of the text")),
    ("retrieved", N_("taken from its publisher")),
    ("copied", N_("taken into the project")),
    ("to_establish", N_("what would establish what is not known")),
)
"""The provenance of a text, in the order the pages, the CSV and the PDF give it (the titles in
English: ``_(title)`` says one in the active language, :func:`fact` a text's fact)."""


def fact(reg_id: str, key: str) -> str:
    """One fact of a text's provenance (:data:`PROVENANCE_FIELDS`) in the active language: its
    title is the one list's (:func:`~spec_engine.catalog.rulebook_name`), a date is a date, the
    rest are messages of its clause catalog."""
    value: str = getattr(regulation(reg_id), key)
    return value if key in ("name", "copied") else _(value)


def provenance_table(sets: list[RuleSet]) -> list[str]:
    """The five texts' provenance side by side (Markdown), "not known" said where it is."""
    lines = [
        "| | " + " | ".join(f"[{r.id}]({r.id.lower()}.md)" for r in sets) + " |",
        "|---|" + "---|" * len(sets),
    ]
    for key, title in PROVENANCE_FIELDS[1:]:
        cells = [html.escape(fact(r.id, key), quote=False).replace("|", "\\|") for r in sets]
        lines.append(f"| {_(title)} | " + " | ".join(cells) + " |")
    return lines


def as_of() -> str:
    """The suite and the day this page was made: what a reader cites (in the active language)."""
    suite = suite_info()
    revision = (git_revision() or _("no git revision"))[:12]
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    count = int(suite["features"])
    return ngettext(
        "suite {version} ({count} feature file), revision {revision}, built {date}",
        "suite {version} ({count} feature files), revision {revision}, built {date}",
        count,
        version=suite["version"],
        count=count,
        revision=revision,
        date=today,
    )


def rules_page(effects: Mapping[tuple[str, str], str] | None = None, costed: frozenset[str] = frozenset()) -> str:
    """The comparison matrix in the active language; ``effects`` adds, under a departing value,
    what it does to the player's return ((field, regulation) -> the note, from
    :mod:`spec_engine.pages.cost`); ``costed``: the rules whose cost between two rulebooks the
    site gives (each row of them links there)."""
    sets = [ruleset(r) for r in REGULATION_IDS]
    effects = effects or {}
    topics = sorted(set(RULE_TOPICS.values()), key=list(dict.fromkeys(RULE_TOPICS.values())).index)
    buttons = " ".join(
        f'<button type="button" class="md-button topic-filter" data-topic="{t}">{html.escape(topic(t))}</button>'
        for t in topics
    )
    rows = []
    for row in rows_of(sets):
        name = row["field"]
        cells = "".join(
            _cell(r, name, i in row["departing"], effects.get((name, r.id), "")) for i, r in enumerate(sets)
        )
        state = {"tied": "differs tied"}.get(row_state(row), row_state(row))
        notes = []
        if row["tied"]:
            notes.append(f'<span class="tie">{_("the texts disagree; no value is most of theirs")}</span>')
        if row["by_assumption"]:
            which = listing([sets[i].id for i in sorted(row["assumed"])])
            said = _(
                "the texts agree where they state it; the rule sets differ only by an assumed value ({which})",
                which=which,
            )
            notes.append(f'<span class="by-assumption">{said}</span>')
        if name in costed and (row["differs"] or row["by_assumption"]):
            notes.append(f'<a href="pairs.html#rule-{name}">{_("its cost between two rulebooks")}</a>')
        also = " ".join(row["topics"])
        rows.append(
            f'<tr id="rule-{name}" data-topic="{row["topic"]}" data-topics="{also}" class="{state}">'
            f'<th scope="row">{html.escape(row["label"])}<br><small><code>{name}</code></small>'
            + "".join(f"<br><small>{n}</small>" for n in notes)
            + f"</th>{cells}</tr>"
        )
    head = "".join(f'<th scope="col"><a href="{r.id.lower()}.html">{html.escape(r.name)}</a></th>' for r in sets)
    lines = []
    for r in sets:
        with in_words_of(r.id):
            lines.append(f"- **{html.escape(r.name)}**: {html.escape(summary(r))}")
    notes = []
    kinds = {"not stated": N_("not stated"), "interpretation": N_("reading")}
    for r in sets:
        notes += [f"### {r.name}", ""]
        for f in RULE_FIELDS:
            cite = r.citations[f.name]
            if cite.note:
                identifier = f"`{f.name}`"
                kind = _(kinds.get(cite.basis, N_("note")))
                said = _(
                    "{rule} ({identifier}, {kind}): {note}",
                    rule=text(label(f.name)),
                    identifier=identifier,
                    kind=kind,
                    note=note_html(cite.note),
                )
                notes.append(f"- {said}")
        notes.append("")

    def options(chosen: int) -> str:
        return "".join(
            f'<option value="{r.id.lower()}"{" selected" if i == chosen else ""}>{html.escape(r.id)}</option>'
            for i, r in enumerate(sets)
        )

    end = "</span>"
    legend = " ".join(
        [
            _("One row per rule value, one column per regulation."),
            _(
                "A cell shows the value, then the clauses that state it: open it (tap, click or Enter) for the "
                "clauses' own words and the reason for a reading or an assumption."
            ),
            _(
                "A row {differs}differs{end} only where the texts themselves differ: the values the texts state, "
                "or that the project reads in them, are compared, and a highlighted cell departs from the value "
                "most of them give; where no value is most of theirs (a tie), no cell is highlighted and the row "
                "says that the texts disagree.",
                differs='<span class="legend differs">',
                end=end,
            ),
            _(
                "{reading}A reading{end} is the project's reading of an ambiguous text; {assumed}assumed{end} "
                "means the text is silent and the engine assumes the value (marked *, as on every comparison of "
                "the site, its downloads and the command line): an assumption is never counted as the norm or as "
                "a departure.",
                reading='<span class="legend basis-interpretation">',
                assumed='<span class="legend basis-not-stated">',
                end=end,
            ),
            _(
                "Where the texts agree but an assumed value differs from theirs, the row says "
                "{by_assumption}the rule sets differ only by an assumed value{end}: the rule sets the engine plays "
                "differ there, the texts do not, and the cost between two rulebooks lists such a rule as resting "
                "on an assumption.",
                by_assumption='<span class="legend by-assumption">',
                end=end,
            ),
            *(
                [
                    _(
                        "Under a departing value that changes the odds: its effect on the player's return under "
                        "basic strategy, in percentage points, against the same rulebook with the value most of the "
                        "other texts give (exact analysis, floats; see [what the rules cost]({cost})).",
                        cost="cost.md",
                    )
                ]
                if effects
                else []
            ),
        ]
    )
    first, second = f'<select name="a">{options(0)}</select>', f'<select name="b">{options(1)}</select>'
    show = f'<button type="submit" class="md-button">{_("show")}</button>'
    every_pair = f'<a href="pairs.html">{_("every pair")}</a>'
    picker = _(
        "<strong>What the differences between two rulebooks cost:</strong> <label>from {a}</label> "
        "<label>to {b}</label> {show} ({every_pair})",
        a=first,
        b=second,
        show=show,
        every_pair=every_pair,
    )
    export = _(
        "The matrix to keep: {csv}CSV</a> (opens in a spreadsheet, its first row the header, ready to filter or "
        "sort: the trade's words, the basis of each value, where <em>{not_stated}</em> is the * of this page, "
        "departures and effects) with {provenance}where the texts come from</a>, a second CSV beside it (a "
        "spreadsheet takes one table to a file) · {pdf}PDF</a> (or print this page).",
        csv='<a href="rules.csv" download>',
        not_stated=_(BASIS_WORDS["not stated"]),
        provenance='<a href="rules-provenance.csv" download>',
        pdf='<a href="rules.pdf" download>',
    )
    title, every = _("The rules compared"), pgettext("topics", "all")
    filters = " ".join(
        [
            _("Topic:"),
            f'<button type="button" class="md-button topic-filter" data-topic="all">{every}</button>',
            buttons,
            f'<label><input type="checkbox" id="only-differs"> {_("only rows where the texts differ")}</label>',
        ]
    )
    return "\n".join(
        [
            "---",
            "hide:",
            "  - toc",
            "search:",
            "  boost: 4",
            "---",
            "",
            "# " + title,
            "",
            '<p class="as-of" markdown="0">'
            + _(
                "As of {when}. Where the texts come from: {texts}the texts</a>, below.",
                when=as_of(),
                texts='<a href="#the-texts">',
            )
            + "</p>",
            "",
            legend,
            "",
            f'<form class="pair-picker" markdown="0" action="pairs.html" method="get">{picker}</form>',
            "",
            (
                _(
                    "In the trade's shorthand (* marks a value the text does not state; no hole card is the "
                    "engine's convention for all five: the dealer's second card comes after the players):"
                )
                if any_marked(*sets)
                else _(
                    "In the trade's shorthand (no hole card is the engine's convention for all five: the "
                    "dealer's second card comes after the players):"
                )
            ),
            "",
            *lines,
            "",
            f'<p class="matrix-export" markdown="0">{export}</p>',
            "",
            f'<div class="matrix-filters" markdown="0">{filters}</div>',
            "",
            f'<div class="matrix-wrap" markdown="0" tabindex="0" role="region" aria-label="{html.escape(title)}">'
            '<table class="matrix">',
            f'<thead><tr><th scope="col">{_("rule")}</th>{head}</tr></thead>',
            "<tbody>",
            *rows,
            "</tbody></table></div>",
            "",
            "## " + _("The texts") + " {#the-texts}",
            "",
            _(
                "Where each text comes from, as far as the project knows it; where it does not, the last row "
                "says what would establish it."
            ),
            "",
            *provenance_table(sets),
            "",
            "## " + _("Readings and assumptions"),
            "",
            *notes,
        ]
    )
