"""A conformance run's report files, written from the raw results the suite's plugin leaves
(:func:`assemble`): ``report.jsonl``, ``junit.xml``, ``scenarios.json``, ``summary.json``, the
reproductions, the certificate and ``SHA256SUMS``; the counts (:func:`summarize`) and names
(:func:`implementation_name`) the runner, the certificate and the site's page share. What each
file holds is described in :mod:`spec_engine.kit.conform`."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from spec_engine.kit.certificate import HTML as CERTIFICATE_HTML
from spec_engine.kit.certificate import PDF as CERTIFICATE_PDF
from spec_engine.kit.certificate import chromium, write_certificate
from spec_engine.kit.obligations import of_run as obligations_of_run
from spec_engine.kit.report import JUNIT, REPORT, REPRO, SUMMARY, _read_jsonl
from spec_engine.kit.verdict import BROKEN, verdict, write_sums

STATUSES = ("PASS", "FAIL", "ERROR", "CRASH", "TIMEOUT", "UNSUPPORTED", "SKIP")
"""Every status a scenario can get, in the order reports show them."""

PARTIAL = ".partial"
"""The sub-folder where the pytest plugin writes its raw results while the run goes on."""


def normalize_status(status: object) -> str:
    """A known status as is; anything else is ERROR (an unknown status never passes)."""
    return status if isinstance(status, str) and status in STATUSES else "ERROR"


def slug(text: str, limit: int = 80) -> str:
    """Lower-case words joined by hyphens: a file name."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:limit].strip("-") or "scenario"


def repro_name(result: Mapping[str, Any]) -> str:
    """The reproduction file's name for a scenario result (unique per test)."""
    feature = str(result.get("feature") or "")
    stem = feature.removeprefix("features/").removesuffix(".feature")
    digest = hashlib.sha1(str(result.get("nodeid") or result).encode()).hexdigest()[:6]
    reg = str(result.get("regulation") or "")
    words = f"{stem} {result.get('scenario', '')} {reg}"
    return f"{slug(words)}-{digest}.json"


def summarize(results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts and percentages over all results, per regulation and per clause."""

    def block(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        counts = dict.fromkeys(STATUSES, 0)
        for row in rows:
            counts[normalize_status(row.get("status"))] += 1
        total = len(rows)
        judged = total - counts["SKIP"]
        return {
            "total": total,
            "counts": counts,
            "percent": {s: round(100 * n / total, 1) if total else 0.0 for s, n in counts.items()},
            "pass_rate": round(100 * counts["PASS"] / judged, 1) if judged else 0.0,
        }

    by_reg: dict[str, list[Mapping[str, Any]]] = {}
    by_clause: dict[str, list[Mapping[str, Any]]] = {}
    for row in results:
        by_reg.setdefault(str(row.get("regulation") or "none"), []).append(row)
        for clause in row.get("clauses") or ():
            by_clause.setdefault(str(clause), []).append(row)
    return {
        "all": block(results),
        "timing": timing(results),
        "regulations": {reg: block(rows) for reg, rows in sorted(by_reg.items())},
        "clauses": {
            clause: block(rows) for clause, rows in sorted(by_clause.items(), key=lambda kv: clause_key(kv[0]))
        },
    }


def timing(results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """How long the implementation took to answer over the run: requests, total and mean
    milliseconds, and the scenario whose slowest request was the slowest of all."""
    timed = [r for r in results if isinstance(r.get("request_ms"), dict) and r.get("requests")]
    count = sum(int(r["requests"]) for r in timed)
    total = sum(float(r["request_ms"]["total"]) for r in timed)
    slowest = max(timed, key=lambda r: float(r["request_ms"]["max"]), default=None)
    return {
        "requests": count,
        "total_ms": round(total, 1),
        "mean_ms": round(total / count, 3) if count else None,
        "max_ms": None if slowest is None else slowest["request_ms"]["max"],
        "slowest": None if slowest is None else slowest.get("nodeid"),
    }


def clause_key(clause: str) -> tuple[Any, ...]:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"[-.]", clause))


def junit_xml(results: Sequence[Mapping[str, Any]], name: str, header: Mapping[str, Any] | None = None) -> str:
    """JUnit XML for CI tools: FAIL is a failure; ERROR, CRASH, TIMEOUT (and an unknown
    status) an error; UNSUPPORTED and SKIP skipped. The run's identity (suite version and
    manifest hash, the implementation's hello, date, command line) goes in the top element's
    properties."""
    suites = ET.Element("testsuites", name=name)
    if header is not None:
        props = ET.SubElement(suites, "properties")
        for key, value in run_identity(header).items():
            ET.SubElement(props, "property", name=key, value=value if isinstance(value, str) else json.dumps(value))
    by_feature: dict[str, list[Mapping[str, Any]]] = {}
    for row in results:
        by_feature.setdefault(str(row.get("feature") or "unknown"), []).append(row)
    totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
    total_time = 0.0
    for feature, rows in by_feature.items():
        suite = ET.SubElement(suites, "testsuite", name=feature)
        counts = dict.fromkeys(totals, 0)
        suite_time = 0.0
        for row in rows:
            status = normalize_status(row.get("status"))
            label = str(row.get("scenario") or row.get("nodeid"))
            if row.get("example"):
                label += f" [{row['example']}]"
            duration = float(row.get("duration") or 0.0)
            suite_time += duration
            case = ET.SubElement(
                suite,
                "testcase",
                classname=feature.removesuffix(".feature").replace("/", "."),
                name=label,
                file=feature,
                line=str(row.get("line") or 0),
                time=f"{duration:.4f}",
            )
            counts["tests"] += 1
            message = str(row.get("message") or "")
            if status == "FAIL":
                counts["failures"] += 1
                detail = message
                if "expected" in row:
                    detail += f"\nexpected: {row['expected']}\nactual: {row.get('actual')}"
                ET.SubElement(case, "failure", message=message[:500], type="FAIL").text = detail
            elif status in BROKEN:
                counts["errors"] += 1
                ET.SubElement(case, "error", message=message[:500], type=str(row.get("status"))).text = message
            elif status in ("UNSUPPORTED", "SKIP"):
                counts["skipped"] += 1
                ET.SubElement(case, "skipped", message=f"{status}: {message}"[:500])
            props = ET.SubElement(case, "properties")
            ET.SubElement(props, "property", name="status", value=status)
            ET.SubElement(props, "property", name="regulation", value=str(row.get("regulation") or ""))
            ET.SubElement(props, "property", name="clauses", value=" ".join(row.get("clauses") or ()))
        for key, value in counts.items():
            suite.set(key, str(value))
            totals[key] += value
        suite.set("time", f"{suite_time:.4f}")
        total_time += suite_time
    for key, value in totals.items():
        suites.set(key, str(value))
    suites.set("time", f"{total_time:.4f}")
    ET.indent(suites)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


PUBLIC_FIELDS = (
    "feature",
    "scenario",
    "line",
    "example",
    "regulation",
    "level",
    "clauses",
    "status",
    "message",
    "detail",
    "step",
    "expected",
    "actual",
    "duration",
    "starts",
    "requests",
    "request_ms",
    "obligations",
    "nodeid",
)


def assemble(out: Path, header: dict[str, Any], *, stopped: str | None = None) -> list[dict[str, Any]]:
    """Write the report files from the plugin's raw results in ``out/.partial``; a collected
    scenario without a result gets TIMEOUT when the run was ``stopped`` (else ERROR)."""
    partial = out / PARTIAL
    raw = _read_jsonl(partial / "results.jsonl")
    collected: list[dict[str, Any]] = []
    for path in sorted(partial.glob("collected*.json")):
        try:
            collected = json.loads(path.read_text(encoding="utf-8"))
            break
        except ValueError:
            continue
    hello = next((r["_hello"] for r in raw if r.get("_hello")), None)
    if not header.get("implementation") and hello:
        header["implementation"] = hello
        header["protocol"]["implementation"] = hello.get("protocol")
    done = {r.get("nodeid") for r in raw}
    left_out = [item for item in collected if item.get("selected") is False]
    selection = header.setdefault("selection", {"by": []})
    selection["deselected"] = len(left_out)
    selection["scope"] = len(collected)
    by_reg: dict[str, int] = {}
    for item in left_out:
        by_reg[str(item.get("regulation"))] = by_reg.get(str(item.get("regulation")), 0) + 1
    selection["deselected_by_regulation"] = by_reg
    for item in collected:
        if item.get("selected") is False:
            continue
        if item.get("nodeid") not in done:
            status, message = (
                ("TIMEOUT", f"not run: {stopped}") if stopped else ("ERROR", "no result was recorded for this scenario")
            )
            raw.append({**item, "status": status, "message": message})
    repro_dir = out / REPRO
    results: list[dict[str, Any]] = []
    for row in raw:
        result = {k: row[k] for k in PUBLIC_FIELDS if k in row}
        if result.get("status") not in STATUSES:
            result["message"] = f"unknown status {result.get('status')!r}: {result.get('message', '')}"
            result["status"] = "ERROR"
        repro = row.get("_repro")
        if result["status"] in BROKEN and repro is not None:
            name = repro_name(row)
            repro_dir.mkdir(parents=True, exist_ok=True)
            document = {
                "scenario": {
                    k: row.get(k) for k in ("feature", "scenario", "line", "example", "regulation", "clauses")
                },
                "message": row.get("message"),
                "detail": row.get("detail"),
                "step": row.get("step"),
                "expected": row.get("expected"),
                "actual": row.get("actual"),
                "implementation": header.get("implementation"),
                **repro,
            }
            (repro_dir / name).write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            result["repro"] = f"{REPRO}/{name}"
            result["first_difference"] = repro.get("first_difference")
        results.append(result)
    results.sort(key=lambda r: (str(r.get("feature")), int(r.get("line") or 0), str(r.get("nodeid"))))
    header["counts"] = summarize(results)["all"]["counts"]
    with (out / REPORT).open("w", encoding="utf-8") as stream:
        stream.write(json.dumps({"kind": "header", **header}, ensure_ascii=False) + "\n")
        for result in results:
            stream.write(json.dumps({"kind": "result", **result}, ensure_ascii=False) + "\n")
    name = implementation_name(header)
    (out / JUNIT).write_text(junit_xml(results, f"conformance: {name}", header), encoding="utf-8")
    shutil.rmtree(partial, ignore_errors=True)
    no_chromium = None if chromium() is not None else "no Chromium found to print the PDF (set CHROMIUM)"
    summary = {
        "implementation": name,
        "regulation": header.get("regulation"),
        **run_identity(header),
        "verdict": verdict(header, results).to_json(),
        "certificate": {
            "html": CERTIFICATE_HTML,
            "pdf": None if no_chromium else CERTIFICATE_PDF,
            "pdf_missing": no_chromium,
        },
        **summarize(results),
        "obligations": obligations_of_run(
            header.get("regulations_run") or (), results, runner=bool((header.get("probe") or {}).get("ok", True))
        ),
    }
    # the summary first: the certificate states its hash, as of every other file of the report
    (out / SUMMARY).write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    header["pdf_missing"] = write_certificate(out, header, results)
    write_sums(out)
    return results


def run_identity(header: Mapping[str, Any]) -> dict[str, Any]:
    """What every report states of its run: the suite's version and manifest hash, the
    implementation's hello reply, the date and the command line."""
    suite = header.get("suite") or {}
    return {
        "kit_version": (header.get("kit") or {}).get("version"),
        "protocol": (header.get("protocol") or {}).get("kit"),
        "suite_version": suite.get("version"),
        "manifest_sha256": suite.get("manifest_sha256"),
        "hello": header.get("implementation"),
        "date": header.get("date"),
        "command": header.get("command"),
    }


def implementation_name(header: Mapping[str, Any]) -> str:
    impl = (header.get("implementation") or {}).get("implementation") or {}
    if impl.get("name"):
        return f"{impl['name']} {impl.get('version', '')}".strip()
    return str(header.get("command") or "unknown implementation")
