"""Answers like the engine, but with the id of another request."""

from __future__ import annotations

import json
import sys

from spec_engine.kit.driver import EngineDriver
from spec_engine.kit.protocol import PROTOCOL_VERSION, handle

INFO = {"protocol": PROTOCOL_VERSION, "implementation": {"name": "wrong-id", "version": "0", "language": "Python"}}

driver = EngineDriver()
for line in sys.stdin:
    request = json.loads(line)
    reply = handle(driver, request, INFO)
    if request.get("op") != "hello":  # the hello is answered right, the rest not
        reply["id"] = int(request.get("id") or 0) + 1000
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    if request.get("op") == "bye":
        break
