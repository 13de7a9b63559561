"""Benchmark: the engine in the page (Play it yourself, Practise dealing; Pyodide) in headless Chromium.

    python benchmarks/browser.py [SITE] [--busy] [--quick]     (default: site/, built by make site)

Serves the built site on 127.0.0.1 (every request to another host is aborted and counted) and
prints:

- Python ready on "Play it yourself": from the page's navigation to the engine imported in
  Pyodide, first with an empty cache (cold), then reopened in the same browser (warm; target
  < 3 s), the median of ``RUNS`` warm openings, with where the time goes (``bjPlay.phases``:
  Pyodide's start, the engine pack unpacked, the engine imported). Twice: in a fresh context
  (Playwright's default: the HTTP cache in memory, too small to keep the 9.6 MB WebAssembly), and
  with a profile on disk, as a reader's browser has (the WebAssembly and its compiled code cached);
- the first practice question on "Practise dealing" (opened by a link that chooses the round,
  ``practice.html?reg=UY&seed=7``, which deals at once): from the page's navigation to the first
  question shown, cold (a new context or profile, the page opened first) and warm (reopened;
  the median of ``RUNS``; target < 4 s), with where the time goes (``bjPractice.phases``);
- a worked hand played in place ("Same hand, five rulebooks", the eights): from the reader's
  opening it (warm) to its tables dealt (one per rulebook), and each of the page's decisions played on one
  table, from the press to the table redrawn (each replays the round: Python in the page's
  worker, JSON and the DOM);
- time per action on "Play it yourself": one ``hit`` played by the engine and drawn in the page
  (Python in the page's worker, the messages there and back, JSON and the DOM), the median of 20
  (target < 100 ms); also a deal under one rulebook and under every one;
- the bytes added to the site: Pyodide's files, the engine pack and the cards (``pyodide/``),
  the scripts (the loader, its worker, the widgets', the practice's), the widgets' style, and the
  pages that hold widgets.

``--busy`` keeps the machine's other core busy (a process spinning) while it measures;
``--quick`` (``make bench QUICK=1``) measures once, in a fresh context only: each page opened
cold, none reopened warm (a warm opening runs the same code with the cache kept; each opening
starts Pyodide again, about 8 s of Chromium's CPU), one worked hand.
Not a test: the figures vary with the machine.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Playwright, Route, sync_playwright

from spec_engine.catalog import REGULATION_IDS

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("BLACKJACK_CHROMIUM", "/usr/lib/chromium/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
PAGE = "generated/play.html"
PRACTICE = "generated/practice.html?reg=UY&seed=7"
WORKED = "generated/worked-hands.html"
WIDGET = "bj-eights"
WIDGET_PAGES = (PAGE, WORKED, "generated/cl.html")
RUNS = 5
ACTIONS = 20

TIMED = """async ([n, regs]) => {
  const form = document.getElementById("bj-form");
  const set = (name, value) => { form.elements[name].value = value; };
  set("box", "TS 6H"); set("dealer", "9D"); set("rest", "5C"); set("seed", ""); set("bet", "10");
  const deal = [], act = [], every = [];
  for (let i = 0; i < n; i++) {
    set("reg", "CL");
    let t = performance.now(); await bjPlay.deal(); deal.push(performance.now() - t);
    t = performance.now(); const s = await bjPlay.act("CL", "hit"); act.push(performance.now() - t);
    if (s.hands[0].total !== 21 || s.refusal || s.error) throw new Error("unexpected: " + JSON.stringify(s));
    set("reg", "all");
    t = performance.now(); const all = await bjPlay.deal(); every.push(performance.now() - t);
    if (all.length !== regs) throw new Error(`${all.length} tables dealt, not one per rulebook (${regs})`);
  }
  return {deal, act, every};
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def open_ready(page: Page) -> tuple[float, dict[str, float]]:
    """Open the page; the milliseconds from its navigation to Python ready, and its phases."""
    page.goto(PAGE)
    page.wait_for_function("window.bjPlay && window.bjPlay.readyAt !== null", timeout=120_000)
    return float(page.evaluate("bjPlay.readyAt")), page.evaluate("bjPlay.phases")


PLAY_WORKED = """async (widget) => {
  const root = document.getElementById(widget);
  if (!root) return null; // a site without the widgets
  const t0 = performance.now();
  root.closest("details").open = true;
  while (root.querySelectorAll(".bj-table").length < 5) await new Promise((r) => setTimeout(r, 5));
  const dealt = performance.now() - t0;
  const steps = [];
  for (const table of root.querySelectorAll(".bj-table")) {
    const reg = table.dataset.reg;
    for (;;) {
      const next = root.querySelector('.bj-table[data-reg="' + reg + '"] button.bj-next');
      if (!next) break;
      const t = performance.now();
      await new Promise((redrawn) => {  // the press, then the table redrawn (at once, or by the worker)
        const observer = new MutationObserver(() => { if (!next.isConnected) { observer.disconnect(); redrawn(); } });
        observer.observe(root, {subtree: true, childList: true});
        next.click();
        if (!next.isConnected) { observer.disconnect(); redrawn(); }
      });
      steps.push(performance.now() - t);
    }
  }
  return {dealt, steps};
}"""


def worked_hand(page: Page) -> tuple[float, list[float]]:
    """Open the worked hand's widget (Python already in the cache): ms to its tables (one per rulebook), and
    the ms of each of the page's decisions played."""
    page.goto(WORKED)
    timed = page.evaluate(PLAY_WORKED, WIDGET)
    if timed is None:
        return float("nan"), [float("nan")]
    return float(timed["dealt"]), [float(t) for t in timed["steps"]]


FIRST_QUESTION = """window.bjFirstQuestion = null;
new MutationObserver((changes, observer) => {
  if (!document.querySelector(".bj-question")) return;
  window.bjFirstQuestion = performance.now(); // since the page's navigation started
  observer.disconnect();
}).observe(document, {subtree: true, childList: true});"""
"""Notes when the first practice question is in the page (any version of the page: a script of
its own, run before the page's)."""


def first_question(page: Page) -> tuple[float, dict[str, float]]:
    """Open the practice page on a round; ms from its navigation to the first question shown,
    and the phases (``bjPractice.phases``, when the page has them)."""
    page.goto(PRACTICE)
    page.wait_for_function("window.bjFirstQuestion !== null", timeout=120_000)
    return float(page.evaluate("bjFirstQuestion")), page.evaluate("bjPractice.phases || {}")


def added_bytes(site: Path) -> list[tuple[str, int]]:
    rows = [(p.relative_to(site).as_posix(), p.stat().st_size) for p in sorted((site / "pyodide").iterdir())]
    scripts = [f"javascripts/{name}.js" for name in ("python", "python-worker", "play", "practice")]
    for name in (*scripts, "stylesheets/play.css", *WIDGET_PAGES):
        if (site / name).is_file():  # (a site built before the worker has no python-worker.js)
            rows.append((name, (site / name).stat().st_size))
    return rows


def _spin() -> None:
    while True:
        pass


@contextlib.contextmanager
def browse(driver: Playwright, url: str, route: Any, persistent: bool) -> Iterator[BrowserContext]:
    """A new browser and context (``persistent``: its profile in a new folder on disk), closed after."""
    with tempfile.TemporaryDirectory() as profile:
        browser = None
        if persistent:
            context = driver.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=ARGS, base_url=url, service_workers="block"
            )
        else:
            browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            context = browser.new_context(base_url=url, service_workers="block")
        context.route("**/*", route)
        try:
            yield context
        finally:
            context.close()
            if browser is not None:
                browser.close()


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each phase's median over the runs that have it."""
    return {k: statistics.median(r[k] for r in runs if k in r) for k in (runs[0] if runs else {})}


def measure(driver: Playwright, url: str, route: Any, persistent: bool, runs: int = RUNS) -> dict[str, Any]:
    """Cold and warm openings of the play page, a worked hand, and the timed actions; then, in
    a context of its own, cold and warm first practice questions."""
    with browse(driver, url, route, persistent) as context:
        page = context.new_page()
        cold, _ = open_ready(page)
        warm = [open_ready(page) for _ in range(runs)]
        timed = page.evaluate(TIMED, [ACTIONS if runs == RUNS else 3, len(REGULATION_IDS)])
        worked = [worked_hand(page) for _ in range(3 if runs == RUNS else 1)]
    with browse(driver, url, route, persistent) as context:
        context.add_init_script(FIRST_QUESTION)
        page = context.new_page()
        practice = [first_question(page) for _ in range(runs + 1)]
    return {
        "cold": cold,
        "warm": statistics.median(t for t, _ in warm) if warm else None,
        "phases": medians([p for _, p in warm]),
        "timed": timed,
        "worked": statistics.median(d for d, _ in worked),
        "worked runs": len(worked),
        "steps": [t for _, s in worked for t in s],
        "practice cold": practice[0][0],
        "practice warm": statistics.median(t for t, _ in practice[1:]) if practice[1:] else None,
        "practice phases": medians([p for _, p in practice[1:]]),
        "practice runs": len(practice) - 1,
    }


def main(argv: list[str]) -> None:
    flags = [a for a in argv if a.startswith("--")]
    argv = [a for a in argv if not a.startswith("--")]
    site = Path(argv[0]) if argv else ROOT / "site"
    if not (site / PAGE).is_file() or not (site / "pyodide" / "engine.zip").is_file():
        raise SystemExit(f"{site / PAGE} or its pyodide/ folder is missing: run make site first")
    server, url = serve(site)
    foreign: list[str] = []

    def route(route: Route) -> None:
        parts = urlsplit(route.request.url)
        if parts.scheme in ("data", "blob") or parts.netloc == urlsplit(url).netloc:
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    load = os.getloadavg()[0]
    busy = multiprocessing.Process(target=_spin, daemon=True) if "--busy" in flags else None
    if busy:
        busy.start()
    try:
        with sync_playwright() as driver:
            if "--quick" in flags:
                runs = {"fresh context": measure(driver, url, route, False, runs=0)}
            else:
                runs = {
                    "fresh context": measure(driver, url, route, False),
                    "profile on disk": measure(driver, url, route, True),
                }
    finally:
        server.shutdown()
        if busy:
            busy.terminate()
    cores = os.cpu_count()
    print(
        f"load average before: {load:.1f} on {cores} cores" + ("; one more process spinning (--busy)" if busy else "")
    )
    for name, m in runs.items():
        timed = m["timed"]
        print(f"{name}:")
        print(f"  Python ready, cold cache          {m['cold']:8.0f} ms")
        if m["warm"] is None:
            print("  Python ready, warm                not measured (--quick)")
        else:
            print(f"  Python ready, warm (median)       {m['warm']:8.0f} ms  (target < 3000 ms)")
            print("    of which " + ", ".join(f"{k} {v:.0f} ms" for k, v in m["phases"].items()))
        print(f"  first practice question, cold     {m['practice cold']:8.0f} ms")
        n = m["practice runs"]
        if m["practice warm"] is None:
            print("  first practice question, warm     not measured (--quick)")
        else:
            warm = m["practice warm"]
            print(f"  first practice question, warm     {warm:8.0f} ms  (median of {n}; target < 4000 ms)")
        if m["practice phases"]:
            print("    of which " + ", ".join(f"{k} {v:.0f} ms" for k, v in m["practice phases"].items()))
        act = statistics.median(timed["act"])
        worst = max(timed["act"])
        print(f"  one action, hit (median of {len(timed['act'])})    {act:8.1f} ms  (target < 100 ms; max {worst:.1f})")
        print(f"  a deal, one rulebook (median)     {statistics.median(timed['deal']):8.1f} ms")
        print(f"  a deal, every rulebook (median)   {statistics.median(timed['every']):8.1f} ms")
        n = m["worked runs"]
        print(f"  worked hand opened to its tables  {m['worked']:8.0f} ms  (median of {n}, warm: Python loaded then)")
        steps, step = m["steps"], statistics.median(m["steps"])
        print(f"  a worked hand's decision          {step:8.1f} ms  (median of {len(steps)}; max {max(steps):.1f})")
    rows = added_bytes(site)
    print("bytes added to the site:")
    for name, size in rows:
        print(f"  {name:<34} {size:>11,}")
    print(f"  {'total':<34} {sum(size for _, size in rows):>11,}")
    print(f"requests to other hosts: {len(foreign)}")
    if foreign:
        raise SystemExit("requests to other hosts: " + ", ".join(foreign))


if __name__ == "__main__":
    main(sys.argv[1:])
