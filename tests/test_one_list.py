"""One list of regulations (issue 25): ``spec_engine/data/regulations.toml``. Everything else
reads it (``REGULATION_IDS``, the command line's ``regulations``, the JavaScript
implementation, the site's navigation) or is checked against it (the schemas' enums). A
literal list of the regulation ids anywhere outside the data is a second list that a new
text would have to find and edit: this test finds them."""

from __future__ import annotations

import fnmatch
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from spec_engine.catalog import REGULATION_IDS
from spec_engine.kit.driver import PROTOCOL_VERSION
from spec_engine.kit.scaffold import schema_regulation_enums

ROOT = Path(__file__).resolve().parents[1]
TOKEN = re.compile(r"(?<![A-Za-z0-9_-])(" + "|".join(REGULATION_IDS) + r")(?![A-Za-z0-9_])")
SEPARATOR = re.compile(r"""[\s,'"`|\[\](){}:;/]*(?:(?:and|or)[\s,'"`|]*)?""")
"""What may stand between the ids of a written-out list: punctuation, quotes, "and"/"or"."""
BINARY = {".png", ".pdf", ".zip", ".ico", ".woff2", ".svg"}


def literal_lists(text: str) -> list[tuple[int, str]]:
    """(line, text) of each run of regulation ids, separated only by punctuation, that holds
    every one of them: a list written out by hand. Lines of a protocol transcript (``→``,
    ``←``: an example of what a program printed) are not lists."""
    found = []
    matches = [m for m in TOKEN.finditer(text)]
    i = 0
    while i < len(matches):
        run, j = [matches[i]], i + 1
        while j < len(matches):
            gap = text[run[-1].end() : matches[j].start()]
            if len(gap) > 40 or not SEPARATOR.fullmatch(gap):
                break
            run.append(matches[j])
            j += 1
        if {m.group(1) for m in run} >= set(REGULATION_IDS):
            start = text.rfind("\n", 0, run[0].start()) + 1
            line = text[start : text.find("\n", start)]
            if not line.lstrip().startswith(("→", "←")):
                found.append((text.count("\n", 0, run[0].start()) + 1, text[run[0].start() : run[-1].end()]))
        i = j
    return found


def test_the_detector_finds_a_written_out_list_and_nothing_else() -> None:
    listed = ", ".join(f'"{r}"' for r in REGULATION_IDS)
    assert literal_lists(f"REGS = ({listed})\n") and literal_lists(" ".join(REGULATION_IDS))
    assert literal_lists(f"`{'`, `'.join(REGULATION_IDS)}`") and literal_lists("; ".join(reversed(REGULATION_IDS)))
    assert not literal_lists(f"for reg in REGULATION_IDS: ...  # {REGULATION_IDS[0]} first")
    assert not literal_lists(f'← {{"regulations":[{listed}]}}')  # a transcript


def project_files(root: Path = ROOT) -> list[str]:
    """The project's files: git's (tracked, and untracked ones not ignored) in a clone; in a
    copy with no ``.git`` (the README commands' copy), every file that ``.gitignore`` lets in."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root, capture_output=True, text=True
    )
    if listed.returncode == 0 and (root / ".git").exists():
        return listed.stdout.splitlines()
    patterns = [p.strip() for p in (root / ".gitignore").read_text(encoding="utf-8").splitlines()]
    patterns = [p for p in patterns if p and not p.startswith("#")]

    def ignored(name: str) -> bool:
        parts = name.split("/")
        for pattern in patterns:
            if pattern.endswith("/"):
                folder = pattern.rstrip("/")
                if "/" in folder:
                    if name.startswith(folder + "/"):
                        return True
                elif any(fnmatch.fnmatch(part, folder) for part in parts[:-1]):
                    return True
            elif fnmatch.fnmatch(name if "/" in pattern else parts[-1], pattern):
                return True
        return False

    names = (p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    return sorted(n for n in names if not n.startswith(".git/") and not ignored(n))


def test_the_files_read_are_the_same_with_or_without_git(tmp_path: Path) -> None:
    """In a copy with no ``.git`` the walk skips what ``.gitignore`` ignores, as git would."""
    shutil.copyfile(ROOT / ".gitignore", tmp_path / ".gitignore")
    for name in (
        "README.md",
        "tests/a.py",
        "docs/generated/x.md",
        ".venv/lib/y.py",
        "notebooks/n.ipynb",
        "notebooks/n.py",
        "pkg.egg-info/PKG-INFO",
        "spec_engine/__pycache__/m.pyc",
        "site/i.html",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert project_files(tmp_path) == [".gitignore", "README.md", "notebooks/n.py", "tests/a.py"]
    assert "tests/test_one_list.py" in project_files()


def test_no_literal_list_of_the_regulations_outside_the_data() -> None:
    found = []
    for name in project_files():
        path = ROOT / name
        if name.startswith("spec_engine/data/") or path.suffix in BINARY or name == "package-lock.json":
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        found += [f"{name}:{line}: {words}" for line, words in literal_lists(text)]
    assert found == [], "write REGULATION_IDS (or read data/regulations.toml) instead:\n" + "\n".join(found)


def test_the_schemas_enums_are_the_list() -> None:
    enums = schema_regulation_enums()
    assert len(enums) == 4 and all(values == list(REGULATION_IDS) for values in enums.values()), enums


def test_the_command_line_and_the_javascript_read_the_list() -> None:
    done = subprocess.run([sys.executable, "-m", "spec_engine", "regulations"], capture_output=True, text=True)
    assert done.stdout.split() == list(REGULATION_IDS)
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    hello = subprocess.run(
        ["node", str(ROOT / "conformance" / "js" / "blackjack.js")],
        input=json.dumps({"id": 1, "op": "hello", "protocol": PROTOCOL_VERSION}) + "\n",
        capture_output=True,
        text=True,
    )
    assert json.loads(hello.stdout)["regulations"] == list(REGULATION_IDS)
