"""What many test folders share, derived from the product rather than kept by hand:
the languages (the engine's catalogue list, and mkdocs.yml's names for them), the pages
(the site's navigation), the live-example kinds (the widget registry), and the small
helpers several tests call. One thing here is an expectation, not derived: each
language's decimal sign, which the engine's numbers are checked against.

A sixth language, a new page or a new kind therefore reaches every test that iterates
over them without a test file being edited.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

from cribbage.course.lessons import COURSE
from cribbage.i18n import DEFAULT_LANGUAGE, LANGUAGES
from cribbage.widgets import KINDS, update

ROOT = Path(__file__).resolve().parent.parent
MKDOCS_YML = ROOT / "mkdocs.yml"

OTHER_LANGUAGES = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)

# A navigation entry of mkdocs.yml: "  - Title: page.md" (its tags are not plain YAML, so
# the lines are read; tests/site/test_build.py checks the built site has every page).
_NAV_ENTRY = re.compile(r"^\s*- [^:\n]+:\s*([\w/.-]+)\.md\s*$", re.M)


def _nav_section() -> str:
    text = MKDOCS_YML.read_text(encoding="utf-8")
    start = text.index("\nnav:\n") + len("\nnav:\n")
    end = re.search(r"^\S", text[start:], re.M)
    return text[start : start + end.start()] if end else text[start:]


def _nav_pages() -> tuple[str, ...]:
    return tuple(_NAV_ENTRY.findall(_nav_section()))


NAV_PAGES = _nav_pages()
# The rules pages (and the game): every navigation entry outside the course, as "index", "basics", ...
PAGES = tuple(page for page in NAV_PAGES if not page.startswith("learn/"))
# The course's pages, as paths under the language's root: "" (its index), "values/", ...
LESSON_PAGES = ("", *(f"{lesson.id}/" for lesson in COURSE))


def _site_languages() -> dict[str, str]:
    """The i18n plugin's languages in mkdocs.yml, in its order: each locale and its own name."""
    text = MKDOCS_YML.read_text(encoding="utf-8")
    found = {}
    for entry in re.finditer(r"^(?P<dash> *)- locale: (?P<code>\S+)\n(?P<body>(?:(?P=dash)  .*\n| *\n)*)", text, re.M):
        name = re.search(rf"^{entry['dash']}  name: (.+)$", entry["body"], re.M)
        found[entry["code"]] = name.group(1).strip() if name else ""
    return found


# The site's languages as mkdocs.yml gives them to the i18n plugin: "en" -> "English", ...
SITE_LANGUAGES = _site_languages()

# Each language's decimal sign, as CLDR gives it: the expectation the tests hold the engine's
# numbers to (not derived from the engine on purpose). A new language writes its sign here.
DECIMAL_SIGNS = {"en": ".", "pl": ",", "cs": ",", "sk": ",", "bg": ","}

# Resolves, with the worker's script URL, once a service worker controls the page after its
# install (the precache of the whole site) succeeded: from then on the context's pages start
# the engine from the snapshot and read the site offline.
SERVICE_WORKER_IN_CONTROL = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  return navigator.serviceWorker.controller.scriptURL;
}"""


def page_url(site_url: str, lang: str, page: str) -> str:
    """The address of ``page`` ("index", "basics", "learn/values", ...) in ``lang`` under ``site_url``."""
    path = "" if page == "index" else page.removesuffix("/index") + "/"
    return site_url + ("" if lang == DEFAULT_LANGUAGE else f"{lang}/") + path


def call(kind: str, state: dict[str, Any] | str, action: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """One ``update`` of a widget, as the page sends it: state and action as JSON."""
    text = update(kind, state if isinstance(state, str) else json.dumps(state), json.dumps(action), lang)
    answer: dict[str, Any] = json.loads(text)
    return answer


def text_of(html: str) -> str:
    """What a reader reads of ``html``: the tags gone (each one a space), the entities
    decoded, and every run of white space a line may break at one space (a no-break space
    stays: it is the typography's, cribbage.typography)."""
    return re.sub(r"[ \t\n\r\f\v]+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def state_of(html: str) -> dict[str, Any]:
    """The state a widget's HTML carries in its root's ``data-state`` (the first one)."""
    found = re.search(r'data-state="([^"]*)"', html)
    assert found, "no data-state in the HTML"
    state: dict[str, Any] = json.loads(unescape(found.group(1)))
    return state


__all__ = [
    "DECIMAL_SIGNS",
    "KINDS",
    "LANGUAGES",
    "LESSON_PAGES",
    "NAV_PAGES",
    "OTHER_LANGUAGES",
    "PAGES",
    "SITE_LANGUAGES",
    "call",
    "page_url",
    "state_of",
    "text_of",
]
