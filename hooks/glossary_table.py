"""MkDocs hook: the glossary's table of every term in all five languages.

The terms live once, in ``content/glossary.json``; a glossary page says
``<!-- glossary-table -->`` where the table goes. Cells in a language other than
the page's are marked with ``lang`` so that screen readers and the spelling
check treat them as that language. Column titles are the language names that
``mkdocs.yml`` gives the i18n plugin.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

GLOSSARY = Path(__file__).resolve().parent.parent / "content" / "glossary.json"
MARKER = "<!-- glossary-table -->"


def glossary_table(page_lang: str, languages: list[tuple[str, str]], glossary: dict[str, dict[str, str]]) -> str:
    """A Markdown table, one row per term, one column per ``(code, name)`` language.

    >>> print(glossary_table("pl", [("en", "English"), ("pl", "Polski")], {"go": {"en": "go", "pl": "go"}}))
    | <span lang="en">English</span> | Polski |
    |---|---|
    | <span lang="en">go</span> | go |
    """

    def cell(text: str, lang: str) -> str:
        escaped = html.escape(text).replace("|", "&#124;")
        return escaped if lang == page_lang else f'<span lang="{lang}">{escaped}</span>'

    rows = ["| " + " | ".join(cell(name, code) for code, name in languages) + " |", "|" + "---|" * len(languages)]
    for term in glossary.values():
        rows.append("| " + " | ".join(cell(term[code], code) for code, _ in languages) + " |")
    return "\n".join(rows)


def site_languages(config) -> list[tuple[str, str]]:
    i18n = config["plugins"]["i18n"].config
    return [(language.locale, language.name) for language in i18n.languages]


def on_page_markdown(markdown: str, page, config, files) -> str:
    if MARKER not in markdown:
        return markdown
    parts = Path(page.file.src_uri).parts
    languages = site_languages(config)
    page_lang = parts[0] if parts and parts[0] in dict(languages) else languages[0][0]
    glossary = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    return markdown.replace(MARKER, glossary_table(page_lang, languages, glossary))
