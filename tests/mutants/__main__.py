"""Run the mutants, print the table and the mutation score, write ``reports/mutants.json``.

    python -m tests.mutants [NAME ...] [--jobs N] [--all-regulations] [--json]
    python -m tests.mutants --deviations [NAME ...] [--jobs N]

By default each mutant meets the scenarios of a sample of the regulations it concerns (fast,
what ``tests/test_mutants.py`` runs); ``--all-regulations`` runs every regulation it concerns
and shows where no scenario catches it. ``--json``: the whole report on stdout instead of the
table. The report file is written only when every mutant ran. ``--deviations``: the outside
lab's deviations from the protocol (:mod:`tests.mutants.deviations`) instead, each on every
Uruguayan scenario (not written to the report file).
"""

from __future__ import annotations

import argparse
import json
import sys

from tests.mutants.catalog import MUTANTS
from tests.mutants.deviations import DEVIATIONS
from tests.mutants.run import REPORT, run_all, table, write_report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutants", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"mutants to run (default: all): {', '.join(MUTANTS)}")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument(
        "--all-regulations", action="store_true", help="run each mutant on every regulation it concerns"
    )
    parser.add_argument("--json", action="store_true", help="print the whole report as JSON")
    parser.add_argument("--deviations", action="store_true", help="the lab's deviations from the protocol instead")
    args = parser.parse_args(argv)
    names = args.names or (list(DEVIATIONS) if args.deviations else None)
    report = run_all(names, jobs=args.jobs, full=args.all_regulations)
    if not args.names and not args.deviations:
        write_report(report)
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        print(table(report))
        if not args.names and not args.deviations:
            print(f"report: {REPORT.relative_to(REPORT.parents[1])}")
    control_ok = report["control"] is None or report["control"]["failing"] == 0
    return 0 if control_ok and report["caught"] == report["total"] else 1


if __name__ == "__main__":
    sys.exit(main())
