"""What a rule set says that nothing here can honour is an error, whatever the command
(``check``, ``odds``, ``strategy``, ``cost``, ``simulate``, the site), never a silence.

Two registries, each with its reasons, between them covering every rule field:

- the engine's, :data:`spec_engine.game.UNHONOURED`: the values it cannot play (a rule set
  holding one is refused: there is no way to play the game it describes);
- the analysis's, :mod:`spec_engine.analysis.model`: every field is read (``USED``), cannot
  change the figures (``IRRELEVANT``, each with the reason) or is not modelled (the cut card's
  place; :func:`~spec_engine.analysis.model.not_honoured` reports those values with the reason
  on every figure), and a few values it cannot compute at all (``NOT_ANALYSABLE``: refused). A
  field in none of them (a new rule the analysis was never told about) is an error: the figures
  would silently ignore it.

:func:`problems` lists both kinds for a rule set; :func:`refuse` raises the first.
"""

from __future__ import annotations

from spec_engine.analysis.model import check_classification, not_analysable
from spec_engine.errors import InputError
from spec_engine.game import unhonoured
from spec_engine.rules import RuleSet


def problems(rules: RuleSet) -> list[tuple[str, str]]:
    """(field, why) for each value of ``rules`` the engine cannot play, and for each rule field
    the analysis neither reads nor gives a reason to leave out."""
    out = [(name, f"{rules.id}: {why}") for name, why in unhonoured(rules)]
    out += [(name, f"{rules.id}: {why}") for name, why in not_analysable(rules)]
    out += [
        (
            name,
            f"the analysis neither reads {name} nor says why it need not "
            "(spec_engine/analysis/model.py: USED, IRRELEVANT or not honoured, with the reason)",
        )
        for name in check_classification()
    ]
    return out


def refuse(rules: RuleSet) -> None:
    """Raise :class:`InputError` naming the first of :func:`problems`, if any."""
    found = problems(rules)
    if found:
        name, why = found[0]
        raise InputError(why, field=name)
