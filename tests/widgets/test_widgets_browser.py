"""The live examples in headless Chromium, on pages served under a sub-path.

Each test reads the answer it expects from the CPython engine, never from the page.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cribbage.analysis.discard import analyse_discards
from cribbage.core.cards import Card, parse_cards
from cribbage.core.play import replay
from cribbage.core.show import score_show
from cribbage.i18n import LANGUAGES, card_symbol, t

KINDS = ("hand", "play", "practice", "advisor")
LIVE_TIMEOUT = 60_000
BOOT_TIMEOUT = 180_000
"""The engine's first boot in a context of its own (no service worker, no cache): a bound on a
hung start, not a speed check; a loaded CI machine running the Pyodide suite beside it has
taken over a minute."""
# Material's language switcher asks for sitemap.xml at the host's root, outside the
# sub-path; that request belongs to the site frame, not to the widgets.
SITE_FRAME_NOISE = re.compile(r"/sitemap\.xml\)$")


def open_fixture(context, fixtures_url: str, lang: str, fragment: str = ""):
    page = context.new_page()
    page.goto(f"{fixtures_url}{lang}/{fragment}")
    return page


def wake_all(page) -> None:
    """Bring every widget into view (the worker starts when idle after that) and wait until live."""
    for widget in page.locator("[data-widget]").all():
        widget.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const all = [...document.querySelectorAll('[data-widget]')];"
        " return all.every(w => w.dataset.ready === 'true') || all.some(w => w.classList.contains('cb-unavailable')); }",
        timeout=BOOT_TIMEOUT,
    )
    failed = page.locator(".cb-unavailable .cb-status")
    assert failed.count() == 0, f"the engine did not load: {failed.first.text_content()}"


def widget_errors(context) -> list[str]:
    return [error for error in context.watch.errors if not SITE_FRAME_NOISE.search(error)]


def state_of(widget) -> dict:
    return json.loads(widget.get_attribute("data-state"))


def wait_settled(widget) -> None:
    widget.page.wait_for_function("w => !w.hasAttribute('aria-busy')", arg=widget.element_handle())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_widget_kind_becomes_live_in_every_language(watched, fixtures_url, lang):
    page = open_fixture(watched, fixtures_url, lang)
    kinds = {widget.get_attribute("data-widget") for widget in page.locator("[data-widget]").all()}
    assert kinds == set(KINDS)
    wake_all(page)
    for widget in page.locator("[data-widget]").all():
        assert widget.get_attribute("data-lang") == lang
        assert widget.locator(".cb-controls").first.is_visible()
    assert widget_errors(watched) == []
    assert watched.watch.foreign == []


def test_changing_a_card_rescores_as_the_engine_does(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "pl")
    hand = page.locator('[data-widget="hand"]')
    wake_all(page)
    for name, card in (("card3", "JH"), ("starter", "4C"), ("card0", "6D")):
        hand.locator(f"select[name={name}]").select_option(card)
        wait_settled(hand)
    page.locator('[data-widget="hand"] input[type=radio][value="1"]').check()
    wait_settled(hand)
    expected = score_show(parse_cards("6D 5S 5C JH"), Card.parse("4C"), crib=True)
    assert hand.locator("[data-total]").get_attribute("data-total") == str(expected.total)
    assert hand.locator(".cb-item").count() == len(expected.items)
    assert page.url.endswith("#hand=6D,5S,5C,JH&starter=4C&crib=1")
    assert widget_errors(watched) == []


def test_a_duplicate_card_is_named_in_the_pages_language(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "cs")
    hand = page.locator('[data-widget="hand"]')
    wake_all(page)
    hand.locator("select[name=card1]").select_option("5H")
    wait_settled(hand)
    alert = hand.locator(".cb-error")
    assert "srdcová pětka" in alert.text_content()
    assert hand.locator("[data-total]").count() == 0


def test_a_fragment_loads_its_hand(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "en", "#hand=2H,3H,4H,5H&starter=6H&crib=1")
    hand = page.locator('[data-widget="hand"]')
    wake_all(page)
    page.wait_for_function(
        "() => document.querySelector('[data-widget=hand] select[name=card0]').value === '2H'", timeout=LIVE_TIMEOUT
    )
    expected = score_show(parse_cards("2H 3H 4H 5H"), Card.parse("6H"), crib=True).total
    assert hand.locator("[data-total]").get_attribute("data-total") == str(expected)
    assert hand.locator('input[type=radio][value="1"]').is_checked()


def test_a_malformed_fragment_is_refused_and_never_run(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "sk", "#hand=5H,5S,<img src=x onerror=window.pwned=1>&starter=5D")
    hand = page.locator('[data-widget="hand"]')
    wake_all(page)
    notice = hand.locator(".cb-notice")
    notice.wait_for(timeout=LIVE_TIMEOUT)
    assert notice.text_content().startswith(t("error.bad_fragment", "sk", detail="")[:20])
    assert hand.locator("[data-total]").get_attribute("data-total") == "29"  # the example stays
    assert page.evaluate("() => window.pwned") is None
    assert hand.locator("img").count() == 0


@pytest.mark.parametrize("fragment", ["#hand=5H%", "#hand=5H,5S,5C&starter=5D&crib=1"])
def test_a_broken_or_impossible_shared_hand_gets_a_notice_and_the_page_still_starts(watched, fixtures_url, fragment):
    page = open_fixture(watched, fixtures_url, "pl", fragment)
    hand = page.locator('[data-widget="hand"]')
    wake_all(page)  # every widget on the page comes alive: the bad fragment stops nothing
    notice = hand.locator(".cb-notice")
    notice.wait_for(timeout=LIVE_TIMEOUT)
    assert notice.text_content().startswith(t("error.bad_fragment", "pl", detail="")[:20])
    assert hand.locator("[data-total]").get_attribute("data-total") == "29"  # the example stays
    hand.locator('input[type=radio][value="1"]').check()  # and its crib switch still works
    page.wait_for_function(
        "() => JSON.parse(document.querySelector('[data-widget=hand]').dataset.state).crib === true",
        timeout=LIVE_TIMEOUT,
    )
    assert not widget_errors(watched)


def _tab_to(page, selector: str, limit: int = 80) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => document.activeElement.matches({json.dumps(selector)})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_alone_changes_a_card_and_steps_a_play(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "bg")
    wake_all(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    hand = page.locator('[data-widget="hand"]')
    _tab_to(page, "[data-widget=hand] select[name=card3]")
    page.keyboard.press("ArrowDown")  # JD -> QD in the diamonds group
    wait_settled(hand)
    value = page.evaluate("() => document.querySelector('[data-widget=hand] select[name=card3]').value")
    assert value != "JD"
    expected = score_show(parse_cards(["5H", "5S", "5C", value]), Card.parse("5D")).total
    page.wait_for_function(
        f"() => document.querySelector('[data-widget=hand] [data-total]')?.dataset.total === '{expected}'"
    )

    play = page.locator('[data-widget="play"]').first
    start = state_of(play)["step"]
    _tab_to(page, "[data-widget=play] button[data-key=forward]")
    page.keyboard.press("Enter")
    wait_settled(play)
    assert state_of(play)["step"] == start + 1
    page.keyboard.press("ArrowRight")
    wait_settled(play)
    page.keyboard.press("ArrowRight")
    wait_settled(play)
    assert state_of(play)["step"] == start + 3
    page.keyboard.press("Home")
    wait_settled(play)
    assert state_of(play)["step"] == 0
    assert play.locator(".cb-running").get_attribute("data-count") == "0"
    assert page.evaluate("() => document.activeElement.dataset.key") == "forward"
    page.keyboard.press("End")  # onto the last action: Forward goes dim, focus stays beside it
    wait_settled(play)
    assert state_of(play)["step"] == len(state_of(play)["moves"])
    assert page.evaluate("() => document.activeElement.dataset.key") == "back"
    assert widget_errors(watched) == []


def test_stepping_a_play_shows_count_points_go_and_reset_as_the_engine_does(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "en")
    wake_all(page)
    play = page.locator('[data-widget="play"]').first
    actions = replay(["7H 8D 5C KS", "8S 6C AH QD"], "7H 8S 5C 6C AH 8D QD KS")
    play.locator("button[data-key=first]").click()
    wait_settled(play)
    for step in range(1, len(actions) + 1):
        play.locator("button[data-key=forward]").click()
        wait_settled(play)
        action = actions[step - 1]
        ends_play = step == len(actions)  # the last card ends the play: nothing starts again
        shown = 0 if action.reset and not ends_play else action.count  # the end keeps its last count
        assert play.locator(".cb-running").get_attribute("data-count") == str(shown)
        last = play.locator(".cb-last").text_content()
        assert (t("play.reset", "en") in last) == (action.reset and not ends_play)
        for item in action.reasons:
            assert t(f"kind.{item.kind}", "en") in last
    assert play.locator("button[data-key=forward]").is_disabled()
    assert play.locator(".cb-over").count() == 1


def test_playing_it_yourself_disables_illegal_cards_with_the_reason(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "pl")
    wake_all(page)
    play = page.locator('[data-widget="play"]').first
    for _ in range(2):  # from action 3 to action 5: count 26 after player 1's go
        play.locator("button[data-key=forward]").click()
        wait_settled(play)
    play.locator("button[data-key=self]").click()
    wait_settled(play)
    queen = play.locator('.cb-choice-box button[data-value="QD"]')
    ace = play.locator('.cb-choice-box button[data-value="AH"]')
    assert queen.is_disabled() and t("reason.over_31", "pl") in queen.text_content()
    assert ace.is_enabled()
    ace.click()
    wait_settled(play)
    assert play.locator(".cb-running").get_attribute("data-count") == "27"


def test_practice_checks_the_count_and_keeps_a_streak_of_one_answer_per_hand(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "en")
    wake_all(page)
    practice = page.locator('[data-widget="practice"]')
    practice.locator("button[data-key=deal]").click()
    wait_settled(practice)
    for expected_streak in (1, 2):
        state = state_of(practice)
        total = score_show(parse_cards(state["hand"]), Card.parse(state["starter"]), crib=state["crib"]).total
        practice.locator("input[name=said]").fill(str(total))
        practice.locator("input[name=said]").press("Enter")
        wait_settled(practice)
        assert practice.locator(".cb-verdict").get_attribute("data-correct") == "true"
        assert practice.locator("[data-streak]").text_content() == str(expected_streak)
        practice.locator("input[name=said]").press("Enter")  # the same hand again: one answer per hand counts
        wait_settled(practice)
        assert practice.locator("[data-streak]").text_content() == str(expected_streak)
        practice.locator("button[data-key=deal]").click()
        wait_settled(practice)
    state = state_of(practice)
    total = score_show(parse_cards(state["hand"]), Card.parse(state["starter"]), crib=state["crib"]).total
    practice.locator("input[name=said]").fill(str(total + 1))
    practice.locator("button[data-key=check]").click()
    wait_settled(practice)
    assert practice.locator(".cb-verdict").get_attribute("data-correct") == "false"
    assert practice.locator(".cb-answer-box, .cb-items, .cb-none").count() >= 1
    saved = json.loads(page.evaluate("() => localStorage.getItem('cribbage-practice-streak')"))
    assert saved == {"streak": 0, "best": 2}


def test_the_advisor_agrees_with_the_engine(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "en")
    wake_all(page)
    advisor = page.locator('[data-widget="advisor"]')
    advisor.locator('input[type=radio][value="0"]').check()
    wait_settled(advisor)
    options = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), False)
    rows = advisor.locator(".cb-options tbody tr")
    assert rows.count() == len(options)
    best = rows.first.locator("td.cb-net").text_content().strip()
    assert best == f"{options[0].net:.2f}"


def test_without_the_engine_the_static_example_stays_with_a_notice(watched_context, fixtures_url):
    # A context of its own: the runtime is refused at the network, which a service worker's cache would bypass.
    context = watched_context(fixtures_url, fresh=True)
    context.route("**/pyodide/**", lambda route: route.abort())
    page = context.new_page()
    page.goto(f"{fixtures_url}cs/")
    hand = page.locator('[data-widget="hand"]')
    hand.locator("select[name=card0]").focus()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=hand]').classList.contains('cb-unavailable')", timeout=LIVE_TIMEOUT
    )
    assert hand.locator(".cb-status").text_content() == t("ui.unavailable", "cs")
    assert hand.locator("[data-total]").get_attribute("data-total") == "29"
    assert not hand.locator(".cb-controls").is_visible()


@pytest.mark.parametrize("width", (360, 1280))
def test_widgets_fit_the_screen_and_are_photographed(watched_context, fixtures_url, artifacts, width):
    context = watched_context(fixtures_url, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{fixtures_url}en/")
    wake_all(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    for kind in KINDS:
        page.locator(f'[data-widget="{kind}"]').first.screenshot(path=str(artifacts / f"{kind}-{width}.png"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_real_pages_widgets_become_live(watched, base_url, served_root, lang):
    pages = sorted((served_root if lang == "en" else served_root / lang).glob("*/index.html"))
    with_widgets = [path for path in pages if "data-widget=" in path.read_text(encoding="utf-8")]
    assert with_widgets, f"no page in {lang} has a live example"
    path = with_widgets[0]
    relative = path.parent.relative_to(served_root).as_posix()
    page = watched.new_page()
    page.goto(f"{base_url}{relative}/")
    wake_all(page)
    assert widget_errors(watched) == []
    assert watched.watch.foreign == []


def test_without_javascript_each_example_reads_fully_and_shows_no_dead_controls(watched_context, fixtures_url):
    context = watched_context(fixtures_url, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{fixtures_url}en/")
    hand = page.locator('[data-widget="hand"]')
    assert hand.locator("[data-total]").inner_text() == "29"
    assert hand.locator(".cb-spoken").is_visible() and hand.locator(".cb-item").count() > 0
    play = page.locator('[data-widget="play"]').first
    assert play.locator(".cb-log li").count() == 10 and play.locator(".cb-totals").is_visible()
    for widget in page.locator("[data-widget]").all():
        assert not widget.locator(".cb-controls").first.is_visible()
        assert widget.get_attribute("data-ready") is None


def _advisor_rows(advisor) -> list[tuple[frozenset[str], str]]:
    """(discarded card symbols, net) per row, as the page shows them."""
    rows = []
    for row in advisor.locator(".cb-options tbody tr").all():
        discard = frozenset(row.locator("td").first.locator("[aria-hidden=true]").all_text_contents())
        rows.append((discard, row.locator(".cb-net span").last.text_content().strip()))
    return rows


def test_the_advisor_driven_by_keyboard_agrees_with_the_cli(watched, fixtures_url):
    """Issue 6: change a dealt card and the seat with the keyboard; every option's net is the CLI's."""
    page = open_fixture(watched, fixtures_url, "en")
    wake_all(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    advisor = page.locator('[data-widget="advisor"]')
    _tab_to(page, "[data-widget=advisor] select[name=card5]")
    page.keyboard.press("ArrowUp")  # KS -> QS
    wait_settled(advisor)
    _tab_to(page, "[data-widget=advisor] input[type=radio]:checked")
    page.keyboard.press("ArrowRight")  # dealer -> the other player deals
    wait_settled(advisor)
    cards = [
        page.evaluate(f"() => document.querySelector('[data-widget=advisor] select[name=card{i}]').value")
        for i in range(6)
    ]
    assert cards[5] != "KS"
    engine = Path(__file__).resolve().parents[2] / "engine"
    cli = subprocess.run(
        [sys.executable, "-m", "cribbage", "discard", *cards, "--json"],
        cwd=engine,
        capture_output=True,
        text=True,
        check=True,
    )
    # The page prints a negative net with a true minus sign, as every figure on the site.
    expected = [
        (
            frozenset(card_symbol(Card.parse(c)) for c in option["discard"]),
            f"{option['net']:.2f}".replace("-", "\N{MINUS SIGN}"),
        )
        for option in json.loads(cli.stdout)
    ]
    assert _advisor_rows(advisor) == expected
