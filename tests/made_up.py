"""A made-up text added to a copy of the project: what the tests of a new text share (the end
to end of ``tests/test_scaffold.py``, the check of ``tests/test_new_text_checks.py``).

The copy is made, and the text added as ZZ, once per test process (the fixture ``made_up_zz``,
``tests/conftest.py``): nothing reads it but ``python -m spec_engine check``, which writes nothing.
A test that changes the project works on a :meth:`Project.copy` of it, so that every test sees
the project as ``new-regulation`` left it, whichever runs first.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXT = """Reglamento de Black Jack del Casino de Prueba

Artículo 1
Se juega con seis barajas de 52 naipes. El crupier reparte dos cartas a cada jugador y una para sí.
Artículo 2
El jugador puede plantarse o pedir carta. El crupier pide carta con 16 o menos y se planta con 17 o más.
Artículo 3
El Black Jack se paga tres a dos. Los demás premios se pagan a la par.
"""
"""A made-up text: three articles, six sentences."""

NAME, SHORT = "Casino de Prueba, Black Jack", "Prueba"
"""The made-up text's names, given to ``new-regulation``."""


@dataclass(frozen=True)
class Project:
    """A copy of the project in a folder of its own."""

    root: Path

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``python ARGS`` in the copy, importing the copy's own modules (the environment read
        at the call: a test's ``monkeypatch.setenv`` reaches what it runs)."""
        env = {**os.environ, "PYTHONPATH": str(self.root)}
        env.pop("BLACKJACK_SPEC_OVERRIDES", None)
        return subprocess.run([sys.executable, *args], cwd=self.root, env=env, capture_output=True, text=True)

    def files(self) -> dict[str, tuple[int, int]]:
        """Each file's size and time of change, by its path in the copy (byte code aside)."""
        out = {}
        for folder, dirs, names in os.walk(self.root):  # (not into the shared node_modules)
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in names:
                stat = (Path(folder) / name).stat()
                out[str((Path(folder) / name).relative_to(self.root))] = (stat.st_size, stat.st_mtime_ns)
        return out

    def copy(self, target: Path) -> Project:
        """A copy of this copy, as it is now (without the byte code its runs compiled here)."""
        shutil.copytree(self.root, target, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        return Project(target)


def copy_of_the_project(target: Path) -> Project:
    """The files git tracks, copied (the venv and node_modules are shared, not copied)."""
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in tracked.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    if (ROOT / "node_modules").is_dir():
        (target / "node_modules").symlink_to(ROOT / "node_modules")
    return Project(target)


@dataclass(frozen=True)
class MadeUp:
    """A copy of the project with :data:`TEXT` added as ZZ, and what ``new-regulation`` said."""

    project: Project
    made: subprocess.CompletedProcess[str]


def made_up(folder: Path) -> MadeUp:
    """In ``folder``: the text in ``made-up.txt`` and a copy of the project, ``project``, where
    ``python -m spec_engine new-regulation ZZ`` added it."""
    project = copy_of_the_project(folder / "project")
    (folder / "made-up.txt").write_text(TEXT, encoding="utf-8")
    made = project.run("-m", "spec_engine", "new-regulation", "ZZ", "--text", str(folder / "made-up.txt"),
                       "--name", NAME, "--short", SHORT)  # fmt: skip
    assert made.returncode == 0, made.stderr
    return MadeUp(project, made)
