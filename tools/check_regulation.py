"""``make check REG=XX``: the quick checks of one text, each run whatever the others found.

    python tools/check_regulation.py XX

1. ``python -m spec_engine check``: every text tiled by its clauses, the rule sets, the compare
   rows ``new-regulation`` copied played under their own rule set (each failing row listed);
2. XX's scenarios, compare rows included (``pytest tests/test_features.py -m XX``);
3. the gates: the traceability gate and the one list (``tests/test_traceability.py``,
   ``tests/test_one_list.py``).

Then what remains, in three parts: the values still marked TO REVIEW (a list, apart: work to
do, not a failure that stops the others), the scenarios' result, the gates' problems (each
failing test's line). The exit status is 1 while anything remains, 0 when nothing does.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # (run as a script from anywhere)
    sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Step:
    """One check: its name, as the summary says it, and its command line."""

    name: str
    command: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    step: Step
    status: int
    output: str

    def result(self) -> str:
        """pytest's last line (``3 failed, 44 passed in 2.1s``), or the exit status."""
        lines = [line.strip("= ") for line in self.output.strip().splitlines() if line.strip()]
        last = lines[-1] if lines else ""
        said = last if " in " in last and any(w in last for w in ("passed", "failed", "error", "deselected")) else ""
        return said or ("passed" if self.status == 0 else f"failed (exit {self.status})")

    def failures(self) -> list[str]:
        """pytest's short summary of each failing test (``-rfE``): one line each."""
        return [line for line in self.output.splitlines() if line.startswith(("FAILED ", "ERROR "))]


def steps(reg: str, python: str = sys.executable) -> tuple[Step, ...]:
    pytest = (python, "-m", "pytest", "-q", "-rfE", "-p", "no:randomly")
    return (
        Step(f"{reg}'s scenarios, compare rows included", (*pytest, "tests/test_features.py", "-m", reg)),
        Step(
            "the gates (traceability, the one list)", (*pytest, "tests/test_traceability.py", "tests/test_one_list.py")
        ),
    )


Runner = Callable[[Sequence[str]], tuple[int, str]]


def run_command(command: Sequence[str]) -> tuple[int, str]:
    """Run ``command`` in the project's folder, its output shown as it comes and kept."""
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    kept = []
    for line in process.stdout:
        sys.stdout.write(line)
        kept.append(line)
    return process.wait(), "".join(kept)


def run_all(todo: Sequence[Step], run: Runner = run_command) -> list[Outcome]:
    """Every step, whatever the one before found."""
    outcomes = []
    for step in todo:
        print(f"\n== {step.name}: python {' '.join(step.command[1:])}", flush=True)
        status, output = run(step.command)
        outcomes.append(Outcome(step, status, output))
    return outcomes


def summary(
    reg: str, marks: Sequence[str], checked: bool, outcomes: Sequence[Outcome], gate: Sequence[str] = ()
) -> tuple[str, bool]:
    """What remains for ``reg``: the marks (apart), the check, each step's result and failures,
    the traceability gate's problems (``gate``, each naming the file to edit); and whether
    nothing remains."""
    lines = [f"\n== make check REG={reg}: what remains"]
    if marks:
        lines.append(f"{len(marks)} values marked TO REVIEW (read the text for each; edit the file named):")
        lines += [f"  {mark}" for mark in marks]
    else:
        lines.append("no value marked TO REVIEW")
    lines.append(
        "python -m spec_engine check: "
        + ("passed" if checked else "problems listed above (each names the file to edit)")
    )
    for outcome in outcomes:
        lines.append(f"{outcome.step.name}: {outcome.result()}")
        lines += [f"  {line}" for line in outcome.failures()]
    if gate:
        lines.append(f"the traceability gate's problems ({len(gate)}):")
        lines += [f"  {problem}" for problem in gate]
    ok = not marks and not gate and checked and all(o.status == 0 for o in outcomes)
    lines.append("nothing remains" if ok else "something remains (exit status 1): see above")
    return "\n".join(lines), ok


def main(argv: Sequence[str] | None = None, run: Runner = run_command) -> int:
    from spec_engine.__main__ import check_report
    from spec_engine.catalog import REGULATION_IDS

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] not in REGULATION_IDS:
        print(f"usage: make check REG=XX, XX one of: {' '.join(REGULATION_IDS)}", file=sys.stderr)
        return 2
    reg = args[0]
    print("== python -m spec_engine check (the marks TO REVIEW are listed at the end)", flush=True)
    from spec_engine.errors import SpecError

    try:
        marks, lines, checked = check_report()
    except SpecError as exc:  # (a malformed override, an unreadable rule set: said, and the rest still runs)
        marks, lines, checked = [], [f"error: {exc}"], False
    print("\n".join(lines), flush=True)
    outcomes = run_all(steps(reg), run)
    from spec_engine.kit.trace import gate_problems

    text, ok = summary(reg, marks, checked, outcomes, [str(p) for p in gate_problems()])
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
