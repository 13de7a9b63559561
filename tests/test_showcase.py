"""The showcase pages: cards as valid SVG, every regulation played, every link a real
clause, and pages that follow the rule values (nothing copied by hand)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import spec_engine.rules
from spec_engine.cards import DECK, Card
from spec_engine.catalog import REGULATION_IDS, all_clause_ids
from spec_engine.errors import InputError
from spec_engine.pages.cards import card_name, card_svg, hand_svg
from spec_engine.pages.common import anchor
from spec_engine.pages.hands import SITUATIONS, play_situation, worked_hands_page
from spec_engine.pages.onboarding import onboarding_page
from spec_engine.rules import RuleSet, ruleset

SVG = "{http://www.w3.org/2000/svg}"
LINK = re.compile(r"\[([^\]]+)\]\(([a-z]{2})\.md#([^)]+)\)")


def _patch(monkeypatch: pytest.MonkeyPatch, reg_id: str, **changes: object) -> None:
    """Make ``spec_engine.rules.ruleset`` return a changed rule set for one regulation."""
    original = spec_engine.rules.ruleset
    changed = original(reg_id).with_values(**changes)

    def patched(wanted: str) -> RuleSet:
        return changed if wanted.upper() == reg_id else original(wanted)

    monkeypatch.setattr(spec_engine.rules, "ruleset", patched)


def _section(page: str, slug: str) -> str:
    start = page.index(f"{{#{slug}}}")
    end = page.find("\n## ", start)
    return page[start : end if end >= 0 else None]


def _row(section: str, reg_id: str) -> list[str]:
    name = ruleset(reg_id).name
    line = next(line for line in section.splitlines() if line.startswith(f"| {name} |"))
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]]


@pytest.fixture(scope="module")
def worked() -> str:
    return worked_hands_page()


@pytest.fixture(scope="module")
def onboarding() -> dict[str, str]:
    return {reg_id: onboarding_page(reg_id) for reg_id in REGULATION_IDS}


# ------------------------------------------------------------------------------ cards


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
def test_every_card_is_a_valid_svg_named_for_the_card(card: Card) -> None:
    code = card.code
    root = ET.fromstring(card_svg(code))
    assert root.tag == f"{SVG}svg"
    assert root.get("aria-label") == card_name(code)
    assert root.findtext(f"{SVG}title") == card_name(code)
    fills = {t.get("fill") for t in root.iter(f"{SVG}text")}
    red = code[1] in "HD"
    assert fills == ({"#b3141b"} if red else {"#1a1a1a"})
    assert all(t.get("font-family") == "sans-serif" for t in root.iter(f"{SVG}text"))
    assert "href" not in card_svg(code) and "url(" not in card_svg(code)  # no external asset


def test_a_hand_lays_its_cards_side_by_side() -> None:
    one = ET.fromstring(hand_svg("AS"))
    three = ET.fromstring(hand_svg(["AS", "TD", "7C"]))
    assert int(three.get("width") or 0) > 2 * int(one.get("width") or 0)
    assert three.get("aria-label") == "ace of spades, ten of diamonds, seven of clubs"
    assert len(three.findall(f"{SVG}g")) == 3
    assert ET.fromstring(hand_svg("AS KH", label='P1 & "friends"')).get("aria-label") == 'P1 & "friends"'
    assert "\n" not in hand_svg("AS KH")  # one line: Markdown keeps it whole


def test_a_bad_card_or_an_empty_hand_is_an_input_error() -> None:
    with pytest.raises(InputError, match="unknown card code"):
        card_svg("1S")
    with pytest.raises(InputError, match="at least one card"):
        hand_svg([])


# ------------------------------------------------------------------------------ worked hands


def test_every_situation_is_played_under_every_regulation(worked: str) -> None:
    for sit in SITUATIONS:
        section = _section(worked, sit.slug)
        for reg_id in REGULATION_IDS:
            cells = _row(section, reg_id)
            header = next(line for line in section.splitlines() if line.startswith("| rule set |"))
            assert len(cells) == header.count("|") - 1, (sit.slug, reg_id, cells)


def test_each_box_and_the_dealer_receive_the_situations_cards(worked: str) -> None:
    for sit in SITUATIONS:
        for reg_id in REGULATION_IDS:
            played = play_situation(sit, reg_id)
            got: dict[int, list[str]] = {}
            for e in played.round.events:
                if e.type in ("card", "dealer_card") and e.card:
                    got.setdefault(e.box or 0, []).append(e.card)
            wanted = {box: codes.split() for box, codes in sit.hands} | {0: sit.dealer.split()}
            for who, cards in got.items():
                assert cards == wanted[who][: len(cards)], (sit.slug, reg_id, who)


def test_links_cite_only_existing_clauses(worked: str, onboarding: dict[str, str]) -> None:
    known = all_clause_ids()
    for name, page in [("the worked hands", worked), *((f"{r}'s onboarding", p) for r, p in onboarding.items())]:
        links = LINK.findall(page)
        assert links, (
            f"{name}: no link to a clause (a rulebook whose rule set cites none yet, every value not stated: "
            "cite the clauses in spec_engine/data/rulesets/<id>.toml)"
        )
        for clause_id, reg, target in links:
            assert clause_id in known
            assert reg == clause_id.split("-", 1)[0].lower()
            assert target == anchor(clause_id)


def test_a_refusal_shows_its_clauses_and_an_assumption_says_so(worked: str) -> None:
    section = _section(worked, "double-12-soft")
    cl = _row(section, "CL")
    assert "**double: refused**, doubling is allowed only on 9, 10, 11, not on 12" in cl[2]
    assert "[CL-13a.1](cl.md#cl-13a-1)" in cl[2]
    assert cl[-2:] == ["-10", "-10"]
    es = _row(section, "ES")
    assert "refused" in es[2] and "not stated: assumed" in es[2]
    for reg_id in ("UY", "CZ", "IT"):
        row = _row(section, reg_id)
        assert "refused" not in row[2]
        assert row[-2:] == ["+20", "+20"]


def test_the_uruguayan_split_aces_play_on(worked: str) -> None:
    section = _section(worked, "split-aces")
    assert "A♥ A♣ 9♠ = 21" in _row(section, "UY")[3]
    assert "split aces may not be split again" in _row(section, "IT")[2]


def test_the_page_follows_a_changed_rule_value(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch(monkeypatch, "CL", double_totals=None)
    section = _section(worked_hands_page(), "double-12-soft")
    cl = _row(section, "CL")
    assert "refused" not in cl[2]
    assert "box 1: double" in cl[2] and "box 2: double" in cl[2]
    assert "Double down on: *any two cards* (*not stated: assumed*)" in cl[1]
    assert cl[-2:] == ["+20", "+20"]


def test_a_changed_settlement_rule_changes_the_money(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch(monkeypatch, "IT", dealer_blackjack_takes="original_stakes")
    section = _section(worked_hands_page(), "dealer-blackjack")
    assert _row(section, "IT")[-2:] == ["-10", "-10"]
    assert _row(section, "CZ")[-2:] == ["-20", "-20"]


# ------------------------------------------------------------------------------ onboarding


def test_onboarding_quotes_the_call_in_the_texts_own_words(onboarding: dict[str, str]) -> None:
    assert "“NO VA MAS”" in onboarding["UY"]
    assert "“konec sázení, děkuji vám”" in onboarding["CZ"]
    assert "Call “NO VA MAS”." in onboarding["UY"]  # the example round calls it too
    for reg_id in ("CL", "ES", "IT"):
        assert "No call closing the bets is prescribed." in onboarding[reg_id]


def test_onboarding_covers_every_rule_and_marks_every_assumption(onboarding: dict[str, str]) -> None:
    marker = "*Where the text is silent, the engine assumes:*"
    line = re.compile(r"^- .*<small>\(\[[^\]]*\]\(rules\.md#rule-(\w+)\)\)</small>$", flags=re.M)
    for reg_id, page in onboarding.items():
        rules = ruleset(reg_id)
        lines: dict[str, tuple[str, bool]] = {}
        for step in page.split("\n## ")[1:]:
            said, _, assumed = step.partition(marker)
            lines |= {m.group(1): (m.group(0), False) for m in line.finditer(said)}
            lines |= {m.group(1): (m.group(0), True) for m in line.finditer(assumed)}
        # the cut card is placed per participant, a fixed number from the end or at a share of the cards
        either = {"cut_card_per_participant", "cut_card_from_end", "cut_card_share"}
        assert set(rules.citations) - either <= set(lines), reg_id
        assert lines.keys() & either
        for name, (text, assumed) in lines.items():
            assert assumed == rules.citations[name].assumed, (reg_id, name)
            assert assumed or "](" in text.split("<small>([")[0]  # the regulation's word comes with its clauses


def test_onboarding_explains_the_sides(onboarding: dict[str, str]) -> None:
    assert "Deal from your right (the highest box) towards your left" in onboarding["CL"]
    assert "Deal from your left (box 1) towards your right" in onboarding["UY"]
    assert "Settle the boxes from your right" in onboarding["ES"]


def test_onboarding_example_is_the_engines_log(onboarding: dict[str, str]) -> None:
    steps = re.findall(r"^(\d+)\. (.*)$", onboarding["CZ"], flags=re.M)
    assert [int(n) for n, _ in steps] == list(range(1, len(steps) + 1))
    said = [s for _, s in steps]
    assert said[0] == "Shuffle the 312 cards."
    assert len([s for s in said if s.startswith("Burn")]) == ruleset("CZ").burn_after_shuffle
    assert "Pay P2 on box 2: 30 (blackjack)." in said
    assert said[-1].startswith("Clear the table")


def test_onboarding_follows_a_changed_rule_value(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch(monkeypatch, "IT", deal_order="descending", no_more_bets_call="Rien ne va plus")
    page = onboarding_page("IT")
    assert "Deal from your right (the highest box) towards your left" in page
    assert "Call “Rien ne va plus”." in page
    assert "Deal A♥ to box 2." in page.split("Deal 9♠ to box 1.")[0]


def test_the_example_is_a_numbered_list_of_its_own() -> None:
    markdown = pytest.importorskip("markdown")
    html = markdown.markdown(onboarding_page("UY"), extensions=["tables", "attr_list", "toc"])
    example = html[html.index('id="uy-example"') :]
    assert "<ol>\n<li>Shuffle the 260 cards.</li>" in example


def test_quotes_on_the_onboarding_pages_carry_their_language() -> None:
    assert '{: lang="cs" }' in onboarding_page("CZ")
    assert '{: lang="es" }' in onboarding_page("UY")
