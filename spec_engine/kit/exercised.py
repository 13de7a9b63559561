"""Which rule values the scenarios exercise: a scenario exercises a value when it would
fail were the value different.

    python -m spec_engine.kit.exercised [VECTORS_DIR] [--regulation UY] [--rule min_cut]
    python -m spec_engine.kit.exercised [VECTORS_DIR] --coverage

lists the values no scenario notices (without a folder of test vectors, it records the
feature suite's scenarios first, failing ones included, and says how many failed).

For every rule set and every rule field, :func:`unexercised` gives the field each other value
it may take (:func:`alternatives`: a flag flipped, each other choice, another number, no
value), replays the regulation's test vectors (:mod:`spec_engine.kit.vectors`) on the engine
with that one value changed, and keeps the values whose change no vector noticed (an other
value the rule set cannot combine with its own, :func:`playable`, is not tried). A value the
scenario itself sets (``Given the CL rules with ...``) stays as the scenario set it.

The same replays say how directly each clause tag is checked (:func:`tag_evidence`,
:func:`clause_coverage`): by a rule value the clause states, by behaviour every rule set
shares (the clause states no rule value), or by another part of the clause (its rule values'
change goes unnoticed).

A value that cannot change any outcome under its rule set (a rule about bets behind, where a
box takes one bet) is declared in ``data/moot.toml`` with the reason::

    [[moot]]
    regulation = "CL"
    rule = "behind_may_decline_double"
    reason = "one bet per box (max_bets_per_box = 1): nobody bets behind"

:func:`problems` lists the values neither exercised nor declared, and the declarations that
a scenario now exercises (remove them).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from spec_engine.catalog import DATA, REGULATION_IDS
from spec_engine.errors import InputError
from spec_engine.game import UNHONOURED
from spec_engine.kit.driver import EngineDriver
from spec_engine.kit.vectors import collect, load, record, replay
from spec_engine.rules import RULE_FIELDS, RuleSet, cut_card_conflict, ruleset

MOOT = DATA / "moot.toml"


def alternatives(field: dataclasses.Field[Any], value: Any) -> list[Any]:
    """Other values a rule field may take: a flag flipped, every other choice, a number one
    up, one down and thirteen up (past a hand's usual totals), a narrower range of limits,
    and no value for an optional field that has one; never a value the engine cannot play
    (:data:`spec_engine.game.UNHONOURED`: every replay would fail at its start, a difference
    that says nothing of the scenario)."""
    kind: str = field.metadata["kind"]
    optional = kind.endswith("?")
    base = kind.rstrip("?")
    out: list[Any] = []
    if base == "bool":
        out = [not value]
    elif base == "choice":
        out = [c for c in field.metadata["choices"] if c != value]
    elif base == "int":
        start = 0 if value is None else value
        out = [start + 1, start + 13] + ([start - 1] if start > 0 else [])
    elif base == "ratio":
        out = [Fraction(2) if value == 1 else Fraction(1)]
    elif base == "str":
        out = ["another call"]
    elif base == "ints":
        out = [frozenset({10, 11}) if value != frozenset({10, 11}) else frozenset({9})]
    elif base == "range":
        out = [(2, 20) if value != (2, 20) else (3, 30)]
    if optional and value is not None:
        out.append(None)
    cannot = UNHONOURED.get(field.name)
    return [v for v in out if v != value and not (cannot is not None and v == cannot[0])]


class ChangedEngine(EngineDriver):
    """The engine with one rule value changed in every rule set it plays (unless the
    scenario sets that value itself)."""

    def __init__(self, rule: str, value: Any) -> None:
        super().__init__()
        self.change = (rule, value)

    def _rules(self, regulation: str, overrides: Mapping[str, Any] | None) -> RuleSet:
        rules = super()._rules(regulation, overrides)
        rule, value = self.change
        return rules if overrides and rule in overrides else dataclasses.replace(rules, **{rule: value})


@dataclass(frozen=True)
class Unexercised:
    regulation: str
    rule: str
    value: Any
    unnoticed: tuple[Any, ...]
    """The other values tried, none noticed."""


def playable(rules: RuleSet, rule: str, value: Any) -> bool:
    """Whether ``rules`` with ``rule`` changed to ``value`` can place its cut card
    (:func:`~spec_engine.rules.cut_card_conflict`): a share of the cards beside a number of them
    is refused at every table, a difference that says nothing of a scenario."""
    return cut_card_conflict(dataclasses.replace(rules, **{rule: value})) is None


def noticed(vectors: Sequence[Mapping[str, Any]], rule: str, value: Any) -> bool:
    """Whether some vector plays differently with ``rule`` set to ``value``."""
    return any(replay(vector, ChangedEngine(rule, value)) for vector in vectors)


def unexercised(
    vectors: Iterable[Mapping[str, Any]],
    regulations: Iterable[str] = REGULATION_IDS,
    rules: Iterable[str] | None = None,
) -> list[Unexercised]:
    """Every rule value of these regulations (and ``rules``, default all) that no scenario
    depends on: no vector plays differently under any of its :func:`alternatives`. A value
    with no alternative the engine can play (``bets_closed_at_deal``, ``double_on_blackjack``:
    the other value is refused, see :func:`spec_engine.game.unhonoured`) has nothing to test."""
    wanted = None if rules is None else set(rules)
    by_regulation: dict[str, list[Mapping[str, Any]]] = {}
    for vector in vectors:
        by_regulation.setdefault(vector["regulation"], []).append(vector)
    out = []
    for reg in regulations:
        mine = by_regulation.get(reg, [])
        rule_set = ruleset(reg)
        for field in RULE_FIELDS:
            if wanted is not None and field.name not in wanted:
                continue
            value = getattr(rule_set, field.name)
            others = [v for v in alternatives(field, value) if playable(rule_set, field.name, v)]
            if others and not any(noticed(mine, field.name, alt) for alt in others):
                out.append(Unexercised(reg, field.name, value, tuple(others)))
    return out


@dataclass(frozen=True)
class TagEvidence:
    """What one clause tag of one scenario is seen to check."""

    vector: str
    regulation: str
    clause: str
    rules: tuple[str, ...]
    """The rule values of the scenario's regulation that cite the clause."""
    noticed: tuple[str, ...]
    """Those of them whose change (any of their :func:`alternatives`) the scenario notices."""


COVERAGE_KINDS = {
    "rule value": "a scenario tagged with the clause plays differently when a rule value the clause states is changed",
    "fixed behaviour": "the clause states no rule value: its scenarios check behaviour every rule set "
    "shares (card values, the dealer's 16 and 17, a bust loses, ...)",
    "other part": "the clause states rule values, but no scenario tagged with it notices their change: "
    "its scenarios check another part of the clause",
}
"""How directly a clause's scenarios check it (:func:`clause_coverage`), strongest first."""


def tag_evidence(vectors: Iterable[Mapping[str, Any]]) -> list[TagEvidence]:
    """For every clause tag of every vector, the rule values citing that clause in the
    vector's regulation and those whose change the vector notices (a reply or the event log
    differs: a necessary condition for the scenario to fail, so a tag whose rule values are
    all unnoticed cannot be checking them)."""
    fields = {f.name: f for f in RULE_FIELDS}
    out = []
    for vector in vectors:
        reg = vector["regulation"]
        rule_set = ruleset(reg)
        for clause in vector["clauses"]:
            rules = tuple(name for name in fields if clause in rule_set.citations[name].clauses)
            seen = tuple(
                name
                for name in rules
                if any(noticed([vector], name, alt) for alt in alternatives(fields[name], getattr(rule_set, name)))
            )
            out.append(TagEvidence(vector["id"], reg, clause, rules, seen))
    return out


def clause_coverage(evidence: Iterable[TagEvidence]) -> dict[str, str]:
    """Clause id -> the strongest kind of coverage (:data:`COVERAGE_KINDS`) its tagged
    scenarios give it; a clause no scenario tags is absent."""
    order = list(COVERAGE_KINDS)
    best: dict[str, str] = {}
    for e in evidence:
        kind = "rule value" if e.noticed else "other part" if e.rules else "fixed behaviour"
        if e.clause not in best or order.index(kind) < order.index(best[e.clause]):
            best[e.clause] = kind
    return best


def moot(path: Path = MOOT) -> dict[tuple[str, str], str]:
    """The declared moot values: (regulation, rule) -> reason."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"cannot read the moot values: {exc}", field=path.name) from exc
    names = {f.name for f in RULE_FIELDS}
    found: dict[tuple[str, str], str] = {}
    for index, entry in enumerate(raw.get("moot", []), start=1):
        where = f"{path.name} moot #{index}"
        if set(entry) != {"regulation", "rule", "reason"}:
            raise InputError("each entry has exactly regulation, rule and reason", field=where)
        key = (str(entry["regulation"]), str(entry["rule"]))
        if key[0] not in REGULATION_IDS or key[1] not in names:
            raise InputError(f"unknown regulation or rule {key}", field=where)
        if key in found:
            raise InputError(f"{key} is declared twice", field=where)
        if not str(entry["reason"]).strip():
            raise InputError(f"{key} has no reason", field=where)
        found[key] = str(entry["reason"]).strip()
    return found


def problems(found: Sequence[Unexercised], declared: Mapping[tuple[str, str], str]) -> list[str]:
    """Values neither exercised nor declared moot, and declarations a scenario now exercises."""
    missing = {(u.regulation, u.rule): u for u in found}
    out = [
        f"{u.regulation} {u.rule} = {u.value!r}: no scenario notices {', '.join(map(repr, u.unnoticed))}"
        for key, u in missing.items()
        if key not in declared
    ]
    out += [
        f"{reg} {rule} is declared moot but a scenario exercises it"
        for reg, rule in declared
        if (reg, rule) not in missing
    ]
    return out


def recorded() -> list[dict[str, Any]]:
    """The feature suite's scenarios as test vectors, recorded now; failing scenarios are kept
    (as they played) and counted on standard error."""
    with tempfile.TemporaryDirectory(prefix="exercised-") as tmp:
        try:
            record(Path(tmp))
        except RuntimeError as exc:
            print(f"some scenarios failed; their vectors are kept as played:\n{exc}", file=sys.stderr)
        return collect(Path(tmp))


def vectors_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of a command that reads the suite's test vectors: their folder (else the
    suite is recorded now) and the regulations to keep."""
    parser.add_argument(
        "vectors", type=Path, nargs="?", help="a folder of test vectors (default: record the suite now)"
    )
    parser.add_argument("--regulation", type=str.upper, choices=REGULATION_IDS, action="append", help="only these")


def vectors_of(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The vectors :func:`vectors_arguments` names: those of the folder, or recorded now."""
    return load(args.vectors) if args.vectors else recorded()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="List the rule values no scenario exercises.")
    vectors_arguments(parser)
    parser.add_argument("--rule", action="append", help="only these rule fields")
    parser.add_argument(
        "--coverage", action="store_true", help="instead: how directly each clause's tagged scenarios check it"
    )
    args = parser.parse_args(argv)
    vectors = vectors_of(args)
    if args.coverage:
        coverage = clause_coverage(tag_evidence(vectors))
        for clause, kind in coverage.items():
            print(f"{clause}: {kind}")
        for kind, meaning in COVERAGE_KINDS.items():
            count = sum(1 for k in coverage.values() if k == kind)
            print(f"{count} clauses by {kind}: {meaning}", file=sys.stderr)
        return 0
    found = unexercised(vectors, args.regulation or REGULATION_IDS, args.rule)
    declared = moot()
    if args.regulation or args.rule:
        declared = {k: v for k, v in declared.items() if any(k == (u.regulation, u.rule) for u in found)}
    for u in found:
        reason = declared.get((u.regulation, u.rule))
        mark = f"moot: {reason}" if reason else "NOT EXERCISED"
        print(f"{u.regulation} {u.rule} = {u.value!r} (unnoticed: {', '.join(map(repr, u.unnoticed))}): {mark}")
    trouble = problems(found, declared)
    for line in trouble:
        print(line, file=sys.stderr)
    return 1 if trouble else 0


if __name__ == "__main__":
    sys.exit(main())
