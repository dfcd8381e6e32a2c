"""Strings about the fair deal: the shuffle made together, and the check after the game."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "fair.checking": {
        "zh": "公平发牌：核对中……",
        "en": "Fair deal: checking...",
    },
    "fair.verified": {
        "zh": "公平发牌：已验证——没有人能挑选这副牌，整局按规则进行，你看到的都对得上。",
        "en": "Fair deal: verified - nobody could choose the deal, the game followed the rules, "
        "and everything you were shown matches.",
    },
    "fair.verified.partial": {
        "zh": "公平发牌：从你回来起已验证——主机的公开、发牌、规则、你拿到的本局记录，"
        "以及你回来后看到的一切都对得上。你自己的随机数和回来之前看到的画面没有保存下来，"
        "这部分无法核对。",
        "en": "Fair deal: verified from your return on - the host's reveal, the deal, the "
        "rules, the game's log you were given and everything you were shown since you came "
        "back match. Your own random number and what you were shown before your return were "
        "not kept, so those could not be checked.",
    },
    "fair.verified.watching": {
        "zh": "公平发牌：从你开始观战起已验证——主机的公开、发牌、规则、你拿到的本局记录，"
        "以及之后看到的一切都对得上（之前的画面你没有看到，无法核对）。",
        "en": "Fair deal: verified from when you began watching - the host's reveal, the deal, "
        "the rules, the game's log you were given and everything you were shown since match "
        "(what came before you did not see, so it could not be checked).",
    },
    "fair.failed": {
        "zh": "公平发牌：未通过——{step} 对不上。",
        "en": "Fair deal: NOT verified - {step} did not match.",
    },
    "fair.none": {
        "zh": "公平发牌：无可核对（这张桌用固定的发牌号开局，或你是发牌之后才来的）。",
        "en": "Fair deal: nothing to check (this table deals from a fixed number, or you came "
        "after the deal).",
    },
    "fair.step.reveal": {"zh": "主机的公开", "en": "the host's reveal"},
    "fair.step.commitment": {"zh": "主机事先的承诺", "en": "the host's commitment"},
    "fair.step.part": {"zh": "各家的随机数", "en": "the players' numbers"},
    "fair.step.seed": {"zh": "发牌", "en": "the deal"},
    "fair.step.rules": {"zh": "规则版本", "en": "the rules"},
    "fair.step.replay": {"zh": "出牌记录", "en": "the choices"},
    "fair.step.views": {"zh": "你看到的画面", "en": "what you were shown"},
    "fair.step.history": {"zh": "你拿到的本局记录", "en": "the game's log you were given"},
    "fair.host_made": {
        "zh": "{names} 的随机数由主机代出（{why}）。",
        "en": "The host made the deal's number for {names} ({why}).",
    },
    "fair.why.absent": {"zh": "不在场或没有及时回应", "en": "away, or no answer in time"},
}
