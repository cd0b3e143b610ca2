"""MkDocs hook: the theme's own words in the page's language (``content/theme.json``).

* Every heading's permalink (Python-Markdown's ``toc`` extension) gets its title in the
  language being built: mkdocs-static-i18n cannot set ``markdown_extensions`` per language,
  so this sets ``toc``'s ``permalink_title`` as each language's build starts.
* Material's words that ``content/theme.json`` gives (its search prompt, and any of its
  labels a language corrects) replace Material's own: ``overrides/partials/language.html``
  and ``overrides/main.html`` read ``config.extra.theme_words``. A word of Material's may be
  given for some languages only; the others keep Material's translation.
* The one 404 page GitHub Pages serves for every missing address (``overrides/404.html``)
  holds its message in every language, each with its language's root; the default
  language's build writes it, so no other build overwrites it with its own.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.plugins import event_priority

ENGINE = Path(__file__).resolve().parent.parent / "engine"
if str(ENGINE) not in sys.path:
    sys.path.insert(0, str(ENGINE))

from cribbage.typography import typeset  # noqa: E402

THEME_WORDS = Path(__file__).resolve().parent.parent / "content" / "theme.json"
NOT_FOUND = "404.html"


def words_in(lang: str) -> dict[str, str]:
    """Every message of ``content/theme.json`` given in ``lang``, typeset."""
    messages = json.loads(THEME_WORDS.read_text(encoding="utf-8"))
    return {key: typeset(texts[lang], lang) for key, texts in messages.items() if lang in texts}


@event_priority(-110)  # after mkdocs-static-i18n (-100) has set the language of this build
def on_config(config):
    lang = config.theme["language"]
    words = words_in(lang)
    config.mdx_configs.setdefault("toc", {})["permalink_title"] = words["permalink_title"]
    config.extra["theme_words"] = words
    if config.plugins["i18n"].is_default_language_build:
        config.theme.static_templates.add(NOT_FOUND)
    else:
        config.theme.static_templates.discard(NOT_FOUND)
    return config


def on_template_context(context, template_name, config):
    if template_name == NOT_FOUND:
        # Served at any depth: its links start from the site's path (site_url's, as its assets).
        site_path = urlsplit(config.site_url or "/").path.rstrip("/") + "/"
        context["not_found"] = [
            {
                "lang": language.locale,
                "root": language.link.lstrip("/"),
                "home": site_path + language.link.lstrip("/"),
                **words_in(language.locale),
            }
            for language in config.plugins["i18n"].config.languages
            if language.build
        ]
    return context
