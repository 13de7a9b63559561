"""The engine behind the pages' "Play it yourself" widgets: JSON in, JSON out (called from play.js).

Packed into ``pyodide/engine.zip`` as ``bj_play.py`` by ``tools/pyodide_site.py``; it runs in the
page's Python (Pyodide), beside the engine, and speaks the page's language (the worker activates
it): each table's refusals and errors in its rulebook's words (:mod:`spec_engine.i18n`).

A table is one widget's round under one rulebook (``TABLES[widget, reg]``): two widgets on a page
never share a round. A table keeps how its shoe is made and the decisions accepted so far; each
decision replays the round from its start with that decision added. With ``queues`` (each box's
and the dealer's cards in the order they receive them, as on "Same hand, five rulebooks") the shoe
is arranged again until every receiver gets its own cards, whichever order the rulebook deals and
plays in; else the shoe is the cards given, in order. The rest of the shoe is shuffled with the seed.
"""

import json
import random
from fractions import Fraction

from spec_engine.cards import CARDS, Shoe, parse_cards
from spec_engine.catalog import rulebook_name
from spec_engine.errors import RuleViolation, SpecError
from spec_engine.events import money, money_str
from spec_engine.game import Action, Round
from spec_engine.glossary import terms
from spec_engine.i18n import SOURCE, _, active, language, ngettext
from spec_engine.overrides import with_hole_card
from spec_engine.rules import ruleset

MIN_BET, MAX_BET = 10, 500
PLAYING = ("hit", "stand", "double", "split", "surrender")
TABLES = {}
TRIES = 12


def _codes(text):
    """The card codes typed in a field, each checked (said in the page's language)."""
    codes = text.replace(",", " ").split()
    for code in codes:
        if code not in CARDS:
            raise SpecError(
                _(
                    "card: unknown card code {code} (rank A 2-9 T J Q K then suit S H D C, upper case, e.g. 'TH')",
                    code=repr(code),
                )
            )
    return parse_cards(codes)


def _given(text, count, wrong):
    """Exactly ``count`` cards from a field, else the field's own sentence (``wrong``: for the
    number of cards given; a translation may begin with a glossary word, which it writes in lower case)."""
    cards = _codes(text)
    if len(cards) != count:
        said = wrong(len(cards))
        raise SpecError(said[:1].upper() + said[1:])
    return cards


class Table:
    """One widget's round under one rulebook, replayed from ``spec`` and the decisions taken."""

    def __init__(self, reg, spec):
        self.rules = with_hole_card(ruleset(reg), spec.get("hole_card"))  # (a house's choice)
        self.bets = [(int(box), bettor, money(Fraction(str(amount).strip()))) for box, bettor, amount in spec["bets"]]
        self.seed = int(str(spec.get("seed") or "").strip() or 0)
        self.queues = None
        self.order = []
        if spec.get("queues"):
            self.queues = {int(who): _codes(codes) for who, codes in spec["queues"].items()}
            boxes = sorted({box for box, _bettor, _amount in self.bets}, reverse=self.rules.deal_order == "descending")
            self.order = [*boxes, 0, *boxes] + ([0] if self.rules.hole_card != "none" else [])
            given = [card for cards in self.queues.values() for card in cards]
        else:
            given = []
            if spec.get("box", "").strip() or spec.get("dealer", "").strip():
                first, second = _given(
                    spec["box"],
                    2,
                    lambda n: ngettext(
                        "Box 1 takes 2 cards, not {count} card", "Box 1 takes 2 cards, not {count} cards", n, count=n
                    ),
                )
                dealer = _given(
                    spec["dealer"],
                    1,
                    lambda n: ngettext(
                        "The dealer's first card is 1 card, not {count} card",
                        "The dealer's first card is 1 card, not {count} cards",
                        n,
                        count=n,
                    ),
                )
                given = [first, *dealer, second, *_codes(spec.get("rest", ""))]
        self.given = given
        self.behind = Shoe.shuffled(self.rules.decks, random.Random(self.seed)).cards()
        for card in given:  # the rest of the shoe: the cards not given, shuffled
            codes = [c.code for c in self.behind]
            if card.code in codes:
                del self.behind[codes.index(card.code)]
        self.decisions = []
        self.round = None

    def shoe(self, order):
        """The cards given, each receiver's next card at its turn in ``order`` (a receiver whose
        cards are all out takes the shoe's next one), then the rest."""
        if self.queues is None:
            return self.given + self.behind
        left = {who: list(cards) for who, cards in self.queues.items()}
        behind = list(self.behind)
        out = []
        for who in order:
            out.append(left[who].pop(0) if left.get(who) else behind.pop(0))
        for who in sorted(left):
            out.extend(left[who])
        return out + behind

    def replay(self, decisions):
        """The round with ``decisions`` played; the refusal that stopped them, if one did."""
        for _try in range(TRIES):
            cards = self.shoe(self.order)
            rnd, refusal = self._play(cards, decisions)
            if self.queues is None:
                break
            got = [
                0 if e.type in ("dealer_card", "dealer_hole") else e.box or 0
                for e in rnd.events
                if e.type in ("dealer_card", "dealer_hole", "card", "misdeal")
            ]
            if self.shoe(got)[: len(got)] == cards[: len(got)]:
                break
            self.order = got
        return rnd, refusal

    def _play(self, cards, decisions):
        rnd = Round(self.rules, Shoe(cards), min_bet=MIN_BET, max_bet=MAX_BET)
        for box, bettor, amount in self.bets:
            rnd.place_bet(box, bettor, amount)
        rnd.deal()
        for decision in decisions:
            try:
                _decide(rnd, *decision)
            except RuleViolation as exc:
                return rnd, exc
        return rnd, None


def _decide(rnd, kind, box, bettor, amount):
    if kind == "close_insurance":
        rnd.close_insurance()
    elif kind == "close_surrender":
        rnd.close_surrender()
    elif kind == "insurance":
        stake = rnd.boxes[box].bets[bettor]
        rnd.insure(box, bettor, money(Fraction(amount) if amount else Fraction(stake) * rnd.rules.insurance_max))
    elif kind == "even_money":
        rnd.take_even_money(box, bettor)
    elif kind in PLAYING:
        getattr(rnd, kind)(box)
    else:
        raise SpecError(_("no such action: {kind}", kind=kind))


def _rulebook(reg):
    """The page's language, in the words of ``reg`` (its refusals and errors say them)."""
    return language(active(), rulebook=reg.upper() if isinstance(reg, str) else None)


def face_down(events):
    """The code of the dealer's hole card while nobody has seen it (dealt face down and not turned:
    discarded unseen, it stays so), else None."""
    hole = None
    for e in events:
        if e.type == "dealer_hole":
            hole = e.card
        elif e.type == "hole_turned":
            hole = None
    return hole


def shown_log(events):
    """The log as the widget shows it (JSON lines): the hole card's code left out while it is face
    down (``dealer_hole`` without its card, and so its discard unseen and the cards cleared, which
    count it without naming it), its code in the log once turned."""
    hole = face_down(events)
    out = []
    for e in events:
        if hole is not None and e.card == hole and e.type in ("dealer_hole", "dealer_discards"):
            e = e._replace(card=None)
        elif hole is not None and e.type == "clear" and e.info:  # (the dealer's cards go last, the hole card last)
            e = e._replace(info=e.info.rsplit(" ", 1)[0] if " " in e.info else None)
        out.append(e.to_json())
    return out


def _face_down_card():
    """The hole card as the widget names it while face down (``play.js`` draws a card's back,
    ``cards.json``'s ``back``): never the card it hides."""
    return {"name": _("face-down card")}


def start(widget, reg, spec):
    """A new round of ``widget`` under ``reg``; ``spec`` (JSON): ``bets`` ([box, bettor, amount]
    each), ``seed``, ``hole_card`` (none, the texts' own, peek or peek_ace: a house's choice),
    and either ``queues`` ({receiver: cards}, 0 the dealer) or ``box``, ``dealer``
    and ``rest`` (box 1's two cards, the dealer's first card, then the next cards drawn)."""
    TABLES.pop((widget, reg), None)
    with _rulebook(reg):
        try:
            table = Table(reg, json.loads(spec))
            table.round, _refused = table.replay([])
        except RuleViolation as exc:
            return json.dumps({"reg": reg, "refusal": _refusal(reg, exc), "words": _words(reg)}, ensure_ascii=False)
        except (SpecError, ValueError, ZeroDivisionError) as exc:
            return json.dumps({"reg": reg, "error": str(exc), "words": _words(reg)}, ensure_ascii=False)
        TABLES[widget, reg] = table
        return state(widget, reg)


def act(widget, reg, kind, box=None, bettor=None, amount=None):
    """Play ``kind`` (hit, stand, double, split, insurance, even_money, close_insurance) on
    ``box`` (the box to act when None) for ``bettor`` (the box's first when None)."""
    table = TABLES[widget, reg]
    rnd = table.round
    if box is None:
        current = rnd.current()
        box = current[0].number if current else min(rnd.boxes)
    if bettor is None and box in rnd.boxes and rnd.boxes[box].bets:
        bettor = next(iter(rnd.boxes[box].bets))
    decisions = [*table.decisions, (kind, box, bettor, amount)]
    refusal = error = None
    with _rulebook(reg):
        try:
            played, refused = table.replay(decisions)
        except SpecError as exc:
            error = str(exc)
        else:
            if refused is None:
                table.round, table.decisions = played, decisions
            else:  # nothing was played: the table stays as it was
                refusal = _refusal(reg, refused)
        return state(widget, reg, refusal, error)


def _refusal(reg, exc):
    from spec_engine.citing import quote, translated  # only when a refusal is shown: a quicker start

    citations = ruleset(reg).citations
    note, note_lang = translated(citations[exc.rule].note if exc.rule in citations else "")
    return {
        "action": exc.action,
        "reason": exc.reason,
        "sentence": exc.sentence,
        "rule": exc.rule,
        "clauses": [quote(cid) for cid in exc.clauses],
        "note": note or "",
        "note_lang": note_lang,
    }


def _words(reg):
    """The glossary's words of ``reg`` in the page's language (the widget's sentences say them)."""
    return terms(active(), reg.upper()) if active() != SOURCE else {}


def _choice(action):
    return {"kind": action.kind, "box": action.box, "bettor": action.bettor}


def state(widget, reg, refusal=None, error=None):
    rnd = TABLES[widget, reg].round
    hands = [
        {
            "box": b.number,
            "hand": i,
            "cards": [c.code for c in h.cards],
            "total": h.total,
            "soft": h.soft,
            "bettors": list(b.bets),
        }
        for b in rnd.boxes.values()
        for i, h in enumerate(b.hands, start=1)
    ]
    current = rnd.current()
    phase = rnd.phase.value
    hole = face_down(rnd.events)  # (shown face down, never by its code)
    actions = rnd.legal_actions()
    legal = [_choice(a) for a in actions]
    other = []
    if current is not None:
        kinds = {a.kind for a in actions}
        other = [_choice(Action(k, current[0].number)) for k in PLAYING if k not in kinds]
    settled = [
        {
            "box": e.box,
            "hand": e.hand,
            "bettor": e.bettor,
            "net": money_str(e.amount),
            "stake": money_str(e.stake),
            "outcome": e.info,
        }
        for e in rnd.settlements()
    ]
    return json.dumps(
        {
            "reg": reg,
            "name": rulebook_name(reg, with_id=True),
            "phase": phase,
            "dealer": [c.code for c in rnd.dealer][: 1 if hole is not None else None],
            "hole": _face_down_card() if hole is not None else None,
            "dealer_total": rnd.dealer_total if rnd.dealer and hole is None else None,
            "hands": hands,
            "current": None if current is None else [current[0].number, current[0].hands.index(current[1]) + 1],
            "legal": legal,
            "other": other,
            "settled": settled,
            "decided": len(TABLES[widget, reg].decisions),
            "net": {b: money_str(money(v)) for b, v in rnd.net.items()} if phase == "done" else None,
            "log": shown_log(rnd.events),
            "refusal": refusal,
            "error": error,
            "words": _words(reg),
        },
        ensure_ascii=False,
    )
