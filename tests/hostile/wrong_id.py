"""Answers like the engine, but with the id of another request."""

from __future__ import annotations

import json
import sys

from spec_engine.kit.driver import EngineDriver
from spec_engine.kit.protocol import answer

driver = EngineDriver({"name": "wrong-id", "version": "0", "language": "Python"})
for line in sys.stdin:
    request = json.loads(line)
    reply = answer(driver, request)
    if request.get("op") != "hello":  # the hello is answered right, the rest not
        reply["id"] = int(request.get("id") or 0) + 1000
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    if request.get("op") == "bye":
        break
