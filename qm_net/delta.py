"""A view as the change from the previous one: what an ``update``'s ``patch`` holds.

Both sides hold views as plain data (maps, arrays, scalars), in their wire form
(:mod:`qm_net.compact`). :func:`diff` gives the steps that
turn the view last sent on a connection into the new one; :func:`apply` carries them out. A
step is ``[path, value]``: put ``value`` at ``path``, a list of map keys and array indices; an
index equal to the array's length appends. An array that got shorter, a map whose keys changed
and anything of another shape are sent whole at their path.

A patch is computed from two views built *for the same receiver*, and each value in it is a
part of the new view, so it never carries what the new view would not (R5).
"""

from __future__ import annotations

import operator
from typing import Any

import msgspec

from qm_net import compact
from qm_rules.model import View, make_view

Path = tuple[str | int, ...]
Step = tuple[Path, Any]

_SEQ = (list, tuple)


def diff(old: Any, new: Any) -> list[Step]:
    """The steps from ``old`` to ``new`` (both plain data; ``[]`` when equal). Parts that are
    the same object on both sides (:class:`qm_net.compact.Encoder` keeps them so) are skipped
    unread."""
    out: list[Step] = []
    if old is not new and old != new:
        _diff(old, new, (), out)
    return out


#: A view's fields sent whole when they change: the pending prompt is a new decision each time
#: (its seat, kind and number change together, the options with them), and one step is both
#: shorter and cheaper to carry out than a step for each of its items.
WHOLE = frozenset({"prompt"})


def _diff(old: Any, new: Any, path: Path, out: list[Step]) -> None:
    """``old`` and ``new`` differ: the steps between them."""
    if type(old) is dict and type(new) is dict and old.keys() == new.keys():
        for k, v in new.items():
            was = old[k]
            if was is not v and was != v:
                if not path and k in WHOLE:
                    out.append(((k,), v))
                else:
                    _diff(was, v, (*path, k), out)
        return
    if type(old) in _SEQ and type(new) in _SEQ and old and len(new) >= len(old):
        for i, v in enumerate(old):
            now = new[i]
            if v is not now and v != now:
                _diff(v, now, (*path, i), out)
        for i in range(len(old), len(new)):
            out.append(((*path, i), new[i]))
        return
    if not path:  # the whole changed shape: the caller sends the whole view instead
        raise ValueError("the views differ at their root")
    out.append((path, new))


_ALL_FIELDS = operator.attrgetter(*compact.VIEW_FIELDS)
_FIELD_AT = {name: i for i, name in enumerate(compact.VIEW_FIELDS)}
_SEATS = _FIELD_AT["seats"]


def typed(prev: View, base: dict[str, Any], steps: Any) -> View:
    """The engine's view that ``base`` stands for, where ``base`` is the wire view of ``prev``
    (:mod:`qm_net.compact`) patched by ``steps``: only the parts the steps touched are checked
    and converted again — a field, a seat, within a seat its hand or one slot — and the rest
    is ``prev``'s. Raises ``msgspec.ValidationError`` for a part that does not fit its type."""
    fields: set[str] = set()
    seats: dict[int, dict[int, set[int] | None] | None] | None = {}  # None: all of them
    for path, _ in steps:
        key = path[0]
        if type(key) is not str or key not in _FIELD_AT:
            raise PatchError(f"the view has no field {key!r}")
        if key != "seats":
            fields.add(key)
        elif len(path) < 2 or seats is None:
            seats = None
        else:
            seats[path[1]] = _within(seats.get(path[1], {}), path)
    values = list(_ALL_FIELDS(prev))
    for key in fields:
        values[_FIELD_AT[key]] = compact.convert_field(
            key, msgspec.convert(base[key], compact.field_type(key))
        )
    if seats is None or (seats and len(base["seats"]) != len(values[_SEATS])):
        values[_SEATS] = compact.convert_field(
            "seats", msgspec.convert(base["seats"], compact.field_type("seats"))
        )
    elif seats:
        now = list(values[_SEATS])
        for i, parts in seats.items():
            now[i] = compact.patch_seat(now[i], base["seats"][i], parts)
        values[_SEATS] = tuple(now)
    return make_view(*values)


def _within(
    parts: dict[int, set[int] | None] | None, path: Any
) -> dict[int, set[int] | None] | None:
    """The parts of one seat a step touches, added to ``parts``: a seat's field by its place
    (``path[2]``), within its slots (:data:`~qm_net.compact.SEAT_SLOTS`) a slot (``path[3]``);
    None for the whole seat."""
    if parts is None or len(path) < 3:
        return None
    j = path[2]
    slots = compact.SEAT_SLOTS
    if j == slots and len(path) > 3 and parts.get(slots, set()) is not None:
        # (type: ignore: not None: checked in the condition)
        parts.setdefault(slots, set()).add(path[3])  # type: ignore[union-attr]
    else:
        parts[j] = None
    return parts


class PatchError(ValueError):
    """A patch does not fit the view it is applied to."""


def apply(base: dict[str, Any], steps: Any) -> dict[str, Any]:
    """A new view: ``base`` with the steps of a patch carried out. ``base`` itself is left as
    it was (values built from it may share its parts); the new view shares what did not
    change. Raises :class:`PatchError` when a step's path leads nowhere in ``base``."""
    root = dict(base)
    fresh = {id(root)}  # the containers copied for this patch, which may change in place
    try:
        for path, value in steps:
            last = len(path) - 1
            if last < 0:
                raise PatchError("a step with an empty path")
            node: Any = root
            for d in range(last):
                key = path[d]
                child = node[_index(node, key)]
                if id(child) not in fresh:
                    child = child.copy()  # a dict or a list; anything else fails below
                    fresh.add(id(child))
                    node[key] = child
                node = child
            key = path[last]
            if type(node) is list and type(key) is int and key == len(node):
                node.append(value)
            else:
                node[_index(node, key)] = value
    except PatchError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise PatchError(f"a step does not fit the view: {exc}") from None
    return root


def _index(node: Any, key: Any) -> Any:
    """``key`` if it names a place in ``node`` (an existing key of a map, an index of an array)."""
    if type(node) is dict and type(key) is str and key in node:
        return key
    if type(node) is list and type(key) is int and 0 <= key < len(node):
        return key
    raise PatchError(f"no place {key!r} in a {type(node).__name__}")
