"""Writes its whole environment (one JSON line per process started) to the file named by its
argument, then says hello and answers unsupported to the rest: what an implementation sees."""

import json
import os
import sys

with open(sys.argv[1], "a", encoding="utf-8") as out:
    out.write(json.dumps(dict(os.environ), sort_keys=True) + "\n")
for line in sys.stdin:
    request = json.loads(line)
    op = request.get("op")
    if op == "hello":
        reply = {
            "ok": True,
            "protocol": request.get("protocol"),  # (a test double: it speaks the version the kit asks)
            "implementation": {"name": "env-dump", "version": "0"},
            "regulations": [],
            "levels": [],
            "actions": [],
        }
    elif op == "bye":
        reply = {"ok": True}
    else:
        reply = {"ok": False, "error": {"code": "unsupported", "message": "no"}}
    sys.stdout.write(json.dumps({"id": request.get("id"), **reply}) + "\n")
    sys.stdout.flush()
    if op == "bye":
        break
