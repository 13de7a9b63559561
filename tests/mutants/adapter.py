"""A faulty engine behind the conformance protocol.

    python -m tests.mutants.adapter NAME
    python -m tests.mutants.adapter --plan FILE

Applies mutant ``NAME`` (see :mod:`tests.mutants.catalog`; ``none`` is the control, no
fault) inside this process, then answers JSON-lines requests on stdin exactly as
``python -m spec_engine.kit.adapter`` does. With ``--plan FILE``, each game (each ``start``)
plays the deviation (:mod:`tests.mutants.deviations`, at the protocol's edge) that ``FILE``
names at that moment, none where it names none: several deviations in one run.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# A mutant patches the engine's classes: the pure engine, in this process (a compiled class cannot
# be patched), chosen before the engine is first imported.
os.environ["BLACKJACK_SPEC_PURE"] = "1"

from spec_engine.kit.driver import DriverWrapper, EngineDriver, Reply
from spec_engine.kit.protocol import serve
from tests.mutants.catalog import MutantError, mutant
from tests.mutants.deviations import DEVIATIONS, Served


class Switching(DriverWrapper):
    """The engine, with the deviation the plan's file names at each start."""

    def __init__(self, current: Path) -> None:
        super().__init__(EngineDriver())
        self.current = current

    def request(self, message: Mapping[str, Any]) -> Reply:
        if message.get("op") == "start":
            name = self.current.read_text(encoding="utf-8").strip() if self.current.exists() else ""
            served = DEVIATIONS[name].apply if name else None
            self.inner = served.driver() if isinstance(served, Served) else EngineDriver()
        return self.inner.request(message)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 2 and args[0] == "--plan":
        serve(sys.stdin, sys.stdout, Switching(Path(args[1])))
        return 0
    if len(args) != 1:
        print("usage: python -m tests.mutants.adapter NAME", file=sys.stderr)
        return 2
    try:
        mutant(args[0]).apply()
    except MutantError as exc:
        print(f"mutant adapter: {exc}", file=sys.stderr)
        return 2
    serve(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
