"""The figures of a rule set whose text leaves some rules to the house (house options,
:attr:`~spec_engine.rules.RuleSet.house_options`): the player's return under each combination of
the house's choices, and their range, for a page to show "from -0.62% to -0.41%".

Each combination is the rule set with that choice (:meth:`~spec_engine.rules.RuleSet.choose`),
analysed as any rule set (:func:`~spec_engine.analysis.odds.odds`, or the cache's
:func:`~spec_engine.analysis.odds.cached_odds`); combinations that differ only in rules the figures
do not depend on share one analysis (the same :func:`~spec_engine.analysis.model.odds_key`). A rule
set with no house option has one combination, its own.

(A module of its own, outside the analysis code the cache key hashes: adding it changes no key.)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from spec_engine.analysis.model import odds_key
from spec_engine.analysis.odds import Odds, odds
from spec_engine.rules import RULE_FIELDS, RuleSet


@dataclass(frozen=True, slots=True)
class ChoiceOdds:
    """The figures under one combination of the house's choices."""

    choice: Mapping[str, Any]
    """The value chosen for each house option, by rule (in the rules' order)."""
    basic_percent: float
    """The player's expected return per initial unit under basic strategy, in percent."""
    composition_percent: float
    """The same under composition-dependent strategy."""


@dataclass(frozen=True, slots=True)
class HouseOdds:
    """The figures of every combination of the house's choices (in the order of the options, the
    rules' order, the first rule slowest), and their range."""

    choices: tuple[ChoiceOdds, ...]

    @property
    def basic_range(self) -> tuple[float, float]:
        """The least and the greatest return under basic strategy (equal where nothing the house
        chooses moves the figures)."""
        figures = [c.basic_percent for c in self.choices]
        return min(figures), max(figures)

    @property
    def composition_range(self) -> tuple[float, float]:
        """The same under composition-dependent strategy."""
        figures = [c.composition_percent for c in self.choices]
        return min(figures), max(figures)


def house_combinations(rules: RuleSet) -> tuple[dict[str, Any], ...]:
    """Every combination of the house's choices: one dict of rule -> value per combination (one
    empty dict where the text leaves nothing to the house)."""
    names = [f.name for f in RULE_FIELDS if f.name in rules.house_options]
    return tuple(dict(zip(names, values, strict=True)) for values in itertools.product(*map(rules.options, names)))


def house_odds(rules: RuleSet, figures: Callable[[RuleSet], Odds] = odds) -> HouseOdds:
    """The player's return under each combination of the house's choices (:class:`HouseOdds`),
    each by ``figures`` (:func:`~spec_engine.analysis.odds.odds`; ``cached_odds`` to keep them). A
    combination the analysis cannot compute is refused as :func:`odds` refuses it."""
    found: dict[str, Odds] = {}
    out = []
    for choice in house_combinations(rules):
        chosen = rules.choose(**choice)
        key = odds_key(chosen)
        if key not in found:
            found[key] = figures(chosen)
        made = found[key]
        out.append(ChoiceOdds(choice, made.basic_strategy.ev_percent, made.composition_dependent.ev_percent))
    return HouseOdds(tuple(out))
