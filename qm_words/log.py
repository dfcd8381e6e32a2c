"""The game log: each event as a line, by its kind's describer (:mod:`qm_words.events`), read
in the log's order (:class:`~qm_words.logorder.LogOrder`); and how a game ended.

It never fails on data it does not know (a newer engine may add an event kind): an unknown
event is still described, by its kind and its data, rather than dropped or raised on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from qm_rules.i18n import tr
from qm_rules.model import Event, Result

from .events import DESCRIBERS, Line
from .events.discard import leaving_together
from .logorder import LogOrder
from .names import Places, card_name, seat_name, written


def describe(
    event: Event,
    lang: str,
    names: Sequence[str] | None = None,
    cards: Mapping[int, str] | None = None,
    *,
    places: Places | None = None,
    viewer: int | None = None,
) -> str:
    """One event as a line of the game log; "" for bookkeeping not worth a line (a section
    that resolved). Chinese is written as it is (:func:`qm_rules.i18n.spaced`).

    ``names`` are the seats' player names; ``cards`` (cid -> card id, e.g. from
    :func:`~qm_words.names.card_index` of the current view) names card targets, which events
    carry as ids; ``places`` (:func:`~qm_words.names.field_places` of the board the event
    happened on) says whose slot a targeted card is in, "your slot" for ``viewer``'s."""
    describer = DESCRIBERS.get(event.kind)
    if describer is None:
        return written(_fallback(event, seat_name(event.seat, names, lang), lang), lang)
    line = Line(event, lang, names, cards, places or {}, viewer)
    return written(describer(line), lang)


def describe_result(
    result: Result | None, names: Sequence[str], lang: str, *, turn: int = 0, round_: int = 0
) -> str:
    return written(_describe_result(result, names, lang, turn=turn, round_=round_), lang)


def _describe_result(
    result: Result | None, names: Sequence[str], lang: str, *, turn: int = 0, round_: int = 0
) -> str:
    """How a game ended, in one line; a game not over (None) was interrupted at ``turn``."""
    if result is None:
        return tr("result.line.interrupted", lang, turn=turn, round=round_)
    how = tr(f"result.reason.{result.reason}", lang)
    rounds, turns = result.rounds, result.turns
    if result.winner is None:
        return tr("result.line.draw", lang, how=how, rounds=rounds, turns=turns)
    who = seat_name(result.winner, names, lang)
    return tr("result.line.win", lang, who=who, how=how, rounds=rounds, turns=turns)


def describe_events(
    events: Iterable[Event],
    viewer: int | None,
    lang: str,
    names: Sequence[str] | None = None,
    cards: Mapping[int, str] | None = None,
    *,
    everything: bool = False,
    places: Places | None = None,
    order: LogOrder | None = None,
    event_places: Mapping[int, Places] | None = None,
) -> list[str]:
    """The log lines ``viewer`` should read for ``events``; ``places``: where the cards lay on
    the fields as the events began (a targeted card's owner and slot, see :func:`describe`).
    The events are read in the log's order (:class:`~qm_words.logorder.LogOrder`: each link's
    line before its effects); ``order`` carries the chain over from the events described
    before (a table's log, told update by update), else the events are taken as a whole.
    ``event_places`` gives some events (by index in ``events``) places of their own (a history,
    whose events span many boards: where each activation's targets lay).

    Events the viewer may not see are dropped (with ``everything``, none is: a replay of the
    whole game from its journal). A pass right after a ``timeout`` of the same seat is not
    read twice. The engine sends a public event ("Bob draws 2") and then, to
    the seats allowed, the same event with the cards named; a viewer who sees both gets only
    the second line.
    """
    given = list(events)
    own = {id(given[i]): p for i, p in (event_places or {}).items() if 0 <= i < len(given)}
    seen = given if everything else [e for e in given if e.visible_to(viewer)]
    seen = leaving_together((order or LogOrder()).feed(seen))
    lines: list[str] = []
    for i, e in enumerate(seen):
        nxt = seen[i + 1] if i + 1 < len(seen) else None
        prev = seen[i - 1] if i else None
        if e.kind == "pass" and prev is not None and prev.kind == "timeout" and prev.seat == e.seat:
            continue  # "timed out (passed)" said it
        if (
            e.to is None
            and nxt is not None
            and nxt.to is not None
            and nxt.kind == e.kind
            and nxt.seat == e.seat
        ):
            continue
        text = describe(e, lang, names, cards, places=own.get(id(e), places), viewer=viewer)
        if text:
            lines.append(text)
    return lines


def _fallback(event: Event, who: str, lang: str) -> str:
    parts: Iterable[str] = (
        f"{k}={card_name(v, lang) if k == 'def' else v}"
        for k, v in sorted(event.data.items())
        if k != "card"
    )
    detail = ", ".join(parts)
    return f"{who}: {event.kind}" + (f" ({detail})" if detail else "")
