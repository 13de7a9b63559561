#!/usr/bin/env python3
"""Compile the engine's hot path with mypyc, from its own source: ``make compiled`` (which
``make site`` and ``make test`` run) calls this.

    python tools/compile_engine.py [--force]

The modules :data:`spec_engine.COMPILED_MODULES` are compiled into C extension modules in
``build/compiled/spec_engine/`` (out of the source tree: the source stays the only copy in git,
and the reader's page keeps packing the pure modules), with a stamp (``BUILT``) holding the
digest of the sources they were made from; ``spec_engine`` loads them only while that digest is
the source's. A build that is current is left alone ("up to date", in a few milliseconds).
Without mypyc, a C compiler or the Python headers it says so in one line and exits 0: the pure
engine runs. A compilation that fails where all three are present stops with its output.
``setup.py`` puts a current build into the wheel (``spec_engine/_compiled/``).
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "compiled"
LIB = BUILD / "spec_engine"
"""The compiled modules, the mypyc group's shared library and the stamp."""
GROUP = "spec_engine.engine"
"""The mypyc group: its shared library is the submodule ``spec_engine.engine__mypyc``, found
through the package's path like the modules themselves."""


def _engine() -> ModuleType:
    """``spec_engine`` as the source has it: the package alone (which holds the list of modules
    and the digest), told to stay pure so that a stale build raises no note here."""
    os.environ.setdefault("BLACKJACK_SPEC_PURE", "1")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import spec_engine

    return spec_engine


def current(folder: Path = LIB) -> bool:
    """Whether ``folder`` holds a build of the source as it is now, for this interpreter."""
    engine = _engine()
    try:
        stamp = (folder / engine.STAMP).read_text(encoding="utf-8")
    except OSError:
        return False
    return bool(stamp == engine.stamp_text(engine.sources_digest(ROOT / "spec_engine")))


def missing() -> str | None:
    """What the compilation lacks here (a sentence), or ``None`` when mypyc, a C compiler and the
    Python headers are all present."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc (the mypy package) is not installed"
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[:1]
    if not compiler or shutil.which(compiler[0]) is None:
        return f"no C compiler ({' '.join(compiler) or 'cc'}) is on the path"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"the Python headers ({headers}) are not installed"
    return None


def _compile(out: Path) -> None:
    """The compilation itself (run in a process of its own, whose chatter is kept): the modules
    into ``out/spec_engine/``, the C sources and objects under ``out/``."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    engine = _engine()
    paths = [f"spec_engine/{name}.py" for name in engine.COMPILED_MODULES]
    extensions = mypycify(paths, group_name=GROUP, target_dir=str(out / "c"), opt_level="3")
    dist = Distribution({"name": "blackjack-spec-engine", "ext_modules": extensions})
    build = dist.get_command_obj("build_ext")
    build.build_lib = str(out / "lib")
    build.build_temp = str(out / "objects")
    build.inplace = False
    dist.run_command("build_ext")


def build(*, force: bool = False, say: Callable[[str], object] = print) -> bool:
    """Bring ``build/compiled/`` up to date; whether a current build is there afterwards."""
    BUILD.mkdir(parents=True, exist_ok=True)
    with (BUILD / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time: another waits, then finds it done
        if not force and current():
            say("compiled engine: up to date")
            return True
        lacking = missing()
        if lacking is not None:
            say(f"compiled engine: not built, since {lacking}: the pure Python engine runs.")
            return False
        engine = _engine()
        digest = engine.sources_digest(ROOT / "spec_engine")
        work = BUILD / "work"
        shutil.rmtree(work, ignore_errors=True)
        start = time.monotonic()
        done = subprocess.run(
            [sys.executable, __file__, "--compile-into", str(work)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"compiled engine: mypyc failed:\n{(done.stdout + done.stderr)[-6000:]}")
        if engine.sources_digest(ROOT / "spec_engine") != digest:
            raise SystemExit("compiled engine: the source changed during the build; run it again")
        built = work / "lib" / "spec_engine"
        (built / engine.STAMP).write_text(engine.stamp_text(digest), encoding="utf-8")
        shutil.rmtree(LIB, ignore_errors=True)
        built.rename(LIB)
        shutil.rmtree(work, ignore_errors=True)
        say(f"compiled engine: built in {time.monotonic() - start:.0f} s ({LIB.relative_to(ROOT)})")
        return True


def main() -> None:
    parser = argparse.ArgumentParser(prog="python tools/compile_engine.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="compile even if the build is current")
    parser.add_argument("--compile-into", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.compile_into is not None:
        _compile(args.compile_into)
        return
    build(force=args.force)


if __name__ == "__main__":
    main()
