"""MkDocs hook: the site as an installable web app, one manifest per language.

Each language root gets ``manifest.webmanifest`` with that language's site name and
description (as ``mkdocs.yml`` gives them to the i18n plugin) and the theme colour of
the site's palette, read from Material's own palette stylesheet. Every page links the
manifest of its language (``overrides/partials/web-app.html``) and carries, for
``offline.js``, the notice that the site was updated, in the page's language (and its
typography: ``cribbage.typography``), from ``content/web_app.json``; each language root gets the sitemap that Material's
instant navigation reads there. The icons the manifests name are rendered from
``web_app/icon.svg`` after the build (``web_app/build.mjs``, run by ``site_build.py``).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

from mkdocs.utils import get_relative_url

ENGINE = Path(__file__).resolve().parent.parent / "engine"
if str(ENGINE) not in sys.path:
    sys.path.insert(0, str(ENGINE))

from cribbage.typography import typeset  # noqa: E402

WEB_APP = Path(__file__).resolve().parent.parent / "content" / "web_app.json"
MANIFEST = "manifest.webmanifest"
ICONS = "assets/cribbage/icons/"
# (file, size, purpose): the source picture keeps its cards inside the safe zone,
# so the large icon serves as a maskable one too.
ICON_FILES = (("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"), ("icon-512.png", 512, "maskable"))
BACKGROUND = "#ffffff"

# Manifests of the languages built so far: the i18n plugin builds each language in turn.
manifests: dict[str, dict] = {}


def language_root(context) -> tuple[str, str]:
    """(locale, folder of its pages in site/: "" for the default language)."""
    locale = context["i18n_page_locale"]
    for language in context["i18n_config"].languages:
        if language.locale == locale:
            return locale, "" if language.default else f"{locale}/"
    raise KeyError(f"no language {locale!r} in the i18n configuration")


def manifest(locale: str, root: str, name: str, description: str) -> dict:
    """The web app manifest of one language whose pages sit in ``root`` (``"pl/"``).

    >>> m = manifest("pl", "pl/", "Naucz się cribbage", "Zasady")
    >>> m["start_url"], m["scope"], m["icons"][0]["src"]
    ('./', '../', '../assets/cribbage/icons/icon-192.png')
    """
    to_site = "../" * root.count("/")
    return {
        "name": name,
        "description": description,
        "lang": locale,
        "dir": "ltr",
        "start_url": "./",
        "scope": to_site or "./",  # the whole site: moving to another language stays in the app
        "display": "standalone",
        "background_color": BACKGROUND,
        "icons": [
            {"src": f"{to_site}{ICONS}{file}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for file, size, purpose in ICON_FILES
        ],
    }


def palette_colour(site_dir: Path, primary: str) -> str:
    """The hex colour of the primary colour: Material's palette stylesheet gives a named
    one; a ``custom`` one is the site's own (its first ``--md-primary-fg-color``)."""
    if primary == "custom":
        for stylesheet in sorted((site_dir / "assets" / "cribbage").glob("*.css")):
            found = re.search(
                r"--md-primary-fg-color:\s*(#[0-9a-fA-F]{3,8})\s*;", stylesheet.read_text(encoding="utf-8")
            )
            if found:
                return found.group(1)
        raise ValueError("no stylesheet of the site sets --md-primary-fg-color for the custom palette")
    for stylesheet in (site_dir / "assets" / "stylesheets").glob("palette.*.min.css"):
        found = re.search(
            r"\[data-md-color-primary="
            + re.escape(primary.replace(" ", "-"))
            + r"\]\{--md-primary-fg-color:(#[0-9a-fA-F]{3,8})",
            stylesheet.read_text(encoding="utf-8"),
        )
        if found:
            return found.group(1)
    raise ValueError(f"Material's palette stylesheet has no primary colour {primary!r}")


def on_page_context(context, page, config, nav):
    if "i18n_page_locale" not in context:
        return context  # a page outside the languages (the 404 page)
    locale, root = language_root(context)
    manifests[root] = manifest(locale, root, config.site_name, config.site_description or "")
    notices = json.loads(WEB_APP.read_text(encoding="utf-8"))["updated"]
    context["web_app"] = {
        "manifest": get_relative_url(root + MANIFEST, page.url),
        "apple_touch_icon": get_relative_url(ICONS + "apple-touch-icon.png", page.url),
        "updated": typeset(notices[locale], locale),  # an attribute: hooks/typeset_pages.py leaves it
    }
    return context


def on_post_build(config):
    site_dir = Path(config.site_dir)
    # Material's instant navigation reads the sitemap at the page's base, which
    # overrides/main.html sets to the language root: each language root gets the
    # site's sitemap (it names every page of every language), so pages swap in
    # every language and no page asks for a file that is not there (offline too).
    sitemap = site_dir / "sitemap.xml"
    for root in manifests:
        if root and sitemap.exists():
            (site_dir / root).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(sitemap, site_dir / root / "sitemap.xml")
    palette = config.theme["palette"]
    primary = (palette[0] if isinstance(palette, list) else palette)["primary"]
    theme_colour = palette_colour(site_dir, primary)
    for root, content in manifests.items():
        target = site_dir / root / MANIFEST
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            json.dumps({**content, "theme_color": theme_colour}, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
