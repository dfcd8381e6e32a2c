"""What activating a card costs, as its option says it before it is chosen ("Manifest First
Ancestor (costs 1 stacked offering)"), from the card data's ``cost``
(:func:`qm_words.option_cost`)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "option.costs": {"zh": "（代价：{costs}）", "en": " (costs {costs})"},
    # worded as the card words its cost ("代价：舍弃两张手牌"; zh {n}: describe.count)
    "option.cost.discard": {
        "zh": "舍弃 {n} 张手牌",
        "en": {"one": "{n} card from your hand", "other": "{n} cards from your hand"},
    },
    "option.cost.remove_stacked": {
        "zh": "移除 {n} 张叠放的供品",
        "en": {"one": "{n} stacked offering", "other": "{n} stacked offerings"},
    },
    # a small number of cards as the card texts write it, 0 to 10 (describe.count)
    "count.small": {
        "zh": "零、一、两、三、四、五、六、七、八、九、十",
        "en": "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10",  # (English writes digits: unused)
    },
}
