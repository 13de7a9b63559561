"""The site in four languages: the messages API (``spec_engine.i18n``), the catalogs' gate
(``tools/i18n.py check``, which ``make site`` runs), the units declared translated, the same
judgement in every language, and the detector of English sentences on translated pages."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog

from spec_engine import i18n
from spec_engine.catalog import REGULATION_IDS
from spec_engine.errors import InputError
from spec_engine.i18n import LANGUAGES, TRANSLATED, _, language, ngettext, pgettext
from spec_engine.pages import site
from tests.english import english_sentences
from tests.util import load_tool

ROOT = Path(__file__).resolve().parents[1]
tool = load_tool("i18n", "i18n_tool")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The real catalogs compiled into a folder of the test's own; the engine reads them there."""
    locale = tmp_path_factory.mktemp("locale")
    tool.compile_catalogs(locale, locale / "js")
    saved = i18n.LOCALE
    i18n.LOCALE = locale
    i18n.catalog.cache_clear()
    yield locale
    i18n.LOCALE = saved
    i18n.catalog.cache_clear()


# ----------------------------------------------------------------------------- the API
def test_english_is_the_message_itself_with_its_values() -> None:
    assert _("Deal one card to each box") == "Deal one card to each box"
    assert _("{count} left", count=3) == "3 left"
    assert ngettext("{n} card", "{n} cards", 1, n=1) == "1 card"
    assert ngettext("{n} card", "{n} cards", 2, n=2) == "2 cards"
    assert pgettext("nav", "Home") == "Home"


def test_a_language_speaks_in_the_words_of_the_rulebook(compiled: Path) -> None:
    message = "doubling is allowed only on {allowed}, not on {total}"
    with language("es", rulebook="UY"):
        assert i18n.active() == "es" and i18n.rulebook() == "UY"
        assert _(message, allowed="9, 10, 11", total=12) == "solo se puede doblar con 9, 10, 11, no con 12"
        with language("cs"):
            assert _(message, allowed="9, 10, 11", total=12) == "zdvojnásobit lze jen při součtu 9, 10, 11, ne při 12"
        assert i18n.active() == "es"  # the inner block ended: its language with it
    assert i18n.active() == "en" and i18n.rulebook() is None
    with language("es"):
        trainees = _(
            "*Trainee dealers and their trainers*: choose your rulebook, read its onboarding (the round step by "
            "step, with what the dealer says and the mistakes the text foresees), then deal rounds in "
            "*Practise dealing*, each step judged against its rules:"
        )
        assert "crupieres" in trainees and "el crupier" in trainees and "{" not in trainees


def test_czech_has_three_plural_forms(compiled: Path) -> None:
    message = ("This glossary holds {count} concept.", "This glossary holds {count} concepts.")
    with language("cs"):
        said = [ngettext(*message, n, count=n) for n in (1, 3, 17)]
    assert said == [
        "Tento slovník obsahuje 1 pojem.",
        "Tento slovník obsahuje 3 pojmy.",
        "Tento slovník obsahuje 17 pojmů.",
    ]


def test_a_missing_catalog_is_an_error_never_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    i18n.catalog.cache_clear()
    try:
        with pytest.raises(i18n.CatalogMissing, match=r"tools/i18n\.py compile"), language("es"):
            pass
    finally:
        i18n.catalog.cache_clear()
    with pytest.raises(InputError, match=r"'fr' is not one of en, es, cs, it"), language("fr"):
        pass


def test_a_translation_that_reads_as_its_english_is_a_translation(compiled: Path) -> None:
    """Spanish "no" is "no": a page keeps it as Spanish, not marked English; a message the
    catalog lacks is no translation."""
    assert i18n.translates("es", "no") and i18n.translates("en", "anything at all")
    assert not i18n.translates("es", "a sentence no catalog holds")


def test_a_placeholder_nothing_fills_is_named() -> None:
    with pytest.raises(InputError, match=r"placeholder \{box\} has no value"):
        _("each {box}")


# ----------------------------------------------------------------------------- the gate
def test_the_gate_passes_and_the_template_is_what_the_sources_say() -> None:
    """``make site``'s gate on the real catalogs; a template older than the sources fails it
    (run ``python tools/i18n.py extract``, then ``update``)."""
    assert tool.problems(complete=True) == []


def test_a_message_inside_an_f_string_is_extracted(tmp_path: Path) -> None:
    """Babel's Python extractor reads an f-string as one token (Python 3.11): the messages called
    inside one are found by the tool's own pass (the matrix's filter label went untranslated)."""
    source = tmp_path / "page.py"
    source.write_text(
        "label = f'<label>{_(\"only rows where the texts differ\")}</label>'\n"
        'count = f\'{ngettext("{n} card", "{n} cards", n)} and {pgettext("nav", "Home")}\'\n'
        "kept = f'{_(name)}'\n",
        encoding="utf-8",
    )
    assert sorted(tool.extract_fstrings(source), key=str) == [
        (1, "only rows where the texts differ", None),
        (2, "Home", "nav"),
        (2, ("{n} card", "{n} cards"), None),
    ]


def _catalog(code: str, entries: list[tuple[Any, Any, list[str]]]) -> Catalog:
    out = Catalog(locale=code, domain="messages")
    for ident, string, flags in entries:
        out.add(ident, string, flags=flags)
    return out


def _template(entries: list[tuple[Any, str]]) -> Catalog:
    out = Catalog(domain="messages")
    for ident, where in entries:
        out.add(ident, locations=[(where, 1)])
    return out


DECLARED = "spec_engine/pages/home.py"
PENDING = "spec_engine/pages/cost.py"


def test_the_gate_bites_on_each_fault_of_a_declared_message() -> None:
    template = _template(
        [
            ("Deal a round", DECLARED),
            ("Burn the card", DECLARED),
            (("{count} card", "{count} cards"), DECLARED),
            ("Each {player} bets", DECLARED),
            ("Pay {amount}", DECLARED),
            ("Not yet", PENDING),
            ("Gone", DECLARED),
        ]
    )
    catalog = _catalog(
        "cs",
        [
            ("Deal a round", "", []),  # untranslated
            ("Burn the card", "Spalte kartu", ["fuzzy"]),  # fuzzy
            (("{count} card", "{count} cards"), ("{count} karta", "{count} karty", ""), []),  # a plural form short
            ("Each {player} bets", "Každý {player} sází na {box_gen}", []),  # glossary forms: allowed
            ("Pay {amount}", "Vyplaťte {sum}", []),  # a placeholder the message does not have
            ("Not yet", "", []),  # a unit not declared translated: allowed
            ("Old one", "Starý", []),  # no longer in the template
        ],
    )
    found = tool._language_problems("cs", catalog, template, [DECLARED])
    said = "\n".join(found)
    assert "'Deal a round' is not translated" in said
    assert "'Burn the card' is fuzzy" in said
    assert "'{count} card' needs its 3 plural forms" in said
    assert "{sum} is neither the message's nor a glossary form" in said
    assert "'Gone' is missing" in said
    assert "'Old one' is no longer a message" in said
    assert "Each {player}" not in said and "Not yet" not in said
    assert len(found) == 6, found
    # make site's gate (complete=False): what the declared pages need, nothing of the leftovers
    template.add("New and pending", locations=[(PENDING, 1)])
    build = "\n".join(tool._language_problems("cs", catalog, template, [DECLARED], complete=False))
    assert "'Gone' is missing" in build and "'Deal a round' is not translated" in build
    assert "Old one" not in build and "New and pending" not in build


def test_a_wrong_placeholder_fails_even_where_nothing_is_declared() -> None:
    template = _template([("Pay {amount}", PENDING)])
    catalog = _catalog("es", [("Pay {amount}", "Pague {importe}", [])])
    assert tool._language_problems("es", catalog, template, [DECLARED]) == [
        "es: 'Pay {amount}': {importe} is neither the message's nor a glossary form"
    ]


def test_a_data_key_narrows_a_declared_toml_file() -> None:
    message = tool.extract_catalog().get("Uruguay, DGC")
    assert message is not None and "toml: names.short UY" in message.auto_comments
    assert tool.declared(message, ["spec_engine/data/regulations.toml#names.short"])
    assert not tool.declared(message, ["spec_engine/data/regulations.toml#names.long"])


def test_the_widgets_catalog_is_compiled_from_the_same_po(compiled: Path) -> None:
    script = (compiled / "js" / "es.js").read_text(encoding="utf-8")
    body = json.loads(script.removeprefix("window.BJ_CATALOG = ").rstrip().rstrip(";"))
    assert body["lang"] == "es" and "n == 1" in body["plural"]
    assert body["messages"]["Loading Python (Pyodide, about 13 MB the first time)…"].startswith("Cargando Python")
    assert "Home" not in body["messages"]  # only the widgets' own messages


# ----------------------------------------------------------------------------- declared units
ISSUE_PAGES = {
    "index.md",
    "generated/glossary.md",
    "generated/practice.md",
    "generated/play.md",
    "generated/rules.md",
    "generated/rules.csv",
    "generated/rules.pdf",
    "generated/cost.md",
    "generated/pairs.md",
    "generated/strategy.md",
    *(f"generated/{r.lower()}.md" for r in REGULATION_IDS),
    *(f"generated/onboarding-{r.lower()}.md" for r in REGULATION_IDS),
}
"""The pages the issue asks for in every language."""


def test_every_page_of_the_issue_is_in_a_unit_and_every_translated_unit_is_generated() -> None:
    from spec_engine.pages.build import LOCALIZED

    pages = {page for unit in site.units() for page in unit.pages}
    assert pages == ISSUE_PAGES
    assert set(site.translated_pages()) <= set(LOCALIZED)
    for page in ("labs.md", "protocol.md", "contributing.md", "architecture.md", "generated/scenarios/uy-core.md"):
        assert site.english_only(page) and page not in pages
    pending = sorted(unit.name for unit in site.units() if not unit.translated)
    # what the wrapping phase still owes (issue 30): it shrinks to nothing
    assert pending == []


def test_the_site_config_lists_the_languages_of_the_one_list() -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = text.split("- i18n:", 1)[1].split("\nhooks:", 1)[0]
    assert re.findall(r"locale: (\w+)", block) == list(LANGUAGES)
    assert re.findall(r"name: (.+)", block) == [i18n.NAMES[code] for code in LANGUAGES]


# ----------------------------------------------------------------------------- same judgement
_TEXT = re.compile(r"[^\W\d_]{3,}\s+[^\W\d_]{2,}")
_WORDS = {"name", "prompt", "label", "doc", "note", "text", "gist", "words"}
"""The keys whose values are said in the reader's language (a rulebook's name, a question, a
choice's label, a rule's meaning and note, a clause's words and gist, the glossary's words)."""
_AMOUNT = re.compile(r"[+-]?\d+(\.\d+)?")


def _judgement(value: Any, key: str = "") -> Any:
    """What a round judges, without its words: kinds, choices' values, cards, amounts and
    totals, rule fields and their bases, clause ids, verdicts."""
    if isinstance(value, dict):  # (a rule's value is words too: "yes", "sí")
        return {
            k: "<words>"
            if k in _WORDS or k.endswith("_lang") or (k == "value" and "field" in value)
            else _judgement(v, k)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_judgement(v, key) for v in value]
    if isinstance(value, str) and (
        _TEXT.search(value) or (key.endswith("total") and value and not _AMOUNT.fullmatch(value))
    ):
        return "<words>"  # ("soft 17", "17 blando")
    return value


def _chosen(question: dict[str, Any], verdict: dict[str, Any]) -> dict[str, Any]:
    """The verdict with its answers named by the choices' values (a label is words)."""
    values = {c["label"]: c["value"] for c in question["choices"]}
    return {
        **verdict,
        "given": values.get(verdict["given"], verdict["given"]),
        "right": values.get(verdict["right"], verdict["right"]),
    }


@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_practice_asks_the_same_questions_in_every_language(compiled: Path, reg: str) -> None:
    from spec_engine import practice

    rounds = {}
    for code in LANGUAGES:
        with language(code, rulebook=reg):
            asked = json.loads(practice.round_json(reg, 7))
            verdicts = [
                _chosen(
                    q, json.loads(practice.answer_json(reg, 7, i, q["choices"][0]["value"] if q["choices"] else "0"))
                )
                for i, q in enumerate(asked["questions"])
            ]
        rounds[code] = _judgement({"asked": asked, "verdicts": verdicts})
    assert any(v["correct"] for v in rounds["en"]["verdicts"]) and not all(
        v["correct"] for v in rounds["en"]["verdicts"]
    )
    for code in TRANSLATED:
        assert rounds[code] == rounds["en"], code


# ----------------------------------------------------------------------------- English sentences
def test_the_detector_finds_an_english_sentence_and_spares_what_is_marked() -> None:
    page = (
        '<html lang="es"><body><header>Search the site</header><article>'
        "<p>Reparta una carta a cada casillero.</p>"
        "<p>Deal one card to each box, then check the total.</p>"
        '<blockquote lang="en"><p>This is left in English on purpose.</p></blockquote>'
        '<p><code>the value of the field is a list</code> y <q lang="it">il giocatore</q>.</p>'
        "<p>El jugador UY-43.2 recibe AS y TD.</p>"
        "</article></body></html>"
    )
    assert english_sentences(page, "es") == ["Deal one card to each box, then check the total."]
    # Czech "a" (and), "to" (it), "on" (he) are Czech words, not English ones
    assert english_sentences("<body><p>Hráč to ví a on rozdá kartu do boxu.</p></body>", "cs") == []


_ONBOARDING_WORDS = {
    ("es", "CL"): ("casilla", "banquero", "jugada", "barajas"),
    ("es", "ES"): ("casilla", "crupier"),
    ("es", "UY"): ("casillero", "pagador", "ronda", "mazos", "Baraje"),
    ("cs", "CZ"): ("box", "boxu", "rozdávající", "kolo", "balíčků"),
    ("it", "IT"): ("casella", "croupier", "mano"),
}
"""The trade's words each rulebook's own text uses, in the language it is written in (the
glossary's forms): its onboarding page in that language says them."""


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("reg", REGULATION_IDS)
def test_an_onboarding_page_speaks_its_language_in_its_rulebooks_words(compiled: Path, code: str, reg: str) -> None:
    """Each rulebook's onboarding as its generator writes it in each language, rendered as the
    site renders its Markdown: no English sentence but what is marked (the clause quotes keep
    their language; the words other units translate, still English, keep ``lang="en"``), no
    placeholder left, and the words of the rulebook's text where the page speaks its language."""
    import markdown

    from spec_engine.pages.onboarding import onboarding_page

    with language(code):
        page = onboarding_page(reg)
    assert not re.search(r"\{[a-z_]+\}", page)
    body = markdown.markdown(page.split("---", 2)[2], extensions=["attr_list", "md_in_html"])
    assert english_sentences(f'<html lang="{code}"><body>{body}</body></html>', code) == []
    for word in _ONBOARDING_WORDS.get((code, reg), ()):
        assert re.search(rf"\b{word}\b", page), word
    # the detector bites on the same page in English
    english = markdown.markdown(onboarding_page(reg).split("---", 2)[2], extensions=["attr_list", "md_in_html"])
    assert len(english_sentences(f"<body>{english}</body>", code)) > 20


def test_a_translated_page_in_the_built_site_shows_no_english_sentence() -> None:
    """Every page declared translated, as built (``make site``), in Spanish, Czech and Italian."""
    site_dir = ROOT / "site"
    if not (site_dir / "es" / "index.html").is_file():
        pytest.fail("site/es/index.html is missing: run make site first", pytrace=False)
    found = {}
    for code in TRANSLATED:
        for page in (p for p in site.translated_pages() if p.endswith(".md")):  # (not the downloads)
            built = site_dir / code / page.replace(".md", ".html")
            sentences = english_sentences(built.read_text(encoding="utf-8"), code)
            if sentences:
                found[f"{code}/{page}"] = sentences
    assert not found, found
    # and the detector bites on a built page: the English one, read as if it were Spanish
    english = (site_dir / "generated" / "rules.html").read_text(encoding="utf-8")
    assert len(english_sentences(english.replace('lang="en"', 'lang="es"'), "es")) > 5


# ------------------------------------------------------------------------------ a new text's messages for review
def test_review_copies_the_datas_untranslated_messages_marked_and_an_update_keeps_the_marks(tmp_path: Path) -> None:
    """``tools/i18n.py review`` (contributing, step 3): a note of the data that a language has not
    translated gets the English, marked TO REVIEW; a message of the code, or one translated, is
    left alone; the mark is a translator's comment, which ``update`` keeps (it replaces the
    extracted ``#.`` comments with the template's), so ``review_marks`` still lists it after."""
    from spec_engine.kit.scaffold import catalog_entries, review_marks

    note = "The text says nothing of it; the default is assumed."
    template = Catalog(domain="messages")
    template.add(note, locations=[("spec_engine/data/rulesets/zz.toml", 0)], auto_comments=["toml: rules.x.note"])
    template.add("Deal.", locations=[("spec_engine/game.py", 0)])
    template.add("Stand.", locations=[("spec_engine/data/clauses/zz.toml", 0)])
    template.add(("{n} box", "{n} boxes"), locations=[("spec_engine/data/clauses/zz.toml", 0)])
    locale = tmp_path / "spec_engine" / "locale"
    for code in TRANSLATED:
        catalog = Catalog(locale=code, domain="messages")
        catalog.update(template)
        catalog["Stand."].string = f"translated into {code}"
        path = locale / code / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True)
        path.write_bytes(tool._po_text(catalog))
    assert catalog_entries(tmp_path, "zz", ["Named by new-regulation."])  # as the scaffold copies names
    template.add("Named by new-regulation.", locations=[("spec_engine/data/clauses/zz.toml", 0)])  # (extracted now)
    assert tool.review_catalogs(locale) == dict.fromkeys(TRANSLATED, 2)  # the note and the plural
    assert tool.review_catalogs(locale) == dict.fromkeys(TRANSLATED, 0)  # (done once)
    for code in TRANSLATED:
        path = locale / code / "LC_MESSAGES" / "messages.po"
        catalog = tool._read(path, code)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)  # as update does
        path.write_bytes(tool._po_text(catalog))
        catalog = tool._read(path, code)
        assert catalog[note].string == note and catalog[note].user_comments == [tool.REVIEW_COMMENT]
        assert catalog["{n} box"].string == ("{n} box", *["{n} boxes"] * (catalog.num_plurals - 1))
        assert catalog["Deal."].string == "" and catalog["Stand."].string == f"translated into {code}"
        named = catalog["Named by new-regulation."]
        assert named.user_comments == ["TO REVIEW: copied by new-regulation, to translate"]
    marks = review_marks(tmp_path)
    assert len(marks) == 3 * len(TRANSLATED), marks  # the note, the plural, the name: in every language
    assert all("TO REVIEW" in mark for mark in marks)
