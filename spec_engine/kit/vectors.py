"""Test vectors: every executable scenario as language-neutral JSON, and their replay.

    python -m spec_engine.kit.vectors OUT_DIR                 # dump (runs the feature suite)
    python -m spec_engine.kit.vectors --check OUT_DIR [--impl "CMD"]   # replay them

A vector is what one scenario sent to the reference engine and what came back, in the
conformance protocol's own messages (:mod:`spec_engine.kit.protocol`): the ``start`` request,
every later request (actions, and the ``legal``, ``phase`` and ``state`` queries the
scenario made) each with the engine's reply (``{"ok": true, ...}`` or the refusal's code,
clause ids, rule and field; never the free-text message), the final event log and each
bettor's net result. Another implementation, in any language, passes a vector when it
gives the same replies and the same log. The format is ``data/protocol/vectors.schema.json``
(copied beside the vectors); ``docs/protocol.md`` explains it.

Vectors are recorded, not written by hand: the dump runs the feature suite with
``BLACKJACK_SPEC_RECORD=DIR`` set, which makes the ``play`` fixture of ``spec_engine/suite/steps.py``
wrap its driver in a :class:`RecordingDriver` and save one file per scenario. The dump
refuses to write anything unless every scenario passed, then writes the files with sorted
keys and fixed formatting, so two dumps of the same tree are byte-identical.

:func:`replay` plays one vector against any :class:`~spec_engine.kit.driver.Driver` (the
engine in-process, or another program through :class:`~spec_engine.kit.protocol.ProtocolDriver`)
and lists the differences.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping, MutableSequence, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

from spec_engine.cards import parse_cards
from spec_engine.catalog import DATA, REGULATION_IDS
from spec_engine.errors import InputError
from spec_engine.events import money, money_str, parse_money
from spec_engine.kit.driver import (
    PROTOCOL_VERSION,
    Driver,
    DriverWrapper,
    EngineDriver,
    Reply,
    Request,
    jsonable,
    start_rules,
)
from spec_engine.kit.protocol import OneLineParser, ProtocolDriver, program_problem
from spec_engine.kit.trace import suite_command, suite_environment
from spec_engine.rules import RULE_FIELDS

VECTOR_FORMAT = "1.0"
"""The version of the vector format (``format`` in every vector)."""

RECORD_ENV = "BLACKJACK_SPEC_RECORD"
"""Names the folder where the ``play`` fixture saves one recording per scenario."""

SCHEMA_DIR = DATA / "protocol"
VECTORS_SCHEMA = SCHEMA_DIR / "vectors.schema.json"
ROOT = Path(__file__).resolve().parents[2]
"""The source tree (the dump runs its feature suite)."""

KEPT_QUERIES = ("legal", "phase", "state")
"""The queries kept as steps of a vector (``events`` is covered by the final log)."""


# ------------------------------------------------------------------------------ recording
def _plain(value: Any) -> Any:
    """JSON-ready: tuples become lists, as they would on the wire."""
    return json.loads(json.dumps(value))


def expected_reply(reply: Mapping[str, Any]) -> dict[str, Any]:
    """A reply as a vector keeps it: no ``id``, and no error message (free text)."""
    out = {k: v for k, v in reply.items() if k != "id"}
    if "error" in out:
        out["error"] = {k: v for k, v in out["error"].items() if k != "message"}
    return out


class RecordingDriver(DriverWrapper):
    """A driver that passes every request to ``inner`` and records it with its reply."""

    def __init__(self, inner: Driver) -> None:
        super().__init__(inner)
        self.calls: list[tuple[dict[str, Any], Reply]] = []
        """Every request and its reply, in order."""

    def request(self, message: Request) -> Reply:
        request = _plain(message)
        reply = self.inner.request(request)
        self.calls.append((request, reply))
        return reply

    # -- the vector
    def vector(
        self, scenario: Mapping[str, Any], nodeid: str = "", checks: Mapping[str, Any] | None = None
    ) -> dict[str, Any] | None:
        """The vector of what was recorded (``None`` if nothing was started). ``scenario``
        holds ``feature``, ``scenario``, ``line``, ``regulation`` and ``clauses`` (as in
        ``reports/scenarios.json``); ``nodeid`` is the pytest test id, whose brackets
        name an outline's row (``example``); ``checks``, what the scenario's Then steps
        checked beyond the replies (:class:`spec_engine.suite.steps.Checks`)."""
        kept = [(q, r) for q, r in self.calls if q["op"] in ("start", "act", *KEPT_QUERIES)]
        if not kept or kept[0][0]["op"] != "start":
            return None
        (start, start_reply), *rest = kept
        final = self.inner.request({"op": "events"})
        log = final["events"] if final.get("ok") else None
        level = start.get("level", "round")
        reg = start["regulation"] if start["regulation"] in REGULATION_IDS else scenario["regulation"]
        try:
            rules = start_rules(start["regulation"], start.get("overrides"), start.get("house"))
            values = {f.name: jsonable(getattr(rules, f.name)) for f in RULE_FIELDS}
        except InputError:  # a start refused before any rule set is in play (an unknown id, a bad override)
            values = {}
        example = nodeid.partition("[")[2].removesuffix("]") or None
        generated = self.generated(log)
        return {
            "format": VECTOR_FORMAT,
            "protocol": PROTOCOL_VERSION,
            "id": vector_id(scenario["feature"], scenario["scenario"], reg if example else None),
            "feature": scenario["feature"],
            "scenario": scenario["scenario"],
            "line": scenario["line"],
            "example": example,
            "clauses": list(scenario["clauses"]),
            **({"assumes": list(scenario["assumes"])} if scenario.get("assumes") else {}),
            "regulation": reg,
            "level": level,
            "ruleset": {"id": reg, "values": values, "overrides": dict(start.get("overrides") or {})},
            "start": {"request": start, "reply": expected_reply(start_reply)},
            "steps": [{"request": q, "reply": expected_reply(r)} for q, r in rest],
            "events": log,
            "settlement": settlement(log or []),
            **({"generated": generated} if generated else {}),
            **({"checks": dict(checks)} if checks is not None else {}),
        }

    def generated(self, log: Sequence[Mapping[str, Any]] | None) -> list[dict[str, Any]]:
        """What the reference's seeded generator gave the scenario (``[]``: nothing, every
        card was given): the recorded requests played again on the engine with an
        :class:`ObservedGenerator`, which must give the same final log."""
        drawn: list[dict[str, Any]] = []
        engine = EngineDriver(generator=lambda seed: ObservedGenerator(seed, drawn))
        for request, _ in self.calls:
            engine.request(request)
        again = engine.request({"op": "events"})
        if (again["events"] if again.get("ok") else None) != log:
            raise RuntimeError("the scenario played again on the engine gave another log: its cards cannot be recorded")
        return drawn

    def save(
        self, folder: Path, scenario: Mapping[str, Any], nodeid: str = "", checks: Mapping[str, Any] | None = None
    ) -> Path | None:
        """Write the vector into ``folder`` (one file named by a hash of ``nodeid``: the
        dump sorts them out); ``None`` if nothing was started."""
        vector = self.vector(scenario, nodeid, checks)
        if vector is None:
            return None
        folder.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha256(f"{vector['id']}\n{nodeid}".encode()).hexdigest()[:24]
        path = folder / f"{name}.json"
        path.write_text(dump_json(vector), encoding="utf-8")
        return path


class ObservedGenerator(random.Random):
    """The reference's generator, ``random.Random(seed)``, noting in ``into`` what it gives
    a table, in order: each shuffle's result (``{"shuffle": [cards]}``, the card dealt first
    first, before the cut) and each cut it draws (``{"cut": n}``; the table draws nothing else)."""

    def __init__(self, seed: int, into: list[dict[str, Any]]) -> None:
        super().__init__(seed)
        self.into = into

    def shuffle(self, x: MutableSequence[Any]) -> None:
        super().shuffle(x)
        self.into.append({"shuffle": [str(card) for card in x]})

    def randint(self, a: int, b: int) -> int:
        value = super().randint(a, b)
        self.into.append({"cut": value})
        return value


class GeneratedMismatch(RuntimeError):
    """A table asked a :class:`ScriptedGenerator` for what its vector does not list."""


class ScriptedGenerator(random.Random):
    """A generator that draws nothing: it gives, in order, what a vector's ``generated`` lists
    (taking each entry out of ``script``, which several tables may share) and refuses any
    other draw, so that a vector is played from its cards alone."""

    def __init__(self, script: list[dict[str, Any]]) -> None:
        super().__init__(0)
        self.script = script

    def _next(self, kind: str) -> Any:
        if not self.script or kind not in self.script[0]:
            listed = next(iter(self.script[0]), "?") if self.script else "nothing more"
            raise GeneratedMismatch(f"the table asks for a {kind}; the vector lists {listed}")
        return self.script.pop(0)[kind]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        cards = parse_cards(self._next("shuffle"))
        if sorted(card.code for card in cards) != sorted(str(card) for card in x):
            raise GeneratedMismatch("the listed shuffle holds other cards than the table gathered")
        x[:] = cards

    def randint(self, a: int, b: int) -> int:
        value = self._next("cut")
        if isinstance(value, bool) or not isinstance(value, int) or not a <= value <= b:
            raise GeneratedMismatch(f"the listed cut {value!r} is not between {a} and {b}")
        return value

    def getrandbits(self, k: int) -> int:
        raise GeneratedMismatch("the table draws bits the vector does not list")

    def random(self) -> float:
        raise GeneratedMismatch("the table draws a number the vector does not list")


def settlement(events: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Each bettor's net result over the log: the sum of his ``settle`` amounts, leaving
    out a reconstructed round's settlements made before its reconstruction."""
    total: dict[str, int | Fraction] = {}
    pending: list[Mapping[str, Any]] = []

    def commit() -> None:
        for event in pending:
            bettor = str(event["bettor"])
            total[bettor] = total.get(bettor, 0) + parse_money(event["amount"])
        pending.clear()

    for event in events:
        if event["type"] == "settle":
            pending.append(event)
        elif event["type"] == "remedy" and event.get("info") == "reconstruct":
            pending.clear()
        elif event["type"] == "clear":
            commit()
    commit()
    return {bettor: money_str(money(total[bettor])) for bettor in sorted(total)}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:80].rstrip("-")


def vector_id(feature: str, scenario: str, row: str | None) -> str:
    """``uy/core/a-hand-of-eleven-may-not-stand``; an outline's row adds its regulation
    (``compare/limits/a-bet-of-fifteen-compared/cl``)."""
    path = feature.removeprefix("features/").removesuffix(".feature")
    return f"{path}/{slug(scenario)}" + (f"/{slug(row)}" if row else "")


def dump_json(value: Any) -> str:
    """The one formatting of every file the dump writes: sorted keys, one-space indent."""
    return json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# ------------------------------------------------------------------------------ the dump
def record(folder: Path, *, pytest_args: Sequence[str] = ()) -> None:
    """Run the feature suite with recording on; raise if any scenario did not pass."""
    env = {**os.environ, RECORD_ENV: str(folder), "BLACKJACK_SPEC_RESULTS": str(folder / "results.json")}
    env.pop("BLACKJACK_SPEC_IMPL", None)
    env.pop("BLACKJACK_SPEC_OVERRIDES", None)
    command = suite_command("-q", *pytest_args)
    done = subprocess.run(command, env=suite_environment(env), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = "\n".join(done.stdout.splitlines()[-15:])
        raise RuntimeError(f"the feature suite did not pass (exit {done.returncode}); no vectors written\n{tail}")


def collect(folder: Path) -> list[dict[str, Any]]:
    """The recorded vectors in ``folder``, sorted by id (outline rows numbered if their ids clash)."""
    vectors = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]
    vectors = [v for v in vectors if "format" in v]
    vectors.sort(key=lambda v: (v["id"], v["line"], json.dumps(v, sort_keys=True)))
    seen: dict[str, int] = {}
    for vector in vectors:
        seen[vector["id"]] = seen.get(vector["id"], 0) + 1
    count: dict[str, int] = {}
    for vector in vectors:
        if seen[vector["id"]] > 1:
            count[vector["id"]] = count.get(vector["id"], 0) + 1
            vector["id"] += f"-{count[vector['id']]}"
    return vectors


def dump_problem(out: Path) -> str | None:
    """Why the vectors cannot be written into ``out`` (one line), or None: it must be a folder
    that is empty or holds an earlier dump, or one that can be created."""
    if out.exists() and not out.is_dir():
        return f"{out} is a file, not a folder"
    if out.is_dir():
        if any(out.iterdir()) and not (out / "vectors.schema.json").exists():
            return f"{out} is not empty and holds no earlier dump (no vectors.schema.json)"
        return None if os.access(out, os.W_OK) else f"{out}: cannot write into it (permission denied)"
    above = next(p for p in out.parents if p.exists())  # ("." or "/" at the latest)
    if not above.is_dir():
        return f"{out}: {above} is a file, not a folder"
    return None if os.access(above, os.W_OK) else f"{out}: cannot create it in {above} (permission denied)"


def write(out: Path, vectors: Sequence[Mapping[str, Any]]) -> list[Path]:
    """Write each vector as ``OUT/<id>.json``, ``index.json`` and ``vectors.schema.json``.
    A folder holding an earlier dump is emptied first; any other (:func:`dump_problem`) is refused."""
    why = dump_problem(out)
    if why is not None:
        raise FileExistsError(why)
    if out.exists() and any(out.iterdir()):
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for vector in vectors:
        path = out / f"{vector['id']}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump_json(vector), encoding="utf-8")
        written.append(path)
    index = [
        {
            "clauses": v["clauses"],
            "file": f"{v['id']}.json",
            "id": v["id"],
            "level": v["level"],
            "regulation": v["regulation"],
            "scenario": v["scenario"],
        }
        for v in vectors
    ]
    (out / "index.json").write_text(dump_json({"format": VECTOR_FORMAT, "vectors": index}), encoding="utf-8")
    shutil.copyfile(VECTORS_SCHEMA, out / "vectors.schema.json")
    return [*written, out / "index.json", out / "vectors.schema.json"]


def dump(out: Path, *, pytest_args: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Record the feature suite and write its vectors into ``out``; returns them."""
    with tempfile.TemporaryDirectory(prefix="vectors-") as tmp:
        record(Path(tmp), pytest_args=pytest_args)
        vectors = collect(Path(tmp))
    write(out, vectors)
    return vectors


def check_problem(folder: Path) -> str | None:
    """Why ``folder`` holds no dump to replay (one line), or None."""
    if not folder.exists():
        return f"{folder}: no such folder"
    if not folder.is_dir():
        return f"{folder} is a file, not a folder of vectors"
    if not (folder / "index.json").is_file():
        return f"{folder} holds no vectors (no index.json): the command without --check writes them"
    return None


def load(folder: Path) -> list[dict[str, Any]]:
    """The vectors of a dump, in its index's order."""
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    return [json.loads((folder / e["file"]).read_text(encoding="utf-8")) for e in index["vectors"]]


# ------------------------------------------------------------------------------ replay
def _same(op: str, expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    if op == "legal" and expected.get("ok") and got.get("ok"):  # the order of legal actions is free
        return _sorted_json(expected.get("actions", [])) == _sorted_json(got.get("actions", []))
    if not expected.get("ok") and not got.get("ok"):
        want, have = dict(expected.get("error", {})), dict(got.get("error", {}))
        if "clauses" in want or "clauses" in have:  # the order of the clause ids is free
            want["clauses"], have["clauses"] = sorted(want.get("clauses", [])), sorted(have.get("clauses", []))
        return want == have
    return dict(expected) == dict(got)


def _sorted_json(values: Sequence[Any]) -> list[str]:
    return sorted(json.dumps(v, sort_keys=True) for v in values)


def replay(vector: Mapping[str, Any], driver: Driver) -> list[str]:
    """Play ``vector`` against ``driver``; the differences found (empty: it conforms).

    Replies are compared without messages; the order of legal actions and of cited
    clause ids does not matter. After the first difference the rest is still played
    (later differences may follow from it). An implementation error (crash, timeout,
    unsupported) ends the replay with one difference naming its status."""
    differences: list[str] = []
    steps = [vector["start"], *vector["steps"]]
    try:
        for number, step in enumerate(steps):
            request = step["request"]
            got = expected_reply(driver.request(request))
            if not _same(request["op"], step["reply"], got):
                what = "start" if number == 0 else f"step {number} ({_label(request)})"
                differences.append(f"{what}: expected {_short(step['reply'])}, got {_short(got)}")
        if vector["events"] is not None:
            final = expected_reply(driver.request({"op": "events"}))
            log = final.get("events") if final.get("ok") else None
            if log != vector["events"]:
                differences.append(_log_difference(vector["events"], log))
            elif settlement(log or []) != vector["settlement"]:
                differences.append(f"settlement: expected {vector['settlement']}, got {settlement(log or [])}")
    except Exception as exc:  # an ImplementationError from a ProtocolDriver, or a bug
        status = getattr(exc, "status", "ERROR")
        differences.append(f"{status}: {type(exc).__name__}: {exc}")
    return differences


def _label(request: Mapping[str, Any]) -> str:
    if request["op"] == "act":
        args = ", ".join(f"{k}={v}" for k, v in sorted(dict(request.get("args") or {}).items()))
        return f"{request['action']}({args})"
    return str(request["op"])


def _short(reply: Mapping[str, Any]) -> str:
    text = json.dumps(reply, sort_keys=True, separators=(",", ":"))
    return text if len(text) <= 300 else text[:297] + "..."


def _log_difference(expected: Sequence[Mapping[str, Any]], got: Sequence[Mapping[str, Any]] | None) -> str:
    if got is None:
        return "events: expected a log, got an error"
    for index, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want != have:
            return f"events: entry {index + 1} expected {_short(want)}, got {_short(have)}"
    return f"events: expected {len(expected)} entries, got {len(got)}"


# ------------------------------------------------------------------------------ command line
def seconds(text: str) -> float:
    """An argument that is a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


def main(argv: list[str] | None = None, prog: str = "python -m spec_engine.kit.vectors") -> int:
    """Write the vectors (0), or replay them (0: every one passed, 1: not). A bad argument or
    input: one line on standard error and 2, before anything runs or is written."""
    parser = OneLineParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder of the vectors")
    parser.add_argument("--check", action="store_true", help="replay the vectors of OUT instead of writing them")
    parser.add_argument("--impl", help="with --check: the command of the implementation (default: the engine)")
    parser.add_argument("--timeout", type=seconds, help="with --impl: seconds per request (default 5)")
    parser.add_argument(
        "--regulation", type=str.upper, choices=REGULATION_IDS, action="append", help="with --check: only these"
    )
    args = parser.parse_args(argv)

    def stop(message: str) -> NoReturn:
        parser.exit(2, f"{prog}: error: {message}\n")

    if not args.check:
        for option, value in (("--impl", args.impl), ("--timeout", args.timeout), ("--regulation", args.regulation)):
            if value is not None:
                stop(f"{option} replays vectors: it goes with --check")
    elif args.timeout is not None and args.impl is None:
        stop("--timeout is the time an implementation has (--impl); the engine needs none")
    why = check_problem(args.out) if args.check else dump_problem(args.out)
    if why is None and args.impl is not None:
        why = program_problem(args.impl)
        why = None if why is None else f"--impl: {why}"
    if why is not None:
        stop(why)
    if os.environ.get("BLACKJACK_SPEC_OVERRIDES", "").strip():
        print(
            f"{prog}: note: BLACKJACK_SPEC_OVERRIDES is not applied: the vectors are the texts' rules", file=sys.stderr
        )
    if not args.check:
        try:
            vectors = dump(args.out)
        except RuntimeError as exc:  # the feature suite did not pass: nothing written
            print(f"{prog}: {exc}", file=sys.stderr)
            return 1
        except OSError as exc:
            stop(f"{args.out}: cannot write the vectors ({exc.strerror or exc})")
        print(f"{len(vectors)} vectors written to {args.out}")
        return 0
    try:
        vectors = [v for v in load(args.out) if not args.regulation or v["regulation"] in args.regulation]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else f"{type(exc).__name__}: {exc}"
        stop(f"{args.out}: its vectors cannot be read ({reason})")
    driver: Driver = ProtocolDriver(args.impl, timeout=args.timeout or 5.0) if args.impl else EngineDriver()
    failed = 0
    try:
        for vector in vectors:
            differences = replay(vector, driver)
            if differences:
                failed += 1
                print(f"FAIL {vector['id']}")
                for line in differences:
                    print(f"  {line}")
    finally:
        if isinstance(driver, ProtocolDriver):
            driver.close()
    print(f"{len(vectors) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
