"""The generated pages come from the data: every clause has its anchor, every value its basis."""

from __future__ import annotations

from pathlib import Path

from spec_engine.catalog import regulations
from spec_engine.docgen import anchor, generate, rules_page, text


def test_every_clause_has_an_anchor_on_its_regulation_page(tmp_path: Path) -> None:
    generate(tmp_path)
    for reg in regulations():
        page = (tmp_path / f"{reg.id.lower()}.md").read_text(encoding="utf-8")
        for clause in reg.clauses:
            assert f"### {clause.id} {{#{anchor(clause.id)}}}" in page


def test_the_rules_page_shows_assumptions_apart_from_stated_rules() -> None:
    page = rules_page()
    row = next(line for line in page.splitlines() if line.startswith("| `decks`"))
    assert "**5** ([UY-5.1](uy.md#uy-5-1))" in row
    assert "*6* (not stated: assumed)" in row  # ES and IT give no deck count
    assert "reading of [CL-ANX-2](cl.md#cl-anx-2)" in row


def test_verbatim_text_is_made_inert() -> None:
    assert text('- a) **Pases de "Aire"**') == '\\- a) \\*\\*Pases de "Aire"\\*\\*'
    assert text("1. A dos ases <b>") == "1\\. A dos ases &lt;b&gt;"
