# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # What a rule costs: the return against the decks and against each rule
#
# The exact analysis of the shoe (`spec_engine.analysis`, the `analysis` extra) gives the
# player's expected return under a rule set's basic strategy. Here it answers two questions
# a club or a regulator asks: how much do the **number of decks** matter, and how much does
# **each rule where the texts differ** move the return? The figures are floats (probabilities
# summed over every card sequence); they are kept in the one cache the site's pages and the
# command line share (keyed by the rule values), so running this again costs nothing.

# %%
from __future__ import annotations

import dataclasses
import textwrap

import matplotlib
from IPython.display import Image, Markdown, display
from matplotlib.figure import Figure

from spec_engine.pages import charts
from spec_engine.pages.cost import effects, figures
from spec_engine.pages.labels import label, words
from spec_engine.rules import ruleset, rulesets

matplotlib.rcParams.update(charts.STYLE)  # text of 13 px, on a phone too
RULESETS = rulesets()


def show(fig: Figure, alt: str, series: list[str]) -> None:
    """The figure as a PNG, at the width it was drawn for, with its text alternative."""
    chart = charts.render(fig, series)
    image = Image(data=chart.png, format="png", width=chart.width, height=chart.height)
    display(image, metadata={"alt": alt})


DECKS = (1, 2, 4, 8)

# %% [markdown]
# ## The return against the number of decks
#
# Each rulebook keeps all its own values but the deck count: one, two, four or eight.
# Fewer decks favour the player: a blackjack is likelier and the player's doubles gain more.
# The large circle marks each rulebook's own shoe; a rulebook whose line is the same as one
# drawn before says so (its markers, larger, show around the other's).

# %%
fig = charts.figure(height=330)
ax = fig.subplots()
rows: dict[str, list[float]] = {}
for rules, style in zip(RULESETS, charts.SERIES_STYLES[: len(RULESETS)], strict=True):
    returns = [figures(dataclasses.replace(rules, decks=n)).basic_strategy.ev_percent for n in DECKS]
    same = [rid for rid, earlier in rows.items() if earlier == returns]  # drawn over: say so
    ax.plot(DECKS, returns, label=rules.id + (f" (= {same[0]})" if same else ""), **style)
    rows[rules.id] = returns
own = [(rules.decks, figures(rules).basic_strategy.ev_percent) for rules in RULESETS]
ax.plot(*zip(*own, strict=True), "o", markersize=15, fillstyle="none", color="black", label="own shoe")
ax.axhline(0, color="grey", linewidth=0.8)
ax.set_xscale("log", base=2)
ax.set_xticks(DECKS, [str(n) for n in DECKS])
ax.minorticks_off()
ax.set_xlabel("decks in the shoe")
ax.set_ylabel("expected return (%)")
fig.legend(loc="outside lower center", ncols=3)
show(
    fig,
    "Line chart: each rulebook's expected return for one to eight decks, rising as the decks fall "
    "(the table below gives the figures)",
    list(rows),
)

# %% tags=["hide-input"]
head = "| rulebook | " + " | ".join(f"{n} deck{'s' if n > 1 else ''}" for n in DECKS) + " |"
lines = [head, "|---" * (len(DECKS) + 1) + "|"]
lines += [f"| {rid} | " + " | ".join(f"{v:+.3f} %" for v in returns) + " |" for rid, returns in rows.items()]
display(Markdown("\n".join(lines)))

# %% [markdown]
# ## The return against each rule where the texts differ
#
# For every rule value that departs from what the other texts say (the highlighted cells of
# [the rules compared](../rules.md)), the bar is that rulebook's return minus its return
# with the other texts' value, every other value unchanged: what that one rule is worth to
# the player, in percentage points.

# %%
found = sorted(effects().values(), key=lambda e: e.delta)
names = [f"{e.regulation}: {label(e.field)} {words(e.field, e.value)} (vs {words(e.field, e.base)})" for e in found]
# one row per rule value, its words above its bar (a phone has no room beside it)
wrapped = [textwrap.wrap(f"{name}: {e.delta:+.3f}", 44) for name, e in zip(names, found, strict=True)]
tops, y = [], 0.0
for lines in wrapped:
    tops.append(y)
    y -= len(lines) + 1.5
fig = charts.figure(height=round(-y * 16) + 50)
ax = fig.subplots()
left, right = min(0.0, *(e.delta for e in found)), max(0.0, *(e.delta for e in found))
pad = (right - left) * 0.05
ax.set_xlim(left - pad, right + pad)
ax.set_ylim(y + 0.3, 0.1)
for top, lines, e in zip(tops, wrapped, found, strict=True):
    ax.text(left - pad, top, "\n".join(lines), va="top")
    bar = top - len(lines) - 0.6
    ax.barh(bar, e.delta, height=0.7, color="#2e7d32" if e.delta > 0 else "#c62828")
    ax.plot([0, 0], [bar - 0.5, bar + 0.5], color="grey", linewidth=0.8)  # zero
    ax.plot([e.delta], [bar], marker="|", markersize=12, color="black")  # the end: a zero shows too
ax.spines[["left", "top", "right"]].set_visible(False)
ax.locator_params(axis="x", nbins=4)  # room for each tick's number
ax.set_yticks([])
ax.set_xlabel("effect on the return (points)")
show(
    fig,
    "Bar chart: the effect of each departing rule value on the player's return, in percentage points "
    "(the table below gives the figures)",
    names,
)

# %% tags=["hide-input"]
lines = ["| rule value (vs the other texts) | effect on the return (points) |", "|---|---|"]
lines += [f"| {name} | {e.delta:+.3f} |" for name, e in zip(names, found, strict=True)]
display(Markdown("\n".join(lines)))

# %% [markdown]
# ## One rule, changed by hand
#
# Any value can be tried the same way: `dataclasses.replace` makes a rule set with one value
# changed, and `figures` computes (or finds in the cache) its odds. Here: Uruguay if split
# aces took one card each, as in the other four rulebooks.

# %%
uy = ruleset("UY")
changed = dataclasses.replace(uy, split_aces_one_card=True, double_on_split_aces=False)
own, other = figures(uy).basic_strategy.ev_percent, figures(changed).basic_strategy.ev_percent
print(f"UY as written: {own:+.3f} %; split aces one card each: {other:+.3f} %; difference {own - other:+.3f} points")
