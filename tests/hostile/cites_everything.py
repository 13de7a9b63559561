"""A sly implementation: the engine, but every refusal cites every clause of its regulation,
so that "the expected clause is among those cited" always holds."""

from __future__ import annotations

import sys
from typing import Any

from spec_engine.catalog import regulation
from spec_engine.kit.driver import DriverWrapper, EngineDriver, Reply
from spec_engine.kit.protocol import serve


class CitesEverything(DriverWrapper):
    regulation = "UY"

    def request(self, message: dict[str, Any]) -> Reply:
        if message.get("op") == "start":
            self.regulation = str(message.get("regulation", "UY")).upper()
        reply = self.inner.request(message)
        error = reply.get("error")
        if isinstance(error, dict) and error.get("code") == "rule_violation":
            error["clauses"] = [c.id for c in regulation(self.regulation).clauses]
        return reply


serve(sys.stdin, sys.stdout, CitesEverything(EngineDriver()))
