"""Small helpers shared by the tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def broken_copy(source: Path, tmp_path: Path, old: str, new: str) -> Path:
    """A copy of a data file with one text replaced (the text must be there)."""
    text = source.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {source.name}"
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def load_tool(name: str, as_module: str) -> ModuleType:
    """A fresh copy of ``tools/<name>.py``, imported as ``as_module`` (registered in
    ``sys.modules`` first: its dataclasses look their module up there)."""
    spec = importlib.util.spec_from_file_location(
        as_module, Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[as_module] = module
    spec.loader.exec_module(module)
    return module
