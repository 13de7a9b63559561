"""The scenario pages (one per feature file, and an index), the coverage page and the event-log page."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path

from spec_engine import source_docstring
from spec_engine.catalog import REGULATION_IDS
from spec_engine.kit.declared import NOT_MODELLED, exemptions, not_modelled, shown
from spec_engine.kit.trace import FEATURES, ScenarioInfo, coverage_report
from spec_engine.pages.common import (
    Results,
    badge,
    clause_link,
    feature_page,
    overall_status,
    scenario_anchor,
    scenario_tags,
    tag_link,
    text,
)

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
    out = [
        "---",
        "search:",
        "  boost: 0.3",
        "---",
        "",
        f"# {text(title)}",
        "",
        f"`{feature}` · {len(infos)} test(s)",
        "",
    ]
    for line, group in sorted(by_line.items()):
        first = group[0]
        status = overall_status(results.status(i) for i in group)
        tags = sorted({t for i in group for t in scenario_tags(i.tags)})
        out += [
            f"## {text(first.template)} {{#{scenario_anchor(first)}}}",
            "",
            f"{badge(status)} " + " ".join(tag_link(t, "../") for t in tags),
            "",
            "```gherkin",
            *[ln.rstrip() for ln in blocks[line]],
            "```",
            "",
        ]
        if first.example_line is not None:
            out += ["| regulation | row | status | clauses |", "|---|---|---|---|"]
            for info in group:
                row_tags = " ".join(tag_link(t, "../") for t in scenario_tags(info.tags))
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
def coverage_page(
    results_path: Path | None,
    directness: Mapping[str, str] | None = None,
    *,
    features_dir: Path = FEATURES,
    exemptions_path: Path | None = None,
    not_modelled_path: Path | None = None,
) -> str:
    """The coverage page: per regulation, the clauses executable, exempt, not modelled (a gap of
    the engine, apart) and missing; what each clause not modelled would need; the exemptions."""
    report = coverage_report(
        features_dir, results_path, exemptions_path=exemptions_path, not_modelled_path=not_modelled_path
    )
    out = [
        "# Coverage",
        "",
        "Every clause has at least one scenario, a declared exemption or a declared gap (a test fails otherwise). "
        "*Executable*: checked by at least one scenario; *exempt*: no engine can check it (the "
        "reason is on the clause's page); *not modelled*: a rule of play this engine cannot play yet, a gap "
        "(what each would need is below); *passing*: scenarios passing in the latest run.",
        "",
        "| regulation | clauses | executable | exempt | not modelled | missing | scenarios | passing | executable % |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    rows = dict(report["regulations"])
    rows["total"] = report["total"]
    for reg, row in rows.items():
        name = f"[{reg}]({reg.lower()}.md)" if reg != "total" else "**total**"
        passing = "n/a" if row["passing"] is None else row["passing"]
        out.append(
            f"| {name} | {row['clauses']} | {row['executable']} | {row['exempt']} | {row['not_modelled']} | "
            f"{row['missing']} | "
            f"{row['scenarios']} | {passing} | {row['executable_percent']:.1f} |"
        )
    if directness:
        out += [
            "",
            "## How directly",
            "",
            "A tag on a scenario claims that the scenario fails if the clause is broken. Where the clause "
            "states a rule value, that claim is measured: the scenario is replayed with each rule value the "
            "clause states changed, one at a time, and must play differently (a necessary condition for it to "
            "fail). Per clause, the strongest evidence any of its scenarios gives:",
            "",
            "| regulation | by a rule value | by fixed behaviour | by another part of the clause |",
            "|---|---|---|---|",
        ]
        for reg in REGULATION_IDS:
            mine = [kind for clause, kind in directness.items() if clause.split("-", 1)[0] == reg]
            counts = [sum(1 for k in mine if k == kind) for kind in ("rule value", "fixed behaviour", "other part")]
            out.append(f"| [{reg}]({reg.lower()}.md) | " + " | ".join(map(str, counts)) + " |")
        others = sorted(clause for clause, kind in directness.items() if kind == "other part")
        out += [
            "",
            "*By fixed behaviour*: the clause states nothing a rule set varies (card values, the dealer's 16 and "
            "17, a bust loses); its scenarios check the engine's one behaviour. *By another part*: "
            + (", ".join(clause_link(c) for c in others) if others else "none")
            + ".",
        ]
    gaps = not_modelled(not_modelled_path)
    shown_gaps = [gaps[i] for row in report["regulations"].values() for i in row["not_modelled_ids"]]
    where = shown(NOT_MODELLED if not_modelled_path is None else not_modelled_path)
    out += [
        "",
        "## Not modelled",
        "",
        f"Rules of play the engine cannot play yet, each with what it would need (`{where}`): gaps of the "
        "engine, not exemptions. Each leaves the list when the engine plays it and a scenario checks it.",
        "",
    ]
    if shown_gaps:
        out += ["| clause | would need | why |", "|---|---|---|"]
        for gap in shown_gaps:
            code = "`" + gap.needs.replace("|", "\\|") + "`"
            needs = f"the action {code}" if gap.action else f"the rule value {code}"
            out.append(f"| {clause_link(gap.clause)} | {needs} | {text(gap.reason)} |")
    else:
        out.append("No clause is declared not modelled.")
    out += ["", "## Exemptions", "", "| clause | reason |", "|---|---|"]
    for clause_id, reason in exemptions(exemptions_path).items():
        out.append(f"| {clause_link(clause_id)} | {text(reason)} |")
    return "\n".join(out) + "\n"


def events_page() -> str:
    doc = source_docstring("events")  # (from the source: a compiled module keeps no docstring)
    return "# The event log\n\n```text\n" + doc.strip() + "\n```\n"
