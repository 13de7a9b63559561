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
# # One shoe, five rulebooks
#
# The same shuffled cards, the same four players with the same bets, the same plain way of
# playing: only the regulation changes. This page plays six rounds at a table under each of
# the five rule sets (`REGULATION_IDS`, in the comparison's order) with the engine's `Table`
# and `simple_policy`, and
# shows who ends up where, and which rule values made the difference.
#
# It is meant for regulators and trainers: a rule that looks minor on paper (the order of
# dealing, whether a split hand may double, when a pair may be split again) moves real money
# for real players even in a handful of rounds.
#
# **What this is not.** Six rounds say nothing about the house edge: over one shoe, where each
# card lands is luck. The point is to see *mechanisms*: how a rule value reaches a player's
# result.
#
# The code that plays the tables is shown; the code that only draws tables and the chart is
# hidden on this page (the downloadable notebook has all of it).

# %%
from __future__ import annotations

import random
from collections.abc import Mapping

from IPython.display import Markdown, display

from spec_engine.cards import DECK, Card
from spec_engine.events import Money, money_str
from spec_engine.game import Round
from spec_engine.policy import simple_policy
from spec_engine.rules import RuleSet, rulesets
from spec_engine.table import Table

SEED = 27
ROUNDS = 6
BETS = [(1, "P1", 10), (2, "P2", 20), (3, "P3", 50), (4, "P4", 100)]
"""(box, bettor, stake): one bettor on each of four boxes, the same bets every round."""
RULESETS = rulesets()
IDS = [r.id for r in RULESETS]

# %% [markdown]
# ## The shoe
#
# The regulations do not even agree on the shoe: the Catalan club deals from 2 decks,
# Uruguay from 5, the others from 6, and they burn 0, 1 or 5 cards after the shuffle
# (`burn_after_shuffle`). To give every table the same cards, two decks are shuffled once
# (seed 27) and put at the front of every shoe; each table's burnt cards are taken from the
# bottom of those two decks, so that the **first card dealt is the same card everywhere**.
# Without that, the burn alone would shift every card by up to five places and the
# comparison would be about the burn and nothing else.
#
# Each table plays only from these 104 cards (a check below makes sure none reached the
# rest of a larger shoe), and the house banks at every table: the Catalan club's rotating,
# player-owned bank (`banker_rotation`, `co_owned_bank`) is a session matter, left out here.
# The seed was chosen because this shoe happens to show three different rules at work; any
# other seed plays just as well, but the explanations below are written for this one.


# %%
def common_cards(seed: int) -> list[Card]:
    """Two decks, shuffled once with ``seed``."""
    cards = list(DECK) * 2
    random.Random(seed).shuffle(cards)
    return cards


def shoe_for(rules: RuleSet, cards: list[Card]) -> list[Card]:
    """The common cards with this table's burnt cards moved in front of them."""
    burn = rules.burn_after_shuffle
    return cards[len(cards) - burn :] + cards[: len(cards) - burn]


def play_table(rules: RuleSet, cards: list[Card]) -> tuple[Table, list[Round]]:
    """Six rounds of the four bets under ``rules``, from the common cards."""
    table = Table(
        rules,
        seed=SEED,
        min_bet=10,
        max_bet=500,
        participants=len(BETS) + 1,  # the players and the dealer (where the cut card depends on it)
        shoes=[shoe_for(rules, cards)],
        stacked_after_cut=True,  # the stacked order is the order dealt: the cut does not move it
    )
    return table, [table.play(BETS, simple_policy) for _ in range(ROUNDS)]


CARDS = common_cards(SEED)
TABLES = {rules.id: play_table(rules, CARDS) for rules in RULESETS}

for reg, (table, rounds) in TABLES.items():
    used = sum(len(rnd.drawn) for rnd in rounds) + table.rules.burn_after_shuffle
    assert table.shuffles == 1 and used <= len(CARDS), f"{reg}: the rounds went past the common cards"

# %% [markdown]
# ## Who won what
#
# Each player's net result over the six rounds (positive: the player won), per regulation:

# %% tags=["hide-input"]
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def pretty(card: Card) -> str:
    return ("10" if card.rank == "T" else card.rank) + SUIT[card.suit]


def signed(amount: Money) -> str:
    return ("+" if amount > 0 else "") + money_str(amount)


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


NET: dict[str, Mapping[str, Money]] = {reg: table.balances for reg, (table, _) in TABLES.items()}
rows = [
    [f"{bettor} (box {box}, bets {stake})"] + [signed(NET[reg][bettor]) for reg in IDS] for box, bettor, stake in BETS
]
rows.append(["**players together**"] + [f"**{signed(sum(NET[reg].values()))}**" for reg in IDS])
display(Markdown(markdown_table(["player", *IDS], rows)))

# %% tags=["hide-input"]
# ruff: noqa: E402 (each cell imports what it needs: the page runs the cells that need no more)
import matplotlib
from IPython.display import Image

from spec_engine.pages import charts

matplotlib.rcParams.update(charts.STYLE)  # text of 13 px, on a phone too
# a group of bars per player, the player's name above it, a bar per regulation, its figure at its end
fig = charts.figure(height=round(len(BETS) * (len(IDS) + 1.6) * 17) + 60)
ax = fig.subplots()
y, ticks = 0.0, []
for box, bettor, stake in BETS:
    ax.text(0, y, f"{bettor}: box {box}, bets {stake}", va="top", fontweight="bold", transform=ax.get_yaxis_transform())
    for reg, colour in zip(IDS, matplotlib.colormaps["tab10"].colors, strict=False):
        y -= 1
        net = float(NET[reg][bettor])
        bars = ax.barh(y - 0.5, net, height=0.75, color=colour)
        ax.bar_label(bars, [signed(NET[reg][bettor])], padding=3)
        ticks.append((y - 0.5, reg))
    y -= 1.6
ax.set_yticks(*zip(*ticks, strict=True))
ax.tick_params(axis="y", length=0)
ax.set_ylim(ticks[-1][0] - 0.6, 0.3)
ax.axvline(0, color="black", linewidth=0.8)
ax.margins(x=0.22)  # room for the figures at the bars' ends
ax.spines[["top", "right"]].set_visible(False)
ax.set_xlabel(f"net result after {ROUNDS} rounds")
chart = charts.render(fig, IDS)
display(
    Image(data=chart.png, format="png", width=chart.width, height=chart.height),
    metadata={
        "alt": "Bar chart: each player's net result after six rounds under each of the five regulations "
        "(the table above gives the figures)"
    },
)

# %% [markdown]
# ## The first round, table by table
#
# Everything that separates the five results starts in round 1. Each table's boxes
# (hands of a split separated by `/`), the dealer's cards and each player's result:


# %% tags=["hide-input"]
def round_row(rnd: Round) -> list[str]:
    cells = []
    for number in range(1, len(BETS) + 1):
        box = rnd.boxes[number]
        hands = " / ".join(" ".join(pretty(c) for c in hand.cards) for hand in box.hands)
        net = sum(e.amount or 0 for e in rnd.events if e.type == "settle" and e.bettor == box.owner)
        cells.append(f"{hands} → {signed(net)}")
    return [*cells, " ".join(pretty(c) for c in rnd.dealer)]


header = ["regulation"] + [f"box {box} ({bettor}, {stake})" for box, bettor, stake in BETS] + ["dealer"]
display(Markdown(markdown_table(header, [[reg, *round_row(TABLES[reg][1][0])] for reg in IDS])))

# %% [markdown]
# ## Why the results differ
#
# The rule values that differ between the five rule sets and that played a part here
# (every value cites its clauses on the *Rules compared* page):

# %% tags=["hide-input"]
PLAYED = [
    "decks",
    "burn_after_shuffle",
    "deal_order",
    "double_after_split",
    "resplit_consecutive_only",
    "max_split_hands",
]


def shown(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, frozenset):
        return ", ".join(str(v) for v in sorted(value))
    return str(value).lower() if isinstance(value, bool) else str(value)


display(
    Markdown(
        markdown_table(["rule", *IDS], [[f"`{name}`"] + [shown(getattr(r, name)) for r in RULESETS] for name in PLAYED])
    )
)

# %% [markdown]
# **The order of dealing (CL).** The Catalan club deals from the banker's right
# (`deal_order = descending`); the others from the dealer's left. The same cards come out of
# the shoe in the same order, but at the club box 4 receives what box 1 receives elsewhere:
# the whole table is mirrored. The cards are the same; the *stakes* on them are not.
# Round 1's pair of eights, split and doubled, belongs to P3 (50 a hand) at the club and to P2
# (20 a hand) at the other tables; the blackjack of round 1 is P2's at the club and P3's
# elsewhere. Who sits where matters as much as what is dealt.
#
# **Doubling after a split (IT).** At Campione a hand made by a split may not double
# (`double_after_split = false`). In round 1, P2's first split hand is 8 + 2 = 10: at the
# Spanish, Uruguayan and Czech tables P2 doubles it and the ace makes 21 on a doubled stake.
# At Campione the same ace comes as an ordinary hit: the same 21 wins only the single stake.
# Since a double takes exactly one card and the hit took one card too, the shoe is untouched:
# every later round at Campione is dealt exactly as at the Spanish and Czech tables, and P2's
# 20 less is the whole difference.
#
# **Splitting again (UY).** In Uruguay a pair may be split again only if the equal cards come
# in succession (`resplit_consecutive_only = true`). P2's second eight receives another eight,
# but only after the first hand drew two other cards: the series is over, so the 8 + 8 must be
# played as 16, draws and busts. Everywhere else it is split again. From that card on Uruguay
# uses the shoe differently, the dealer's hand changes (he busts in Uruguay), and **every later
# round is dealt other cards**: one rule in round 1 decides the rest of the shoe.
#
# **Rules that did not come into play (ES and CZ).** Melilla and the Czech casino differ on
# insurance (the Czech insurance must be exactly half the bet), on how many hands a split
# may make (`max_split_hands`: no limit or 4), on re-splitting aces, on the cut and the
# dealing procedure. None of these situations arose in these six rounds, so the two tables
# played identically. Comparing regulations on one shoe shows the rules that *were* hit, not
# all the rules that differ.
#
# **Rules the simple player never tests.** `simple_policy` doubles only on 10 or 11, never
# insures, and stands from 17: which totals may double (`double_totals`: only 9, 10 and 11 in
# CL and ES), insurance and even money, drawing on 21 or the least total to stand
# (`min_stand_total`: 12 in UY) never matter to it. The *Rules compared* page lists them all.

# %% [markdown]
# The statements above are checked here, so this page cannot silently drift from the
# engine and the rule sets:


# %% tags=["hide-input"]
def card_flow(reg: str) -> list[list[str]]:
    """The cards each round drew from the shoe, in order."""
    return [[c.code for c in rnd.drawn] for rnd in TABLES[reg][1]]


first = {reg: TABLES[reg][1][0] for reg in IDS}
checks = {
    "ES and CZ play identically": NET["ES"] == NET["CZ"] and card_flow("ES") == card_flow("CZ"),
    "CL draws the same cards as ES, dealt mirrored": card_flow("CL") == card_flow("ES")
    and [c.code for c in first["CL"].boxes[4].hands[0].cards[:2]]
    == [c.code for c in first["ES"].boxes[1].hands[0].cards[:2]],
    "IT draws the same cards as ES; only P2 differs, by 20": card_flow("IT") == card_flow("ES")
    and {b: NET["ES"][b] - NET["IT"][b] for b in NET["ES"]} == {"P1": 0, "P2": 20, "P3": 0, "P4": 0},
    "P2 doubles after the split at ES, not at IT": [e.type for e in first["ES"].events if e.box == 2].count("double")
    == 1
    and [e.type for e in first["IT"].events if e.box == 2].count("double") == 0,
    "UY plays two hands for P2's eights, ES three; UY's shoe differs from round 1": len(first["UY"].boxes[2].hands) == 2
    and len(first["ES"].boxes[2].hands) == 3
    and card_flow("UY")[0] != card_flow("ES")[0],
}
for claim, holds in checks.items():
    print(("holds:  " if holds else "FAILS:  ") + claim)
assert all(checks.values()), "the explanation above no longer matches the engine: update the text (or the seed)"
