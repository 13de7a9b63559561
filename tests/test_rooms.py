"""The four rooms: the engine at the top of ``spec_engine``, the conformance kit in
``spec_engine.kit``, the analysis in ``spec_engine.analysis``, the site's pages in
``spec_engine.pages``; and the command-line shell, ``spec_engine.__main__``. Imports run one
way (the kit, the analysis and the pages use the engine; the pages may read the kit and the
analysis; the engine uses none of them and nothing but the standard library; the shell may use
every room and no module imports it), and no module imports itself back through others.
Every import counts, also one made inside a function."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "spec_engine"
ROOMS = {
    "engine": {"engine"},
    "kit": {"engine", "kit"},
    "analysis": {"engine", "analysis"},
    "pages": {"engine", "kit", "analysis", "pages"},
    "suite": {"engine", "kit", "suite"},
    "shell": {"engine", "kit", "analysis", "pages", "suite"},
}
"""Each room and the rooms it may import from."""
LONGEST = 900
"""Lines a module may have; the round state machine alone may be longer."""
LONG_ALLOWED = {"spec_engine.game"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SHELL = "spec_engine.__main__"
"""The command line: it may import every room; nobody imports it."""
ANALYSIS_PACKAGES = {"numpy", "ray"}
"""What the analysis room may import beyond the standard library (the ``analysis`` extra, and
``ray`` for the simulation's Ray runner, the ``ray`` extra)."""
SUITE_PACKAGES = {"pytest", "_pytest", "pytest_bdd", "jsonschema", "referencing"}
"""What the suite may import beyond the standard library (the ``kit`` extra)."""


def room(module: str) -> str:
    if module == SHELL:
        return "shell"
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ("kit", "pages", "analysis", "suite") else "engine"


def package_of(path: Path) -> str:
    return module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]


def imports(path: Path, package: str | None = None) -> set[str]:
    """The modules ``path`` (of ``package``) imports, anywhere in it, resolved to absolute names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = package_of(path) if package is None else package
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # a submodule imported by name
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: {m for m in imports(path) if m in paths and m != name} for name, path in paths.items()}


def wrong_way(edges: Mapping[str, Iterable[str]]) -> list[str]:
    return sorted(
        f"{source} ({room(source)}) imports {target} ({room(target)})"
        for source, targets in edges.items()
        for target in targets
        if room(target) not in ROOMS[room(source)]
    )


def cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_imports_run_one_way() -> None:
    assert wrong_way(graph()) == []


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


@pytest.mark.parametrize("wanted", ["engine", "kit"])
def test_the_engine_and_the_kit_use_the_standard_library_only(wanted: str) -> None:
    """A plain ``pip install`` runs them; only the site's pages use the docs extras."""
    outside = {
        f"{module_name(path)}: {name}"
        for path in PACKAGE.rglob("*.py")
        if room(module_name(path)) == wanted
        for name in imports(path)
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "spec_engine"
    }
    assert sorted(outside) == []


@pytest.mark.parametrize(("wanted", "allowed"), [("analysis", ANALYSIS_PACKAGES), ("suite", SUITE_PACKAGES)])
def test_the_analysis_and_the_suite_use_their_extras_only(wanted: str, allowed: set[str]) -> None:
    """The analysis room is an optional extra (numpy; ray for its cluster runner), the suite
    another (pytest and pytest-bdd to play the scenarios, jsonschema to check the replies)."""
    outside = {
        f"{module_name(path)}: {name}"
        for path in PACKAGE.rglob("*.py")
        if room(module_name(path)) == wanted
        for name in imports(path)
        if name.split(".")[0] not in sys.stdlib_module_names | allowed | {"spec_engine"}
    }
    assert sorted(outside) == []


def test_no_module_imports_the_shell() -> None:
    assert sorted(source for source, targets in graph().items() if SHELL in targets) == []


def test_no_module_is_too_long() -> None:
    long = {
        module_name(p): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST and module_name(p) not in LONG_ALLOWED
    }
    assert long == {}


def test_the_rooms_exist() -> None:
    rooms = {room(m) for m in graph()}
    assert rooms == set(ROOMS)
    assert "spec_engine.kit.driver" in graph() and "spec_engine.pages.build" in graph()
    assert room("spec_engine.analysis.odds") == "analysis" and room(SHELL) == "shell"
    assert room("spec_engine.suite.steps") == "suite"


@pytest.mark.parametrize(
    ("edges", "problem"),
    [
        ({"spec_engine.game": {"spec_engine.kit.driver"}, "spec_engine.kit.driver": set()}, "wrong way"),
        ({"spec_engine.rules": {"spec_engine.pages.matrix"}, "spec_engine.pages.matrix": set()}, "wrong way"),
        ({"spec_engine.kit.trace": {"spec_engine.pages.common"}, "spec_engine.pages.common": set()}, "wrong way"),
        ({"spec_engine.rules": {"spec_engine.analysis.odds"}, "spec_engine.analysis.odds": set()}, "wrong way"),
        ({"spec_engine.kit.conform": {"spec_engine.analysis"}, "spec_engine.analysis": set()}, "wrong way"),
        ({"spec_engine.analysis.odds": {"spec_engine.kit.driver"}, "spec_engine.kit.driver": set()}, "wrong way"),
        ({"spec_engine.pages.build": {"spec_engine.__main__"}, "spec_engine.__main__": set()}, "wrong way"),
        ({"spec_engine.rules": {"spec_engine.__main__"}, "spec_engine.__main__": set()}, "wrong way"),
        ({"spec_engine.pages.a": {"spec_engine.pages.b"}, "spec_engine.pages.b": {"spec_engine.pages.a"}}, "cycle"),
        (
            {
                "spec_engine.a": {"spec_engine.b"},
                "spec_engine.b": {"spec_engine.c"},
                "spec_engine.c": {"spec_engine.a"},
            },
            "cycle",
        ),
    ],
)
def test_the_checks_catch_a_wrong_import(edges: dict[str, set[str]], problem: str) -> None:
    if problem == "wrong way":
        assert wrong_way(edges) and cycles(edges) == []
    else:
        assert cycles(edges) and wrong_way(edges) == []


def test_imports_are_read_everywhere_in_a_module(tmp_path: Path) -> None:
    """A lazy import inside a function counts as much as one at the top; relative imports
    are resolved."""
    assert {"spec_engine.cards", "spec_engine.rules"} <= imports(PACKAGE / "game.py")
    planted = tmp_path / "planted.py"
    planted.write_text(
        "import json\n\ndef late():\n    from spec_engine.kit import driver\n    from ..pages import common\n",
        encoding="utf-8",
    )
    found = imports(planted, "spec_engine.kit")
    assert found == {
        "json",
        "spec_engine.kit",
        "spec_engine.kit.driver",
        "spec_engine.pages",
        "spec_engine.pages.common",
    }


def test_the_features_live_at_the_top_of_the_repository_once() -> None:
    """The brief's layout: ``features/`` beside ``spec_engine/``; no second copy in the package
    (the wheel maps them in at build time: setup.py)."""
    import subprocess

    from spec_engine.kit.trace import FEATURES

    root = PACKAGE.parent
    assert FEATURES == root / "features" and len(list(FEATURES.rglob("*.feature"))) > 20
    listed = subprocess.run(
        ["git", "ls-files", "spec_engine/suite/features"], cwd=root, capture_output=True, text=True, check=True
    )
    assert listed.stdout == ""
