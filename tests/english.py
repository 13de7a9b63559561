"""Finds English sentences on a page in another language (Spanish, Czech, Italian).

The page's HTML is read as a reader reads it, minus what may rightly be English or code:
``<code>``, ``<pre>``, ``<script>``, ``<style>``, ``<svg>``, every element whose ``lang`` is not
the page's (a quote in its own language, English left on purpose and marked ``lang="en"``),
Material's own frame (the header, the navigation, the footer, the search: Material translates
it, ``theme.language``), and the declared exceptions (:data:`EXCEPTIONS`: identifiers such as
clause ids and card codes). What is left is cut into sentences; a sentence reads as English when
it holds two or more English function words that are not words of the page's language
(:data:`FUNCTION_WORDS`, less :data:`NATIVE`).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from spec_engine.catalog import REGULATION_IDS

FUNCTION_WORDS = frozenset(
    "the of and is are was to a an with for when which this that these those be been it its on or "
    "from by as at not no if then than into each every who what how where your you we our they "
    "their there has have had will would can may must should does do".split()
)
"""English words that carry no content: two in one sentence make it English."""

NATIVE: dict[str, frozenset[str]] = {
    "es": frozenset("a no as".split()),  # "as": the ace
    "cs": frozenset("a to on by do".split()),
    "it": frozenset("a no".split()),
}
"""Function words of English that are also words of the page's language (Czech "to", "on", "by";
Spanish "as", the ace)."""

EXCEPTIONS = (
    re.compile(r"\b[A-Z]{2}-[A-Za-z0-9.-]+\b"),  # clause ids: UY-43.2, CL-ANX-5a
    re.compile(r"\b(?:[2-9TJQKA][SHDC])\b"),  # card codes: AS, TD, 7C
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # rule field names: double_after_split
    re.compile(r"features/[\w/.-]+\.feature, (?:'[^']*'|«[^»]*»|„[^“]*“)"),  # a scenario by its file and name
    re.compile(rf"\b(?:{'|'.join(REGULATION_IDS)})\b"),  # the rulebooks' ids (IT is no English "it"): UY to IT
)
"""Identifiers that are the same in every language."""

SKIPPED = frozenset({"code", "pre", "script", "style", "svg", "header", "nav", "footer", "kbd", "samp"})
"""Elements whose text is not the page's prose (code, Material's frame)."""
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())


class _Prose(HTMLParser):
    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[bool] = []  # per open element: whether its text is skipped
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            if tag == "br":
                self.parts.append("\n")
            return
        found = dict(attrs)
        lang = (found.get("lang") or "").split("-")[0]
        classes = set((found.get("class") or "").split())
        skipped = (
            tag in SKIPPED
            or (bool(lang) and lang != self.language)
            or bool(classes & {"md-search", "md-header", "md-footer", "md-sidebar", "headerlink", "md-source"})
        )
        self.stack.append(skipped or (bool(self.stack) and self.stack[-1]))
        if tag in ("p", "li", "td", "th", "h1", "h2", "h3", "h4", "div", "blockquote", "caption", "dd", "dt"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()
        self.parts.append("\n" if tag in ("p", "li", "td", "th", "div") else "")

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)


def prose(page_html: str, language: str) -> str:
    """The page's text a reader reads as its language's prose (see the module's note)."""
    body = page_html.split("<body", 1)[-1]
    parser = _Prose(language)
    parser.feed(body)
    parser.close()
    text = "".join(parser.parts)
    for pattern in EXCEPTIONS:
        text = pattern.sub(" ", text)
    return text


def english_sentences(page_html: str, language: str) -> list[str]:
    """The sentences of the page that read as English (two or more English function words)."""
    words = FUNCTION_WORDS - NATIVE.get(language, frozenset())
    found = []
    for block in prose(page_html, language).split("\n"):
        for sentence in re.split(r"(?<=[.!?:;])\s+", block):
            tokens = re.findall(r"[^\W\d_]+", sentence.lower())
            if sum(1 for t in tokens if t in words) >= 2:
                found.append(" ".join(sentence.split()))
    return found
