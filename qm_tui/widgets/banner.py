"""The banner over the final table: who won ("You win" for the player), drawn by itself from
the model's words (:meth:`qm_tui.table_model.TableModel.banner`), with the terminal's bell once
when it first shows, if the player has it on (config ``bell``)."""

from __future__ import annotations

from textual.widgets import Static


class ResultBanner(Static):
    """Hidden while the game goes on; over the final table once it has ended."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.rung = False  # the bell rang for this game's end

    def show(self, banner: tuple[str, str] | None, *, bell: bool) -> None:
        """``banner``: its words and kind (``win``, ``loss``, ``draw``); None: no banner."""
        if banner is None:
            self.display = False
            self.rung = False
            return
        words, kind = banner
        self.update(words)
        self.set_classes(f"-{kind}")
        self.display = True
        if not self.rung:
            self.rung = True
            if bell:
                self.app.bell()
