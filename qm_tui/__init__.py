"""Qingming's face: the Textual app (lobby, waiting room, table, result, rulebook, card gallery).

Importing this package loads nothing heavy; the app itself is :class:`qm_tui.app.QingmingApp`.
``qm_rules`` and ``qm_net`` never import from here (``tests/test_import_hygiene.py``).
"""
