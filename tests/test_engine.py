"""Engine units: cards, exact money, the log, clear refusals, determinism, stdlib only."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from spec_engine.cards import Shoe, hand_total, parse_card, parse_cards, possible_totals
from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import InputError, RuleViolation, SpecError
from spec_engine.events import Event, money_str, parse_money, to_jsonl
from spec_engine.game import Phase, Round
from spec_engine.rules import ruleset
from spec_engine.table import Table, people_at


@pytest.mark.parametrize("code", ["10H", "AX", "1S", "", "ZZ", "A"])
def test_an_unknown_card_code_is_a_clear_error(code: str) -> None:
    with pytest.raises(InputError, match=rf"card: unknown card code '{code}'"):
        parse_card(code)


def test_a_stacked_shoe_with_a_bad_card_names_it() -> None:
    with pytest.raises(InputError, match="unknown card code '1S'"):
        Shoe.stacked("AS 1S")


def test_totals_hard_and_soft() -> None:
    assert hand_total(parse_cards("AS 6D")) == (17, True)
    assert hand_total(parse_cards("AS 6D TC")) == (17, False)
    assert hand_total(parse_cards("AS AD")) == (12, True)
    assert hand_total(parse_cards("AS KD")) == (21, True)
    assert hand_total(parse_cards("9S 8D 5C")) == (22, False)
    assert possible_totals(parse_cards("AS 8D")) == {9, 19}


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(45, 2), "22.5"),
        (Fraction(30), "30"),
        (Fraction(-30), "-30"),
        (-15, "-15"),
        (Fraction(-1, 4), "-0.25"),
        (Fraction(1, 3), "1/3"),
        (Fraction(6, 5), "1.2"),
    ],
)
def test_money_is_written_exactly(value: Fraction | int, text: str) -> None:
    assert money_str(value) == text
    assert parse_money(text) == value


def test_floats_are_refused_as_money() -> None:
    with pytest.raises(InputError, match="money"):
        parse_money(0.1)  # type: ignore[arg-type]
    rnd = Round(ruleset("UY"), Shoe.stacked("AS KD 9C 7H"), min_bet=10, max_bet=100)
    with pytest.raises(InputError, match="amount: a bet is a positive exact amount"):
        rnd.place_bet(1, "P1", 10.0)  # type: ignore[arg-type]


def test_three_to_two_on_an_odd_stake_is_exact() -> None:
    rnd = Round(ruleset("UY"), Shoe.stacked("AS 9D KH 7C"), min_bet=5, max_bet=100)
    rnd.place_bet(1, "P1", 15)
    rnd.deal()
    assert rnd.phase is Phase.DONE
    assert rnd.net == {"P1": Fraction(45, 2)}
    settle = [e for e in rnd.events if e.type == "settle"]
    assert settle[0].to_dict()["amount"] == "22.5"


def test_the_log_round_trips_through_json_lines() -> None:
    table = Table(ruleset("CZ"), seed=11)
    for _ in range(20):
        table.play([(1, "P1", 10), (2, "P2", 25)])
    text = to_jsonl(table.log)
    back = [Event.from_dict(json.loads(line)) for line in text.splitlines()]
    assert back == table.log


@pytest.mark.parametrize("reg_id", REGULATION_IDS)
def test_same_seed_same_log_byte_for_byte(reg_id: str) -> None:
    def run(seed: int) -> str:
        rules = ruleset(reg_id)
        table = Table(rules, seed=seed, min_bet=10, max_bet=500, participants=people_at(rules, 2))
        for _ in range(60):
            table.play([(1, "P1", 10), (3, "P3", 20)])
        return to_jsonl(table.log)

    assert run(5) == run(5)
    assert run(5) != run(6)


def _dealt(reg_id: str, shoe: str, bet: int = 10, **limits: int) -> Round:
    rnd = Round(
        ruleset(reg_id), Shoe.stacked(shoe), min_bet=limits.get("min_bet", 10), max_bet=limits.get("max_bet", 500)
    )
    rnd.place_bet(1, "P1", bet)
    rnd.deal()
    return rnd


def test_a_bet_off_the_table_limits_is_refused_citing_the_limits() -> None:
    rnd = Round(ruleset("CZ"), Shoe.stacked("AS KD"), min_bet=10, max_bet=100)
    with pytest.raises(RuleViolation) as below:
        rnd.place_bet(1, "P1", 5)
    assert below.value.clauses == ("CZ-SAZKY-1", "CZ-HRA-2") and "below the table minimum 10" in str(below.value)
    with pytest.raises(RuleViolation, match="more than the table maximum 100"):
        rnd.place_bet(1, "P1", 110)
    assert rnd.events == []  # nothing placed, nothing lost


def test_a_club_bet_not_a_multiple_of_ten_is_refused() -> None:
    rnd = Round(ruleset("CL"), Shoe.stacked("AS KD"), min_bet=10, max_bet=500)
    with pytest.raises(RuleViolation) as refused:
        rnd.place_bet(1, "P1", 25)
    assert refused.value.clause == "CL-ANX-5a"


def test_insurance_above_half_the_stake_is_refused() -> None:
    rnd = _dealt("IT", "9S AD 9H", bet=20)
    assert rnd.phase is Phase.INSURANCE
    with pytest.raises(RuleViolation) as refused:
        rnd.insure(1, "P1", 11)
    assert refused.value.clause == "IT-21" and "exceeds 10" in str(refused.value)
    rnd.insure(1, "P1", 10)


def test_a_split_of_unequal_cards_is_refused() -> None:
    rnd = _dealt("CZ", "9S 6D 8H 5C")
    with pytest.raises(RuleViolation, match="9S and 8H are not of equal value"):
        rnd.split(1)


def test_an_action_out_of_turn_is_refused() -> None:
    rnd = Round(ruleset("ES"), Shoe.stacked("9S 7C 6D 8H 5C 4D 3H"), min_bet=10, max_bet=100)
    rnd.place_bet(1, "P1", 10)
    rnd.place_bet(2, "P2", 10)
    rnd.deal()
    with pytest.raises(RuleViolation) as refused:
        rnd.hit(2)
    assert refused.value.clauses == ("ES-PRE-1", "ES-18.1.a.3")
    assert "box 2 is out of turn: box 1 is to act" in str(refused.value)


def test_an_action_in_the_wrong_phase_is_refused() -> None:
    rnd = Round(ruleset("UY"), Shoe.stacked("9S 7C 6D"), min_bet=10)
    with pytest.raises(SpecError, match="not allowed in the betting phase"):
        rnd.hit(1)
    rnd.place_bet(1, "P1", 10)
    rnd.deal()
    with pytest.raises(RuleViolation, match="bets are closed once dealing has started") as closed:
        rnd.place_bet(2, "P2", 10)
    assert closed.value.clauses == ("UY-13.2", "UY-13.3")


def test_a_box_that_does_not_exist_is_bad_input() -> None:
    rnd = Round(ruleset("CL"), Shoe.stacked("9S 7C 6D"), min_bet=10, max_bet=500)
    with pytest.raises(InputError, match=r"box: no box 7: boxes are 1\.\.6"):
        rnd.place_bet(7, "P1", 10)


def test_an_exhausted_stacked_shoe_is_bad_input() -> None:
    rnd = Round(ruleset("CL"), Shoe.stacked("9S 7C"), min_bet=10, max_bet=500)
    rnd.place_bet(1, "P1", 10)
    with pytest.raises(InputError, match="shoe: the shoe is empty after 2 cards"):
        rnd.deal()


def test_a_refusal_says_clause_action_and_state() -> None:
    rnd = _dealt("CL", "7S 5D 5H")
    with pytest.raises(RuleViolation) as refused:
        rnd.double(1)
    text = str(refused.value)
    assert text.startswith("double refused: doubling is allowed only on 9, 10, 11, not on 12")
    assert "CL-13a.1" in text and "box 1 hand 1: 7S 5H = 12" in text and "dealer 5D" in text


def test_an_assumption_refusal_names_the_assumption() -> None:
    rnd = Round(ruleset("CL"), Shoe.stacked("9S 7C 6D"), min_bet=10, max_bet=500)
    rnd.place_bet(1, "P1", 10)
    with pytest.raises(RuleViolation) as refused:
        rnd.place_bet(1, "P2", 10)
    assert refused.value.clauses == () and refused.value.rule == "max_bets_per_box"
    assert "not stated; engine assumption 'max_bets_per_box'" in str(refused.value)


@pytest.mark.parametrize(("rule", "value"), [("bets_closed_at_deal", False), ("double_on_blackjack", True)])
def test_a_rule_value_the_engine_cannot_play_is_refused_not_ignored(rule: str, value: bool) -> None:
    rules = ruleset("UY").with_values(**{rule: value})
    with pytest.raises(InputError, match=f"{rule} = {value!r}: the engine cannot play this value") as refused:
        Round(rules, Shoe.stacked("9S 7C 6D"), min_bet=10, max_bet=500)
    assert refused.value.field == rule


def test_a_cut_card_placed_per_participant_needs_the_people_at_the_table() -> None:
    """CL-ANX-3: the cut card lies three cards per participant from the end; a table under CL
    must be told how many people sit at it (no default of six), and the CLI counts them."""
    rules = ruleset("CL")
    with pytest.raises(InputError) as refused:
        Table(rules, seed=1)
    assert refused.value.field == "participants"
    table = Table(rules, seed=1, participants=people_at(rules, 2))  # two players and the banker
    table.play([(1, "P1", 10), (2, "P2", 10)])
    assert [e.total for e in table.log if e.type == "cut_card"] == [9]
    Table(ruleset("UY"), seed=1)  # a cut card at a fixed place needs no count


def test_play_counts_the_people_at_the_table() -> None:
    """``blackjack-spec play CL``: one player and the banker, so the cut card lies 6 cards from the end."""
    from spec_engine.__main__ import cmd_play

    events = [json.loads(line) for line in cmd_play("CL", 7, 1).splitlines()]
    assert [e["total"] for e in events if e["type"] == "cut_card"] == [6]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 7, 8, 9, 52, 63, 64, 65, 104, 255, 256, 257, 260, 312, 416])
def test_the_fast_shuffle_is_pythons_shuffle_draw_for_draw(size: int) -> None:
    """The engine's shuffle (random.shuffle written out, a run of positions per number of random
    bits, the sizes at each power of two among those checked) gives random.shuffle's order and leaves
    the generator where random.shuffle does (the cut is drawn from it next)."""
    import random

    from spec_engine import cards

    for seed in range(40):
        ours, theirs = (list(cards.DECK) * 8)[:size], (list(cards.DECK) * 8)[:size]
        mine, its = random.Random(seed), random.Random(seed)
        cards.shuffle(mine, ours)
        its.shuffle(theirs)
        assert ours == theirs
        assert mine.random() == its.random()


def test_insurance_or_even_money_by_someone_with_no_bet_on_the_box_is_an_input_error() -> None:
    """Not a rule's refusal (no clause is about strangers): the bettor field is wrong."""
    rnd = _dealt("UY", "AS AD KH", bet=20)
    assert rnd.phase is Phase.INSURANCE
    with pytest.raises(InputError) as insured:
        rnd.insure(1, "P9", 10)
    assert insured.value.field == "bettor" and "P9" in str(insured.value)
    with pytest.raises(InputError) as even:
        rnd.take_even_money(1, "P9")
    assert even.value.field == "bettor"
    rnd.take_even_money(1, "P1")  # the bettor himself may (UY pays even money)


def test_a_changed_bet_keeps_to_the_special_maximum() -> None:
    rnd = Round(ruleset("UY"), Shoe.stacked("TS 9D 8H 7C"), min_bet=10, max_bet=500, special_max={"VIP": 2000})
    rnd.place_bet(1, "VIP", 1500)
    rnd.change_bet(1, "VIP", 2000)
    with pytest.raises(RuleViolation) as refused:
        rnd.change_bet(1, "VIP", 2500)
    assert refused.value.rule == "special_maximum" and refused.value.clauses == ruleset("UY").cite("special_maximum")
    assert rnd.boxes[1].bets == {"VIP": 2000}


def test_a_changed_bet_replaces_an_unnoticed_excess_too() -> None:
    """UY caps an unnoticed over-maximum bet and returns the excess at the end; once the bet is
    changed, the excess went back with the old bet: nothing is returned twice."""
    rnd = Round(ruleset("UY"), Shoe.stacked("TS 9D 8H 8C"), min_bet=10, max_bet=500)
    rnd.place_bet(1, "P1", 700, unnoticed=True)
    assert rnd.boxes[1].bets == {"P1": 500} and rnd.boxes[1].excess == {"P1": 200}
    rnd.change_bet(1, "P1", 300)
    rnd.deal()
    rnd.stand(1)
    assert [e.info for e in rnd.settlements()] == ["win"]
    assert rnd.net == {"P1": 300}


def test_the_shoe_is_shuffled_between_rounds_only() -> None:
    table = Table(ruleset("ES"), seed=3, min_bet=10, max_bet=500)
    table.play([(1, "P1", 10)])
    before = table.shuffles
    table.shuffle()  # between rounds
    assert table.shuffles == before + 1
    rnd = table.new_round()
    rnd.place_bet(1, "P1", 10)
    with pytest.raises(InputError) as refused:
        table.shuffle()
    assert refused.value.field == "action" and table.shuffles == before + 1


def test_the_house_reshuffles_before_the_cut_card_only_where_the_rule_set_allows_it() -> None:
    """house_reshuffle: the club shuffles when the cut card comes out and at no other time
    (CL-14.2, CL-ANX-4): a shuffle before is refused, naming the rule and its clauses, and nothing
    changes; Uruguay's management may change the packs when it sees fit (UY-23)."""
    table = Table(ruleset("CL"), seed=3, min_bet=10, max_bet=500, participants=3)
    table.play([(1, "P1", 10)])
    before = (table.shuffles, len(table.log), table.shoe.remaining)
    with pytest.raises(RuleViolation) as refused:
        table.shuffle()
    assert refused.value.rule == "house_reshuffle" and refused.value.clauses == ("CL-14.2", "CL-ANX-4")
    assert "cut card has not come out" in str(refused.value)
    assert (table.shuffles, len(table.log), table.shoe.remaining) == before
    table = Table(ruleset("UY"), seed=3, min_bet=10, max_bet=500)
    table.play([(1, "P1", 10)])
    table.shuffle()
    assert table.shuffles == 2


def test_a_shuffle_once_the_cut_card_came_out_is_no_house_reshuffle() -> None:
    """Where the house may not reshuffle, the shuffle after the cut card came out (here with a
    burn at a change of dealer) is the one the text asks for."""
    rules = ruleset("CL").with_values(burn_on_dealer_change=200)
    table = Table(rules, seed=3, min_bet=10, max_bet=500, participants=3, auto_cut=False)
    table.cut(60)
    table.change_dealer()
    assert table.shoe.cut_card_out
    table.shuffle()
    assert table.shuffles == 2 and table.cut_offer == 1


def _offers(rule: str, seated: object, box_out: bool) -> tuple[int | None, int | None, int | None]:
    """Under CZ with ``cut_without_receiver`` set to ``rule``: the box offered the cut at a new
    table; after a shoe whose cut card box 2 received (``box_out``) or the dealer took; and after
    a house reshuffle."""
    rules = ruleset("CZ").with_values(cut_without_receiver=rule, cut_card_from_end=258, burn_after_shuffle=0)
    table = Table(rules, seed=1, seated=seated, auto_cut=False, stacked_after_cut=True, shoes=[[]])
    first = table.cut_offer
    table.cut(52)
    rnd = table.new_round()
    rnd.place_bet(2, "P1", 10)
    # (the cut card moved: out with the dealer's first card, box 2's second card is the one behind
    # it; or out with box 2's second card, and the dealer's second card is the one behind it)
    table.shoe.cut_remaining = table.shoe.remaining - (2 if box_out else 3)
    rnd.deal()
    while rnd.phase is not Phase.DONE:
        rnd.stand(2)
    table.finish(rnd)
    table.shuffle()
    after_shoe = table.cut_offer
    table.cut(52)
    table.shuffle()  # a house reshuffle: nobody received the cut card
    return first, after_shoe, table.cut_offer


@pytest.mark.parametrize(
    ("rule", "seated", "offers"),
    [
        ("first_box", None, (1, 1, 1)),
        ("first_box", [5, 3], (1, 1, 1)),
        ("dealer_right", None, (7, 7, 7)),  # no seat known: the last box
        ("dealer_right", [2, 5, 3], (5, 5, 5)),
        ("first_player", [5, 2, 3], (5, 5, 5)),  # listed: the first given
        ("first_player", {5: "A", 2: "P1"}, (2, 2, 2)),  # mapped: by box
        ("first_player", None, (1, 1, 1)),
        ("first_player_then_dealer_right", [3, 2, 6], (3, 6, 6)),
    ],
)
def test_the_cut_without_a_receiver_goes_where_the_rule_set_says(
    rule: str, seated: object, offers: tuple[int, ...]
) -> None:
    """cut_without_receiver: at a new table, after a shoe whose cut card the dealer took, and
    after a house reshuffle (never to the last shoe's receiver)."""
    assert _offers(rule, seated, box_out=False) == offers


def test_after_a_house_reshuffle_the_last_receiver_is_not_offered_the_cut() -> None:
    """The receiver of the cut card is offered the cut after the shoe it ended; a house reshuffle
    of the next shoe has no receiver, and the cut goes to the first box (CZ)."""
    assert _offers("first_box", [1, 2], box_out=True) == (1, 2, 1)


@pytest.mark.parametrize(("decks", "behind"), [(6, 78), (5, 65), (4, 52), (3, 39)])
def test_a_cut_card_at_a_share_of_the_cards_follows_the_shoe(decks: int, behind: int) -> None:
    """cut_card_share: a quarter of the cards, whatever the decks, rounded down to a whole card."""
    rules = ruleset("UY").with_values(decks=decks, cut_card_from_end=None, cut_card_share=Fraction(1, 4))
    table = Table(rules, seed=1)
    assert [e.total for e in table.log if e.type == "cut_card"] == [behind]
    thirds = ruleset("UY").with_values(cut_card_from_end=None, cut_card_share=Fraction(1, 3))
    assert [e.total for e in Table(thirds, seed=1).log if e.type == "cut_card"] == [86]  # 260 / 3 = 86.67


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        (
            {"cut_card_share": Fraction(1, 4)},
            "cut_card_share = 1/4 and cut_card_from_end = 104: the cut card is placed",
        ),
        (
            {"cut_card_share": Fraction(1, 4), "cut_card_from_end": None, "cut_card_per_participant": 3},
            "and cut_card_per_participant = 3",
        ),
        ({"cut_card_share": Fraction(1), "cut_card_from_end": None}, "greater than 0 and less than 1"),
        ({"cut_card_share": Fraction(0), "cut_card_from_end": None}, "greater than 0 and less than 1"),
    ],
)
def test_a_share_of_the_cards_beside_a_number_or_out_of_range_is_refused(
    changes: dict[str, object], words: str
) -> None:
    with pytest.raises(InputError, match=re.escape(words)) as refused:
        Table(ruleset("UY").with_values(**changes), seed=1, participants=3)
    assert refused.value.field == "cut_card_share"


def test_a_rule_set_file_with_a_share_beside_a_number_is_refused(tmp_path: Path) -> None:
    from spec_engine.rules import RULESET_DIR, parse_ruleset

    text = (RULESET_DIR / "uy.toml").read_text(encoding="utf-8")
    path = tmp_path / "uy.toml"
    path.write_text(
        re.sub(r'(?m)^cut_card_share = \{ value = "none"', 'cut_card_share = { value = "1/4"', text), encoding="utf-8"
    )
    with pytest.raises(InputError, match="not both") as refused:
        parse_ruleset(path)
    assert refused.value.field == "uy.toml [cut_card_share]"


@pytest.mark.parametrize("by", [5, "", ["P1"]])
def test_a_decision_by_anything_but_a_bettor_name_is_an_input_error(by: object) -> None:
    """``by`` names a bettor: a number, an empty name or a list is bad input on ``by``, not a
    crash (an unhashable one used to reach the event cache)."""
    rnd = _dealt("ES", "9S 7C 6D", bet=10)
    for action in (rnd.hit, rnd.stand, rnd.double):
        with pytest.raises(InputError) as refused:
            action(1, by=by)  # type: ignore[operator]
        assert refused.value.field == "by"
    assert rnd.phase is Phase.PLAYING and len(rnd.boxes[1].hands[0].cards) == 2  # nothing happened


def test_a_long_run_keeps_few_event_objects_and_the_cache_stays_bounded() -> None:
    """Equal events are one shared object (they are immutable): a long log holds about one
    object of its own a round (the ``clear``, whose cards differ), not one per event (about six
    a round before they were shared), so the
    garbage collector has little to walk; the cache of shared events stays bounded."""
    from spec_engine import events

    table = Table(ruleset("IT"), seed=11, min_bet=10, max_bet=500, participants=1)
    for _ in range(3000):
        table.play([(1, "P1", 10)])
    assert len(table.log) > 10 * 3000
    assert len({id(e) for e in table.log}) < 1.5 * 3000  # (the clear, and each shoe's shuffle, cut and burns)
    bets = [e for e in table.log if e.type == "bet"]
    assert len(bets) == 3000 and all(e is bets[0] for e in bets)
    for n in range(6000):  # far more distinct events than the cache and the table keep
        assert events.settle(1, 1, "P1", n, n, "win") == Event("settle", 1, 1, "P1", amount=n, stake=n, info="win")
        assert events.SETTLES[1, 1, "P1", n, n, "win"] == Event("settle", 1, 1, "P1", amount=n, stake=n, info="win")
    assert events.settle.cache_info().currsize <= 4096
    assert 0 < len(events.SETTLES) <= events.SHARED_MAX
    # the dealer's cards: one event for each of the 52 cards, built whole
    assert len(events.DEALER_CARDS) == 52 and events.DEALER_CARDS["QH"] == Event("dealer_card", card="QH")


def test_a_box_given_as_an_int_subclass_is_logged_as_its_plain_number() -> None:
    """The log and the boxes hold plain numbers, whatever int subclass the caller passed."""

    class Seat(int):
        pass

    rnd = Round(ruleset("UY"), Shoe.stacked("TS 9D 8H 8C"), min_bet=10)
    rnd.place_bet(Seat(1), "P1", 10)
    rnd.deal()
    rnd.stand(1)
    boxes = {type(e.box) for e in rnd.events if e.box is not None}
    assert boxes == {int} and type(next(iter(rnd.boxes))) is int


def test_a_bettor_given_twice_for_a_box_in_one_play_is_refused_not_merged() -> None:
    """Nothing is silently dropped: two amounts for one bettor on one box are refused (field
    bettor), with or without a pushed stake staying on the table (CZ)."""
    table = Table(ruleset("ES"), seed=3, min_bet=10, max_bet=500)
    with pytest.raises(InputError) as refused:
        table.play([(1, "P1", 10), (1, "P1", 20)])
    assert refused.value.field == "bettor"
    table = Table(ruleset("CZ"), seed=3, min_bet=10, max_bet=500, participants=1)
    while not table.staying:  # until a push leaves a stake on the table
        table.play([(1, "P1", 10)])
    with pytest.raises(InputError) as refused:
        table.play([(1, "P1", 10), (1, "P1", 20)])
    assert refused.value.field == "bettor"


@pytest.mark.parametrize("at", [1, 2, 30, 51])
def test_a_cut_moves_the_first_cards_behind_the_others_in_their_order(at: int) -> None:
    shoe = Shoe(list(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")) * 4)
    before = shoe.cards()
    shoe.rotate(at)
    assert shoe.cards() == before[at:] + before[:at]
    assert shoe.draw() == before[at]


def test_a_double_changes_the_hands_stakes_not_the_boxs_bets_nor_the_originals() -> None:
    """A box's first hand shares the box's bets until a double, which copies them first."""
    rnd = _dealt("ES", "5S 7C 6D 9H TS", bet=10)
    hand = rnd.boxes[1].hands[0]
    rnd.double(1)
    assert hand.stakes == {"P1": 20} and hand.original == {"P1": 10} and rnd.boxes[1].bets == {"P1": 10}
    assert [(e.info, e.amount, e.stake) for e in rnd.settlements()] == [("win", 20, 20)]


def test_boxes_share_one_empty_mapping_until_they_write_and_never_each_others() -> None:
    """A box's insurance and excess, and a round's answers, start as one shared empty mapping
    (fewer objects a round); a write gives the writer its own; the shared one refuses writes,
    and a copy or pickle of it is itself."""
    import copy
    import pickle

    from spec_engine import game

    first, second = _dealt("UY", "AS AD KH 9C", bet=20), _dealt("UY", "AS AD KH 9C", bet=20)
    assert first.boxes[1].insurance is second.boxes[1].insurance is game._NOTHING
    first.insure(1, "P1", 10)
    assert first.boxes[1].insurance == {"P1": 10} and second.boxes[1].insurance == {} and not game._NOTHING
    with pytest.raises(TypeError):
        game._NOTHING["P1"] = 10
    with pytest.raises(TypeError):
        game._NOTHING.setdefault("P1", 10)
    assert copy.deepcopy(second).boxes[1].excess is game._NOTHING
    assert pickle.loads(pickle.dumps(game._NOTHING)) is game._NOTHING


def _vocabulary() -> dict[str, set[str]]:
    """The event types of ``events.py``'s table, each with the fields its last column names
    (the columns where the table's ``===`` rule puts them)."""
    from spec_engine import source_docstring

    lines = source_docstring("events").splitlines()
    rules = [n for n, line in enumerate(lines) if line.startswith("====")]  # (above, below the header; the end)
    fields_at = lines[rules[0]].rindex(" ") + 1
    found: dict[str, set[str]] = {}
    kind = None
    for line in lines[rules[1] + 1 :]:
        if line.startswith("===="):
            break
        head = re.match(r"``(\w+)``", line)
        if head:
            kind = head.group(1)
            found[kind] = set()
        elif not line.startswith(" "):
            kind = None  # (a section's title)
        if kind is not None:
            found[kind] |= set(re.findall(r"\b(box|hand|bettor|card|amount|stake|total|info)\b", line[fields_at:]))
    return found


def test_every_event_type_has_a_constructor_of_its_name_taking_its_fields() -> None:
    """The vocabulary is built by name: ``events.hit(box, hand, bettor)``, one constructor per
    type documented in ``events.py``, its parameters the fields the table gives that type."""
    import inspect

    from spec_engine import events

    vocabulary = _vocabulary()
    assert len(vocabulary) >= 40 and {"hit", "settle", "surrender", "clear"} <= set(vocabulary)
    for kind, fields in vocabulary.items():
        build = getattr(events, kind)
        params = set(inspect.signature(inspect.unwrap(build)).parameters)
        assert params == fields, f"{kind}: {sorted(params)} against the table's {sorted(fields)}"
    assert events.hit(2, 1, "P1") == Event("hit", box=2, hand=1, bettor="P1")
    assert events.stand(1, 2, None, "automatic").to_json() == '{"type":"stand","box":1,"hand":2,"info":"automatic"}'


def test_the_engine_builds_no_event_from_positional_fields() -> None:
    """Outside ``events.py`` the engine builds every event through its named constructor: no
    ``Event(...)``, no private ``tuple.__new__``."""
    engine = Path(__file__).resolve().parents[1] / "spec_engine"
    for path in sorted(engine.glob("*.py")):
        if path.name == "events.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "tuple.__new__" not in text, path.name
        assert not re.search(r"(?<![\w.])Event\(|_new\(", text), path.name
