"""The session level: a player-banked game with a rotating banker and a co-owned bank.

Under a rule set whose ``banker_rotation`` is ``each_participant_per_shoe`` (the club's
annex), every participant banks in turn, in the order given (the anticlockwise order),
changing at each reshuffle; the session ends when the round of bankers ends. With
``co_owned_bank`` every participant advances the same amount to form the bank, advances it
again whenever the bank is left without funds, and the bank is shared equally at the end;
each participant's own result at the table is counted before the sharing.

Events added to the table's log: ``banker`` (bettor: who banks now), ``advance`` (bettor,
amount), ``share`` (bettor, amount) and ``session_end``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

from spec_engine import events as ev
from spec_engine.cards import Card
from spec_engine.errors import InputError, RuleViolation
from spec_engine.events import Money, money
from spec_engine.game import Round, limits_refusal
from spec_engine.policy import Policy, simple_policy
from spec_engine.rules import RuleSet
from spec_engine.table import Table


class Session:
    """A whole session at one table under a player-banked rule set. Its table shuffles and
    cuts with ``generator(seed)`` (``random.Random(seed)`` unless another is injected)."""

    def __init__(
        self,
        rules: RuleSet,
        participants: Sequence[str],
        *,
        advance: Money,
        min_bet: Money,
        max_bet: Money,
        seed: int,
        shoes: Iterable[Iterable[Card]] = (),
        stacked_after_cut: bool = False,
        policy: Policy = simple_policy,
        generator: Callable[[int], random.Random] = random.Random,
    ) -> None:
        self.rules = rules
        if rules.banker_rotation != "each_participant_per_shoe":
            raise self._refuse("banker_rotation", "under this rule set the house banks", "session")
        names = list(participants)
        if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
            raise InputError("participants must be distinct non-empty names", field="participants")
        if not 2 <= len(names) <= rules.max_boxes + 1:
            raise self._refuse(
                "max_boxes", f"{len(names)} participants: at most {rules.max_boxes} players and a banker", "session"
            )
        for name, value in (("advance", advance), ("min_bet", min_bet), ("max_bet", max_bet)):
            if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or value <= 0:
                raise InputError(f"{value!r} is not a positive exact amount", field=name)
        refusal = limits_refusal(rules, min_bet, max_bet)
        if refusal is not None:
            raise self._refuse(*refusal, "session")
        self.participants = names
        self.advance_amount = money(advance)
        self.policy = policy
        self.table = Table(
            rules,
            seed=seed,
            min_bet=min_bet,
            max_bet=max_bet,
            participants=len(names),
            shoes=shoes,
            stacked_after_cut=stacked_after_cut,
            generator=generator,
        )
        self.log = self.table.log
        self.banker_index = 0
        self._seat()
        self.bank: Money = 0
        self.advances: dict[str, Money] = {p: 0 for p in names}
        self.results: dict[str, Money] = {p: 0 for p in names}
        self.shares: dict[str, Money] = {}
        self.over = False
        self.rounds = 0
        self._advance_all()
        self.log.append(ev.banker(self.banker))

    def _refuse(self, rule: str, reason: str, action: str) -> RuleViolation:
        return RuleViolation(reason, clauses=self.rules.cite(rule), rule=rule, action=action, state="session")

    def _advance_all(self) -> None:
        for name in self.participants:
            self.advances[name] = money(self.advances[name] + self.advance_amount)
            self.bank = money(self.bank + self.advance_amount)
            self.log.append(ev.advance(name, self.advance_amount))

    @property
    def banker(self) -> str:
        return self.participants[self.banker_index]

    def players(self) -> dict[str, int]:
        """The players of the current shoe and their boxes: everyone but the banker, in
        order from the banker on, at boxes 1, 2, ... (the table is told: a cut offered to a
        player goes to the box he sits at now)."""
        n = len(self.participants)
        order = [self.participants[(self.banker_index + i) % n] for i in range(1, n)]
        return {name: box for box, name in enumerate(order, start=1)}

    def _seat(self) -> None:
        """The table learns who sits where for the shoe to come (each player at his box)."""
        self.table.seat({box: name for name, box in self.players().items()})

    def play_round(self, bets: Mapping[str, Money]) -> Round:
        """One round: every player bets (as the rule set requires), the policy plays the
        hands; the bank pays or collects; a broke bank is advanced again; after the round
        in which the cut card came out the next participant banks."""
        if self.over:
            raise self._refuse("banker_rotation", "the round of bankers is over", "play_round")
        seats = self.players()
        unknown = set(bets) - set(seats)
        if unknown:
            raise InputError(f"{sorted(unknown)} do not play this shoe (the banker is {self.banker})", field="bets")
        missing = [p for p in seats if p not in bets]
        if missing and self.rules.every_player_bets_every_round:
            raise self._refuse(
                "every_player_bets_every_round", f"{', '.join(missing)} must play every round", "play_round"
            )
        rnd = self.table.new_round()
        for name, box in seats.items():
            if name in bets:
                rnd.place_bet(box, name, bets[name])
        rnd.deal()
        while rnd.phase.value != "done":
            if rnd.phase.value == "insurance":
                rnd.close_insurance()
            else:
                self.policy(rnd)
        self.table.finish(rnd)
        self.rounds += 1
        for name, net in rnd.net.items():
            self.results[name] = money(self.results[name] + net)
        self.bank = money(self.bank + rnd.bank_net())
        if self.bank <= 0 and self.rules.co_owned_bank:
            self._advance_all()
        if self.table.shoe.cut_card_out:
            self.banker_index += 1
            if self.banker_index == len(self.participants):
                self._finish()
            else:
                self.log.append(ev.banker(self.banker))
                self._seat()
        return rnd

    def _finish(self) -> None:
        self.over = True
        self.log.append(ev.session_end())
        if self.rules.co_owned_bank:
            share = money(Fraction(self.bank) / len(self.participants))
            for name in self.participants:
                self.shares[name] = share
                self.log.append(ev.share(name, share))
            self.bank = 0

    def play(self, bet: Money) -> None:
        """Play the whole session, every player betting ``bet`` every round."""
        while not self.over:
            self.play_round({name: bet for name in self.players()})

    def final(self) -> dict[str, Money]:
        """Each participant's final balance: his result at the table, less his advances,
        plus his share of the bank."""
        return {p: money(self.results[p] - self.advances[p] + self.shares.get(p, 0)) for p in self.participants}
