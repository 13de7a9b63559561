"""Same hand, five rulebooks: stacked situations played by the engine under each rule set."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from spec_engine import rules as rulebook
from spec_engine.cards import DECK, Card, Shoe, parse_card, parse_cards
from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import InputError, RuleViolation
from spec_engine.events import Event, money_str, parse_money
from spec_engine.game import Hand, Phase, Round
from spec_engine.pages import play as widgets
from spec_engine.pages.cards import RANK_NAMES, card_svg, cards_text, hand_svg
from spec_engine.pages.common import basis_text, rule_value_text, signed_money, text
from spec_engine.rules import RuleSet

# ---------------------------------------------------------------------------- situations


@dataclass(frozen=True, slots=True)
class Wish:
    """A bettor's decision, tried when his hand on ``box`` matches ``when``.

    ``when``: ``"pair 8"`` (two cards of that value; ``A`` for aces, ``T`` for tens), a
    total (``"12"``), ``"soft 18"`` or ``"hard 12"``, or ``"insurance"`` (when insurance is
    called; then ``bettor`` says whose). ``choices`` are tried in order until the rule set
    allows one: ``hit``, ``stand``, ``double``, ``split``, ``even money``, ``insure <amount>``.
    """

    box: int
    when: str
    choices: tuple[str, ...]
    bettor: str | None = None


@dataclass(frozen=True, slots=True)
class Situation:
    """One stacked situation: the same cards and bets under every rule set.

    ``hands`` gives each box's cards in the order the box receives them (its two first
    cards, then every card it draws, whichever hand it goes to); ``dealer`` the dealer's
    cards in order. The shoe is arranged for each rule set so that every box and the
    dealer receive exactly these cards, whatever the dealing and playing order.
    """

    slug: str
    title: str
    explanation: str
    rules: tuple[str, ...]
    bets: tuple[tuple[int, str, int], ...]
    dealer: str
    hands: tuple[tuple[int, str], ...]
    wishes: tuple[Wish, ...] = ()
    sequence: bool = False
    """Show the order of the cards dealt and of the payments."""


SITUATIONS: tuple[Situation, ...] = (
    Situation(
        slug="eights",
        title="Splitting a pair of eights, and what follows",
        explanation=(
            "The player splits two eights against a six. He wants to double any hand of 11 or 10 and to split "
            "eights again when another eight comes."
        ),
        rules=("double_after_split", "double_after_split_hands", "max_split_hands", "resplit_consecutive_only"),
        bets=((1, "P1", 10),),
        dealer="6D 2C TH",
        hands=((1, "8S 8H 3C TD 8C 2S 9D 7H"),),
        wishes=(
            Wish(1, "pair 8", ("split", "stand")),
            Wish(1, "11", ("double", "stand")),
            Wish(1, "10", ("double", "stand")),
        ),
    ),
    Situation(
        slug="double-12-soft",
        title="Doubling on 12, and on a soft hand",
        explanation=(
            "Against a five, box 1 holds 7 and 5 (12) and box 2 an ace and a seven (soft 18). "
            "Both want to double; where doubling is refused they stand."
        ),
        rules=("double_totals",),
        bets=((1, "P1", 10), (2, "P2", 10)),
        dealer="5D TC 4S",
        hands=((1, "7S 5H 9C"), (2, "AC 7D 3H")),
        wishes=(Wish(1, "12", ("double", "stand")), Wish(2, "soft 18", ("double", "stand"))),
    ),
    Situation(
        slug="split-aces",
        title="Splitting aces, then a ten",
        explanation=(
            "The player splits two aces against a nine. The first ace receives a ten, the second another ace: "
            "he wants to split again, or else draw."
        ),
        rules=("split_aces_one_card", "resplit_aces", "resplit_consecutive_only", "split_21_is_blackjack"),
        bets=((1, "P1", 10),),
        dealer="9C 8H",
        hands=((1, "AS AH TD AC 9S 7D"),),
        wishes=(Wish(1, "pair A", ("split", "hit")),),
    ),
    Situation(
        slug="dealer-blackjack",
        title="A dealer blackjack against a doubled and a split hand",
        explanation=(
            "Against the dealer's king, box 1 wants to double its 11 and box 2 to split its eights; the "
            "dealer's next card is an ace. How much does the dealer's blackjack take?"
        ),
        rules=("dealer_blackjack_takes", "insurance_timing"),
        bets=((1, "P1", 10), (2, "P2", 10)),
        dealer="KS AD",
        hands=((1, "5S 6H 9C"), (2, "8D 8C TC 9H")),
        wishes=(Wish(1, "11", ("double", "stand")), Wish(2, "pair 8", ("split", "stand"))),
    ),
    Situation(
        slug="insurance",
        title="Insurance and even money against an ace",
        explanation=(
            "The dealer shows an ace. P1 holds a blackjack and asks for even money (else he insures 5); "
            "P2 holds 16, insures 5 and draws. The dealer's next card is a king."
        ),
        rules=("even_money", "insurance_timing", "insurance_max", "insurance_base"),
        bets=((1, "P1", 10), (2, "P2", 10)),
        dealer="AC KD",
        hands=((1, "AS KH"), (2, "TD 6C 9H")),
        wishes=(
            Wish(1, "insurance", ("even money", "insure 5"), bettor="P1"),
            Wish(2, "insurance", ("insure 5",), bettor="P2"),
            Wish(2, "16", ("hit",)),
        ),
    ),
    Situation(
        slug="hit-21",
        title="Drawing on 21",
        explanation=(
            "The player draws to an ace and a five and makes soft 21; he asks for one more card. The dealer makes 19."
        ),
        rules=("hit_on_soft_21", "hit_on_hard_21"),
        bets=((1, "P1", 10),),
        dealer="TC 9S",
        hands=((1, "AS 5H 5D 8C"),),
        wishes=(Wish(1, "soft 16", ("hit",)), Wish(1, "21", ("hit", "stand"))),
    ),
    Situation(
        slug="stand-11",
        title="Standing on 11",
        explanation="The player holds 6 and 5 against a seven and wants to stand; where he may not, he draws.",
        rules=("min_stand_total",),
        bets=((1, "P1", 10),),
        dealer="7C TS",
        hands=((1, "6S 5H 9D"),),
        wishes=(Wish(1, "11", ("stand", "hit")),),
    ),
    Situation(
        slug="order",
        title="The order of dealing and payment",
        explanation=(
            "Three boxes against a six: 16 on box 1, a blackjack on box 2, 18 on box 3. Everyone stands; "
            "the dealer busts. Who gets the first card, when is the blackjack paid, and who is paid first?"
        ),
        rules=("deal_order", "payment_order", "pay_blackjack_immediately", "blackjack_payout"),
        bets=((1, "P1", 10), (2, "P2", 10), (3, "P3", 10)),
        dealer="6D TC 9H",
        hands=((1, "9S 7H"), (2, "AS KH"), (3, "TD 8C")),
        sequence=True,
    ),
)


# ---------------------------------------------------------------------------- playing them


MIN_BET, MAX_BET = 10, 500
"""The table limits every situation is played with."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A decision the rule set refused: where in the round's log it belongs (``at``), whose
    (box, hand, bettor), what was asked and the engine's refusal."""

    at: int
    box: int
    hand: int | None
    bettor: str | None
    choice: str
    refusal: RuleViolation


Step = tuple[str, int | None, str | None, str | None]
"""A decision asked of a round: kind (``hit``, ``insurance``, ``close_insurance``...), box,
bettor and amount (an insurance's), as ``play.js`` sends them back to the engine."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Played:
    """A situation played under one rule set: the round, the refusals, the whole log (a
    table's log starts with its shuffle, cut and burns), and the decisions asked in order."""

    rules: RuleSet
    round: Round
    notes: list[Refused]
    log: list[Event]
    asked: Sequence[Step] = ()


PlayFunction = Callable[[list[Card]], Played]


def _matches(when: str, hand: Hand) -> bool:
    """Whether a hand is in the state a wish names (see :class:`Wish`)."""
    words = when.split()
    if words[0] == "pair":
        value = parse_card(words[1] + "S").value
        return len(hand.cards) == 2 and hand.cards[0].value == hand.cards[1].value == value
    total = int(words[-1])
    if words[0] == "soft":
        return hand.soft and hand.total == total
    if words[0] == "hard":
        return not hand.soft and hand.total == total
    return hand.total == total


class Player:
    """Plays a dealt round: the wishes where they apply, else stand (or draw when standing
    is refused); declines insurance nobody wishes. Refusals are kept as notes."""

    def __init__(self, rnd: Round, wishes: Sequence[Wish]) -> None:
        self.rnd = rnd
        self.plays = [w for w in wishes if w.when != "insurance"]
        self.covers = [w for w in wishes if w.when == "insurance"]
        self.asked: set[tuple[int, int]] = set()
        self.notes: list[Refused] = []
        self.steps: list[Step] = []
        """Every decision asked of the round, allowed or refused, in order: the worked hand's
        widget offers them again. A refusal for playing out of turn is not kept (the page does
        not report it either)."""

    def _ask(self, step: Step, call: Callable[..., T], *args: Any) -> T:
        try:
            result = call(*args)
        except RuleViolation as exc:
            if exc.rule != "play_order":
                self.steps.append(step)
            raise
        self.steps.append(step)
        return result

    def run(self) -> list[Refused]:
        rnd = self.rnd
        while rnd.phase is not Phase.DONE:
            if rnd.phase is Phase.INSURANCE:
                self._insurance()
                self._ask(("close_insurance", None, None, None), rnd.close_insurance)
            else:
                self._decide()
        self._closed_hands()
        self._insurance()  # wishes never reached: the engine says why
        return self.notes

    def _act(self, wish: Wish, choice: str) -> None:
        rnd, box = self.rnd, wish.box
        if choice == "even money" and wish.bettor:
            self._ask(("even_money", box, wish.bettor, None), rnd.take_even_money, box, wish.bettor)
        elif choice.startswith("insure ") and wish.bettor:
            amount = parse_money(choice.split()[1])
            self._ask(("insurance", box, wish.bettor, money_str(amount)), rnd.insure, box, wish.bettor, amount)
        elif choice in ("hit", "stand", "double", "split"):
            self._ask((choice, box, None, None), getattr(rnd, choice), box)
        else:
            raise InputError(f"unknown decision {choice!r}", field="wish")

    def _try(self, wish: Wish, hand: int | None, *, at: int | None = None, first_only: bool = False) -> None:
        for choice in wish.choices[:1] if first_only else wish.choices:
            where = len(self.rnd.log) if at is None else at
            try:
                self._act(wish, choice)
            except RuleViolation as exc:
                if exc.rule != "play_order":  # a hand already complete: nothing to report
                    self.notes.append(Refused(where, wish.box, hand, wish.bettor, choice, exc))
                continue
            return

    def _insurance(self) -> None:
        covers, self.covers = self.covers, []
        for wish in covers:
            self._try(wish, None)

    def _decide(self) -> None:
        current = self.rnd.current()
        assert current is not None
        box, hand = current
        for index, wish in enumerate(self.plays):
            key = (id(hand), index)
            if wish.box == box.number and key not in self.asked and _matches(wish.when, hand):
                self.asked.add(key)
                self._try(wish, box.hands.index(hand) + 1)
                return
        if self.rnd.can_stand(box.number):
            self._ask(("stand", box.number, None, None), self.rnd.stand, box.number)
        else:
            self._ask(("hit", box.number, None, None), self.rnd.hit, box.number)

    def _closed_hands(self) -> None:
        """Wishes for hands the rules closed before the player could ask (a hand standing on
        21, a split ace): asked now, so that the engine names the rule that closed them."""
        rnd = self.rnd
        for index, wish in enumerate(self.plays):
            box = rnd.boxes.get(wish.box)
            if box is None or not box.hands:
                continue
            hand = box.hands[-1]
            key = (id(hand), index)
            if key in self.asked or not _matches(wish.when, hand):
                continue
            self.asked.add(key)
            number = len(box.hands)
            self._try(wish, number, at=_last_card(rnd.events, wish.box, number, len(rnd.log)), first_only=True)


def _last_card(events: Sequence[Event], box: int, hand: int, default: int) -> int:
    """The log position just after the last card a box's hand received (where the rules
    closed it)."""
    for index in range(len(events) - 1, -1, -1):
        e = events[index]
        if e.type == "card" and e.box == box and e.hand == hand:
            return index + 1
    return default


def _receivers(events: Iterable[Event]) -> list[int]:
    """Who received each card drawn in a round, in order (0: the dealer)."""
    out = []
    for e in events:
        if e.type in ("dealer_card", "dealer_hole"):
            out.append(0)
        elif e.type in ("card", "misdeal"):
            out.append(e.box or 0)
    return out


def _arrange(order: Sequence[int], queues: dict[int, list[Card]]) -> list[Card]:
    """The shoe giving each receiver the next card of its queue, in ``order``; the cards no
    turn asks for follow, receiver by receiver."""
    left = {who: list(cards) for who, cards in queues.items()}
    out = []
    for who in order:
        if left.get(who):
            out.append(left[who].pop(0))
    for who in sorted(left):
        out.extend(left[who])
    return out


def _queues(sit: Situation) -> dict[int, list[Card]]:
    queues = {box: parse_cards(codes) for box, codes in sit.hands}
    queues[0] = parse_cards(sit.dealer)
    return queues


def _deal_guess(rules: RuleSet, sit: Situation) -> list[int]:
    boxes = sorted({box for box, _, _ in sit.bets}, reverse=rules.deal_order == "descending")
    return [*boxes, 0, *boxes]


def converge(sit: Situation, rules: RuleSet, play: PlayFunction) -> Played:
    """Play until every receiver got exactly its own cards: arrange the shoe in the order of
    receivers the last play showed, and play again (the order depends on the rule set's
    dealing and playing order and on its refusals)."""
    queues = _queues(sit)
    stacked = sum(len(cards) for cards in queues.values())
    order = _deal_guess(rules, sit)
    for _ in range(12):
        cards = _arrange(order, queues)
        played = play(cards)
        got = _receivers(played.round.events)
        if len(got) <= stacked and _arrange(got, queues)[: len(got)] == cards[: len(got)]:
            return played
        order = got
    raise InputError(f"situation {sit.slug!r}: a box or the dealer needs more cards than listed", field="hands")


def _round_player(rules: RuleSet, sit: Situation) -> PlayFunction:
    """Play a situation as a lone round from a stacked shoe."""

    def play(cards: list[Card]) -> Played:
        # a spare deck behind, so that a wrongly arranged try does not run out of cards
        rnd = Round(rules, Shoe(cards + list(DECK)), min_bet=MIN_BET, max_bet=MAX_BET)
        for box, bettor, amount in sit.bets:
            rnd.place_bet(box, bettor, amount)
        rnd.deal()
        player = Player(rnd, sit.wishes)
        notes = player.run()
        return Played(rules, rnd, notes, rnd.log, player.steps)

    return play


def play_situation(sit: Situation, reg_id: str) -> Played:
    """Play one situation under one regulation's rule set (as :func:`spec_engine.rules.ruleset`
    gives it now)."""
    rules = rulebook.ruleset(reg_id)
    return converge(sit, rules, _round_player(rules, sit))


# ---------------------------------------------------------------------------- the worked-hands page


def _describe_when(when: str) -> str:
    words = when.split()
    if words[0] == "pair":
        rank = parse_card(words[1] + "S")
        return f"with a pair of {RANK_NAMES[rank.rank]}s" if rank.rank != "A" else "with a pair of aces"
    if when == "insurance":
        return "when insurance is called"
    return f"on {when}"


def _describe_wish(wish: Wish, boxes: int) -> str:
    who = wish.bettor or f"box {wish.box}"
    prefix = f"{who}, " if boxes > 1 or wish.bettor else ""
    choices = ", else ".join(wish.choices)
    return f"- {prefix}{_describe_when(wish.when)}: {choices}"


def cards_block(sit: Situation) -> list[str]:
    dealer = parse_cards(sit.dealer)
    lines = [f"- Dealer: {card_svg(dealer[0].code)} then {hand_svg([c.code for c in dealer[1:]])}"]
    bettors = {box: (bettor, amount) for box, bettor, amount in sit.bets}
    for box, codes in sit.hands:
        cards = parse_cards(codes)
        bettor, amount = bettors[box]
        line = f"- Box {box} ({bettor} bets {amount}): {hand_svg([c.code for c in cards[:2]])}"
        if len(cards) > 2:
            line += f" then {hand_svg([c.code for c in cards[2:]])}"
        lines.append(line)
    return lines


def _refusal_text(rules: RuleSet, note: Refused) -> str:
    exc = note.refusal
    return f"**{note.choice}: refused**, {text(exc.reason)} ({basis_text(rules.citations.get(exc.rule))})"


def _event_text(e: Event) -> str | None:
    """A player's decision (or what befell his hand) as a few words."""
    if e.type in ("hit", "double", "split"):
        return e.type
    if e.type == "stand":
        return "stands (no choice left)" if e.info == "automatic" else "stand"
    if e.type == "bust":
        return f"bust ({e.total})"
    if e.type == "insurance" and e.amount is not None:
        return f"{e.bettor} insures {money_str(e.amount)}"
    if e.type == "even_money":
        return f"{e.bettor} takes even money"
    return None


def _story(sit: Situation, played: Played) -> str:
    """What happened at the table: decisions in order, refusals in their place."""
    events = played.round.events
    notes = sorted(played.notes, key=lambda n: n.at)
    items: list[tuple[int, str, str]] = []
    for index, e in enumerate(events):
        said = _event_text(e)
        if said is not None:
            items.append((index, _where(sit, played, e.box, e.hand), said))
    for note in notes:
        items.append((note.at - 1, _where(sit, played, note.box, note.hand), _refusal_text(played.rules, note)))
    items.sort(key=lambda item: item[0])
    return "<br>".join(f"{where}{said}" for _, where, said in items) or "no decision"


def _where(sit: Situation, played: Played, box: int | None, hand: int | None) -> str:
    parts = []
    if box is not None and len(sit.bets) > 1:
        parts.append(f"box {box}")
    target = played.round.boxes.get(box) if box is not None else None
    if hand is not None and target is not None and len(target.hands) > 1:
        parts.append(f"hand {hand}")
    return " ".join(parts) + ": " if parts else ""


def _hand_text(hand: Hand) -> str:
    shown = f"{cards_text(hand.cards)} = {hand.total}"
    if hand.doubled:
        shown += " doubled"
    if hand.hard > 21:
        shown += " bust"
    return shown


def _hands(sit: Situation, rnd: Round) -> str:
    out = []
    for number in sorted(rnd.boxes):
        box = rnd.boxes[number]
        for index, hand in enumerate(box.hands, 1):
            label = f"box {number}" if len(sit.bets) > 1 else ""
            if len(box.hands) > 1:
                label = f"{label} hand {index}".strip()
            out.append(f"{label + ': ' if label else ''}{_hand_text(hand)}")
    return "<br>".join(out)


def _dealer(rnd: Round) -> str:
    shown = cards_text(rnd.dealer)
    if any(e.type == "dealer_hole" for e in rnd.events) and not any(e.type == "hole_turned" for e in rnd.events):
        shown = f"{cards_text(rnd.dealer[:1])} and a face-down card"  # (never turned: never shown)
    for e in rnd.events:
        if e.type == "dealer_total":
            return f"{shown} = {e.total} ({e.info})"
        if e.type == "dealer_discards":
            return f"{shown} (discarded: no bet left in play)"
    return shown


def _sequence(rnd: Round) -> str:
    """The order of the initial deal and of the settlements."""
    boxes = len(rnd.boxes)
    hole = any(e.type == "dealer_hole" for e in rnd.events)
    dealt = [e for e in rnd.events if e.type in ("card", "dealer_card", "dealer_hole")][: 2 * boxes + 1 + hole]
    said = {"dealer_card": "dealer", "dealer_hole": "dealer (face down)"}
    deal = ", ".join(said.get(e.type, f"box {e.box}") for e in dealt)
    paid = []
    before = True
    for e in rnd.events:
        if e.type in ("hit", "stand", "double", "split", "insurance_offered", "dealer_total"):
            before = False
        if e.type == "settle":
            paid.append(f"box {e.box} ({e.info}{', at the deal' if before else ''})")
    return f"dealt: {deal}<br>settled: {', '.join(paid)}"


def bettors(sit: Situation) -> list[str]:
    return list(dict.fromkeys(bettor for _, bettor, _ in sit.bets))


def _row(sit: Situation, played: Played) -> str:
    rules, rnd = played.rules, played.round
    cells = [
        text(rules.name),
        "<br>".join(rule_value_text(rules, name) for name in sit.rules),
        _story(sit, played),
        _hands(sit, rnd),
        _dealer(rnd),
    ]
    if sit.sequence:
        cells.append(_sequence(rnd))
    cells += [signed_money(rnd.net.get(bettor, 0)) for bettor in bettors(sit)]
    return "| " + " | ".join(cells) + " |"


def _summary(sit: Situation, plays: Sequence[Played]) -> str:
    refused = [p.rules.id for p in plays if p.notes]
    results = {tuple(p.round.net.get(b, 0) for b in bettors(sit)) for p in plays}
    said = f"Refused under {', '.join(refused)}." if refused else "No rule set refuses a decision."
    money = (
        "The bettors' results are the same under every rule set."
        if len(results) == 1
        else f"The bettors' results differ: {len(results)} different outcomes."
    )
    return f"{said} {money}"


def play_here(sit: Situation, plays: Sequence[Played]) -> str:
    """The situation's own widget, folded: its cards and bets in the form, under the five
    rulebooks side by side, and each table offering the decisions the page takes there."""
    bettors = {box: bettor for box, bettor, _ in sit.bets}
    if len(bettors) != len(sit.bets):
        raise InputError(f"situation {sit.slug!r}: one bettor per box, for its widget", field="bets")
    cards = dict(sit.hands)
    fields = []
    for box, bettor, amount in sit.bets:
        fields += [
            widgets.Field(
                f"cards-{box}",
                f"Box {box}'s cards ({bettor})",
                "in the order the box receives them",
                cards.get(box, ""),
            ),
            widgets.Field(f"bet-{box}", f"{bettor}'s bet", "an exact amount (10 to 500)", money_str(amount), "decimal"),
        ]
    fields += [
        widgets.Field("cards-0", "The dealer's cards", "in the order the dealer receives them", sit.dealer),
        widgets.Field("seed", "Seed", "shuffles the cards not listed, drawn after them", "", "numeric"),
    ]
    script = {p.rules.id: [list(step) for step in p.asked] for p in plays}
    body = widgets.widget(f"bj-{sit.slug}", fields, bettors=bettors, script=script, folded=True)
    return widgets.folded("Play this hand here", body)


def situation_section(sit: Situation) -> str:
    """One situation: explanation, cards, decisions, then one row per regulation."""
    plays = [play_situation(sit, reg_id) for reg_id in REGULATION_IDS]
    header = ["rule set", "rules at stake", "what happened", "hands at the end", "dealer"]
    if sit.sequence:
        header.append("order")
    header += [f"{b} net" for b in bettors(sit)]
    lines = [
        f"## {text(sit.title)} {{#{sit.slug}}}",
        "",
        text(sit.explanation),
        "",
        "**The cards**, each box's and the dealer's in the order they receive them:",
        "",
        *cards_block(sit),
        "",
        "**The decisions**:",
        "",
        *[_describe_wish(w, len(sit.bets)) for w in sit.wishes],
        f"- {'otherwise ' if sit.wishes else ''}every player stands (or draws where he may not stand yet).",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
        *[_row(sit, p) for p in plays],
        "",
        _summary(sit, plays),
        "",
        play_here(sit, plays),
        "",
    ]
    return "\n".join(lines)


def worked_hands_page(situations: Sequence[Situation] = SITUATIONS) -> str:
    """The page "Same hand, five rulebooks": every situation played under the five rule sets."""
    lines = [
        "# Same hand, five rulebooks",
        "",
        (
            "Each situation below is one stacked shoe: the same cards reach the same boxes and the "
            "dealer, with the same bets and the same wishes of the players. The engine plays it under "
            "each of the five rule sets when this page is built; where a rule set refuses a decision, "
            "the refusal and the clauses behind it are shown, and the player takes his next choice. "
            "Each box receives its cards in the order listed, whichever of its hands they go to: where a "
            "rule set refuses a draw, the card goes to the box's next draw."
        ),
        "",
        (
            "In *rules at stake*, a value in **bold** is the regulation's word (linked clauses) or the "
            "project's reading of it; *italic* is the engine's assumption where the text is silent "
            "(*not stated: assumed*). Amounts are each bettor's net result for the round. "
            f"Table limits: {MIN_BET} to {MAX_BET}."
        ),
        "",
        (
            "Under each situation, *Play this hand here* runs the same engine in this page (Python in "
            "your browser, served by this site): its cards and bets in a form you can change, the five "
            "rulebooks side by side, the actions each allows as buttons, and the page's own decisions "
            "offered one by one, refusals included."
        ),
        "",
        widgets.STYLE,
        "",
    ]
    for sit in situations:
        lines.append(situation_section(sit))
    lines += [widgets.SCRIPTS, ""]
    return "\n".join(lines)
