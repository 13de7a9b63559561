"""The conformance protocol: JSON lines over an implementation's stdin and stdout.

One request a line, one reply a line, in order. Version ``1.0``. Cards, money and events
use the engine's notations (``AS``; ``"22.5"``; the vocabulary of :mod:`spec_engine.events`).
The schemas of every message are in ``data/protocol/``; ``docs/protocol.md`` explains them.

Requests (every one has ``id``, a number echoed in the reply, and ``op``)::

    hello   protocol                       -> protocol, implementation{name, version, language},
                                              regulations[], levels[], actions[]
    start   level="round", regulation, shoe[], min_bet, max_bet?, seated?, overrides?
    start   level="table", regulation, shoes[][], after_cut, participants?, min_bet, max_bet?,
            special_max?, overrides?
    start   level="session", regulation, participants[], advance, min_bet, max_bet, seed,
            shoes[][], after_cut
    act     action, args{}                  (the actions of spec_engine.kit.driver)
    events                                  -> events[]
    legal                                   -> actions[]
    phase                                   -> phase
    state                                   -> state{}
    bye

A reply is ``{"id": n, "ok": true, ...}`` or ``{"id": n, "ok": false, "error": {"code",
"message", "clauses"?, "rule"?, "field"?}}`` with ``code`` one of ``rule_violation`` (the
clause ids the implementation cites), ``input_error`` (the field at fault),
``unsupported`` (the implementation does not offer this level, regulation or action) or
``internal``.

:func:`serve` runs a driver behind the protocol (``python -m spec_engine.kit.adapter`` serves
the engine); :class:`ProtocolDriver` is the other end: a :class:`~spec_engine.kit.driver.Driver`
that talks to any program speaking the protocol, so the same scenarios check it.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import time
from collections.abc import Mapping, Sequence
from typing import IO, Any

from spec_engine.errors import InputError
from spec_engine.kit.driver import TABLE_ACTIONS, Driver, EngineDriver, Refusal
from spec_engine.overrides import rule_value

PROTOCOL_VERSION = "1.0"
ERROR_CODES = ("rule_violation", "input_error", "unsupported", "internal")
ACTIONS = (
    "bet",
    "change_bet",
    "withdraw_bet",
    "deal",
    "insurance",
    "even_money",
    "close_insurance",
    "forget_insurance_call",
    "hit",
    "stand",
    "double",
    "split",
    "misdeal",
    "play_absent",
    *sorted(TABLE_ACTIONS),
)
MAX_LINE = 1 << 20
"""The longest reply line accepted (1 MiB); a longer one is garbage."""


# ------------------------------------------------------------------------------ the serving side
def handle(driver: Driver, request: Mapping[str, Any], info: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one request with ``driver``; ``info`` is the hello reply's description."""
    op = request.get("op")
    reply: dict[str, Any] = {"id": request.get("id"), "ok": True}
    try:
        if op == "hello":
            reply.update(info)
        elif op == "start":
            level = request.get("level", "round")
            fields = {k: v for k, v in request.items() if k not in ("id", "op", "level", "regulation")}
            if fields.get("overrides"):
                fields["overrides"] = {k: rule_value(k, v) for k, v in fields["overrides"].items()}
            if level == "round":
                driver.start(request["regulation"], **fields)
            elif level == "table":
                driver.start_table(request["regulation"], **fields)
            elif level == "session":
                driver.start_session(request["regulation"], **fields)
            else:
                raise Refusal("unsupported", f"no level {level!r}")
        elif op == "act":
            driver.act(request["action"], **dict(request.get("args") or {}))
        elif op == "events":
            reply["events"] = driver.events()
        elif op == "legal":
            reply["actions"] = driver.legal_actions()
        elif op == "phase":
            reply["phase"] = driver.phase()
        elif op == "state":
            reply["state"] = driver.state()
        elif op == "bye":
            pass
        else:
            raise Refusal("unsupported", f"no operation {op!r}")
    except Refusal as refusal:
        error: dict[str, Any] = {"code": refusal.code, "message": refusal.message}
        if refusal.clauses:
            error["clauses"] = list(refusal.clauses)
        if refusal.rule:
            error["rule"] = refusal.rule
        if refusal.field:
            error["field"] = refusal.field
        return {"id": request.get("id"), "ok": False, "error": error}
    except InputError as exc:
        error = {"code": "input_error", "message": str(exc), "field": exc.field}
        return {"id": request.get("id"), "ok": False, "error": {k: v for k, v in error.items() if v is not None}}
    except (KeyError, TypeError, ValueError) as exc:
        return {"id": request.get("id"), "ok": False, "error": {"code": "input_error", "message": str(exc)}}
    return reply


def serve(stdin: IO[str], stdout: IO[str], driver: Driver | None = None) -> None:
    """Answer requests line by line until ``bye`` or the end of input."""
    from spec_engine import __name__ as package

    engine = driver if driver is not None else EngineDriver()
    info = {
        "protocol": PROTOCOL_VERSION,
        "implementation": {"name": package, "version": "0.1.0", "language": "Python"},
        "regulations": ["CL", "ES", "UY", "CZ", "IT"],
        "levels": ["round", "table", "session"],
        "actions": list(ACTIONS),
    }
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("a request is a JSON object")
        except ValueError as exc:
            reply = {"id": None, "ok": False, "error": {"code": "input_error", "message": f"not a request: {exc}"}}
        else:
            reply = handle(engine, request, info)
        stdout.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
        stdout.flush()
        if reply.get("ok") and isinstance(request, dict) and request.get("op") == "bye":
            return


# ------------------------------------------------------------------------------ the calling side
class ImplementationError(Exception):
    """The implementation misbehaved (not a refusal): the scenario cannot be judged."""

    status = "ERROR"


class ImplementationCrash(ImplementationError):
    status = "CRASH"


class ImplementationTimeout(ImplementationError):
    status = "TIMEOUT"


class Unsupported(ImplementationError):
    status = "UNSUPPORTED"


def checked(reply: dict[str, Any]) -> dict[str, Any]:
    """A successful reply as it is; an error reply raised: a refusal as :class:`Refusal`,
    ``unsupported`` as :class:`Unsupported`, anything else as :class:`ImplementationError`."""
    if reply.get("ok"):
        return reply
    error = reply.get("error") or {}
    code = error.get("code")
    if code == "unsupported":
        raise Unsupported(str(error.get("message", "unsupported")))
    if code not in ("rule_violation", "input_error"):
        raise ImplementationError(f"error {code!r}: {error.get('message')}")
    raise Refusal(
        code,
        str(error.get("message", "")),
        clauses=tuple(error.get("clauses") or ()),
        rule=error.get("rule"),
        field=error.get("field"),
    )


class ProtocolDriver:
    """A :class:`~spec_engine.kit.driver.Driver` that runs another implementation as a child
    process (``command``: a command line, split without a shell) and speaks the protocol
    to it. The process is started on first use and restarted after it crashed, hung or
    spoke garbage; each request waits ``timeout`` seconds at most; the child's address
    space is limited to ``memory_mb``."""

    def __init__(self, command: str, *, timeout: float = 5.0, memory_mb: int = 1024) -> None:
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("an empty implementation command")
        self.timeout = timeout
        self.memory_mb = memory_mb
        self.proc: subprocess.Popen[bytes] | None = None
        self.info: dict[str, Any] = {}
        self.sent: list[dict[str, Any]] = []
        """Every request of the current scenario (reset by each ``start``), for reproductions."""
        self._next_id = 0
        self._buffer = b""
        self.starts = 0
        """How many times the process was started (a restart after a crash counts)."""

    # -- the child process
    def _limit(self) -> None:  # pragma: no cover - runs in the child
        import resource

        limit = self.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    def _spawn(self) -> None:
        self.close()
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                preexec_fn=self._limit if os.name == "posix" else None,
            )
        except OSError as exc:
            raise ImplementationCrash(f"cannot start {self.argv[0]!r}: {exc}") from exc
        self.starts += 1
        self._buffer = b""
        reply = self._call({"op": "hello", "protocol": PROTOCOL_VERSION}, record=False)
        if reply.get("protocol") != PROTOCOL_VERSION:
            self.close()
            raise Unsupported(f"the implementation speaks protocol {reply.get('protocol')!r}, not {PROTOCOL_VERSION}")
        self.info = reply

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write(b'{"id":0,"op":"bye"}\n')
                proc.stdin.flush()
                proc.wait(timeout=0.5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()

    def _readline(self, deadline: float) -> bytes:
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > MAX_LINE:
                    raise ImplementationError(f"a reply line longer than {MAX_LINE} bytes")
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise ImplementationTimeout(f"no reply within {self.timeout} s")
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise ImplementationCrash(f"the implementation exited (code {proc.wait()})")
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        if len(line) > MAX_LINE:
            raise ImplementationError(f"a reply line longer than {MAX_LINE} bytes")
        return line

    def _call(self, request: dict[str, Any], *, record: bool = True) -> dict[str, Any]:
        if self.proc is None or self.proc.poll() is not None:
            if self.proc is not None:
                self.proc = None
            self._spawn()
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        self._next_id += 1
        message = {"id": self._next_id, **request}
        if record:
            self.sent.append(request)
        try:
            proc.stdin.write((json.dumps(message, separators=(",", ":")) + "\n").encode())
            proc.stdin.flush()
            line = self._readline(time.monotonic() + self.timeout)
            try:
                reply = json.loads(line)
            except ValueError:
                raise ImplementationError(f"a reply that is not JSON: {line[:80]!r}") from None
            if not isinstance(reply, dict) or reply.get("id") != self._next_id:
                raise ImplementationError(f"a reply that does not answer request {self._next_id}: {line[:80]!r}")
        except (BrokenPipeError, ConnectionResetError) as exc:
            self.close()
            raise ImplementationCrash(f"the implementation stopped reading: {exc}") from exc
        except ImplementationError:
            self.close()
            raise
        return checked(reply)

    # -- the Driver interface
    def start(
        self,
        regulation: str,
        shoe: Sequence[str],
        *,
        min_bet: str = "1",
        max_bet: str | None = None,
        seated: Sequence[int] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        self.sent = []
        self._call(
            _drop_none(
                op="start",
                level="round",
                regulation=regulation,
                shoe=list(shoe),
                min_bet=min_bet,
                max_bet=max_bet,
                seated=None if seated is None else list(seated),
                overrides=_jsonable(overrides) if overrides else None,
            )
        )

    def start_table(
        self,
        regulation: str,
        shoes: Sequence[Sequence[str]],
        *,
        after_cut: bool = False,
        participants: int | None = None,
        min_bet: str = "1",
        max_bet: str | None = None,
        special_max: Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        self.sent = []
        self._call(
            _drop_none(
                op="start",
                level="table",
                regulation=regulation,
                shoes=[list(s) for s in shoes],
                after_cut=after_cut,
                participants=participants,
                min_bet=min_bet,
                max_bet=max_bet,
                special_max=dict(special_max) if special_max else None,
                overrides=_jsonable(overrides) if overrides else None,
            )
        )

    def start_session(
        self,
        regulation: str,
        participants: Sequence[str],
        *,
        advance: str,
        min_bet: str,
        max_bet: str,
        seed: int = 1,
        shoes: Sequence[Sequence[str]] = (),
        after_cut: bool = False,
    ) -> None:
        self.sent = []
        self._call(
            dict(
                op="start",
                level="session",
                regulation=regulation,
                participants=list(participants),
                advance=advance,
                min_bet=min_bet,
                max_bet=max_bet,
                seed=seed,
                shoes=[list(s) for s in shoes],
                after_cut=after_cut,
            )
        )

    def act(self, action: str, **args: Any) -> None:
        self._call({"op": "act", "action": action, "args": {k: v for k, v in args.items() if v is not None}})

    def events(self) -> list[dict[str, Any]]:
        return list(self._call({"op": "events"}, record=False).get("events", []))

    def legal_actions(self) -> list[dict[str, Any]]:
        return list(self._call({"op": "legal"}, record=False).get("actions", []))

    def phase(self) -> str:
        return str(self._call({"op": "phase"}, record=False).get("phase"))

    def state(self) -> dict[str, Any]:
        return dict(self._call({"op": "state"}, record=False).get("state", {}))


def _drop_none(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


def _jsonable(value: Any) -> Any:
    """Rule overrides and action arguments as JSON, in the rule-set files' notation: sets
    become sorted lists, ratios text, no value ``"none"``."""
    from fractions import Fraction

    if value is None:
        return "none"
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(_jsonable(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value
