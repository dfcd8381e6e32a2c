"""The table's clocks for the pending prompt (R22): the response timer, the turn timer and the
pause before a bot's move.

:class:`Timers` only keeps time. It is re-armed after every decision with the prompt now
pending and calls back with the prompt's ``seq`` (or the turn number) when a clock runs out;
the host checks that the prompt is still the same one and acts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from qm_rules import Game, GameOptions, PromptKind


class Timers:
    def __init__(
        self,
        options: GameOptions,
        *,
        bot_delay: float,
        on_response: Callable[[int], None],
        on_turn: Callable[[int], None],
        on_bot: Callable[[int], None],
    ) -> None:
        self.options = options
        self.bot_delay = bot_delay
        self._on_response = on_response
        self._on_turn = on_turn
        self._on_bot = on_bot
        self._response: asyncio.TimerHandle | None = None
        self._turn: asyncio.TimerHandle | None = None
        self._bot: asyncio.TimerHandle | None = None
        self.response_deadline: float | None = None  # loop time
        self.turn_deadline: float | None = None
        self.timer_turn = 0  # the turn whose turn timer runs

    def reset(self) -> None:
        """A new game: its first turn starts a turn timer afresh."""
        self.timer_turn = 0

    def cancel(self) -> None:
        for handle in (self._response, self._turn, self._bot):
            if handle is not None:
                handle.cancel()
        self._response = self._turn = self._bot = None
        self.response_deadline = self.turn_deadline = None

    def arm(self, game: Game, *, bot_controlled: bool) -> None:
        """Set the clocks for ``game``'s pending prompt; ``bot_controlled``: a bot answers it."""
        loop = asyncio.get_running_loop()
        prompt = game.prompt
        if self._response is not None:
            self._response.cancel()
            self._response = None
        self.response_deadline = None
        if self._bot is not None:
            self._bot.cancel()
            self._bot = None
        if prompt is None:
            return
        now = loop.time()
        if game.turn != self.timer_turn:  # a new turn: its turn timer starts now
            self.timer_turn = game.turn
            if self._turn is not None:
                self._turn.cancel()
                self._turn = None
            self.turn_deadline = None
            if self.options.turn_timer:
                self.turn_deadline = now + self.options.turn_timer
                self._turn = loop.call_at(self.turn_deadline, self._turn_fired, game.turn)
        if bot_controlled:
            self._bot = loop.call_later(self.bot_delay, self._bot_fired, prompt.seq)
            return
        if prompt.kind == PromptKind.RESPOND and self.options.response_timer:
            self.response_deadline = now + self.options.response_timer
            self._response = loop.call_at(self.response_deadline, self._response_fired, prompt.seq)

    def deadline(self) -> float | None:
        """Seconds left on the timer for the pending prompt, if one runs."""
        ends = [d for d in (self.response_deadline, self.turn_deadline) if d is not None]
        if not ends:
            return None
        return max(0.0, round(min(ends) - asyncio.get_running_loop().time(), 3))

    def _response_fired(self, seq: int) -> None:
        self._response = None
        self._on_response(seq)

    def _turn_fired(self, turn: int) -> None:
        self._turn = None
        self.turn_deadline = None
        self._on_turn(turn)

    def _bot_fired(self, seq: int) -> None:
        self._bot = None
        self._on_bot(seq)
