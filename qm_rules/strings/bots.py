"""The bots' levels in words (:data:`qm_rules.bots.LEVELS`, and ``random``, which has none): the
table's seats, the host form and the host's log (``qingming serve``) all say them."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "level.easy": {"zh": "简单", "en": "easy"},
    "level.normal": {"zh": "普通", "en": "normal"},
    "level.hard": {"zh": "困难", "en": "hard"},
    "level.random": {"zh": "随机", "en": "random"},
}
