"""A playing policy: who decides a hand when no scenario does (demonstrations, benchmarks)."""

from __future__ import annotations

from collections.abc import Callable

from spec_engine.errors import InputError
from spec_engine.game import Round

Policy = Callable[[Round], None]


def simple_policy(rnd: Round) -> None:
    """A plain player, for demonstrations and benchmarks: never insures; splits aces and
    eights; doubles on 10 or 11; draws below 17 (and below the minimum to stand)."""
    current = rnd.current()
    if current is None:
        raise InputError("no hand is waiting for a decision", field="round")
    box, hand = current
    number = box.number
    two = len(hand.cards) == 2
    hard = hand.hard
    total = hard + 10 if hand.ace and hard <= 11 else hard  # (hand.total)
    if two and hand.cards[0].value in (1, 8) and rnd._split_refusal(box, hand) is None:
        rnd.split(number)
    elif two and total in (10, 11) and rnd._double_refusal(box, hand) is None:
        rnd.double(number)
    elif (total < 17 or rnd._stand_refusal(hand) is not None) and rnd._hit_refusal(hand) is None:
        rnd.hit(number)
    else:
        rnd.stand(number)
