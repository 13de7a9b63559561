"""The engine's one error family.

Every refusal is a :class:`SpecError` (a :class:`ValueError`), in one of two kinds:

* :class:`RuleViolation`: the input is well formed but the regulation forbids it
  (double on 12 under the club's rules, a bet off the table limits, an action out of
  turn). It carries the clause ids that forbid it.
* :class:`InputError`: the input itself is malformed (an unknown card code, a rule-set
  file with a missing field, a box that does not exist). It names the field at fault.
"""

from __future__ import annotations


class SpecError(ValueError):
    """Base of every error the engine raises on purpose."""


class InputError(SpecError):
    """Malformed input: names the file, field or value at fault."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        self.field = field
        super().__init__(message if field is None else f"{field}: {message}")


class RuleViolation(SpecError):
    """An action the rule set forbids.

    ``clauses`` are the ids of the clauses that forbid it (empty only where the rule is
    ``not stated`` and the engine's assumption forbids it: then ``rule`` names that
    assumption). ``action`` is what was attempted and ``state`` a short summary of the
    table at that moment.
    """

    def __init__(
        self,
        reason: str,
        *,
        clauses: tuple[str, ...],
        rule: str,
        action: str,
        state: str,
    ) -> None:
        self.reason = reason
        self.clauses = clauses
        self.rule = rule
        self.action = action
        self.state = state
        cited = ", ".join(clauses) if clauses else f"not stated; engine assumption '{rule}'"
        super().__init__(f"{action} refused: {reason} [{cited}] ({state})")

    @property
    def clause(self) -> str | None:
        """The first clause cited, or ``None`` for an assumption."""
        return self.clauses[0] if self.clauses else None
