"""The table's web page (qm_web): the door a browser comes in by, and why it was let go."""

STRINGS: dict[str, dict[str, str]] = {
    "web.title": {"zh": "清明 · {table}", "en": "Qingming · {table}"},
    "web.heading": {"zh": "坐到这张牌桌上", "en": "Sit down at this table"},
    "web.name": {"zh": "你的名字", "en": "Your name"},
    "web.code": {"zh": "牌桌码", "en": "The table's code"},
    "web.code_hint": {
        "zh": "牌桌码在主机的等候室里，扫二维码就自带了。",
        "en": "The code is shown at the table, in the host's waiting room; the QR code carries it.",
    },
    "web.sit": {"zh": "入座", "en": "Sit down"},
    "web.lang": {"zh": "语言", "en": "Language"},
    "web.wrong_code": {
        "zh": "牌桌码不对。请向主机要这张牌桌的码。",
        "en": "That is not this table's code. Ask the host for it.",
    },
    "web.no_code": {
        "zh": "要有牌桌码才能入座：它显示在主机的等候室里。",
        "en": "You need the table's code to sit down: it is shown in the host's waiting room.",
    },
    "web.full": {
        "zh": "这张牌桌的浏览器名额满了，请稍后再试。",
        "en": "This table takes no more browsers now. Try again later.",
    },
    "web.busy": {
        "zh": "现在有太多人在输牌桌码，请过一会儿再试。",
        "en": "Too many codes are being tried at this table just now. Try again in a moment.",
    },
    "web.bad": {
        "zh": "这个浏览器的存储有问题，请刷新页面。",
        "en": "This browser's storage is not usable: reload the page.",
    },
    "web.refused": {"zh": "牌桌拒绝了连接。", "en": "The table refused the connection."},
    "web.ended": {"zh": "你离开了牌桌。", "en": "You left the table."},
    "web.idle": {
        "zh": "太久没有操作，连接已关闭。座位还在：点下面回到牌桌。",
        "en": "Closed after a long time without a tap or key. Your seat is kept: come back below.",
    },
    "web.replaced": {
        "zh": "这张牌桌已在这个浏览器的另一个标签页打开。",
        "en": "This table was opened in another tab of this browser.",
    },
    "web.stopping": {"zh": "牌桌关闭了。", "en": "The table has closed."},
    "web.lost": {
        "zh": "与牌桌的连接断了。座位还在：点下面重新连接。",
        "en": "The connection to the table broke off. Your seat is kept: connect again below.",
    },
    "web.again": {"zh": "回到牌桌", "en": "Back to the table"},
    "web.connecting": {"zh": "重新连接中…", "en": "Connecting again…"},
}
