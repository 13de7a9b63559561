"""The protocol's versions (``data/protocol/versions.toml``): which one the kit speaks, and what
changed since the version an implementation speaks.

Versions are ``MAJOR.MINOR``. A new message, action, argument or event makes a minor version:
an implementation of an older minor version of the same major one still speaks this one, it
only lacks what was added. A changed meaning or a new obligation makes a major version: an
implementation of an older major version may fail where it did not. The kit speaks the newest
version; :func:`compatibility` tells a run what an implementation's version means for it.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from functools import cache

from spec_engine.catalog import DATA

VERSIONS_FILE = DATA / "protocol" / "versions.toml"
MINOR_KINDS = frozenset({"message", "action", "argument", "event"})
MAJOR_KINDS = frozenset({"meaning", "obligation"})
_VERSION = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)$")


@dataclass(frozen=True, slots=True)
class Change:
    kind: str  # message, action, argument, event (minor); meaning, obligation (major)
    what: str
    text: str


@dataclass(frozen=True, slots=True)
class Version:
    version: str
    date: str
    commit: str
    changes: tuple[Change, ...]

    @property
    def key(self) -> tuple[int, int]:
        return parse(self.version)


def parse(version: str) -> tuple[int, int]:
    """``"2.1"`` -> ``(2, 1)``; a ValueError for anything else."""
    found = _VERSION.match(version) if isinstance(version, str) else None
    if found is None:
        raise ValueError(f"not a protocol version (MAJOR.MINOR): {version!r}")
    return int(found.group(1)), int(found.group(2))


@cache
def versions() -> tuple[Version, ...]:
    """Every version, oldest first."""
    data = tomllib.loads(VERSIONS_FILE.read_text(encoding="utf-8"))
    out = tuple(
        Version(v["version"], v["date"], v["commit"], tuple(Change(**c) for c in v["changes"])) for v in data["version"]
    )
    return tuple(sorted(out, key=lambda v: v.key))


def current() -> str:
    """The version the kit speaks: the newest."""
    return versions()[-1].version


def changes_since(version: str) -> list[tuple[Version, Change]]:
    """Every change made after ``version`` (an unknown or unreadable one: every change)."""
    try:
        key = parse(version)
    except ValueError:
        key = (-1, -1)
    return [(v, c) for v in versions() if v.key > key for c in v.changes]


@dataclass(frozen=True, slots=True)
class Compatibility:
    """What an implementation's protocol version means for a run of this kit."""

    theirs: str
    ours: str
    compatible: bool
    """Same major version, not newer than ours: the scenarios judge the implementation."""
    summary: str
    """One sentence for the console and the reports."""
    changes: tuple[str, ...]
    """Each change since their version, one line each (empty when they speak ours)."""

    def to_json(self) -> dict[str, object]:
        return {
            "kit": self.ours,
            "implementation": self.theirs,
            "compatible": self.compatible,
            "summary": self.summary,
            "changes_since": list(self.changes),
        }


def compatibility(theirs: object) -> Compatibility:
    """Judge the version an implementation's ``hello`` names against the kit's."""
    ours = current()
    text = theirs if isinstance(theirs, str) else f"{theirs!r} (a {type(theirs).__name__}, not a string)"
    lines = tuple(f"{v.version} ({c.kind}) {c.what}: {c.text}" for v, c in changes_since(text))
    try:
        their_key = parse(text)
    except ValueError:
        return Compatibility(
            text, ours, False, f"the implementation names no protocol version the kit knows ({theirs!r})", lines
        )
    our_key = parse(ours)
    if their_key == our_key:
        return Compatibility(text, ours, True, f"protocol {ours}", ())
    if their_key[0] == our_key[0] and their_key < our_key:
        added = ", ".join(c.what for _, c in changes_since(text))
        return Compatibility(
            text,
            ours,
            True,
            f"the implementation speaks protocol {text}, the kit {ours}: the same major version; "
            f"added since (answer unsupported to what you lack): {added}",
            lines,
        )
    if their_key > our_key:
        return Compatibility(
            text, ours, False, f"the implementation speaks protocol {text}, newer than the kit's {ours}", ()
        )
    return Compatibility(
        text,
        ours,
        False,
        f"the implementation speaks protocol {text}, an older major version than the kit's {ours}: "
        f"{len(lines)} change(s) since, {sum(c.kind in MAJOR_KINDS for _, c in changes_since(text))} of them "
        "changing a meaning or adding an obligation; no scenario is run, and `blackjack-spec changelog "
        f"--since {text}` says what to change, with each format and an example",
        lines,
    )


def check() -> list[str]:
    """Problems with the versions file (none expected): each version's number follows from
    the kinds of its changes."""
    out = []
    kept = versions()
    for before, after in itertools.pairwise(kept):
        kinds = {c.kind for c in after.changes}
        unknown = kinds - MINOR_KINDS - MAJOR_KINDS
        if unknown:
            out.append(f"{after.version}: unknown kinds of change {sorted(unknown)}")
        major = bool(kinds & MAJOR_KINDS)
        want = (before.key[0] + 1, 0) if major else (before.key[0], before.key[1] + 1)
        if after.key != want:
            out.append(
                f"{after.version}: after {before.version}, changes of kinds {sorted(kinds)} make version "
                f"{want[0]}.{want[1]}"
            )
    return out
