"""The protocol's versions: what an implementation's version means for a run of the kit."""

from __future__ import annotations

import pytest

from spec_engine.kit import versions
from spec_engine.kit.versions import Change, Version, compatibility


@pytest.fixture
def history(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kit at 3.1: 3.0 changed a meaning, 3.1 added an argument."""
    kept = (
        Version("2.0", "d", "c", (Change("obligation", "exact citations", "t"),)),
        Version("3.0", "d", "c", (Change("meaning", "shuffle", "t"),)),
        Version("3.1", "d", "c", (Change("argument", "act deal: misdeals", "t"),)),
    )
    monkeypatch.setattr(versions, "versions", lambda: kept)


@pytest.mark.usefixtures("history")
def test_an_implementation_of_the_same_major_version_runs() -> None:
    same = compatibility("3.1")
    assert same.compatible and same.changes == ()
    older = compatibility("3.0")
    assert older.compatible and "added since" in older.summary and "act deal: misdeals" in older.summary
    assert older.changes == ("3.1 (argument) act deal: misdeals: t",)


@pytest.mark.usefixtures("history")
@pytest.mark.parametrize(("theirs", "words"), [("2.0", "older major version"), ("4.0", "newer than the kit's")])
def test_another_major_version_does_not(theirs: str, words: str) -> None:
    found = compatibility(theirs)
    assert not found.compatible and words in found.summary


@pytest.mark.usefixtures("history")
@pytest.mark.parametrize("theirs", [None, "3", "three", "3.1.0", 3.1])
def test_a_version_that_is_none_is_told_everything(theirs: object) -> None:
    found = compatibility(theirs)
    assert not found.compatible and len(found.changes) == 3


def test_each_versions_number_follows_from_its_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    assert versions.check() == []
    bad = (
        Version("1.0", "d", "c", (Change("message", "hello", "t"),)),
        Version("1.1", "d", "c", (Change("meaning", "shuffle", "t"),)),  # a changed meaning: 2.0
    )
    monkeypatch.setattr(versions, "versions", lambda: bad)
    assert versions.check() == ["1.1: after 1.0, changes of kinds ['meaning'] make version 2.0"]
