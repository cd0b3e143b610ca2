"""One term per concept and language (content/terminology.json): no page and no message of
the catalogue uses a variant that the terminology forbids for a concept."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tutorial_pages import LANGUAGES, PAGES, page_source, prose

ROOT = Path(__file__).resolve().parents[2]
TERMINOLOGY = json.loads((ROOT / "content" / "terminology.json").read_text(encoding="utf-8"))
GLOSSARY = json.loads((ROOT / "content" / "glossary.json").read_text(encoding="utf-8"))
MESSAGES = ROOT / "engine" / "cribbage" / "messages"


def catalogue_text(lang: str) -> str:
    """Every message of a language's catalogue, one a line, without its {placeholders}
    and command-line options (``--starter`` is the option's name, not a word)."""
    messages = json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    return "\n".join(re.sub(r"\{[^}]*\}|--[a-z][a-z-]*", " ", value) for value in _strings(messages))


def _strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [text for value in node.values() for text in _strings(value)]
    if isinstance(node, list):
        return [text for value in node for text in _strings(value)]
    return []


def variant_pattern(variant: str, whole_word: bool = False) -> re.Pattern[str]:
    """A stem matches at the start of a word, whatever ending follows; a whole word only as itself."""
    end = r"(?!\w)" if whole_word else ""
    return re.compile(r"(?<!\w)" + re.escape(variant.strip()) + end, re.IGNORECASE)


def variants(entry: dict[str, object]) -> list[tuple[str, re.Pattern[str]]]:
    stems = [(variant, variant_pattern(variant)) for variant in entry.get("avoid", [])]
    words = [(variant, variant_pattern(variant, whole_word=True)) for variant in entry.get("avoid_words", [])]
    return stems + words


def forbidden_uses(text: str, lang: str, page: str | None) -> list[str]:
    """'concept: variant' for every forbidden variant found in ``text``."""
    found = []
    for concept, entry in TERMINOLOGY[lang].items():
        if page is not None and page in entry.get("allowed_on", []):
            continue
        for variant, pattern in variants(entry):
            if pattern.search(text):
                found.append(f"{concept}: {variant!r}")
    return found


def test_every_concept_has_a_glossary_term_and_an_entry_in_every_language() -> None:
    for concept in TERMINOLOGY["concepts"]:
        assert concept in GLOSSARY, f"{concept} is not in content/glossary.json"
        for lang in LANGUAGES:
            assert GLOSSARY[concept][lang].strip(), (concept, lang)
            assert concept in TERMINOLOGY[lang], f"terminology.json: {lang} has no entry for {concept}"


def test_no_variant_forbids_the_chosen_term_itself() -> None:
    for lang in LANGUAGES:
        for concept, entry in TERMINOLOGY[lang].items():
            term = GLOSSARY[concept][lang]
            for variant, pattern in variants(entry):
                assert not pattern.search(term), (lang, concept, variant, term)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_page_uses_one_term_per_concept(lang: str, page: str) -> None:
    assert forbidden_uses(prose(page_source(lang, page)), lang, page) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_message_catalogue_uses_one_term_per_concept(lang: str) -> None:
    assert forbidden_uses(catalogue_text(lang), lang, None) == []


def test_the_check_finds_a_forbidden_variant_in_any_inflected_form() -> None:
    lang, concept = next(
        (lang, concept)
        for lang in LANGUAGES
        for concept, entry in TERMINOLOGY[lang].items()
        if entry.get("avoid") and not entry.get("allowed_on")
    )
    variant = TERMINOLOGY[lang][concept]["avoid"][0]
    assert f"{concept}: {variant!r}" in forbidden_uses(f"Before. {variant.upper()}s after.", lang, "basics.md")
    assert f"{concept}: {variant!r}" not in forbidden_uses(f"un{variant}", lang, "basics.md")


def test_a_whole_word_variant_does_not_match_a_longer_word() -> None:
    lang, concept = next(
        (lang, concept)
        for lang in LANGUAGES
        for concept, entry in TERMINOLOGY[lang].items()
        if entry.get("avoid_words") and not entry.get("allowed_on")
    )
    entry = TERMINOLOGY[lang][concept]
    word = entry["avoid_words"][0]
    assert f"{concept}: {word!r}" in forbidden_uses(f"({word})", lang, "basics.md")
    assert f"{concept}: {word!r}" not in forbidden_uses(f"{word}s", lang, "basics.md")
