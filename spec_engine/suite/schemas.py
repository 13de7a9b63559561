"""The protocol's JSON Schemas as validators, shared by the protocol's tests and the suite's
check of every reply an implementation sends (``spec_engine/data/protocol/*.schema.json``)."""

from __future__ import annotations

import functools
import json
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]
from referencing import Registry, Resource

from spec_engine.kit.vectors import SCHEMA_DIR

SCHEMAS = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(SCHEMA_DIR.glob("*.schema.json"))}
REGISTRY: Registry[Any] = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema)) for schema in SCHEMAS.values()
)
BASE = SCHEMAS["request.schema.json"]["$id"].rsplit("/", 1)[0] + "/"
REPLY_DEF = {"hello": "hello", "events": "events", "legal": "legal", "phase": "phase", "state": "state"}
"""The success shape of each op's reply ($defs of reply.schema.json); any other op: ``done``."""


@functools.cache
def validator(name: str, part: str | None = None) -> Draft202012Validator:
    """A validator for a schema file, or one of its ``$defs``, with the sibling files resolvable."""
    schema = SCHEMAS[name] if part is None else {"$ref": f"{BASE}{name}#/$defs/{part}"}
    return Draft202012Validator(schema, registry=REGISTRY)


def errors(name: str, instance: Any, part: str | None = None) -> list[str]:
    """The schema errors of ``instance`` (remembered: real traffic repeats itself a lot, and
    validating is slow, about 1 ms an event)."""
    return list(_errors(name, part, json.dumps(instance, sort_keys=True)))


@functools.cache
def _errors(name: str, part: str | None, instance: str) -> tuple[str, ...]:
    found = validator(name, part).iter_errors(json.loads(instance))
    return tuple(describe(e) for e in found)


def describe(error: ValidationError) -> str:
    """One schema error as a reader needs it: where in the message (a JSON pointer) and what
    is wrong there. Where the schema offers alternatives (``oneOf``, ``anyOf``), the one the
    message came closest to (the fewest errors, then the deepest) says what is wrong: an extra
    field in an ``error`` object, not "the reply is none of the shapes"."""
    while error.context:
        branches: dict[object, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        closest = min(branches.values(), key=lambda errs: (len(errs), -max(len(e.absolute_path) for e in errs)))
        error = max(closest, key=lambda e: len(e.absolute_path))
    pointer = "/" + "/".join(str(p) for p in error.absolute_path)
    return f"at {pointer}: {error.message}"


def event_errors(events: list[Any]) -> list[str]:
    """The schema errors of each event (validated one by one: most recur)."""
    return [f"event {json.dumps(event)}: {e}" for event in events for e in errors("event.schema.json", event)]


def with_events_apart(instance: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """The instance with its ``events`` list emptied, and the events (validated apart)."""
    events = instance.get("events")
    if not isinstance(events, list):
        return instance, []
    return {**instance, "events": []}, events


def check_exchange(request: Any, reply: dict[str, Any]) -> list[str]:
    """The schema errors of one request (when it was accepted) and its reply: a success is
    checked against the shape for its op, anything else against the whole reply schema. (An
    integer id is set to 0 first, so that the checks of recurring messages are remembered.)"""
    if isinstance(reply.get("id"), int):
        reply = {**reply, "id": 0}
    if not (isinstance(request, dict) and reply.get("ok")):
        return [f"reply: {e}" for e in errors("reply.schema.json", reply)]
    if isinstance(request.get("id"), int):
        request = {**request, "id": 0}
    problems = [f"request: {e}" for e in errors("request.schema.json", request)]
    part = REPLY_DEF.get(str(request.get("op")), "done")
    envelope, events = with_events_apart(reply)
    problems += [f"reply to {request.get('op')}: {e}" for e in errors("reply.schema.json", envelope, part)]
    return problems + event_errors(events) + ([] if "id" in reply else ["reply: no id"])


# ------------------------------------------------------------------------------ the schemas
def test_every_schema_is_valid_draft_2020_12() -> None:
    assert set(SCHEMAS) == {
        "request.schema.json",
        "reply.schema.json",
        "event.schema.json",
        "card.schema.json",
        "money.schema.json",
        "vectors.schema.json",
    }
    for name, schema in SCHEMAS.items():
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"] == BASE + name, "each $id ends in its file name, so relative $refs find the sibling"
