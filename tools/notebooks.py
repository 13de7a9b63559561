#!/usr/bin/env python3
"""Execute the notebooks and write them out for the site.

Each ``notebooks/*.py`` (a jupytext "percent" script, the only form committed) is read into
a notebook, executed top to bottom in a fresh kernel of this interpreter with the project
root as working directory, and written to ``OUT`` as

* ``<name>.ipynb``: the executed notebook, for download;
* ``<name>.md``: its page: the title, a download link, then the cells and their outputs
  (``display(Markdown(...))`` output goes in as Markdown, so its tables are real tables),
  with the images in ``<name>_files/``.

Any cell error, timeout or dead kernel stops the run with a message naming the notebook and
the cell.

Cell tags (``# %% tags=["hide-input"]``): ``hide-input`` puts only the cell's output on the
page, ``hide-cell`` leaves the cell off the page; the ``.ipynb`` keeps both.

What a cell writes to standard error (a library's progress line, a warning) is the build's
log, not the page's: it stays in the ``.ipynb`` and goes to this script's standard error, and
its page leaves it out, unless the cell is tagged ``show-stderr`` (one that shows a warning on
purpose). An image shown with a size (``Image(..., width=, height=)``) keeps it on the page:
a chart drawn for a phone's width is not stretched on a desktop or shrunk on a phone.

Cells run in the page too (:func:`plan`). A code cell whose imports are all in the standard
library or in the engine pack (``spec_engine.<module>``, top level: what
``tools/pyodide_site.py`` packs into ``engine.zip``), and whose names from earlier cells come
from such cells too, gets an "Edit and run" control after its output: its source in a labelled
text area, a Run button and an output area, run by ``javascripts/notebook.js`` with the site's
own Pyodide, in a Web Worker (the earlier runnable cells run first, once per page, in one
namespace, like a kernel). A run that goes on too long never freezes the page: a Stop button
ends it, and it stops by itself after :data:`RUN_LIMIT` seconds (stated by the Run button);
Python then restarts and the next Run runs the earlier cells again. ``IPython.display``'s
``display`` and ``Markdown`` get a stand-in there that prints the Markdown source as text. Any
other shown cell says what it needs that the page lacks (matplotlib, ``spec_engine.pages``...,
a process); its output stays the one computed at build.
A page with no runnable cell loads neither Pyodide's loader nor the script.

Usage::

    python tools/notebooks.py docs/generated/notebooks [notebooks/some.py ...]
"""

from __future__ import annotations

import argparse
import ast
import copy
import html
import json
import re
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jupytext
import nbformat
from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError
from nbconvert import MarkdownExporter
from nbformat import NotebookNode
from traitlets.config import Config

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
KERNEL = "python3"
TIMEOUT = 900
"""Seconds one cell may run at build."""
RUN_LIMIT = 30
"""Seconds a run may take in the page (the cell and the earlier cells it runs first, not Python's
start) before it stops by itself (``notebook.js`` reads it from the page; a link may set
another, for a test: ``?time-limit=2``)."""
ANSI = re.compile(r"\x1b\[[0-9;]*m")
"""Terminal colour codes (IPython colours its tracebacks)."""


class NotebookError(Exception):
    """A notebook could not be executed or written; the message says which and where."""


def check_kernel() -> None:
    """Make sure kernel ``python3`` is this interpreter's ipykernel (the venv's, when run
    from the venv), not some other Python's kernelspec found first on the Jupyter path."""
    try:
        spec = KernelSpecManager().get_kernel_spec(KERNEL)
    except NoSuchKernel as exc:
        raise NotebookError(f"no '{KERNEL}' kernel: is ipykernel installed in {sys.prefix}?") from exc
    command = spec.argv[0] if spec.argv else ""
    # jupyter_client runs a bare "python" (as ipykernel's own kernelspec says) as sys.executable
    bare = {"python", f"python{sys.version_info[0]}", "python{}.{}".format(*sys.version_info[:2])}
    if command not in bare and Path(command).resolve() != Path(sys.executable).resolve():
        raise NotebookError(
            f"kernel '{KERNEL}' ({spec.resource_dir}) runs {command}, not this interpreter "
            f"({sys.executable}); remove that kernelspec or run this script with the venv's Python"
        )


def load(path: Path) -> NotebookNode:
    """The notebook of a jupytext percent script, set to run on kernel ``python3``, its
    cells numbered (not random ids: the same script gives the same .ipynb)."""
    nb: NotebookNode = jupytext.read(path, fmt="py:percent")
    nb.metadata["kernelspec"] = {"name": KERNEL, "display_name": "Python 3", "language": "python"}
    for index, cell in enumerate(nb.cells, 1):
        cell["id"] = f"cell-{index}"
    return nb


def _first_line(cell: NotebookNode) -> str:
    """The cell's first line of code (not a comment), to name it in a message."""
    lines = [line for line in str(cell.source).splitlines() if line.strip()]
    code = [line for line in lines if not line.lstrip().startswith("#")]
    return (code or lines or ["(empty)"])[0][:80]


def execute(nb: NotebookNode, name: str, *, cwd: Path = ROOT, timeout: int = TIMEOUT) -> NotebookNode:
    """Run every cell of ``nb`` in place (errors are fatal); ``name`` is for messages."""
    current: dict[str, int] = {"index": -1}

    def on_cell_start(cell: NotebookNode, cell_index: int, **_: Any) -> None:
        current["index"] = cell_index

    # local sockets in a private folder: no TCP port (and no warning about one)
    sockets = tempfile.TemporaryDirectory(prefix="nb-kernel-")
    manager = KernelManager(kernel_name=KERNEL, transport="ipc", ip=str(Path(sockets.name) / "kernel"))
    client = NotebookClient(
        nb,
        km=manager,
        kernel_name=KERNEL,
        timeout=timeout,
        allow_errors=False,
        record_timing=False,
        resources={"metadata": {"path": str(cwd)}},
        on_cell_start=on_cell_start,
    )
    try:
        client.execute(cleanup_kc=True)  # shut the kernel down after, though we made its manager
    except (CellExecutionError, CellTimeoutError, DeadKernelError) as exc:
        index = current["index"]
        where = f"cell {index + 1} of {len(nb.cells)}" if index >= 0 else "kernel start"
        first = f" ({_first_line(nb.cells[index])})" if index >= 0 else ""
        detail = ANSI.sub("", str(exc))
        raise NotebookError(f"notebook {name}: {where}{first} failed:\n{detail}") from exc
    finally:
        sockets.cleanup()
    return nb


# --- which cells run in the page -------------------------------------------------------------

ENGINE = "spec_engine"
ENGINE_MODULES = frozenset(p.stem for p in (ROOT / ENGINE).glob("*.py"))
"""The engine's top-level modules: what ``engine.zip`` holds (not its sub-packages)."""
STAND_IN = {"IPython.display": frozenset({"display", "Markdown"})}
"""Modules the page replaces with a stand-in, and the names it has (``Markdown`` shows as text)."""
NO_PAGE = {
    "subprocess": "a page cannot start processes",
    "multiprocessing": "a page cannot start processes",
    "concurrent": "a page cannot start threads or processes",
    "threading": "a page cannot start threads",
    "tkinter": "a page has no windows",
    "turtle": "a page has no windows",
    "curses": "a page has no terminal",
}
"""Standard-library modules that exist in the page's Python but cannot work there."""


@dataclass(frozen=True)
class CellPlan:
    """Whether one code cell can run in the page, and why not."""

    index: int
    """Its position in the notebook (0-based; the page says ``cell index + 1``)."""
    runnable: bool
    needs: tuple[str, ...] = ()
    """What it lacks (``matplotlib``, ``spec_engine.pages``...), itself or through the first
    earlier cell it uses that is not runnable."""
    why: str = ""
    """A sentence for the page when it is not runnable."""
    uses: tuple[int, ...] = ()
    """The earlier code cells whose names it uses (the last to define each)."""


def lacking(module: str, names: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """What an import of ``names`` from ``module`` (or of ``module`` itself) needs that the page
    lacks: (the module or name, why the page lacks it); None when the page has it all."""
    parts = module.split(".")
    if parts[0] == ENGINE:
        wanted = parts[1:2] or list(names)
        for part in wanted:
            if (ROOT / ENGINE / part).is_dir() or (len(parts) > 1 and part not in ENGINE_MODULES):
                return f"{ENGINE}.{part}", "not in the page's engine: it needs packages not available offline"
        return None
    if module in STAND_IN:
        extra = sorted(set(names) - STAND_IN[module])
        return (f"{module}.{extra[0]}", "not available offline in the page") if extra else None
    if parts[0] in NO_PAGE:
        return parts[0], NO_PAGE[parts[0]]
    if parts[0] in sys.stdlib_module_names:
        return None
    return parts[0], "a package not available offline in the page"


def _imports(tree: ast.AST) -> list[tuple[str, tuple[str, ...]]]:
    """Every absolute import of a cell: (module, names imported from it)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.module, tuple(alias.name for alias in node.names)))
    return found


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
"""Nodes with names of their own (a function's locals, a comprehension's variables)."""


def _stored(nodes: list[ast.AST]) -> set[str]:
    """The names these statements bind in their own scope (not in the functions or
    comprehensions they hold), and the names whose items or attributes they assign."""
    names: set[str] = set()
    pending = list(nodes)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            pending.extend(node.decorator_list)
            continue
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names if a.name != "*")
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, ast.Store):
            root = node.value
            while isinstance(root, (ast.Subscript, ast.Attribute)):
                root = root.value
            if isinstance(root, ast.Name):
                names.add(root.id)
        pending.extend(ast.iter_child_nodes(node))
    return names


def _used(tree: ast.Module) -> set[str]:
    """The global names a cell reads, in its functions too (they read them when called); not
    a function's parameters and locals, nor a comprehension's variables."""
    found: set[str] = set()

    def visit(node: ast.AST, local: frozenset[str]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            params = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg] if a}
            outer: list[ast.AST] = [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
            if not isinstance(node, ast.Lambda):
                outer += node.decorator_list
            for default in outer:
                visit(default, local)
            body: list[ast.AST] = list(node.body) if isinstance(node.body, list) else [node.body]
            inner = local | params | _stored(body)
            for statement in body:
                visit(statement, inner)
            return
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            targets = {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
            for child in ast.iter_child_nodes(node):
                visit(child, local | targets)
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local:
            found.add(node.id)
        for child in ast.iter_child_nodes(node):
            visit(child, local)

    visit(tree, frozenset())
    return found


def plan(nb: NotebookNode) -> dict[int, CellPlan]:
    """For each code cell (by index), whether the page can run it: its imports are all
    available there and every earlier cell whose names it uses is runnable too."""
    plans: dict[int, CellPlan] = {}
    definer: dict[str, int] = {}  # name -> the last earlier cell that binds it
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(str(cell.source))
        except SyntaxError:  # IPython magics and the like
            plans[index] = CellPlan(index, False, ("IPython",), "It uses IPython syntax, which the page does not run.")
            continue
        own = dict(found for module, names in _imports(tree) if (found := lacking(module, names)))
        uses = tuple(sorted({definer[name] for name in _used(tree) if name in definer}))
        blocked = [plans[i] for i in uses if not plans[i].runnable]
        if own:
            why = "It needs " + "; ".join(f"`{what}` ({reason})" for what, reason in own.items()) + "."
            needs = tuple(own)
        elif blocked:
            first = blocked[0]
            names = sorted(n for n in _used(tree) if definer.get(n) == first.index)
            why = (
                f"It uses {', '.join(f'`{n}`' for n in names[:3])} from cell {first.index + 1}, "
                f"which is not runnable here: {first.why[0].lower()}{first.why[1:]}"
            )
            needs = first.needs
        else:
            why, needs = "", ()
        plans[index] = CellPlan(index, not (own or blocked), needs, why, uses)
        for name in _stored(list(tree.body)):
            definer[name] = index
    return plans


TITLE = re.compile(r"^# (.+)$\n?", re.MULTILINE)
"""A level-1 heading: the notebook's title, in its first Markdown cell."""


def title_of(nb: NotebookNode, default: str) -> str:
    """The first ``# `` heading of the first Markdown cell, else ``default``."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            match = TITLE.search(str(cell.source))
            return match.group(1).strip() if match else default
    return default


SHOW_STDERR = "show-stderr"
"""The tag of a cell whose standard error belongs on its page."""


def _shows_stderr(cell: NotebookNode) -> bool:
    return SHOW_STDERR in cell.metadata.get("tags", [])


def _is_stderr(output: NotebookNode) -> bool:
    return bool(output.get("output_type") == "stream" and output.get("name") == "stderr")


def build_log(nb: NotebookNode) -> list[tuple[int, str]]:
    """What the cells wrote to standard error, as (cell number, text), but for the cells tagged
    ``show-stderr``: the build's log, which the page leaves out."""
    return [
        (index + 1, str(out.text))
        for index, cell in enumerate(nb.cells)
        if cell.cell_type == "code" and not _shows_stderr(cell)
        for out in cell.get("outputs", [])
        if _is_stderr(out)
    ]


def _page_copy(nb: NotebookNode, plans: dict[int, CellPlan] | None = None) -> NotebookNode:
    """A copy for the page, without the title heading (the page writes its own) and the build's
    log (:func:`build_log`), and after each shown code cell, its "Edit and run" control or what
    it needs that the page lacks."""
    page = copy.deepcopy(nb)
    for cell in page.cells:
        if cell.cell_type == "markdown":
            cell.source = TITLE.sub("", str(cell.source), count=1).lstrip("\n")
            break
    for cell in page.cells:
        if cell.cell_type == "code" and not _shows_stderr(cell):
            cell.outputs = [out for out in cell.outputs if not _is_stderr(out)]
    for index, cell_plan in (plans or {}).items():
        cell = page.cells[index]
        tags = set(cell.metadata.get("tags", []))
        if "hide-cell" in tags or ("hide-input" in tags and (cell_plan.runnable or not cell.outputs)):
            continue  # off the page, or its code is: nothing to run or to explain
        if cell_plan.runnable:
            extra = control(index, str(cell.source))
        else:
            extra = offline_note(cell_plan, hidden="hide-input" in tags)
        # one more output, last (the images keep their names): raw HTML between blank lines
        cell.outputs.append(nbformat.v4.new_output("display_data", {"text/html": f"\n{extra}\n"}))  # type: ignore[no-untyped-call]
    return page


HIDDEN = {"hide-input", "hide-cell"}
"""Tags of the cells whose code is not on the page (their control would show it)."""


def _one_line(text: str) -> str:
    """HTML-escaped, newlines as ``&#10;``: a raw HTML block Markdown cannot split."""
    return html.escape(text).replace("\n", "&#10;")


def control(index: int, source: str) -> str:
    """The "Edit and run" control of runnable cell ``index``: its source in a labelled text
    area, a Run button (described by the time limit beside it), a Stop button (hidden until the
    cell runs), an output area (read aloud when it changes)."""
    number = index + 1
    rows = min(source.count("\n") + 2, 24)
    return (
        f'<details class="nb-run" data-cell="{number}">'
        f"<summary>Edit and run cell {number} in this page</summary>"
        f'<label class="nb-label" for="nb-code-{number}">Code of cell {number} (Python, run in this page)</label>'
        f'<textarea id="nb-code-{number}" class="nb-code" rows="{rows}" spellcheck="false" autocapitalize="off" '
        f'autocomplete="off" data-cell="{number}">{_one_line(source)}</textarea>'
        f'<p class="nb-buttons"><button type="button" class="md-button md-button--primary nb-run-button" '
        f'data-cell="{number}" aria-describedby="nb-limit-{number}">Run cell {number}</button> '
        f'<button type="button" class="md-button nb-stop-button" data-cell="{number}" hidden>'
        f"Stop cell {number}</button> "
        f'<button type="button" class="md-button nb-reset-button" data-cell="{number}">Restore the code</button> '
        f'<small class="nb-limit" id="nb-limit-{number}">A run stops by itself after '
        f'<span class="nb-limit-s">{RUN_LIMIT}</span> s.</small></p>'
        f'<div class="nb-output" id="nb-out-{number}" aria-live="polite"></div>'
        "</details>"
    )


def offline_note(cell: CellPlan, *, hidden: bool = False) -> str:
    """What a cell that cannot run in the page needs, after its output (``hidden``: the page
    shows only the output)."""
    why = re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(cell.why))
    what = "the code of the output above (hidden here; the downloadable notebook has it). " if hidden else ""
    return (
        f'<p class="nb-offline" data-cell="{cell.index + 1}"><strong>Not runnable in this page:</strong> '
        f"{what}{why} The output above was computed when the site was built.</p>"
    )


def to_markdown(nb: NotebookNode, name: str, plans: dict[int, CellPlan] | None = None) -> tuple[str, dict[str, bytes]]:
    """The page body of an executed notebook and its extracted images (path -> bytes,
    paths relative to the page, under ``<name>_files/``); with ``plans``, each shown code
    cell is followed by its "Edit and run" control or by what it needs that the page lacks."""
    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {"hide-input"}
    config.TagRemovePreprocessor.remove_cell_tags = {"hide-cell"}
    exporter = MarkdownExporter(config=config)  # type: ignore[no-untyped-call]
    page = _page_copy(nb, plans)
    body, resources = exporter.from_notebook_node(
        page, resources={"unique_key": name, "output_files_dir": f"{name}_files"}
    )
    images = [
        _image_markdown(out.metadata)
        for cell in page.cells
        if cell.cell_type == "code" and "hide-cell" not in cell.metadata.get("tags", [])
        for out in cell.get("outputs", [])
        if "image/png" in out.get("data", {})
    ]
    shown = iter(images)
    body = re.sub(r"!\[png\]\(([^)\s]+)\)", lambda m: next(shown, _image_markdown({}))(m.group(1)), body)
    return body.strip() + "\n", dict(resources.get("outputs", {}))


def _image_markdown(metadata: dict[str, Any]) -> Callable[[str], str]:
    """The Markdown of an image output, given its path: its text alternative, and its size in
    CSS pixels when it was shown with one."""
    alt = str(metadata.get("alt", "figure")).replace("[", "(").replace("]", ")")
    size = metadata.get("image/png", {})
    attrs = " ".join(f'{key}="{int(size[key])}"' for key in ("width", "height") if key in size)
    return lambda path: f"![{alt}]({path})" + (f"{{ {attrs} }}" if attrs else "")


RUN_HERE = (
    "**Run it here.** A cell followed by *Edit and run* can be changed and run in this page: Python "
    "runs in your browser (Pyodide, served by this site; nothing is sent anywhere), beside the page, "
    "which stays usable while a cell runs. The first run starts Python, then runs the page's earlier "
    "runnable cells once, in order, in one namespace, like a notebook's kernel. A run that takes too "
    f"long can be stopped (the cell's Stop button), and stops by itself after {RUN_LIMIT} s; Python "
    "then restarts, like a kernel, and what the earlier cells defined is gone: the next Run runs them "
    "again first. There, `display(Markdown(...))` shows the Markdown source as plain text. Cells that "
    "need something the page does not have offline say what; their outputs were computed when the "
    "site was built."
)
NOTHING_HERE = (
    "None of this notebook's cells can run in the page: each needs something the page does not "
    "have offline (said under each cell). The outputs were computed when the site was built."
)


def page(
    title: str, name: str, body: str, nb: NotebookNode | None = None, plans: dict[int, CellPlan] | None = None
) -> str:
    """The whole page: title, download link, body; with ``plans``, a word on running the cells
    here and, when some can run, the sources of those cells and the scripts that run them."""
    head = (
        f"# {title}\n\n"
        f'[Download the executed notebook]({name}.ipynb){{: download="{name}.ipynb" }} · '
        f"source: `notebooks/{name}.py`, executed when the site is built.\n\n"
    )
    runnable = [p.index for p in (plans or {}).values() if p.runnable]
    if nb is None or not plans:
        return head + body
    if not runnable:
        return head + NOTHING_HERE + "\n\n" + body
    cells = [
        {
            "cell": index + 1,
            "source": str(nb.cells[index].source),
            "shown": not HIDDEN & set(nb.cells[index].metadata.get("tags", [])),
        }
        for index in runnable
    ]
    data = json.dumps({"page": f"notebooks/{name}.html", "limit": RUN_LIMIT, "cells": cells}).replace("<", "\\u003c")
    return (
        head
        + '<link rel="stylesheet" href="../../stylesheets/notebook.css">\n\n'
        + RUN_HERE
        + "\n\n"
        + body
        + f'\n<script type="application/json" id="nb-cells">{data}</script>\n\n'
        + '<script src="../../javascripts/python.js"></script>\n'
        + '<script src="../../javascripts/notebook.js"></script>\n'
    )


def build(source: Path, out: Path, *, cwd: Path = ROOT, timeout: int = TIMEOUT) -> list[Path]:
    """Execute one notebook script and write its .ipynb, .md and images into ``out``."""
    name = source.stem
    nb = execute(load(source), source.name, cwd=cwd, timeout=timeout)
    for number, text in build_log(nb):
        lines = text.rstrip().splitlines() or [""]
        more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
        print(f"{source.name}, cell {number}, on standard error (not on its page): {lines[0]}{more}", file=sys.stderr)
    plans = plan(nb)
    body, files = to_markdown(nb, name, plans)
    out.mkdir(parents=True, exist_ok=True)
    folder = out / f"{name}_files"
    for old in folder.glob("*") if folder.is_dir() else ():
        old.unlink()
    written = [out / f"{name}.ipynb", out / f"{name}.md"]
    nbformat.write(nb, written[0])  # type: ignore[no-untyped-call]
    written[1].write_text(page(title_of(nb, name), name, body, nb, plans), encoding="utf-8")
    for rel, data in files.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Execute the notebooks and write their pages.")
    parser.add_argument("out", type=Path, help="output folder (e.g. docs/generated/notebooks)")
    parser.add_argument("sources", nargs="*", type=Path, help="notebook scripts (default: notebooks/*.py)")
    parser.add_argument("--timeout", type=int, default=TIMEOUT, help="seconds a cell may run")
    args = parser.parse_args(argv)
    sources = args.sources or sorted(NOTEBOOKS.glob("*.py"))
    try:
        check_kernel()
        for source in sources:
            start = time.perf_counter()
            written = build(source, args.out, timeout=args.timeout)
            print(f"{source.name}: {len(written)} files in {args.out} ({time.perf_counter() - start:.1f} s)")
    except NotebookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
