"""The cost between two rule sets: per differing rule value, what it does to the player's
return, measured in each rule set's own context, and the total.

Probabilities and returns are floats (percentage points of the player's return per initial
unit, basic strategy, from :func:`~spec_engine.analysis.odds.cached_odds`).

For rule sets ``a`` and ``b`` and a rule value that differs between them:

* **in a**: the return of ``a`` with ``b``'s value, less the return of ``a`` (every other rule
  ``a``'s);
* **in b**: the return of ``b``, less the return of ``b`` with ``a``'s value (every other rule
  ``b``'s).

Both measure the change from ``a``'s value to ``b``'s; they differ when the rule interacts with
the other rules that differ (a resplit is worth more where more hands may be split). The total,
``b``'s return less ``a``'s, is the sum of the changes made one after another; the sum of the
"in a" effects falls short of it by the interaction of the changes, which is reported as such.
A rule value that changes no figure of the return (only the insurance figures or the banker's
edge, say) is listed with what it changes; one that cannot change the odds at all
(:data:`~spec_engine.analysis.model.IRRELEVANT`) is counted apart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from spec_engine.analysis.model import CUT_FIELDS, IRRELEVANT, USED, game_of
from spec_engine.analysis.odds import Odds, cached_odds
from spec_engine.rules import RULE_FIELDS, RuleSet

Figures = Callable[[RuleSet], Odds]

RETURN_SILENT = {
    "insurance_max": "the insurance figures",
    "insurance_payout": "the insurance figures",
    "insurance_base": "the insurance figures",
    "even_money": "the even-money figure",
    "banker_rotation": "the banker's edge (who takes the house's side)",
    "co_owned_bank": "the banker's edge (who shares the bank)",
}
"""Odds-relevant values that change no figure of the player's return under basic strategy,
and what they change instead (a test checks they leave the analysed game as it is)."""


@dataclass(frozen=True, slots=True)
class RuleEffect:
    """One differing rule value: ``a_value`` and ``b_value``, the change from one to the other
    in each context (percentage points; None where it changes no figure of the return), and
    what it changes instead (``elsewhere``)."""

    field: str
    a_value: object
    b_value: object
    in_a: float | None
    in_b: float | None
    elsewhere: str = ""

    @property
    def interaction(self) -> float | None:
        """How much more the change is worth in ``b``'s context than in ``a``'s."""
        if self.in_a is None or self.in_b is None:
            return None
        return self.in_b - self.in_a


@dataclass(frozen=True, slots=True)
class Comparison:
    """The cost between rule sets ``a`` and ``b`` (see the module's note)."""

    a: RuleSet
    b: RuleSet
    a_return: float
    b_return: float
    effects: tuple[RuleEffect, ...]
    other: tuple[str, ...]
    """The differing rule values that cannot change the odds (fields of :data:`IRRELEVANT`)."""

    @property
    def total(self) -> float:
        """``b``'s return less ``a``'s, in percentage points."""
        return self.b_return - self.a_return

    @property
    def interaction(self) -> float:
        """The total less the sum of the changes measured in ``a``: what the changes are worth
        together beyond each alone."""
        return self.total - sum(e.in_a or 0.0 for e in self.effects)


class Costing:
    """Compares rule sets, each distinct game's return computed once (``figures``: a rule
    set's odds; default the shared cache, :func:`~spec_engine.analysis.odds.cached_odds`)."""

    def __init__(self, figures: Figures | None = None) -> None:
        self.figures: Figures = figures or (lambda rules: cached_odds(rules))
        self._returns: dict[object, float] = {}

    def ret(self, rules: RuleSet) -> float:
        """The player's return under basic strategy (percent)."""
        key = game_of(rules)  # the game the return depends on: equal games, one computation
        if key not in self._returns:
            self._returns[key] = self.figures(rules).basic_strategy.ev_percent
        return self._returns[key]

    def compare(self, a: RuleSet, b: RuleSet) -> Comparison:
        """The cost between ``a`` and ``b`` (see the module's note)."""
        a_return, b_return = self.ret(a), self.ret(b)
        effects = []
        other = []
        for f in RULE_FIELDS:
            name = f.name
            va, vb = getattr(a, name), getattr(b, name)
            if repr(va) == repr(vb):
                continue
            if name in CUT_FIELDS:
                effects.append(RuleEffect(name, va, vb, None, None, NOT_MODELLED))
                continue
            if name in IRRELEVANT or name not in USED:
                other.append(name)
                continue
            in_a, in_b = self.joint(a, b, (name,))
            if in_a is None:
                effects.append(RuleEffect(name, va, vb, None, None, RETURN_SILENT.get(name, "no figure of the return")))
            else:
                effects.append(RuleEffect(name, va, vb, in_a, in_b))
        return Comparison(a, b, a_return, b_return, tuple(effects), tuple(other))

    def joint(self, a: RuleSet, b: RuleSet, fields: tuple[str, ...]) -> tuple[float | None, float | None]:
        """The change from ``a``'s values of ``fields`` to ``b``'s, all at once, in ``a``'s
        context and in ``b``'s; (None, None) when it changes no figure of the return."""
        a_with = dataclasses.replace(a, **{f: getattr(b, f) for f in fields})
        b_with = dataclasses.replace(b, **{f: getattr(a, f) for f in fields})
        if game_of(a_with) == game_of(a) and game_of(b_with) == game_of(b):
            return None, None
        return self.ret(a_with) - self.ret(a), self.ret(b) - self.ret(b_with)


NOT_MODELLED = "not modelled: the figures are for a round from a full shoe, wherever the cut card lies"


def compare(a: RuleSet, b: RuleSet, figures: Figures | None = None) -> Comparison:
    """The cost between ``a`` and ``b`` (:meth:`Costing.compare`)."""
    return Costing(figures).compare(a, b)
