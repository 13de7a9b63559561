"""The JavaScript implementation (``conformance/js/blackjack.js``) against the clause scenarios.

A second, independent implementation (Node.js, no shared code, only the rule-set data)
proves that the conformance protocol is language-neutral. The feature suite runs against it
in a pytest subprocess (``BLACKJACK_SPEC_IMPL``, results to a temporary file through
``BLACKJACK_SPEC_RESULTS`` so ``reports/scenarios.json`` is left alone); then the kit's runner
(``python -m spec_engine.kit.conform``) does the same, rulebook by rulebook, and its statuses
are checked: its reports as ``make site`` wrote them while they are current, else a run here
(:func:`conformance_report`).

What it implements: the three levels (a round on a stacked shoe, a table dealing shoe after
shoe, a player-banked session) under every rule set (REGULATION_IDS). Every scenario
of every rulebook must pass: none is UNSUPPORTED, since the protocol can express each of them
and the implementation offers every level and action.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from spec_engine.catalog import REGULATION_IDS
from spec_engine.kit.driver import PROTOCOL_VERSION
from spec_engine.kit.trace import FEATURES, scenarios
from spec_engine.rules import ruleset
from tests.house_talk import HOUSE_TALK, judged, optioned
from tests.util import load_tool

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "conformance" / "js" / "blackjack.js"
NODE = shutil.which("node")
COMMAND = "node conformance/js/blackjack.js"
BUILD = load_tool("build", "build_for_js_impl")
"""``tools/build.py``: whether its conformance reports are current (:func:`conformance_report`)."""

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed"),
    pytest.mark.xdist_group("js_impl"),
    pytest.mark.usefixtures("pdf_stand_in"),  # the runs print no PDF (tests/conftest.py)
]

UNSUPPORTED = "spec_engine.kit.driver.Unsupported"
RESULTS_PLUGIN = next(
    name
    for name in ("spec_engine.suite.results_elsewhere", "tests.results_elsewhere")
    if importlib.util.find_spec(name.rsplit(".", 1)[0]) and importlib.util.find_spec(name)
)
"""The plugin that sends the scenario results to a file of one's choosing (where the suite keeps it)."""

REGULATIONS = REGULATION_IDS
ALL = Counter(info.regulation for info in scenarios())
"""Each rulebook's scenarios (an outline's rows counted one by one), as the feature files hold them."""
PASSED = dict(ALL)
"""Each rulebook's scenarios that pass: all of them."""
GAP_SCENARIOS: dict[tuple[str, str], str] = {}
"""(feature, scenario) -> the words of its UNSUPPORTED reply, for a scenario it does not play:
none. (It would list one the protocol cannot express; every level is implemented.)"""


def gap(feature: str, scenario: str) -> str | None:
    """Why a scenario is not played (the words of its reply), or None: it must pass."""
    return GAP_SCENARIOS.get((feature, scenario))


def scenario_names(feature: str) -> list[str]:
    """The scenario (and outline) names of a feature file."""
    names = []
    for line in (FEATURES.parent / feature).read_text(encoding="utf-8").splitlines():
        text = line.strip()
        for keyword in ("Scenario Outline:", "Scenario:"):
            if text.startswith(keyword):
                names.append(text.removeprefix(keyword).strip())
                break
    return names


# ------------------------------------------------------------------------------ the suite run
@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every scenario of the feature suite against the JavaScript implementation: per test,
    its scenario metadata, outcome and failure message (from the JUnit XML, which carries the
    metadata the results plugin attaches), and the results file."""
    tmp = tmp_path_factory.mktemp("js_impl")
    results_file, junit = tmp / "scenarios.json", tmp / "junit.xml"
    before = (
        (ROOT / "reports" / "scenarios.json").stat().st_mtime_ns
        if (ROOT / "reports" / "scenarios.json").exists()
        else None
    )
    env = {k: v for k, v in os.environ.items() if k not in ("BLACKJACK_SPEC_OVERRIDES", "PYTEST_ADDOPTS")}
    env.update(BLACKJACK_SPEC_IMPL=COMMAND, BLACKJACK_SPEC_RESULTS=str(results_file))
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_features.py", "-q", "--tb=line",
         "-p", RESULTS_PLUGIN, f"--junitxml={junit}"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert junit.exists(), proc.stdout[-3000:] + proc.stderr[-3000:]
    tests = []
    for case in ET.parse(junit).iter("testcase"):
        meta = None
        for prop in case.iter("property"):
            if prop.get("name") == "bdd_scenario":
                meta = ast.literal_eval(prop.get("value", ""))
        outcome, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome, message = {"failure": "failed"}.get(child.tag, child.tag), child.get("message", "")
        tests.append({"name": case.get("name"), "meta": meta, "outcome": outcome, "message": message})
    after = (ROOT / "reports" / "scenarios.json").stat().st_mtime_ns if before is not None else None
    return {
        "tests": tests,
        "results": json.loads(results_file.read_text(encoding="utf-8")),
        "output": proc.stdout,
        "scenarios_json_untouched": before == after,
    }


def of(suite: dict[str, Any], regulation: str) -> list[dict[str, Any]]:
    return [t for t in suite["tests"] if t["meta"] and t["meta"]["regulation"] == regulation]


def test_every_test_is_a_scenario_with_an_outcome(suite: dict[str, Any]) -> None:
    """No test errored in setup or teardown (the kit's part), and each carries its scenario."""
    assert suite["tests"], suite["output"][-2000:]
    assert all(t["meta"] is not None for t in suite["tests"]), [t["name"] for t in suite["tests"] if not t["meta"]]
    assert not [t for t in suite["tests"] if t["outcome"] in ("error", "skipped")]
    assert suite["scenarios_json_untouched"], "the run replaced reports/scenarios.json"


def test_every_czech_core_scenario_passes(suite: dict[str, Any]) -> None:
    core = [t for t in of(suite, "CZ") if t["meta"]["feature"].endswith("features/cz/core.feature")]
    assert core and len({t["meta"]["feature"] for t in core}) == 1
    assert sorted(t["meta"]["scenario"] for t in core) == sorted(scenario_names(core[0]["meta"]["feature"]))
    failed = {t["meta"]["scenario"]: t["message"] for t in core if t["outcome"] != "passed"}
    assert not failed, failed


@pytest.mark.parametrize("regulation", REGULATIONS)
def test_each_rulebook_passes_but_for_the_known_gaps(suite: dict[str, Any], regulation: str) -> None:
    """Every scenario of the rulebook passes (but a listed gap: there is none)."""
    tests = of(suite, regulation)
    failed = {
        (t["meta"]["feature"], t["meta"]["scenario"]): t["message"][:300]
        for t in tests
        if t["outcome"] != "passed" and not gap(t["meta"]["feature"], t["meta"]["scenario"])
    }
    assert not failed, failed
    assert len(tests) == ALL[regulation]
    assert sum(t["outcome"] == "passed" for t in tests) == PASSED[regulation]


def test_every_level_is_played(suite: dict[str, Any]) -> None:
    """The table- and session-level scenarios pass too (a shoe, a cut, a rotating banker)."""
    passed = {t["meta"]["feature"].split("features/", 1)[-1] for t in suite["tests"] if t["outcome"] == "passed"}
    assert {"cl/session.feature", "cl/shoe.feature", "cz/shoe.feature", "uy/shoe.feature", "uy/absence.feature",
            "es/table.feature", "compare/shoe.feature", "compare/session.feature"} <= passed  # fmt: skip


def test_the_known_gaps_are_unsupported_not_failures(suite: dict[str, Any]) -> None:
    gaps = [t for t in suite["tests"] if t["outcome"] != "passed"]
    assert len(gaps) == sum(ALL.values()) - sum(PASSED.values())
    for t in gaps:
        assert t["message"].startswith(UNSUPPORTED), (t["meta"]["scenario"], t["message"])
        reason = gap(t["meta"]["feature"], t["meta"]["scenario"])
        assert reason and reason in t["message"], (t["meta"]["scenario"], t["message"])
    assert {(t["meta"]["feature"], t["meta"]["scenario"]) for t in gaps} == set(GAP_SCENARIOS)


def test_the_results_file_agrees(suite: dict[str, Any]) -> None:
    """BLACKJACK_SPEC_RESULTS received one entry per scenario test, the same outcomes."""
    results = suite["results"]
    assert len(results) == len(suite["tests"])
    got = Counter((r["regulation"], r["status"]) for r in results)
    want = Counter((t["meta"]["regulation"], t["outcome"]) for t in suite["tests"])
    assert got == want
    assert {reg: got[reg, "passed"] for reg in REGULATIONS} == PASSED


# ------------------------------------------------------------------------------ the kit's runner
def conformance_report(regulation: str, tmp_path: Path) -> Path:
    """The folder of the kit's report on the JavaScript implementation playing ``regulation``:
    ``make site``'s (its phase ``javascript-<REG>`` runs this very command: ``python -m
    spec_engine.kit.conform --impl "node conformance/js/blackjack.js" --regulation REG``) while
    the build says it is current (the package and the implementation unchanged since), else a
    run of that command here. Running it again on the same files would play the same scenarios
    against the same program, about 6 s of CPU a rulebook, to write the same report."""
    if BUILD.current(f"javascript-{regulation}"):
        return ROOT / "reports" / "conformance" / f"javascript-{regulation}"
    out = tmp_path / f"js-{regulation}"
    proc = subprocess.run(
        [sys.executable, "-m", "spec_engine.kit.conform", "--impl", COMMAND, "--regulation", regulation,
         "--jobs", "1", "--out", str(out), "--max-time", "150"],
        cwd=ROOT, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    return out


@pytest.mark.parametrize("regulation", REGULATIONS)
def test_the_conformance_runner_reports(tmp_path: Path, regulation: str) -> None:
    """``python -m spec_engine.kit.conform`` gives every scenario of the rulebook PASS or
    UNSUPPORTED (the known gaps, and only they), and every clause a round-level scenario
    checks at least one PASS (the others none)."""
    out = conformance_report(regulation, tmp_path)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["verdict"]["kind"] == "conforms" and summary["verdict"]["exit"] == 0, summary["verdict"]
    counts = summary["all"]["counts"]
    assert counts["PASS"] == PASSED[regulation] and counts["UNSUPPORTED"] == ALL[regulation] - PASSED[regulation], (
        counts
    )
    assert sum(counts.values()) == ALL[regulation]
    lines = [json.loads(line) for line in (out / "report.jsonl").read_text(encoding="utf-8").splitlines()]
    header, results = lines[0], lines[1:]
    assert header["implementation"]["implementation"]["language"] == "JavaScript"
    for r in results:
        assert (r["status"] == "UNSUPPORTED") == bool(gap(r["feature"], r["scenario"])), (r["scenario"], r["message"])
    assert not [
        c for c, n in summary["clauses"].items() if n["counts"]["PASS"] + n["counts"]["UNSUPPORTED"] != n["total"]
    ]
    round_level = {c for r in results if not gap(r["feature"], r["scenario"]) for c in r["clauses"]}
    assert round_level and all(summary["clauses"][c]["counts"]["PASS"] >= 1 for c in round_level)
    unplayed = {c for c, n in summary["clauses"].items() if not n["counts"]["PASS"]}
    assert unplayed == set(summary["clauses"]) - round_level


# ------------------------------------------------------------------------------ the protocol, directly
def talk(requests: list[dict[str, Any]], env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Send requests to a fresh process; its replies, in order."""
    lines = "".join(json.dumps({"id": n, **r}) + "\n" for n, r in enumerate(requests, 1))
    proc = subprocess.run(
        ["node", str(JS)], input=lines, capture_output=True, text=True, timeout=10, env={**os.environ, **(env or {})}
    )
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["id"] for r in replies] == list(range(1, len(requests) + 1)), proc.stderr
    return replies


def start(shoe: str, **fields: Any) -> dict[str, Any]:
    return {
        "op": "start",
        "level": "round",
        "regulation": "CZ",
        "shoe": shoe.split(),
        "min_bet": "10",
        "max_bet": "500",
        **fields,
    }


def act(action: str, **args: Any) -> dict[str, Any]:
    return {"op": "act", "action": action, "args": args}


def test_hello_describes_the_implementation() -> None:
    (hello,) = talk([{"op": "hello", "protocol": PROTOCOL_VERSION}])
    assert hello["ok"] and hello["protocol"] == PROTOCOL_VERSION
    assert hello["implementation"]["language"] == "JavaScript"
    assert hello["levels"] == ["round", "table", "session"] and hello["regulations"] == list(REGULATIONS)
    assert {"misdeal", "forget_insurance_call", "play_absent", "cut", "session_play"} <= set(hello["actions"])


def test_money_is_exact() -> None:
    """A blackjack on 15 pays 22.5; insurance on 15 is exactly 7.5 (7.4 is refused)."""
    replies = talk(
        [start("AS 9D KH 8C"), act("bet", box=1, bettor="P1", amount="15"), act("deal"), {"op": "events"},
         start("TS AD 9H 7C"), act("bet", box=1, bettor="P1", amount="15"), act("deal"),
         act("insurance", box=1, bettor="P1", amount="7.4"), act("insurance", box=1, bettor="P1", amount="7.5"),
         act("close_insurance"), act("stand", box=1), {"op": "events"}]
    )  # fmt: skip
    settle = [e for e in replies[3]["events"] if e["type"] == "settle"]
    assert settle == [
        {"type": "settle", "box": 1, "hand": 1, "bettor": "P1", "amount": "22.5", "stake": "15", "info": "blackjack"}
    ]
    assert replies[7]["error"]["code"] == "rule_violation" and replies[7]["error"]["clauses"] == ["CZ-HRA-28"]
    assert replies[8]["ok"]
    settle = [(e["info"], e["amount"]) for e in replies[11]["events"] if e["type"] == "settle"]
    assert settle == [("insurance_lose", "-7.5"), ("win", "15")]


def test_refusals_cite_the_rule_sets_clauses() -> None:
    """Each refusal names a rule and cites exactly the clauses the rule set gives it."""
    replies = talk(
        [start("8S 9D 8H 8C 8D 8C 2C"), act("bet", box=1, bettor="P1", amount="5"),
         act("bet", box=1, bettor="P1", amount="600"), act("bet", box=1, bettor="P1", amount="10"),
         act("bet", box=1, bettor="P2", amount="10"), act("deal"), act("bet", box=2, bettor="P3", amount="10"),
         act("hit", box=1, by="P2"), act("split", box=1), act("split", box=1), act("split", box=1),
         act("split", box=1), act("insurance", box=1, bettor="P1", amount="5")]
    )  # fmt: skip
    refusals = [r["error"] for r in replies if not r["ok"]]
    assert [r["rule"] for r in refusals] == [
        "table_limits", "table_limits", "bets_closed_at_deal", "box_owner_decides", "max_split_hands",
        "insurance_timing",
    ]  # fmt: skip
    cz = ruleset("CZ")
    for error in refusals:
        assert error["code"] == "rule_violation"
        assert tuple(error.get("clauses", ())) == cz.cite(error["rule"]), error


def test_an_assumption_is_named_without_clauses() -> None:
    replies = talk([start("TS TD 9D 5H 7H"), act("bet", box=1, bettor="P1", amount="10"),
                    act("bet", box=2, bettor="P2", amount="10"), act("deal"), act("hit", box=2)])  # fmt: skip
    error = replies[-1]["error"]
    assert error["code"] == "rule_violation" and error["rule"] == "play_order" and "clauses" not in error


def test_the_citations_are_read_from_the_rule_set_files(tmp_path: Path) -> None:
    """The clause ids come from the TOML files at run time: a changed file changes them."""
    for name in ("cz.toml", "it.toml"):
        shutil.copy(ROOT / "spec_engine" / "data" / "rulesets" / name, tmp_path / name)
    text = (tmp_path / "cz.toml").read_text(encoding="utf-8")
    changed = text.replace('max_split_hands = { value = 4, clauses = ["CZ-HRA-19"] }',
                           'max_split_hands = { value = 2, clauses = ["CZ-TEST-1"] }')  # fmt: skip
    assert changed != text
    (tmp_path / "cz.toml").write_text(changed, encoding="utf-8")
    requests = [start("8S 9D 8H 8C 8D"), act("bet", box=1, bettor="P1", amount="10"), act("deal"), act("split", box=1),
                act("split", box=1)]  # fmt: skip
    replies = talk(requests, env={"BLACKJACK_JS_RULESETS": str(tmp_path)})
    assert replies[3]["ok"]
    assert replies[4]["error"]["clauses"] == ["CZ-TEST-1"]
    assert talk(requests)[4]["ok"]  # the real rule set allows four hands


def test_the_house_chooses_among_the_values_its_text_permits(tmp_path: Path) -> None:
    """Protocol 7.1: a start's ``house`` under a made-up rule set with house options (read from
    its file, as every rule set is): the choice played at a round and at a table, and refused as
    the reference refuses it, the same answers (tests/house_talk.py)."""
    optioned(tmp_path)
    replies = talk([request for request, _ in HOUSE_TALK], env={"BLACKJACK_JS_RULESETS": str(tmp_path)})
    assert judged(replies) == [expected for _, expected in HOUSE_TALK]


def test_what_it_does_not_offer_is_unsupported() -> None:
    replies = talk(
        [{"op": "start", "level": "tournament", "regulation": "CZ"},
         start("TS 9D 9H", regulation="XX"), start("TS 9D 9H", overrides={"no_such_rule": 1}), start("TS 9D 9H"),
         act("bet", box=8, bettor="P1", amount="10"), act("bet", box=1, bettor="P1", amount=10.5),
         act("bet", box=1, bettor="P1", amount="10"), act("deal"), act("cut", at=60), {"op": "teleport"},
         act("fly")]
    )  # fmt: skip
    codes = [r["error"]["code"] if not r["ok"] else "ok" for r in replies]
    assert codes == ["unsupported", "input_error", "input_error", "ok", "input_error", "input_error", "ok", "ok",
                     "input_error", "unsupported", "input_error"]  # fmt: skip
    fields = [replies[i]["error"]["field"] for i in (1, 2, 4, 5, 8, 10)]
    assert fields == ["regulation", "override", "box", "amount", "table", "action"]


def test_a_table_shuffles_cuts_and_burns() -> None:
    """CZ at a table: the stacked shoe is offered for the cut to box 1, a cut of less than a
    deck is refused, the cut card goes 78 cards from the end and five cards are burnt."""
    replies = talk(
        [{"op": "start", "level": "table", "regulation": "CZ", "shoes": [["AS", "KD", "QH", "JC", "TS", "9S"]],
          "after_cut": True, "min_bet": "10", "max_bet": "500"},
         {"op": "state"}, act("cut", at=10, by=1), act("cut", at=52, by=1), {"op": "state"}, {"op": "events"}]
    )  # fmt: skip
    assert replies[1]["state"]["awaiting_cut"] and replies[1]["state"]["cut_offer"] == 1
    assert replies[1]["state"]["shoe_remaining"] == 312
    assert replies[2]["error"]["rule"] == "min_cut" and replies[3]["ok"]
    assert replies[4]["state"]["shoe_remaining"] == 307 and not replies[4]["state"]["awaiting_cut"]
    events = replies[5]["events"]
    assert events[:4] == [{"type": "shuffle", "total": 312}, {"type": "offer_cut", "box": 1},
                          {"type": "cut", "box": 1, "total": 52}, {"type": "cut_card", "total": 78}]  # fmt: skip
    assert [e["card"] for e in events[4:]] == ["AS", "KD", "QH", "JC", "TS"]


def test_a_session_rotates_the_banker_and_shares_the_bank() -> None:
    """CL: the participants advance to the bank, bank in turn, and share it at the end; every
    balance adds up."""
    replies = talk(
        [{"op": "start", "level": "session", "regulation": "CL", "participants": ["A", "B", "C"], "advance": "100",
          "min_bet": "10", "max_bet": "100", "seed": 7},
         {"op": "state"}, act("session_play", bet="10"), {"op": "state"}, {"op": "events"}]
    )  # fmt: skip
    assert replies[1]["state"]["bank"] == "300" and replies[1]["state"]["banker"] == "A"
    state = replies[3]["state"]
    assert state["over"] and state["banker"] is None
    bankers = [e["bettor"] for e in replies[4]["events"] if e["type"] == "banker"]
    assert bankers == ["A", "B", "C"]
    total = sum(Fraction(v) for v in state["final"].values())
    assert total == 0  # the bank's money is the participants'


def test_an_overridden_rule_cites_no_clause() -> None:
    """``overrides`` change a rule value for one game; the changed value is nobody's regulation."""
    requests = [start("7S 5D 5H 9C TC", regulation="CL"), act("bet", box=1, bettor="P1", amount="10"), act("deal"),
                act("double", box=1)]  # fmt: skip
    refused = talk(requests)[-1]["error"]
    assert refused["rule"] == "double_totals" and refused["clauses"] == list(ruleset("CL").cite("double_totals"))
    requests[0] = start("7S 5D 5H 9C TC 3S", regulation="CL", overrides={"double_totals": [12]})
    assert talk(requests)[-1]["ok"]
    requests[0] = start("7S 5D 5H 9C TC", regulation="CL", overrides={"double_totals": [9, 10]})
    refused = talk(requests)[-1]["error"]
    assert refused["rule"] == "double_totals" and "clauses" not in refused


def test_uruguay_calls_insurance_before_the_dealers_second_card() -> None:
    """UY: the hands are played against the ace first; insurance is called before the bank's
    second card, on half the whole stake (a double included)."""
    replies = talk(
        [start("6S AD 5H TC KD", regulation="UY", max_bet="1000"), act("bet", box=1, bettor="P1", amount="10"),
         act("deal"), {"op": "phase"}, act("double", box=1), {"op": "phase"},
         act("insurance", box=1, bettor="P1", amount="11"), act("insurance", box=1, bettor="P1", amount="10"),
         act("close_insurance"), {"op": "events"}]
    )  # fmt: skip
    assert [r.get("phase") for r in replies if "phase" in r] == ["playing", "insurance"]
    assert replies[6]["error"]["rule"] == "insurance_max" and replies[7]["ok"]
    events = replies[-1]["events"]
    assert [e["type"] for e in events][-5:] == ["dealer_card", "dealer_total", "settle", "settle", "clear"]
    settle = [(e["info"], e["amount"]) for e in events if e["type"] == "settle"]
    assert settle == [("insurance_win", "20"), ("lose", "-20")]


def test_a_misdeal_is_remedied_as_each_rule_set_says() -> None:
    """The card dealt by mistake goes back (CL), is the next card (CZ) or is voided (UY)."""
    remedies = {}
    for reg in ("CL", "CZ", "UY"):
        replies = talk(
            [start("9S 7D 8H 2C TC 5D 9C 4H", regulation=reg, max_bet="100"),
             act("bet", box=1, bettor="P1", amount="10"), act("deal"), act("misdeal"), {"op": "events"}]
        )  # fmt: skip
        events = replies[-1]["events"]
        remedies[reg] = [e.get("info") for e in events if e["type"] == "remedy"]
        assert [e for e in events if e["type"] == "misdeal"] == [{"type": "misdeal", "card": "2C"}]
    assert remedies == {"CL": ["return_to_shoe"], "CZ": ["next_card"], "UY": ["void"]}
