"""The home page, in the active language: what the site is, for whom, how to read it, the five
texts and a trainee's way in. Every sentence is a message of the catalog (``spec_engine.i18n``);
the pages generator writes it once per language (``docs/index.md``, ``docs/index.es.md``, ...).
"""

from __future__ import annotations

import html

from spec_engine.catalog import regulations, rulebook_name
from spec_engine.i18n import _, active
from spec_engine.pages.common import text
from spec_engine.pages.labels import any_marked, summary
from spec_engine.rules import ruleset


def _english(value: str) -> str:
    """Words not translated yet (the trade's shorthand of ``pages/labels.py``), marked as English
    on a page in another language."""
    return value if active() == "en" else f'<span lang="en">{value}</span>'


def trainees_table() -> str:
    """The home page's way in for a trainee dealer: per rulebook, its onboarding and the
    practice with that rulebook chosen."""
    rows = [
        "| " + " | ".join((_("rulebook"), _("learn the round"), _("deal a round"))) + " |",
        "|---|---|---|",
    ]
    for reg in regulations():
        learn, deal = f"generated/onboarding-{reg.id.lower()}.md", f"generated/practice.md?reg={reg.id}"
        onboarding = _("[onboarding]({href})", href=learn)
        practice = _("[practise dealing]({href})", href=deal)
        rows.append(f"| {text(rulebook_name(reg.id, with_id=True))} | {onboarding} | {practice} |")
    return "\n".join(rows) + "\n"


def regulations_table() -> str:
    """The five texts: an HTML table whose rows stack into cards on a phone (each cell
    labelled), so that no column is off the screen; then each one's rules in the trade's shorthand."""
    heads = (_("id"), _("regulation"), _("clauses"), _("language"), _("what it is"))
    rows = [
        '<table class="stack" markdown="0">',
        "<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr></thead>",
        "<tbody>",
    ]
    for reg in regulations():
        cells = (
            html.escape(reg.id),
            f'<a href="generated/{reg.id.lower()}.html">{html.escape(reg.short)}</a>',
            str(len(reg.clauses)),
            f'<span lang="{reg.language}">{html.escape(reg.language)}</span>',
            html.escape(_(reg.description)),
        )
        rows.append(
            "<tr>"
            + "".join(f'<td data-label="{html.escape(h)}">{c}</td>' for h, c in zip(heads, cells, strict=True))
            + "</tr>"
        )
    shorthand = (
        _("In the trade's shorthand (* the text does not state it):")
        if any_marked(*(ruleset(reg.id) for reg in regulations()))
        else _("In the trade's shorthand:")
    )
    rows += ["</tbody></table>", "", shorthand, ""]
    rows += [f"- **{reg.id}**: {_english(text(summary(ruleset(reg.id))))}" for reg in regulations()]
    return "\n".join(rows) + "\n"


def home_page() -> str:
    """The home page in the active language (links relative to ``docs/``)."""
    g = "generated/"
    return "\n".join(
        [
            "# Blackjack Spec",
            "",
            _(
                "Five rulebooks govern blackjack in five places: a Catalan card club, the casino-games "
                "regulation of Melilla in Spain, Uruguay's state casinos, a casino in the Czech Republic and "
                "the Casinò di Campione d'Italia. They agree on the core game and differ in many details. "
                "This site shows them side by side, clause by clause, and every rule it shows is played by an "
                "engine and checked by executable scenarios, whose latest results appear on every page."
            ),
            "",
            "## " + _("For whom"),
            "",
            "- "
            + _(
                "*Regulators and clubs*: [Rules compared]({rules}) puts every rule value of the five texts in "
                "one table, each cell linked to the clause that states it, or marked as an assumption where "
                "the text is silent. [What the rules cost]({cost}) gives each rulebook's exact return to the "
                "player, and [the cost between two rulebooks]({pairs}) what each difference between any two "
                "of them is worth, rule by rule, topic by topic and in all. [Same hand, five "
                "rulebooks]({hands}) plays one situation under each rule set.",
                rules=g + "rules.md",
                cost=g + "cost.md",
                pairs=g + "pairs.md",
                hands=g + "worked-hands.md",
            ),
            "- "
            + _(
                "*Labs and vendors*: every clause has a stable id (`UY-43.2`, `CL-ANX-5a`, `CZ-HRA-19`) and "
                "its scenarios carry it as a tag. [For labs and vendors]({labs}) says how to run the "
                "conformance kit against your implementation through a language-neutral "
                "[protocol]({protocol}) and read its verdict and certificate; see the [reports]({reports}) "
                "and the [coverage]({coverage}).",
                labs="labs.md",
                protocol="protocol.md",
                reports=g + "conformance.md",
                coverage=g + "coverage.md",
            ),
            "- "
            + _(
                "*Trainee dealers and their trainers*: choose your rulebook, read its onboarding (the round "
                "step by step, with what the dealer says and the mistakes the text foresees), then deal "
                "rounds in *Practise dealing*, each step judged against its rules:"
            ),
            "",
            *("    " + line if line else "" for line in trainees_table().splitlines()),
            "",
            "## " + _("How to read it"),
            "",
            "- "
            + _(
                "Each regulation's page quotes its text in its own language, clause by clause, with a gist, "
                "the reading taken where the text is ambiguous, and the scenarios that check the clause with "
                "their status."
            ),
            "- "
            + _(
                "In the comparison, a plain value is the regulation's word (with its clauses); an underlined "
                "value is the project's stated reading of an ambiguous text; an *italic, hatched* value is the "
                "engine's assumption where the text is silent, with its reason. The texts are the authority: "
                "nothing is invented."
            ),
            "- " + _("Money is exact (3:2 on 15 is 22.5). Cards are written `AS`, `TD`, `7C` (rank, then suit)."),
            "- "
            + _(
                "The [glossary]({glossary}) gives the trade's words of each text, each cited to its clauses.",
                glossary=g + "glossary.md",
            ),
            "",
            "## " + _("The five regulations"),
            "",
            regulations_table(),
            _(
                "See also: [the scenarios]({scenarios}), [the event log]({events}), [architecture]({architecture}).",
                scenarios=g + "scenarios/index.md",
                events=g + "events.md",
                architecture="architecture.md",
            ),
            "",
        ]
    )
