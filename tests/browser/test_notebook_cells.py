"""Notebook cells run in the page (``generated/notebooks/*.html``), with the site's own Pyodide.

tools/notebooks.py puts an "Edit and run" control after each cell the page can run (engine and
standard library only) and, after the others, what they need; javascripts/notebook.js runs the
cells. Every request to another host is aborted and fails the test (the pages must work
offline). An edited cell calls ``ruleset("UY")`` and prints a field; a cell that cannot run
says which module it needs; an error shows its traceback; the same on a phone; pages without a
runnable cell do not load Python; opened from disk, the page says how to serve the site.

A cell that never ends (``while True: pass``) runs in the page's worker: the page answers while
it runs, its Stop button ends it (the worker is terminated), or the page's time limit does (a
link sets a short one: ``?time-limit=2``); the cell says why and that the earlier cells'
namespace is gone, and the next Run starts a fresh Python and runs them again first.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from spec_engine.catalog import rulebook_name
from spec_engine.rules import ruleset

from . import test_play
from .test_play import (  # noqa: F401  (after_each_...: its fixture, pytest finds it here)
    PHONE,
    READY_MS,
    RUN_AXE,
    Kept,
    after_each_test_on_a_shared_tab,
    network_idle,
    shared_tab,
)

foreign = test_play.foreign  # the play page's fixture: requests to other hosts fail

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

EXPLORER = "generated/notebooks/rule_explorer.html"
PRACTICE = "generated/notebooks/dealer_practice.html"
COSTS = "generated/notebooks/rule_costs.html"
UY_CELL = 6
"""The rule explorer's cell that calls ``ruleset("UY")``."""
RUN_LIMIT_S = 30
"""The time limit the pages state (``tools/notebooks.py``: ``RUN_LIMIT``)."""
FOREVER = "while True:\n    pass"


def cell_control(page: Page, cell: int) -> Locator:
    """The "Edit and run" control of ``cell``, opened."""
    control = page.locator(f'details.nb-run[data-cell="{cell}"]')
    if control.get_attribute("open") is None:
        control.locator("summary").click()
    expect(control.get_by_label(f"Code of cell {cell}")).to_be_visible()
    return control


def run_cell(page: Page, cell: int, code: str | None = None) -> Locator:
    """Edit ``cell`` (when ``code`` is given), run it, wait for its output; the output area."""
    control = cell_control(page, cell)
    if code is not None:
        control.get_by_label(f"Code of cell {cell}").fill(code)
    control.get_by_role("button", name=f"Run cell {cell}").click()
    output = control.locator(".nb-output")
    expect(output).to_have_attribute("data-state", "done", timeout=READY_MS)
    return output


explorer = shared_tab(EXPLORER, network_idle)
"""The rule explorer on the desktop, shared by the tests whose cells do not depend on what ran
before them (test_play.shared_tab: Python booted once); the first Run's own behaviour is the
first test's, on a page of its own."""
explorer_phone = shared_tab(EXPLORER, network_idle, on_phone=True)
"""The rule explorer on a phone, shared like ``explorer``."""


def python_requests(requests: list[str]) -> list[str]:
    return [url for url in requests if "/pyodide/" in url or url.endswith(("python.js", "notebook.js"))]


def test_edit_a_cell_to_call_ruleset_uy(page: Page, foreign: list[str], page_requests: list[str]) -> None:
    page.goto(EXPLORER)
    page.wait_for_load_state("networkidle")
    assert not [url for url in page_requests if "/pyodide/" in url], "Python loads only on the first Run"
    code = 'rules = ruleset("UY")\nprint("UY blackjack pays", rules.blackjack_payout)\nrules.min_stand_total'
    output = run_cell(page, UY_CELL, code)
    uy = ruleset("UY")
    result = output.locator(".nb-result")
    expect(result).to_have_text(f"UY blackjack pays {uy.blackjack_payout}\n{uy.min_stand_total}")
    # the cells above it that the page can run ran first (cell 2 imports ruleset), once
    expect(output.locator(".nb-note")).to_contain_text("Ran the earlier cells first: 2, 4")
    assert page.evaluate("[...bjNotebook.ran].sort((a, b) => a - b)") == [2, 4, UY_CELL]
    # run again: the earlier cells do not run a second time; the namespace is kept
    output = run_cell(page, UY_CELL, "print(rules.decks)")
    expect(output.locator(".nb-result")).to_have_text(str(uy.decks))
    expect(output.locator(".nb-note")).to_have_count(0)
    assert foreign == []
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in page_requests)
    assert any(url.endswith("/pyodide/engine.zip") for url in page_requests)


def test_the_cell_as_written_runs_like_at_build(explorer: Kept) -> None:
    """Unedited (its code restored, whatever ran before), the cell prints what the build
    printed (the page shows both)."""
    page, foreign = explorer.page, explorer.foreign
    cell_control(page, UY_CELL).get_by_role("button", name="Restore the code").click()
    output = run_cell(page, UY_CELL)
    uy = ruleset("UY")
    expect(output.locator(".nb-result")).to_contain_text(f"{uy.name}: {uy.decks} decks, stands from 12")
    expect(output.locator(".nb-result")).to_contain_text("Citation(basis='interpretation'")
    assert foreign == []


def test_display_markdown_shows_its_source(page: Page, foreign: list[str]) -> None:
    """The page's display(Markdown(...)) prints the Markdown source (a stand-in for IPython's);
    the dealer practice's helpers are in a hidden cell, run first."""
    page.goto(PRACTICE)
    output = run_cell(page, 4)
    result = output.locator(".nb-result")
    expect(result).to_contain_text(f"**{rulebook_name('CL', with_id=True)}**")  # the one list's name
    expect(result).to_contain_text("| box | bets | hands |")
    assert page.evaluate("[...bjNotebook.ran]") == [2, 4]
    assert foreign == []


def test_a_cell_that_cannot_run_says_what_it_needs(page: Page, foreign: list[str]) -> None:
    page.goto(EXPLORER)
    note = page.locator('.nb-offline[data-cell="8"]')  # runs the scenarios in two processes
    expect(note).to_contain_text("Not runnable in this page")
    expect(note.locator("code", has_text="subprocess")).to_be_visible()
    expect(note).to_contain_text("a page cannot start processes")
    expect(page.locator('details.nb-run[data-cell="8"]')).to_have_count(0)
    page.goto(COSTS)
    note = page.locator('.nb-offline[data-cell="2"]')
    expect(note.locator("code", has_text="matplotlib")).to_be_visible()
    expect(note).to_contain_text("not available offline")
    expect(note.locator("code", has_text="spec_engine.pages")).to_be_visible()
    later = page.locator('.nb-offline[data-cell="4"]')  # needs nothing itself: uses cell 2's names
    expect(later).to_contain_text("from cell 2, which is not runnable here")
    expect(page.locator("details.nb-run")).to_have_count(0)
    page.goto("generated/notebooks/five_rulebooks.html")  # the chart: its code is hidden, its need is not
    chart = page.locator('.nb-offline[data-cell="7"]')
    expect(chart).to_contain_text("hidden here")
    expect(chart.locator("code", has_text="matplotlib")).to_be_visible()
    assert foreign == []


def test_an_error_shows_its_traceback(explorer: Kept) -> None:
    page, foreign = explorer.page, explorer.foreign
    output = run_cell(page, UY_CELL, 'def stake(reg):\n    return ruleset(reg).nothing\n\nstake("UY")')
    error = output.locator(".nb-error")
    expect(error).to_contain_text("Traceback (most recent call last)")
    expect(error).to_contain_text(f'File "<cell {UY_CELL}>", line 4')
    expect(error).to_contain_text(f'File "<cell {UY_CELL}>", line 2, in stake')
    expect(error).to_contain_text("AttributeError")
    expect(error).not_to_contain_text("bj_notebook")  # the runner's own frames are left out
    # the page goes on: the next run works
    output = run_cell(page, UY_CELL, 'print(ruleset("UY").id)')
    expect(output.locator(".nb-result")).to_have_text("UY")
    expect(output.locator(".nb-error")).to_have_count(0)
    assert foreign == []


def test_run_a_cell_on_a_phone(explorer_phone: Kept) -> None:
    tab, attempted = explorer_phone.page, explorer_phone.foreign
    output = run_cell(tab, UY_CELL, 'print(ruleset("UY").min_stand_total)')
    expect(output.locator(".nb-result")).to_have_text(str(ruleset("UY").min_stand_total))
    for part in (".nb-code", ".nb-run-button", ".nb-result"):
        box = tab.locator(f'details.nb-run[data-cell="{UY_CELL}"] {part}').bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], part
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px)"
    assert attempted == []


def test_the_run_cells_meet_wcag_2_1_aa(explorer: Kept, explorer_phone: Kept) -> None:
    """With the controls open, an output and a traceback shown (desktop and phone)."""
    for tab in (explorer.page, explorer_phone.page):
        run_cell(tab, 2)
        run_cell(tab, UY_CELL, "1 / 0")
        assert tab.evaluate(RUN_AXE) == []


def test_pages_without_runnable_cells_do_not_load_python(page: Page, page_requests: list[str]) -> None:
    for url in (COSTS, "generated/rules.html", "index.html"):
        page.goto(url)
        page.wait_for_load_state("networkidle")
    assert python_requests(page_requests) == []


def test_a_notebook_opened_from_disk_says_how_to_serve(page: Page, site_dir: Path) -> None:
    page.goto((site_dir / EXPLORER).as_uri())
    control = cell_control(page, UY_CELL)
    control.get_by_role("button", name=f"Run cell {UY_CELL}").click()
    expect(control.locator(".nb-output")).to_contain_text("make serve")
    expect(control.locator(".nb-output")).to_contain_text("notebooks/rule_explorer.html")


def responsive_while_running(page: Page, output: Locator) -> None:
    """The page's main thread answers while the cell runs: a script at once, another cell's
    control opened, its code restored."""
    expect(output).to_have_attribute("data-state", "running")
    time.sleep(0.5)  # Python is spinning by now
    for _ in range(3):
        start = time.monotonic()
        assert page.evaluate("1 + 1") == 2
        assert time.monotonic() - start < 1, "the page's main thread is blocked"
    code = cell_control(page, 2).get_by_label("Code of cell 2")
    original = code.input_value()
    code.fill("edited")
    cell_control(page, 2).get_by_role("button", name="Restore the code").click()
    expect(code).to_have_value(original)
    expect(output).to_have_attribute("data-state", "running")


def test_a_cell_that_never_ends_is_stopped_and_the_page_stays_usable(page: Page, foreign: list[str]) -> None:
    page.goto(EXPLORER)
    run_cell(page, UY_CELL, 'print(ruleset("UY").id)')  # cells 2, 4 and 6 ran: a namespace to lose
    control = cell_control(page, UY_CELL)
    expect(control.locator(".nb-limit")).to_have_text(f"A run stops by itself after {RUN_LIMIT_S} s.")
    stop = control.get_by_role("button", name=f"Stop cell {UY_CELL}")
    expect(stop).to_be_hidden()
    control.get_by_label(f"Code of cell {UY_CELL}").fill(FOREVER)
    control.get_by_role("button", name=f"Run cell {UY_CELL}").click()
    output = control.locator(".nb-output")
    expect(stop).to_be_focused()  # the keyboard is on Stop while it runs
    expect(control.get_by_role("button", name=f"Run cell {UY_CELL}")).to_be_disabled()
    responsive_while_running(page, output)
    stop.click()
    stopped = output.locator(".nb-stopped")
    expect(stopped).to_contain_text("you pressed Stop while cell 6 was running", timeout=5_000)
    expect(output).to_contain_text("what cells 2, 4 and 6 defined is gone")
    expect(output).to_contain_text("runs the earlier cells 2 and 4 again first")
    expect(output).to_have_attribute("data-state", "done")
    expect(stop).to_be_hidden()
    expect(control.get_by_role("button", name=f"Run cell {UY_CELL}")).to_be_focused()
    assert page.evaluate("[...bjNotebook.ran]") == []
    # a fresh Python: the earlier cells run again, and the cell uses what they define
    output = run_cell(page, UY_CELL, 'print(ruleset("UY").decks)')
    expect(output.locator(".nb-note")).to_contain_text("Ran the earlier cells first: 2, 4")
    expect(output.locator(".nb-result")).to_have_text(str(ruleset("UY").decks))
    assert page.evaluate("bjPython.generation") == 2
    assert foreign == []


def test_a_cell_that_never_ends_stops_by_itself_after_the_time_limit(page: Page, foreign: list[str]) -> None:
    page.goto(EXPLORER + "?time-limit=2")
    control = cell_control(page, UY_CELL)
    expect(control.locator(".nb-limit")).to_have_text("A run stops by itself after 2 s.")
    start = time.monotonic()
    output = run_cell(page, UY_CELL, FOREVER)
    expect(output.locator(".nb-stopped")).to_have_text(
        "Stopped by itself: the run reached this page's limit of 2 s while cell 6 was running."
    )
    assert time.monotonic() - start < READY_MS / 1000
    expect(output).to_contain_text("what cells 2 and 4 defined is gone")
    output = run_cell(page, UY_CELL, 'print(ruleset("UY").id)')
    expect(output.locator(".nb-note")).to_contain_text("Ran the earlier cells first: 2, 4")
    expect(output.locator(".nb-result")).to_have_text("UY")
    assert foreign == []


def test_stop_takes_a_waiting_cell_out_of_the_queue(page: Page, foreign: list[str]) -> None:
    """Two cells asked to run: the second waits for the first; its Stop takes it out of the
    queue, the first's Stop ends the run; nothing runs after."""
    page.goto(EXPLORER)
    first = cell_control(page, 2)
    first.get_by_label("Code of cell 2").fill(FOREVER)
    first.get_by_role("button", name="Run cell 2").click()
    later = cell_control(page, UY_CELL)
    later.get_by_role("button", name=f"Run cell {UY_CELL}").click()
    expect(later.locator(".nb-output")).to_contain_text("Waiting for cell 2 to finish")
    later.get_by_role("button", name=f"Stop cell {UY_CELL}").click()
    expect(later.locator(".nb-output")).to_have_text("Not run: you pressed Stop while it waited its turn.")
    expect(first.locator(".nb-output")).to_have_text("Running…", timeout=READY_MS)  # Python started
    first.get_by_role("button", name="Stop cell 2").click()
    expect(first.locator(".nb-stopped")).to_contain_text("you pressed Stop while cell 2 was running")
    expect(first.locator(".nb-output")).to_contain_text("The next Run starts a fresh Python.")
    assert foreign == []
