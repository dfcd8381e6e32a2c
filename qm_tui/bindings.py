"""Key bindings in the player's language.

Bindings are declared with an ``id`` (so players can remap keys through the app's keymap) and an
English description; :func:`localize_bindings` swaps the descriptions for the strings
``key.<id>`` of the current language, on one screen or widget instance.
"""

from __future__ import annotations

import dataclasses

from textual.binding import Binding
from textual.dom import DOMNode

from qm_tui.i18n import has, tr


def localize_bindings(node: DOMNode, lang: str) -> None:
    """Translate the descriptions of ``node``'s own bindings into ``lang``.

    Each instance holds its own copy of its class's bindings (``_bindings``), so this changes
    one screen and leaves the class alone. Textual has no public setter for descriptions.
    """
    bindings_map = node._bindings
    for key, bindings in list(bindings_map.key_to_bindings.items()):
        bindings_map.key_to_bindings[key] = [_localized(b, lang) for b in bindings]
    if node.is_attached:
        node.refresh_bindings()


def _localized(binding: Binding, lang: str) -> Binding:
    if binding.id and has(f"key.{binding.id}"):
        return dataclasses.replace(binding, description=tr(f"key.{binding.id}", lang))
    return binding
