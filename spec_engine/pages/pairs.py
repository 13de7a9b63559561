"""The cost between two rulebooks: for every pair of the five, per differing rule value, what it
does to the player's return in each rulebook's own context, per topic all at once, and in all
(:mod:`spec_engine.analysis.compare`; the figures come from the shared analysis cache).

A regulator's question is answered where it is asked: "how do UY and CZ differ on splitting,
and what does that cost?" is the splitting rows of the section *UY to CZ* and their line
"splitting, all at once". The page is reached from the matrix (a row's link, the pair picker),
from *What the rules cost* and from the home page.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Sequence

from spec_engine.analysis.compare import Comparison, Costing, RuleEffect
from spec_engine.catalog import REGULATION_IDS
from spec_engine.pages.labels import label, words
from spec_engine.pages.matrix import as_of
from spec_engine.rules import RULE_TOPICS, RuleSet, ruleset, topics_of

TOPIC_ORDER = tuple(dict.fromkeys(RULE_TOPICS.values()))


def _pp(value: float | None) -> str:
    """Percentage points, signed, three places; "0" for a change of less than 0.0005."""
    if value is None:
        return "—"
    if abs(value) < 0.0005:
        return "0"
    return f"{value:+.3f}".replace("-", "\u2212")


def _pct(value: float) -> str:
    return f"{value:+.3f} %".replace("-", "\u2212")


def anchor(a: RuleSet, b: RuleSet) -> str:
    return f"{a.id.lower()}-{b.id.lower()}"


def _topics_of(effects: Sequence[RuleEffect]) -> list[str]:
    """The topics of the rules that change the return, in the matrix's order."""
    found = {t for e in effects if e.in_a is not None for t in topics_of(e.field)}
    return [t for t in TOPIC_ORDER if t in found]


def pair_section(costing: Costing, c: Comparison) -> list[str]:
    """One ordered pair: the two returns, every differing rule value in both contexts, each
    topic all at once, and the total."""
    a, b = c.a, c.b
    heading = f'<h2 id="{anchor(a, b)}">{html.escape(a.id)} to {html.escape(b.id)}</h2>'
    direction = "more" if c.total >= 0 else "less"
    intro = (
        f"<p>The player's return under basic strategy: {a.id} {_pct(c.a_return)}, {b.id} "
        f"{_pct(c.b_return)}. Under {b.id}'s rules the player gets <strong>{abs(c.total):.3f} "
        f"percentage points {direction}</strong> per unit staked than under {a.id}'s.</p>"
    )
    head = (
        f'<thead><tr><th scope="col">rule</th><th scope="col">{a.id}</th><th scope="col">{b.id}</th>'
        f'<th scope="col">{a.id}\u2019s value to {b.id}\u2019s, within {a.id}</th>'
        f'<th scope="col">the same, within {b.id}</th></tr></thead>'
    )
    rows = []
    moving = [e for e in c.effects if e.in_a is not None]
    for topic in _topics_of(c.effects):
        mine = [e for e in moving if topic in topics_of(e.field)]
        rows.append(f'<tr class="topic"><th scope="rowgroup" colspan="5">{html.escape(topic)}</th></tr>')
        for e in mine:
            rows.append(
                f'<tr><th scope="row"><a href="rules.html#rule-{e.field}">{html.escape(label(e.field))}</a></th>'
                f"<td>{html.escape(words(e.field, e.a_value))}</td><td>{html.escape(words(e.field, e.b_value))}</td>"
                f'<td class="n">{_pp(e.in_a)}</td><td class="n">{_pp(e.in_b)}</td></tr>'
            )
        if len(mine) > 1:
            in_a, in_b = costing.joint(a, b, tuple(e.field for e in mine))
            rows.append(
                f'<tr class="joint"><th scope="row" colspan="3">{html.escape(topic)}, all at once</th>'
                f'<td class="n">{_pp(in_a)}</td><td class="n">{_pp(in_b)}</td></tr>'
            )
    one_by_one = sum(e.in_a or 0.0 for e in moving)
    rows.append(
        f'<tr class="total"><th scope="row" colspan="3">in all: {b.id}\u2019s return less {a.id}\u2019s</th>'
        f'<td class="n" colspan="2">{_pp(c.total)}</td></tr>'
    )
    out = [
        heading,
        "",
        intro,
        "",
        f'<div class="scrollwrap" markdown="0" tabindex="0" role="region" aria-label="{a.id} to {b.id}">'
        f'<table class="pairs"><caption>From {html.escape(a.id)}\u2019s rules to {html.escape(b.id)}\u2019s, '
        "percentage points of the player's return</caption>",
        head,
        "<tbody>",
        *rows,
        "</tbody></table></div>",
        "",
    ]
    notes = []
    if moving:
        notes.append(
            f"The one-by-one changes within {a.id} add up to {_pp(one_by_one)}; the rest of the total, "
            f"{_pp(c.total - one_by_one)}, is what the changes are worth together beyond each alone."
        )
    differ = [e for e in moving if e.interaction is not None and abs(e.interaction) >= 0.0005]
    for e in differ:
        notes.append(
            f"{label(e.field)} is worth {_pp(e.in_a)} within {a.id} but {_pp(e.in_b)} within {b.id}: "
            f"its value depends on the other rules that differ ({_others(e, moving)})."
        )
    for e in c.effects:
        if e.in_a is None:
            notes.append(
                f"{label(e.field)}: {words(e.field, e.a_value)} in {a.id}, {words(e.field, e.b_value)} in "
                f"{b.id}; it changes no figure of the return ({e.elsewhere})."
            )
    if c.other:
        notes.append(
            f"{len(c.other)} other rule values differ without changing the odds (the procedure, announcements, "
            'limits): <a href="rules.html?differs=1">the rules compared</a>.'
        )
    return [*out, *(f"- {n}" for n in notes), ""]


def _others(effect: RuleEffect, moving: Sequence[RuleEffect]) -> str:
    names = [label(e.field) for e in moving if e.field != effect.field]
    return ", ".join(names[:4]) + (", ..." if len(names) > 4 else "") if names else "none"


def by_rule(comparisons: Sequence[Comparison]) -> list[str]:
    """For each rule value that changes the return somewhere: every pair that differs on it,
    with the change in each context (the matrix's rows link here)."""
    fields: dict[str, list[tuple[Comparison, RuleEffect]]] = {}
    for c in comparisons:
        if c.a.id > c.b.id:
            continue  # each unordered pair once
        for e in c.effects:
            if e.in_a is not None:
                fields.setdefault(e.field, []).append((c, e))
    out = ["## By rule", ""]
    for field in (f for f in RULE_TOPICS if f in fields):
        out += [
            f'<h3 id="rule-{field}">{html.escape(label(field))}</h3>',
            "",
            "| pair | values | within the first | within the second |",
            "|---|---|---|---|",
        ]
        for c, e in fields[field]:
            values = f"{words(field, e.a_value)} \u2192 {words(field, e.b_value)}".replace("|", "\\|")
            out.append(
                f"| [{c.a.id} to {c.b.id}](#{anchor(c.a, c.b)}) | {html.escape(values, quote=False)} | "
                f"{_pp(e.in_a)} | {_pp(e.in_b)} |"
            )
        out.append("")
    return out


def costed_fields(costing: Costing, sets: Sequence[RuleSet] | None = None) -> frozenset[str]:
    """The rules whose change moves the return in some pair of rulebooks (the matrix links them)."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    return frozenset(
        e.field for a, b in itertools.combinations(sets, 2) for e in costing.compare(a, b).effects if e.in_a is not None
    )


def pairs_page(sets: Sequence[RuleSet] | None = None, costing: Costing | None = None) -> str:
    """The page *The cost between two rulebooks*."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    costing = costing or Costing()
    comparisons = [costing.compare(a, b) for a, b in itertools.permutations(sets, 2)]
    links = " · ".join(f"[{c.a.id} to {c.b.id}](#{anchor(c.a, c.b)})" for c in comparisons)
    options = "".join(f'<option value="{r.id.lower()}">{html.escape(r.id)}</option>' for r in sets)
    out = [
        "---",
        "search:",
        "  boost: 2",
        "---",
        "",
        "# The cost between two rulebooks",
        "",
        f'<p class="as-of" markdown="0">As of {as_of()}.</p>',
        "",
        "What the differences between two rulebooks are worth to the player, rule by rule and in all: "
        "each figure is a change of the player's expected return under basic strategy, in percentage "
        "points per unit staked, from the exact analysis of [what the rules cost](cost.md) "
        "(floating-point probabilities; the engine's money stays exact).",
        "",
        "How to read a pair *A to B*: for each rule value that differs, the change from A's value to B's "
        "is measured twice, **within A** (A's other rules kept) and **within B** (B's other rules kept). "
        "The two differ when the rule works together with another that differs: resplitting aces is worth "
        "more where split aces may draw, doubling after a split more where more hands may be split. "
        "*All at once* changes every rule of a topic together; *in all* is B's return less A's. A rule "
        "that moves only the insurance figures or the banker's edge is listed under its pair. For a "
        "rulebook against a changed copy of itself, use the command line: "
        "`blackjack-spec cost UY --set max_split_hands=4` (any rule values), or two rulebooks: "
        "`blackjack-spec cost UY CZ`.",
        "",
        f'<form class="pair-picker" markdown="0" action="pairs.html" method="get">'
        f'<label>From <select name="a">{options}</select></label> '
        f'<label>to <select name="b">{options}</select></label> '
        '<button type="submit" class="md-button">show</button> <span id="pair-note" role="status"></span></form>',
        "",
        f"Every pair: {links}. [By rule](#by-rule): every pair that differs on one rule.",
        "",
    ]
    for c in comparisons:
        out += pair_section(costing, c)
    out += by_rule(comparisons)
    return "\n".join(out)
