"""A one-line key bar: the screen's shown bindings, drawn once.

Textual's Footer rebuilds all its keys whenever the focus moves (it follows the focused
widget's bindings). On the table the focus moves with every arrow key and every keypress
should answer within a frame, so the table shows its own keys, which do not change with focus,
in a bar drawn once. Each key can be clicked.
"""

from __future__ import annotations

from textual.actions import parse
from textual.binding import Binding
from textual.content import Content
from textual.dom import DOMNode
from textual.widgets import Static

from qm_tui.widgets.redraw import OneLayout


def key_words(node: DOMNode, binding: Binding) -> str:
    """The keys of ``binding`` as the key bar and the help say them: a node with
    ``key_display_of(binding)`` says them itself (the table's option keys, which change with the
    options; None: the binding's own), else the binding's ``key_display`` or the app's."""
    shown = getattr(node, "key_display_of", None)  # a screen's keys that change
    return (shown and shown(binding)) or binding.key_display or node.app.get_key_display(binding)


def bar_parts(node: DOMNode) -> list[tuple[str, Content]]:
    """``key description`` for each shown binding of ``node``, in declaration order, with its
    action's name; a click on one runs its action on the screen. A binding ``node.check_action``
    refuses is left out. Its keys are :func:`key_words`."""
    parts: list[tuple[str, Content]] = []
    seen: set[str] = set()
    for _key, binding in node._bindings:
        if not binding.show or not binding.description or binding.action in seen:
            continue
        _dest, name, params = parse(binding.action)
        if node.check_action(name, params) is False:
            continue
        seen.add(binding.action)
        key = key_words(node, binding)
        content = Content.from_markup(
            f"[@click=screen.{binding.action}][b]$key[/b] $desc[/]",
            key=key,
            desc=binding.description,
        )
        parts.append((name, content))
    return parts


def bar_content(node: DOMNode, width: int | None = None) -> Content:
    """The key bar's line: as many whole keys as fit in ``width`` (all of them when None); the
    rest are one ``?`` away, in the help. Keys go from the end first, but never those whose
    actions ``node`` lists in ``BAR_KEEPS`` (the help's, a lesson's leave and hint), which a
    player must see at any width."""
    parts = bar_parts(node)
    if width is not None:
        keeps = frozenset(getattr(node, "BAR_KEEPS", ()))
        while parts and _cells(parts) > width:
            droppable = [i for i, (action, _) in enumerate(parts) if action not in keeps]
            parts.pop(droppable[-1] if droppable else -1)
    return Content("  ").join(content for _, content in parts)


def _cells(parts: list[tuple[str, Content]]) -> int:
    """The cells ``parts`` take on the bar, two apart."""
    return sum(c.cell_length for _, c in parts) + 2 * max(0, len(parts) - 1)


class KeyBar(OneLayout, Static):
    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; background: $footer-background; color: $footer-foreground;
             padding: 0 1; text-wrap: nowrap; text-overflow: clip; }
    """

    _node: DOMNode | None = None

    def show_keys(self, node: DOMNode) -> None:
        self._node = node
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        if self._node is not None:
            width = self.content_size.width or None
            self.update(bar_content(self._node, width), layout=False)
