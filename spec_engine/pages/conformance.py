"""The conformance page: the kit's report folders as Markdown."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from spec_engine.catalog import is_clause_id
from spec_engine.kit.assemble import (
    STATUSES,
    clause_key,
    implementation_name,
    normalize_status,
    slug,
    summarize,
)
from spec_engine.kit.report import REPORT, read_report
from spec_engine.kit.verdict import verdict
from spec_engine.pages.common import clause_link


# ------------------------------------------------------------------------------ the site page
def report_page(folder: str | os.PathLike[str], *, link_base: str | None = None) -> str:
    """A Markdown page of one report folder, or of every report folder below ``folder``: per
    implementation a table of counts and percentages per regulation, then per clause; each
    clause unfolds into its scenarios with status, message and a link to the reproduction's
    first differing event. Links are ``link_base``/<report folder>/repro/... (relative to
    ``folder`` when ``link_base`` is None)."""
    root = Path(folder)
    folders = [root] if (root / REPORT).exists() else sorted(p.parent for p in root.glob(f"*/{REPORT}"))
    lines = ["# Conformance", ""]
    if not folders:
        return "\n".join([*lines, "No conformance report yet (`python -m spec_engine.kit.conform --impl CMD`).", ""])
    lines += [
        "Each implementation ran the clause scenarios through the conformance protocol "
        f"(`python -m spec_engine.kit.conform`). Statuses: {', '.join(STATUSES)}. UNSUPPORTED: the "
        "implementation said it does not offer what the scenario needs (a level, an action, a "
        "regulation); it is neither a pass nor a failure.",
        "",
        "| implementation | verdict | scenarios | pass rate | PASS | UNSUPPORTED | FAIL, ERROR, CRASH, TIMEOUT |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    reports = []
    for path in folders:
        header, results = read_report(path)
        summary = summarize(results)["all"]
        counts = summary["counts"]
        broken = sum(counts[s] for s in ("FAIL", "ERROR", "CRASH", "TIMEOUT"))
        title = section_title(header)
        judged = verdict(header, results)
        lines.append(
            f"| [{_md(title)}](#{slug(title)}) | {_md(judged.headline)} | {summary['total']} | "
            f"{summary['pass_rate']:g} % | {counts['PASS']} | {counts['UNSUPPORTED']} | {broken} |"
        )
        reports.append((path, header, results))
    lines.append("")
    for path, header, results in reports:
        rel = "" if path == root else path.relative_to(root).as_posix()
        base = "/".join(p for p in (link_base if link_base is not None else ".", rel) if p)
        lines += _implementation_section(header, results, base, (path / "certificate.pdf").is_file())
    return "\n".join(lines).rstrip() + "\n"


COLUMNS = ("PASS", "UNSUPPORTED", "FAIL", "ERROR", "CRASH", "TIMEOUT", "SKIP")
"""The statuses as the tables show them: what passed and what was not offered first."""
assert sorted(COLUMNS) == sorted(STATUSES)


def _cells(block: Mapping[str, Any]) -> str:
    counts, percent = block["counts"], block["percent"]
    return " | ".join(f"{counts[s]} ({percent[s]:g} %)" if counts[s] else "0" for s in COLUMNS)


def _md(text: object) -> str:
    return (
        str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|").replace("\n", " ")
    )


def section_title(header: Mapping[str, Any]) -> str:
    """An implementation's name with the regulations its run covered: two runs of one program
    (CZ, then IT) stay apart."""
    return f"{implementation_name(header)}, {header.get('regulation') or 'all regulations'}"


def _implementation_section(
    header: Mapping[str, Any], results: Sequence[Mapping[str, Any]], base: str, certified: bool = False
) -> list[str]:
    title = section_title(header)
    summary = summarize(results)
    suite = header.get("suite") or {}
    lines = [
        f"## {_md(title)} {{#{slug(title)}}}",
        "",
        f"Command `{header.get('command', '?')}`; regulation filter: {header.get('regulation') or 'all'}; "
        f"run {header.get('date', '?')}; suite {suite.get('version', '?')} (manifest "
        f"`{str(suite.get('manifest_sha256') or '?')[:16]}`) at "
        f"{(header.get('git_revision') or 'unknown revision')[:12]}; protocol "
        f"{(header.get('protocol') or {}).get('implementation') or '?'}."
        + (
            f" The certificate to file: [HTML]({base}/certificate.html), [PDF]({base}/certificate.pdf)."
            if certified
            else ""
        ),
        "",
        "| regulation | scenarios | " + " | ".join(COLUMNS) + " | pass rate |",
        "|---|---:|" + "---:|" * len(COLUMNS) + "---:|",
    ]
    for reg, block in [*summary["regulations"].items(), ("all", summary["all"])]:
        label = "**all**" if reg == "all" else reg
        lines.append(f"| {label} | {block['total']} | {_cells(block)} | {block['pass_rate']:g} % |")
    lines += ["", "### Per clause", ""]
    lines += [
        "| clause | scenarios | " + " | ".join(COLUMNS) + " | pass rate |",
        "|---|---:|" + "---:|" * len(COLUMNS) + "---:|",
    ]
    for clause, block in summary["clauses"].items():
        shown = clause_link(clause) if is_clause_id(clause) else _md(clause)
        lines.append(f"| {shown} | {block['total']} | {_cells(block)} | {block['pass_rate']:g} % |")
    lines += ["", "### Scenarios per clause", ""]
    by_clause: dict[str, list[Mapping[str, Any]]] = {}
    for row in results:
        for clause in row.get("clauses") or ("(no clause)",):
            by_clause.setdefault(str(clause), []).append(row)
    for clause in sorted(by_clause, key=clause_key):  # its id the section's too: "(no clause)" is in each
        rows = by_clause[clause]
        broken = sum(normalize_status(r.get("status")) != "PASS" for r in rows)
        lines += [
            f'<details markdown="1" id="{slug(title)}-{slug(clause)}"><summary>{clause}: '
            f"{len(rows) - broken} of {len(rows)} pass</summary>",
            "",
            "| scenario | regulation | status | message | reproduction |",
            "|---|---|---|---|---|",
        ]
        for row in rows:
            label = str(row.get("scenario"))
            if row.get("example"):
                label += f" [{row['example']}]"
            repro = ""
            if row.get("repro"):
                where = row.get("first_difference")
                text = "repro" if where is None else f"first difference: event {where}"
                repro = f"[{text}]({base}/{row['repro']}#event-{where if where is not None else 'none'})"
            message = str(row.get("message") or "")
            if row.get("expected") is not None:
                message += f" (expected {row['expected']})"
            lines.append(
                f"| {_md(label)} ({row.get('feature')}:{row.get('line')}) | {row.get('regulation') or ''} | "
                f"{normalize_status(row.get('status'))} | {_md(message[:200])} | {repro} |"
            )
        lines += ["", "</details>", ""]
    return lines
