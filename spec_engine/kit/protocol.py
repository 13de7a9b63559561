"""The conformance protocol: JSON lines over an implementation's stdin and stdout.

One request a line, one reply a line, in order, each with an ``id`` (a number the reply
echoes); the messages themselves are those of the driver seam (:mod:`spec_engine.kit.driver`).
Version ``1.0``. Cards, money and events use the engine's notations (``AS``; ``"22.5"``; the
vocabulary of :mod:`spec_engine.events`). The schemas of every message are in
``data/protocol/``; ``docs/protocol.md`` explains them.

:func:`serve` answers requests line by line with any driver (``python -m
spec_engine.kit.adapter`` serves the engine); :class:`ProtocolDriver` is the other end: a
driver that sends each request to a program speaking the protocol, so the same scenarios
check it.
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from typing import IO, Any, NoReturn

from spec_engine.kit.driver import (
    PROTOCOL_VERSION,
    Driver,
    EngineDriver,
    ImplementationCrash,
    ImplementationError,
    ImplementationTimeout,
    Reply,
    Request,
    Unsupported,
)
from spec_engine.kit.versions import compatibility

MAX_LINE = 1 << 20
"""The longest reply line accepted (1 MiB); a longer one is garbage."""

PASSED_ON = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERM")
"""What an implementation inherits from the environment it is run from (and every ``LC_*``):
enough to find programs and to run, nothing of the kit's (no ``PYTHONPATH``, no
``BLACKJACK_SPEC_*``); anything else is given with ``--env NAME=VALUE``."""


def implementation_environment(base: Mapping[str, str], extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment an implementation starts with: :data:`PASSED_ON` from ``base``, the
    kit's own virtualenv taken off ``PATH`` (a ``python`` found there would import the
    reference engine), then ``extra``."""
    env = {k: v for k, v in base.items() if k in PASSED_ON or k.startswith("LC_")}
    if sys.prefix != sys.base_prefix and "PATH" in env:
        own = os.path.realpath(os.path.join(sys.prefix, "bin"))
        env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if os.path.realpath(p) != own)
    env.update(extra or {})
    return env


class OneLineParser(argparse.ArgumentParser):
    """Bad options are refused in one line, naming the option (``--help`` shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def program_problem(command: str) -> str | None:
    """Why ``command`` (``--impl``) cannot start an implementation, in one sentence; ``None``
    when it can. It is split as a shell would, without one; its program must be a path that
    can be run or a command on the ``PATH`` an implementation gets
    (:func:`implementation_environment`): a folder, a file that may not be executed and a
    program found only outside that ``PATH`` are each said as such."""
    try:
        words = shlex.split(command)
    except ValueError as exc:
        return str(exc)
    if not words:
        return "the implementation's command line is empty"
    program = words[0]
    path = implementation_environment(os.environ).get("PATH", "")
    found = program
    if "/" in program and not os.path.exists(program):
        return f"no such program {program!r}: nothing is at that path"
    if "/" not in program:
        listed = [os.path.join(d, program) for d in path.split(os.pathsep) if d]
        on_path = shutil.which(program, path=path) or next((f for f in listed if os.path.isfile(f)), None)
        if on_path is None and os.path.isfile(program):
            return f"no program {program!r} on the implementation's PATH, but a file of that name here: ./{program}"
        if on_path is None:
            return (
                f"no such program {program!r} on the implementation's PATH (the kit's own virtualenv is not on it: "
                "name a program by its path)"
            )
        found = on_path
    if os.path.isdir(found):
        return f"{program!r} is a folder, not a program: name the program inside it"
    if not os.access(found, os.X_OK):
        return (
            f"{program!r} is a file that may not be executed: make it executable (chmod +x), or name "
            'its interpreter first ("python3 mybj.py")'
        )
    return None


# ------------------------------------------------------------------------------ the serving side
def answer(driver: Driver, request: Mapping[str, Any]) -> dict[str, Any]:
    """The reply line to one request line: ``driver``'s reply with the request's ``id``."""
    reply = driver.request({k: v for k, v in request.items() if k != "id"})
    return {"id": request.get("id"), **reply}


def serve(stdin: IO[str], stdout: IO[str], driver: Driver | None = None) -> None:
    """Answer requests line by line until ``bye`` or the end of input."""
    engine = driver if driver is not None else EngineDriver()
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
            reply = answer(engine, request)
        stdout.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
        stdout.flush()
        if reply.get("ok") and isinstance(request, dict) and request.get("op") == "bye":
            return


# ------------------------------------------------------------------------------ the calling side
def hello_problems(reply: Mapping[str, Any]) -> list[str]:
    """What a ``hello`` reply lacks of its required shape (the standard library's check; the
    suite checks every reply, this one included, against the JSON Schemas)."""
    out = []
    if reply.get("ok") is not True:
        error = reply.get("error")
        said = error.get("message") if isinstance(error, dict) else None
        return [f"hello was not answered ok{f': {said}' if said else ''}"]
    if not isinstance(reply.get("protocol"), str):
        out.append("protocol: a string such as '3.0' is required")
    impl = reply.get("implementation")
    if not isinstance(impl, dict) or not isinstance(impl.get("name"), str) or not isinstance(impl.get("version"), str):
        out.append("implementation: an object with the strings name and version is required")
    for name in ("regulations", "levels", "actions"):
        if not isinstance(reply.get(name), list):
            out.append(f"{name}: a list is required")
    return out


class ProtocolDriver:
    """A :class:`~spec_engine.kit.driver.Driver` that runs another implementation as a child
    process (``command``: a command line, split without a shell) and speaks the protocol
    to it. The process is started on first use and restarted after it crashed, hung or
    spoke garbage; each request waits ``timeout`` seconds at most; the child's address
    space is limited to ``memory_mb``."""

    def __init__(
        self,
        command: str,
        *,
        timeout: float = 5.0,
        memory_mb: int = 1024,
        env: Mapping[str, str] | None = None,
        check_hello: Callable[[dict[str, Any]], list[str]] | None = None,
    ) -> None:
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("an empty implementation command")
        self.timeout = timeout
        self.memory_mb = memory_mb
        self.env = dict(env) if env is not None else implementation_environment(os.environ)
        """The implementation's whole environment (:func:`implementation_environment`)."""
        self.check_hello = check_hello
        """Problems with a ``hello`` reply's shape (the suite checks it against the schemas)."""
        self.proc: subprocess.Popen[bytes] | None = None
        self.info: dict[str, Any] = {}
        self.sent: list[dict[str, Any]] = []
        """Every request of the current scenario, queries included (reset by each ``start``),
        for reproductions."""
        self.times: list[float] = []
        """The milliseconds each request of the current scenario took to be answered, queries
        included (from the request written to its reply read; a process launch is not in it)."""
        self._stderr = tempfile.TemporaryFile()  # (lives as long as the driver)
        """What the process (every process started) wrote to stderr, appended in one file."""
        self._stderr_mark = 0
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
                stderr=self._stderr,
                env=self.env,
                preexec_fn=self._limit if os.name == "posix" else None,
            )
        except OSError as exc:
            raise ImplementationCrash(f"cannot start {self.argv[0]!r}: {exc}") from exc
        self.starts += 1
        self._buffer = b""
        try:
            reply = self._call({"op": "hello", "protocol": PROTOCOL_VERSION}, record=False)
        except ImplementationError as exc:  # said as the hello it is, not as the request that started it
            if self.starts == 1:
                missed = type(exc)(f"the implementation missed its first hello: {exc}")
            else:
                missed = type(exc)(f"the implementation, started again (start {self.starts}), missed its hello: {exc}")
            missed.at_hello = True
            raise missed from exc
        problems = self.check_hello({**reply, "id": 0}) if self.check_hello else hello_problems(reply)
        if problems:
            self.close()
            raise ImplementationError(f"a hello reply that breaks the protocol: {problems[0]}")
        self.info = reply
        judged = compatibility(reply.get("protocol"))
        if not judged.compatible:
            self.close()
            raise Unsupported(judged.summary)

    def stderr(self, limit: int = 8000) -> str:
        """What the implementation wrote to stderr since the current scenario's ``start`` (its
        last ``limit`` characters: the end of a traceback is where it says what broke)."""
        end = os.fstat(self._stderr.fileno()).st_size
        begin = max(self._stderr_mark, end - 4 * limit)
        text = os.pread(self._stderr.fileno(), end - begin, begin).decode("utf-8", errors="replace")
        return text[-limit:]

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

    def _call(self, request: dict[str, Any], *, record: bool = True, timed: bool = False) -> dict[str, Any]:
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
            sent_at = time.monotonic()
            proc.stdin.write((json.dumps(message, separators=(",", ":")) + "\n").encode())
            proc.stdin.flush()
            line = self._readline(sent_at + self.timeout)
            if timed:  # (from the request written to its reply read: a start's process launch is not in it)
                self.times.append((time.monotonic() - sent_at) * 1000)
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
        return reply

    # -- the Driver interface
    def request(self, message: Request) -> Reply:
        """Send one request; its reply without the ``id``. A ``start`` begins a new list of
        :attr:`sent` requests, queries included (a reproduction replays them all, in order: a
        query may be what an implementation breaks on)."""
        if message.get("op") == "start":
            self.sent = []
            self.times = []
            self._stderr_mark = os.fstat(self._stderr.fileno()).st_size
        reply = self._call(dict(message), timed=True)
        return {k: v for k, v in reply.items() if k != "id"}
