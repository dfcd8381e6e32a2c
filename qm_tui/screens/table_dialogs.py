"""The table screen's dialogs: the log, the discard pile, the legend, help, the rulebook, the
card gallery, conceding and the result; the chat line; and taking a decision back. Each dialog
is pushed over the table, which stays behind it (its timers go on: a question waiting behind a
dialog says so)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

from qm_rules.shown import DEFS
from qm_tui.i18n import tr
from qm_tui.messages import LeaveTable, RematchRequested
from qm_tui.safe import clean
from qm_tui.session import Ended
from qm_tui.stats import GameStats
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.modals import ConfirmModal, ListModal
from qm_tui.widgets.tiles import TableTile
from qm_tui.widgets.waiting import Waiting
from qm_words import card_name, describe_prompt

if TYPE_CHECKING:
    from qm_tui.screens.table import TableScreen


def open_chat(table: TableScreen) -> None:
    chat = table.query_one("#chat", Input)
    chat.display = True
    chat.focus()


def chat_sent(table: TableScreen, event: Input.Submitted) -> None:
    """A chat line sent: to the table, and the line closes."""
    text = event.value.strip()
    event.input.value = ""
    event.input.display = False
    table.action_focus_options()
    if text:
        table.send("chat", text)


def show_log(table: TableScreen) -> None:
    log = table.query_one(GameLog)
    table.app.push_screen(ListModal(tr("table.log.title", table.lang), list(log.lines_written)))


def show_discard(table: TableScreen) -> None:
    pile = table.view.discard if table.view is not None else ()
    lines = [f"{i}. {card_name(c.card, table.lang)}" for i, c in enumerate(reversed(pile), 1)]
    title = tr("table.discard.title", table.lang, n=len(pile))
    table.app.push_screen(ListModal(title, lines, tr("table.discard.empty", table.lang)))


def show_legend(table: TableScreen) -> None:
    from qm_tui.screens.legend import LegendScreen

    table.app.push_screen(LegendScreen(table.lang))


def show_help(table: TableScreen) -> None:
    from qm_tui.screens.help import HelpScreen

    # (type: ignore: Screen is invariant in its result; any is read)
    table.app.push_screen(HelpScreen.for_screen(table, table.lang))  # type: ignore[arg-type]


def show_rulebook(table: TableScreen) -> None:
    from qm_tui.screens.rulebook import RulebookScreen

    table.app.push_screen(RulebookScreen(table.lang))


def show_gallery(table: TableScreen) -> None:
    from qm_tui.screens.gallery import GalleryScreen

    focused = table.focused
    card_id = focused.card.card if isinstance(focused, TableTile) and focused.card else None
    table.app.push_screen(GalleryScreen(table.lang, card_id=card_id if card_id in DEFS else None))


def ask_concede(table: TableScreen) -> None:
    def answered(yes: bool | None) -> None:
        if yes:
            table.send("concede")

    ask = ConfirmModal(
        tr("table.concede.ask", table.lang),
        tr("table.yes", table.lang),
        tr("table.no", table.lang),
        waiting=table.waiting_question,  # its timer goes on behind the question
        clock=table.clock,
        lang=table.lang,
    )
    table.app.push_screen(ask, answered)


async def take_back(table: TableScreen) -> None:
    """``u``: ask the host to take back my last decision. Its view comes as any update; the
    log and a toast say it was taken back, or a toast why the host would not."""
    from qm_net.client import TableError
    from qm_tui.net import refusal

    lang = table.lang
    try:
        await table.session.take_back()
    except TableError as exc:
        said = refusal(exc.code, exc.message, lang)
        table.notify(clean(said), severity="warning", timeout=6, markup=False)
        return
    except Exception as exc:  # the connection failed under us: say so
        said = tr("table.error", lang, message=str(exc) or type(exc).__name__)
        table.notify(clean(said), severity="error", markup=False)
        return
    taken = table.stats.takebacks + 1
    if table.stats_before:  # what the decision counted is taken back with it
        table.stats = table.stats_before.pop()
    table.stats.takebacks = taken
    said = tr("table.takeback.done", lang, n=taken)
    table.query_one(GameLog).add_lines([said])
    table.notify(said, timeout=4, markup=False)


def show_result(table: TableScreen, ended: Ended) -> None:
    """Push the result screen; its answer (rematch or leave) goes to the session and app."""
    from qm_tui.screens.result import ResultScreen

    if table.result_shown:
        return
    table.result_shown = True

    async def answered(choice: str | None) -> None:
        table.result_shown = False
        if choice is None:
            return  # back to the final table; v opens the result again
        # The table is the app's: it goes back to the waiting room (rematch), or closes
        # the connection.
        table.ended, table.stats, table.stats_before = None, GameStats(), []
        table.post_message(RematchRequested() if choice == "rematch" else LeaveTable())

    log = table.query_one(GameLog).lines_written[-8:]
    result = ResultScreen(
        ended.result,
        ended.view,
        table.lang,
        stats=table.stats,
        log=log,
        fair=ended.fair,
        record_path=ended.record_path,
        seats=table.seat_status,
        closed=table.closed,
        takebacks=ended.takebacks if ended.takebacks or table.session.can_take_back else None,
    )
    table.app.push_screen(result, answered)


def waiting_question(table: TableScreen) -> Waiting | None:
    """The question of mine the table waits on (as the host last sent it, whatever the
    playback shows), with its deadline; or, once its timer ran out, that question and what
    the timer took. The host's timers do not pause for one player: a dialog over the table
    (quitting, leaving) tells this (see widgets.waiting)."""
    view = table.session.view or table.view
    p = view.prompt if view is not None else None
    if (
        view is not None
        and p is not None
        and p.seat == view.viewer
        and p.options
        and view.result is None
        and table.model.chosen_seq != p.seq
    ):
        if table.waiting is None or table.waiting.seq != p.seq or table.waiting.timed_out:
            what = describe_prompt(view, table.lang)
            table.waiting = Waiting(p.seq, what, table.deadline_at)
        return table.waiting
    return table.waiting if table.waiting is not None and table.waiting.timed_out else None
