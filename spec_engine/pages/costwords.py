"""How the cost pages write what is not a sentence, in the active language: numbers (a decimal
comma in Spanish, Czech and Italian, each language's group separator and percent sign), lists
(a message per pattern, so that a language may say them otherwise), the pages' date line.

The figures are formatted in English first (``f"{value:+.3f}"``, the digits every page and the
command line show) and only their symbols are then changed: a translated page shows exactly the
digits of the English one, ``-0.412 %`` becoming ``-0,412 %`` (Spanish, Czech: a no-break space
before the percent sign) or ``-0,412%`` (Italian), as each language's Unicode CLDR data has it
(Babel's, the site's tools). The minus sign is U+2212 in every language (written ``-`` here).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from functools import cache

from babel import Locale
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

from spec_engine.i18n import SOURCE, active, ngettext, pgettext
from spec_engine.kit.conform import git_revision, suite_info

MINUS = "\u2212"


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
