"""The suite's version and manifest: what a conformance run tested, and what changed between
releases of the suite.

A **manifest** lists every clause id with a hash of its verbatim text and every scenario
(``features/<path>.feature::<name as written>``) with a hash of its text (its tags, steps and
Examples, trailing spaces ignored). Each released version of the suite keeps its manifest in
``data/suite/<version>.json`` with the release's notes, the protocol version it requires
(:mod:`spec_engine.kit.versions`) and each scenario's clause ids (its tags that are clause
ids); the newest is the current version.

The check (:func:`problems`, ``tests/test_manifest.py``): the manifest of the files as they are
must equal the current release's. A changed, added or removed scenario or clause without a new
release fails, naming what changed and the command that makes the release::

    python -m spec_engine.kit.manifest --release 0.3.0 --notes "what changed and why"

(semver: a major version when a scenario's expectation changes so that a conforming
implementation may now fail, a minor one when scenarios or clauses are added, a patch for
wording). The changelog (:func:`changelog`) is generated from the kept releases and the
protocol's versions: per release, the protocol it requires and every protocol change since the
release before, the clauses added, changed and removed, and every scenario added, changed and
removed, by clause. Nothing of it is committed: ``blackjack-spec changelog`` prints it, the
site's build writes it (``docs/generated/changelog.md``), and ``python -m
spec_engine.kit.manifest --changelog FILE`` writes it to a file. Every conformance report
names the version and the manifest's hash.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from spec_engine.catalog import DATA, REGULATION_IDS, fold, is_clause_id, regulations
from spec_engine.kit import versions
from spec_engine.kit.trace import FEATURES, scenarios

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


def clause_texts(clauses_dir: Path | None = None) -> dict[str, str]:
    """Clause id -> its verbatim text (white space folded): from the catalog, or from the
    ``<reg>.toml`` files of ``clauses_dir`` read leniently (only each clause's id and text), so
    that a past catalog, as a commit kept it, gives the manifest it had."""
    if clauses_dir is None:
        return {c.id: c.text for reg in regulations() for c in reg.clauses}
    out: dict[str, str] = {}
    for reg_id in REGULATION_IDS:
        raw = tomllib.loads((clauses_dir / f"{reg_id.lower()}.toml").read_text(encoding="utf-8"))
        out.update({entry["id"]: fold(entry["text"]) for entry in raw.get("clause", ())})
    return out


def manifest(features_dir: Path = FEATURES, clauses_dir: Path | None = None) -> dict[str, dict[str, str]]:
    """The manifest of the files as they are: ``{"clauses": {id: hash}, "scenarios": {key: hash}}``
    (the clauses of the catalog, or of the catalog files in ``clauses_dir``)."""
    clauses = {cid: _digest(text) for cid, text in clause_texts(clauses_dir).items()}
    hashes = {key: _digest(text) for key, text in scenario_texts(features_dir).items()}
    return {"clauses": dict(sorted(clauses.items())), "scenarios": dict(sorted(hashes.items()))}


def scenario_clauses(features_dir: Path = FEATURES) -> dict[str, list[str]]:
    """Scenario key (as in the manifest) -> the clause ids among its tags (the feature's, the
    rule's, its own and its Examples blocks'), sorted; empty for a scenario that cites none."""
    found: dict[str, set[str]] = {}
    for info in scenarios(features_dir):
        tags = found.setdefault(f"{info.feature}::{info.template}", set())
        tags.update(tag for tag in info.tags if is_clause_id(tag))
    return {key: sorted(tags, key=clause_order) for key, tags in sorted(found.items())}


def clause_order(clause_id: str) -> tuple[Any, ...]:
    """A clause id's place in a listing: by regulation (in ``REGULATION_IDS``'s order), then its locator
    read as runs of digits and of letters, numbers compared as numbers (``UY-9`` before
    ``UY-10``, ``CL-13`` before ``CL-13a.1`` before ``CL-20``)."""
    prefix, _, locator = clause_id.partition("-")
    reg = REGULATION_IDS.index(prefix) if prefix in REGULATION_IDS else len(REGULATION_IDS)
    runs = tuple((0, int(r), "") if r.isdigit() else (1, 0, r) for r in re.findall(r"\d+|[^\W\d_]+", locator))
    return (reg, prefix, runs)


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
    """Why the files do not match the current release (empty when they do): a clause or
    scenario added, changed or removed, or a scenario's clause tags other than the release
    recorded (a feature's or rule's tag changes no scenario's text)."""
    release = current(folder)
    changes = diff(release, manifest(features_dir))
    out = []
    for part, kinds in changes.items():
        for kind, keys in kinds.items():
            for key in keys:
                out.append(f"{part[:-1]} {kind} since suite {release['version']}: {key}")
    if "tags" in release:
        tags = scenario_clauses(features_dir)
        for key in sorted(tags.keys() & release["tags"].keys()):
            if tags[key] != release["tags"][key]:
                out.append(f"scenario's clause tags changed since suite {release['version']}: {key}")
    if out:
        out.append(
            "release a new version of the suite: python -m spec_engine.kit.manifest "
            '--release X.Y.Z --notes "what changed and why" (the changelog follows from the kept releases: '
            "blackjack-spec changelog, and the site's generated/changelog.md)"
        )
    return out


def release_body(
    version: str,
    notes: str,
    date: str,
    protocol: str,
    features_dir: Path = FEATURES,
    clauses_dir: Path | None = None,
) -> dict[str, Any]:
    """What a release file keeps: its version, date and notes, the protocol version it
    requires, the manifest of the files (the catalog's clauses, or those of ``clauses_dir``)
    and each scenario's clause ids."""
    versions.parse(protocol)
    return {
        "version": version,
        "date": date,
        "notes": notes.strip(),
        "protocol": protocol,
        **manifest(features_dir, clauses_dir),
        "tags": scenario_clauses(features_dir),
    }


def write_release(body: Mapping[str, Any], folder: Path = RELEASES) -> Path:
    """Write a release file, ``<folder>/<version>.json``, in the kept format."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{body['version']}.json"
    path.write_text(json.dumps(body, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def release(version: str, notes: str, date: str, folder: Path = RELEASES, features_dir: Path = FEATURES) -> Path:
    """Keep the manifest of the files as they are as release ``version`` (newer than the
    current), with the protocol version the kit speaks and each scenario's clause ids."""
    if not SEMVER.match(version):
        raise ValueError(f"{version!r} is not a semantic version (X.Y.Z)")
    kept = releases(folder)
    if kept and _key(version) <= _key(kept[-1]["version"]):
        raise ValueError(f"{version} is not newer than the current suite {kept[-1]['version']}")
    if not notes.strip():
        raise ValueError("a release needs its notes: what changed and why")
    return write_release(release_body(version, notes, date, versions.current(), features_dir), folder)


NO_CLAUSE = "no clause tag"
"""Where the changelog lists a scenario tagged with no clause id."""


def protocol_changes(after: str | None, upto: str) -> list[versions.Version]:
    """The protocol's versions newer than ``after`` (``None``: from the first) up to and
    including ``upto``, oldest first."""
    low = versions.parse(after) if after is not None else (-1, -1)
    high = versions.parse(upto)
    return [v for v in versions.versions() if low < v.key <= high]


def _protocol_lines(found: Iterable[versions.Version]) -> list[str]:
    """Each protocol version with its date and commits, and under it each change: its kind,
    what changed and how."""
    lines = []
    for version in found:
        commits = [c.strip() for c in version.commit.split(",")]
        lines.append(
            f"- **{version.version}** ({version.date}; commit{'s' if len(commits) > 1 else ''} {', '.join(commits)})"
        )
        lines += [f"    - {change.kind}, *{change.what}*: {change.text}" for change in version.changes]
    return lines


def _counts(rel: Mapping[str, Any]) -> str:
    """A release's clauses per regulation and scenarios per folder of features."""
    clauses = Counter(cid.split("-", 1)[0] for cid in rel["clauses"])
    folders = Counter(key.split("::", 1)[0].rsplit("/", 1)[0] for key in rel["scenarios"])
    by_reg = ", ".join(f"{reg} {clauses[reg]}" for reg in sorted(clauses, key=clause_order))
    by_folder = ", ".join(f"`{name}/` {n}" for name, n in sorted(folders.items()))
    return (
        f"{len(rel['clauses'])} clauses ({by_reg}), {len(rel['scenarios'])} scenarios ({by_folder}); "
        f"sha256 `{manifest_hash(rel)[:16]}`"
    )


def _scenarios_by_clause(
    previous: Mapping[str, Any], rel: Mapping[str, Any], changes: Mapping[str, list[str]]
) -> list[str]:
    """Each scenario added, changed or removed, under each clause id it is tagged with (a
    removed one: as the release before tagged it; a changed one: as either did)."""
    old_tags, new_tags = previous.get("tags", {}), rel.get("tags", {})
    grouped: dict[str, dict[str, list[str]]] = {}
    for kind, keys in changes.items():
        for key in keys:
            tags = set(old_tags.get(key, ())) if kind != "added" else set()
            tags |= set(new_tags.get(key, ())) if kind != "removed" else set()
            for clause_id in sorted(tags) or [NO_CLAUSE]:
                grouped.setdefault(clause_id, {}).setdefault(kind, []).append(key)
    lines = []
    for clause_id in sorted(grouped, key=lambda c: (c == NO_CLAUSE, clause_order(c))):
        lines.append(f"- {clause_id if clause_id == NO_CLAUSE else f'`{clause_id}`'}")
        for kind in ("added", "changed", "removed"):
            lines += [f"    - {kind}: `{key}`" for key in sorted(grouped[clause_id].get(kind, ()))]
    return lines


def _entry(previous: Mapping[str, Any] | None, rel: Mapping[str, Any]) -> list[str]:
    """One release's section of the changelog."""
    lines = [f"## {rel['version']} ({rel['date']})", "", rel["notes"], ""]
    protocol = rel.get("protocol")
    before = previous.get("protocol") if previous is not None else None
    if protocol is None:
        lines += ["**Protocol**: not recorded.", ""]
    elif previous is None or before is None:
        lines += [f"**Protocol**: requires {protocol}; the protocol up to it:", ""]
        lines += [*_protocol_lines(protocol_changes(None, protocol)), ""]
    elif before == protocol:
        lines += [f"**Protocol**: requires {protocol}, as suite {previous['version']} did: no change.", ""]
    else:
        lines += [
            f"**Protocol**: requires {protocol}; the changes since {before}, which suite {previous['version']} "
            "required:",
            "",
            *_protocol_lines(protocol_changes(before, protocol)),
            "",
        ]
    lines += [f"**Manifest**: {_counts(rel)}.", ""]
    if previous is None:
        return [*lines, "The first manifest: its clauses and scenarios are counted above, not listed.", ""]
    changes = diff(previous, rel)
    clauses, found = changes["clauses"], changes["scenarios"]
    since = previous["version"]
    counted = ", ".join(f"{len(clauses[kind])} {kind}" for kind in ("added", "changed", "removed"))
    lines += [f"**Clauses** since {since}: {counted}.", ""]
    for kind, ids in clauses.items():
        if ids:
            lines.append(f"- {kind}: " + ", ".join(f"`{c}`" for c in sorted(ids, key=clause_order)))
    if any(clauses.values()):
        lines.append("")
    counted = ", ".join(f"{len(found[kind])} {kind}" for kind in ("added", "changed", "removed"))
    if not any(found.values()):
        return [*lines, f"**Scenarios** since {since}: {counted}.", ""]
    return [
        *lines,
        f"**Scenarios** since {since}: {counted}, by the clause ids they are tagged with (a scenario with "
        "several under each):",
        "",
        *_scenarios_by_clause(previous, rel, found),
        "",
    ]


def changelog(folder: Path = RELEASES) -> str:
    """The changelog page, newest release first: for each release its notes, the protocol
    version it requires and every protocol change since the release before, its manifest's
    counts and hash, the clauses added, changed and removed, and every scenario added, changed
    and removed, by clause. Protocol versions newer than the current release's come first."""
    kept = releases(folder)
    lines = [
        "# Changelog of the conformance suite",
        "",
        "Generated from the releases kept in `spec_engine/data/suite/` (each release's manifest: every "
        "clause and scenario with a hash of its text; each scenario's clause tags; the protocol version "
        "it requires) and from the protocol's versions (`spec_engine/data/protocol/versions.toml`). A "
        "report names the suite version and the manifest's hash it ran; two runs of the same version "
        "tested the same scenarios. `blackjack-spec changelog` prints this page.",
        "",
    ]
    newest = kept[-1].get("protocol") if kept else None
    ahead = protocol_changes(newest, versions.current()) if newest is not None else []
    if ahead:
        lines += [
            f"## Since {kept[-1]['version']}: protocol {versions.current()}",
            "",
            f"The kit speaks protocol {versions.current()}; suite {kept[-1]['version']} was released requiring "
            f"{newest}. Its scenarios are unchanged, but a run of them by this kit holds an implementation to "
            "these changes of the protocol too (the next release of the suite lists them as its own):",
            "",
            *_protocol_lines(ahead),
            "",
        ]
    entries = [_entry(kept[n - 1] if n else None, rel) for n, rel in enumerate(kept)]
    for entry in reversed(entries):
        lines += entry
    return "\n".join(lines).rstrip("\n") + "\n"


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
