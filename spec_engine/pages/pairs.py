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
from collections.abc import Callable, Sequence

from spec_engine.analysis.compare import TOPIC_ORDER, Comparison, Costing, RuleEffect, TopicChange
from spec_engine.catalog import REGULATION_IDS
from spec_engine.pages.common import text
from spec_engine.pages.labels import ASSUMED_LEGEND, label, marked
from spec_engine.pages.matrix import as_of
from spec_engine.rules import RULE_TOPICS, RuleSet, ruleset, topics_of

Points = Callable[[float | None], str]
"""How a comparison's figures are written: the page's three places, the command line's four."""

SHOWN_MOVES = 4
"""The other rules an interaction sentence names at most (the largest)."""


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


def text_of(rules: RuleSet, shown: str | None = None) -> str:
    """The name of a rule set's text with its id (or ``shown``) in brackets, as the one list
    spells it (:func:`~spec_engine.catalog.rulebook_name`)."""
    return f"{rules.name} ({shown or rules.id})"


def assumption_sentence(
    c: Comparison, pp: Points, names: tuple[str, str] | None = None, texts: tuple[str, str] | None = None
) -> str:
    """How much of the pair's total rests on values a text does not state, and which (``names``:
    the two sides as the reader sees them, the rule sets' ids by default; ``texts``: the two
    sides' texts, each id with its text's short name by default)."""
    a_name, b_name = names or (c.a.id, c.b.id)
    a_text, b_text = texts or (text_of(c.a, a_name), text_of(c.b, b_name))
    resting = [e for e in c.moving if e.assumed]
    if resting:
        sides = [
            (
                f"{a_name}'s value"
                if e.a_assumed and not e.b_assumed
                else f"{b_name}'s value"
                if not e.a_assumed
                else f"the values of {a_name} and {b_name}"
            )
            for e in resting
        ]
        rules = "; ".join(f"{label(e.field)} ({side})" for e, side in zip(resting, sides, strict=True))
        a_silent, b_silent = any(e.a_assumed for e in resting), any(e.b_assumed for e in resting)
        total, assumed, stated = pp(c.total), pp(c.assumed_share), pp(c.stated_share)
        if a_silent and b_silent:
            return (
                f"Of {total} percentage points in all, {assumed} rests on values the texts of "
                f"{a_text} and {b_text} do not state (marked *): {rules}. "
                f"The rest, {stated}, rests on what the texts state or are read to say."
            )
        who = a_text if a_silent else b_text
        return (
            f"Of {total} percentage points in all, {assumed} rests on values the text of {who} does not "
            f"state (marked *): {rules}. The rest, {stated}, rests on what the texts state or are read to say."
        )
    if any(e.assumed for e in c.effects) or c.other_assumed:
        return (
            f"None of the {pp(c.total)} percentage points rests on a value a text does not state: the values "
            "marked * change no figure of the return."
        )
    return "Every value compared here is one the texts state or are read to say."


def interaction_sentence(
    c: Comparison, e: RuleEffect, moves: Sequence[tuple[str, float]], pp: Points, names: tuple[str, str] | None = None
) -> str:
    """What one rule's change is worth in each context and, where the two differ as shown, the
    other rules that move it (``moves``: :meth:`Costing.interplay`), largest first, with how
    much each alone moves it and what they move it together beyond that."""
    a_name, b_name = names or (c.a.id, c.b.id)
    rule, in_a, in_b = label(e.field), pp(e.in_a), pp(e.in_b)
    if in_a == in_b:
        return f"{rule} is worth {in_a} within {a_name} and the same, as rounded here, within {b_name}."
    said = f"{rule} is worth {in_a} within {a_name} but {in_b} within {b_name}."
    shown = [(field, value) for field, value in moves if pp(value) != pp(0.0)]
    together = (e.interaction or 0.0) - sum(value for _, value in moves)
    if not shown:
        return (
            f"{said} No other rule changed alone moves it, to the places shown; the other rules changed "
            f"together move it by {pp(e.interaction)}."
        )
    listed = ", ".join(f"{label(field)} ({pp(value)})" for field, value in shown[:SHOWN_MOVES])
    said += (
        f" The other rules that move it, each taken alone from {a_name}'s value to {b_name}'s "
        f"within {a_name}: {listed}."
    )
    more = len(shown) - SHOWN_MOVES
    if more == 1:
        said += " One more moves it less."
    elif more > 1:
        said += f" {more} more move it less."
    if pp(together) != pp(0.0):
        said += f" Together, beyond each alone, they move it a further {pp(together)}."
    return said


def topic_title(t: TopicChange) -> str:
    """A topic's line all at once, with the rules it includes."""
    return f"{t.topic}, all at once ({', '.join(label(f) for f in t.fields)})"


def pair_section(costing: Costing, c: Comparison) -> list[str]:
    """One ordered pair: the two returns, every differing rule value in both contexts (a value
    its text does not state marked *), each topic all at once, the total and how much of it
    rests on assumed values."""
    a, b = c.a, c.b
    heading = f'<h2 id="{anchor(a, b)}">{html.escape(a.id)} to {html.escape(b.id)}</h2>'
    direction = "more" if c.total >= 0 else "less"
    intro = (
        f"<p>The player's return under basic strategy: {html.escape(text_of(a))} {_pct(c.a_return)}, "
        f"{html.escape(text_of(b))} {_pct(c.b_return)}. Under {b.id}'s rules the player gets "
        f"<strong>{abs(c.total):.3f} percentage points {direction}</strong> per unit staked than under "
        f'{a.id}\'s.</p>\n\n<p class="assumed-share">{html.escape(assumption_sentence(c, _pp))}</p>'
    )
    head = (
        f'<thead><tr><th scope="col">rule</th><th scope="col">{a.id}</th><th scope="col">{b.id}</th>'
        f'<th scope="col">{a.id}\u2019s value to {b.id}\u2019s, within {a.id}</th>'
        f'<th scope="col">the same, within {b.id}</th></tr></thead>'
    )
    rows = []
    topics = {t.topic: t for t in costing.topics(c)}
    for topic in _topics_of(c.effects):
        mine = [e for e in c.moving if topic in topics_of(e.field)]
        rows.append(f'<tr class="topic"><th scope="rowgroup" colspan="5">{html.escape(topic)}</th></tr>')
        for e in mine:
            rows.append(_effect_row(e))
        if topic in topics:
            t = topics[topic]
            rows.append(
                f'<tr class="joint"><th scope="row" colspan="3">{html.escape(topic)}, all at once<br><small>'
                f"{html.escape(', '.join(label(f) for f in t.fields))}</small></th>"
                f'<td class="n">{_pp(t.in_a)}</td><td class="n">{_pp(t.in_b)}</td></tr>'
            )
    one_by_one = sum(e.in_a or 0.0 for e in c.moving)
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
        f"percentage points of the player's return; {html.escape(ASSUMED_LEGEND)}</caption>",
        head,
        "<tbody>",
        *rows,
        "</tbody></table></div>",
        "",
    ]
    notes = []
    if c.moving:
        notes.append(
            f"The one-by-one changes within {a.id} add up to {_pp(one_by_one)}; the rest of the total, "
            f"{_pp(c.total - one_by_one)}, is what the changes are worth together beyond each alone."
        )
    for e in c.moving:
        if e.interaction is not None and abs(e.interaction) >= 0.0005:
            notes.append(interaction_sentence(c, e, costing.interplay(c, e.field), _pp))
    for e in c.effects:
        if e.in_a is None:
            notes.append(
                f"{label(e.field)}: {marked(e.field, e.a_value, e.a_assumed)} in {a.id}, "
                f"{marked(e.field, e.b_value, e.b_assumed)} in {b.id}; it changes no figure of the return "
                f"({e.elsewhere})."
            )
    lines = [f"- {text(n)}" for n in notes]
    if c.other:
        link = '<a href="rules.html?differs=1">the rules compared</a>'
        if c.other_assumed:
            lines.append(
                f"- {len(c.other)} other rule values differ without changing the odds (the procedure, announcements, "
                f"limits), {len(c.other_assumed)} of them only where a value is assumed: {link}."
            )
        else:
            lines.append(
                f"- {len(c.other)} other rule values differ without changing the odds (the procedure, announcements, "
                f"limits): {link}."
            )
    return [*out, *lines, ""]


def _effect_row(e: RuleEffect) -> str:
    """A rule's row: its values (marked * where assumed) and its change within each rulebook."""
    note = "<br><small>rests on an assumption</small>" if e.assumed else ""
    kind = ' class="assumed"' if e.assumed else ""
    return (
        f'<tr{kind}><th scope="row">'
        f'<a href="rules.html#rule-{e.field}">{html.escape(label(e.field))}</a>{note}</th>'
        f"<td>{html.escape(marked(e.field, e.a_value, e.a_assumed))}</td>"
        f"<td>{html.escape(marked(e.field, e.b_value, e.b_assumed))}</td>"
        f'<td class="n">{_pp(e.in_a)}</td><td class="n">{_pp(e.in_b)}</td></tr>'
    )


def _topics_of(effects: Sequence[RuleEffect]) -> list[str]:
    """The topics of the rules that change the return, in the matrix's order."""
    found = {t for e in effects if e.in_a is not None for t in topics_of(e.field)}
    return [t for t in TOPIC_ORDER if t in found]


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
            values = f"{marked(field, e.a_value, e.a_assumed)} \u2192 {marked(field, e.b_value, e.b_assumed)}"
            out.append(
                f"| [{c.a.id} to {c.b.id}](#{anchor(c.a, c.b)}) | {text(values)} | {_pp(e.in_a)} | {_pp(e.in_b)} |"
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
        "A rule is listed where the two rule sets' values differ, as on [the rules compared](rules.md), "
        "which says of each rule whether the texts differ or only a value the engine assumes. A value "
        "marked \\* is one its text does not state: the engine assumes it (the rules compared say why), "
        "so a difference on it *rests on an assumption*, not on what the texts say, and each pair says "
        "how much of its total rests on such values (those values changed all at once, within A; the "
        "rest is what the texts' own differences add). Where a rule's change is worth more within one "
        "rulebook than within the other, a note names the other rules that make it so, largest first: "
        "each changed alone from A's value to B's, within A.",
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
