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
import io

import matplotlib

matplotlib.use("Agg")  # no display: figures are drawn to PNG
import matplotlib.pyplot as plt
from IPython.display import Image, Markdown, display

from spec_engine.pages.cost import effects, figures
from spec_engine.pages.labels import label
from spec_engine.rules import ruleset, rulesets, show_value

RULESETS = rulesets()


def show(fig: plt.Figure, alt: str) -> None:
    """The figure as a PNG with its text alternative."""
    png = io.BytesIO()
    fig.savefig(png, format="png", bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    display(Image(data=png.getvalue(), format="png"), metadata={"alt": alt})


DECKS = (1, 2, 4, 8)

# %% [markdown]
# ## The return against the number of decks
#
# Each rulebook keeps all its own values but the deck count: one, two, four or eight.
# Fewer decks favour the player: a blackjack is likelier and the player's doubles gain more.
# The circle marks each rulebook's own shoe.

# %%
fig, ax = plt.subplots(figsize=(7, 4))
rows = []
for rules in RULESETS:
    returns = [figures(dataclasses.replace(rules, decks=n)).basic_strategy.ev_percent for n in DECKS]
    ax.plot(list(DECKS), returns, marker=".", label=rules.id)
    own = figures(rules).basic_strategy.ev_percent
    ax.plot([rules.decks], [own], "o", markersize=9, fillstyle="none", color="black")
    rows.append((rules.id, returns))
ax.axhline(0, color="grey", linewidth=0.8)
ax.set_xlabel("decks in the shoe")
ax.set_ylabel("player's expected return (%)")
ax.set_title("Basic strategy, each rulebook's other values")
ax.legend()
fig.tight_layout()
show(fig, "Line chart: each rulebook's expected return for one to eight decks, rising as the decks fall")

# %% tags=["hide-input"]
head = "| rulebook | " + " | ".join(f"{n} deck{'s' if n > 1 else ''}" for n in DECKS) + " |"
lines = [head, "|---" * (len(DECKS) + 1) + "|"]
lines += [f"| {rid} | " + " | ".join(f"{v:+.3f} %" for v in returns) + " |" for rid, returns in rows]
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
fig, ax = plt.subplots(figsize=(7, 0.35 * len(found) + 1))
names = [
    f"{e.regulation}: {label(e.field)} {show_value(e.value)} (vs {show_value(e.base)})".replace("_", " ") for e in found
]
ax.barh(names, [e.delta for e in found], color=["#2e7d32" if e.delta > 0 else "#c62828" for e in found])
ax.axvline(0, color="grey", linewidth=0.8)
ax.set_xlabel("effect on the player's return (percentage points)")
fig.tight_layout()
show(fig, "Bar chart: the effect of each departing rule value on the player's return, in percentage points")

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
