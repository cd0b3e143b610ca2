"""The glossary: every term in all five languages, once, in content/glossary.json,
and the same table on every language's glossary page."""

from __future__ import annotations

import json
import sys

import pytest

from tutorial_pages import LANGUAGES, ROOT, page_source, unknown_words

sys.path.insert(0, str(ROOT / "hooks"))
from glossary_table import GLOSSARY, MARKER, glossary_table  # noqa: E402

TERMS = json.loads(GLOSSARY.read_text(encoding="utf-8"))


def test_every_term_has_a_settled_name_in_every_language_and_a_definition():
    for term_id, term in TERMS.items():
        for lang in LANGUAGES:
            assert term[lang].strip(), (term_id, lang)
            assert not term[lang].rstrip().endswith("?"), f"{term_id}/{lang} is still marked unsure"
        assert term["definition_en"].strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_page_shows_the_table_from_the_glossary_data(lang):
    assert MARKER in page_source(lang, "glossary.md")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_terms_pass_hunspell_in_their_language(hunspell, lang):
    misspelled = unknown_words("\n".join(term[lang] for term in TERMS.values()), lang)
    assert not misspelled, sorted(misspelled)


def test_table_marks_every_cell_outside_the_page_language():
    table = glossary_table("bg", [("en", "English"), ("bg", "Български")], {"flush": {"en": "flush", "bg": "флъш"}})
    assert '| <span lang="en">flush</span> | флъш |' in table.splitlines()


def test_built_glossary_pages_list_every_term(built_site):
    for lang in LANGUAGES:
        page = (built_site / ("" if lang == "en" else lang) / "glossary" / "index.html").read_text(encoding="utf-8")
        for term in TERMS.values():
            assert term[lang].replace("&", "&amp;") in page or term[lang] in page, (lang, term[lang])
