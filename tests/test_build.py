"""``make site`` redoes only what changed (``tools/build.py``), and installs only what the site
needs (the Makefile)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from tests.util import load_tool

ROOT = Path(__file__).resolve().parents[1]


def load_build() -> ModuleType:
    return load_tool("build", "site_build")


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, list[str], list[str]]:
    """The build tool on three phases of a project in ``tmp_path``: ``one`` reads a.txt,
    ``two`` reads b.txt and ``one``'s result, ``three`` reads b.txt and ignores the overrides.
    Returns the module, the phases run, and the lines it printed."""
    tool = load_build()
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "STAMPS", tmp_path / "reports" / "build")
    monkeypatch.delenv(tool.OVERRIDES, raising=False)
    (tmp_path / "a.txt").write_text("a", encoding="utf-8")
    (tmp_path / "b.txt").write_text("b", encoding="utf-8")
    ran: list[str] = []

    def step(name: str) -> object:
        def run() -> str:
            ran.append(name)
            (tmp_path / f"out-{name}").write_text(name, encoding="utf-8")
            return f"{name} made"

        return run

    phases = [
        tool.Phase("one", lambda: [tmp_path / "a.txt"], ("out-one",), step("one")),
        tool.Phase("two", lambda: [tmp_path / "b.txt"], ("out-two",), step("two"), after=("one",)),
        tool.Phase("three", lambda: [tmp_path / "b.txt"], ("out-three",), step("three"), overrides=False),
    ]
    monkeypatch.setattr(tool, "phases", lambda: phases)
    return tool, ran, []


def test_each_phase_runs_again_only_when_what_it_reads_changed(
    build: tuple[ModuleType, list[str], list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool, ran, said = build
    tool.build(say=said.append)
    assert ran == ["one", "two", "three"]
    assert any(line.startswith("[site] one: ") and line.endswith("s (one made)") for line in said), said
    ran.clear(), said.clear()
    tool.build(say=said.append)
    assert ran == [] and said[:3] == [f"[site] {n}: up to date" for n in ("one", "two", "three")]
    (tmp_path / "a.txt").write_text("changed", encoding="utf-8")
    tool.build(say=said.append)
    assert ran == ["one", "two"]  # two reads one's result; three reads neither
    ran.clear()
    (tmp_path / "a.txt").write_text("a", encoding="utf-8")  # back as it was: one's last key is "changed"'s
    tool.build()
    assert ran == ["one", "two"]
    ran.clear()
    (tmp_path / "out-three").unlink()  # what a phase writes, missing
    tool.build()
    assert ran == ["three"]
    ran.clear()
    monkeypatch.setenv(tool.OVERRIDES, '{"CL": {"decks": 1}}')
    tool.build()
    assert ran == ["one", "two"]  # three ignores the overrides
    ran.clear()
    tool.build(force=True)
    assert ran == ["one", "two", "three"]


def test_current_says_what_a_build_would_leave_alone(
    build: tuple[ModuleType, list[str], list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``current(name)``, which a test asks before it would run a phase's command again, says
    "up to date" exactly where the build would, and refuses a phase that reads another's result."""
    tool = build[0]
    assert not tool.current("one") and not tool.current("three")  # never built
    tool.build()
    assert tool.current("one") and tool.current("three")
    monkeypatch.setenv(tool.OVERRIDES, '{"CL": {"decks": 1}}')
    assert not tool.current("one") and tool.current("three")  # three ignores the overrides
    monkeypatch.delenv(tool.OVERRIDES)
    (tmp_path / "b.txt").write_text("changed", encoding="utf-8")
    assert tool.current("one") and not tool.current("three")
    tool.build()
    (tmp_path / "out-one").unlink()
    assert not tool.current("one") and tool.current("three")
    with pytest.raises(ValueError, match="two reads other phases' results"):
        tool.current("two")


def test_the_conformance_reports_are_made_again_once_a_chromium_can_print_their_pdf(
    build: tuple[ModuleType, list[str], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a new machine ``make site`` runs before ``make test`` installs Chromium: its conformance
    reports have no PDF, and the next build, with Chromium there, makes them again (and the pages
    that link them): a phase's setting is part of its key."""
    tool, ran, _ = build
    printing = ["no"]
    tool.phases()[2].setting = lambda: printing[0]
    tool.build()
    ran.clear()
    tool.build()
    assert ran == []
    printing[0] = "yes"
    tool.build()
    assert ran == ["three"]
    from spec_engine.kit import certificate

    real = load_build()
    javascript = [p for p in real.phases() if p.name.startswith("javascript-")]
    assert javascript and all(p.setting is real.printer for p in javascript)
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setattr(certificate, "CHROMIUM_PATHS", ())
    without = real.printer()
    monkeypatch.setenv("CHROMIUM", "/usr/bin/chromium")
    assert without != real.printer()


def test_a_failing_phase_leaves_no_stamp(build: tuple[ModuleType, list[str], list[str]], tmp_path: Path) -> None:
    tool = build[0]
    tool.build()
    (tmp_path / "a.txt").write_text("changed", encoding="utf-8")
    phases = tool.phases()

    def broken() -> str:
        raise tool.BuildError("phase one broke")

    phases[0].run = broken
    with pytest.raises(tool.BuildError, match="phase one broke"):
        tool.build()
    assert not (tmp_path / "reports" / "build" / "one.key").exists()


def test_a_malformed_override_stops_the_build_at_once(
    build: tuple[ModuleType, list[str], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    tool, ran, _ = build
    monkeypatch.setenv(tool.OVERRIDES, '{"CL": {"decks": "many"}}')
    with pytest.raises(tool.BuildError, match="BLACKJACK_SPEC_OVERRIDES"):
        tool.build()
    assert ran == []


def test_the_real_phases_read_what_they_say() -> None:
    """The site's phases, in order: the catalogs (the gate, then compiled), the scenarios, the
    JavaScript reports, the pages (which read all three), the notebooks, MkDocs (which reads the
    pages and notebooks)."""
    tool = load_build()
    phases = tool.phases()
    names = [p.name for p in phases]
    assert names[:2] == ["catalogs", "scenarios"] and names[-1] == "mkdocs"
    pages = next(p for p in phases if p.name == "pages")
    assert {"catalogs", "scenarios"} <= set(pages.after)
    assert all(n in pages.after for n in names if n.startswith("javascript-"))
    assert set(phases[-1].after) == {"pages", *(n for n in names if n.startswith("notebook "))}
    # what the overrides change: the scenarios played, and so the pages and the site; not the
    # JavaScript reports (the kit plays the texts' rules) nor the notebooks (the texts' figures)
    ignoring = {p.name for p in phases if not p.overrides}
    assert ignoring == {"catalogs", *(n for n in names if n.startswith(("javascript-", "notebook ")))}, ignoring
    features = [p for p in phases[1].inputs() if p.suffix == ".feature"]
    assert len(features) > 20 and (ROOT / "tests" / "test_features.py") in phases[1].inputs()
    catalogs = {p.relative_to(ROOT).as_posix() for p in phases[0].inputs()}
    assert "spec_engine/locale/es/LC_MESSAGES/messages.po" in catalogs and "docs/javascripts/python.js" in catalogs
    assert not any(p.endswith(".mo") or p.startswith("docs/javascripts/locale/") for p in catalogs)  # what it writes


def test_make_site_installs_only_what_the_site_needs() -> None:
    """The site's install reads the kit's, the docs' and the analysis's pins: not the test
    tools, the browser driver or Ray, which make test adds."""
    dry = subprocess.run(
        ["make", "-n", "-B", "VENV=/nonexistent-venv", "/nonexistent-venv/.site-installed"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    installs = [line for line in dry.splitlines() if "pip install" in line and " -r " in line]
    assert installs and all("requirements/test.txt" not in line and "ray.txt" not in line for line in installs)
    for name in ("kit", "docs", "analysis"):
        assert f"requirements/{name}.txt" in dry
    test = (ROOT / "requirements" / "test.txt").read_text(encoding="utf-8")
    assert "playwright" in test and "playwright" not in "".join(
        (ROOT / "requirements" / f"{n}.txt").read_text(encoding="utf-8") for n in ("kit", "docs", "analysis")
    )
