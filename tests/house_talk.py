"""A made-up rule set with house options (none of the five rulebooks has one), and one protocol
conversation that plays and refuses the house's choices under it: the reference adapter
(``tests/test_house_options.py``) and the JavaScript implementation (``tests/test_js_impl.py``)
must give the same answers.

The rule set is Uruguay's file where the house chooses whether split aces re-split (``false``
unless it says otherwise: the rule's clauses) and whether a box splits to six hands or to four
(each value its own clause)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spec_engine.catalog import DATA
from spec_engine.rules import RuleSet, parse_ruleset
from tests.util import broken_copy

UY_RESPLIT_ACES = (
    'resplit_aces = { value = true, clauses = ["UY-43.1", "UY-45.1"], basis = "interpretation", '
    'note = "Art. 43 makes no exception for aces." }'
)
UY_MAX_SPLIT = 'max_split_hands = { value = 6, clauses = ["UY-43.1"]'


def with_uy(tmp_path: Path, old: str, new: str) -> Path:
    """Uruguay's rule-set file copied into ``tmp_path`` (as ``uy.toml``) with one text replaced."""
    return broken_copy(DATA / "rulesets" / "uy.toml", tmp_path, old, new)


def optioned(tmp_path: Path) -> RuleSet:
    """The made-up rule set (see the module's docstring), written to ``tmp_path / "uy.toml"``
    (a folder the JavaScript implementation reads with ``BLACKJACK_JS_RULESETS``) and loaded."""
    path = with_uy(
        tmp_path,
        UY_RESPLIT_ACES,
        'resplit_aces = { options = [true, false], default = false, clauses = ["UY-43.1", "UY-45.1"], '
        'note = "Made up: the house may allow split aces to split again." }',
    )
    text = path.read_text(encoding="utf-8").replace(
        UY_MAX_SPLIT,
        'max_split_hands = { options = [{ value = 6, clauses = ["UY-43.1"] }, { value = 4, clauses = ["UY-45.1"] }]',
        1,
    )
    path.write_text(text, encoding="utf-8")
    return parse_ruleset(path)


def _start(**fields: Any) -> dict[str, Any]:
    """A round of Uruguay's: box 1 is dealt a pair of aces against a five, the third ace next."""
    shoe = "AS 5D AH AC 9S 8C 7H".split()
    return {
        "op": "start",
        "level": "round",
        "regulation": "UY",
        "shoe": shoe,
        "min_bet": "10",
        "max_bet": "500",
        **fields,
    }


def _act(action: str, **args: Any) -> dict[str, Any]:
    return {"op": "act", "action": action, "args": args}


BOTH_CITED = ("UY-43.1", "UY-45.1")
_SPLIT_ACES = [_act("bet", box=1, bettor="P1", amount="10"), _act("deal"), _act("split", box=1), {"op": "legal"}]
_AT_A_TABLE = {
    "op": "start",
    "level": "table",
    "regulation": "UY",
    "shoes": [["7D", "AS", "5D", "AH", "AC", "9S", "8C", "7H"]],  # 7D burnt once the shoe is cut
    "after_cut": True,
    "min_bet": "10",
    "max_bet": "500",
}
HOUSE_TALK: list[tuple[dict[str, Any], Any]] = [
    # the house lets split aces split again: the third ace may split
    (_start(house={"resplit_aces": True}), "ok"),
    *((r, "ok") for r in _SPLIT_ACES[:-1]),
    (_SPLIT_ACES[-1], ("legal", "split")),
    # no choice: the default (false); a second split is refused by the rule, its clauses cited
    (_start(), "ok"),
    *((r, "ok") for r in _SPLIT_ACES[:-1]),
    (_SPLIT_ACES[-1], ("legal", None)),
    (_act("split", box=1), ("rule_violation", "resplit_aces", BOTH_CITED)),
    # the house's choice at a table, for its every round
    ({**_AT_A_TABLE, "house": {"resplit_aces": True}}, "ok"),
    (_act("cut", at=100), "ok"),
    *((r, "ok") for r in _SPLIT_ACES[:-1]),
    (_SPLIT_ACES[-1], ("legal", "split")),
    # refused: a value outside the set (every value's clauses), also of another kind; a rule the
    # text fixes (its clauses); no rule, or no object (house); a rule the start overrides (no clauses)
    (_start(house={"max_split_hands": 5}), ("rule_violation", "max_split_hands", BOTH_CITED)),
    (_start(house={"resplit_aces": "yes"}), ("rule_violation", "resplit_aces", BOTH_CITED)),
    (_start(house={"decks": 6}), ("rule_violation", "decks", ("UY-5.1",))),
    ({**_AT_A_TABLE, "house": {"max_split_hands": 4, "decks": 5}}, ("rule_violation", "decks", ("UY-5.1",))),
    (_start(house={"resplit_kings": True}), ("input_error", "house")),
    (_start(house=["resplit_aces"]), ("input_error", "house")),
    (_start(house=None), ("input_error", "house")),
    (_start(house={"resplit_aces": True}, overrides={"resplit_aces": True}), ("rule_violation", "resplit_aces", ())),
]
"""Each request of the conversation, in order, with what its reply must say: ``"ok"``; for a
``legal``, whether box 1 may split (``"split"``) or not (``None``); a refusal's code with its
rule and clauses (a rule violation) or its field (bad input)."""


def judged(replies: list[dict[str, Any]]) -> list[Any]:
    """What each reply says, in the shapes of :data:`HOUSE_TALK`'s expectations (a legal
    action's list read for box 1's split; a refusal's clauses in any order)."""
    out: list[Any] = []
    for (request, _), reply in zip(HOUSE_TALK, replies, strict=True):
        error = reply.get("error") or {}
        if request["op"] == "legal" and reply.get("ok"):
            split = any(a == {"kind": "split", "box": 1} for a in reply["actions"])
            out.append(("legal", "split" if split else None))
        elif reply.get("ok"):
            out.append("ok")
        elif error.get("code") == "rule_violation":
            out.append(("rule_violation", error.get("rule"), tuple(sorted(error.get("clauses", ())))))
        else:
            out.append((error.get("code"), error.get("field")))
    return out
