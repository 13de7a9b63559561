/* Notebook cells you can edit and run in the page (loaded by the notebook pages that have such
   cells, after python.js; tools/notebooks.py writes the controls and, in #nb-cells, the source
   of every runnable cell, shown or hidden, and the time limit of a run).

   The first Run starts Python (bjPython.start: Pyodide and the engine, from this site, in the
   page's worker, off the main thread), then runs the page's earlier runnable cells once each,
   in order, in one namespace (like a notebook's kernel), then the cell. Each run shows what the
   cell printed, the value of its last expression, or its traceback. display(Markdown(...))
   prints the Markdown source: the page's IPython.display is a stand-in. Nothing is fetched from
   any other host.

   A cell that runs too long never freezes the page: while it runs, its Stop button ends it, and
   a run (the earlier cells and the cell; not Python's start) stops by itself after the page's
   time limit (PLAN.limit seconds; a link may set another, e.g. rule_explorer.html?time-limit=2). Either way the worker is terminated (the only way to
   stop Python in a page that is not cross-origin isolated), the cell's output says why, and the
   earlier cells' namespace is gone: the next Run starts a fresh Python and runs them again
   first, as a fresh kernel would. Runs wait their turn, one at a time; Stop on a waiting cell
   takes it out of the queue. window.bjNotebook is for the tests; an output area's data-state is
   "waiting", "running", then "done". */
(function () {
  "use strict";
  const data = document.getElementById("nb-cells");
  if (!data) return;
  const PLAN = JSON.parse(data.textContent);
  const CELLS = PLAN.cells.map((c) => c.cell);
  const asked = Number(new URLSearchParams(location.search).get("time-limit"));
  const LIMIT_S = asked > 0 ? asked : PLAN.limit;
  for (const node of document.querySelectorAll(".nb-limit-s")) node.textContent = String(LIMIT_S);

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

  let runnerIn = 0; // the worker (bjPython.generation) the runner was written into
  let queue = Promise.resolve(); // one run at a time
  const ran = new Set(); // cells already run in the current Python's namespace
  const jobs = new Map(); // cell -> its run, waiting or running

  const { el } = bjPython.dom;

  function sourceOf(cell) {
    const area = document.getElementById("nb-code-" + cell);
    return area ? area.value : PLAN.cells.find((c) => c.cell === cell).source;
  }

  // Python ready with the runner; in a fresh worker (the first, or after a stop), nothing has run.
  async function prepare(say) {
    await bjPython.start(say);
    if (runnerIn !== bjPython.generation) {
      ran.clear();
      await bjPython.write("/engine/bj_notebook.py", RUNNER);
      runnerIn = bjPython.generation;
    }
  }

  async function execute(job, cell) {
    job.now = cell;
    const [output, value, error] = await bjPython.call("bj_notebook", "run", sourceOf(cell), "<cell " + cell + ">");
    return { cell, output, value: value ?? null, error: error ?? null };
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

  function list(cells) {
    return cells.length > 1 ? "cells " + cells.slice(0, -1).join(", ") + " and " + cells[cells.length - 1]
      : "cell " + cells[0];
  }

  // What a stopped run says: which cell, why, after how long, and that the namespace is gone.
  function showStopped(box, job, why, lost) {
    const seconds = job.now ? " after " + ((performance.now() - job.began) / 1000).toFixed(1) + " s" : "";
    const which = !job.now ? "Python was still loading"
      : job.now === job.cell ? "cell " + job.cell : "cell " + job.now + " (run first, before cell " + job.cell + ")";
    const reason = why === "limit"
      ? "Stopped by itself: the run reached this page's limit of " + LIMIT_S + " s while " + which + " was running."
      : "Stopped" + seconds + ": you pressed Stop while " + (job.now ? which + " was running." : which + ".");
    const earlier = CELLS.filter((c) => c < job.cell);
    const gone = lost.length
      ? "Python was restarted, so what " + list(lost) + " defined is gone, as after restarting a notebook's kernel. "
      : "Python was restarted, as a notebook's kernel is. ";
    const next = earlier.length
      ? "The next Run starts a fresh Python and runs the earlier " + list(earlier) + " again first, then the cell."
      : "The next Run starts a fresh Python.";
    box.replaceChildren(el("p", { class: "nb-note nb-warning nb-stopped" }, el("strong", {}, reason)),
      el("p", { class: "nb-note" }, gone + next));
  }

  function buttons(cell) {
    return {
      run: document.querySelector('.nb-run-button[data-cell="' + cell + '"]'),
      stop: document.querySelector('.nb-stop-button[data-cell="' + cell + '"]'),
    };
  }

  // While a cell waits or runs: Run disabled, Stop shown (the keyboard follows the one pressed).
  function busy(cell, on) {
    const { run, stop } = buttons(cell);
    if (!run || !stop) return;
    const focused = document.activeElement === (on ? run : stop);
    run.disabled = on;
    stop.hidden = !on;
    if (focused) (on ? stop : run).focus();
  }

  /* Run cell `cell` (its text area's code), after the earlier runnable cells not yet run. */
  function run(cell) {
    const box = document.getElementById("nb-out-" + cell) || el("div"); // a hidden cell: no output area
    const say = (text) => box.replaceChildren(el("p", { class: "nb-note" }, text));
    const job = { cell, now: null, began: null, cancelled: false, running: false };
    jobs.set(cell, job);
    box.dataset.state = "waiting";
    busy(cell, true);
    const ahead = [...jobs.values()].filter((j) => j !== job);
    if (ahead.length) say("Waiting for " + list(ahead.map((j) => j.cell)) + " to finish…");
    const work = queue.then(async () => {
      if (job.cancelled) return null;
      job.running = true;
      box.dataset.state = "running";
      if (bjPython.fromDisk()) {
        say(bjPython.serveHint(PLAN.page));
        box.firstChild.classList.add("nb-warning");
        return null;
      }
      let timer = null;
      try {
        await prepare(say);
        // the run (the earlier cells and the cell, not Python's start) has LIMIT_S seconds
        job.began = performance.now();
        timer = setTimeout(() => bjPython.stop("limit"), LIMIT_S * 1000);
        const first = CELLS.filter((c) => c < cell && !ran.has(c));
        say(first.length ? "Running the earlier cells first: " + first.join(", ") + "…" : "Running…");
        const done = [];
        for (const c of first) {
          const result = await execute(job, c);
          if (result.error) {
            show(box, result, done, cell);
            return result;
          }
          ran.add(c);
          done.push(c);
        }
        if (done.length) say("Ran the earlier cells first: " + done.join(", ") + ". Running cell " + cell + "…");
        const result = await execute(job, cell);
        ran.add(cell);
        show(box, result, done, cell);
        return result;
      } catch (error) {
        if (error.stopped) {
          showStopped(box, job, error.stopped, [...ran].sort((a, b) => a - b));
          ran.clear();
        } else {
          say("Python could not start: " + error.message + ". Serve the site with make serve.");
          box.firstChild.classList.add("nb-warning");
        }
        return null;
      } finally {
        clearTimeout(timer);
      }
    });
    const finished = () => {
      jobs.delete(cell);
      busy(cell, false);
      if (!job.cancelled) box.dataset.state = "done";
    };
    work.then(finished, finished);
    queue = work.catch(() => null);
    return work;
  }

  /* Stop cell `cell`: the running one ends its worker; a waiting one leaves the queue. */
  function stop(cell) {
    const job = jobs.get(cell);
    if (!job) return;
    if (job.running) {
      bjPython.stop("stop");
      return;
    }
    job.cancelled = true;
    jobs.delete(cell);
    busy(cell, false);
    const box = document.getElementById("nb-out-" + cell);
    if (box) {
      box.replaceChildren(el("p", { class: "nb-note" }, "Not run: you pressed Stop while it waited its turn."));
      box.dataset.state = "done";
    }
  }

  for (const button of document.querySelectorAll(".nb-run-button")) {
    button.addEventListener("click", () => run(Number(button.dataset.cell)));
  }
  for (const button of document.querySelectorAll(".nb-stop-button")) {
    button.addEventListener("click", () => stop(Number(button.dataset.cell)));
  }
  for (const button of document.querySelectorAll(".nb-reset-button")) {
    const cell = Number(button.dataset.cell);
    button.addEventListener("click", () => {
      document.getElementById("nb-code-" + cell).value = PLAN.cells.find((c) => c.cell === cell).source;
    });
  }

  window.bjNotebook = { cells: CELLS, ran, run, stop, limit: LIMIT_S };
})();
