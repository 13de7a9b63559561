"""The mutants: one deliberate fault each, applied inside the mutant adapter's process.

Two kinds:

- ``rule``: the engine plays a wrong rule value (a data-entry mistake): the rule set the
  driver loads is replaced by a copy with the value changed. The copy keeps the
  regulation's citations, so a refusal still cites the right clauses: only the behaviour is
  wrong.
- ``code``: one method of :mod:`spec_engine.game` is recompiled from its own source with
  one edit (``old`` -> ``new``, each found exactly once, else the mutant is broken and says
  so), or replaced by a faulty wrapper.

Nothing here touches the engine's files; a mutant lives only as long as the adapter process
that applied it.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import sys
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from spec_engine.catalog import REGULATION_IDS

REGULATIONS = REGULATION_IDS


class MutantError(RuntimeError):
    """A mutant cannot be applied (the source it edits has changed)."""


@dataclass(frozen=True)
class Mutant:
    name: str
    kind: str  # "rule" or "code"
    fault: str  # what is wrong, in a sentence
    regulations: tuple[str, ...]  # the regulations it concerns
    apply: Callable[[], None]
    quick: tuple[str, ...] = ()  # the regulations of the quick run (default: all it concerns)
    breaks: tuple[str, ...] = ()  # a deviation: the protocol's obligations it breaks (their ids)

    def run_on(self, full: bool) -> tuple[str, ...]:
        """The regulations whose scenarios run against it: all it concerns, or the quick sample."""
        return self.regulations if full or not self.quick else self.quick


# ------------------------------------------------------------------------------ fault makers
def override_rules(regulations: Iterable[str], change: Callable[[Any], dict[str, Any]]) -> Callable[[], None]:
    """A fault in the rule values: ``change(rules)`` gives the wrong values for each of
    ``regulations``. Applied where the engine's driver loads a rule set."""
    targets = frozenset(regulations)

    def apply() -> None:
        from spec_engine.kit import driver

        names = vars(driver)
        original = names["ruleset"]  # the name the driver loads rule sets by

        def faulty_ruleset(reg_id: str) -> Any:
            rules = original(reg_id)
            if rules.id in targets:
                rules = dataclasses.replace(rules, **change(rules))
            return rules

        names["ruleset"] = faulty_ruleset

    return apply


def rules_set(regulations: Iterable[str], **values: Any) -> Callable[[], None]:
    return override_rules(regulations, lambda rules: dict(values))


OWNERS = {"Round": "spec_engine.game", "Table": "spec_engine.table"}
"""The engine classes a mutant may change, and their modules."""


def _owner(name: str) -> Any:
    return getattr(importlib.import_module(OWNERS[name]), name)


def _method_source(owner: str, method: str) -> str:
    """The method's source as the engine's Python file has it (read from the file, not from the
    function: a compiled module keeps no source; a mutant itself runs on the pure engine, which the
    mutant adapter selects, since a compiled class cannot be patched)."""
    import spec_engine

    path = Path(spec_engine.__file__).parent / f"{OWNERS[owner].rsplit('.', 1)[1]}.py"
    text = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef) and node.name == owner:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == method:
                    return textwrap.dedent(ast.get_source_segment(text, item, padded=True) or "")
    raise MutantError(f"{owner}.{method} is not in {path.name}")


def edit_method(owner: str, method: str, *edits: tuple[str, str]) -> Callable[[], None]:
    """A fault in the code: the engine's ``<owner>.<method>`` (:data:`OWNERS`) recompiled from
    its own source with each ``(old, new)`` replacement made (``old`` must occur exactly once)."""

    def apply() -> None:
        cls = _owner(owner)
        func = cls.__dict__[method]
        source = _method_source(owner, method)
        for old, new in edits:
            found = source.count(old)
            if found != 1:
                raise MutantError(f"{owner}.{method}: {old!r} occurs {found} times, not once")
            source = source.replace(old, new)
        namespace: dict[str, Any] = {}
        code = compile(
            source,
            f"<mutant of {owner}.{method}>",
            "exec",
            flags=annotations.compiler_flag,  # the __future__ feature imported above, as game.py has it
            dont_inherit=True,
        )
        exec(code, vars(sys.modules[func.__module__]), namespace)
        setattr(cls, method, namespace[method])

    return apply


def wrap_method(
    owner: str, method: str, wrapper: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> Callable[[], None]:
    """A fault in the code: the engine's ``<owner>.<method>`` replaced by ``wrapper(original)``."""

    def apply() -> None:
        cls = _owner(owner)
        setattr(cls, method, wrapper(cls.__dict__[method]))

    return apply


def _no_burn(original: Callable[..., Any]) -> Callable[..., Any]:
    def _burn(self: Any, count: int) -> None:
        """Burns skipped: the cards stay in the shoe and nothing is logged."""

    return _burn


def _declines_ignored_on_double(original: Callable[..., Any]) -> Callable[..., Any]:
    def _decliners(self: Any, box: Any, hand: Any, declining: Iterable[str], rule: str, action: str) -> set[str]:
        out: set[str] = original(self, box, hand, declining, rule, action)  # the checks stay
        return set() if action == "double" else out

    return _decliners


def _flip(order: str) -> str:
    return "ascending" if order == "descending" else "descending"


# ------------------------------------------------------------------------------ the mutants
ALL = REGULATIONS
BEHIND = ("ES", "UY", "CZ", "IT")  # where bettors behind a box exist
BURNING = ("ES", "UY", "CZ", "IT")  # where cards are burnt
LEAST_CUT = ("UY", "CZ")  # where a least cut is set
VOIDING = ("ES", "UY", "IT")  # where a misdealt card is voided

_MUTANTS = (
    # -- wrong rule values
    Mutant(
        "blackjack_6_5",
        "rule",
        "a blackjack is paid 6:5, not 3:2",
        ALL,
        rules_set(ALL, blackjack_payout=Fraction(6, 5)),
        quick=("ES",),
    ),
    Mutant(
        "dealer_hits_soft_17",
        "rule",
        "the dealer draws on soft 17",
        ALL,
        rules_set(ALL, dealer_stands_soft_17=False),
        quick=("IT",),
    ),
    Mutant(
        "cl_double_on_12",
        "rule",
        "the club lets a hand of 12 double (only 9, 10 and 11 may)",
        ("CL",),
        rules_set(("CL",), double_totals=frozenset({9, 10, 11, 12})),
    ),
    Mutant(
        "cz_split_to_5_hands",
        "rule",
        "the Czech casino lets a box split into 5 hands (its limit is 4)",
        ("CZ",),
        rules_set(("CZ",), max_split_hands=5),
    ),
    Mutant(
        "it_split_to_4_hands",
        "rule",
        "Campione lets a box split into 4 hands (its limit is 3)",
        ("IT",),
        rules_set(("IT",), max_split_hands=4),
    ),
    Mutant(
        "split_21_as_blackjack",
        "rule",
        "two cards making 21 after a split are paid as a blackjack",
        ALL,
        rules_set(ALL, split_21_is_blackjack=True),
        quick=("CZ",),
    ),
    Mutant(
        "insurance_1_1",
        "rule",
        "winning insurance is paid 1:1, not 2:1",
        ALL,
        rules_set(ALL, insurance_payout=Fraction(1)),
        quick=("ES",),
    ),
    Mutant(
        "cl_dealt_ascending",
        "rule",
        "the club deals from the dealer's left (it deals from his right)",
        ("CL",),
        rules_set(("CL",), deal_order="ascending"),
    ),
    Mutant(
        "all_dealt_reversed",
        "rule",
        "every regulation deals from the wrong side",
        ALL,
        override_rules(ALL, lambda rules: {"deal_order": _flip(rules.deal_order)}),
        quick=("ES", "IT"),
    ),
    # -- wrong code
    Mutant(
        "burns_skipped",
        "code",
        "no card is burnt (after a shuffle, at a change of dealer)",
        BURNING,
        wrap_method("Table", "_burn", _no_burn),
        quick=("CZ",),
    ),
    Mutant(
        "refill_cut_anywhere",
        "code",
        "a shoe refilled from the discards is cut anywhere, not as near the least cut as the cards allow",
        LEAST_CUT,
        edit_method("Table", "_refill", ("low = max(1, min(rules.min_cut or 1, size // 2))", "low = 1")),
        quick=("CZ",),
    ),
    Mutant(
        "refill_not_burnt",
        "code",
        "no card is burnt after a refill's shuffle (as after any other)",
        BURNING,
        edit_method("Table", "_refill", ("self._burn(min(rules.burn_after_shuffle, size - 1))", "pass")),
        quick=("CZ",),
    ),
    Mutant(
        "burnt_cut_card_unnoticed",
        "code",
        "a burn that brings the cut card out is not logged, and the next cut goes to the last receiver",
        BURNING,
        edit_method("Table", "_burn", ("if not out and self.shoe.cut_card_out:", "if False:")),
        quick=("CZ",),
    ),
    Mutant(
        "holderless_box_dealt",
        "code",
        "a box whose seated player has not bet is dealt with the bets of others on it, the first deciding",
        BEHIND,
        edit_method("Round", "deal", ("if self.holders:", "if False:")),
        quick=("UY",),
    ),
    Mutant(
        "behind_forced_to_double",
        "code",
        "a bettor behind who declines the owner's double is made to match it anyway",
        BEHIND,
        wrap_method("Round", "_decliners", _declines_ignored_on_double),
        quick=("CZ",),
    ),
    Mutant(
        "push_paid_as_win",
        "code",
        "a push (equal totals) is paid as a win",
        ALL,
        edit_method("Round", "_settle_against_dealer", ('outcome, net = "push", 0', 'outcome, net = "push", stake')),
        quick=("IT",),
    ),
    Mutant(
        "dealer_ace_only_one",
        "code",
        "the dealer's ace counts only 1 in his total (no soft totals)",
        ALL,
        edit_method(
            "Round",
            "_dealer_play",
            ("if ace and hard <= 11:  # soft", "if False:  # soft"),
            ("total = hard + 10 if ace and hard <= 11 else hard", "total = hard"),
        ),
        quick=("ES",),
    ),
    Mutant(
        "bust_not_collected",
        "code",
        "a bust hand is not collected at once: it waits for the dealer's total",
        ALL,
        edit_method("Round", "_deal_to", ('self._settle_hand(box, hand, "lose", -1)', "hand.done = True")),
        quick=("IT",),
    ),
    Mutant(
        "cut_card_unnoticed",
        "code",
        "the cut card coming out is never noticed",
        ALL,
        edit_method("Round", "_draw", ("if len(cards) == shoe.cut_remaining:", "if False:")),
        quick=("CZ",),
    ),
    Mutant(
        "voided_card_dealt",
        "code",
        "a misdealt card the rules void is dealt anyway (put back on the shoe)",
        VOIDING,
        edit_method("Round", "_mistake", ("self.voided.append(card)", "self.shoe.put_back(card); self.drawn.pop()")),
        quick=("UY",),
    ),
    Mutant(
        "voided_ten_kept",
        "code",
        "the dealer's ten drawn when insurance was not called is kept (the rules void it)",
        ("UY",),
        edit_method("Round", "forget_insurance_call", ("self.voided.append(card)", "self.dealer.append(card)")),
    ),
)

MUTANTS: dict[str, Mutant] = {m.name: m for m in _MUTANTS}
"""Every mutant, by name, in the report's order."""

CONTROL = Mutant("none", "control", "no fault: the engine as it is, through the mutant adapter", ALL, lambda: None)
"""The control: the same adapter with no fault applied; every scenario must pass against it."""


def mutant(name: str) -> Mutant:
    """A mutant, a deviation (:mod:`tests.mutants.deviations`) or the control, by name."""
    from tests.mutants.deviations import DEVIATIONS

    if name == CONTROL.name:
        return CONTROL
    found = MUTANTS.get(name) or DEVIATIONS.get(name)
    if found is None:
        raise MutantError(f"no mutant {name!r}; known: {', '.join([*MUTANTS, *DEVIATIONS])}")
    return found
