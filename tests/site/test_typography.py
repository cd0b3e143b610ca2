"""The built pages set as each language sets its text (cribbage.typography, through
hooks/typeset_pages.py for the pages and cribbage.i18n for the live examples): no Czech,
Slovak or Polish word of one letter ends a line, and English prose has no straight quote.

The text is read as a reader reads it, paragraph by paragraph, in the language of its
nearest ``lang`` attribute; code, scripts and styles are not prose."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cribbage.i18n import DEFAULT_LANGUAGE
from helpers import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
# The words each language keeps with the next one: data the engine and the hook share.
ONE_LETTER_WORDS = {
    lang: rules["one_letter_words"]
    for lang, rules in json.loads(
        (ROOT / "engine" / "cribbage" / "messages" / "typography.json").read_text(encoding="utf-8")
    ).items()
    if rules["one_letter_words"]
}
NOT_PROSE = {"script", "style", "code", "pre", "kbd", "samp", "svg", "textarea", "template"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
INLINE = {"a", "abbr", "b", "cite", "code", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp", "small", "span"}
INLINE |= {"strong", "sub", "sup", "time", "u", "var"}
BREAKING_SPACE = "[ \t\r\n]"  # a no-break space (U+00A0) keeps the words together


Paragraph = list[tuple[str, str]]  # its runs of text, each with its language


class Paragraphs(HTMLParser):
    """A page's visible text, paragraph by paragraph (split where a block starts or ends)."""

    def __init__(self, page_lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page_lang = page_lang
        self.open: list[tuple[str, str, bool]] = []  # (tag, language, not prose)
        self.paragraphs: list[Paragraph] = [[]]

    def _here(self) -> tuple[str, bool]:
        return (self.open[-1][1], self.open[-1][2]) if self.open else (self.page_lang, False)

    def _boundary(self, tag: str) -> None:
        if tag not in INLINE and self.paragraphs[-1]:
            self.paragraphs.append([])

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._boundary(tag)
        if tag in VOID:
            return
        lang, not_prose = self._here()
        own = dict(attrs).get("lang")
        self.open.append((tag, (own or lang).split("-")[0], not_prose or tag in NOT_PROSE))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._boundary(tag)

    def handle_endtag(self, tag: str) -> None:
        self._boundary(tag)
        names = [name for name, _, _ in self.open]
        if tag in names:
            del self.open[len(names) - 1 - names[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        lang, not_prose = self._here()
        self.paragraphs[-1].append(("" if not_prose else lang, data))  # code: read, never checked


def paragraphs(html: str, page_lang: str) -> list[Paragraph]:
    parser = Paragraphs(page_lang)
    parser.feed(html)
    parser.close()
    return [paragraph for paragraph in parser.paragraphs if paragraph]


def found_in(html: str, page_lang: str, lang: str, pattern: str) -> list[str]:
    """Where ``pattern`` matches the text of ``html`` in ``lang`` (it may read on into the
    rest of its paragraph), each with a little of the text around it."""
    found = []
    for paragraph in paragraphs(html, page_lang):
        text = "".join(run for _, run in paragraph)
        starts = [sum(len(run) for _, run in paragraph[:index]) for index in range(len(paragraph))]
        for match in re.finditer(pattern, text):
            run = max(index for index, start in enumerate(starts) if start <= match.start())
            if paragraph[run][0] == lang:
                found.append(" ".join(text[max(0, match.start() - 20) : match.end() + 20].split()))
    return found


def one_letter_words_at_line_ends(html: str, lang: str) -> list[str]:
    """Each word of one letter in ``lang``'s text of ``html`` that a line may end after."""
    letters = "".join(ONE_LETTER_WORDS[lang]) + "".join(ONE_LETTER_WORDS[lang]).upper()
    return found_in(html, lang, lang, rf"(?<![\w.'’-])[{letters}]{BREAKING_SPACE}+(?=\S)")


def straight_quotes(html: str) -> list[str]:
    """Each straight quote of the English text of ``html``."""
    return found_in(html, DEFAULT_LANGUAGE, DEFAULT_LANGUAGE, "[\"']")


def pages_of(site: Path, lang: str) -> list[Path]:
    """Every page of ``lang`` in the built site, and the 404 page, which speaks every language."""
    if lang != DEFAULT_LANGUAGE:
        return [*sorted((site / lang).rglob("index.html")), site / "404.html"]
    elsewhere = {other for other in LANGUAGES if other != DEFAULT_LANGUAGE} | {"assets", "pyodide"}
    return sorted(path for path in site.rglob("*.html") if path.relative_to(site).parts[0] not in elsewhere)


def test_the_checks_find_what_they_look_for():
    """The checks below fail on a page set without typography (the samples), and pass on
    one set as the language sets it; code and another language's text are not checked."""
    sample = '<p>Vznikla v <em>Anglii</em> a\xa0v\xa0Irsku.</p><p><code>v x</code> <span lang="en">a dog</span></p>'
    assert one_letter_words_at_line_ends(sample, "cs") == ["Vznikla v Anglii a v Irsku."]
    assert one_letter_words_at_line_ends(sample.replace("v <em>", "v\xa0<em>"), "cs") == []
    english = '<p>the dealer\'s "go"</p><pre>x = "code"</pre><p lang="cs">„nobs“</p>'
    assert len(straight_quotes(english)) == 3
    assert straight_quotes(english.replace("'", "’").replace('"go"', "“go”")) == []


@pytest.mark.parametrize("lang", sorted(ONE_LETTER_WORDS))
def test_no_one_letter_word_ends_a_line(built_site, lang):
    found = {
        str(page.relative_to(built_site)): words
        for page in pages_of(built_site, lang)
        if (words := one_letter_words_at_line_ends(page.read_text(encoding="utf-8"), lang))
    }
    assert found == {}


def test_english_pages_have_curly_quotes_only(built_site):
    found = {
        str(page.relative_to(built_site)): quotes
        for page in pages_of(built_site, DEFAULT_LANGUAGE)
        if (quotes := straight_quotes(page.read_text(encoding="utf-8")))
    }
    assert found == {}
