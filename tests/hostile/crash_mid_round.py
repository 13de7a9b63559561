"""Answers like the engine for a few requests (argv[1], default 3, hello included), then dies."""

from __future__ import annotations

import json
import os
import sys

from spec_engine.kit.driver import EngineDriver
from spec_engine.kit.protocol import answer


def main() -> None:
    left = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    driver = EngineDriver({"name": "crash-mid-round", "version": "0", "language": "Python"})
    for line in sys.stdin:
        if left == 0:
            sys.stderr.write(f"crash-mid-round: no answer to {line.strip()[:60]}\n")  # what a lab would read
            sys.stderr.flush()
            os._exit(7)
        left -= 1
        request = json.loads(line)
        reply = answer(driver, request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if request.get("op") == "bye":
            break


if __name__ == "__main__":
    main()
