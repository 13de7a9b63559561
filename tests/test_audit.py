"""The re-audit's remainder (issue 24): each finding with the test that failed before its fix
(run against the code before, the session's first commit a003bd0, each of these fails)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spec_engine.catalog import REGULATION_IDS, regulation
from spec_engine.errors import InputError, RuleViolation
from spec_engine.rules import ruleset


def test_a_clause_note_states_the_reading_taken_not_a_recommendation() -> None:
    """A note says the one reading the project takes, as the rule set does: not a reading it
    recommends (which may not be the one taken: UY-35.2 once recommended the reading the rule
    set rejects)."""
    for reg in REGULATION_IDS:
        for c in regulation(reg).clauses:
            assert "ecommended" not in c.note and "should state" not in c.note, c.id
    note = regulation("UY").clause("UY-35.2").note
    assert "as they lie on the layout" in note and "double_after_split_hands" in note
    assert "as they lie on the layout" in ruleset("UY").citations["double_after_split_hands"].note


def test_the_uy_double_after_split_scenario_names_the_refused_hand_as_the_reading_does() -> None:
    from spec_engine.kit.trace import FEATURES

    text = (FEATURES / "uy" / "core.feature").read_text(encoding="utf-8")
    scenario = text.split("Scenario: After splitting only the first two hands may double")[1].split("Scenario:")[0]
    assert "(a re-split) may not" not in scenario and "the first split's other hand" in scenario


# ---------------------------------------------------------------------------- CL-ANX-5b.1
@pytest.mark.parametrize("max_bet", [None, 100_000, 20])
def test_cl_limits_ratio_is_checked_when_the_maximum_is_left_out_or_out_of_bounds(max_bet: int | None) -> None:
    """CL-ANX-5b.1: the maximum lies between 4 and 50 times the minimum. Leaving it out is no
    way around it (a CL round with minimum 10 once took a bet of 100,000)."""
    from spec_engine.cards import Shoe
    from spec_engine.game import Round
    from spec_engine.table import Table

    with pytest.raises(RuleViolation) as refused:
        Round(ruleset("CL"), Shoe.stacked("9S 7C 6D TC"), min_bet=10, max_bet=max_bet)
    assert refused.value.rule == "limit_ratio" and "CL-ANX-5b.1" in refused.value.clauses
    with pytest.raises(RuleViolation) as at_table:
        Table(ruleset("CL"), seed=1, min_bet=10, max_bet=max_bet)
    assert at_table.value.rule == "limit_ratio"


def test_cl_limits_within_the_ratio_are_accepted() -> None:
    from spec_engine.cards import Shoe
    from spec_engine.game import Round

    for high in (40, 500):  # 4 and 50 times the minimum, the bounds included
        Round(ruleset("CL"), Shoe.stacked("9S 7C 6D TC"), min_bet=10, max_bet=high)


# ---------------------------------------------------------------------------- a dealer change
def test_a_dealer_change_is_refused_during_a_round() -> None:
    """CZ-HRA-15 speaks of a change "while cards remain in the shoe", never mid-round: the burn
    would take the round's next card (it once did)."""
    from spec_engine.table import Table

    table = Table(ruleset("CZ"), seed=3, min_bet=10, max_bet=500, auto_cut=True)
    rnd = table.new_round()
    rnd.place_bet(1, "P1", 10)
    rnd.deal()
    before = table.shoe.remaining
    with pytest.raises(InputError) as refused:
        table.change_dealer()
    assert refused.value.field == "action" and table.shoe.remaining == before


def test_a_cut_card_burnt_out_at_a_dealer_change_is_logged_and_the_next_cut_goes_to_the_first_box() -> None:
    from spec_engine.table import Table

    table = Table(ruleset("CZ"), seed=5, min_bet=10, max_bet=500, auto_cut=True)
    shoe = table.shoe
    while shoe.remaining > (shoe.cut_remaining or 0) + 1:  # one card before the cut card
        table.tray.append(shoe.draw())  # dealt and cleared, as rounds would
    table.last_cut_box = 4
    table.change_dealer()
    events = [e.type for e in table.log[-3:]]
    assert events == ["dealer_change", "burn", "cut_card_out"]
    assert table.last_cut_box is None
    table.new_round()  # the shoe is shuffled before the next round: the cut goes to box 1
    offers = [e for e in table.log if e.type == "offer_cut"]
    assert offers[-1].box == 1


# ---------------------------------------------------------------------------- tags that check what they name
def test_each_row_of_doubling_on_a_hard_twelve_cites_the_rule_it_compares() -> None:
    """The rows compare the totals a hand may double on (double_totals): each row's clause tags
    are the clauses its rule set cites for that value, or the row names the assumption. The ES
    row once carried ES-18.1.a.4 (asking for cards up to 21), which it does not check: changing
    what that clause states (hit_on_hard_21) changed nothing the row saw."""
    from spec_engine.kit.trace import assumption_tags, clause_tags, scenarios

    rows = [s for s in scenarios() if s.template == "Doubling on a hard twelve, compared"]
    assert sorted(s.regulation or "" for s in rows) == sorted(REGULATION_IDS)
    for row in rows:
        rules = ruleset(row.regulation or "")
        cited = set(rules.citations["double_totals"].clauses)
        tags = clause_tags(row)
        assert tags <= cited, (row.regulation, tags - cited)
        assert tags or assumption_tags(row) == {"double_totals"}, row.regulation


def test_uy_55_a_reconstruction_after_a_card_to_a_box_without_a_bet_is_noticed_by_uys_own_scenario(
    tmp_path: Path,
) -> None:
    """UY-55 forbids reconstruction. The UY scenario of a card dealt to a box without a bet
    carries the tag and plays out differently had the card been put back (the bank's 17
    would be 21): replayed with reconstruct, its result changes, not only its log. Only that
    scenario is recorded (the whole suite's dump failed this test whenever any scenario failed)."""
    from spec_engine.kit.exercised import ChangedEngine
    from spec_engine.kit.vectors import dump, replay

    wanted = "uy/misdeal/a-card-dealt-to-a-box-without-a-bet-is-voided"
    recorded = dump(tmp_path / "out", pytest_args=["-m", "UY", "-k", "a_card_dealt_to_a_box_without_a_bet_is_voided"])
    (vector,) = [v for v in recorded if v["id"] == wanted]
    assert "UY-55" in vector["clauses"]
    changed = ChangedEngine("card_to_box_without_bet", "reconstruct")
    assert replay(vector, changed)
    settled = [e for e in changed.request({"op": "events"})["events"] if e["type"] == "settle"]
    expected = [e for e in vector["events"] if e["type"] == "settle"]
    assert [e["info"] for e in expected] == ["win", "win"] and [e["info"] for e in settled] == ["lose", "lose"]


# ---------------------------------------------------------------------------- a refill from the discards
def test_a_refill_burns_keeps_the_minimum_cut_and_offers_the_cut_as_every_shuffle_does() -> None:
    """CZ-HRA-14 "Po každém promíchání" (after every shuffle) five cards are burnt; CZ-KARTY-6 a
    deck on each side of the cut; CZ-KARTY-5 the cut to the player whose box got the cut card
    (none came out here: the first box). A refill once burnt nothing, cut anywhere, offered
    the cut to nobody."""
    from spec_engine.table import Table, people_at

    rules = ruleset("CZ").with_values(cut_card_per_participant=None, cut_card_from_end=None)
    table = Table(rules, seed=2, min_bet=10, max_bet=500, participants=people_at(rules, 2))
    log: list[dict[str, object]] = []
    while not any(e.get("info") == "discards" for e in log):
        table.play([(1, "P1", 10), (2, "P2", 10)])
        log = [e.to_dict() for e in table.log]
    at = next(i for i, e in enumerate(log) if e.get("info") == "discards")
    shuffled, offer, cut = log[at : at + 3]
    assert offer == {"type": "offer_cut", "box": 1} and cut["box"] == 1
    assert 52 <= cut["total"] <= shuffled["total"] - 52
    assert [e["type"] for e in log[at + 3 : at + 8]] == ["burn"] * 5


# ---------------------------------------------------------------------------- UY insurance, each hand
def test_uy_insurance_after_a_split_takes_the_floor_on_each_hand() -> None:
    """UY-39.2 "No podrá ser dicha apuesta inferior al 50% del mínimo", insured "en cada una de
    las apuestas" (UY-39.1): two split hands of 10 at a minimum of 10 take 5 each. The floor was
    once checked on the sum, and 6 over two hands was accepted."""
    from spec_engine.cards import Shoe, parse_cards
    from spec_engine.game import Round

    rnd = Round(ruleset("UY"), Shoe(parse_cards("8S AD 8H TC 9C 7C")), min_bet=10, max_bet=500)
    rnd.place_bet(1, "P1", 10)
    rnd.deal()
    rnd.split(1)
    rnd.stand(1)
    rnd.stand(1)
    with pytest.raises(RuleViolation) as refused:
        rnd.insure(1, "P1", 6)
    assert refused.value.rule == "insurance_min_of_table_min" and "UY-39.2" in refused.value.clauses
    rnd.insure(1, "P1", 10)


# ---------------------------------------------------------------------------- readings recorded
def test_uy_a_bet_behind_below_the_minimum_is_refused_as_a_recorded_reading() -> None:
    """UY-16.1 does not clearly say a bet behind reaches the minimum: the rule set records the
    reading it takes (an interpretation, with its reasons) instead of citing it as stated."""
    cited = ruleset("UY").citations["table_limits"]
    assert cited.basis == "interpretation" and "bet behind" in cited.note


def test_cz_the_decider_of_a_box_without_a_seated_player_is_a_reading() -> None:
    """CZ-BOX-1 speaks of the first player "at the table", not of an empty seat."""
    cited = ruleset("CZ").citations["unseated_box_decider"]
    assert cited.basis == "interpretation" and "u stolu" in cited.note


# ---------------------------------------------------------------------------- CL-ANX-1 at a table
@pytest.mark.parametrize("people", [8, 12])
def test_a_cl_table_takes_six_players_and_a_banker_at_most(people: int) -> None:
    """CL-ANX-1: "un máximo de 6 jugadores y un banquero": a table once took 8 to 12 people."""
    from spec_engine.table import Table

    with pytest.raises(RuleViolation) as refused:
        Table(ruleset("CL"), seed=1, min_bet=10, max_bet=100, participants=people)
    assert refused.value.rule == "max_boxes" and refused.value.clauses == ("CL-ANX-1",)
    Table(ruleset("CL"), seed=1, min_bet=10, max_bet=100, participants=7)


# ---------------------------------------------------------------------------- the box holder
def test_the_player_seated_at_a_box_holds_it_whoever_bets_first() -> None:
    """The texts give the box to the one who sits there (UY-11.2 "quien lo ocupe", CZ-BOX-1 "the
    first player at the table"), not to the first bettor: a second bettor once bet first,
    without consent, and then decided for the box."""
    from spec_engine.cards import Shoe, parse_cards
    from spec_engine.game import Round

    uy = Round(ruleset("UY"), Shoe(parse_cards("TS 9D 5H 4C 8C")), min_bet=10, max_bet=500, seated={1: "P1"})
    with pytest.raises(RuleViolation) as refused:
        uy.place_bet(1, "P2", 20)
    assert refused.value.rule == "bet_behind_consent"
    uy.consent(1, "P2", by="P1")
    uy.place_bet(1, "P2", 20)
    uy.place_bet(1, "P1", 10)
    uy.deal()
    assert uy.decider(1) == "P1"
    cz = Round(ruleset("CZ"), Shoe(parse_cards("TS 9D 5H 4C 8C")), min_bet=10, max_bet=500, seated={1: "P1"})
    cz.place_bet(1, "P2", 50)
    cz.place_bet(1, "P1", 10)
    cz.deal()
    with pytest.raises(RuleViolation) as refused:
        cz.hit(1, by="P2")
    assert "CZ-BOX-1" in refused.value.clauses


# ---------------------------------------------------------------------------- a step that checks what it says
def test_the_next_round_cannot_start_step_catches_a_table_that_deals_on() -> None:
    """The step once read only the state's ``cut_card_out``: a table that said so and opened the
    next round all the same passed it. It now tries the next round's first bet."""
    from spec_engine.suite.steps import Play, next_round

    class SaysOutDealsOn:
        """An implementation whose state says the cut card is out, and which takes any bet."""

        def __init__(self) -> None:
            self.acts: list[str] = []

        def start(self, level: str, regulation: str, **fields: object) -> None:
            pass

        def state(self) -> dict[str, object]:
            return {"cut_card_out": True, "awaiting_cut": False}

        def act(self, action: str, **args: object) -> None:
            self.acts.append(action)

        def events(self) -> list[dict[str, object]]:
            return []

    driver = SaysOutDealsOn()
    play = Play(driver=driver, regulation="CL", started=True)  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="every action was accepted"):
        next_round(play, "cannot")
    assert driver.acts == ["bet"]


@pytest.mark.parametrize(
    ("rule", "clauses"),
    [("bet_multiple", ("CL-ANX-5a",)), ("last_round_on_cut_card", ("CL-14.2",))],
)
def test_the_next_round_cannot_start_step_demands_the_cut_cards_rule_and_its_clauses(
    rule: str, clauses: tuple[str, ...]
) -> None:
    """The step once took any refusal of the next round's first bet: a table that refused it
    for its limits (or cited the rule's clauses in part) passed, its cut card ignored."""
    from spec_engine.kit.driver import Refusal
    from spec_engine.suite.steps import Play, next_round

    class RefusesOtherwise:
        """An implementation whose state says the cut card is out, and which refuses every bet
        by ``rule``, citing ``clauses``."""

        def state(self) -> dict[str, object]:
            return {"cut_card_out": True, "awaiting_cut": False}

        def act(self, action: str, **args: object) -> None:
            raise Refusal("rule_violation", "refused", clauses=clauses, rule=rule)

    assert sorted(ruleset("CL").cite("last_round_on_cut_card")) == ["CL-14.2", "CL-18.1", "CL-18.3"]
    play = Play(driver=RefusesOtherwise(), regulation="CL", started=True)  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="bet_multiple" if rule == "bet_multiple" else "CL-18.3"):
        next_round(play, "cannot")


# ---------------------------------------------------------------------------- issue 29: seats and players at a table
def test_a_table_takes_seats_between_rounds_only_and_checks_them_at_once() -> None:
    """A session re-seats its players at each shoe (Table.seat); a bad seat is refused when
    given, not at the next round, and no one changes seats during a round."""
    from spec_engine.table import Table

    with pytest.raises(InputError) as refused:
        Table(ruleset("UY"), seed=1, seated={8: "P1"})
    assert refused.value.field == "seated"
    table = Table(ruleset("UY"), seed=1, seated={1: "P1"})
    rnd = table.new_round()
    with pytest.raises(InputError) as during:
        table.seat({2: "P1"})
    assert during.value.field == "seated" and table.seated == {1: "P1"}
    rnd.consent(1, "P2", by="P1")
    rnd.place_bet(1, "P2", 20)
    with pytest.raises(RuleViolation) as dealt:
        rnd.deal()
    assert dealt.value.rule == "box_owner_decides" and "UY-11.2" in dealt.value.clauses
    assert [a.kind for a in rnd.legal_actions()] == ["bet"]


def test_the_players_count_bounds_the_bettors_only_where_it_places_the_cut_card() -> None:
    """CL-ANX-3 places the cut card by the participants: a CL table of three (the banker and two
    players) refuses a third bettor. At a house table the count places nothing, players may bet
    on several boxes and standing bettors may bet behind a seat (ES-PRE-b.1): four bettors at
    a Melilla table said to seat three are taken."""
    from spec_engine.table import Table

    cl = Table(ruleset("CL"), seed=1, min_bet=10, max_bet=100, participants=3).new_round()
    cl.place_bet(1, "P1", 10)
    cl.place_bet(2, "P2", 10)
    with pytest.raises(InputError) as refused:
        cl.place_bet(3, "P3", 10)
    assert refused.value.field == "participants"
    es = Table(ruleset("ES"), seed=1, min_bet=10, max_bet=500, participants=3).new_round()
    for n, bettor in enumerate(("P1", "P2", "P3")):
        es.place_bet(n + 1, bettor, 10)
    es.place_bet(1, "P4", 10)
