"""Traceability: which scenarios check which clauses, and which clauses no engine can check.

Three sources meet here:

* the feature files (``features/**/*.feature`` at the top of the repository), read by a small Gherkin reader (English
  keywords; standard library only, like the rest of the engine package). It yields one
  :class:`ScenarioInfo` per test pytest-bdd runs: a plain scenario, or one Examples row of
  a Scenario Outline. Its effective tags are the feature's, the rule's, the scenario's and
  the Examples block's, in that order.
* the clause catalog (:mod:`spec_engine.catalog`);
* what the data declare (:mod:`spec_engine.kit.declared` reads it): the exemptions
  (``data/exemptions.toml``), clauses that no engine can check (equipment, conduct,
  administration, physical handling, pure description), each with a reason::

      [[exempt]]
      clause = "UY-8"
      reason = "a tip box: equipment, no rule of play"

  and the clauses not modelled (``data/not_modelled.toml``): rules of play the engine cannot
  play yet, a gap said as one, each with the rule value or the action it would need and why::

      [[not_modelled]]
      clause = "XX-12"
      action = "double_for_less"
      reason = "the player may double for less than his stake; the engine's double matches the stake"

:func:`gate_problems` is the traceability gate (every clause has a scenario, an exemption or
a not-modelled entry, every tag names a clause, no game rule is exempt, ...);
:func:`coverage_report` counts, per regulation, the clauses that are executable, exempt, not
modelled and missing. Command line::

    python -m spec_engine.kit.trace [--json] [--results reports/scenarios.json] [--features DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spec_engine.catalog import REGULATION_IDS, is_clause_id
from spec_engine.errors import InputError, SpecError
from spec_engine.kit.declared import (
    ABSENT_ROWS,
    EXEMPTIONS,
    NOT_MODELLED,
    absent_rows,
    catalog_ids,
    catalogs,
    exemptions,
    not_modelled,
    shown,
)
from spec_engine.rules import RULE_FIELDS, ruleset

ROOT = Path(__file__).resolve().parents[2]
SUITE_DIR = Path(__file__).resolve().parents[1] / "suite"
"""The conformance suite as it ships (:mod:`spec_engine.suite`): its features, steps and plugins."""
SHIPPED_FEATURES = SUITE_DIR / "features"
"""Where an installed package holds the feature files (the wheel maps the repository's top-level
``features/`` there at build time: ``setup.py``)."""
FEATURES = SHIPPED_FEATURES if SHIPPED_FEATURES.is_dir() else ROOT / "features"
"""The feature files: in a checkout the repository's top-level ``features/``, in an installed
package its own copy; a scenario's path is written relative to their parent
(``features/uy/core.feature``), which is where a checkout has it."""
SUITE_MODULE = SUITE_DIR / "test_features.py"
"""The module pytest runs to play the suite: every scenario of :data:`FEATURES`."""
SUITE_INI = SUITE_DIR / "pytest.ini"
"""pytest's settings for a run of the suite (``-c``): independent of any project around it."""
SUITE_PLUGINS = ("spec_engine.suite.plugin", "spec_engine.suite.results_elsewhere")
"""The plugins every run of the suite loads (``-p``): steps, markers, results to a named file."""


def feature_path(filename: str | Path) -> str:
    """A feature file's name as scenarios, results and reports write it: relative to the
    parent of its nearest enclosing ``features`` folder (``features/uy/core.feature``, as
    :func:`parse_feature` names it), whatever pytest's rootdir."""
    path = Path(filename).resolve()
    enclosing = [p for p in path.parents if p.name == "features"]
    return path.relative_to(enclosing[0].parent).as_posix() if enclosing else path.as_posix()


PACKAGE_ROOT = Path(__file__).resolve().parents[2]
"""The folder holding the ``spec_engine`` package this process runs (a checkout, or site-packages)."""


def suite_environment(base: Mapping[str, str]) -> dict[str, str]:
    """``base`` with :data:`PACKAGE_ROOT` first on ``PYTHONPATH``: the pytest child of
    :func:`suite_command` (``python -P``: no current folder on its path) imports the very
    package its parent runs, whatever copy of the project lies in the folder it starts from."""
    paths = [str(PACKAGE_ROOT), *(p for p in base.get("PYTHONPATH", "").split(os.pathsep) if p)]
    return {**base, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


def suite_command(*extra: str) -> list[str]:
    """The pytest command line that plays the suite wherever the package is installed (with the
    ``kit`` extra): its module, its own settings and plugins, then ``extra``."""
    # -P: the child imports the package this process runs, never a copy in the current folder
    command = [sys.executable, "-P", "-m", "pytest", str(SUITE_MODULE), "-c", str(SUITE_INI)]
    command += ["--rootdir", str(SUITE_DIR)]
    for plugin in SUITE_PLUGINS:
        command += ["-p", plugin]
    return command + list(extra)


STATUSES = ("passed", "failed", "skipped")

# ---------------------------------------------------------------------------------------------
# The feature files


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    """One test as pytest-bdd runs it: a scenario, or one Examples row of an outline."""

    feature: str
    """The feature file, relative to the features directory's parent (``features/uy/core.feature``)."""
    feature_name: str
    name: str
    """The name pytest-bdd gives it: an outline's ``<parameters>`` filled from its row."""
    line: int
    """The line of the ``Scenario:`` (or ``Scenario Outline:``) keyword."""
    description: str
    tags: tuple[str, ...]
    """Effective tags without ``@``: feature, rule, scenario and Examples tags, in that order."""
    template: str
    """The name as written (pytest-bdd keys a feature's scenarios by it)."""
    rule: str = ""
    example_line: int | None = None
    """For an outline: the line of this Examples row."""
    example: tuple[tuple[str, str], ...] = ()
    """For an outline: this row's cells, (column, value) in the header's order."""

    @property
    def regulation(self) -> str | None:
        """The regulation this scenario plays (see :func:`regulation_of`)."""
        return regulation_of(self.tags)


@dataclass(frozen=True, slots=True)
class FeatureInfo:
    """One feature file: its name, tags and scenarios."""

    path: str
    name: str
    line: int
    tags: tuple[str, ...]
    scenarios: tuple[ScenarioInfo, ...]


def regulation_of(tags: Iterable[str]) -> str | None:
    """The regulation of a set of effective tags: its regulation tag (``UY``) if it has exactly
    one; else, with none, the one regulation all its clause tags belong to; else ``None``."""
    tags = list(tags)
    named = {t for t in tags if t in REGULATION_IDS}
    if named:
        return named.pop() if len(named) == 1 else None
    prefixes = {t.split("-", 1)[0] for t in tags if is_clause_id(t)}
    return prefixes.pop() if len(prefixes) == 1 else None


def clause_tags(info: ScenarioInfo) -> set[str]:
    """The tags of a scenario that are clause ids by their shape (existing or not)."""
    return {t for t in info.tags if is_clause_id(t)}


ASSUMES = "assumes-"
"""The prefix of an assumption tag: ``@assumes-max_boxes`` marks a scenario that checks the
value its regulation's rule set assumes where the text is silent (or reads where it is
unclear), rather than a clause."""


PROTOCOL = "protocol"
"""The tag of a scenario that checks a convention of the conformance protocol (which code and
field a refusal carries, when an event is logged, ...) where no clause or rule value is at
stake: the protocol's obligations (:mod:`spec_engine.kit.obligations`) say which it exercises.
It still carries its regulation's tag."""


def assumption_tags(info: ScenarioInfo) -> set[str]:
    """The rule fields a scenario's ``@assumes-<field>`` tags name (existing or not)."""
    return {t.removeprefix(ASSUMES) for t in info.tags if t.startswith(ASSUMES)}


_FEATURE_WORDS = ("Feature", "Business Need", "Ability")
_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("feature", _FEATURE_WORDS),
    ("rule", ("Rule",)),
    ("background", ("Background",)),
    ("examples", ("Examples", "Scenarios")),
    ("scenario", ("Scenario Outline", "Scenario Template", "Scenario", "Example")),
)
_STEP_WORDS = ("Given ", "When ", "Then ", "And ", "But ", "* ")
_DOCSTRING = ('"""', "```")
_LANGUAGE = re.compile(r"^#\s*language\s*:\s*([A-Za-z_-]+)\s*$")
_PARAM = re.compile(r"<(.+?)>")
_ESCAPES = {"|": "|", "\\": "\\", "n": "\n"}


def _keyword(stripped: str) -> tuple[str, str] | None:
    for kind, words in _KEYWORDS:
        for word in words:
            if stripped.startswith(word + ":"):
                return kind, stripped[len(word) + 1 :].strip()
    return None


def _cells(stripped: str) -> list[str] | None:
    """The cells of a table row (``| a | b \\| c |``), or ``None`` if it does not end with ``|``."""
    if len(stripped) < 2 or not stripped.endswith("|"):
        return None
    cells: list[str] = []
    cell: list[str] = []
    i = 1
    while i < len(stripped):
        char = stripped[i]
        if char == "\\" and i + 1 < len(stripped):
            nxt = stripped[i + 1]
            cell.append(_ESCAPES.get(nxt, "\\" + nxt))
            i += 2
            continue
        if char == "|":
            cells.append("".join(cell).strip())
            cell = []
        else:
            cell.append(char)
        i += 1
    return cells


def _description(lines: list[str]) -> str:
    while lines and not lines[-1].strip():
        lines.pop()
    return textwrap.dedent("\n".join(lines)).strip("\n")


def _render(name: str, context: dict[str, str]) -> str:
    """An outline's name with its ``<parameters>`` filled in (unknown ones left as written)."""
    return _PARAM.sub(lambda m: context.get(m[1], m[0]), name)


def _dedupe(tags: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(tags))


@dataclass
class _Examples:
    tags: tuple[str, ...]
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


@dataclass
class _Scenario:
    name: str
    line: int
    tags: tuple[str, ...]
    rule: str
    rule_tags: tuple[str, ...]
    description: list[str] = field(default_factory=list)
    examples: list[_Examples] = field(default_factory=list)


class _Reader:
    """A line-by-line reader of one feature file (the subset of Gherkin pytest-bdd runs)."""

    def __init__(self, path: Path, base: Path) -> None:
        self.path = path
        self.rel = path.relative_to(base).as_posix() if path.is_relative_to(base) else path.as_posix()
        self.feature: tuple[str, int, tuple[str, ...]] | None = None
        self.rule: tuple[str, tuple[str, ...]] = ("", ())
        self.pending: list[str] = []
        self.block: str | None = None  # "background" | "scenario"
        self.scenario: _Scenario | None = None
        self.describing: list[str] | None = None  # the description being read, if any
        self.tables: str | None = None  # where table rows go: "step" | "examples"
        self.docstring: tuple[str, int] | None = None
        self.done: list[ScenarioInfo] = []

    def fail(self, line: int, message: str) -> InputError:
        return InputError(message, field=f"{self.rel} line {line}")

    def read(self) -> FeatureInfo:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read feature file: {exc}", field=self.rel) from exc
        lines = text.splitlines()
        for number, raw in enumerate(lines, start=1):
            self.line(number, raw)
        if self.docstring is not None:
            raise self.fail(self.docstring[1], "doc string is never closed")
        if self.pending:
            raise self.fail(len(lines), "tags at the end of the file tag nothing")
        if self.feature is None:
            raise InputError("no 'Feature:' line", field=self.rel)
        self.finish()
        name, line, tags = self.feature
        return FeatureInfo(path=self.rel, name=name, line=line, tags=tags, scenarios=tuple(self.done))

    def line(self, number: int, raw: str) -> None:
        stripped = raw.strip()
        if self.docstring is not None:
            if stripped == self.docstring[0]:
                self.docstring = None
            return
        if not stripped:
            if self.describing is not None:
                self.describing.append("")
            return
        if stripped.startswith("#"):
            language = _LANGUAGE.match(stripped)
            if language and self.feature is None and language[1] != "en":
                raise self.fail(number, f"language {language[1]!r}: only English keywords are read")
            return
        if stripped.startswith("@"):
            self.describing = None
            self.pending += self.tag_line(number, stripped)
            return
        keyword = _keyword(stripped)
        if keyword is not None:
            self.describing = None
            self.keyword(number, *keyword)
            return
        if stripped.startswith(_STEP_WORDS) or stripped == "*":
            self.step(number)
            return
        if stripped.startswith(_DOCSTRING):
            if self.tables != "step":
                raise self.fail(number, "doc string outside a step")
            self.docstring = (stripped[:3], number)
            return
        if stripped.startswith("|"):
            self.describing = None
            self.table_row(number, stripped)
            return
        if self.pending:
            raise self.fail(number, f"tags {self.pending} are followed by text, not a keyword")
        if self.describing is None:
            raise self.fail(number, f"unexpected text {stripped[:60]!r}")
        self.describing.append(raw.rstrip())

    def tag_line(self, number: int, stripped: str) -> list[str]:
        tags = []
        for word in re.split(r"\s#", stripped, maxsplit=1)[0].split():
            if not word.startswith("@") or len(word) == 1:
                raise self.fail(number, f"malformed tag {word!r}")
            tags.append(word[1:])
        return tags

    def keyword(self, number: int, kind: str, name: str) -> None:
        tags, self.pending = tuple(self.pending), []
        if kind == "feature":
            if self.feature is not None:
                raise self.fail(number, "a second 'Feature:' in one file")
            self.feature = (name, number, _dedupe(tags))
            self.describing = []
            return
        if self.feature is None:
            raise self.fail(number, f"'{kind}' before the 'Feature:' line")
        if kind == "examples":
            if self.block != "scenario" or self.scenario is None:
                raise self.fail(number, "'Examples:' outside a scenario")
            self.scenario.examples.append(_Examples(tags=tags))
            self.tables = "examples"
            self.describing = []
            return
        self.finish()
        self.tables = None
        if kind == "rule":
            self.rule = (name, tags)
            self.block = None
            self.describing = []
        elif kind == "background":
            if tags:
                raise self.fail(number, "a Background takes no tags")
            self.block = "background"
            self.describing = []
        else:
            self.block = "scenario"
            self.scenario = _Scenario(name=name, line=number, tags=tags, rule=self.rule[0], rule_tags=self.rule[1])
            self.describing = self.scenario.description

    def step(self, number: int) -> None:
        if self.pending:
            raise self.fail(number, f"tags {self.pending} before a step")
        if self.block is None:
            raise self.fail(number, "a step outside a scenario or background")
        if self.scenario is not None and self.block == "scenario" and self.scenario.examples:
            raise self.fail(number, "a step after 'Examples:'")
        self.describing = None
        self.tables = "step"

    def table_row(self, number: int, stripped: str) -> None:
        if self.pending:
            raise self.fail(number, f"tags {self.pending} before a table row")
        cells = _cells(stripped)
        if cells is None:
            raise self.fail(number, "a table row must end with '|'")
        if self.tables == "step":
            return
        if self.tables != "examples" or self.scenario is None:
            raise self.fail(number, "a table row outside a step or an Examples block")
        examples = self.scenario.examples[-1]
        if examples.header is None:
            examples.header = cells
        elif len(cells) != len(examples.header):
            raise self.fail(number, f"{len(cells)} cells where the header has {len(examples.header)}")
        else:
            examples.rows.append((number, cells))

    def finish(self) -> None:
        """Turn the scenario just read into its tests (pytest-bdd: one per Examples row; a
        scenario without rows runs once, its name as written)."""
        scenario, self.scenario = self.scenario, None
        if scenario is None or self.feature is None:
            return
        feature_name, _, feature_tags = self.feature
        base = feature_tags + scenario.rule_tags + scenario.tags
        description = _description(scenario.description)

        def test(
            name: str, tags: tuple[str, ...], example_line: int | None = None, example: dict[str, str] | None = None
        ) -> ScenarioInfo:
            return ScenarioInfo(
                feature=self.rel,
                feature_name=feature_name,
                name=name,
                line=scenario.line,
                description=description,
                tags=_dedupe(tags),
                template=scenario.name,
                rule=scenario.rule,
                example_line=example_line,
                example=tuple((example or {}).items()),
            )

        rows = [
            (examples.tags, line, dict(zip(examples.header, cells, strict=True)))
            for examples in scenario.examples
            if examples.header is not None
            for line, cells in examples.rows
        ]
        if not rows:
            self.done.append(test(scenario.name, base))
        for tags, line, context in rows:
            self.done.append(test(_render(scenario.name, context), base + tags, line, context))


def parse_feature(path: Path, base: Path | None = None) -> FeatureInfo:
    """Read one feature file. Its ``path`` in the result is relative to ``base``; by default
    to the parent of the nearest enclosing ``features`` directory (``features/uy/core.feature``),
    else to the file's own directory. A malformed file is an :class:`InputError` naming the
    file and the line."""
    if base is None:
        enclosing = [p for p in path.parents if p.name == "features"]
        base = enclosing[0].parent if enclosing else path.parent
    return _Reader(path, base).read()


def features(features_dir: Path = FEATURES) -> list[FeatureInfo]:
    """Every ``*.feature`` file under ``features_dir`` (recursively, in path order)."""
    if not features_dir.is_dir():
        raise InputError(f"no such directory {features_dir}", field="features")
    return [parse_feature(p, features_dir.parent) for p in sorted(features_dir.rglob("*.feature"))]


def scenarios(features_dir: Path = FEATURES) -> list[ScenarioInfo]:
    """Every test of every feature file under ``features_dir`` (Background is not one)."""
    return [s for f in features(features_dir) for s in f.scenarios]


# ---------------------------------------------------------------------------------------------
# The gate

CHECKS = {
    "uncovered": "a clause has neither a scenario, an exemption nor a not-modelled entry",
    "unknown-clause": "a clause tag names no clause of the catalog",
    "untagged": "a scenario has neither a clause tag, an assumption tag nor the protocol tag",
    "exempt-and-covered": "an exempt clause is checked by a scenario (remove the exemption)",
    "exempt-game-rule": "a game rule is exempt (only equipment, conduct, administration, handling, description)",
    "not-modelled-stale": "a clause declared not modelled is checked by a scenario, or exempt (remove one)",
    "not-modelled-unknown": "a not-modelled entry names no clause of the catalog",
    "duplicate-name": "two scenarios of one feature file share a name (pytest-bdd runs only the last)",
    "bad-tag": "a tag is neither a clause id, a regulation id, an assumption tag (@assumes-<rule>) nor @protocol",
    "not-an-assumption": "an assumption tag names a rule value its regulation's text states, or no rule",
    "assumption-untagged": "a compare row's basis says a value is not stated, but no assumption tag names it",
    "wrong-regulation": "a scenario tagged with one regulation cites another regulation's clause",
    "compare-row-missing": "a compare outline (features/compare/) has no Examples table for a regulation",
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding of the gate: which check (a key of :data:`CHECKS`) and what exactly."""

    check: str
    message: str
    clauses: tuple[str, ...] = ()
    """The clause ids the problem is about, if any."""

    def __str__(self) -> str:
        return f"{self.check}: {self.message}"


def covering(infos: Iterable[ScenarioInfo]) -> dict[str, list[ScenarioInfo]]:
    """Clause id -> the scenarios tagged with it."""
    found: dict[str, list[ScenarioInfo]] = {}
    for info in infos:
        for tag in sorted(clause_tags(info)):
            found.setdefault(tag, []).append(info)
    return found


def _where(info: ScenarioInfo) -> str:
    return f"{info.feature}:{info.example_line or info.line} {info.name!r}"


def _assumption_problems(info: ScenarioInfo, assumed: set[str]) -> list[Problem]:
    """An assumption tag must name a rule field whose value, under the scenario's one
    regulation, the text does not state outright (``not stated`` or ``interpretation``)."""
    names = {f.name for f in RULE_FIELDS}
    out = []
    for rule in sorted(assumed):
        reg = info.regulation
        if rule not in names:
            out.append(Problem("not-an-assumption", f"{_where(info)}: @{ASSUMES}{rule} names no rule value"))
        elif reg is None:
            out.append(Problem("not-an-assumption", f"{_where(info)}: @{ASSUMES}{rule} needs one regulation tag"))
        elif ruleset(reg).citations[rule].basis == "stated":
            out.append(
                Problem("not-an-assumption", f"{_where(info)}: {reg} states {rule}; tag the clauses that state it")
            )
    return out


def gate_problems(
    features_dir: Path = FEATURES,
    *,
    clauses_dir: Path | None = None,
    exemptions_path: Path | None = None,
    not_modelled_path: Path | None = None,
) -> list[Problem]:
    """Check that the scenarios, the exemptions and the clauses not modelled account for every
    clause, each once, and that every tag means something. Returns the problems found (empty
    when the gate passes)."""
    books = catalogs(clauses_dir)
    ids = {reg.id: reg.ids for reg in books}
    known = {i for reg_ids in ids.values() for i in reg_ids}
    exempt = exemptions(exemptions_path, known)
    gaps = not_modelled(not_modelled_path)
    exemptions_file = shown(EXEMPTIONS if exemptions_path is None else exemptions_path)
    gaps_file = shown(NOT_MODELLED if not_modelled_path is None else not_modelled_path)
    problems: list[Problem] = []
    infos: list[ScenarioInfo] = []
    for feature in features(features_dir):
        first_line: dict[str, int] = {}
        for info in feature.scenarios:
            infos.append(info)
            tags = clause_tags(info)
            assumed = assumption_tags(info)
            others = [
                t
                for t in info.tags
                if t not in tags and t not in (*REGULATION_IDS, PROTOCOL) and not t.startswith(ASSUMES)
            ]
            if others:
                problems.append(Problem("bad-tag", f"{_where(info)}: {', '.join('@' + t for t in others)}"))
            if not tags and not assumed and PROTOCOL not in info.tags:
                problems.append(Problem("untagged", f"{_where(info)} has no clause tag, assumption tag or @{PROTOCOL}"))
            problems += _assumption_problems(info, assumed)
            basis = dict(info.example).get("basis", "")
            if "not stated" in basis and not assumed:
                problems.append(
                    Problem(
                        "assumption-untagged",
                        f"{_where(info)}: its basis says {basis!r} but no @{ASSUMES}<rule> tag names the "
                        "assumption it checks",
                    )
                )
            named = [t for t in info.tags if t in REGULATION_IDS]
            for tag in sorted(tags):
                if tag not in known:
                    problems.append(
                        Problem("unknown-clause", f"{_where(info)}: @{tag} is no clause of the catalog", (tag,))
                    )
                if named and tag.split("-", 1)[0] not in named:
                    problems.append(
                        Problem(
                            "wrong-regulation", f"{_where(info)}: @{tag} is not a clause of {'/'.join(named)}", (tag,)
                        )
                    )
            line = first_line.setdefault(info.template, info.line)
            if line != info.line:
                problems.append(
                    Problem(
                        "duplicate-name",
                        f"{feature.path}: scenario {info.template!r} on lines {line} and {info.line}",
                    )
                )
    rows: dict[str, set[str | None]] = {}
    for info in infos:
        if info.example and Path(info.feature).parent.name == "compare":
            rows.setdefault(info.template, set()).add(info.regulation)
    declared = absent_rows()
    for template, regs in rows.items():
        absent = [r for r in REGULATION_IDS if r not in regs and (template, r) not in declared]
        if absent:
            problems.append(
                Problem(
                    "compare-row-missing",
                    f"the outline {template!r} has no Examples table for {', '.join(absent)} "
                    f"(write it, or declare it absent with the reason in {ABSENT_ROWS.name})",
                )
            )
    for template, reg in declared:  # (an outline elsewhere than in features_dir is not this gate's to judge)
        if reg in rows.get(template, ()) or (template not in rows and features_dir == FEATURES):
            problems.append(
                Problem(
                    "compare-row-missing",
                    f"{ABSENT_ROWS.name}: {template!r} for {reg} is declared absent but "
                    + ("has its row: remove the declaration" if template in rows else "is no compare outline"),
                )
            )
    covered = covering(infos)
    for reg, reg_ids in ids.items():
        missing = [i for i in reg_ids if i not in covered and i not in exempt and i not in gaps]
        if missing:
            problems.append(
                Problem(
                    "uncovered",
                    f"{reg}: {len(missing)} of {len(reg_ids)} clauses have no scenario and no exemption: "
                    + ", ".join(missing)
                    + f" (tag a scenario with each, or declare it in {exemptions_file} or {gaps_file})",
                    tuple(missing),
                )
            )
    kinds = {c.id: c.kind for reg in books for c in reg.clauses}
    for clause in exempt:
        if kinds[clause] == "game rule":
            problems.append(
                Problem(
                    "exempt-game-rule",
                    f"{clause} is a game rule (its kind in the catalog) and may not be exempt: remove it from "
                    f"{exemptions_file}; give it a scenario, or declare it in {gaps_file} if the engine cannot "
                    "play it yet",
                    (clause,),
                )
            )
    for clause, gap in gaps.items():
        if clause not in known:
            problems.append(
                Problem(
                    "not-modelled-unknown",
                    f"{clause} is no clause of the catalog: correct its id or remove its entry from {gaps_file}",
                    (clause,),
                )
            )
        elif clause in covered:
            problems.append(
                Problem(
                    "not-modelled-stale",
                    f"{clause} is declared not modelled (it would need {gap.needs}) but is checked by "
                    f"{_where(covered[clause][0])}: remove its entry from {gaps_file}",
                    (clause,),
                )
            )
        elif clause in exempt:
            problems.append(
                Problem(
                    "not-modelled-stale",
                    f"{clause} is declared not modelled and exempt: a game rule stays in {gaps_file}, "
                    f"anything else in {exemptions_file}; remove the other entry",
                    (clause,),
                )
            )
    for clause, reason in exempt.items():
        if clause in covered:
            problems.append(
                Problem(
                    "exempt-and-covered",
                    f"{clause} is exempt ({reason!r}) but checked by {_where(covered[clause][0])}; "
                    "remove the exemption",
                    (clause,),
                )
            )
    return list(dict.fromkeys(problems))


# ---------------------------------------------------------------------------------------------
# The coverage report


def read_results(path: Path) -> list[dict[str, Any]]:
    """The per-scenario results written by ``spec_engine/suite/results_plugin.py`` (validated)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read results: {exc}", field=path.name) from exc
    if not isinstance(data, list):
        raise InputError("expected a JSON list of scenario results", field=path.name)
    for index, entry in enumerate(data, start=1):
        if not isinstance(entry, dict):
            raise InputError("not an object", field=f"{path.name} entry #{index}")
        if entry.get("status") not in STATUSES:
            raise InputError(f"status must be one of {STATUSES}", field=f"{path.name} entry #{index}")
        if not isinstance(entry.get("regulation"), (str, type(None))):
            raise InputError("regulation must be a string or null", field=f"{path.name} entry #{index}")
    return data


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def coverage_report(
    features_dir: Path = FEATURES,
    results_path: Path | None = None,
    *,
    clauses_dir: Path | None = None,
    exemptions_path: Path | None = None,
    not_modelled_path: Path | None = None,
) -> dict[str, Any]:
    """Per regulation and in total: clauses, executable (tagged on at least one scenario),
    exempt, not modelled (a gap the engine cannot play yet), missing (none of these), scenarios,
    passing (from the results file; ``None`` without one) and the executable percentage; with
    the ids that are exempt, not modelled and missing."""
    ids = catalog_ids(clauses_dir)
    exempt = exemptions(exemptions_path, {i for reg_ids in ids.values() for i in reg_ids})
    gaps = not_modelled(not_modelled_path)
    infos = scenarios(features_dir)
    covered = covering(infos)
    results = None if results_path is None else read_results(results_path)
    rows: dict[str, dict[str, Any]] = {}
    for reg, reg_ids in ids.items():
        executable = [i for i in reg_ids if i in covered]
        exempt_ids = [i for i in reg_ids if i in exempt and i not in covered]
        gap_ids = [i for i in reg_ids if i in gaps and i not in covered and i not in exempt]
        missing = [i for i in reg_ids if i not in covered and i not in exempt and i not in gaps]
        rows[reg] = {
            "clauses": len(reg_ids),
            "executable": len(executable),
            "exempt": len(exempt_ids),
            "not_modelled": len(gap_ids),
            "missing": len(missing),
            "scenarios": sum(1 for s in infos if s.regulation == reg),
            "passing": None
            if results is None
            else sum(1 for r in results if r.get("regulation") == reg and r["status"] == "passed"),
            "executable_percent": _percent(len(executable), len(reg_ids)),
            "exempt_ids": exempt_ids,
            "not_modelled_ids": gap_ids,
            "missing_ids": missing,
        }
    keys = ("clauses", "executable", "exempt", "not_modelled", "missing")
    total: dict[str, Any] = {k: sum(row[k] for row in rows.values()) for k in keys}
    total["scenarios"] = len(infos)
    total["passing"] = None if results is None else sum(1 for r in results if r["status"] == "passed")
    total["executable_percent"] = _percent(total["executable"], total["clauses"])
    return {"regulations": rows, "total": total}


def format_report(report: dict[str, Any]) -> str:
    """The coverage report as a plain-text table."""
    columns = ("clauses", "executable", "exempt", "not_modelled", "missing", "scenarios", "passing")
    lines = ["regulation  " + "  ".join(f"{c:>12}" for c in columns)]

    def row(label: str, values: dict[str, Any]) -> str:
        cells = ("n/a" if values[c] is None else str(values[c]) for c in columns)
        return f"{label:<10}  " + "  ".join(f"{cell:>12}" for cell in cells)

    lines += [row(reg, values) for reg, values in report["regulations"].items()]
    total = report["total"]
    lines.append(row("total", total))
    lines.append(
        f"executable: {total['executable']} of {total['clauses']} clauses ({total['executable_percent']} %); "
        f"exempt {total['exempt']}; not modelled {total['not_modelled']}; missing {total['missing']}"
    )
    for reg, values in report["regulations"].items():
        if values["not_modelled_ids"]:
            lines.append(f"not modelled {reg}: {', '.join(values['not_modelled_ids'])}")
        if values["missing_ids"]:
            lines.append(f"missing {reg}: {', '.join(values['missing_ids'])}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m spec_engine.kit.trace``: print the coverage report."""
    parser = argparse.ArgumentParser(
        prog="python -m spec_engine.kit.trace",
        description="Clause coverage per regulation: executable, exempt, not modelled, missing, scenarios, passing.",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--results", type=Path, help="per-scenario results (reports/scenarios.json)")
    parser.add_argument("--features", type=Path, default=FEATURES, help="the features directory")
    args = parser.parse_args(argv)
    try:
        report = coverage_report(args.features, args.results)
    except SpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
