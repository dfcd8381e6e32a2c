"""Write the Chinese words a line never breaks inside (``qm_tui/data/zh_words.txt``).

Chinese has no spaces, so a line breaks between characters: "结算完" / "毕" or "停" / "手看清"
break a word. The words are those of every Chinese text the players read — the catalogue and
the card data — cut into words by jieba (a maintainer's tool: ``pip install jieba``; the game
never needs it), two to four characters each. qm_tui.linebreak keeps
each whole, as it keeps a card's name.

    .venv/bin/python tools/zh_words.py          # write the list
    .venv/bin/python tools/zh_words.py --check  # say whether it is current
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "qm_tui" / "data" / "zh_words.txt"
HAN = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff]{2,4}$")


def texts() -> list[str]:
    sys.path.insert(0, str(ROOT))
    import qm_tui.i18n  # noqa: F401  (registers the UI's strings)
    from qm_rules.cards import shipped_cards
    from qm_rules.i18n import all_strings

    out = []
    for v in all_strings().values():
        zh = v.get("zh")
        out += list(zh.values()) if isinstance(zh, dict) else [zh or ""]
    for c in shipped_cards().cards:
        out += [c.text("zh")]
    return out


def words() -> list[str]:
    import jieba

    jieba.setLogLevel(60)
    found = set()
    for text in texts():
        for word in jieba.cut(re.sub(r"\{[^}]*\}", " ", text)):
            if HAN.match(word):
                found.add(word)
    return sorted(found)


def main() -> int:
    text = "\n".join(words()) + "\n"
    if "--check" in sys.argv[1:]:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        print(f"{OUT} is {'up to date' if current == text else 'out of date'}")
        return 0 if current == text else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {len(text.splitlines())} words to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
