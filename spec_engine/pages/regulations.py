"""One page per regulation (every clause verbatim, with its gist and the scenarios that
check it), and the home page's table of the regulations.
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Mapping

from spec_engine.catalog import NOT_KNOWN, Clause, Regulation, regulation, regulations, rulebook_name
from spec_engine.kit.trace import ScenarioInfo, exemptions
from spec_engine.pages import play as widgets
from spec_engine.pages.common import Results, anchor, badge, feature_page, scenario_anchor, text, verbatim_html
from spec_engine.pages.labels import any_marked, summary
from spec_engine.pages.matrix import PROVENANCE_FIELDS
from spec_engine.rules import ruleset

# ------------------------------------------------------------------------------ regulation pages
DIRECTNESS = {
    "rule value": "checked through a rule value it states: a scenario plays differently when that value changes",
    "fixed behaviour": "it states no rule value; its scenarios check behaviour every rulebook shares",
    "other part": "it states rule values, but no scenario notices their change; its scenarios check another part of it",
}
"""How each kind of coverage (``spec_engine.kit.exercised.COVERAGE_KINDS``) reads on a clause."""


def _clause_block(
    clause: Clause, checks: list[ScenarioInfo], results: Results, exempt: str | None, directness: str | None = None
) -> list[str]:
    meta = f"{clause.kind} · {', '.join(clause.topics)}"
    lang = regulation(clause.id.split("-", 1)[0]).language
    out = [
        f'<div id="{clause.id}" class="clause-alias"></div>',  # the citation's own spelling: #UY-43.1
        "",
        # the gist in the heading: a search for a rule's words finds the clause's own section
        f'### {clause.id} <small class="gist">{html.escape(clause.gist)}</small> {{#{anchor(clause.id)}}}',
        "",
        f'<blockquote lang="{lang}"><p>{verbatim_html(clause.text)}</p></blockquote>',
        "",
        f"*{text(clause.gist)}*  ",
        f"<small>{meta}</small>",
        "",
    ]
    if clause.note:
        out += ['!!! note "Ambiguity and reading"', f"    {text(clause.note)}", ""]
    if exempt is not None:
        out += [f"{badge('exempt')} Not executable: {text(exempt)}", ""]
    elif checks:
        out.append("Checked by:" + (f" <small>({DIRECTNESS[directness]})</small>" if directness else ""))
        out.append("")
        for info in checks:
            href = f"scenarios/{feature_page(info.feature)}.md#{scenario_anchor(info)}"
            out.append(f"- {badge(results.status(info))} [{text(info.name)}]({href})")
        out.append("")
    else:
        out += [f"{badge('missing')} No scenario checks this clause yet.", ""]
    return out


def _cell(value: str) -> str:
    return html.escape(value, quote=False).replace("|", "\\|")


def provenance(reg: Regulation) -> list[str]:
    """Where the text comes from, as far as the project knows: its title and reference, who
    published it and where, its date, when its copy was taken; "not known" where the project
    does not know, said once with what would establish it."""
    rows = ["| provenance | |", "|---|---|"]
    rows += [f"| {title} | {_cell(getattr(reg, key))} |" for key, title in PROVENANCE_FIELDS if key != "to_establish"]
    rows.append(
        f"| the project's verbatim copy | `spec_engine/data/regulations/{reg.source}` (language: {reg.language}) |"
    )
    unknown = [title for key, title in PROVENANCE_FIELDS if getattr(reg, key).startswith(NOT_KNOWN)]
    out = [*rows, ""]
    if unknown and reg.to_establish:
        out += [f"Not known: {', '.join(unknown)}. What would establish it: {text(reg.to_establish)}.", ""]
    return out


def regulation_page(
    reg_id: str, infos: list[ScenarioInfo], results: Results, directness: Mapping[str, str] | None = None
) -> str:
    reg = regulation(reg_id)
    exempt = exemptions()
    checks: dict[str, list[ScenarioInfo]] = defaultdict(list)
    for info in infos:
        for tag in info.tags:
            if tag.startswith(reg_id + "-"):
                checks[tag].append(info)
    lines = [
        "---",
        f'title: "The text: {reg.name.replace(chr(34), chr(39))}"',
        "hide:",
        "  - toc",
        "search:",
        "  boost: 3",  # a rule's words find its clause before the scenarios that check it
        "---",
        "",
        f"# {reg.name}",
        "",
        text(reg.description),
        "",
        (
            f"**In the trade's shorthand:** {text(summary(ruleset(reg_id)))} "
            "(* the text does not state it; see [the rules compared](rules.md))."
            if any_marked(ruleset(reg_id))
            else f"**In the trade's shorthand:** {text(summary(ruleset(reg_id)))}."
        ),
        "",
        *provenance(reg),
        widgets.STYLE,
        "",
        *play_here(reg),
        f"{len(reg.clauses)} clauses, in the order of the text; each with the scenarios that check it "
        f"and their status in the latest run.",
        "",
    ]
    section = None
    for clause in reg.clauses:
        if clause.section and clause.section != section:
            section = clause.section
            lines += [f"## {text(section)}", ""]
        lines += _clause_block(
            clause, checks.get(clause.id, []), results, exempt.get(clause.id), (directness or {}).get(clause.id)
        )
    if reg.excluded:
        lines += ["## Not clauses", "", "Parts of the text that are not rules, left out of the catalog:", ""]
        for e in reg.excluded:
            lines.append(f"- {e.reason}: “{text(e.text)}”" + (f" ({e.count} times)" if e.everywhere else ""))
    return "\n".join(lines) + "\n\n" + widgets.SCRIPTS + "\n"


def play_here(reg: Regulation) -> list[str]:
    """This rulebook's own table, folded: opening it loads Python and deals the form's cards
    (or a seeded deal), each refusal citing this text's clauses."""
    body = widgets.widget(f"bj-{reg.id.lower()}", widgets.simple_fields(), regs=[reg.id], folded=True)
    return [
        (
            "**Play it here.** Deal a hand under this rulebook in this page (the engine, in Python in your "
            "browser): the actions it allows are buttons, the others show the clause that refuses them. "
            "[Play it yourself](play.md) puts the five rulebooks side by side."
        ),
        "",
        widgets.folded(f"Play under {reg.short} here", body),
        "",
    ]


def trainees_table() -> str:
    """The home page's way in for a trainee dealer: per rulebook, its onboarding and the
    practice with that rulebook chosen."""
    rows = ["| rulebook | learn the round | deal a round |", "|---|---|---|"]
    for reg in regulations():
        rows.append(
            f"| {text(rulebook_name(reg.id, with_id=True))} | [onboarding](generated/onboarding-{reg.id.lower()}.md) | "
            f"[practise dealing](generated/practice.md?reg={reg.id}) |"
        )
    return "\n".join(rows) + "\n"


def regulations_table() -> str:
    """The five texts on the home page: an HTML table whose rows stack into cards on a phone
    (each cell labelled), so that no column is off the screen."""
    heads = ("id", "regulation", "clauses", "language", "what it is")
    rows = [
        '<table class="stack" markdown="0">',
        "<thead><tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr></thead>",
    ]
    rows.append("<tbody>")
    for reg in regulations():
        cells = (
            html.escape(reg.id),
            f'<a href="generated/{reg.id.lower()}.html">{html.escape(reg.short)}</a>',
            str(len(reg.clauses)),
            html.escape(reg.language),
            html.escape(reg.description),
        )
        rows.append(
            "<tr>" + "".join(f'<td data-label="{h}">{c}</td>' for h, c in zip(heads, cells, strict=True)) + "</tr>"
        )
    shorthand = (
        "In the trade's shorthand (* the text does not state it):"
        if any_marked(*(ruleset(reg.id) for reg in regulations()))
        else "In the trade's shorthand:"
    )
    rows += ["</tbody></table>", "", shorthand, ""]
    rows += [f"- **{reg.id}**: {text(summary(ruleset(reg.id)))}" for reg in regulations()]
    return "\n".join(rows) + "\n"
