"""A plausible but wrong implementation: the engine paying a blackjack 6 to 5 everywhere."""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from spec_engine.kit.driver import EngineDriver
from spec_engine.kit.protocol import serve


class SixToFive(EngineDriver):
    def start(self, regulation: str, shoe: Any, **fields: Any) -> None:
        fields["overrides"] = {**(fields.get("overrides") or {}), "blackjack_payout": Fraction(6, 5)}
        super().start(regulation, shoe, **fields)


serve(sys.stdin, sys.stdout, SixToFive())
