"""Accessibility of the built site in headless Chromium: axe-core (npm, pinned in
package-lock.json) on every page in every language, light and dark scheme, with the
examples live; the widgets in their working states; and no page wider than a phone.

axe runs its whole rule set; a finding counts when axe rates it serious or critical.
"""

from __future__ import annotations

import json
import re

import pytest
from cribbage.analysis.discard import analyse_discards
from cribbage.core.cards import Card
from cribbage.i18n import card_name, t
from helpers import LANGUAGES, PAGES, page_url

import site_build

AXE = site_build.NODE_MODULES / "axe-core" / "axe.min.js"
LIVE_TIMEOUT = 90_000
PHONE = {"width": 360, "height": 740}

# axe's findings rated serious or critical, as "rule: selector" lines.
SERIOUS_FINDINGS = """
async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .flatMap(v => v.nodes.map(node => `${v.id}: ${node.target.join(" ")}`));
}
"""


def wake_widgets(page) -> None:
    """Bring every live example into view (the engine starts after that) and wait until live."""
    widgets = page.locator("[data-widget]").all()
    for widget in widgets:
        widget.scroll_into_view_if_needed()
    if widgets:
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-widget]')].every(w => w.dataset.ready === 'true')",
            timeout=LIVE_TIMEOUT,
        )
    scroll_to_top(page)


def scroll_to_top(page) -> None:
    """Scroll to the top and wait until the header shows the site's name again: the theme
    swaps its title after the scroll, a frame later, and fades it in (measured mid-fade, the
    title's colour fails the contrast check)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function(
        "() => !document.querySelector('.md-header__title--active') || !document.querySelector('.md-content h1')"
    )


def serious_findings(page) -> list[str]:
    # Colours are measured once the theme's transitions (the header's title fading in
    # after a scroll, the scheme's colours) have ended.
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)"
    )
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(SERIOUS_FINDINGS)


def switch_scheme(page, scheme: str) -> None:
    """The theme's own toggle, as a reader switches light and dark."""
    page.locator("form[data-md-component=palette] label:visible").first.click()
    page.wait_for_function("scheme => document.body.dataset.mdColorScheme === scheme", arg=scheme)


@pytest.fixture(scope="module", autouse=True)
def axe_is_installed():
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `python3 site_build.py build` (npm ci installs axe-core)")


@pytest.mark.parametrize("page_name", PAGES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_no_serious_axe_finding_in_light_and_dark(browser_context, site_url, lang, page_name):
    page = browser_context.new_page()
    page.emulate_media(color_scheme="light")
    page.goto(page_url(site_url, lang, page_name))
    wake_widgets(page)
    assert page.evaluate("() => document.body.dataset.mdColorScheme") == "default"
    light = serious_findings(page)
    switch_scheme(page, "slate")
    dark = serious_findings(page)
    assert (light, dark) == ([], [])


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_scheme_toggle_is_named_in_the_pages_language(built_site, lang):
    def toggle_names(root: str) -> list[str]:
        html = (built_site / root / "index.html").read_text("utf-8")
        return re.findall(r'<label class="md-header__button md-icon" title="([^"]+)" for="__palette_', html)

    english, translated = toggle_names(""), toggle_names(lang)
    assert len(english) == len(translated) == 2
    assert not set(english) & set(translated), translated


# --- the widgets in their working states (English pages, light and dark) -------------------


def settled(page, root: str, previous: str | None) -> str:
    """Wait until the first widget ``root`` answered (new state, not busy); its state."""
    page.wait_for_function(
        """([root, previous]) => {
            const widget = document.querySelector(root);
            return widget.dataset.ready === "true" && !widget.hasAttribute("aria-busy") && widget.dataset.state !== previous;
        }""",
        arg=[root, previous],
        timeout=LIVE_TIMEOUT,
    )
    return page.locator(root).first.get_attribute("data-state")


def click(page, root: str, selector: str) -> None:
    """Click the first ``selector`` in the first widget ``root`` and wait for its answer."""
    state = page.locator(root).first.get_attribute("data-state")
    page.locator(root).first.locator(selector).first.click()
    settled(page, root, state)


def findings_in_both_schemes(page) -> dict[str, list[str]]:
    scroll_to_top(page)
    light = serious_findings(page)
    switch_scheme(page, "slate")
    dark = serious_findings(page)
    switch_scheme(page, "default")
    return {"light": light, "dark": dark}


def open_live(browser_context, site_url: str, page_name: str):
    page = browser_context.new_page()
    page.emulate_media(color_scheme="light")
    page.goto(page_url(site_url, "en", page_name))
    wake_widgets(page)
    return page


def test_a_play_stepped_half_way_has_no_serious_axe_finding(browser_context, site_url):
    page = open_live(browser_context, site_url, "play")
    root = '[data-widget="play"]'
    moves = len(json.loads(page.locator(root).first.get_attribute("data-state"))["moves"])
    for _ in range(moves // 2):
        click(page, root, "button[data-key=forward]")
    assert page.locator(f"{root} .cb-log li.cb-current").first.is_visible()
    assert findings_in_both_schemes(page) == {"light": [], "dark": []}


def test_a_checked_practice_answer_has_no_serious_axe_finding(browser_context, site_url):
    page = open_live(browser_context, site_url, "practice")
    root = '[data-widget="practice"]'
    page.locator(f"{root} input[data-key=said]").first.fill("0")
    click(page, root, "button[data-key=check]")
    assert page.locator(f"{root} .cb-verdict").first.is_visible()
    assert findings_in_both_schemes(page) == {"light": [], "dark": []}


def test_the_advisor_after_a_change_has_no_serious_axe_finding(browser_context, site_url):
    page = open_live(browser_context, site_url, "strategy")
    root = '[data-widget="advisor"]'
    picker = page.locator(f"{root} select").first
    other = picker.locator("option:not(:checked):not([disabled])").last.get_attribute("value")
    state = page.locator(root).first.get_attribute("data-state")
    picker.select_option(other)
    settled(page, root, state)
    assert findings_in_both_schemes(page) == {"light": [], "dark": []}


GAME = '[data-widget="game"]'


def game_step(page) -> None:
    """The reader's next move with the page's own buttons: cut, deal, two cards to the crib, a legal card."""
    for selector in (
        "button[data-key=cut]",
        "button[data-key=deal]",
        "button[data-key=discard]:enabled",
        ".cb-card-button[aria-pressed=false]",
        "button[data-key^=play-]:enabled",
    ):
        if page.locator(f"{GAME} {selector}").count():
            click(page, GAME, selector)
            return
    raise AssertionError("the game offers the reader nothing to do")


def test_the_game_with_a_hint_open_mid_deal_and_in_the_show_has_no_serious_axe_finding(browser_context, site_url):
    page = open_live(browser_context, site_url, "game")
    while not page.locator(f"{GAME} .cb-card-button").count():
        game_step(page)
    click(page, GAME, "button[data-key=hint]")
    assert page.locator(f"{GAME} .cb-hint-box").is_visible()
    findings = {"hint": findings_in_both_schemes(page)}
    while not page.locator(f"{GAME} button[data-key^=play-]").count():
        game_step(page)
    game_step(page)  # one card played: the deal is half-way
    why = page.locator(f"{GAME} details.cb-why-box")
    if why.count():
        why.last.locator("summary").click()
    findings["mid-deal"] = findings_in_both_schemes(page)
    while not page.locator(f"{GAME} .cb-show-title").count():
        game_step(page)
    findings["show"] = findings_in_both_schemes(page)
    clean = {"light": [], "dark": []}
    assert findings == {"hint": clean, "mid-deal": clean, "show": clean}


# --- announcements -----------------------------------------------------------------------

SUIT_SYMBOLS = "♠♥♦♣"


def test_a_step_is_announced_with_the_cards_name_and_not_its_symbol(browser_context, site_url):
    page = open_live(browser_context, site_url, "play")
    play = page.locator('[data-widget="play"]').first
    first_move = json.loads(play.get_attribute("data-state"))["moves"][0]
    click(page, '[data-widget="play"]', "button[data-key=forward]")
    said = play.locator(":scope > .cb-status").text_content()
    assert card_name(Card.parse(first_move), "en") in said
    assert not any(symbol in said for symbol in SUIT_SYMBOLS), said


def test_the_advisors_best_discard_is_announced_with_each_number_after_its_label(browser_context, site_url):
    page = open_live(browser_context, site_url, "strategy")
    root = '[data-widget="advisor"]'
    advisor = page.locator(root).first
    picker = advisor.locator("select").first
    before = advisor.get_attribute("data-state")
    picker.select_option(picker.locator("option:not(:checked):not([disabled])").last.get_attribute("value"))
    state = json.loads(settled(page, root, before))
    best = analyse_discards([Card.parse(card) for card in state["cards"]], state["dealer"])[0]
    said = advisor.locator(":scope > .cb-status").text_content()
    assert f"{t('ui.net', 'en')}: {best.net:.2f}" in said, said
    names = t("ui.card_separator", "en").join(card_name(card, "en") for card in best.discard)
    assert f"{t('ui.discard', 'en')}: {names}" in said, said  # a list, no space before its comma


def test_an_empty_pile_says_so_and_the_live_log_lists_only_the_steps_taken(browser_context, site_url):
    page = open_live(browser_context, site_url, "play")
    root = '[data-widget="play"]'
    play = page.locator(root).first
    if json.loads(play.get_attribute("data-state"))["step"]:
        click(page, root, "button[data-key=first]")
    pile = play.locator(".cb-table-state").inner_text()
    assert f"{t('ui.pile', 'en')}:" in pile and t("ui.pile_empty", "en") in pile
    # the page's first view is the build's, whose log of the steps to come stays hidden
    assert play.locator(".cb-log li:visible").count() == 0
    for taken in (1, 2):
        click(page, root, "button[data-key=forward]")
        assert t("ui.pile_empty", "en") not in play.locator(".cb-table-state").inner_text()
        # the steps to come are not in the page at all, not only hidden
        assert play.locator(".cb-log li").count() == taken and play.locator(".cb-log li.cb-future").count() == 0


def test_playing_it_yourself_by_keyboard_keeps_the_focus_on_the_cards(browser_context, site_url):
    """After a card is played with Enter, the focus is on the next card to choose (or Go),
    never sent back to the stepper's first button."""
    page = open_live(browser_context, site_url, "play")
    play = page.locator('[data-widget="play"]').first
    state = play.get_attribute("data-state")
    play.locator("button[data-key=self]").click()
    state = settled(page, '[data-widget="play"]', state)
    for _ in range(2):
        play.locator(".cb-choice-box button:enabled").first.focus()
        page.keyboard.press("Enter")
        state = settled(page, '[data-widget="play"]', state)
        focused = page.evaluate("() => document.activeElement.dataset.key || ''")
        assert focused.startswith("play-") or focused == "go", focused


def test_the_game_shows_no_empty_log_before_the_first_deal(browser_context, site_url):
    page = open_live(browser_context, site_url, "game")
    log = page.locator(f"{GAME} .cb-log-box")
    assert not log.is_visible()
    while not page.locator(f"{GAME} .cb-log li").count():
        game_step(page)
    assert log.is_visible()


def test_the_practice_check_button_sits_beside_the_answer_box(browser_context, site_url):
    page = open_live(browser_context, site_url, "practice")
    practice = page.locator('[data-widget="practice"]').first
    box = practice.locator("input[data-key=said]").bounding_box()
    button = practice.locator("button[data-key=check]").bounding_box()
    assert button["x"] >= box["x"] + box["width"]
    assert box["y"] < button["y"] + button["height"] / 2 < box["y"] + box["height"]


def test_the_game_options_stay_open_with_the_focus_on_the_option_chosen(browser_context, site_url):
    page = open_live(browser_context, site_url, "game")
    options = page.locator(f"{GAME} details.cb-options-box")
    options.locator("summary").click()
    choice = options.locator("input[data-key=target-61]")
    state = page.locator(GAME).get_attribute("data-state")
    choice.focus()
    page.keyboard.press("Space")
    settled(page, GAME, state)
    assert options.get_attribute("open") is not None
    assert page.evaluate("() => document.activeElement.dataset.key") == "target-61"


def test_a_saved_game_is_never_shown_as_a_fresh_one_while_the_engine_loads(cold_context, site_url):
    # A context of its own: the engine's start is held back at the network, which a
    # service worker's cache would bypass.
    browser_context = cold_context
    page = open_live(browser_context, site_url, "game")
    game_step(page)  # the cut: the saved game is no longer the one the page was built with
    saved = json.loads(page.locator(GAME).get_attribute("data-state"))
    held = []  # the engine's WebAssembly, held back so the page stays in its loading state
    browser_context.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page.reload()
    page.wait_for_function("() => document.querySelector('[data-widget=game]').classList.contains('cb-enhanced')")
    view, status = page.locator(f"{GAME} > .cb-view"), page.locator(f"{GAME} > .cb-status")
    assert not view.is_visible() and status.is_visible()
    browser_context.unroute("**/pyodide/pyodide.asm.wasm")
    for route in held:
        route.continue_()
    page.wait_for_function(
        "() => !document.querySelector('[data-widget=game]').classList.contains('cb-restoring')", timeout=LIVE_TIMEOUT
    )
    assert view.is_visible()
    assert json.loads(page.locator(GAME).get_attribute("data-state"))["game"] == saved["game"]


# --- a phone ----------------------------------------------------------------------------------


@pytest.fixture
def phone(watched_context, site_url):
    """The warm browser context of a phone: 360 px wide, touch, no mouse."""
    return watched_context(site_url, block_foreign=True, viewport=PHONE, is_mobile=True, has_touch=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_is_wider_than_a_phone(phone, site_url, built_site, lang):
    """At 360 px the document is exactly as wide as the screen on every page, with the
    examples' controls shown (the engine renders the same views the build did)."""
    wider = {}
    for page_name in PAGES:
        page = phone.new_page()
        page.goto(page_url(site_url, lang, page_name))
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-widget]')].every(w => w.classList.contains('cb-enhanced'))"
        )
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width != PHONE["width"]:
            wider[page_name] = width
        page.close()
    assert wider == {}


def test_the_strategy_page_on_a_phone_has_no_serious_axe_finding(phone, site_url):
    page = phone.new_page()
    page.goto(page_url(site_url, "en", "strategy"))
    wake_widgets(page)
    assert serious_findings(page) == []


@pytest.mark.parametrize("lang", ["en", "sk"])
def test_the_advisor_on_a_phone_shows_discard_keep_and_net_without_scrolling(phone, site_url, lang):
    page = phone.new_page()
    page.goto(page_url(site_url, lang, "strategy"))
    wake_widgets(page)
    advisor = page.locator('[data-widget="advisor"]').first
    heads = advisor.locator(".cb-options thead th")
    assert [heads.nth(i).inner_text() for i in range(3)] == [
        t(key, lang) for key in ("ui.discard", "ui.keep", "ui.net")
    ]
    net = heads.nth(2).bounding_box()
    assert net["x"] + net["width"] <= PHONE["width"]
    # the caption wraps above the box, whole on the screen, not cut off inside it
    caption = advisor.locator(".cb-caption").first
    assert caption.inner_text() == t("ui.options", lang)
    shown = caption.bounding_box()
    assert shown["x"] >= 0 and shown["x"] + shown["width"] <= PHONE["width"]
    # the rest of the table scrolls into view in a box the keyboard reaches
    box = advisor.locator(".cb-scroll")
    box.focus()
    assert page.evaluate("() => document.activeElement.classList.contains('cb-scroll')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("box => box.scrollLeft > 0", arg=box.element_handle())


def test_the_crib_table_on_a_phone_scrolls_in_its_own_box_the_keyboard_reaches(phone, site_url):
    page = phone.new_page()
    page.goto(page_url(site_url, "cs", "strategy"))
    grid = page.locator(".cb-crib-table table")
    # the theme wraps only tables without a class in its own scroll box
    assert grid.evaluate("table => table.closest('.md-typeset__scrollwrap') === null")
    box = page.locator(".cb-crib-table")
    box.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("box => box.scrollLeft > 0", arg=box.element_handle())
    assert page.evaluate("() => document.documentElement.scrollWidth") == PHONE["width"]


def test_on_a_phone_practice_shows_the_cards_above_the_answer_box_and_the_game_no_empty_log(phone, site_url):
    page = phone.new_page()
    page.goto(page_url(site_url, "bg", "practice"))
    wake_widgets(page)
    practice = page.locator('[data-widget="practice"]').first
    cards = practice.locator(".cb-deal").first.bounding_box()
    answer = practice.locator("input[name=said]").bounding_box()
    assert cards["y"] + cards["height"] <= answer["y"]
    page.goto(page_url(site_url, "bg", "game"))
    wake_widgets(page)
    game = '[data-widget="game"]'
    assert page.locator(f"{game} .cb-log-box").count() == 0
    page.locator(game).locator("button[data-key=cut]").tap()
    page.locator(f"{game} .cb-log-box").wait_for(state="visible", timeout=LIVE_TIMEOUT)


def test_the_arrow_key_hint_shows_only_where_there_is_a_keyboard(watched_context, site_url):
    for touch, shown in ((True, False), (False, True)):
        context = watched_context(
            site_url, block_foreign=True, viewport=PHONE if touch else None, is_mobile=touch, has_touch=touch
        )
        page = context.new_page()
        page.goto(page_url(site_url, "en", "play"))
        wake_widgets(page)
        assert page.locator('[data-widget="play"] .cb-hint').first.is_visible() == shown, f"touch: {touch}"


def test_nothing_floats_over_the_examples_while_a_reader_scrolls_back(browser_context, site_url):
    """Scrolled down and then back up (when Material would float "Back to top" over the
    text), no element fixed on the screen lies over the article and its examples' buttons."""
    page = open_live(browser_context, site_url, "play")
    page.mouse.wheel(0, 3000)
    page.wait_for_function("() => scrollY > 2000")
    page.mouse.wheel(0, -400)
    page.wait_for_function("() => scrollY < 2700")
    page.wait_for_timeout(500)  # the theme fades its button in after the scroll
    floating = page.evaluate("""() => {
        const article = document.querySelector(".md-content").getBoundingClientRect();
        return [...document.querySelectorAll("body *")].filter(element => {
            const style = getComputedStyle(element);
            if (style.position !== "fixed" || style.visibility === "hidden" || +style.opacity === 0) return false;
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && box.left < article.right && box.right > article.left
                && box.top < article.bottom && box.bottom > article.top;
        }).map(element => element.className || element.tagName);
    }""")
    assert floating == []
