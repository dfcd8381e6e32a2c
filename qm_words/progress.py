"""How far a seat is towards worship, what keeps a player from it, and why a card cannot be
played now, in words."""

from __future__ import annotations

from qm_rules.i18n import tr
from qm_rules.model import View
from qm_rules.plays import Reason
from qm_rules.progress import WORSHIP_OFFERINGS, Outlook, Standing, seat_progress, worship_block
from qm_rules.shown import DEFS

from .names import card_name, listed


def _standing_words(st: Standing, lang: str) -> str:
    """A condition and how far a seat is, without the ancestor's name ("4 of 5 offerings
    stacked"; another player's hand condition as the condition alone)."""
    cond, have, n = st.condition, st.have, st.need
    what = ""
    if cond.op == "hand_count":
        f = cond.filter
        if f is not None and f.tag is not None:
            what = tr("progress.what.tag", lang, n=n, tag=tr(f"tag.{f.tag}", lang))
        else:
            what = tr(f"progress.what.{f.type if f is not None and f.type else 'card'}", lang, n=n)
    if cond.op == "hand_types":
        if have is None:
            types = listed(lang, (tr(f"noun.{t}", lang) for t in cond.types))
            return tr("progress.hidden.hand_types", lang, types=types)
        if have < n:
            missing = listed(lang, (tr(f"noun.{t}", lang) for t in st.missing))
            return tr("progress.hand_types", lang, missing=missing)
        types = listed(lang, (tr(f"noun.{t}", lang) for t in cond.types))
        return tr("progress.hand_types.met", lang, types=types)
    if have is None:  # (only a hand's cards are ever hidden)
        return tr("progress.hidden.hand_count", lang, n=n, what=what)
    return tr(f"progress.{cond.op}", lang, n=n, have=have, what=what)


def worship_progress(view: View, seat: int, lang: str, *, not_yet: bool = False) -> str | None:
    """``seat``'s ancestor on the field, its worship condition and how far they are, in words
    ("First Ancestor: 4 of 5 offerings stacked"), counted by :func:`qm_rules.progress.seat_progress`
    from what ``view`` shows; None without an ancestor on the field. Another player's hand
    condition is given without a count ("needs 2 traps in hand"). ``not_yet`` says the
    condition does not hold yet (for its owner, whose win would have ended the game)."""
    st = seat_progress(view, seat).ancestor
    if st is None:
        return None
    key = "progress.not_yet" if not_yet else "progress.named"
    return tr(key, lang, name=card_name(st.card, lang), words=_standing_words(st, lang))


def offerings_words(view: View, seat: int, lang: str) -> str:
    """``seat``'s offerings on the field out of the 4 worship needs: "offerings 3/4"."""
    n = seat_progress(view, seat).offerings
    return tr("progress.offerings", lang, n=n, need=WORSHIP_OFFERINGS)


def outlook_words(outlook: Outlook, lang: str) -> str:
    """An ancestor in my hand, its condition as declaring it now would leave it, and whether
    that wins ("Maternal Grandfather: 0 of 2 traps in hand - not yet"); while worship cannot be
    declared yet, whether the condition is met now ("... - met now")."""
    st = outlook.standing
    verdict = outlook.verdict if outlook.declarable else f"held_{outlook.verdict}"
    return tr(
        f"progress.outlook.{verdict}",
        lang,
        name=card_name(st.card, lang),
        words=_standing_words(st, lang),
    )


def worship_block_words(view: View, lang: str) -> str | None:
    """What keeps the viewer from declaring worship now ("offerings on your field: 2 of 4",
    "no ancestor in your hand"); None if nothing does."""
    block = worship_block(view)
    if block is None:
        return None
    what, n = block
    return tr(f"progress.block.{what}", lang, n=n)


def why_not_words(reason: Reason, card_id: str | None, lang: str) -> str:
    """Why a card cannot be played now (:func:`qm_rules.plays.why_not`), in a sentence."""
    code = reason.code
    if code == "no_target":
        return tr(f"whynot.no_target.{reason.word}", lang)
    if code == "prohibited":
        return tr("whynot.prohibited", lang, tag=tr(f"tag.{reason.word}", lang))
    if code == "trigger":
        d = DEFS.get(card_id or "")
        trigger = d.trigger if d is not None else None
        if not trigger:
            return tr("whynot.no_response", lang)
        return tr("whynot.trigger", lang, trigger=tr(f"trigger.{trigger}", lang))
    return tr(f"whynot.{code}", lang, n=reason.n)
