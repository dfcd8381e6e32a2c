"""The game in words, Chinese or English: the log's lines, options, prompts, links, progress.

Pure and Textual-free, outside the rules engine (which never reads it): the table's log and
prompt bar use it, and so do ``qingming replay`` and ``qingming sim``. Each event kind has one
describer, in its module under :mod:`qm_words.events` beside its words; the other words it
uses are in :mod:`qm_words.strings`. Importing the package adds both to the catalogue
(:mod:`qm_rules.i18n`).
"""

from __future__ import annotations

from qm_rules.i18n import register

register("qm_words.strings")
register("qm_words.events")

from .links import describe_link  # noqa: E402  (the words registered first)
from .log import describe, describe_events, describe_result  # noqa: E402
from .logorder import LogOrder  # noqa: E402
from .names import (  # noqa: E402
    Places,
    card_index,
    card_name,
    count,
    describe_target,
    field_places,
    listed,
    mode_label,
    phase_name,
    place_words,
    seat_name,
    type_name,
)
from .options import describe_option, describe_options, distinct_options, option_cost  # noqa: E402
from .progress import (  # noqa: E402
    offerings_words,
    outlook_words,
    why_not_words,
    worship_block_words,
    worship_progress,
)
from .prompts import clause_words, cost_words, describe_prompt  # noqa: E402

__all__ = [
    "LogOrder",
    "Places",
    "card_index",
    "card_name",
    "clause_words",
    "cost_words",
    "count",
    "describe",
    "describe_events",
    "describe_link",
    "describe_option",
    "describe_options",
    "describe_prompt",
    "describe_result",
    "describe_target",
    "distinct_options",
    "field_places",
    "listed",
    "mode_label",
    "offerings_words",
    "option_cost",
    "outlook_words",
    "phase_name",
    "place_words",
    "seat_name",
    "type_name",
    "why_not_words",
    "worship_block_words",
    "worship_progress",
]
