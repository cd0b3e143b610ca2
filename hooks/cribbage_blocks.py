"""MkDocs hook: turn fenced ``cribbage-*`` blocks into live examples.

A block such as::

    ```cribbage-hand
    hand: 5H 5S 5C JD
    starter: 5D
    expect: 29
    ```

becomes the static HTML that ``cribbage.widgets.render_block`` writes in the
page's language (the first folder of the page's path, ``docs/<lang>/...``). An
invalid block, or one whose ``expect`` disagrees with the engine, stops the
build with the file and line. Fences of another kind (for example a
````` ````markdown ````` fence showing a block's syntax) are left alone, with
whatever they contain.

Before Markdown runs, each block becomes a one-word placeholder paragraph; the
HTML replaces it after Markdown, so a block works the same at the top level,
in an admonition, a list or a tab, and Markdown never reads the widget's HTML.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
if str(ENGINE) not in sys.path:
    sys.path.insert(0, str(ENGINE))

from cribbage.errors import CribbageError  # noqa: E402
from cribbage.i18n import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402
from cribbage.widgets import KINDS, BlockError, render_block  # noqa: E402
from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)[^`]*$")


def page_language(src_path: str) -> str:
    """``pl/show.md`` -> ``pl``; pages outside a language folder are English.

    >>> page_language("bg/play.md"), page_language("index.md")
    ('bg', 'en')
    """
    first = Path(src_path).parts[0] if Path(src_path).parts else ""
    return first if first in LANGUAGES else DEFAULT_LANGUAGE


Widgets = dict[str, str]
"""Placeholder word -> the widget's HTML."""

_PLACEHOLDER = "CRIBBAGEWIDGET{page}X{index}Z"  # Z: X1 must not be the start of X10
_pending: dict[str, Widgets] = {}


def replace_blocks(markdown: str, lang: str, where: str) -> str:
    """Markdown with every ``cribbage-*`` fence replaced by its HTML (for pages built without MkDocs)."""
    text, widgets = render_blocks(markdown, lang, where)
    return insert_widgets(text, widgets)


def insert_widgets(text: str, widgets: Widgets) -> str:
    """Put each widget's HTML where its placeholder is (alone in a paragraph after Markdown)."""
    for word, html in widgets.items():
        text = text.replace(f"<p>{word}</p>", html).replace(word, html)
    return text


def render_blocks(markdown: str, lang: str, where: str) -> tuple[str, Widgets]:
    """Render every ``cribbage-*`` fence of ``markdown`` (``where`` names the file in errors).

    Returns the Markdown with one placeholder word per block, and the HTML of each.
    """
    page = hashlib.sha1(where.encode()).hexdigest()[:8]
    widgets: Widgets = {}
    lines = markdown.split("\n")
    out: list[str] = []
    index = 0
    count = 0
    while index < len(lines):
        match = _FENCE.match(lines[index])
        if match is None:
            out.append(lines[index])
            index += 1
            continue
        indent, fence, info = match.group("indent"), match.group("fence"), match.group("info")
        end = _closing(lines, index, indent, fence)
        if not info.startswith("cribbage-") or len(fence) != 3:
            out.extend(lines[index : end + 1])
            index = end + 1
            continue
        kind = info[len("cribbage-") :]
        if end == len(lines):
            raise PluginError(f"{where}:{index + 1}: the cribbage-{kind} block is not closed")
        body = "\n".join(line[len(indent) :] if line.startswith(indent) else line for line in lines[index + 1 : end])
        count += 1
        try:
            if kind not in KINDS:
                raise BlockError("block_unknown_kind", kind=f"cribbage-{kind}")
            html = render_block(kind, body, lang, uid=f"cb{count}")
        except CribbageError as error:
            line = index + 1 + getattr(error, "line", 0)
            raise PluginError(f"{where}:{line}: cribbage-{kind}: {getattr(error, 'text', error)}") from error
        word = _PLACEHOLDER.format(page=page, index=count)
        widgets[word] = html
        out.extend(["", indent + word, ""])
        index = end + 1
    return "\n".join(out), widgets


def _closing(lines: list[str], start: int, indent: str, fence: str) -> int:
    """Index of the line closing the fence opened at ``start`` (``len(lines)`` if none)."""
    closer = re.compile(rf"^{re.escape(indent)}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
    for index in range(start + 1, len(lines)):
        if closer.match(lines[index]):
            return index
    return len(lines)


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    src = page.file.src_path.replace("\\", "/")
    where = f"{Path(config['docs_dir']).name}/{src}"
    text, widgets = render_blocks(markdown, page_language(src), where)
    _pending[src] = widgets
    return text


def on_page_content(html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    return insert_widgets(html, _pending.pop(page.file.src_path.replace("\\", "/"), {}))
