"""One list of regulations (issue 25): ``spec_engine/data/regulations.toml``. Everything else
reads it (``REGULATION_IDS``, the command line's ``regulations``, the JavaScript
implementation, the site's navigation) or is checked against it (the schemas' enums). A
literal list of the regulation ids anywhere outside the data is a second list that a new
text would have to find and edit: this test finds them."""

from __future__ import annotations

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


def test_no_literal_list_of_the_regulations_outside_the_data() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    found = []
    for name in tracked.splitlines():
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
