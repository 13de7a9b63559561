"""Answers like the engine in its first two processes (the kit's first hello, then the
scenarios' process, which dies after a few requests: argv[2]); every process started after
that never answers its hello. ``argv[1]`` is a file counting the processes started."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from spec_engine.kit.driver import EngineDriver
from spec_engine.kit.protocol import answer


def main() -> None:
    counter = Path(sys.argv[1])
    started = int(counter.read_text() or "0") + 1 if counter.exists() else 1
    counter.write_text(str(started))
    if started > 2:
        time.sleep(60)  # under load: no hello in time
        return
    left = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    driver = EngineDriver({"name": "late-hello", "version": "0", "language": "Python"})
    for line in sys.stdin:
        if started == 2 and left == 0:
            os._exit(7)
        left -= 1
        request = json.loads(line)
        sys.stdout.write(json.dumps(answer(driver, request)) + "\n")
        sys.stdout.flush()
        if request.get("op") == "bye":
            break


if __name__ == "__main__":
    main()
