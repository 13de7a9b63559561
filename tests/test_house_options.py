"""House options: a rule whose text lets the house choose among several values holds the
permitted set, each value cited; the rule set's value is the house's choice, a table takes
another within the set and is refused one outside it.

The rule sets here are made up: Uruguay's file with its re-split rules turned into options
(none of the five rulebooks has one; tests/house_talk.py)."""

from __future__ import annotations

import io
import json
import pickle
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from spec_engine.analysis import Odds, house_combinations, house_odds
from spec_engine.cards import Shoe
from spec_engine.catalog import DATA, REGULATION_IDS
from spec_engine.errors import InputError, RuleViolation
from spec_engine.game import Round
from spec_engine.i18n import _, language
from spec_engine.kit import driver
from spec_engine.kit.protocol import serve
from spec_engine.pages import regulations
from spec_engine.pages.labels import house_choice, label, value_words, words
from spec_engine.pages.matrix import _cell as matrix_cell
from spec_engine.pages.onboarding import onboarding_of
from spec_engine.pages.regulations import house_option_lines
from spec_engine.rules import HouseOption, RuleSet, parse_ruleset, ruleset
from spec_engine.table import Table
from tests.house_talk import HOUSE_TALK, UY_RESPLIT_ACES, judged, optioned, with_uy


def test_an_option_set_is_kept_beside_the_value_the_house_chose(tmp_path: Path) -> None:
    rules = optioned(tmp_path)
    assert rules.resplit_aces is False  # the declared default
    assert rules.options("resplit_aces") == (True, False)
    assert rules.max_split_hands == 6  # no default: the first option
    assert rules.options("max_split_hands") == (6, 4)
    assert rules.options("decks") == (rules.decks,)  # a rule the text fixes: its one value
    assert sorted(rules.house_options) == ["max_split_hands", "resplit_aces"]
    assert rules.house_options["max_split_hands"] == HouseOption((6, 4), (("UY-43.1",), ("UY-45.1",)))
    assert rules.house_options["resplit_aces"].cite(True) == ("UY-43.1", "UY-45.1")
    assert rules.cite("max_split_hands") == ("UY-43.1", "UY-45.1")  # every option's clauses
    assert rules.cite("resplit_aces") == ("UY-43.1", "UY-45.1")
    assert pickle.loads(pickle.dumps(rules)).house_options == rules.house_options


CITED = 'clauses = ["UY-43.1"]'


@pytest.mark.parametrize(
    ("inside", "message"),
    [
        (f"options = [], {CITED}", r"uy\.toml \[resplit_aces\]: options must list at least two values .*lists 0"),
        (f"options = [true], {CITED}", r"uy\.toml \[resplit_aces\]: options must list at least two .*lists 1"),
        (f"options = [true, true], {CITED}", r"\[resplit_aces\]: option 2 \(yes\) is listed twice"),
        (f"options = [true, 3], {CITED}", r"\[resplit_aces\]: value 3 is not true or false"),
        (f"options = [true, false], default = 3, {CITED}", r"\[resplit_aces\]: value 3 is not true or false"),
        ("options = [true, false], default = false", r"\[resplit_aces\]: option 1 \(yes\) cites no clause"),
        (f"options = [true, false], value = true, {CITED}", r"\[resplit_aces\]: has a value and options"),
        (f"value = true, default = true, {CITED}", r"\[resplit_aces\]: a default is the house's choice"),
        ('options = [true, false], basis = "not stated", note = "x"', r"\[resplit_aces\]: a house option .* must cite"),
        (
            f'options = [{{ value = true, clauses = ["UY-999"] }}, false], {CITED}',
            r"\[resplit_aces\] option 1: cites unknown clause 'UY-999'",
        ),
        (f"options = [{{ valeur = true }}, false], {CITED}", r"\[resplit_aces\]: option 1 is a value, or a table"),
    ],
)
def test_a_bad_option_set_is_refused_naming_the_file_and_the_rule(tmp_path: Path, inside: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_ruleset(with_uy(tmp_path, UY_RESPLIT_ACES, f"resplit_aces = {{ {inside} }}"))


def test_a_choice_option_is_checked_against_its_choices(tmp_path: Path) -> None:
    old = 'surrender = { value = "none"'
    assert old in (DATA / "rulesets" / "uy.toml").read_text(encoding="utf-8")
    with pytest.raises(InputError, match=r"\[surrender\]: value 'sometimes' is not one of"):
        parse_ruleset(with_uy(tmp_path, old, 'surrender = { options = ["late", "sometimes"]'))


def test_the_house_chooses_within_the_set(tmp_path: Path) -> None:
    rules = optioned(tmp_path)
    chosen = rules.choose(resplit_aces=True, max_split_hands=4)
    assert (chosen.resplit_aces, chosen.max_split_hands) == (True, 4)
    assert chosen.options("resplit_aces") == (True, False)  # still the house's to choose
    assert chosen.citations == rules.citations  # a choice within the set is the text's
    assert rules.choose() is rules


@pytest.mark.parametrize(
    ("choice", "message", "clauses"),
    [
        (
            {"max_split_hands": 5},
            "table refused: max_split_hands = 5 is not permitted: the house chooses one of 6, 4",
            ("UY-43.1", "UY-45.1"),
        ),
        (
            {"resplit_aces": 1},
            "resplit_aces = 1 is not permitted: the house chooses one of yes, no",
            ("UY-43.1", "UY-45.1"),
        ),
        ({"decks": 6}, "decks is not the house's to choose: the regulation sets it to 5", ("UY-5.1",)),
    ],
)
def test_a_choice_outside_the_set_is_refused_naming_the_rule_the_values_and_the_clauses(
    tmp_path: Path, choice: dict[str, object], message: str, clauses: tuple[str, ...]
) -> None:
    rules = optioned(tmp_path)
    with pytest.raises(RuleViolation) as refused:
        Table(rules, seed=1, house=choice)
    assert message in str(refused.value)
    assert refused.value.clauses == clauses and refused.value.rule == next(iter(choice))
    assert ", ".join(clauses) in str(refused.value)


def test_an_unknown_rule_or_a_malformed_choice_is_an_input_error(tmp_path: Path) -> None:
    rules = optioned(tmp_path)
    with pytest.raises(InputError, match=r"house: 'resplit_kings' is not a rule"):
        Table(rules, seed=1, house={"resplit_kings": True})
    with pytest.raises(InputError, match=r"house: the house's choices are a mapping"):
        Table(rules, seed=1, house=[("resplit_aces", True)])


def test_the_reference_adapter_plays_and_refuses_the_house_choices_of_a_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Protocol 7.1: a start's ``house``, through the reference adapter (the engine behind the
    protocol), under the made-up rule set: played at a round and at a table, refused as the
    engine refuses (tests/house_talk.py; the JavaScript implementation answers the same)."""
    rules = optioned(tmp_path)
    real = driver.ruleset
    monkeypatch.setattr(driver, "ruleset", lambda reg_id: rules if reg_id == "UY" else real(reg_id))
    lines = "".join(json.dumps({"id": n, **request}) + "\n" for n, (request, _) in enumerate(HOUSE_TALK, 1))
    out = io.StringIO()
    serve(io.StringIO(lines), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert judged(replies) == [expected for _, expected in HOUSE_TALK]


def test_a_table_plays_the_house_choice(tmp_path: Path) -> None:
    rules = optioned(tmp_path)
    assert Table(rules, seed=1).rules.resplit_aces is False
    for allowed in (True, False):
        table = Table(rules, seed=1, house={"resplit_aces": allowed})
        assert table.rules.resplit_aces is allowed and table.new_round().rules.resplit_aces is allowed
        # box 1 is dealt a pair of aces, splits them and draws a third ace to the first hand
        rnd = Round(table.rules, Shoe.stacked("AS 5D AH AC 9S"), min_bet=10, max_bet=500)
        rnd.place_bet(1, "P1", 10)
        rnd.deal()
        rnd.split(1)
        assert rnd.can_split(1) is allowed


def test_a_changed_value_is_no_longer_a_house_option(tmp_path: Path) -> None:
    rules = optioned(tmp_path).with_values(resplit_aces=True)
    assert rules.options("resplit_aces") == (True,) and "resplit_aces" not in rules.house_options
    assert rules.options("max_split_hands") == (6, 4)


def test_the_rules_compared_say_the_house_chooses_with_the_clauses(tmp_path: Path) -> None:
    rules = optioned(tmp_path)
    assert house_choice(rules, "resplit_aces") == "the house chooses: yes or no"
    assert house_choice(rules, "decks") is None and value_words(rules, "decks") == words("decks", 5)
    hands = [words("max_split_hands", n) for n in (6, 4)]
    assert house_choice(rules, "max_split_hands", "+".join) == (
        f"the house chooses: {hands[0]} (UY-43.1) or {hands[1]} (UY-45.1)"  # each value its own clauses
    )
    assert house_choice(rules, "resplit_aces", "+".join) == "the house chooses: yes or no"  # the same clauses
    cell = matrix_cell(rules, "resplit_aces", False)
    assert '<span class="value">the house chooses: yes or no</span>' in cell
    assert all(c in cell for c in ("UY-43.1", "UY-45.1"))
    with language("es"):
        assert house_choice(rules, "resplit_aces") == "la casa elige: sí o no"
    with language("cs"):
        assert house_choice(rules, "resplit_aces") == f"kasino volí: {_('yes')} nebo {_('no')}"
    with language("it"):
        assert house_choice(rules, "resplit_aces") == f"la casa sceglie: {_('yes')} o {_('no')}"


def test_the_regulation_page_lists_the_house_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = optioned(tmp_path)
    lines = house_option_lines(rules)
    assert len(lines) == 3 and lines[-1] == ""  # in the order of the rules: splits, then aces
    assert lines[0].startswith(f"- {label('max_split_hands')}: the house chooses: ")
    assert lines[1].startswith(f"- {label('resplit_aces')}: the house chooses: yes or no (")
    assert "UY-43.1" in lines[1] and "UY-45.1" in lines[1]
    monkeypatch.setattr(regulations, "ruleset", lambda reg_id: rules)
    page = regulations.regulation_page("UY", infos=[])
    assert lines[0] in page and lines[1] in page


HOUSE_SENTENCE = {
    "en": "The text leaves this rule to the house, which chooses {choices}; this page follows its choice, {value}.",
    "es": "El texto deja esta regla a la casa, que elige {choices}; esta página sigue su elección, {value}.",
    "cs": "Text ponechává toto pravidlo na kasinu, které volí {choices}; tato stránka se řídí jeho volbou, {value}.",
    "it": "Il testo lascia questa regola alla casa, che sceglie {choices}; questa pagina segue la sua scelta, {value}.",
}
"""The onboarding's sentence of a house option, as each language's catalog says it."""


@pytest.mark.parametrize("lang", sorted(HOUSE_SENTENCE))
def test_the_onboarding_says_the_house_chooses_among_the_values_and_which_the_page_follows(
    tmp_path: Path, lang: str
) -> None:
    rules = optioned(tmp_path)
    with language(lang):
        yes, no, either = _("yes"), _("no"), _("{items} or {last}", items=_("yes"), last=_("no"))
        page, chosen = onboarding_of(rules), onboarding_of(rules.choose(resplit_aces=True))
        text_fixes = onboarding_of(ruleset("UY"))
        hands = [words("max_split_hands", n) for n in (6, 4)]
        split = _(
            "{items} or {last}",
            items=f"{hands[0]} ([UY-43.1](uy.md#uy-43-1))",
            last=f"{hands[1]} ([UY-45.1](uy.md#uy-45-1))",
        )
    said = HOUSE_SENTENCE[lang]
    aces = [line for line in page.splitlines() if "(rules.md#rule-resplit_aces)" in line]
    assert len(aces) == 1 and said.format(choices=either, value=no) in aces[0]  # the default, false
    assert "[UY-43.1](uy.md#uy-43-1), [UY-45.1](uy.md#uy-45-1)" in aces[0]  # the rule's clauses cited
    assert said.format(choices=either, value=yes) in chosen  # the page follows the house's choice
    assert said.format(choices=split, value=hands[0]) in page  # each value with its own clause
    sentences = said.split("{choices}")[0]
    assert page.count(sentences) == 2 and sentences not in text_fixes  # no other rule; none where the text fixes them


@pytest.mark.parametrize("reg_id", REGULATION_IDS)
def test_no_bundled_rulebook_has_a_house_option(reg_id: str) -> None:
    rules = ruleset(reg_id)
    assert rules.house_options == {} and house_option_lines(rules) == []


def _fake_figures(calls: list[RuleSet]) -> Callable[[RuleSet], Odds]:
    """Made-up figures: -1% and 0.25 points for re-splitting aces, 0.01 a hand for splits (the
    composition-dependent return 0.1 point better); each rule set analysed is noted."""

    def figures(rules: RuleSet) -> Odds:
        calls.append(rules)
        basic = -1 + (0.25 if rules.resplit_aces else 0) + 0.01 * (rules.max_split_hands or 0)
        made = SimpleNamespace(
            basic_strategy=SimpleNamespace(ev_percent=basic),
            composition_dependent=SimpleNamespace(ev_percent=basic + 0.1),
        )
        return cast(Odds, made)

    return figures


def test_the_figures_of_each_combination_of_the_house_choices_and_their_range(tmp_path: Path) -> None:
    rules = optioned(tmp_path)
    calls: list[RuleSet] = []
    found = house_odds(rules, _fake_figures(calls))
    assert [c.choice for c in found.choices] == [
        {"max_split_hands": 6, "resplit_aces": True},
        {"max_split_hands": 6, "resplit_aces": False},
        {"max_split_hands": 4, "resplit_aces": True},
        {"max_split_hands": 4, "resplit_aces": False},
    ]
    assert [c.basic_percent for c in found.choices] == pytest.approx([-0.69, -0.94, -0.71, -0.96])
    assert found.basic_range == pytest.approx((-0.96, -0.69))
    assert found.composition_range == pytest.approx((-0.86, -0.59))
    assert [(r.max_split_hands, r.resplit_aces) for r in calls] == [(6, True), (6, False), (4, True), (4, False)]


def test_a_choice_the_figures_do_not_depend_on_is_analysed_once(tmp_path: Path) -> None:
    old = 'announce_last_round = { value = true, clauses = ["UY-56"] }'
    rules = parse_ruleset(
        with_uy(tmp_path, old, 'announce_last_round = { options = [true, false], clauses = ["UY-56"] }')
    )
    calls: list[RuleSet] = []
    found = house_odds(rules, _fake_figures(calls))
    assert len(found.choices) == 2 and len(calls) == 1
    assert found.basic_range == pytest.approx((-0.69, -0.69))  # UY: aces re-split, six hands
    assert house_combinations(ruleset("UY")) == ({},)


def test_the_real_figures_rank_the_house_choices(tmp_path: Path) -> None:
    rules = optioned(tmp_path).with_values(max_split_hands=4)  # (four hands: two analyses, quicker)
    found = house_odds(rules)
    assert [c.choice for c in found.choices] == [{"resplit_aces": True}, {"resplit_aces": False}]
    allowed, refused = (c.basic_percent for c in found.choices)
    assert allowed > refused and found.basic_range == (refused, allowed)  # re-splitting aces helps the player
