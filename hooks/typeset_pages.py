"""MkDocs hook: the pages set in their language's typography, as the engine's words are.

``cribbage.typography.typeset`` (no-break spaces after Czech, Slovak, Polish and Bulgarian
words of one letter and after a number, each language's quotes) runs on every text node of each built
page, in the language of its nearest ``lang`` attribute (an English term in a Czech page is
set as English), and never inside code, pre, kbd, samp, script, style, textarea, svg, or a
live example: ``cribbage.i18n`` has set the examples' words already, and the browser renders
them again with the same function. Attribute values are left as written, and so are the
headings' anchors (made from the Markdown before this runs).

The page's content is set once more before Material indexes it for search, so the results
read as the page does.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
if str(ENGINE) not in sys.path:
    sys.path.insert(0, str(ENGINE))

from cribbage.i18n import LANGUAGES  # noqa: E402
from cribbage.typography import typeset  # noqa: E402

# A comment, a declaration, or a tag (its attribute values may hold ">").
TAG = re.compile(r"""<!--.*?-->|<![^>]*>|<(/?)([A-Za-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>""", re.S)
ATTRIBUTE = r"""(?:^|\s){name}\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))"""
LANG = re.compile(ATTRIBUTE.format(name="lang"))
CLASS = re.compile(ATTRIBUTE.format(name="class"))
RAW_TEXT = frozenset({"script", "style", "textarea"})  # their text is not HTML: read to their end tag
NOT_PROSE = RAW_TEXT | {"code", "pre", "kbd", "samp", "svg", "math"}
LIVE_EXAMPLE_CLASSES = frozenset({"cribbage-widget", "cb-static"})  # the roots cribbage.widgets writes
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
# Inside a paragraph: the text before such a tag is the context of the text after it.
INLINE = frozenset({"a", "abbr", "b", "cite", "code", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp", "small"})
INLINE |= {"span", "strong", "sub", "sup", "time", "u", "var"}
CONTEXT = 200  # how much of the paragraph before a text node its rules read (a few letters, or a bracket)


def attribute(pattern: re.Pattern[str], attributes: str) -> str | None:
    found = pattern.search(attributes)
    return next((value for value in found.groups() if value is not None), "") if found else None


def typeset_html(markup: str, lang: str) -> str:
    """``markup`` with its text typeset; ``lang``: the language outside any ``lang`` attribute.

    >>> typeset_html('<p>a <em>v</em> lese <code>a b</code> <span lang="en">a "b"</span></p>', "cs")
    '<p>a\\xa0<em>v</em>\\xa0lese <code>a b</code> <span lang="en">a “b”</span></p>'
    >>> typeset_html('<a title="a b" href="#">z domu</a><div class="cribbage-widget">a b</div>', "pl")
    '<a title="a b" href="#">z\\xa0domu</a><div class="cribbage-widget">a b</div>'
    """
    out: list[str] = []
    open_elements: list[tuple[str, str | None, bool]] = []  # (tag, language, inside something not prose)
    preceding = ""  # the paragraph's text so far: what a quote or a one-letter word is read after
    position = 0
    while position < len(markup):
        found = TAG.search(markup, position)
        end = found.start() if found else len(markup)
        text = markup[position:end]
        if text:
            language, skipped = (open_elements[-1][1], open_elements[-1][2]) if open_elements else (lang, False)
            if skipped or language not in LANGUAGES:
                out.append(text)
                preceding = (preceding + html.unescape(text))[-CONTEXT:]
            else:
                plain = html.unescape(text)
                typeset_text = typeset(plain, language, preceding)
                out.append(text if typeset_text == plain else html.escape(typeset_text, quote=False))
                preceding = (preceding + typeset_text)[-CONTEXT:]
        if found is None:
            break
        out.append(found.group(0))
        position = found.end()
        closing, tag = found.group(1), (found.group(2) or "").lower()
        if not tag:
            continue  # a comment or a declaration
        if tag not in INLINE:
            preceding = ""
        if closing:
            names = [name for name, _, _ in open_elements]
            if tag in names:
                del open_elements[len(names) - 1 - names[::-1].index(tag) :]
            continue
        attributes = found.group(3)
        if tag in VOID or attributes.rstrip().endswith("/"):
            continue
        parent_lang, parent_skipped = (open_elements[-1][1], open_elements[-1][2]) if open_elements else (lang, False)
        own_lang = attribute(LANG, attributes)
        classes = set((attribute(CLASS, attributes) or "").split())
        skipped = parent_skipped or tag in NOT_PROSE or bool(classes & LIVE_EXAMPLE_CLASSES)
        language = own_lang.split("-")[0].lower() if own_lang is not None else parent_lang
        if tag in RAW_TEXT:
            closer = re.compile(rf"</{tag}\s*>", re.I).search(markup, position)
            raw_end = closer.start() if closer else len(markup)
            out.append(markup[position:raw_end])
            position = raw_end
            continue
        open_elements.append((tag, language, skipped))
    return "".join(out)


def on_page_content(html_content: str, *, page, config, files) -> str:
    # Before Material's search indexes the content (the live examples skipped as below).
    return typeset_html(html_content, config.theme["language"])


def on_post_page(output: str, *, page, config) -> str:
    # The whole page: the navigation, the table of contents and the titles too.
    return typeset_html(output, config.theme["language"])
