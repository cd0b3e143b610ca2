"""Every language of the engine (``cribbage.i18n.LANGUAGES``) is a language of the whole site:
its pages, its place in mkdocs.yml, its catalogue, its spelling dictionary and its column in
every content file. A language added to the engine alone fails here, naming what it lacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import material
import pytest
from helpers import LANGUAGES, SITE_LANGUAGES

import site_build

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
MESSAGES = ROOT / "engine" / "cribbage" / "messages"
WORKFLOW = ROOT / ".github" / "workflows" / "test.yml"
# The words Material's theme has in every language (its English file names them all)
MATERIAL_WORDS = set(
    re.findall(
        r'^\s*"([\w.]+)":',
        (Path(material.__file__).parent / "templates" / "partials" / "languages" / "en.html").read_text(
            encoding="utf-8"
        ),
        re.M,
    )
)


def content(name: str) -> dict:
    return json.loads((CONTENT / name).read_text(encoding="utf-8"))


def missing_for(lang: str) -> list[str]:
    """What the site lacks for ``lang``, one line each."""
    missing = []
    if not (site_build.DOCS / lang).is_dir():
        missing.append(f"docs/{lang}/")
    if not SITE_LANGUAGES.get(lang):
        missing.append(f"mkdocs.yml: a `- locale: {lang}` entry with its name under the i18n plugin's languages")
    if not (MESSAGES / f"{lang}.json").is_file():
        missing.append(f"engine/cribbage/messages/{lang}.json")
    if lang not in site_build.HUNSPELL_DICTIONARIES:
        missing.append("site_build.py: its hunspell dictionary and Debian package in HUNSPELL_DICTIONARIES")
    elif site_build.HUNSPELL_DICTIONARIES[lang][1] not in WORKFLOW.read_text(encoding="utf-8"):
        missing.append(f".github/workflows/test.yml: {site_build.HUNSPELL_DICTIONARIES[lang][1]} in the apt-get line")
    if not (CONTENT / "words" / f"{lang}.txt").is_file():
        missing.append(f"content/words/{lang}.txt (hunspell's word list of game terms and names)")
    # content/glossary.json: {term: {lang: name, ..., "definition_en": ...}}
    missing += [
        f"content/glossary.json: {term}"
        for term, names in content("glossary.json").items()
        if not str(names.get(lang, "")).strip()
    ]
    # content/terminology.json: {"concepts": [...], lang: {concept: what to avoid}, ...}
    if not isinstance(content("terminology.json").get(lang), dict):
        missing.append(f"content/terminology.json: a {lang!r} entry")
    # content/web_app.json and content/theme.json: {message: {lang: text}}; a word of
    # Material's that theme.json corrects for some languages is Material's in the others
    missing += [
        f"content/{name}: {message}"
        for name in ("web_app.json", "theme.json")
        for message, texts in content(name).items()
        if not str(texts.get(lang, "")).strip() and not (name == "theme.json" and message in MATERIAL_WORDS)
    ]
    if lang not in json.loads((MESSAGES / "typography.json").read_text(encoding="utf-8")):
        missing.append(f"engine/cribbage/messages/typography.json: a {lang!r} entry")
    return missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_its_pages_site_section_catalogue_dictionary_and_content_columns(lang):
    assert missing_for(lang) == []


def test_the_site_has_the_engines_languages_in_the_engines_order():
    """mkdocs.yml's order is the language switcher's and the glossary table's."""
    assert tuple(SITE_LANGUAGES) == LANGUAGES


def test_a_language_the_site_lacks_is_named_with_what_it_lacks():
    missing = missing_for("xx")
    assert "docs/xx/" in missing and "engine/cribbage/messages/xx.json" in missing
    assert any(line.startswith("mkdocs.yml") for line in missing)
    assert any(line.startswith("content/glossary.json: ") for line in missing)
    assert any(line.startswith("content/web_app.json: ") for line in missing)
    assert any(line.startswith("content/theme.json: ") for line in missing)
    assert any(line.startswith("engine/cribbage/messages/typography.json") for line in missing)
