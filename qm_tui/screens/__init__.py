"""The app's screens: lobby, host form, waiting room, table, result, rulebook, gallery, help and
how to play."""
