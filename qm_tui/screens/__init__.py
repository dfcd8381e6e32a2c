"""The app's screens: lobby, host form, waiting room, rulebook, gallery, help (TUI-A);
table and result (TUI-B)."""
