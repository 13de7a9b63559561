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
from spec_engine.analysis.model import CAPPED_SPLITS, CUT_FIELDS, TEXT_VALUES, UNLIMITED_NOTE
from spec_engine.analysis.simulate import cards_behind_cut
from spec_engine.catalog import REGULATION_IDS, rulebook_name
from spec_engine.i18n import N_, SOURCE, _, active, language, ngettext, pgettext
from spec_engine.pages.costwords import (
    as_of,
    enumeration,
    finish,
    integer,
    local,
    number,
    percent,
    rule_label,
    rule_marked,
    rule_words,
)
from spec_engine.pages.labels import ASSUMED_MARK, label, words
from spec_engine.pages.matrix import comparison
from spec_engine.rules import RuleSet, ruleset

UPCARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
ACTION_NAMES = {
    "H": N_("hit"),
    "S": N_("stand"),
    "D": N_("double, else hit"),
    "Ds": N_("double, else stand"),
    "P": N_("split"),
    "Rh": N_("surrender, else hit"),
    "Rs": N_("surrender, else stand"),
    "Rp": N_("surrender, else split"),
}
"""The legend of the chart's codes (messages: a translation says each action in the trade's
word of the language, the glossary's ``{hit}``, ``{stand}``, ``{double}``, ``{split}``). The
codes are the same in every language."""
ROW_NAMES = {"hard": N_("hard {total}"), "soft": N_("soft {total}"), "pair": N_("pair {pair}")}
"""A chart's row (the analysis's ``hard 12``, ``soft 17``, ``pair 8-8``) as the page says it."""
ANALYSIS_TEMPLATES = (UNLIMITED_NOTE, CAPPED_SPLITS)
"""The analysis's notes and reasons that name a value (:data:`~spec_engine.analysis.model.TEXT_VALUES`)."""
EVERY_VALUE = "#the-rule-values-behind-the-figures"
"""The section that lists the rule values behind the figures (its heading's id in every language)."""
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
        _("player's return unchanged vs {value}", value=base)
        if abs(effect.delta) < 0.0005
        else _("player's return {change} pp vs {value}", change=sign + number(abs(effect.delta), 3), value=base)
    )
    title = _(
        "the player's return under basic strategy, against the same rulebook with {rule} = {value}: "
        "{change} percentage points",
        rule=html.escape(label(effect.field)),
        value=base,
        change=local(f"{effect.delta:+.4f}"),
    )
    return f'<span class="effect" title="{title}">{shown}</span>'


SIMULATIONS = Path(__file__).resolve().parents[2] / "docs" / "simulations"
"""The summaries of ``make simulate`` (one JSON file per rulebook), shown beside the exact figures."""


def simulation_rows(sets: Sequence[RuleSet], folder: Path = SIMULATIONS) -> list[str]:
    """One Markdown table row per rulebook: the engine's simulated return beside the exact one."""
    rows = []
    for r in sets:
        sim = _summary(folder, r)
        if sim is None:
            missing = _("not simulated yet (`make simulate`)")
            rows.append(f"| {r.id} | {missing} | | | | | |")
            continue
        low, high = sim["ci99_percent"]
        inside = pgettext("simulation", "yes") if sim["exact_inside"] else "**" + pgettext("simulation", "no") + "**"
        run = ngettext(
            "{count} round, {date} (revision {revision})",
            "{count} rounds, {date} (revision {revision})",
            sim["rounds"],
            count=integer(sim["rounds"]),
            date=sim["date"],
            revision=str(sim.get("revision") or "?")[:12],
        )
        interval = _("{low} to {high}", low=_pct(low), high=_pct(high))
        rows.append(
            f"| {r.id} | {run} | {_pct(sim['mean_percent'])} | {interval} | {_pct(sim['exact_percent'])} | {inside} | "
            f"{integer(sim['violations'])} |"
        )
    return rows


def _summary(folder: Path, rules: RuleSet) -> dict[str, Any] | None:
    """A simulation's summary for ``rules`` in ``folder`` (``make simulate``, ``make cut-card``),
    ``None`` when that run has not been made."""
    path = folder / f"{rules.id}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


CUT_CARD = SIMULATIONS / "cut-card"
"""The summaries of ``make cut-card`` (one JSON file per rulebook): whole shoes dealt to the cut card."""


def cut_card_rows(sets: Sequence[RuleSet], folder: Path = CUT_CARD) -> list[str]:
    """One Markdown table row per rulebook: where its text puts the cut card, and the return per
    round with it (whole shoes, by simulation) against the exact figure for a full shoe."""
    rows = []
    for r in sets:
        field = next((f for f in CUT_FIELDS if getattr(r, f) is not None), None)
        if field is None:
            where = _("none")
        else:
            where = rule_marked(field, getattr(r, field), r.citations[field].assumed)
            cards = cards_behind_cut(r)
            if field == "cut_card_per_participant" and cards is not None:
                where += " " + ngettext(
                    "(one player at the table: {count} card from the end)",
                    "(one player at the table: {count} cards from the end)",
                    cards,
                    count=cards,
                )
        sim = _summary(folder, r)
        if sim is None:
            missing = _("not measured yet (`make cut-card`)")
            rows.append(f"| {r.id} | {where} | {missing} | | | | | |")
            continue
        low, high = sim["difference_ci99_percent"]
        interval = _("{low} to {high}", low=number(low, 3, sign=True), high=number(high, 3, sign=True))
        rows.append(
            f"| {r.id} | {where} | {integer(sim['shoes'])} | {integer(sim['rounds'])} | {_pct(sim['mean_percent'])} | "
            f"{_pct(sim['exact_percent'])} | **{number(sim['difference_percent'], 3, sign=True)}** | {interval} |"
        )
    return rows


def _pct(value: float | None, digits: int = 3) -> str:
    if value is None:
        return _("not offered")
    return percent(number(value, digits, sign=True))


def _prob(value: float) -> str:
    return percent(number(100 * value, 2))


def _rule_links(rules: RuleSet, fields: Sequence[str]) -> str:
    return enumeration(
        [
            f'<a href="rules.html#rule-{f}">'
            + _("{rule}: {value}", rule=html.escape(rule_label(f)), value=html.escape(rule_words(f, getattr(rules, f))))
            + "</a>"
            + (ASSUMED_MARK if rules.citations[f].assumed else "")
            for f in fields
        ]
    )


def analysis_said(text: str) -> str:
    """A note or a reason of the analysis (written in English in its figures, each a message of
    the catalog) in the active language."""
    for message in ANALYSIS_TEMPLATES:
        if text == message.format(**TEXT_VALUES):
            return _(message, **TEXT_VALUES)
    return _(text)


def cost_page(sets: Sequence[RuleSet] | None = None) -> str:
    """The page *What the rules cost*."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    all_odds = [figures(r) for r in sets]
    head = "".join(f'<th scope="col"><a href="{r.id.lower()}.html">{html.escape(r.id)}</a></th>' for r in sets)

    def row(title: str, cells: Sequence[str], *notes: str, deps: Sequence[str] = ()) -> str:
        links = [f'<a href="rules.html#rule-{f}">{html.escape(rule_label(f))}</a>' for f in deps]
        said = [*notes, *([_("depends on {rules}", rules=enumeration(links))] if links else [])]
        small = enumeration(said, semicolons=True)
        th = html.escape(title) + (f"<br><small>{small}</small>" if small else "")
        return f'<tr><th scope="row">{th}</th>' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"

    every = _('depends on <a href="{href}">every rule value that changes the odds</a>', href=EVERY_VALUE)

    main = [
        row(
            _("Return to player, basic strategy"),
            [percent(number(100 + o.basic_strategy.ev_percent, 3)) for o in all_odds],
            every,
        ),
        row(
            _("Player's expected return, basic strategy"),
            [_pct(o.basic_strategy.ev_percent) for o in all_odds],
            _("per initial unit; negative: the house wins"),
            every,
        ),
        row(
            _("Player's expected return, composition-dependent"),
            [_pct(o.composition_dependent.ev_percent) for o in all_odds],
            _("each decision by the hand's cards and the up-card"),
            every,
        ),
        row(_("Round won"), [_prob(o.basic_strategy.win) for o in all_odds], every),
        row(_("Round pushed"), [_prob(o.basic_strategy.push) for o in all_odds], every),
        row(_("Round lost"), [_prob(o.basic_strategy.loss) for o in all_odds], every),
        row(_("Player's blackjack"), [_prob(o.basic_strategy.blackjack) for o in all_odds], deps=("decks",)),
        row(
            _("One unit of insurance"),
            [_pct(o.insurance.ev_per_unit_percent if o.insurance else None) for o in all_odds],
            _("its expected return, against the dealer's ace"),
            deps=("insurance_max", "insurance_payout", "decks"),
        ),
        row(
            _("Even money instead of playing the blackjack on"),
            [_pct(o.insurance.even_money_gain_percent if o.insurance else None) for o in all_odds],
            _("gain per unit staked"),
            deps=("even_money", "blackjack_payout", "decks"),
        ),
        row(
            _("Banker's edge"),
            [_("house bank") if o.banker_edge_percent is None else _pct(o.banker_edge_percent) for o in all_odds],
            _("where a player banks: what the bank wins per unit staked"),
            deps=("banker_rotation", "co_owned_bank"),
        ),
        row(
            _("Not honoured by the analysis"),
            [
                "<br>".join(
                    f'<a href="rules.html#rule-{n["field"]}">{html.escape(rule_label(n["field"]))}</a>'
                    for n in o.not_honoured
                )
                or _("none")
                for o in all_odds
            ],
        ),
    ]
    by_up = [
        row(
            _("dealer shows {card}", card=u if u != "T" else "10"),
            [_pct(o.basic_strategy.by_upcard[u], 2) for o in all_odds],
        )
        for u in UPCARDS
    ]
    hands = list(all_odds[0].basic_strategy.by_hand)
    by_hand = [row(h.replace("T", "10"), [_pct(o.basic_strategy.by_hand[h], 2) for o in all_odds]) for h in hands]
    depends = []
    for r, o in zip(sets, all_odds, strict=True):
        depends += [f"- **{html.escape(_name(r))}**: {_rule_links(r, o.fields_used)}"]
    notes = []
    for r, o in zip(sets, all_odds, strict=True):
        for gap in o.not_honoured:
            field = gap["field"]
            notes.append(
                "- "
                + _(
                    "**{rulebook}**, {rule} = {value}: {reason}",
                    rulebook=r.id,
                    rule=html.escape(rule_label(field)),
                    value=html.escape(gap["value"] if active() == SOURCE else rule_words(field, getattr(r, field))),
                    reason=analysis_said(gap["why"]),
                )
            )
        for note in o.notes:
            notes.append("- " + _("**{rulebook}**: {note}", rulebook=r.id, note=html.escape(analysis_said(note))))

    figure = html.escape(_("figure"))

    def table(caption: str, rows: list[str]) -> list[str]:
        return [
            f'<div class="scrollwrap" markdown="0" tabindex="0" role="region" aria-label="{html.escape(caption)}">'
            f'<table class="cost"><caption>{html.escape(caption)}</caption>',
            f'<thead><tr><th scope="col">{figure}</th>{head}</tr></thead><tbody>',
            *rows,
            "</tbody></table></div>",
            "",
        ]

    simulated = (
        _("rulebook"),
        _("simulation"),
        _("mean return"),
        _("99 % interval"),
        _("exact"),
        _("exact inside"),
        _("violations"),
    )
    cut_columns = (
        _("rulebook"),
        _("the cut card"),
        _("shoes"),
        _("rounds"),
        _("with the cut card"),
        _("exact, full shoe"),
        _("difference, percentage points"),
        _("99 % interval"),
    )
    page = "\n".join(
        [
            "---",
            "search:",
            "  boost: 2",
            "---",
            "",
            "# " + _("What the rules cost"),
            "",
            f'<p class="as-of" markdown="0">{html.escape(as_of())}</p>',
            "",
            _(
                "The player's expected return under each rulebook, computed **exactly** by combinatorial "
                "analysis of the shoe from the rule set's values (never from a regulation's name), with "
                "the basic strategy the same calculation derives for the full shoe "
                "([the charts]({strategy})). Probabilities are floating-point numbers; the stakes and "
                "payouts of the engine stay exact. Every figure depends on the rule values listed under "
                "[the rule values behind the figures]({values}); a value marked * "
                "is one the text does not state (the rule set's assumption). The effect of each value "
                "that departs from the other texts is shown on [the rules compared]({rules}); what the "
                "differences between any two rulebooks cost, rule by rule and in all, on "
                "[the cost between two rulebooks]({pairs}).",
                strategy="strategy.md",
                values=EVERY_VALUE,
                rules="rules.md",
                pairs="pairs.md",
            ),
            "",
            *table(_("The figures, per rulebook"), main),
            "## " + _("By the dealer's up-card"),
            "",
            _("The player's expected return under basic strategy, given the dealer's first card."),
            "",
            *table(_("Return by the dealer's up-card"), by_up),
            "## " + _("By the player's first two cards"),
            "",
            _("The player's expected return under basic strategy, given his two cards (over every up-card)."),
            "",
            *table(_("Return by the player's first two cards"), by_hand),
            "## " + _("The engine against the exact figures"),
            "",
            _(
                "A Monte-Carlo check: the clause-traced engine itself plays each rulebook's basic strategy "
                "(above) round after round, each round from a full shoe in random order, with every clause "
                "check and its event log; `make simulate` (`blackjack-spec simulate REG --rounds N`) writes "
                "these summaries. The mean is a float over exact sums; the interval is its 99 % confidence "
                "interval. *Violations*: rounds in which a card or a chip was not accounted for."
            ),
            "",
            "| " + " | ".join(simulated) + " |",
            "|---|---|---|---|---|---|---|",
            *simulation_rows(sets),
            "",
            "## " + _("Where the cut card lies") + " {#cut-card}",
            "",
            _(
                "The exact figures above are for a round dealt from a full shuffled shoe. A table deals "
                "each shoe only down to its cut card, and the average over those rounds differs a little. "
                "Here the engine (compiled) deals whole shoes as each text says, cut card, burns and all, "
                "to one player who plays the basic strategy, and the return per round is set against the "
                "exact figure: the difference is the cut card's effect, in percentage points, with its "
                "99 % confidence interval (over the shoes, each of which is one sample). `make cut-card` "
                "writes these summaries; a value marked * is one the text does not state. Probabilities "
                "and returns are floating-point numbers over exact sums."
            ),
            "",
            "| " + " | ".join(cut_columns) + " |",
            "|---|---|---|---|---|---|---|---|",
            *cut_card_rows(sets),
            "",
            "## " + _("The rule values behind the figures") + " {" + EVERY_VALUE + "}",
            "",
            *depends,
            "",
            "## " + _("What the analysis does not model"),
            "",
            *(notes or [_("Nothing: every rule value that changes the odds is honoured.")]),
            "",
            "## " + _("Method"),
            "",
            html.escape(_(METHOD)),
            "",
        ]
    )
    return finish(page)


def _name(rules: RuleSet) -> str:
    """A rule set's text by its short name, in the active language (the one list's)."""
    return rulebook_name(rules.id) if rules.id in REGULATION_IDS else rules.name


def _row_name(row: str) -> str:
    """A chart's row as the page says it: ``hard 12``, ``soft 17``, ``pair 8-8``."""
    kind, _space, rest = row.partition(" ")
    return _(ROW_NAMES[kind], total=rest, pair=rest) if kind in ROW_NAMES else row


def strategy_page(sets: Sequence[RuleSet] | None = None) -> str:
    """The basic-strategy chart of each rulebook as the familiar coloured grid; a cell whose
    action differs between the rulebooks is marked. A chart's words are its rulebook's (the
    glossary's, in the active language)."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    charts = {r.id: figures(r).strategy for r in sets}
    first = next(iter(charts.values()))
    shown = [r for r in first.rows if r not in ("hard 4", "soft 12")]
    varies = {(row, up) for row in shown for up in UPCARDS if len({c.action(row, up) for c in charts.values()}) > 1}
    used = {chart.action(row, up) for chart in charts.values() for row in shown for up in UPCARDS}
    legend = " ".join(
        f'<span class="act act-{k}">{html.escape(k)}</span> {html.escape(_(ACTION_NAMES[k]))}'
        for k in LEGEND
        if k not in SURRENDER_CODES or k in used  # (a surrender code where a chart has it)
    )
    differs = _("differs between the rulebooks")
    out = [
        "# " + _("Basic strategy, per rulebook"),
        "",
        _(
            "The total-dependent basic strategy each rulebook's own values call for, derived by the exact "
            "calculation of [what the rules cost]({cost}) for the full shoe: one action per hand total (or "
            "pair) and dealer up-card. A cell marked \u25c6 differs between the rulebooks.",
            cost="cost.md",
        ),
        "",
        f'<p class="strategy-legend" markdown="0">{legend} \u00b7 \u25c6 {html.escape(differs)}</p>',
        "",
    ]
    for r in sets:
        with language(active(), rulebook=r.id if r.id in REGULATION_IDS else None):
            out += _chart(r, charts, shown, varies)
    return "\n".join(out)


def _chart(r: RuleSet, charts: Mapping[str, Any], shown: Sequence[str], varies: set[tuple[str, str]]) -> list[str]:
    """One rulebook's chart: its heading and its grid (see :func:`strategy_page`)."""
    chart = charts[r.id]
    rows = []
    for row in shown:
        cells = []
        for up in UPCARDS:
            act = chart.action(row, up)
            mark = " varies" if (row, up) in varies else ""
            values = {
                "hand": _row_name(row),
                "card": up,
                "action": _(ACTION_NAMES[act]) if act in ACTION_NAMES else act,
            }
            if mark:
                others = enumeration(
                    [f"{o}: {charts[o].action(row, up)}" for o in charts if o != r.id], semicolons=True
                )
                title = _("{hand} against {card}: {action} ({others})", others=others, **values)
            else:
                title = _("{hand} against {card}: {action}", **values)
            cells.append(
                f'<td class="act act-{act}{mark}" title="{html.escape(title)}">{act}'
                + ("\u25c6" if mark else "")
                + "</td>"
            )
        rows.append(f'<tr><th scope="row">{html.escape(_row_name(row))}</th>{"".join(cells)}</tr>')
    ups = "".join(f'<th scope="col">{u if u != "T" else "10"}</th>' for u in UPCARDS)
    name = _name(r)
    region, caption = _("Basic strategy, {rulebook}", rulebook=r.id), _("Basic strategy, {rulebook}", rulebook=name)
    hand = _("hand")
    return [
        f"## {html.escape(name)}",
        "",
        f'<div class="scrollwrap" markdown="0" tabindex="0" role="region" '
        f'aria-label="{html.escape(region)}">'
        f'<table class="strategy"><caption>{html.escape(caption)}</caption>',
        f'<thead><tr><th scope="col">{html.escape(hand)}</th>{ups}</tr></thead><tbody>',
        *rows,
        "</tbody></table></div>",
        "",
    ]


def matrix_effects() -> Mapping[tuple[str, str], str]:
    """(field, regulation) -> the note a departing cell of the matrix shows."""
    return {key: effect_note(e) for key, e in effects().items()}


def effect_figures() -> Mapping[tuple[str, str], float]:
    """(field, regulation) -> the effect of that departing value, in percentage points."""
    return {key: e.delta for key, e in effects().items()}
