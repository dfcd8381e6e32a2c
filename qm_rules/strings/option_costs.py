"""What activating a card costs, as its option says it before it is chosen ("Manifest First
Ancestor (costs 1 stacked offering)"), from the card data's ``cost``
(:func:`qm_rules.describe.option_cost`)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "option.costs": {"zh": "（代价：{costs}）", "en": " (costs {costs})"},
    "option.cost.discard": {
        "zh": "弃 {n} 张手牌",
        "en": {"one": "{n} card from your hand", "other": "{n} cards from your hand"},
    },
    "option.cost.remove_stacked": {
        "zh": "移除 {n} 张叠放的供品",
        "en": {"one": "{n} stacked offering", "other": "{n} stacked offerings"},
    },
}
