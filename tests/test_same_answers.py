"""The engine compiled by mypyc gives the pure engine's answers, byte for byte (issue 32).

Pure Python is the reference. Each test runs both engines in processes of their own (the pure
one with ``BLACKJACK_SPEC_PURE=1``), side by side, and compares what they say
(:mod:`tests.same_answers`): every bad value in every parameter of the engine's public calls
(the exception's type and message), 10,000 seeded rounds of each rulebook at one box and at three
(the whole event log), the Monte-Carlo's exact sums over a chunk of each rulebook; and the pure
engine replays every test vector the suite recorded with the engine this test process runs (the
compiled one, under ``make test``), whose logs :mod:`tests.test_vectors` holds to the golden
digests.

The rest of the suite runs on the compiled engine where it is built (``make test`` builds it),
the scenarios included; ``make site`` plays the scenarios on the pure engine for the pages' live
results, so both engines play them in every ``make test``. What runs on one engine only, and why:
the mutants (:mod:`tests.mutants`) patch the engine's classes, which a compiled class does not
allow: their adapter runs the pure engine. The page's engine (Pyodide) is pure by nature.

Without a compiled engine (no C compiler: ``make compiled`` says so) these tests are skipped,
unless ``BLACKJACK_SPEC_EXTRAS=required`` (``make test``) and a compiler is there to build it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import spec_engine
from tests.test_protocol import dumped_folder
from tests.util import load_tool

ROOT = Path(__file__).resolve().parents[1]
REQUIRED = os.environ.get("BLACKJACK_SPEC_EXTRAS") == "required"


def _compiled_or_skip() -> None:
    if spec_engine.ENGINE == "compiled":
        return
    lacking = load_tool("compile_engine", "compile_engine_for_tests").missing()
    if REQUIRED and lacking is None and os.environ.get(spec_engine.PURE) != "1":
        pytest.fail(f"no compiled engine, though it can be built here: make compiled ({spec_engine.ENGINE_NOTE})")
    pytest.skip(f"no compiled engine to compare with: {spec_engine.ENGINE_NOTE}")


def _environment(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != spec_engine.PURE}
    return {**env, spec_engine.PURE: "1"} if pure else env


def _both(*args: str) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
    """``python ARGS`` under the compiled engine and under the pure one, at the same time."""
    runs = [
        subprocess.Popen(
            [sys.executable, *args],
            cwd=ROOT,
            env=_environment(pure),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for pure in (False, True)
    ]
    done = []
    for run in runs:
        out, err = run.communicate(timeout=600)
        done.append(subprocess.CompletedProcess(run.args, run.returncode, out, err))
    return done[0], done[1]


def _differences(compiled: Any, pure: Any, where: str = "") -> list[str]:
    if isinstance(compiled, dict) and isinstance(pure, dict):
        out = [f"{where}{k}: only one engine answers" for k in sorted(compiled.keys() ^ pure.keys())]
        for key in sorted(compiled.keys() & pure.keys()):
            out += _differences(compiled[key], pure[key], f"{where}{key}: ")
        return out
    return [] if compiled == pure else [f"{where}compiled {compiled!r}, pure {pure!r}"]


def test_the_compiled_engine_answers_as_the_pure_one() -> None:
    _compiled_or_skip()
    compiled, pure = _both("-m", "tests.same_answers", "--rounds", "10000", "--chunk", "2000")
    assert compiled.returncode == 0 and pure.returncode == 0, compiled.stderr[-3000:] + pure.stderr[-3000:]
    said = json.loads(compiled.stdout), json.loads(pure.stdout)
    assert (said[0].pop("engine"), said[1].pop("engine")) == ("compiled", "pure")
    assert len(said[1]["refusals"]) > 850 and len(said[1]["logs"]) == 10 and len(said[1]["tallies"]) == 10
    assert sum("Error: " in answer for answer in said[1]["refusals"].values()) > 600  # (refused, most of them)
    assert all(log["rounds"] == 10_000 for log in said[1]["logs"].values())
    assert _differences(*said) == []


def test_the_pure_engine_replays_every_vector_as_recorded() -> None:
    """The vectors recorded by this process's engine (compiled), replayed on the pure engine:
    every reply, every refusal's code, clause and field, and every event log the same."""
    _compiled_or_skip()
    replayed = subprocess.run(
        [sys.executable, "-m", "spec_engine.kit.vectors", "--check", str(dumped_folder())],
        cwd=ROOT,
        env=_environment(pure=True),
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert replayed.returncode == 0, replayed.stdout[-3000:] + replayed.stderr[-3000:]
    assert replayed.stdout.strip().splitlines()[-1].endswith(" passed, 0 failed")
    assert int(replayed.stdout.strip().splitlines()[-1].split()[0]) > 500


def test_the_engine_says_which_runs() -> None:
    """``spec_engine.ENGINE`` and ``blackjack-spec --version`` name the engine that runs; the
    pure one when asked for, whatever is built."""
    _compiled_or_skip()
    code = "import spec_engine, spec_engine.game as g; print(spec_engine.ENGINE, g.__file__.endswith('.py'))"
    compiled, pure = _both("-c", code)
    assert (compiled.stdout.split(), pure.stdout.split()) == (["compiled", "False"], ["pure", "True"])
    compiled, pure = _both("-m", "spec_engine", "--version")
    assert compiled.stdout.endswith("; compiled engine)\n") and pure.stdout.endswith("; pure engine)\n")


def test_a_build_made_from_other_sources_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stale build (its stamp's digest is not the source's) is refused, and said; a current
    one is chosen; ``BLACKJACK_SPEC_PURE=1`` chooses the pure engine over any build."""
    monkeypatch.delenv(spec_engine.PURE, raising=False)
    stale, current, empty = tmp_path / "stale", tmp_path / "current", tmp_path / "empty"
    for folder in (stale, current, empty):
        folder.mkdir()
    (stale / spec_engine.STAMP).write_text(spec_engine.stamp_text("0" * 64), encoding="utf-8")
    (current / spec_engine.STAMP).write_text(spec_engine.stamp_text(spec_engine.sources_digest()), encoding="utf-8")
    engine, note, folder, say = spec_engine.choose((empty, stale, current))
    assert (engine, folder, say) == ("pure", None, True) and f"{stale} was built from other sources" in note
    assert spec_engine.choose((empty, current))[::2] == ("compiled", current)
    assert spec_engine.choose((empty,))[::2] == ("pure", None)
    monkeypatch.setenv(spec_engine.PURE, "1")
    assert spec_engine.choose((current,)) == ("pure", "BLACKJACK_SPEC_PURE=1 selects the pure engine.", None, False)


def test_the_site_build_plays_the_scenarios_on_the_pure_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``make site`` plays the scenarios for the pages on the pure engine, the reference; the
    suite plays them on the compiled one (``tests/test_features.py``): every ``make test`` both."""
    tool = load_tool("build", "build_for_same_answers")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    seen: dict[str, Any] = {}

    def python(*args: str, ok: tuple[int, ...] = (0,), env: dict[str, str] | None = None) -> str:
        seen.update(args=args, env=env or {})
        return ""

    monkeypatch.setattr(tool, "python", python)
    tool.run_scenarios()
    assert "tests/test_features.py" in seen["args"] and seen["env"][spec_engine.PURE] == "1"
