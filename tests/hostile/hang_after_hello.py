"""Answers hello at once (in the version the kit speaks, importing nothing, so that even a
loaded machine starts it well within the timeout), then never answers again (and never reads)."""

from __future__ import annotations

import json
import sys
import time

request = json.loads(sys.stdin.readline())
hello = {
    "id": request.get("id"),
    "ok": True,
    "protocol": request.get("protocol"),
    "implementation": {"name": "hangs", "version": "0"},
    "regulations": ["UY"],
    "levels": ["round", "table", "session"],
    "actions": ["bet", "deal", "hit", "stand"],
}
sys.stdout.write(json.dumps(hello) + "\n")
sys.stdout.flush()
while True:
    time.sleep(60)
