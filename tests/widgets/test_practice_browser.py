"""The pegging and discard practice on the real practice page, in headless Chromium at a
phone's width: played by tapping and by the keyboard alone.

Each test reads the answer it expects from the CPython engine, never from the page.
"""

from __future__ import annotations

import json

from cribbage.analysis.discard import analyse_discards
from cribbage.analysis.pegging_risk import best_cards, check_choice, play_risks
from cribbage.core.cards import parse_cards
from cribbage.i18n import card_name, t

LIVE_TIMEOUT = 60_000
PHONE = {"width": 360, "height": 740}


def phone_page(watched_context, base_url, lang="en"):
    """The practice page on a phone (360 px, touch), every widget live."""
    context = watched_context(base_url, viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{base_url}{'' if lang == 'en' else lang + '/'}practice/")
    for widget in page.locator("[data-widget]").all():
        widget.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-widget]')].every(w => w.dataset.ready === 'true'"
        " || w.classList.contains('cb-unavailable'))",
        timeout=LIVE_TIMEOUT,
    )
    assert page.locator(".cb-unavailable").count() == 0, "the engine did not load"
    return context, page


def state_of(widget) -> dict:
    return json.loads(widget.get_attribute("data-state"))


def settle(widget) -> None:
    widget.page.wait_for_function(
        "w => !w.hasAttribute('aria-busy')", arg=widget.element_handle(), timeout=LIVE_TIMEOUT
    )


def fits_the_phone(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


def test_pegging_practice_on_a_phone_by_tapping_and_by_keyboard(watched_context, base_url):
    context, page = phone_page(watched_context, base_url, "en")
    widget = page.locator('[data-widget="peg-practice"]')
    for by_keyboard in (False, True):

        def press(button, by_keyboard=by_keyboard):
            if by_keyboard:  # the keyboard alone: the button, then Enter
                button.focus()
                page.keyboard.press("Enter")
            else:
                button.tap()
            settle(widget)

        state = state_of(widget)
        pile, hand = parse_cards(state["pile"]), parse_cards(state["hand"])
        legal = [card for card in hand if check_choice(pile, hand, card) is None]
        if not legal:  # every card would pass 31: the only play is a go
            press(widget.locator('button[data-key="go"]'))
            assert widget.locator(".cb-verdict").inner_text() == t("peg_practice.go_right", "en")
        else:
            best = set(best_cards(play_risks(pile, hand, state["opponent"])))
            card = legal[-1]
            press(widget.locator(f'button[data-key="card-{card}"]'))
            assert state_of(widget)["chosen"] == str(card)
            assert widget.locator(f'button[data-key="card-{card}"]').get_attribute("aria-pressed") == "true"
            marked = widget.locator(".cb-risks li.cb-best .cb-sr").all_text_contents()
            assert sorted(marked) == sorted(card_name(c, "en") for c in best)
            verdict = widget.locator(".cb-verdict").text_content()
            assert ("the best play here" in verdict) == (card in best)
            assert verdict in widget.locator(".cb-status").text_content()  # said to screen readers
            if by_keyboard:  # the focus stays on the card for the next key
                assert page.evaluate("() => document.activeElement.dataset.key") == f"card-{card}"
        assert fits_the_phone(page)
        widget.locator('button[data-key="deal"]').tap()
        settle(widget)
        assert state_of(widget)["chosen"] is None and widget.locator(".cb-verdict").count() == 0
    assert [error for error in context.watch.errors if "sitemap" not in error] == []


def test_discard_practice_on_a_phone_by_tapping_and_by_keyboard(watched_context, base_url):
    context, page = phone_page(watched_context, base_url, "en")
    widget = page.locator('[data-widget="discard-practice"]')
    state = state_of(widget)
    cards = state["cards"]
    # Tapping: two cards, then the throw.
    for card in cards[:2]:
        widget.locator(f'button[data-key="card-{card}"]').tap()
        settle(widget)
    widget.locator('button[data-key="throw"]').tap()
    settle(widget)
    options = analyse_discards(parse_cards(cards), state_of(widget)["dealer"])
    mine = next(o for o in options if {str(c) for c in o.discard} == set(cards[:2]))
    rank = 1 + sum(1 for o in options if o.net > mine.net + 1e-9)
    verdict = widget.locator(".cb-verdict").text_content()
    assert ("is the best" in verdict) == (rank == 1) and (rank == 1 or f"is number {rank} of 15" in verdict)
    rows = widget.locator(".cb-options tbody tr")
    assert rows.count() == 15 and "cb-best" in rows.first.get_attribute("class")
    chosen = widget.locator(".cb-options tbody tr.cb-chosen")
    assert chosen.count() == 1 and t("ui.your_choice", "en") in chosen.inner_text()
    assert fits_the_phone(page)
    # The keyboard alone: the role switch, then new cards, two cards and the throw.
    pone = widget.locator('input[type=radio][value="0"]')
    pone.focus()
    page.keyboard.press("Space")
    settle(widget)
    assert state_of(widget)["dealer"] is False and state_of(widget)["role"] == "pone"
    widget.locator('button[data-key="deal"]').focus()
    page.keyboard.press("Enter")
    settle(widget)
    cards = state_of(widget)["cards"]
    for card in cards[-2:]:
        widget.locator(f'button[data-key="card-{card}"]').focus()
        page.keyboard.press("Enter")
        settle(widget)
    widget.locator('button[data-key="throw"]').focus()
    page.keyboard.press("Enter")
    settle(widget)
    options = analyse_discards(parse_cards(cards), False)
    mine = next(o for o in options if {str(c) for c in o.discard} == set(cards[-2:]))
    assert (
        f"net {mine.net:.2f}".replace("-", "\N{MINUS SIGN}") in widget.locator(".cb-verdict").inner_text()
    )  # the page's minus sign
    assert widget.locator(".cb-verdict").text_content() in widget.locator(".cb-status").text_content()
    assert [error for error in context.watch.errors if "sitemap" not in error] == []
