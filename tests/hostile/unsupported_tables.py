"""The engine at the round level only: a table or a session start is ``unsupported``."""

from __future__ import annotations

import json
import sys

from spec_engine.kit.driver import EngineDriver
from spec_engine.kit.protocol import answer

driver = EngineDriver({"name": "rounds-only", "version": "0", "language": "Python"})
for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "start" and request.get("level", "round") != "round":
        reply = {"id": request["id"], "ok": False, "error": {"code": "unsupported", "message": "rounds only"}}
    else:
        reply = answer(driver, request)
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    if request.get("op") == "bye":
        break
