"""The crib averages (``cribbage-crib-table``): a static table, nothing for the page to run.

The engine's exact average crib for every pair of discarded ranks, and beside it
the published figures the block quotes (``published``, ``source``).

>>> html = WIDGET.render("published: 5-5 8.5\\nsource: Colvert, Cribbage", "cs")
>>> "<td>8,5</td>" in html, "Colvert, Cribbage" in html
(True, True)
"""

from __future__ import annotations

import re
from html import escape

from ..analysis.discard import crib_rank_table
from ..core.cards import RANK_SYMBOLS
from ..i18n import Language, lookup, number, t
from .html import attrs, captioned_scroll_box
from .source import BlockError, Fields
from .widget import Static, Widget

_PUBLISHED_PAIR = re.compile(r"^\s*(A|[2-9]|10|J|Q|K)\s*-\s*(A|[2-9]|10|J|Q|K)\s+([0-9]+(?:\.[0-9]+)?)\s*$", re.I)


def _published_pairs(fields: Fields) -> list[tuple[tuple[int, int], float]]:
    """``published: 5-5 8.5, 5-J 6.7`` -> [((5, 5), 8.5), ((5, 11), 6.7)]."""
    if "published" not in fields:
        return []
    text, line = fields["published"]
    pairs = []
    for entry in text.split(","):
        match = _PUBLISHED_PAIR.match(entry)
        if match is None:
            raise BlockError("block_bad_value", line, key="published", value=entry.strip())
        low, high = sorted(RANK_SYMBOLS.index(symbol.upper()) + 1 for symbol in match.group(1, 2))
        pairs.append(((low, high), float(match.group(3))))
    return pairs


def _rank_header(rank: int, lang: Language) -> str:
    name = lookup("card.ranks", lang)[rank - 1]["name"]
    return f'<abbr title="{escape(name)}">{RANK_SYMBOLS[rank - 1]}</abbr>'


def crib_table_block(fields: Fields, lang: Language, uid: str, text: str) -> Static:
    published = _published_pairs(fields)
    table = crib_rank_table()
    best = max(table, key=lambda pair: table[pair])
    head = "".join(f'<th scope="col">{_rank_header(rank, lang)}</th>' for rank in range(1, 14))
    rows = []
    for low in range(1, 14):
        cells = []
        for high in range(1, 14):
            pair = (min(low, high), max(low, high))
            mark = ' class="cb-best"' if pair == best else ""
            cells.append(f"<td{mark}>{number(table[pair], lang, 1)}</td>")
        rows.append(f'<tr><th scope="row">{_rank_header(low, lang)}</th>{"".join(cells)}</tr>')
    caption_id = f"{uid}-crib-caption"
    # The table has a class so the theme leaves it unwrapped: its own box is the one that
    # scrolls on a phone, and a keyboard can reach (and so scroll) it.
    parts = [
        f'<div class="cb-crib-table"{attrs(tabindex="0", role="region", aria_labelledby=caption_id)}>'
        f'<table class="cb-crib-grid"><caption id="{escape(caption_id)}">{escape(t("crib_table.caption", lang))}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    ]
    if published:
        source_name = fields["source"][0] if "source" in fields else ""
        compare = "".join(
            f'<tr><th scope="row">{RANK_SYMBOLS[low - 1]}–{RANK_SYMBOLS[high - 1]}</th>'
            f"<td>{number(table[(low, high)], lang, 1)}</td><td>{number(value, lang, 1)}</td>"
            f"<td>{number(value - table[(low, high)], lang, 1)}</td></tr>"
            for (low, high), value in published
        )
        columns = "".join(
            f'<th scope="col">{escape(t(key, lang))}</th>'
            for key in ("crib_table.discard", "crib_table.engine", "crib_table.published", "crib_table.difference")
        )
        caption = t("crib_table.compare_caption", lang, source=source_name)
        # Four columns of long words (Bulgarian's "Публикувано − програма") may pass a phone's width.
        parts.append(
            captioned_scroll_box(
                f'<table class="cb-crib-compare"><thead><tr>{columns}</tr></thead><tbody>{compare}</tbody></table>',
                caption,
            )
        )
    return Static(f'<figure class="cb-static">{"".join(parts)}</figure>')


WIDGET = Widget(kind="crib-table", keys=("published", "source"), required=(), block=crib_table_block)
