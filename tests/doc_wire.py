"""The compact view of docs/protocol.md §5.1 read back into maps, written from the doc alone.

On the wire a view's parts are arrays by position (a Card ``[cid, def, tapped]``, a Slot nil or
``[card, face_down, negated]``, a Seat ``[name, hand_count, hand, slots, stacked, conceded]``…)
with trailing defaults left out. Tests that look at frames by name (the doc-only client, the
scan for hidden cards) turn them into maps with the doc's field names first. Nothing here comes
from ``qm_net`` or ``qm_rules``: the positions and defaults are copied from the doc.
"""

from __future__ import annotations

import copy
from typing import Any

# §5.1: each array's fields in order, with the defaults of those that may be left out
CARD = (("cid", None), ("card", None), ("tapped", False))
SLOT = (("card", None), ("face_down", False), ("negated", False))
SEAT = (
    ("name", None),
    ("hand_count", None),
    ("hand", None),
    ("slots", None),
    ("stacked", []),
    ("conceded", False),
)
LINK = (
    ("seat", None),
    ("kind", None),
    ("card", None),
    ("mode", None),
    ("targets", []),
    ("cost", []),
    ("negated", False),
    ("responds_to", None),
    ("payload", None),
)
PROHIBITION = (("tag", None), ("actions", None), ("source", None), ("until_turn", None))
OPTION = (("id", None), ("kind", None), ("card", None), ("seat", None), ("mode", None))
PROMPT = (
    ("seat", None),
    ("kind", None),
    ("seq", None),
    ("options", []),
    ("context", {}),
    ("default", ""),
)
EVENT = (("kind", None), ("seat", None), ("data", {}), ("to", None))
REQUIRED = {  # how many leading items an array must have (the rest may be left out)
    "Card": 2,
    "Slot": 0,
    "Seat": 4,
    "Link": 3,
    "Prohibition": 4,
    "Option": 2,
    "Prompt": 3,
    "Event": 2,
}


def fields(items: list[Any], spec: tuple[tuple[str, Any], ...], what: str) -> dict[str, Any]:
    """An array of positions as a map: items past the known ones ignored, missing trailing
    ones their defaults."""
    assert isinstance(items, list), f"{what} is not an array: {items!r}"
    assert len(items) >= REQUIRED[what], f"{what} too short: {items!r}"
    return {
        name: items[i] if i < len(items) else _copy(default)
        for i, (name, default) in enumerate(spec)
    }


def _copy(value: Any) -> Any:
    return type(value)() if isinstance(value, list | dict) else value


def card(c: Any) -> dict[str, Any] | None:
    return None if c is None else fields(c, CARD, "Card")


def slot(s: Any, index: int) -> dict[str, Any]:
    """A slot as a map; nil is an empty slot."""
    out = {"index": index, "card": None, "face_down": False, "negated": False}
    if s is not None:
        out.update(fields(s, SLOT, "Slot"))
        out["card"] = card(out["card"])
    return out


def seat(s: Any, index: int) -> dict[str, Any]:
    out = {"seat": index, **fields(s, SEAT, "Seat")}
    out["hand"] = None if out["hand"] is None else [card(c) for c in out["hand"]]
    out["slots"] = [slot(x, i) for i, x in enumerate(out["slots"])]
    out["stacked"] = [card(c) for c in out["stacked"]]
    return out


def link(x: Any, index: int) -> dict[str, Any]:
    out = {"index": index, **fields(x, LINK, "Link")}
    out["card"] = card(out["card"])
    out["cost"] = [card(c) for c in out["cost"]]
    out["payload"] = card(out["payload"])
    return out


def prompt(p: Any) -> dict[str, Any] | None:
    if p is None:
        return None
    out = fields(p, PROMPT, "Prompt")
    out["options"] = [fields(o, OPTION, "Option") for o in out["options"]]
    return out


def event(e: Any) -> dict[str, Any]:
    return fields(e, EVENT, "Event")


#: A view's fields (§5.1) and how each becomes a map.
VIEW_PARTS: dict[str, Any] = {
    "discard": lambda v: [card(c) for c in v],
    "seats": lambda v: [seat(s, i) for i, s in enumerate(v)],
    "chain": lambda v: [link(x, i) for i, x in enumerate(v)],
    "prohibitions": lambda v: [fields(x, PROHIBITION, "Prohibition") for x in v],
    "prompt": prompt,
}


def view(v: dict[str, Any]) -> dict[str, Any]:
    """A whole view with every part a map of the doc's field names."""
    assert isinstance(v, dict), f"a view is a map: {v!r}"
    return {k: VIEW_PARTS[k](x) if k in VIEW_PARTS else x for k, x in v.items()}


def part(key: str, value: Any) -> Any:
    """One field of a view (``key``) as a map."""
    return VIEW_PARTS[key](value) if key in VIEW_PARTS else value


def whole_view(msg: dict[str, Any], held: dict[str, Any]) -> dict[str, Any]:
    """The view an update (§5.1) stands for: `view`, or the held view with `patch` carried out
    (each step `[path, value]` puts value at path; an index one past the end appends).
    ``held`` keeps the last update's view and its `n`, the next patch's base."""
    if msg["view"] is not None:
        assert msg["patch"] is None and msg["base"] is None
        held.update(view=msg["view"], n=msg["n"])
        return msg["view"]
    assert msg["base"] == held["n"], "a patch on another view than the last update's"
    view = copy.deepcopy(held["view"])
    for path, value in msg["patch"]:
        assert path, "a step with an empty path"
        node = view
        for key in path[:-1]:
            node = node[key]
        if isinstance(node, list) and path[-1] == len(node):
            node.append(value)
        else:
            assert path[-1] in node if isinstance(node, dict) else 0 <= path[-1] < len(node)
            node[path[-1]] = value
    held.update(view=view, n=msg["n"])
    return view


def _trailing(items: Any, spec: tuple[tuple[str, Any], ...], what: str, out: list[str]) -> None:
    """§5.1 rule 1: the host leaves trailing defaults out — ``items`` must not end in one."""
    n = len(items)
    if n > REQUIRED[what] and n <= len(spec) and items[-1] == spec[n - 1][1]:
        out.append(f"{what} {items!r} ends in its default ({spec[n - 1][0]})")


def trailing_defaults(v: dict[str, Any]) -> list[str]:
    """Every compact array of the wire view ``v`` that ends in a default the host should have
    left out (§5.1: "The host leaves them out everywhere")."""
    out: list[str] = []

    def cards(cs: Any) -> None:
        for c in cs or ():
            if c is not None:
                _trailing(c, CARD, "Card", out)

    cards(v["discard"])
    for s in v["seats"]:
        _trailing(s, SEAT, "Seat", out)
        cards(s[2])
        for x in s[3]:
            if x is not None:
                _trailing(x, SLOT, "Slot", out)
                cards([x[0]])
        cards(s[4] if len(s) > 4 else ())
    for x in v["chain"]:
        _trailing(x, LINK, "Link", out)
        cards([x[2]])
        cards(x[5] if len(x) > 5 else ())
        cards([x[8]] if len(x) > 8 else ())
    if v["prompt"] is not None:
        _trailing(v["prompt"], PROMPT, "Prompt", out)
        for o in v["prompt"][3] if len(v["prompt"]) > 3 else ():
            _trailing(o, OPTION, "Option", out)
    return out
