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
the cell. Cell tags (``# %% tags=["hide-input"]``): ``hide-input`` puts only the cell's
output on the page, ``hide-cell`` leaves the cell off the page; the ``.ipynb`` keeps both.

Usage::

    python tools/notebooks.py docs/generated/notebooks [notebooks/some.py ...]
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
import tempfile
import time
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
"""Seconds one cell may run."""
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


TITLE = re.compile(r"^# (.+)$\n?", re.MULTILINE)
"""A level-1 heading: the notebook's title, in its first Markdown cell."""


def title_of(nb: NotebookNode, default: str) -> str:
    """The first ``# `` heading of the first Markdown cell, else ``default``."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            match = TITLE.search(str(cell.source))
            return match.group(1).strip() if match else default
    return default


def _page_copy(nb: NotebookNode) -> NotebookNode:
    """A copy for the page, without the title heading (the page writes its own)."""
    page = copy.deepcopy(nb)
    for cell in page.cells:
        if cell.cell_type == "markdown":
            cell.source = TITLE.sub("", str(cell.source), count=1).lstrip("\n")
            break
    return page


def to_markdown(nb: NotebookNode, name: str) -> tuple[str, dict[str, bytes]]:
    """The page body of an executed notebook and its extracted images (path -> bytes,
    paths relative to the page, under ``<name>_files/``)."""
    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {"hide-input"}
    config.TagRemovePreprocessor.remove_cell_tags = {"hide-cell"}
    exporter = MarkdownExporter(config=config)  # type: ignore[no-untyped-call]
    page = _page_copy(nb)
    body, resources = exporter.from_notebook_node(
        page, resources={"unique_key": name, "output_files_dir": f"{name}_files"}
    )
    alts = [
        str(out.metadata.get("alt", "figure"))
        for cell in page.cells
        if cell.cell_type == "code" and "hide-cell" not in cell.metadata.get("tags", [])
        for out in cell.get("outputs", [])
        if "image/png" in out.get("data", {})
    ]
    alt_iter = iter(alts)
    body = re.sub(r"!\[png\]\(", lambda _: f"![{next(alt_iter, 'figure')}](", body)
    return body.strip() + "\n", dict(resources.get("outputs", {}))


def page(title: str, name: str, body: str) -> str:
    """The whole page: title, download link, body."""
    return (
        f"# {title}\n\n"
        f'[Download the executed notebook]({name}.ipynb){{: download="{name}.ipynb" }} · '
        f"source: `notebooks/{name}.py`, executed when the site is built.\n\n"
        f"{body}"
    )


def build(source: Path, out: Path, *, cwd: Path = ROOT, timeout: int = TIMEOUT) -> list[Path]:
    """Execute one notebook script and write its .ipynb, .md and images into ``out``."""
    name = source.stem
    nb = execute(load(source), source.name, cwd=cwd, timeout=timeout)
    body, files = to_markdown(nb, name)
    out.mkdir(parents=True, exist_ok=True)
    folder = out / f"{name}_files"
    for old in folder.glob("*") if folder.is_dir() else ():
        old.unlink()
    written = [out / f"{name}.ipynb", out / f"{name}.md"]
    nbformat.write(nb, written[0])  # type: ignore[no-untyped-call]
    written[1].write_text(page(title_of(nb, name), name, body), encoding="utf-8")
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
