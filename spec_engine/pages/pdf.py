"""The comparison matrix as a printable PDF (``rules.pdf``), drawn with matplotlib.

A4 landscape pages of rule rows, one column per regulation; each value is marked with its
basis as on the site: ``*`` the text is silent and the engine assumes it, ``~`` the project's
reading of the text, nothing where the text states it; a row where the texts differ is
shaded, one where only an assumed value differs shaded grey. The first page says what the
document is and as of when; the last, where each text comes from (its provenance, on as many
pages as it takes). Every page says its number of all of them.

In the active language (:mod:`spec_engine.i18n`): the pages generator writes one PDF per language
(``rules.es.pdf``...), its words in DejaVu Sans, matplotlib's own font, which has every letter of
Spanish, Czech and Italian.
"""

from __future__ import annotations

import io
import textwrap
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no screen: draw to files only

from matplotlib import pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure

from spec_engine.catalog import REGULATION_IDS, regulation
from spec_engine.i18n import _
from spec_engine.pages.labels import ASSUMED_MARK, value_words
from spec_engine.pages.matrix import PROVENANCE_FIELDS, as_of, fact, in_words_of, rows_of
from spec_engine.rules import RuleSet, ruleset

ROWS_PER_PAGE = 17
MARK = {"stated": "", "interpretation": " ~", "not stated": f" {ASSUMED_MARK}"}


def _wrap(value: str, width: int) -> str:
    return "\n".join(textwrap.wrap(value, width)) or value


def write_pdf(path: Path) -> Path:
    """Write the matrix to ``path`` (a PDF, in the active language); returns the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pdf_bytes())
    return path


def pdf_bytes() -> bytes:
    """The matrix as a PDF in the active language. Every page says its number of all of them,
    the provenance pages included (the count once left them out: "Page 1 of 5" of six)."""
    sets = [ruleset(r) for r in REGULATION_IDS]
    rows = rows_of(sets)
    when = as_of()
    metadata = {"Title": _("Blackjack Spec: the rules compared"), "Subject": _("As of {when}", when=when)}
    pages = [
        _rules_page(sets, rows[start : start + ROWS_PER_PAGE], when) for start in range(0, len(rows), ROWS_PER_PAGE)
    ]
    pages += _provenance_pages(sets)
    out = io.BytesIO()
    with PdfPages(out, metadata=metadata) as pdf:
        for number, fig in enumerate(pages, 1):
            said = _("Page {number} of {count}", number=number, count=len(pages))
            fig.text(0.96, 0.02, said, fontsize=7.5, ha="right")
            pdf.savefig(fig)
            plt.close(fig)
    return out.getvalue()


def _rules_page(sets: list[RuleSet], chunk: list[dict[str, Any]], when: str) -> Figure:
    """A page of rule rows, one column per regulation; a row where the texts differ is shaded
    yellow, one where only an assumed value differs grey."""
    fig = plt.figure(figsize=(11.69, 8.27))
    fig.text(0.04, 0.96, _("Blackjack Spec: the rules compared"), fontsize=13, weight="bold")
    legend = _(
        "As of {when}. {mark} assumed (the text is silent), ~ a reading of the text; shaded yellow: the texts "
        "differ; grey: the texts agree and only an assumed value differs.",
        when=when,
        mark=ASSUMED_MARK,
    )
    fig.text(0.04, 0.935, legend, fontsize=7.5)
    cells = []
    for row in chunk:
        line = [_wrap(f"{row['label']} ({row['field']})", 38)]
        for r in sets:
            with in_words_of(r.id):
                value = value_words(r, row["field"])
            line.append(_wrap(value, 22) + MARK[r.citations[row["field"]].basis])
        cells.append(line)
    ax = fig.add_axes((0.04, 0.05, 0.92, 0.86))
    ax.axis("off")
    head = [_("rule"), *[r.id for r in sets]]
    table = ax.table(cellText=cells, colLabels=head, loc="upper left", cellLoc="left", colLoc="left")
    table.auto_set_font_size(False)
    table.set_fontsize(7)
    widths = [0.30, *[0.14] * len(sets)]
    for (i, c), cell in table.get_celld().items():
        cell.set_width(widths[c])
        cell.set_height(0.05)
        if i == 0:
            cell.set_text_props(weight="bold")
        elif chunk[i - 1]["differs"]:
            cell.set_facecolor("#fff3c4")
        elif chunk[i - 1]["by_assumption"]:
            cell.set_facecolor("#e8e8e8")
    return fig


def _provenance_pages(sets: list[RuleSet]) -> list[Figure]:
    """The last pages: where each text comes from, as far as the project knows it; a text whose
    facts would run off the foot of a page starts the next."""
    figs: list[Figure] = []
    y = 0.0
    for r in sets:
        reg = regulation(r.id)
        title = f"{r.id}: {_wrap(reg.name, 150)}"
        facts = [_wrap(f"{_(title_)}: {fact(r.id, key)}", 170) for key, title_ in PROVENANCE_FIELDS[1:]]
        height = 0.035 * (1 + title.count("\n")) + sum(0.021 * (1 + f.count("\n")) for f in facts) + 0.012
        if not figs or y - height < FOOT:
            figs.append(plt.figure(figsize=(11.69, 8.27)))
            heading = (
                _("The texts: where they come from (continued)")
                if len(figs) > 1
                else _("The texts: where they come from")
            )
            figs[-1].text(0.04, 0.96, heading, fontsize=13, weight="bold")
            y = 0.92
        fig = figs[-1]
        fig.text(0.04, y, title, fontsize=8.5, weight="bold", va="top")
        y -= 0.035 * (1 + title.count("\n"))
        for said in facts:
            fig.text(0.06, y, said, fontsize=7, va="top")
            y -= 0.021 * (1 + said.count("\n"))
        y -= 0.012
    return figs


FOOT = 0.05
"""How low on a page text may reach: the page number sits below."""
