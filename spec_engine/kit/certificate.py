"""The certificate of a conformance run: one self-contained HTML file a lab can file, and the
PDF Chromium prints from it.

``certificate.html`` (no script, no outside resource: styles inline) states the suite version
and its manifest's hash, the implementation's identity (its ``hello`` reply), the command
line, the date and the options; the totals; per regulation and clause the scenarios passed,
failed, unsupported and broken, with the clause's own words and its English gist; and each
failure with its reproduction (the message, the first differing event, the requests to
replay). ``certificate.pdf`` is printed from it by a headless Chromium when one is installed
(``CHROMIUM`` or ``/usr/lib/chromium/chromium``); without one the run says so and writes the
HTML only.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from spec_engine.catalog import REGULATION_IDS, regulation, rulebook_name
from spec_engine.kit.obligations import obligations
from spec_engine.kit.obligations import of_run as obligations_of_run
from spec_engine.kit.verdict import SUMS, files_of, sha256, verdict

HTML, PDF = "certificate.html", "certificate.pdf"
CHROMIUM_PATHS = ("/usr/lib/chromium/chromium", "chromium", "chromium-browser", "google-chrome")
KINDS = ("PASS", "FAIL", "UNSUPPORTED", "BROKEN")
"""The columns per clause; BROKEN gathers ERROR, CRASH and TIMEOUT."""

STYLE = """
body { font: 11pt/1.45 system-ui, sans-serif; color: #111; margin: 2em auto; max-width: 60em; padding: 0 1em;
  overflow-wrap: break-word; }
code, table.identity td, td.words { overflow-wrap: anywhere; }
h1 { font-size: 1.6em; margin-bottom: .2em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #999; }
table { border-collapse: collapse; width: 100%; margin: .6em 0; }
th, td { border: 1px solid #bbb; padding: .25em .5em; text-align: left; vertical-align: top; }
th { background: #eee; } td.n { text-align: right; white-space: nowrap; } td.id { white-space: nowrap; }
.verdict { font-size: 1.2em; padding: .4em .8em; border: 3px solid #111; margin: .8em 0; }
.verdict p { font-weight: 700; margin: .2em 0; } .verdict ul { font-size: .85em; margin: .3em 0; }
.verdict.does-not-conform { border-color: #a00000; color: #a00000; }
.verdict.partial, .verdict.relaxed { border-color: #8a5a00; border-style: dashed; }
.bad { color: #a00000; font-weight: 700; } .words { font-size: .9em; } .gist { color: #444; font-style: italic; }
pre { white-space: pre-wrap; word-break: break-word; font-size: .8em; background: #f4f4f4; padding: .5em; }
@media print { body { margin: 0; max-width: none; } details { display: block; } }
@media (max-width: 40em) {
  body { font-size: 10pt; margin: 1em auto; padding: 0 .5em; }
  th, td { padding: .2em .3em; } th { font-size: .8em; overflow-wrap: anywhere; hyphens: auto; }
  td.id { white-space: normal; }
}
"""
"""The page's style, inline: a phone shows it at its own width (the viewport is the device's), the
long hashes and ids wrap."""


def _kind(status: object) -> str:
    return status if status in ("PASS", "FAIL", "UNSUPPORTED") else "BROKEN" if status != "SKIP" else "SKIP"


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _clause_rows(results: Sequence[Mapping[str, Any]], reg: str) -> list[str]:
    per: dict[str, dict[str, int]] = {}
    for row in results:
        if row.get("regulation") != reg:
            continue
        for clause in row.get("clauses") or ():
            counts = per.setdefault(str(clause), dict.fromkeys(KINDS, 0))
            kind = _kind(row.get("status"))
            if kind in counts:
                counts[kind] += 1
    catalog = regulation(reg)
    rows = []
    for clause in catalog.clauses:
        found = per.get(clause.id)
        if found is None:
            continue
        bad = found["FAIL"] or found["BROKEN"]
        cells = "".join(f'<td class="n">{found[k]}</td>' for k in KINDS)
        rows.append(
            f'<tr><td class="id{" bad" if bad else ""}">{_e(clause.id)}</td>'
            f'<td class="words"><span lang="{_e(catalog.language)}">{_e(clause.text)}</span>'
            f'<br><span class="gist">{_e(clause.gist)}</span></td>{cells}</tr>'
        )
    return rows


def _obligation_rows(header: Mapping[str, Any], results: Sequence[Mapping[str, Any]]) -> list[str]:
    """Per regulation run: the protocol's obligations the run exercised and those it did not."""
    probe = header.get("probe") or {}
    regs = [r for r in REGULATION_IDS if r in (header.get("regulations_run") or ())]
    shown = obligations_of_run(regs, results, runner=bool(probe.get("ok", True)))
    what = {o.id: o.what for o in obligations()}
    lines = [
        "<h2>The protocol's obligations</h2>",
        "<p>Each promise of the protocol (<code>spec_engine/data/protocol/obligations.toml</code>) and whether "
        "this run showed the implementation keeping it: exercised by a scenario that passed, checked by the "
        "runner itself, declared untestable (with the reason), or not exercised (no scenario that passed here "
        "exercises it: none was run, or they failed).</p>",
        "<table><tr><th>regulation</th><th>obligations</th><th>exercised</th><th>by the runner</th>"
        "<th>untestable</th><th>not exercised</th></tr>",
    ]
    kinds = ("exercised", "runner", "untestable", "not exercised")
    for reg, row in shown.items():
        cells = "".join(f"<td class=n>{len(row[k])}</td>" for k in kinds)
        lines.append(f"<tr><td>{reg}</td><td class=n>{row['applicable']}</td>{cells}</tr>")
    lines.append("</table>")
    for reg, row in shown.items():
        if row["not exercised"]:
            items = "".join(f"<li><code>{_e(o)}</code>: {_e(what[o])}</li>" for o in row["not exercised"])
            lines.append(
                f'<p class="bad">{reg}: not exercised by this run ({len(row["not exercised"])})</p><ul>{items}</ul>'
            )
        lines.append(
            f"<details><summary>{reg}: exercised ({len(row['exercised'])})</summary><p>"
            + ", ".join(f"<code>{_e(o)}</code>" for o in row["exercised"])
            + "</p></details>"
        )
    return lines


def _failure(row: Mapping[str, Any], out: Path) -> str:
    where = f"{row.get('feature')}:{row.get('line')}" + (f", {row['example']}" if row.get("example") else "")
    parts = [
        f"<h3>{_e(row.get('regulation'))}: {_e(row.get('scenario'))} <small>({_e(where)}) {_e(row.get('status'))}"
        "</small></h3>",
        f"<p>{_e(row.get('message') or '')}</p>",
    ]
    if row.get("step"):
        parts.append(f"<p>Step: {_e(row['step'])}</p>")
    repro_path = out / str(row["repro"]) if row.get("repro") else None
    if repro_path is not None and repro_path.is_file():
        repro = json.loads(repro_path.read_text(encoding="utf-8"))
        want, got = repro.get("expected_at_difference"), repro.get("actual_at_difference")
        if want is not None or got is not None:
            parts.append(
                f"<p>First difference, at event {_e(repro.get('first_difference'))}: expected "
                f"<code>{_e(json.dumps(want))}</code>, got <code>{_e(json.dumps(got))}</code></p>"
            )
        requests = "\n".join(json.dumps(r, ensure_ascii=False) for r in repro.get("requests") or ())
        parts.append(
            f"<details><summary>Reproduction ({_e(row['repro'])}): the requests to replay</summary>"
            f"<pre>{_e(requests)}</pre></details>"
        )
        if repro.get("stderr"):
            parts.append(
                "<details><summary>What the implementation wrote to stderr in this scenario</summary>"
                f"<pre>{_e(repro['stderr'])}</pre></details>"
            )
    return "\n".join(parts)


def certificate_html(header: Mapping[str, Any], results: Sequence[Mapping[str, Any]], out: Path) -> str:
    """The certificate of a run (see the module docstring)."""
    suite = header.get("suite") or {}
    hello = header.get("implementation") or {}
    impl = hello.get("implementation") or {}
    name = f"{impl.get('name', 'unknown')} {impl.get('version', '')}".strip()
    totals = dict.fromkeys((*KINDS, "SKIP"), 0)
    for row in results:
        totals[_kind(row.get("status"))] += 1
    judged = verdict(header, results)
    kit = header.get("kit") or {}
    regs = [r for r in REGULATION_IDS if any(row.get("regulation") == r for row in results)]
    reg_rows = []
    for reg in regs:
        mine = [row for row in results if row.get("regulation") == reg]
        counts = dict.fromkeys(KINDS, 0)
        for row in mine:
            kind = _kind(row.get("status"))
            if kind in counts:
                counts[kind] += 1
        reg_rows.append(
            f"<tr><td>{_e(rulebook_name(reg, with_id=True))}</td><td class=n>{len(mine)}</td>"
            + "".join(f"<td class=n>{counts[k]}</td>" for k in KINDS)
            + "</tr>"
        )
    selection = header.get("selection") or {}
    identity = [
        ("Kit", f"blackjack-spec {kit.get('version', 'unknown')}"),
        ("Suite", f"blackjack-spec suite {suite.get('version')}"),
        ("Manifest (sha256)", suite.get("manifest_sha256") or "unknown"),
        ("Files match the manifest", "yes" if suite.get("manifest_matches") else "no"),
        ("Implementation", name),
        ("Language", impl.get("language", "not stated")),
        ("Protocol", (header.get("protocol") or {}).get("summary") or hello.get("protocol", "unknown")),
        ("Regulations claimed", ", ".join(hello.get("regulations") or ()) or "none"),
        ("Levels claimed", ", ".join(hello.get("levels") or ()) or "none"),
        ("Command line", header.get("command")),
        ("Date (UTC)", header.get("date")),
        ("Regulation asked", header.get("regulation") or "all"),
        ("Scenarios selected", ", ".join(selection.get("by") or ()) or "all of the regulations run"),
        ("Citations compared", (header.get("options") or {}).get("citations", "exact")),
        ("Options", json.dumps(header.get("options") or {}, sort_keys=True)),
        ("Kit revision", header.get("git_revision") or "an installed package, not a checkout"),
    ]
    lines = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Conformance certificate: {_e(name)}, suite {_e(suite.get('version'))}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>Conformance certificate: {_e(name)}</h1>",
        f'<div class="verdict {_e(judged.kind.replace(" ", "-"))}" data-verdict="{_e(judged.kind)}">'
        f"<p>{_e(judged.headline)}</p>"
        + ("<ul>" + "".join(f"<li>{_e(d)}</li>" for d in judged.details) + "</ul>" if judged.details else "")
        + "</div>",
        "<h2>What was tested</h2>",
        '<table class="identity">',
        *(f"<tr><th scope=row>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in identity),
        "</table>",
        "<h2>Totals</h2>",
        "<table><tr><th>regulation</th><th>scenarios</th>" + "".join(f"<th>{k.lower()}</th>" for k in KINDS) + "</tr>",
        *reg_rows,
        f"<tr><th>all</th><td class=n>{len(results)}</td>"
        + "".join(f"<td class=n>{totals[k]}</td>" for k in KINDS)
        + "</tr></table>",
        "<p>pass: the implementation did what the clause's scenarios expect; fail: it disagreed; "
        "unsupported: it declined the case; broken: error, crash or timeout. A scenario checks "
        "every clause it is tagged with; a clause's row counts its scenarios.</p>",
    ]
    for reg in regs:
        lines += [
            f"<h2>{_e(rulebook_name(reg, with_id=True))}: results per clause</h2>",
            f"<p>The text: {_e(rulebook_name(reg, long=True))}.</p>",
            "<table><tr><th>clause</th><th>its words (and their gist)</th>"
            + "".join(f"<th>{k.lower()}</th>" for k in KINDS)
            + "</tr>",
            *_clause_rows(results, reg),
            "</table>",
        ]
    lines += _obligation_rows(header, results)
    failures = [row for row in results if _kind(row.get("status")) in ("FAIL", "BROKEN")]
    probe = header.get("probe") or {}
    if probe and not probe.get("ok", True):
        lines += [
            f"<h2>The first hello: {_e(probe.get('status'))}</h2>",
            f"<p>{_e(probe.get('message') or '')}</p>",
        ]
        if probe.get("stderr"):
            lines.append(
                "<details open><summary>What the implementation wrote to stderr before it failed</summary>"
                f"<pre>{_e(probe['stderr'])}</pre></details>"
            )
    lines.append(f"<h2>Failures ({len(failures)})</h2>")
    lines += [_failure(row, out) for row in failures] or ["<p>None.</p>"]
    lines += [
        "<h2>The evidence</h2>",
        "<p>The SHA-256 of each file of the report this certificate states (<code>blackjack-spec verify "
        "DIR</code> checks them, and every file of the folder against <code>SHA256SUMS</code>).</p>",
        "<table><tr><th>file</th><th>SHA-256</th></tr>",
        *(
            f'<tr data-file="{_e(name)}"><td><code>{_e(name)}</code></td>'
            f"<td><code>{sha256(out / name)}</code></td></tr>"
            for name in _evidence(out)
        ),
        "</table>",
        "</body></html>",
    ]
    return "\n".join(lines) + "\n"


NOT_EVIDENCE = (HTML, PDF, SUMS)
"""The report's files whose hashes the certificate does not state: itself, the PDF printed from
it, and the seal over every file (the certificate states the hash of every other file)."""


def _evidence(out: Path) -> list[str]:
    return files_of(out, leaving_out=NOT_EVIDENCE)


def chromium() -> str | None:
    """A Chromium to print with: ``CHROMIUM`` if set, else the first one found."""
    named = os.environ.get("CHROMIUM")
    if named:
        return named
    for candidate in CHROMIUM_PATHS:
        found = shutil.which(candidate) if "/" not in candidate else (candidate if Path(candidate).is_file() else None)
        if found:
            return found
    return None


def print_pdf(page: Path, target: Path, timeout: float = 60) -> str | None:
    """Print ``page`` to ``target`` with a headless Chromium; why not, or None when printed."""
    browser = chromium()
    if browser is None:
        return "no Chromium found to print the PDF (set CHROMIUM)"
    command = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--no-pdf-header-footer",
        f"--print-to-pdf={target}",
        page.resolve().as_uri(),
    ]
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"Chromium could not print the PDF: {exc}"
    if done.returncode != 0 or not target.is_file():
        return f"Chromium could not print the PDF (exit {done.returncode})"
    return None


def write_certificate(out: Path, header: Mapping[str, Any], results: Sequence[Mapping[str, Any]]) -> str | None:
    """Write ``out/certificate.html`` and print ``out/certificate.pdf``; why the PDF is
    missing, or None."""
    page = out / HTML
    page.write_text(certificate_html(header, results, out), encoding="utf-8")
    return print_pdf(page, out / PDF)
