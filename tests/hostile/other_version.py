"""Speaks protocol 2.0: says so to every request (and leaves when told ``bye``)."""

import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    reply = {
        "id": request.get("id"),
        "ok": True,
        "protocol": "2.0",
        "implementation": {"name": "future", "version": "9"},
    }
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    if request.get("op") == "bye":
        break
