"""The kit installs like any package: a wheel built from the checkout, installed with the kit
extra into a fresh virtualenv outside the checkout, runs the conformance kit against the
reference adapter for all five rulebooks and writes the test vectors, with nothing of the
checkout on its path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(args: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV") and not k.startswith("PYTEST")}
    env = {k: v for k, v in env.items() if not k.startswith("BLACKJACK_SPEC_")}
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the wheel and its kit extra (pinned versions from pip's index)."""
    base = tmp_path_factory.mktemp("wheel")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"), str(ROOT)], base)
    assert built.returncode == 0, built.stderr[-3000:]
    [wheel] = list((base / "dist").glob("blackjack_spec-*.whl"))
    made = _run([sys.executable, "-m", "venv", str(base / "venv")], base)
    assert made.returncode == 0, made.stderr
    pip = _run([str(base / "venv" / "bin" / "python"), "-m", "pip", "install", "-q", f"{wheel}[kit]"], base)
    assert pip.returncode == 0, pip.stderr[-3000:]
    return base


def test_the_installed_kit_passes_the_reference_adapter_on_every_rulebook(installed: Path) -> None:
    bindir = installed / "venv" / "bin"
    work = installed / "work"
    work.mkdir()
    where = _run([str(bindir / "python"), "-c", "import spec_engine, sys; print(spec_engine.__file__)"], work)
    assert "site-packages" in where.stdout and not Path(where.stdout.strip()).is_relative_to(ROOT), where
    adapter = f"{bindir / 'python'} -m spec_engine.kit.adapter"
    done = _run(
        [str(bindir / "blackjack-spec"), "conform", "--impl", adapter, "--regulation", "all", "--out", "out"], work
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    summary = json.loads((work / "out" / "summary.json").read_text())
    assert set(summary["regulations"]) == {"CL", "ES", "UY", "CZ", "IT"}
    for reg, row in summary["regulations"].items():
        assert row["counts"]["PASS"] == row["total"] > 0, (reg, row)
    assert summary["suite_version"] and summary["manifest_sha256"]
    vectors = _run([str(bindir / "blackjack-spec"), "vectors", "vec"], work)
    assert vectors.returncode == 0, vectors.stdout[-2000:] + vectors.stderr[-2000:]
    index = json.loads((work / "vec" / "index.json").read_text())
    assert len(index["vectors"]) == sum(row["total"] for row in summary["regulations"].values())
