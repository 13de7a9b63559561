"""Rules compared: the comparison matrix, one row per rule value, one column per regulation."""

from __future__ import annotations

import html

from spec_engine.catalog import REGULATION_IDS
from spec_engine.pages.common import clause_href, clause_words, text
from spec_engine.rules import RULE_FIELDS, RULE_TOPICS, Citation, RuleSet, ruleset, show_value


def _matrix_cell(rules: RuleSet, name: str, differs: bool) -> str:
    cite: Citation = rules.citations[name]
    shown = html.escape(show_value(getattr(rules, name)).replace("_", " "))
    classes = ["cell", f"basis-{cite.basis.replace(' ', '-')}"] + (["differs"] if differs else [])
    links = " ".join(
        f'<a href="{clause_href(c)}" title="{clause_words([c])}">{html.escape(c)}</a>' for c in cite.clauses
    )
    if cite.basis == "not stated":
        body = f'<span class="value">{shown}</span><br><small>not stated: assumed</small>'
    elif cite.basis == "interpretation":
        body = f'<span class="value">{shown}</span><br><small>reading of {links}</small>'
    else:
        body = f'<span class="value">{shown}</span><br><small>{links}</small>'
    note = f' title="{html.escape(cite.note)}"' if cite.note else ""
    return f'<td class="{" ".join(classes)}"{note}>{body}</td>'


def rules_page() -> str:
    sets = [ruleset(r) for r in REGULATION_IDS]
    topics = sorted(set(RULE_TOPICS.values()), key=list(dict.fromkeys(RULE_TOPICS.values())).index)
    buttons = " ".join(
        f'<button type="button" class="md-button topic-filter" data-topic="{t}">{t}</button>' for t in topics
    )
    rows = []
    for f in RULE_FIELDS:
        values = [repr(getattr(r, f.name)) for r in sets]
        differs = len(set(values)) > 1
        common = max(set(values), key=values.count)
        lonely = values.count(common) == 1  # no value is shared: every cell stands out
        cells = "".join(
            _matrix_cell(r, f.name, differs and (lonely or v != common)) for r, v in zip(sets, values, strict=True)
        )
        rows.append(
            f'<tr id="rule-{f.name}" data-topic="{RULE_TOPICS[f.name]}" class="{"differs" if differs else "same"}">'
            f"<th><code>{f.name}</code><br><small>{html.escape(f.metadata['doc'])}</small></th>{cells}</tr>"
        )
    head = "".join(f'<th><a href="{r.id.lower()}.html">{html.escape(r.name)}</a></th>' for r in sets)
    notes = []
    for r in sets:
        notes += [f"### {r.name}", ""]
        for f in RULE_FIELDS:
            cite = r.citations[f.name]
            if cite.note:
                kind = {"not stated": "not stated", "interpretation": "reading"}.get(cite.basis, "note")
                notes.append(f"- `{f.name}` ({kind}): {text(cite.note)}")
        notes.append("")
    return "\n".join(
        [
            "---",
            "hide:",
            "  - toc",
            "---",
            "",
            "# The rules compared",
            "",
            "One row per rule value, one column per regulation. A cell shows the value, then the "
            "clauses that state it (hover a clause for its words; click to read it in context). "
            'In a row where the regulations differ, <span class="legend differs">highlighted</span> cells '
            "depart from the value most of them share. "
            '<span class="legend basis-interpretation">A reading</span> is the project\'s reading of an '
            'ambiguous text; <span class="legend basis-not-stated">not stated: assumed</span> means the '
            "text is silent and the engine assumes the value (the reasons are listed below the table).",
            "",
            f'<div class="matrix-filters" markdown="0">Topic: <button type="button" class="md-button '
            f'topic-filter" data-topic="all">all</button> {buttons} '
            '<label><input type="checkbox" id="only-differs"> only rows that differ</label></div>',
            "",
            '<div class="matrix-wrap" markdown="0"><table class="matrix">',
            f"<thead><tr><th>rule</th>{head}</tr></thead>",
            "<tbody>",
            *rows,
            "</tbody></table></div>",
            "",
            "## Readings and assumptions",
            "",
            *notes,
        ]
    )
