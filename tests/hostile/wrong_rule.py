"""A careless implementation: the engine, but every refusal names the wrong rule (its clauses
stay right)."""

from __future__ import annotations

import sys
from typing import Any

from spec_engine.kit.driver import DriverWrapper, EngineDriver, Reply
from spec_engine.kit.protocol import serve


class WrongRule(DriverWrapper):
    def request(self, message: dict[str, Any]) -> Reply:
        reply = self.inner.request(message)
        error = reply.get("error")
        if isinstance(error, dict) and error.get("code") == "rule_violation":
            error["rule"] = "blackjack_payout" if error.get("rule") != "blackjack_payout" else "decks"
        return reply


serve(sys.stdin, sys.stdout, WrongRule(EngineDriver()))
