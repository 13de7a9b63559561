#!/usr/bin/env python3
"""The message catalogs: extract, update, check, compile (Babel's Python API).

    python tools/i18n.py extract    # the sources -> spec_engine/locale/messages.pot (the template)
    python tools/i18n.py update     # the template -> each language's messages.po (new messages empty)
    python tools/i18n.py check      # the gate: fails on what a translator still owes (make site runs it)
    python tools/i18n.py check-all  # the gate, the template's freshness and the catalogs' leftovers too
    python tools/i18n.py compile    # each .po -> messages.mo (the engine) and javascripts/locale/<code>.js
    python tools/i18n.py review     # the data's untranslated messages copied in English, marked TO REVIEW

One gettext domain. The messages come from:

- the Python sources (``spec_engine/**/*.py``, and ``tools/bj_play.py``, the widgets' side run
  in the page): ``_``, ``ngettext``, ``pgettext``, ``N_`` (:mod:`spec_engine.i18n`), and each rule
  field's meaning (``_rule``, :mod:`spec_engine.rules`);
- the widgets (``docs/javascripts/*.js``): ``bjI18n._``, ``bjI18n.ngettext``, ``bjI18n.pgettext``
  (Babel's JavaScript extractor; ``javascripts/i18n.js`` is their side);
- the data readers see, by a TOML extractor (:func:`spec_engine.i18n.data_messages`): each regulation's name, short
  name and description, where each text comes from (its provenance) and each clause's gist and
  reading (``data/clauses/*.toml``), each exempt clause's reason (``data/exemptions.toml``), why
  each clause not modelled is not (``data/not_modelled.toml``), each rule value's note
  (``data/rulesets/*.toml``), each concept's description and notes
  (``data/glossary.toml``); the template's comment ``toml: <key>`` names the entry;
- the navigation's titles (``mkdocs.yml``, context ``nav``).

The template is written without line numbers (a message moves with the code; the check compares
the messages and their files). ``check`` (the gate ``make site`` runs) fails, naming each message
and language, on: for every message of the units declared translated
(``spec_engine/data/translation.toml``), a translation that is missing or fuzzy, a plural entry
without each of the language's forms; for every translation, a placeholder that is neither its
message's nor a form of the glossary in that language; a glossary term its clauses do not
contain. ``check-all`` (``tests/test_i18n.py``) adds: a template that differs from what the
sources say now (run ``extract``), a catalog that lacks a message of the template or keeps one
it no longer has (run ``update``).

``review`` is for a new text's contributor (``docs/contributing.md``, step 3): after ``extract``
and ``update``, every message of the data (``spec_engine/data/``: a note, a reason, a gist) that
a language has not translated gets the English as it is, with a translator's comment ``# TO
REVIEW`` (which ``update`` keeps), so that ``make site`` builds and ``make check REG=XX`` lists
each one for a translator (:func:`spec_engine.kit.scaffold.review_marks`). The code's messages
are never copied: the engineers translate them.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import io
import json
import re
import string
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spec_engine import glossary  # noqa: E402
from spec_engine.catalog import clause_text  # noqa: E402
from spec_engine.i18n import DOMAIN, LOCALE, TRANSLATED, catalog_path, data_messages, line_of  # noqa: E402
from spec_engine.kit.copied import REVIEW  # noqa: E402

TEMPLATE = LOCALE / f"{DOMAIN}.pot"
JS_CATALOGS = ROOT / "docs" / "javascripts" / "locale"
DECLARED = ROOT / "spec_engine" / "data" / "translation.toml"
KEYWORDS: dict[str, dict[str, Any]] = {
    # (_rule: a rule field's meaning, spec_engine/rules.py, which the practice explains in the reader's language)
    "python": {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "_rule": None},
    "javascript": {"bjI18n._": None, "bjI18n.ngettext": (1, 2), "bjI18n.pgettext": ((1, "c"), 2)},
}
SOURCES = {
    "python": ["spec_engine/**/*.py", "tools/bj_play.py"],
    "javascript": ["docs/javascripts/*.js"],
    "toml": [
        "spec_engine/data/regulations.toml",
        "spec_engine/data/clauses/*.toml",
        "spec_engine/data/exemptions.toml",
        "spec_engine/data/not_modelled.toml",
        "spec_engine/data/rulesets/*.toml",
        "spec_engine/data/glossary.toml",
    ],
    "nav": ["mkdocs.yml"],
}


# ----------------------------------------------------------------------------- extraction
def _nav_titles(nav: Any) -> Iterator[str]:
    for item in nav or []:
        if isinstance(item, dict):
            for title, children in item.items():
                yield title
                if isinstance(children, list):
                    yield from _nav_titles(children)


def extract_nav(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    nav = re.search(r"^nav:\n(?:[ #].*\n?)*", text, re.M)
    for title in _nav_titles(_yaml_nav(nav.group(0) if nav else "")):
        yield line_of(text, f"{title}:"), title


def _yaml_nav(block: str) -> Any:
    import yaml  # MkDocs' own YAML reader (the docs tools)

    return (yaml.safe_load(block) or {}).get("nav", [])


def _files(patterns: list[str]) -> list[Path]:
    found: set[Path] = set()
    for pattern in patterns:
        found.update(p for p in ROOT.glob(pattern) if p.is_file() and "__pycache__" not in p.parts)
    return sorted(found)


def extract_fstrings(path: Path) -> Iterator[tuple[int, str | tuple[str, str], str | None]]:
    """The messages called inside f-strings (``f"<b>{_('rule')}</b>"``), which Babel's Python
    extractor does not see on Python 3.11 (an f-string is one token there): each call of a keyword
    with literal arguments, as (line, message, context)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        for call in ast.walk(node):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
                continue
            texts = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            name = call.func.id
            if name in ("_", "N_") and len(texts) == 1 == len(call.args):
                yield call.lineno, texts[0], None
            elif (
                name == "ngettext"
                and len(texts) >= 2
                and len(call.args) >= 2
                and texts[:2] == [a.value for a in call.args[:2] if isinstance(a, ast.Constant)]
            ):
                yield call.lineno, (texts[0], texts[1]), None
            elif name == "pgettext" and len(texts) >= 2 and len(call.args) == 2:
                yield call.lineno, texts[1], texts[0]


def extract_catalog() -> Catalog:
    """The template as the sources say it now."""
    out = Catalog(domain=DOMAIN, project="Blackjack Spec", fuzzy=False)
    for method, patterns in SOURCES.items():
        for path in _files(patterns):
            where = path.relative_to(ROOT).as_posix()
            if method in ("python", "javascript"):
                with path.open("rb") as handle:
                    for line, message, comments, context in extract(method, handle, KEYWORDS[method], ("i18n:",), {}):
                        out.add(message, locations=[(where, line)], auto_comments=comments, context=context)
                if method == "python":
                    for line, message, context in extract_fstrings(path):
                        out.add(message, locations=[(where, line)], context=context)
            elif method == "toml":
                for line, message, key in data_messages(path):
                    out.add(message, locations=[(where, line)], auto_comments=[f"toml: {key}"])
            else:
                for line, title in extract_nav(path):
                    out.add(title, locations=[(where, line)], context="nav")
    return out


def _po_text(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, no_location=False, include_lineno=False, sort_output=True)
    return buffer.getvalue()


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract_command() -> str:
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    template = extract_catalog()
    text = _po_text(template)
    if not TEMPLATE.is_file() or _undated(TEMPLATE.read_bytes()) != _undated(text):  # (a clean tree stays clean)
        TEMPLATE.write_bytes(text)
    return f"{len(template)} messages in {TEMPLATE.relative_to(ROOT)}"


def _undated(po_text: bytes) -> bytes:
    """A template's text without its creation date, which every extraction renews."""
    return re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", po_text)


def update_command() -> str:
    template = _read(TEMPLATE)
    for code in TRANSLATED:
        path = po_path(code)
        catalog = _read(path, code) if path.is_file() else Catalog(locale=code, domain=DOMAIN, fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()  # a message the sources no longer say goes (git keeps its history)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_text(catalog))
    return f"{', '.join(TRANSLATED)} updated from {TEMPLATE.relative_to(ROOT)}"


# ----------------------------------------------------------------------------- the gate
def _key(message: Message) -> tuple[str, str]:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context or "", ident)


def _shape(message: Message) -> tuple[Any, ...]:
    """What the gate compares between the template and the sources: the message, its plural,
    its files and its data keys."""
    files = sorted({where for where, _ in message.locations})
    return (message.id, message.context, files, sorted(message.auto_comments))


def declared_sources() -> list[str]:
    units = tomllib.loads(DECLARED.read_text(encoding="utf-8"))["unit"]
    return [source for unit in units if unit["translated"] for source in unit["sources"]]


def declared(message: Message, sources: list[str]) -> bool:
    """Whether a unit declared translated shows ``message``."""
    for source in sources:
        pattern, _, key = source.partition("#")
        for where, _line in message.locations:
            if not fnmatch.fnmatch(where, pattern):
                continue
            if not key or any(c.startswith(f"toml: {key}") for c in message.auto_comments):
                return True
    return False


def placeholders(text: str) -> set[str]:
    """The named fields of a message (``{box}``, ``{count}``); a malformed one raises ValueError."""
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text) if field}


def problems(*, complete: bool = True, catalogs: dict[str, Catalog] | None = None) -> list[str]:
    """What the gate refuses, one line each (see the module's docstring). ``complete=False``
    (``make site``'s gate) asks only what the pages declared translated need: every message they
    show, translated in every language, and every translation's placeholders; the template's
    freshness and the catalogs' leftovers are for the tests (``tests/test_i18n.py``), so that a
    new text (``new-regulation``) builds at once with what remains listed."""
    out: list[str] = []
    fresh = extract_catalog()
    if complete:
        template = _read(TEMPLATE) if TEMPLATE.is_file() else Catalog()
        now = {_key(m): _shape(m) for m in fresh if m.id}
        kept = {_key(m): _shape(m) for m in template if m.id}
        for key in sorted(now.keys() | kept.keys()):
            if now.get(key) != kept.get(key):
                out.append(f"the template is stale (run: python tools/i18n.py extract): {key[1][:70]!r}")
    sources = declared_sources()
    if catalogs is None:
        catalogs = {code: _read(po_path(code), code) for code in TRANSLATED if po_path(code).is_file()}
    for code in TRANSLATED:
        catalog = catalogs.get(code)
        if catalog is None:
            out.append(f"{code}: no catalog {po_path(code).relative_to(ROOT)} (run: python tools/i18n.py update)")
            continue
        out += _language_problems(code, catalog, fresh, sources, complete=complete)
    return out


def _language_problems(
    code: str, catalog: Catalog, template: Catalog, sources: list[str], *, complete: bool = True
) -> list[str]:
    out: list[str] = []
    words = glossary.placeholders(code)
    keys = {_key(m) for m in template if m.id}
    for key in sorted({_key(m) for m in catalog if m.id} - keys) if complete else ():
        out.append(f"{code}: {key[1][:70]!r} is no longer a message (run: python tools/i18n.py update)")
    for message in template:
        if not message.id:
            continue
        ident = message.id if isinstance(message.id, str) else message.id[0]
        found = catalog.get(message.id, context=message.context)
        strict = declared(message, sources)
        if found is None:
            if complete or strict:
                out.append(f"{code}: {ident[:70]!r} is missing (run: python tools/i18n.py update)")
            continue
        strings = [found.string] if isinstance(found.string, str) else list(found.string or ())
        if strict and found.fuzzy:
            out.append(f"{code}: {ident[:70]!r} is fuzzy (check it, then remove the fuzzy flag)")
        if message.pluralizable and strict and len([s for s in strings if s]) != catalog.num_plurals:
            out.append(f"{code}: {ident[:70]!r} needs its {catalog.num_plurals} plural forms")
        elif strict and not any(strings):
            out.append(f"{code}: {ident[:70]!r} is not translated")
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        try:
            allowed = set().union(*(placeholders(i) for i in ids)) | words
            for text in strings:
                if text:
                    unknown = placeholders(text) - allowed
                    if unknown:
                        names = ", ".join("{" + u + "}" for u in sorted(unknown))
                        out.append(f"{code}: {ident[:70]!r}: {names} is neither the message's nor a glossary form")
        except ValueError as exc:
            out.append(f"{code}: {ident[:70]!r}: a malformed placeholder ({exc}); a literal brace is written {{{{")
    return out


def check_command(complete: bool = False) -> str:
    found = problems(complete=complete)
    found += [f"glossary: {p}" for p in glossary.problems(TRANSLATED, clause_text)]
    if found:
        raise SystemExit("the catalogs are not complete:\n  " + "\n  ".join(found))
    what = "complete, and the template current" if complete else "complete for the units declared translated"
    return f"the catalogs of {', '.join(TRANSLATED)} are {what}"


# ----------------------------------------------------------------------------- compiling
def _js_catalog(code: str, catalog: Catalog) -> str:
    """The widgets' messages of ``catalog`` as a script: ``window.BJ_CATALOG``."""
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not any(w.startswith("docs/javascripts/") for w, _ in message.locations):
            continue
        ident = message.id if isinstance(message.id, str) else message.id[0]
        key = f"{message.context}\x04{ident}" if message.context else ident
        if isinstance(message.string, str):
            if message.string:
                messages[key] = message.string
        elif all(message.string):
            messages[key] = list(message.string)
    body = {"lang": code, "plural": catalog.plural_expr, "messages": messages}
    return "window.BJ_CATALOG = " + json.dumps(body, ensure_ascii=False, sort_keys=True, indent=0) + ";\n"


def compile_catalogs(locale: Path = LOCALE, scripts: Path = JS_CATALOGS) -> list[Path]:
    """Each language's ``.mo`` (fuzzy entries left out) and its widgets' script."""
    written = []
    scripts.mkdir(parents=True, exist_ok=True)
    for code in TRANSLATED:
        catalog = _read(po_path(code), code)
        target = catalog_path(code, locale)
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        script = scripts / f"{code}.js"
        script.write_text(_js_catalog(code, catalog), encoding="utf-8")
        written += [target, script]
    return written


def compile_command() -> str:
    return f"{len(compile_catalogs())} files compiled"


DATA = "spec_engine/data/"
"""Where the data's messages come from (their location in the catalogs)."""
REVIEW_COMMENT = f"{REVIEW}: the English copied by tools/i18n.py review, to translate"


def review_catalogs(locale: Path = LOCALE) -> dict[str, int]:
    """Each language's catalog under ``locale`` with every untranslated message of the data given
    its English, marked for review (see the module's docstring): how many each got."""
    counts: dict[str, int] = {}
    for code in TRANSLATED:
        path = locale / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        catalog = _read(path, code)
        copied = 0
        for message in catalog:
            strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
            if not message.id or any(strings) or not any(w.startswith(DATA) for w, _ in message.locations):
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            forms = range(catalog.num_plurals)  # a plural: the English singular, then its plural for the rest
            message.string = ids[0] if len(ids) == 1 else tuple(ids[min(n, len(ids) - 1)] for n in forms)
            message.user_comments = [*message.user_comments, REVIEW_COMMENT]
            copied += 1
        if copied:
            path.write_bytes(_po_text(catalog))
        counts[code] = copied
    return counts


def review_command() -> str:
    counts = review_catalogs()
    done = ", ".join(f"{code} {n}" for code, n in counts.items())
    return f"the data's untranslated messages copied in English, marked {REVIEW}: {done}"


COMMANDS = {
    "extract": extract_command,
    "update": update_command,
    "check": check_command,
    "check-all": lambda: check_command(complete=True),
    "compile": compile_command,
    "review": review_command,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=[*COMMANDS, "all"], help="'all': check, then compile (make site)")
    args = parser.parse_args(argv)
    for name in ["check", "compile"] if args.command == "all" else [args.command]:
        print(COMMANDS[name]())
    return 0


if __name__ == "__main__":
    sys.exit(main())
