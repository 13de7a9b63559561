"""Command line: ``python -m spec_engine <command>``.

rules <reg>                  the rule set, each value with its citation
clauses <reg>                the clause catalog (id, kind, topics, gist)
play <reg> --seed N          one seeded round with simple decisions; the event log as JSON lines
check                        validate the catalogs (tiling of the texts) and the rule sets
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from spec_engine.catalog import REGULATION_IDS, regulation, tiling_problems
from spec_engine.errors import SpecError
from spec_engine.events import to_jsonl
from spec_engine.rules import RULE_FIELDS, ruleset, show_value
from spec_engine.table import Table, people_at


def cmd_rules(reg: str) -> str:
    rules = ruleset(reg)
    lines = [f"{rules.name} ({rules.id})", ""]
    width = max(len(f.name) for f in RULE_FIELDS)
    for f in RULE_FIELDS:
        cite = rules.citations[f.name]
        basis = {
            "stated": ", ".join(cite.clauses),
            "interpretation": "interpretation of " + ", ".join(cite.clauses),
        }.get(cite.basis, "NOT STATED (assumption)")
        lines.append(f"{f.name.ljust(width)}  {show_value(getattr(rules, f.name))}  [{basis}]")
        if cite.note:
            lines.append(f"{'':{width}}    {cite.note}")
    return "\n".join(lines)


def cmd_clauses(reg: str) -> str:
    catalog = regulation(reg)
    lines = [f"{catalog.name}: {len(catalog.clauses)} clauses", ""]
    for clause in catalog.clauses:
        lines.append(f"{clause.id:<14} {clause.kind:<16} {','.join(clause.topics):<28} {clause.gist}")
    return "\n".join(lines)


def cmd_play(reg: str, seed: int, boxes: int) -> str:
    rules = ruleset(reg)
    table = Table(rules, seed=seed, min_bet=10, max_bet=500, participants=people_at(rules, boxes))
    bets = [(box, f"P{box}", 10 * box) for box in range(1, boxes + 1)]
    rnd = table.play(bets)
    return to_jsonl(table.log[: len(table.log) - len(rnd.events)] + rnd.events)


def cmd_check() -> tuple[str, bool]:
    lines, ok = [], True
    for reg in REGULATION_IDS:
        catalog = regulation(reg)
        problems = tiling_problems(catalog)
        rules = ruleset(reg)
        assumed = sum(c.basis == "not stated" for c in rules.citations.values())
        read = sum(c.basis == "interpretation" for c in rules.citations.values())
        lines.append(
            f"{reg}: {len(catalog.clauses)} clauses, text {'tiled' if not problems else 'NOT tiled'}; "
            f"rule set: {len(rules.citations)} values, {read} interpretations, {assumed} not stated"
        )
        lines += [f"  - {p}" for p in problems]
        ok = ok and not problems
    return "\n".join(lines), ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spec_engine", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("rules", "clauses"):
        p = sub.add_parser(name)
        p.add_argument("regulation", help="CL, ES, UY, CZ or IT")
    p = sub.add_parser("play")
    p.add_argument("regulation")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--boxes", type=int, default=1, help="boxes with a bet (bettor Pn bets 10*n on box n)")
    sub.add_parser("check")
    args = parser.parse_args(argv)
    try:
        if args.command == "rules":
            print(cmd_rules(args.regulation))
        elif args.command == "clauses":
            print(cmd_clauses(args.regulation))
        elif args.command == "play":
            sys.stdout.write(cmd_play(args.regulation, args.seed, args.boxes))
        else:
            text, ok = cmd_check()
            print(text)
            return 0 if ok else 1
    except SpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
