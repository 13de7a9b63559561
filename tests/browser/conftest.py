"""Browser tests of the built site: fixtures.

The site must be built first (``make site`` writes ``site/``); these tests never skip: a
missing site, Chromium or Playwright is an error that says what to run.

- ``site_dir``: the built site (``site/``, or the folder named by ``$BLACKJACK_SITE_DIR``).
- ``site_url``: that folder served by ``http.server`` on 127.0.0.1 (a free port, a thread).
- ``browser``: Debian's Chromium (``/usr/lib/chromium/chromium``, or ``$BLACKJACK_CHROMIUM``),
  headless, driven by Playwright's sync API (Playwright's own browser download is not
  used). Playwright starts it with a new, empty, temporary profile (its ``--user-data-dir``)
  and deletes it at the end.
- ``page``: a new browser context per test (nothing shared between tests but the browser),
  1280x900 so that Material shows its navigation sidebar. Every request the page makes is
  recorded (``page_requests``); when a test fails, a screenshot of its page is saved to
  ``reports/screenshots/<test name>.png`` (:func:`shoot`).
- ``new_context``: every context the tests open (that of ``page`` included) has the search's
  index served without its pages, unless the test is marked ``search``: the search's worker
  then has nothing to index on each page load, the most costly work of a load. A context made
  with ``python=False`` has Pyodide's files left unanswered (a page that starts Python stays
  as it opened). The server does both, on an address of its own (:func:`address`), not the
  browser: a context with a Playwright route loads every file of every page again (routing
  turns Chromium's cache off), which cost about a third more of the browser's and its driver's
  CPU a page load on the phone pass, and twice the requests.

The fixtures are session-scoped per process, so under pytest-xdist each worker that runs a
browser test starts one server and one browser; the browser tests are dealt to both workers
(the phone pass in two parts, one a worker).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

try:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        Page,
        Playwright,
        Route,
        ViewportSize,
        expect,
        sync_playwright,
    )
    from playwright.sync_api import (
        Error as PlaywrightError,
    )
except ImportError as error:  # pragma: no cover - a broken install must not skip silently
    raise ImportError(
        "the browser tests need Playwright: pip install -r requirements/test.txt (or run make test)"
    ) from error

CHROMIUM = Path(os.environ.get("BLACKJACK_CHROMIUM", "/usr/lib/chromium/chromium"))
"""Debian's Chromium (apt-get install chromium); ``$BLACKJACK_CHROMIUM`` overrides it."""

CHROMIUM_ARGS = [
    "--no-sandbox",  # as root, headless Chromium needs it
    "--disable-gpu",
    "--disable-background-networking",  # a closed network: no update or metrics calls
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
"""Wide enough for Material's left navigation (shown from 1220 px)."""

TOUCH_PHONE: dict[str, Any] = {"is_mobile": True, "has_touch": True, "device_scale_factor": 3}
"""A touch phone, besides its size (390 x 844): a mobile layout viewport (a page wider than the
screen widens it, and the page becomes that wide), touch without hover (Material then leaves a
code block that scrolls sideways out of the keyboard's reach), three device pixels per CSS
pixel. A plain 390 px viewport shows neither problem."""

TIMEOUT_MS = 15_000
"""Longest wait for any one thing (CI runs these beside ~500 tests on two cores)."""

expect.set_options(timeout=TIMEOUT_MS)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the built site in headless Chromium (needs make site)")
    config.addinivalue_line("markers", "search: searches the site, its index served as built (see search_unindexed)")


SEARCH_INDEX = "**/search/search_index.json"
"""Material's search index, which its search worker fetches and indexes on every page load."""

_UNINDEXED: dict[str, bytes] = {}
"""The search index as :func:`search_unindexed` serves it, by address (fetched once a process)."""


def search_unindexed(ctx: BrowserContext) -> None:
    """From now on, the search's index served to ``ctx``'s pages without its pages
    (:func:`unindexed`), by a route: for a test that wants it as built first, then not (a route
    turns Chromium's cache off: a context that never wants the index as built is made so,
    :func:`new_context`)."""

    def serve(route: Route) -> None:
        address = route.request.url
        if address not in _UNINDEXED:
            try:
                built = route.fetch().json()
            except PlaywrightError:  # the context closed as its page loaded (a test done before its search started)
                return
            _UNINDEXED[address] = unindexed(built)
        route.fulfill(body=_UNINDEXED[address], content_type="application/json")

    ctx.route(SEARCH_INDEX, serve)


def new_context(
    browser: Browser, site_url: str, *, search: bool = False, python: bool = True, **options: Any
) -> BrowserContext:
    """A context on the served site (service workers blocked), the search's index unindexed
    unless ``search``, Pyodide's files left unanswered unless ``python`` (a page that starts
    Python as it opens stays as it then is, saying it is loading Python, and costs nothing more:
    a start costs seconds of Chromium's CPU); ``options``: more of Playwright's context options
    (a viewport, a device). Both are done by the server, on an address of its own (:func:`address`)."""
    return browser.new_context(
        base_url=address(site_url, search=search, python=python), service_workers="block", **options
    )


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without a log line per request; where ``unindexed`` is set, the search's
    index without its pages (:func:`unindexed`); where ``held`` is set, no answer to a request
    for Pyodide's files until it is set (the server stops)."""

    unindexed: dict[str, bytes] | None = None
    held: threading.Event | None = None

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.held is not None and "/pyodide/" in path:
            self.held.wait()  # (the page asking moved on long before: its connection is closed)
            self.close_connection = True
            return
        if self.unindexed is not None and path.endswith("/search/search_index.json"):
            if path not in self.unindexed:
                self.unindexed[path] = unindexed(json.loads(Path(self.translate_path(path)).read_bytes()))
            body = self.unindexed[path]
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def unindexed(built: dict[str, Any]) -> bytes:
    """Material's search index (``built``, as the site has it) with its configuration (languages,
    separator) but no page in it.

    On every page load Material's search worker fetches the index (one for the whole site, all
    four languages: about 4 MB) and builds lunr's index from it: some 40 % of a page load's CPU,
    measured on the phone pass. A test that does not search reads nothing of it: with an empty
    index the worker still starts, loads its languages and reports itself ready, so the page
    ends in the same state (the search box and its empty results alike), only sooner. A test
    that searches is marked ``search`` and gets the index as built."""
    return json.dumps({"config": built["config"], "docs": []}).encode()


_ADDRESSES: dict[str, Callable[[bool, bool], str]] = {}
"""For each served site (its ``site_url``), the address serving it as a context needs it."""


def address(site_url: str, *, search: bool, python: bool) -> str:
    """The address of the site ``site_url`` serves, with the search's index as built (``search``,
    else without its pages) and Pyodide's files answered (``python``, else never)."""
    return _ADDRESSES[site_url](search, python)


class _Server(http.server.ThreadingHTTPServer):
    """A file server that ignores clients leaving early (a page navigated away mid-download)."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_dir(pytestconfig: pytest.Config) -> Path:
    """The built site; fails (never skips) when it is not there."""
    folder = Path(os.environ.get("BLACKJACK_SITE_DIR", pytestconfig.rootpath / "site")).resolve()
    if not (folder / "index.html").is_file():
        pytest.fail(
            f"{folder / 'index.html'} is missing: run make site first (the browser tests check the built site)",
            pytrace=False,
        )
    return folder


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The site served on 127.0.0.1 on a free port, as ``http://127.0.0.1:<port>/``; the same
    folder served as a context needs it (:func:`address`) on other ports, each started when
    first asked for."""
    servers: dict[tuple[bool, bool], tuple[_Server, threading.Thread]] = {}
    held = threading.Event()

    def serve(search: bool, python: bool) -> str:
        if (search, python) not in servers:
            kind = type(
                "_Handler",
                (_QuietHandler,),
                {"unindexed": None if search else {}, "held": None if python else held},
            )
            server = _Server(("127.0.0.1", 0), functools.partial(kind, directory=str(site_dir)))
            thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
            thread.start()
            servers[search, python] = server, thread
        return f"http://127.0.0.1:{servers[search, python][0].server_address[1]}/"

    url = serve(True, True)
    _ADDRESSES[url] = serve
    try:
        yield url
    finally:
        held.set()
        for server, thread in servers.values():
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, for the whole session."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless, with a fresh temporary profile."""
    if not CHROMIUM.is_file():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's Chromium (apt-get install -y chromium); "
            "Playwright's own browser download is not used",
            pytrace=False,
        )
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def page_requests() -> list[str]:
    """Every URL the test's pages asked for (documents, assets, worker fetches, websockets)."""
    return []


def screenshot_name(test_name: str) -> str:
    """A file name for a test's screenshot: ``test_x[UY-43.2]`` -> ``test_x-UY-43.2.png``."""
    return re.sub(r"[^\w.-]+", "-", test_name).strip("-") + ".png"


@pytest.fixture
def context(
    browser: Browser, site_url: str, page_requests: list[str], request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    """A new context per test, recording every request its pages make; the search's index as
    built only for a test marked ``search`` (:func:`new_context`)."""
    searches = request.node.get_closest_marker("search") is not None
    ctx = new_context(browser, site_url, search=searches, viewport=VIEWPORT)
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.on("request", lambda request: page_requests.append(request.url))
    ctx.on("page", lambda new: new.on("websocket", lambda socket: page_requests.append(socket.url)))
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keeps each phase's report on the test (``rep_setup``, ``rep_call``): :func:`shoot` reads it."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def shoot(tab: Page, request: pytest.FixtureRequest, *, full_page: bool = False) -> None:
    """The screenshot of ``tab`` of a test that failed, to ``reports/screenshots/<test
    name>.png`` (any earlier one of that name removed when it passes); a page too tall to shoot
    whole (a regulation's text) is shot as the viewport shows it. A passing test's screenshot
    showed nothing its assertions did not, and cost about 0.16 s of Chromium's CPU a viewport."""
    folder = request.config.rootpath / "reports" / "screenshots"
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.passed:
        (folder / screenshot_name(request.node.name)).unlink(missing_ok=True)
        return
    folder.mkdir(parents=True, exist_ok=True)
    tall = full_page and tab.evaluate("document.documentElement.scrollHeight") > 16_384
    tab.screenshot(path=folder / screenshot_name(request.node.name), full_page=full_page and not tall)


@pytest.fixture
def page(context: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The test's page; its screenshot goes to ``reports/screenshots/`` when the test ends."""
    tab = context.new_page()
    yield tab
    shoot(tab, request)
