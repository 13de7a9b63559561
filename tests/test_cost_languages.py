"""What the rules cost, basic strategy and the cost between two rulebooks in Spanish, Czech and
Italian: no English sentence, the English digits in each language's symbols, each chart in its
rulebook's words, another unit's words kept English only where marked so."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import markdown
import pytest

from spec_engine.i18n import TRANSLATED, _, language
from spec_engine.pages.cost import cost_page, strategy_page
from spec_engine.pages.costwords import finish, kept
from spec_engine.pages.pairs import pairs_page
from spec_engine.rules import RuleSet, ruleset
from tests.english import english_sentences
from tests.test_i18n import compiled  # noqa: F401  (the fixture: the real catalogs, compiled)

PAGES: dict[str, Callable[[list[RuleSet]], str]] = {"cost": cost_page, "strategy": strategy_page, "pairs": pairs_page}


def _html(page: str) -> str:
    """The page as the site renders its Markdown (the front matter left out)."""
    body = page.split("---\n", 2)[2] if page.startswith("---\n") else page
    return "<body>" + markdown.markdown(body, extensions=["tables", "attr_list", "md_in_html"]) + "</body>"


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("code", TRANSLATED)
def test_each_page_has_no_english_sentence_in_each_language(compiled: Path, code: str, name: str) -> None:  # noqa: F811
    sets = [ruleset("UY"), ruleset("CZ"), ruleset("IT")]
    with language(code):
        page = PAGES[name](sets)
    assert english_sentences(_html(page), code) == []
    assert "\ue000" not in page and "\ue001" not in page


def test_a_translated_page_shows_the_english_digits_in_its_language_s_symbols(compiled: Path) -> None:  # noqa: F811
    sets = [ruleset("UY")]
    english = cost_page(sets)
    figure = re.search(r"<td>(\u2212\d\.\d{3}) %</td>", english)
    assert figure is not None
    digits = figure.group(1)
    with language("es"):
        assert f"<td>{digits.replace('.', ',')}\u00a0%</td>" in cost_page(sets)
    with language("it"):
        assert f"<td>{digits.replace('.', ',')}%</td>" in cost_page(sets)


def test_each_chart_says_the_actions_in_its_rulebook_s_words(compiled: Path) -> None:  # noqa: F811
    with language("es"):
        page = strategy_page([ruleset("UY"), ruleset("ES")])
    uy, es = page.split("\n## ")[1:]
    assert re.search(r'title="par 8-8 frente a \w+: abrirse', uy)  # UY-: "abrirse"
    assert re.search(r'title="par 8-8 frente a \w+: dividir el par', es)
    assert "abrirse" not in es


def test_the_pair_picker_refuses_in_the_page_s_language(compiled: Path) -> None:  # noqa: F811
    with language("cs"):
        page = pairs_page([ruleset("UY"), ruleset("CZ")])
    assert 'data-same="Zvolte dva různé předpisy."' in page
    assert 'data-unknown="Taková dvojice neexistuje."' in page
    assert '<h2 id="uy-cz">Z UY na CZ</h2>' in page


def test_another_unit_s_english_is_kept_marked_and_its_translation_used(compiled: Path) -> None:  # noqa: F811
    with language("es"):
        untranslated = kept(lambda: "a phrase no catalog holds")
        assert kept(lambda: "Method") == "Método"  # a message of the catalog: translated
        assert kept(lambda: _("Method")) == "Método"  # a unit that answers in Spanish: as it comes
        assert kept(lambda: "12") == "12"  # no words
    page = finish(f'<p title="{untranslated}">{untranslated}</p>')
    assert page == '<p title="a phrase no catalog holds"><span lang="en">a phrase no catalog holds</span></p>'
    assert kept(lambda: "a phrase no catalog holds") == "a phrase no catalog holds"  # English: as it is
