"""docs/protocol.md §9 holds: the wire changes only as the document allows, or the version steps.

``tests/protocol_snapshot.json`` is the published schema (``docs/protocol.schema.json``, its
prose left out) as it was when last taken. Against it, with the same protocol version:

- the messages (each direction's ``t``s) and every closed set (an event ``kind``, a prompt
  ``kind``, a ``phase``, any ``enum``) are the same — a new value is a version step; except a
  new client message named by a feature (``x-features``: a client sends it only to a host
  that lists the feature in ``welcome``, so no older host is asked for it);
- every field of every map is still there, of the same type, required as it was; a new field
  must be optional (its absence means what the wire meant before);
- every compact array (a Card, a Seat, an Event…) keeps its positions in their order, of the
  same types; new positions only at the end, each with a default.

A compatible change still fails until the snapshot is taken again (so that the next change is
held to it): ``python tests/test_protocol_compat.py --write``. A version step (``PROTOCOL_VERSION``
raised) passes the rules and asks for a new snapshot the same way.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest

SNAPSHOT = Path(__file__).resolve().parent / "protocol_snapshot.json"
PROSE = ("title", "description", "examples")


def normal(node: Any) -> Any:
    """A schema without its prose: what a peer's reading of the wire depends on."""
    if isinstance(node, dict):
        return {k: normal(v) for k, v in node.items() if k not in PROSE}
    if isinstance(node, list):
        return [normal(v) for v in node]
    return node


def current() -> dict[str, Any]:
    from qm_net import schema

    return json.loads(json.dumps(normal(schema.build())))  # as the snapshot reads back


def breaks(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What in ``new`` §9 allows only with a version step, against ``old`` (of one version)."""
    out: list[str] = []
    defs_old, defs_new = old["$defs"], new["$defs"]
    for name, was in defs_old.items():
        now = defs_new.get(name)
        if now is None:
            out.append(f"{name}: removed")
            continue
        if "enum" in was or "enum" in now:
            if was.get("enum") != now.get("enum"):
                out.append(f"{name}: its values {was.get('enum')} became {now.get('enum')}")
            continue
        if "anyOf" in was and name in ("ClientMessage", "HostMessage"):
            before = {x["$ref"] for x in was["anyOf"]}
            after = {x["$ref"] for x in now.get("anyOf", [])}
            if name == "ClientMessage":  # a new one a feature names: sent only to its hosts
                after -= {ref for ref in after - before if _tag(new, ref) in new["x-features"]}
            if before != after:
                out.append(
                    f"{name}: messages added {sorted(after - before)}, "
                    f"removed {sorted(before - after)}"
                )
            continue
        if was.get("type") == "object" and "properties" in was:
            out += _map(name, was, now)
        elif was.get("type") == "array" and "prefixItems" in was:
            out += _array(name, was, now)
        elif was != now:
            out.append(f"{name}: changed")
    return out


def _tag(schema: dict[str, Any], ref: str) -> str | None:
    """The ``t`` of the message ``ref`` names."""
    message = schema["$defs"].get(ref.rsplit("/", 1)[-1], {})
    t = message.get("properties", {}).get("t", {})
    return t["enum"][0] if t.get("enum") else None


def _map(name: str, was: dict[str, Any], now: dict[str, Any]) -> list[str]:
    out: list[str] = []
    props = now.get("properties", {})
    req_was, req_now = set(was.get("required", ())), set(now.get("required", ()))
    for field, schema in was["properties"].items():
        if field not in props:
            out.append(f"{name}.{field}: removed (or renamed)")
        elif props[field] != schema:
            out.append(f"{name}.{field}: its type changed: {schema} -> {props[field]}")
        elif (field in req_was) != (field in req_now):
            out.append(f"{name}.{field}: {'no longer' if field in req_was else 'now'} required")
    for field in props.keys() - was["properties"].keys():
        if field in req_now:
            out.append(f"{name}.{field}: a new field that is required (a new one must be optional)")
    return out


def _array(name: str, was: dict[str, Any], now: dict[str, Any]) -> list[str]:
    out: list[str] = []
    items_was, items_now = was["prefixItems"], now.get("prefixItems", [])
    for i, schema in enumerate(items_was):
        if i >= len(items_now):
            out.append(f"{name}[{i}]: removed")
        elif _kind_free(name, items_now[i]) != _kind_free(name, schema):
            out.append(f"{name}[{i}]: moved or changed: {schema} -> {items_now[i]}")
    if now.get("minItems", 0) != was.get("minItems", 0):
        out.append(f"{name}: items required {was.get('minItems', 0)} -> {now.get('minItems', 0)}")
    for i in range(len(items_was), len(items_now)):
        if "default" not in items_now[i]:
            out.append(f"{name}[{i}]: a new position without a default (it must have one)")
    return out


def _kind_free(name: str, item: dict[str, Any]) -> Any:
    """An Event's kind position is its closed set (an enum, held by the rule for enums)."""
    if name == "Event" and "enum" in item:
        return {"enum": "kinds"}
    return item


def event_kinds(s: dict[str, Any]) -> list[str]:
    return list(s["$defs"]["Event"]["prefixItems"][0]["enum"])


def test_the_wire_changed_only_as_section_9_allows() -> None:
    assert SNAPSHOT.exists(), f"no snapshot: python {Path(__file__).name} --write"
    old = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    new = current()
    version_old, version_new = old["x-protocol-version"], new["x-protocol-version"]
    refresh = f"then take the snapshot again: python tests/{Path(__file__).name} --write"
    if version_new != version_old:
        assert version_new > version_old, "the protocol version went back"
        pytest.fail(f"protocol {version_old} -> {version_new}: a version step; {refresh}")
    found = breaks(old, new)
    if event_kinds(old) != event_kinds(new):
        found.append(f"event kinds {event_kinds(old)} became {event_kinds(new)}")
    assert not found, (
        "these changes need a version step (docs/protocol.md §9: raise PROTOCOL_VERSION):\n  "
        + "\n  ".join(found)
    )
    assert old == new, f"a compatible change of the wire (§9 allows it): {refresh}"


# ───────────────────────────── the rules themselves can fail ─────────────────────────────


def _mutated(change: Any) -> list[str]:
    new = copy.deepcopy(current())
    change(new["$defs"])
    found = breaks(current(), new)
    if event_kinds(current()) != event_kinds(new):
        found.append("event kinds")
    return found


def _add_event_kind(d: dict[str, Any]) -> None:
    d["Event"]["prefixItems"][0]["enum"].append("teleport")


def _add_message(d: dict[str, Any]) -> None:
    d["ClientMessage"]["anyOf"].append({"$ref": "#/$defs/Teleport"})


def _remove_field(d: dict[str, Any]) -> None:
    del d["Choose"]["properties"]["option"]


def _required_field(d: dict[str, Any]) -> None:
    d["Choose"]["properties"]["why"] = {"type": "string"}
    d["Choose"]["required"].append("why")


def _reorder_positions(d: dict[str, Any]) -> None:
    items = d["Card"]["prefixItems"]
    items[0], items[1] = items[1], items[0]


def _append_position_without_default(d: dict[str, Any]) -> None:
    d["Card"]["prefixItems"].append({"type": "boolean"})


def _add_prompt_kind(d: dict[str, Any]) -> None:
    d["PromptKind"]["enum"].append("bid")


@pytest.mark.parametrize(
    "change",
    [
        _add_event_kind,
        _add_message,
        _remove_field,
        _required_field,
        _reorder_positions,
        _append_position_without_default,
        _add_prompt_kind,
    ],
)
def test_an_incompatible_change_is_caught(change: Any) -> None:
    assert _mutated(change), f"{change.__name__} passed §9's check"


def test_a_client_message_is_compatible_only_when_a_feature_names_it() -> None:
    for feature in (False, True):
        new = copy.deepcopy(current())
        d = new["$defs"]
        d["Teleport"] = {"type": "object", "properties": {"t": {"enum": ["teleport"]}}}
        d["ClientMessage"]["anyOf"].append({"$ref": "#/$defs/Teleport"})
        if feature:
            new["x-features"] = [*new["x-features"], "teleport"]
        assert bool(breaks(current(), new)) is not feature


def test_an_optional_field_or_a_trailing_default_is_compatible() -> None:
    def change(d: dict[str, Any]) -> None:
        d["Choose"]["properties"]["why"] = {"type": "string", "default": ""}
        d["Card"]["prefixItems"].append({"type": "boolean", "default": False})

    assert _mutated(change) == []


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(f"usage: python {sys.argv[0]} --write")
    sys.path.insert(0, str(SNAPSHOT.parent.parent))
    SNAPSHOT.write_text(json.dumps(current(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {SNAPSHOT}")
