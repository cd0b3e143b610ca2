"""Search per language (hooks/search_per_language.py and overrides/main.html): each language
searches its own pages only, and Polish, Czech and Slovak find accented words typed without accents."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from cribbage.i18n import t
from helpers import LANGUAGES
from prerequisites import require

from hooks import cribbage_blocks, search_per_language

DOCS = Path(__file__).resolve().parents[2] / "docs"

CONFIG_SCRIPT = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)


def test_fold_drops_diacritics_the_way_readers_type_on_a_phone():
    assert (
        search_per_language.fold("Startovní Štartovacia Łączna Piętnaście") == "startovni startovacia laczna pietnascie"
    )
    assert search_per_language.fold("Начало") == "начало"  # Cyrillic has no marks to drop


def test_folded_copy_holds_only_the_words_folding_changes_each_once():
    assert (
        search_per_language.folded_words("<p>Startovní karta; startovní <em>dvojice</em> páry</p>") == "startovni pary"
    )


def test_index_is_split_by_language_with_locations_from_each_root():
    docs = [
        {"location": "", "title": "Home", "text": ""},
        {"location": "basics/#goal", "title": "Goal", "text": ""},
        {"location": "pl/basics/", "title": "Podstawy", "text": "<p>Łączna liczba</p>"},
        {"location": "bg/", "title": "Начало", "text": ""},
    ]
    config = {"lang": ["en"], "separator": "[\\s\\-]+", "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}}}
    parts = search_per_language.split_by_language(
        {"config": config, "docs": docs}, {"en": "", "pl": "pl/", "bg": "bg/"}
    )
    assert [doc["location"] for doc in parts["en"]["docs"]] == ["", "basics/#goal"]
    assert [doc["location"] for doc in parts["pl"]["docs"]] == ["basics/"]
    assert [doc["title"] for doc in parts["bg"]["docs"]] == ["Начало"]
    # lunr has no Bulgarian: English's stop words, unlike Russian's, leave every Bulgarian word in the index.
    assert parts["bg"]["config"]["lang"] == parts["pl"]["config"]["lang"] == ["en"]
    # Polish carries folded copies searched with the boosts of their originals; English and Bulgarian do not.
    assert parts["pl"]["docs"][0]["text_folded"] == "laczna"
    assert parts["pl"]["config"]["fields"]["title_folded"] == config["fields"]["title"]
    assert "text_folded" not in parts["en"]["config"]["fields"] and "text_folded" not in parts["bg"]["docs"][0]


def test_each_built_index_holds_its_languages_pages_with_folded_words_where_readers_skip_accents(built_site):
    for lang, root in (("en", ""), ("pl", "pl/"), ("cs", "cs/"), ("sk", "sk/"), ("bg", "bg/")):
        index = json.loads((built_site / root / "search" / "search_index.json").read_text("utf-8"))
        folded = "text_folded" in index["config"]["fields"]
        assert folded == (lang in ("pl", "cs", "sk")), lang
    cs = json.loads((built_site / "cs" / "search" / "search_index.json").read_text("utf-8"))
    assert any("startovni" in doc["text_folded"].split() for doc in cs["docs"])


def test_no_built_index_holds_the_text_of_a_live_example(built_site):
    """The play examples' key hint is widget text only (their static markup carries it):
    search finds the prose around the examples, never the examples' controls."""
    for lang, root in (("en", ""), ("pl", "pl/"), ("cs", "cs/"), ("sk", "sk/"), ("bg", "bg/")):
        index = json.loads((built_site / root / "search" / "search_index.json").read_text("utf-8"))
        key_hint = t("ui.keys_hint", lang)[:24]
        assert key_hint in (built_site / root / "play" / "index.html").read_text("utf-8")
        found = [doc["location"] for doc in index["docs"] if key_hint in doc["text"]]
        assert not found, (lang, found)
        # a lesson's stars and its "not answered yet" are the widget's too (live-pl 4)
        not_answered = t("lesson.no_stars", lang)
        assert not_answered in (built_site / root / "learn" / "discard" / "index.html").read_text("utf-8")
        found = [
            doc["location"] for doc in index["docs"] if not_answered in doc["text"] or "\N{WHITE STAR}" in doc["text"]
        ]
        assert not found, (lang, found)


def test_page_config_keeps_every_key_materials_base_template_writes(built_site):
    """overrides/main.html writes Material's config itself (to move the search base): a
    Material release that adds a key must not leave it out silently."""
    material = importlib.util.find_spec("material")
    require(material and material.origin, "MkDocs Material: `pip install --require-hashes -r requirements/site.txt`")
    base_template = Path(material.origin).parent / "templates" / "base.html"
    block = base_template.read_text("utf-8").split("{% block config %}", 1)[1].split("{% endblock %}", 1)[0]
    material_keys = set(re.findall(r'^\s*"([\w.]+)":', block, re.M))
    config = json.loads(CONFIG_SCRIPT.search((built_site / "cs" / "basics" / "index.html").read_text("utf-8")).group(1))
    keys = set(config) | set(config["translations"])
    assert material_keys and material_keys <= keys, material_keys - keys
    assert config["base"] == "../../cs/"
    assert (built_site / "cs" / "basics" / config["search"]).resolve().is_file()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_indexes_the_prose_around_a_live_example_and_none_of_its_markup(lang):
    """Every live example of the language's pages, between two paragraphs, as Material's
    search plugin parses a page: only the two paragraphs reach the index. (The static
    figures, the board and the crib table, are indexed: their captions are prose.)"""
    material = importlib.util.find_spec("material.plugins.search.plugin")
    require(material, "MkDocs Material: `pip install --require-hashes -r requirements/site.txt`")
    from material.plugins.search.plugin import Parser

    folder = DOCS / lang
    widgets = {}
    for page in sorted(folder.rglob("*.md")):
        widgets.update(cribbage_blocks.render_blocks(page.read_text("utf-8"), lang, page.name)[1])
    assert widgets, lang
    for html in (html for html in widgets.values() if 'class="cribbage-widget' in html):
        parser = Parser()
        parser.feed(f"<p>Before.</p>{html}<p>After.</p>")
        parser.close()
        text = "".join("".join(section.text) for section in parser.data)
        assert "".join(text.replace("<p>", "").replace("</p>", "").split()) == "Before.After.", html[:200]


def search(page, query: str) -> list[tuple[str, str]]:
    """(link, text) of each result Material's search shows for ``query`` entered in its box."""
    box = page.locator("input.md-search__input")
    box.click()
    # The whole query at once: typed letter by letter, each keyup searches a shorter
    # query, and an earlier answer can still be on screen when the results are read.
    box.fill(query)
    box.dispatch_event("keyup")  # Material searches on keyup
    page.wait_for_selector(".md-search-result__link")
    # Read in one step, so that the list cannot change between counting and reading.
    return [
        tuple(result)
        for result in page.eval_on_selector_all(
            ".md-search-result__link", "links => links.map(link => [link.getAttribute('href'), link.innerText])"
        )
    ]


@pytest.mark.parametrize(
    "lang, query, accented",
    [("cs", "startovni", "startovní"), ("sk", "startovacia", "štartovacia"), ("pl", "pietnascie", "piętnaście")],
)
def test_a_query_typed_without_accents_finds_the_accented_words(browser_context, site_url, lang, query, accented):
    page = browser_context.new_page()
    root = f"{site_url}{lang}/"
    page.goto(root)
    results = search(page, query)
    assert results, f"{lang}: nothing found for {query!r}"
    assert all(href.startswith(root) for href, _ in results), results
    assert any(accented in text.lower() for _, text in results), results


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_looks_only_in_the_readers_language(browser_context, site_url, lang):
    page = browser_context.new_page()
    root = site_url + ("" if lang == "en" else f"{lang}/")
    page.goto(root + "basics/")
    # The page's own title in its navigation: Czech and Slovak share some words
    # ("Základy"), so a search that is not restricted would find the other language.
    query = page.locator(".md-nav--primary .md-nav__link--active").first.inner_text().strip()
    hrefs = [href for href, _ in search(page, query)]
    assert hrefs, f"{lang}: nothing found for {query!r}"
    other_roots = [f"{site_url}{other}/" for other in ("pl", "cs", "sk", "bg") if other != lang]
    assert all(href.startswith(root) and not href.startswith(tuple(other_roots)) for href in hrefs), hrefs


def test_after_changing_language_search_looks_in_the_new_language(watched_context, deployed_url):
    """With instant navigation Material keeps the configuration of the first page it loaded
    (mkdocs-static-i18n warns of it), so language.js loads a page of another language in
    full: its search looks in that language."""
    page = watched_context(deployed_url, block_foreign=True).new_page()
    page.goto(deployed_url + "basics/")
    page.locator('a.md-select__link[hreflang="pl"]').first.dispatch_event("click")
    page.wait_for_url(deployed_url + "pl/basics/")
    query = page.locator(".md-nav--primary .md-nav__link--active").first.inner_text().strip()
    hrefs = [href for href, _ in search(page, query)]
    assert hrefs and all(href.startswith(deployed_url + "pl/") for href in hrefs), hrefs


# Pairs each query the page sends Material's search worker with the number of results the
# worker answers, in order (the worker answers its queries one by one), so that a test
# reads the answer to the query it typed rather than whatever is still on screen.
RECORD_SEARCH_ANSWERS = """
window.searchAnswers = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
    constructor(url, options) {
        super(url, options);
        if (!String(url).includes("/workers/search.")) return;
        const queries = [];
        const post = this.postMessage.bind(this);
        this.postMessage = (message, ...rest) => {
            if (message.type === 2) queries.push(message.data);  // SearchMessageType.QUERY
            post(message, ...rest);
        };
        this.addEventListener("message", ({ data }) => {
            if (data.type === 3) window.searchAnswers.push([queries.shift(), data.data.items.length]);  // RESULT
        });
    }
};
"""


def results_typed_letter_by_letter(page, word: str) -> dict[str, int]:
    """How many results Material's search answers to each prefix of ``word`` typed into its box."""
    box = page.locator("input.md-search__input")
    box.click()
    found = {}
    for length in range(1, len(word) + 1):
        prefix = word[:length]
        # Playwright has no key for a letter off the US layout (Cyrillic, ž): it inserts
        # the letter with an input event and no keyup, as a phone keyboard's suggestion does.
        page.keyboard.type(prefix[-1], delay=50)
        answer = page.wait_for_function(
            "prefix => window.searchAnswers.find(([query]) => query === prefix)", arg=prefix
        ).json_value()
        found[prefix] = answer[1]
    return found


@pytest.mark.parametrize(
    "lang, word",
    [
        ("bg", "двойка"),
        ("bg", "петнадесет"),  # often in quotes: „петнадесет“
        ("bg", "скънк"),  # only in brackets: Skunk (скънк)
        ("bg", "единадесет"),  # only in quotes: „единадесет“
        ("bg", "между"),  # a Russian stop word: lunr's Russian pipeline would leave it out of the index
        ("cs", "kribidž"),  # only in brackets, with its diacritic: Cribbage [kribidž]
    ],
)
def test_a_word_on_the_pages_typed_letter_by_letter_is_found_at_every_prefix_of_three_letters(
    browser_context, site_url, lang, word
):
    """From its third letter on, as the reader types it, a word of the pages is found: a
    letter that comes without a keyup still searches, words end at punctuation as well as
    at spaces (a word the pages write only in quotes or brackets), and no Bulgarian word
    is left out of the index as a stop word of another language."""
    page = browser_context.new_page()
    page.add_init_script(RECORD_SEARCH_ANSWERS)
    page.goto(f"{site_url}{lang}/")
    found = results_typed_letter_by_letter(page, word)
    unfound = [prefix for prefix, count in found.items() if len(prefix) >= 3 and not count]
    assert not unfound, found
    page.wait_for_selector(".md-search-result__link")  # and the last answer is shown
