"""What the data declare of clauses and rows, besides the scenarios that check them: the
regulations' catalogs as the gate reads them, the exemptions (``data/exemptions.toml``: what no
engine can check), the clauses not modelled (``data/not_modelled.toml``: rules of play the engine
cannot play yet, a gap said as one) and the compare rows declared absent
(``data/absent_rows.toml``). Each loader refuses a malformed entry naming its file and entry;
the traceability gate (:mod:`spec_engine.kit.trace`) checks them against the scenarios."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spec_engine.catalog import DATA, REGULATION_IDS, Regulation, parse_catalog, regulations
from spec_engine.errors import InputError

EXEMPTIONS = DATA / "exemptions.toml"
NOT_MODELLED = DATA / "not_modelled.toml"


def catalogs(clauses_dir: Path | None = None) -> tuple[Regulation, ...]:
    """The regulations' catalogs: the package's, or the ``*.toml`` files of ``clauses_dir`` (a
    copy of ``data/clauses``), the one list's first, in its order."""
    if clauses_dir is None:
        return regulations()
    found = {reg.id: reg for reg in map(parse_catalog, sorted(clauses_dir.glob("*.toml")))}
    order = [r for r in REGULATION_IDS if r in found] + sorted(set(found) - set(REGULATION_IDS))
    return tuple(found[r] for r in order)


def catalog_ids(clauses_dir: Path | None = None) -> dict[str, tuple[str, ...]]:
    """The clause ids of each regulation, in text order (see :func:`catalogs`)."""
    return {reg.id: reg.ids for reg in catalogs(clauses_dir)}


def shown(path: Path) -> str:
    """A data file as a message names it: relative to the project (``spec_engine/data/...``), else
    by its name (a copy elsewhere)."""
    project = DATA.parents[1]
    return path.relative_to(project).as_posix() if path.is_relative_to(project) else path.name


def _tables(path: Path, key: str, what: str) -> list[Any]:
    """The array of tables ``[[key]]`` of the TOML file ``path`` (its only key); ``what`` names
    the file's contents in the error that a file unread or of other keys is."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"cannot read {what}: {exc}", field=path.name) from exc
    if set(raw) - {key}:
        raise InputError(f"unknown keys {sorted(set(raw) - {key})}", field=f"{path.name} top level")
    entries = raw.get(key, [])
    if not isinstance(entries, list):
        raise InputError(f"'{key}' must be an array of tables ([[{key}]])", field=path.name)
    return entries


def exemptions(path: Path | None = None, known: Iterable[str] | None = None) -> dict[str, str]:
    """The declared exemptions, clause id -> reason, in file order. An unknown clause id (not
    in ``known``, by default the catalog), a duplicate or an empty reason is an
    :class:`InputError` naming the file and the clause."""
    path = EXEMPTIONS if path is None else path
    known_ids = set(known) if known is not None else {i for ids in catalog_ids().values() for i in ids}
    entries = _tables(path, "exempt", "exemptions")
    found: dict[str, str] = {}
    for index, entry in enumerate(entries, start=1):
        clause = entry.get("clause")
        where = f"{path.name} exempt {clause}" if isinstance(clause, str) and clause else f"{path.name} exempt #{index}"
        if set(entry) - {"clause", "reason"}:
            raise InputError(f"unknown keys {sorted(set(entry) - {'clause', 'reason'})}", field=where)
        if not isinstance(clause, str) or not clause:
            raise InputError("'clause' is missing or not a string", field=where)
        if clause not in known_ids:
            raise InputError(f"unknown clause id {clause!r}", field=where)
        if clause in found:
            raise InputError(f"{clause} is exempted twice", field=where)
        reason = entry.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise InputError(f"the exemption of {clause} has no reason", field=where)
        found[clause] = reason.strip()
    return found


_NAME = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True)
class NotModelled:
    """A clause the engine cannot play yet (``data/not_modelled.toml``): a gap, not an exemption.
    It names what the engine would need: a rule value (``rule`` and ``value``) or an action."""

    clause: str
    reason: str
    """Why the engine cannot play it now."""
    rule: str = ""
    """The rule field the engine would need (new or not), with :attr:`value`; or empty."""
    value: str | int | bool | None = None
    action: str = ""
    """The action the engine would need (``offer_cut``); or empty."""

    @property
    def needs(self) -> str:
        """What the engine would need, as the data write it: ``max_split_hands = 4`` or ``double_for_less``."""
        if self.action:
            return self.action
        literal = json.dumps(self.value) if isinstance(self.value, (str, bool)) else str(self.value)
        return f"{self.rule} = {literal}"


_NOT_MODELLED_KEYS = {"clause", "reason", "rule", "value", "action"}


def not_modelled(path: Path | None = None) -> dict[str, NotModelled]:
    """The clauses declared not modelled, clause id -> entry, in file order. A malformed entry (no
    clause, no reason, neither or both of ``rule`` and ``action``, a rule without its value, a
    duplicate, an unknown key) is an :class:`InputError` naming the file and the clause; an id the
    catalog lacks is the gate's to report (:func:`gate_problems`)."""
    path = NOT_MODELLED if path is None else path
    entries = _tables(path, "not_modelled", "the clauses not modelled")
    found: dict[str, NotModelled] = {}
    for index, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            raise InputError(
                "each entry must be a table ([[not_modelled]])", field=f"{path.name} not_modelled #{index}"
            )
        clause = entry.get("clause")
        named = isinstance(clause, str) and clause
        where = f"{path.name} not_modelled {clause}" if named else f"{path.name} not_modelled #{index}"
        if set(entry) - _NOT_MODELLED_KEYS:
            raise InputError(f"unknown keys {sorted(set(entry) - _NOT_MODELLED_KEYS)}", field=where)
        if not isinstance(clause, str) or not clause:
            raise InputError("'clause' is missing or not a string", field=where)
        if clause in found:
            raise InputError(f"{clause} is declared not modelled twice", field=where)
        reason = entry.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise InputError(f"{clause} has no reason: say why the engine cannot play it", field=where)
        rule, value, action = entry.get("rule", ""), entry.get("value"), entry.get("action", "")
        if ("rule" in entry) == ("action" in entry):
            raise InputError(
                f"{clause} needs either 'rule' (with its 'value') or 'action': what the engine would need",
                field=where,
            )
        for key, name in (("rule", rule), ("action", action)):
            if key in entry and not (isinstance(name, str) and _NAME.fullmatch(name)):
                raise InputError(f"'{key}' must be a name in lower case ({name!r})", field=where)
        if rule and not isinstance(value, (str, int, bool)):
            raise InputError(f"the rule {rule} needs its 'value' (a string, a whole number or true/false)", field=where)
        if action and "value" in entry:
            raise InputError(f"the action {action} takes no 'value'", field=where)
        found[clause] = NotModelled(clause, reason.strip(), rule=rule, value=value, action=action)
    return found


ABSENT_ROWS = DATA / "absent_rows.toml"


def absent_rows(path: Path = ABSENT_ROWS) -> dict[tuple[str, str], str]:
    """The compare outlines' rows declared absent, (outline, regulation) -> reason."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    out: dict[tuple[str, str], str] = {}
    for entry in raw.get("absent", []):
        if set(entry) != {"outline", "regulation", "reason"} or not str(entry["reason"]).strip():
            raise InputError("each [[absent]] needs outline, regulation and a reason", field=path.name)
        out[entry["outline"], entry["regulation"]] = entry["reason"]
    return out
