"""Blackjack Spec: an executable specification of five blackjack regulations.

**Two builds of one engine.** The engine's hot path (:data:`COMPILED_MODULES`) may also be
compiled by mypyc from the very same source (``tools/compile_engine.py``; ``make site`` and
``make test`` build it where a C compiler is present): C extension modules beside the source,
in ``build/compiled/spec_engine/`` of a checkout or ``spec_engine/_compiled/`` of a wheel. On
import this package puts that folder first on its path when the build matches the source (a
digest of the compiled modules' source, recorded by the build), so ``import spec_engine.game``
loads the compiled module; otherwise, or with ``BLACKJACK_SPEC_PURE=1``, the pure Python
modules run. A build made from other sources is never used: the pure engine runs and one line
on standard error says so. Pure Python is the reference (it is what runs in the reader's page,
Pyodide); the tests hold both to the same answers. :data:`ENGINE` says which runs.
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__version__ = "0.2.0"
"""The package's version (the engine, the kit and the command line); the conformance suite and
the protocol have versions of their own (``blackjack-spec --version`` names all three)."""

COMPILED_MODULES = ("errors", "cards", "events", "rules", "game", "table", "policy")
"""The engine's modules mypyc compiles: what a round at a table runs (the other modules read data
once, or are other rooms)."""
PURE = "BLACKJACK_SPEC_PURE"
"""The environment variable that selects the pure engine (``1``) whatever is built."""
STAMP = "BUILT"
"""The file a build writes beside its modules: the digest of the sources and the module suffix."""

_HERE = Path(__file__).resolve().parent


def sources_digest(folder: Path = _HERE) -> str:
    """SHA-256 of the compiled modules' source: what a build must have been made from."""
    digest = hashlib.sha256()
    for name in COMPILED_MODULES:
        digest.update(f"{name}\0".encode() + (folder / f"{name}.py").read_bytes() + b"\0")
    return digest.hexdigest()


def stamp_text(digest: str) -> str:
    """The stamp of a build made from sources of ``digest`` for this interpreter."""
    return f"sources {digest}\nsuffix {EXTENSION_SUFFIXES[0]}\n"


def compiled_folders() -> tuple[Path, ...]:
    """Where a compiled build may be: inside an installed package, then in a checkout's build/."""
    return (_HERE / "_compiled", _HERE.parent / "build" / "compiled" / "spec_engine")


def choose(folders: tuple[Path, ...]) -> tuple[str, str, Path | None, bool]:
    """The engine to run, why (one sentence), the compiled folder to load it from (``None``: the
    pure engine) and whether to say why on standard error (a build made from other sources): the
    first of ``folders`` holding a build, if it is current."""
    if os.environ.get(PURE) == "1":
        return "pure", f"{PURE}=1 selects the pure engine.", None, False
    for folder in folders:
        try:
            stamp = (folder / STAMP).read_text(encoding="utf-8")
        except OSError:
            continue
        try:
            current = stamp == stamp_text(sources_digest())
        except OSError:  # (a source missing: nothing to compare with)
            current = False
        if not current:
            return (
                "pure",
                f"The compiled engine in {folder} was built from other sources or for another Python: "
                "the pure engine runs (make compiled rebuilds it).",
                None,
                True,
            )
        return "compiled", f"Compiled by mypyc from this source ({folder}).", folder, False
    return "pure", "No compiled build is present: the pure engine runs.", None, False


ENGINE, ENGINE_NOTE, _FOLDER, _SAY = choose(compiled_folders())
"""Which engine runs, ``compiled`` or ``pure``, and why (one sentence)."""
if _FOLDER is not None:
    __path__.insert(0, str(_FOLDER))  # the compiled modules, and their group's library, first
if _SAY:  # a stale build is never used silently: said once a process
    print(f"blackjack-spec: {ENGINE_NOTE}", file=sys.stderr)


def source_docstring(module: str) -> str:
    """The docstring of one of the package's modules (``"events"``), read from its Python source:
    a compiled module keeps none (the site shows the event vocabulary from it)."""
    import ast

    tree = ast.parse((_HERE / f"{module.replace('.', '/')}.py").read_text(encoding="utf-8"))
    return ast.get_docstring(tree, clean=False) or ""
