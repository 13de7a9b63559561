"""A new text beside the others: what ``blackjack-spec new-regulation`` writes
(:func:`new_regulation`), and the one place the protocol's schemas list the regulations.

The schemas (``data/protocol/*.schema.json``) name the regulation ids in four enums
(:data:`REGULATION_ENUMS`); :func:`schema_regulation_enums` reads them (a test checks they are
``REGULATION_IDS``) and :func:`write_regulation_enums` rewrites them from it.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spec_engine.catalog import REGULATION_IDS, fold
from spec_engine.errors import InputError
from spec_engine.i18n import data_messages
from spec_engine.kit.copied import REVIEW as COPIED_MARK
from spec_engine.kit.driver import jsonable
from spec_engine.kit.vectors import SCHEMA_DIR
from spec_engine.rules import RULE_FIELDS, RuleSet, show_value

REGULATION_ENUMS: dict[str, tuple[tuple[str, ...], ...]] = {
    "request.schema.json": (("$defs", "regulation"),),
    "reply.schema.json": (("$defs", "hello", "properties", "regulations", "items"),),
    "vectors.schema.json": (("properties", "regulation"), ("properties", "ruleset", "properties", "id")),
}
"""Where each schema lists the regulation ids (each path leads to an object with an ``enum``)."""


def _at(schema: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    node: Any = schema
    for key in path:
        node = node[key]
    assert isinstance(node, dict) and isinstance(node.get("enum"), list), path
    return node


def schema_regulation_enums(folder: Path = SCHEMA_DIR) -> dict[str, list[str]]:
    """``file:path`` -> the regulation ids that enum lists."""
    out = {}
    for name, paths in REGULATION_ENUMS.items():
        schema = json.loads((folder / name).read_text(encoding="utf-8"))
        for path in paths:
            out[f"{name}:{'/'.join(path)}"] = list(_at(schema, path)["enum"])
    return out


def write_regulation_enums(ids: tuple[str, ...] = REGULATION_IDS, folder: Path = SCHEMA_DIR) -> None:
    """Set every regulation enum of the schemas to ``ids`` (the files keep their formatting)."""
    for name, paths in REGULATION_ENUMS.items():
        file = folder / name
        schema = json.loads(file.read_text(encoding="utf-8"))
        for path in paths:
            _at(schema, path)["enum"] = list(ids)
        file.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# A new regulation: what `blackjack-spec new-regulation` writes

REVIEW = COPIED_MARK
"""The mark on every value the scaffold wrote and a person must read (the gates list them)."""

# How the skeleton cuts a text into clauses: by provisions (a numbered subsection or list item
# with its text), a paragraph without numbering by sentences; never after an abbreviation or
# inside a citation. When unsure it does not cut: joining two clauses is the easier edit.

_LIST_MARKER = (
    r"\((?:\d{1,3}|[a-z]{1,2}|[ivxlc]{1,6}|[A-Z])\)"  # (1) (a) (aa) (iv) (A)
    r"|(?:\d{1,3}|[a-z]|[A-Z])\)"  # 1) a) A)
    r"|\d{1,3}(?:\.\d{1,3})*\."  # 1. 18.1.
    r"|(?:[a-z]|[ivxlc]{1,6})\."  # a. iv.
)
_SECTION_MARKER = (
    r"(?:Arts?\.|Artículo|Articulo|Article|Articolo|Artikel|Článek|Čl\.|Sec\.|Section|Sección|Secció|§)"
    r" ?\d+[a-z]?(?:[.:-]\d+[A-Za-z]?)*"  # Art. 5, Artículo 18, Článek 5, § 3
    r"|\d{1,3}:\d{1,3}[A-Z]?-\d{1,3}[A-Z]?(?:\.\d{1,3}[A-Z]?)?"  # 13:69F-2.4 (a section's number)
)
_MARKER = re.compile(rf"(?P<list>{_LIST_MARKER})|(?P<section>{_SECTION_MARKER})[.\-\u2013:)]?")  # (\u2013: an en dash)
_OPENING = "\"'«“„\u2018(¿¡"
_CLOSING = "\"'»”\u2019)]"  # (\u2018, \u2019: single quotation marks)
_ABBREVIATIONS = frozenset(
    # English, Spanish and Catalan, Italian, Czech; a single letter with its period ("č.", "s.",
    # "n.", an initial) and letters dotted in groups ("e.g.", "N.J.A.C.", "U.S.") are known anyway
    """etc. ecc. seq. sec. secs. art. arts. subsec. ch. chap. cf. vs. viz. approx.
    fig. vol. ed. inc. corp. ltd. mr. mrs. ms. dr. st. jr. pp. pag. pág. págs. pàg. núm.
    núms. sr. sra. srta. sres. dña. ud. uds. aprox. ej. apdo. cap. lett. sig. sigg. cit. op.
    odst. písm. čl. tzv. tj. apod. atd. např. resp. zák. str. mj.""".split()
)
_CASED_ABBREVIATIONS = frozenset({"No.", "Nos.", "Co.", "Par.", "Para."})
"""Abbreviations only as written: "no.", "nos.", "par." end Spanish sentences ("a la par.")."""
_DOTTED = re.compile(r"(?:[^\W\d_]{1,4}\.){2,}")
_CONTINUING = frozenset(
    # a line ending with one of these goes on on the next line (a wrapped sentence, a citation)
    """a an the of to in on at by for with from into under per and or nor than that see pursuant
    de del la el los las lo un una y e o u en al con por para según que entre sin sobre i amb dels
    les di della dei degli delle il gli ed alla da dal su che tra fra v ve na s se z ze k ke do od
    po pro při podle dle že § §§""".split()
)
_CONNECTIVE = re.compile(r"[;:,] (?:and|or|y|o|e|i|ou|oppure|nebo|a)$")


def _is_abbreviation(token: str) -> bool:
    """Whether ``token`` (a word with its period) is an abbreviation, not a sentence's end."""
    token = token.lstrip(_OPENING)
    if not token.endswith("."):
        return False
    core = token[:-1]
    return (
        token in _CASED_ABBREVIATIONS
        or token.lower() in _ABBREVIATIONS
        or (len(core) == 1 and core.isalpha())
        or _DOTTED.fullmatch(token) is not None
    )


def _marker(line: str) -> tuple[str, bool] | None:
    """The kind (``list`` or ``section``) of the number ``line`` starts with, and whether the
    number stands alone; ``None`` when it starts no provision (a number must be followed by a
    capital letter: "(c) below" and "13:69E-1.17 and" go on a sentence)."""
    match = _MARKER.match(line)
    if match is None:
        return None
    kind = "list" if match["list"] else "section"
    rest = line[match.end() :]
    if not rest.strip():
        return kind, True
    return (kind, False) if rest[0].isspace() and rest.lstrip().lstrip(_OPENING)[:1].isupper() else None


def _is_bare_number(text: str) -> bool:
    """A list number alone ("2.", "(b)"): never a clause of its own, it waits for its text."""
    return re.fullmatch(_LIST_MARKER, text) is not None


def _ends_with_number(tokens: list[str]) -> bool:
    """Whether the last of ``tokens`` is a list number starting its item ("...: 2.", not "3 a 2.")."""
    return _is_bare_number(tokens[-1]) and (len(tokens) == 1 or tokens[-2].endswith((".", ";", ":")))


def _finished(text: str) -> bool:
    """Whether ``text`` ends a sentence (and not with an abbreviation or a list number)."""
    core = text.rstrip(_CLOSING) if text.endswith(tuple(_CLOSING)) else text
    if not core.endswith((".", ";", ":", "!", "?")):
        return False
    tokens = core.split()
    return not (core.endswith(".") and (_is_abbreviation(tokens[-1]) or _ends_with_number(tokens)))


def _continues(text: str) -> bool:
    """Whether a line ending ``text`` goes on on the next line whatever that one starts with."""
    last = text.split()[-1]
    return text.endswith((",", "-", "\u2013")) or last in _CONTINUING or _is_abbreviation(last)


def _is_heading(line: str) -> bool:
    """A line that is no sentence: short, starting with no small letter, and ending without a
    sentence's punctuation or a word that goes on (an article, a preposition). It may end with
    a bracket it opened ("Splitting of pairs (re-split)"), not with one a line before opened
    (the end of a wrapped sentence) nor with a sentence's end inside it ("(See Art. 5.)")."""
    line = line.rstrip()
    core = line.rstrip(")]")
    opened = all(line.count(a) == line.count(b) for a, b in ("()", "[]"))
    return (
        len(line) < 90
        and (core == line or opened)
        and not core.endswith((".", ";", ":", "!", "?", '"', "»", "”"))
        and not line[:1].islower()
        and not _continues(core)
    )


def _starts_capital(line: str) -> bool:
    return line.lstrip(_OPENING)[:1].isupper()


@dataclass(frozen=True)
class _Block:
    """A heading, a provision (it starts with its number) or a paragraph, its text folded."""

    kind: str
    text: str


def _blocks(text: str) -> list[_Block]:
    """``text`` cut into headings, provisions and paragraphs, in order. A line goes on the
    block before it when that one's sentence is unfinished (a wrapped line, a citation cut by
    the line's end), when it is a number alone, or when it is a provision's next paragraph;
    a line starting with a number (and a capital after it) starts a provision."""
    lines = [raw.strip() for raw in text.splitlines()]
    out: list[_Block] = []
    unit: list[str] = []
    kind: str | None = None

    def close() -> None:
        nonlocal unit, kind
        if unit:
            joined = fold(" ".join(unit))
            if kind != "list" and _is_heading(joined):
                out.append(_Block("heading", joined))
            else:
                out.append(_Block("provision" if kind else "paragraph", joined))
        unit, kind = [], None

    for i, line in enumerate(lines):
        if not line:
            if unit and not _is_bare_number(fold(" ".join(unit))):
                close()  # (a number alone waits for its text, across a blank line too)
            continue
        start = _marker(line)
        if unit:
            joined = fold(" ".join(unit))
            after = lines[i + 1] if i + 1 < len(lines) else ""
            if _is_bare_number(joined):
                unit.append(line)
                continue
            if _finished(joined):
                heading = _is_heading(line) and (not after or _marker(after) is not None or _starts_capital(after))
                if kind and start is None and not heading:
                    unit.append(line)  # a provision's next paragraph
                    continue
            else:
                heading = kind != "list" and len(unit) == 1 and _is_heading(joined) and _starts_capital(line)
                if _continues(joined) or (start is None and not heading):
                    unit.append(line)  # a sentence the line's end cut
                    continue
            close()
        unit = [line]
        kind = start[0] if start and not (start[0] == "section" and start[1]) else None
    if unit and _is_bare_number(fold(" ".join(unit))) and out and out[-1].kind != "heading":
        out[-1] = _Block(out[-1].kind, fold(out[-1].text + " " + " ".join(unit)))  # a last number alone
    else:
        close()
    return out


def _roman(text: str) -> int:
    values = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
    total = 0
    for a, b in zip(text, [*text[1:], ""], strict=True):
        total += -values[a] if b and values[b] > values[a] else values[a]
    return total


def _readings(number: str) -> list[tuple[str, int]]:
    """The list styles a number can belong to, with its rank in each ("(i)": the ninth letter,
    or the first roman numeral)."""
    inner = number.strip("().")
    style = number.replace(inner, "{}", 1)
    if inner.isdigit():
        return [(style + "1", int(inner))]
    if "." in inner:  # 18.1.
        return [("n.n.", int(inner.rsplit(".", 1)[-1]))]
    out = []
    if len(inner) == 1 or (len(inner) == 2 and inner[0] == inner[1]):
        out.append((style + ("a" if inner.islower() else "A"), ord(inner[0].lower()) - 96 + 26 * (len(inner) - 1)))
    if re.fullmatch(r"[ivxlc]+", inner):
        out.append((style + "i", _roman(inner)))
    return out


def _follows(number: str, last: dict[str, int]) -> bool:
    """Whether ``number`` starts a list or follows the last number of its list."""
    return any(rank == 1 or last.get(style) == rank - 1 for style, rank in _readings(number))


def _pieces(block: _Block, last: dict[str, int]) -> list[str]:
    """A provision or paragraph cut into clauses: at each list item inside it (after a colon, a
    semicolon or a sentence's end, its number the next of its list: "...as follows: 1. The"),
    then a stretch without a number by sentences; ``last`` holds each list's last number."""
    text = block.text
    cuts = [0]
    if block.kind == "provision" and (first := re.match(_LIST_MARKER, text)):
        last.update(_readings(first.group()))
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch in "([") - (ch in ")]")
        if ch != " " or depth > 0:
            continue
        number = re.match(rf"(?:{_LIST_MARKER})(?= )", text[i + 1 :])
        if (
            number
            and (_CONNECTIVE.search(text[:i]) or _finished(text[:i]))
            and _starts_capital(text[i + 1 + number.end() :].lstrip())
            and _follows(number.group(), last)
        ):
            last.update(_readings(number.group()))
            cuts.append(i + 1)
    out = []
    for n, (a, b) in enumerate(itertools.pairwise([*cuts, len(text)])):
        piece = text[a:b].strip()
        numbered = n > 0 or block.kind == "provision"
        out += [piece] if numbered else _sentences(piece)
    return out


def _sentences(text: str) -> list[str]:
    """A paragraph without numbering, cut after each sentence that ends with a period, an
    exclamation or a question mark before a capital letter: not after an abbreviation, a list
    number, a short number after an abbreviation ("Art. 5."), nor inside brackets."""
    out = []
    start = depth = 0
    for i, ch in enumerate(text):
        depth += (ch in "([") - (ch in ")]")
        if ch != " " or depth > 0 or not _starts_capital(text[i + 1 :]):
            continue
        before = text[start:i].rstrip(_CLOSING)
        if not before.endswith((".", "!", "?")):
            continue
        tokens = before.split()
        if before.endswith(".") and (
            _is_abbreviation(tokens[-1])
            or _ends_with_number(tokens)
            or (
                len(tokens) > 1
                and re.fullmatch(r"\d{1,4}[a-z]?\.", tokens[-1])
                and (_is_abbreviation(tokens[-2]) or tokens[-2] in ("§", "§§"))
            )
        ):
            continue
        out.append(text[start:i])
        start = i + 1
    return [*out, text[start:]]


def _toml(value: Any) -> str:
    """``value`` written in TOML: for the values written here (text, whole numbers, booleans,
    lists of them) their JSON is the same."""
    return json.dumps(value, ensure_ascii=False)


def catalog_skeleton(reg_id: str, text: str, *, source: str, language: str, name: str, today: str) -> str:
    """A clause catalog for ``text``: every provision of it one clause (a numbered subsection
    or list item with its text; a paragraph without numbering, a clause a sentence), its gist
    to write, every heading an exclusion, in order, so that the catalog tiles the text from the
    start."""
    out = [
        f"# Clause catalog: {name}.",
        "# Written by `blackjack-spec new-regulation`: every value marked TO REVIEW is for a person to",
        "# read and write (the English gists, the kinds and topics, the provenance); the format is in",
        "# spec_engine/catalog.py, and `python -m spec_engine.catalog " + reg_id + "` checks the tiling.",
        "#",
        "# A clause is a provision: a numbered subsection or list item with its text; a paragraph",
        "# without numbering is cut by sentences (never after an abbreviation or inside a citation).",
        "# Each heading is an [[excluded]] entry. Where the cut is wrong:",
        "# - to join two clauses, append the second's text to the first's (one space between them)",
        "#   and delete the second [[clause]];",
        "# - to split one, cut its text at a space into two [[clause]] entries, one after the other;",
        "# - a line that is no clause becomes an [[excluded]] entry, where it stands (and a line",
        "#   excluded as a heading that is a rule, a [[clause]]).",
        "# The texts stay verbatim and in order: `python -m spec_engine check` then says",
        f'# "{reg_id}: N clauses, text tiled", or names the first clause that does not follow.',
        "# Renumber freely until the ids are published (a scenario, a rule set, a page cites them);",
        "# from then on an id never changes: a joined clause keeps the first id and the second goes",
        "# into `retired`; a split one keeps its id for the first part, the new part takes a new id",
        f"# ({reg_id}-12.1 beside {reg_id}-12).",
        "",
        "[regulation]",
        f"id = {_toml(reg_id)}",
        f"source = {_toml(source)}",
        f"language = {_toml(language)}",
        f"description = {_toml(REVIEW + ': what the text is, and whose')}",
        f"reference = {_toml(REVIEW + ': its official title and number')}",
        f"published_by = {_toml(REVIEW + ': who publishes it')}",
        'text_date = "not known"',
        'retrieved = "not known"',
        f"published_at = {_toml(REVIEW + ': where it is published (an address)')}",
        f"copied = {_toml(today)}",
        f"to_establish = {_toml(REVIEW + ': what would establish what is not known (its date, its source)')}",
        "retired = []",
    ]
    number = 0
    section = ""
    last: dict[str, int] = {}
    for block in _blocks(text):
        if block.kind == "heading":
            section = block.text
            out += ["", "[[excluded]]", f"text = {_toml(block.text)}", 'reason = "heading"']
            continue
        for piece in _pieces(block, last):
            number += 1
            out += [
                "",
                "[[clause]]",
                f'id = "{reg_id}-{number}"',
                *([f"section = {_toml(section)}"] if section else []),
                f"text = {_toml(piece)}",
                f"gist = {_toml(REVIEW + ': its English gist')}",
                f'topics = ["general"]  # {REVIEW}: the topics it belongs to',
                f'kind = "game rule"  # {REVIEW}: its kind',
            ]
    return "\n".join(out) + "\n"


def default_values(others: list[RuleSet]) -> dict[str, Any]:
    """Each rule's most common value among ``others`` (the first met where they tie): the value
    a new rule set assumes until its text is read."""
    out = {}
    for f in RULE_FIELDS:
        values = [getattr(r, f.name) for r in others]
        counts = Counter(repr(v) for v in values)
        best = max(counts.values())
        out[f.name] = next(v for v in values if counts[repr(v)] == best)
    return out


def ruleset_skeleton(reg_id: str, name: str, values: dict[str, Any]) -> str:
    """A rule set with every rule present as ``not stated``, its default named."""
    lines = [
        f"# Rule set: {name}.",
        "# Written by `blackjack-spec new-regulation`: every value is `not stated`, the most common value",
        "# of the other rule sets assumed until the text is read. Replace each with the value the text",
        "# states (and its clauses), its reading (interpretation), or keep it not stated with the reason.",
        "",
        "[ruleset]",
        f"id = {_toml(reg_id)}",
        "",
        "[rules]",
    ]
    for f in RULE_FIELDS:
        shown = show_value(values[f.name])
        note = (
            f"{REVIEW}: not yet read in the text; the engine assumes {shown}, the other rule sets' most common value."
        )
        lines.append(
            f'{f.name} = {{ value = {_toml(jsonable(values[f.name]))}, basis = "not stated", note = {_toml(note)} }}'
        )
    return "\n".join(lines) + "\n"


_EXAMPLES = re.compile(
    r"(?P<tags>^[ \t]*@[^\n]*\n)?(?P<head>^[ \t]*Examples:[^\n]*\n)(?P<table>(?:^[ \t]*\|[^\n]*\n)+)", re.M
)


def compare_rows(feature_text: str, new_id: str, source_id: str, rules_of: dict[str, RuleSet]) -> str:
    """``feature_text`` with, after each outline's Examples table of ``source_id``, a table for
    ``new_id``: the same row (marked for review), tagged with the regulation and the
    assumptions of the rules the source row names (the new rule set assumes them all)."""
    source = rules_of[source_id]

    def add(match: re.Match[str]) -> str:
        block = match.group(0)
        head = match["head"].strip()
        if head.split(":", 1)[1].strip() != source_id:
            return block
        tags = (match["tags"] or "").split()
        clauses = {t[1:] for t in tags if t[1:].startswith(source_id + "-")}
        assumed = {t[len("@assumes-") :] for t in tags if t.startswith("@assumes-")}
        rules = sorted({f.name for f in RULE_FIELDS if clauses & set(source.citations[f.name].clauses)} | assumed)
        indent = match["head"][: len(match["head"]) - len(match["head"].lstrip())]
        header, *rows = match["table"].splitlines()
        cells = [c.strip() for c in header.strip().strip("|").split("|")]
        mark = f"{REVIEW}: as {source_id}'s row"  # (every copied row is marked: the gates list it, the check plays it)
        if "basis" not in cells:  # (an outline without the column: the new table has it, for the mark)
            header, cells = header.rstrip() + " basis |", [*cells, "basis"]
            rows = [row.rstrip() + " |" for row in rows]
        new_rows = []
        for row in rows:
            values = [c.strip() for c in row.strip().strip("|").split("|")]
            values = [
                new_id if c == "reg" else (mark if c == "basis" else v) for c, v in zip(cells, values, strict=True)
            ]
            new_rows.append(indent + "  | " + " | ".join(values) + " |")
        tag_line = indent + " ".join([f"@{new_id}", *(f"@assumes-{r}" for r in rules)]) + "\n"
        table = "\n".join([header, *new_rows]) + "\n"
        return block + "\n" + tag_line + f"{indent}Examples: {new_id}\n" + table

    return _EXAMPLES.sub(add, feature_text)


def first_feature(reg_id: str, name: str) -> str:
    """A first scenario for the new text, on an assumption it holds from the start."""
    return f"""@{reg_id}
Feature: {name}: the core game
  {REVIEW}: the scenarios of this text, each tagged with the clause ids it checks (see
  docs/contributing.md). This first one plays a blackjack under the assumed payout.

  @{reg_id} @assumes-blackjack_payout
  Scenario: A blackjack is paid as the rule set says
    {REVIEW}: the text's own payout, once read (blackjack_payout); until then the engine
    assumes the other rule sets' most common value.
    Given the {reg_id} rules
    And table limits of 10 to 500
    And box 1 is dealt AS KH
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    Then the round is over
    And P1 wins 15
"""


@dataclass(frozen=True)
class Written:
    """What :func:`new_regulation` wrote (paths relative to the project's root)."""

    files: tuple[str, ...]
    rows: int
    """Examples tables added to the compare outlines."""


def new_regulation(
    root: Path, reg_id: str, text_file: Path, *, language: str, name: str | None = None, short: str | None = None
) -> Written:
    """Add a text beside the others in the project at ``root``: its copy, a clause catalog
    skeleton, a rule set of assumptions, its place in the one list and in the schemas, a row in
    every compare outline, a first feature. Every gate then lists what remains."""
    from datetime import date

    from spec_engine.rules import parse_ruleset

    if not re.fullmatch(r"[A-Z]{2}", reg_id):  # (the clause ids' prefix: spec_engine.catalog)
        raise InputError(f"{reg_id!r}: an id is two capital letters", field="id")
    data = root / "spec_engine" / "data"
    ids = tuple(tomllib.loads((data / "regulations.toml").read_text(encoding="utf-8"))["ids"])
    if reg_id in ids:
        raise InputError(f"{reg_id} is already a regulation", field="id")
    try:
        text = text_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise InputError(f"cannot read {text_file} ({reason})", field="--text") from None
    if not text.strip():
        raise InputError(f"{text_file} is empty: there is no text to give clauses", field="--text")
    if not re.fullmatch(r"[a-z]{2}", language):
        raise InputError(f"{language!r}: a language is a two-letter code (es, it, cs, en)", field="--language")
    lower = reg_id.lower()
    name = name or f"{REVIEW}: the {reg_id} text's name"
    short = short or reg_id
    source = f"{lower}.{language}.txt"
    written: list[Path] = []

    def write(path: Path, content: str) -> None:
        if path.exists():
            raise InputError(f"{path.relative_to(root)} exists already", field="id")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        written.append(path)

    write(data / "regulations" / source, text)
    write(
        data / "clauses" / f"{lower}.toml",
        catalog_skeleton(reg_id, text, source=source, language=language, name=name, today=date.today().isoformat()),
    )  # fmt: skip
    others = {r: parse_ruleset(data / "rulesets" / f"{r.lower()}.toml", known_clauses=frozenset(_clause_ids(data, r)))
              for r in ids}  # fmt: skip
    values = default_values(list(others.values()))
    write(data / "rulesets" / f"{lower}.toml", ruleset_skeleton(reg_id, name, values))
    # the one list (the id, and its names in [names], the file's last table), and the schemas' enums
    listing = data / "regulations.toml"
    listed = re.sub(r"^ids = \[.*\]$", "ids = [" + ", ".join(f'"{r}"' for r in (*ids, reg_id)) + "]",
                    listing.read_text(encoding="utf-8"), flags=re.M)  # fmt: skip
    names = f"{reg_id} = {{ short = {_toml(short)}, long = {_toml(name)} }}\n"
    listing.write_text(listed.rstrip("\n") + "\n" + names, encoding="utf-8")
    write_regulation_enums((*ids, reg_id), data / "protocol")
    written += [listing, *(data / "protocol" / n for n in REGULATION_ENUMS)]
    said = [short, name, f"{REVIEW}: what the text is, and whose"]
    for made in (data / "clauses" / f"{lower}.toml", data / "rulesets" / f"{lower}.toml"):
        said += [message for _, message, _ in data_messages(made)]
    written += catalog_entries(root, lower, list(dict.fromkeys(said)))
    # a row in every compare outline: that of the rule set nearest the new one's values
    nearest = max(ids, key=lambda r: sum(getattr(others[r], k) == v for k, v in values.items()))
    rows = 0
    for feature in sorted((root / "features" / "compare").glob("*.feature")):
        old = feature.read_text(encoding="utf-8")
        new = compare_rows(old, reg_id, nearest, others)
        if new != old:
            rows += new.count(f"Examples: {reg_id}\n")
            feature.write_text(new, encoding="utf-8")
            written.append(feature)
    write(root / "features" / lower / "core.feature", first_feature(reg_id, short))
    return Written(tuple(str(p.relative_to(root)) for p in written), rows)


def _clause_ids(data: Path, reg_id: str) -> list[str]:
    raw = tomllib.loads((data / "clauses" / f"{reg_id.lower()}.toml").read_text(encoding="utf-8"))
    return [c["id"] for c in raw.get("clause", [])]


def catalog_entries(root: Path, lower: str, messages: list[str]) -> list[Path]:
    """The new text's names, description, gists and notes (every message its data gives the
    pages) in every language's catalog
    (``spec_engine/locale/<code>/LC_MESSAGES/messages.po``): every page shows them, so the gate of
    ``make site`` requires them. Each is copied as it is, marked TO REVIEW for a translator in a
    translator's comment (``# TO REVIEW``: ``tools/i18n.py update`` keeps it, where it replaces
    the extracted ``#.`` comments; ``review_marks`` lists it); a message the catalog has already
    is left as it is."""
    written = []
    for po in sorted((root / "spec_engine" / "locale").glob("*/LC_MESSAGES/messages.po")):
        text = po.read_text(encoding="utf-8")
        added = []
        for message in messages:
            quoted = json.dumps(message, ensure_ascii=False)
            if f"\nmsgid {quoted}\n" not in text:
                added.append(
                    f"\n# {REVIEW}: copied by new-regulation, to translate\n"
                    f"#: spec_engine/data/clauses/{lower}.toml\nmsgid {quoted}\nmsgstr {quoted}\n"
                )
        if added:
            po.write_text(text.rstrip("\n") + "\n" + "".join(added), encoding="utf-8")
            written.append(po)
    return written


def review_marks(root: Path) -> list[str]:
    """Every value still marked TO REVIEW in the data, the features and the catalogs' messages
    (a translator's comment there, ``# TO REVIEW``, or an extracted one, ``#. TO REVIEW``, as
    the scaffold wrote it before 28 November 2026): ``file:line: text``."""
    out = []
    for folder in (
        root / "spec_engine" / "data" / "clauses",
        root / "spec_engine" / "data" / "rulesets",
        root / "features",
        root / "spec_engine" / "locale",
    ):
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".toml", ".feature", ".po"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                comment = line.lstrip().startswith("#")
                if REVIEW in line and (not comment or line.startswith((f"# {REVIEW}", f"#. {REVIEW}"))):
                    out.append(f"{path.relative_to(root)}:{number}: {line.strip()[:100]}")
    return out
