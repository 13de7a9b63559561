"""The generated pages come from the data: every clause has its anchor, every value its basis."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from spec_engine.catalog import REGULATION_IDS, regulations
from spec_engine.kit import declared
from spec_engine.pages.build import generate
from spec_engine.pages.common import anchor, text
from spec_engine.pages.labels import LABELS, summary
from spec_engine.pages.matrix import csv_text, rules_page
from spec_engine.pages.pdf import write_pdf
from spec_engine.pages.regulations import regulation_page
from spec_engine.pages.scenarios import coverage_page
from spec_engine.rules import RULE_FIELDS, ruleset


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """The generated pages, written once for the tests that read them (each only reads): the
    folder and the files ``generate`` says it wrote."""
    out = tmp_path_factory.mktemp("generated")
    return out, generate(out)


def test_every_clause_has_an_anchor_on_its_regulation_page(generated: tuple[Path, list[Path]]) -> None:
    tmp_path, _ = generated
    for reg in regulations():
        page = (tmp_path / f"{reg.id.lower()}.md").read_text(encoding="utf-8")
        for clause in reg.clauses:
            assert f"### {clause.id} <small" in page and f"</small> {{#{anchor(clause.id)}}}" in page


def test_the_rules_page_shows_assumptions_apart_from_stated_rules() -> None:
    page = rules_page()
    row = next(line for line in page.splitlines() if 'id="rule-decks"' in line)
    cells = row.split("<td")[1:]  # in REGULATION_IDS's order
    assert "basis-interpretation" in cells[0] and 'href="cl.html#cl-anx-2"' in cells[0]
    assert "basis-not-stated" in cells[1] and "<summary>assumed</summary>" in cells[1]  # ES gives no deck count
    assert "<strong>Assumed:</strong>" in cells[1]  # with the reason, in the page (not only a tooltip)
    assert (
        "basis-stated" in cells[2] and '<span class="value">5 decks</span>' in cells[2] and "uy.html#uy-5-1" in cells[2]
    )
    # the clause's own words, in its language, unfolded by a disclosure (touch and keyboard too)
    assert '<details class="why"><summary>UY-5.1</summary>' in cells[2]
    assert '<q lang="es">Art.5. Se utilizarán 5 mazos' in cells[2]


def test_cells_departing_from_the_common_value_are_highlighted() -> None:
    page = rules_page()
    row = next(line for line in page.splitlines() if 'id="rule-decks"' in line)
    cells = row.split("<td")[1:]
    flagged = ["differs" in cell.split(">", 1)[0] for cell in cells]
    # the texts say 2 (CL, read), 5 (UY) and 6 (CZ): no value is most of theirs, so none departs
    # from it (the row says the texts disagree); ES and IT are silent (6 assumed), which counts
    # neither as the norm nor as a departure
    assert flagged == [False] * len(REGULATION_IDS) and 'class="differs tied"' in row
    splits = next(line for line in page.splitlines() if 'id="rule-split_aces_one_card"' in line)
    departing = ["differs" in c.split(">", 1)[0] for c in splits.split("<td")[1:]]
    assert [r for r, d in zip(REGULATION_IDS, departing, strict=True) if d] == ["UY"]  # of the five, UY alone
    same = next(line for line in page.splitlines() if 'id="rule-blackjack_payout"' in line)
    assert 'class="same"' in same and "differs" not in same


def test_a_row_whose_majority_is_assumed_is_not_a_difference_of_the_texts() -> None:
    """missed_insurance_call: only UY states a value (void the ten); the four "proceed" are
    assumptions, so nothing is highlighted against the stated value, and the row says that the
    rule sets differ there only by assumed values (never "same", which the cost between two
    rulebooks would contradict)."""
    page = rules_page()
    row = next(line for line in page.splitlines() if 'id="rule-missed_insurance_call"' in line)
    assert 'class="by-assumption"' in row and 'class="same"' not in row
    assumed = [r for r in REGULATION_IDS if ruleset(r).citations["missed_insurance_call"].assumed]  # CL, ES, CZ, IT
    said = row.split("the rule sets differ only by an assumed value (", 1)[-1].split(")", 1)[0]
    assert "the rule sets differ only by an assumed value (" in row and all(r in said for r in assumed), row
    assert not any("differs" in cell.split(">", 1)[0] for cell in row.split("<td")[1:])
    cells = row.split("<td")[1:]
    marked = ['<span class="mark">*</span>' in c for c in cells]
    assert marked == [r in assumed for r in REGULATION_IDS], "an assumed value is marked, the stated one (UY's) not"
    two_texts = next(line for line in page.splitlines() if 'id="rule-double_totals"' in line)
    cells = two_texts.split("<td")[1:]  # CL states 9-11, ES assumes it, UY CZ IT state any total
    departing = ["differs" in c.split(">", 1)[0] for c in cells]
    assert [r for r, d in zip(REGULATION_IDS, departing, strict=True) if d] == ["CL"]  # of the five, CL alone


def test_every_rule_has_the_trades_name_and_each_rulebook_a_shorthand() -> None:
    assert set(LABELS) == {f.name for f in RULE_FIELDS}
    assert summary(ruleset("UY")).startswith(
        "5 decks · S17 · double any two cards · DAS on the first two hands as laid out · split to 6 hands"
    )
    assert "double on 9, 10, 11 only" in summary(ruleset("CL"))
    assert "6 decks*" in summary(ruleset("ES"))  # ES states no deck count
    assert "surrender" not in summary(ruleset("UY"))  # (none offers it)
    house = ruleset("UY").with_values(surrender="late", dealer_blackjack_takes="original_stakes")
    shorthand = summary(house)
    assert "late surrender" in shorthand and "after a split" not in shorthand
    assert "a dealer blackjack takes original bets only" in shorthand and "no hole card" not in shorthand
    assert "early surrender, after a split too" in summary(
        house.with_values(surrender="early", surrender_after_split=True)
    )


def test_the_matrix_as_csv() -> None:
    rows = list(csv.reader(io.StringIO(csv_text().removeprefix("\ufeff"))))
    head = next(i for i, r in enumerate(rows) if r[:5] == ["topic", "also under", "rule", "identifier", "texts differ"])
    assert len(rows) == head + 1 + len(RULE_FIELDS)
    decks = next(r for r in rows if len(r) > 3 and r[3] == "decks")
    assert decks[4] == "yes, no value most texts give" and decks[5:8] == ["2 decks", "interpretation", "CL-ANX-2 CL-2"]


def test_verbatim_text_is_made_inert() -> None:
    assert text('- a) **Pases de "Aire"**') == '\\- a) \\*\\*Pases de "Aire"\\*\\*'
    assert text("1. A dos ases <b>") == "1\\. A dos ases &lt;b&gt;"


def test_each_text_says_where_it_comes_from(generated: tuple[Path, list[Path]]) -> None:
    tmp_path, _ = generated
    es = (tmp_path / "es.md").read_text(encoding="utf-8")
    assert "| date of the text | 2014-09-22 |" in es and "BOME" in es
    cl = (tmp_path / "cl.md").read_text(encoding="utf-8")
    assert "| date of the text | not known (undated) |" in cl and "| taken from its publisher | not known |" in cl
    matrix = (tmp_path / "rules.md").read_text(encoding="utf-8")
    assert re.search(r"As of suite \S+ \(\d+ feature files\), revision \S+, built \d{4}-\d\d-\d\d", matrix)


def test_the_sources_bold_is_shown_as_emphasis_not_asterisks(generated: tuple[Path, list[Path]]) -> None:
    tmp_path, _ = generated
    uy = (tmp_path / "uy.md").read_text(encoding="utf-8")
    assert '<blockquote lang="es"><p>- a) <strong>Pases de "Aire"</strong>, son aquellos' in uy
    assert "**Pases" not in uy


def test_the_matrix_as_a_printable_pdf(generated: tuple[Path, list[Path]]) -> None:
    tmp_path, written = generated
    pdf = tmp_path / "rules.pdf"
    assert pdf in written and tmp_path / "changelog.md" in written  # the suite's changelog, generated
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    assert b"Blackjack Spec: the rules compared" in data  # the document's title (metadata)
    pages = PdfReader(pdf).pages
    assert len(pages) == len(re.findall(rb"/Type\s*/Page\b(?!s)", data))  # (the reader counts as the file does)
    texts = [page.extract_text() for page in pages]
    rule_pages = -(-len(RULE_FIELDS) // 17)  # every rule, 17 to a page, then the texts' provenance
    assert all("the rules compared" in t for t in texts[:rule_pages])
    assert all("The texts: where they come from" in t for t in texts[rule_pages:]) and len(texts) > rule_pages
    # every page says its number of all of them (the count once left the provenance out: "of 5" of 6)
    assert [re.findall(r"Page (\d+) of (\d+)", t) for t in texts] == [
        [(str(n), str(len(pages)))] for n in range(1, len(pages) + 1)
    ]


def lines_at(page: Any) -> list[tuple[str, float]]:
    """Each piece of text of a PDF page with the height it starts at (points from the foot)."""
    found: list[tuple[str, float]] = []

    def seen(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            found.append((text, cm[5] + tm[5]))

    page.extract_text(visitor_text=seen)
    return found


def test_no_text_of_the_pdf_runs_off_its_page(tmp_path: Path) -> None:
    """The provenance once ran off the foot of its page (the last text's facts were cut off):
    every line of text starts within its page, and each text's facts are all there."""
    pages = PdfReader(write_pdf(tmp_path / "rules.pdf")).pages
    low = [
        (number, text)
        for number, page in enumerate(pages, 1)
        for text, y in lines_at(page)
        if not 0 <= y <= float(page.mediabox.height)
    ]
    assert low == []
    said = "".join(page.extract_text() for page in pages)
    assert said.count("what would establish what is not known") == len(regulations())


# ------------------------------------------------------------------------------ a clause not modelled
GAPS = """\
[[not_modelled]]
clause = "IT-2"
rule = "hole_card"
value = "peek"
reason = "the dealer peeks for a blackjack"

[[not_modelled]]
clause = "IT-3"
action = "offer_cut"
reason = "the player at the dealer's right may cut"
"""


def _gaps(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A made-up project: one scenario (IT-7), one exemption (IT-1), two clauses not modelled."""
    features = tmp_path / "features"
    (features / "it").mkdir(parents=True)
    (features / "it" / "a.feature").write_text(
        "@IT\nFeature: A\n  @IT-7\n  Scenario: One\n    Given x\n", encoding="utf-8"
    )
    exempt = tmp_path / "exemptions.toml"
    exempt.write_text('[[exempt]]\nclause = "IT-1"\nreason = "made up"\n', encoding="utf-8")
    gaps = tmp_path / "not_modelled.toml"
    gaps.write_text(GAPS, encoding="utf-8")
    return features, exempt, gaps


def test_the_coverage_page_counts_a_clause_not_modelled_as_a_gap(tmp_path: Path) -> None:
    features, exempt, gaps = _gaps(tmp_path)
    page = coverage_page(None, features_dir=features, exemptions_path=exempt, not_modelled_path=gaps)
    lines = page.splitlines()
    assert "| regulation | clauses | executable | exempt | not modelled | missing | scenarios | passing | " in page
    assert "| [IT](it.md) | 21 | 1 | 1 | 2 | 17 | 1 | n/a | 4.8 |" in lines
    assert "| [UY](uy.md) | 116 | 0 | 0 | 0 | 116 | 0 | n/a | 0.0 |" in lines
    gaps_at, exempt_at = lines.index("## Not modelled"), lines.index("## Exemptions")
    assert gaps_at < exempt_at
    assert lines[gaps_at + 4 : gaps_at + 8] == [
        "| clause | would need | why |",
        "|---|---|---|",
        '| [IT-2](it.md#it-2) | the rule value `hole_card = "peek"` | the dealer peeks for a blackjack |',
        "| [IT-3](it.md#it-3) | the action `offer_cut` | the player at the dealer's right may cut |",
    ]
    assert "| [IT-1](it.md#it-1) | made up |" in lines[exempt_at:] and "IT-2" not in "".join(lines[exempt_at:])


def test_the_coverage_page_of_the_five_texts_shows_no_clause_not_modelled() -> None:
    lines = coverage_page(None).splitlines()
    for reg in regulations():
        row = next(line for line in lines if line.startswith(f"| [{reg.id}]({reg.id.lower()}.md) | "))
        assert row.split(" | ")[4] == "0", row  # the column "not modelled"
    assert "No clause is declared not modelled." in lines


def test_the_regulation_page_marks_a_clause_not_modelled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _features, _exempt, gaps = _gaps(tmp_path)
    monkeypatch.setattr(declared, "NOT_MODELLED", gaps)
    page = regulation_page("IT", infos=[])
    badge = '<span class="status status-not-modelled">not modelled</span>'
    assert (
        f"{badge} Not modelled: the engine cannot play this clause yet; it would need the rule value "
        '<code>hole_card = "peek"</code> (the dealer peeks for a blackjack).'
    ) in page
    assert (
        f"{badge} Not modelled: the engine cannot play this clause yet; it would need the action "
        "<code>offer_cut</code> (the player at the dealer's right may cut)."
    ) in page
    it_2 = page[page.index("### IT-2 ") : page.index("### IT-3 ")]
    assert badge in it_2 and "status-missing" not in it_2 and "status-exempt" not in it_2
