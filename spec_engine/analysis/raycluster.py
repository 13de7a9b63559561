"""Running a simulation's chunks on a Ray cluster (the optional ``ray`` extra).

``run_on_ray(jobs, address)`` connects to the cluster at ``address`` (``ray://host:10001``,
``host:6379`` or ``auto``), or starts a local instance for ``"local"``, sends each chunk of
:mod:`spec_engine.analysis.simulate` as one task and yields the results as they finish. A
chunk's rounds depend only on the run's seed and the chunk's number, so the sums are the
same as on one machine.

A lab's own cluster: install ``blackjack-spec[analysis,ray]`` on every node (the same
versions), start the head (``ray start --head``) and the workers (``ray start
--address=HEAD:6379``), then ``blackjack-spec simulate UY --rounds 1000000000 --ray
HEAD:6379 --out uy.jsonl`` from any node; rerun the same command to resume. A head started so
asks for its authentication token: set ``RAY_AUTH_MODE=token`` where the command runs, with the
head's token (``~/.ray/auth_token`` on the head; ``RAY_AUTH_TOKEN`` or ``RAY_AUTH_TOKEN_PATH``).

**Quiet, and quick to fail.** Ray's own messages (its core writes them straight to the
process's standard error while it connects and shuts down) go to a file that is thrown away;
what went wrong is said in one line. An address is first tried here, in a few seconds: a TCP
connection, then the first words of the gRPC (HTTP/2) exchange a Ray head answers; and Ray is
told to try the connection once, for seconds rather than minutes (:data:`QUICK_CONNECTION`).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

RAY_MISSING = (
    "the Ray runner needs the ray extra: pip install blackjack-spec[ray] "
    "(in a checkout: pip install -e .[analysis,ray])"
)

PROBE_SECONDS = 3.0
"""How long the address is tried here before Ray is asked to connect."""

QUICK_CONNECTION = {
    "RAY_gcs_server_port_wait_time_s": "1",
    "RAY_py_gcs_connect_timeout_s": "3",
    "RAY_gcs_rpc_server_connect_timeout_s": "3",
}
"""Ray's settings for a connection to a cluster's address, unless set already: one try (Ray's
default is 20, a second apart, for a head that is restarting), of 3 seconds for each step
(Ray's: 5 and 30; a head answers in milliseconds). Ray's core reads the last two as it loads:
they apply where this module is the first to import Ray in the process (the command line)."""

HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes.fromhex("000000040000000000")
"""What a gRPC client sends first (the HTTP/2 preface and an empty SETTINGS frame): a Ray head
answers with a SETTINGS frame of its own."""


def missing() -> str | None:
    """Why the Ray runner cannot run here (one line), or None."""
    try:
        found = importlib.util.find_spec("ray")
    except (ImportError, ValueError):
        found = None
    return RAY_MISSING if found is None else None


def unreachable(address: str, timeout: float = PROBE_SECONDS) -> str | None:
    """Why the cluster at ``address`` cannot be reached (one line), or None: a TCP connection
    to its host and port, tried for ``timeout`` seconds (Ray itself retries for minutes), then
    the HTTP/2 exchange every gRPC server answers (skipped when Ray is told to use TLS).
    ``local`` and ``auto`` are not checked."""
    if address in ("local", "auto"):
        return None
    hostport = address.split("://", 1)[-1].rstrip("/")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit():
        return "not HOST:PORT, ray://HOST:PORT, auto or local"
    tls = os.environ.get("RAY_USE_TLS", "").lower() in ("1", "true")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout) as connection:
            if tls:
                return None
            connection.sendall(HTTP2_PREFACE)
            first = connection.recv(9)
    except TimeoutError:
        return f"no Ray cluster answers at {hostport} within {timeout:g} seconds"
    except OSError as exc:
        return f"cannot reach the Ray cluster: {exc.strerror or exc}"
    if len(first) < 4 or first[3] != 0x04:  # the answer's first frame is no SETTINGS frame
        return (
            f"{hostport} answers, but not as a Ray cluster "
            "(a head's port is 6379 unless ray start --port named another)"
        )
    return None


@contextmanager
def _ray_quiet() -> Iterator[None]:
    """Ray's messages to standard error, its core's included (they are written to the file
    descriptor, not through Python), go to a temporary file that is thrown away."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                sys.stderr.flush()
                os.dup2(saved, 2)
    finally:
        os.close(saved)


@contextmanager
def _environment(values: dict[str, str]) -> Iterator[None]:
    """``values`` in the environment (each unless set already), as they were afterwards."""
    added = [name for name in values if name not in os.environ]
    os.environ.update({name: values[name] for name in added})
    try:
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)


def _why(exc: BaseException) -> str:
    """Ray's reason for a failed connection, in one line: the last line of the innermost
    exception that has one (Ray wraps its own in a ConnectionError of no detail)."""
    reasons = []
    while exc is not None:
        lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
        if lines:
            reasons.append(lines[-1])
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    reason = reasons[-1] if reasons else "no reason given"
    if "InvalidAuthToken" in reason or "Unauthenticated" in reason:
        return (
            "the cluster asks for its authentication token: set RAY_AUTH_MODE=token here, with the head's "
            "token (~/.ray/auth_token on the head, or RAY_AUTH_TOKEN)"
        )
    return reason.removeprefix("ray.exceptions.").rstrip(": ")


def connect(address: str, workers: int) -> bool:
    """Start a local Ray instance (``local``: ``workers`` CPUs) or connect to the cluster at
    ``address``, quietly; False if this process is connected already. ConnectionError (one
    line) if it cannot be done."""
    quick = {} if address == "local" else QUICK_CONNECTION
    with _environment(quick):  # (Ray's core reads its settings as it loads)
        import ray
    if ray.is_initialized():
        return False
    why = unreachable(address)
    if why is not None:
        raise ConnectionError(why)
    try:
        with _ray_quiet(), _environment(quick):
            if address == "local":
                ray.init(
                    num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR
                )
            else:
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
    except Exception as exc:  # whatever Ray raises (ConnectionError, RuntimeError, ValueError...)
        with _ray_quiet():
            ray.shutdown()
        if address == "local":
            raise ConnectionError(f"Ray could not start here: {_why(exc)}") from exc
        raise ConnectionError(f"Ray could not connect: {_why(exc)}") from exc
    return True


def run_on_ray(
    task: Callable[..., Any], jobs: Sequence[tuple[Any, ...]], address: str, workers: int = 2
) -> Iterator[Any]:
    """Yield ``task(*job)`` for each job, run as Ray tasks (in the order they finish), on the
    cluster this process is connected to, else on the one :func:`connect` reaches."""
    why = missing()
    if why is not None:
        raise RuntimeError(why)
    started = connect(address, workers)
    import ray

    try:
        remote = ray.remote(task)
        pending = [remote.remote(*job) for job in jobs]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield ray.get(ready[0])
    finally:
        if started:
            with _ray_quiet():
                ray.shutdown()
