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
  ``bj_play.py``, the few functions the "Play it yourself" page calls (:data:`GLUE`). Fixed
  order and dates: the same checkout gives the same archive.

Only the pages that use Python load these (``javascripts/play.js`` fetches them when such a
page opens); every file is served from the site itself.
"""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ENGINE_DATA = ("clauses", "regulations", "rulesets")
FOLDER = "pyodide"
PACK = "engine.zip"

GLUE = '''"""The engine behind the "Play it yourself" page: JSON in, JSON out (called from play.js)."""

import json
import random
from fractions import Fraction

from spec_engine.cards import Shoe, parse_cards
from spec_engine.catalog import clause, regulation
from spec_engine.errors import RuleViolation, SpecError
from spec_engine.events import money, money_str
from spec_engine.game import Round
from spec_engine.rules import ruleset

MIN_BET, MAX_BET, BETTOR = 10, 500, "you"
PLAYING = ("hit", "stand", "double", "split")
ROUNDS = {}


def _cards(text, what, count=None):
    cards = parse_cards(text.replace(",", " ").split())
    if count is not None and len(cards) != count:
        raise SpecError(f"{what}: {count} card(s), not {len(cards)}")
    return cards


def start(reg, box, dealer, rest, seed, bet):
    """A new round under ``reg``: one box, bet ``bet`` (a decimal). The shoe: the cards given
    (box 1's two, the dealer's first, then the next ones), then the rest shuffled with ``seed``."""
    try:
        rules = ruleset(reg)
        stacked = []
        if box.strip() or dealer.strip():
            first, second = _cards(box, "box 1", 2)
            stacked = [first, *_cards(dealer, "the dealer's first card", 1), second, *_cards(rest, "next cards")]
        behind = Shoe.shuffled(rules.decks, random.Random(int(seed.strip() or 0))).cards()
        for card in stacked:  # the rest of the shoe: the cards not given, shuffled
            codes = [c.code for c in behind]
            if card.code in codes:
                del behind[codes.index(card.code)]
        shoe = Shoe(stacked + behind)
        rnd = Round(rules, shoe, min_bet=MIN_BET, max_bet=MAX_BET)
        ROUNDS[reg] = rnd
        rnd.place_bet(1, BETTOR, money(Fraction(bet.strip())))
        rnd.deal()
    except RuleViolation as exc:
        return json.dumps({"reg": reg, "refusal": _refusal(reg, exc)})
    except (SpecError, ValueError, ZeroDivisionError) as exc:
        return json.dumps({"reg": reg, "error": str(exc)})
    return state(reg)


def act(reg, kind):
    """Play ``kind`` (hit, stand, double, split, insurance, even_money, close_insurance)."""
    rnd = ROUNDS[reg]
    refusal = error = None
    try:
        if kind == "close_insurance":
            rnd.close_insurance()
        elif kind == "insurance":
            stake = sum(rnd.boxes[1].bets.values())
            rnd.insure(1, BETTOR, money(Fraction(stake) * rnd.rules.insurance_max))
        elif kind == "even_money":
            rnd.take_even_money(1, BETTOR)
        elif kind in PLAYING:
            getattr(rnd, kind)(1)
        else:
            raise SpecError(f"no such action: {kind}")
    except RuleViolation as exc:
        refusal = _refusal(reg, exc)
    except SpecError as exc:
        error = str(exc)
    return state(reg, refusal, error)


def _refusal(reg, exc):
    cited = []
    for cid in exc.clauses:
        found = clause(cid)
        lang = regulation(found.regulation).language
        cited.append({"id": cid, "text": found.text, "gist": found.gist, "lang": lang})
    note = ruleset(reg).citations[exc.rule].note if exc.rule in ruleset(reg).citations else ""
    return {"action": exc.action, "reason": exc.reason, "rule": exc.rule, "clauses": cited, "note": note or ""}


def state(reg, refusal=None, error=None):
    rnd = ROUNDS[reg]
    hands = [
        {"box": b.number, "hand": i, "cards": [c.code for c in h.cards], "total": h.total, "soft": h.soft}
        for b in rnd.boxes.values()
        for i, h in enumerate(b.hands, start=1)
    ]
    current = rnd.current()
    legal = [a.kind for a in rnd.legal_actions()]
    phase = rnd.phase.value
    other = [k for k in PLAYING if k not in legal] if phase == "playing" else []
    settled = [
        {"box": e.box, "hand": e.hand, "bettor": e.bettor, "net": money_str(e.amount), "stake": money_str(e.stake),
         "outcome": e.info}
        for e in rnd.settlements()
    ]
    return json.dumps({
        "reg": reg, "name": rnd.rules.name, "phase": phase, "dealer": [c.code for c in rnd.dealer],
        "dealer_total": rnd.dealer_total if rnd.dealer else None, "hands": hands,
        "current": None if current is None else [current[0].number, current[0].hands.index(current[1]) + 1],
        "legal": legal, "other": other, "settled": settled,
        "net": money_str(money(sum(rnd.net.values()))) if phase == "done" else None,
        "log": [e.to_json() for e in rnd.events], "refusal": refusal, "error": error,
    })
'''
"""The page's Python side, written into the pack as ``bj_play.py`` (Pyodide imports it from there)."""


def engine_pack(target: Path, root: Path = ROOT) -> None:
    """Write the engine's modules, its data and :data:`GLUE` into the zip ``target``."""
    package = root / "spec_engine"
    files = sorted(package.glob("*.py"))
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
