"""The conformance protocol: its schemas, the serving side, the calling side and its page.

Every message of real traffic (the feature suite's, recorded as test vectors, replayed through
:func:`spec_engine.kit.protocol.serve`) must validate against the schemas of
``spec_engine/data/protocol/``; the examples of ``docs/protocol.md`` must still be what the
reference adapter answers. ``python -m tests.test_protocol --fix-doc`` rewrites the page's
reply lines (``←``) from the adapter after a deliberate change.
"""

from __future__ import annotations

import atexit
import functools
import io
import json
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from spec_engine import source_docstring
from spec_engine.cards import RANKS, SUITS
from spec_engine.catalog import REGULATION_IDS
from spec_engine.events import money, money_str
from spec_engine.kit.driver import (
    ACTIONS,
    ERROR_CODES,
    PROTOCOL_VERSION,
    Client,
    ImplementationCrash,
    ImplementationError,
    ImplementationTimeout,
    Refusal,
    Unsupported,
)
from spec_engine.kit.protocol import MAX_LINE, ProtocolDriver, serve
from spec_engine.kit.vectors import load
from spec_engine.rules import RULE_FIELDS, ruleset
from spec_engine.suite.schemas import (
    SCHEMAS,
    check_exchange,
    errors,
)

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "protocol.md"
pytestmark = pytest.mark.xdist_group("vectors")


def exchange(lines: list[str]) -> list[dict[str, Any]]:
    """Send these request lines to the reference adapter (in-process); its reply lines, parsed."""
    out = io.StringIO()
    serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_schemas_follow_the_code() -> None:
    """The enums are those of the code: event types of the events module's table, actions,
    error codes and rule names."""
    documented = re.findall(r"^``(\w+)``", source_docstring("events"), flags=re.M)
    assert SCHEMAS["event.schema.json"]["properties"]["type"]["enum"] == documented
    request = SCHEMAS["request.schema.json"]["$defs"]
    assert [d["properties"]["action"]["const"] for k, d in request.items() if k.startswith("act_")] == list(ACTIONS)
    assert request["overrides"]["propertyNames"]["enum"] == [f.name for f in RULE_FIELDS]
    reply = SCHEMAS["reply.schema.json"]["$defs"]
    assert reply["error"]["properties"]["code"]["enum"] == list(ERROR_CODES)
    assert reply["hello"]["properties"]["actions"]["items"]["enum"] == list(ACTIONS)


def test_card_pattern() -> None:
    for rank in RANKS:
        for suit in SUITS:
            assert errors("card.schema.json", rank + suit) == []
    for bad in ("1S", "10H", "as", "AX", "A", "ASX", "", 7):
        assert errors("card.schema.json", bad), bad


def test_money_pattern_takes_what_the_engine_writes_and_nothing_else() -> None:
    for num in range(-60, 61):
        for den in (1, 2, 3, 4, 5, 8, 20, 40, 7):
            text = money_str(money(Fraction(num, den)))
            assert errors("money.schema.json", text) == [], text
    for bad in (22.5, 10, "22.50", "010", "1e3", "+5", "1.", ".5", "ten", "", "1/0"):
        assert errors("money.schema.json", bad), bad
    # a request may also write a whole number or trailing zeros, never a float
    for good in (10, "22.50", "10", "1/3"):
        assert errors("money.schema.json", good, "input") == [], good
    for bad in (22.5, "ten", True, None):
        assert errors("money.schema.json", bad, "input"), bad


def test_event_schema_checks_each_type_fields() -> None:
    good = {"type": "settle", "box": 1, "hand": 1, "bettor": "P1", "amount": "22.5", "stake": "15", "info": "blackjack"}
    assert errors("event.schema.json", good) == []
    for bad in (
        {**good, "amount": 22.5},  # money is a string
        {**good, "info": "jackpot"},  # not a settlement outcome
        {**good, "card": "AS"},  # a settlement names no card
        {k: v for k, v in good.items() if k != "stake"},  # the stake is always there
        {**good, "hand": None},  # fields that do not apply are left out, not null
        {**good, "type": "explosion"},
        {"type": "card", "box": 1, "hand": 1, "card": "1S"},
        {"type": "dealer_total", "total": 17},
    ):
        assert errors("event.schema.json", bad), bad


def test_request_schema_checks_each_action_arguments() -> None:
    good = {"id": 3, "op": "act", "action": "bet", "args": {"box": 1, "bettor": "P1", "amount": "10"}}
    assert errors("request.schema.json", good) == []
    assert errors("request.schema.json", {"id": 4, "op": "act", "action": "deal"}) == []
    for bad in (
        {**good, "args": {"box": 1, "bettor": "P1"}},  # no amount
        {**good, "args": {**good["args"], "amount": 10.5}},
        {**good, "args": {**good["args"], "box": 0}},
        {**good, "args": {**good["args"], "colour": "red"}},
        {**good, "action": "surrender"},
        {k: v for k, v in good.items() if k != "id"},
        {"id": 1, "op": "start", "level": "table", "regulation": "UY", "shoe": ["AS"]},  # a table takes shoes
        {"id": 1, "op": "start", "regulation": "XX", "shoe": ["AS"]},
        {"id": 1, "op": "start", "regulation": "CL", "shoe": ["AS"], "overrides": {"no_such_rule": 1}},
    ):
        assert errors("request.schema.json", bad), bad


def test_reply_schema_requires_an_error_code_and_message() -> None:
    refusal = {"id": 7, "ok": False, "error": {"code": "rule_violation", "message": "no", "clauses": ["CL-13a.1"]}}
    assert errors("reply.schema.json", refusal) == []
    assert errors("reply.schema.json", {**refusal, "error": {"code": "rule_violation", "message": "no"}})
    assert errors("reply.schema.json", {**refusal, "error": {"code": "nope", "message": "no"}})
    assert errors("reply.schema.json", {**refusal, "error": {"code": "internal"}})  # no message
    assert errors("reply.schema.json", {"ok": True})  # no id
    assert errors("reply.schema.json", {"id": 1, "ok": True, "phase": "dancing"})


# ------------------------------------------------------------------------------ serve
def test_hello_answers_the_kits_version_and_what_is_offered() -> None:
    (reply,) = exchange([json.dumps({"id": 1, "op": "hello", "protocol": PROTOCOL_VERSION})])
    assert reply["id"] == 1 and reply["ok"] is True and reply["protocol"] == PROTOCOL_VERSION
    assert reply["regulations"] == list(REGULATION_IDS)
    assert reply["levels"] == ["round", "table", "session"]
    assert reply["actions"] == list(ACTIONS)
    assert errors("reply.schema.json", reply, "hello") == []


def test_an_unknown_op_or_level_is_unsupported() -> None:
    op, level = exchange(['{"id":5,"op":"undo"}', '{"id":6,"op":"start","level":"tournament","regulation":"CL"}'])
    assert (op["id"], op["ok"], op["error"]["code"]) == (5, False, "unsupported")
    assert (level["id"], level["ok"], level["error"]["code"]) == (6, False, "unsupported")
    assert "tournament" in level["error"]["message"]


@pytest.mark.parametrize("line", ["this is not JSON", "[1, 2]", '"hello"', '{"id": 1, "op": "hello"'])
def test_a_malformed_line_gets_an_input_error_with_id_null(line: str) -> None:
    (reply,) = exchange([line])
    assert reply["id"] is None and reply["ok"] is False and reply["error"]["code"] == "input_error"
    assert errors("reply.schema.json", reply) == []


def test_a_refusal_carries_its_clauses_and_rule() -> None:
    replies = exchange(
        [
            '{"id":1,"op":"start","regulation":"CL","shoe":["7S","5D","5H","9C","TC"],"min_bet":"10","max_bet":"100"}',
            '{"id":2,"op":"act","action":"bet","args":{"box":1,"bettor":"P1","amount":"10"}}',
            '{"id":3,"op":"act","action":"deal"}',
            '{"id":4,"op":"act","action":"double","args":{"box":1}}',
        ]
    )
    assert [r["ok"] for r in replies] == [True, True, True, False]
    error = replies[-1]["error"]
    assert error["code"] == "rule_violation" and "CL-13a.1" in error["clauses"] and error["rule"] == "double_totals"
    assert "CL-13a.1" in error["message"]


def test_bad_input_names_the_field() -> None:
    start, bet, no_args, events = exchange(
        [
            '{"id":1,"op":"start","regulation":"UY","shoe":["AS","ZZ"]}',
            '{"id":2,"op":"act","action":"bet","args":{"box":1,"bettor":"P1","amount":"ten"}}',
            '{"id":3,"op":"act","action":"bet"}',
            '{"id":4,"op":"events"}',
        ]
    )
    assert (start["error"]["code"], start["error"]["field"]) == ("input_error", "card")
    assert (bet["error"]["code"], bet["error"]["field"]) == ("input_error", "round")  # no round was started
    assert no_args["error"]["code"] == "input_error"
    assert events["error"]["code"] == "input_error"
    for reply in (start, bet, no_args, events):
        assert errors("reply.schema.json", reply) == []


def test_bye_ends_the_conversation_and_blank_lines_are_skipped() -> None:
    replies = exchange(["", '{"id":1,"op":"phase"}', "   ", '{"id":2,"op":"bye"}', '{"id":3,"op":"hello"}'])
    assert [r["id"] for r in replies] == [1, 2]
    assert replies[1] == {"id": 2, "ok": True}


def test_ids_are_echoed_and_replies_are_one_line_each() -> None:
    out = io.StringIO()
    serve(io.StringIO('{"id":41,"op":"hello","protocol":"6.0"}\n{"id":42,"op":"legal"}\n'), out)
    lines = out.getvalue().split("\n")
    assert lines[-1] == "" and [json.loads(line)["id"] for line in lines[:-1]] == [41, 42]


# ------------------------------------------------------------------------------ real traffic
@functools.cache
def dumped_folder() -> Path:
    """The test vectors, written once per test process by the command line (it runs the
    feature suite, recording), into a temporary folder removed at exit."""
    tmp = Path(tempfile.mkdtemp(prefix="vectors-test-"))
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    out = tmp / "out"
    done = subprocess.run(
        [sys.executable, "-m", "spec_engine.kit.vectors", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


@pytest.fixture
def recorded_vectors() -> list[dict[str, Any]]:
    return load(dumped_folder())


def traffic(vectors: list[dict[str, Any]]) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """Every vector's requests (with events and the queries in between) sent through serve,
    in one conversation; (vector id, request, reply) for each."""
    requests: list[tuple[str, dict[str, Any]]] = [("", {"op": "hello", "protocol": PROTOCOL_VERSION})]
    for vector in vectors:
        for step in [vector["start"], *vector["steps"]]:
            requests.append((vector["id"], step["request"]))
        requests += [(vector["id"], {"op": op}) for op in ("events", "legal", "phase", "state")]
    requests.append(("", {"op": "bye"}))
    lines = [json.dumps({"id": n, **request}) for n, (_, request) in enumerate(requests, 1)]
    replies = exchange(lines)
    assert len(replies) == len(requests)
    for (vid, _), line, reply in zip(requests, lines, replies, strict=True):
        yield vid, json.loads(line), reply


def test_real_traffic_validates(recorded_vectors: list[dict[str, Any]]) -> None:
    """Every request the feature suite sends and every reply of the adapter, in every scenario."""
    seen: dict[str, int] = {}
    count = 0
    for vid, request, reply in traffic(recorded_vectors):
        assert reply["id"] == request["id"]
        assert check_exchange(request, reply) == [], (vid, request, reply)
        # a request the schemas refuse is one the suite sends to be refused (the protocol's scenarios of bad input)
        assert not reply["ok"] or errors("request.schema.json", {**request, "id": 0}) == [], (vid, request)
        kind = request.get("action", request["op"]) + ("" if reply["ok"] else ":" + reply["error"]["code"])
        seen[kind] = seen.get(kind, 0) + 1
        count += 1
    assert count > 2000
    # the traffic covers every op, every action the suite uses and every kind of refusal
    for kind in ("hello", "start", "events", "legal", "phase", "state", "bye", "bet", "cut", "session_round"):
        assert seen.get(kind), kind
    for refusal in ("rule_violation", "input_error"):
        assert any(k.endswith(":" + refusal) for k in seen), refusal


# ------------------------------------------------------------------------------ the calling side
ADAPTER = f"{sys.executable} -m spec_engine.kit.adapter"


def fake(script: str) -> str:
    """An implementation command: a Python one-liner program."""
    return f"{sys.executable} -c {shlex.quote(script)}"


def test_protocol_driver_against_the_reference_adapter() -> None:
    driver = ProtocolDriver(ADAPTER, timeout=10)
    client = Client(driver)
    try:
        client.start("round", "CL", shoe=["7S", "5D", "5H", "9C", "TC"], min_bet="10", max_bet="500")
        assert driver.info["protocol"] == PROTOCOL_VERSION
        client.act("bet", box=1, bettor="P1", amount="10")
        client.act("deal")
        assert client.phase() == "playing"
        assert {a["kind"] for a in client.legal_actions()} == {"hit", "stand"}
        with pytest.raises(Refusal) as refused:
            client.act("double", box=1)
        assert refused.value.code == "rule_violation" and "CL-13a.1" in refused.value.clauses
        client.act("stand", box=1)
        assert client.events()[-2]["info"] == "win" and client.state() == {}
        # every request since the start, the queries among them, in order (a reproduction replays them)
        sent = [r.get("action", r["op"]) for r in driver.sent]
        assert [s for s in sent if s not in ("events", "legal", "phase", "state")] == [
            "start",
            "bet",
            "deal",
            "double",
            "stand",
        ]
        assert "phase" in sent and sent.index("phase") > sent.index("deal")
    finally:
        driver.close()
    assert driver.proc is None


@pytest.mark.parametrize(
    ("script", "error", "words"),
    [
        ("import sys; sys.exit(3)", ImplementationCrash, "exited"),
        ("import time; time.sleep(30)", ImplementationTimeout, "no reply"),
        ("import sys\nfor l in sys.stdin: print('not json', flush=True)", ImplementationError, "not JSON"),
        (
            'import sys\nfor l in sys.stdin: print(\'{"id": 99, "ok": true}\', flush=True)',
            ImplementationError,
            "does not answer",
        ),
        (
            "import sys, json\nfor l in sys.stdin: print(json.dumps({'id': json.loads(l)['id'], 'ok': True,"
            " 'protocol': '2.0', 'implementation': {'name': 'x', 'version': '1'}, 'regulations': [],"
            " 'levels': [], 'actions': []}), flush=True)",
            Unsupported,
            "speaks protocol 2.0, an older major version",
        ),
        (
            f"import sys\nfor l in sys.stdin: sys.stdout.write('x' * {MAX_LINE + 10}); sys.stdout.flush()",
            ImplementationError,
            "longer",
        ),
    ],
    ids=["crash", "timeout", "garbage", "wrong-id", "version", "long-line"],
)
def test_protocol_driver_judges_a_misbehaving_implementation(
    script: str, error: type[ImplementationError], words: str
) -> None:
    driver = ProtocolDriver(fake(script), timeout=1.0 if error is ImplementationTimeout else 10.0)
    try:
        with pytest.raises(error, match=words) as raised:
            Client(driver).phase()
        assert (
            raised.value.status
            == {
                ImplementationCrash: "CRASH",
                ImplementationTimeout: "TIMEOUT",
                Unsupported: "UNSUPPORTED",
                ImplementationError: "ERROR",
            }[error]
        )
        assert driver.proc is None, "a misbehaving process is dropped, to be started again"
    finally:
        driver.close()


def test_protocol_driver_runs_no_shell_and_restarts_after_a_crash(tmp_path: Path) -> None:
    with pytest.raises(ImplementationCrash, match="cannot start"):  # no shell to read the assignment
        Client(ProtocolDriver(f"PYTHONUNBUFFERED=1 {sys.executable} -m spec_engine.kit.adapter", timeout=5)).phase()
    marker = tmp_path / "started"
    script = (
        "import pathlib, sys\n"
        f"p = pathlib.Path({str(marker)!r}); n = int(p.read_text()) if p.exists() else 0; p.write_text(str(n + 1))\n"
        "if n == 0: sys.exit(1)\n"
        "from spec_engine.kit.protocol import serve; serve(sys.stdin, sys.stdout)"
    )
    driver = ProtocolDriver(fake(script), timeout=10)
    try:
        with pytest.raises(ImplementationCrash):
            Client(driver).start("round", "UY", shoe=["AS", "9D", "KH", "5C"])
        Client(driver).start("round", "UY", shoe=["AS", "9D", "KH", "5C"])  # started again
        assert marker.read_text() == "2"
    finally:
        driver.close()


def test_protocol_driver_limits_the_memory() -> None:
    script = "import sys\nfor l in sys.stdin:\n    b = bytearray(400 * 2**20)\n    print('{}', flush=True)"
    driver = ProtocolDriver(fake(script), timeout=10, memory_mb=200)
    try:
        with pytest.raises(ImplementationCrash):  # the allocation fails: MemoryError
            Client(driver).phase()
    finally:
        driver.close()
    driver = ProtocolDriver(fake(script), timeout=10, memory_mb=2048)
    try:
        with pytest.raises(ImplementationError, match="does not answer"):  # it allocates and replies
            Client(driver).phase()
    finally:
        driver.close()


# ------------------------------------------------------------------------------ docs/protocol.md
def doc_blocks(text: str) -> list[list[tuple[str, str | None]]]:
    """The example blocks of the page: fenced blocks of ``→ request`` lines, each followed by
    its ``← reply`` line (``None`` when missing)."""
    blocks = []
    for body in re.findall(r"^```text\n(.*?)^```", text, flags=re.M | re.S):
        pairs: list[tuple[str, str | None]] = []
        for line in body.splitlines():
            if line.startswith("→ "):
                pairs.append((line[2:], None))
            elif line.startswith("← ") and pairs and pairs[-1][1] is None:
                pairs[-1] = (pairs[-1][0], line[2:])
            else:
                raise AssertionError(f"an example line that is neither a request nor a reply: {line!r}")
        if pairs:
            blocks.append(pairs)
    return blocks


def fix_doc(text: str) -> str:
    """The page with every example's reply lines as the adapter answers them now (each block
    is a conversation of its own)."""

    def fill(match: re.Match[str]) -> str:
        requests = [line[2:] for line in match.group(1).splitlines() if line.startswith("→ ")]
        if not requests:
            return match.group(0)
        replies = exchange(requests)
        lines = [
            f"→ {q}\n← {json.dumps(a, ensure_ascii=False, separators=(',', ':'))}\n"
            for q, a in zip(requests, replies, strict=True)
        ]
        return "```text\n" + "".join(lines) + "```"

    return re.sub(r"^```text\n(.*?)^```", fill, text, flags=re.M | re.S)


def test_the_doc_examples_are_real_exchanges() -> None:
    """Each example block is sent to the adapter afresh: its replies must be the ones shown
    (run ``python -m tests.test_protocol --fix-doc`` after a deliberate change), and every line
    must validate."""
    blocks = doc_blocks(DOC.read_text(encoding="utf-8"))
    assert len(blocks) >= 8
    shown: set[str] = set()
    for block in blocks:
        replies = exchange([q for q, _ in block])
        for (request_line, reply_line), reply in zip(block, replies, strict=True):
            assert reply_line is not None, f"no reply shown for {request_line}"
            assert json.loads(reply_line) == reply, (
                f"the page shows {reply_line}\nthe adapter answers {json.dumps(reply)}\n"
                f"(docs/protocol.md: after a deliberate change, a new regulation's id in hello's among them, "
                "python -m tests.test_protocol --fix-doc writes the adapter's replies)"
            )
            try:
                request = json.loads(request_line)
            except ValueError:
                request = request_line
            assert check_exchange(request, reply) == [], request_line
            op = request.get("op") if isinstance(request, dict) else "garbage"
            shown.add(str(op) if reply["ok"] else reply["error"]["code"])
            if isinstance(request, dict) and request.get("op") == "start":
                shown.add("start:" + request.get("level", "round"))
    expected = {"hello", "start", "act", "events", "legal", "phase", "state", "bye"}
    expected |= {"start:round", "start:table", "start:session", "rule_violation", "input_error", "unsupported"}
    assert expected <= shown, f"no example of {expected - shown}"


def test_the_doc_names_every_status_error_code_and_limit() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())  # folded: a phrase may wrap
    for word in ("PASS", "FAIL", "ERROR", "CRASH", "TIMEOUT", "UNSUPPORTED", "SKIP", *ERROR_CODES, *ACTIONS):
        assert f"`{word}`" in text, word
    for phrase in (
        "1 MiB",
        "**no shell**",
        "--timeout",
        "--memory-mb",
        "python -m spec_engine.kit.conform",
        PROTOCOL_VERSION,
    ):
        assert phrase.lower() in text.lower(), phrase


if __name__ == "__main__":
    if sys.argv[1:] != ["--fix-doc"]:
        raise SystemExit("usage: python -m tests.test_protocol --fix-doc")
    DOC.write_text(fix_doc(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"rewrote the replies of {DOC}")


BOTH = {
    "reference": [sys.executable, "-m", "spec_engine.kit.adapter"],
    "javascript": ["node", str(ROOT / "conformance" / "js" / "blackjack.js")],
}
"""The two implementations of the protocol this project holds."""


@pytest.mark.parametrize("implementation", sorted(BOTH))
def test_both_implementations_refuse_what_a_level_or_a_bettor_cannot_do_naming_the_field(implementation: str) -> None:
    """Session actions at a table, a round-level shoe with more of a card than the decks hold,
    round-level limits the rule set forbids, a shuffle mid-round, insurance or even money by
    someone with no bet on the box, a changed bet over a special maximum: one refusal each,
    never a crash, and the same in both implementations."""
    if implementation == "javascript" and shutil.which("node") is None:
        pytest.skip("node is not installed")
    requests = [
        {"op": "start", "level": "table", "regulation": "ES", "shoes": [], "min_bet": "10"},
        {"op": "act", "action": "session_round", "args": {"bets": {"P1": "10"}}},
        {"op": "start", "level": "round", "regulation": "CL", "shoe": ["AS"] * 3},
        {"op": "start", "level": "round", "regulation": "CL", "shoe": ["AS"], "min_bet": "15"},
        {"op": "start", "level": "table", "regulation": "ES", "shoes": [], "min_bet": "10"},
        {"op": "act", "action": "cut", "args": {"at": 100}},
        {"op": "act", "action": "bet", "args": {"box": 1, "bettor": "P1", "amount": "10"}},
        {"op": "act", "action": "shuffle", "args": {}},
        {"op": "start", "level": "round", "regulation": "UY", "shoe": ["AS", "AD", "KH", "9C"], "min_bet": "10"},
        {"op": "act", "action": "bet", "args": {"box": 1, "bettor": "P1", "amount": "20"}},
        {"op": "act", "action": "deal", "args": {}},
        {"op": "act", "action": "insurance", "args": {"box": 1, "bettor": "P9", "amount": "10"}},
        {"op": "act", "action": "even_money", "args": {"box": 1, "bettor": "P9"}},
        {
            "op": "start",
            "level": "table",
            "regulation": "UY",
            "shoes": [],
            "min_bet": "10",
            "max_bet": "500",
            "special_max": {"VIP": "2000"},
        },
        {"op": "act", "action": "cut", "args": {"at": 100}},
        {"op": "act", "action": "bet", "args": {"box": 1, "bettor": "VIP", "amount": "1500"}},
        {"op": "act", "action": "change_bet", "args": {"box": 1, "bettor": "VIP", "amount": "2500"}},
    ]
    lines = "".join(json.dumps({"id": n, **r}) + "\n" for n, r in enumerate(requests))
    done = subprocess.run(BOTH[implementation], input=lines, capture_output=True, text=True, timeout=60, cwd=ROOT)
    replies = {r["id"]: r for r in map(json.loads, done.stdout.splitlines())}
    assert len(replies) == len(requests), done.stderr

    def refusal(n: int) -> tuple[str, str | None]:
        error = replies[n]["error"]
        return error["code"], error.get("field") or error.get("rule")

    assert all(replies[n]["ok"] for n in (0, 4, 5, 6, 8, 9, 10, 13, 14, 15)), replies
    assert refusal(1) == ("input_error", "level")
    assert refusal(2) == ("input_error", "shoe") and "AS" in replies[2]["error"]["message"]
    assert refusal(3) == ("rule_violation", "bet_multiple")
    assert refusal(7) == ("input_error", "action")
    assert refusal(11) == ("input_error", "bettor")
    assert refusal(12) == ("input_error", "bettor")
    assert refusal(16) == ("rule_violation", "special_maximum")
    assert sorted(replies[16]["error"]["clauses"]) == sorted(ruleset("UY").cite("special_maximum"))


@pytest.mark.parametrize("implementation", sorted(BOTH))
def test_a_doubled_hand_that_may_draw_again_stands_by_itself_on_21_where_no_card_may_follow(
    implementation: str,
) -> None:
    """With ``double_one_card = false`` (overridden) a doubled hand may draw on; at 21, where
    ``hit_on_hard_21`` forbids another card (ES), it stands as a hand does after a hit."""
    if implementation == "javascript" and shutil.which("node") is None:
        pytest.skip("node is not installed")
    requests = [
        {
            "op": "start",
            "level": "round",
            "regulation": "ES",
            "shoe": ["5S", "9D", "6H", "TC", "8D"],
            "overrides": {"double_one_card": False},
        },
        {"op": "act", "action": "bet", "args": {"box": 1, "bettor": "P1", "amount": "10"}},
        {"op": "act", "action": "deal", "args": {}},
        {"op": "act", "action": "double", "args": {"box": 1}},
        {"op": "events"},
    ]
    lines = "".join(json.dumps({"id": n, **r}) + "\n" for n, r in enumerate(requests))
    done = subprocess.run(BOTH[implementation], input=lines, capture_output=True, text=True, timeout=60, cwd=ROOT)
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True] * 5, replies
    events = replies[4]["events"]
    stands = [e for e in events if e["type"] == "stand"]
    assert stands == [{"type": "stand", "box": 1, "hand": 1, "info": "automatic"}]
    assert events[-2] == {
        "type": "settle",
        "box": 1,
        "hand": 1,
        "bettor": "P1",
        "amount": "20",
        "stake": "20",
        "info": "win",
    }
