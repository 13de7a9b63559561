"""The notebooks: committed as jupytext scripts without outputs, executed by tools/notebooks.py."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

# A 1x1 PNG: an image output without matplotlib.
PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="

TINY = f'''# %% [markdown]
# # A tiny notebook
#
# Some text.

# %%
from IPython.display import Image, Markdown, display
import base64

display(Markdown("| a | b |\\n|---|---|\\n| 1 | 2 |"))
print("printed")

# %% tags=["hide-input"]
display(Image(data=base64.b64decode("{PIXEL}"), format="png"), metadata={{"alt": "one pixel"}})
SECRET_INPUT = 1
'''

BROKEN = """# %% [markdown]
# # Broken

# %%
x = 1

# %%
1 / 0
"""


def committed_notebooks() -> list[Path]:
    """The .ipynb files under notebooks/ that git tracks (all of them, without git)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--", "notebooks"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return sorted(NOTEBOOKS.rglob("*.ipynb"))
    return [ROOT / name for name in listed.split("\0") if name.endswith(".ipynb")]


def has_outputs(path: Path) -> bool:
    """Whether an .ipynb file holds outputs (or execution counts) in any cell."""
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    return any(cell.get("outputs") or cell.get("execution_count") for cell in cells)


def test_no_notebook_outputs_committed() -> None:
    """Notebooks are committed as jupytext scripts; an .ipynb, if any, carries no outputs."""
    with_outputs = [p.relative_to(ROOT).as_posix() for p in committed_notebooks() if has_outputs(p)]
    assert not with_outputs, f"notebooks committed with outputs (commit the .py script only): {with_outputs}"


def test_outputs_are_detected(tmp_path: Path) -> None:
    clean, executed = tmp_path / "clean.ipynb", tmp_path / "executed.ipynb"
    clean.write_text(json.dumps({"cells": [{"cell_type": "code", "outputs": [], "execution_count": None}]}))
    executed.write_text(json.dumps({"cells": [{"cell_type": "code", "outputs": [{"output_type": "stream"}]}]}))
    assert not has_outputs(clean) and has_outputs(executed)


def test_the_notebooks_are_percent_scripts() -> None:
    scripts = sorted(NOTEBOOKS.glob("*.py"))
    assert {p.stem for p in scripts} >= {"five_rulebooks", "rule_explorer", "dealer_practice"}
    for path in scripts:
        text = path.read_text(encoding="utf-8")
        assert "format_name: percent" in text and re.search(r"^# %% \[markdown\]\n# # ", text, re.MULTILINE), path


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    for module in ("jupytext", "nbclient", "nbconvert", "ipykernel"):
        pytest.importorskip(module, reason="the notebook tools are in requirements/docs.txt")
    spec = importlib.util.spec_from_file_location("notebooks_tool", ROOT / "tools" / "notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_notebook_becomes_a_page(tool: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "tiny.py"
    source.write_text(TINY, encoding="utf-8")
    out = tmp_path / "out"
    tool.check_kernel()
    written = tool.build(source, out, cwd=tmp_path)
    assert {p.relative_to(out).as_posix() for p in written} == {"tiny.ipynb", "tiny.md", "tiny_files/tiny_2_0.png"}

    executed = json.loads((out / "tiny.ipynb").read_text(encoding="utf-8"))
    assert executed["cells"][1]["outputs"], "the .ipynb keeps the outputs"
    assert "SECRET_INPUT" in "".join(executed["cells"][2]["source"]), "the .ipynb keeps hidden inputs"
    assert [cell["id"] for cell in executed["cells"]] == ["cell-1", "cell-2", "cell-3"]  # stable, not random

    page = (out / "tiny.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    assert lines[0] == "# A tiny notebook" and page.count("# A tiny notebook") == 1
    assert '[Download the executed notebook](tiny.ipynb){: download="tiny.ipynb" }' in lines[2]
    # display(Markdown(...)) lands as Markdown: a table at the start of a line, outside any code block
    table = lines.index("| a | b |")
    assert lines[table - 1] == "" and lines[table + 2] == "| 1 | 2 |"
    assert sum(1 for line in lines[:table] if line.startswith("```")) % 2 == 0
    assert "    printed" in lines  # print output: an indented block
    assert "![one pixel](tiny_files/tiny_2_0.png)" in page
    assert "SECRET_INPUT" not in page  # hide-input: output only
    assert (out / "tiny_files" / "tiny_2_0.png").read_bytes().startswith(b"\x89PNG")


def test_a_failing_cell_names_notebook_and_cell(tool: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "broken.py"
    source.write_text(BROKEN, encoding="utf-8")
    with pytest.raises(tool.NotebookError) as err:
        tool.build(source, tmp_path / "out", cwd=tmp_path)
    message = str(err.value)
    assert "notebook broken.py: cell 3 of 3 (1 / 0) failed" in message
    assert "ZeroDivisionError" in message and "\x1b[" not in message
    assert not (tmp_path / "out" / "broken.md").exists()
    assert tool.main([str(tmp_path / "out"), str(source)]) == 1


def test_title(tool: ModuleType) -> None:
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
    assert tool.title_of(nb, "fallback") == "fallback"
    nb.cells.insert(0, nbformat.v4.new_markdown_cell("intro\n\n# Real title\n"))
    assert tool.title_of(nb, "fallback") == "Real title"
