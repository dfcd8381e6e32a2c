"""The table's widgets: they render state and post intents (a tile chosen, an option picked);
the table screen turns intents into calls on the session."""
