"""The kit installs like any package: a wheel built from the checkout, installed with the kit
extra into a fresh virtualenv outside the checkout (every dependency pinned by
``requirements/kit-constraints.txt``), runs the conformance kit against the reference adapter
for all five rulebooks and writes the test vectors, with nothing of the checkout on its path;
and, as a lab would run it, it certifies no implementation that supports nothing, ends at once
on one that hangs at hello, gives the implementation none of its own environment, and tells an
implementation of protocol 1.0 what changed."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from spec_engine.catalog import REGULATION_IDS

ROOT = Path(__file__).resolve().parents[1]


CONSTRAINTS = ROOT / "requirements" / "kit-constraints.txt"


def _run(
    args: list[str], cwd: Path, timeout: float = 600, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    base = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV") and not k.startswith("PYTEST")
    }
    base = {k: v for k, v in base.items() if not k.startswith("BLACKJACK_SPEC_")}
    base.update(env or {})
    return subprocess.run(args, cwd=cwd, env=base, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the wheel and its kit extra, pinned by the constraints; made once
    per test run (the test workers share it: one builds it while the other waits)."""
    shared = tmp_path_factory.getbasetemp().parent / "installed-wheel"
    shared.mkdir(exist_ok=True)
    with (shared / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "done").exists():
            _install(shared)
            (shared / "done").write_text("", encoding="utf-8")
    return shared


def _install(base: Path) -> None:
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"), str(ROOT)], base)
    assert built.returncode == 0, built.stderr[-3000:]
    [wheel] = list((base / "dist").glob("blackjack_spec-*.whl"))
    made = _run([sys.executable, "-m", "venv", str(base / "venv")], base)
    assert made.returncode == 0, made.stderr
    python = str(base / "venv" / "bin" / "python")
    pip = _run([python, "-m", "pip", "install", "-q", "-c", str(CONSTRAINTS), f"{wheel}[kit]"], base)
    assert pip.returncode == 0, pip.stderr[-3000:]


def test_the_constraints_pin_everything_the_kit_installs(installed: Path) -> None:
    frozen = _run([str(installed / "venv" / "bin" / "python"), "-m", "pip", "freeze"], installed).stdout
    got = {line for line in frozen.splitlines() if line and not line.lower().startswith("blackjack")}
    pinned = {line for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines() if line and line[0] != "#"}
    assert got == pinned, (sorted(got - pinned), sorted(pinned - got))
    direct = {line for line in (ROOT / "requirements" / "kit.txt").read_text().splitlines() if "==" in line}
    assert direct <= pinned


def conform(installed: Path, impl: str, *options: str, env: dict[str, str] | None = None) -> tuple[int, str, Path]:
    """``blackjack-spec conform`` of the installed kit, from a folder outside the checkout."""
    work = installed / "runs"
    work.mkdir(exist_ok=True)
    out = Path(tempfile.mkdtemp(prefix="out-", dir=work))
    command = [str(installed / "venv" / "bin" / "blackjack-spec"), "conform", "--impl", impl, "--out", str(out)]
    done = _run([*command, *options], work, timeout=300, env=env)
    return done.returncode, done.stdout + done.stderr, out


def hostile(name: str, *args: str) -> str:
    """A hostile implementation by its file (standard library only: it runs anywhere)."""
    return " ".join([sys.executable, str(ROOT / "tests" / "hostile" / f"{name}.py"), *args])


def test_the_installed_kit_never_certifies_an_implementation_that_supports_nothing(installed: Path) -> None:
    code, said, out = conform(installed, hostile("unsupported_everything", "all"), "--regulation", "IT")
    assert code == 3, said
    verdict = json.loads((out / "summary.json").read_text())["verdict"]
    assert verdict["kind"] == "partial" and verdict["headline"].startswith("Partial: 0 of "), verdict
    assert "Conforms" not in (out / "certificate.html").read_text(encoding="utf-8")


def test_the_installed_kit_ends_at_once_on_an_implementation_that_hangs_at_hello(installed: Path) -> None:
    start = time.monotonic()
    code, said, _ = conform(installed, hostile("sleep_forever"), "--timeout", "2")
    assert time.monotonic() - start < 30 and code == 1, said
    assert "first hello ended in TIMEOUT" in said


def test_the_installed_kit_gives_the_implementation_none_of_its_environment(installed: Path) -> None:
    dump = installed / "env.jsonl"
    kit_env = {"PYTHONPATH": "/the/kit/path", "BLACKJACK_SPEC_TIMEOUT": "9", "BLACKJACK_SPEC_X": "y"}
    conform(installed, hostile("env_dump", str(dump)), "--regulation", "IT", "--env", "LAB=1", env=kit_env)
    seen = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines()]
    assert seen and all(env == seen[0] for env in seen)
    assert not [k for k in seen[0] if k == "PYTHONPATH" or k.startswith("BLACKJACK_SPEC_")], seen[0]
    assert seen[0]["LAB"] == "1"
    assert str(installed / "venv" / "bin") not in seen[0]["PATH"].split(os.pathsep)


def test_the_installed_kit_tells_a_protocol_1_0_implementation_what_changed(installed: Path) -> None:
    code, said, _ = conform(installed, hostile("old_protocol"), "--regulation", "UY")
    assert code == 1
    assert "speaks protocol 1.0, an older major version" in said
    assert "1.1 (argument) act deal: misdeals" in said and "2.0 (obligation) refusals cite exactly" in said


def test_the_installed_kit_passes_the_reference_adapter_on_every_rulebook(installed: Path) -> None:
    bindir = installed / "venv" / "bin"
    work = installed / "work"
    work.mkdir(exist_ok=True)
    where = _run([str(bindir / "python"), "-c", "import spec_engine, sys; print(spec_engine.__file__)"], work)
    assert "site-packages" in where.stdout and not Path(where.stdout.strip()).is_relative_to(ROOT), where
    # the features, kept once at the top of the repository, ship inside the package
    shipped = Path(where.stdout.strip()).parent / "suite" / "features"
    assert sorted(p.relative_to(shipped) for p in shipped.rglob("*.feature")) == sorted(
        p.relative_to(ROOT / "features") for p in (ROOT / "features").rglob("*.feature")
    )
    adapter = f"{bindir / 'python'} -m spec_engine.kit.adapter"
    done = _run(
        [str(bindir / "blackjack-spec"), "conform", "--impl", adapter, "--regulation", "all", "--out", "out"], work
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    summary = json.loads((work / "out" / "summary.json").read_text())
    assert set(summary["regulations"]) == set(REGULATION_IDS)
    for reg, row in summary["regulations"].items():
        assert row["counts"]["PASS"] == row["total"] > 0, (reg, row)
    assert summary["suite_version"] and summary["manifest_sha256"]
    vectors = _run([str(bindir / "blackjack-spec"), "vectors", "vec"], work)
    assert vectors.returncode == 0, vectors.stdout[-2000:] + vectors.stderr[-2000:]
    index = json.loads((work / "vec" / "index.json").read_text())
    assert len(index["vectors"]) == sum(row["total"] for row in summary["regulations"].values())
