"""A conformance report folder: its files' names, reading it back, and checking it is as its
run left it (``blackjack-spec verify DIR``)."""

from __future__ import annotations

import html
import json
from collections import Counter
from pathlib import Path
from typing import Any

from spec_engine.kit.certificate import HTML as CERTIFICATE_HTML
from spec_engine.kit.certificate import NOT_EVIDENCE
from spec_engine.kit.verdict import BROKEN, EVIDENCE_MARK, SUMS, files_of, sha256, verdict

REPORT, JUNIT, SUMMARY, REPRO, RESULTS = "report.jsonl", "junit.xml", "summary.json", "repro", "scenarios.json"


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    rows = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue  # a line cut short when the run was stopped
            if isinstance(row, dict):
                rows.append(row)
    return rows


def read_report(folder: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A report folder's header and results."""
    rows = _read_jsonl(folder / REPORT)
    header = next((r for r in rows if r.get("kind") == "header"), {})
    return header, [r for r in rows if r.get("kind") == "result"]


def verify(folder: Path) -> list[str]:
    """Why ``folder`` (a report folder) is not as its run left it; empty when it is: every
    file against ``SHA256SUMS``, the certificate's hashes of the evidence against the files,
    and the verdict the certificate and ``summary.json`` state against the one the results give."""
    problems: list[str] = []
    sums = folder / SUMS
    problem = not_a_report(folder)
    if problem is not None:
        return [problem]
    if not sums.is_file():
        return [f"{SUMS} is missing: not a sealed report folder"]
    listed: dict[str, str] = {}
    for line in sums.read_text(encoding="utf-8").splitlines():
        digest, _, name = line.partition("  ")
        listed[name] = digest
    present = set(files_of(folder))
    problems += [f"{name}: not in {SUMS} (added after the run)" for name in sorted(present - set(listed))]
    for name, digest in sorted(listed.items()):
        if name not in present:
            problems.append(f"{name}: listed in {SUMS} but missing")
        elif sha256(folder / name) != digest:
            problems.append(f"{name}: changed since the run (its SHA-256 is not the one in {SUMS})")
    header, results = read_report(folder)
    found = verdict(header, results)
    page = folder / CERTIFICATE_HTML
    if not page.is_file():
        problems.append(f"{CERTIFICATE_HTML} is missing")
    else:
        text = page.read_text(encoding="utf-8")
        stated = dict(EVIDENCE_MARK.findall(text))
        for name, digest in stated.items():
            if not (folder / name).is_file():
                problems.append(f"the certificate names {name}, which is missing")
            elif sha256(folder / name) != digest:
                problems.append(f"the certificate's SHA-256 of {name} does not match the file")
        problems += [
            f"{name}: not among the files the certificate states (added after the run)"
            for name in files_of(folder, leaving_out=NOT_EVIDENCE)
            if name not in stated
        ]
        if f'data-verdict="{found.kind}"' not in text or html.escape(found.headline, quote=True) not in text:
            problems.append(f"the certificate's verdict is not the one its report gives: {found.headline}")
    problems += _summary_problems(folder, header, results, found.headline)
    return problems


def _summary_problems(folder: Path, header: dict[str, Any], results: list[dict[str, Any]], headline: str) -> list[str]:
    """What ``summary.json`` states that its report does not: the verdict, the counts of each
    status, the implementation's hello, the suite and the run."""
    path = folder / SUMMARY
    if not path.is_file():
        return [f"{SUMMARY} is missing"]
    summary = json.loads(path.read_text(encoding="utf-8"))
    out = []
    if (summary.get("verdict") or {}).get("headline") != headline:
        out.append(f"{SUMMARY}'s verdict is not the one its report gives: {headline}")
    counted = Counter(str(r.get("status")) for r in results)
    stated = {k: v for k, v in ((summary.get("all") or {}).get("counts") or {}).items() if v}
    if stated != dict(counted):
        out.append(f"{SUMMARY}'s counts {stated} are not its report's {dict(counted)}")
    suite = header.get("suite") or {}
    same = {
        "hello": header.get("implementation"),
        "suite_version": suite.get("version"),
        "manifest_sha256": suite.get("manifest_sha256"),
        "date": header.get("date"),
        "command": header.get("command"),
    }
    out += [f"{SUMMARY}'s {key} is not its report's" for key, value in same.items() if summary.get(key) != value]
    return out


def failed_nodeids(folder: Path) -> list[str]:
    """The scenarios an earlier report (its folder) lists as FAIL, ERROR, CRASH or TIMEOUT; a
    ValueError, in one sentence, when there is nothing it can rerun (no report there, a run
    that ended at its first hello, or one with nothing broken)."""
    problem = not_a_report(folder)
    if problem is not None:
        raise ValueError(problem)
    header, results = read_report(folder)
    if not (header.get("probe") or {}).get("ok", True):
        raise ValueError(
            f"the run reported in {folder} ended at its first hello ({header['probe'].get('status')}): no scenario "
            "ran, so none can be rerun; run the scenarios whole"
        )
    failed = [str(r["nodeid"]) for r in results if r.get("status") in BROKEN and r.get("nodeid")]
    if not failed:
        raise ValueError(f"nothing to rerun: the report in {folder} has no failed or broken scenario")
    return failed


def not_a_report(folder: Path) -> str | None:
    """Why ``folder`` is not a conformance report folder, in one sentence; ``None`` when it is one."""
    if not folder.exists():
        return f"{folder}: no such folder"
    if not folder.is_dir():
        return f"{folder} is a file, not a report folder"
    if not (folder / REPORT).is_file():
        return f"{folder} holds no {REPORT}: not a conformance report folder"
    return None
