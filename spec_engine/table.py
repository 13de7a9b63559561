"""The table: a shoe dealt round after round (the shoe level).

Shuffle, cut, cut card, burns, dealer change, closing time and the winnings of absent
bettors held on the table. Each :class:`~spec_engine.game.Round` it deals is the round level.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from fractions import Fraction
from typing import Any, Final, cast

from spec_engine import events as ev
from spec_engine.cards import Card, Shoe, ShoeExhausted, shuffle
from spec_engine.errors import InputError, RuleViolation
from spec_engine.events import Event, Money, money
from spec_engine.game import _NOTHING, Phase, Round, _Accepted, given_items, limits_input, limits_refusal, seat_holders
from spec_engine.i18n import _
from spec_engine.policy import Policy, simple_policy
from spec_engine.rules import RuleSet, cut_card_conflict

_INSURANCE: Final = Phase.INSURANCE  # (an enum member's lookup costs a call; Final: a C variable compiled)
_DONE: Final = Phase.DONE
_SURRENDER: Final = Phase.SURRENDER
_NOBODY: Final[frozenset[str]] = frozenset()


def _bettor(name: object) -> str:
    """``name`` as a bettor's name, or the refusal naming the field ``bettor``."""
    if not isinstance(name, str) or not name:
        raise InputError(f"a bettor is named by a non-empty string, not {name!r}", field="bettor")
    return name


def _bet(given: object) -> tuple[object, object, object]:
    """A bet given to :meth:`Table.play`: (box, bettor, amount), or the refusal naming ``bets``."""
    box, bettor, amount = given_items((given,), "bets", 3, "box, bettor, amount")[0]
    return box, bettor, amount


def share_of_cards(share: Fraction, cards: int) -> int:
    """The cards behind a cut card placed at ``share`` of ``cards`` (``cut_card_share``): the
    share rounded down to a whole card, the engine's reading of "about a quarter"."""
    return share.numerator * cards // share.denominator


def people_at(rules: RuleSet, players: int) -> int:
    """The people at a table where ``players`` play: the players, and the banker too where the
    players bank in turn (the banker is one of them and will be a player again)."""
    return players + (1 if rules.banker_rotation != "house" else 0)


class Table:
    """A table: a rule set, its limits and a shoe dealt round after round (the shoe level).

    Shuffles with a seeded :class:`random.Random` (no global random state), offers the cut
    as the rule set says, refuses a cut too near either end, places the cut card, burns,
    and after the round in which the cut card came out shuffles again before the next
    round. ``participants`` counts the people at the table (for a cut card placed per
    participant): a player to a box, and the banker where the players bank; where they place
    the cut card, no more bettors than its players bet in a round. ``seated`` says whose seats
    are taken, as a round's (:class:`~spec_engine.game.Round`), for every round until it
    changes (:meth:`seat`); where it names the players, the cut offered to the one who would
    have received the cut card goes to the box he sits at now. ``shoes`` stacks the result of
    each shuffle in turn (for scenarios: the
    cards given first, then the rest in deck order), as the order before the cut or, with
    ``stacked_after_cut``, after it; ``house`` gives the house's choice of rules its text leaves
    to it (:meth:`~spec_engine.rules.RuleSet.choose`: ``{"resplit_aces": False}``), refused outside
    the values the text permits;
    with ``auto_cut`` the cut is made at random within the rules, else :meth:`cut` waits
    for a player. The shuffles and cuts draw from :attr:`rng`, ``generator(seed)``
    (``random.Random(seed)`` unless another generator is injected; ``docs/protocol.md``,
    Seeded shuffles, says what it draws and when). Every event goes to :attr:`log`.
    """

    def __init__(
        self,
        rules: RuleSet,
        *,
        seed: object,
        min_bet: object = 10,
        max_bet: object = 500,
        participants: object = None,
        seated: object = None,
        shoes: Iterable[Iterable[Card]] = (),
        auto_cut: bool = True,
        stacked_after_cut: bool = False,
        special_max: Mapping[str, Money] | None = None,
        generator: Callable[[Any], random.Random] = random.Random,
        house: object = None,
    ) -> None:
        from spec_engine.cards import DECK

        self.rules = rules.chosen(house)
        rules = self.rules
        self.rng = generator(seed)
        self.seed = seed
        self.min_bet, self.max_bet = limits_input(min_bet, max_bet)
        refusal = limits_refusal(rules, self.min_bet, self.max_bet)
        if refusal is not None:
            raise RuleViolation(
                refusal[1], clauses=rules.cite(refusal[0]), rule=refusal[0], action="table", state="limits"
            )
        conflict = cut_card_conflict(rules)
        if conflict is not None:
            raise InputError(conflict, field="cut_card_share")
        if participants is None and rules.cut_card_per_participant is not None:
            raise InputError(
                "the cut card is placed by the number of people at the table "
                f"(cut_card_per_participant = {rules.cut_card_per_participant}): say how many there are",
                field="participants",
            )
        if participants is not None:
            # a player to a box, and the banker where the players bank (CL-ANX-1: six and a banker)
            low, high = people_at(rules, 1), people_at(rules, rules.max_boxes)
            if isinstance(participants, bool) or not isinstance(participants, int) or participants < low:
                raise InputError(
                    f"{participants!r} people cannot play at this table (at least {low})", field="participants"
                )
            if participants > high:
                raise RuleViolation(
                    f"{participants} people at the table: at most {rules.max_boxes} players"
                    + (" and a banker" if high > rules.max_boxes else ""),
                    clauses=rules.cite("max_boxes"),
                    rule="max_boxes",
                    action="table",
                    state="participants",
                )
        self.participants = participants
        self.players = None
        """How many players may bet in a round, where the rule set places the cut card by the
        people at the table (``cut_card_per_participant``: a bettor more would move it); else
        ``None`` (a player may bet on several boxes, bettors may stand behind a seat)."""
        if participants is not None and rules.cut_card_per_participant is not None:
            self.players = participants - people_at(rules, 0)
        self.seated: AbstractSet[int] | Mapping[int, str] | None = None
        """The seats taken (see :meth:`seat`)."""
        self.seat_order: tuple[int, ...] = ()
        """The seats taken, the first player seated first: as given where the seats are listed, by box
        where they are mapped to the players (or given as a set, which has no order)."""
        self.special_max = dict(special_max or {})
        self.log: list[Event] = []
        self.tray: list[Card] = list(DECK) * rules.decks
        self.shoe = Shoe([])
        self.rounds = 0
        self.shuffles = 0
        self.balances: dict[str, Money] = {}
        self.bank: Money = 0
        self.staying: dict[tuple[int, str], Money] = {}
        """Stakes of the last round's pushes that stay for the next (box, bettor -> amount)."""
        self.stayed: dict[tuple[int, str], Money] = {}
        """The stakes that stayed on the table for the round last opened."""
        self.absent: set[str] = set()
        """The bettors who left the table (their winnings are kept for them)."""
        self.held: dict[str, list[Money]] = {}
        """Winnings of absent bettors kept on the table: bettor -> [amount, rounds left]."""
        self.cut_offer: int | None = None
        """The box offered the cut while the shoe waits for it (None: any player)."""
        self.awaiting_cut = False
        self.last_cut_box: int | None = None
        """The box that would have received the cut card when it last came out (0 or None: the
        dealer, or nobody)."""
        self.last_cut_player: str | None = None
        """The player seated at that box, where the seats name him."""
        self._closing: int | None = None  # rounds left once closing is announced
        self._round_open = False
        self._accepted: _Accepted | None = None  # (what this table's last round accepted)
        self.seat(seated)
        self._stacked = [list(cards) for cards in shoes]
        self._after_cut = stacked_after_cut
        self._rotate = True
        self._offered = False  # (whether a cut was offered yet: the table's first is at a new table)
        self.auto_cut = auto_cut
        self._shuffle()

    def seat(self, seated: object) -> None:
        """Who sits where from the next round on (as ``seated`` at the start): between rounds,
        players may take other seats (a session's, at each new banker)."""
        if self._round_open:
            raise InputError("a round is under way: the players change seats between rounds", field="seated")
        seat_holders(self.rules, seated)  # (refused here, not at the next round)
        self.seat_order = (
            ()
            if seated is None
            else tuple(sorted(cast(Iterable[int], seated)))
            if isinstance(seated, (Mapping, AbstractSet))
            else tuple(cast(Iterable[int], seated))
        )
        self.seated = (
            dict(seated)
            if isinstance(seated, Mapping)
            else None
            if seated is None
            else frozenset(cast(Iterable[int], seated))
        )

    def _refuse(self, rule: str, reason: str, action: str) -> RuleViolation:
        state = f"shoe of {self.shoe.remaining} cards" + ("; awaiting the cut" if self.awaiting_cut else "")
        return RuleViolation(reason, clauses=self.rules.cite(rule), rule=rule, action=action, state=state)

    def shuffle(self) -> None:
        """Gather the shoe and the discards, shuffle (or take the next stacked shoe) and
        offer the cut. Between rounds only: a round under way holds cards on the table. Before
        the cut card has come out it is the house's reshuffle, where the rule set allows one
        (``house_reshuffle``): nobody received the cut card, and the cut is offered as
        ``cut_without_receiver`` says."""
        if self._round_open:
            raise InputError("a round is under way: the shoe is shuffled between rounds", field="action")
        if not self.shoe.cut_card_out:
            if not self.rules.house_reshuffle:
                raise self._refuse(
                    "house_reshuffle",
                    _("the cut card has not come out: the shoe is shuffled again only once it has"),
                    "shuffle",
                )
            self.last_cut_box = self.last_cut_player = None
        self._shuffle()

    def _shuffle(self) -> None:
        cards = self.shoe.cards() + self.tray
        self.tray = []
        self._rotate = True
        if self._stacked:
            cards = self._stack(self._stacked.pop(0), cards)
            self._rotate = not self._after_cut
        else:
            shuffle(self.rng, cards)
        self.shuffles += 1
        self.shoe.load(cards)
        self.log.append(ev.shuffle(len(cards)))
        receiver = self._receiver(None)
        self._offered = True
        self.cut_offer = receiver
        self.awaiting_cut = True
        self.log.append(ev.offer_cut(receiver))
        if self.auto_cut:
            low = self.rules.min_cut or 1
            self.cut(self.rng.randint(low, max(low, len(cards) - low)), by=receiver)

    def _receiver(self, box: int | None) -> int | None:
        """The box offered the cut where the rule set offers it to the one who would have
        received the cut card (else ``None``: any player). ``box``: the round's receiver when the
        cut card came out in the round under way (a refill), else the last one's. Where the seats
        name him, the cut goes to the box that player sits at now (players change seats, CL-14.1
        names a player); failing a receiver (none yet, the dealer took the card, a house
        reshuffle, or he plays no more), to the box ``cut_without_receiver`` names."""
        if self.rules.cut_offered_to != "cut_card_receiver":
            return None
        if box is None:
            box, player = self.last_cut_box, self.last_cut_player
            seated = self.seated
            if player is not None and isinstance(seated, Mapping):
                box = next((number for number, name in seated.items() if name == player), None)
        return box or self._without_receiver()

    def _without_receiver(self) -> int:
        """The box offered the cut when nobody received the cut card (``cut_without_receiver``):
        the first box; the dealer's right (the highest seat taken, else the last box); the first
        player seated (the first seat given, else the first box); or the first player seated at
        the table's first shuffle and the dealer's right after it."""
        rule = self.rules.cut_without_receiver
        if rule == "first_player_then_dealer_right":
            rule = "dealer_right" if self._offered else "first_player"
        if rule == "dealer_right":
            return max(self.seat_order) if self.seat_order else self.rules.max_boxes
        if rule == "first_player" and self.seat_order:
            return self.seat_order[0]
        return 1

    @staticmethod
    def _stack(top: list[Card], cards: list[Card]) -> list[Card]:
        """A stacked shoe: ``top`` first, then the table's other cards in deck order
        (spades, hearts, diamonds, clubs; ace to king; deck after deck)."""
        from spec_engine.cards import DECK

        rest = Counter(cards)
        rest.subtract(top)
        if any(n < 0 for n in rest.values()):
            extra = sorted(c.code for c, n in rest.items() if n < 0)
            raise InputError(f"the stacked cards {extra} are more than the decks hold", field="shoe")
        tail = []
        for card in DECK * (len(cards) // len(DECK) + 1):
            if rest[card] > 0:
                tail.append(card)
                rest[card] -= 1
        return top + tail

    def cut(self, at: object, *, by: object = None) -> None:
        """The player cuts ``at`` cards from the front; the cut card is then placed and the
        rule set's burns are made."""
        rules = self.rules
        if not self.awaiting_cut:
            raise InputError("the shoe is not waiting for a cut", field="cut")
        if by is not None and (isinstance(by, bool) or not isinstance(by, int) or not 1 <= by <= rules.max_boxes):
            raise InputError(f"no box {by!r}: boxes are 1..{rules.max_boxes}", field="by")
        if by is not None and self.cut_offer is not None and by != self.cut_offer:
            raise self._refuse("cut_offered_to", f"the cut is offered to box {self.cut_offer}, not box {by}", "cut")
        size = self.shoe.remaining
        low = rules.min_cut or 1
        if isinstance(at, bool) or not isinstance(at, int) or not low <= at <= size - low:
            raise self._refuse("min_cut", f"a cut at {at} leaves fewer than {low} cards on one side of {size}", "cut")
        if self._rotate:  # (a shoe stacked "once cut" is already in its order after the cut)
            self.shoe.rotate(at)
        behind = rules.cut_card_from_end
        if rules.cut_card_share is not None:
            behind = share_of_cards(rules.cut_card_share, size)
        if rules.cut_card_per_participant is not None:
            assert self.participants is not None  # required with a cut card per participant
            behind = rules.cut_card_per_participant * self.participants
        self.shoe.cut_remaining = behind
        self.awaiting_cut = False
        self.log.append(ev.cut(by, at))
        if behind is not None:
            self.log.append(ev.cut_card(behind))
        self._burn(rules.burn_after_shuffle)

    def _burn(self, count: int) -> None:
        """Burn ``count`` cards (fewer if the shoe holds fewer). A burnt card that brings the cut
        card out says so (``cut_card_out``); the dealer took it, so the next cut goes to the
        first box, and the next round waits for a new shuffle."""
        for _burnt in range(min(count, self.shoe.remaining)):
            out = self.shoe.cut_card_out
            card = self.shoe.draw()
            self.tray.append(card)
            self.log.append(ev.burn(card.code))
            if not out and self.shoe.cut_card_out:
                self.log.append(ev.cut_card_out())
                self.last_cut_box = self.last_cut_player = None

    def announce_closing(self) -> None:
        """Closing time is near: the round under way is the one before the last; the last
        round is announced, and no round starts after it."""
        if not self.rules.announce_closing:
            raise self._refuse("announce_closing", "no closing announcement is provided for", "announce_closing")
        self.log.append(ev.last_round("closing"))
        self._closing = 2 if self._round_open else 1

    def change_dealer(self) -> None:
        """A new dealer takes over mid-shoe, between rounds: the rule set's burn for it. The
        texts speak of a change "while cards remain in the shoe" (CZ-HRA-15), never of one in
        the middle of a round, whose cards the burn would take: refused while a round is open."""
        if self._round_open:
            raise InputError("a round is under way: the dealer changes between rounds", field="action")
        self.log.append(ev.dealer_change())
        self._burn(self.rules.burn_on_dealer_change)

    def _refill(self, cut_card_box: int | None) -> None:
        """The shoe ran out mid-round (``cut_card_box``: the round's cut-card receiver, if the
        cut card came out in it): the discards are shuffled and cut, and the round goes on.
        Every shuffle is followed by the same steps (CL-18.2 "después del corte", CZ-HRA-14
        "Po každém promíchání"): the cut is offered as after any shuffle (CL-14.1, CZ-KARTY-5)
        and keeps the minimum cut where the discards allow it (CZ-KARTY-6; of fewer cards, half
        of them on each side at most); the cards burnt after a shuffle are burnt, leaving at least
        one to deal. The table cuts for the receiver: the round cannot wait."""
        if not self.rules.refill_from_discards or not self.tray:
            raise ShoeExhausted("the shoe ran out mid-round and the rules do not refill it", field="shoe")
        rules = self.rules
        cards = self.tray
        self.tray = []
        shuffle(self.rng, cards)
        self.log.append(ev.shuffle(len(cards), "discards"))
        receiver = self._receiver(cut_card_box)
        self.log.append(ev.offer_cut(receiver))
        size = len(cards)
        at = 0
        if size > 1:
            low = max(1, min(rules.min_cut or 1, size // 2))
            at = self.rng.randint(low, size - low)
        cards = cards[at:] + cards[:at]
        self.log.append(ev.cut(receiver, at))
        # the refilled round is the shoe's last: the next round needs a new shuffle
        self.shoe.load(cards, cut_remaining=size)
        self._burn(min(rules.burn_after_shuffle, size - 1))

    def new_round(self) -> Round:
        """A round in its betting phase. After the round in which the cut card came out the
        shoe is shuffled first (and, without auto_cut, must be cut before this call)."""
        shoe = self.shoe
        cut = shoe.cut_remaining
        if cut is not None and len(shoe._cards) <= cut and self.rules.last_round_on_cut_card:
            if not self.auto_cut:
                raise self._refuse(
                    "last_round_on_cut_card", "the cut card is out: the shoe must be shuffled and cut", "new_round"
                )
            self._shuffle()
        if self.awaiting_cut:
            raise InputError(f"the shoe waits for the cut (offered to box {self.cut_offer or 'any'})", field="cut")
        if self._closing is not None and self._closing == 0:  # (is None first: None == 0 is a slow comparison)
            raise self._refuse("announce_closing", "the last round has been played: the table is closed", "new_round")
        self._round_open = True
        # (by position: keywords cost a dictionary per round)
        rnd = Round(
            self.rules,
            self.shoe,
            self.min_bet,
            self.max_bet,
            self.seated,
            self.log,
            self._refill,
            self.special_max,
            self.players,
            self._accepted,
        )
        self._accepted = rnd._known
        stayed = self.stayed = self.staying
        if stayed:  # (else the empty one stays: finish() puts a new one in its place)
            self.staying = {}
            for (box, bettor), amount in stayed.items():  # by box, in the order the bettors came
                rnd._place_bet(box, bettor, amount, False, True)  # (place_bet(..., stays=True), by position)
        return rnd

    def finish(self, rnd: Round) -> None:
        """Apply a settled round's results to the balances and clear its cards. Winnings of
        the bettors who left (:meth:`leave`) are kept on the table as the rule set says."""
        if rnd.phase is not _DONE:
            raise InputError("the round is not settled yet", field="round")
        results = rnd.net
        absent = self.absent & set(results) if self.absent else _NOBODY
        balances = self.balances
        bank = self.bank
        for bettor in results:  # (by key: no view of the items, no tuple a bettor)
            net = results[bettor]
            total = balances.get(bettor, 0) + net
            balances[bettor] = total if type(total) is int else money(total)
            bank -= net  # (the bank's result: rnd.bank_net())
        self.bank = bank if type(bank) is int else money(bank)
        self.tray += rnd.cleared
        self.rounds += 1
        self._round_open = False
        if self._closing is not None:
            self._closing -= 1
        if rnd.cut_card_box is not None:
            self.last_cut_box = rnd.cut_card_box
            self.last_cut_player = rnd.holders.get(rnd.cut_card_box)
        elif rnd._cut_pending:  # the cut card came out with the round's last card: nobody received it
            self.last_cut_box = self.last_cut_player = None
        if self.rules.push_stake_stays:
            self.staying = self._pushed(rnd, absent)
        if self.held:
            for bettor, entry in list(self.held.items()):
                entry[1] -= 1
                if entry[1] <= 0:
                    del self.held[bettor]
                    self.balances[bettor] = money(self.balances[bettor] - entry[0])
                    self.bank = money(self.bank + entry[0])
                    self.log.append(ev.forfeit(bettor, entry[0]))
        if absent:
            for bettor in sorted(absent):
                won: Money = 0  # (a loop: a generator would make bettor a cell, made every call)
                for e in rnd.settlements():
                    if e.bettor == bettor and e.amount is not None and e.stake is not None and e.amount > 0:
                        won += e.stake + e.amount
                if won:
                    assert self.rules.unclaimed_winnings_rounds is not None
                    self.held[bettor] = [money(won), self.rules.unclaimed_winnings_rounds]
                    self.log.append(ev.held(bettor, money(won)))

    def _pushed(self, rnd: Round, absent: AbstractSet[str]) -> dict[tuple[int, str], Money]:
        """The stakes of a round's pushes that stay on their boxes: per box and bettor, the
        stakes of his hands that pushed, in the order the bettors came to the box, as long as
        the box still fits the table's limits (a stake that no longer fits goes back)."""
        stakes: dict[tuple[int, str], Money] = _NOTHING  # (the shared empty mapping until a push: most rounds)
        for e in rnd._settled:  # (rnd.settlements(), without its copy)
            if e.info == "push" and e.box is not None and e.bettor is not None and e.stake is not None:
                if stakes is _NOTHING:
                    stakes = {}
                key = (e.box, e.bettor)
                stakes[key] = money(stakes.get(key, 0) + e.stake)
        if not stakes:
            return stakes
        kept: dict[tuple[int, str], Money] = {}
        on_box: dict[int, Money] = {}
        for box in sorted(rnd.boxes):
            for bettor in rnd.boxes[box].bets:  # in the order they came
                amount = stakes.get((box, bettor))
                if amount is None or bettor in absent or amount < self.min_bet:
                    continue
                total = money(on_box.get(box, 0) + amount)
                if self.max_bet is not None and total > self.max_bet:
                    continue
                on_box[box] = total
                kept[box, bettor] = amount
        return kept

    def leave(self, bettor: object) -> None:
        """``bettor`` leaves the table while his bet plays on: his winnings will be kept for
        him as the rule set says; refused (nothing changes) where no rule keeps them."""
        if self.rules.unclaimed_winnings_rounds is None:
            raise self._refuse("unclaimed_winnings_rounds", "no rule keeps the winnings of a bettor who left", "leave")
        self.absent.add(_bettor(bettor))

    def claim(self, bettor: object) -> Event:
        """An absent bettor comes back for his winnings while they are still held."""
        bettor = _bettor(bettor)
        self.absent.discard(bettor)
        if bettor not in self.held:
            raise self._refuse("unclaimed_winnings_rounds", f"no winnings of {bettor} are held", "claim")
        amount = self.held.pop(bettor)[0]
        event = ev.claimed(bettor, amount)
        self.log.append(event)
        return event

    def play(self, bets: Iterable[object], policy: Policy = simple_policy) -> Round:
        """Play one whole round: place the bets, deal, decline insurance, let ``policy``
        decide every hand, settle and clear."""
        rnd = self.new_round()
        stayed = self.stayed
        if not stayed:  # (a bettor given twice for a box is refused by place_bet)
            for bet in bets:
                if type(bet) is not tuple or len(bet) != 3:  # (else: a bet as the engine's callers give it)
                    bet = _bet(bet)
                box, bettor, amount = bet
                rnd._place_bet(box, bettor, amount, False, False)  # (place_bet, its arguments by position)
        else:
            wanted: dict[tuple[object, object], object] = {}
            for bet in bets:
                if type(bet) is not tuple or len(bet) != 3:  # (as above: _bet asked only of another shape)
                    bet = _bet(bet)
                box, bettor, amount = bet
                if (box, bettor) in wanted:
                    raise InputError(f"{bettor} already has a bet on box {box}", field="bettor")
                wanted[box, bettor] = amount
            for (box, bettor), stake in stayed.items():  # the pushed stakes on the table
                if (box, bettor) not in wanted:
                    rnd.withdraw_bet(box, bettor)
                elif wanted[box, bettor] != stake:
                    rnd.change_bet(box, bettor, wanted[box, bettor])
            for key, amount in wanted.items():
                if key not in stayed:
                    rnd.place_bet(key[0], key[1], amount)
        rnd.deal()
        while (phase := rnd.phase) is not _DONE:  # (the phase read once a turn)
            if phase is _INSURANCE:
                rnd.close_insurance()
            elif phase is _SURRENDER:  # (the policy plays the hands: nobody surrenders early)
                rnd.close_surrender()
            else:
                policy(rnd)
        self.finish(rnd)
        return rnd
