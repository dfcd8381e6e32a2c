"""The table's widgets: they render state and post intents (a tile chosen, an option picked);
the table screen turns intents into calls on the session."""

# Every screen draws through these widgets' package: Chinese is wrapped by its line-breaking
# rules wherever Rich or Textual wraps text (qm_tui.linebreak).
from qm_tui.linebreak import install as _install_line_breaking

_install_line_breaking()
