"""The reference adapter: the engine behind the conformance protocol.

    python -m spec_engine.kit.adapter

Reads JSON-lines requests on stdin and answers on stdout (see :mod:`spec_engine.kit.protocol`).
"""

from __future__ import annotations

import sys

from spec_engine.kit.protocol import serve


def main() -> None:
    serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
