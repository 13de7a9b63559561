"""A careless implementation: the engine, but every reply to an action carries a field the
protocol's reply schema forbids (``additionalProperties: false``)."""

from __future__ import annotations

import sys
from typing import Any

from spec_engine.kit.driver import DriverWrapper, EngineDriver, Reply
from spec_engine.kit.protocol import serve


class ExtraField(DriverWrapper):
    def request(self, message: dict[str, Any]) -> Reply:
        reply = self.inner.request(message)
        if message.get("op") == "act" and reply.get("ok"):
            reply = {**reply, "elapsed_ms": 0}
        return reply


serve(sys.stdin, sys.stdout, ExtraField(EngineDriver()))
