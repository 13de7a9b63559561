"""Pyodide and the engine, copied into the built site for the pages that run Python.

    python tools/pyodide_site.py [SITE]      (default: site/)

Also a MkDocs hook (``mkdocs.yml``: ``hooks``): after every build, including ``mkdocs serve``'s,
the same files go into the site being built. Into ``SITE/pyodide/``:

- Pyodide's core from the npm package (``node_modules/pyodide``, pinned by ``package-lock.json``,
  installed by ``npm ci``): the loader, the WebAssembly, the standard library, the lock file.
  Nothing else: packages beyond the standard library would come from a CDN, and the engine
  needs none.
- ``engine.zip``: the engine packed from the checkout as it is now (``spec_engine/*.py`` at the
  top level and the data it reads: clauses, regulation texts, rule sets; not the kit, the
  suite, the analysis or the pages, which need packages Pyodide lacks offline), and
  ``bj_play.py``, the few functions the "Play it yourself" widgets call (:data:`GLUE`); the
  dealer practice page calls the engine's own ``spec_engine.practice``. Fixed order and dates:
  the same checkout gives the same archive.
- ``cards.json``: the site's SVG cards by code, which the widgets draw.

Only the pages that run Python load these, in the Web Worker that ``javascripts/python.js``
starts (``javascripts/python-worker.js``: the play widgets as the page opens on "Play it
yourself", elsewhere when the reader opens one; the practice page as it opens; a notebook
page's first "Run"); every file is served from the site itself.
"""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

from spec_engine.pages.play import cards_json

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ENGINE_DATA = ("clauses", "regulations", "rulesets")
FOLDER = "pyodide"
PACK = "engine.zip"
CARDS = "cards.json"

GLUE = '''"""The engine behind the pages' "Play it yourself" widgets: JSON in, JSON out (called from play.js).

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

from spec_engine.cards import Shoe, parse_cards
from spec_engine.catalog import rulebook_name
from spec_engine.errors import RuleViolation, SpecError
from spec_engine.events import money, money_str
from spec_engine.game import Action, Round
from spec_engine.rules import ruleset

MIN_BET, MAX_BET = 10, 500
PLAYING = ("hit", "stand", "double", "split", "surrender")
TABLES = {}
TRIES = 12


def _cards(text, what, count=None):
    cards = parse_cards(text.replace(",", " ").split())
    if count is not None and len(cards) != count:
        raise SpecError(f"{what}: {count} card(s), not {len(cards)}")
    return cards


class Table:
    """One widget's round under one rulebook, replayed from ``spec`` and the decisions taken."""

    def __init__(self, reg, spec):
        self.rules = ruleset(reg)
        self.bets = [(int(box), bettor, money(Fraction(str(amount).strip()))) for box, bettor, amount in spec["bets"]]
        self.seed = int(str(spec.get("seed") or "").strip() or 0)
        self.queues = None
        self.order = []
        if spec.get("queues"):
            self.queues = {int(who): _cards(codes, f"box {who}" if who != "0" else "the dealer")
                           for who, codes in spec["queues"].items()}
            boxes = sorted({box for box, _, _ in self.bets}, reverse=self.rules.deal_order == "descending")
            self.order = [*boxes, 0, *boxes]
            given = [card for cards in self.queues.values() for card in cards]
        else:
            given = []
            if spec.get("box", "").strip() or spec.get("dealer", "").strip():
                first, second = _cards(spec["box"], "box 1", 2)
                dealer = _cards(spec["dealer"], "the dealer's first card", 1)
                given = [first, *dealer, second, *_cards(spec.get("rest", ""), "next cards")]
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
        for _ in range(TRIES):
            cards = self.shoe(self.order)
            rnd, refusal = self._play(cards, decisions)
            if self.queues is None:
                break
            got = [0 if e.type == "dealer_card" else e.box or 0 for e in rnd.events
                   if e.type in ("dealer_card", "card", "misdeal")]
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
    elif kind == "insurance":
        stake = rnd.boxes[box].bets[bettor]
        rnd.insure(box, bettor, money(Fraction(amount) if amount else Fraction(stake) * rnd.rules.insurance_max))
    elif kind == "even_money":
        rnd.take_even_money(box, bettor)
    elif kind in PLAYING:
        getattr(rnd, kind)(box)
    else:
        raise SpecError(f"no such action: {kind}")


def start(widget, reg, spec):
    """A new round of ``widget`` under ``reg``; ``spec`` (JSON): ``bets`` ([box, bettor, amount]
    each), ``seed``, and either ``queues`` ({receiver: cards}, 0 the dealer) or ``box``, ``dealer``
    and ``rest`` (box 1's two cards, the dealer's first card, then the next cards drawn)."""
    TABLES.pop((widget, reg), None)
    try:
        table = Table(reg, json.loads(spec))
        table.round, refusal = table.replay([])
    except RuleViolation as exc:
        return json.dumps({"reg": reg, "refusal": _refusal(reg, exc)})
    except (SpecError, ValueError, ZeroDivisionError) as exc:
        return json.dumps({"reg": reg, "error": str(exc)})
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
    from spec_engine.catalog import quoted  # only when a refusal is shown: a quicker start

    cited = [quoted(cid) for cid in exc.clauses]
    note = ruleset(reg).citations[exc.rule].note if exc.rule in ruleset(reg).citations else ""
    return {"action": exc.action, "reason": exc.reason, "rule": exc.rule, "clauses": cited, "note": note or ""}


def _choice(action, boxes):
    label = action.kind.replace("_", " ")
    if action.box is not None and (len(boxes) > 1 or action.kind in ("insurance", "even_money")):
        label += f" (box {action.box}" + (f", {action.bettor}" if action.bettor else "") + ")"
    return {"kind": action.kind, "box": action.box, "bettor": action.bettor, "label": label}


def state(widget, reg, refusal=None, error=None):
    rnd = TABLES[widget, reg].round
    hands = [
        {"box": b.number, "hand": i, "cards": [c.code for c in h.cards], "total": h.total, "soft": h.soft,
         "bettors": list(b.bets)}
        for b in rnd.boxes.values()
        for i, h in enumerate(b.hands, start=1)
    ]
    current = rnd.current()
    phase = rnd.phase.value
    actions = rnd.legal_actions()
    legal = [_choice(a, rnd.boxes) for a in actions]
    other = []
    if current is not None:
        kinds = {a.kind for a in actions}
        other = [_choice(Action(k, current[0].number), rnd.boxes) for k in PLAYING if k not in kinds]
    settled = [
        {"box": e.box, "hand": e.hand, "bettor": e.bettor, "net": money_str(e.amount), "stake": money_str(e.stake),
         "outcome": e.info}
        for e in rnd.settlements()
    ]
    return json.dumps({
        "reg": reg, "name": rulebook_name(reg, with_id=True), "phase": phase, "dealer": [c.code for c in rnd.dealer],
        "dealer_total": rnd.dealer_total if rnd.dealer else None, "hands": hands,
        "current": None if current is None else [current[0].number, current[0].hands.index(current[1]) + 1],
        "legal": legal, "other": other, "settled": settled, "decided": len(TABLES[widget, reg].decisions),
        "net": {b: money_str(money(v)) for b, v in rnd.net.items()} if phase == "done" else None,
        "log": [e.to_json() for e in rnd.events], "refusal": refusal, "error": error,
    })
'''
"""The widgets' Python side, written into the pack as ``bj_play.py`` (Pyodide imports it from there)."""


def engine_pack(target: Path, root: Path = ROOT) -> None:
    """Write the engine's modules, its data and :data:`GLUE` into the zip ``target``."""
    package = root / "spec_engine"
    files = sorted(package.glob("*.py")) + sorted(p for p in (package / "data").glob("*.toml"))
    for name in ENGINE_DATA:
        files += sorted(p for p in (package / "data" / name).rglob("*") if p.is_file())
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=(2026, 1, 1, 0, 0, 0))
            archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
        archive.writestr(zipfile.ZipInfo("bj_play.py", date_time=(2026, 1, 1, 0, 0, 0)), GLUE, zipfile.ZIP_DEFLATED)


def copy_into(site: Path, root: Path = ROOT) -> list[Path]:
    """Copy Pyodide's core and the engine pack into ``site/pyodide/``; returns the files."""
    source = root / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (source / name).is_file()]
    if missing:
        raise SystemExit(f"{source} lacks {', '.join(missing)}: run npm ci (make site does)")
    target = site / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, target / name)
        written.append(target / name)
    engine_pack(target / PACK, root)
    written.append(target / PACK)
    (target / CARDS).write_text(cards_json(), encoding="utf-8")
    written.append(target / CARDS)
    return written


def on_post_build(config: Any, **_: Any) -> None:
    """MkDocs hook: into the site just built (``mkdocs build`` or ``mkdocs serve``). Without
    ``node_modules/pyodide`` (a bare ``mkdocs build`` before ``npm ci``; ``make site`` always runs
    it first) the site is built without Python, said on stderr (not a MkDocs warning, which
    ``--strict`` would make fatal): the page then says Python could not start."""
    root = Path(config["config_file_path"]).resolve().parent
    if not (root / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file():
        print(f"pyodide_site: no {root}/node_modules/pyodide (npm ci): site built without Python", file=sys.stderr)
        return
    copy_into(Path(config["site_dir"]), root)


def main(argv: list[str]) -> None:
    site = Path(argv[0]) if argv else ROOT / "site"
    files = copy_into(site)
    total = sum(p.stat().st_size for p in files)
    print(f"{len(files)} files, {total:,} bytes, in {site / FOLDER}")


if __name__ == "__main__":
    main(sys.argv[1:])
