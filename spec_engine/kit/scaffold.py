"""A new text beside the others: what ``blackjack-spec new-regulation`` writes, and the one
place the protocol's schemas list the regulations.

The schemas (``data/protocol/*.schema.json``) name the regulation ids in four enums
(:data:`REGULATION_ENUMS`); :func:`schema_regulation_enums` reads them (a test checks they are
``REGULATION_IDS``) and :func:`write_regulation_enums` rewrites them from it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spec_engine.catalog import REGULATION_IDS
from spec_engine.kit.vectors import SCHEMA_DIR

REGULATION_ENUMS: dict[str, tuple[tuple[str, ...], ...]] = {
    "request.schema.json": (("$defs", "regulation"),),
    "reply.schema.json": (("$defs", "hello", "properties", "regulations", "items"),),
    "vectors.schema.json": (("properties", "regulation"), ("properties", "ruleset", "properties", "id")),
}
"""Where each schema lists the regulation ids (each path leads to an object with an ``enum``)."""


def _at(schema: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    node: Any = schema
    for key in path:
        node = node[key]
    assert isinstance(node, dict) and isinstance(node.get("enum"), list), path
    return node


def schema_regulation_enums(folder: Path = SCHEMA_DIR) -> dict[str, list[str]]:
    """``file:path`` -> the regulation ids that enum lists."""
    out = {}
    for name, paths in REGULATION_ENUMS.items():
        schema = json.loads((folder / name).read_text(encoding="utf-8"))
        for path in paths:
            out[f"{name}:{'/'.join(path)}"] = list(_at(schema, path)["enum"])
    return out


def write_regulation_enums(ids: tuple[str, ...] = REGULATION_IDS, folder: Path = SCHEMA_DIR) -> None:
    """Set every regulation enum of the schemas to ``ids`` (the files keep their formatting)."""
    for name, paths in REGULATION_ENUMS.items():
        file = folder / name
        schema = json.loads(file.read_text(encoding="utf-8"))
        for path in paths:
            _at(schema, path)["enum"] = list(ids)
        file.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
