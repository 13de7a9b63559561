"""The suite's version and manifest: what a conformance run tested, and what changed between
releases of the suite.

A **manifest** lists every clause id with a hash of its verbatim text and every scenario
(``features/<path>.feature::<name as written>``) with a hash of its text (its tags, steps and
Examples, trailing spaces ignored). Each released version of the suite keeps its manifest in
``data/suite/<version>.json`` with the release's notes; the newest is the current version.

The check (:func:`problems`, ``tests/test_manifest.py``): the manifest of the files as they are
must equal the current release's. A changed, added or removed scenario or clause without a new
release fails, naming what changed and the command that makes the release::

    python -m spec_engine.kit.manifest --release 0.3.0 --notes "what changed and why"

(semver: a major version when a scenario's expectation changes so that a conforming
implementation may now fail, a minor one when scenarios or clauses are added, a patch for
wording). ``python -m spec_engine.kit.manifest --changelog docs/changelog.md`` writes the
changelog from the kept manifests: per release, the clauses and scenarios added, changed and
removed. Every conformance report names the version and the manifest's hash.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from spec_engine.catalog import DATA, regulations
from spec_engine.kit.trace import FEATURES

RELEASES = DATA / "suite"
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$")
_SCENARIO = re.compile(r"^\s*(Scenario Outline|Scenario Template|Scenario|Example):\s*(.*?)\s*$")
_CUT = re.compile(r"^\s*(Scenario Outline|Scenario Template|Scenario|Example|Rule|Background):")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def scenario_texts(features_dir: Path = FEATURES) -> dict[str, str]:
    """``features/<path>.feature::<name>`` -> the scenario's text: its tag and comment lines
    above it, its steps, description and Examples (up to the next scenario, rule or the end)."""
    out: dict[str, str] = {}
    for path in sorted(features_dir.rglob("*.feature")):
        rel = path.relative_to(features_dir.parent).as_posix()
        lines = [line.rstrip() for line in path.read_text(encoding="utf-8").splitlines()]
        starts = [i for i, line in enumerate(lines) if _CUT.match(line)]
        for n, start in enumerate(starts):
            found = _SCENARIO.match(lines[start])
            if found is None:
                continue
            top = start
            while top > 0 and lines[top - 1].lstrip().startswith(("@", "#")):
                top -= 1
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            while end > start and lines[end - 1].lstrip().startswith(("@", "#")):
                end -= 1  # the next scenario's tags belong to it
            out[f"{rel}::{found.group(2)}"] = "\n".join(lines[top:end]).strip()
    return out


def manifest(features_dir: Path = FEATURES) -> dict[str, dict[str, str]]:
    """The manifest of the files as they are: ``{"clauses": {id: hash}, "scenarios": {key: hash}}``."""
    clauses = {c.id: _digest(c.text) for reg in regulations() for c in reg.clauses}
    scenarios = {key: _digest(text) for key, text in scenario_texts(features_dir).items()}
    return {"clauses": dict(sorted(clauses.items())), "scenarios": dict(sorted(scenarios.items()))}


def manifest_hash(found: Mapping[str, Any]) -> str:
    """The hash a report names: of the manifest's clauses and scenarios, canonical JSON."""
    body = {"clauses": found["clauses"], "scenarios": found["scenarios"]}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def releases(folder: Path = RELEASES) -> list[dict[str, Any]]:
    """The kept releases, oldest first: each ``{"version", "date", "notes", "clauses", "scenarios"}``."""
    found = [json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")]
    return sorted(found, key=lambda r: _key(r["version"]))


def current(folder: Path = RELEASES) -> dict[str, Any]:
    """The newest release."""
    kept = releases(folder)
    if not kept:
        raise RuntimeError(f"no release of the suite is kept in {folder}")
    return kept[-1]


def suite_version(folder: Path = RELEASES) -> dict[str, str]:
    """What a report states: the suite's version and its manifest's hash."""
    release = current(folder)
    return {"version": release["version"], "manifest_sha256": manifest_hash(release)}


def diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    """What ``new`` adds, changes and removes against ``old``, for clauses and scenarios."""
    out: dict[str, dict[str, list[str]]] = {}
    for part in ("clauses", "scenarios"):
        before, after = old.get(part, {}), new.get(part, {})
        out[part] = {
            "added": sorted(after.keys() - before.keys()),
            "changed": sorted(k for k in after.keys() & before.keys() if after[k] != before[k]),
            "removed": sorted(before.keys() - after.keys()),
        }
    return out


def problems(features_dir: Path = FEATURES, folder: Path = RELEASES) -> list[str]:
    """Why the files do not match the current release (empty when they do)."""
    release = current(folder)
    changes = diff(release, manifest(features_dir))
    out = []
    for part, kinds in changes.items():
        for kind, keys in kinds.items():
            for key in keys:
                out.append(f"{part[:-1]} {kind} since suite {release['version']}: {key}")
    if out:
        out.append(
            "release a new version of the suite, with a changelog entry: python -m spec_engine.kit.manifest "
            '--release X.Y.Z --notes "what changed and why" (then --changelog docs/changelog.md)'
        )
    return out


def release(version: str, notes: str, date: str, folder: Path = RELEASES, features_dir: Path = FEATURES) -> Path:
    """Keep the manifest of the files as they are as release ``version`` (newer than the current)."""
    if not SEMVER.match(version):
        raise ValueError(f"{version!r} is not a semantic version (X.Y.Z)")
    kept = releases(folder)
    if kept and _key(version) <= _key(kept[-1]["version"]):
        raise ValueError(f"{version} is not newer than the current suite {kept[-1]['version']}")
    if not notes.strip():
        raise ValueError("a release needs its notes: what changed and why")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{version}.json"
    body = {"version": version, "date": date, "notes": notes.strip(), **manifest(features_dir)}
    path.write_text(json.dumps(body, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def changelog(folder: Path = RELEASES) -> str:
    """The changelog page, newest release first."""
    kept = releases(folder)
    lines = [
        "# Changelog of the conformance suite",
        "",
        "Generated from the manifests kept per release (`spec_engine/data/suite/`): every clause and "
        "scenario of a release with a hash of its text. A report names the suite version and the "
        "manifest's hash it ran; two runs of the same version tested the same scenarios.",
        "",
    ]
    previous: dict[str, Any] = {}
    entries = []
    for rel in kept:
        changes = diff(previous, rel)
        entry = [
            f"## {rel['version']} ({rel['date']})",
            "",
            rel["notes"],
            "",
            f"Manifest: {len(rel['clauses'])} clauses, {len(rel['scenarios'])} scenarios; "
            f"sha256 `{manifest_hash(rel)[:16]}`.",
            "",
        ]
        for part, kinds in changes.items():
            for kind, keys in kinds.items():
                if not keys:
                    continue
                if not previous:
                    entry.append(f"- {len(keys)} {part} (the first manifest)")
                    break
                entry.append(f"- {part} {kind} ({len(keys)}):")
                entry += [f"    - `{k}`" for k in keys]
        entries.append([*entry, ""])
        previous = rel
    for entry in reversed(entries):
        lines += entry
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    import datetime

    parser = argparse.ArgumentParser(prog="python -m spec_engine.kit.manifest", description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", metavar="X.Y.Z", help="keep the files' manifest as this new version")
    parser.add_argument("--notes", default="", help="the release's notes (with --release)")
    parser.add_argument("--changelog", type=Path, metavar="FILE", help="write the changelog page")
    args = parser.parse_args(argv)
    if args.release:
        today = datetime.datetime.now(datetime.UTC).date().isoformat()
        try:
            print(release(args.release, args.notes, today))
        except ValueError as exc:
            parser.error(str(exc))
    if args.changelog:
        args.changelog.write_text(changelog(), encoding="utf-8")
        print(f"changelog written to {args.changelog}")
    if not (args.release or args.changelog):
        found = problems()
        print("\n".join(found) or f"the files are suite {current()['version']}")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
