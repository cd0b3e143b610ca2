"""Accessibility of the Learn section in headless Chromium: axe-core on every lesson page,
light and dark, with the stages live, after a wrong answer is explained (a count and a
discard), and the progress's reset question; and no lesson page wider than a phone.
"""

from __future__ import annotations

import json

import pytest
from helpers import LESSON_PAGES
from test_accessibility import (  # noqa: F401 (axe_is_installed and phone are fixtures)
    PHONE,
    axe_is_installed,
    click,
    findings_in_both_schemes,
    phone,
    serious_findings,
    switch_scheme,
    wake_widgets,
)


def learn_url(site_url: str, lang: str, page: str) -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + "learn/" + page


def open_learn(browser_context, site_url: str, page: str, lang: str = "en"):
    opened = browser_context.new_page()
    opened.emulate_media(color_scheme="light")
    opened.goto(learn_url(site_url, lang, page))
    wake_widgets(opened)
    return opened


@pytest.mark.parametrize("page_name", LESSON_PAGES)
def test_every_lesson_page_has_no_serious_axe_finding_in_light_and_dark(browser_context, site_url, page_name):
    page = open_learn(browser_context, site_url, page_name)
    light = serious_findings(page)
    switch_scheme(page, "slate")
    dark = serious_findings(page)
    assert (light, dark) == ([], [])


def test_a_lesson_page_in_bulgarian_has_no_serious_axe_finding(browser_context, site_url):
    page = open_learn(browser_context, site_url, "fifteens/", "bg")
    assert findings_in_both_schemes(page) == {"light": [], "dark": []}


def test_wrong_answers_explained_and_the_reset_question_have_no_serious_axe_finding(browser_context, site_url):
    page = open_learn(browser_context, site_url, "hand/")
    root = '[data-stage="hand-1"]'
    page.locator(f"{root} input[name=said]").fill("0")  # hand-1 has at least two scoring items: 0 is wrong
    click(page, root, "button[data-key=check]")
    assert page.locator(f"{root} .cb-verdict").is_visible()
    click(page, '[data-widget="course-progress"]', "button[data-key=reset]")
    assert findings_in_both_schemes(page) == {"light": [], "dark": []}
    page = open_learn(browser_context, site_url, "discard/")
    root = '[data-stage="discard-2"]'
    state = page.locator(root).get_attribute("data-state")
    for card in json.loads(state)["task"]["cards"][:2]:
        click(page, root, f'button[data-key="card-{card}"]')
    click(page, root, "button[data-key=check]")
    assert page.locator(f"{root} .cb-verdict").is_visible()
    assert findings_in_both_schemes(page) == {"light": [], "dark": []}


def test_no_lesson_page_is_wider_than_a_phone(phone, site_url):  # noqa: F811 (the phone fixture)
    wider = {}
    for page_name in LESSON_PAGES:
        page = phone.new_page()
        page.goto(learn_url(site_url, "en", page_name))
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-widget]')].every(w => w.classList.contains('cb-enhanced'))"
        )
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width != PHONE["width"]:
            wider[page_name] = width
        page.close()
    assert wider == {}
