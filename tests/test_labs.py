"""docs/labs.md and docs/protocol.md say what the kit does: each sentence that the code can
check is checked here against the code (the options and their defaults, the exit statuses,
the implementation's environment, the report's files)."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spec_engine.kit.certificate import HTML, PDF
from spec_engine.kit.conform import MIN_MEMORY_MB, build_parser, run
from spec_engine.kit.protocol import PASSED_ON
from spec_engine.kit.report import JUNIT, REPORT, REPRO, RESULTS, SUMMARY
from spec_engine.kit.verdict import EXIT, SUMS

ROOT = Path(__file__).resolve().parents[1]
LABS = (ROOT / "docs" / "labs.md").read_text(encoding="utf-8")
PROTOCOL = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")


def section(text: str, title: str) -> str:
    """The Markdown section under ``## title``, up to the next ``## ``."""
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def option_rows() -> dict[str, str]:
    rows = {}
    for line in section(LABS, "Run").splitlines():
        found = re.match(r"^\| `(-[-\w]+)", line)
        if found:
            rows[found.group(1)] = line
    return rows


def test_the_table_of_options_is_the_command_lines() -> None:
    parser = build_parser()
    options = {
        s: action
        for action in parser._actions
        if not isinstance(action, argparse._HelpAction)
        for s in action.option_strings
        if s.startswith("--") or s == "-k"
    }
    rows = option_rows()
    assert set(rows) == set(options), (sorted(set(options) - set(rows)), sorted(set(rows) - set(options)))
    for name, action in options.items():
        if isinstance(action.default, int | float) and not isinstance(action.default, bool) and name != "--jobs":
            assert f"default {action.default:g}" in rows[name], (name, action.default, rows[name])
    assert "default 1 below 4 cores" in rows["--jobs"]
    assert f"at least {MIN_MEMORY_MB}" in rows["--memory-mb"]


def test_the_exit_statuses_are_the_verdicts() -> None:
    table = section(LABS, "The verdict and the exit status")
    for kind, code in EXIT.items():
        assert re.search(rf"^\| {kind} \|.*\| \*\*{code}\*\* \|$", table, re.M), kind
    assert "Exit status **2**" in table


def test_the_implementations_environment_is_named_as_it_is() -> None:
    for name in PASSED_ON:
        assert f"`{name}`" in section(LABS, "Run"), name
        assert f"`{name}`" in section(PROTOCOL, "Transport"), name
    assert "`LC_*`" in section(LABS, "Run") and "--env NAME=VALUE" in section(PROTOCOL, "Transport")


@pytest.mark.usefixtures("pdf_stand_in")  # the PDF is written, by a stand-in (tests/conftest.py)
def test_every_report_file_is_described_and_written(tmp_path: Path) -> None:
    """The files the page describes are the files a run writes (a run with a failure)."""
    described = section(LABS, "Reading the report")
    names = {REPORT, JUNIT, SUMMARY, RESULTS, HTML, PDF, SUMS, "pytest.log"}
    for name in names:
        assert f"**`{name}`**" in described, name
    assert f"**`{REPRO}/<scenario>.json`**" in described
    out = tmp_path / "report"
    hostile = f"{sys.executable} -m tests.hostile.six_to_five"
    run(hostile, out, regulation="UY", jobs=1, keyword="a_blackjack_against_a_low_card_is_paid_three", quiet=True)
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert {n for n in written if not n.startswith(f"{REPRO}/")} <= names
    assert {n for n in names if n != PDF} <= written and any(n.startswith(f"{REPRO}/") for n in written)


@pytest.mark.parametrize("command", ["conform", "verify", "vectors", "changelog"])
def test_the_commands_the_page_names_exist(command: str) -> None:
    assert f"`blackjack-spec {command}`" in LABS
    done = subprocess.run(
        [sys.executable, "-m", "spec_engine", command, "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


def test_the_version_the_page_names() -> None:
    from spec_engine import __version__
    from spec_engine.kit.versions import current

    done = subprocess.run([sys.executable, "-m", "spec_engine", "--version"], capture_output=True, text=True)
    assert done.stdout.startswith(f"blackjack-spec {__version__} ") and f"protocol {current()}" in done.stdout
    assert f'"protocol": "{current()}"' in LABS  # the smallest adapter speaks the kit's protocol
    assert f"This is protocol version **`{current()}`**" in PROTOCOL


def test_the_protocols_history_is_the_versions_file() -> None:
    from spec_engine.kit.versions import check, versions

    assert check() == []
    history = section(PROTOCOL, "Versioning")
    rows = [f"| {v.version} | {v.date} | {c.kind} | {c.what} | {c.text} |" for v in versions() for c in v.changes]
    table = [line for line in history.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert table == rows  # every change, in order, word for word, and no other
