"""Each language's typesetting, applied to every text a reader sees.

One function, :func:`typeset`, used twice: :mod:`cribbage.i18n` passes every catalogue
string through it (so the examples, the game, the coach and the CLI are set alike), and the
site's MkDocs hook ``hooks/typeset_pages.py`` passes the pages' text through it. The rules
are data, in ``cribbage/messages/typography.json``, one entry per language:

* ``one_letter_words``: words that must not end a line (Czech and Slovak prepositions and
  conjunctions, as ``vlna`` keeps them for TeX; the Polish and Bulgarian ones): the space after them
  becomes a no-break space;
* ``number_keeps_next_word``: a number stays on the line of the word, the unit or the
  group of three digits that follows it (``5 bodů``, ``12 994 800``, ``17. století``),
  and a section sign on the line of its number (``§ 7``);
* ``quotes`` and ``inner_quotes``: what a straight ``"`` and ``'`` become, opening or
  closing as the character before them says; ``apostrophe`` what a ``'`` inside or after a
  word becomes.

>>> typeset('Vznikla v Anglii a "nobs" je kluk.', "cs")
'Vznikla v\\xa0Anglii a\\xa0„nobs“ je kluk.'
>>> typeset("Za 5 bodů z 12 994 800 rozdání", "cs")
'Za 5\\xa0bodů z\\xa012\\xa0994\\xa0800\\xa0rozdání'
>>> typeset("the dealer's \\"go\\"", "en")
'the dealer’s “go”'

Every change replaces one character by one, and a no-break space is not a space these
rules look for, so typesetting twice changes nothing more: ``typeset(typeset(x)) ==
typeset(x)``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

# What the rules may change: a straight quote, and for a language with rules for spaces a
# run of the spaces a line may break at (a no-break space is not one).
QUOTES = "\"'"
ONLY_QUOTES = re.compile("[\"']")
QUOTES_AND_SPACES = re.compile("[ \t\r\n]+|[\"']")
NO_BREAK_SPACE = "\N{NO-BREAK SPACE}"
# After one of these (or at the start), a straight quote opens; after anything else it closes.
OPENING_CONTEXT = frozenset(" \t\r\n\N{NO-BREAK SPACE}([{/-–—\"'„“‚‘«‹")
# A number as a token of its own: "5", "12,41", "−1.52", "17.", not "5H" or "x2".
NUMBER_BEFORE = re.compile(r"(?:^|[\s(\[„“‚‘«/–—\"'])[−+-]?\d+(?:[.,]\d+)*\.?$")


@dataclass(frozen=True)
class Rules:
    """One language's rules, as ``typography.json`` gives them."""

    one_letter_words: frozenset[str]
    number_keeps_next_word: bool
    quotes: tuple[str, str]
    inner_quotes: tuple[str, str]
    apostrophe: str


@cache
def rules(lang: str) -> Rules:
    """The rules of ``lang`` (a code of :data:`cribbage.i18n.LANGUAGES`).

    >>> sorted(rules("pl").one_letter_words), rules("bg").quotes
    (['a', 'i', 'o', 'u', 'w', 'z'], ('„', '“'))
    """
    from importlib import resources  # here, as the catalogues are read: only when words are needed

    text = resources.files(__package__).joinpath("messages", "typography.json").read_text(encoding="utf-8")
    every: dict[str, dict[str, Any]] = json.loads(text)
    if lang not in every:
        raise ValueError(f"no typography for language {lang!r}; expected one of {', '.join(every)}")
    entry = every[lang]
    words = frozenset(str(word) for word in entry["one_letter_words"])
    if any(len(word) != 1 for word in words):
        raise ValueError(f"{lang}: one_letter_words must be single letters, got {sorted(words)}")
    opening, closing = entry["quotes"]
    inner_opening, inner_closing = entry["inner_quotes"]
    return Rules(
        one_letter_words=words,
        number_keeps_next_word=bool(entry["number_keeps_next_word"]),
        quotes=(str(opening), str(closing)),
        inner_quotes=(str(inner_opening), str(inner_closing)),
        apostrophe=str(entry["apostrophe"]),
    )


def typeset(text: str, lang: str, preceding: str = "") -> str:
    """``text`` set by the rules of ``lang``.

    ``preceding``: the text just before ``text`` in the same paragraph (an earlier node of a
    page, as ``v `` before ``<strong>Anglii</strong>``), read and never changed: it decides
    the side of a quote that opens ``text`` and the space after a word of one letter.

    >>> typeset("Anglii", "cs", preceding="v "), typeset(' a "go"', "cs", preceding="„pas“")
    ('Anglii', ' a\\xa0„go“')
    >>> typeset('"5H" and ["5H", "5S"]', "en")  # a JSON list in an error message is code
    '“5H” and ["5H", "5S"]'
    >>> typeset("Раздава 6 карти", "bg"), typeset("oko w oko", "pl"), typeset("Section § 7 a", "en")
    ('Раздава 6\\xa0карти', 'oko w\\xa0oko', 'Section § 7 a')
    >>> typeset("22:       444       444", "pl")  # padded columns keep their spaces
    '22:       444       444'
    >>> typeset("сбора и\\n   печелят", "bg")  # a line break of the page's source is a space
    'сбора и\\xa0печелят'
    >>> typeset("do 121. Potom 17. století, § 7 a 5 %", "cs")
    'do 121. Potom 17.\\xa0století, §\\xa07\\xa0a\\xa05\\xa0%'
    """
    return _typeset(preceding + text, len(preceding), lang)


def as_inner_quotation(text: str, lang: str) -> str:
    """``text``, already typeset, to stand inside a quotation (a ``<q>``, whose marks the
    browser draws): its own quotation marks become the language's inner ones.

    >>> as_inner_quotation("nothing (or, as players joke, “nineteen”)", "en")
    'nothing (or, as players joke, ‘nineteen’)'
    >>> as_inner_quotation("nic (v žertu se tomu říká „devatenáct“)", "cs")
    'nic (v žertu se tomu říká ‚devatenáct‘)'
    """
    language = rules(lang)
    return text.translate(str.maketrans("".join(language.quotes), "".join(language.inner_quotes)))


@lru_cache(maxsize=4096)  # a page, a game or the CLI sets the same messages again and again
def _typeset(whole: str, start: int, lang: str) -> str:
    """``whole[start:]`` typeset, ``whole[:start]`` read as what precedes it."""
    language = rules(lang)
    pieces: list[str] = []
    copied = start
    inner_open = _still_open(whole[:start], language) if language.inner_quotes[1] != language.apostrophe else 0
    candidates = QUOTES_AND_SPACES if language.one_letter_words or language.number_keeps_next_word else ONLY_QUOTES
    for match in candidates.finditer(whole, start):
        at, end = match.span()
        if whole[at] in QUOTES:
            replacement = _quote(whole, at, language, inner_open)
            if replacement == language.inner_quotes[0]:
                inner_open += 1
            elif replacement == language.inner_quotes[1] and inner_open:
                inner_open -= 1
        elif _keeps_next_word(whole, at, end, language):
            replacement = NO_BREAK_SPACE
        else:
            continue
        pieces.append(whole[copied:at])
        pieces.append(replacement)
        copied = end
    pieces.append(whole[copied:])
    return "".join(pieces)


def _keeps_next_word(whole: str, start: int, end: int, language: Rules) -> bool:
    """Whether the breaking space ``whole[start:end]`` becomes one no-break space (a run of
    spaces on one line is layout, as in the command line's padded columns, and stays as it
    is; a line break and its indentation, as in a page's HTML, is one space)."""
    if end - start > 1 and "\n" not in whole[start:end]:
        return False
    before = whole[start - 1] if start else ""
    if before.lower() in language.one_letter_words and not (start > 1 and _in_word(whole[start - 2])):
        return True  # "v Anglii", not "5s ", "s. ", "o' "
    if not language.number_keeps_next_word or end == len(whole):
        return False
    after = whole[end]
    if before == "§":
        return after.isdigit()
    if not (before.isdigit() or before == ".") or not NUMBER_BEFORE.search(whole, max(0, start - 32), start):
        return False
    if before == ".":
        return after.islower()  # "17. století"; "121. Then" ends a sentence
    three_digits = whole[end : end + 3]
    return after.isalpha() or after == "%" or (three_digits.isdigit() and not whole[end + 3 : end + 4].isdigit())


def _in_word(char: str) -> bool:
    return char.isalnum() or char in "_.'’-"


def _quote(whole: str, at: int, language: Rules, inner_open: int) -> str:
    """What the straight quote at ``whole[at]`` becomes."""
    if whole.rfind("[", 0, at) > whole.rfind("]", 0, at) and "]" in whole[at:]:
        return whole[at]  # inside square brackets: a JSON list, written as code
    before = whole[at - 1] if at else " "
    opens = before in OPENING_CONTEXT
    if whole[at] == '"':
        return language.quotes[0] if opens else language.quotes[1]
    after = whole[at + 1 : at + 2]
    if opens and after.strip():
        return language.inner_quotes[0]
    return language.inner_quotes[1] if inner_open else language.apostrophe


def _still_open(text: str, language: Rules) -> int:
    """How many inner quotes ``text`` opens and leaves open."""
    return max(0, text.count(language.inner_quotes[0]) - text.count(language.inner_quotes[1]))
