"""The verdict of a conformance run, and the seal on its report folder.

A run **conforms** only when every scenario of every regulation and level the implementation
claims (its ``hello``: ``regulations``, ``levels``), among the regulations run, ran and passed,
with nothing deselected, the citations compared exactly and the protocol the kit's. Otherwise
the verdict says what the run is:

=================  ===============================================================  ====
verdict            when                                                             exit
=================  ===============================================================  ====
conforms           as above                                                         0
does not conform   a scenario failed or broke (FAIL, ERROR, CRASH, TIMEOUT), or the  1
                   first ``hello`` failed, or the implementation speaks another
                   major protocol version
partial            no failure, but claimed scenarios did not run or did not pass    3
                   (UNSUPPORTED, SKIP, deselected by ``-k``/``--clause``/
                   ``--rerun-failed``, not run), or none of the scenarios run is
                   claimed
relaxed            no failure, but refusals were compared with                      3
                   ``--citations contains``: not a conformance verdict
=================  ===============================================================  ====

(Exit 2 is the command line's: a mistake in the lab's own options or inputs, said in one line
before anything runs, or a suite that could not run at all.)

The **seal**: ``SHA256SUMS`` lists every file of the report folder with its SHA-256, the
certificate lists those of every other file but itself and the PDF printed from it (the
report, the summary, the JUnit file, the results, the reproductions, the suite's log);
:func:`verify` checks both against the files and the verdict against the
results, so that a folder edited after the run, or a certificate that no longer matches its
report, is found (``blackjack-spec verify DIR``: :func:`spec_engine.kit.conform.verify`). A lab
signs ``SHA256SUMS`` with its own key to sign the whole run.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BROKEN = frozenset({"FAIL", "ERROR", "CRASH", "TIMEOUT"})
SUMS = "SHA256SUMS"
EXIT = {"conforms": 0, "does not conform": 1, "partial": 3, "relaxed": 3}


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a run shows: ``kind`` (conforms, does not conform, partial, relaxed), a headline a
    reader cannot miss, and the details behind it (what was not run and why)."""

    kind: str
    headline: str
    details: tuple[str, ...] = field(default=())

    @property
    def exit_code(self) -> int:
        return EXIT[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "headline": self.headline, "details": list(self.details), "exit": self.exit_code}


def _claimed(result: Mapping[str, Any], regulations: set[str], levels: set[str]) -> bool:
    level = result.get("level")
    return result.get("regulation") in regulations and (level is None or level in levels)


def verdict(header: Mapping[str, Any], results: Sequence[Mapping[str, Any]]) -> Verdict:
    """The verdict of a run from its report's header and results (see the module's table)."""
    probe = header.get("probe") or {}
    protocol = header.get("protocol") or {}
    if protocol.get("compatible") is False:
        return Verdict(
            "does not conform",
            f"Does not conform: it speaks protocol {protocol.get('implementation')}, the kit {protocol.get('kit')}",
            (str(protocol.get("summary") or ""), *protocol.get("changes_since", ())),
        )
    if probe and not probe.get("ok", True):
        return Verdict(
            "does not conform",
            f"Does not conform: the implementation's first hello ended in {probe.get('status')}",
            (str(probe.get("message") or ""), "No scenario was run."),
        )
    counts = Counter(str(r.get("status")) for r in results)
    broken = sum(counts[s] for s in BROKEN)
    if broken:
        shown = ", ".join(f"{counts[s]} {s}" for s in ("FAIL", "ERROR", "CRASH", "TIMEOUT") if counts[s])
        return Verdict(
            "does not conform",
            f"Does not conform: {broken} of {len(results)} scenarios failed or broke ({shown})",
            tuple(
                f"{r.get('regulation')}: {r.get('scenario')} ({r.get('feature')}:{r.get('line')}): {r.get('status')}"
                for r in results
                if r.get("status") in BROKEN
            )[:50],
        )
    hello = header.get("implementation") or {}
    regulations = {str(r) for r in hello.get("regulations") or ()}
    levels = {str(v) for v in hello.get("levels") or ()}
    asked = header.get("regulation")
    scope = {str(asked)} if asked else set(header.get("regulations_run") or ())
    claimed = [r for r in results if _claimed(r, regulations, levels)]
    selection = header.get("selection") or {}
    deselected = int(selection.get("deselected") or 0)
    details = []
    if deselected:
        details.append(f"{deselected} scenario(s) deselected ({', '.join(selection.get('by') or ())})")
    not_passed = Counter(str(r.get("status")) for r in claimed if r.get("status") != "PASS")
    for status, n in sorted(not_passed.items()):
        why = {"UNSUPPORTED": "answered unsupported", "SKIP": "skipped by the suite"}.get(status, status)
        details.append(f"{n} claimed scenario(s) {why}")
    unclaimed = len(results) - len(claimed)
    if unclaimed:
        details.append(f"{unclaimed} scenario(s) of regulations or levels it does not claim, not judged")
    outside = sorted(regulations - scope) if scope else []
    if outside:
        details.append(f"claimed but not run here: {', '.join(outside)}")
    what = f"{', '.join(sorted(regulations & scope)) or 'none'} at levels {', '.join(sorted(levels)) or 'none'}"
    passed = len(claimed) - sum(not_passed.values())
    if header.get("options", {}).get("citations") == "contains":
        return Verdict(
            "relaxed",
            "Relaxed run (--citations contains): not a conformance verdict; "
            f"{passed} of {len(claimed)} claimed scenarios passed with refusals' citations compared loosely",
            tuple(details),
        )
    if not claimed:
        return Verdict(
            "partial",
            f"No verdict: none of the {len(results)} scenarios run is one the implementation claims "
            f"(it claims {', '.join(sorted(regulations)) or 'no regulation'})",
            tuple(details),
        )
    if deselected or not_passed:
        return Verdict(
            "partial",
            f"Partial: {passed} of {len(claimed) + deselected} claimed scenarios ran and passed ({what})",
            tuple(details),
        )
    return Verdict("conforms", f"Conforms: all {len(claimed)} claimed scenarios passed ({what})", tuple(details))


# ------------------------------------------------------------------------------ the seal
def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def files_of(folder: Path, leaving_out: Sequence[str] = (SUMS,)) -> list[str]:
    """The report folder's files, as POSIX paths from it, but those ``leaving_out`` names
    (``SHA256SUMS`` itself)."""
    found = (p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    return sorted(name for name in found if name not in leaving_out)


def write_sums(folder: Path) -> Path:
    """``SHA256SUMS`` in the format of ``sha256sum`` (``sha256sum -c SHA256SUMS`` checks it)."""
    lines = [f"{sha256(folder / name)}  {name}" for name in files_of(folder)]
    path = folder / SUMS
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


EVIDENCE_MARK = re.compile(r'<tr data-file="([^"]+)"><td><code>[^<]*</code></td><td><code>([0-9a-f]{64})</code>')
"""A row of the certificate's table of evidence: the file and its SHA-256."""
