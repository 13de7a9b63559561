"""The cost between two rulebooks: for every pair of the five, per differing rule value, what it
does to the player's return in each rulebook's own context, per topic all at once, and in all
(:mod:`spec_engine.analysis.compare`; the figures come from the shared analysis cache).

A regulator's question is answered where it is asked: "how do UY and CZ differ on splitting,
and what does that cost?" is the splitting rows of the section *UY to CZ* and their line
"splitting, all at once". The page is reached from the matrix (a row's link, the pair picker),
from *What the rules cost* and from the home page. Every sentence is a message of the catalog,
in the active language (the command line's ``blackjack-spec cost`` says the same ones in English).
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable, Sequence
from functools import cache

from spec_engine.analysis.compare import TOPIC_ORDER, Comparison, Costing, RuleEffect, TopicChange
from spec_engine.catalog import REGULATION_IDS, rulebook_name
from spec_engine.i18n import _, ngettext, pgettext
from spec_engine.pages.common import text
from spec_engine.pages.costwords import (
    ASSUMED_LEGEND,
    as_of,
    enumeration,
    finish,
    number,
    percent,
    rule_label,
    rule_marked,
)
from spec_engine.rules import RULE_TOPICS, RuleSet, ruleset, topics_of

Points = Callable[[float | None], str]
"""How a comparison's figures are written: the page's three places, the command line's four."""

SHOWN_MOVES = 4
"""The other rules an interaction sentence names at most (the largest)."""

BY_RULE = "by-rule"
"""The id of the section *By rule* (the same in every language)."""


def topic_name(topic: str) -> str:
    """A topic of the rules (:data:`~spec_engine.rules.RULE_TOPICS`) as the page names it."""
    names = {
        "shoe": pgettext("rule topic", "shoe"),
        "boxes": pgettext("rule topic", "boxes"),
        "dealing": pgettext("rule topic", "dealing"),
        "playing": pgettext("rule topic", "playing"),
        "dealer": pgettext("rule topic", "dealer"),
        "settlement": pgettext("rule topic", "settlement"),
        "insurance": pgettext("rule topic", "insurance"),
        "doubling": pgettext("rule topic", "doubling"),
        "splitting": pgettext("rule topic", "splitting"),
        "limits": pgettext("rule topic", "limits"),
        "procedure": pgettext("rule topic", "procedure"),
        "session": pgettext("rule topic", "session"),
    }
    return names[topic]


def _pp(value: float | None) -> str:
    """Percentage points, signed, three places; "0" for a change of less than 0.0005."""
    if value is None:
        return "—"
    if abs(value) < 0.0005:
        return "0"
    return number(value, 3, sign=True)


def _pct(value: float) -> str:
    return percent(number(value, 3, sign=True))


def anchor(a: RuleSet, b: RuleSet) -> str:
    return f"{a.id.lower()}-{b.id.lower()}"


def text_of(rules: RuleSet, shown: str | None = None) -> str:
    """The name of a rule set's text with its id (or ``shown``) in brackets, as the one list
    spells it (:func:`~spec_engine.catalog.rulebook_name`), in the active language."""
    name = rulebook_name(rules.id) if rules.id in REGULATION_IDS else rules.name
    return f"{name} ({shown or rules.id})"


def pair_name(a: str, b: str) -> str:
    """A pair of rulebooks as the page names it: "UY to CZ"."""
    return _("{first} to {second}", first=a, second=b)


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
                _("{rulebook}'s value", rulebook=a_name)
                if e.a_assumed and not e.b_assumed
                else _("{rulebook}'s value", rulebook=b_name)
                if not e.a_assumed
                else _("the values of {first} and {second}", first=a_name, second=b_name)
            )
            for e in resting
        ]
        rules = enumeration(
            [
                _("{rule} ({whose})", rule=rule_label(e.field), whose=side)
                for e, side in zip(resting, sides, strict=True)
            ],
            semicolons=True,
        )
        a_silent, b_silent = any(e.a_assumed for e in resting), any(e.b_assumed for e in resting)
        values = {"total": pp(c.total), "assumed": pp(c.assumed_share), "stated": pp(c.stated_share), "rules": rules}
        if a_silent and b_silent:
            return _(
                "Of {total} percentage points in all, {assumed} rests on values the texts of "
                "{first} and {second} do not state (marked *): {rules}. "
                "The rest, {stated}, rests on what the texts state or are read to say.",
                first=a_text,
                second=b_text,
                **values,
            )
        return _(
            "Of {total} percentage points in all, {assumed} rests on values the text of {rulebook} does not "
            "state (marked *): {rules}. The rest, {stated}, rests on what the texts state or are read to say.",
            rulebook=a_text if a_silent else b_text,
            **values,
        )
    if any(e.assumed for e in c.effects) or c.other_assumed:
        return _(
            "None of the {total} percentage points rests on a value a text does not state: the values "
            "marked * change no figure of the return.",
            total=pp(c.total),
        )
    return _("Every value compared here is one the texts state or are read to say.")


def interaction_sentence(
    c: Comparison, e: RuleEffect, moves: Sequence[tuple[str, float]], pp: Points, names: tuple[str, str] | None = None
) -> str:
    """What one rule's change is worth in each context and, where the two differ as shown, the
    other rules that move it (``moves``: :meth:`Costing.interplay`), largest first, with how
    much each alone moves it and what they move it together beyond that."""
    a_name, b_name = names or (c.a.id, c.b.id)
    rule, in_a, in_b = rule_label(e.field), pp(e.in_a), pp(e.in_b)
    if in_a == in_b:
        return _(
            "{rule} is worth {in_first} within {first} and the same, as rounded here, within {second}.",
            rule=rule,
            in_first=in_a,
            first=a_name,
            second=b_name,
        )
    said = [
        _(
            "{rule} is worth {in_first} within {first} but {in_second} within {second}.",
            rule=rule,
            in_first=in_a,
            first=a_name,
            in_second=in_b,
            second=b_name,
        )
    ]
    shown = [(field, value) for field, value in moves if pp(value) != pp(0.0)]
    together = (e.interaction or 0.0) - sum(value for _field, value in moves)
    if not shown:
        said.append(
            _(
                "No other rule changed alone moves it, to the places shown; the other rules changed "
                "together move it by {points}.",
                points=pp(e.interaction),
            )
        )
        return " ".join(said)
    listed = enumeration(
        [_("{rule} ({points})", rule=rule_label(field), points=pp(value)) for field, value in shown[:SHOWN_MOVES]]
    )
    said.append(
        _(
            "The other rules that move it, each taken alone from {first}'s value to {second}'s "
            "within {first}: {rules}.",
            first=a_name,
            second=b_name,
            rules=listed,
        )
    )
    more = len(shown) - SHOWN_MOVES
    if more > 0:
        said.append(ngettext("One more moves it less.", "{count} more move it less.", more, count=more))
    if pp(together) != pp(0.0):
        said.append(_("Together, beyond each alone, they move it a further {points}.", points=pp(together)))
    return " ".join(said)


def topic_title(t: TopicChange) -> str:
    """A topic's line all at once, with the rules it includes."""
    return _(
        "{topic}, all at once ({rules})",
        topic=topic_name(t.topic),
        rules=enumeration([rule_label(f) for f in t.fields]),
    )


def pair_section(costing: Costing, c: Comparison) -> list[str]:
    """One ordered pair: the two returns, every differing rule value in both contexts (a value
    its text does not state marked *), each topic all at once, the total and how much of it
    rests on assumed values."""
    a, b = c.a, c.b
    name = pair_name(a.id, b.id)
    heading = f'<h2 id="{anchor(a, b)}">{html.escape(name)}</h2>'
    points = number(abs(c.total), 3)
    returns = _(
        "The player's return under basic strategy: {first} {first_return}, {second} {second_return}.",
        first=html.escape(text_of(a)),
        first_return=_pct(c.a_return),
        second=html.escape(text_of(b)),
        second_return=_pct(c.b_return),
    )
    gets = (
        _(
            "Under {second}'s rules the player gets <strong>{points} percentage points more</strong> per unit "
            "staked than under {first}'s.",
            first=a.id,
            second=b.id,
            points=points,
        )
        if c.total >= 0
        else _(
            "Under {second}'s rules the player gets <strong>{points} percentage points less</strong> per unit "
            "staked than under {first}'s.",
            first=a.id,
            second=b.id,
            points=points,
        )
    )
    intro = f'<p>{returns} {gets}</p>\n\n<p class="assumed-share">{html.escape(assumption_sentence(c, _pp))}</p>'
    within_first = _("{first}\u2019s value to {second}\u2019s, within {first}", first=a.id, second=b.id)
    rule, within_second = _("rule"), _("the same, within {rulebook}", rulebook=b.id)
    head = (
        f'<thead><tr><th scope="col">{html.escape(rule)}</th><th scope="col">{a.id}</th>'
        f'<th scope="col">{b.id}</th>'
        f'<th scope="col">{html.escape(within_first)}</th>'
        f'<th scope="col">{html.escape(within_second)}</th></tr></thead>'
    )
    rows = []
    topics = {t.topic: t for t in costing.topics(c)}
    for topic in _topics_of(c.effects):
        mine = [e for e in c.moving if topic in topics_of(e.field)]
        rows.append(f'<tr class="topic"><th scope="rowgroup" colspan="5">{html.escape(topic_name(topic))}</th></tr>')
        for e in mine:
            rows.append(_effect_row(e))
        if topic in topics:
            t = topics[topic]
            joint = _("{topic}, all at once", topic=topic_name(topic))
            rows.append(
                f'<tr class="joint"><th scope="row" colspan="3">{html.escape(joint)}<br><small>'
                f"{html.escape(enumeration([rule_label(f) for f in t.fields]))}</small></th>"
                f'<td class="n">{_pp(t.in_a)}</td><td class="n">{_pp(t.in_b)}</td></tr>'
            )
    one_by_one = sum(e.in_a or 0.0 for e in c.moving)
    in_all = _("in all: {second}\u2019s return less {first}\u2019s", first=a.id, second=b.id)
    rows.append(
        f'<tr class="total"><th scope="row" colspan="3">{html.escape(in_all)}</th>'
        f'<td class="n" colspan="2">{_pp(c.total)}</td></tr>'
    )
    caption = enumeration(
        [
            _(
                "From {first}\u2019s rules to {second}\u2019s, percentage points of the player's return",
                first=html.escape(a.id),
                second=html.escape(b.id),
            ),
            html.escape(_(ASSUMED_LEGEND)),
        ],
        semicolons=True,
    )
    out = [
        heading,
        "",
        intro,
        "",
        f'<div class="scrollwrap" markdown="0" tabindex="0" role="region" aria-label="{html.escape(name)}">'
        f'<table class="pairs"><caption>{caption}</caption>',
        head,
        "<tbody>",
        *rows,
        "</tbody></table></div>",
        "",
    ]
    notes = []
    if c.moving:
        notes.append(
            _(
                "The one-by-one changes within {rulebook} add up to {points}; the rest of the total, "
                "{rest}, is what the changes are worth together beyond each alone.",
                rulebook=a.id,
                points=_pp(one_by_one),
                rest=_pp(c.total - one_by_one),
            )
        )
    for e in c.moving:
        if e.interaction is not None and abs(e.interaction) >= 0.0005:
            notes.append(interaction_sentence(c, e, costing.interplay(c, e.field), _pp))
    for e in c.effects:
        if e.in_a is None:
            notes.append(
                _(
                    "{rule}: {first_value} in {first}, {second_value} in {second}; it changes no figure of the "
                    "return ({instead}).",
                    rule=rule_label(e.field),
                    first_value=rule_marked(e.field, e.a_value, e.a_assumed),
                    first=a.id,
                    second_value=rule_marked(e.field, e.b_value, e.b_assumed),
                    second=b.id,
                    instead=_(e.elsewhere),
                )
            )
    lines = [f"- {text(n)}" for n in notes]
    if c.other:
        compared = _("the rules compared")
        link = f'<a href="rules.html?differs=1">{html.escape(compared)}</a>'
        count = len(c.other)
        if c.other_assumed:
            lines.append(
                "- "
                + ngettext(
                    "{count} other rule value differs without changing the odds (the procedure, announcements, "
                    "limits), {assumed} of them only where a value is assumed: {link}.",
                    "{count} other rule values differ without changing the odds (the procedure, announcements, "
                    "limits), {assumed} of them only where a value is assumed: {link}.",
                    count,
                    count=count,
                    assumed=len(c.other_assumed),
                    link=link,
                )
            )
        else:
            lines.append(
                "- "
                + ngettext(
                    "{count} other rule value differs without changing the odds (the procedure, announcements, "
                    "limits): {link}.",
                    "{count} other rule values differ without changing the odds (the procedure, announcements, "
                    "limits): {link}.",
                    count,
                    count=count,
                    link=link,
                )
            )
    return [*out, *lines, ""]


def _effect_row(e: RuleEffect) -> str:
    """A rule's row: its values (marked * where assumed) and its change within each rulebook."""
    note = "<br><small>" + html.escape(_("rests on an assumption")) + "</small>" if e.assumed else ""
    kind = ' class="assumed"' if e.assumed else ""
    return (
        f'<tr{kind}><th scope="row">'
        f'<a href="rules.html#rule-{e.field}">{html.escape(rule_label(e.field))}</a>{note}</th>'
        f"<td>{html.escape(rule_marked(e.field, e.a_value, e.a_assumed))}</td>"
        f"<td>{html.escape(rule_marked(e.field, e.b_value, e.b_assumed))}</td>"
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
    heads = (_("pair"), _("values"), _("within the first"), _("within the second"))
    out = ["## " + _("By rule") + " {#" + BY_RULE + "}", ""]
    for field in (f for f in RULE_TOPICS if f in fields):
        out += [
            f'<h3 id="rule-{field}">{html.escape(rule_label(field))}</h3>',
            "",
            "| " + " | ".join(heads) + " |",
            "|---|---|---|---|",
        ]
        for c, e in fields[field]:
            values = f"{rule_marked(field, e.a_value, e.a_assumed)} \u2192 {rule_marked(field, e.b_value, e.b_assumed)}"
            out.append(
                f"| [{pair_name(c.a.id, c.b.id)}](#{anchor(c.a, c.b)}) | {text(values)} | {_pp(e.in_a)} | "
                f"{_pp(e.in_b)} |"
            )
        out.append("")
    return out


def costed_fields(costing: Costing, sets: Sequence[RuleSet] | None = None) -> frozenset[str]:
    """The rules whose change moves the return in some pair of rulebooks (the matrix links them)."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    return frozenset(
        e.field for a, b in itertools.combinations(sets, 2) for e in costing.compare(a, b).effects if e.in_a is not None
    )


@cache
def _costing() -> Costing:
    """One memo of returns for the page in every language (the figures are the same in each)."""
    return Costing()


def pairs_page(sets: Sequence[RuleSet] | None = None, costing: Costing | None = None) -> str:
    """The page *The cost between two rulebooks*."""
    sets = list(sets or [ruleset(r) for r in REGULATION_IDS])
    costing = costing or _costing()
    comparisons = [costing.compare(a, b) for a, b in itertools.permutations(sets, 2)]
    links = " · ".join(f"[{pair_name(c.a.id, c.b.id)}](#{anchor(c.a, c.b)})" for c in comparisons)
    options = "".join(f'<option value="{r.id.lower()}">{html.escape(r.id)}</option>' for r in sets)
    first, second = (f'<select name="{side}">{options}</select>' for side in "ab")
    picker = _("<label>From {first}</label> <label>to {second}</label>", first=first, second=second)
    same, unknown, show = _("Choose two different rulebooks."), _("No such pair."), _("show")
    out = [
        "---",
        "search:",
        "  boost: 2",
        "---",
        "",
        "# " + _("The cost between two rulebooks"),
        "",
        f'<p class="as-of" markdown="0">{html.escape(as_of())}</p>',
        "",
        _(
            "What the differences between two rulebooks are worth to the player, rule by rule and in all: "
            "each figure is a change of the player's expected return under basic strategy, in percentage "
            "points per unit staked, from the exact analysis of [what the rules cost]({cost}) "
            "(floating-point probabilities; the engine's money stays exact).",
            cost="cost.md",
        ),
        "",
        _(
            "How to read a pair *A to B*: for each rule value that differs, the change from A's value to B's "
            "is measured twice, **within A** (A's other rules kept) and **within B** (B's other rules kept). "
            "The two differ when the rule works together with another that differs: resplitting aces is worth "
            "more where split aces may draw, doubling after a split more where more hands may be split. "
            "*All at once* changes every rule of a topic together; *in all* is B's return less A's. A rule "
            "that moves only the insurance figures or the banker's edge is listed under its pair. For a "
            "rulebook against a changed copy of itself, use the command line: "
            "`blackjack-spec cost UY --set max_split_hands=4` (any rule values), or two rulebooks: "
            "`blackjack-spec cost UY CZ`."
        ),
        "",
        _(
            "A rule is listed where the two rule sets' values differ, as on [the rules compared]({rules}), "
            "which says of each rule whether the texts differ or only a value the engine assumes. A value "
            "marked \\* is one its text does not state: the engine assumes it (the rules compared say why), "
            "so a difference on it *rests on an assumption*, not on what the texts say, and each pair says "
            "how much of its total rests on such values (those values changed all at once, within A; the "
            "rest is what the texts' own differences add). Where a rule's change is worth more within one "
            "rulebook than within the other, a note names the other rules that make it so, largest first: "
            "each changed alone from A's value to B's, within A.",
            rules="rules.md",
        ),
        "",
        f'<form class="pair-picker" markdown="0" action="pairs.html" method="get">{picker} '
        f'<button type="submit" class="md-button">{html.escape(show)}</button> '
        f'<span id="pair-note" role="status" data-same="{html.escape(same)}" data-unknown="{html.escape(unknown)}">'
        "</span></form>",
        "",
        _(
            "Every pair: {pairs}. [By rule]({by_rule}): every pair that differs on one rule.",
            pairs=links,
            by_rule="#" + BY_RULE,
        ),
        "",
    ]
    for c in comparisons:
        out += pair_section(costing, c)
    out += by_rule(comparisons)
    return finish("\n".join(out))
