"""Shared pieces of the pages: inert text, clause links and anchors, status badges, rule values with their basis."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

from spec_engine.catalog import regulation
from spec_engine.events import Money, money_str
from spec_engine.i18n import _, pgettext
from spec_engine.kit.trace import ASSUMES, ScenarioInfo
from spec_engine.pages.labels import label, words
from spec_engine.rules import Citation, RuleSet

_LIST_START = re.compile(r"^(\d*)([.)+-])")
_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]#|"})


def text(value: str) -> str:
    """Verbatim text made inert: no HTML, no Markdown emphasis, links or table breaks."""
    inert = html.escape(value, quote=False).translate(_MD_SPECIAL)
    return _LIST_START.sub(r"\1\\\2", inert)


def anchor(clause_id: str) -> str:
    """The HTML anchor of a clause on its regulation page."""
    return clause_id.lower().replace(".", "-")


def clause_href(clause_id: str, prefix: str = "", ext: str = "html") -> str:
    """The address of a clause: ``.html`` for raw HTML, ``.md`` for Markdown links (the
    builder checks and rewrites those)."""
    reg = clause_id.split("-", 1)[0].lower()
    return f"{prefix}{reg}.{ext}#{anchor(clause_id)}"


def clause_link(clause_id: str, prefix: str = "") -> str:
    """A Markdown link to a clause, from a page in the generated folder (``prefix`` for
    pages in a subfolder, e.g. ``../``)."""
    return f"[{clause_id}]({clause_href(clause_id, prefix, 'md')})"


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def verbatim_html(value: str) -> str:
    """A clause's verbatim words as HTML: escaped, the source's own ``**emphasis**`` (a web
    page's bold, kept in the copy) shown as emphasis rather than as asterisks."""
    return _BOLD.sub(r"<strong>\1</strong>", html.escape(value, quote=False))


def tag_link(tag: str, prefix: str = "") -> str:
    """A scenario tag as a link: a clause to its clause, an assumption (``assumes-<rule>``)
    to its row of the comparison matrix."""
    if tag.startswith(ASSUMES):
        rule = tag.removeprefix(ASSUMES)
        href = f"{prefix}rules.md#rule-{rule}"
        return _("[assumed: {rule}]({href})", rule=text(rule), href=href)
    return clause_link(tag, prefix)


def scenario_tags(tags: Iterable[str]) -> list[str]:
    """The tags a page shows for a scenario: clauses and assumptions, not regulation ids."""
    return [t for t in tags if "-" in t]


def slug(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")


def feature_page(feature: str) -> str:
    """The page of a feature file, ``features/uy/core.feature`` -> ``uy-core``."""
    return slug(feature.removeprefix("features/").removesuffix(".feature"))


def scenario_anchor(info: ScenarioInfo) -> str:
    return f"s{info.line}"


def status_label(status: str | None) -> str:
    """A scenario's status as a badge says it, in the active language (``exempt``: no engine can
    check the clause; ``not-modelled``: this engine cannot play it yet; ``missing``: no scenario
    checks it yet)."""
    labels = {
        "passed": pgettext("scenario status", "pass"),
        "failed": pgettext("scenario status", "FAIL"),
        "skipped": pgettext("scenario status", "skipped"),
        None: pgettext("scenario status", "not run"),
        "exempt": pgettext("scenario status", "exempt"),
        "not-modelled": pgettext("scenario status", "not modelled"),
        "missing": pgettext("scenario status", "missing"),
    }
    return labels.get(status, status or labels[None])


def badge(status: str | None) -> str:
    return f'<span class="status status-{status or "none"}">{status_label(status)}</span>'


# ------------------------------------------------------------------------------ results
class Results:
    """Scenario statuses from the latest run, keyed by feature, line and regulation."""

    def __init__(self, entries: Iterable[dict[str, Any]] = ()) -> None:
        self.by_key: dict[tuple[str, int, str | None], str] = {}
        for entry in entries:
            self.by_key[(entry["feature"], entry["line"], entry.get("regulation"))] = entry["status"]

    def status(self, info: ScenarioInfo) -> str | None:
        return self.by_key.get((info.feature, info.line, info.regulation)) or self.by_key.get(
            (info.feature, info.line, None)
        )


def overall_status(statuses: Iterable[str | None]) -> str | None:
    found = list(statuses)
    if not found:
        return None
    for status in ("failed", None, "skipped"):
        if status in found:
            return status
    return "passed"


# ------------------------------------------------------------------------------ the matrix
def clause_words(clause_ids: Iterable[str]) -> str:
    """The clauses' own words, for a tooltip."""
    parts = []
    for clause_id in clause_ids:
        found = regulation(clause_id.split("-", 1)[0]).clause(clause_id)
        parts.append(f"{clause_id}: {found.text}")
    return html.escape(" | ".join(parts))


# ---------------------------------------------------------------------------- citations


def clause_links(clauses: Sequence[str]) -> str:
    return ", ".join(clause_link(c) for c in clauses)


def basis_text(cite: Citation | None) -> str:
    """A rule value's basis, short: its clause links, a reading of them, or an assumption."""
    if cite is None or cite.assumed:
        if cite is not None and cite.clauses:
            return _("*not stated: assumed*; context {clauses}", clauses=clause_links(cite.clauses))
        return _("*not stated: assumed*")
    if cite.basis == "interpretation":
        return _("reading of {clauses}", clauses=clause_links(cite.clauses))
    return clause_links(cite.clauses)


def rule_value_text(rules: RuleSet, name: str) -> str:
    """A rule value with its basis, as in the rules comparison: bold when the text says it,
    italic when the engine assumes it."""
    cite = rules.citations.get(name)
    shown = text(words(name, getattr(rules, name)))
    value = f"*{shown}*" if cite is None or cite.assumed else f"**{shown}**"
    return _("{rule}: {value} ({basis})", rule=text(label(name)), value=value, basis=basis_text(cite))


def signed_money(amount: Money) -> str:
    return ("+" if amount > 0 else "") + money_str(amount)


def overrides_banner(changes: Any) -> str:
    """The note every page of a site built with ``BLACKJACK_SPEC_OVERRIDES`` carries at its top
    (``changes``: :func:`spec_engine.overrides.from_env`); empty when nothing is changed."""
    if not changes:
        return ""
    named = "; ".join(
        f"{reg}: " + ", ".join(f"{label(name)}: {words(name, value)}" for name, value in values.items())
        for reg, values in changes.items()
    )
    title = _("Built with changed rule values")
    body = _(
        "This site was built with <code>BLACKJACK_SPEC_OVERRIDES</code>: {changes}. Its scenario results were "
        "played with these values, which no text states (a changed value cites no clause); the rule values, the "
        "clauses and the figures shown are the texts' own.",
        changes=html.escape(named),
    )
    return (
        '<div class="admonition warning overrides-banner" role="note">'
        f'<p class="admonition-title">{title}</p><p>{body}</p></div>\n'
    )
