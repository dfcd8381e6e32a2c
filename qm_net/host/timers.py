"""The table's clocks for the pending prompt (R22): the response timer, the turn timer and the
pause before a bot's move.

:class:`Timers` only keeps time. It is re-armed after every decision with the prompt now
pending and calls back when a clock runs out; the host checks that the prompt is still the same
one and acts.

Which clock covers what: the turn timer covers the turn player's own steps (place, action,
worship, and the activations declared from them). Every other decision — a response, the steps
of an activation declared in response, an effect's pick, a hand-limit discard — is one the
others wait on, and the response timer covers it. The response clock is keyed by the table's
*public* position: the steps of declaring (or cancelling) an activation do not restart it, so a
player can neither stall the table by stepping through a draft nor show the others, by a
clock that starts again, that they drafted at all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from qm_rules import Game, GameOptions, PromptKind

_TURN_STEPS = frozenset({PromptKind.PLACE, PromptKind.ACTION, PromptKind.WORSHIP})


def response_timed(game: Game) -> bool:
    """Does the response timer cover ``game``'s pending prompt (see the module's note)?"""
    prompt = game.prompt
    if prompt is None:
        return False
    kind = PromptKind(game.draft.origin) if game.draft is not None else prompt.kind
    return not (kind in _TURN_STEPS and prompt.seat == game.turn_seat)


class Timers:
    def __init__(
        self,
        options: GameOptions,
        *,
        bot_delay: float,
        on_response: Callable[[int], None],  # called with the key the clock was armed for
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
        self._response_key: int | None = None  # the public position the response clock runs for
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
        self._response_key = None

    def _stop_response(self) -> None:
        if self._response is not None:
            self._response.cancel()
            self._response = None
        self.response_deadline = None
        self._response_key = None

    def arm(self, game: Game, *, bot_controlled: bool, key: int) -> None:
        """Set the clocks for ``game``'s pending prompt. ``bot_controlled``: a bot answers it;
        ``key``: the table's public position — a response clock already running for the same
        key (the same prompt, a draft's steps in between) keeps running, not restarted."""
        loop = asyncio.get_running_loop()
        prompt = game.prompt
        if self._bot is not None:
            self._bot.cancel()
            self._bot = None
        if prompt is None:
            self._stop_response()
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
            self._stop_response()
            self._bot = loop.call_later(self.bot_delay, self._bot_fired, prompt.seq)
            return
        if not (self.options.response_timer and response_timed(game)):
            self._stop_response()
            return
        if self._response is not None and self._response_key == key:
            return  # the same decision, a step of a draft later: the clock runs on
        self._stop_response()
        self._response_key = key
        self.response_deadline = now + self.options.response_timer
        self._response = loop.call_at(self.response_deadline, self._response_fired, key)

    def deadline(self) -> float | None:
        """Seconds left on the timer for the pending prompt, if one runs."""
        ends = [d for d in (self.response_deadline, self.turn_deadline) if d is not None]
        if not ends:
            return None
        return max(0.0, round(min(ends) - asyncio.get_running_loop().time(), 3))

    def length(self) -> float | None:
        """The whole length of the clock :meth:`deadline` counts down (the response or the turn
        timer, whichever runs out first), None if none runs: the full bar of a client that
        comes in with the clock half run."""
        response, turn = self.response_deadline, self.turn_deadline
        if response is None and turn is None:
            return None
        if turn is None or (response is not None and response <= turn):
            length = self.options.response_timer
        else:
            length = self.options.turn_timer
        return None if length is None else float(length)  # (a float on the wire, always)

    def _response_fired(self, key: int) -> None:
        self._response = None
        self.response_deadline = None
        self._response_key = None
        self._on_response(key)

    def _turn_fired(self, turn: int) -> None:
        self._turn = None
        self.turn_deadline = None
        self._on_turn(turn)

    def _bot_fired(self, seq: int) -> None:
        self._bot = None
        self._on_bot(seq)
