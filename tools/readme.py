"""The README's figures come from the code: each block between ``<!-- generated: NAME -->`` and
``<!-- end: NAME -->`` is what :data:`BLOCKS` gives now.

    python tools/readme.py           # check: exit 1 naming each stale block
    python tools/readme.py --write   # rewrite the stale blocks

``tests/test_readme.py`` runs the check, so a change that moves a figure (a new scenario, a
clause, a rule value that changes the odds) fails until the README says it. Measured figures
(timings) are not generated: the README gives each with its date and machine.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
if str(ROOT) not in sys.path:  # (run as a script from anywhere)
    sys.path.insert(0, str(ROOT))

from spec_engine.catalog import REGULATION_IDS, regulation  # noqa: E402
from spec_engine.kit.trace import coverage_report  # noqa: E402
from spec_engine.rules import ruleset  # noqa: E402

BLOCK = re.compile(r"(<!-- generated: (?P<name>[\w-]+) -->\n?)(?P<body>.*?)(<!-- end: (?P=name) -->)", re.S)
"""A generated block: a table on the lines between its comments, or a figure inline between them."""


def coverage() -> str:
    report = coverage_report()
    lines = [
        "| regulation | clauses | executable | exempt | not modelled | scenarios |",
        "|---|---|---|---|---|---|",
    ]
    for reg, row in report["regulations"].items():
        cells = (row["clauses"], row["executable"], row["exempt"], row["not_modelled"], row["scenarios"])
        lines.append(f"| {reg} | " + " | ".join(map(str, cells)) + " |")
    t = report["total"]
    executable = f"{t['executable']} ({t['executable_percent']} %)"
    lines.append(f"| total | {t['clauses']} | {executable} | {t['exempt']} | {t['not_modelled']} | {t['scenarios']} |")
    return "\n".join(lines)


def catalog() -> str:
    kinds = ("game rule", "table procedure", "administration", "description")
    lines = [
        "| regulation | clauses | game rules | table procedure | administration | description |",
        "|---|---|---|---|---|---|",
    ]
    for reg in REGULATION_IDS:
        clauses = regulation(reg).clauses
        count = Counter(c.kind for c in clauses)
        assert set(count) <= set(kinds), set(count) - set(kinds)
        lines.append(f"| {reg} | {len(clauses)} | " + " | ".join(str(count[k]) for k in kinds) + " |")
    return "\n".join(lines)


UNMODELLED = {
    "insurance_base": "insurance on the total stake",
}
"""How the odds table names a rule value the analysis does not model (where the cut card lies
has a column of its own: measured by simulation)."""
CUT_CARD = ROOT / "docs" / "simulations" / "cut-card"
"""The summaries of ``make cut-card``."""


def cut_card(reg: str) -> str:
    """The cut card's effect as the odds table says it: the difference, its 99 % interval, the shoes."""
    path = CUT_CARD / f"{reg}.json"
    if not path.is_file():
        return "not measured yet (`make cut-card`)"
    sim = json.loads(path.read_text(encoding="utf-8"))
    low, high = sim["difference_ci99_percent"]
    return f"{sim['difference_percent']:+.3f} pp ({low:+.3f} to {high:+.3f}; {sim['shoes']:,} shoes)"


def odds() -> str:
    from spec_engine.analysis import cached_odds
    from spec_engine.analysis.model import CUT_FIELDS

    lines = [
        "| rulebook | player's return, basic strategy | composition-dependent "
        "| where the cut card lies: its effect, 99 % interval (simulated) | not modelled |",
        "|---|---|---|---|---|",
    ]
    for reg in REGULATION_IDS:
        found = cached_odds(ruleset(reg))
        basic = f"{found.basic_strategy.ev_percent:+.3f} %".replace("+", "")
        if found.banker_edge_percent is not None:
            basic += f" (banker's edge {found.banker_edge_percent:+.3f} %)"
        gaps = [i["field"] for i in found.not_honoured if i["field"] not in CUT_FIELDS]
        unmodelled = "; ".join(dict.fromkeys(UNMODELLED.get(field, field) for field in gaps))
        cd = f"{found.composition_dependent.ev_percent:+.3f} %".replace("+", "")
        lines.append(f"| {reg} | {basic} | {cd} | {cut_card(reg)} | {unmodelled or 'nothing'} |")
    return "\n".join(lines)


def scenarios() -> str:
    return str(coverage_report()["total"]["scenarios"])


BLOCKS: dict[str, Callable[[], str]] = {
    "coverage": coverage,
    "catalog": catalog,
    "odds": odds,
    "scenarios": scenarios,
}


def refreshed(text: str) -> tuple[str, list[str]]:
    """``text`` with every generated block as the code gives it now, and the names of those
    that differed; an unknown block name is an error."""
    stale: list[str] = []
    made: dict[str, str] = {}

    def replace(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in BLOCKS:
            raise SystemExit(f"README.md: unknown generated block {name!r}; known: {', '.join(BLOCKS)}")
        if name not in made:
            made[name] = BLOCKS[name]()
        body = made[name] + ("\n" if match.group(1).endswith("\n") else "")
        if body != match["body"]:
            stale.append(name)
        return match.group(1) + body + match.group(4)

    return BLOCK.sub(replace, text), stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/readme.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite the stale blocks")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    new, stale = refreshed(text)
    if args.write and stale:
        README.write_text(new, encoding="utf-8")
        print(f"README.md: rewrote {', '.join(stale)}")
        return 0
    if stale:
        print(f"README.md: stale: {', '.join(stale)} (python tools/readme.py --write)", file=sys.stderr)
        return 1
    print("README.md: every generated block is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
