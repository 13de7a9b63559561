"""The engine's one error family.

Every refusal is a :class:`SpecError` (a :class:`ValueError`), in one of two kinds:

* :class:`RuleViolation`: the input is well formed but the regulation forbids it
  (double on 12 under the club's rules, a bet off the table limits, an action out of
  turn). It carries the clause ids that forbid it.
* :class:`InputError`: the input itself is malformed (an unknown card code, a rule-set
  file with a missing field, a box that does not exist). It names the field at fault.

A refusal says one whole sentence per action (:data:`REFUSED`: ``hit refused: {reason}``), so
that a language may say each its own way; the English is the text the engine has always written
(the conformance kit, the command line and the tests compare it).
"""

from __future__ import annotations

from collections.abc import Callable


def N_(message: str, /) -> str:
    """Marks ``message`` for the catalog, as :func:`spec_engine.i18n.N_` does (this module cannot
    import :mod:`spec_engine.i18n`, which imports it); the caller translates it at use."""
    return message


REFUSED: dict[str, str] = {
    # i18n: {reason} is the whole reason, a clause in lower case ("box 2 is out of turn: ...").
    "bet": N_("bet refused: {reason}"),
    "change_bet": N_("change_bet refused: {reason}"),
    "withdraw_bet": N_("withdraw_bet refused: {reason}"),
    "consent": N_("consent refused: {reason}"),
    "object": N_("object refused: {reason}"),
    "limits": N_("limits refused: {reason}"),
    "deal": N_("deal refused: {reason}"),
    "insurance": N_("insurance refused: {reason}"),
    "even_money": N_("even_money refused: {reason}"),
    "close_insurance": N_("close_insurance refused: {reason}"),
    "insurance_missed": N_("insurance_missed refused: {reason}"),
    "misdeal": N_("misdeal refused: {reason}"),
    "hit": N_("hit refused: {reason}"),
    "stand": N_("stand refused: {reason}"),
    "double": N_("double refused: {reason}"),
    "split": N_("split refused: {reason}"),
    "surrender": N_("surrender refused: {reason}"),
    "play_absent": N_("play_absent refused: {reason}"),
    "table": N_("table refused: {reason}"),
    "cut": N_("cut refused: {reason}"),
    "announce_closing": N_("announce_closing refused: {reason}"),
    "new_round": N_("new_round refused: {reason}"),
    "leave": N_("leave refused: {reason}"),
    "claim": N_("claim refused: {reason}"),
    "session": N_("session refused: {reason}"),
    "play_round": N_("play_round refused: {reason}"),
}
"""Each action's refusal as one sentence with its reason (a message of the catalog: the English
names the action as the engine and the protocol do)."""
REFUSED_OTHER = N_("{action} refused: {reason}")
"""The refusal of an action :data:`REFUSED` does not name (a caller's own)."""
NOT_STATED = N_("not stated; engine assumption '{rule}'")
"""What a refusal cites where no clause states the rule: the engine's assumption, by its name."""


def _english(message: str, /, **values: object) -> str:
    return message.format(**values)


class SpecError(ValueError):
    """Base of every error the engine raises on purpose."""


class InputError(SpecError):
    """Malformed input: names the file, field or value at fault."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        self.field = field
        super().__init__(message if field is None else f"{field}: {message}")


class CatalogMissing(InputError):
    """A language was asked for whose compiled catalog is not there (:mod:`spec_engine.i18n`
    raises it; it lives here, beside its base, because the compiled engine's error classes take
    no subclass from an uncompiled module)."""


class RuleViolation(SpecError):
    """An action the rule set forbids.

    ``clauses`` are the ids of the clauses that forbid it (empty only where the rule is
    ``not stated`` and the engine's assumption forbids it: then ``rule`` names that
    assumption). ``action`` is what was attempted and ``state`` a short summary of the
    table at that moment. ``translate`` (:func:`spec_engine.i18n._`, given by the engine's
    callers) says the refusal in the active language; without it, English.
    """

    def __init__(
        self,
        reason: str,
        *,
        clauses: tuple[str, ...],
        rule: str,
        action: str,
        state: str,
        translate: Callable[..., str] = _english,
    ) -> None:
        self.reason = reason
        self.clauses = clauses
        self.rule = rule
        self.action = action
        self.state = state
        message = REFUSED.get(action, REFUSED_OTHER)
        self.sentence = translate(message, action=action, reason=reason)
        """The refusal as one sentence, its action and its reason (``hit refused: ...``)."""
        cited = ", ".join(clauses) if clauses else translate(NOT_STATED, rule=rule)
        super().__init__(f"{self.sentence} [{cited}] ({state})")

    @property
    def clause(self) -> str | None:
        """The first clause cited, or ``None`` for an assumption."""
        return self.clauses[0] if self.clauses else None
