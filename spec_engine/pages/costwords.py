"""How the cost pages write what is not a sentence, in the active language: numbers (a decimal
comma in Spanish, Czech and Italian, each language's group separator and percent sign), lists
(a message per pattern, so that a language may say them otherwise), the pages' date line.

The figures are formatted in English first (``f"{value:+.3f}"``, the digits every page and the
command line show) and only their symbols are then changed: a translated page shows exactly the
digits of the English one, ``-0.412 %`` becoming ``-0,412 %`` (Spanish, Czech: a no-break space
before the percent sign) or ``-0,412%`` (Italian), as each language's Unicode CLDR data has it
(Babel's, the site's tools). The minus sign is U+2212 in every language (written ``-`` here).

A rule's name and a value's words are another unit's messages (``pages/labels.py``,
``spec_engine/words.py``): :func:`rule_label` and :func:`rule_words` (:func:`kept`) say them in the active
language where the catalog has them, and otherwise keep the English marked ``lang="en"`` (a
sentinel pair that :func:`finish` turns into a ``<span lang="en">`` once the page is whole, and
drops inside an attribute), so that a page never passes English off as its language's prose.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Sequence
from functools import cache

from babel import Locale
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

from spec_engine.i18n import N_, SOURCE, active, catalog, language, ngettext, pgettext, translates
from spec_engine.kit.conform import git_revision, suite_info
from spec_engine.pages.labels import ASSUMED_MARK, label, words

MINUS = "\u2212"
ASSUMED_LEGEND = N_("* a value its text does not state: the engine assumes it (the rule set says why)")
"""The legend of the mark of an assumed value, as :data:`spec_engine.pages.labels.ASSUMED_LEGEND`
says it (the same message: marked here for the catalog while that module is not translated)."""
_OPEN, _CLOSE = "\ue000", "\ue001"
"""Around English kept on a translated page (private-use characters: no escaping touches them)."""
_ATTRIBUTE = re.compile(r'="[^"]*"')
_LETTER = re.compile(r"[^\W\d_]")


def kept(said: Callable[[], str]) -> str:
    """What ``said`` says (another unit's words) in the active language: as it comes where that
    unit already answers in this language or where it is no words (a number); else its English
    translated by the catalog where the catalog has it; else the English, marked for
    :func:`finish` (English: as it comes)."""
    shown = said()
    code = active()
    if code == SOURCE or not _LETTER.search(shown):
        return shown
    with language(SOURCE):
        english = said()
    if shown != english:
        return shown
    return catalog(code).gettext(english) if translates(code, english) else _OPEN + english + _CLOSE


def rule_label(field: str) -> str:
    """The trade's name of a rule (:func:`spec_engine.pages.labels.label`), see :func:`kept`."""
    return kept(lambda: label(field))


def rule_words(field: str, value: object) -> str:
    """A rule value in the trade's words (:func:`spec_engine.words.words`), see :func:`kept`."""
    return kept(lambda: words(field, value))


def rule_marked(field: str, value: object, assumed: bool) -> str:
    """:func:`rule_words` with the mark of a value its text does not state."""
    return rule_words(field, value) + (ASSUMED_MARK if assumed else "")


def finish(page: str) -> str:
    """A whole page with its English marked: ``<span lang="en">`` around each kept phrase, the
    marks dropped inside attributes (a title, an aria-label: no element there)."""
    if _OPEN not in page:
        return page
    page = _ATTRIBUTE.sub(lambda m: m.group(0).replace(_OPEN, "").replace(_CLOSE, ""), page)
    return page.replace(_OPEN, '<span lang="en">').replace(_CLOSE, "</span>")


@cache
def _symbols(code: str) -> tuple[str, str, str]:
    """The decimal symbol, the group symbol and what follows a number as a percentage (the
    language's percent pattern after its last digit: ``"\u00a0%"``, ``"%"``)."""
    pattern = Locale.parse(code).percent_formats[None].pattern
    return get_decimal_symbol(code), get_group_symbol(code), pattern[pattern.rindex("0") + 1 :]


def local(english: str) -> str:
    """A number written the English way (``1,234.5``, ``+0.412``) in the active language's
    symbols (English: the number as given)."""
    code = active()
    if code == SOURCE:
        return english
    decimal, group, _ = _symbols(code)
    return english.translate({ord("."): decimal, ord(","): group})


def number(value: float, digits: int, *, sign: bool = False) -> str:
    """``value`` with ``digits`` places, its minus U+2212, signed (``+``, U+2212) where ``sign``."""
    return local(f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}").replace("-", MINUS)


def percent(figure: str) -> str:
    """A number already written (:func:`number`) as a percentage: ``-0.412 %`` in English (the
    site's way), in the active language's way otherwise."""
    code = active()
    return f"{figure} %" if code == SOURCE else figure + _symbols(code)[2]


def integer(value: int) -> str:
    """A count with the active language's grouping: ``10,000,000``, ``10.000.000``."""
    code = active()
    return f"{value:,}" if code == SOURCE else format_decimal(value, locale=code)


def enumeration(items: Sequence[str], *, semicolons: bool = False) -> str:
    """Items as a list after a colon or in brackets, without a conjunction ("A, B, C"; with
    ``semicolons``, "A; B; C" for items that hold commas): each step a message of the catalog."""
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = (
            pgettext("list", "{items}; {item}", items=out, item=item)
            if semicolons
            else pgettext("list", "{items}, {item}", items=out, item=item)
        )
    return out


def as_of() -> str:
    """The sentence that says which suite, revision and day a page was made from: what a
    reader cites (:func:`spec_engine.pages.matrix.as_of`'s facts, as one whole message)."""
    suite = suite_info()
    revision = git_revision()
    count = int(suite["features"])
    values = {
        "version": suite["version"],
        "count": integer(count),
        "day": datetime.datetime.now(datetime.UTC).date().isoformat(),
    }
    if not revision:
        return ngettext(
            "As of suite {version} ({count} feature file), no git revision, built {day}.",
            "As of suite {version} ({count} feature files), no git revision, built {day}.",
            count,
            **values,
        )
    return ngettext(
        "As of suite {version} ({count} feature file), revision {revision}, built {day}.",
        "As of suite {version} ({count} feature files), revision {revision}, built {day}.",
        count,
        revision=revision[:12],
        **values,
    )
