"""A one-line key bar: the screen's shown bindings, drawn once.

Textual's Footer rebuilds all its keys whenever the focus moves (it follows the focused
widget's bindings). On the table the focus moves with every arrow key and every keypress
should answer within a frame, so the table shows its own keys, which do not change with focus,
in a bar drawn once. Each key can be clicked.
"""

from __future__ import annotations

from textual.actions import parse
from textual.content import Content
from textual.dom import DOMNode
from textual.widgets import Static


def bar_content(node: DOMNode) -> Content:
    """``key description`` for each shown binding of ``node``, in declaration order; a click on
    one runs its action on the screen. A binding ``node.check_action`` refuses is left out."""
    parts: list[Content] = []
    seen: set[str] = set()
    for _key, binding in node._bindings:
        if not binding.show or not binding.description or binding.action in seen:
            continue
        _dest, name, params = parse(binding.action)
        if node.check_action(name, params) is False:
            continue
        seen.add(binding.action)
        key = binding.key_display or node.app.get_key_display(binding)
        parts.append(
            Content.from_markup(
                f"[@click=screen.{binding.action}][b]$key[/b] $desc[/]",
                key=key,
                desc=binding.description,
            )
        )
    return Content("  ").join(parts)


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; background: $footer-background; color: $footer-foreground;
             padding: 0 1; text-wrap: nowrap; text-overflow: clip; }
    """

    def show_keys(self, node: DOMNode) -> None:
        self.update(bar_content(node), layout=False)
