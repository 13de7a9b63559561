"""Every shell command the README shows runs and exits 0, as a newcomer would type it.

The commands are read from README.md when the tests are collected (never listed here):

* every line of a fenced ``sh`` block (```` ```sh ````, or ``bash``, ``shell``; ``python``
  blocks and blocks with no language are not shell commands);
* every inline code span in the running text whose command is ``make`` (``make bench``,
  ``BLACKJACK_SPEC_OVERRIDES='...' make site``); other spans in the prose only name what a
  target runs (``python -m spec_engine.pages``): a command to be typed on its own belongs in
  a ``sh`` block.

A trailing ``# comment`` is dropped, lines ending in ``\\`` are joined, and a command may start
with environment assignments (``VAR='...' make site``): the command runs in bash as written.
Exactly ``make test``, ``make site`` and ``make serve`` are left out: the suite runs inside
``make test`` after ``make site``, and ``make serve`` never ends. With an assignment in front
(``BLACKJACK_SPEC_OVERRIDES=... make site``) a command is not one of those and runs.

Placeholders: an unquoted word of three or more capitals, digits and underscores that starts
with a capital (``OUT_DIR``, ``FILE``) stands for a folder the reader picks; each is replaced
by a fresh, empty temporary folder (the same one for the same word within a command).
Two-letter words are the regulation ids (``UY``, ``CZ``) and stay as written.

Where they run: the suite runs in parallel (``pytest -n 2``) with browser tests that read the
checkout's built ``site/`` and ``reports/``, and several commands write into the tree (``make
site``, ``make bench`` rebuilding the site, ``--out reports/...``). So all of them run in one
temporary copy of the checkout's files (``git ls-files``: tracked files and untracked ones that
are not ignored; no ``.venv``, ``site/`` or ``reports/``), one copy per pytest worker, with the
checkout's ``.venv/bin`` first on PATH (``python`` and ``blackjack-spec`` are the venv's) and
stdin empty. The copy starts with the checkout's own build (:data:`BUILT`: ``reports/``,
``docs/generated/``, ``site/``, the compiled engine, the compiled catalogs, the generated home
pages, ``node_modules/``; all ignored by git): the build redoes only what a command changes, as it
would in the checkout
(``BLACKJACK_SPEC_OVERRIDES=... make site`` replays the scenarios and the pages, not the
JavaScript implementation's reports, which never see overrides, nor the notebooks, which show the
texts' own figures). ``make`` is run as
``make VENV=<the checkout's .venv> -o <its install stamps>``: no second venv is made and the
stamps are never remade from the copy, which would repoint the venv's editable install of the
project at the copy. (That install still points at the
checkout; ``python -m spec_engine...`` run in the copy imports the copy's ``spec_engine``
first, since ``-m`` puts the working directory first on ``sys.path``.) Each test checks
afterwards that the install still points at the checkout.

Heavy commands run in a quick form that still runs them end to end (:data:`QUICK`): ``make
bench`` with each benchmark brief, the mutants with one mutant and the control
(``tests/test_mutants.py`` runs them all). A command whose quick form is itself a command the
README shows (``make bench``, whose quick form is ``make bench QUICK=1``) is not run a second
time: the same target, scripts and flags would run twice. The full form is still checked: ``make
-n`` reads the Makefile and prints the target's recipe without running it, and each script the
recipe names exists (:func:`test_a_command_run_by_its_quick_form_is_a_target_make_can_run`).

Nothing is skipped: a command that cannot run here (no ``node``, a stale ``.venv``) fails with
the command and its output. Each command may take up to ``TIMEOUT`` seconds.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
VENV = ROOT / ".venv"
STAMPS = (VENV / ".site-installed", VENV / ".test-installed")
"""The Makefile's install stamps (``$(SITE_DEPS)``, ``$(TEST_DEPS)``)."""
BUILT = (
    "reports",
    "docs/generated",
    "docs/index*.md",
    "docs/javascripts/locale",
    "site",
    "build/compiled",
    "spec_engine/locale/*/LC_MESSAGES/*.mo",
    "node_modules",
)
"""The checkout's build, copied into the copy (see the module's note): everything ``make site``
writes that git ignores. Without any one of them the copy's first ``make`` rebuilds it and what
depends on it (the compiled engine, about 30 s of CPU; the catalogs, then the pages and MkDocs,
about 40 s; ``npm ci``), which no command the README shows asks for."""
TIMEOUT = 1200  # a guard against a hang, not a speed target (the benchmarks measure speed)
"""Seconds one command may run."""
QUICK = {
    "make bench": "make bench QUICK=1",
    "python -m tests.mutants": "python -m tests.mutants dealer_hits_soft_17",
    "python -m tests.mutants --deviations": "python -m tests.mutants --deviations card_named_shoe",
}
"""Heavy commands the README shows, and the quick form this test runs: ``make bench`` takes
minutes on a quiet machine (its figures are for one, not for a test); every mutant runs in
``tests/test_mutants.py``, so here one mutant and the control show the command works (and one of the
protocol's deviations: ``tests/test_deviations.py`` plays them all)."""
NOT_RUN = {"make test", "make site", "make serve", "make simulate", "make cut-card"}
"""Not run here: make test runs this suite (and make site in it); make serve does not end; make
simulate plays 5 x 10^7 rounds (about 15 minutes on two cores) to write docs/simulations/, and
tests/test_simulate.py plays the same code on 10^5 rounds per rulebook; make cut-card deals
millions of whole shoes (CPU hours), and tests/test_simulate.py deals whole shoes with the same
code (its summaries are checked by tests/test_cost.py)."""
SHELLS = {"sh", "bash", "shell"}
MIN_COMMANDS = 8
"""The README shows at least this many commands: fewer means the extraction broke."""

FENCE = re.compile(r"^```[ \t]*(\S*)[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
INLINE = re.compile(r"`([^`]+)`")
ASSIGNMENTS = r"(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*"
"""Environment assignments in front of a command, on the masked text (quotes are ``x``)."""
PLACEHOLDER = re.compile(r"(?<!\S)[A-Z][A-Z0-9_]{2,}(?!\S)")
MAKE = re.compile(r"(?:^|(?<=&&)|(?<=\|\|)|(?<=[;|(]))\s*" + ASSIGNMENTS + r"make(?=\s|$)")


def mask(text: str) -> str:
    """``text`` with every quoted part (quotes included) and escaped character turned into
    ``x``, same length: what is left is the shell syntax (words, ``#``, ``&&``)."""
    out = list(text)
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            out[i : i + 2] = "x" * len(text[i : i + 2])
            i += 2
        elif c in "'\"":
            end = i + 1
            while end < len(text) and text[end] != c:
                end += 2 if c == '"' and text[end] == "\\" else 1
            out[i : end + 1] = "x" * len(text[i : end + 1])
            i = end + 1
        else:
            i += 1
    return "".join(out)


def strip_comment(line: str) -> str:
    """The line without a trailing ``# comment`` (a ``#`` that starts a word, not quoted)."""
    masked = mask(line)
    for i, c in enumerate(masked):
        if c == "#" and (i == 0 or masked[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def block_commands(block: str) -> list[str]:
    """The commands of one ``sh`` block: comments dropped, continued lines joined."""
    commands: list[str] = []
    pending = ""
    for raw in block.splitlines():
        line = strip_comment(raw)
        continued = line.endswith("\\") and not line.endswith("\\\\")
        if continued:
            line = line[:-1]
        pending = f"{pending} {line.strip()}".strip() if pending else line.strip()
        if not continued and pending:
            commands.append(pending)
            pending = ""
    if pending:
        commands.append(pending)
    return commands


def is_make(command: str) -> bool:
    """Whether the command, after any environment assignments, is ``make``."""
    return re.match(r"\s*" + ASSIGNMENTS + r"make(?:\s|$)", mask(command)) is not None


def readme_commands(text: str) -> list[str]:
    """Every command ``text`` (a README) shows, each once: the ``sh`` blocks' in order, then
    the prose's; not those in ``NOT_RUN``."""
    found: list[str] = []
    prose = []
    last = 0
    for fence in FENCE.finditer(text):
        prose.append(text[last : fence.start()])
        last = fence.end()
        if fence.group(1) in SHELLS:
            found += block_commands(fence.group(2))
    prose.append(text[last:])
    for span in INLINE.finditer("".join(prose)):
        command = span.group(1).replace("\n", " ").strip()
        if is_make(command):
            found.append(command)
    return [c for c in dict.fromkeys(found) if " ".join(c.split()) not in NOT_RUN]


def fill_placeholders(command: str, folder: Path) -> str:
    """``command`` with each placeholder word replaced by a new folder under ``folder``."""
    chosen: dict[str, Path] = {}
    spans = [m.span() for m in PLACEHOLDER.finditer(mask(command))]
    for start, end in reversed(spans):
        word = command[start:end]
        if word not in chosen:
            chosen[word] = folder / word.lower()
            chosen[word].mkdir(parents=True, exist_ok=True)
        command = command[:start] + shlex.quote(str(chosen[word])) + command[end:]
    return command


def in_copy(command: str, venv: Path) -> str:
    """``command`` with each ``make`` told to use ``venv`` and never remake its stamps."""
    flags = f" VENV={shlex.quote(str(venv))}" + "".join(f" -o {shlex.quote(str(venv / s.name))}" for s in STAMPS)
    for match in reversed(list(MAKE.finditer(mask(command)))):
        command = command[: match.end()] + flags + command[match.end() :]
    return command


def test_extraction_on_a_small_readme(tmp_path: Path) -> None:
    text = """# Title

Run `make test`, then `make bench`; `python -m pkg.pages` is what `make site` runs.
`FOO='{"A": {"b": "none"}}' make site` explores; `make serve` serves.

```sh
make site    # builds the site (make serve: serves it)
python -m pkg rules UY          # the rule set
python -m pkg.kit.conform --impl "node x.js # not a comment" --regulation CZ \\
       --out reports/x-CZ               # run the suite
python -m pkg.kit.vectors OUT_DIR    # every scenario as a vector

make bench
```

```python
import pkg  # not a shell command
```

```
not a command either
```
"""
    assert readme_commands(text) == [
        "python -m pkg rules UY",
        'python -m pkg.kit.conform --impl "node x.js # not a comment" --regulation CZ --out reports/x-CZ',
        "python -m pkg.kit.vectors OUT_DIR",
        "make bench",
        """FOO='{"A": {"b": "none"}}' make site""",
    ]
    filled = fill_placeholders("tool OUT_DIR --regulation CZ --also OUT_DIR 'KEEP_ME' X=NOT_ME", tmp_path)
    out = tmp_path / "out_dir"
    assert filled == f"tool {out} --regulation CZ --also {out} 'KEEP_ME' X=NOT_ME"
    assert out.is_dir()
    venv = Path("/v/.venv")
    flags = f"VENV={venv}" + "".join(f" -o {venv / s.name}" for s in STAMPS)
    assert in_copy("FOO='a make b' make site", venv) == f"FOO='a make b' make {flags} site"
    assert in_copy("make bench && cd x && make -C y", venv) == f"make {flags} bench && cd x && make {flags} -C y"
    assert in_copy("python -m makefile make", venv) == "python -m makefile make"


README_COMMANDS = readme_commands(README.read_text(encoding="utf-8"))
RUN_AS_ANOTHER = {c: QUICK[c] for c in README_COMMANDS if c in QUICK and QUICK[c] in README_COMMANDS}
"""Commands whose quick form is another command of the README, which runs: each is checked by
``make -n``, not run again (see the module's note)."""


def test_the_readme_shows_commands() -> None:
    assert len(README_COMMANDS) >= MIN_COMMANDS, README_COMMANDS


def test_each_quick_form_stands_for_a_command_the_readme_shows() -> None:
    """A quick form whose command left the README would test nothing the README says."""
    assert set(QUICK) <= set(README_COMMANDS), sorted(set(QUICK) - set(README_COMMANDS))


@pytest.fixture(scope="session")
def checkout_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the checkout's files (tracked, and untracked but not ignored)."""
    if not (VENV / "bin" / "python").exists():
        pytest.fail(f"no {VENV}: run make test (or make site) first, it creates it", pytrace=False)
    for path in STAMPS:
        stamp = f"{VENV.name}/{path.name}"
        stale = subprocess.run(["make", "-q", stamp], cwd=ROOT, env=environment(), capture_output=True, text=True)
        if stale.returncode != 0:
            pytest.fail(
                f"{VENV} is older than what it is installed from: run make {stamp} (make test does)"
                f"\n{stale.stdout}{stale.stderr}",
                pytrace=False,
            )
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True
    )
    if listed.returncode != 0:
        pytest.fail(f"git ls-files failed in {ROOT}: {listed.stderr.decode(errors='replace')}", pytrace=False)
    copy = tmp_path_factory.mktemp("checkout")
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if name and (source.is_file() or source.is_symlink()):  # not one deleted in the work tree
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name, follow_symlinks=False)
    for pattern in BUILT:
        for source in ROOT.glob(pattern):
            target = copy / source.relative_to(ROOT)
            if source.is_dir():
                shutil.copytree(source, target, symlinks=True, dirs_exist_ok=True)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)
    return copy


def environment() -> dict[str, str]:
    """This process's environment, the venv first on PATH, without what the suite or an
    enclosing make set for itself."""
    inherited = ("BLACKJACK_SPEC_", "PYTEST_", "MAKE", "MFLAGS")
    env = {k: v for k, v in os.environ.items() if not k.startswith(inherited) and k != "VIRTUAL_ENV"}
    env["PATH"] = f"{VENV / 'bin'}{os.pathsep}{env.get('PATH', os.defpath)}"
    env["VIRTUAL_ENV"] = str(VENV)
    # the exact odds the copy's pages and commands need come from the one shared cache (the
    # default place: what a reader's commands use), kept by the checkout's own builds
    return env


def run(command: str, cwd: Path) -> tuple[int | None, str]:
    """Run ``command`` in bash; its exit code (``None`` on timeout) and its output."""
    process = subprocess.Popen(
        ["bash", "-c", command],
        cwd=cwd,
        env=environment(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=TIMEOUT)
        return process.returncode, output
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return None, output


def test_a_command_run_by_its_quick_form_is_a_target_make_can_run(tmp_path: Path) -> None:
    """``make bench`` is run as ``make bench QUICK=1`` (a command the README shows too, run once by
    the test below); in its full form ``make -n`` reads the Makefile and prints the recipe without
    running it: the target exists, its prerequisites can be made, each script the recipe runs
    exists, and none runs brief."""
    assert RUN_AS_ANOTHER == {"make bench": "make bench QUICK=1"}, RUN_AS_ANOTHER  # the case this covers
    for command in RUN_AS_ANOTHER:
        assert is_make(command), command
        code, output = run(in_copy(command, VENV).replace("make", "make -n", 1), ROOT)
        assert code == 0, f"make -n for {command!r} exited {code}:\n{output[-3000:]}"
        scripts = re.findall(r"\s(benchmarks/\S+\.py)\b", output)
        assert len(scripts) >= 5 and all((ROOT / s).is_file() for s in scripts), output[-3000:]
        assert "--quick" not in output, output[-3000:]


@pytest.mark.parametrize("command", RUN := [c for c in README_COMMANDS if c not in RUN_AS_ANOTHER], ids=RUN)
def test_readme_command(command: str, checkout_copy: Path, tmp_path: Path) -> None:
    ran = in_copy(fill_placeholders(QUICK.get(command, command), tmp_path), VENV)
    code, output = run(ran, checkout_copy)
    if code != 0:
        status = f"ran longer than {TIMEOUT} s" if code is None else f"exited {code}"
        tail = output[-8000:]
        pytest.fail(f"README command {command!r} {status}\nran: {ran}\nin: {checkout_copy}\n{tail}", pytrace=False)
    if "BLACKJACK_SPEC_OVERRIDES" in command and command.endswith("make site"):
        # a site built with changed rule values says so on every page it renders
        pages = [p for p in (checkout_copy / "site").rglob("*.html") if p.name != "404.html"]
        rendered = [p for p in pages if 'class="md-content"' in p.read_text("utf-8")]
        bare = [str(p.relative_to(checkout_copy)) for p in rendered if "overrides-banner" not in p.read_text("utf-8")]
        assert len(rendered) > 50 and bare == [], bare
    where = subprocess.run(
        [str(VENV / "bin" / "python"), "-c", "import spec_engine; print(spec_engine.__file__)"],
        cwd=tmp_path,
        env=environment(),
        capture_output=True,
        text=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(ROOT), (
        f"after {ran!r} the venv's spec_engine is no longer the checkout's: {where.stdout}{where.stderr}"
    )


# ------------------------------------------------------------------------------ a README that stays true
def test_the_readmes_generated_figures_are_what_the_code_gives() -> None:
    """The coverage, catalog and odds tables and the scenario count (tools/readme.py)."""
    done = subprocess.run([sys.executable, "tools/readme.py"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert text.count("<!-- generated: ") == 4


def test_the_readme_and_the_architecture_page_name_the_same_rooms() -> None:
    architecture = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rooms = dict(re.findall(r"^\| \*\*(.+?)\*\* \| `([^`]+)`", architecture, flags=re.M))
    intro = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    named = dict(re.findall(r"^- `([^`]+)` — \*\*(.+?)\*\*", intro, flags=re.M))
    assert {path.rstrip("/") for path in named} == {path.rstrip("/") for path in rooms.values()}
    assert {named[path] for path in named} == set(rooms)


def test_the_layout_shows_every_top_level_folder_and_every_package() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = text.split("## Layout", 1)[1].split("```", 2)[1]
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    folders = {line.split("/", 1)[0] for line in tracked.splitlines() if "/" in line and not line.startswith(".")}
    shown = set(re.findall(r"^([\w.-]+)/", layout, flags=re.M))
    assert folders <= shown, folders - shown
    packages = {p.parent.name for p in (ROOT / "spec_engine").glob("*/__init__.py")}
    assert packages <= set(re.findall(r"^  (\w+)/", layout, flags=re.M)), packages
