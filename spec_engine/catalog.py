"""The clause catalog: the five texts split into citable clauses.

Each regulation has one TOML file in ``data/clauses/`` and its verbatim source text in
``data/regulations/``. A clause holds one normative sentence or paragraph of its text,
quoted verbatim (runs of white space folded to one space), an English gist, topic tags
and a kind. Lines of the text that are not clauses (headings, page headers, web
artefacts) are listed in the same file as ``[[excluded]]`` entries with a reason, so that
:func:`tiling_problems` can prove that the clauses and the exclusions, in order, are the
whole text and nothing else.

File layout::

    [regulation]
    id = "UY"                      # the prefix of every clause id (its names: data/regulations.toml)
    source = "uruguay-dgc.es.txt"  # in data/regulations/
    language = "es"
    description = "..."
    retired = []                   # ids once used and never to be used again

    [[excluded]]
    text = "..."
    reason = "page header"         # heading | title | page header | web artefact
    everywhere = true              # removed wherever it occurs (repeated page headers)
    count = 10                     # with everywhere: how many times it occurs

    [[clause]]
    id = "UY-1.1"
    section = "CAPÍTULO I Introducción"
    text = '''...'''
    gist = "..."
    topics = ["general"]
    kind = "description"
    note = "..."                   # optional: an ambiguity and the reading taken
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from spec_engine.errors import InputError
from spec_engine.i18n import _

DATA = Path(__file__).parent / "data"
_ONE_LIST: dict[str, Any] = tomllib.loads((DATA / "regulations.toml").read_text(encoding="utf-8"))
REGULATION_IDS: tuple[str, ...] = tuple(_ONE_LIST["ids"])
"""The regulations, in the order every listing shows them: ``data/regulations.toml``, the one list."""


def rulebook_name(reg_id: str, *, with_id: bool = False, long: bool = False) -> str:
    """A rulebook's name, as the one list spells it (``data/regulations.toml``, ``[names]``) and
    as every page, listing, widget, report and the command line writes it: its short form, the
    same with its id in brackets (``with_id``: ``<short> (CZ)``), or the text's full title
    (``long``), each in the active language (:mod:`spec_engine.i18n`). No other spelling exists
    (``tests/test_names.py``)."""
    names = _ONE_LIST.get("names", {}).get(reg_id.upper())
    key = "long" if long else "short"
    if not isinstance(names, dict) or not isinstance(names.get(key), str) or not names[key].strip():
        raise InputError(f"data/regulations.toml gives {reg_id!r} no {key} name", field="regulations.toml [names]")
    name = _(names[key])  # (in the active language: the catalogs translate the one list's names)
    return f"{name} ({reg_id.upper()})" if with_id else name


KINDS = ("game rule", "table procedure", "administration", "description")
TOPICS = (
    "general",
    "values",
    "shoe",
    "cut",
    "burn",
    "dealing",
    "naturals",
    "player-play",
    "dealer-play",
    "doubling",
    "splitting",
    "insurance",
    "even-money",
    "settlement",
    "payment-order",
    "limits",
    "box-sharing",
    "announcements",
    "misdeal",
    "end-of-shoe",
    "session",
    "bank",
    "conduct",
    "equipment",
    "administration",
)
EXCLUSION_REASONS = ("heading", "title", "page header", "web artefact")

_ID = re.compile(r"^(?P<prefix>[A-Z]{2})-[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*$")
_SPACE = re.compile(r"\s+")
_CLAUSE_KEYS = {"id", "section", "text", "gist", "topics", "kind", "note"}
_EXCLUDED_KEYS = {"text", "reason", "everywhere", "count"}
_REGULATION_KEYS = {
    "id",
    "source",
    "language",
    "description",
    "retired",
    "reference",
    "published_by",
    "text_date",
    "retrieved",
    "published_at",
    "copied",
    "to_establish",
}
NOT_KNOWN = "not known"
"""What a provenance field says when the project does not know it."""


def fold(text: str) -> str:
    """Fold every run of white space (non-breaking spaces included) to one space."""
    return _SPACE.sub(" ", text).strip()


@dataclass(frozen=True, slots=True)
class Clause:
    """One citable clause of a regulation."""

    id: str
    text: str
    """The original wording, verbatim but for folded white space."""
    gist: str
    """An English gist: what the clause says, not a translation."""
    topics: tuple[str, ...]
    kind: str
    section: str = ""
    note: str = ""
    """An ambiguity in the clause and the reading the project takes, if any."""

    @property
    def regulation(self) -> str:
        return self.id.split("-", 1)[0]


@dataclass(frozen=True, slots=True)
class Excluded:
    """A piece of the source text that is not a clause, and why."""

    text: str
    reason: str
    everywhere: bool = False
    count: int = 1


@dataclass(frozen=True, slots=True)
class Regulation:
    """One regulation: its metadata, clauses in text order and its exclusions."""

    id: str
    source: str
    language: str
    description: str
    clauses: tuple[Clause, ...]
    excluded: tuple[Excluded, ...]
    retired: tuple[str, ...] = ()
    reference: str = NOT_KNOWN
    """The text's official title and reference (number, bulletin), as far as known."""
    published_by: str = NOT_KNOWN
    """Where, or by whom, the text was published."""
    text_date: str = NOT_KNOWN
    """The date of the text (ISO), or ``not known``."""
    retrieved: str = NOT_KNOWN
    """When the copy was taken from its publisher (ISO), or ``not known``."""
    published_at: str = NOT_KNOWN
    """Where the text was published (a bulletin, a web site and its address), as far as known."""
    copied: str = NOT_KNOWN
    """When the project took in its verbatim copy (ISO): the first commit holding it."""
    to_establish: str = ""
    """What would establish what is not known of the text's provenance."""

    def clause(self, clause_id: str) -> Clause:
        for clause in self.clauses:
            if clause.id == clause_id:
                return clause
        raise InputError(f"no clause {clause_id!r} in {self.id}", field="clause id")

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.clauses)

    @property
    def name(self) -> str:
        """The text's full title (:func:`rulebook_name`, long)."""
        return rulebook_name(self.id, long=True)

    @property
    def short(self) -> str:
        """The rulebook's name (:func:`rulebook_name`)."""
        return rulebook_name(self.id)

    def source_text(self) -> str:
        return (DATA / "regulations" / self.source).read_text(encoding="utf-8")


def _fail(path: Path, where: str, message: str) -> InputError:
    return InputError(message, field=f"{path.name} {where}")


def _string(path: Path, where: str, table: dict[str, Any], key: str, *, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise _fail(path, where, f"'{key}' must be a string, not {type(value).__name__}")
    if required and not value.strip():
        raise _fail(path, where, f"'{key}' is missing or empty")
    return value


def parse_catalog(path: Path) -> Regulation:
    """Read and validate one catalog file; any fault is an :class:`InputError` naming the
    file and the clause id."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"cannot read catalog: {exc}", field=path.name) from exc
    unknown = set(raw) - {"regulation", "excluded", "clause"}
    if unknown:
        raise _fail(path, "top level", f"unknown keys {sorted(unknown)}")
    meta = raw.get("regulation")
    if not isinstance(meta, dict):
        raise _fail(path, "[regulation]", "table is missing")
    if {"name", "short"} & set(meta):
        raise _fail(path, "[regulation]", "a rulebook's name is in data/regulations.toml ([names]), not here")
    if set(meta) - _REGULATION_KEYS:
        raise _fail(path, "[regulation]", f"unknown keys {sorted(set(meta) - _REGULATION_KEYS)}")
    reg_id = _string(path, "[regulation]", meta, "id")
    retired = tuple(meta.get("retired", ()))
    clauses: list[Clause] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw.get("clause", ())):
        where = f"clause #{index + 1}"
        clause_id = entry.get("id")
        if isinstance(clause_id, str):
            where = f"clause {clause_id}"
        unknown = set(entry) - _CLAUSE_KEYS
        if unknown:
            raise _fail(path, where, f"unknown keys {sorted(unknown)}")
        clause_id = _string(path, where, entry, "id")
        match = _ID.match(clause_id)
        if match is None or match["prefix"] != reg_id:
            raise _fail(path, where, f"malformed id (expected '{reg_id}-' followed by a locator)")
        if clause_id in seen:
            raise _fail(path, where, "duplicate id")
        if clause_id in retired:
            raise _fail(path, where, "id is retired and may not be reused")
        seen.add(clause_id)
        topics = entry.get("topics", [])
        if not topics or not all(t in TOPICS for t in topics):
            raise _fail(path, where, f"topics must be a non-empty list from {TOPICS}")
        kind = _string(path, where, entry, "kind")
        if kind not in KINDS:
            raise _fail(path, where, f"kind {kind!r} is not one of {KINDS}")
        text = _string(path, where, entry, "text")
        if fold(text) != text:
            raise _fail(path, where, "text must have its white space folded (see catalog.fold)")
        clauses.append(
            Clause(
                id=clause_id,
                text=text,
                gist=_string(path, where, entry, "gist"),
                topics=tuple(topics),
                kind=kind,
                section=_string(path, where, entry, "section", required=False),
                note=_string(path, where, entry, "note", required=False),
            )
        )
    excluded: list[Excluded] = []
    for index, entry in enumerate(raw.get("excluded", ())):
        where = f"excluded #{index + 1}"
        if set(entry) - _EXCLUDED_KEYS:
            raise _fail(path, where, f"unknown keys {sorted(set(entry) - _EXCLUDED_KEYS)}")
        reason = _string(path, where, entry, "reason")
        if reason not in EXCLUSION_REASONS:
            raise _fail(path, where, f"reason {reason!r} is not one of {EXCLUSION_REASONS}")
        excluded.append(
            Excluded(
                text=fold(_string(path, where, entry, "text")),
                reason=reason,
                everywhere=bool(entry.get("everywhere", False)),
                count=int(entry.get("count", 1)),
            )
        )
    if not clauses:
        raise _fail(path, "[[clause]]", "no clauses")
    return Regulation(
        id=reg_id,
        source=_string(path, "[regulation]", meta, "source"),
        language=_string(path, "[regulation]", meta, "language"),
        description=_string(path, "[regulation]", meta, "description"),
        clauses=tuple(clauses),
        excluded=tuple(excluded),
        retired=retired,
        reference=_string(path, "[regulation]", meta, "reference"),
        published_by=_string(path, "[regulation]", meta, "published_by"),
        text_date=_string(path, "[regulation]", meta, "text_date"),
        retrieved=_string(path, "[regulation]", meta, "retrieved"),
        published_at=_string(path, "[regulation]", meta, "published_at"),
        copied=_string(path, "[regulation]", meta, "copied"),
        to_establish=_string(path, "[regulation]", meta, "to_establish"),
    )


@cache
def regulation(reg_id: str) -> Regulation:
    """The catalog of one regulation by id (``"UY"``; case-insensitive)."""
    key = reg_id.upper()
    if key not in REGULATION_IDS:
        raise InputError(f"unknown regulation {reg_id!r}; known: {', '.join(REGULATION_IDS)}", field="regulation")
    return parse_catalog(DATA / "clauses" / f"{key.lower()}.toml")


def regulations() -> tuple[Regulation, ...]:
    return tuple(regulation(r) for r in REGULATION_IDS)


def clause(clause_id: str) -> Clause:
    """Any clause by its id."""
    return regulation(clause_id.split("-", 1)[0]).clause(clause_id)


def clause_text(clause_id: str) -> tuple[str, str]:
    """The language of a clause's text and its verbatim words (the glossary's citations are
    checked against them); an unknown id raises like :func:`clause`."""
    reg = regulation(clause_id.split("-", 1)[0])
    return reg.language, reg.clause(clause_id).text


def quoted(clause_id: str) -> dict[str, str]:
    """A clause as a page quotes it: its id, its words, their language and the English gist."""
    found = clause(clause_id)
    return {"id": clause_id, "text": found.text, "gist": found.gist, "lang": regulation(found.regulation).language}


def all_clause_ids() -> frozenset[str]:
    return frozenset(c.id for r in regulations() for c in r.clauses)


def is_clause_id(text: str) -> bool:
    """Whether ``text`` has the shape of a clause id (``UY-43.2``), whether or not it exists."""
    return _ID.match(text) is not None


def tiling_problems(reg: Regulation, source: str | None = None) -> list[str]:
    """Check that the clauses and exclusions, in order, are exactly the source text.

    Repeated artefacts (``everywhere``) are removed first, with their expected count; then
    every clause and every other exclusion must follow each other, in file order, with
    nothing but white space between them, to the end of the text. Returns the problems
    found (empty when the catalog tiles the text).
    """
    text = fold(reg.source_text() if source is None else source)
    problems: list[str] = []
    for item in reg.excluded:
        if item.everywhere:
            found = text.count(item.text)
            if found != item.count:
                problems.append(f"excluded {item.text[:50]!r}: expected {item.count} occurrence(s), found {found}")
            text = fold(text.replace(item.text, " "))
    in_order = [e for e in reg.excluded if not e.everywhere]
    clauses = reg.clauses

    def after_space(at: int) -> int:
        while at < len(text) and text[at] == " ":
            at += 1
        return at

    # The clauses and the exclusions are two lists, each in text order, that interleave: a walk
    # through the text takes the next of either where it starts. Where both could (a heading
    # "Black Jack" and a clause "Black Jack is played ..."), each way is tried: a state is how many
    # of each are taken (its place in the text follows from them), so each is visited once.
    start = after_space(0)
    stack, seen = [(0, 0, start)], {(0, 0)}
    furthest = (start, 0, 0)  # (the furthest place reached, with what was taken there)
    while stack:
        ci, ei, cursor = stack.pop()
        if ci == len(clauses) and ei == len(in_order):
            rest = text[cursor:].strip()
            return problems + ([f"text left over after the last clause: {rest[:120]!r}"] if rest else [])
        furthest = max(furthest, (cursor, ci, ei))
        for taken, piece in (
            ((ci + 1, ei), clauses[ci].text if ci < len(clauses) else None),
            (
                (ci, ei + 1),
                in_order[ei].text if ei < len(in_order) else None,
            ),
        ):
            if piece is not None and taken not in seen and text.startswith(piece, cursor):
                seen.add(taken)
                stack.append((*taken, after_space(cursor + len(piece))))
    cursor, ci, ei = furthest
    expected = clauses[ci].id if ci < len(clauses) else f"excluded {in_order[ei].text[:40]!r}"
    problems.append(f"{expected} does not follow at this point of the text: {text[cursor : cursor + 120]!r}")
    return problems


if __name__ == "__main__":  # pragma: no cover - a checking aid for catalog editors
    import sys

    for rid in sys.argv[1:] or REGULATION_IDS:
        regulation.cache_clear()
        reg = regulation(rid)
        found = tiling_problems(reg)
        print(f"{reg.id}: {len(reg.clauses)} clauses, {'OK' if not found else 'PROBLEMS'}")
        for problem in found:
            print("  -", problem)
