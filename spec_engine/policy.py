"""A playing policy: who decides a hand when no scenario does (demonstrations, benchmarks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from spec_engine.errors import InputError, RuleViolation
from spec_engine.game import Phase, Round

_PLAYING: Final = Phase.PLAYING  # (an enum member's lookup costs a call; Final: a C variable compiled)

Policy = Callable[[Round], None]


def simple_policy(rnd: Round) -> None:
    """A plain player, for demonstrations and benchmarks: never insures; splits aces and
    eights; doubles on 10 or 11; surrenders a hard 16 against a ten or an ace where the rule
    set offers surrender; draws below 17 (and below the minimum to stand)."""
    if rnd.phase is not _PLAYING:  # (rnd.current(), inlined)
        raise InputError("no hand is waiting for a decision", field="round")
    box = rnd._order[rnd._bi]
    hand = box.hands[rnd._hi]
    number = box.number
    cards = hand.cards
    hard = hand.hard
    total = hard + 10 if hand.ace and hard <= 11 else hard  # (hand.total)
    if len(cards) == 2:
        first = cards[0].value
        if (first == 1 or first == 8) and cards[1].value == first and rnd._split_refusal(box, hand) is None:
            # (a pair of aces or eights: he asks the rules only when he holds one)
            rnd.split(number)
            return
        if (total == 10 or total == 11) and rnd._double_refusal(box, hand) is None:
            rnd.double(number)
            return
        if (
            total == 16
            and not hand.ace
            and rnd.dealer[0].value in (1, 10)
            and rnd._surrender_refusal(box, hand) is None
        ):
            rnd.surrender(number)
            return
    # the engine judges: where the rules refuse a card (21, a split ace) the hand stands, and where
    # they refuse to let it stand (below their least total) it draws
    if total < 17:
        try:
            rnd._hit(number, None)
        except RuleViolation:
            rnd._stand(number, None)
    else:
        try:
            rnd._stand(number, None)
        except RuleViolation:
            rnd._hit(number, None)
