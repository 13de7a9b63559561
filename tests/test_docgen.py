"""The generated pages come from the data: every clause has its anchor, every value its basis."""

from __future__ import annotations

from pathlib import Path

from spec_engine.catalog import regulations
from spec_engine.pages.build import generate
from spec_engine.pages.common import anchor, text
from spec_engine.pages.matrix import rules_page


def test_every_clause_has_an_anchor_on_its_regulation_page(tmp_path: Path) -> None:
    generate(tmp_path)
    for reg in regulations():
        page = (tmp_path / f"{reg.id.lower()}.md").read_text(encoding="utf-8")
        for clause in reg.clauses:
            assert f"### {clause.id} {{#{anchor(clause.id)}}}" in page


def test_the_rules_page_shows_assumptions_apart_from_stated_rules() -> None:
    page = rules_page()
    row = next(line for line in page.splitlines() if 'id="rule-decks"' in line)
    cells = row.split("<td")[1:]  # CL, ES, UY, CZ, IT
    assert "basis-interpretation" in cells[0] and 'href="cl.html#cl-anx-2"' in cells[0]
    assert "basis-not-stated" in cells[1] and "not stated: assumed" in cells[1]  # ES gives no deck count
    assert "basis-stated" in cells[2] and '<span class="value">5</span>' in cells[2] and "uy.html#uy-5-1" in cells[2]
    # the clause's own words on hover
    assert 'title="UY-5.1: Art.5. Se utilizarán 5 mazos' in cells[2]


def test_cells_departing_from_the_common_value_are_highlighted() -> None:
    page = rules_page()
    row = next(line for line in page.splitlines() if 'id="rule-decks"' in line)
    cells = row.split("<td")[1:]
    flagged = ["differs" in cell.split(">", 1)[0] for cell in cells]
    assert flagged == [True, False, True, False, False]  # 2 and 5 decks against the common 6
    same = next(line for line in page.splitlines() if 'id="rule-blackjack_payout"' in line)
    assert 'class="same"' in same and "differs" not in same


def test_verbatim_text_is_made_inert() -> None:
    assert text('- a) **Pases de "Aire"**') == '\\- a) \\*\\*Pases de "Aire"\\*\\*'
    assert text("1. A dos ases <b>") == "1\\. A dos ases &lt;b&gt;"
