"""MkDocs hook: keep the language switcher's links relative.

mkdocs-static-i18n points the switcher at ``/pl/`` and the like on the home pages
(and for a page a language lacks). A root-absolute link leaves the site when it is
served under a sub-path, as a GitHub Pages project site is, so each such link is
made relative to the site root; Material's ``url`` filter then makes it relative
to the page. Runs after the i18n plugin, since hooks come after plugins.
"""

from __future__ import annotations

from urllib.parse import urlsplit


def site_relative(link: str, site_root: str = "/") -> str:
    """A link from the site root (``/pl/``, or ``/REPO/pl/`` with a ``site_url``) made
    relative to that root; other links unchanged.

    >>> site_relative("/pl/"), site_relative("/"), site_relative("/cribbage/bg/", "/cribbage/")
    ('pl/', '.', 'bg/')
    >>> site_relative("../basics/"), site_relative("https://example.org/")
    ('../basics/', 'https://example.org/')
    """
    if link.startswith(site_root) and not link.startswith("//"):
        return link[len(site_root) :] or "."
    return link


def on_page_context(context, page, config, nav):
    site_root = urlsplit(config.site_url or "/").path.rstrip("/") + "/"
    # The i18n plugin sets the switcher as an attribute, which is what templates read.
    for alternate in getattr(config.extra, "alternate", None) or []:
        alternate["link"] = site_relative(alternate["link"], site_root)
    return context
