"""Showcase pages: the same hand under five rulebooks, and dealer onboarding.

Both pages are computed when the site is built. :func:`worked_hands_page` plays each
situation with the engine under each rule set and shows what happened; :func:`onboarding_page`
makes every sentence of a dealer's guide from a rule value and its citation, and ends with a
round the engine plays. Only the situations' cards and decisions are written here; every
outcome, refusal, citation and amount comes from the engine and the data. Pages are plain
Markdown strings, the cards drawn as inline SVG (:func:`card_svg`, :func:`hand_svg`) with no
external asset or font.

Rule sets are looked up through :func:`spec_engine.rules.ruleset` at call time, so a page
built with a changed rule value shows the change.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from spec_engine import rules as rulebook
from spec_engine.cards import DECK, Card, Shoe, parse_card, parse_cards
from spec_engine.catalog import REGULATION_IDS, clause
from spec_engine.docgen import clause_link, text
from spec_engine.errors import InputError, RuleViolation
from spec_engine.events import Event, Money, money_str, parse_money
from spec_engine.game import Hand, Phase, Round, Table
from spec_engine.rules import Citation, RuleSet, show_value

__all__ = [
    "SITUATIONS",
    "Played",
    "Refused",
    "Situation",
    "Wish",
    "card_name",
    "card_svg",
    "card_text",
    "hand_svg",
    "onboarding_page",
    "play_situation",
    "situation_section",
    "worked_hands_page",
]

# ---------------------------------------------------------------------------- cards as SVG

_RANK_NAMES = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD_W, _CARD_H, _CARD_GAP = 42, 60, 6
_RED, _BLACK = "#b3141b", "#1a1a1a"
_FONT = 'font-family="sans-serif"'


def card_name(code: str) -> str:
    """The card's name in words: ``"7S"`` -> ``"seven of spades"``."""
    card = parse_card(code)
    return f"{_RANK_NAMES[card.rank]} of {_SUIT_NAMES[card.suit]}"


def card_text(code: str) -> str:
    """The card as short text with its suit symbol: ``"TH"`` -> ``"10♥"``."""
    card = parse_card(code)
    return _rank_shown(card) + _SUIT_SYMBOLS[card.suit]


def _rank_shown(card: Card) -> str:
    return "10" if card.rank == "T" else card.rank


def _card_group(card: Card, x: int) -> str:
    """One card drawn at ``x``: a rounded rectangle, the rank and suit in two corners, a
    large suit symbol in the middle."""
    colour = _RED if card.suit in "HD" else _BLACK
    rank, suit = _rank_shown(card), _SUIT_SYMBOLS[card.suit]
    paint = f'{_FONT} fill="{colour}"'
    return (
        f'<g transform="translate({x} 0)"><title>{card_name(card.code)}</title>'
        f'<rect x="0.5" y="0.5" width="{_CARD_W - 1}" height="{_CARD_H - 1}" rx="4" '
        'fill="#ffffff" stroke="#777777"/>'
        f'<text x="4" y="14" font-size="12" font-weight="bold" {paint}>{rank}</text>'
        f'<text x="4" y="26" font-size="11" {paint}>{suit}</text>'
        f'<text x="{_CARD_W // 2}" y="{_CARD_H // 2 + 9}" text-anchor="middle" font-size="24" {paint}>{suit}</text>'
        f'<text x="{_CARD_W - 4}" y="{_CARD_H - 5}" text-anchor="end" font-size="12" font-weight="bold" '
        f"{paint}>{rank}</text>"
        "</g>"
    )


def _svg(width: int, label: str, body: str) -> str:
    label = html.escape(label, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{_CARD_H}" '
        f'viewBox="0 0 {width} {_CARD_H}" role="img" aria-label="{label}">'
        f"<title>{label}</title>{body}</svg>"
    )


def card_svg(code: str) -> str:
    """A small inline SVG of one card (on one line, so Markdown keeps it whole)."""
    card = parse_card(code)
    return _svg(_CARD_W, card_name(card.code), _card_group(card, 0))


def hand_svg(codes: str | Iterable[str], *, label: str | None = None) -> str:
    """Several cards side by side in one inline SVG; ``label`` (default: the cards' names)
    is its accessible name."""
    cards = parse_cards(codes)
    if not cards:
        raise InputError("a hand to draw needs at least one card", field="cards")
    step = _CARD_W + _CARD_GAP
    width = len(cards) * step - _CARD_GAP
    body = "".join(_card_group(card, i * step) for i, card in enumerate(cards))
    return _svg(width, label or ", ".join(card_name(c.code) for c in cards), body)


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_text(c.code) for c in cards)


# ---------------------------------------------------------------------------- citations


def _links(clauses: Sequence[str]) -> str:
    return ", ".join(clause_link(c) for c in clauses)


def _basis(cite: Citation | None) -> str:
    """A rule value's basis, short: its clause links, a reading of them, or an assumption."""
    if cite is None or cite.assumed:
        context = f"; context {_links(cite.clauses)}" if cite is not None and cite.clauses else ""
        return f"*not stated: assumed*{context}"
    prefix = "reading of " if cite.basis == "interpretation" else ""
    return prefix + _links(cite.clauses)


def _stake_cell(rules: RuleSet, name: str) -> str:
    """A rule value with its basis, as in the rules comparison: bold when the text says it,
    italic when the engine assumes it."""
    cite = rules.citations.get(name)
    shown = text(show_value(getattr(rules, name)))
    value = f"*{shown}*" if cite is None or cite.assumed else f"**{shown}**"
    return f"`{name}` {value} ({_basis(cite)})"


def _signed(amount: Money) -> str:
    return ("+" if amount > 0 else "") + money_str(amount)


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

MIN_BET, MAX_BET = 10, 500
"""The table limits every situation is played with."""


# ---------------------------------------------------------------------------- playing them


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


@dataclass(frozen=True, slots=True)
class Played:
    """A situation played under one rule set: the round, the refusals, the whole log (a
    table's log starts with its shuffle, cut and burns)."""

    rules: RuleSet
    round: Round
    notes: list[Refused]
    log: list[Event]


_Play = Callable[[list[Card]], Played]


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


class _Player:
    """Plays a dealt round: the wishes where they apply, else stand (or draw when standing
    is refused); declines insurance nobody wishes. Refusals are kept as notes."""

    def __init__(self, rnd: Round, wishes: Sequence[Wish]) -> None:
        self.rnd = rnd
        self.plays = [w for w in wishes if w.when != "insurance"]
        self.covers = [w for w in wishes if w.when == "insurance"]
        self.asked: set[tuple[int, int]] = set()
        self.notes: list[Refused] = []

    def run(self) -> list[Refused]:
        rnd = self.rnd
        while rnd.phase is not Phase.DONE:
            if rnd.phase is Phase.INSURANCE:
                self._insurance()
                rnd.close_insurance()
            else:
                self._decide()
        self._closed_hands()
        self._insurance()  # wishes never reached: the engine says why
        return self.notes

    def _act(self, wish: Wish, choice: str) -> None:
        rnd, box = self.rnd, wish.box
        if choice == "even money" and wish.bettor:
            rnd.take_even_money(box, wish.bettor)
        elif choice.startswith("insure ") and wish.bettor:
            rnd.insure(box, wish.bettor, parse_money(choice.split()[1]))
        elif choice in ("hit", "stand", "double", "split"):
            getattr(rnd, choice)(box)
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
            self.rnd.stand(box.number)
        else:
            self.rnd.hit(box.number)

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
        if e.type == "dealer_card":
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


def _converge(sit: Situation, rules: RuleSet, play: _Play) -> Played:
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


def _round_player(rules: RuleSet, sit: Situation) -> _Play:
    """Play a situation as a lone round from a stacked shoe."""

    def play(cards: list[Card]) -> Played:
        # a spare deck behind, so that a wrongly arranged try does not run out of cards
        rnd = Round(rules, Shoe(cards + list(DECK)), min_bet=MIN_BET, max_bet=MAX_BET)
        for box, bettor, amount in sit.bets:
            rnd.place_bet(box, bettor, amount)
        rnd.deal()
        notes = _Player(rnd, sit.wishes).run()
        return Played(rules, rnd, notes, rnd.log)

    return play


def play_situation(sit: Situation, reg_id: str) -> Played:
    """Play one situation under one regulation's rule set (as :func:`spec_engine.rules.ruleset`
    gives it now)."""
    rules = rulebook.ruleset(reg_id)
    return _converge(sit, rules, _round_player(rules, sit))


# ---------------------------------------------------------------------------- the worked-hands page


def _describe_when(when: str) -> str:
    words = when.split()
    if words[0] == "pair":
        rank = parse_card(words[1] + "S")
        return f"with a pair of {_RANK_NAMES[rank.rank]}s" if rank.rank != "A" else "with a pair of aces"
    if when == "insurance":
        return "when insurance is called"
    return f"on {when}"


def _describe_wish(wish: Wish, boxes: int) -> str:
    who = wish.bettor or f"box {wish.box}"
    prefix = f"{who}, " if boxes > 1 or wish.bettor else ""
    choices = ", else ".join(wish.choices)
    return f"- {prefix}{_describe_when(wish.when)}: {choices}"


def _cards_block(sit: Situation) -> list[str]:
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
    return f"**{note.choice}: refused**, {text(exc.reason)} ({_basis(rules.citations.get(exc.rule))})"


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
    shown = f"{_cards_text(hand.cards)} = {hand.total}"
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
    shown = _cards_text(rnd.dealer)
    for e in rnd.events:
        if e.type == "dealer_total":
            return f"{shown} = {e.total} ({e.info})"
        if e.type == "dealer_discards":
            return f"{shown} (discarded: no bet left in play)"
    return shown


def _sequence(rnd: Round) -> str:
    """The order of the initial deal and of the settlements."""
    boxes = len(rnd.boxes)
    dealt = [e for e in rnd.events if e.type in ("card", "dealer_card")][: 2 * boxes + 1]
    deal = ", ".join("dealer" if e.type == "dealer_card" else f"box {e.box}" for e in dealt)
    paid = []
    before = True
    for e in rnd.events:
        if e.type in ("hit", "stand", "double", "split", "insurance_offered", "dealer_total"):
            before = False
        if e.type == "settle":
            paid.append(f"box {e.box} ({e.info}{', at the deal' if before else ''})")
    return f"dealt: {deal}<br>settled: {', '.join(paid)}"


def _bettors(sit: Situation) -> list[str]:
    return list(dict.fromkeys(bettor for _, bettor, _ in sit.bets))


def _row(sit: Situation, played: Played) -> str:
    rules, rnd = played.rules, played.round
    cells = [
        text(rules.name),
        "<br>".join(_stake_cell(rules, name) for name in sit.rules),
        _story(sit, played),
        _hands(sit, rnd),
        _dealer(rnd),
    ]
    if sit.sequence:
        cells.append(_sequence(rnd))
    cells += [_signed(rnd.net.get(bettor, 0)) for bettor in _bettors(sit)]
    return "| " + " | ".join(cells) + " |"


def _summary(sit: Situation, plays: Sequence[Played]) -> str:
    refused = [p.rules.id for p in plays if p.notes]
    results = {tuple(p.round.net.get(b, 0) for b in _bettors(sit)) for p in plays}
    said = f"Refused under {', '.join(refused)}." if refused else "No rule set refuses a decision."
    money = (
        "The bettors' results are the same under every rule set."
        if len(results) == 1
        else f"The bettors' results differ: {len(results)} different outcomes."
    )
    return f"{said} {money}"


def situation_section(sit: Situation) -> str:
    """One situation: explanation, cards, decisions, then one row per regulation."""
    plays = [play_situation(sit, reg_id) for reg_id in REGULATION_IDS]
    header = ["rule set", "rules at stake", "what happened", "hands at the end", "dealer"]
    if sit.sequence:
        header.append("order")
    header += [f"{b} net" for b in _bettors(sit)]
    lines = [
        f"## {text(sit.title)} {{#{sit.slug}}}",
        "",
        text(sit.explanation),
        "",
        "**The cards**, each box's and the dealer's in the order they receive them:",
        "",
        *_cards_block(sit),
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
    ]
    for sit in situations:
        lines.append(situation_section(sit))
    return "\n".join(lines)


# ---------------------------------------------------------------------------- onboarding


def _rule_line(rules: RuleSet, name: str, sentence: str) -> str:
    """One instruction made from a rule value, marked with its basis: the regulation's word
    (clause links), the project's reading of it (with that reading), or the engine's
    assumption (with its reason). The rule's name ends the line, as in the rules compared."""
    cite = rules.citations.get(name)
    tag = f"<small>`{name}`</small>"
    if cite is None or cite.assumed:
        context = f" Context: {_links(cite.clauses)}." if cite is not None and cite.clauses else ""
        note = f" {text(cite.note)}" if cite is not None and cite.note else ""
        return f"- *Not stated: the engine assumes:* {sentence} <small>({note.strip()}{context})</small> {tag}"
    if cite.basis == "interpretation":
        return f"- {sentence} ({_links(cite.clauses)}; <small>reading: {text(cite.note)}</small>) {tag}"
    return f"- {sentence} ({_links(cite.clauses)}) {tag}"


def _side(order: str) -> str:
    """Boxes count from the dealer's left: ascending starts there."""
    if order == "ascending":
        return "from your left (box 1) towards your right"
    return "from your right (the highest box) towards your left"


def _ratio(value: Fraction) -> str:
    return f"{value.numerator} to {value.denominator}"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _step_shuffle(r: RuleSet) -> list[str]:
    return [_rule_line(r, "decks", f"Shuffle {_count(r.decks, 'deck')} ({r.decks * 52} cards) together.")]


def _step_cut(r: RuleSet) -> list[str]:
    offer = (
        "Offer the cut to the player who would have received the cut card in the shoe's last round "
        "(for the first shoe, the first box, on your left)."
        if r.cut_offered_to == "cut_card_receiver"
        else "Offer the cut to any player who wishes to cut."
    )
    least = (
        f"The cut must leave at least {r.min_cut} cards on each side; refuse a cut nearer either end."
        if r.min_cut is not None
        else "No least cut is set: any cut inside the pack is taken."
    )
    return [_rule_line(r, "cut_offered_to", offer), _rule_line(r, "min_cut", least)]


def _step_cut_card(r: RuleSet) -> list[str]:
    if r.cut_card_per_participant is not None:
        place = f"Place the cut card {r.cut_card_per_participant} cards from the end per participant at the table."
        return [_rule_line(r, "cut_card_per_participant", place)]
    if r.cut_card_from_end is not None:
        return [_rule_line(r, "cut_card_from_end", f"Place the cut card {r.cut_card_from_end} cards from the end.")]
    return [_rule_line(r, "cut_card_from_end", "No cut card position is set.")]


def _step_burn(r: RuleSet) -> list[str]:
    after = (
        f"Burn {_count(r.burn_after_shuffle, 'card')} face down after the shuffle and cut."
        if r.burn_after_shuffle
        else "Burn no card after the shuffle."
    )
    change = (
        f"When a new dealer takes over mid-shoe, he burns {_count(r.burn_on_dealer_change, 'card')}."
        if r.burn_on_dealer_change
        else "A change of dealer mid-shoe burns no card."
    )
    return [_rule_line(r, "burn_after_shuffle", after), _rule_line(r, "burn_on_dealer_change", change)]


def _step_table(r: RuleSet) -> list[str]:
    decider = (
        "the largest bet decides (between equal bets, the bettor nearest the shoe)"
        if r.unseated_box_decider == "largest_bet"
        else "its first bettor decides"
    )
    return [
        _rule_line(r, "max_boxes", f"The table has {_count(r.max_boxes, 'box')}, numbered from 1 on your left."),
        _rule_line(
            r,
            "max_bets_unseated_box",
            f"A box whose seat is empty takes at most {_count(r.max_bets_unseated_box, 'bet')}."
            if r.max_bets_unseated_box is not None
            else "A box whose seat is empty takes bets as any box.",
        ),
        _rule_line(r, "unseated_box_decider", f"On a box whose seat is empty, {decider}."),
        _rule_line(
            r,
            "limit_ratio",
            f"The table maximum is between {r.limit_ratio[0]} and {r.limit_ratio[1]} times its minimum."
            if r.limit_ratio is not None
            else "No ratio between the table's maximum and minimum is set.",
        ),
    ]


def _step_bets(r: RuleSet) -> list[str]:
    out = [
        _rule_line(
            r,
            "table_limits",
            "Every bet must lie within the table minimum and maximum." if r.table_limits else "No table limits apply.",
        ),
        _rule_line(
            r,
            "bet_multiple",
            f"Bets are multiples of {r.bet_multiple}." if r.bet_multiple else "Bets may be any amount.",
        ),
        _rule_line(
            r,
            "max_bets_per_box",
            f"At most {_count(r.max_bets_per_box, 'bet')} on one box (the box's own included)."
            if r.max_bets_per_box is not None
            else "No limit on the bets sharing a box is set.",
        ),
    ]
    if r.no_more_bets_call:
        out.append(
            _rule_line(
                r,
                "no_more_bets_call",
                f"Before the first card, close the bets with the call “{text(r.no_more_bets_call)}” "
                "(the text's own words).",
            )
        )
        out += _quotes(r.cite("no_more_bets_call"))
    else:
        out.append(_rule_line(r, "no_more_bets_call", "No call closing the bets is prescribed."))
    out.append(
        _rule_line(
            r,
            "bets_closed_at_deal",
            "Once you start dealing, no bet may be placed, raised or withdrawn (doubles, splits and insurance apart)."
            if r.bets_closed_at_deal
            else "Bets may still change after the deal starts.",
        )
    )
    return out


def _quotes(clause_ids: Sequence[str]) -> list[str]:
    """The cited clauses verbatim, with their English gist, indented under a list item."""
    out = []
    for clause_id in clause_ids:
        found = clause(clause_id)
        out += [
            "",
            f"    > {text(found.text)}",
            f"    > <small>{clause_link(clause_id)}: {text(found.gist)}</small>",
            "",
        ]
    return out


def _step_deal(r: RuleSet) -> list[str]:
    paid = (
        f"Pay a blackjack at once ({_ratio(r.blackjack_payout)}) when your card is neither an ace nor "
        "ten-valued; otherwise it waits for your second card."
        if r.pay_blackjack_immediately
        else "A player's blackjack is paid at the settlement, not during the deal."
    )
    return [
        _rule_line(
            r,
            "deal_order",
            f"Deal {_side(r.deal_order)}: one card face up to each box with a bet, one to yourself, then a "
            "second card to each box in the same order.",
        ),
        "- *Engine convention:* you take one card only at the deal; your second card comes when the "
        "players have finished (no rule value changes this).",
        _rule_line(r, "pay_blackjack_immediately", paid),
    ]


def _step_insurance(r: RuleSet) -> list[str]:
    when = (
        "When your card is an ace, call insurance right after the deal, before any player draws."
        if r.insurance_timing == "after_initial_deal"
        else "When your card is an ace, call insurance after the players have finished, before you draw "
        "your second card, to the bettors still in play."
    )
    base = "original bet" if r.insurance_base == "original_stake" else "whole stake on the box (doubles and splits)"
    amount = (
        f"Insurance is exactly {r.insurance_max} of the bettor's {base}."
        if r.insurance_exact
        else f"Insurance is at most {r.insurance_max} of the bettor's {base}."
    )
    least = (
        f"Insurance is at least {r.insurance_min_of_table_min} of the table minimum."
        if r.insurance_min_of_table_min is not None
        else "No least insurance is set."
    )
    step = (
        f"Insurance is a multiple of {r.insurance_multiple}."
        if r.insurance_multiple
        else "Insurance has no step (any amount within the bounds)."
    )
    even = (
        "A player with a blackjack may take even money: pay him 1 to 1 at once."
        if r.even_money
        else "No even money is offered: a blackjack facing your ace waits for your second card."
    )
    per = (
        "Each bettor on a box decides his own insurance."
        if r.insurance_per_bettor
        else "The box's owner alone decides insurance."
    )
    return [
        _rule_line(r, "insurance_timing", when),
        _rule_line(r, "insurance_max", amount),
        _rule_line(r, "insurance_base", f"Measure it against the bettor's {base}."),
        _rule_line(
            r,
            "insurance_exact",
            "No other amount is taken." if r.insurance_exact else "Any amount up to that most is taken.",
        ),
        _rule_line(r, "insurance_min_of_table_min", least),
        _rule_line(r, "insurance_multiple", step),
        _rule_line(r, "insurance_payout", f"Winning insurance pays {_ratio(r.insurance_payout)}."),
        _rule_line(r, "even_money", even),
        _rule_line(r, "insurance_per_bettor", per),
    ]


def _step_hands(r: RuleSet) -> list[str]:
    totals = (
        "any first two cards"
        if r.double_totals is None
        else "first two cards totalling "
        + ", ".join(str(t) for t in sorted(r.double_totals))
        + " (an ace counting either way)"
    )
    return [
        _rule_line(r, "play_order", f"Take the boxes {_side(r.play_order)}, one hand at a time."),
        _rule_line(
            r,
            "min_stand_total",
            f"A player may stand only with {r.min_stand_total} or more; below it he must draw."
            if r.min_stand_total
            else "A player may stand on any total.",
        ),
        _rule_line(
            r, "hit_on_hard_21", "A player may still draw on hard 21." if r.hit_on_hard_21 else "No card on 21."
        ),
        _rule_line(
            r, "hit_on_soft_21", "A player may still draw on soft 21." if r.hit_on_soft_21 else "No card on soft 21."
        ),
        _rule_line(r, "double_totals", f"Doubling is allowed on {totals}."),
        _rule_line(
            r,
            "double_one_card",
            _yes_no(r.double_one_card, "A doubled hand gets one card only.", "A doubled hand may keep drawing."),
        ),
        _rule_line(
            r,
            "double_on_blackjack",
            _yes_no(r.double_on_blackjack, "A blackjack may double.", "A blackjack may not double."),
        ),
        _rule_line(
            r,
            "double_after_split",
            _yes_no(r.double_after_split, "A split hand may double.", "A split hand may not double."),
        ),
        _rule_line(
            r,
            "double_after_split_hands",
            f"Only the first {r.double_after_split_hands} hands of a split may double."
            if r.double_after_split_hands is not None
            else "Any hand of a split may double (where split hands may).",
        ),
        _rule_line(
            r,
            "split_ten_value_mixes",
            _yes_no(
                r.split_ten_value_mixes, "A ten and a figure are a pair.", "Only cards of the same rank are a pair."
            ),
        ),
        _rule_line(
            r,
            "max_split_hands",
            f"A box may make at most {r.max_split_hands} hands by splitting."
            if r.max_split_hands is not None
            else "No limit on re-splitting is set.",
        ),
        _rule_line(
            r,
            "resplit_consecutive_only",
            _yes_no(
                r.resplit_consecutive_only,
                "A re-split needs the equal cards in succession: any other card ends the series.",
                "A pair may be re-split whenever it comes.",
            ),
        ),
        _rule_line(
            r,
            "resplit_aces",
            _yes_no(r.resplit_aces, "Split aces may be split again.", "Split aces are not split again."),
        ),
        _rule_line(
            r,
            "split_aces_one_card",
            _yes_no(r.split_aces_one_card, "Each split ace gets one card only.", "Split aces play on like any hand."),
        ),
        _rule_line(
            r,
            "double_on_split_aces",
            _yes_no(r.double_on_split_aces, "Split aces may double.", "Split aces may not double."),
        ),
        _rule_line(
            r,
            "box_owner_decides",
            _yes_no(r.box_owner_decides, "The box's owner alone decides its play.", "Every bettor on a box decides."),
        ),
        _rule_line(
            r,
            "behind_may_decline_double",
            _yes_no(
                r.behind_may_decline_double, "A bettor behind may decline a double.", "Bettors behind follow a double."
            ),
        ),
        _rule_line(
            r,
            "behind_may_decline_split",
            _yes_no(
                r.behind_may_decline_split,
                "A bettor behind may decline a split (his stake stays on the first hand).",
                "Bettors behind follow a split.",
            ),
        ),
    ]


def _yes_no(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def _step_dealer(r: RuleSet) -> list[str]:
    return [
        _rule_line(
            r,
            "dealer_stands_soft_17",
            "Draw to 16; stand on 17 or more, soft 17 included."
            if r.dealer_stands_soft_17
            else "Draw to 16 and on soft 17; stand on hard 17 or more.",
        ),
        _rule_line(
            r,
            "dealer_plays_when_all_bust",
            _yes_no(
                r.dealer_plays_when_all_bust,
                "Draw your second card even when no bet is left in play.",
                "When no bet is left in play (every hand bust or settled, no insurance open), discard your card.",
            ),
        ),
    ]


def _step_payment(r: RuleSet) -> list[str]:
    takes = (
        "Your blackjack takes every stake on a losing hand, doubles and splits included."
        if r.dealer_blackjack_takes == "all_stakes"
        else "Your blackjack takes only the original stakes; doubles and splits are returned."
    )
    return [
        _rule_line(r, "payment_order", f"Settle the boxes {_side(r.payment_order)}."),
        _rule_line(r, "blackjack_payout", f"A blackjack pays {_ratio(r.blackjack_payout)}; other wins 1 to 1."),
        _rule_line(r, "dealer_blackjack_takes", takes),
        _rule_line(
            r,
            "split_21_is_blackjack",
            _yes_no(
                r.split_21_is_blackjack,
                "21 in two cards after a split counts as blackjack.",
                "21 after a split is 21, not blackjack.",
            ),
        ),
    ]


def _step_clear() -> list[str]:
    return [
        "- *Engine convention:* collect the boxes' cards in the payment order, then any voided card, "
        "your own cards last, into the discard tray (no rule value governs this)."
    ]


def _step_end(r: RuleSet) -> list[str]:
    return [
        _rule_line(
            r,
            "last_round_on_cut_card",
            _yes_no(
                r.last_round_on_cut_card,
                "When the cut card comes out, finish the round: it is the shoe's last; then shuffle.",
                "The cut card does not end the shoe.",
            ),
        ),
        _rule_line(
            r,
            "announce_last_round",
            _yes_no(
                r.announce_last_round,
                "Announce the last round when the cut card comes out.",
                "No announcement of the last round.",
            ),
        ),
        _rule_line(
            r,
            "refill_from_discards",
            _yes_no(
                r.refill_from_discards,
                "Should the shoe run out mid-round, shuffle the discards, cut, and complete the round.",
                "The shoe is never refilled mid-round.",
            ),
        ),
    ]


def _step_closing(r: RuleSet) -> list[str]:
    bank = (
        "The house banks."
        if r.banker_rotation == "house"
        else "Each participant banks in turn, changing at each reshuffle."
    )
    return [
        _rule_line(
            r,
            "announce_closing",
            _yes_no(
                r.announce_closing,
                "Before closing time, announce the last round during the round before it; no round follows it.",
                "No closing announcement is provided for.",
            ),
        ),
        _rule_line(r, "banker_rotation", bank),
        _rule_line(
            r,
            "co_owned_bank",
            _yes_no(r.co_owned_bank, "The participants own the bank in equal shares.", "The bank is not co-owned."),
        ),
        _rule_line(
            r,
            "every_player_bets_every_round",
            _yes_no(
                r.every_player_bets_every_round, "Every participant plays every round.", "A player may sit a round out."
            ),
        ),
    ]


_MISDEAL = {
    "return_to_shoe": "goes back to its place in the shoe and is dealt as the next card",
    "void": "is voided: it goes to the discards and the deal goes on with the next card",
    "next_card": "is used as the next card of the deal",
}


def _mistakes(r: RuleSet) -> list[str]:
    box_without_bet = (
        "A card dealt to a box without a bet is treated like any card dealt by mistake (above)."
        if r.card_to_box_without_bet == "misdeal_remedy"
        else "A card dealt to a box without a bet: every card of the round goes back and the round is dealt again."
    )
    missed = (
        "If you forgot to call insurance and drew your second card, play on without insurance."
        if r.missed_insurance_call == "proceed"
        else "If you forgot to call insurance and drew your second card: if it is ten-valued, void it and call "
        "insurance; otherwise play on."
    )
    absent = (
        f"For a bettor who left the table after his first card, draw for him to at least {r.absent_player_draws_to}."
        if r.absent_player_draws_to is not None
        else "A bettor who leaves mid-round is not provided for."
    )
    held = (
        f"An absent bettor's winnings stay on the table {_count(r.unclaimed_winnings_rounds, 'round')}, "
        "then go to the bank."
        if r.unclaimed_winnings_rounds is not None
        else "An absent bettor's winnings are not provided for."
    )
    over = (
        "An over-maximum bet you missed plays only up to the maximum; return the excess."
        if r.over_maximum_bet == "capped"
        else "An over-maximum bet is refused."
    )
    return [
        _rule_line(r, "misdeal_remedy", f"A card dealt or exposed by mistake {_MISDEAL[r.misdeal_remedy]}."),
        _rule_line(r, "card_to_box_without_bet", box_without_bet),
        _rule_line(r, "missed_insurance_call", missed),
        _rule_line(r, "absent_player_draws_to", absent),
        _rule_line(r, "unclaimed_winnings_rounds", held),
        _rule_line(r, "over_maximum_bet", over),
        _rule_line(
            r,
            "special_maximum",
            _yes_no(
                r.special_maximum,
                "A bettor authorised a special maximum may exceed the table maximum on one free box.",
                "No special maximum exists.",
            ),
        ),
    ]


EXAMPLE = Situation(
    slug="example",
    title="A round, step by step",
    explanation="Two boxes against a five: 16 draws to 20, a blackjack; the dealer busts.",
    rules=(),
    bets=((1, "P1", 10), (2, "P2", 20)),
    dealer="5D TC 8S",
    hands=((1, "9S 7H 4C"), (2, "AH KD")),
    wishes=(Wish(1, "16", ("hit",)),),
)
_EXAMPLE_BURNS = parse_cards("2C 3D 4H 5S 6C 7D 8H 9S")


def _table_player(rules: RuleSet, sit: Situation) -> _Play:
    """Play a situation as a table's first round: shuffle (stacked), cut, cut card, burns."""

    def play(cards: list[Card]) -> Played:
        burns = _EXAMPLE_BURNS[: rules.burn_after_shuffle]
        table = Table(rules, seed=1, min_bet=MIN_BET, max_bet=MAX_BET, shoes=[burns + cards], stacked_after_cut=True)
        rnd = table.new_round()
        for box, bettor, amount in sit.bets:
            rnd.place_bet(box, bettor, amount)
        rnd.deal()
        notes = _Player(rnd, sit.wishes).run()
        table.finish(rnd)
        return Played(rules, rnd, notes, table.log)

    return play


def _dealer_step(e: Event) -> str | None:
    """One event of the log as the dealer's action, in the imperative."""
    amount = money_str(e.amount) if e.amount is not None else ""
    card = card_text(e.card) if e.card else ""
    said: dict[str, str] = {
        "shuffle": f"Shuffle the {e.total} cards.",
        "offer_cut": f"Offer the cut to {f'box {e.box}' if e.box else 'the players'}.",
        "cut": f"The cut{f' (box {e.box})' if e.box else ''}: {e.total} cards go from the front to the back.",
        "cut_card": f"Place the cut card {e.total} cards from the end.",
        "burn": f"Burn a card face down ({card}).",
        "bet": f"{e.bettor} bets {amount} on box {e.box}.",
        "announce": f"Call “{text(e.info or '')}”.",
        "card": f"Deal {card} to box {e.box}" + (f", hand {e.hand}." if e.hand and e.hand > 1 else "."),
        "dealer_card": f"Deal yourself {card}.",
        "insurance_offered": "Call insurance.",
        "insurance_closed": "Close insurance.",
        "hit": f"Box {e.box} asks for a card.",
        "stand": f"Box {e.box} stands" + (" (no choice left)." if e.info == "automatic" else "."),
        "double": f"Box {e.box} doubles.",
        "split": f"Box {e.box} splits.",
        "match": f"{e.bettor} adds {amount} on box {e.box}.",
        "bust": f"Box {e.box} busts with {e.total}.",
        "dealer_discards": "No bet is left in play: discard your card.",
        "dealer_total": f"Your total: {e.total} ({e.info}).",
        "clear": f"Clear the table: {e.total} cards to the discard tray.",
        "cut_card_out": "The cut card comes out.",
        "last_round": "Announce the last round.",
    }
    if e.type == "settle" and e.amount is not None:
        what = e.info or ""
        if e.amount > 0:
            return f"Pay {e.bettor} on box {e.box}: {amount} ({what})."
        if e.amount < 0:
            return f"Take {e.bettor}'s {money_str(-e.amount)} on box {e.box} ({what})."
        return f"{e.bettor} on box {e.box}: {what}, the stake stays with him."
    return said.get(e.type)


def _example(r: RuleSet) -> list[str]:
    played = _converge(EXAMPLE, r, _table_player(r, EXAMPLE))
    steps = [s for s in (_dealer_step(e) for e in played.log) if s is not None]
    out = [
        f"## A round, step by step {{#{r.id.lower()}-example}}",
        "",
        (
            "The engine plays a first round of a shoe with these rules (the shoe stacked: the cards below "
            f"come first after the cut). {text(EXAMPLE.explanation)}"
        ),
        "",
        *_cards_block(EXAMPLE),
        "",
        "The dealer's sequence, from the event log:",  # a paragraph: the numbered list stays apart
        "",
    ]
    out += [f"{i}. {step}" for i, step in enumerate(steps, 1)]
    nets = ", ".join(f"{b} {_signed(played.round.net.get(b, 0))}" for b in _bettors(EXAMPLE))
    out += ["", f"Net results: {nets}.", ""]
    return out


def onboarding_page(reg_id: str) -> str:
    """ "Dealer onboarding" for one regulation: the round step by step, each step citing its
    clauses or marked as the engine's assumption; the mistakes the text foresees; and one
    round played by the engine."""
    r = rulebook.ruleset(reg_id)
    steps: list[tuple[str, list[str]]] = [
        ("The table", _step_table(r)),
        ("Shuffle", _step_shuffle(r)),
        ("Cut", _step_cut(r)),
        ("Cut card", _step_cut_card(r)),
        ("Burn", _step_burn(r)),
        ("Bets, and the call that closes them", _step_bets(r)),
        ("Deal", _step_deal(r)),
        ("Insurance", _step_insurance(r)),
        ("Each hand", _step_hands(r)),
        ("Your hand: the drawing rule", _step_dealer(r)),
        ("Payment", _step_payment(r)),
        ("Clearing", _step_clear()),
        ("End of the shoe", _step_end(r)),
        ("Closing", _step_closing(r)),
    ]
    lines = [
        f"# Dealer onboarding: {text(r.name)}",
        "",
        (
            "For trainers: the round as the dealer runs it under this regulation, step by step. Each "
            "instruction is made from the rule set: with clause links where the text says it (or the "
            "project's reading of it, with that reading), and marked *Not stated: the engine assumes* "
            "where the text is silent and the engine supplies a default."
        ),
        "",
    ]
    for number, (title, items) in enumerate(steps, 1):
        lines += [f"## {number}. {title}", "", *items, ""]
    lines += [
        "## Mistakes the text foresees",
        "",
        "What the dealer does after each mistake the engine knows of; where the text is silent, the "
        "engine's assumption is marked as such.",
        "",
        *_mistakes(r),
        "",
    ]
    lines += _example(r)
    return "\n".join(lines)
