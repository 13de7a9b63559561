"""The compare rows ``new-regulation`` copied, played under the new text's own rule set.

The scaffold gives a new text a row in every compare outline (``features/compare/``): the row of
the nearest rule set, its outcome that text's ("it is refused citing ES-PRE-b.1"), its ``basis``
marked TO REVIEW. Until a person has read each one, some fail under the new rule set.
:func:`copied_rows` finds them (per regulation), :func:`play_copied_rows` plays them in a
child pytest run (the suite's own command line, with :mod:`spec_engine.suite.copied_rows`) and
:func:`failing_lines` says each failing row: its file, its outline, the row, and the assertion
that failed (what the row expects against what the engine did), with the file to edit.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spec_engine.kit.trace import suite_command, suite_environment

REVIEW = "TO REVIEW"
"""The mark on every value ``new-regulation`` writes for a person to read (a copied row's
``basis`` among them): :data:`spec_engine.kit.scaffold.REVIEW` is this one."""
ROWS_ENV = "BLACKJACK_SPEC_COPIED_ROWS"
"""The file :mod:`spec_engine.suite.copied_rows` writes the rows' outcomes into."""

_TABLE = re.compile(r"^[ \t]*Examples:[ \t]*(?P<reg>\S+)[ \t]*\n(?P<table>(?:^[ \t]*\|[^\n]*\n?)+)", re.M)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def copied_rows(features_dir: Path) -> Counter[str]:
    """Per regulation, its rows of the compare outlines whose ``basis`` is still marked TO
    REVIEW (the rows ``new-regulation`` copied and nobody has read yet)."""
    found: Counter[str] = Counter()
    for feature in sorted((features_dir / "compare").glob("*.feature")):
        for match in _TABLE.finditer(feature.read_text(encoding="utf-8")):
            header, *rows = match["table"].splitlines()
            names = _cells(header)
            if "basis" not in names:
                continue
            at = names.index("basis")
            found[match["reg"]] += sum(_cells(row)[at].startswith(REVIEW) for row in rows if row.strip())
    return +found


@dataclass(frozen=True)
class PlayedRow:
    """A copied row played under its regulation's rule set."""

    feature: str
    scenario: str
    row: Mapping[str, str]
    status: str
    message: str

    @property
    def regulation(self) -> str:
        return self.row.get("reg", "?")


def play_copied_rows(regulations: Sequence[str], pytest_args: Sequence[str] = ()) -> list[PlayedRow]:
    """Play the scenarios of ``regulations`` (``-m``) in a child pytest run and return the
    outcome of each row still marked for review. Raises ``RuntimeError`` (one line) when the
    run could not play them (the kit extra missing, a collection error)."""
    with tempfile.TemporaryDirectory(prefix="copied-rows-") as tmp:
        out = Path(tmp) / "rows.json"
        env = {**os.environ, ROWS_ENV: str(out), "BLACKJACK_SPEC_RESULTS": str(Path(tmp) / "results.json")}
        for name in ("BLACKJACK_SPEC_IMPL", "BLACKJACK_SPEC_OVERRIDES", "BLACKJACK_SPEC_RECORD"):
            env.pop(name, None)  # (the engine, under the rule sets as written)
        # (each failure in one line, as the suite's settings say: the rows' messages come from the
        # plugin, not the output)
        command = suite_command("-q", "-p", "no:randomly", "-p", "spec_engine.suite.copied_rows")
        command += ["-m", " or ".join(regulations), *pytest_args]
        done = subprocess.run(command, env=suite_environment(env), capture_output=True, text=True, check=False)
        if done.returncode not in (0, 1) or not out.is_file():
            tail = (done.stdout + done.stderr).strip().splitlines()[-1:] or ["no output"]
            raise RuntimeError(f"the scenarios could not be played (pytest exit {done.returncode}): {tail[0]}")
        played: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return [PlayedRow(p["feature"], p["scenario"], p["row"], p["status"], p["message"]) for p in played]


def row_text(row: Mapping[str, str]) -> str:
    """The row as the feature file writes it, without its basis: ``| XX | may not |``."""
    return "| " + " | ".join(v for k, v in row.items() if k != "basis") + " |"


def _line_of(root: Path, played: PlayedRow) -> int | None:
    """The line of the feature file that holds the row (its cells, in order), if found."""
    try:
        lines = (root / played.feature).read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    cells = list(played.row.values())
    return next((n for n, line in enumerate(lines, 1) if line.strip().startswith("|") and _cells(line) == cells), None)


def failing_lines(played: Sequence[PlayedRow], root: Path) -> list[str]:
    """Each failing row in one line: its file and line, its outline, the row (what it expects),
    and the assertion that failed (what the engine did)."""
    out = []
    for p in played:
        if p.status == "failed":
            line = _line_of(root, p)
            where = f"{p.feature}:{line}" if line else p.feature
            out.append(f"{where}: '{p.scenario}' {row_text(p.row)}: failed: {p.message}")
    return out


def check_lines(features_dir: Path) -> tuple[list[str], bool]:
    """What ``python -m spec_engine check`` says of the copied rows: per regulation, how many
    remain to review and how many of them fail under its rule set, then each failing row; and
    whether none fails."""
    copied = copied_rows(features_dir)
    if not copied:
        return [], True
    try:
        played = play_copied_rows(sorted(copied))
    except (RuntimeError, OSError) as exc:
        return [f"copied compare rows not played: {exc}"], False
    lines = []
    for reg, count in sorted(copied.items()):
        mine = [p for p in played if p.regulation == reg]
        failed = sum(p.status == "failed" for p in mine)
        lines.append(
            f"{reg}: {count} compare rows copied by new-regulation (basis TO REVIEW), played under {reg}'s rule "
            f"set: {len(mine) - failed} pass, {failed} fail"
            + (
                f" (each expects another text's outcome: edit its outcome, basis and tags in the feature file to "
                f"what {reg}'s text says, or declare it absent in spec_engine/data/absent_rows.toml):"
                if failed
                else ""
            )
        )
        lines += [f"  {line}" for line in failing_lines(mine, features_dir.parent)]
    return lines, not any(p.status == "failed" for p in played)
