"""Test vectors: the dump is complete, valid and byte-identical run after run, and replaying a
vector finds exactly the differences of an implementation that departs from it."""

from __future__ import annotations

import copy
import filecmp
import hashlib
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from spec_engine.cards import Shoe
from spec_engine.catalog import all_clause_ids
from spec_engine.kit.driver import Client, EngineDriver, ImplementationTimeout, Refusal
from spec_engine.kit.protocol import ProtocolDriver
from spec_engine.kit.trace import FEATURES, PROTOCOL, scenarios
from spec_engine.kit.vectors import (
    VECTORS_SCHEMA,
    GeneratedMismatch,
    RecordingDriver,
    ScriptedGenerator,
    dump,
    load,
    main,
    record,
    replay,
    settlement,
    vector_id,
    write,
)
from spec_engine.suite.schemas import errors, event_errors, with_events_apart
from tests.test_protocol import ROOT, dumped_folder, recorded_vectors

__all__ = ["recorded_vectors"]  # the fixture, shared with tests/test_protocol.py

pytestmark = pytest.mark.xdist_group("vectors")


def files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_the_dump_is_byte_identical_run_after_run(tmp_path: Path) -> None:
    first = dumped_folder()  # by the command line
    second = tmp_path / "again"
    dump(second)  # by the function, a second run of the whole feature suite
    assert files(first) == files(second)
    _, mismatch, trouble = filecmp.cmpfiles(first, second, files(first), shallow=False)
    assert (mismatch, trouble) == ([], [])


def test_every_scenario_has_one_vector(recorded_vectors: list[dict[str, Any]]) -> None:
    tests = sorted((info.feature, info.line) for info in scenarios())  # an outline's rows: one each
    assert sorted((v["feature"], v["line"]) for v in recorded_vectors) == tests
    ids = [v["id"] for v in recorded_vectors]
    assert len(ids) == len(set(ids))
    known = set(all_clause_ids())
    of_protocol = {(info.feature, info.line) for info in scenarios() if PROTOCOL in info.tags}
    for vector in recorded_vectors:
        assert (FEATURES.parent / vector["feature"]).is_file()
        # a clause, an assumption, or a convention of the protocol (@protocol): what it checks
        assert vector["clauses"] or vector.get("assumes") or (vector["feature"], vector["line"]) in of_protocol, vector[
            "id"
        ]
        assert set(vector["clauses"]) <= known, vector["id"]
        assert vector["id"].startswith(vector["feature"].removeprefix("features/").removesuffix(".feature"))
    levels = {v["level"] for v in recorded_vectors}
    assert levels == {"round", "table", "session"}


def test_every_vector_validates_against_its_schema() -> None:
    folder = dumped_folder()
    assert (folder / "vectors.schema.json").read_bytes() == VECTORS_SCHEMA.read_bytes()
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    listed = sorted(e["file"] for e in index["vectors"])
    assert listed == [f for f in files(folder) if f not in ("index.json", "vectors.schema.json")]
    for entry in index["vectors"]:
        text = (folder / entry["file"]).read_text(encoding="utf-8")
        vector = json.loads(text)
        assert text == json.dumps(vector, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        envelope, events = with_events_apart(vector)
        # a request may break the schemas only where it is refused (the protocol's scenarios of
        # bad input send "ten" as an amount, refused first by the timing or as the amount)
        refused = [("/start", envelope["start"])] + [(f"/steps/{n}", s) for n, s in enumerate(envelope["steps"])]
        bad_input = tuple(f"at {at}/request" for at, s in refused if not s["reply"]["ok"])
        found = errors("vectors.schema.json", envelope)
        assert [e for e in found if not e.startswith(bad_input)] == [], entry["file"]
        assert event_errors(events) == [], entry["file"]
        assert vector["id"] == entry["id"] and entry["file"] == vector["id"] + ".json"


def test_a_vector_holds_the_scenario_as_played(recorded_vectors: list[dict[str, Any]]) -> None:
    by_id = {v["id"]: v for v in recorded_vectors}
    double = by_id["uy/core/a-bettor-behind-may-decline-a-double"]
    assert double["regulation"] == "UY" and double["level"] == "round" and double["clauses"] == ["UY-35.4"]
    assert double["start"]["request"]["op"] == "start" and double["start"]["reply"] == {"ok": True}
    assert double["ruleset"]["values"]["behind_may_decline_double"] is True
    assert double["settlement"] == {"P1": "20", "P2": "10"}
    assert double["events"][-1]["type"] == "clear"
    refused = [s for v in recorded_vectors for s in v["steps"] if not s["reply"]["ok"]]
    assert refused and all("message" not in s["reply"]["error"] for s in refused)
    assert any(s["reply"]["error"].get("clauses") for s in refused)
    outline = [v for v in recorded_vectors if v["example"] is not None]
    assert outline and all(v["id"].endswith("/" + v["regulation"].lower()) for v in outline if "-" not in v["id"][-3:])
    assert any(v["ruleset"]["overrides"] for v in recorded_vectors)
    assert any(v["events"] is None and not v["start"]["reply"]["ok"] for v in recorded_vectors)


def test_every_vector_replays_on_the_engine(recorded_vectors: list[dict[str, Any]]) -> None:
    driver = EngineDriver()
    failed = {v["id"]: replay(v, driver) for v in recorded_vectors}
    assert {k: d for k, d in failed.items() if d} == {}


def test_every_vector_replays_on_the_reference_adapter(recorded_vectors: list[dict[str, Any]]) -> None:
    driver = ProtocolDriver(f"{sys.executable} -m spec_engine.kit.adapter", timeout=10)
    try:
        failed = {v["id"]: replay(v, driver) for v in recorded_vectors}
    finally:
        driver.close()
    assert {k: d for k, d in failed.items() if d} == {}


def test_replay_reports_each_difference(recorded_vectors: list[dict[str, Any]]) -> None:
    vector = copy.deepcopy(
        next(v for v in recorded_vectors if v["id"] == "uy/core/a-bettor-behind-may-decline-a-double")
    )
    vector["steps"][2]["reply"] = {"ok": False, "error": {"code": "rule_violation", "clauses": ["UY-1"]}}
    vector["events"][1]["amount"] = "11"
    differences = replay(vector, EngineDriver())
    assert len(differences) == 2, differences
    assert differences[0].startswith("step 3 (") and "rule_violation" in differences[0]
    assert differences[1].startswith("events: entry 2 expected")
    # a refusal with other clauses, in another order, or another field
    refusing = copy.deepcopy(next(v for v in recorded_vectors if any(not s["reply"]["ok"] for s in v["steps"])))
    step = next(s for s in refusing["steps"] if not s["reply"]["ok"])
    assert replay(refusing, EngineDriver()) == []
    if len(step["reply"]["error"].get("clauses", [])) > 1:
        step["reply"]["error"]["clauses"].reverse()
        assert replay(refusing, EngineDriver()) == [], "the order of the clauses is free"
    step["reply"]["error"]["clauses"] = ["XX-1"]
    assert len(replay(refusing, EngineDriver())) == 1


def played_from_its_cards(vector: Mapping[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """``vector`` replayed on the engine with a generator that gives only what its
    ``generated`` lists: the differences, and what was left of the list unused."""
    script = copy.deepcopy(list(vector.get("generated", [])))
    driver = EngineDriver(generator=lambda seed: ScriptedGenerator(script))
    return replay(vector, driver), script


def test_every_vector_gives_every_card_it_deals(recorded_vectors: list[dict[str, Any]]) -> None:
    """Every card is in the vector: in its start request, or, where the seeded generator dealt
    it, in ``generated``; played with those cards and cuts instead of the generator (any other
    draw refused), every vector gives the same replies and the same log, using all it lists."""
    for vector in recorded_vectors:
        request = vector["start"]["request"]
        assert ("shoe" if vector["level"] == "round" else "shoes") in request or vector["level"] == "session"
        assert played_from_its_cards(vector) == ([], []), vector["id"]
    generated = {v["id"]: v["generated"] for v in recorded_vectors if "generated" in v}
    assert {v["level"] for v in recorded_vectors if v["id"] in generated} == {"table", "session"}
    refill = generated["cl/shoe/a-shoe-that-runs-out-mid-round-is-refilled-from-the-shuffled-used-cards"]
    assert [next(iter(entry)) for entry in refill] == ["shuffle", "cut"]
    seven = "cl/session/three-participants-bank-in-turn-and-share-the-bank-equally"
    first = generated[seven][0]["shuffle"]  # seed 7, no stacked shoe: the generator's first shuffle
    assert first == [c.code for c in Shoe.shuffled(2, random.Random(7)).cards()]


def test_a_vector_played_from_other_cards_departs(recorded_vectors: list[dict[str, Any]]) -> None:
    """The listed cards and cuts are what the log follows: another cut, or a shuffle listed
    where the table draws a cut, is a difference."""
    vector = copy.deepcopy(
        next(v for v in recorded_vectors if v["id"] == "cl/session/a-player-may-not-sit-out-a-round")
    )
    assert [next(iter(entry)) for entry in vector["generated"]] == ["shuffle", "cut"]
    vector["generated"][1]["cut"] += 1
    differences, _ = played_from_its_cards(vector)
    assert differences and any("events" in d for d in differences)
    vector["generated"].reverse()
    differences, _ = played_from_its_cards(vector)
    assert differences and "GeneratedMismatch" in differences[0]
    with pytest.raises(GeneratedMismatch):
        ScriptedGenerator([]).random()


def test_the_recording_driver_records_what_the_generator_gave() -> None:
    """A session of seed 7 records the generator's first shuffle and cut, as ``random.Random(7)``
    gives them; a round records none."""
    recorder = RecordingDriver(EngineDriver())
    client = Client(recorder)
    client.start("session", "CL", participants=["A", "B", "C"], advance="100", min_bet="10", max_bet="100", seed=7)
    meta = {"feature": "features/cl/x.feature", "scenario": "A session", "line": 3, "clauses": ["CL-3"]}
    vector = recorder.vector(meta)
    assert vector is not None
    rng = random.Random(7)
    shoe = Shoe.shuffled(2, rng)
    assert vector["generated"] == [{"shuffle": [c.code for c in shoe.cards()]}, {"cut": rng.randint(1, 103)}]
    assert errors("vectors.schema.json", with_events_apart(vector)[0]) == []
    rounds = RecordingDriver(EngineDriver())
    Client(rounds).start("round", "CL", shoe=["7S", "5D"], min_bet="10", max_bet="500")
    assert "generated" not in (rounds.vector(meta) or {})


class Hanging(EngineDriver):
    def request(self, message: Mapping[str, Any]) -> dict[str, Any]:
        if message["op"] == "act":
            raise ImplementationTimeout("no reply within 5 s")
        return super().request(message)


def test_replay_reports_an_implementation_that_fails(recorded_vectors: list[dict[str, Any]]) -> None:
    vector = next(v for v in recorded_vectors if v["steps"])
    (difference,) = replay(vector, Hanging())
    assert difference.startswith("TIMEOUT: ImplementationTimeout")


def test_settlement_leaves_out_a_reconstructed_round() -> None:
    log = [
        {"type": "settle", "bettor": "P1", "amount": "10", "box": 1, "stake": "10", "info": "win"},
        {"type": "remedy", "card": "AS", "info": "reconstruct"},
        {"type": "settle", "bettor": "P1", "amount": "-10", "box": 1, "stake": "10", "info": "lose"},
        {"type": "settle", "bettor": "P2", "amount": "7.5", "box": 2, "stake": "5", "info": "blackjack"},
        {"type": "clear", "total": 4},
        {"type": "settle", "bettor": "P2", "amount": "1/3", "box": 2, "stake": "5", "info": "win"},
    ]
    assert settlement(log) == {"P1": "-10", "P2": "47/6"}


def test_the_recording_driver_records_the_protocol_messages() -> None:
    recorder = RecordingDriver(EngineDriver())
    assert recorder.vector({}) is None  # nothing started: no vector
    client = Client(recorder)
    client.start(
        "round",
        "CL",
        shoe=["7S", "5D", "5H", "9C", "TC", "8D"],
        min_bet="10",
        max_bet="500",
        overrides={"double_totals": None},
    )
    client.act("bet", box=1, bettor="P1", amount="10")
    client.act("deal")
    with pytest.raises(Refusal) as refused:
        client.act("split", box=1)
    assert refused.value.code == "rule_violation"
    client.act("double", box=1)  # allowed on any total once double_totals is "none"
    assert client.phase() == "done"
    meta = {"feature": "features/cl/x.feature", "scenario": "Doubling, anything", "line": 3, "clauses": ["CL-3"]}
    vector = recorder.vector(meta, "tests/test_features.py::test_doubling[CL-x]")
    assert vector is not None
    assert vector["start"]["request"]["overrides"] == {"double_totals": "none"}
    assert vector["ruleset"]["values"]["double_totals"] == "none" and vector["ruleset"]["overrides"]
    assert [s["request"].get("action", s["request"]["op"]) for s in vector["steps"]] == [
        "bet",
        "deal",
        "split",
        "double",
        "phase",
    ]
    assert vector["steps"][2]["reply"]["error"]["code"] == "rule_violation"
    assert vector["example"] == "CL-x" and vector["id"] == "cl/x/doubling-anything/cl"
    assert errors("vectors.schema.json", with_events_apart(vector)[0]) == []


def test_vector_ids() -> None:
    assert vector_id("features/uy/core.feature", "A hand of eleven may not stand", None) == (
        "uy/core/a-hand-of-eleven-may-not-stand"
    )
    assert vector_id("features/compare/limits.feature", "A bet of fifteen, compared", "CL") == (
        "compare/limits/a-bet-of-fifteen-compared/cl"
    )


def test_write_refuses_a_folder_that_is_not_a_dump(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError):
        write(tmp_path, [])
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_no_vectors_unless_every_scenario_passed(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="did not pass"):
        record(tmp_path, pytest_args=["-k", "no_scenario_has_this_name"])


def test_check_command_replays_a_dump(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check", str(dumped_folder())]) == 0
    assert capsys.readouterr().out.strip().endswith(f"{len(scenarios())} passed, 0 failed")
    assert load(dumped_folder())[0]["format"] == "1.0"


GOLDEN_LOGS = ROOT / "tests" / "golden" / "vector_logs.json"


def log_digest(events: Any) -> str:
    """What :data:`GOLDEN_LOGS` keeps of a vector's event log."""
    canonical = json.dumps(events, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def test_every_event_log_is_the_one_recorded_before(recorded_vectors: list[dict[str, Any]]) -> None:
    """The logs are byte-identical to the ones recorded before a refactoring (the three-rooms
    move): a moved module, a faster engine or a new driver changes no event a scenario sees."""
    golden = json.loads(GOLDEN_LOGS.read_text(encoding="utf-8"))["logs"]
    now = {v["id"]: log_digest(v["events"]) for v in recorded_vectors}
    changed = sorted(i for i in golden.keys() & now.keys() if golden[i] != now[i])
    assert changed == [], f"event logs changed: {changed}"
    assert sorted(golden.keys() - now.keys()) == [], "vectors gone"
    assert sorted(now.keys() - golden.keys()) == [], f"new vectors: add their digests to {GOLDEN_LOGS.name}"
