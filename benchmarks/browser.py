"""Benchmark: the engine in the page (Play it yourself, Pyodide) in headless Chromium.

    python benchmarks/browser.py [SITE]        (default: site/, built by make site)

Serves the built site on 127.0.0.1 (every request to another host is aborted and counted) and
prints:

- Python ready: from the page's navigation to the engine imported in Pyodide, first with an
  empty cache (cold), then reopened in the same browser (warm; target < 3 s), each the median
  of ``RUNS`` warm openings;
- time per action: one ``hit`` played by the engine and drawn in the page (Python, JSON and the
  DOM), the median of 20 (target < 100 ms); also a deal under one rulebook and under all five;
- the bytes added to the site: Pyodide's files and the engine pack (``pyodide/``), the page's
  script and style, and the page itself.

Not a test: the figures vary with the machine.
"""

from __future__ import annotations

import functools
import http.server
import os
import statistics
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("BLACKJACK_CHROMIUM", "/usr/lib/chromium/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
PAGE = "generated/play.html"
RUNS = 5
ACTIONS = 20

TIMED = """async ([n, regs]) => {
  const form = document.getElementById("bj-form");
  const set = (name, value) => { form.elements[name].value = value; };
  set("box", "TS 6H"); set("dealer", "9D"); set("rest", "5C"); set("seed", ""); set("bet", "10");
  const deal = [], act = [], five = [];
  for (let i = 0; i < n; i++) {
    set("reg", "CL");
    let t = performance.now(); bjPlay.deal(); deal.push(performance.now() - t);
    t = performance.now(); const s = bjPlay.act("CL", "hit"); act.push(performance.now() - t);
    if (s.hands[0].total !== 21 || s.refusal || s.error) throw new Error("unexpected: " + JSON.stringify(s));
    set("reg", "all");
    t = performance.now(); const all = bjPlay.deal(); five.push(performance.now() - t);
    if (all.length !== regs) throw new Error("not five tables");
  }
  return {deal, act, five};
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def open_ready(page: Page) -> float:
    """Open the page; the milliseconds from its navigation to Python ready."""
    page.goto(PAGE)
    page.wait_for_function("window.bjPlay && window.bjPlay.readyAt !== null", timeout=120_000)
    return float(page.evaluate("bjPlay.readyAt"))


def added_bytes(site: Path) -> list[tuple[str, int]]:
    rows = [(p.relative_to(site).as_posix(), p.stat().st_size) for p in sorted((site / "pyodide").iterdir())]
    for name in ("javascripts/python.js", "javascripts/play.js", "stylesheets/play.css", PAGE):
        rows.append((name, (site / name).stat().st_size))
    return rows


def main(argv: list[str]) -> None:
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

    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            context = browser.new_context(base_url=url, service_workers="block")
            context.route("**/*", route)
            page = context.new_page()
            cold = open_ready(page)
            warm = [open_ready(page) for _ in range(RUNS)]
            timed = page.evaluate(TIMED, [ACTIONS, 5])
            browser.close()
    finally:
        server.shutdown()
    print(f"Python ready, cold cache        {cold:8.0f} ms")
    print(f"Python ready, warm (median of {RUNS}) {statistics.median(warm):8.0f} ms  (target < 3000 ms)")
    act = statistics.median(timed["act"])
    print(f"one action, hit (median of {ACTIONS})  {act:8.1f} ms  (target < 100 ms; max {max(timed['act']):.1f})")
    print(f"a deal, one rulebook (median)   {statistics.median(timed['deal']):8.1f} ms")
    print(f"a deal, all five (median)       {statistics.median(timed['five']):8.1f} ms")
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
