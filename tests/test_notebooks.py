"""The notebooks: committed as jupytext scripts without outputs, executed by tools/notebooks.py."""

from __future__ import annotations

import json
import logging
import re
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.util import load_tool

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
    return load_tool("notebooks", "notebooks_tool")


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


# --- which cells run in the page ------------------------------------------------------------

CELLS = """# %% [markdown]
# # Cells for the page

# %%
from fractions import Fraction

from IPython.display import Markdown, display

from spec_engine.rules import ruleset

HALF = Fraction(1, 2)

# %%
import numpy as np

GRID = np.arange(3)

# %%
print(ruleset("UY").min_stand_total * HALF)

# %%
print(GRID)

# %% tags=["hide-input"]
def shown(values):
    return [HALF * v for v in values]

# %%
print(shown([GRID[0]]))

# %%
from spec_engine.pages.cost import figures

# %%
from IPython.display import Image
import subprocess

# %%
RESULTS = {}

# %%
RESULTS["plot"] = GRID

# %%
print(len(RESULTS))

# %%
rows = [x for x in [1, 2]]
total = sum(x for x in rows)
(lambda GRID: GRID)(1)
"""


def plans_of(tool: ModuleType, text: str, tmp_path: Path) -> dict[int, Any]:
    source = tmp_path / "cells.py"
    source.write_text(text, encoding="utf-8")
    nb = tool.load(source)
    return {index + 1: cell_plan for index, cell_plan in tool.plan(nb).items()}  # by cell number


def uses(cell_plan: Any) -> tuple[int, ...]:
    """The numbers of the earlier cells a cell uses (the plan holds their 0-based indices)."""
    return tuple(index + 1 for index in cell_plan.uses)


def test_which_cells_run_in_the_page(tool: ModuleType, tmp_path: Path) -> None:
    plans = plans_of(tool, CELLS, tmp_path)
    runnable = {number for number, cell_plan in plans.items() if cell_plan.runnable}
    assert sorted(plans) == list(range(2, 14))
    # stdlib, the engine's modules, IPython.display's display and Markdown (the page's stand-in)
    assert {2, 4, 10, 13} <= runnable
    assert plans[3].needs == ("numpy",) and "a package not available offline" in plans[3].why
    # a cell needing nothing itself is not runnable when it uses a name from a cell that is not
    assert plans[5].needs == ("numpy",) and plans[5].why.startswith("It uses `GRID` from cell 3,")
    assert uses(plans[5]) == (3,)
    assert plans[6].runnable and uses(plans[6]) == (2,)  # a function's body reads HALF when called
    assert not plans[7].runnable and set(uses(plans[7])) == {3, 6}
    assert plans[8].needs == ("spec_engine.pages",) and "not in the page's engine" in plans[8].why
    assert plans[9].needs == ("IPython.display.Image", "subprocess")
    assert "a page cannot start processes" in plans[9].why
    # assigning an item changes the name: a later reader depends on that cell too
    assert not plans[11].runnable and not plans[12].runnable and uses(plans[12]) == (11,)
    # comprehension variables and lambda parameters are their own, not earlier cells' names
    assert uses(plans[13]) == ()
    assert runnable == {2, 4, 6, 10, 13}


@pytest.mark.parametrize(
    ("module", "names", "lacks"),
    [
        ("json", (), None),
        ("concurrent.futures", ("ThreadPoolExecutor",), "concurrent"),
        ("spec_engine", ("rules", "cards"), None),
        ("spec_engine", ("rules", "analysis"), "spec_engine.analysis"),
        ("spec_engine.game", ("Round",), None),
        ("spec_engine.kit.runner", (), "spec_engine.kit"),
        ("spec_engine.nothing_like_it", (), "spec_engine.nothing_like_it"),
        ("IPython.display", ("display", "Markdown"), None),
        ("IPython.display", ("HTML",), "IPython.display.HTML"),
        ("IPython", (), "IPython"),
        ("matplotlib.pyplot", (), "matplotlib"),
    ],
)
def test_what_an_import_lacks_in_the_page(
    tool: ModuleType, module: str, names: tuple[str, ...], lacks: str | None
) -> None:
    found = tool.lacking(module, names)
    assert (found[0] if found else None) == lacks


def test_a_magic_is_not_runnable(tool: ModuleType, tmp_path: Path) -> None:
    plans = plans_of(tool, "# %% [markdown]\n# # M\n\n# %%\n%matplotlib inline\nx = 1\n", tmp_path)
    assert not plans[2].runnable and "IPython syntax" in plans[2].why


def test_the_real_notebooks_cells(tool: ModuleType) -> None:
    def plans(name: str) -> dict[int, Any]:
        return {i + 1: p for i, p in tool.plan(tool.load(NOTEBOOKS / f"{name}.py")).items()}

    explorer = plans("rule_explorer")
    uy = [
        n
        for n, p in explorer.items()
        if p.runnable and 'ruleset("UY")' in tool.load(NOTEBOOKS / "rule_explorer.py").cells[n - 1].source
    ]
    assert uy, "the rule explorer has a runnable cell calling ruleset('UY') (the browser tests run it)"
    scenarios = [p for p in explorer.values() if p.why.startswith("It needs `subprocess`")]
    assert len(scenarios) == 1 and not any(p.runnable for p in explorer.values() if p.index > scenarios[0].index)
    costs = plans("rule_costs")  # the analysis and plots: nothing runs in the page
    assert not any(p.runnable for p in costs.values())
    assert "matplotlib" in costs[2].needs and "spec_engine.pages" in costs[2].needs
    rulebooks = plans("five_rulebooks")  # only the chart needs matplotlib; the tables are the engine's
    assert [n for n, p in rulebooks.items() if not p.runnable] == [
        n for n, p in rulebooks.items() if "matplotlib" in p.needs
    ]
    assert sum(p.runnable for p in rulebooks.values()) >= 5
    assert all(p.runnable for p in plans("dealer_practice").values())


RUNNABLE = """# %% [markdown]
# # Runnable

# %%
from spec_engine.rules import ruleset

print(ruleset("UY").decks)

# %%
import numpy

# %% tags=["hide-input"]
SECRET_INPUT = "</script><b>"

# %%
print(SECRET_INPUT < "z")
"""


def test_a_page_with_runnable_cells(tool: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "runnable.py"
    source.write_text(RUNNABLE, encoding="utf-8")
    out = tmp_path / "out"
    tool.build(source, out, cwd=tmp_path)
    page = (out / "runnable.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    # each shown runnable cell: its control, after its output; the code in a labelled text area
    control = next(line for line in lines if 'data-cell="2"' in line)
    assert lines.index(control) > lines.index("    5")  # UY deals from 5 decks: the build's output first
    assert '<label class="nb-label" for="nb-code-2">Code of cell 2' in control
    assert 'id="nb-code-2"' in control and "print(ruleset(&quot;UY&quot;).decks)" in control
    assert "&#10;" in control and '<div class="nb-output" id="nb-out-2" aria-live="polite">' in control
    # a Stop button, hidden until the cell runs, and the time limit by the Run button, which it describes
    assert '<button type="button" class="md-button nb-stop-button" data-cell="2" hidden>Stop cell 2</button>' in control
    assert 'aria-describedby="nb-limit-2">Run cell 2</button>' in control
    limit = f'<span class="nb-limit-s">{tool.RUN_LIMIT}</span> s.</small>'
    assert f'<small class="nb-limit" id="nb-limit-2">A run stops by itself after {limit}' in control
    assert '<details class="nb-run" data-cell="5">' in page and "print(SECRET_INPUT &lt; &quot;z&quot;)" in page
    assert 'data-cell="4"' not in page.split('<script type="application/json"')[0]  # hidden: no control
    assert '<p class="nb-offline" data-cell="3"><strong>Not runnable in this page:</strong>' in page
    assert "<code>numpy</code> (a package not available offline in the page)" in page
    # the runnable cells' sources, hidden ones too, for the script; no "<" to close the element
    data = page.split('<script type="application/json" id="nb-cells">')[1].split("</script>")[0]
    assert "<" not in data
    plan = json.loads(data)
    assert plan["page"] == "notebooks/runnable.html" and plan["limit"] == tool.RUN_LIMIT
    assert [(c["cell"], c["shown"]) for c in plan["cells"]] == [(2, True), (4, False), (5, True)]
    assert plan["cells"][1]["source"] == 'SECRET_INPUT = "</script><b>"'
    assert page.count('<script src="../../javascripts/python.js"></script>') == 1
    assert page.index("python.js") < page.index("notebook.js")
    assert '<link rel="stylesheet" href="../../stylesheets/notebook.css">' in page
    assert "display(Markdown(...))` shows the Markdown source as plain text" in page
    executed = (out / "runnable.ipynb").read_text(encoding="utf-8")
    assert "nb-run" not in executed and "nb-offline" not in executed  # the download is the plain notebook


def test_a_page_without_runnable_cells_loads_no_python(tool: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "tiny.py"
    source.write_text(TINY, encoding="utf-8")
    tool.build(source, tmp_path / "out", cwd=tmp_path)
    page = (tmp_path / "out" / "tiny.md").read_text(encoding="utf-8")
    assert "python.js" not in page and "notebook.js" not in page and "nb-cells" not in page
    assert "<details" not in page
    assert "None of this notebook's cells can run in the page" in page
    assert "<code>IPython.display.Image</code>" in page  # the first cell: it imports Image
    # the hidden cell's output (the image) says so too, without its code
    hidden = next(line for line in page.splitlines() if 'class="nb-offline" data-cell="3"' in line)
    assert "the code of the output above (hidden here" in hidden and "from cell 2" in hidden


LOGGING = f'''# %% [markdown]
# # A notebook that logs

# %%
import base64
import sys

from IPython.display import Image, display

print("a result")
print("progress: 3 of 5 computed", file=sys.stderr)

# %% tags=["show-stderr"]
print("a warning shown on purpose", file=sys.stderr)

# %%
display(Image(data=base64.b64decode("{PIXEL}"), format="png", width=1, height=1), metadata={{"alt": "a pixel"}})
'''


def test_standard_error_is_the_builds_log_not_the_pages(
    tool: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What a cell writes to standard error stays in the .ipynb and goes to the build's own
    standard error; its page leaves it out, unless the cell is tagged show-stderr. An image shown
    with a size keeps it on the page."""
    source = tmp_path / "logging.py"
    source.write_text(LOGGING, encoding="utf-8")
    out = tmp_path / "out"
    tool.build(source, out, cwd=tmp_path)
    page = (out / "logging.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    assert "    a result" in lines and "    progress: 3 of 5 computed" not in lines  # outputs: indented
    assert "    a warning shown on purpose" in lines
    assert '![a pixel](logging_files/logging_3_0.png){ width="1" height="1" }' in page
    executed = (out / "logging.ipynb").read_text(encoding="utf-8")
    assert "progress: 3 of 5 computed" in executed  # the download is the whole notebook
    said = capsys.readouterr().err
    assert "logging.py, cell 2, on standard error (not on its page): progress: 3 of 5 computed" in said
    assert "shown on purpose" not in said


def test_slow_odds_are_logged_not_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """A rule set whose odds take time is a build message: logged (the pages' command line shows
    it), never written to standard error, where a notebook's page would show it."""
    from spec_engine.pages import cost
    from spec_engine.rules import ruleset

    clock = iter([100.0, 103.5])
    monkeypatch.setattr(cost.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(cost, "cached_odds", lambda rules, folder: type("Found", (), {"key": "k1"})())
    with caplog.at_level(logging.INFO, logger="spec_engine"):
        cost.figures(ruleset("UY"))
    assert capsys.readouterr().err == ""
    assert [r.getMessage() for r in caplog.records] == ["odds of UY (k1) computed in 3.5 s"]


def test_a_chart_reads_on_a_phone() -> None:
    """A chart is drawn for the width it is shown at, its smallest text said in the PNG (at
    least 12 px as shown), its series named there too; smaller text is refused."""
    pytest.importorskip("matplotlib", reason="the charts are in requirements/docs.txt")
    import io

    import matplotlib
    from PIL import Image

    from spec_engine.pages import charts

    with matplotlib.rc_context(charts.STYLE):
        fig = charts.figure(height=200)
        ax = fig.subplots()
        ax.plot([1, 2], [3, 4], label="CL")
        ax.set_xlabel("decks")
        chart = charts.render(fig, ["CL", "ES"])
    image = Image.open(io.BytesIO(chart.png))
    assert image.size == (charts.WIDTH * charts.DENSITY, 200 * charts.DENSITY)
    assert (chart.width, chart.height) == (charts.WIDTH, 200)
    shown = float(image.text[charts.SMALLEST_TEXT]) * chart.width / image.size[0]
    assert shown == pytest.approx(charts.TEXT_PT * charts.PX_PER_INCH / 72, abs=0.1) and shown >= 12
    assert image.text[charts.SERIES].splitlines() == ["CL", "ES"]
    assert "Software" not in image.text
    small = charts.figure(height=200)
    small.subplots().set_xlabel("decks", fontsize=8)
    with pytest.raises(ValueError, match=r"smallest text would show 11\.1 px high; at least 12 px"):
        charts.render(small, [])


def test_the_rule_explorer_finds_the_project_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from elsewhere (nbconvert runs a notebook in its own folder, /tmp say), the rule
    explorer finds the scenarios through the installed engine; it once looked only upwards
    from where it ran, and for the features where they no longer are."""
    import ast

    source = (ROOT / "notebooks" / "rule_explorer.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    found = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "project_root")
    space: dict[str, object] = {"Path": Path}
    exec(compile(ast.Module(body=[found], type_ignores=[]), "rule_explorer.py", "exec"), space)
    monkeypatch.chdir(tmp_path)
    assert space["project_root"]() == ROOT  # type: ignore[operator]
