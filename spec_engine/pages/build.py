"""Generate the site's pages from the data (no MkDocs plugin involved).

    python -m spec_engine.pages docs/generated [--results reports/scenarios.json] [--recordings DIR]

Everything on the site comes from here: the catalog, the rule sets, the feature files and
the latest scenario results (``reports/scenarios.json``, written by the test run). The
output is plain Markdown with some inline HTML (the comparison matrix), so any builder
that reads Markdown can render it. Pages link to each other by ``.html`` file names (the
site is built with ``use_directory_urls: false``, so it also works opened from disk).

Pages: ``_snippets/regulations-table.md`` (included on the home page, not a page itself), ``rules.md`` (the comparison
matrix), one page per regulation (``cl.md`` ...), ``scenarios/`` (one page per feature
file and an index), ``coverage.md``, ``events.md``, ``worked-hands.md``, ``play.md``, ``practice.md`` and
``onboarding-<reg>.md`` (:mod:`spec_engine.pages.hands`, :mod:`spec_engine.pages.onboarding`), ``conformance.md``
(:mod:`spec_engine.pages.conformance`), ``changelog.md`` (the suite's changelog,
:func:`spec_engine.kit.manifest.changelog`).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import zipfile
from collections import defaultdict
from pathlib import Path

from spec_engine.analysis.compare import Costing
from spec_engine.analysis.gate import refuse
from spec_engine.catalog import REGULATION_IDS
from spec_engine.kit.certificate import HTML as CERTIFICATE_HTML
from spec_engine.kit.certificate import PDF as CERTIFICATE_PDF
from spec_engine.kit.exercised import clause_coverage, tag_evidence
from spec_engine.kit.manifest import changelog, suite_version
from spec_engine.kit.report import REPORT
from spec_engine.kit.trace import FEATURES, ScenarioInfo, coverage_report, read_results, scenarios
from spec_engine.kit.vectors import collect, write
from spec_engine.pages.common import Results, feature_page
from spec_engine.pages.conformance import report_page
from spec_engine.pages.cost import cost_page, effect_figures, matrix_effects, strategy_page
from spec_engine.pages.hands import worked_hands_page
from spec_engine.pages.matrix import csv_text, provenance_csv, rules_page
from spec_engine.pages.onboarding import onboarding_page
from spec_engine.pages.pairs import costed_fields, pairs_page
from spec_engine.pages.pdf import write_pdf
from spec_engine.pages.play import play_page
from spec_engine.pages.practice import practice_page
from spec_engine.pages.regulations import regulation_page, regulations_table, trainees_table
from spec_engine.pages.scenarios import coverage_page, events_page, scenario_file_page, scenario_index
from spec_engine.rules import ruleset


def _showcase_pages() -> dict[str, str]:
    pages = {"worked-hands.md": worked_hands_page(), "play.md": play_page(), "practice.md": practice_page()}
    for reg_id in REGULATION_IDS:
        pages[f"onboarding-{reg_id.lower()}.md"] = onboarding_page(reg_id)
    return pages


def suite_pages() -> dict[str, str]:
    """The conformance suite's own pages: ``changelog.md``, each version's protocol changes and
    its scenarios added, changed and removed, by clause (generated, never committed)."""
    return {"changelog.md": changelog()}


CONFORMANCE_REPORTS = Path("reports") / "conformance"


def vectors_archive(out: Path, recordings: Path, passed: bool) -> str:
    """The test vectors of this suite version as one zip archive beside the pages (from the
    recordings of the run that made the results; only when every scenario passed), and the
    paragraph that links it."""
    if not passed:
        return "The test vectors are published only from a run in which every scenario passed.\n"
    suite = suite_version()
    name = f"blackjack-spec-vectors-{suite['version']}.zip"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "vectors"
        write(folder, collect(recordings))
        (folder / "suite.json").write_text(json.dumps(suite, indent=1) + "\n", encoding="utf-8")
        files = sorted(p for p in folder.rglob("*") if p.is_file())
        (out / "conformance").mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(out / "conformance" / name, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in files:  # fixed order and dates: the same suite gives the same archive
                info = zipfile.ZipInfo(path.relative_to(folder.parent).as_posix(), date_time=(2026, 1, 1, 0, 0, 0))
                archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
    return (
        f"**Test vectors of suite {suite['version']}** (manifest `{suite['manifest_sha256'][:16]}`): "
        f"[{name}](conformance/{name}), every scenario's requests, replies and event log as JSON "
        f"({len(files) - 3} vectors; `python -m spec_engine.kit.vectors --check DIR --impl CMD` replays them).\n"
    )


def _conformance_page(out: Path) -> str:
    """The conformance reports (``reports/conformance/<implementation>/``), their
    reproduction files copied beside the page for download."""

    target = out / "conformance"
    if target.exists():
        shutil.rmtree(target)
    for report in sorted(CONFORMANCE_REPORTS.glob(f"*/{REPORT}")):
        repro = report.parent / "repro"
        if repro.is_dir():
            shutil.copytree(repro, target / report.parent.name / "repro")
        for name in (CERTIFICATE_HTML, CERTIFICATE_PDF):
            if (report.parent / name).is_file():
                (target / report.parent.name).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(report.parent / name, target / report.parent.name / name)
    page = report_page(CONFORMANCE_REPORTS, link_base="conformance")
    return (
        page + "\nThe protocol these implementations speak is described in [the protocol](../protocol.md); "
        "what changed between versions of the suite, in [its changelog](changelog.md).\n"
    )


def generate(out: Path, results_path: Path | None = None, recordings: Path | None = None) -> list[Path]:
    """Write every generated page into ``out``; returns the files written. ``recordings``: the
    scenarios as recorded by the run that wrote the results (one vector each), from which each
    clause's kind of coverage is measured; without them the pages do not show it."""
    for reg_id in REGULATION_IDS:  # a value nothing can honour stops the build, never a silent page
        refuse(ruleset(reg_id))
    entries = read_results(results_path) if results_path is not None and results_path.exists() else []
    results = Results(entries)
    infos = scenarios(FEATURES)
    directness = clause_coverage(tag_evidence(collect(recordings))) if recordings is not None else {}
    costing = Costing()  # one memo of returns for the matrix's links and the pairs page
    pages: dict[str, str] = {
        "_snippets/regulations-table.md": regulations_table(),
        "_snippets/trainees.md": trainees_table(),
        "rules.md": rules_page(matrix_effects(), costed_fields(costing)),
        "cost.md": cost_page(),
        "pairs.md": pairs_page(costing=costing),
        "strategy.md": strategy_page(),
        "rules.csv": csv_text(effect_figures()),
        "rules-provenance.csv": provenance_csv(),
        "events.md": events_page(),
        "coverage.md": coverage_page(results_path if entries else None, directness),
        "scenarios/index.md": scenario_index(infos, results),
    }
    for reg_id in REGULATION_IDS:
        pages[f"{reg_id.lower()}.md"] = regulation_page(reg_id, infos, results, directness)
    by_feature: dict[str, list[ScenarioInfo]] = defaultdict(list)
    for info in infos:
        by_feature[info.feature].append(info)
    for feature, group in by_feature.items():
        pages[f"scenarios/{feature_page(feature)}.md"] = scenario_file_page(feature, group, results, FEATURES.parent)
    pages.update(_showcase_pages())
    pages.update(suite_pages())
    pages["conformance.md"] = _conformance_page(out)  # (re)makes out/conformance/
    if recordings is not None:
        passed = bool(entries) and all(e.get("status") == "passed" for e in entries)
        pages["conformance.md"] += "\n" + vectors_archive(out, recordings, passed)
    written = [write_pdf(out / "rules.pdf")]
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
    parser.add_argument(
        "--recordings", type=Path, default=None, help="the scenarios recorded by that run (BLACKJACK_SPEC_RECORD)"
    )
    args = parser.parse_args(argv)
    written = generate(args.out, args.results, args.recordings)
    print(f"{len(written)} pages written to {args.out}")


if __name__ == "__main__":
    main()
