"""What the rules cost: the exact figures of each rulebook (the analysis room), the basic
strategy charts, and the effect of each departing rule value on the player's return.

Every figure comes from :func:`spec_engine.analysis.cached_odds`, kept in the one cache the
command line and the notebooks share (:func:`spec_engine.analysis.default_cache_dir`), keyed by
a hash of the odds-relevant rule values and of the analysis code, so a build recomputes only
what a changed rule changes. The figures are floats
(probabilities); the pages say so.
"""

from __future__ import annotations

import dataclasses
import html
import json
import logging
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spec_engine.analysis import LEGEND, METHOD, SURRENDER_CODES, USED, Odds, cached_odds, default_cache_dir
from spec_engine.catalog import REGULATION_IDS
from spec_engine.pages.labels import ASSUMED_MARK, label, words
from spec_engine.pages.matrix import as_of, comparison
from spec_engine.rules import RuleSet, ruleset

UPCARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
ACTION_NAMES = {
    "H": "hit",
    "S": "stand",
    "D": "double, else hit",
    "Ds": "double, else stand",
    "P": "split",
    "Rh": "surrender, else hit",
    "Rs": "surrender, else stand",
    "Rp": "surrender, else split",
}
log = logging.getLogger(__name__)


def figures(rules: RuleSet) -> Odds:
    """The rule set's figures, from the cache or computed now (a rule set that takes time is
    logged, at level INFO: the pages' command line shows it; a notebook's page does not)."""
    start = time.monotonic()
    found = cached_odds(rules, default_cache_dir())
    spent = time.monotonic() - start
    if spent > 1:
        log.info("odds of %s (%s) computed in %.1f s", rules.id, found.key, spent)
    return found


@dataclass(frozen=True)
class Effect:
    """What one departing rule value does to the player's return: ``delta`` (percentage
    points, float) is the rulebook's return minus its return with ``field`` set to ``base``
    (the value the other texts give), every other value its own."""

    field: str
    regulation: str
    value: Any
    base: Any
    delta: float


def _base(sets: Sequence[RuleSet], field: str) -> Any:
    """The value a departing cell is measured against: the most common value among the texts'
    own (stated or read) values, or, where they tie, among all five rule sets; ``None`` for a
    tie there too (then nothing is measured)."""
    for pool in (
        [getattr(r, field) for r in sets if not r.citations[field].assumed],
        [getattr(r, field) for r in sets],
    ):
        counts = Counter(repr(v) for v in pool).most_common()
        if not counts:  # (no text states the rule: every value is assumed)
            continue
        if len(counts) == 1 or counts[0][1] > counts[1][1]:
            return next(v for v in pool if repr(v) == counts[0][0])
    return _NO_BASE


_NO_BASE = object()


def effects(sets: Sequence[RuleSet] | None = None) -> dict[tuple[str, str], Effect]:
    """(field, regulation) -> the effect of that departing value, for every odds-relevant
    rule the comparison matrix marks as departing (:func:`spec_engine.pages.matrix.comparison`)."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    own = {r.id: figures(r).basic_strategy.ev_percent for r in sets}
    out: dict[tuple[str, str], Effect] = {}
    for name in USED:
        _, departing = comparison(sets, name)
        base = _base(sets, name)
        if base is _NO_BASE:
            continue
        for i in sorted(departing):
            rules = sets[i]
            value = getattr(rules, name)
            if repr(value) == repr(base):
                continue
            other = figures(dataclasses.replace(rules, **{name: base})).basic_strategy.ev_percent
            out[name, rules.id] = Effect(name, rules.id, value, base, own[rules.id] - other)
    return out


def effect_note(effect: Effect) -> str:
    """The line a matrix cell shows under a departing value."""
    sign = "+" if effect.delta >= 0 else "\u2212"
    base = html.escape(words(effect.field, effect.base))
    shown = (
        f"player's return unchanged vs {base}"
        if abs(effect.delta) < 0.0005
        else f"player's return {sign}{abs(effect.delta):.3f} pp vs {base}"
    )
    return (
        f'<span class="effect" title="the player\'s return under basic strategy, against the same '
        f'rulebook with {html.escape(label(effect.field))} = {base}: {effect.delta:+.4f} percentage points">'
        f"{shown}</span>"
    )


SIMULATIONS = Path(__file__).resolve().parents[2] / "docs" / "simulations"
"""The summaries of ``make simulate`` (one JSON file per rulebook), shown beside the exact figures."""


def simulation_rows(sets: Sequence[RuleSet], folder: Path = SIMULATIONS) -> list[str]:
    """One Markdown table row per rulebook: the engine's simulated return beside the exact one."""
    rows = []
    for r in sets:
        path = folder / f"{r.id}.json"
        if not path.is_file():
            rows.append(f"| {r.id} | not simulated yet (`make simulate`) | | | | | |")
            continue
        sim = json.loads(path.read_text(encoding="utf-8"))
        low, high = sim["ci99_percent"]
        inside = "yes" if sim["exact_inside"] else "**no**"
        rows.append(
            f"| {r.id} | {sim['rounds']:,} rounds, {sim['date']} (revision {str(sim.get('revision') or '?')[:12]}) | "
            f"{_pct(sim['mean_percent'])} | {_pct(low)} to {_pct(high)} | {_pct(sim['exact_percent'])} | {inside} | "
            f"{sim['violations']} |"
        )
    return rows


def _pct(value: float | None, digits: int = 3) -> str:
    if value is None:
        return "not offered"
    return f"{value:+.{digits}f} %".replace("-", "\u2212")


def _prob(value: float) -> str:
    return f"{100 * value:.2f} %"


def _rule_links(rules: RuleSet, fields: Sequence[str]) -> str:
    return ", ".join(
        f'<a href="rules.html#rule-{f}">{html.escape(label(f))}: {html.escape(words(f, getattr(rules, f)))}</a>'
        + (ASSUMED_MARK if rules.citations[f].assumed else "")
        for f in fields
    )


def cost_page(sets: Sequence[RuleSet] | None = None) -> str:
    """The page *What the rules cost*."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    all_odds = [figures(r) for r in sets]
    head = "".join(f'<th scope="col"><a href="{r.id.lower()}.html">{html.escape(r.id)}</a></th>' for r in sets)

    def row(title: str, cells: Sequence[str], note: str = "", deps: Sequence[str] = ()) -> str:
        links = ", ".join(f'<a href="rules.html#rule-{f}">{html.escape(label(f))}</a>' for f in deps)
        small = "; ".join(x for x in (note, f"depends on {links}" if links else "") if x)
        th = html.escape(title) + (f"<br><small>{small}</small>" if small else "")
        return f'<tr><th scope="row">{th}</th>' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"

    every = '<a href="#the-rule-values-behind-the-figures">every rule value that changes the odds</a>'

    main = [
        row(
            "Return to player, basic strategy",
            [f"{100 + o.basic_strategy.ev_percent:.3f} %" for o in all_odds],
            f"depends on {every}",
        ),
        row(
            "Player's expected return, basic strategy",
            [_pct(o.basic_strategy.ev_percent) for o in all_odds],
            f"per initial unit; negative: the house wins; depends on {every}",
        ),
        row(
            "Player's expected return, composition-dependent",
            [_pct(o.composition_dependent.ev_percent) for o in all_odds],
            f"each decision by the hand's cards and the up-card; depends on {every}",
        ),
        row("Round won", [_prob(o.basic_strategy.win) for o in all_odds], f"depends on {every}"),
        row("Round pushed", [_prob(o.basic_strategy.push) for o in all_odds], f"depends on {every}"),
        row("Round lost", [_prob(o.basic_strategy.loss) for o in all_odds], f"depends on {every}"),
        row("Player's blackjack", [_prob(o.basic_strategy.blackjack) for o in all_odds], deps=("decks",)),
        row(
            "One unit of insurance",
            [_pct(o.insurance.ev_per_unit_percent if o.insurance else None) for o in all_odds],
            "its expected return, against the dealer's ace",
            ("insurance_max", "insurance_payout", "decks"),
        ),
        row(
            "Even money instead of playing the blackjack on",
            [_pct(o.insurance.even_money_gain_percent if o.insurance else None) for o in all_odds],
            "gain per unit staked",
            ("even_money", "blackjack_payout", "decks"),
        ),
        row(
            "Banker's edge",
            ["house bank" if o.banker_edge_percent is None else _pct(o.banker_edge_percent) for o in all_odds],
            "where a player banks: what the bank wins per unit staked",
            ("banker_rotation", "co_owned_bank"),
        ),
        row(
            "Not honoured by the analysis",
            [
                "<br>".join(
                    f'<a href="rules.html#rule-{n["field"]}">{html.escape(label(n["field"]))}</a>'
                    for n in o.not_honoured
                )
                or "none"
                for o in all_odds
            ],
        ),
    ]
    by_up = [
        row(f"dealer shows {u if u != 'T' else '10'}", [_pct(o.basic_strategy.by_upcard[u], 2) for o in all_odds])
        for u in UPCARDS
    ]
    hands = list(all_odds[0].basic_strategy.by_hand)
    by_hand = [row(h.replace("T", "10"), [_pct(o.basic_strategy.by_hand[h], 2) for o in all_odds]) for h in hands]
    depends = []
    for r, o in zip(sets, all_odds, strict=True):
        depends += [f"- **{html.escape(r.name)}**: {_rule_links(r, o.fields_used)}"]
    notes = []
    for r, o in zip(sets, all_odds, strict=True):
        for gap in o.not_honoured:
            notes.append(
                f"- **{r.id}**, {html.escape(label(gap['field']))} = {html.escape(gap['value'])}: {gap['why']}"
            )
        for note in o.notes:
            notes.append(f"- **{r.id}**: {html.escape(note)}")

    def table(caption: str, rows: list[str]) -> list[str]:
        return [
            f'<div class="scrollwrap" markdown="0" tabindex="0" role="region" aria-label="{html.escape(caption)}">'
            f'<table class="cost"><caption>{html.escape(caption)}</caption>',
            f'<thead><tr><th scope="col">figure</th>{head}</tr></thead><tbody>',
            *rows,
            "</tbody></table></div>",
            "",
        ]

    return "\n".join(
        [
            "---",
            "search:",
            "  boost: 2",
            "---",
            "",
            "# What the rules cost",
            "",
            f'<p class="as-of" markdown="0">As of {as_of()}.</p>',
            "",
            "The player's expected return under each rulebook, computed **exactly** by combinatorial "
            "analysis of the shoe from the rule set's values (never from a regulation's name), with "
            "the basic strategy the same calculation derives for the full shoe "
            "([the charts](strategy.md)). Probabilities are floating-point numbers; the stakes and "
            "payouts of the engine stay exact. Every figure depends on the rule values listed under "
            "[the rule values behind the figures](#the-rule-values-behind-the-figures); a value marked * "
            "is one the text does not state (the rule set's assumption). The effect of each value "
            "that departs from the other texts is shown on [the rules compared](rules.md); what the "
            "differences between any two rulebooks cost, rule by rule and in all, on "
            "[the cost between two rulebooks](pairs.md).",
            "",
            *table("The figures, per rulebook", main),
            "## By the dealer's up-card",
            "",
            "The player's expected return under basic strategy, given the dealer's first card.",
            "",
            *table("Return by the dealer's up-card", by_up),
            "## By the player's first two cards",
            "",
            "The player's expected return under basic strategy, given his two cards (over every up-card).",
            "",
            *table("Return by the player's first two cards", by_hand),
            "## The engine against the exact figures",
            "",
            "A Monte-Carlo check: the clause-traced engine itself plays each rulebook's basic strategy "
            "(above) round after round, each round from a full shoe in random order, with every clause "
            "check and its event log; `make simulate` (`blackjack-spec simulate REG --rounds N`) writes "
            "these summaries. The mean is a float over exact sums; the interval is its 99 % confidence "
            "interval. *Violations*: rounds in which a card or a chip was not accounted for.",
            "",
            "| rulebook | simulation | mean return | 99 % interval | exact | exact inside | violations |",
            "|---|---|---|---|---|---|---|",
            *simulation_rows(sets),
            "",
            "## The rule values behind the figures",
            "",
            *depends,
            "",
            "## What the analysis does not model",
            "",
            *(notes or ["Nothing: every rule value that changes the odds is honoured."]),
            "",
            "## Method",
            "",
            html.escape(METHOD),
            "",
        ]
    )


def strategy_page(sets: Sequence[RuleSet] | None = None) -> str:
    """The basic-strategy chart of each rulebook as the familiar coloured grid; a cell whose
    action differs between the rulebooks is marked."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    charts = {r.id: figures(r).strategy for r in sets}
    first = next(iter(charts.values()))
    shown = [r for r in first.rows if r not in ("hard 4", "soft 12")]
    varies = {(row, up) for row in shown for up in UPCARDS if len({c.action(row, up) for c in charts.values()}) > 1}
    used = {chart.action(row, up) for chart in charts.values() for row in shown for up in UPCARDS}
    legend = " ".join(
        f'<span class="act act-{k}">{html.escape(k)}</span> {html.escape(ACTION_NAMES[k])}'
        for k in LEGEND
        if k not in SURRENDER_CODES or k in used  # (a surrender code where a chart has it)
    )
    out = [
        "# Basic strategy, per rulebook",
        "",
        "The total-dependent basic strategy each rulebook's own values call for, derived by the exact "
        "calculation of [what the rules cost](cost.md) for the full shoe: one action per hand total (or "
        "pair) and dealer up-card. A cell marked \u25c6 differs between the rulebooks.",
        "",
        f'<p class="strategy-legend" markdown="0">{legend} \u00b7 \u25c6 differs between the rulebooks</p>',
        "",
    ]
    for r in sets:
        chart = charts[r.id]
        rows = []
        for row in shown:
            cells = []
            for up in UPCARDS:
                act = chart.action(row, up)
                mark = " varies" if (row, up) in varies else ""
                others = "; ".join(f"{o}: {charts[o].action(row, up)}" for o in charts if o != r.id)
                title = f"{row} against {up}: {ACTION_NAMES.get(act, act)}" + (f" ({others})" if mark else "")
                cells.append(
                    f'<td class="act act-{act}{mark}" title="{html.escape(title)}">{act}'
                    + ("\u25c6" if mark else "")
                    + "</td>"
                )
            rows.append(f'<tr><th scope="row">{html.escape(row)}</th>{"".join(cells)}</tr>')
        ups = "".join(f'<th scope="col">{u if u != "T" else "10"}</th>' for u in UPCARDS)
        out += [
            f"## {html.escape(r.name)}",
            "",
            f'<div class="scrollwrap" markdown="0" tabindex="0" role="region" aria-label="Basic strategy, {r.id}">'
            f'<table class="strategy"><caption>Basic strategy, {html.escape(r.name)}</caption>',
            f'<thead><tr><th scope="col">hand</th>{ups}</tr></thead><tbody>',
            *rows,
            "</tbody></table></div>",
            "",
        ]
    return "\n".join(out)


def matrix_effects() -> Mapping[tuple[str, str], str]:
    """(field, regulation) -> the note a departing cell of the matrix shows."""
    return {key: effect_note(e) for key, e in effects().items()}


def effect_figures() -> Mapping[tuple[str, str], float]:
    """(field, regulation) -> the effect of that departing value, in percentage points."""
    return {key: e.delta for key, e in effects().items()}
