"""The certificate of a conformance run: one self-contained HTML file and its PDF, stating
what was tested, the results per regulation and clause with the clause's words, and each
failure's reproduction."""

from __future__ import annotations

import html
import json
import re
import sys
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from spec_engine import __version__
from spec_engine.catalog import rulebook_name
from spec_engine.kit.certificate import HTML, PDF, certificate_html, chromium
from spec_engine.kit.conform import run
from spec_engine.kit.manifest import current
from spec_engine.kit.report import SUMMARY

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = f"{sys.executable} -m tests.hostile.six_to_five"
PAID = "blackjack_against_a_low_card_is_paid_three or doubling_on_a_hard_twelve"


@pytest.fixture(scope="module")
def certified(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run of a faulty implementation (blackjacks paid 6 to 5) on two UY scenarios."""
    out = tmp_path_factory.mktemp("certificate")
    run(HOSTILE, out, regulation="UY", jobs=1, keyword=PAID, quiet=True)
    return out


def test_the_certificate_states_what_was_tested_and_what_failed(certified: Path) -> None:
    page = (certified / HTML).read_text(encoding="utf-8")
    assert "<script" not in page and "http://" not in page and "https://" not in page  # self-contained
    assert f"blackjack-spec suite {current()['version']}" in page
    assert "Does not conform: 1 of 2 scenarios failed or broke (1 FAIL)" in page
    assert 'data-verdict="does not conform"' in page and f"blackjack-spec {__version__}" in page  # the kit
    # the evidence: each report file with its SHA-256
    for name in ("report.jsonl", "junit.xml", "scenarios.json"):
        assert re.search(rf'<tr data-file="{re.escape(name)}"><td><code>{re.escape(name)}</code>', page), name
    assert "tests.hostile.six_to_five" in page  # the command line
    # the clause the failure concerns, with its own words and its gist
    row = re.search(r'<tr><td class="id bad">UY-26\.1</td>.*?</tr>', page, re.S)
    assert row is not None and "Black Jack" in row.group(0) and 'class="gist"' in row.group(0)
    # the failure's reproduction: the first difference and the requests to replay
    assert "&quot;amount&quot;: &quot;15&quot;" in page and "&quot;amount&quot;: &quot;12&quot;" in page
    assert "the requests to replay" in page and "&quot;op&quot;: &quot;start&quot;" in page
    summary = json.loads((certified / SUMMARY).read_text())
    assert summary["certificate"]["html"] == HTML


@pytest.mark.skipif(chromium() is None, reason="needs Chromium (make test installs it)")
def test_the_pdf_says_the_same(certified: Path) -> None:
    text = " ".join(page.extract_text() for page in PdfReader(certified / PDF).pages)
    text = " ".join(unicodedata.normalize("NFKC", text).split())  # the PDF's "fi" ligatures
    assert "Conformance certificate" in text and "Does not conform" in text
    assert current()["version"] in text and "UY-26.1" in text


def test_a_run_without_failures_conforms(tmp_path: Path) -> None:
    claims = {"regulations": ["IT"], "levels": ["round"]}
    header = {
        "suite": {"version": "9.9.9"},
        "regulation": "IT",
        "implementation": {"implementation": {"name": "x", "version": "1"}, **claims},
    }
    results = [{"regulation": "IT", "level": "round", "scenario": "s", "clauses": ["IT-7"], "status": "PASS"}]
    page = certificate_html(header, results, tmp_path)
    assert "Conforms: all 1 claimed scenarios passed (IT at levels round)" in page and "IT-7" in page
    assert 'data-verdict="conforms"' in page
    assert "<h2>Failures (0)</h2>\n<p>None.</p>" in page
    # a phone lays it out at its own width (tests/browser/test_accessibility.py measures it)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page and "980" not in page
    # the rulebook by the one list's name, and its text's full title
    assert f"<td>{html.escape(rulebook_name('IT', with_id=True))}</td>" in page
    assert f"<p>The text: {html.escape(rulebook_name('IT', long=True))}.</p>" in page
