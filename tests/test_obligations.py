"""The protocol's obligations (spec_engine/data/protocol/obligations.toml, spec_engine/kit/obligations.py):
every promise of the protocol has an id and is exercised by a scenario, or declared; the gate
bites on each kind of gap; detection reads a scenario's requests, the reference's replies and
its checks; every example is a real line of the protocol."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spec_engine.catalog import REGULATION_IDS
from spec_engine.kit import obligations as ob
from spec_engine.kit import versions
from spec_engine.kit.obligations import Coverage, coverage, evidence, exercised, figures, obligations, problems
from spec_engine.suite.schemas import errors
from tests.test_protocol import recorded_vectors

__all__ = ["recorded_vectors"]
pytestmark = pytest.mark.xdist_group("vectors")

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def found() -> Coverage:
    from spec_engine.kit.vectors import load
    from tests.test_protocol import dumped_folder

    return coverage(load(dumped_folder()))


def test_the_gate_passes(found: Coverage) -> None:
    """Every obligation is exercised by a scenario (of some rulebook), run by the runner, or
    declared untestable with its reason; every change of the history and row of the refusal
    table has its obligation."""
    assert problems(found, DOC) == []


def test_every_obligation_the_lab_s_rulebook_can_keep_is_exercised_by_its_scenarios(found: Coverage) -> None:
    """Uruguay (the rulebook of the outside lab's run): nothing applicable is left unexercised;
    the other rulebooks' figures are printed (pytest -s)."""
    counts = figures(found)
    for reg, row in counts.items():
        print(f"{reg}: {row['exercised'] + row['runner']} of {row['applicable']} exercised; {row['missing']} not")
    assert counts["UY"]["missing"] == 0, found.rulebook("UY")["missing"]
    assert all(row["exercised"] > 0.5 * row["applicable"] for row in counts.values()), counts


def test_the_gate_bites_on_each_kind_of_gap(found: Coverage, monkeypatch: pytest.MonkeyPatch) -> None:
    """An obligation nobody exercises, a declaration a scenario contradicts, a change of the
    history or a row of the refusal table without an obligation, a section that is no heading."""
    empty = Coverage()
    gaps = problems(empty, DOC)
    assert any(p.startswith("refusal.bets: no scenario exercises it") for p in gaps)
    contradicted = Coverage(by={**found.by, "transport.not-json": {"UY": ["some/vector"]}})
    assert "transport.not-json: declared untestable, but a scenario exercises it" in problems(contradicted, DOC)
    doc = DOC.replace("| a deal with no bet placed |", "| a deal with no bet at all |")
    assert "the refusal table's row 'a deal with no bet at all' has no obligation" in problems(found, doc)
    assert "refusal.bets: row 'a deal with no bet placed' is not in the refusal table" in problems(found, doc)
    doc = DOC.replace("### Surrender\n", "### Giving up\n")
    assert "surrender.settle: section #surrender is no heading of protocol.md" in problems(found, doc)
    change = versions.Change("meaning", "a new promise", "What it says.")
    last = versions.versions()[-1]
    grown = (*versions.versions()[:-1], versions.Version(last.version, last.date, last.commit, (*last.changes, change)))
    monkeypatch.setattr(versions, "versions", lambda: grown)
    assert f"the history's change {last.version} 'a new promise' has no obligation" in problems(found, DOC)


def test_every_family_follows_the_protocol_s_own_lists() -> None:
    """A new event type, action, argument, start field or state field is an obligation at once."""
    ids = {o.id for o in obligations()}
    schema = json.loads((ROOT / "spec_engine/data/protocol/event.schema.json").read_text(encoding="utf-8"))
    assert {f"event.{t}" for t in schema["properties"]["type"]["enum"]} <= ids
    from spec_engine.kit.driver import ACTIONS

    assert {f"action.{a}" for a in ACTIONS} <= ids
    assert {"argument.deal.misdeals", "argument.hit.by", "start.round.seated", "state.cut_offer"} <= ids
    assert ob.by_id()["event.surrender"].since == "4.1" and ob.by_id()["event.bet"].since == "1.0"


def request(op: str, **fields: Any) -> dict[str, Any]:
    return {"op": op, **fields}


def act(action: str, **args: Any) -> dict[str, Any]:
    return {"op": "act", "action": action, "args": args}


START = request("start", level="round", regulation="UY", shoe=["9S", "8D", "7H", "TC"], min_bet="10", max_bet="1000")


def test_detection_reads_the_requests_the_reference_s_replies_and_the_checks() -> None:
    bet = act("bet", box=9, bettor="P1", amount="ten")
    shown = set(exercised(evidence([START, bet], {"events": [], "order": [], "state": []})))
    assert {"refusal.box", "order.bet", "code.input_error"} <= shown
    assert "refusal.amount" not in shown  # the box is refused first: the amount is not
    steps = [START, act("bet", box=1, bettor="P1", amount="10"), act("deal"), act("stand", box=1)]
    unchecked = set(exercised(evidence(steps, {"events": [], "order": [], "state": []})))
    checked = set(exercised(evidence(steps, {"events": ["dealer_total"], "order": [["card", "dealer_card", "card"]]})))
    assert "event.dealer_total" not in unchecked and "event.dealer_total" in checked  # logged and checked
    assert "log.deal" in checked and "log.deal" not in unchecked


def _lines(example: str) -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads(f"[{example}]")
    return loaded


@pytest.mark.parametrize("obligation", [o for o in obligations() if o.example], ids=lambda o: o.id)
def test_every_example_is_a_line_of_the_protocol(obligation: ob.Obligation) -> None:
    """An example is one or more JSON objects as they go over the wire: a request, a reply or
    events, each valid against the protocol's schemas; a refusal's has the obligation's code
    and field or rule."""
    for line in _lines(obligation.example):
        kind = "event" if "type" in line else "request" if "op" in line else "reply"
        assert errors(f"{kind}.schema.json", line) == [], (obligation.id, line)
        error = line.get("error")
        if error and obligation.detect:
            assert any(_fits(error, alt) for alt in obligation.detect), (obligation.id, error)


def _fits(error: dict[str, Any], alt: Any) -> bool:
    """The refusal of an example is one a detect alternative of its obligation describes."""
    for key in ("code", "field", "rule"):
        wanted = alt.get(key)
        if wanted is None:
            continue
        got = error.get(key)
        if not any(got == w or (w.endswith("*") and str(got).startswith(w[:-1])) for w in ob.one_or_many(wanted)):
            return False
    return True


def test_every_obligation_names_its_section_and_its_version() -> None:
    places = ob.anchors(DOC)
    kept = {v.version for v in versions.versions()}
    for o in obligations():
        assert o.section in places and o.since in kept and o.what.endswith("."), o.id


def test_the_command_prints_each_rulebook_s_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_protocol import dumped_folder

    assert ob.main([str(dumped_folder()), "--regulation", "UY", "--regulation", "IT"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("UY: ") and "0 not exercised" in out.splitlines()[0]
    assert "\nIT: " in out and "\n  - " in out  # IT's gaps are listed, each with what it owes


def test_every_regulation_is_counted(found: Coverage) -> None:
    assert set(figures(found)) == set(REGULATION_IDS)


def test_the_change_list_since_1_0_says_for_every_change_how_with_an_example_and_where() -> None:
    """`blackjack-spec changelog --since 1.0`: every change of the history since, and under
    each the obligations it brought, each with its format, an example line and its section."""
    import subprocess
    import sys

    text = ob.changes_since("1.0")
    parts = text.split("\n### ")
    for version in versions.versions()[1:]:
        for change in version.changes:
            heading = f"{change.kind}: {change.what}\n"
            mine = [p for p in parts if p.startswith(heading)]
            assert mine, heading
            assert all(change.text in p and "- Example: `" in p and "- See: [protocol.md#" in p for p in mine), heading
    later = [o for o in obligations() if o.since != "1.0"]
    assert later and all(f"`{o.id}`" in text and o.example in text for o in later)
    done = subprocess.run(
        [sys.executable, "-m", "spec_engine", "changelog", "--since", "1.0"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout == text
    done = subprocess.run(
        [sys.executable, "-m", "spec_engine", "changelog", "--since", "one"], capture_output=True, text=True
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert ob.changes_since(versions.current()).endswith("is the protocol the kit speaks.\n")


def test_each_step_key_has_what_it_asks_of_a_step() -> None:
    """The keys a ``detect`` alternative may ask of a step are those the matcher reads."""
    from spec_engine.kit import obligations as module

    assert set(module._STEP_TESTS) == module.STEP_KEYS
