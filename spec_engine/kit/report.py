"""A conformance report folder: its files' names, reading it back, and checking it is as its
run left it (``blackjack-spec verify DIR``)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from spec_engine.kit.certificate import HTML as CERTIFICATE_HTML
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
        for name, digest in EVIDENCE_MARK.findall(text):
            if not (folder / name).is_file():
                problems.append(f"the certificate names {name}, which is missing")
            elif sha256(folder / name) != digest:
                problems.append(f"the certificate's SHA-256 of {name} does not match the file")
        if f'data-verdict="{found.kind}"' not in text or html.escape(found.headline, quote=True) not in text:
            problems.append(f"the certificate's verdict is not the one its report gives: {found.headline}")
    summary = folder / SUMMARY
    if summary.is_file():
        stated = json.loads(summary.read_text(encoding="utf-8")).get("verdict") or {}
        if stated.get("headline") != found.headline:
            problems.append(f"{SUMMARY}'s verdict is not the one its report gives: {found.headline}")
    return problems


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
