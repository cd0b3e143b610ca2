"""The game's analysis tables on a phone of 360 px: the coach's review of a deal and the
discard hint fit the screen, with no sideways scrolling, and keep the columns that say
what to learn (the card, the best card, the difference; the discard and its net)."""

from __future__ import annotations

import json

import pytest
from cribbage.players.computer import ComputerPlayer
from cribbage.widgets.game import GameOptions, new_state
from driver import send
from test_game_coach import end_of_deal, play_to

READY_TIMEOUT = 90_000
ROOT = '[data-widget="game"]'
PHONE = {"width": 360, "height": 780}

MEASURE = """(selector) => [...document.querySelectorAll(selector)].map((table) => {
    const box = table.closest('.cb-scroll') || table;
    const cells = [...table.querySelectorAll('tbody tr:first-child > *')].filter((cell) => cell.offsetWidth > 0);
    return {
        overflow: box.scrollWidth - box.clientWidth,
        right: Math.max(...cells.map((cell) => cell.getBoundingClientRect().right)),
        shown: cells.length,
    };
})"""


def reviewed_deal() -> dict:
    """A game after its first deal, the coach's review of it open."""
    state = new_state(GameOptions(players=2, strength="random", target=61), 19, "g")
    return play_to(state, ComputerPlayer("random", seed=4), end_of_deal)["state"]


def discard_with_hint() -> dict:
    """A game at the reader's first discard, the hint (the advisor's best five) shown."""
    state = new_state(GameOptions(players=2, strength="random", target=61), 19, "g")
    state = play_to(state, ComputerPlayer("random", seed=4), lambda game: game.expected == "discard")["state"]
    return send(state, {"action": "hint"})["state"]


def opened(context, url: str, lang: str, state: dict):
    """The game page in ``lang`` with ``state`` saved, as a reader comes back to it."""
    page = context.new_page()
    page.goto(f"{url}{lang}/game/")
    page.evaluate("(state) => localStorage.setItem('cribbage-widget-game', state)", json.dumps(state))
    page.reload()
    actions = len(state["game"]["actions"])
    page.wait_for_function(
        """(actions) => {
            const root = document.querySelector('[data-widget="game"]');
            return root.dataset.ready === 'true' && !root.hasAttribute('aria-busy')
                && JSON.parse(root.dataset.state).game.actions.length === actions;
        }""",
        arg=actions,
        timeout=READY_TIMEOUT,
    )
    return page


@pytest.mark.parametrize("lang", ["cs", "bg"])
def test_the_coach_and_the_discard_hint_fit_a_360_px_screen_without_sideways_scrolling(
    watched_context, site_copy_url, lang
):
    context = watched_context(site_copy_url, viewport=PHONE)
    page = opened(context, site_copy_url, lang, reviewed_deal())
    coach = page.evaluate(MEASURE, f"{ROOT} .cb-coach table")
    assert len(coach) == 2, coach  # the discard, the play
    for table in coach:
        assert table["overflow"] <= 0 and table["right"] <= PHONE["width"], coach
    plays = page.locator(f"{ROOT} .cb-coach-plays tbody tr").first
    difference = plays.locator("td").last
    assert difference.is_visible() and difference.bounding_box()["x"] + difference.bounding_box()["width"] <= 360

    page = opened(context, site_copy_url, lang, discard_with_hint())
    hint = page.evaluate(MEASURE, f"{ROOT} .cb-hint-box table")  # the best five, the best hand's chart
    assert len(hint) == 2, hint
    for table in hint:
        assert table["overflow"] <= 0 and table["right"] <= PHONE["width"], hint
    assert hint[0]["shown"] == 3, hint  # the discard, what stays, the net
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert not context.watch.errors, context.watch.errors
