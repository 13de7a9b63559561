"""Rule values changed from outside: exploring "what if this rule were different?".

The environment variable ``BLACKJACK_SPEC_OVERRIDES`` holds JSON mapping a regulation to
the rule values to change, written as in the rule-set TOML files::

    BLACKJACK_SPEC_OVERRIDES='{"CL": {"double_totals": "none"}, "UY": {"blackjack_payout": "6/5"}}'

:func:`rule_value` converts one such value exactly as the rule-set loader does;
:func:`parse_overrides` validates a whole mapping. A changed value cites no clause
(:meth:`~spec_engine.rules.RuleSet.with_values`). The conformance kit's
:class:`~spec_engine.kit.driver.OverridingDriver` plays the scenarios with them.
:func:`with_hole_card` is the pages' own override: a house's hole card, chosen in a widget's
form or given in its address (``?hole_card=peek``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import InputError
from spec_engine.i18n import _
from spec_engine.rules import RULE_FIELDS, RuleSet, _value

ENV_VAR = "BLACKJACK_SPEC_OVERRIDES"
"""The environment variable read by :func:`from_env`."""

Overrides = dict[str, dict[str, Any]]
"""Regulation id -> rule name -> converted value."""

_FIELDS = {f.name: f for f in RULE_FIELDS}


def rule_value(name: str, raw: Any, *, where: str = "override") -> Any:
    """Convert ``raw`` (as written in a rule-set TOML file: ``"none"``, ``"3/2"``,
    ``[9, 10, 11]``, ``true``, ...) into rule ``name``'s value; :class:`InputError` if the
    rule is unknown or the value does not fit it."""
    spec = _FIELDS.get(name)
    if spec is None:
        raise InputError(f"unknown rule {name!r}", field=where)
    return _value(where, name, spec.metadata["kind"], spec.metadata["choices"], raw)


def parse_overrides(data: object, *, where: str = ENV_VAR) -> Overrides:
    """Validate ``{"CL": {"rule": raw value, ...}, ...}`` and convert its values."""
    if not isinstance(data, Mapping):
        raise InputError('expected a JSON object such as {"CL": {"double_totals": "none"}}', field=where)
    out: Overrides = {}
    for reg, changes in data.items():
        key = str(reg).upper()
        if key not in REGULATION_IDS:
            raise InputError(f"unknown regulation {reg!r}; known: {', '.join(REGULATION_IDS)}", field=where)
        if not isinstance(changes, Mapping):
            raise InputError(f"the changes for {key} must be an object of rule values", field=where)
        out[key] = {str(name): rule_value(str(name), raw, where=f"{where} [{key}]") for name, raw in changes.items()}
    return out


def from_env(environ: Mapping[str, str] | None = None) -> Overrides:
    """The overrides in ``BLACKJACK_SPEC_OVERRIDES`` (none when it is unset or empty)."""
    text = (os.environ if environ is None else environ).get(ENV_VAR, "").strip()
    if not text:
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc}", field=ENV_VAR) from exc
    return parse_overrides(data)


def to_env(changes: Mapping[str, Mapping[str, Any]]) -> str:
    """The JSON text for ``BLACKJACK_SPEC_OVERRIDES`` (raw TOML-style values), validated first."""
    parse_overrides(changes)
    return json.dumps({reg.upper(): dict(values) for reg, values in changes.items()}, ensure_ascii=False)


HOLE_CARDS: tuple[str, ...] = _FIELDS["hole_card"].metadata["choices"]
"""The values of rule ``hole_card`` (``none``: the five texts' own)."""


def with_hole_card(rules: RuleSet, raw: object) -> RuleSet:
    """``rules`` with the dealer's hole card a house chose (``none``, ``peek``, ``peek_ace``;
    empty: the rule set's own), as the pages' widgets take it from their form or address; an
    :class:`InputError` naming ``hole_card`` (in the active language) for any other value."""
    hole = str(raw or "").strip() or rules.hole_card
    if hole not in HOLE_CARDS:
        raise InputError(_("{value} is not one of none, peek, peek_ace", value=repr(hole)), field="hole_card")
    return rules if hole == rules.hole_card else rules.with_values(hole_card=hole)
