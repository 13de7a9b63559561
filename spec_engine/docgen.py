"""Generate the site's Markdown pages from the data (no MkDocs plugin involved).

    python -m spec_engine.docgen docs/generated

Writes one page per regulation (every clause, with an anchor named after its id), the
rule comparison (one row per rule value, one column per regulation, each cell with its
citation or its assumption) and the event vocabulary. Any builder that reads Markdown
can render them.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

from spec_engine import events
from spec_engine.catalog import REGULATION_IDS, Clause, regulation, regulations
from spec_engine.rules import RULE_FIELDS, Citation, ruleset

_LIST_START = re.compile(r"^(\d*)([.)+-])")
_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]#|"})


def text(value: str) -> str:
    """Verbatim text made inert: no HTML, no Markdown emphasis, links or table breaks."""
    inert = html.escape(value, quote=False).translate(_MD_SPECIAL)
    return _LIST_START.sub(r"\1\\\2", inert)


def anchor(clause_id: str) -> str:
    """The HTML anchor of a clause on its regulation page."""
    return clause_id.lower().replace(".", "-")


def clause_link(clause_id: str) -> str:
    reg = clause_id.split("-", 1)[0].lower()
    return f"[{clause_id}]({reg}.md#{anchor(clause_id)})"


def _value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, frozenset):
        return ", ".join(str(v) for v in sorted(value))
    if isinstance(value, tuple):
        return " to ".join(str(v) for v in value)
    return str(value)


def _cell(value: object, cite: Citation) -> str:
    shown = text(_value(value))
    if cite.basis == "not stated":
        return f"*{shown}* (not stated: assumed)"
    links = ", ".join(clause_link(c) for c in cite.clauses)
    return f"**{shown}** ({'reading of ' if cite.basis == 'interpretation' else ''}{links})"


def rules_page() -> str:
    sets = [ruleset(r) for r in REGULATION_IDS]
    lines = [
        "# The rules compared",
        "",
        (
            "One row per rule value, one column per regulation. **Bold**: the text states it "
            "(linked clauses) or the project's reading of it; *italic*: the text is silent and "
            "the engine assumes the value (see the notes below the table). Rows where the five "
            "differ are marked ≠."
        ),
        "",
        "| rule | " + " | ".join(r.name for r in sets) + " |",
        "|---|" + "---|" * len(sets),
    ]
    for f in RULE_FIELDS:
        values = [getattr(r, f.name) for r in sets]
        differs = " ≠" if len({repr(v) for v in values}) > 1 else ""
        cells = [_cell(getattr(r, f.name), r.citations[f.name]) for r in sets]
        lines.append(f"| `{f.name}`{differs}<br><small>{text(f.metadata['doc'])}</small> | " + " | ".join(cells) + " |")
    lines += ["", "## Readings and assumptions", ""]
    for r in sets:
        lines += [f"### {r.name}", ""]
        for f in RULE_FIELDS:
            cite = r.citations[f.name]
            if cite.note:
                kind = {"not stated": "not stated", "interpretation": "reading"}.get(cite.basis, "note")
                lines.append(f"- `{f.name}` ({kind}): {text(cite.note)}")
        lines.append("")
    return "\n".join(lines)


def _clause_block(clause: Clause) -> list[str]:
    meta = f"{clause.kind} · {', '.join(clause.topics)}"
    out = [
        f"### {clause.id} {{#{anchor(clause.id)}}}",
        "",
        f"> {text(clause.text)}",
        "",
        f"*{text(clause.gist)}*  ",
        f"<small>{meta}</small>",
        "",
    ]
    if clause.note:
        out += ['!!! note "Ambiguity and reading"', f"    {text(clause.note)}", ""]
    return out


def regulation_page(reg_id: str) -> str:
    reg = regulation(reg_id)
    lines = [
        f"# {reg.name}",
        "",
        text(reg.description),
        "",
        f"{len(reg.clauses)} clauses, in the order of the text.",
        "",
    ]
    section = None
    for clause in reg.clauses:
        if clause.section and clause.section != section:
            section = clause.section
            lines += [f"## {text(section)}", ""]
        lines += _clause_block(clause)
    if reg.excluded:
        lines += ["## Not clauses", "", "Parts of the text that are not rules, left out of the catalog:", ""]
        for e in reg.excluded:
            lines.append(f"- {e.reason}: “{text(e.text)}”" + (f" ({e.count} times)" if e.everywhere else ""))
    return "\n".join(lines) + "\n"


def events_page() -> str:
    doc = events.__doc__ or ""
    return "# The event log\n\n```text\n" + doc.strip() + "\n```\n"


def index_table() -> str:
    rows = ["| id | regulation | clauses | language |", "|---|---|---|---|"]
    for reg in regulations():
        rows.append(f"| {reg.id} | [{reg.name}]({reg.id.lower()}.md) | {len(reg.clauses)} | {reg.language} |")
    return "\n".join(rows)


def generate(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    pages = {
        "rules.md": rules_page(),
        "events.md": events_page(),
        "regulations.md": "# The five regulations\n\n" + index_table() + "\n",
    }
    for reg_id in REGULATION_IDS:
        pages[f"{reg_id.lower()}.md"] = regulation_page(reg_id)
    written = []
    for name, page in pages.items():
        path = out / name
        path.write_text(page, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/generated")
    for page in generate(target):
        print(page)
