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
"in a" effects falls short of it by the interaction of the changes, which is reported as such,
and :meth:`Costing.interplay` says which other rules make a change worth more in one context
than in the other. A rule value that changes no figure of the return (only the insurance figures
or the banker's edge, say) is listed with what it changes; one that cannot change the odds at
all (:data:`~spec_engine.analysis.model.IRRELEVANT`) is counted apart.

A rule differs between ``a`` and ``b`` where their values differ
(:func:`~spec_engine.rules.difference`, the definition the rules compared share). Where either
value is one its text does not state (assumed), the difference rests on that assumption, not on
the texts: each effect says which side is assumed, and the comparison says how much of the
total rests on assumed values (:attr:`Comparison.on_assumptions`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from spec_engine.analysis.model import CUT_FIELDS, IRRELEVANT, USED, game_of
from spec_engine.analysis.odds import Odds, cached_odds
from spec_engine.rules import RULE_FIELDS, RULE_TOPICS, RuleSet, difference, topics_of

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
    a_assumed: bool = False
    """Whether ``a_value`` is one ``a``'s text does not state (the rule set's assumption)."""
    b_assumed: bool = False
    """Whether ``b_value`` is one ``b``'s text does not state."""

    @property
    def assumed(self) -> bool:
        """Whether the difference rests on an assumption: either value is not its text's."""
        return self.a_assumed or self.b_assumed

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
    other_assumed: tuple[str, ...] = ()
    """Those of ``other`` where either value is assumed (its text does not state it)."""
    on_assumptions: tuple[float, float] = (0.0, 0.0)
    """The change of every value that rests on an assumption (:attr:`RuleEffect.assumed`), all
    at once, within ``a`` and within ``b`` (percentage points; 0 where none moves the return)."""

    @property
    def total(self) -> float:
        """``b``'s return less ``a``'s, in percentage points."""
        return self.b_return - self.a_return

    @property
    def moving(self) -> tuple[RuleEffect, ...]:
        """The effects that change the player's return."""
        return tuple(e for e in self.effects if e.in_a is not None)

    @property
    def assumed_share(self) -> float:
        """How much of the total rests on values a text does not state: their change all at once,
        within ``a``. The rest of the total (:attr:`stated_share`) is what the values the texts
        state (or are read to say) change from there on, so the two add up to the total."""
        return self.on_assumptions[0]

    @property
    def stated_share(self) -> float:
        """The total less :attr:`assumed_share`: what rests on the texts alone."""
        return self.total - self.assumed_share

    @property
    def interaction(self) -> float:
        """The total less the sum of the changes measured in ``a``: what the changes are worth
        together beyond each alone."""
        return self.total - sum(e.in_a or 0.0 for e in self.effects)


TOPIC_ORDER: tuple[str, ...] = tuple(dict.fromkeys(RULE_TOPICS.values()))
"""The topics in the rules' order (the matrix's)."""


@dataclass(frozen=True, slots=True)
class TopicChange:
    """The rules of one topic that change the return between ``a`` and ``b``, changed all at
    once, within each (percentage points)."""

    topic: str
    fields: tuple[str, ...]
    in_a: float | None
    in_b: float | None


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
        other, other_assumed = [], []
        for f in RULE_FIELDS:
            name = f.name
            found = difference((a, b), name)
            if not found.sets_differ:
                continue
            va, vb = getattr(a, name), getattr(b, name)
            assumed = {"a_assumed": found.assumed[0], "b_assumed": found.assumed[1]}
            if name in CUT_FIELDS:
                effects.append(RuleEffect(name, va, vb, None, None, NOT_MODELLED, **assumed))
                continue
            if name in IRRELEVANT or name not in USED:
                other.append(name)
                if found.by_assumption:
                    other_assumed.append(name)
                continue
            in_a, in_b = self.joint(a, b, (name,))
            silent = RETURN_SILENT.get(name, "no figure of the return") if in_a is None else ""
            effects.append(RuleEffect(name, va, vb, in_a, in_b, silent, **assumed))
        resting = tuple(e.field for e in effects if e.assumed and e.in_a is not None)
        in_a, in_b = self.joint(a, b, resting) if resting else (None, None)
        return Comparison(
            a, b, a_return, b_return, tuple(effects), tuple(other), tuple(other_assumed), (in_a or 0.0, in_b or 0.0)
        )

    def topics(self, c: Comparison) -> tuple[TopicChange, ...]:
        """Each topic with more than one rule that changes the return, its rules changed all at
        once (a rule filed under two topics counts under both: split aces taking one card is
        doubling as well as splitting), in the topics' order."""
        out = []
        for topic in TOPIC_ORDER:
            fields = tuple(e.field for e in c.moving if topic in topics_of(e.field))
            if len(fields) > 1:
                out.append(TopicChange(topic, fields, *self.joint(c.a, c.b, fields)))
        return tuple(out)

    def interplay(self, c: Comparison, name: str) -> tuple[tuple[str, float], ...]:
        """Which other rules make the change of ``name`` worth more in one context than in the
        other: for each other rule that changes the return, how much more the change of
        ``name`` is worth within ``a`` when that rule alone takes ``b``'s value (percentage
        points), largest first. What they leave of the effect's interaction comes from
        several rules together."""
        effect = next(e for e in c.moving if e.field == name)
        out = []
        for other in c.moving:
            if other.field == name:
                continue
            context = dataclasses.replace(c.a, **{other.field: getattr(c.b, other.field)})
            worth = self.ret(dataclasses.replace(context, **{name: getattr(c.b, name)})) - self.ret(context)
            out.append((other.field, worth - (effect.in_a or 0.0)))
        return tuple(sorted(out, key=lambda item: -abs(item[1])))

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
