"""A faulty engine behind the conformance protocol.

    python -m tests.mutants.adapter NAME

Applies mutant ``NAME`` (see :mod:`tests.mutants.catalog`; ``none`` is the control, no
fault) inside this process, then answers JSON-lines requests on stdin exactly as
``python -m spec_engine.kit.adapter`` does.
"""

from __future__ import annotations

import os
import sys

# A mutant patches the engine's classes: the pure engine, in this process (a compiled class cannot
# be patched), chosen before the engine is first imported.
os.environ["BLACKJACK_SPEC_PURE"] = "1"

from spec_engine.kit.protocol import serve
from tests.mutants.catalog import MutantError, mutant


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
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
