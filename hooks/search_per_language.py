"""MkDocs hook: each language searches its own pages, and finds accented words typed without accents.

mkdocs-static-i18n builds every language in turn and Material's search plugin writes one
index for all of them at ``search/search_index.json``. After the last language is built,
this hook splits that index into ``<language root>/search/search_index.json``, with
locations relative to the language root; ``overrides/main.html`` points each page's search
base at its language root (so Material fetches that index and resolves result links
against it). It runs inside MkDocs, so ``mkdocs serve`` searches as the built site does.

Most readers type Polish, Czech and Slovak without diacritics on a phone. Material's search
worker takes its fields from the index's own config, so the indexes of those languages carry
two more fields, the title and the text folded to plain letters (only the words that fold
to something else): "startovni" then finds "startovní", while a query typed with accents
still finds the original text.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

Document = dict[str, Any]  # one entry of Material's search index: location, title, text, ...
SearchIndex = dict[str, Any]  # {"config": {...}, "docs": [Document, ...]}

# Languages whose readers often type without diacritics: their indexes carry folded copies.
FOLDED_LANGUAGES = frozenset({"pl", "cs", "sk"})
FOLDED_FIELDS = {"title": "title_folded", "text": "text_folded"}

# Letters that Unicode does not decompose into a base letter and a mark.
UNDECOMPOSED_LETTERS = str.maketrans({"ł": "l", "Ł": "L"})

WORD = re.compile(r"[^\W\d_]+")  # a run of letters: no digits, no punctuation

# The theme's search worker; its file name carries a hash that changes with each release.
SEARCH_WORKER = "assets/javascripts/workers/search.*.min.js"


def fold(text: str) -> str:
    """``text`` without diacritics, lower case, as a reader types it on a phone.

    >>> fold("Startovní karta"), fold("Łączna liczba"), fold("štvorica")
    ('startovni karta', 'laczna liczba', 'stvorica')
    """
    decomposed = unicodedata.normalize("NFD", text.translate(UNDECOMPOSED_LETTERS))
    return "".join(char for char in decomposed if not unicodedata.combining(char)).lower()


def folded_words(text: str) -> str:
    """The words of ``text`` (HTML allowed: tag names have no diacritics) that folding
    changes, folded, each once, in their first order.

    >>> folded_words("<p>Startovní karta, startovní body a <em>Nobs</em></p>")
    'startovni'
    """
    words = dict.fromkeys(fold(word) for word in WORD.findall(text) if fold(word) != word.lower())
    return " ".join(words)


def with_folded_fields(index: SearchIndex) -> SearchIndex:
    """``index`` whose documents also carry their folded words, searched with the same boosts."""
    fields = dict(index["config"]["fields"])
    for field, folded in FOLDED_FIELDS.items():
        fields[folded] = fields[field]
    docs = [
        {**doc, **{folded: folded_words(doc.get(field, "")) for field, folded in FOLDED_FIELDS.items()}}
        for doc in index["docs"]
    ]
    return {**index, "config": {**index["config"], "fields": fields}, "docs": docs}


def split_by_language(index: SearchIndex, roots: dict[str, str]) -> dict[str, SearchIndex]:
    """One index per language: its own documents, located from its root.

    ``roots`` maps each language to its root from the site root (``""`` for the default
    language, ``"pl/"``); a document belongs to the language whose root is the longest
    prefix of its location.

    Every part keeps the site's lunr language. lunr.js has no Bulgarian, and the pipeline
    Material sets up holds only the stop-word filter: English stop words never match a
    Cyrillic word, where Russian ones (Material's stand-in for Bulgarian) would leave
    Bulgarian words out of the index ("между", "две", "три").

    >>> index = {"config": {"lang": ["en"]}, "docs": [{"location": "basics/"}, {"location": "bg/"}]}
    >>> parts = split_by_language(index, {"en": "", "bg": "bg/"})
    >>> parts["en"]["docs"], parts["bg"]["docs"]
    ([{'location': 'basics/'}], [{'location': ''}])
    """
    by_length = sorted(roots.items(), key=lambda item: len(item[1]), reverse=True)
    docs: dict[str, list[Document]] = {lang: [] for lang in roots}
    for doc in index["docs"]:
        lang, root = next((lang, root) for lang, root in by_length if doc["location"].startswith(root))
        docs[lang].append({**doc, "location": doc["location"][len(root) :]})
    parts = {}
    for lang, own_docs in docs.items():
        part = {**index, "docs": own_docs}
        parts[lang] = with_folded_fields(part) if lang in FOLDED_LANGUAGES else part
    return parts


def language_roots(config: MkDocsConfig) -> dict[str, str]:
    """Each built language's root from the site root, from mkdocs-static-i18n's ``link``."""
    i18n = config.plugins["i18n"].config
    return {language.locale: language.link.lstrip("/") for language in i18n.languages if language.build}


def write_indexes(site_dir: Path, parts: dict[str, SearchIndex], roots: dict[str, str]) -> None:
    for lang, part in parts.items():
        target = site_dir / roots[lang] / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def theme_file(theme_dirs: Iterable[str], pattern: str) -> str:
    """The one file of the theme matching ``pattern``, relative to the theme folder."""
    found = sorted(
        {path.relative_to(folder).as_posix() for folder in map(Path, theme_dirs) for path in folder.glob(pattern)}
    )
    if len(found) != 1:
        raise PluginError(f"expected one theme file matching {pattern}, found {found}")
    return found[0]


# mkdocs-static-i18n builds the other languages inside the first build's on_post_build
# (each a nested build with its own pre and post build); only the outermost build ends
# with the index of every language.
_open_builds = 0


def on_env(env, config: MkDocsConfig, files):
    # overrides/main.html writes Material's config itself, with the search base moved to
    # the language root, and needs the worker that base.html names.
    env.globals["search_worker"] = theme_file(config.theme.dirs, SEARCH_WORKER)
    return env


def on_pre_build(config: MkDocsConfig) -> None:
    global _open_builds
    _open_builds += 1


def on_build_error(error: Exception) -> None:
    global _open_builds
    _open_builds = 0


@event_priority(-110)  # after mkdocs-static-i18n (-100), which writes the index of every language
def on_post_build(config: MkDocsConfig) -> None:
    global _open_builds
    _open_builds -= 1
    if _open_builds:
        return
    site_dir = Path(config.site_dir)
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    roots = language_roots(config)
    write_indexes(site_dir, split_by_language(index, roots), roots)
