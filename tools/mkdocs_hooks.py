"""MkDocs hooks: after the build, drop what the built site ships but never uses.

Material ships source maps of its bundles (1.3 MB, read only by a browser's developer tools)
and the word segmenters its search needs for Thai and Japanese (``lunr/wordcut.js``,
``lunr/tinyseg.js``, 0.7 MB); the site searches English (``plugins: search`` with its default
language), so neither is ever loaded. The ``sourceMappingURL`` comments go too, so no
browser asks for a missing file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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
