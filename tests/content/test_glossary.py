"""The glossary: every term in all five languages, once, in content/glossary.json,
and the same table on every language's glossary page."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from cribbage.typography import typeset
from helpers import SITE_LANGUAGES
from tutorial_pages import LANGUAGES, page_source, unknown_words

from hooks.glossary_table import GLOSSARY, MARKER, glossary_table

TERMS = json.loads(GLOSSARY.read_text(encoding="utf-8"))


def test_every_term_has_a_settled_name_in_every_language_and_a_definition():
    for term_id, term in TERMS.items():
        for lang in LANGUAGES:
            assert term[lang].strip(), (term_id, lang)
            assert not term[lang].rstrip().endswith("?"), f"{term_id}/{lang} is still marked unsure"
        assert term["definition_en"].strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_page_asks_for_the_table(lang):
    assert MARKER in page_source(lang, "glossary.md")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_terms_pass_hunspell_in_their_language(hunspell, lang):
    misspelled = unknown_words("\n".join(term[lang] for term in TERMS.values()), lang)
    assert not misspelled, sorted(misspelled)


def test_table_marks_every_cell_outside_the_page_language():
    table = glossary_table("bg", [("en", "English"), ("bg", "Български")], {"flush": {"en": "flush", "bg": "флъш"}})
    assert '| <span lang="en">flush</span> | флъш |' in table.splitlines()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_built_glossary_page_shows_the_table_of_the_glossary_data(built_site, lang):
    page = (built_site / ("" if lang == "en" else lang) / "glossary" / "index.html").read_text(encoding="utf-8")
    tables = re.findall(r"<table>(.*?)</table>", page, re.S)
    assert len(tables) == 1
    rows = [
        [unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", tables[0], re.S)
    ]
    # one column per language in the site's order, titled with the name mkdocs.yml gives it; one row per term
    assert rows[0] == [SITE_LANGUAGES[code] for code in LANGUAGES]
    # each cell set in its own language's typography (hooks/typeset_pages.py)
    assert rows[1:] == [[typeset(term[code], code) for code in LANGUAGES] for term in TERMS.values()]
