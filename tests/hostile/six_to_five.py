"""A plausible but wrong implementation: the engine paying a blackjack 6 to 5 everywhere."""

from __future__ import annotations

import sys
from fractions import Fraction

from spec_engine.catalog import REGULATION_IDS
from spec_engine.kit.driver import EngineDriver, OverridingDriver
from spec_engine.kit.protocol import serve

six_to_five = {reg: {"blackjack_payout": Fraction(6, 5)} for reg in REGULATION_IDS}
serve(sys.stdin, sys.stdout, OverridingDriver(EngineDriver(), six_to_five))
