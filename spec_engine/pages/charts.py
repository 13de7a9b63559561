"""The notebooks' charts, drawn to be read on a phone.

A chart is drawn for the width it is shown at, :data:`WIDTH` CSS pixels: narrower than the text
column of a 390 px phone (358 px), so a phone shows it at full size and a desktop the same. Its
text is at least :data:`TEXT_PT` points at :data:`PX_PER_INCH` CSS pixels to the inch: 13.2 px
(:func:`render` refuses a chart with smaller text than :data:`LEAST_TEXT_PX`). The PNG holds
:data:`DENSITY` image pixels per CSS pixel (sharp on a phone's screen) and says, in its
metadata, how large its smallest text is in image pixels (:data:`SMALLEST_TEXT`) and which
series it draws (:data:`SERIES`, one a line): the site's browser tests check the first against
the width the page gives the image and the second against the table beside the chart.

Series that would hide one another are told apart by :data:`SERIES_STYLES`: each its own
marker shape (hollow) and line style, so that two equal series both show.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.figure import Figure
from matplotlib.text import Text

WIDTH = 340
"""CSS pixels: the width every chart is drawn for and shown at (``<img width>``)."""
PX_PER_INCH = 100
"""CSS pixels per inch of a figure: a figure ``WIDTH / PX_PER_INCH`` inches wide."""
DENSITY = 2
"""Image pixels per CSS pixel."""
TEXT_PT = 9.5
"""The size of all the text, in points: ``TEXT_PT * PX_PER_INCH / 72`` = 13.2 CSS pixels."""
LEAST_TEXT_PX = 12.0
"""The least size of any text of a chart as shown, in CSS pixels."""
SMALLEST_TEXT = "Smallest text (px)"
"""The PNG's text key for the size of its smallest text, in image pixels."""
SERIES = "Series"
"""The PNG's text key for the names of the series it draws, one a line."""

STYLE: dict[str, Any] = {
    "font.size": TEXT_PT,
    **{key: TEXT_PT for key in ("axes.titlesize", "axes.labelsize", "xtick.labelsize", "ytick.labelsize")},
    **{key: TEXT_PT for key in ("legend.fontsize", "legend.title_fontsize", "figure.titlesize")},
    "lines.linewidth": 1.6,
    "lines.markersize": 7,
}
"""Matplotlib settings for the charts (``matplotlib.rcParams.update(STYLE)`` before drawing:
a text takes its size when it is made)."""

SERIES_STYLES: tuple[dict[str, Any], ...] = tuple(
    {"marker": marker, "linestyle": line, "markerfacecolor": "none", "markeredgewidth": 1.6, "markersize": size}
    for marker, line, size in (
        ("o", "-", 6),
        ("s", (0, (5, 2)), 9),
        ("^", "-.", 8),
        ("D", ":", 6),
        ("v", (0, (1, 1, 4, 1)), 8),
        ("p", (0, (3, 1, 1, 1, 1, 1)), 9),
        ("X", (0, (8, 2)), 7),
        ("h", (0, (2, 2)), 8),
    )
)
"""Keyword arguments of ``Axes.plot`` for up to eight series (the five rulebooks, and room for
three more): a marker shape and a line style each, hollow markers of different sizes, so a
series drawn over an equal one leaves it seen."""


def figure(height: int) -> Figure:
    """A figure :data:`WIDTH` x ``height`` CSS pixels, its layout constrained (labels and a legend
    placed ``"outside"`` stay inside the image)."""
    return Figure(figsize=(WIDTH / PX_PER_INCH, height / PX_PER_INCH), dpi=PX_PER_INCH, layout="constrained")


def smallest_text_pt(fig: Figure) -> float:
    """The size, in points, of the smallest text the figure shows (its tick labels included)."""
    fig.draw_without_rendering()  # the tick labels get their text
    sizes = [float(t.get_fontsize()) for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    if not sizes:
        raise ValueError("the chart shows no text: it needs at least axis labels")
    return min(sizes)


@dataclass(frozen=True)
class Chart:
    """A chart drawn to PNG, with the size to show it at."""

    png: bytes
    width: int
    """CSS pixels (:data:`WIDTH`)."""
    height: int
    """CSS pixels."""
    smallest_text_px: float
    """The size of its smallest text in image pixels (:data:`DENSITY` to a CSS pixel)."""


def render(fig: Figure, series: Sequence[str]) -> Chart:
    """The figure as a PNG of :data:`DENSITY` pixels per CSS pixel, its metadata naming the
    size of its smallest text and its ``series``; a chart whose text would show smaller than
    :data:`LEAST_TEXT_PX` is refused (``ValueError``)."""
    points = smallest_text_pt(fig)
    shown = points * PX_PER_INCH / 72
    if shown < LEAST_TEXT_PX:
        raise ValueError(f"the chart's smallest text would show {shown:.1f} px high; at least {LEAST_TEXT_PX:g} px")
    width, height = (round(size * PX_PER_INCH) for size in fig.get_size_inches())
    image_px = points * PX_PER_INCH * DENSITY / 72
    metadata = {"Software": None, SMALLEST_TEXT: f"{image_px:.1f}", SERIES: "\n".join(series)}
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=PX_PER_INCH * DENSITY, metadata=metadata)
    return Chart(png.getvalue(), width, height, image_px)
