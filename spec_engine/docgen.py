"""Generate the site's pages from the data (no MkDocs plugin involved).

    python -m spec_engine.docgen docs/generated [--results reports/scenarios.json]

Everything on the site comes from here: the catalog, the rule sets, the feature files and
the latest scenario results (``reports/scenarios.json``, written by the test run). The
output is plain Markdown with some inline HTML (the comparison matrix), so any builder
that reads Markdown can render it. Pages link to each other by ``.html`` file names (the
site is built with ``use_directory_urls: false``, so it also works opened from disk).

Pages: ``_snippets/regulations-table.md`` (included on the home page, not a page itself), ``rules.md`` (the comparison
matrix), one page per regulation (``cl.md`` ...), ``scenarios/`` (one page per feature
file and an index), ``coverage.md``, ``events.md``, ``worked-hands.md`` and
``onboarding-<reg>.md`` (from :mod:`spec_engine.showcase`, when present).
"""

from __future__ import annotations

import argparse
import html
import json
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from spec_engine import events
from spec_engine.catalog import REGULATION_IDS, Clause, regulation, regulations
from spec_engine.rules import RULE_FIELDS, RULE_TOPICS, Citation, RuleSet, ruleset, show_value
from spec_engine.trace import FEATURES, ScenarioInfo, coverage_report, exemptions, read_results, scenarios

_LIST_START = re.compile(r"^(\d*)([.)+-])")
_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]#|"})
STATUS_LABEL = {"passed": "pass", "failed": "FAIL", "skipped": "skipped", None: "not run"}


def text(value: str) -> str:
    """Verbatim text made inert: no HTML, no Markdown emphasis, links or table breaks."""
    inert = html.escape(value, quote=False).translate(_MD_SPECIAL)
    return _LIST_START.sub(r"\1\\\2", inert)


def anchor(clause_id: str) -> str:
    """The HTML anchor of a clause on its regulation page."""
    return clause_id.lower().replace(".", "-")


def clause_href(clause_id: str, prefix: str = "", ext: str = "html") -> str:
    """The address of a clause: ``.html`` for raw HTML, ``.md`` for Markdown links (the
    builder checks and rewrites those)."""
    reg = clause_id.split("-", 1)[0].lower()
    return f"{prefix}{reg}.{ext}#{anchor(clause_id)}"


def clause_link(clause_id: str, prefix: str = "") -> str:
    """A Markdown link to a clause, from a page in the generated folder (``prefix`` for
    pages in a subfolder, e.g. ``../``)."""
    return f"[{clause_id}]({clause_href(clause_id, prefix, 'md')})"


def slug(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")


def feature_page(feature: str) -> str:
    """The page of a feature file, ``features/uy/core.feature`` -> ``uy-core``."""
    return slug(feature.removeprefix("features/").removesuffix(".feature"))


def scenario_anchor(info: ScenarioInfo) -> str:
    return f"s{info.line}"


def badge(status: str | None) -> str:
    label = STATUS_LABEL.get(status, status or "not run")
    return f'<span class="status status-{status or "none"}">{label}</span>'


# ------------------------------------------------------------------------------ results
class Results:
    """Scenario statuses from the latest run, keyed by feature, line and regulation."""

    def __init__(self, entries: Iterable[dict[str, Any]] = ()) -> None:
        self.by_key: dict[tuple[str, int, str | None], str] = {}
        for entry in entries:
            self.by_key[(entry["feature"], entry["line"], entry.get("regulation"))] = entry["status"]

    def status(self, info: ScenarioInfo) -> str | None:
        return self.by_key.get((info.feature, info.line, info.regulation)) or self.by_key.get(
            (info.feature, info.line, None)
        )


def _overall(statuses: Iterable[str | None]) -> str | None:
    found = list(statuses)
    if not found:
        return None
    for status in ("failed", None, "skipped"):
        if status in found:
            return status
    return "passed"


# ------------------------------------------------------------------------------ the matrix
def _quote(clause_ids: Iterable[str]) -> str:
    """The clauses' own words, for a tooltip."""
    parts = []
    for clause_id in clause_ids:
        found = regulation(clause_id.split("-", 1)[0]).clause(clause_id)
        parts.append(f"{clause_id}: {found.text}")
    return html.escape(" | ".join(parts))


def _matrix_cell(rules: RuleSet, name: str, differs: bool) -> str:
    cite: Citation = rules.citations[name]
    shown = html.escape(show_value(getattr(rules, name)).replace("_", " "))
    classes = ["cell", f"basis-{cite.basis.replace(' ', '-')}"] + (["differs"] if differs else [])
    links = " ".join(f'<a href="{clause_href(c)}" title="{_quote([c])}">{html.escape(c)}</a>' for c in cite.clauses)
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


# ------------------------------------------------------------------------------ regulation pages
def _clause_block(clause: Clause, checks: list[ScenarioInfo], results: Results, exempt: str | None) -> list[str]:
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
    if exempt is not None:
        out += [f"{badge('exempt')} Not executable: {text(exempt)}", ""]
    elif checks:
        out.append("Checked by:")
        out.append("")
        for info in checks:
            href = f"scenarios/{feature_page(info.feature)}.md#{scenario_anchor(info)}"
            out.append(f"- {badge(results.status(info))} [{text(info.name)}]({href})")
        out.append("")
    else:
        out += [f"{badge('missing')} No scenario checks this clause yet.", ""]
    return out


def regulation_page(reg_id: str, infos: list[ScenarioInfo], results: Results) -> str:
    reg = regulation(reg_id)
    exempt = exemptions()
    checks: dict[str, list[ScenarioInfo]] = defaultdict(list)
    for info in infos:
        for tag in info.tags:
            if tag.startswith(reg_id + "-"):
                checks[tag].append(info)
    lines = [
        f"# {reg.name}",
        "",
        text(reg.description),
        "",
        f"{len(reg.clauses)} clauses, in the order of the text; each with the scenarios that check it "
        f"and their status in the latest run. Source: `{reg.source}` ({reg.language}).",
        "",
    ]
    section = None
    for clause in reg.clauses:
        if clause.section and clause.section != section:
            section = clause.section
            lines += [f"## {text(section)}", ""]
        lines += _clause_block(clause, checks.get(clause.id, []), results, exempt.get(clause.id))
    if reg.excluded:
        lines += ["## Not clauses", "", "Parts of the text that are not rules, left out of the catalog:", ""]
        for e in reg.excluded:
            lines.append(f"- {e.reason}: “{text(e.text)}”" + (f" ({e.count} times)" if e.everywhere else ""))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------ scenario pages
_TAG_LINE = re.compile(r"^\s*@")
_BLOCK_START = re.compile(r"^\s*(Scenario|Scenario Outline|Scenario Template|Example|Rule|Background):")


def _blocks(lines: list[str], starts: list[int]) -> dict[int, list[str]]:
    """Each scenario's text, from its keyword line to the next block (tags excluded)."""
    out = {}
    for line in starts:
        end = len(lines)
        for i in range(line, len(lines)):
            if _BLOCK_START.match(lines[i]):
                end = i
                break
        while end > line and (not lines[end - 1].strip() or _TAG_LINE.match(lines[end - 1])):
            end -= 1
        out[line] = lines[line - 1 : end]
    return out


def scenario_file_page(feature: str, infos: list[ScenarioInfo], results: Results, root: Path) -> str:
    lines = (root / feature).read_text(encoding="utf-8").splitlines()
    by_line: dict[int, list[ScenarioInfo]] = defaultdict(list)
    for info in infos:
        by_line[info.line].append(info)
    blocks = _blocks(lines, sorted(by_line))
    title = infos[0].feature_name
    out = [f"# {text(title)}", "", f"`{feature}` · {len(infos)} test(s)", ""]
    for line, group in sorted(by_line.items()):
        first = group[0]
        status = _overall(results.status(i) for i in group)
        tags = sorted({t for i in group for t in i.tags if "-" in t})
        out += [
            f"## {text(first.template)} {{#{scenario_anchor(first)}}}",
            "",
            f"{badge(status)} " + " ".join(clause_link(t, "../") for t in tags),
            "",
            "```gherkin",
            *[ln.rstrip() for ln in blocks[line]],
            "```",
            "",
        ]
        if first.example_line is not None:
            out += ["| regulation | row | status | clauses |", "|---|---|---|---|"]
            for info in group:
                row_tags = " ".join(clause_link(t, "../") for t in info.tags if "-" in t)
                status = badge(results.status(info))
                out.append(f"| {info.regulation or ''} | line {info.example_line} | {status} | {row_tags} |")
            out.append("")
    return "\n".join(out)


def scenario_index(infos: list[ScenarioInfo], results: Results) -> str:
    by_feature: dict[str, list[ScenarioInfo]] = defaultdict(list)
    for info in infos:
        by_feature[info.feature].append(info)
    out = [
        "# Scenarios",
        "",
        "Every scenario of `features/`, grouped by feature file, with its status in the latest run. "
        "The comparison outlines (`features/compare/`) play one situation under the five rule sets.",
        "",
        "| feature | tests | passing | failing |",
        "|---|---|---|---|",
    ]
    for feature, group in sorted(by_feature.items()):
        statuses = [results.status(i) for i in group]
        out.append(
            f"| [{text(group[0].feature_name)}]({feature_page(feature)}.md) `{feature}` | {len(group)} | "
            f"{statuses.count('passed')} | {statuses.count('failed')} |"
        )
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------ other pages
def coverage_page(results_path: Path | None) -> str:
    report = coverage_report(FEATURES, results_path)
    out = [
        "# Coverage",
        "",
        "Every clause has at least one scenario or a declared exemption (a test fails otherwise). "
        "*Executable*: checked by at least one scenario; *exempt*: no engine can check it (the "
        "reason is on the clause's page); *passing*: scenarios passing in the latest run.",
        "",
        "| regulation | clauses | executable | exempt | missing | scenarios | passing | executable % |",
        "|---|---|---|---|---|---|---|---|",
    ]
    rows = dict(report["regulations"])
    rows["total"] = report["total"]
    for reg, row in rows.items():
        name = f"[{reg}]({reg.lower()}.md)" if reg != "total" else "**total**"
        passing = "n/a" if row["passing"] is None else row["passing"]
        out.append(
            f"| {name} | {row['clauses']} | {row['executable']} | {row['exempt']} | {row['missing']} | "
            f"{row['scenarios']} | {passing} | {row['executable_percent']:.1f} |"
        )
    out += ["", "## Exemptions", "", "| clause | reason |", "|---|---|"]
    for clause_id, reason in exemptions().items():
        out.append(f"| {clause_link(clause_id)} | {text(reason)} |")
    return "\n".join(out) + "\n"


def events_page() -> str:
    doc = events.__doc__ or ""
    return "# The event log\n\n```text\n" + doc.strip() + "\n```\n"


def regulations_table() -> str:
    rows = ["| id | regulation | clauses | language | what it is |", "|---|---|---|---|---|"]
    for reg in regulations():
        rows.append(
            f"| {reg.id} | [{text(reg.short)}](generated/{reg.id.lower()}.md) | {len(reg.clauses)} | "
            f"{reg.language} | {text(reg.description)} |"
        )
    return "\n".join(rows) + "\n"


def _showcase_pages() -> dict[str, str]:
    try:
        from spec_engine import showcase
    except ImportError:  # pragma: no cover - the showcase module is optional
        return {}
    pages = {"worked-hands.md": showcase.worked_hands_page()}
    for reg_id in REGULATION_IDS:
        pages[f"onboarding-{reg_id.lower()}.md"] = showcase.onboarding_page(reg_id)
    return pages


CONFORMANCE_REPORTS = Path("reports") / "conformance"


def _conformance_page(out: Path) -> str:
    """The conformance reports (``reports/conformance/<implementation>/``), their
    reproduction files copied beside the page for download."""
    import shutil

    from spec_engine.conform import REPORT, report_page

    target = out / "conformance"
    if target.exists():
        shutil.rmtree(target)
    for report in sorted(CONFORMANCE_REPORTS.glob(f"*/{REPORT}")):
        repro = report.parent / "repro"
        if repro.is_dir():
            shutil.copytree(repro, target / report.parent.name / "repro")
    page = report_page(CONFORMANCE_REPORTS, link_base="conformance")
    return page + "\nThe protocol these implementations speak is described in [the protocol](../protocol.md).\n"


def generate(out: Path, results_path: Path | None = None) -> list[Path]:
    """Write every generated page into ``out``; returns the files written."""
    entries = read_results(results_path) if results_path is not None and results_path.exists() else []
    results = Results(entries)
    infos = scenarios(FEATURES)
    pages: dict[str, str] = {
        "_snippets/regulations-table.md": regulations_table(),
        "rules.md": rules_page(),
        "events.md": events_page(),
        "coverage.md": coverage_page(results_path if entries else None),
        "scenarios/index.md": scenario_index(infos, results),
    }
    for reg_id in REGULATION_IDS:
        pages[f"{reg_id.lower()}.md"] = regulation_page(reg_id, infos, results)
    by_feature: dict[str, list[ScenarioInfo]] = defaultdict(list)
    for info in infos:
        by_feature[info.feature].append(info)
    for feature, group in by_feature.items():
        pages[f"scenarios/{feature_page(feature)}.md"] = scenario_file_page(feature, group, results, FEATURES.parent)
    pages.update(_showcase_pages())
    pages["conformance.md"] = _conformance_page(out)
    written = []
    for name, page in pages.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
        written.append(path)
    (out / "site-data.json").write_text(
        json.dumps({"coverage": coverage_report(FEATURES, results_path if entries else None)}, indent=1),
        encoding="utf-8",
    )
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Generate the site's pages from the data.")
    parser.add_argument("out", nargs="?", default="docs/generated", type=Path)
    parser.add_argument("--results", type=Path, default=None, help="scenario results (reports/scenarios.json)")
    args = parser.parse_args(argv)
    written = generate(args.out, args.results)
    print(f"{len(written)} pages written to {args.out}")


if __name__ == "__main__":
    main()
