"""The tutorial's pages as the content tests read them: Markdown sources, live blocks,
anchors, the prose a reader reads, and hunspell."""

from __future__ import annotations

import functools
import re
import subprocess
from pathlib import Path

import helpers
from helpers import LANGUAGES
from prerequisites import require

import site_build

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
WORDS = ROOT / "content" / "words"
DICTIONARIES = {lang: name for lang, (name, _package) in site_build.HUNSPELL_DICTIONARIES.items()}
# The rules pages' sources (outside learn/), from the site's navigation: "basics.md", ...
PAGES = sorted(f"{page}.md" for page in helpers.PAGES)

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.S | re.M)
LIVE_BLOCK = re.compile(r"^```(cribbage-[a-z-]+)[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
ANCHOR = re.compile(r"\{[^}\n]*#([\w-]+)[^}\n]*\}")


def page_source(lang: str, page: str) -> str:
    return (DOCS / lang / page).read_text(encoding="utf-8")


def live_blocks(text: str) -> list[tuple[str, str]]:
    return [
        (kind, "\n".join(line.strip() for line in body.strip().splitlines())) for kind, body in LIVE_BLOCK.findall(text)
    ]


def anchors(text: str) -> list[str]:
    return ANCHOR.findall(FENCE.sub("", text))


_PROSE_FILTERS = [
    (FENCE, " "),
    (re.compile(r"<span[^>]*\blang=\"[^\"]+\"[^>]*>.*?</span>", re.S), " "),  # another language, on purpose
    (re.compile(r"<!--.*?-->", re.S), " "),
    (re.compile(r"`[^`\n]*`"), " "),  # card codes and code
    (re.compile(r"^\s*(!!!|\?\?\?\+?)\s+[\w-]+", re.M), " "),  # admonition type keyword
    (re.compile(r"\{[^}\n]*\}"), " "),  # attribute lists and anchors
    (re.compile(r"\]\([^)]*\)"), "] "),  # link targets
    (re.compile(r"https?://\S+"), " "),
    (re.compile(r"<[^>]+>"), " "),
    (re.compile(r"&\w+;"), " "),
    (re.compile(r":[a-z0-9-]+:"), " "),  # icon shortcodes
    (re.compile(r"^---\n.*?\n---\n", re.S), " "),  # front matter
]


def prose(text: str) -> str:
    """The words a reader reads: no code, live blocks, markup or wrapped foreign terms."""
    for pattern, replacement in _PROSE_FILTERS:
        text = pattern.sub(replacement, text)
    return text


def require_hunspell() -> None:
    """hunspell and every language's dictionary (`python3 site_build.py test` installs them as root)."""
    missing = site_build.missing_hunspell_packages()
    require(
        not missing,
        f"hunspell and its dictionaries for the spelling tests: `sudo apt-get install -y {' '.join(missing)}`",
    )


WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def words_of(text: str) -> set[str]:
    return set(WORD.findall(text))


@functools.cache
def _unknown_in_language(lang: str, with_word_list: bool, words: frozenset[str]) -> frozenset[str]:
    return frozenset(unknown_words("\n".join(sorted(words)), lang, with_word_list))


@functools.cache
def _all_words() -> frozenset[str]:
    """Every word of every page that exists (a missing page fails the parity tests, not these)."""
    return frozenset(
        word
        for lang in LANGUAGES
        for page in PAGES
        if (DOCS / lang / page).exists()
        for word in words_of(prose(page_source(lang, page)))
    )


def unknown_words_cached(words: set[str], lang: str, with_word_list: bool = True) -> set[str]:
    """Unknown words among ``words``, asking hunspell once per language for every page's words."""
    everything = _all_words() | words
    return set(_unknown_in_language(lang, with_word_list, everything)) & words


def unknown_words(text: str, lang: str, with_word_list: bool = True) -> set[str]:
    command = ["hunspell", "-i", "utf-8", "-d", DICTIONARIES[lang], "-l"]
    words = WORDS / f"{lang}.txt"
    if with_word_list and words.exists():
        command += ["-p", str(words)]
    result = subprocess.run(command, input=text, capture_output=True, text=True, encoding="utf-8", check=True)
    return {word for word in result.stdout.split() if not word.isdigit()}
