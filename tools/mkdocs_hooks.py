"""MkDocs hooks: after the build, drop what the built site ships but never uses; while
serving (``make serve``), regenerate the pages whose sources changed before each build.

Material ships source maps of its bundles (1.3 MB, read only by a browser's developer tools)
and the word segmenters its search needs for Thai and Japanese (``lunr/wordcut.js``,
``lunr/tinyseg.js``, 0.7 MB); the site searches English (``plugins: search`` with its default
language), so neither is ever loaded. The ``sourceMappingURL`` comments go too, so no
browser asks for a missing file.
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks")

UNUSED = ("assets/javascripts/lunr/wordcut.js", "assets/javascripts/lunr/tinyseg.js")
_MAP_COMMENT = re.compile(r"\n?/[*/]# sourceMappingURL=\S+?(?: \*/)?\s*$")


def on_post_build(config: Any, **_: Any) -> None:
    site = Path(config["site_dir"])
    for path in site.rglob("*.map"):
        path.unlink()
    for name in UNUSED:
        (site / name).unlink(missing_ok=True)
    for path in [*site.glob("assets/**/*.min.js"), *site.glob("assets/**/*.min.css")]:
        text = path.read_text(encoding="utf-8")
        stripped = _MAP_COMMENT.sub("", text)
        if stripped != text:
            path.write_text(stripped, encoding="utf-8")


# --- make serve: the generated pages follow their sources -------------------------------------
ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("spec_engine", "notebooks", "conformance/js", "docs/simulations")
"""What the generated pages are made from, watched while serving (``docs/`` is watched anyway)."""
_serving = {"on": False}


def on_startup(command: str, **_: Any) -> None:
    _serving["on"] = command == "serve"


def on_serve(server: Any, **_: Any) -> Any:
    for name in SOURCES:
        server.watch(str(ROOT / name))
    return server


def on_pre_build(config: Any, **_: Any) -> None:
    """While serving, before each build: bring the generated pages up to date (only the phases
    whose inputs changed run; nothing, when a hand-written page changed)."""
    if not _serving["on"]:
        return
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}  # no __pycache__ write wakes the watcher
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--pages-only"], cwd=ROOT, env=env)
    if done.returncode:
        log.error("the generated pages could not be brought up to date (see above); serving the last ones")
