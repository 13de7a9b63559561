"""The smallest valid implementation (as docs/labs.md shows it): it says hello and answers
unsupported to everything else. With the argument ``all`` its hello claims every
regulation and every level; without, nothing."""

import json
import sys

from spec_engine.catalog import REGULATION_IDS

CLAIMS = sys.argv[1:] == ["all"]
for line in sys.stdin:
    request = json.loads(line)
    op = request.get("op")
    if op == "hello":
        reply = {
            "ok": True,
            "protocol": request.get("protocol"),  # (a test double: it speaks the version the kit asks)
            "implementation": {"name": "nothing", "version": "0.1"},
            "regulations": list(REGULATION_IDS) if CLAIMS else [],
            "levels": ["round", "table", "session"] if CLAIMS else [],
            "actions": [],
        }
    elif op == "bye":
        reply = {"ok": True}
    else:
        reply = {"ok": False, "error": {"code": "unsupported", "message": f"no {op} yet"}}
    sys.stdout.write(json.dumps({"id": request.get("id"), **reply}) + "\n")
    sys.stdout.flush()
    if op == "bye":
        break
