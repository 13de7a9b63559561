"""One page per regulation, in the active language: every clause verbatim in its own language,
with its gist and reading in the reader's, and the scenarios that check it.

A page in another language than English quotes each clause, section heading and left-out part in
the text's own language (``lang`` marked), gives the gist and the reading translated (the
catalogs: ``data/clauses/*.toml``, ``data/exemptions.toml``, ``data/not_modelled.toml``), and keeps the
scenarios' names in
English, marked ``lang="en"``: they are the suite's identifiers, and their pages are English.
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Callable, Mapping
from functools import cache

from spec_engine import i18n
from spec_engine.catalog import NOT_KNOWN, Clause, Regulation, regulation
from spec_engine.i18n import N_, SOURCE, _, active, language, ngettext, pgettext
from spec_engine.kit.declared import NotModelled, exemptions, not_modelled
from spec_engine.kit.trace import FEATURES, ScenarioInfo, scenarios
from spec_engine.pages import play as widgets
from spec_engine.pages.common import (
    Results,
    anchor,
    badge,
    clause_links,
    feature_page,
    scenario_anchor,
    text,
    verbatim_html,
)
from spec_engine.pages.labels import any_marked, house_choice, label, summary
from spec_engine.pages.matrix import PROVENANCE_FIELDS
from spec_engine.rules import RULE_FIELDS, RuleSet, ruleset

# ------------------------------------------------------------------------------ regulation pages
DIRECTNESS = {
    "rule value": N_("checked through a rule value it states: a scenario plays differently when that value changes"),
    "fixed behaviour": N_("it states no rule value; its scenarios check behaviour every rulebook shares"),
    "other part": N_(
        "it states rule values, but no scenario notices their change; its scenarios check another part of it"
    ),
}
"""How each kind of coverage (``spec_engine.kit.exercised.COVERAGE_KINDS``) reads on a clause."""

PROVENANCE_TITLES = {
    "name": N_("title"),
    "reference": N_("reference"),
    "published_by": N_("published by"),
    "published_at": N_("published at"),
    "text_date": N_("date of the text"),
    "retrieved": N_("taken from its publisher"),
    "copied": N_("taken into the project"),
    "to_establish": N_("what would establish what is not known"),
}
"""The provenance's row titles (:data:`spec_engine.pages.matrix.PROVENANCE_FIELDS`' keys and
order), translated at use; :func:`provenance` reads them here, the matrix's own unit there."""


@cache
def _words(code: str, rulebook: str | None) -> dict[str, dict[str, str]]:
    """A clause's kind and topics, and a left-out part's reason, in language ``code`` and the
    words of ``rulebook`` (the data name them in English: ``catalog.KINDS``, ``TOPICS``,
    ``EXCLUSION_REASONS``)."""
    kinds = {
        "game rule": pgettext("clause kind", "game rule"),
        "table procedure": pgettext("clause kind", "table procedure"),
        "administration": pgettext("clause kind", "administration"),
        "description": pgettext("clause kind", "description"),
    }
    topics = {
        "general": pgettext("clause topic", "general"),
        "values": pgettext("clause topic", "values"),
        "shoe": pgettext("clause topic", "shoe"),
        "cut": pgettext("clause topic", "cut"),
        "burn": pgettext("clause topic", "burn"),
        "dealing": pgettext("clause topic", "dealing"),
        "naturals": pgettext("clause topic", "naturals"),
        "player-play": pgettext("clause topic", "player-play"),
        "dealer-play": pgettext("clause topic", "dealer-play"),
        "doubling": pgettext("clause topic", "doubling"),
        "splitting": pgettext("clause topic", "splitting"),
        "insurance": pgettext("clause topic", "insurance"),
        "even-money": pgettext("clause topic", "even-money"),
        "settlement": pgettext("clause topic", "settlement"),
        "payment-order": pgettext("clause topic", "payment-order"),
        "limits": pgettext("clause topic", "limits"),
        "box-sharing": pgettext("clause topic", "box-sharing"),
        "announcements": pgettext("clause topic", "announcements"),
        "misdeal": pgettext("clause topic", "misdeal"),
        "end-of-shoe": pgettext("clause topic", "end-of-shoe"),
        "session": pgettext("clause topic", "session"),
        "bank": pgettext("clause topic", "bank"),
        "conduct": pgettext("clause topic", "conduct"),
        "equipment": pgettext("clause topic", "equipment"),
        "administration": pgettext("clause topic", "administration"),
    }
    reasons = {
        "heading": pgettext("left-out part", "heading"),
        "title": pgettext("left-out part", "title"),
        "page header": pgettext("left-out part", "page header"),
        "web artefact": pgettext("left-out part", "web artefact"),
    }
    return {"kind": kinds, "topic": topics, "reason": reasons}


def _word(group: str, value: str) -> str:
    """``value`` of ``group`` (kind, topic, reason) in the active language (as it is, if new)."""
    return _words(active(), i18n.rulebook())[group].get(value, value)


def _quoted(value: str, lang: str, tag: str = "span") -> str:
    """Words of the text, in its language: marked ``lang`` on a page in another language than
    English (the English page, as it always was, leaves them unmarked)."""
    return value if active() == SOURCE else f'<{tag} lang="{lang}">{value}</{tag}>'


def _english_until_translated(make: Callable[[], str], tag: str = "span") -> str:
    """What ``make`` writes in the active language; marked ``lang="en"`` while it writes the same
    as in English (a part another unit translates: the trade's shorthand, the widget's form)."""
    here = make()
    if active() == SOURCE:
        return here
    with language(SOURCE):
        english = make()
    return f'<{tag} lang="en">{here}</{tag}>' if here == english else here


def not_modelled_line(gap: NotModelled) -> str:
    """What a clause the engine cannot play yet says on its page: the gap, what it would need, why."""
    reason = text(_(gap.reason))
    code = f"<code>{html.escape(gap.needs, quote=False)}</code>"
    if gap.action:
        return _(
            "{badge} Not modelled: the engine cannot play this clause yet; it would need the action {action} "
            "({reason}).",
            badge=badge("not-modelled"),
            action=code,
            reason=reason,
        )
    return _(
        "{badge} Not modelled: the engine cannot play this clause yet; it would need the rule value {value} "
        "({reason}).",
        badge=badge("not-modelled"),
        value=code,
        reason=reason,
    )


def house_option_lines(rules: RuleSet) -> list[str]:
    """Each rule the text leaves to the house, one item: its name, the values the house chooses
    from and the clauses permitting them (none where the text fixes every rule)."""
    out = []
    for name in (f.name for f in RULE_FIELDS if f.name in rules.house_options):
        chosen = house_choice(rules, name, clause_links)
        cited = clause_links(rules.house_options[name].cited())
        out.append("- " + _("{rule}: {value} ({basis})", rule=text(label(name)), value=chosen, basis=cited))
    return [*out, ""] if out else []


def _clause_block(
    clause: Clause,
    checks: list[ScenarioInfo],
    results: Results,
    exempt: str | None,
    directness: str | None = None,
    gap: NotModelled | None = None,
) -> list[str]:
    topics = ", ".join(_word("topic", t) for t in clause.topics)
    meta = f"{_word('kind', clause.kind)} · {topics}"
    lang = regulation(clause.id.split("-", 1)[0]).language
    gist = _(clause.gist)
    out = [
        f'<div id="{clause.id}" class="clause-alias"></div>',  # the citation's own spelling: #UY-43.1
        "",
        # the gist in the heading: a search for a rule's words finds the clause's own section
        f'### {clause.id} <small class="gist">{html.escape(gist)}</small> {{#{anchor(clause.id)}}}',
        "",
        f'<blockquote lang="{lang}"><p>{verbatim_html(clause.text)}</p></blockquote>',
        "",
        f"*{text(gist)}*  ",
        f"<small>{meta}</small>",
        "",
    ]
    if clause.note:
        title = _("Ambiguity and reading")
        out += [f'!!! note "{title}"', f"    {text(_(clause.note))}", ""]
    english = "" if active() == SOURCE else '{lang="en"}'  # a scenario's name: the suite's identifier
    if exempt is not None:
        out += [_("{badge} Not executable: {reason}", badge=badge("exempt"), reason=text(_(exempt))), ""]
    elif gap is not None:  # a gap of the engine, said as one (never among the exempt)
        out += [not_modelled_line(gap), ""]
    elif checks:
        out.append(
            _("Checked by: <small>({how})</small>", how=_(DIRECTNESS[directness])) if directness else _("Checked by:")
        )
        out.append("")
        for info in checks:
            href = f"scenarios/{feature_page(info.feature)}.md#{scenario_anchor(info)}"
            out.append(f"- {badge(results.status(info))} [{text(info.name)}]({href}){english}")
        out.append("")
    else:
        out += [_("{badge} No scenario checks this clause yet.", badge=badge("missing")), ""]
    return out


def _cell(value: str) -> str:
    return html.escape(value, quote=False).replace("|", "\\|")


def provenance(reg: Regulation) -> list[str]:
    """Where the text comes from, as far as the project knows: its title and reference, who
    published it and where, its date, when its copy was taken; "not known" where the project
    does not know, said once with what would establish it."""
    titles = {key: _(PROVENANCE_TITLES[key]) for key, _title in PROVENANCE_FIELDS}
    rows = [f"| {_('provenance')} | |", "|---|---|"]
    for key, _title in PROVENANCE_FIELDS:
        if key == "to_establish":
            continue
        value = getattr(reg, key)  # the title is the catalog's already; a date is the same in every language
        shown = value if key in ("name", "copied") else _(value)
        rows.append(f"| {titles[key]} | {_cell(shown)} |")
    path = f"spec_engine/data/regulations/{reg.source}"
    copy = _("`{path}` (language: {language})", path=path, language=reg.language)
    copy_title = _("the project's verbatim copy")
    rows.append(f"| {copy_title} | {copy} |")
    unknown = [titles[key] for key, _title in PROVENANCE_FIELDS if getattr(reg, key).startswith(NOT_KNOWN)]
    out = [*rows, ""]
    if unknown and reg.to_establish:
        out += [
            _(
                "Not known: {unknown}. What would establish it: {what}.",
                unknown=", ".join(unknown),
                what=text(_(reg.to_establish)),
            ),
            "",
        ]
    return out


def regulation_page(
    reg_id: str,
    infos: list[ScenarioInfo] | None = None,
    results: Results | None = None,
    directness: Mapping[str, str] | None = None,
) -> str:
    """The page of ``reg_id`` in the active language, in its words (``infos``: the suite's
    scenarios, all of them when None; ``results``: the latest run's, none when None)."""
    with language(active(), rulebook=reg_id):
        return _page(reg_id, scenarios(FEATURES) if infos is None else infos, results or Results(), directness or {})


def _page(reg_id: str, infos: list[ScenarioInfo], results: Results, directness: Mapping[str, str]) -> str:
    reg = regulation(reg_id)
    exempt = exemptions()
    gaps = not_modelled()
    checks: dict[str, list[ScenarioInfo]] = defaultdict(list)
    for info in infos:
        for tag in info.tags:
            if tag.startswith(reg_id + "-"):
                checks[tag].append(info)
    shorthand = _english_until_translated(lambda: text(summary(ruleset(reg_id))))
    count = len(reg.clauses)
    lines = [
        "---",
        "title: " + '"' + _("The text: {name}", name=reg.name).replace(chr(34), chr(39)) + '"',
        "hide:",
        "  - toc",
        "search:",
        "  boost: 3",  # a rule's words find its clause before the scenarios that check it
        "---",
        "",
        f"# {reg.name}",
        "",
        text(_(reg.description)),
        "",
        (
            _(
                "**In the trade's shorthand:** {shorthand} (* the text does not state it; see [the rules "
                "compared]({rules})).",
                shorthand=shorthand,
                rules="rules.md",
            )
            if any_marked(ruleset(reg_id))
            else _("**In the trade's shorthand:** {shorthand}.", shorthand=shorthand)
        ),
        "",
        *house_option_lines(ruleset(reg_id)),
        *provenance(reg),
        widgets.STYLE,
        "",
        *play_here(reg),
        ngettext(
            "{count} clause, in the order of the text, with the scenarios that check it and their status in "
            "the latest run.",
            "{count} clauses, in the order of the text; each with the scenarios that check it and their status "
            "in the latest run.",
            count,
            count=count,
        ),
        "",
    ]
    if active() != SOURCE:
        lines += [
            _(
                "Each clause is quoted in the language of its text, with its gist translated. The scenarios "
                "that check it keep their English names: they are the suite's identifiers, and their pages "
                "are in English."
            ),
            "",
        ]
    section = None
    for clause in reg.clauses:
        if clause.section and clause.section != section:
            section = clause.section
            lines += [f"## {_quoted(text(section), reg.language)}", ""]
        lines += _clause_block(
            clause,
            checks.get(clause.id, []),
            results,
            exempt.get(clause.id),
            directness.get(clause.id),
            gaps.get(clause.id),
        )
    if reg.excluded:
        lines += [
            "## " + _("Not clauses"),
            "",
            _("Parts of the text that are not rules, left out of the catalog:"),
            "",
        ]
        for e in reg.excluded:
            reason, quoted = _word("reason", e.reason), _quoted(text(e.text), reg.language)
            if e.everywhere:
                said = ngettext(
                    "{reason}: “{quoted}” ({count} time)",
                    "{reason}: “{quoted}” ({count} times)",
                    e.count,
                    reason=reason,
                    quoted=quoted,
                    count=e.count,
                )
            else:
                said = _("{reason}: “{quoted}”", reason=reason, quoted=quoted)
            lines.append(f"- {said}")
    return "\n".join(lines) + "\n\n" + widgets.SCRIPTS + "\n"


def play_here(reg: Regulation) -> list[str]:
    """This rulebook's own table, folded: opening it loads Python and deals the form's cards
    (or a seeded deal), each refusal citing this text's clauses."""

    def body() -> str:
        return widgets.widget(f"bj-{reg.id.lower()}", widgets.simple_fields(), regs=[reg.id], folded=True)

    return [
        _(
            "**Play it here.** Deal a hand under this rulebook in this page (the engine, in Python in your "
            "browser): the actions it allows are buttons, the others show the clause that refuses them. "
            "[Play it yourself]({play}) puts the five rulebooks side by side.",
            play="play.md",
        ),
        "",
        widgets.folded(_("Play under {rulebook} here", rulebook=reg.short), _english_until_translated(body, "div")),
        "",
    ]
