"""Deviations: implementations that depart from the protocol (not from a regulation) in one
point each, as the outside lab's did in its re-trial of the kit (issue 31): a change of the
protocol's history taken back, a convention of the refusal table read the other way, a point
the docs left open guessed otherwise, a refusal checked loosely. Each is the reference engine
behind the protocol with one deviation, at the protocol's edge (a reply, a request or the log
rewritten) or, where the engine itself must play otherwise, in its code; they run through the
mutants' adapter and runner (``python -m tests.mutants.adapter NAME``), on Uruguay's scenarios,
the rulebook of the lab's run. ``tests/test_deviations.py`` checks that the suite catches each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from spec_engine.kit import protocol
from spec_engine.kit.driver import DriverWrapper, EngineDriver, Reply
from spec_engine.rules import ruleset
from tests.mutants.catalog import Mutant, edit_method

Message = Mapping[str, Any]


@dataclass(frozen=True)
class Deviation:
    """One departure: ``before`` may answer a request itself (or change it: it returns the
    request to send), ``after`` may rewrite the reply, ``log`` the event log; ``generator``
    replaces the seeded generator of the table's shuffles."""

    before: Callable[[Deviant, Message], Reply | Message | None] | None = None
    after: Callable[[Deviant, Message, Reply], Reply] | None = None
    log: Callable[[Deviant, list[dict[str, Any]]], list[dict[str, Any]]] | None = None
    generator: Callable[[int], random.Random] = random.Random


class Deviant(DriverWrapper):
    """The engine with a :class:`Deviation` at its edge; ``start`` is the game's start request."""

    def __init__(self, inner: EngineDriver, deviation: Deviation) -> None:
        super().__init__(inner)
        self.deviation = deviation
        self.start: dict[str, Any] = {}

    def request(self, message: Message) -> Reply:
        if message.get("op") == "start":
            self.start = dict(message)
        if self.deviation.before is not None:
            early = self.deviation.before(self, message)
            if early is not None and "ok" in early:
                return dict(early)
            message = early if early is not None else message
        reply = self.inner.request(message)
        if self.deviation.log is not None and message.get("op") == "events" and reply.get("ok"):
            reply = {**reply, "events": self.deviation.log(self, list(reply["events"]))}
        return self.deviation.after(self, message, reply) if self.deviation.after is not None else reply

    # -- what deviations ask
    def phase(self) -> str | None:
        reply = self.inner.request({"op": "phase"})
        return str(reply["phase"]) if reply.get("ok") else None

    def cites(self, rule: str) -> list[str]:
        """What the game's rule set cites for ``rule`` (its own value's clauses)."""
        return list(ruleset(str(self.start.get("regulation", "UY"))).citations[rule].clauses)


def error(reply: Reply) -> dict[str, Any]:
    return dict(reply.get("error") or {}) if not reply.get("ok") else {}


def input_error(field: str | None, message: str = "refused") -> Reply:
    return {"ok": False, "error": {"code": "input_error", "message": message, **({"field": field} if field else {})}}


def rule_violation(rule: str, clauses: list[str], message: str = "refused") -> Reply:
    cited = {"clauses": clauses} if clauses else {}
    return {"ok": False, "error": {"code": "rule_violation", "message": message, **cited, "rule": rule}}


def acting(message: Message, *actions: str) -> bool:
    return message.get("op") == "act" and message.get("action") in actions


def renamed_field(actions: tuple[str, ...] | None, old: str, new: str | None) -> Deviation:
    """An input error naming ``old`` names ``new`` instead (None: no field) for these actions
    (None: every request, the start included)."""

    def after(_: Deviant, message: Message, reply: Reply) -> Reply:
        found = error(reply)
        mine = actions is None or acting(message, *actions)
        if mine and found.get("code") == "input_error" and found.get("field") == old:
            return input_error(new, found.get("message", ""))
        return reply

    return Deviation(after=after)


def renamed_rule(actions: tuple[str, ...], old: str, new: str, *, cite_new: bool = False) -> Deviation:
    """A refusal by ``old`` names ``new`` instead (citing the same clauses, or ``new``'s)."""

    def after(ctx: Deviant, message: Message, reply: Reply) -> Reply:
        found = error(reply)
        if acting(message, *actions) and found.get("rule") == old:
            clauses = ctx.cites(new) if cite_new else list(found.get("clauses") or ())
            return rule_violation(new, clauses, found.get("message", ""))
        return reply

    return Deviation(after=after)


def accepted(*actions: str, when: Callable[[Deviant, Message, Reply], bool]) -> Deviation:
    """What the reference refuses is answered ok (and not done) where ``when`` holds."""

    def after(ctx: Deviant, message: Message, reply: Reply) -> Reply:
        return (
            {"ok": True} if acting(message, *actions) and not reply.get("ok") and when(ctx, message, reply) else reply
        )

    return Deviation(after=after)


def dropping(wanted: Callable[[list[dict[str, Any]], int], bool]) -> Deviation:
    """Events the log leaves out: each event ``wanted(events, index)`` says so."""

    def log(_: Deviant, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [e for i, e in enumerate(events) if not wanted(events, i)]

    return Deviation(log=log)


def _after_refill(events: list[dict[str, Any]], i: int, kinds: tuple[str, ...], within: int = 3) -> bool:
    start = max(0, i - within)
    refill = any(e["type"] == "shuffle" and e.get("info") == "discards" for e in events[start:i])
    return refill and events[i]["type"] in kinds


def _with(reply: Reply, **fields: Any) -> Reply:
    return {**reply, "error": {**error(reply), **fields}}


# ------------------------------------------------------------------------------ the deviations
def _insurance_no_bet(ctx: Deviant, message: Message, reply: Reply) -> Reply:
    """As the order list once read: a bettor with no bet on the box cites max_bets_per_box."""
    found = error(reply)
    if acting(message, "insurance", "even_money") and found.get("field") == "bettor":
        return rule_violation("max_bets_per_box", ctx.cites("max_bets_per_box"), found.get("message", ""))
    return reply


def _play_during_insurance(ctx: Deviant, message: Message, reply: Reply) -> Reply:
    found = error(reply)
    if acting(message, "hit", "stand", "double", "split") and found.get("rule") == "play_order":
        if ctx.phase() == "insurance":
            return rule_violation("insurance_timing", ctx.cites("insurance_timing"), found.get("message", ""))
    return reply


def _bet_amount_first(_: Deviant, message: Message) -> Reply | None:
    """A bet's amount is read before anything else (as the reference's adapter once did)."""
    if acting(message, "bet", "insurance"):
        amount = dict(message.get("args") or {}).get("amount")
        if isinstance(amount, str) and not amount.replace(".", "", 1).replace("/", "", 1).lstrip("-").isdigit():
            return input_error("amount", f"not an amount of money: {amount!r}")
    return None


def _overridden_cites(ctx: Deviant, message: Message, reply: Reply) -> Reply:
    found = error(reply)
    rule = found.get("rule")
    if rule and not found.get("clauses") and rule in (ctx.start.get("overrides") or {}) and ctx.cites(rule):
        return _with(reply, clauses=ctx.cites(rule))
    return reply


def _participants_twice(ctx: Deviant, message: Message) -> Message | None:
    """Up to twice as many participants as boxes accepted (as before protocol 4.0)."""
    count = message.get("participants")
    if message.get("op") == "start" and isinstance(count, int) and count > 7:
        return {k: v for k, v in message.items() if k != "participants"} if count <= 14 else None
    return None


def _no_maximum_unchecked(_: Deviant, message: Message) -> Message | None:
    overrides = dict(message.get("overrides") or {})
    if message.get("op") == "start" and "max_bet" not in message and "limit_ratio" in overrides:
        del overrides["limit_ratio"]
        return {**message, "overrides": overrides}
    return None


def _seated_map_as_list(_: Deviant, message: Message) -> Message | None:
    seated = message.get("seated")
    if message.get("op") == "start" and isinstance(seated, Mapping):
        return {**message, "seated": sorted(int(box) for box in seated)}
    return None


def _house_ignored(_: Deviant, message: Message) -> Message | None:
    """A start's house left out, as an implementation that does not know the argument would
    do if it ignored it instead of answering unsupported."""
    if message.get("op") == "start" and "house" in message:
        return {k: v for k, v in message.items() if k != "house"}
    return None


def _unbet_seat_refused_as_no_bets(_: Deviant, message: Message, reply: Reply) -> Reply:
    """A deal on a box whose named seated player has not bet is refused as a deal with no bet
    (input_error on bets), not by box_owner_decides."""
    if acting(message, "deal") and error(reply).get("rule") == "box_owner_decides":
        said = {"code": "input_error", "message": "bets: no bet of the box's holder", "field": "bets"}
        return {**reply, "error": said}
    return reply


def _misdeals_boxes_only(ctx: Deviant, message: Message) -> Message | None:
    """misdeals' before counts the boxes' cards only, not the dealer's: card n, past the first
    round of cards, is the reference's n + 1."""
    args = dict(message.get("args") or {})
    if acting(message, "deal") and isinstance(args.get("misdeals"), list):
        boxes = 1  # (the scenarios of the numbering deal one box)
        moved = [
            {**m, "before": m["before"] + 1}
            if isinstance(m, dict) and isinstance(m.get("before"), int) and m["before"] > boxes
            else m
            for m in args["misdeals"]
        ]
        return {**message, "args": {**args, "misdeals": moved}}
    return None


def _fields_listed(_: Deviant, message: Message, reply: Reply) -> Reply:
    """Every input error names one field listing them all (a substring test passes it)."""
    found = error(reply)
    if found.get("code") == "input_error" and found.get("field"):
        names = " ".join(
            (
                "action amount bets bettor box card cut declining level limits misdeals override participants",
                "regulation round shoe table",
            )
        )
        return _with(reply, field=f"{found['field']} ({names})")
    return reply


SAME_CLAUSES = {
    "last_round_on_cut_card": "announce_last_round",
    "insurance_max": "insurance_exact",
    "hit_on_hard_21": "hit_on_soft_21",
}


def _rule_of_the_same_clauses(_: Deviant, message: Message, reply: Reply) -> Reply:
    """A refusal names another rule whose citation holds the same clauses."""
    found = error(reply)
    if found.get("rule") in SAME_CLAUSES:
        return _with(reply, rule=SAME_CLAUSES[found["rule"]])
    return reply


def _refill_cut_card(_: Deviant, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for i, event in enumerate(events):
        out.append(event)
        if event["type"] == "cut" and _after_refill(events, i, ("cut",)):
            out.append({"type": "cut_card", "total": 0})
    return out


def _surrender_settled_whole(_: Deviant, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {**e, "amount": f"-{e['stake']}"} if e["type"] == "settle" and e.get("info") == "surrender" else e
        for e in events
    ]


def _double_without_auto_stand(_: Deviant, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    def after_double(i: int) -> bool:
        return i >= 2 and any(e["type"] == "double" for e in events[max(0, i - 4) : i])

    return [
        e
        for i, e in enumerate(events)
        if not (e["type"] == "stand" and e.get("info") == "automatic" and after_double(i))
    ]


class Served:
    """A deviation's ``apply``: the adapter serves the engine with ``deviation`` at its edge
    (:meth:`driver` makes one such engine: the multiplexing adapter makes one per game)."""

    def __init__(self, deviation: Deviation) -> None:
        self.deviation = deviation

    def driver(self) -> Deviant:
        return Deviant(EngineDriver(generator=self.deviation.generator), self.deviation)

    def __call__(self) -> None:
        vars(protocol)["EngineDriver"] = self.driver


def _edge(deviation: Deviation) -> Served:
    return Served(deviation)


def _d(name: str, breaks: tuple[str, ...], fault: str, apply: Callable[[], None]) -> Mutant:
    return Mutant(name, "protocol", fault, ("UY",), apply, breaks=breaks)


_DEVIATIONS = (
    # -- a change of the protocol's history taken back
    _d(
        "insurance_no_bet_cites_a_rule",
        ("insurance.no-bet",),
        "insurance by one with no bet on the box cites max_bets_per_box (taking back 3.0)",
        _edge(Deviation(after=_insurance_no_bet)),
    ),
    _d(
        "shuffle_during_a_round_taken",
        ("shuffle.mid-round",),
        "a shuffle during a round is answered ok (taking back 3.0)",
        _edge(accepted("shuffle", when=lambda c, m, r: error(r).get("field") == "action")),
    ),
    _d(
        "session_action_at_a_table_unnamed",
        ("session.at-table",),
        "session_round at a table without a session names no field (taking back 3.0)",
        _edge(renamed_field(("session_round", "session_play"), "level", None)),
    ),
    _d(
        "round_shoe_not_checked",
        ("start.round.shoe-fits",),
        "a round-level shoe with more of a card than the decks hold is taken (taking back 3.0)",
        _edge(
            Deviation(
                before=lambda c, m: (
                    {**m, "overrides": {**dict(m.get("overrides") or {}), "decks": 9}}
                    if m.get("op") == "start"
                    and m.get("level", "round") == "round"
                    and m.get("regulation") == "UY"
                    and not m.get("overrides")
                    else None
                )
            )
        ),
    ),
    _d(
        "round_limits_unnamed",
        ("start.limits-rule",),
        "round-level limits the rule set forbids are an input error without a field (taking back 3.0)",
        _edge(
            Deviation(
                after=lambda c, m, r: (
                    input_error(None)
                    if m.get("op") == "start" and error(r).get("rule") in ("limit_ratio", "bet_multiple")
                    else r
                )
            )
        ),
    ),
    _d(
        "double_stands_silently",
        ("double.stands-on-21",),
        "a doubled hand at 21 that may draw again logs no automatic stand (taking back 3.0)",
        _edge(Deviation(log=_double_without_auto_stand)),
    ),
    _d(
        "refill_uncut",
        ("refill.cut",),
        "a refill from the discards is neither offered nor cut (taking back 4.0)",
        _edge(dropping(lambda ev, i: _after_refill(ev, i, ("offer_cut", "cut"), 2))),
    ),
    _d(
        "refill_unburnt",
        ("refill.burn",),
        "a refill from the discards burns nothing (taking back 4.0)",
        _edge(dropping(lambda ev, i: _after_refill(ev, i, ("burn",), 3))),
    ),
    _d(
        "dealer_change_during_a_round_taken",
        ("dealer-change.mid-round",),
        "change_dealer during a round is answered ok (taking back 4.0)",
        _edge(accepted("change_dealer", when=lambda c, m, r: error(r).get("field") == "action")),
    ),
    _d(
        "burn_hides_the_cut_card",
        ("burn.cut-card-out",),
        "a burn that brings the cut card out does not log cut_card_out (taking back 4.0)",
        _edge(dropping(lambda ev, i: ev[i]["type"] == "cut_card_out" and i > 0 and ev[i - 1]["type"] == "burn")),
    ),
    _d(
        "no_maximum_unchecked",
        ("limits.no-maximum",),
        "limits without a maximum skip the ratio check (taking back 4.0)",
        _edge(Deviation(before=_no_maximum_unchecked)),
    ),
    _d(
        "participants_up_to_twice",
        ("participants.too-many",),
        "up to twice as many participants as boxes are taken (taking back 4.0)",
        _edge(Deviation(before=_participants_twice)),
    ),
    _d(
        "least_insurance_once_a_box",
        ("insurance.least-per-hand",),
        "the least insurance is due once a box, not on each hand insured (taking back 4.0)",
        edit_method(
            "Round",
            "_insurance_refusal",
            ("stake, hands = money(sum(held)), len(held)", "stake, hands = money(sum(held)), 1"),
        ),
    ),
    _d(
        "seated_map_read_as_boxes",
        ("start.seated-map",),
        "seated as a map of players is read as a list of boxes (taking back 4.0)",
        _edge(Deviation(before=_seated_map_as_list)),
    ),
    _d(
        "surrender_loses_the_whole_stake",
        ("surrender.settle",),
        "a surrendered stake is settled for the whole of it (4.1)",
        _edge(Deviation(log=_surrender_settled_whole)),
    ),
    _d(
        "seeded_shoes_other_generator",
        ("shoe.seeded", "refill.seeded"),
        "the table's seeded shoes come from another generator (seed + 1)",
        _edge(Deviation(generator=lambda seed: random.Random(seed + 1))),
    ),
    _d(
        "overridden_rule_cites_its_clauses",
        ("refusal.overridden",),
        "a refusal by an overridden rule cites the rule set's clauses",
        _edge(Deviation(after=_overridden_cites)),
    ),
    _d(
        "bet_amount_read_first",
        ("order.amount-after-box",),
        "a bet's amount is checked before its box (the order of a bet's refusals)",
        _edge(Deviation(before=_bet_amount_first)),
    ),
    _d(
        "play_during_insurance_by_timing",
        ("refusal.play-during-insurance",),
        "a play during the insurance call is refused by insurance_timing, not play_order",
        _edge(Deviation(after=_play_during_insurance)),
    ),
    # -- a convention of the refusal table read otherwise
    _d(
        "card_named_shoe",
        ("refusal.card-unknown",),
        "an unknown card names the field shoe, not card",
        _edge(renamed_field(None, "card", "shoe")),
    ),
    _d(
        "regulation_named_id",
        ("refusal.regulation-unknown",),
        "an unknown regulation names the field id, not regulation",
        _edge(renamed_field(None, "regulation", "id")),
    ),
    _d(
        "override_kind_named_override",
        ("refusal.override-kind",),
        "an override of the wrong kind names override, not override [rule]",
        _edge(
            Deviation(
                after=lambda c, m, r: (
                    _with(r, field="override") if str(error(r).get("field", "")).startswith("override [") else r
                )
            )
        ),
    ),
    _d(
        "round_named_table",
        ("refusal.round-before-start",),
        "a round action at a table before the first round names table, not round",
        _edge(renamed_field(None, "round", "table")),
    ),
    _d(
        "table_named_level",
        ("refusal.table-at-round",),
        "a table action at the round level names level, not table",
        _edge(
            renamed_field(("shuffle", "change_dealer", "cut", "claim", "leave", "announce_closing"), "table", "level")
        ),
    ),
    _d(
        "amount_named_bet",
        ("refusal.amount",),
        "an amount that is not money names the field bet, not amount",
        _edge(renamed_field(("bet", "change_bet", "insurance"), "amount", "bet")),
    ),
    _d(
        "bets_named_box",
        ("refusal.bets",),
        "a deal with no bet names the field box, not bets",
        _edge(renamed_field(("deal",), "bets", "box")),
    ),
    _d(
        "declining_named_bettor",
        ("refusal.declining",),
        "a declining list naming a bettor with no stake names bettor, not declining",
        _edge(renamed_field(("double", "split"), "declining", "bettor")),
    ),
    _d(
        "cut_named_shoe",
        ("refusal.cut-not-awaited", "refusal.cut-awaited"),
        "a cut not awaited, or a bet awaiting the cut, names shoe, not cut",
        _edge(renamed_field(None, "cut", "shoe")),
    ),
    _d(
        "mid_round_named_round",
        ("shuffle.mid-round", "dealer-change.mid-round"),
        "a shuffle or change of dealer during a round names round, not action",
        _edge(renamed_field(("shuffle", "change_dealer"), "action", "round")),
    ),
    _d(
        "participants_named_table",
        ("participants.too-few", "refusal.participants-missing"),
        "a table's participants refused name table, not participants",
        _edge(renamed_field(None, "participants", "table")),
    ),
    _d(
        "bettor_named_box",
        ("refusal.bettor",),
        "a bettor with a bet already, or none to change, names box, not bettor",
        _edge(renamed_field(("bet", "change_bet", "withdraw_bet"), "bettor", "box")),
    ),
    _d(
        "unknown_action_named_round",
        ("refusal.action-unknown",),
        "an action of no protocol names round, not action",
        _edge(
            Deviation(
                after=lambda c, m, r: (
                    input_error("round")
                    if m.get("op") == "act"
                    and error(r).get("field") == "action"
                    and m.get("action") not in ("shuffle", "change_dealer")
                    else r
                )
            )
        ),
    ),
    _d(
        "consent_after_the_deal_by_play_order",
        ("refusal.consent-after-deal",),
        "consent after the deal is refused by play_order, not bets_closed_at_deal",
        _edge(renamed_rule(("consent", "object"), "bets_closed_at_deal", "play_order", cite_new=True)),
    ),
    # -- a point the docs left open, guessed otherwise
    _d(
        "misdeals_count_boxes_only",
        ("deal.misdeals-numbering",),
        "misdeals' before counts the boxes' cards only, not the dealer's",
        _edge(Deviation(before=_misdeals_boxes_only)),
    ),
    _d(
        "limits_not_money_named_amount",
        ("refusal.limits-not-money",),
        "a limit that is not money names amount, not limits",
        _edge(
            Deviation(
                after=lambda c, m, r: (
                    _with(r, field="amount")
                    if m.get("op") == "start"
                    and error(r).get("field") == "limits"
                    and not str(m.get("min_bet", "1")).isdigit()
                    else r
                )
            )
        ),
    ),
    _d(
        "misdeals_entry_unnamed",
        ("refusal.misdeals-entry",),
        "a misdeals entry without a card number names no field",
        _edge(
            Deviation(
                after=lambda c, m, r: (
                    input_error(None)
                    if acting(m, "deal")
                    and error(r).get("field") == "misdeals"
                    and any(
                        not isinstance(e, dict) or "before" not in e
                        for e in dict(m.get("args") or {}).get("misdeals", [])
                    )
                    else r
                )
            )
        ),
    ),
    _d(
        "double_three_cards_by_double_one_card",
        ("refusal.double-three-cards",),
        "a double on three cards names double_one_card, not double_totals",
        _edge(renamed_rule(("double",), "double_totals", "double_one_card", cite_new=True)),
    ),
    _d(
        "session_round_at_round_named_level",
        ("refusal.session-at-round",),
        "a session action at the round level names level, not table",
        _edge(renamed_field(("session_round", "session_play"), "table", "level")),
    ),
    _d(
        "refill_places_a_cut_card",
        ("refill.no-cut-card",),
        "a refill logs a cut card",
        _edge(Deviation(log=_refill_cut_card)),
    ),
    _d(
        "unbet_seat_refused_as_no_bets",
        ("seated.undealt-without-his-bet",),
        "a deal on a box whose named seated player has not bet is refused as a deal without bets",
        _edge(Deviation(after=_unbet_seat_refused_as_no_bets)),
    ),
    _d(
        "override_kind_named_the_rule",
        ("refusal.override-kind",),
        "an override of the wrong kind names the rule alone, not override [rule]",
        _edge(
            Deviation(
                after=lambda c, m, r: (
                    _with(r, field=str(error(r)["field"])[10:-1])
                    if str(error(r).get("field", "")).startswith("override [")
                    else r
                )
            )
        ),
    ),
    _d(
        "house_ignored",
        ("refusal.house-fixed", "refusal.house-input"),
        "a start's house is ignored: neither played, refused nor answered unsupported (7.1)",
        _edge(Deviation(before=_house_ignored)),
    ),
    # -- refusals checked loosely
    _d(
        "every_field_listed",
        ("refusal.field-exact",),
        "every input error names one field listing all the field names",
        _edge(Deviation(after=_fields_listed)),
    ),
    _d(
        "rule_of_the_same_clauses",
        ("refusal.rule-exact",),
        "a refusal names another rule citing the same clauses (announce_last_round, insurance_exact, hit_on_soft_21)",
        _edge(Deviation(after=_rule_of_the_same_clauses)),
    ),
)

DEVIATIONS: dict[str, Mutant] = {m.name: m for m in _DEVIATIONS}
"""Every deviation, by name."""
