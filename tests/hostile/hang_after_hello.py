"""Answers hello like the engine, then never answers again (and never reads)."""

from __future__ import annotations

import json
import sys
import time

from spec_engine.kit.driver import EngineDriver
from spec_engine.kit.protocol import answer

request = json.loads(sys.stdin.readline())
sys.stdout.write(json.dumps(answer(EngineDriver({"name": "hangs", "version": "0"}), request)) + "\n")
sys.stdout.flush()
while True:
    time.sleep(60)
