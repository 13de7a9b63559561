"""A new text beside the others: what ``blackjack-spec new-regulation`` writes
(:func:`new_regulation`), and the one place the protocol's schemas list the regulations.

The schemas (``data/protocol/*.schema.json``) name the regulation ids in four enums
(:data:`REGULATION_ENUMS`); :func:`schema_regulation_enums` reads them (a test checks they are
``REGULATION_IDS``) and :func:`write_regulation_enums` rewrites them from it.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import InputError
from spec_engine.i18n import data_messages
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

REVIEW = "TO REVIEW"
"""The mark on every value the scaffold wrote and a person must read (the gates list them)."""

_SENTENCE_END = re.compile(r"""(?<=[.;!?])\s+(?=[\"'«“(¿¡]?[A-ZÀ-ÖØ-Þ0-9])""")


def _is_heading(line: str) -> bool:
    """A line that is no sentence: short, and ending without a sentence's punctuation."""
    return len(line) < 90 and not line.rstrip().endswith((".", ";", ":", "!", "?", ")", '"', "»", "”"))


def _toml(value: Any) -> str:
    """``value`` written in TOML: for the values written here (text, whole numbers, booleans,
    lists of them) their JSON is the same."""
    return json.dumps(value, ensure_ascii=False)


def catalog_skeleton(reg_id: str, text: str, *, source: str, language: str, name: str, today: str) -> str:
    """A clause catalog for ``text``: every sentence of it one clause (its gist to write), every
    heading an exclusion, in order, so that the catalog tiles the text from the start."""
    out = [
        f"# Clause catalog: {name}.",
        "# Written by `blackjack-spec new-regulation`: every value marked TO REVIEW is for a person to",
        "# read and write (the English gists, the kinds and topics, the provenance); the format is in",
        "# spec_engine/catalog.py, and `python -m spec_engine.catalog " + reg_id + "` checks the tiling.",
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
    for line in (raw.strip() for raw in text.splitlines()):
        if not line:
            continue
        if _is_heading(line):
            section = line
            out += ["", "[[excluded]]", f"text = {_toml(line)}", 'reason = "heading"']
            continue
        for sentence in _SENTENCE_END.split(line):
            number += 1
            out += [
                "",
                "[[clause]]",
                f'id = "{reg_id}-{number}"',
                *([f"section = {_toml(section)}"] if section else []),
                f"text = {_toml(sentence.strip())}",
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
        new_rows = []
        for row in rows:
            values = [c.strip() for c in row.strip().strip("|").split("|")]
            values = [
                new_id if c == "reg" else (f"{REVIEW}: as {source_id}'s row" if c == "basis" else v)
                for c, v in zip(cells, values, strict=True)
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
    ``make site`` requires them. Each is copied as it is, marked TO REVIEW for a translator
    (``review_marks`` lists it); a message the catalog has already is left as it is."""
    written = []
    for po in sorted((root / "spec_engine" / "locale").glob("*/LC_MESSAGES/messages.po")):
        text = po.read_text(encoding="utf-8")
        added = []
        for message in messages:
            quoted = json.dumps(message, ensure_ascii=False)
            if f"\nmsgid {quoted}\n" not in text:
                added.append(
                    f"\n#. {REVIEW}: copied by new-regulation, to translate\n"
                    f"#: spec_engine/data/clauses/{lower}.toml\nmsgid {quoted}\nmsgstr {quoted}\n"
                )
        if added:
            po.write_text(text.rstrip("\n") + "\n" + "".join(added), encoding="utf-8")
            written.append(po)
    return written


def review_marks(root: Path) -> list[str]:
    """Every value still marked TO REVIEW in the data, the features and the catalogs' messages
    (a translator's comment there): ``file:line: text``."""
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
                if REVIEW in line and (not comment or line.startswith(f"#. {REVIEW}")):
                    out.append(f"{path.relative_to(root)}:{number}: {line.strip()[:100]}")
    return out
