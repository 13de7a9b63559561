/* Notebook cells you can edit and run in the page (loaded by the notebook pages that have such
   cells, after python.js; tools/notebooks.py writes the controls and, in #nb-cells, the source
   of every runnable cell, shown or hidden).

   The first Run starts Python (bjPython.load: Pyodide and the engine, from this site), then
   runs the page's earlier runnable cells once each, in order, in one namespace (like a
   notebook's kernel), then the cell. Each run shows what the cell printed, the value of its
   last expression, or its traceback. display(Markdown(...)) prints the Markdown source: the
   page's IPython.display is a stand-in. Nothing is fetched from any other host.
   window.bjNotebook is for the tests; an output area's data-state is "done" after a run. */
(function () {
  "use strict";
  const data = document.getElementById("nb-cells");
  if (!data) return;
  const PLAN = JSON.parse(data.textContent);
  const CELLS = PLAN.cells.map((c) => c.cell);

  // The runner, as a module of the page's Python (written into /engine, which is on sys.path).
  const RUNNER = `
import ast, io, linecache, sys, traceback, types
from contextlib import redirect_stderr, redirect_stdout

NAMESPACE = {"__name__": "__main__"}


class Markdown:
    """IPython.display.Markdown's stand-in: keeps the Markdown source."""

    def __init__(self, data=None, url=None, filename=None):
        self.data = data

    def __repr__(self):
        return str(self.data)


def display(*objs, **kwargs):
    """IPython.display.display's stand-in: prints each object (a Markdown's source as is)."""
    for obj in objs:
        print(obj if isinstance(obj, Markdown) else repr(obj))


_display = types.ModuleType("IPython.display")
_display.Markdown, _display.display = Markdown, display
_ipython = types.ModuleType("IPython")
_ipython.__path__, _ipython.display = [], _display
sys.modules.setdefault("IPython", _ipython)
sys.modules.setdefault("IPython.display", _display)


def run(code, name):
    """Run code as a notebook cell named name: (what it printed, its last value's repr or
    None, its traceback or None)."""
    out = io.StringIO()
    linecache.cache[name] = (len(code), None, code.splitlines(True), name)
    value = error = None
    with redirect_stdout(out), redirect_stderr(out):
        try:
            tree = ast.parse(code, name)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, name, "exec"), NAMESPACE)
            if last is not None:
                result = eval(compile(ast.Expression(last.value), name, "eval"), NAMESPACE)
                value = None if result is None else repr(result)
        except BaseException as exc:
            tb = exc.__traceback__
            while tb is not None and tb.tb_frame.f_code.co_filename != name:
                tb = tb.tb_next  # the runner's own frames are noise
            error = "".join(traceback.format_exception(type(exc), exc, tb))
    return out.getvalue(), value, error
`;

  let runner = null; // a promise of the Python module
  let queue = Promise.resolve(); // one run at a time
  const ran = new Set(); // cells already run in this page's namespace

  const { el } = bjPython.dom;

  function sourceOf(cell) {
    const area = document.getElementById("nb-code-" + cell);
    return area ? area.value : PLAN.cells.find((c) => c.cell === cell).source;
  }

  function start(say) {
    if (!runner) {
      runner = bjPython.load(say).then((pyodide) => {
        pyodide.FS.writeFile("/engine/bj_notebook.py", RUNNER);
        pyodide.runPython("import importlib; importlib.invalidate_caches()");
        return pyodide.pyimport("bj_notebook");
      });
      runner.catch(() => { runner = null; });
    }
    return runner;
  }

  function execute(module, cell) {
    const proxy = module.run(sourceOf(cell), "<cell " + cell + ">");
    const [output, value, error] = proxy.toJs();
    proxy.destroy();
    return { cell, output, value: value === undefined ? null : value, error: error === undefined ? null : error };
  }

  function pre(text, cls, label) {
    return el("pre", { class: cls, tabindex: "0", "aria-label": label }, text);
  }

  function show(box, result, first, target) {
    const parts = [];
    if (first.length) parts.push(el("p", { class: "nb-note" }, "Ran the earlier cells first: " + first.join(", ") + "."));
    const text = result.output + (result.value !== null ? result.value + "\n" : "");
    if (text) parts.push(pre(text.replace(/\n$/, ""), "nb-result", "Output of cell " + result.cell));
    if (result.error) {
      const where = result.cell === target ? "" : " in cell " + result.cell + ", run first";
      parts.push(el("p", { class: "nb-note" }, el("strong", {}, "Error" + where + ":")));
      parts.push(pre(result.error.replace(/\n$/, ""), "nb-error", "Traceback of cell " + result.cell));
    } else if (!text) {
      parts.push(el("p", { class: "nb-note" }, "Done: cell " + result.cell + " printed nothing and has no value."));
    }
    box.replaceChildren(...parts);
  }

  /* Run cell `cell` (its text area's code), after the earlier runnable cells not yet run. */
  function run(cell) {
    const box = document.getElementById("nb-out-" + cell) || el("div"); // a hidden cell: no output area
    const say = (text) => box.replaceChildren(el("p", { class: "nb-note" }, text));
    box.dataset.state = "waiting";
    const job = queue.then(async () => {
      box.dataset.state = "running";
      if (bjPython.fromDisk()) {
        say(bjPython.serveHint(PLAN.page));
        box.firstChild.classList.add("nb-warning");
        return null;
      }
      let module;
      try {
        module = await start(say);
      } catch (error) {
        say("Python could not start: " + error + ". Serve the site with make serve.");
        box.firstChild.classList.add("nb-warning");
        return null;
      }
      const first = CELLS.filter((c) => c < cell && !ran.has(c));
      if (first.length) say("Running the earlier cells first: " + first.join(", ") + "…");
      else say("Running…");
      await new Promise((resolve) => setTimeout(resolve, 0)); // let the page show it
      const done = [];
      for (const c of first) {
        const result = execute(module, c);
        if (result.error) {
          show(box, result, done, cell);
          return result;
        }
        ran.add(c);
        done.push(c);
      }
      const result = execute(module, cell);
      ran.add(cell);
      show(box, result, done, cell);
      return result;
    });
    job.finally(() => { box.dataset.state = "done"; }).catch(() => null);
    queue = job.catch(() => null);
    return job;
  }

  for (const button of document.querySelectorAll(".nb-run-button")) {
    const cell = Number(button.dataset.cell);
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await run(cell);
      } finally {
        button.disabled = false;
      }
    });
  }
  for (const button of document.querySelectorAll(".nb-reset-button")) {
    const cell = Number(button.dataset.cell);
    button.addEventListener("click", () => {
      document.getElementById("nb-code-" + cell).value = PLAN.cells.find((c) => c.cell === cell).source;
    });
  }

  window.bjNotebook = { cells: CELLS, ran, run };
})();
