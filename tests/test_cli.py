"""The command line a newcomer expects (issue 24): help on every command and argument, the
program named as invoked, the overrides honoured or said not to apply, no progress bar in a log
file, card codes as the README says. One line and exit status 2 for every bad argument or input
(never a traceback): tests/test_bad_inputs.py's table."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spec_engine.__main__ import COMMANDS, NOT_APPLIED, build_parser
from spec_engine.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
CHANGED = '{"CL": {"decks": 1, "double_totals": "none"}}'


def run(*args: str, env: dict[str, str] | None = None, program: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it: ``python -m spec_engine ...`` or the installed program."""
    command = [program, *args] if program else [sys.executable, "-m", "spec_engine", *args]
    environ = {k: v for k, v in os.environ.items() if k != "BLACKJACK_SPEC_OVERRIDES"}
    return subprocess.run(command, capture_output=True, text=True, env={**environ, **(env or {})}, timeout=120)


# ------------------------------------------------------------------------------ help
def test_every_command_has_its_line_and_every_argument_its_help() -> None:
    parser = build_parser("blackjack-spec")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == list(COMMANDS)
    listed = {c.dest: c.help for c in sub._choices_actions}
    assert listed == COMMANDS and all(listed.values())
    for name, command in sub.choices.items():
        if name in ("conform", "vectors"):  # their own parsers (conform --help) say it
            continue
        for action in command._actions:
            assert action.help, f"{name}: {action.dest} has no help"
    top = run("--help").stdout
    assert all(line.split()[0] in top for line in COMMANDS.values())
    # a description is printed as written, a help line %-formatted: each says "99 %" once
    assert "99 % interval" in " ".join(run("simulate", "--help").stdout.split()) and "%%" not in top


@pytest.mark.parametrize("kit", ["conform", "vectors"])
def test_the_kits_commands_explain_every_option(kit: str) -> None:
    done = run(kit, "--help")
    assert done.returncode == 0 and done.stdout.startswith(f"usage: python -m spec_engine {kit}")


def test_the_usage_and_the_error_name_the_program_as_invoked() -> None:
    assert run("play").stderr.startswith("python -m spec_engine play: error: ")
    installed = Path(sys.executable).parent / "blackjack-spec"
    assert installed.exists(), "the project installs the blackjack-spec command"
    assert run("play", program=str(installed)).stderr.startswith("blackjack-spec play: error: ")
    assert run("play", "--help", program=str(installed)).stdout.startswith("usage: blackjack-spec play ")
    assert run("--version", program=str(installed)).stdout.startswith("blackjack-spec ")


# ------------------------------------------------------------------------------ the overrides
def test_rules_shows_the_changed_values_and_what_the_rule_set_says() -> None:
    done = run("rules", "CL", env={"BLACKJACK_SPEC_OVERRIDES": CHANGED})
    assert done.returncode == 0
    decks = next(line for line in done.stdout.splitlines() if line.startswith("decks "))
    assert " 1 deck  [CHANGED by BLACKJACK_SPEC_OVERRIDES; the rule set says 2 decks]" in decks
    assert "changes CL: decks = 1, double_totals = none" in done.stderr


def test_play_deals_from_the_changed_shoe() -> None:
    done = run("play", "CL", "--seed", "3", env={"BLACKJACK_SPEC_OVERRIDES": CHANGED})
    assert json.loads(done.stdout.splitlines()[0]) == {"type": "shuffle", "total": 52}  # one deck
    assert "changes CL" in done.stderr


@pytest.mark.parametrize("command", sorted(NOT_APPLIED))
def test_a_command_the_overrides_do_not_touch_says_so(command: str, tmp_path: Path) -> None:
    (tmp_path / "report.jsonl").touch()  # (verify reads a report folder: a lab's other folder is refused first)
    args = [command, "CL"] if command == "clauses" else [command, str(tmp_path)] if command == "verify" else [command]
    done = run(*args, env={"BLACKJACK_SPEC_OVERRIDES": CHANGED})
    assert f"BLACKJACK_SPEC_OVERRIDES is not applied by {command}" in done.stderr


@pytest.mark.parametrize("kit", ["conform", "vectors"])
def test_the_kit_says_it_plays_the_texts_rules(kit: str, tmp_path: Path) -> None:
    (tmp_path / "index.json").write_text('{"format": "1.0", "vectors": []}')  # (a dump of no vectors)
    args = (
        ["--impl", "false", "--out", str(tmp_path), "--regulation", "IT", "-k", "nothing"]
        if kit == "conform"
        else ["--check", str(tmp_path)]
    )
    done = run(kit, *args, env={"BLACKJACK_SPEC_OVERRIDES": CHANGED})
    assert "BLACKJACK_SPEC_OVERRIDES is not applied" in done.stderr


def test_check_validates_the_overrides() -> None:
    done = run("check", env={"BLACKJACK_SPEC_OVERRIDES": CHANGED})
    assert (
        done.returncode == 0 and "BLACKJACK_SPEC_OVERRIDES: CL: decks = 1, double_totals = none (valid)" in done.stdout
    )


# ------------------------------------------------------------------------------ the progress bar, card codes
def test_the_progress_bar_stays_off_when_standard_error_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numpy")
    from spec_engine.analysis.simulate import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, shown in ((io.StringIO(), False), (Terminal(), True)):
        monkeypatch.setattr(sys, "stderr", stream)
        bar = Progress("CL simulate", 20_000)
        bar.update(20_000)
        assert bar.shown is shown and ("rounds" in stream.getvalue()) is shown


def test_lower_case_card_codes_are_refused_as_the_readme_says() -> None:
    from spec_engine.cards import parse_card

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`as` or `7c` included, is an `InputError`" in readme
    for code in ("as", "7c", "Td"):
        with pytest.raises(InputError, match="upper case"):
            parse_card(code)


# ------------------------------------------------------------------------------ what nothing can honour
UNPLAYABLE = '{"CL": {"double_on_blackjack": true}}'
"""A value the engine cannot play (its registry: spec_engine.game.UNHONOURED)."""


def test_check_fails_on_a_value_nothing_can_honour() -> None:
    done = run("check", env={"BLACKJACK_SPEC_OVERRIDES": UNPLAYABLE})
    assert done.returncode == 1 and "not honoured: CL: double_on_blackjack = True" in done.stdout


def test_a_field_the_analysis_was_never_told_about_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new rule field neither read by the analysis nor given a reason to be left out: the
    figures would silently ignore it. Every command that computes figures refuses."""
    pytest.importorskip("numpy")
    from spec_engine.analysis import gate, model
    from spec_engine.rules import ruleset

    assert gate.problems(ruleset("UY")) == []
    monkeypatch.setattr(model, "USED", {k: v for k, v in model.USED.items() if k != "surrender"})
    (name, why), *_ = gate.problems(ruleset("UY"))
    assert name == "surrender" and "neither reads surrender nor says why" in why
    with pytest.raises(InputError, match="surrender"):
        gate.refuse(ruleset("UY"))


def test_the_site_build_stops_at_once_on_a_value_nothing_can_honour(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build.py"), "--pages-only"],
        capture_output=True,
        text=True,
        env={**os.environ, "BLACKJACK_SPEC_OVERRIDES": UNPLAYABLE},
        timeout=120,
    )
    assert done.returncode != 0 and "double_on_blackjack" in done.stdout + done.stderr
    assert "[site] scenarios" not in done.stdout  # no phase ran
