"""Small helpers shared by the tests."""

from __future__ import annotations

from pathlib import Path


def broken_copy(source: Path, tmp_path: Path, old: str, new: str) -> Path:
    """A copy of a data file with one text replaced (the text must be there)."""
    text = source.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {source.name}"
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path
