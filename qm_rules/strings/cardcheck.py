"""What ``qingming cards check`` says of a card data file (:mod:`qm_rules.cardcheck`): one
sentence a fault, after its line and field, in words a designer who never read the code
follows."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "cardcheck.where.card": {"zh": "卡牌 {card}", "en": "card {card}"},
    "cardcheck.clean": {
        "zh": "{file}：没有问题。{n} 张卡牌，其中 {ancestors} 张祖宗牌；规则哈希 {digest}。",
        "en": "{file}: nothing wrong. {n} cards, {ancestors} of them ancestors; rules hash "
        "{digest}.",
    },
    "cardcheck.summary": {
        "zh": "共 {n} 处问题。",
        "en": {"one": "{n} fault.", "other": "{n} faults."},
    },
    "cardcheck.refused": {
        "zh": "这套卡牌有 {n} 处问题（见上），没有开始。",
        "en": {
            "one": "the card set has {n} fault (above); nothing was started.",
            "other": "the card set has {n} faults (above); nothing was started.",
        },
    },
    "cardcheck.toml": {
        "zh": "这不是有效的 TOML 文件：{detail}。",
        "en": "This is not a valid TOML file: {detail}.",
    },
    "cardcheck.encoding": {
        "zh": "文件必须是 UTF-8 编码：{detail}。",
        "en": "The file must be UTF-8 text: {detail}.",
    },
    "cardcheck.top_key": {
        "zh": "文件顶层不认识 {key}：那里只能有 version 和 [[card]] 表。",
        "en": "Unknown key {key} at the top of the file: only version and [[card]] tables "
        "belong there.",
    },
    "cardcheck.no_cards": {
        "zh": "文件里没有卡牌：每张卡牌是一个 [[card]] 表。",
        "en": "The file has no cards: each card is a [[card]] table.",
    },
    "cardcheck.not_table": {
        "zh": "这张卡牌不是一个表：用 [[card]] 开头，下面写它的键。",
        "en": "This card is not a table: start it with [[card]] and put its keys below.",
    },
    "cardcheck.no_id": {
        "zh": '这张卡牌没有 id：写上 id = "…"（一个在整套牌里唯一的词）。',
        "en": 'This card has no id: give it id = "…" (a word no other card of the set uses).',
    },
    "cardcheck.duplicate_id": {
        "zh": "id {id} 已被第 {first} 行的卡牌使用：每张卡牌的 id 必须唯一。",
        "en": "The id {id} is already used by the card on line {first}: ids must be unique.",
    },
    "cardcheck.unknown_key": {
        "zh": "不认识的键 {key}；这里可以写的键：{known}。",
        "en": "Unknown key {key}; the keys allowed here: {known}.",
    },
    "cardcheck.bad_type": {
        "zh": "类型必须是 {choices} 之一，而不是 {value}。",
        "en": "The type must be one of {choices}, not {value}.",
    },
    "cardcheck.want_count": {
        "zh": "{field} 需要一个不小于 {least} 的整数，而不是 {value}。",
        "en": "{field} needs a whole number of at least {least}, not {value}.",
    },
    "cardcheck.want_number": {
        "zh": "{field} 需要一个数，而不是 {value}。",
        "en": "{field} needs a number, not {value}.",
    },
    "cardcheck.want_flag": {
        "zh": "{field} 需要 true 或 false，而不是 {value}。",
        "en": "{field} needs true or false, not {value}.",
    },
    "cardcheck.want_words": {
        "zh": '这里需要一列词（如 ["burning"]），而不是 {value}。',
        "en": 'This needs a list of words (such as ["burning"]), not {value}.',
    },
    "cardcheck.want_choices": {
        "zh": "这里只能是 {choices}，而不是 {value}。",
        "en": "This may only be {choices}, not {value}.",
    },
    "cardcheck.want_text": {
        "zh": '{field} 需要一个带 zh 和 en 的表，如 {{ zh = "…", en = "…" }}。',
        "en": '{field} needs a table with zh and en, such as {{ zh = "…", en = "…" }}.',
    },
    "cardcheck.missing_language": {
        "zh": "{field} 缺少 {lang} 的文字：每个名字和文字都要有中文（zh）和英文（en）。",
        "en": "{field} has no {lang} words: every name and text needs Chinese (zh) and "
        "English (en).",
    },
    "cardcheck.unknown_language": {
        "zh": "{field} 里不认识 {key}：只有 zh 和 en 两种语言。",
        "en": "{field} has {key}, which is not a language of the game: only zh and en.",
    },
    "cardcheck.needs_trigger": {
        "zh": "陷阱牌和反击牌需要 trigger：它回应什么。",
        "en": "Traps and counters need a trigger: what they answer.",
    },
    "cardcheck.needs_effect": {
        "zh": "行动牌、陷阱牌和反击牌需要 effect（或 modes）。",
        "en": "Actions, traps and counters need an effect (or modes).",
    },
    "cardcheck.modes_and_effect": {
        "zh": "一张卡牌写 modes 或 effect，不能两者都写。",
        "en": "A card has modes or an effect, not both.",
    },
    "cardcheck.want_modes": {
        "zh": "modes 是一列表，每个有 label 和 effect。",
        "en": "modes is a list of tables, each with a label and an effect.",
    },
    "cardcheck.want_effect": {
        "zh": "效果是一列段落（至少一段），每段是一列子句。",
        "en": "An effect is a list of sections (at least one), each a list of clauses.",
    },
    "cardcheck.want_section": {
        "zh": '一段至少要有一个子句，如 [{ op = "draw", n = 1 }]。',
        "en": 'A section needs at least one clause, such as [{ op = "draw", n = 1 }].',
    },
    "cardcheck.want_clause": {
        "zh": '一个子句是一个带 op 的表，如 { op = "draw", n = 1 }。',
        "en": 'A clause is a table with an op, such as { op = "draw", n = 1 }.',
    },
    "cardcheck.unknown_op": {
        "zh": "不认识的子句 op {op}；可用的有：{known}。",
        "en": "Unknown clause op {op}; the ops are: {known}.",
    },
    "cardcheck.op_key": {
        "zh": "{op} 不接受键 {key}；它接受：{known}。",
        "en": "{op} takes no key {key}; it takes: {known}.",
    },
    "cardcheck.op_missing": {
        "zh": "{op} 需要 {key}。",
        "en": "{op} needs {key}.",
    },
    "cardcheck.at_least_over_n": {
        "zh": "at_least（{least}）不能大于 n（{n}）：最少不能比最多还多。",
        "en": "at_least ({least}) cannot be more than n ({n}): the fewest cannot exceed the most.",
    },
    "cardcheck.want_target": {
        "zh": "这里要写卡牌 targets 中的一个序号（从 0 数起），且那个目标是 {kind}；{value} 不是。",
        "en": "This needs the number (from 0) of one of the card's targets that is a {kind}; "
        "{value} is not.",
    },
    "cardcheck.want_filter": {
        "zh": "筛选是一个带 type 和/或 tag 的表，而不是 {value}。",
        "en": "A filter is a table of type and/or tag, not {value}.",
    },
    "cardcheck.empty_filter": {
        "zh": "筛选 {filter} 不符合本套的任何卡牌：用它的搜索或计数永远找不到牌。",
        "en": "The filter {filter} matches no card of this set: a search or count with it "
        "can never find one.",
    },
    "cardcheck.unknown_cost": {
        "zh": "不认识的代价 {op}；可用的有：{known}。",
        "en": "Unknown cost {op}; the costs are: {known}.",
    },
    "cardcheck.want_costs": {
        "zh": '代价是一列表，如 [{ op = "discard", n = 1 }]。',
        "en": 'A cost is a list of tables, such as [{ op = "discard", n = 1 }].',
    },
    "cardcheck.no_condition": {
        "zh": "祖宗牌需要祭祀条件：写 condition = { op = … }。",
        "en": "An ancestor needs a worship condition: give it condition = { op = … }.",
    },
    "cardcheck.unknown_condition": {
        "zh": "不认识的祭祀条件 {op}；可用的有：{known}。",
        "en": "Unknown worship condition {op}; the conditions are: {known}.",
    },
    "cardcheck.only_ancestors": {
        "zh": "只有祖宗牌才有 {key}。",
        "en": "Only ancestors have a {key}.",
    },
    "cardcheck.want_manifestation": {
        "zh": "显灵是一个带 trigger、cost 和 effect 的表。",
        "en": "A manifestation is a table with a trigger, a cost and an effect.",
    },
    "cardcheck.want_bot": {
        "zh": "bot 是一个带 keep 和 set 的表。",
        "en": "bot is a table of keep and set.",
    },
    "cardcheck.few_ancestors": {
        "zh": "{need} 人局每人发一张不同的祖宗牌：这套牌只有 {n} 张，至少需要 {need} 张。",
        "en": "A game of {need} deals each player a different ancestor: this set has {n}, "
        "it needs at least {need}.",
    },
    "cardcheck.deck_too_big": {
        "zh": "{players} 人局的牌堆有 {n} 张，超过一局能容纳的 {most} 张：减少 copies。",
        "en": "At {players} players the deck would hold {n} cards, more than the {most} a "
        "game can hold: lower some copies.",
    },
    "cardcheck.deck_too_small": {
        "zh": "{players} 人局的牌堆只有 {n} 张，发不出每人 5 张的起手牌（需要 {need} 张）："
        "增加 copies。",
        "en": "At {players} players the deck holds only {n} cards, too few to deal every "
        "opening hand of 5 ({need}): raise some copies.",
    },
    "cardcheck.other": {
        "zh": "卡牌数据有误：{detail}",
        "en": "The card data is wrong here: {detail}",
    },
}
