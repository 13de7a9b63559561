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
"""

from __future__ import annotations

import csv
import datetime
import html
import io
from collections import Counter
from collections.abc import Mapping
from typing import Any

from spec_engine.catalog import REGULATION_IDS, regulation
from spec_engine.kit.conform import git_revision, suite_info
from spec_engine.pages.common import clause_href, text, verbatim_html
from spec_engine.pages.labels import ASSUMED_MARK, any_marked, label, summary, words
from spec_engine.rules import RULE_FIELDS, RULE_TOPICS, Citation, RuleSet, difference, ruleset, topics_of


def listing(items: list[str]) -> str:
    """Items as a sentence lists them: "CL", "CL and IT", "CL, ES and IT"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


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


def _why(rules: RuleSet, cite: Citation) -> str:
    """The disclosure of a cell: the clauses' own words (with the English gist) and the reason."""
    parts = []
    for clause_id in cite.clauses:
        found = regulation(clause_id.split("-", 1)[0]).clause(clause_id)
        lang = regulation(rules.id).language
        parts.append(
            f'<p><a href="{clause_href(clause_id)}">{html.escape(clause_id)}</a>: '
            f'<q lang="{lang}">{verbatim_html(found.text)}</q> <em>({html.escape(found.gist)})</em></p>'
        )
    if cite.note:
        kind = {"not stated": "Assumed", "interpretation": "Reading"}.get(cite.basis, "Note")
        parts.append(f"<p><strong>{kind}:</strong> {html.escape(cite.note)}</p>")
    return "".join(parts)


def _cell(rules: RuleSet, name: str, departs: bool, effect: str = "") -> str:
    cite: Citation = rules.citations[name]
    shown = html.escape(words(name, getattr(rules, name)))
    classes = ["cell", f"basis-{cite.basis.replace(' ', '-')}"] + (["differs"] if departs else [])
    ids = ", ".join(html.escape(c) for c in cite.clauses)
    basis = {"not stated": "assumed", "interpretation": f"reading of {ids}"}.get(cite.basis, ids)
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
    "same": "no",
    "tied": "yes, no value most texts give",
    "differs": "yes",
    "by-assumption": "no, only an assumed value differs",
}
"""The CSV's column "texts differ", per :func:`row_state`."""


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
    head = ["topic", "also under", "rule", "identifier", "texts differ"]
    for r in sets:
        head += [f"{r.id} value", f"{r.id} basis", f"{r.id} clauses", f"{r.id} departs", f"{r.id} effect (pp)"]
    lines = [head]
    for row in rows_of(sets):
        line = [row["topic"], " ".join(row["topics"][1:]), row["label"], row["field"], TEXTS_DIFFER[row_state(row)]]
        for i, r in enumerate(sets):
            cite = r.citations[row["field"]]
            effect = effects.get((row["field"], r.id))
            line += [
                words(row["field"], getattr(r, row["field"])),
                cite.basis,
                " ".join(cite.clauses),
                "yes" if i in row["departing"] else "",
                "" if effect is None else f"{effect:+.4f}",
            ]
        lines.append(line)
    return _csv(lines)


def provenance_csv() -> str:
    """Where the texts come from, the companion of ``rules.csv``: its first row the header
    ("provenance" and the regulations' ids), then one row per fact (:data:`PROVENANCE_FIELDS`)."""
    sets = [ruleset(r) for r in REGULATION_IDS]
    rows = [["provenance", *(r.id for r in sets)]]
    rows += [[title, *(getattr(regulation(r.id), key) for r in sets)] for key, title in PROVENANCE_FIELDS]
    return _csv(rows)


PROVENANCE_FIELDS = (
    ("name", "title"),
    ("reference", "reference"),
    ("published_by", "published by"),
    ("published_at", "published at"),
    ("text_date", "date of the text"),
    ("retrieved", "taken from its publisher"),
    ("copied", "taken into the project"),
    ("to_establish", "what would establish what is not known"),
)
"""The provenance of a text, in the order the pages, the CSV and the PDF give it."""


def provenance_table(sets: list[RuleSet]) -> list[str]:
    """The five texts' provenance side by side (Markdown), "not known" said where it is."""
    lines = [
        "| | " + " | ".join(f"[{r.id}]({r.id.lower()}.md)" for r in sets) + " |",
        "|---|" + "---|" * len(sets),
    ]
    for key, title in PROVENANCE_FIELDS[1:]:
        cells = [html.escape(getattr(regulation(r.id), key), quote=False).replace("|", "\\|") for r in sets]
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    return lines


def as_of() -> str:
    """The suite and the day this page was made: what a reader cites."""
    suite = suite_info()
    revision = (git_revision() or "no git revision")[:12]
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    return f"suite {suite['version']} ({suite['features']} feature files), revision {revision}, built {today}"


def rules_page(effects: Mapping[tuple[str, str], str] | None = None, costed: frozenset[str] = frozenset()) -> str:
    """The comparison matrix; ``effects`` adds, under a departing value, what it does to the
    player's return ((field, regulation) -> the note, from :mod:`spec_engine.pages.cost`);
    ``costed``: the rules whose cost between two rulebooks the site gives (each row of them
    links there)."""
    sets = [ruleset(r) for r in REGULATION_IDS]
    effects = effects or {}
    topics = sorted(set(RULE_TOPICS.values()), key=list(dict.fromkeys(RULE_TOPICS.values())).index)
    buttons = " ".join(
        f'<button type="button" class="md-button topic-filter" data-topic="{t}">{t}</button>' for t in topics
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
            notes.append('<span class="tie">the texts disagree; no value is most of theirs</span>')
        if row["by_assumption"]:
            which = listing([sets[i].id for i in sorted(row["assumed"])])
            notes.append(
                f'<span class="by-assumption">the texts agree where they state it; the rule sets differ only '
                f"by an assumed value ({which})</span>"
            )
        if name in costed and (row["differs"] or row["by_assumption"]):
            notes.append(f'<a href="pairs.html#rule-{name}">its cost between two rulebooks</a>')
        also = " ".join(row["topics"])
        rows.append(
            f'<tr id="rule-{name}" data-topic="{row["topic"]}" data-topics="{also}" class="{state}">'
            f'<th scope="row">{html.escape(row["label"])}<br><small><code>{name}</code></small>'
            + "".join(f"<br><small>{n}</small>" for n in notes)
            + f"</th>{cells}</tr>"
        )
    head = "".join(f'<th scope="col"><a href="{r.id.lower()}.html">{html.escape(r.name)}</a></th>' for r in sets)
    lines = [f"- **{html.escape(r.name)}**: {html.escape(summary(r))}" for r in sets]
    notes = []
    for r in sets:
        notes += [f"### {r.name}", ""]
        for f in RULE_FIELDS:
            cite = r.citations[f.name]
            if cite.note:
                kind = {"not stated": "not stated", "interpretation": "reading"}.get(cite.basis, "note")
                notes.append(f"- {text(label(f.name))} (`{f.name}`, {kind}): {text(cite.note)}")
        notes.append("")

    def options(chosen: int) -> str:
        return "".join(
            f'<option value="{r.id.lower()}"{" selected" if i == chosen else ""}>{html.escape(r.id)}</option>'
            for i, r in enumerate(sets)
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
            "# The rules compared",
            "",
            f'<p class="as-of" markdown="0">As of {as_of()}. Where the texts come from: '
            '<a href="#the-texts">the texts</a>, below.</p>',
            "",
            "One row per rule value, one column per regulation. A cell shows the value, then the "
            "clauses that state it: open it (tap, click or Enter) for the clauses' own words and the "
            "reason for a reading or an assumption. "
            'A row <span class="legend differs">differs</span> only where the texts themselves differ: '
            "the values the texts state, or that the project reads in them, are compared, and a "
            "highlighted cell departs from the value most of them give; where no value is most of "
            "theirs (a tie), no cell is highlighted and the row says that the texts disagree. "
            '<span class="legend basis-interpretation">A reading</span> is the project\'s reading of an '
            'ambiguous text; <span class="legend basis-not-stated">assumed</span> means the text is '
            "silent and the engine assumes the value (marked *, as on every comparison of the site, its "
            "downloads and the command line): an assumption is never counted as the norm or as a departure. "
            'Where the texts agree but an assumed value differs from theirs, the row says <span class="legend '
            'by-assumption">the rule sets differ only by an assumed value</span>: the rule sets the engine '
            "plays differ there, the texts do not, and the cost between two rulebooks lists such a rule as "
            "resting on an assumption."
            + (
                " Under a departing value that changes the odds: its effect on the player's return under "
                "basic strategy, in percentage points, against the same rulebook with the value most of the "
                "other texts give (exact analysis, floats; see [what the rules cost](cost.md))."
                if effects
                else ""
            ),
            "",
            f'<form class="pair-picker" markdown="0" action="pairs.html" method="get">'
            "<strong>What the differences between two rulebooks cost:</strong> "
            f'<label>from <select name="a">{options(0)}</select></label> '
            f'<label>to <select name="b">{options(1)}</select></label> '
            '<button type="submit" class="md-button">show</button> '
            '(<a href="pairs.html">every pair</a>)</form>',
            "",
            (
                "In the trade's shorthand (* marks a value the text does not state; no hole card is the "
                "engine's convention for all five: the dealer's second card comes after the players):"
                if any_marked(*sets)
                else "In the trade's shorthand (no hole card is the engine's convention for all five: the "
                "dealer's second card comes after the players):"
            ),
            "",
            *lines,
            "",
            '<p class="matrix-export" markdown="0">The matrix to keep: <a href="rules.csv" download>CSV</a> '
            "(opens in a spreadsheet, its first row the header, ready to filter or sort: the trade's words, "
            "the basis of each value, where <em>not stated</em> is the * of this page, departures and effects) "
            'with <a href="rules-provenance.csv" download>where the texts come from</a>, a second CSV beside '
            "it (a spreadsheet takes one table to a file) · "
            '<a href="rules.pdf" download>PDF</a> (or print this page).</p>',
            "",
            f'<div class="matrix-filters" markdown="0">Topic: <button type="button" class="md-button '
            f'topic-filter" data-topic="all">all</button> {buttons} '
            '<label><input type="checkbox" id="only-differs"> only rows where the texts differ</label></div>',
            "",
            '<div class="matrix-wrap" markdown="0" tabindex="0" role="region" aria-label="The rules compared">'
            '<table class="matrix">',
            f'<thead><tr><th scope="col">rule</th>{head}</tr></thead>',
            "<tbody>",
            *rows,
            "</tbody></table></div>",
            "",
            "## The texts",
            "",
            "Where each text comes from, as far as the project knows it; where it does not, the last row "
            "says what would establish it.",
            "",
            *provenance_table(sets),
            "",
            "## Readings and assumptions",
            "",
            *notes,
        ]
    )
