"""Invariants over random seeded play, for every rule set (hypothesis).

- No card appears twice or disappears: shoe + table + discard tray = the decks.
- Chips are conserved: the bettors' balances and the bank add up to zero.
- Every action the engine accepted was in ``legal_actions()``; every action outside it
  was refused (and left the log untouched).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spec_engine.cards import DECK, ShoeExhausted
from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import SpecError
from spec_engine.game import Action, Phase, Round
from spec_engine.rules import ruleset
from spec_engine.table import Table, people_at

REGULATIONS = REGULATION_IDS
KINDS = ("hit", "stand", "double", "split")


def _candidates(rnd: Round) -> list[Action]:
    """Every action one could try now, legal or not."""
    out = [Action("deal"), Action("close_insurance")]
    for number in range(1, rnd.rules.max_boxes + 1):
        out += [Action(kind, number) for kind in KINDS]
        box = rnd.boxes.get(number)
        for bettor in box.bets if box else ("nobody",):
            out += [Action("insurance", number, bettor), Action("even_money", number, bettor)]
    return out


def _insurance_amount(rnd: Round, box: int, bettor: str) -> Fraction | int:
    rules = rnd.rules
    target = rnd.boxes.get(box)
    cap = (target.bets.get(bettor, 10) if target else 10) * rules.insurance_max
    if rules.insurance_multiple:
        cap = cap // rules.insurance_multiple * rules.insurance_multiple
    return cap


def _perform(rnd: Round, action: Action, rng: random.Random) -> None:
    kind, box, bettor = action
    if kind == "deal":
        rnd.deal()
    elif kind == "close_insurance":
        rnd.close_insurance()
    elif kind == "insurance":
        assert box is not None and bettor is not None
        rnd.insure(box, bettor, _insurance_amount(rnd, box, bettor))
    elif kind == "even_money":
        assert box is not None and bettor is not None
        rnd.take_even_money(box, bettor)
    elif kind in ("double", "split"):
        assert box is not None
        current = rnd.current()
        stakes = current[1].stakes if current is not None and current[0].number == box else {}
        behind = [b for b in stakes if b != rnd.decider(box)]
        may = rnd.rules.behind_may_decline_double if kind == "double" else rnd.rules.behind_may_decline_split
        declining = [b for b in behind if may and rng.random() < 0.5]
        getattr(rnd, kind)(box, declining=declining)
    else:
        assert box is not None
        getattr(rnd, kind)(box)


def _amount_ok(rnd: Round, action: Action) -> bool:
    if action.kind != "insurance":
        return True
    assert action.box is not None and action.bettor is not None
    amount = _insurance_amount(rnd, action.box, action.bettor)
    return (
        action.box in rnd.boxes
        and amount > 0
        and rnd._insurance_refusal(rnd.boxes[action.box], action.bettor, amount) is None
    )


def _play_round(table: Table, rng: random.Random) -> Round:
    rnd = table.new_round()
    rules = table.rules
    step = rules.bet_multiple or 5
    for number in rng.sample(range(1, rules.max_boxes + 1), rng.randint(1, min(4, rules.max_boxes))):
        per_box = rules.max_bets_per_box or 3
        for i in range(rng.randint(1, min(per_box, 3))):
            amount = step * rng.randint(max(1, 10 // step), 10)
            bettor = f"P{number}{'abc'[i]}"
            held = sum(rnd.boxes[number].bets.values()) if number in rnd.boxes else 0
            if (number, bettor) in table.stayed or (table.max_bet is not None and held + amount > table.max_bet):
                continue  # a pushed stake that stayed is his bet already; the box's maximum is kept
            if number in rnd.boxes and rules.bet_behind_consent == "required":
                rnd.consent(number, bettor)  # the holder's consent first, where the rule set asks it
            rnd.place_bet(number, bettor, amount)
    while rnd.phase is not Phase.DONE:
        legal = rnd.legal_actions()
        if rnd.phase is Phase.BETTING:
            legal = [a for a in legal if a.kind == "deal"]
        legal_set = set(legal)
        for candidate in _candidates(rnd):
            if candidate in legal_set:
                continue
            before = len(rnd.log)
            try:
                _perform(rnd, candidate, rng)  # on the real round: a refusal must change nothing
            except SpecError:
                assert len(rnd.log) == before
            else:
                raise AssertionError(f"{candidate} was accepted but not in legal_actions {legal}")
        for candidate in legal:
            if _amount_ok(rnd, candidate):
                # on a copy (its log starts empty): every legal action must be accepted
                copied = copy.deepcopy(rnd, {id(rnd.log): []})
                try:
                    _perform(copied, candidate, random.Random(0))
                except ShoeExhausted:
                    # a copy never refills its shoe from the table's discards (Round.__reduce__): the
                    # action was taken (logged) and the cards it drew, or the dealer's after it, ran out
                    assert copied.log and rnd._refill is not None, (candidate, copied.log)
        choices = [a for a in legal if _amount_ok(rnd, a)]
        _perform(rnd, rng.choice(choices), rng)
    table.finish(rnd)
    return rnd


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reg_id=st.sampled_from(REGULATIONS), seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 12))
def test_cards_and_chips_are_conserved_and_legal_actions_are_exact(reg_id: str, seed: int, rounds: int) -> None:
    rules = ruleset(reg_id)
    table = Table(rules, seed=seed, min_bet=10, max_bet=500, participants=people_at(rules, 4))  # four boxes at most
    rng = random.Random(seed)
    decks = Counter(c.code for c in DECK * rules.decks)
    for _ in range(rounds):
        _play_round(table, rng)
        in_play = Counter(c.code for c in table.shoe.cards() + table.tray)
        assert in_play == decks, "a card was lost or duplicated"
        assert sum(table.balances.values()) + table.bank == 0, "chips were created or lost"


@settings(max_examples=30, deadline=None)
@given(reg_id=st.sampled_from(REGULATIONS), seed=st.integers(0, 2**32 - 1))
def test_simple_play_over_many_rounds_conserves_cards_and_chips(reg_id: str, seed: int) -> None:
    rules = ruleset(reg_id)
    table = Table(rules, seed=seed, min_bet=10, max_bet=500, participants=people_at(rules, 3))
    decks = Counter(c.code for c in DECK * rules.decks)
    for _ in range(150):
        table.play([(1, "P1", 10), (2, "P2", 20), (rules.max_boxes, "P7", 50)])
    assert Counter(c.code for c in table.shoe.cards() + table.tray) == decks
    assert sum(table.balances.values()) + table.bank == 0
    assert table.shuffles > 1
