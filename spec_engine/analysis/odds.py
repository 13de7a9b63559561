"""The figures of a rule set: :func:`odds` computes them, :func:`cached_odds` keeps them in
JSON files keyed by a hash of the odds-relevant rule values.

Every probability and expected return here is a float (the combinatorial analysis sums
products of card probabilities in ``float64``); percentages are per initial unit staked.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from spec_engine.analysis.calc import UpcardFigures, all_upcards
from spec_engine.analysis.model import (
    TEXT_VALUES,
    UNLIMITED_NOTE,
    USED,
    game_of,
    not_analysable,
    not_honoured,
    odds_key,
)
from spec_engine.errors import InputError
from spec_engine.i18n import N_, _
from spec_engine.rules import RuleSet

UPCARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
PAIRS = ("2-2", "3-3", "4-4", "5-5", "6-6", "7-7", "8-8", "9-9", "T-T", "A-A")
ROWS = (
    *(f"hard {t}" for t in range(4, 22)),
    *(f"soft {t}" for t in range(12, 22)),
    *(f"pair {p}" for p in PAIRS),
)
LEGEND = {
    "H": "hit",
    "S": "stand",
    "D": "double if allowed, else hit",
    "Ds": "double if allowed, else stand",
    "P": "split",
    "Rh": "surrender if allowed, else hit",
    "Rs": "surrender if allowed, else stand",
    "Rp": "surrender if allowed, else split",
}
SURRENDER_CODES = ("Rh", "Rs", "Rp")
"""The legend's surrender cells: a chart shows them only where its rule set offers surrender."""

METHOD = N_(
    "Exact combinatorial analysis of one round dealt from a full shuffled shoe: every player hand "
    "composition against every dealer drawing sequence, cards removed from the shoe as seen (floats). "
    "Composition-dependent: each decision uses the player's hand composition and the up-card. "
    "Basic strategy: one action per total (hard, soft) or pair and up-card, chosen by comparing each "
    "action's value summed over the compositions of that total, weighted by their probability of being "
    "the player's first cards (full shoe); its return is then computed exactly. Splits: each split hand is "
    "played with the strategy (composition-dependent: its own cards; basic: the chart) from a shoe less the "
    "up-card and the pair cards of the split (up to four; a hand of a larger split is valued as of a "
    "four-hand split), not the other split hands' cards; re-splits follow the rule set (limit, aces, "
    "consecutive cards) with their chances counted exactly, and split when that is better. "
    "A split round's win/push/loss counts as the average of its hands. "
    "Surrender, where offered, is a choice on a hand's first two cards (a split hand's where the rule set "
    "lets it): early, half the stake lost whatever the dealer holds; late, without a hole card, half the stake "
    "unless the dealer's second card makes a blackjack, which takes the whole stake; a surrendered round counts "
    "as lost."
)

PEEK_NOTE = N_("analysed as a peek game: the dealer checks for blackjack first")
"""The note of figures analysed as a peek game (a rule set whose ``hole_card`` is ``peek``)."""
BANKER_NOTE = N_("banker's edge: what the bank wins per unit the players stake, the players playing basic strategy")
"""The note of a rule set whose players bank."""
SHARED_BANK_NOTE = N_(
    "banker's edge: what the bank wins per unit the players stake, the players playing basic strategy; "
    "the participants own the bank in equal shares"
)
"""The note of a rule set whose participants own the bank in equal shares."""


@dataclass(frozen=True, slots=True)
class Figures:
    """The player's figures under one strategy. ``ev_percent``: expected return per initial unit,
    in percent (negative when the house wins); ``win``/``push``/``loss``: probabilities of the
    round's result (a split round: its hands' average); ``blackjack``: probability of a player's
    blackjack; ``by_upcard``/``by_hand``: the expected return (percent) given the dealer's up-card
    (``2``..``9``, ``T``, ``A``) or the player's two cards (``T-6``, ``A-A``)."""

    ev_percent: float
    win: float
    push: float
    loss: float
    blackjack: float
    by_upcard: dict[str, float]
    by_hand: dict[str, float]


@dataclass(frozen=True, slots=True)
class Insurance:
    """Insurance and even money against the dealer's ace (floats, percent per unit).

    ``ev_per_unit_percent``: the return of one unit of insurance (averaged over the player's two
    cards); ``ev_change_percent``: the change of the player's return per initial unit if he always
    takes the most insurance (``insurance_max`` of the original stake); ``even_money_gain_percent``:
    taking even money rather than playing a blackjack on, per unit of the blackjack (None when even
    money is not offered)."""

    max_ratio: str
    payout: str
    ev_per_unit_percent: float
    ev_change_percent: float
    even_money_gain_percent: float | None


@dataclass(frozen=True, slots=True)
class Strategy:
    """The basic-strategy chart: ``cells[row][upcard]`` is an action of :data:`LEGEND`. Rows
    are ``hard 4``..``hard 21``, ``soft 12``..``soft 21``, ``pair 2-2``..``pair A-A`` (a pair
    not split shows its total's action); up-cards ``2``..``9``, ``T``, ``A``."""

    cells: dict[str, dict[str, str]]

    @property
    def rows(self) -> tuple[str, ...]:
        return ROWS

    @property
    def upcards(self) -> tuple[str, ...]:
        return UPCARDS

    def action(self, row: str, upcard: str) -> str:
        return self.cells[row][upcard]

    def render(self, rows: tuple[str, ...] | None = None) -> str:
        """The chart as a text grid (hard 5-21, soft 13-21 and pairs by default), and the legend
        (a surrender code only where the chart has it)."""
        shown = rows or tuple(r for r in ROWS if r not in ("hard 4", "soft 12"))
        width = max(len(r) for r in shown)
        lines = [" " * width + " " + "".join(f"{u:>4}" for u in UPCARDS)]
        lines += [r.ljust(width) + " " + "".join(f"{self.cells[r][u]:>4}" for u in UPCARDS) for r in shown]
        lines.append("")
        used = {act for cells in self.cells.values() for act in cells.values()}
        shown_codes = [k for k in LEGEND if k not in SURRENDER_CODES or k in used]
        lines.append("  ".join(f"{k} = {LEGEND[k]}" for k in shown_codes))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Odds:
    """Every figure of one rule set (see the module docstring: floats, percent per unit)."""

    regulation: str
    name: str
    basic_strategy: Figures
    composition_dependent: Figures
    insurance: Insurance | None
    strategy: Strategy
    not_honoured: tuple[dict[str, str], ...]
    banker_edge_percent: float | None
    fields_used: tuple[str, ...]
    key: str
    notes: tuple[str, ...] = field(default=())
    method: str = METHOD

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``regulation``, ``basic_strategy``, ``composition_dependent``,
        ``not_honoured``, ... (``strategy`` as ``{row: {upcard: action}}``)."""
        out = asdict(self)
        out["strategy"] = self.strategy.cells
        out["not_honoured"] = list(self.not_honoured)
        out["fields_used"] = list(self.fields_used)
        out["notes"] = list(self.notes)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Odds:
        ins = data.get("insurance")
        return cls(
            regulation=data["regulation"],
            name=data["name"],
            basic_strategy=Figures(**data["basic_strategy"]),
            composition_dependent=Figures(**data["composition_dependent"]),
            insurance=None if ins is None else Insurance(**ins),
            strategy=Strategy(data["strategy"]),
            not_honoured=tuple(data["not_honoured"]),
            banker_edge_percent=data["banker_edge_percent"],
            fields_used=tuple(data["fields_used"]),
            key=data["key"],
            notes=tuple(data.get("notes", ())),
            method=data.get("method", METHOD),
        )


def odds(rules: RuleSet) -> Odds:
    """The exact figures of ``rules`` (see :data:`METHOD`). Where its ``hole_card`` is ``peek`` the
    game is analysed as a peek game: the dealer checks for blackjack before the players play (a
    US hole-card game; ``dealer_blackjack_takes`` then does not apply: only original stakes exist
    at the check). A value the analysis cannot compute (:data:`~spec_engine.analysis.model.NOT_ANALYSABLE`:
    ``peek_ace``) is refused, naming its field."""
    for name, why in not_analysable(rules):
        raise InputError(_(why), field=name)
    peek = rules.hole_card == "peek"
    game = game_of(rules)
    ups = all_upcards(game, peek=peek)
    basic = _figures(ups, "td")
    cd = _figures(ups, "cd")
    notes = []
    if rules.max_split_hands is None:
        notes.append(UNLIMITED_NOTE.format(**TEXT_VALUES))
    if peek:
        notes.append(PEEK_NOTE)
    banker = None
    if rules.banker_rotation != "house" or rules.co_owned_bank:
        banker = -basic.ev_percent
        notes.append(SHARED_BANK_NOTE if rules.co_owned_bank else BANKER_NOTE)
    return Odds(
        regulation=rules.id,
        name=rules.name,
        basic_strategy=basic,
        composition_dependent=cd,
        insurance=_insurance(rules, ups),
        strategy=_chart(ups),
        not_honoured=tuple(not_honoured(rules)),
        banker_edge_percent=banker,
        fields_used=tuple(sorted(USED)),
        key=odds_key(rules),
        notes=tuple(notes),
    )


CACHE_ENV = "BLACKJACK_SPEC_CACHE"
"""The environment variable that moves the cache (:func:`default_cache_dir`)."""


def default_cache_dir() -> Path:
    """The one place every consumer keeps and finds figures (the command line, the site's
    pages, the notebooks and ``simulate``, from whatever folder they run): ``odds/`` in the
    folder ``BLACKJACK_SPEC_CACHE`` names, else in ``$XDG_CACHE_HOME/blackjack-spec``, else in
    ``~/.cache/blackjack-spec``."""
    named = os.environ.get(CACHE_ENV)
    if named:
        return Path(named).expanduser() / "odds"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "blackjack-spec" / "odds"


def cached_odds(rules: RuleSet, cache_dir: Path | str | None = None, *, refresh: bool = False) -> Odds:
    """:func:`odds`, kept in ``cache_dir/odds-<key>.json`` (default :func:`default_cache_dir`;
    the key: a hash of the odds-relevant rule values and of the analysis code): a rule set with
    the same values reuses the file. ``refresh``: compute anew, and keep the new figures."""
    path = Path(cache_dir if cache_dir is not None else default_cache_dir()) / f"odds-{odds_key(rules)}.json"
    if path.is_file() and not refresh:
        try:
            found = Odds.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError):  # a damaged file: computed again below
            pass
        else:
            return dataclasses.replace(
                found, regulation=rules.id, name=rules.name, not_honoured=tuple(not_honoured(rules))
            )
    try:  # (before the figures are computed: a cache that cannot be kept is said at once)
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _unkept(path.parent, exc, cache_dir) from None
    result = odds(rules)
    # written whole under a name of its own, then renamed: readers never see half a file, and
    # processes computing the same figures at once do not trip on each other
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False) as tmp:
            tmp.write(json.dumps(result.to_json(), indent=1, sort_keys=True))
        Path(tmp.name).replace(path)
    except OSError as exc:
        raise _unkept(path.parent, exc, cache_dir) from None
    return result


def _unkept(folder: Path, exc: OSError, given: Path | str | None) -> InputError:
    """The figures cannot be kept in ``folder``: the error names the setting that chose it."""
    setting = "the odds cache"
    if given is not None:
        setting = "cache_dir"
    elif os.environ.get(CACHE_ENV):
        setting = CACHE_ENV
    elif os.environ.get("XDG_CACHE_HOME"):
        setting = "XDG_CACHE_HOME"
    return InputError(f"cannot keep the figures in {folder} ({exc.strerror or exc})", field=setting)


def _figures(ups: list[UpcardFigures], which: str) -> Figures:
    ev = win = push = loss = bj = 0.0
    by_up: dict[str, float] = {}
    by_hand: dict[str, float] = {}
    hand_prob: dict[str, float] = {}
    for up in ups:
        up_ev = 0.0
        for h in up.hands:
            vec = h.cd if which == "cd" else h.td
            p = up.prob * h.prob
            ev += p * vec[0]
            win += p * vec[1]
            push += p * vec[2]
            loss += p * vec[3]
            bj += p if h.cd_action == "BJ" else 0.0
            up_ev += h.prob * vec[0]
            by_hand[h.hand] = by_hand.get(h.hand, 0.0) + p * vec[0]
            hand_prob[h.hand] = hand_prob.get(h.hand, 0.0) + p
        by_up[up.up] = 100 * up_ev
    return Figures(
        ev_percent=100 * ev,
        win=win,
        push=push,
        loss=loss,
        blackjack=bj,
        by_upcard=by_up,
        by_hand={k: 100 * v / hand_prob[k] for k, v in sorted(by_hand.items())},
    )


def _insurance(rules: RuleSet, ups: list[UpcardFigures]) -> Insurance | None:
    if rules.insurance_max <= 0 and not rules.even_money:
        return None
    ace = next(u for u in ups if u.up == "A")
    pay = float(rules.insurance_payout)
    per_unit = sum(h.prob * (pay * ace.bj_after[h.hand] - (1 - ace.bj_after[h.hand])) for h in ace.hands)
    even = None
    if rules.even_money:
        q = ace.bj_after["A-T"]
        even = 100 * (1 - float(rules.blackjack_payout) * (1 - q))
    return Insurance(
        max_ratio=str(rules.insurance_max),
        payout=str(rules.insurance_payout),
        ev_per_unit_percent=100 * per_unit,
        ev_change_percent=100 * ace.prob * float(rules.insurance_max) * per_unit,
        even_money_gain_percent=even,
    )


def _chart(ups: list[UpcardFigures]) -> Strategy:
    cells: dict[str, dict[str, str]] = {row: {} for row in ROWS}
    for up in ups:
        for row in ROWS:
            cells[row][up.up] = up.chart.get(row, "H" if row.startswith("pair") else "S")
    return Strategy(cells)
