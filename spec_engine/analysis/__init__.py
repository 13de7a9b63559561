"""The analysis room: the exact odds of a rule set, by combinatorial analysis of the shoe.

An optional extra (``pip install blackjack-spec[analysis]``: numpy). It reads rule sets from
the engine (``spec_engine.rules``) and never asks which regulation it studies; the engine,
the kit and the command line's other commands never import it.

>>> from spec_engine.rules import ruleset
>>> from spec_engine.analysis import odds
>>> figures = odds(ruleset("UY"))  # doctest: +SKIP
>>> figures.basic_strategy.ev_percent, figures.strategy.render()  # doctest: +SKIP

Probabilities and expected returns are floats (see :mod:`spec_engine.analysis.odds`).
"""

from __future__ import annotations

from spec_engine.analysis.house import ChoiceOdds, HouseOdds, house_combinations, house_odds
from spec_engine.analysis.model import IRRELEVANT, USED, not_honoured, odds_key
from spec_engine.analysis.odds import (
    LEGEND,
    METHOD,
    SURRENDER_CODES,
    Figures,
    Insurance,
    Odds,
    Strategy,
    cached_odds,
    default_cache_dir,
    odds,
)

__all__ = [
    "IRRELEVANT",
    "LEGEND",
    "METHOD",
    "SURRENDER_CODES",
    "USED",
    "ChoiceOdds",
    "Figures",
    "HouseOdds",
    "Insurance",
    "Odds",
    "Strategy",
    "cached_odds",
    "default_cache_dir",
    "house_combinations",
    "house_odds",
    "not_honoured",
    "odds",
    "odds_key",
]
