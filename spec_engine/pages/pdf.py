"""The comparison matrix as a printable PDF (``rules.pdf``), drawn with matplotlib.

A4 landscape pages of rule rows, one column per regulation; each value is marked with its
basis as on the site: ``*`` the text is silent and the engine assumes it, ``~`` the project's
reading of the text, nothing where the text states it; a row where the texts differ is
shaded. The first page says what the document is and as of when; the last, where each text
comes from (its provenance).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no screen: draw to files only

from matplotlib import pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure

from spec_engine.catalog import REGULATION_IDS, regulation
from spec_engine.pages.labels import words
from spec_engine.pages.matrix import PROVENANCE_FIELDS, as_of, rows_of
from spec_engine.rules import RuleSet, ruleset

ROWS_PER_PAGE = 17
MARK = {"stated": "", "interpretation": " ~", "not stated": " *"}


def _wrap(value: str, width: int) -> str:
    return "\n".join(textwrap.wrap(value, width)) or value


def write_pdf(path: Path) -> Path:
    """Write the matrix to ``path`` (a PDF); returns the path."""
    sets = [ruleset(r) for r in REGULATION_IDS]
    rows = rows_of(sets)
    head = ["rule", *[r.id for r in sets]]
    path.parent.mkdir(parents=True, exist_ok=True)
    metadata = {"Title": "Blackjack Spec: the rules compared", "Subject": f"As of {as_of()}"}
    with PdfPages(path, metadata=metadata) as pdf:
        for start in range(0, len(rows), ROWS_PER_PAGE):
            chunk = rows[start : start + ROWS_PER_PAGE]
            fig = plt.figure(figsize=(11.69, 8.27))
            fig.text(0.04, 0.96, "Blackjack Spec: the rules compared", fontsize=13, weight="bold")
            fig.text(
                0.04,
                0.935,
                f"As of {as_of()}. * assumed (the text is silent), ~ a reading of the text; shaded: the "
                f"texts differ. Page {start // ROWS_PER_PAGE + 1} of {-(-len(rows) // ROWS_PER_PAGE)}.",
                fontsize=7.5,
            )
            cells = []
            for row in chunk:
                line = [_wrap(f"{row['label']} ({row['field']})", 38)]
                for r in sets:
                    value = words(row["field"], getattr(r, row["field"]))
                    line.append(_wrap(value, 22) + MARK[r.citations[row["field"]].basis])
                cells.append(line)
            ax = fig.add_axes((0.04, 0.03, 0.92, 0.88))
            ax.axis("off")
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
            pdf.savefig(fig)
            plt.close(fig)
        pdf.savefig(_provenance_page(sets))
        plt.close("all")
    return path


def _provenance_page(sets: list[RuleSet]) -> Figure:
    """A last page: where each text comes from, as far as the project knows it."""
    fig = plt.figure(figsize=(11.69, 8.27))
    fig.text(0.04, 0.96, "The texts: where they come from", fontsize=13, weight="bold")
    y = 0.92
    for r in sets:
        reg = regulation(r.id)
        fig.text(0.04, y, f"{r.id}: {_wrap(reg.name, 150)}", fontsize=8.5, weight="bold", va="top")
        y -= 0.035 * (1 + len(reg.name) // 150)
        for key, title in PROVENANCE_FIELDS[1:]:
            value = _wrap(f"{title}: {getattr(reg, key)}", 170)
            fig.text(0.06, y, value, fontsize=7, va="top")
            y -= 0.021 * (1 + value.count("\n"))
        y -= 0.012
    return fig
