"""Speaks protocol 2.0 (an older major version than the kit's): says so to every request, in a
valid hello (and leaves when told ``bye``)."""

import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    reply = {
        "id": request.get("id"),
        "ok": True,
        "protocol": "2.0",
        "implementation": {"name": "future", "version": "9"},
        "regulations": ["UY"],
        "levels": ["round"],
        "actions": [],
    }
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    if request.get("op") == "bye":
        break
