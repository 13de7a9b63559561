"""Running a simulation's chunks on a Ray cluster (the optional ``ray`` extra).

``run_on_ray(jobs, address)`` connects to the cluster at ``address`` (``ray://host:10001``,
``host:6379`` or ``auto``), or starts a local instance for ``"local"``, sends each chunk of
:mod:`spec_engine.analysis.simulate` as one task and yields the results as they finish. A
chunk's rounds depend only on the run's seed and the chunk's number, so the sums are the
same as on one machine.

A lab's own cluster: install ``blackjack-spec[analysis,ray]`` on every node (the same
versions), start the head (``ray start --head``) and the workers (``ray start
--address=HEAD:6379``), then ``blackjack-spec simulate UY --rounds 1000000000 --ray
HEAD:6379 --out uy.jsonl`` from any node; rerun the same command to resume.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any


def unreachable(address: str, timeout: float = 3.0) -> str | None:
    """Why the cluster at ``address`` cannot be reached (one line), or None: a TCP connection
    to its host and port, tried for ``timeout`` seconds (Ray itself retries for minutes).
    ``local`` and ``auto`` are not checked."""
    if address in ("local", "auto"):
        return None
    hostport = address.split("://", 1)[-1].rstrip("/")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit():
        return f"{address!r} is not HOST:PORT, ray://HOST:PORT, auto or local"
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            return None
    except OSError as exc:
        return f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}"


def run_on_ray(
    task: Callable[..., Any], jobs: Sequence[tuple[Any, ...]], address: str, workers: int = 2
) -> Iterator[Any]:
    """Yield ``task(*job)`` for each job, run as Ray tasks (in the order they finish)."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise RuntimeError("the Ray runner needs the ray extra: pip install blackjack-spec[ray]") from exc
    started = not ray.is_initialized()
    if started:
        if address == "local":
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
        else:
            why = unreachable(address)
            if why is not None:
                raise ConnectionError(why)
            ray.init(address=address, log_to_driver=False)
    try:
        remote = ray.remote(task)
        pending = [remote.remote(*job) for job in jobs]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield ray.get(ready[0])
    finally:
        if started:
            ray.shutdown()
