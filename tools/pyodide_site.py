"""Pyodide and the engine, copied into the built site for the pages that run Python.

    python tools/pyodide_site.py [SITE]      (default: site/)

Also a MkDocs hook (``mkdocs.yml``: ``hooks``): after every build, including ``mkdocs serve``'s,
the same files go into the site being built. Into ``SITE/pyodide/``:

- Pyodide's core from the npm package (``node_modules/pyodide``, pinned by ``package-lock.json``,
  installed by ``npm ci``): the loader, the WebAssembly, the standard library, the lock file.
  Nothing else: packages beyond the standard library would come from a CDN, and the engine
  needs none.
- ``engine.zip``: the engine packed from the checkout as it is now (``spec_engine/*.py`` at the
  top level and the data it reads: clauses, regulation texts, rule sets, the compiled message
  catalogs (``locale/*/LC_MESSAGES/messages.mo``); not the kit, the
  suite, the analysis or the pages, which need packages Pyodide lacks offline), and
  ``bj_play.py``, the few functions the "Play it yourself" widgets call (:data:`GLUE`,
  ``tools/bj_play.py``, which speaks the page's language); the
  dealer practice page calls the engine's own ``spec_engine.practice``. Fixed order and dates:
  the same checkout gives the same archive.
- ``cards.json``: the site's SVG cards by code (and a card's back, ``back``), which the widgets draw.

Only the pages that run Python load these, in the Web Worker that ``javascripts/python.js``
starts (``javascripts/python-worker.js``: the play widgets as the page opens on "Play it
yourself", elsewhere when the reader opens one; the practice page as it opens; a notebook
page's first "Run"); every file is served from the site itself.
"""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

from spec_engine.pages.play import cards_json

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ENGINE_DATA = ("clauses", "regulations", "rulesets")
FOLDER = "pyodide"
PACK = "engine.zip"
CARDS = "cards.json"

GLUE = ROOT / "tools" / "bj_play.py"
"""The widgets' Python side (a module of its own, so that its messages are extracted and its code
checked), written into the pack as ``bj_play.py`` (Pyodide imports it from there)."""


def engine_pack(target: Path, root: Path = ROOT) -> None:
    """Write the engine's modules, its data and :data:`GLUE` into the zip ``target``."""
    package = root / "spec_engine"
    files = sorted(package.glob("*.py")) + sorted(p for p in (package / "data").glob("*.toml"))
    for name in ENGINE_DATA:
        files += sorted(p for p in (package / "data" / name).rglob("*") if p.is_file())
    files += sorted((package / "locale").glob("*/LC_MESSAGES/*.mo"))  # the page's language (tools/i18n.py compile)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=(2026, 1, 1, 0, 0, 0))
            archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
        glue = (root / GLUE.relative_to(ROOT)).read_bytes()
        archive.writestr(zipfile.ZipInfo("bj_play.py", date_time=(2026, 1, 1, 0, 0, 0)), glue, zipfile.ZIP_DEFLATED)


def copy_into(site: Path, root: Path = ROOT) -> list[Path]:
    """Copy Pyodide's core and the engine pack into ``site/pyodide/``; returns the files."""
    source = root / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (source / name).is_file()]
    if missing:
        raise SystemExit(f"{source} lacks {', '.join(missing)}: run npm ci (make site does)")
    target = site / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, target / name)
        written.append(target / name)
    engine_pack(target / PACK, root)
    written.append(target / PACK)
    (target / CARDS).write_text(cards_json(), encoding="utf-8")
    written.append(target / CARDS)
    return written


def on_post_build(config: Any, **_: Any) -> None:
    """MkDocs hook: into the site just built (``mkdocs build`` or ``mkdocs serve``). Without
    ``node_modules/pyodide`` (a bare ``mkdocs build`` before ``npm ci``; ``make site`` always runs
    it first) the site is built without Python, said on stderr (not a MkDocs warning, which
    ``--strict`` would make fatal): the page then says Python could not start."""
    plugin = config["plugins"].get("i18n")
    if plugin is not None and plugin.current_language not in (None, plugin.default_language):
        return  # one copy for every language: the other languages' builds write into the same site
    root = Path(config["config_file_path"]).resolve().parent
    if not (root / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file():
        print(f"pyodide_site: no {root}/node_modules/pyodide (npm ci): site built without Python", file=sys.stderr)
        return
    copy_into(Path(config["site_dir"]), root)


def main(argv: list[str]) -> None:
    site = Path(argv[0]) if argv else ROOT / "site"
    files = copy_into(site)
    total = sum(p.stat().st_size for p in files)
    print(f"{len(files)} files, {total:,} bytes, in {site / FOLDER}")


if __name__ == "__main__":
    main(sys.argv[1:])
