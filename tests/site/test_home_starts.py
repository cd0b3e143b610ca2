"""The home page's first screen on a phone shows where to start: the course for a
newcomer, the rules for a reader, the game for a player (issue 24)."""

from __future__ import annotations

import pytest

PHONE = {"width": 360, "height": 640}
# Where each start leads, in the order the page gives them.
STARTS = ("learn/", "basics/", "game/")


@pytest.mark.parametrize("lang", ["en", "pl", "bg"])
def test_the_home_page_shows_the_course_the_rules_and_the_game_in_the_first_screen_of_a_phone(
    browser_context, site_url, lang
):
    page = browser_context.new_page()
    prefix = "" if lang == "en" else f"{lang}/"
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}{prefix}")
    starts = page.locator("article .cb-starts a.md-button")
    assert starts.count() == len(STARTS)
    for index, target in enumerate(STARTS):
        start = starts.nth(index)
        box = start.bounding_box()
        assert box is not None and start.is_visible()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], f"{target} is below the first screen"
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        href = start.evaluate("link => link.href")
        assert href == f"{site_url}{prefix}{target}"
        assert page.request.get(href).ok, href
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
