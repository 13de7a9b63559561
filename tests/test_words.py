"""Every rule value in the trade's words (issue 29), on every surface: ``spec_engine.words.words``
is what the matrix, the pairs, the CSV, the PDF, the command line's ``rules`` and ``cost``, the
onboarding, the play widget's refusals and the practice's feedback say for a value. Never an
identifier (``ascending``), never a bare number where a number would mislead (``2`` for the
first two hands as laid out, ``1`` for one card burnt)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from spec_engine.cards import Shoe
from spec_engine.catalog import REGULATION_IDS
from spec_engine.citing import cite
from spec_engine.errors import RuleViolation
from spec_engine.game import Round
from spec_engine.practice import answer_json, practice
from spec_engine.rules import RULE_FIELDS, ruleset
from spec_engine.words import CHOICE_WORDS, NONE_WORDS, NUMBERS, share_of, words

BARE = re.compile(r"[\d\s,./:-]*|(?:\d+ to \d+)")
"""Words without a letter: a number, a fraction, a list or a range of them."""


def test_every_value_of_every_rule_set_has_the_trades_words() -> None:
    for f in RULE_FIELDS:
        if f.metadata["kind"].endswith("?"):
            assert f.name in NONE_WORDS, f.name
        for choice in f.metadata["choices"]:
            assert CHOICE_WORDS[f.name][choice] != choice, (f.name, choice)  # words, not the identifier
    assert set(NUMBERS) <= {f.name for f in RULE_FIELDS}
    for reg in REGULATION_IDS:
        rules = ruleset(reg)
        for f in RULE_FIELDS:
            value = getattr(rules, f.name)
            shown = words(f.name, value)
            assert shown != "none" and "_" not in shown, (reg, f.name, shown)
            if isinstance(value, str) and f.metadata["choices"]:
                assert shown == CHOICE_WORDS[f.name][value], (reg, f.name, shown)
            if f.name not in NUMBERS:  # a total, an amount or a payout ratio is a number in the trade's words
                assert not BARE.fullmatch(shown), f"{reg} {f.name}: {shown!r} is a bare number"


def test_a_count_says_what_it_counts_in_the_singular_and_the_plural() -> None:
    assert words("burn_after_shuffle", 1) == "1 card" and words("burn_after_shuffle", 5) == "5 cards"
    assert words("burn_after_shuffle", 0) == "no burn" and words("decks", 1) == "1 deck"
    assert words("max_split_hands", 6) == "6 hands" and words("max_split_hands", None) == "no limit"
    assert words("insurance_max", Fraction(1, 2)) == "half the stake"
    assert words("insurance_min_of_table_min", Fraction(1, 2)) == "half the table minimum"
    assert share_of(Fraction(1, 3), "the stake") == "1/3 of the stake"
    assert share_of(Fraction(1), "the stake") == "all the stake"
    assert words("limit_ratio", (4, 50)) == "4 to 50 times the minimum"  # not the ratio 4:50
    assert words("blackjack_payout", Fraction(3, 2)) == "3:2" and words("insurance_payout", Fraction(2)) == "2:1"
    assert words("deal_order", "ascending") == "from the dealer's left"
    assert (
        words("double_totals", None) == "any two cards"
        and words("double_totals", frozenset({9, 10, 11})) == "9, 10, 11"
    )


def test_which_split_hands_may_double_says_the_hands_as_laid_out_as_the_engine_counts_them() -> None:
    """UY-35.2, "como máximo en los dos primeros juegos abiertos", read as the first two hands on
    the layout (``box.hands``, the order of play): 8-8 split, then the first hand split again on
    a third 8: its new hand lies second and doubles; the first split's other hand (8H), though
    the first split made it, lies third and may not. The refusal says it in the same words."""
    assert words("double_after_split_hands", 2) == "the first two hands as laid out"
    assert words("double_after_split_hands", 1) == "the first hand as laid out"
    rules = ruleset("UY")
    assert rules.double_after_split_hands == 2
    rnd = Round(rules, Shoe.stacked("8S 7D 8H 8C 3D 9H 2S KC 3H 9S TC"), min_bet=10, max_bet=500)
    rnd.place_bet(1, "P1", 10)
    rnd.deal()
    rnd.split(1)
    rnd.split(1)
    rnd.double(1)
    rnd.double(1)  # the second hand as laid out: the re-split's, 8C
    hands = [[c.code for c in h.cards] for h in rnd.boxes[1].hands]
    assert hands[1][0] == "8C" and hands[2] == ["8H", "3H"]
    with pytest.raises(RuleViolation, match="after a split only the first two hands as laid out may double"):
        rnd.double(1)


def test_the_practice_says_each_value_in_the_trades_words() -> None:
    """The practice's "Here: ..." is words(): no "ascending", no bare "1" for a card burnt."""
    for reg in REGULATION_IDS:
        rules = ruleset(reg)
        for f in RULE_FIELDS:
            assert cite(rules, f.name)["value"] == words(f.name, getattr(rules, f.name)), (reg, f.name)
    uy = ruleset("UY")
    assert cite(uy, "deal_order")["value"] == "from the dealer's left"
    assert cite(uy, "burn_after_shuffle")["value"] == "1 card"
    first = practice(uy, 7).questions[0]  # how many cards to burn
    verdict = json.loads(answer_json("UY", 7, 0, str(first.answer)))
    assert verdict["correct"] and [r["value"] for r in verdict["rules"]] == ["1 card"]


def test_the_command_line_says_each_value_in_the_trades_words() -> None:
    done = subprocess.run([sys.executable, "-m", "spec_engine", "rules", "UY"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = {line.split()[0]: line for line in done.stdout.splitlines()[2:] if line and not line.startswith(" ")}
    assert "  the first two hands as laid out  [interpretation of UY-35.2]" in lines["double_after_split_hands"]
    assert "  from the dealer's left  [" in lines["deal_order"] and "  1 card  [" in lines["burn_after_shuffle"]


def test_the_cost_command_says_each_value_whole() -> None:
    pytest.importorskip("numpy")
    from spec_engine.__main__ import cmd_cost

    row = next(line for line in cmd_cost("CL", "UY", [], False).splitlines() if line.startswith("DAS: which"))
    assert "every split hand the first two hands as laid out" in row  # the column as wide as its words
