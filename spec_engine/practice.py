"""Dealer practice: the reader is the dealer, the engine is the examiner.

:func:`practice` plays one round with the engine itself (a :class:`~spec_engine.table.Table`
with a shoe shuffled from ``seed``: one to three boxes, their bettors deciding as
:func:`~spec_engine.policy.simple_policy` does) and turns the dealer's part of its event log
into :class:`Question` s: how many cards to burn, whom to deal each card of the initial deal,
what to do with a card dealt by mistake, whether to pay a blackjack at once, when to call
insurance and whether even money is offered, whether to draw a second card, whether to draw
or stand, whom to settle first and each payment, typed as an exact amount. Where the rule set
deals a hole card (``hole_card``: none of the five texts does; a house may, :func:`round_json`'s
``hole_card``), the dealer deals it face down, decides whether to check it for a blackjack before
the players act (the peek) and what the check he made means, and turns it face up when his
turn comes; the scene keeps it face down until then.

The right answer is always the engine's own event (the ``remedy`` it applied, the box the
card went to, the ``settle`` amount), never a second implementation of the rules. The rule
fields that govern each step are data (:data:`STEP_RULES`, keyed by the step, never by a
regulation): :func:`judge` explains every answer, right or wrong, with each field's value in the
trade's words (:func:`~spec_engine.words.words`), its clauses, their original words and English
gist, or, where the rule set says ``not stated``, the default it assumes.

The same rule set and seed always give the same questions, in every language: each prompt,
choice and explanation is a message of the catalog (:mod:`spec_engine.i18n`), said in the
trade's words of the round's rulebook (the glossary's ``{box}``, ``{dealer}`` ...).
:func:`round_json` and :func:`answer_json` are the page's side (``practice.html``, through
Pyodide): JSON in and out, in the page's language.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from spec_engine.cards import hand_total, parse_cards
from spec_engine.catalog import REGULATION_IDS, rulebook_name
from spec_engine.citing import cite
from spec_engine.errors import InputError, RuleViolation, SpecError
from spec_engine.events import Event, Money, money, money_str, parse_money
from spec_engine.game import Phase, Round
from spec_engine.glossary import terms
from spec_engine.i18n import N_, SOURCE, _, active, language, ngettext, pgettext
from spec_engine.overrides import with_hole_card
from spec_engine.policy import simple_policy
from spec_engine.rules import RuleSet, ruleset
from spec_engine.table import Table, people_at
from spec_engine.words import words

MIN_BET, MAX_BET = 10, 500
"""The practice table's limits."""
BETTORS = ("Ana", "Ben", "Cai")
"""The bettors, one a box (the first box dealt to has the first name)."""
STAKES = (10, 20, 25, 50, 100)
"""The bets drawn from (those the rule set's bet multiple allows)."""
MAX_SEED = 10**9
"""Seeds are whole numbers from 0 to this."""
MISDEAL_SHARE = 0.4
"""About this share of rounds has a card dealt by mistake, where the rule set states a remedy."""

STEP_RULES: dict[str, tuple[str, ...]] = {
    "burn": ("burn_after_shuffle",),
    "call": ("no_more_bets_call",),
    "deal": ("deal_order",),
    "deal:hole": ("hole_card",),
    "misdeal": ("misdeal_remedy",),
    "misdeal_no_bet": ("card_to_box_without_bet", "misdeal_remedy"),
    "misdeal:reconstruct": ("card_to_box_without_bet",),
    "blackjack_now": ("pay_blackjack_immediately",),
    "insurance_call": ("insurance_timing",),
    "even_money": ("even_money",),
    "peek": ("hole_card",),
    "peek_result": ("hole_card",),
    "players_done": ("dealer_plays_when_all_bust",),
    "players_done:insurance": ("insurance_timing",),
    "players_done:turn": ("hole_card",),
    "dealer_draw": ("dealer_stands_soft_17",),
    "pay_first": ("payment_order", "blackjack_paid_first"),
    "pay:blackjack": ("blackjack_payout",),
    "pay:split_blackjack": ("split_21_is_blackjack", "blackjack_payout"),
    "pay:lose_to_blackjack": ("dealer_blackjack_takes",),
    "pay:lose_at_peek": ("hole_card",),
    "pay:insurance_win": ("insurance_payout",),
    "pay:even_money": ("even_money",),
    "pay:excess_returned": ("over_maximum_bet",),
    "pay:surrender": ("surrender",),
    "pay:surrender_lost": ("surrender", "dealer_blackjack_takes"),
}
"""The rule fields that govern each step: a question's step (``deal``, ``pay:blackjack``),
and ``kind:answer`` for what one particular answer means (cited when it is the right one or
the one given). A plain win, loss or push has no field: a win pays the stake."""

REMEDIES = {
    "return_to_shoe": N_("Put it back in its place in the shoe"),
    "void": N_("Void it: it goes to the discards, and the deal goes on"),
    "next_card": N_("Use it as the next card of the deal"),
    "reconstruct": N_("Take back every card of the round and deal it again"),
}
"""The misdeal remedies (the ``remedy`` event's ``info``) as the dealer's choices (messages,
translated where the question is asked)."""


def sentence(text: str) -> str:
    """``text`` with its first letter in upper case: a translation may begin with one of the
    glossary's words ("{the_box} 2 ...": "el casillero 2 ..."), which the glossary writes in lower
    case. (Every English prompt and choice already begins so.)"""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True)
class Question:
    """One step of the round for the dealer to decide.

    ``choices`` are ``(value, label)`` pairs; none for a payment, whose answer is typed as an
    exact amount (the bettor's net result). ``answer`` is the engine's (a choice's value, or
    the amount); ``fields`` the rule fields that govern the step; ``scene`` the table as the
    dealer sees it then (JSON-friendly)."""

    kind: str
    step: str
    prompt: str
    answer: str | Money
    choices: tuple[tuple[str, str], ...]
    fields: tuple[str, ...]
    scene: Mapping[str, Any]
    box: int | None = None
    """The box the step concerns, where it concerns one (a payment, a blackjack, a misdeal)."""

    def to_dict(self) -> dict[str, Any]:
        """The question as the page sees it (the answer left out)."""
        return {
            "kind": self.kind,
            "prompt": self.prompt,
            "choices": [{"value": v, "label": label} for v, label in self.choices],
            "amount": not self.choices,
            "scene": self.scene,
        }


@dataclass(frozen=True, slots=True)
class Practice:
    """One practice round: the rule set, the seed, the questions and the engine's log."""

    rules: RuleSet
    seed: int
    bets: tuple[tuple[int, str, Money], ...]
    questions: tuple[Question, ...]
    log: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one answer: right or not, the engine's answer, and the rules behind
    the step (each: value, basis, note and the cited clauses with their words), quoted for a
    right answer as for a wrong one; a wrong one adds the rules its answer would follow."""

    correct: bool
    given: str
    right: str
    rules: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"correct": self.correct, "given": self.given, "right": self.right, "rules": list(self.rules)}


# ---------------------------------------------------------------------------- playing the round
def _check_seed(seed: object) -> int:
    if isinstance(seed, str):
        text = seed.strip()
        seed = int(text) if text.isdigit() else seed
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InputError(
            _("a seed is a whole number from 0 to {last}, not {seed}", last=MAX_SEED, seed=repr(seed)), field="seed"
        )
    return seed


def _bets(rules: RuleSet, rng: random.Random) -> list[tuple[int, str, Money]]:
    count = min(rng.choice((1, 2, 2, 3, 3)), rules.max_boxes)
    numbers = sorted(rng.sample(range(1, rules.max_boxes + 1), count))
    stakes = [s for s in STAKES if rules.bet_multiple is None or s % rules.bet_multiple == 0] or [MIN_BET]
    order = numbers if rules.deal_order == "ascending" else numbers[::-1]
    names = {number: BETTORS[i] for i, number in enumerate(order)}
    return [(number, names[number], rng.choice(stakes)) for number in numbers]


def _misdeals(rules: RuleSet, rng: random.Random, numbers: Sequence[int]) -> list[tuple[int, int | None]]:
    """At most one card dealt by mistake, where the rule set states what to do about it."""
    if not rules.cite("misdeal_remedy") or rng.random() >= MISDEAL_SHARE:
        return []
    targets: list[int | None] = [*numbers, None]
    empty = [b for b in range(1, rules.max_boxes + 1) if b not in numbers]
    if empty and rules.cite("card_to_box_without_bet"):
        targets.append(rng.choice(empty))
    return [(rng.randint(1, 2 * len(numbers) + 1), rng.choice(targets))]


def _insurance(rnd: Round, rng: random.Random) -> set[tuple[int, str]]:
    """The bettors decide insurance (at random, within the rules); returns the (box, bettor)
    to whom the engine allowed even money when it was called."""
    legal = rnd.legal_actions()
    allowed = {(a.box, a.bettor) for a in legal if a.kind == "even_money" and a.box is not None and a.bettor}
    taken: set[tuple[int, str]] = set()
    for action in legal:
        if action.box is None or action.bettor is None:
            continue
        key = (action.box, action.bettor)
        if action.kind == "even_money" and rng.random() < 0.5:
            rnd.take_even_money(*key)
            taken.add(key)
        elif action.kind == "insurance" and key not in taken and key not in allowed and rng.random() < 0.4:
            stake = rnd.boxes[action.box].bets[action.bettor]
            try:
                rnd.insure(action.box, action.bettor, money(stake * rnd.rules.insurance_max))
            except RuleViolation:
                pass  # the rule set wants another amount: he does not insure
    rnd.close_insurance()
    return {(box, bettor) for box, bettor in allowed}


Offers = dict[int, set[tuple[int, str]]]
"""The log index of each insurance call -> the (box, bettor) the engine allowed even money."""


def _play(rules: RuleSet, seed: int) -> tuple[list[tuple[int, str, Money]], list[Event], Offers]:
    rng = random.Random(f"practice-{seed}")
    bets = _bets(rules, rng)
    numbers = [b for b, _, _ in bets]
    table = Table(rules, seed=seed, min_bet=MIN_BET, max_bet=MAX_BET, participants=people_at(rules, len(bets)))
    rnd = table.new_round()
    for number, bettor, amount in bets:
        rnd.place_bet(number, bettor, amount)
    rnd.deal(misdeals=_misdeals(rules, rng, numbers))
    offers: Offers = {}
    while rnd.phase is not Phase.DONE:
        if rnd.phase is Phase.INSURANCE:
            called = len(table.log) - 1  # the insurance_offered event
            offers[called] = _insurance(rnd, rng)
        elif rnd.phase is Phase.SURRENDER:  # (early surrender before a peek: the bettors let it pass)
            rnd.close_surrender()
        else:
            simple_policy(rnd)
    table.finish(rnd)
    return bets, list(table.log), offers


# ---------------------------------------------------------------------------- the questions
DEALT = ("card", "dealer_card", "dealer_hole")
"""The events of a card dealt at the initial deal (the hole card face down, in a hole-card game)."""


def _paid_at_once(log: Sequence[Event], start: int) -> tuple[int, set[int | None]]:
    """The index after the run of announcements and payments that begins at ``start`` (after
    the deal, or after the dealer's check of his hole card), and the boxes whose blackjack it pays."""
    end = start
    while end < len(log) and log[end].type in ("options", "settle"):
        end += 1
    return end, {e.box for e in log[start:end] if e.type == "settle" and e.info == "blackjack"}


def _total_text(codes: Sequence[str]) -> str:
    total, soft = hand_total(parse_cards(codes))
    return _("soft {total}", total=total) if soft else str(total)


class _Scene:
    """The table as the dealer sees it, rebuilt from the log event by event."""

    def __init__(self, bets: Sequence[tuple[int, str, Money]]) -> None:
        self.bets = list(bets)
        self.owner = {box: bettor for box, bettor, _ in bets}
        self.burnt = 0
        self.reset()

    def reset(self) -> None:
        self.dealer: list[str] = []
        self.hands: dict[int, list[list[str]]] = {box: [] for box, _, _ in self.bets}
        self.doubled: set[tuple[int, int]] = set()
        self.busted: set[tuple[int, int]] = set()
        self.surrendered: set[tuple[int, int]] = set()
        self.voided: list[str] = []
        self.misdealt: dict[str, Any] | None = None
        self.settled: list[dict[str, Any]] = []
        self.dealer_state = ""
        self.hole = False  # the dealer's hole card lies face down (dealt, not turned)
        self.peeked = ""  # what his check of it found (blackjack, no_blackjack), once he made it

    def natural(self, box: int) -> bool:
        hands = self.hands[box]
        return len(hands) == 1 and len(hands[0]) == 2 and hand_total(parse_cards(hands[0]))[0] == 21

    def apply(self, e: Event) -> None:
        kind = e.type
        if kind == "burn":
            self.burnt += 1
        elif kind == "card" and e.box is not None and e.hand is not None and e.card:
            hands = self.hands[e.box]
            while len(hands) < e.hand:
                hands.append([])
            hands[e.hand - 1].append(e.card)
        elif kind == "dealer_card" and e.card:
            self.dealer.append(e.card)
        elif kind == "dealer_hole":
            self.hole = True  # (its code is never in the scene while it is face down)
        elif kind == "hole_turned" and e.card:
            self.hole = False
            self.dealer.append(e.card)
        elif kind == "peek":
            self.peeked = e.info or ""
        elif kind == "split" and e.box is not None and e.hand is not None:
            hands = self.hands[e.box]
            hands.insert(e.hand, [hands[e.hand - 1].pop()])
        elif kind == "double" and e.box is not None and e.hand is not None:
            self.doubled.add((e.box, e.hand))
        elif kind == "bust" and e.box is not None and e.hand is not None:
            self.busted.add((e.box, e.hand))
        elif kind == "surrender" and e.box is not None and e.hand is not None:
            self.surrendered.add((e.box, e.hand))
        elif kind == "misdeal":
            self.misdealt = {"card": e.card, "box": e.box}
        elif kind == "remedy":
            self.misdealt = None
            if e.info == "reconstruct":
                self.reset()
            elif e.info == "void" and e.card:
                self.voided.append(e.card)
        elif kind == "dealer_total":
            self.dealer_state = e.info or ""
        elif kind == "settle" and e.amount is not None:
            self.settled.append(
                {"box": e.box, "hand": e.hand, "bettor": e.bettor, "amount": money_str(e.amount), "info": e.info}
            )

    def dealer_total_text(self) -> str:
        total = _total_text(self.dealer)
        if self.dealer_state == "blackjack":
            return pgettext("the dealer's hand", "blackjack")
        return _("{total} (bust)", total=total) if self.dealer_state == "bust" else total

    def snapshot(self) -> dict[str, Any]:
        boxes = []
        for box, bettor, amount in self.bets:
            hands = [
                {
                    "cards": list(cards),
                    "total": _total_text(cards) if cards else "",
                    "doubled": (box, n) in self.doubled,
                    "bust": (box, n) in self.busted,
                    "surrendered": (box, n) in self.surrendered,
                }
                for n, cards in enumerate(self.hands[box], start=1)
            ]
            boxes.append({"box": box, "bettor": bettor, "bet": money_str(amount), "hands": hands})
        return {
            "dealer": list(self.dealer),
            "hole": self.hole,
            "dealer_total": _total_text(self.dealer) if self.dealer and not self.hole else "",
            "boxes": boxes,
            "burnt": self.burnt,
            "voided": list(self.voided),
            "misdealt": dict(self.misdealt) if self.misdealt else None,
            "settled": list(self.settled),
        }


class _Builder:
    """Walks the log and asks, before each of the dealer's steps, what it is. It reads no rule
    value: every answer is what the engine's log shows the dealer did."""

    def __init__(self, bets: Sequence[tuple[int, str, Money]]) -> None:
        self.scene = _Scene(bets)
        self.numbers = [box for box, _, _ in bets]
        self.questions: list[Question] = []
        self.hole = False  # the log deals the dealer a hole card

    def ask(
        self,
        kind: str,
        prompt: str,
        answer: str | Money,
        choices: Sequence[tuple[str, str]] = (),
        step: str | None = None,
        box: int | None = None,
    ) -> None:
        step = step or kind
        fields = STEP_RULES.get(step, ()) + STEP_RULES.get(f"{kind}:{answer}", ())
        fields = tuple(dict.fromkeys(fields))
        scene = self.scene.snapshot()
        labels = tuple((value, sentence(label)) for value, label in choices)
        self.questions.append(Question(kind, step, sentence(prompt), answer, labels, fields, scene, box))

    def box_label(self, box: int) -> str:
        return _("Box {number} ({bettor})", number=box, bettor=self.scene.owner[box])

    def place(self, e: Event) -> str:
        """The box (and the hand, where it has several) a payment is about, as the subject of
        the payment's question."""
        if e.hand and len(self.scene.hands[e.box or 0]) > 1:
            return pgettext("subject", "Box {number}, hand {index},", number=e.box, index=e.hand)
        return pgettext("subject", "Box {number}", number=e.box)

    def build(self, log: Sequence[Event], offers: Offers) -> list[Question]:
        first_bet = next(i for i, e in enumerate(log) if e.type == "bet")
        burns = sum(1 for e in log[:first_bet] if e.type == "burn")
        self.ask(
            "burn",
            _("The cards are shuffled and cut. How many cards do you burn (discard unseen) before the first round?"),
            str(burns),
            [
                (
                    str(n),
                    pgettext("cards burnt", "None")
                    if n == 0
                    else ngettext("{count} card", "{count} cards", n, count=n),
                )
                for n in range(max(6, burns + 1))
            ],
        )
        for e in log[:first_bet]:
            self.scene.apply(e)
        self.hole = any(e.type == "dealer_hole" for e in log)
        initial = 2 * len(self.numbers) + 1 + self.hole
        left = initial
        after_deal = -1  # the index of the first event after the initial deal's own announcements
        players_done = False
        paying = False
        for i in range(first_bet, len(log)):
            e = log[i]
            kind = e.type
            if kind == "announce" and e.info:
                self.ask(
                    "call",
                    _("The bets are placed. What do you do before the first card?"),
                    "call",
                    [("call", _("Call “{call}”", call=e.info)), ("no_call", _("Deal at once, without a call"))],
                )
            elif kind in DEALT and left > 0:
                choices = [(f"box:{b}", self.box_label(b)) for b in self.numbers] + (
                    [("dealer", _("Yourself, face up")), ("hole", _("Yourself, face down: your hole card"))]
                    if self.hole
                    else [("dealer", _("Yourself (the dealer)"))]
                )
                answer = {"dealer_card": "dealer", "dealer_hole": "hole"}.get(kind, f"box:{e.box}")
                self.ask("deal", _("Whom do you deal the next card to?"), answer, choices)
                left -= 1
            elif kind == "misdeal":
                self.scene.apply(e)
                self._misdeal(e, log[i + 1])
                continue
            elif kind == "peek":
                self._peek(log, i)
                players_done = e.info == "blackjack"  # (a blackjack found ends the round: nobody plays)
            elif (kind == "dealer_card" and len(self.scene.dealer) >= 2) or kind == "dealer_total":
                self._dealer_draw(kind)
            elif kind in ("dealer_card", "dealer_discards", "insurance_offered", "hole_turned") and i != after_deal:
                if not players_done:
                    self._players_done(kind)
                    players_done = True
            elif kind == "settle":
                if not paying and self.scene.dealer_state:
                    paying = True
                    self._pay_first(log[i:])
                self._pay(e)
            if kind == "insurance_offered":
                self.scene.apply(e)
                self._even_money(offers.get(i, set()))
                continue
            self.scene.apply(e)
            if kind == "remedy" and e.info == "reconstruct":
                left, after_deal, players_done = initial, -1, False
            elif kind in DEALT and left == 0 and after_deal < 0:
                after_deal = self._after_deal(log, i + 1)
        return self.questions

    def _misdeal(self, e: Event, remedy: Event) -> None:
        no_bet = e.box is not None and e.box not in self.numbers
        if e.box is None:
            prompt = _("As you deal, a card is exposed by mistake. What do you do with it?")
        elif no_bet:
            prompt = _(
                "As you deal, a card goes to box {number}, which has no bet, by mistake. What do you do with it?",
                number=e.box,
            )
        else:
            prompt = _(
                "As you deal, a card goes to box {number} by mistake (it is not its turn). What do you do with it?",
                number=e.box,
            )
        names = ["return_to_shoe", "void", "next_card"] + (["reconstruct"] if no_bet else [])
        self.ask(
            "misdeal",
            prompt,
            remedy.info or "",
            [(name, _(REMEDIES[name])) for name in names],
            step="misdeal_no_bet" if no_bet else "misdeal",
            box=e.box,
        )

    def _after_deal(self, log: Sequence[Event], start: int) -> int:
        """The questions once the initial deal is done; returns the index of the first event
        after the deal's own announcements and immediate payments. (Where the dealer checks
        his hole card, a blackjack is paid at once after the check: asked there, :meth:`_peek`.)"""
        end, paid = _paid_at_once(log, start)
        peeks = any(e.type == "peek" for e in log[start:])
        if not peeks:
            self._blackjacks_now(paid)
        if self.scene.dealer and parse_cards(self.scene.dealer[:1])[0].is_ace:
            called = end < len(log) and log[end].type == "insurance_offered"
            self.ask(
                "insurance_call",
                _("The initial deal is done and your face-up card is an ace. What now?")
                if self.hole
                else _("The initial deal is done and your card is an ace. What now?"),
                "call" if called else "play",
                [("call", _("Call insurance")), ("play", _("Go on: the players play their hands"))],
            )
        if self.hole and not peeks:
            self._check("play")
        return end

    def _blackjacks_now(self, paid: set[int | None]) -> None:
        """Whether each natural is paid at once (``paid``: the boxes the engine paid so)."""
        for box in self.numbers:
            if self.scene.natural(box) and not any(
                s["box"] == box and s["info"] == "even_money" for s in self.scene.settled
            ):  # (even money is taken before the dealer checks his hole card)
                said = {"number": box, "bettor": self.scene.owner[box]}
                self.ask(
                    "blackjack_now",
                    _(
                        "Box {number} ({bettor}) has a blackjack. "
                        "Do you pay it now, or does it wait until you turn your hole card?",
                        **said,
                    )
                    if self.hole
                    else _(
                        "Box {number} ({bettor}) has a blackjack. "
                        "Do you pay it now, or does it wait for your second card?",
                        **said,
                    ),
                    "now" if box in paid else "wait",
                    [
                        ("now", _("Pay it now")),
                        (
                            "wait",
                            _("It waits until I turn my hole card") if self.hole else _("It waits for my second card"),
                        ),
                    ],
                    box=box,
                )

    def _check(self, answer: str) -> None:
        """Whether the dealer checks his hole card before the players act (``peek``: the log
        has his check; ``play``: it has none)."""
        self.ask(
            "peek",
            _("Your hole card lies face down. Do you check it for a blackjack before the players act?"),
            answer,
            [
                ("peek", _("Check it now, without showing it (the peek)")),
                ("play", _("Leave it unchecked: the players play their hands")),
            ],
        )

    def _peek(self, log: Sequence[Event], i: int) -> None:
        """The dealer's check (``log[i]``) and what it found, as the engine says: a blackjack
        turns the hole card at once (the round ends), else the players act; then the naturals
        the engine paid at once after it."""
        self._check("peek")
        found = log[i].info == "blackjack"
        turned = i + 1 < len(log) and log[i + 1].type == "hole_turned"
        self.ask(
            "peek_result",
            _("Your hole card makes a blackjack with your face-up card. What now?")
            if found
            else _("Your hole card does not make a blackjack with your face-up card. What now?"),
            "turn" if turned else "play",
            [
                ("turn", _("Turn your hole card face up: the round ends, settle every bet")),
                ("play", _("Leave it face down: the players play their hands")),
            ],
        )
        if not found:
            self._blackjacks_now(_paid_at_once(log, i + 1)[1])

    def _even_money(self, allowed: set[tuple[int, str]]) -> None:
        for box in self.numbers:
            bettor = self.scene.owner[box]
            if self.scene.natural(box) and not any(s["box"] == box for s in self.scene.settled):
                self.ask(
                    "even_money",
                    _(
                        "You call insurance. Box {number} ({bettor}) has a blackjack: may {bettor} take even money "
                        "(paid 1 to 1 at once)?",
                        number=box,
                        bettor=bettor,
                    ),
                    "yes" if (box, bettor) in allowed else "no",
                    [("yes", _("Yes: offer even money")), ("no", _("No: only insurance is offered"))],
                    box=box,
                )

    def _players_done(self, kind: str) -> None:
        answer = {
            "dealer_card": "draw",
            "dealer_discards": "discard",
            "insurance_offered": "insurance",
            "hole_turned": "turn",
        }[kind]
        if self.hole:
            choices = [
                ("turn", _("Turn your hole card face up")),
                ("discard", _("Discard your cards, the hole card unseen: no bet is left to play for")),
            ]
        else:
            choices = [
                ("draw", _("Draw your second card")),
                ("discard", _("Discard your card: no bet is left to play for")),
            ]
            if parse_cards(self.scene.dealer[:1])[0].is_ace:
                choices.append(("insurance", _("Call insurance")))
        self.ask("players_done", _("Every hand has been played. What do you do now?"), answer, choices)

    def _dealer_draw(self, kind: str) -> None:
        cards = parse_cards(self.scene.dealer)
        total, soft = hand_total(cards)
        if total > 21 or (total == 21 and len(cards) == 2) or (kind == "dealer_total" and total < 17):
            return  # nothing to decide: bust, blackjack, or only blackjacks left to play against
        self.ask(
            "dealer_draw",
            _("Your cards make soft {total}. Do you draw or stand?", total=total)
            if soft
            else _("Your cards make {total}. Do you draw or stand?", total=total),
            "draw" if kind == "dealer_card" else "stand",
            [("draw", _("Draw a card")), ("stand", _("Stand"))],
        )

    def _pay_first(self, rest: Sequence[Event]) -> None:
        boxes: list[int] = []
        for e in rest:
            if e.type == "clear":
                break
            if e.type == "settle" and e.box is not None and e.box not in boxes:
                boxes.append(e.box)
        if len(boxes) > 1:
            self.ask(
                "pay_first",
                _("Your hand is done. Which box do you settle first?"),
                f"box:{boxes[0]}",
                [(f"box:{b}", self.box_label(b)) for b in sorted(boxes)],
            )

    def _pay(self, e: Event) -> None:
        assert e.box is not None and e.amount is not None and e.stake is not None
        scene, info = self.scene, e.info or ""
        step = f"pay:{info}"
        hands = scene.hands[e.box]
        cards = hands[e.hand - 1] if e.hand and e.hand <= len(hands) else []
        # (each prompt is one message, the question with it: the bettor's name, the box, the amounts are its values)
        said = {"bettor": e.bettor, "number": e.box, "stake": money_str(e.stake)}
        if info.startswith("insurance"):
            prompt = (
                _(
                    "{bettor}'s insurance on box {number} is {stake}; your hand is a blackjack. "
                    "What is {bettor}'s net result?",
                    **said,
                )
                if scene.dealer_state == "blackjack"
                else _(
                    "{bettor}'s insurance on box {number} is {stake}; your hand is not a blackjack. "
                    "What is {bettor}'s net result?",
                    **said,
                )
            )
        elif info == "even_money":
            prompt = _(
                "{bettor} takes even money for the blackjack on box {number} (stake {stake}). "
                "What is {bettor}'s net result?",
                **said,
            )
        elif info == "excess_returned":
            prompt = _(
                "The part of {bettor}'s bet on box {number} above the table maximum: {stake}. "
                "What is {bettor}'s net result?",
                **said,
            )
        elif e.hand is not None and (e.box, e.hand) in scene.busted:
            prompt = _(
                "{place} busts. {bettor}'s stake on it is {stake}. What is {bettor}'s net result?",
                place=self.place(e),
                **said,
            )
        elif e.hand is not None and (e.box, e.hand) in scene.surrendered:
            total = _total_text(cards)
            prompt = (
                _(
                    "{place} surrenders its {total}. Your hand: {yours}. {bettor}'s stake on it is {stake}. "
                    "What is {bettor}'s net result?",
                    place=self.place(e),
                    total=total,
                    yours=scene.dealer_total_text(),
                    **said,
                )
                if scene.dealer_state
                else _(
                    "{place} surrenders its {total}. {bettor}'s stake on it is {stake}. What is {bettor}'s net result?",
                    place=self.place(e),
                    total=total,
                    **said,
                )
            )
            step = "pay:surrender" if info == "surrender" else "pay:surrender_lost"
        else:
            prompt = self._against(e, cards, said)
            if info == "blackjack" and len(hands) > 1:
                step = "pay:split_blackjack"
            elif info == "lose" and scene.dealer_state == "blackjack":
                step = "pay:lose_at_peek" if scene.peeked == "blackjack" else "pay:lose_to_blackjack"
        self.ask("pay", prompt, e.amount, step=step, box=e.box)

    def _against(self, e: Event, cards: Sequence[str], said: Mapping[str, object]) -> str:
        """The question of a hand settled against the dealer's (or before it)."""
        scene, place = self.scene, self.place(e)
        if scene.natural(e.box or 0):
            if scene.dealer_state:
                return _(
                    "{place} has a blackjack against your {yours}; {bettor}'s stake on it is {stake}. "
                    "What is {bettor}'s net result?",
                    place=place,
                    yours=scene.dealer_total_text(),
                    **said,
                )
            return _(
                "{place} has a blackjack against your hand still to come; {bettor}'s stake on it is {stake}. "
                "What is {bettor}'s net result?",
                place=place,
                **said,
            )
        if scene.dealer_state:
            return _(
                "{place} has {total} against your {yours}; {bettor}'s stake on it is {stake}. "
                "What is {bettor}'s net result?",
                place=place,
                total=_total_text(cards),
                yours=scene.dealer_total_text(),
                **said,
            )
        return _(
            "{place} has {total} against your hand still to come; {bettor}'s stake on it is {stake}. "
            "What is {bettor}'s net result?",
            place=place,
            total=_total_text(cards),
            **said,
        )


def practice(rules: RuleSet, seed: int) -> Practice:
    """A practice round under ``rules``: the engine plays it from ``seed``; its log becomes
    the dealer's questions. The same rule set and seed give the same questions."""
    seed = _check_seed(seed)
    bets, log, offers = _play(rules, seed)
    return Practice(rules, seed, tuple(bets), tuple(questions(bets, log, offers)), tuple(log))


def questions(
    bets: Sequence[tuple[int, str, Money]], log: Sequence[Event], offers: Offers | None = None
) -> list[Question]:
    """The dealer's questions of a round's ``log`` (any round's: a practice's, or one played from
    a stacked shoe): ``bets`` are its (box, bettor, stake), one bettor a box; ``offers`` the
    bettors allowed even money at each insurance call (none given: nobody)."""
    return _Builder(bets).build(log, offers or {})


# ---------------------------------------------------------------------------- judging
def _label(question: Question, value: str | Money) -> str:
    if not question.choices:
        assert not isinstance(value, str)
        return ("+" if value > 0 else "") + money_str(value)
    return dict(question.choices)[str(value)]


def judge(rules: RuleSet, question: Question, answer: str) -> Verdict:
    """Judge ``answer`` (a choice's value, or an amount as text) against the engine's.
    A malformed answer (not a choice, not an amount) is an :class:`InputError`, not a
    wrong answer."""
    if not isinstance(answer, str):
        raise InputError(_("an answer is text, not {answer}", answer=repr(answer)), field="answer")
    given: str | Money
    if question.choices:
        if answer not in dict(question.choices):
            known = ", ".join(value for value, _label in question.choices)
            raise InputError(
                _("{answer} is not one of the choices ({known})", answer=repr(answer), known=known), field="answer"
            )
        given = answer
        correct = answer == question.answer
        extra = () if correct else STEP_RULES.get(f"{question.kind}:{answer}", ())
    else:
        text = answer.strip().replace("\u2212", "-")  # a typed minus sign
        typed = text[1:] if text.startswith("+") else text
        try:
            given = parse_money(typed)
        except InputError:  # (said here, in the reader's language)
            raise InputError(_("not an amount of money: {text}", text=repr(typed)), field="amount") from None
        correct = given == question.answer
        extra = ()
    names = tuple(dict.fromkeys(question.fields + extra))
    return Verdict(
        correct, _label(question, given), _label(question, question.answer), tuple(cite(rules, n) for n in names)
    )


# ---------------------------------------------------------------------------- the page's side
@lru_cache(maxsize=64)
def _cached(reg: str, seed: int, code: str, hole: str) -> Practice:
    with language(code, rulebook=reg):  # (the questions are asked in the page's language)
        return practice(with_hole_card(ruleset(reg), hole), seed)


def _round(reg: object, seed: object, hole: object) -> Practice:
    if not isinstance(reg, str):
        raise InputError(_("a regulation id is text, not {reg}", reg=repr(reg)), field="regulation")
    return _cached(ruleset(reg).id, _check_seed(seed), active(), str(hole or "").strip())


def _rulebook(reg: object) -> str | None:
    """The rulebook whose words a page's request speaks (none for an id that is not one)."""
    return reg.upper() if isinstance(reg, str) and reg.upper() in REGULATION_IDS else None


def round_json(reg: str, seed: str | int, hole_card: str = "") -> str:
    """A practice round for the page, in the active language and the rulebook's words: the
    rulebook's name (with its id), the bets, the questions (without their answers) and the
    glossary's words of the rulebook in that language (``words``: the page's own sentences
    say them too), or ``{"error": ...}``. ``hole_card`` (none, peek, peek_ace; empty: the
    rulebook's own) is a house's choice, as the page's form or address gives it: the round says
    it (``house``: its value in the trade's words, where it is not the rulebook's)."""
    with language(active(), rulebook=_rulebook(reg)):
        try:
            p = _round(reg, seed, hole_card)
        except SpecError as exc:
            return json.dumps({"error": str(exc)}, ensure_ascii=False)
        said = terms(active(), p.rules.id) if active() != SOURCE else {}
        house = p.rules.hole_card != ruleset(p.rules.id).hole_card
        return json.dumps(
            {
                "reg": p.rules.id,
                "name": rulebook_name(p.rules.id, with_id=True),
                "seed": p.seed,
                "hole_card": p.rules.hole_card,
                "house": words("hole_card", p.rules.hole_card) if house else None,
                "bets": [{"box": b, "bettor": who, "amount": money_str(a)} for b, who, a in p.bets],
                "questions": [q.to_dict() for q in p.questions],
                "words": said,
            },
            ensure_ascii=False,
        )


def answer_json(reg: str, seed: str | int, index: int, answer: str, hole_card: str = "") -> str:
    """The verdict on the answer to question ``index`` of a round (``hole_card`` as the round
    was dealt, :func:`round_json`), in the active language, or ``{"error": ...}`` for an answer
    that is not one (an unknown choice, a malformed amount)."""
    with language(active(), rulebook=_rulebook(reg)):
        try:
            p = _round(reg, seed, hole_card)
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(p.questions):
                raise InputError(
                    _("the round has questions 0..{last}, not {index}", last=len(p.questions) - 1, index=repr(index)),
                    field="question",
                )
            verdict = judge(p.rules, p.questions[index], answer)
        except SpecError as exc:
            return json.dumps({"error": str(exc)}, ensure_ascii=False)
        return json.dumps(verdict.to_dict(), ensure_ascii=False)
