"""The protocol's obligations, and which scenarios exercise each, per rulebook.

Every promise the protocol makes of an implementation is an **obligation** with an id
(``data/protocol/obligations.toml``): each change of the protocol's history, each row of
``docs/protocol.md``'s refusal table and each convention of its log and shoe, written by hand;
and, generated from the protocol's own lists (:data:`FAMILIES`), each event type, action,
action argument, start field, state field, error code and phase of ``legal``. An obligation
says what is owed, since which protocol version, where ``docs/protocol.md`` says it, how (the
format, and an example line) and how a scenario is seen to exercise it (``detect``).

A scenario **exercises** an obligation when its requests, the reference's replies to them and
what its Then steps checked (:class:`spec_engine.suite.steps.Checks`) meet one of the
obligation's ``detect`` alternatives (:func:`exercised`): never by a list of scenario names.
The same function reads a recorded test vector (the project's gate, :func:`coverage`) and a
scenario as a conformance run played it (the kit's plugin, which lists in each report the
obligations the run exercised and those it did not). A ``detect`` alternative holds of one
vector when all its keys hold:

- of one step (a request and the reference's reply; the start is a step): ``op``, ``action``,
  ``level`` (the game's), ``args`` (argument or start-field names present), ``ok``, ``code``,
  ``field``, ``rule`` (a value, or a list of values any of which), ``clauses`` (the refusal
  cites clauses, or none), ``overridden`` (the rule refused is one the start overrides),
  ``phase`` (the reference's phase just before the step), ``turn`` (whether the request's box
  is one the legal actions named just before it);
- of the scenario: ``logged`` (events of the log with these fields, each of a type a Then step
  checked; ``true``/``false``: the field is there or not), ``checked`` (types of event a Then
  step checked), ``order`` (types a Then step compared in this order), ``exactly`` (types a
  Then step compared in this order with nothing else between), ``state`` (state fields a Then
  step read), ``start`` (the start's fields, ``args``, and the rules it overrides,
  ``overrides``). ``args`` may name a JSON type (``seated:object``); ``without`` names fields
  the request leaves out.

An obligation no scenario can exercise says why (``untestable``); one the runner checks on
every run, whatever the scenarios, says ``by = "runner"``; one that concerns some rule sets
only says which (``applies``: rule values). :func:`problems` is the gate: every obligation
exercised by some scenario, or declared; no declaration a scenario contradicts; every change
of the history and every row of the refusal table covered by an obligation.

    python -m spec_engine.kit.obligations [VECTORS_DIR] [--regulation UY] [--json]

prints the coverage per rulebook and what is not exercised (without a folder it records the
feature suite's scenarios first).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from spec_engine.catalog import DATA, REGULATION_IDS
from spec_engine.errors import InputError
from spec_engine.events import parse_money
from spec_engine.game import Phase
from spec_engine.kit import versions
from spec_engine.kit.driver import ACTIONS, ERROR_CODES, EngineDriver
from spec_engine.rules import ruleset

OBLIGATIONS_FILE = DATA / "protocol" / "obligations.toml"
SCHEMAS = DATA / "protocol"
DOC = "protocol.md"
"""The page every ``section`` names an anchor of (``docs/protocol.md``; on the site, protocol.html)."""

STEP_KEYS = frozenset(
    {"op", "action", "known", "level", "args", "without", "ok", "code", "field", "rule", "clauses", "overridden"}
    | {"phase", "turn"}
)
SCENARIO_KEYS = frozenset({"logged", "checked", "order", "exactly", "state", "start"})


def _is_money(value: Any) -> bool:
    try:
        parse_money(value)
    except (InputError, TypeError, ValueError):
        return False
    return not isinstance(value, bool)


def _entries(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


KINDS: dict[str, Callable[[Any, int], bool]] = {
    "object": lambda v, _: isinstance(v, Mapping),
    "array": lambda v, _: isinstance(v, list),
    "integer": lambda v, _: isinstance(v, int) and not isinstance(v, bool),
    "string": lambda v, _: isinstance(v, str),
    "money": lambda v, _: _is_money(v),
    "not-money": lambda v, _: not _is_money(v),
    "no-box": lambda v, boxes: not (isinstance(v, int) and 1 <= v <= boxes),
    "entry-without-before": lambda v, _: any(
        not isinstance(e, Mapping) or not isinstance(e.get("before"), int) for e in _entries(v)
    ),
    "entry-not-in-deal": lambda v, _: any(
        isinstance(e, Mapping) and isinstance(e.get("before"), int) and e["before"] > 3 for e in _entries(v)
    ),
}
"""What an ``args`` entry may ask of a value (``seated:object``, ``amount:not-money``; ``no-box``:
not a box of the rule set; the misdeals entries' shapes). Each is given the value and the rule
set's number of boxes."""
DECLARED_BY = ("runner",)


@dataclass(frozen=True)
class Obligation:
    id: str
    what: str
    """What the implementation owes, in a sentence."""
    since: str
    """The protocol version that made it an obligation."""
    section: str
    """The anchor of ``docs/protocol.md`` that says it."""
    how: str = ""
    """The format: what to send or log, in words."""
    example: str = ""
    """One line as it goes over the wire (a reply, or an event of the log)."""
    change: str | None = None
    """The history's change (``what``, of version ``since``) it comes from, if any."""
    row: str | None = None
    """The refusal table's row (its situation) it comes from, if any."""
    detect: tuple[Mapping[str, Any], ...] = ()
    by: str | None = None
    """``runner``: the kit checks it on every run, whatever the scenarios."""
    untestable: str | None = None
    """Why no scenario can exercise it."""
    applies: Mapping[str, Any] = field(default_factory=dict)
    """Rule values it concerns (``{banker_rotation = "each_participant_per_shoe"}``); empty: every rule set."""
    family: str | None = None

    def applies_to(self, regulation: str) -> bool:
        """Whether it concerns ``regulation``'s rule set (a value a game's overrides cannot change)."""
        rules = ruleset(regulation)
        return all(str(getattr(rules, rule)) == str(value) for rule, value in self.applies.items())

    def to_json(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "what": self.what,
            "since": self.since,
            "section": f"{DOC}#{self.section}",
            "how": self.how,
            "example": self.example,
        }
        return {k: v for k, v in out.items() if v}


# ------------------------------------------------------------------------------ the families
def _schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return loaded


def _act_arguments() -> list[str]:
    defs = _schema("request.schema.json")["$defs"]
    return [
        f"{action}.{arg}" for action in ACTIONS for arg in defs[f"act_{action}"]["properties"]["args"]["properties"]
    ]


def _start_fields() -> list[str]:
    defs = _schema("request.schema.json")["$defs"]
    skip = {"id", "op", "level", "regulation"}
    return [f"{level}.{name}" for level in LEVELS for name in defs[f"start_{level}"]["properties"] if name not in skip]


LEVELS = ("round", "table", "session")
FAMILIES: dict[str, Callable[[], list[str]]] = {
    "events": lambda: list(_schema("event.schema.json")["properties"]["type"]["enum"]),
    "actions": lambda: list(ACTIONS),
    "arguments": _act_arguments,
    "start_fields": _start_fields,
    "state": lambda: list(_schema("reply.schema.json")["$defs"]["state"]["properties"]["state"]["properties"]),
    "codes": lambda: list(ERROR_CODES),
    "phases": lambda: [p.value for p in Phase],
    "hello": lambda: [k for k in _schema("reply.schema.json")["$defs"]["hello"]["properties"] if k not in ("id", "ok")],
}
"""The protocol's own lists a family of obligations is generated from (``[[family]]`` in the
obligations file names one): a new event type, action or field is an obligation at once."""


def _fill(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with ``{name}``, ``{head}`` and ``{tail}`` replaced (in strings, lists, tables)."""
    if isinstance(value, str):
        for key, text in names.items():
            value = value.replace("{" + key + "}", text)
        return value
    if isinstance(value, list):
        return [_fill(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _fill(v, names) for k, v in value.items()}
    return value


def _expand(family: Mapping[str, Any]) -> list[dict[str, Any]]:
    source = FAMILIES.get(str(family.get("names")))
    if source is None:
        raise ValueError(f"family {family.get('id')!r}: names must be one of {sorted(FAMILIES)}")
    out = []
    for name in source():
        head, _, tail = name.partition(".")
        names = {"name": name, "head": head, "tail": tail}
        entry = {k: _fill(v, names) for k, v in family.items() if k not in ("names", "since", "each")}
        entry.update(family.get("each", {}).get(name, {}))
        entry["since"] = family.get("since", {}).get(name, family.get("since", {}).get("*", "1.0"))
        entry["family"] = str(family["names"])
        out.append(entry)
    return out


KEYS = frozenset(
    {"id", "what", "since", "section", "how", "example", "change", "row", "detect", "by", "untestable", "applies"}
)


@cache
def obligations(path: Path = OBLIGATIONS_FILE) -> tuple[Obligation, ...]:
    """Every obligation: those written out, then each family's, in the file's order."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    entries = list(raw.get("obligation", []))
    for family in raw.get("family", []):
        entries += _expand(family)
    out = []
    for entry in entries:
        unknown = set(entry) - KEYS - {"family"}
        if unknown:
            raise ValueError(f"obligation {entry.get('id')!r}: unknown keys {sorted(unknown)}")
        detect = entry.get("detect", [])
        out.append(
            Obligation(
                **{k: v for k, v in entry.items() if k != "detect"},
                detect=tuple(detect if isinstance(detect, list) else [detect]),
            )
        )
    return tuple(out)


def by_id() -> dict[str, Obligation]:
    return {o.id: o for o in obligations()}


# ------------------------------------------------------------------------------ a scenario's evidence
@dataclass(frozen=True)
class Step:
    """One request of a scenario, the reference's reply and the game just before it."""

    request: Mapping[str, Any]
    reply: Mapping[str, Any]
    phase: str | None
    """The phase just before the request (``None``: no round yet)."""
    to_act: frozenset[int]
    """The boxes the legal actions named just before the request."""


@dataclass(frozen=True)
class Evidence:
    """What one scenario shows: its steps, the final log and what its Then steps checked."""

    steps: tuple[Step, ...]
    log: tuple[Mapping[str, Any], ...]
    checks: Mapping[str, Any]
    level: str
    overrides: frozenset[str]
    boxes: int = 0
    """The rule set's number of boxes (``max_boxes``)."""


def evidence(requests: Sequence[Mapping[str, Any]], checks: Mapping[str, Any] | None) -> Evidence:
    """Play ``requests`` (a scenario's, from its ``start``; queries may be among them) on the
    reference engine, noting its phase and the boxes to act before each; the evidence they give
    with ``checks`` (what the scenario's Then steps checked)."""
    engine = EngineDriver()
    steps = []
    for request in requests:
        phase = engine.request({"op": "phase"})
        legal = engine.request({"op": "legal"})
        boxes = frozenset(a["box"] for a in legal.get("actions", ()) if a.get("box") is not None)
        reply = engine.request(dict(request))
        steps.append(Step(request, reply, phase.get("phase") if phase.get("ok") else None, boxes))
    final = engine.request({"op": "events"})
    start = next((r for r in requests if r.get("op") == "start"), {})
    return Evidence(
        steps=tuple(steps),
        log=tuple(final.get("events") or ()) if final.get("ok") else (),
        checks=dict(checks or {}),
        level=str(start.get("level", "round")),
        overrides=frozenset(start.get("overrides") or ()),
        boxes=_boxes(start),
    )


def _boxes(start: Mapping[str, Any]) -> int:
    try:
        return ruleset(str(start.get("regulation"))).max_boxes
    except (InputError, KeyError, ValueError):
        return 0


def vector_requests(vector: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """A test vector's requests, in order (its ``start`` first)."""
    return [vector["start"]["request"], *(step["request"] for step in vector["steps"])]


def one_or_many(wanted: Any) -> list[Any]:
    """A detect value as a list (a value alone, or a list of values any of which will do)."""
    return wanted if isinstance(wanted, list) else [wanted]


def _one_of(wanted: Any, got: Any) -> bool:
    """``got`` is ``wanted``, or one of a list; a wanted text ending in ``*`` is a prefix."""
    for one in one_or_many(wanted):
        if one == got or (
            isinstance(one, str) and one.endswith("*") and got is not None and str(got).startswith(one[:-1])
        ):
            return True
    return False


class _Seen(NamedTuple):
    """One step as the step keys read it (worked out once a step, not once a key)."""

    request: Mapping[str, Any]
    reply: Mapping[str, Any]
    error: Mapping[str, Any]
    fields: Any
    """What an ``args`` or ``without`` key reads: an act's ``args``, any other request whole."""
    step: Step


def _seen(step: Step) -> _Seen:
    request, reply = step.request, step.reply
    fields = request.get("args") if request.get("op") == "act" else request
    return _Seen(request, reply, reply.get("error") or {}, fields, step)


_STEP_TESTS: dict[str, Callable[[Any, _Seen, Evidence], bool]] = {
    "op": lambda w, s, found: _one_of(w, s.request.get("op")),
    "action": lambda w, s, found: s.request.get("op") == "act" and _one_of(w, s.request.get("action")),
    "level": lambda w, s, found: _one_of(w, found.level),
    "known": lambda w, s, found: (s.request.get("action") in ACTIONS) is w,
    "args": lambda w, s, found: isinstance(s.fields, Mapping) and all(_has(s.fields, n, found.boxes) for n in w),
    "without": lambda w, s, found: isinstance(s.fields, Mapping) and not any(name in s.fields for name in w),
    "ok": lambda w, s, found: bool(s.reply.get("ok")) is w,
    "code": lambda w, s, found: _one_of(w, s.error.get("code")),
    "field": lambda w, s, found: _one_of(w, s.error.get("field")),
    "rule": lambda w, s, found: _one_of(w, s.error.get("rule")),
    "clauses": lambda w, s, found: bool(s.error.get("clauses")) is w and bool(s.error),
    "overridden": lambda w, s, found: (s.error.get("rule") in found.overrides) is w,
    "phase": lambda w, s, found: _one_of(w, s.step.phase),
    "turn": lambda w, s, found: isinstance(s.fields, Mapping) and (s.fields.get("box") in s.step.to_act) is w,
}
"""What each step key of a ``detect`` alternative asks of one step (:data:`STEP_KEYS`)."""


def _step_holds(
    tests: Sequence[tuple[Callable[[Any, _Seen, Evidence], bool], Any]], seen: _Seen, found: Evidence
) -> bool:
    return all(test(wanted, seen, found) for test, wanted in tests)


def _has(fields: Mapping[str, Any], wanted: str, boxes: int = 0) -> bool:
    """Whether ``fields`` holds ``wanted``: a name, or ``name:kind`` with one of :data:`KINDS`."""
    name, _, kind = wanted.partition(":")
    return name in fields and (not kind or KINDS[kind](fields[name], boxes))


def _event_matches(event: Mapping[str, Any], wanted: Mapping[str, Any]) -> bool:
    for key, value in wanted.items():
        if value is True or value is False:
            if (key in event) is not value:
                return False
        elif str(event.get(key)) != str(value):
            return False
    return True


def _subsequence(wanted: Sequence[str], seen: Sequence[str]) -> bool:
    it = iter(seen)
    return all(any(t == w for t in it) for w in wanted)


def _scenario_holds(alt: Mapping[str, Any], found: Evidence) -> bool:
    checked = set(found.checks.get("events") or ())
    logged = alt.get("logged", [])
    for wanted in logged if isinstance(logged, list) else [logged]:
        if wanted.get("type") not in checked or not any(_event_matches(e, wanted) for e in found.log):
            return False
    if not set(alt.get("checked", ())) <= checked:
        return False
    for key in ("order", "exactly"):
        if key in alt and not any(_subsequence(alt[key], o) for o in found.checks.get(key) or ()):
            return False
    start = alt.get("start", {})
    first = found.steps[0].request if found.steps else {}
    if not all(_has(first, name, found.boxes) for name in start.get("args", ())):
        return False
    if not set(start.get("overrides", ())) <= found.overrides:
        return False
    return set(alt.get("state", ())) <= set(found.checks.get("state") or ())


def holds(alt: Mapping[str, Any], found: Evidence) -> bool:
    """Whether one ``detect`` alternative holds of a scenario's evidence."""
    return _holds(alt, found, [_seen(step) for step in found.steps])


def _holds(alt: Mapping[str, Any], found: Evidence, seen: Sequence[_Seen]) -> bool:
    """:func:`holds`, the steps read once for all the alternatives asked of one scenario."""
    if not _scenario_holds(alt, found):
        return False
    tests = [(_STEP_TESTS[key], wanted) for key, wanted in alt.items() if key in STEP_KEYS]
    if not tests:
        return True
    return any(_step_holds(tests, one, found) for one in seen)


def exercised(found: Evidence, among: Iterable[Obligation] | None = None) -> list[str]:
    """The ids of the obligations (of ``among``: default all) the scenario exercises."""
    seen = [_seen(step) for step in found.steps]
    return [o.id for o in (obligations() if among is None else among) if any(_holds(a, found, seen) for a in o.detect)]


# ------------------------------------------------------------------------------ coverage
@dataclass
class Coverage:
    """Which scenarios exercise each obligation, per regulation (vector ids)."""

    by: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    """obligation id -> regulation -> the ids of the vectors that exercise it."""

    def regulations_of(self, obligation: str) -> set[str]:
        return {reg for reg, ids in self.by.get(obligation, {}).items() if ids}

    def rulebook(self, regulation: str) -> dict[str, list[str]]:
        """For one rulebook: the obligation ids exercised, by the runner, declared untestable,
        not applicable, and not exercised."""
        out: dict[str, list[str]] = {k: [] for k in ("exercised", "runner", "untestable", "not applicable", "missing")}
        for o in obligations():
            if not o.applies_to(regulation):
                out["not applicable"].append(o.id)
            elif o.by:
                out["runner"].append(o.id)
            elif regulation in self.regulations_of(o.id):
                out["exercised"].append(o.id)
            elif o.untestable:
                out["untestable"].append(o.id)
            else:
                out["missing"].append(o.id)
        return out


def coverage(vectors: Iterable[Mapping[str, Any]]) -> Coverage:
    """The obligations each recorded vector exercises (its ``checks`` say what its scenario checked)."""
    found = Coverage()
    for vector in vectors:
        proof = evidence(vector_requests(vector), vector.get("checks"))
        for oid in exercised(proof):
            found.by.setdefault(oid, {}).setdefault(vector["regulation"], []).append(vector["id"])
    return found


def figures(found: Coverage, regulations: Iterable[str] = REGULATION_IDS) -> dict[str, dict[str, int]]:
    """Per rulebook: how many obligations apply, and of them how many are exercised by its
    scenarios, checked by the runner, declared untestable and missing."""
    out = {}
    for reg in regulations:
        parts = found.rulebook(reg)
        applicable = len(obligations()) - len(parts["not applicable"])
        out[reg] = {"applicable": applicable, **{k: len(v) for k, v in parts.items() if k != "not applicable"}}
    return out


def of_run(
    regulations: Iterable[str], results: Iterable[Mapping[str, Any]], *, runner: bool = True
) -> dict[str, dict[str, Any]]:
    """What a conformance run showed of the protocol, per regulation it played: the obligations
    its passing scenarios exercised (each result's ``obligations``), those the runner checked
    (``runner``: the first hello passed), those declared untestable, and those not exercised
    (no passing scenario of the run exercised them: none was run or selected, or they failed)."""
    rows = list(results)
    out = {}
    for reg in regulations:
        shown = {
            oid
            for r in rows
            if r.get("regulation") == reg and r.get("status") == "PASS"
            for oid in r.get("obligations") or ()
        }
        parts: dict[str, list[str]] = {"exercised": [], "runner": [], "untestable": [], "not exercised": []}
        applicable = [o for o in obligations() if o.applies_to(reg)]
        for o in applicable:
            if o.by and runner:
                parts["runner"].append(o.id)
            elif o.id in shown:
                parts["exercised"].append(o.id)
            elif o.untestable:
                parts["untestable"].append(o.id)
            else:
                parts["not exercised"].append(o.id)
        out[reg] = {"applicable": len(applicable), **parts}
    return out


# ------------------------------------------------------------------------------ what to change
def _obligation_lines(o: Obligation) -> list[str]:
    lines = [f"- `{o.id}`: {o.what}"]
    if o.how:
        lines.append(f"    - How: {o.how}")
    if o.example:
        lines.append(f"    - Example: `{o.example}`")
    lines.append(f"    - See: [{DOC}#{o.section}]({DOC}#{o.section})")
    return lines


def changes_since(version: str) -> str:
    """What an implementation of protocol ``version`` must change to speak the kit's (Markdown):
    each change of the history since, oldest first, with what it says, and under it each
    obligation it brought, what it owes, how (the format), an example line and the section of
    ``docs/protocol.md`` that says it; then the obligations of each version that no change of the
    history names (a convention stated when the docs were silent)."""
    versions.parse(version)
    after = versions.parse(version)
    newer = [v for v in versions.versions() if v.key > after]
    kept = [o for o in obligations() if versions.parse(o.since) > after]
    major = sum(c.kind in versions.MAJOR_KINDS for v in newer for c in v.changes)
    count = sum(len(v.changes) for v in newer)
    lines = [
        f"# What to change: protocol {version} to {versions.current()}",
        "",
        f"{count} change(s) since {version}, {major} of them changing a meaning or adding an obligation (an "
        f"implementation of {version} may fail where it passed); {len(kept)} obligation(s) to keep, each with "
        "the format and an example line. The sections named are those of docs/protocol.md (on the site, the "
        "protocol page).",
        "",
    ]
    if not newer:
        return "\n".join([*lines, f"Nothing: {version} is the protocol the kit speaks."]) + "\n"
    for v in newer:
        lines += [f"## {v.version} ({v.date})", ""]
        for change in v.changes:
            lines += [f"### {change.kind}: {change.what}", "", change.text, ""]
            brought = [o for o in kept if o.since == v.version and o.change == change.what]
            for o in brought:
                lines += _obligation_lines(o)
            lines += [""] if brought else []
        apart = [o for o in kept if o.since == v.version and o.change is None]
        if apart:
            lines += [f"### Also owed since {v.version}", ""]
            for o in apart:
                lines += _obligation_lines(o)
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


# ------------------------------------------------------------------------------ the gate
def anchors(markdown: str) -> set[str]:
    """The anchors of a page's headings, as the site's Markdown gives them."""
    out = set()
    for line in markdown.splitlines():
        heading = re.match(r"^#{1,6}\s+(.*?)\s*(?:\{#([\w-]+)\})?$", line)
        if heading:
            text = re.sub(r"[^\w\s-]", "", heading.group(1)).strip().lower()
            out.add(heading.group(2) or re.sub(r"[-\s]+", "-", text))
    return out


def refusal_rows(markdown: str) -> list[str]:
    """The situations of the protocol page's refusal table (its first column)."""
    head = markdown.index("| situation | code | `field` or `rule` |")
    rows = []
    for line in markdown[head:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append(line.split("|")[1].strip())
    return rows


def problems(found: Coverage | None, page: str) -> list[str]:
    """The gate (``page``: ``docs/protocol.md``'s text; ``found``: the coverage of the suite,
    ``None`` to check the file alone): every obligation well formed and exercised by some
    scenario, or declared; every change of the history and every row of the refusal table
    covered by an obligation."""
    out = []
    kept = obligations()
    ids = [o.id for o in kept]
    out += [f"{oid}: the id is given twice" for oid in sorted({i for i in ids if ids.count(i) > 1})]
    known_versions = {v.version for v in versions.versions()}
    places = anchors(page)
    for o in kept:
        if o.since not in known_versions:
            out.append(f"{o.id}: since {o.since}, no version of the protocol's history")
        if o.section not in places:
            out.append(f"{o.id}: section #{o.section} is no heading of {DOC}")
        if bool(o.detect) + bool(o.by) + bool(o.untestable) != 1:
            out.append(f"{o.id}: give exactly one of detect, by (the runner) or untestable (with the reason)")
        if o.by is not None and o.by not in DECLARED_BY:
            out.append(f"{o.id}: by {o.by!r}: only {DECLARED_BY}")
        for alt in o.detect:
            unknown = set(alt) - STEP_KEYS - SCENARIO_KEYS
            if unknown:
                out.append(f"{o.id}: detect keys {sorted(unknown)} are unknown")
        if found is not None and o.detect and not found.regulations_of(o.id):
            out.append(
                f"{o.id}: no scenario exercises it ({o.what}): add one, or declare it untestable with the reason"
            )
        if found is not None and o.untestable and found.regulations_of(o.id):
            out.append(f"{o.id}: declared untestable, but a scenario exercises it")
    changes = {(v.version, c.what) for v in versions.versions() for c in v.changes}
    covered = {(o.since, o.change) for o in kept if o.change}
    out += [
        f"{o.id}: change {o.change!r} is not in the history of {o.since}"
        for o in kept
        if o.change and (o.since, o.change) not in changes
    ]
    out += [f"the history's change {v} {w!r} has no obligation" for v, w in sorted(changes - covered)]
    rows = refusal_rows(page)
    named = {o.row for o in kept if o.row}
    out += [f"the refusal table's row {r!r} has no obligation" for r in rows if r not in named]
    out += [f"{o.id}: row {o.row!r} is not in the refusal table" for o in kept if o.row and o.row not in rows]
    return out


# ------------------------------------------------------------------------------ command line
def main(argv: Sequence[str] | None = None) -> int:
    from spec_engine.kit.exercised import vectors_arguments, vectors_of

    parser = argparse.ArgumentParser(description="The protocol's obligations each rulebook's scenarios exercise.")
    vectors_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    found = coverage(vectors_of(args))
    regs = args.regulation or list(REGULATION_IDS)
    if args.json:
        print(json.dumps({reg: found.rulebook(reg) for reg in regs}, indent=1))
        return 0
    counts = figures(found, regs)
    mine = by_id()
    for reg in regs:
        row = counts[reg]
        print(
            f"{reg}: {row['exercised'] + row['runner']} of {row['applicable']} obligations exercised "
            f"({row['exercised']} by its scenarios, {row['runner']} by the runner); "
            f"{row['untestable']} declared untestable, {row['missing']} not exercised"
        )
        for oid in found.rulebook(reg)["missing"]:
            print(f"  - {oid}: {mine[oid].what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
