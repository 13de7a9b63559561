"""An implementation written for protocol 1.0: its hello says so (a valid hello otherwise)."""

import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "hello":
        reply = {
            "id": request.get("id"),
            "ok": True,
            "protocol": "1.0",
            "implementation": {"name": "old", "version": "1"},
            "regulations": ["UY"],
            "levels": ["round"],
            "actions": ["bet", "deal", "hit", "stand"],
        }
    else:
        reply = {"id": request.get("id"), "ok": False, "error": {"code": "unsupported", "message": "no"}}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    if request.get("op") == "bye":
        break
