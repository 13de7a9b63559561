"""The conformance kit (spec_engine/conform.py, spec_engine/suite/conform_plugin.py): every run finishes,
every scenario gets the right status against hostile implementations (tests/hostile/), a
FAIL comes with a reproduction that replays, and the kit run against the reference adapter
passes exactly what the in-process run passes."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from spec_engine import __version__
from spec_engine.catalog import REGULATION_IDS
from spec_engine.kit.assemble import assemble, normalize_status, summarize
from spec_engine.kit.conform import STDERR_KEPT, first_difference, keyword_problem, replay, run
from spec_engine.kit.driver import ImplementationCrash, ImplementationError, ImplementationTimeout, Unsupported
from spec_engine.kit.report import JUNIT, REPORT, SUMMARY, read_report, verify
from spec_engine.kit.verdict import verdict
from spec_engine.kit.versions import current as protocol_version
from spec_engine.pages.conformance import report_page
from spec_engine.suite.conform_plugin import classify, compared
from tests.util import load_tool

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
REFERENCE = f"{PY} -m spec_engine.kit.adapter"
BUILD = load_tool("build", "build_for_conform")
"""``tools/build.py``: whether ``make site``'s scenario results are current."""

pytestmark = pytest.mark.usefixtures("pdf_stand_in")  # the runs print no PDF (tests/conftest.py)

FEW = "doubling_on_a_hard_twelve or doubling_on_a_soft_seventeen or a_blackjack_against_a_low_card_is_paid_three"
"""Three UY scenarios (with --regulation UY): two compare rows and one of features/uy/; each
sends at least four requests (hello, start, bet, deal)."""


def hostile(name: str, *args: str) -> str:
    return " ".join([PY, "-m", f"tests.hostile.{name}", *args])


def kit(
    tmp_path: Path, impl: str, *, k: str = FEW, timeout: float = 10.0, **options: Any
) -> tuple[dict[str, Any], list[dict[str, Any]], float]:
    start = time.monotonic()
    header, results = run(
        impl, tmp_path / "report", regulation="UY", timeout=timeout, jobs=1, keyword=k, quiet=True, **options
    )
    return header, results, time.monotonic() - start


def statuses(results: list[dict[str, Any]]) -> set[str]:
    return {r["status"] for r in results}


# ------------------------------------------------------------------------------ hostile implementations
def test_an_implementation_that_dies_at_its_first_hello_ends_the_run_at_once(tmp_path: Path) -> None:
    """Through the command line, as a user runs it: no scenario is played, the verdict says
    why, and the report folder is complete and sealed."""
    out = tmp_path / "cli"
    start = time.monotonic()
    options = ["--out", str(out), "--regulation", "uy", "--timeout", "10"]
    done = subprocess.run(
        [PY, "-m", "spec_engine.kit.conform", "--impl", hostile("crash_on_start"), *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert time.monotonic() - start < 30
    assert done.returncode == 1, done.stderr
    assert "0 scenarios: none run" in done.stdout
    assert "Does not conform: the implementation's first hello ended in CRASH" in done.stdout
    header, results = read_report(out)
    assert results == []
    assert header["probe"] == {
        "ok": False,
        "status": "CRASH",
        "message": "the implementation missed its first hello: the implementation exited (code 3)",
        "stderr": "crash-on-start: cannot read /etc/mybj.conf\n",
    }
    page = (out / "certificate.html").read_text(encoding="utf-8")
    assert "The first hello: CRASH" in page and "crash-on-start: cannot read /etc/mybj.conf" in page
    assert header["regulation"] == "UY" and header["suite"]["version"]
    assert header["protocol"]["kit"] == protocol_version() and header["kit"]["version"] == __version__
    summary = json.loads((out / SUMMARY).read_text())
    assert summary["verdict"]["kind"] == "does not conform" and summary["verdict"]["exit"] == 1
    assert verify(out) == []


def test_a_crash_s_standard_error_is_kept_bounded_at_its_end(tmp_path: Path) -> None:
    """An implementation that writes a long standard error before dying at its first hello:
    the report keeps its end (where it says what broke), at most STDERR_KEPT characters."""
    header, results, _ = kit(tmp_path, hostile("crash_on_start", "2000"), k="")
    kept = header["probe"]["stderr"]
    assert results == [] and header["probe"]["status"] == "CRASH"
    assert len(kept) == STDERR_KEPT and kept.endswith("crash-on-start: cannot read /etc/mybj.conf\n")
    assert "noise line 1999" in kept and "noise line 0:" not in kept


def test_an_implementation_that_hangs_at_its_first_hello_ends_the_run_in_seconds(tmp_path: Path) -> None:
    header, results, elapsed = kit(tmp_path, hostile("sleep_forever"), k="", timeout=0.5)
    assert elapsed < 10
    assert header["probe"]["status"] == "TIMEOUT" and results == []
    assert verdict(header, results).exit_code == 1


def test_a_crash_mid_round_is_a_crash_and_the_process_is_restarted(tmp_path: Path) -> None:
    header, results, elapsed = kit(tmp_path, hostile("crash_mid_round", "3"))
    assert len(results) == 3 and statuses(results) == {"CRASH"}
    assert all("exited (code 7)" in r["message"] for r in results)
    # one worker, one driver: each scenario needed a new process, and got it
    assert [r["starts"] for r in results] == [1, 1, 1]
    assert header["implementation"]["implementation"]["name"] == "crash-mid-round"
    assert elapsed < 30
    # each crash leaves its reproduction: the requests that led to it and the dying words on stderr
    for result in results:
        repro = json.loads((tmp_path / "report" / result["repro"]).read_text(encoding="utf-8"))
        assert repro["requests"][0]["op"] == "start" and len(repro["requests"]) >= 2
        assert "crash-mid-round: no answer to" in repro["stderr"]
        assert repro["stderr"].count("crash-mid-round") == 1  # this scenario's stderr, not the run's
        assert repro["actual_events"] is None and repro["actual_events_error"].startswith("not asked")
        assert repro["expected_events"]  # the same requests replayed on the engine
    certificate = (tmp_path / "report" / "certificate.html").read_text(encoding="utf-8")
    assert certificate.count("crash-mid-round: no answer to") == len(results)


def test_a_hello_missed_after_a_restart_is_reported_as_such(tmp_path: Path) -> None:
    """The scenarios' process dies in the first scenario; the one started for the next misses
    its hello: a TIMEOUT of that hello, not of the scenario's first step."""
    _, results, _ = kit(tmp_path, hostile("late_hello", str(tmp_path / "starts"), "3"), timeout=1.0)
    first, second, *_ = results
    assert first["status"] == "CRASH", first
    assert second["status"] == "TIMEOUT" and second["step"].startswith("hello"), second
    assert "started again (start 2), missed its hello: no reply within 1.0 s" in second["message"], second


def test_an_implementation_that_stops_answering_times_out_and_the_run_is_bounded(tmp_path: Path) -> None:
    """Each request waits --timeout at most; the whole run --max-time at most, and what it
    leaves unrun is TIMEOUT too, not missing. The machine's speed decides none of it: the
    implementation answers hello at once (it imports nothing), and --max-time is measured
    against the suite's own start on this machine now (collecting Uruguay's scenarios, as the
    run will), so that the run always gets past its start, always has a request time out, and
    is always stopped long before it would end by itself (every scenario waiting 2 s)."""
    began = time.monotonic()
    assert keyword_problem("not no_such_scenario", "UY", []) is None
    collecting = time.monotonic() - began
    max_time = float(math.ceil(3 * collecting + 2.0 + 5))
    header, results, elapsed = kit(tmp_path, hostile("hang_after_hello"), k="", timeout=2.0, max_time=max_time)
    assert header["probe"]["ok"] is True, header["probe"]
    assert header["pytest_exit_code"] == -1  # stopped by the kit, not ended by itself
    assert len(results) > 70 and statuses(results) == {"TIMEOUT"}  # every UY scenario
    assert any("no reply within 2.0 s" in r["message"] for r in results)
    assert any(r["message"] == f"not run: the run was stopped after --max-time {max_time:g} s" for r in results)
    # bounded: --max-time and the report's writing, far below the run it would have been
    assert elapsed < max_time + 30 < 2.0 * len(results), (elapsed, max_time, len(results))


@pytest.mark.parametrize(
    ("name", "status", "words"),
    [
        ("not_json", "ERROR", "a reply that is not JSON"),
        ("huge_line", "ERROR", "a reply line longer than 1048576 bytes"),
        ("other_version", "UNSUPPORTED", "the implementation speaks protocol 2.0, an older major version"),
    ],
)
def test_garbage_or_another_protocol_at_hello_ends_the_run(tmp_path: Path, name: str, status: str, words: str) -> None:
    header, results, elapsed = kit(tmp_path, hostile(name))
    assert results == [] and header["probe"]["status"] == status and words in header["probe"]["message"]
    assert elapsed < 30
    assert verdict(header, results).kind == "does not conform"
    junit = ET.parse(tmp_path / "report" / JUNIT).getroot()
    assert int(junit.get("tests", 0)) == 0


def test_garbage_after_hello_is_an_error_per_scenario(tmp_path: Path) -> None:
    _, results, elapsed = kit(tmp_path, hostile("wrong_id"))
    assert len(results) == 3 and statuses(results) == {"ERROR"}, results
    assert all("a reply that does not answer request" in r["message"] for r in results)
    assert elapsed < 30
    junit = ET.parse(tmp_path / "report" / JUNIT).getroot()
    assert int(junit.get("tests", 0)) == 3 and int(junit.get("errors", 0)) == 3
    assert len(junit.findall(".//testcase/error")) == 3


def test_an_implementation_of_an_older_protocol_is_told_what_changed(tmp_path: Path) -> None:
    """Before any scenario, on the console: the versions since its own, each change named."""
    out = tmp_path / "old"
    done = subprocess.run(
        [
            PY,
            "-m",
            "spec_engine.kit.conform",
            "--impl",
            hostile("old_protocol"),
            "--out",
            str(out),
            "--regulation",
            "UY",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "speaks protocol 1.0, an older major version than the kit's" in done.stderr
    for change in ("1.1 (argument) act deal: misdeals", "1.2 (action) act consent, act object", "2.0 (obligation)"):
        assert change in done.stderr, done.stderr
    header, results = read_report(out)
    assert results == [] and header["protocol"]["compatible"] is False
    assert len(header["protocol"]["changes_since"]) >= 5
    page = (out / "certificate.html").read_text(encoding="utf-8")
    assert "Does not conform: it speaks protocol 1.0" in page or "first hello ended in UNSUPPORTED" in page


def test_an_unsupported_level_is_unsupported_and_the_rest_still_passes(tmp_path: Path) -> None:
    k = "doubling_on_a_hard_twelve or cut_card_out_during_the_deal"
    _, results, _ = kit(tmp_path, hostile("unsupported_tables"), k=k)
    got = {r["scenario"]: r["status"] for r in results}
    assert got == {
        "Doubling on a hard twelve, compared": "PASS",
        "The cut card out during the deal makes that round the last of the shoe": "UNSUPPORTED",
    }
    summary = json.loads((tmp_path / "report" / SUMMARY).read_text())
    assert summary["regulations"]["UY"]["counts"]["UNSUPPORTED"] == 1
    assert summary["regulations"]["UY"]["percent"]["PASS"] == 50.0


CONSENT = "occupied_box_needs_its_occupants_consent or doubling_on_a_hard_twelve"
"""Two UY scenarios: one with refusals (UY-11.2, cited exactly so by the rule set), one without."""


def test_an_implementation_citing_every_clause_fails(tmp_path: Path) -> None:
    _, results, _ = kit(tmp_path, hostile("cites_everything"), k=CONSENT)
    got = {r["scenario"]: r for r in results}
    refused = got["A bet on an occupied box needs its occupant's consent first"]
    assert refused["status"] == "FAIL"
    assert "exactly" in refused["message"] and "UY-11.2" in refused["message"]
    assert got["Doubling on a hard twelve, compared"]["status"] == "PASS"  # no refusal to cite
    # a deliberate difference of citations, declared, is accepted
    _, lenient, _ = kit(tmp_path / "lenient", hostile("cites_everything"), k=CONSENT, citations="contains")
    assert statuses(lenient) == {"PASS"}


def test_a_reply_breaking_the_schema_is_an_error_naming_it(tmp_path: Path) -> None:
    _, results, _ = kit(tmp_path, hostile("extra_field"), k=CONSENT)
    assert len(results) == 2 and statuses(results) == {"ERROR"}, results
    assert all("breaks the protocol's schemas" in r["message"] and "elapsed_ms" in r["message"] for r in results)


def test_a_wrong_payout_fails_with_a_reproduction_that_replays(tmp_path: Path) -> None:
    _, results, _ = kit(tmp_path, hostile("six_to_five"))
    by_name = {r["scenario"]: r for r in results}
    assert by_name["Doubling on a hard twelve, compared"]["status"] == "PASS"
    paid = by_name["A blackjack against a low card is paid three to two at once"]
    assert paid["status"] == "FAIL" and paid["clauses"] == ["UY-25.a.4", "UY-26.1", "UY-57"]
    repro = json.loads((tmp_path / "report" / paid["repro"]).read_text())
    assert repro["ruleset"]["id"] == "UY" and repro["ruleset"]["values"]["blackjack_payout"] == "3/2"
    assert repro["requests"][0]["op"] == "start" and repro["requests"][0]["regulation"] == "UY"
    index = repro["first_difference"]
    assert index == paid["first_difference"] is not None
    assert repro["expected_events"][:index] == repro["actual_events"][:index]
    want, got = repro["expected_at_difference"], repro["actual_at_difference"]
    assert (want["type"], want["info"], want["amount"], got["amount"]) == ("settle", "blackjack", "15", "12")
    # self-contained: the requests replayed on the engine give the expected log again
    assert replay(repro["requests"])["events"] == repro["expected_events"]
    # the report line, JUnit and the page say the same
    header_line, lines = read_report(tmp_path / "report")
    assert header_line["kind"] == "header" and header_line["counts"]["FAIL"] == 1
    assert any(r["status"] == "FAIL" and r["repro"] == paid["repro"] for r in lines)
    failures = ET.parse(tmp_path / "report" / JUNIT).getroot().findall(".//testcase/failure")
    assert len(failures) == 1
    page = report_page(tmp_path / "report")
    assert f"(./{paid['repro']}#event-{index})" in page and "first difference: event" in page


# ------------------------------------------------------------------------------ the reference adapter
def test_the_reference_adapter_passes_what_the_engine_passes_in_process(tmp_path: Path) -> None:
    """The issue's first acceptance criterion: the same scenarios, the same results. The
    in-process results are ``make site``'s (its phase ``scenarios`` runs the same scenarios in
    process, on the pure engine: the same answers, ``tests/test_same_answers.py``) while the
    build says they are current, else a run here beside the kit's."""
    inproc, in_process = ROOT / "reports" / "scenarios.json", None
    if not BUILD.current("scenarios"):
        inproc = tmp_path / "inprocess.json"
        env = {k: v for k, v in os.environ.items() if not k.startswith("BLACKJACK_SPEC_")}
        in_process = subprocess.Popen(
            [PY, "-m", "pytest", "-q", "-p", "no:xdist", "tests/test_features.py",
             "-p", "spec_engine.suite.results_elsewhere"],
            cwd=ROOT, env={**env, "BLACKJACK_SPEC_RESULTS": str(inproc)},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
    try:
        header, results = run(REFERENCE, tmp_path / "reference", jobs=1, quiet=True)
    finally:
        if in_process is not None:
            in_process.wait(timeout=300)

    def key(r: dict[str, Any]) -> tuple[Any, ...]:
        return (r["feature"], r["scenario"], r["line"], r["regulation"], tuple(r["clauses"]))

    expected = json.loads(inproc.read_text())
    assert len(expected) == len(results) > 300
    passed_in_process = Counter(key(r) for r in expected if r["status"] == "passed")
    passed_by_kit = Counter(key(r) for r in results if r["status"] == "PASS")
    assert passed_by_kit == passed_in_process
    assert header["implementation"]["implementation"]["name"] == "spec_engine"
    assert header["protocol"]["kit"] == header["protocol"]["implementation"] == protocol_version()
    # one process, started once: nothing crashed, nothing was restarted
    assert sum(r.get("starts", 0) for r in results) == 1
    summary = json.loads((tmp_path / "reference" / SUMMARY).read_text())
    assert set(summary["regulations"]) == set(REGULATION_IDS)
    assert summary["all"]["total"] == len(results)
    assert sum(b["total"] for b in summary["regulations"].values()) == len(results)
    # every scenario says how many requests it sent and how long the answers took; the run adds them up
    assert all(r["requests"] >= 1 and 0 < r["request_ms"]["max"] <= r["request_ms"]["total"] for r in results)
    timing = summary["timing"]
    assert timing["requests"] == sum(r["requests"] for r in results)
    assert timing["max_ms"] == max(r["request_ms"]["max"] for r in results)
    assert timing["slowest"] in {r["nodeid"] for r in results} and 0 < timing["mean_ms"] <= timing["max_ms"]
    page = report_page(tmp_path)
    assert f"## spec_engine {__version__}" in page and "| UY |" in page and "UY-35.1" in page


# ------------------------------------------------------------------------------ units
def test_the_status_comes_from_the_exception_anywhere_in_its_chain() -> None:
    assert classify(ImplementationCrash("gone")) == ("CRASH", "ImplementationCrash: gone")
    assert classify(ImplementationTimeout("slow"))[0] == "TIMEOUT"
    assert classify(Unsupported("no tables"))[0] == "UNSUPPORTED"
    assert classify(ImplementationError("garbage"))[0] == "ERROR"
    assert classify(AssertionError("P1's net is 12, not 15\nassert 12 == 15")) == ("FAIL", "P1's net is 12, not 15")
    assert classify(KeyError("type"))[0] == "ERROR"
    # an assertion raised while handling a timeout (the refusal check after the scenario) hides it
    try:
        try:
            raise ImplementationTimeout("no reply within 1 s")
        except ImplementationTimeout:
            raise AssertionError("an action was refused and no step checked it") from None
    except AssertionError as exc:
        assert classify(exc)[0] == "TIMEOUT"

    class Strange(ImplementationError):
        status = "MAYBE"

    assert classify(Strange("?")) == ("ERROR", "unknown status 'MAYBE': ?")
    assert compared(AssertionError("msg\nassert 12 == 15\n +  where 12 = net()")) == ("15", "12")


def test_an_unknown_status_is_an_error_never_a_pass(tmp_path: Path) -> None:
    assert normalize_status("PASS") == "PASS" and normalize_status("passed") == "ERROR"
    assert normalize_status(None) == "ERROR"
    partial = tmp_path / ".partial"
    partial.mkdir()
    rows = [
        {
            "nodeid": "a",
            "feature": "f",
            "scenario": "s",
            "line": 1,
            "regulation": "UY",
            "clauses": ["UY-1"],
            "status": "OK",
        },
        {
            "nodeid": "b",
            "feature": "f",
            "scenario": "t",
            "line": 2,
            "regulation": "UY",
            "clauses": ["UY-1"],
            "status": "PASS",
        },
    ]
    (partial / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows) + '{"cut sho')
    (partial / "collected.json").write_text(json.dumps([*rows, {**rows[1], "nodeid": "c", "line": 3}]))
    results = assemble(tmp_path, {"protocol": {}, "command": "x"})
    assert [(r["nodeid"], r["status"]) for r in results] == [("a", "ERROR"), ("b", "PASS"), ("c", "ERROR")]
    assert "unknown status 'OK'" in results[0]["message"]
    assert summarize(results)["clauses"]["UY-1"]["counts"] == {
        "PASS": 1,
        "FAIL": 0,
        "ERROR": 2,
        "CRASH": 0,
        "TIMEOUT": 0,
        "UNSUPPORTED": 0,
        "SKIP": 0,
    }
    assert (tmp_path / REPORT).exists() and not partial.exists()


def test_first_difference() -> None:
    assert first_difference([1, 2, 3], [1, 2, 3]) is None
    assert first_difference([1, 2, 3], [1, 5, 3]) == 1
    assert first_difference([1, 2, 3], [1, 2]) == 2
    assert first_difference([1], None) == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--impl", ""], "--impl: the implementation's command line is empty"),
        (["--impl", "no-such-program --protocol"], "--impl: no such program 'no-such-program'"),
        (["--impl", f"{PY} -m spec_engine.kit.adapter", "--out", "/proc/no/such/folder"], "--out: cannot write"),
        (["--impl", f"{PY} -m spec_engine.kit.adapter", "--jobs", "0"], "--jobs: expected a whole number, at least 1"),
        (["--impl", f"{PY} -m spec_engine.kit.adapter", "--memory-mb", "0"], "--memory-mb: expected a whole number"),
        (["--impl", f"{PY} -m spec_engine.kit.adapter", "--timeout", "-1"], "--timeout: expected a finite positive"),
        (["--impl", f"{PY} -m spec_engine.kit.adapter", "--env", "no-equals"], "--env: expected NAME=VALUE"),
        (["--impl", f"{PY} -m spec_engine.kit.adapter", "--clause", "UY-999"], "--clause: no clause 'UY-999'"),
        (["--impl", f"{PY} -m spec_engine.kit.adapter", "--rerun-failed", "."], "--rerun-failed: "),
    ],
)
def test_bad_input_to_the_runner_ends_at_once_in_one_line(tmp_path: Path, args: list[str], words: str) -> None:
    done = subprocess.run(
        [PY, "-m", "spec_engine.kit.conform", *args], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # no report folder left behind


def _report_folder(folder: Path, header: dict[str, Any], results: list[dict[str, Any]]) -> Path:
    folder.mkdir(parents=True)
    lines = [{"kind": "header", **header}, *({"kind": "result", **r} for r in results)]
    (folder / REPORT).write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return folder


def lab_mistakes(where: Path) -> dict[str, list[str]]:
    """Each mistake of a lab's own options or inputs (issue 31), as the runner's arguments."""
    (where / "a-folder").mkdir()
    script = where / "mybj.py"
    script.write_text("print('hello')\n", encoding="utf-8")
    hello_failed = _report_folder(where / "hello-failed", {"probe": {"ok": False, "status": "CRASH"}}, [])
    all_passed = _report_folder(where / "all-passed", {"probe": {"ok": True}}, [{"nodeid": "x", "status": "PASS"}])
    ref = f"{PY} -m spec_engine.kit.adapter"
    return {
        "a -k expression pytest cannot read": ["--impl", ref, "--regulation", "UY", "-k", "insurance and"],
        "a -k expression that selects nothing": ["--impl", ref, "--regulation", "UY", "-k", "no_such_words"],
        "--timeout nan": ["--impl", ref, "--timeout", "nan"],
        "--timeout inf": ["--impl", ref, "--timeout", "inf"],
        "--timeout 0": ["--impl", ref, "--timeout", "0"],
        "--timeout -1": ["--impl", ref, "--timeout", "-1"],
        "--max-time inf": ["--impl", ref, "--max-time", "inf"],
        "a folder as --impl": ["--impl", str(where / "a-folder")],
        "a file that is not executable as --impl": ["--impl", str(script)],
        "--rerun-failed on a report whose hello failed": ["--impl", ref, "--rerun-failed", str(hello_failed)],
        "--rerun-failed on a report with nothing broken": ["--impl", ref, "--rerun-failed", str(all_passed)],
        "--rerun-failed on a folder that is not a report": ["--impl", ref, "--rerun-failed", str(where)],
        "--clause of another regulation": ["--impl", ref, "--regulation", "UY", "--clause", "CL-3"],
    }


LAB_MISTAKES = (
    "a -k expression pytest cannot read",
    "a -k expression that selects nothing",
    "--timeout nan",
    "--timeout inf",
    "--timeout 0",
    "--timeout -1",
    "--max-time inf",
    "a folder as --impl",
    "a file that is not executable as --impl",
    "--rerun-failed on a report whose hello failed",
    "--rerun-failed on a report with nothing broken",
    "--rerun-failed on a folder that is not a report",
    "--clause of another regulation",
)
"""The mistakes :func:`lab_mistakes` makes, one test each (a test checks that the two agree)."""


def test_each_lab_mistake_has_its_test(tmp_path: Path) -> None:
    assert tuple(lab_mistakes(tmp_path)) == LAB_MISTAKES


@pytest.mark.parametrize("mistake", LAB_MISTAKES)
def test_every_mistake_of_the_lab_is_one_line_and_exit_2_and_writes_nothing(tmp_path: Path, mistake: str) -> None:
    """A lab's own mistake is never blamed on the implementation: one line, exit 2, no scenario
    run, no report or certificate written (the --out folder is never made)."""
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    args = lab_mistakes(inputs)[mistake]
    out = tmp_path / "out"
    done = subprocess.run(
        [PY, "-m", "spec_engine", "conform", *args, "--out", str(out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout == "" and not out.exists()


def test_verify_on_a_folder_that_is_not_a_report_is_exit_2(tmp_path: Path) -> None:
    for folder in (tmp_path, tmp_path / "missing"):
        done = subprocess.run([PY, "-m", "spec_engine", "verify", str(folder)], capture_output=True, text=True)
        assert done.returncode == 2, done.stderr
        assert "not a conformance report folder" in done.stderr or "no such folder" in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and done.stdout == ""


def test_vectors_check_takes_a_regulation(tmp_path: Path) -> None:
    from spec_engine.kit.vectors import main as vectors_main

    folder = tmp_path / "vec"
    folder.mkdir()
    (folder / "vectors.schema.json").write_text("{}")
    (folder / "index.json").write_text(json.dumps({"format": "1.0", "vectors": []}))
    assert vectors_main([str(folder), "--check", "--regulation", "uy"]) == 0


# ------------------------------------------------------------------------------ an honest verdict
def test_an_implementation_that_supports_nothing_is_never_certified(tmp_path: Path) -> None:
    """The smallest valid implementation (labs.md's): every scenario UNSUPPORTED. Claiming
    nothing, there is no verdict; claiming all five, it is partial: neither conforms."""
    header, results, _ = kit(tmp_path / "none", hostile("unsupported_everything"))
    assert statuses(results) == {"UNSUPPORTED"}
    found = verdict(header, results)
    assert found.kind == "partial" and found.exit_code == 3 and found.headline.startswith("No verdict")
    header, results, _ = kit(tmp_path / "all", hostile("unsupported_everything", "all"), k="")
    found = verdict(header, results)
    assert found.kind == "partial" and "Partial: 0 of " in found.headline, found
    assert any("answered unsupported" in d for d in found.details)
    page = (tmp_path / "all" / "report" / "certificate.html").read_text(encoding="utf-8")
    assert 'data-verdict="partial"' in page and "Conforms" not in page


def test_a_selected_run_is_partial_even_when_every_scenario_passes(tmp_path: Path) -> None:
    header, results, _ = kit(tmp_path, REFERENCE)
    assert statuses(results) == {"PASS"} and len(results) == 3
    found = verdict(header, results)
    assert found.kind == "partial" and found.headline.startswith("Partial: 3 of "), found
    assert any("deselected (-k " in d for d in found.details)


@pytest.mark.xdist_group("vectors")
def test_the_reference_conforms_on_a_whole_regulation(tmp_path: Path) -> None:
    header, results = run(REFERENCE, tmp_path / "it", regulation="IT", jobs=1, quiet=True)
    found = verdict(header, results)
    assert found.kind == "conforms" and found.exit_code == 0, found
    assert (
        found.headline == f"Conforms: all {len(results)} claimed scenarios passed (IT at levels round, session, table)"
    )
    assert any("claimed but not run here: CL, CZ, ES, UY" in d for d in found.details)
    assert {r.get("level") for r in results} <= {"round", "table", "session"} and all(r.get("level") for r in results)
    assert verify(tmp_path / "it") == []
    # the obligations the run lists are those the project's own gate finds for IT in the test vectors
    from spec_engine.kit.obligations import coverage
    from spec_engine.kit.vectors import load
    from tests.test_protocol import dumped_folder

    listed = json.loads((tmp_path / "it" / SUMMARY).read_text(encoding="utf-8"))["obligations"]["IT"]
    gate = coverage(v for v in load(dumped_folder()) if v["regulation"] == "IT").rulebook("IT")
    assert listed["exercised"] == gate["exercised"] and listed["not exercised"] == gate["missing"]
    assert listed["runner"] == gate["runner"] and listed["untestable"] == gate["untestable"]
    page = (tmp_path / "it" / "certificate.html").read_text(encoding="utf-8")
    assert "<h2>The protocol's obligations</h2>" in page and f"IT: exercised ({len(gate['exercised'])})" in page


def test_a_relaxed_run_is_never_a_conformance_verdict(tmp_path: Path) -> None:
    header, results, _ = kit(tmp_path, hostile("cites_everything"), k=CONSENT, citations="contains")
    assert statuses(results) == {"PASS"}
    found = verdict(header, results)
    assert found.kind == "relaxed" and found.exit_code == 3 and "not a conformance verdict" in found.headline


def test_clause_selects_exactly_that_clauses_scenarios(tmp_path: Path) -> None:
    """``--clause UY-3`` is the scenarios tagged UY-3: not UY-30 or UY-35.2 (as ``-k UY-3`` would)."""
    from spec_engine.kit.trace import FEATURES, scenarios

    tagged = [s for s in scenarios(FEATURES) if "UY-3" in s.tags]
    header, results = run(REFERENCE, tmp_path / "uy3", regulation="UY", jobs=1, clauses=["UY-3"], quiet=True)
    assert tagged and len(results) == len(tagged)
    assert all("UY-3" in r["clauses"] for r in results)
    assert header["selection"]["by"] == ["--clause UY-3"] and header["selection"]["deselected"] > 50


def test_rerun_failed_replays_only_the_failures(tmp_path: Path) -> None:
    first = tmp_path / "first"
    done = subprocess.run(
        [
            PY,
            "-m",
            "spec_engine.kit.conform",
            "--impl",
            hostile("six_to_five"),
            "--regulation",
            "UY",
            "-k",
            FEW,
            "--out",
            str(first),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    failed = [r["nodeid"] for r in read_report(first)[1] if r["status"] == "FAIL"]
    again = tmp_path / "again"
    done = subprocess.run(
        [
            PY,
            "-m",
            "spec_engine.kit.conform",
            "--impl",
            hostile("six_to_five"),
            "--rerun-failed",
            str(first),
            "--out",
            str(again),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    assert [r["nodeid"] for r in read_report(again)[1]] == failed and len(failed) == 1


def test_the_implementation_starts_with_a_clean_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of the kit's (its PYTHONPATH, the BLACKJACK_SPEC_* variables it sets), the same
    environment at the first hello and in the scenarios, and what ``--env`` passes."""
    monkeypatch.setenv("PYTHONPATH", "/somewhere/the/lab/set")
    monkeypatch.setenv("BLACKJACK_SPEC_SECRET", "the lab's own")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    dump = tmp_path / "env.jsonl"
    kit(tmp_path, f"{hostile('env_dump')} {dump}", k=FEW, env={"MYBJ_HOME": "/opt/mybj"})
    seen = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines()]
    assert len(seen) >= 2  # the kit's first hello, then the scenarios' process
    assert all(env == seen[0] for env in seen), "the hello and the scenarios saw different environments"
    env = seen[0]
    assert not [k for k in env if k.startswith("BLACKJACK_SPEC_") or k in ("PYTHONPATH", "VIRTUAL_ENV")], env
    assert env["MYBJ_HOME"] == "/opt/mybj" and env["LC_ALL"] == "C.UTF-8" and env["PATH"]
    assert str(Path(sys.prefix) / "bin") not in env["PATH"].split(os.pathsep)


def test_a_refusal_naming_another_rule_fails(tmp_path: Path) -> None:
    _, results, _ = kit(tmp_path, hostile("wrong_rule"), k=CONSENT)
    got = {r["scenario"]: r for r in results}
    refused = got["A bet on an occupied box needs its occupant's consent first"]
    assert refused["status"] == "FAIL" and "bet_behind_consent" in refused["message"], refused


def test_a_reproduction_replays_the_query_that_broke(tmp_path: Path) -> None:
    _, results, _ = kit(tmp_path, hostile("broken_query"), k="a_hand_of_eleven_may_not_stand")
    (broken,) = results
    assert broken["status"] == "ERROR" and "legal is broken here" in broken["message"]
    repro = json.loads((tmp_path / "report" / broken["repro"]).read_text(encoding="utf-8"))
    assert repro["requests"][-1] == {"op": "legal"}, repro["requests"]


def test_a_schema_error_names_the_field_and_where(tmp_path: Path) -> None:
    from spec_engine.suite.schemas import check_exchange

    request = {"id": 0, "op": "act", "action": "bet", "args": {"box": 1, "bettor": "P1", "amount": "10"}}
    error = {"code": "rule_violation", "message": "x", "clauses": ["UY-1"], "rule": "r", "extra": 1}
    assert check_exchange(request, {"id": 0, "ok": False, "error": error}) == [
        "reply: at /error: Additional properties are not allowed ('extra' was unexpected)"
    ]
    events = {"id": 0, "ok": True, "events": [{"type": "bet", "box": 1, "bettor": "P1", "amount": 10.5}]}
    assert check_exchange({"id": 0, "op": "events"}, events)[0].endswith("at /amount: 10.5 is not of type 'string'")


def test_verify_finds_an_altered_report(tmp_path: Path) -> None:
    kit(tmp_path, hostile("six_to_five"))
    folder = tmp_path / "report"
    assert verify(folder) == []
    cli = [PY, "-m", "spec_engine", "verify", str(folder)]
    assert subprocess.run(cli, cwd=ROOT, capture_output=True, timeout=60).returncode == 0
    report = folder / REPORT
    kept = report.read_text(encoding="utf-8")
    report.write_text(kept.replace('"status": "FAIL"', '"status": "PASS"'), encoding="utf-8")
    found = verify(folder)
    assert any(p.startswith("report.jsonl: changed since the run") for p in found), found
    assert any("the certificate's SHA-256 of report.jsonl" in p for p in found)
    assert any("the certificate's verdict is not the one its report gives" in p for p in found)
    done = subprocess.run(cli, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "NOT as the run left it" in done.stdout
    report.write_text(kept, encoding="utf-8")
    (folder / "extra.txt").write_text("x", encoding="utf-8")
    assert verify(folder) == [
        "extra.txt: not in SHA256SUMS (added after the run)",
        "extra.txt: not among the files the certificate states (added after the run)",
    ]


def test_verify_finds_an_edited_summary_even_with_its_sums_made_again(tmp_path: Path) -> None:
    """summary.json is under the certificate's hashes: its counts or the implementation's
    version edited, SHA256SUMS made again, the folder is not verified."""
    from spec_engine.kit.verdict import write_sums

    kit(tmp_path, hostile("six_to_five"))
    folder = tmp_path / "report"
    page = (folder / "certificate.html").read_text(encoding="utf-8")
    assert '<tr data-file="summary.json">' in page and '<tr data-file="pytest.log">' in page
    summary = json.loads((folder / SUMMARY).read_text(encoding="utf-8"))
    summary["all"]["counts"] = {**summary["all"]["counts"], "PASS": 3, "FAIL": 0}
    summary["hello"]["implementation"]["version"] = "9.9"
    (folder / SUMMARY).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    write_sums(folder)
    found = verify(folder)
    assert "the certificate's SHA-256 of summary.json does not match the file" in found, found
    assert any(p.startswith("summary.json's counts") for p in found)
    assert "summary.json's hello is not its report's" in found
