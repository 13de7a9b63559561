"""The engine, but the query ``legal`` breaks: an ``internal`` error."""

from __future__ import annotations

import sys
from typing import Any

from spec_engine.kit.driver import DriverWrapper, EngineDriver, Reply
from spec_engine.kit.protocol import serve


class BrokenQuery(DriverWrapper):
    def request(self, message: dict[str, Any]) -> Reply:
        if message.get("op") == "legal":
            return {"ok": False, "error": {"code": "internal", "message": "legal is broken here"}}
        return self.inner.request(message)


serve(sys.stdin, sys.stdout, BrokenQuery(EngineDriver()))
