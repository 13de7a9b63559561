"""Command line: ``python -m spec_engine <command>``.

rules <reg>                  the rule set, each value with its citation
clauses <reg>                the clause catalog (id, kind, topics, gist)
play <reg> --seed N          one seeded round with simple decisions; the event log as JSON lines
check                        validate the catalogs (tiling of the texts) and the rule sets
odds <reg> [--json]          the exact expected return, basic and composition-dependent (needs the analysis extra;
                             kept in the shared cache, --no-cache computes anew)
strategy <reg> [--json]      the basic-strategy chart derived for the rule set (needs the analysis extra)
cost <reg> [<reg>] [--set RULE=VALUE ...]   what the differences between two rule sets cost the player,
                             rule by rule within each, and in all (needs the analysis extra)
conform --impl CMD ...       the conformance kit against an implementation (the kit extra; --help for options)
vectors OUT [--check ...]    the suite's scenarios as JSON test vectors, or replay them (the kit extra)
verify DIR                   a conformance report folder and its certificate, unaltered since the run
changelog                    the suite's changelog (Markdown): per version, its protocol changes and its
                             scenarios added, changed and removed, by clause
simulate <reg> --rounds N    the engine plays the basic strategy N rounds: the mean return, its 99 %
                             interval and the exact figure ([--workers K] [--strategy basic|simple]
                             [--seed S] [--out FILE: resumable] [--ray ADDRESS|local] [--json]);
         --shoes N           or N whole shoes as a table deals them: the cut card's effect

This module is the command-line shell: it may import every room (the analysis room lazily,
it needs numpy), and no module imports it. ``rules``, ``play``, ``odds``, ``strategy``,
``cost`` and ``simulate`` honour ``BLACKJACK_SPEC_OVERRIDES`` (changed rule values) and say
so; ``check`` validates it; the others say on standard error that it does not apply to them.
A bad argument or input ends with one line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from spec_engine.catalog import REGULATION_IDS, regulation, rulebook_name, tiling_problems
from spec_engine.errors import InputError, SpecError
from spec_engine.events import to_jsonl
from spec_engine.kit.conform import git_revision
from spec_engine.kit.protocol import OneLineParser
from spec_engine.rules import RULE_FIELDS, RuleSet, ruleset, show_value
from spec_engine.table import Table, people_at
from spec_engine.words import words

ANALYSIS_MISSING = (
    "the odds need the analysis extra (numpy): pip install blackjack-spec[analysis] "
    "(in a checkout: pip install -e .[analysis])"
)


def cmd_rules(reg: str) -> str:
    texts = ruleset(reg)
    rules = analysed_rules(reg)
    lines = [rulebook_name(rules.id, with_id=True), ""]
    width = max(len(f.name) for f in RULE_FIELDS)
    for f in RULE_FIELDS:
        cite = rules.citations[f.name]
        basis = {
            "stated": ", ".join(cite.clauses),
            "interpretation": "interpretation of " + ", ".join(cite.clauses),
        }.get(cite.basis, "NOT STATED (assumption)")
        value, text = getattr(rules, f.name), getattr(texts, f.name)
        if value != text:
            basis = f"CHANGED by {OVERRIDES_VAR}; the rule set says {words(f.name, text)}"
        lines.append(f"{f.name.ljust(width)}  {words(f.name, value)}  [{basis}]")
        if cite.note:
            lines.append(f"{'':{width}}    {cite.note}")
    return "\n".join(lines)


def cmd_clauses(reg: str) -> str:
    catalog = regulation(reg)
    lines = [f"{catalog.name}: {len(catalog.clauses)} clauses", ""]
    for clause in catalog.clauses:
        lines.append(f"{clause.id:<14} {clause.kind:<16} {','.join(clause.topics):<28} {clause.gist}")
    return "\n".join(lines)


def cmd_play(reg: str, seed: int, boxes: int) -> str:
    rules = analysed_rules(reg)
    if not 1 <= boxes <= rules.max_boxes:
        raise SpecError(f"--boxes {boxes}: {rules.id}'s table has boxes 1 to {rules.max_boxes}")
    table = Table(rules, seed=seed, min_bet=10, max_bet=500, participants=people_at(rules, boxes))
    bets = [(box, f"P{box}", 10 * box) for box in range(1, boxes + 1)]
    rnd = table.play(bets)
    return to_jsonl(table.log[: len(table.log) - len(rnd.events)] + rnd.events)


def analysed_rules(reg: str) -> RuleSet:
    """The rule set of ``reg`` with the values changed in ``BLACKJACK_SPEC_OVERRIDES`` (said on
    standard error, once per rule set)."""
    from spec_engine.overrides import from_env

    rules = ruleset(reg)
    changes = from_env().get(rules.id, {})
    if not changes:
        return rules
    if rules.id not in _ANNOUNCED:
        _ANNOUNCED.add(rules.id)
        shown = ", ".join(f"{name} = {show_value(value)}" for name, value in changes.items())
        print(f"note: {OVERRIDES_VAR} changes {rules.id}: {shown}", file=sys.stderr)
    return rules.with_values(**changes)


_ANNOUNCED: set[str] = set()


def cmd_odds(reg: str, as_json: bool, what: str, refresh: bool = False) -> str:
    import json

    try:
        from spec_engine.analysis import cached_odds
    except ImportError as exc:  # numpy missing
        raise SpecError(f"{ANALYSIS_MISSING} ({exc})") from None
    rules = analysed_rules(reg)
    refuse_unhonoured(rules)
    result = cached_odds(rules, refresh=refresh)
    if what == "strategy":
        if as_json:
            return json.dumps(
                {"regulation": result.regulation, "legend": dict(LEGEND_TEXT), "strategy": result.strategy.cells},
                indent=1,
            )
        return f"{rulebook_name(result.regulation, with_id=True)}: basic strategy\n\n{result.strategy.render()}"
    if as_json:
        return json.dumps(result.to_json(), indent=1)
    return odds_text(result)


def cmd_cost(first: str, second: str | None, changes: Sequence[str], as_json: bool) -> str:
    """What the differences between two rule sets cost the player, rule by rule and in all: two
    rulebooks, or one and a copy with ``changes`` (``field=value``, as in the rule-set files).
    A value its text does not state is marked *, and the output says how much of the total
    rests on such values."""
    import json
    import textwrap

    try:
        from spec_engine.analysis.compare import Costing
    except ImportError as exc:  # numpy missing
        raise SpecError(f"{ANALYSIS_MISSING} ({exc})") from None
    from spec_engine.overrides import rule_value
    from spec_engine.pages.labels import ASSUMED_LEGEND, ASSUMED_MARK, label, marked, words
    from spec_engine.pages.pairs import assumption_sentence, interaction_sentence, text_of, topic_title

    a = analysed_rules(first)
    b = analysed_rules(second) if second else a
    changed = {}
    for item in changes:
        name, sep, raw = item.partition("=")
        if not sep:
            raise SpecError(f"--set: expected RULE=VALUE, not {item!r}")
        try:  # as in the rule-set files: 4, true, "none", [9, 10, 11], "3/2"
            parsed = json.loads(raw.strip())
        except ValueError:
            parsed = raw.strip()
        if name.strip() in changed:
            raise SpecError(f"--set: {name.strip()} is set twice; set each rule once")
        changed[name.strip()] = rule_value(name.strip(), parsed, where="--set")
    if changed:
        b = b.with_values(**changed)
    if not second and not changed:
        raise SpecError("give a second rulebook or --set RULE=VALUE: nothing differs from itself")
    refuse_unhonoured(a)
    refuse_unhonoured(b)
    costing = Costing()
    c = costing.compare(a, b)
    name_b = b.id if second else f"{b.id} changed"
    names = (a.id, name_b)
    texts = (text_of(a), text_of(b, name_b) if second else f"{name_b} (a value --set gives is no text's)")
    topics = costing.topics(c)

    def pp(value: float | None) -> str:
        """Percentage points, four places; a change that rounds to nothing is +0.0000."""
        return "-" if value is None else f"{value:+.4f}".replace("-0.0000", "+0.0000")

    shown = [e for e in c.moving if e.interaction is not None and pp(e.in_a) != pp(e.in_b)]
    moves = {e.field: costing.interplay(c, e.field) for e in shown}
    if as_json:
        return json.dumps(
            {
                "from": a.id,
                "to": name_b,
                "returns_percent": {"from": c.a_return, "to": c.b_return},
                "total_points": c.total,
                "assumed_share": {
                    "points": c.assumed_share,
                    "within_to": c.on_assumptions[1],
                    "rules": [e.field for e in c.moving if e.assumed],
                },
                "stated_share_points": c.stated_share,
                "effects": [
                    {
                        "rule": e.field,
                        "from": words(e.field, e.a_value),
                        "to": words(e.field, e.b_value),
                        "assumed": {"from": e.a_assumed, "to": e.b_assumed},
                        "rests_on_assumption": e.assumed,
                        "within_from": e.in_a,
                        "within_to": e.in_b,
                        "moved_by": [{"rule": f, "points": x} for f, x in moves.get(e.field, ())],
                        "changes_instead": e.elsewhere or None,
                    }
                    for e in c.effects
                ],
                "topics_at_once": {
                    t.topic: {"rules": list(t.fields), "within_from": t.in_a, "within_to": t.in_b} for t in topics
                },
                "other_rules_differing": list(c.other),
                "other_rules_resting_on_assumptions": list(c.other_assumed),
                "note": (
                    "percentage points of the player's return per unit staked, basic strategy (floats); "
                    "assumed: a value its text does not state; assumed_share: the change of the assumed values "
                    "that move the return, all at once, within the first rule set (points) and within the second "
                    "(within_to), the rest of the total (stated_share_points) resting on what the texts state; "
                    "moved_by: how much more the rule's change is worth within the first rule set when one other "
                    "rule alone takes the second's value"
                ),
            },
            indent=1,
        )

    said = [(marked(e.field, e.a_value, e.a_assumed), marked(e.field, e.b_value, e.b_assumed)) for e in c.moving]
    w = max([16, *(len(v) for pair in said for v in pair)])  # each value whole ("the first two hands as laid out")
    left = 46 + 2 * w  # the rule and the two values
    lines = [
        f"{a.id} to {name_b}: the player's return under basic strategy, {a.id} {c.a_return:+.4f} %, "
        f"{name_b} {c.b_return:+.4f} %: {c.total:+.4f} percentage points in all",
        *textwrap.wrap(assumption_sentence(c, pp, names, texts), 100, subsequent_indent="  "),
        "",
        f"{'rule':<44} {a.id:>{w}} {name_b:>{w}} {'within ' + a.id:>12} {'within ' + b.id:>12}",
    ]
    for e, (in_a, in_b) in zip(c.moving, said, strict=True):
        lines.append(f"{label(e.field)[:44]:<44} {in_a:>{w}} {in_b:>{w}} {pp(e.in_a):>12} {pp(e.in_b):>12}")
    for t in topics:
        title = textwrap.wrap(topic_title(t), left, subsequent_indent="  ")
        lines += [*title[:-1], f"{title[-1]:<{left}} {pp(t.in_a):>12} {pp(t.in_b):>12}"]
    lines.append(f"{'one by one within ' + a.id + ', summed':<{left}} {pp(sum(e.in_a or 0.0 for e in c.moving)):>12}")
    for e in shown:
        lines += textwrap.wrap(interaction_sentence(c, e, moves[e.field], pp, names), 100, subsequent_indent="  ")
    for e in c.effects:
        if e.in_a is None:
            lines.append(
                f"{label(e.field)}: {marked(e.field, e.a_value, e.a_assumed)} -> "
                f"{marked(e.field, e.b_value, e.b_assumed)}: {e.elsewhere}"
            )
    if c.other:
        listed = "; ".join(label(f) + (ASSUMED_MARK if f in c.other_assumed else "") for f in c.other)
        lines.append(f"{len(c.other)} other rule values differ without changing the odds: {listed}")
    lines.append(ASSUMED_LEGEND)
    lines.append("(percentage points of the player's return per unit staked; probabilities as floats)")
    return "\n".join(lines)


def cmd_simulate(args: argparse.Namespace) -> tuple[str, bool]:
    import json

    try:
        from spec_engine.analysis import cached_odds
        from spec_engine.analysis.simulate import Progress, format_summary, simulate, summary
    except ImportError as exc:  # numpy missing
        raise SpecError(f"{ANALYSIS_MISSING} ({exc})") from None
    rules = analysed_rules(args.regulation)
    refuse_unhonoured(rules)
    out = results_file(args.out) if args.out is not None else None
    if args.ray is not None:
        from spec_engine.analysis.raycluster import missing, unreachable

        why = missing() or unreachable(args.ray)
        if why is not None:
            raise SpecError(f"--ray {args.ray}: {why}")
    chart, exact = None, None
    if args.strategy == "basic":
        found = cached_odds(rules)
        chart, exact = found.strategy.cells, found.basic_strategy.ev_percent
    try:
        tally = simulate(
            rules,
            args.rounds or 0,
            shoes=args.shoes or 0,
            seed=args.seed,
            workers=args.workers,
            chart=chart,
            out=out,
            ray_address=args.ray,
            progress=Progress(f"{rules.id} simulate", args.rounds or args.shoes, "shoes" if args.shoes else "rounds"),
        )
    except BrokenPipeError:
        raise
    except ConnectionError as exc:  # Ray refused the connection, or lost the cluster during the run
        if args.ray is None:
            raise
        raise SpecError(f"--ray {args.ray}: {exc}") from None
    result = summary(rules, tally, exact, args.strategy, args.seed)
    result["date"] = datetime.datetime.now(datetime.UTC).date().isoformat()
    result["revision"] = git_revision()
    result["overrides"] = bool(os.environ.get("BLACKJACK_SPEC_OVERRIDES"))
    text = json.dumps(result, indent=1) if args.json else format_summary(result)
    return text, tally.violations == 0


def results_file(name: str) -> Path:
    """``simulate --out``: a file that can be written and holds finished chunks, or is not there
    yet (then nothing is left behind by this check)."""
    from spec_engine.analysis.simulate import read_results

    if not name:
        raise SpecError("--out: the file's name is empty")
    out = Path(name)
    if not out.parent.is_dir():
        raise SpecError(f"--out {name}: the folder {out.parent} does not exist")
    try:
        if out.exists():
            out.open("a", encoding="utf-8").close()
        else:
            out.open("x", encoding="utf-8").close()
            out.unlink()
    except OSError as exc:
        raise SpecError(f"--out {name}: cannot write it ({exc.strerror or exc})") from None
    try:
        read_results(out)
    except SpecError as exc:
        raise SpecError(f"--out {exc}") from None
    return out


LEGEND_TEXT = (
    ("H", "hit"),
    ("S", "stand"),
    ("D", "double if allowed, else hit"),
    ("Ds", "double if allowed, else stand"),
    ("P", "split"),
    ("Rh", "surrender if allowed, else hit"),
    ("Rs", "surrender if allowed, else stand"),
    ("Rp", "surrender if allowed, else split"),
)


def odds_text(result: object) -> str:
    from spec_engine.analysis import Odds

    assert isinstance(result, Odds)
    lines = [f"{rulebook_name(result.regulation, with_id=True)}: the player's expected return per initial unit", ""]
    for label, fig in (
        ("basic strategy", result.basic_strategy),
        ("composition-dependent", result.composition_dependent),
    ):
        lines.append(
            f"{label:<22} {fig.ev_percent:+.4f}%   win {fig.win:.4f}  push {fig.push:.4f}  "
            f"loss {fig.loss:.4f}  blackjack {fig.blackjack:.4f}"
        )
    lines.append("")
    lines.append(
        "by up-card (basic strategy): "
        + "  ".join(f"{u} {v:+.2f}%" for u, v in result.basic_strategy.by_upcard.items())
    )
    if result.insurance is not None:
        ins = result.insurance
        lines.append(
            f"insurance (up to {ins.max_ratio}, pays {ins.payout}): {ins.ev_per_unit_percent:+.3f}% per unit insured; "
            f"always insuring changes the return by {ins.ev_change_percent:+.4f}%"
        )
        if ins.even_money_gain_percent is not None:
            lines.append(f"even money rather than playing a blackjack on: {ins.even_money_gain_percent:+.3f}% per unit")
    if result.banker_edge_percent is not None:
        lines.append(f"banker's edge per unit the players stake: {result.banker_edge_percent:+.4f}%")
    for note in result.notes:
        lines.append(f"note: {note}")
    for item in result.not_honoured:
        lines.append(f"not honoured: {item['field']} = {item['value']}: {item['why']}")
    return "\n".join(lines)


def refuse_unhonoured(rules: RuleSet) -> None:
    """A value the engine cannot play, or a field the analysis was never told about: one line,
    exit 2 (``spec_engine.analysis.gate``)."""
    from spec_engine.analysis.gate import refuse

    refuse(rules)


def unhonoured_values(rules: RuleSet) -> list[str]:
    """What nothing can honour in ``rules`` (``spec_engine.analysis.gate``); without the analysis
    extra, what the engine cannot play."""
    try:
        from spec_engine.analysis.gate import problems
    except ImportError:  # numpy missing: the engine's registry only
        from spec_engine.game import unhonoured

        return [f"{rules.id}: {why}" for _, why in unhonoured(rules)]
    return [why for _, why in problems(rules)]


def project_root() -> Path | None:
    """The checkout this engine runs from (its features beside it), or None (an installed wheel)."""
    root = Path(__file__).resolve().parent.parent
    return root if (root / "features").is_dir() and (root / "pyproject.toml").is_file() else None


def cmd_new_regulation(args: argparse.Namespace) -> str:
    from spec_engine.kit.scaffold import new_regulation

    root = project_root()
    if root is None:
        raise SpecError("new-regulation writes into a checkout of the project (pip install -e .), not a wheel")
    done = new_regulation(root, args.id, args.text, language=args.language, name=args.name, short=args.short)
    return "\n".join(
        [
            f"{args.id}: {len(done.files)} files written or changed, {done.rows} rows added to the compare outlines:",
            *(f"  {name}" for name in done.files),
            "",
            "What remains is listed by the gates (docs/contributing.md, 'A new regulation'):",
            "  python -m spec_engine check   # the values marked TO REVIEW, the tiling",
            f"  make check REG={args.id}   # its scenarios (compare rows included) and the traceability gate",
        ]
    )


def check_report() -> tuple[list[str], list[str], bool]:
    """What ``check`` finds: the values still marked TO REVIEW (``file:line: text``, each a
    piece of work left), its other lines (the overrides, the values not honoured, the copied
    compare rows played under their own rule set, each text's tiling and rule set), and whether
    those other checks passed (the marks aside)."""
    from spec_engine.overrides import from_env

    lines, ok = [], True
    for reg, changes in from_env().items():  # (a malformed value is refused: exit 2)
        shown = ", ".join(f"{name} = {show_value(value)}" for name, value in changes.items())
        lines.append(f"{OVERRIDES_VAR}: {reg}: {shown} (valid)")
    for reg in REGULATION_IDS:
        for why in unhonoured_values(analysed_rules(reg)):
            lines.append(f"not honoured: {why}")
            ok = False
    marks: list[str] = []
    root = project_root()
    if root is not None:
        from spec_engine.kit.copied import check_lines
        from spec_engine.kit.scaffold import review_marks
        from spec_engine.kit.trace import FEATURES

        marks = review_marks(root)
        played, rows_ok = check_lines(FEATURES)  # the copied compare rows, under their own rule set
        lines += played
        ok = ok and rows_ok
    for reg in REGULATION_IDS:
        catalog = regulation(reg)
        problems = tiling_problems(catalog)
        rules = ruleset(reg)
        assumed = sum(c.basis == "not stated" for c in rules.citations.values())
        read = sum(c.basis == "interpretation" for c in rules.citations.values())
        lines.append(
            f"{reg}: {len(catalog.clauses)} clauses, text {'tiled' if not problems else 'NOT tiled'}; "
            f"rule set: {len(rules.citations)} values, {read} interpretations, {assumed} not stated"
        )
        lines += [f"  - {p}" for p in problems]
        ok = ok and not problems
    return marks, lines, ok


def marks_lines(marks: Sequence[str]) -> list[str]:
    """The values marked TO REVIEW, all of them (the list is the work left), under one line."""
    if not marks:
        return []
    return [
        f"{len(marks)} values marked TO REVIEW (written by new-regulation; read the text for each, "
        "edit the file named):",
        *(f"  {mark}" for mark in marks),
    ]


def cmd_check() -> tuple[str, bool]:
    marks, lines, ok = check_report()
    return "\n".join([*marks_lines(marks), *lines]), ok and not marks


def run_kit(command: str, argv: Sequence[str], program: str = "blackjack-spec") -> int:
    """``conform`` and ``vectors``: the kit's command lines under this one's name."""
    prog = f"{program} {command}"
    if command == "conform":
        from spec_engine.kit.conform import main as conform_main

        return conform_main(argv, prog=prog)
    from spec_engine.kit.vectors import main as vectors_main

    return vectors_main(list(argv), prog=prog)


def cmd_verify(folder: str) -> tuple[str, bool]:
    """A conformance report folder as its run left it: the files against ``SHA256SUMS``, the
    certificate's hashes and verdict against the report."""
    from pathlib import Path

    from spec_engine.kit.report import not_a_report, verify

    problem = not_a_report(Path(folder))
    if problem is not None:  # the reader's mistake, not a report altered
        raise InputError(problem, field="verify")
    problems = verify(Path(folder))
    if problems:
        return "\n".join([f"{folder}: NOT as the run left it:", *(f"  - {p}" for p in problems)]), False
    return f"{folder}: verified: every file matches SHA256SUMS, the certificate matches its report", True


def version_text() -> str:
    from spec_engine import ENGINE, __version__
    from spec_engine.kit.manifest import current
    from spec_engine.kit.versions import current as protocol

    engine = "compiled engine" if ENGINE == "compiled" else "pure engine"  # (mypyc's, or pure Python)
    return f"blackjack-spec {__version__} (conformance suite {current()['version']}, protocol {protocol()}; {engine})"


def program_name() -> str:
    """The program as it was invoked: ``blackjack-spec`` (the installed command) or
    ``python -m spec_engine``."""
    invoked = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return "python -m spec_engine" if invoked in ("", "-c", "__main__.py") else invoked


def positive(text: str) -> int:
    """An argument that is a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: at least 1")
    return value


COMMANDS = {
    "regulations": "the regulation ids, one a line, in the order every listing shows them (for scripts)",
    "rules": "the rule set: each value with the clauses it cites, or why it is assumed",
    "clauses": "the clause catalog: each clause's id, kind, topics and gist",
    "play": "one seeded round with simple decisions: the event log as JSON lines",
    "check": "validate the catalogs (each text tiled by its clauses), the rule sets and the overrides",
    "odds": "the exact expected return, basic strategy and composition-dependent (analysis extra)",
    "strategy": "the basic-strategy chart derived for the rule set (analysis extra)",
    "cost": "what the differences between two rule sets cost the player, rule by rule (analysis extra)",
    "simulate": "play the basic strategy for N rounds or shoes: the mean return, its 99 %% interval, the exact figure",
    "conform": "run the conformance kit against an implementation (kit extra; conform --help)",
    "vectors": "the scenarios as JSON test vectors, or replay them (kit extra; vectors --help)",
    "verify": "check that a conformance report folder and its certificate are as the run left them",
    "changelog": "the conformance suite's changelog, as Markdown",
    "new-regulation": "add a text beside the others: its catalog, rule set, rows and first scenario, to review",
}
"""Each command's one line, as ``--help`` lists them."""

NOT_APPLIED = {
    "clauses": "the clause catalog is the texts' own",
    "verify": "a report is checked as it was written",
    "changelog": "the changelog is the suite's releases",
}
"""The commands that do not apply ``BLACKJACK_SPEC_OVERRIDES``, and why, said on standard error
(``conform`` and ``vectors`` say it themselves)."""

OVERRIDES_VAR = "BLACKJACK_SPEC_OVERRIDES"


def build_parser(prog: str) -> argparse.ArgumentParser:
    """The command line: every command with its line (:data:`COMMANDS`), every argument with its help."""
    regulations = ", ".join(REGULATION_IDS)
    parser = OneLineParser(
        prog=prog,
        description=f"Blackjack Spec: blackjack rulebooks ({regulations}) as rules with their clauses, "
        "a deterministic engine, exact odds and a conformance kit. COMMAND --help says more.",
    )
    parser.add_argument("--version", action="version", version=version_text())
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, **options: object) -> argparse.ArgumentParser:
        # (a help line is %-formatted, a description is not: it says "%" once)
        return sub.add_parser(name, help=COMMANDS[name], description=COMMANDS[name].replace("%%", "%"), **options)  # type: ignore[arg-type]

    command("regulations")
    for name in ("rules", "clauses"):
        p = command(name)
        p.add_argument("regulation", help=regulations)
    p = command("play")
    p.add_argument("regulation", help=regulations)
    p.add_argument("--seed", type=int, required=True, help="the seed of the table's shuffles and cuts")
    p.add_argument("--boxes", type=int, default=1, help="boxes with a bet (bettor Pn bets 10*n on box n; default 1)")
    command("check")
    for name in ("odds", "strategy"):
        p = command(name)
        p.add_argument("regulation", help=regulations)
        p.add_argument("--json", action="store_true", help="print JSON")
        p.add_argument(
            "--no-cache", action="store_true", help="compute the figures anew (they then replace the cached ones)"
        )
    p = command("cost")
    p.add_argument("regulation", help=f"the first rulebook: {regulations}")
    p.add_argument("other", nargs="?", help="the second rulebook (else the first with --set changes)")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="RULE=VALUE",
        help="change a rule value of the second (repeatable)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p = command("simulate")
    p.add_argument("regulation", help=regulations)
    how_many = p.add_mutually_exclusive_group(required=True)
    how_many.add_argument("--rounds", type=positive, help="rounds to play, each from a full shoe (at least 1)")
    how_many.add_argument(
        "--shoes", type=positive, help="whole shoes to play as a table deals them, cut card and all (at least 1)"
    )
    p.add_argument("--workers", type=positive, default=os.cpu_count() or 1, help="processes (default: every core)")
    p.add_argument(
        "--strategy", choices=("basic", "simple"), default="basic", help="the decisions played (default: basic)"
    )
    p.add_argument("--seed", type=int, default=1, help="the seed of every chunk's shoes (default 1)")
    p.add_argument("--out", help="a JSON-lines file of finished chunks: a rerun resumes from it")
    p.add_argument("--ray", metavar="ADDRESS", help="run on the Ray cluster at ADDRESS ('local': start one here)")
    p.add_argument("--json", action="store_true", help="print JSON")
    command("conform", add_help=False)
    command("vectors", add_help=False)
    p = command("verify")
    p.add_argument("folder", help="the report folder (conform --out)")
    p = command("changelog")
    p.add_argument(
        "--since",
        metavar="VERSION",
        help="instead: what an implementation of this protocol version must change (each change's obligations, "
        "with the format, an example line and the section of the protocol page)",
    )
    p = command("new-regulation")
    p.add_argument("id", help="the new regulation's id: two capital letters (its clauses are ID-1, ID-2...)")
    p.add_argument("--text", required=True, type=Path, help="the text, verbatim, as a UTF-8 file")
    p.add_argument("--language", default="es", help="the text's language, a two-letter code (default es)")
    p.add_argument("--name", help="its full title (else marked TO REVIEW)")
    p.add_argument("--short", help="a short name for the columns (else the id)")
    return parser


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """Run one command; its exit status. A bad argument or input: one line on standard error
    and 2. A reader that stops reading (``... | head``): the command ends quietly, with 0 (the
    reader has what it wanted; under ``set -o pipefail`` the pipeline still succeeds)."""
    prog = prog or program_name()
    argv = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # (started with its standard output closed: print would drop every line)
        print(f"{prog}: error: standard output is closed: there is nowhere to write", file=sys.stderr)
        return 2
    try:
        status = run_command(argv, prog)
        sys.stdout.flush()
    except BrokenPipeError:  # (only standard output is such a pipe: the kit's own pipes are handled by the kit)
        stdout_gone()
        return 0
    except SystemExit as exc:  # the command line's own refusals (one line, 2), --help and --version (0)
        return exc.code if isinstance(exc.code, int) else 2
    except OSError as exc:  # the system's refusal (a full disk...): said in one line, as other programs do
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"{prog}: error: {exc.strerror or exc}{where}", file=sys.stderr)
        try:
            sys.stdout.flush()
        except OSError:  # (it was standard output's: what it holds goes nowhere)
            stdout_gone()
        return 1
    if status != 2 and argv and argv[0] in NOT_APPLIED and os.environ.get(OVERRIDES_VAR, "").strip():
        print(f"note: {OVERRIDES_VAR} is not applied by {argv[0]}: {NOT_APPLIED[argv[0]]}", file=sys.stderr)
    return status


def stdout_gone() -> None:
    """Standard output's reader has gone: what is still buffered goes nowhere, quietly, at exit too
    (Python's own recipe: https://docs.python.org/3/library/signal.html#note-on-sigpipe)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # (a standard output without a file descriptor)
        pass


def run_command(argv: list[str], prog: str) -> int:
    """:func:`main` without the care for standard output."""
    if argv and argv[0] in ("conform", "vectors"):  # the kit's own command lines, as they are
        return run_kit(argv[0], argv[1:], prog)
    args = build_parser(prog).parse_args(argv)
    try:
        if args.command == "regulations":
            print("\n".join(REGULATION_IDS))
        elif args.command == "rules":
            print(cmd_rules(args.regulation))
        elif args.command == "clauses":
            print(cmd_clauses(args.regulation))
        elif args.command == "cost":
            print(cmd_cost(args.regulation, args.other, args.set, args.json))
        elif args.command in ("odds", "strategy"):
            print(cmd_odds(args.regulation, args.json, args.command, refresh=args.no_cache))
        elif args.command == "simulate":
            text, ok = cmd_simulate(args)
            print(text)
            return 0 if ok else 1
        elif args.command == "verify":
            text, ok = cmd_verify(args.folder)
            print(text)
            return 0 if ok else 1
        elif args.command == "play":
            sys.stdout.write(cmd_play(args.regulation, args.seed, args.boxes))
        elif args.command == "new-regulation":
            print(cmd_new_regulation(args))
        elif args.command == "changelog" and args.since is not None:
            from spec_engine.kit.obligations import changes_since

            try:
                sys.stdout.write(changes_since(args.since))
            except ValueError as exc:
                raise InputError(str(exc), field="--since") from exc
        elif args.command == "changelog":
            from spec_engine.kit.manifest import changelog

            sys.stdout.write(changelog())
        else:
            text, ok = cmd_check()
            print(text)
            return 0 if ok else 1
    except SpecError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
