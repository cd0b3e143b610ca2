"""The game page in headless Chromium: a whole game played with the keyboard alone,
reloaded half-way and finished, then checked against the CPython engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cribbage.widgets.game import READER, game_of
from helpers import OTHER_LANGUAGES

READY_TIMEOUT = 90_000
ROOT = '[data-widget="game"]'
MAX_TABS = 80


def settled(page, previous_state: str | None) -> str:
    """Wait until the widget answered (its state changed and it is not busy); its state."""
    page.wait_for_function(
        """(previous) => {
            const root = document.querySelector('[data-widget="game"]');
            return root.dataset.ready === 'true' && !root.hasAttribute('aria-busy') && root.dataset.state !== previous;
        }""",
        arg=previous_state,
        timeout=READY_TIMEOUT,
    )
    return page.locator(ROOT).get_attribute("data-state")


def focused_key(page) -> str | None:
    return page.evaluate(
        "() => document.activeElement && document.activeElement.closest('[data-widget=\"game\"]')"
        " ? document.activeElement.dataset.key || null : null"
    )


def tab_to(page, key: str) -> None:
    """Move the focus with Tab (then Shift+Tab) until the control ``key`` has it."""
    for direction in ("Tab", "Shift+Tab"):
        for _ in range(MAX_TABS):
            if focused_key(page) == key:
                return
            page.keyboard.press(direction)
    raise AssertionError(f"the keyboard cannot reach {key!r}")


def press(page, key: str, state: str) -> str:
    tab_to(page, key)
    page.keyboard.press("Enter")
    return settled(page, state)


def next_key(page, state: dict) -> str | None:
    """The control a reader would use next (the first legal choice), or None to type a count."""
    game = game_of(state)
    if game.is_over:
        return None
    if game.to_act is None:
        return "cut" if game.phase == "cut_for_deal" else "deal"
    assert game.to_act == READER, "the page waits for the computer"
    if game.expected == "discard":
        if len(state["selected"]) < 2:
            hand = [str(card) for card in game.hand(READER)]
            return f"card-{next(card for card in hand if card not in state['selected'])}"
        return "discard"
    if game.expected == "play":
        return f"play-{game.legal_cards(READER)[0]}"
    raise AssertionError(f"unexpected decision {game.expected}")


def play_until(page, state_text: str, stop) -> str:
    while not stop(json.loads(state_text)):
        key = next_key(page, json.loads(state_text))
        assert key is not None
        state_text = press(page, key, state_text)
    return state_text


def test_a_whole_game_by_keyboard_survives_a_reload(watched_context, site_copy_url):
    context = watched_context(site_copy_url, viewport={"width": 360, "height": 780})
    page = context.new_page()
    page.goto(f"{site_copy_url}game/")
    page.locator(ROOT).scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=\"game\"]').dataset.ready === 'true'", timeout=READY_TIMEOUT
    )
    state = page.locator(ROOT).get_attribute("data-state")

    # Half-way: after the fourth deal's show, or earlier if the game is close to its end.
    state = play_until(
        page, state, lambda s: game_of(s).deals >= 4 and game_of(s).phase == "deal" or max(game_of(s).scores) >= 80
    )
    before = json.loads(state)
    assert page.url.endswith(f"#game-seed={before['game']['seed']}")
    page.reload()
    page.wait_for_function(
        """(actions) => {
            const root = document.querySelector('[data-widget="game"]');
            return root.dataset.ready === 'true' && !root.hasAttribute('aria-busy')
                && JSON.parse(root.dataset.state).game.actions.length === actions;
        }""",
        arg=len(before["game"]["actions"]),
        timeout=READY_TIMEOUT,
    )
    state = page.locator(ROOT).get_attribute("data-state")
    assert json.loads(state)["game"] == before["game"], "the reload did not bring the same game back"

    state = play_until(page, state, lambda s: game_of(s).is_over)
    game = game_of(json.loads(state))
    result = game.result
    assert result.scores[result.winner] == game.rules.target == 121
    assert max(result.scores[1 - result.winner], 0) < 121
    winner = page.locator(f"{ROOT} .cb-winner")
    assert winner.get_attribute("data-winner") == str(result.winner)
    shown = {
        int(li.get_attribute("data-seat")): int(li.get_attribute("data-score"))
        for li in page.locator(f"{ROOT} .cb-scores li").all()
    }
    assert shown == dict(enumerate(result.scores))
    front = page.locator(f'{ROOT} .cb-peg-front[data-seat="{result.winner}"]').get_attribute("data-points")
    assert int(front) == 121
    page.screenshot(path=str(_artifact("game-over-360.png")), full_page=True)
    # The loser deals the next game, which starts without a cut.
    state = press(page, "new", state)
    assert game_of(json.loads(state)).first_dealer == 1 - result.winner
    assert not context.watch.errors, context.watch.errors
    assert not context.watch.foreign, context.watch.foreign


def _artifact(name: str):
    folder = Path(__file__).resolve().parents[2] / "test-artifacts" / "game"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_the_game_page_goes_live_in_every_language(watched_context, site_copy_url, lang):
    context = watched_context(site_copy_url, viewport={"width": 360, "height": 780})
    page = context.new_page()
    page.goto(f"{site_copy_url}{lang}/game/")
    root = page.locator(ROOT)
    assert root.get_attribute("data-lang") == lang
    root.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=\"game\"]').dataset.ready === 'true'", timeout=READY_TIMEOUT
    )
    state = root.get_attribute("data-state")
    state = press(page, "cut", state)
    assert game_of(json.loads(state)).phase == "discard"
    from cribbage.i18n import t

    assert t("game.cut_cards", lang) in root.inner_text()


def _opened(context, url: str):
    """A new tab at ``url``, once the game widget is up and has restored what this browser saved."""
    page = context.new_page()
    page.goto(url)
    page.locator(ROOT).scroll_into_view_if_needed()
    page.wait_for_function(
        """() => {
            const root = document.querySelector('[data-widget="game"]');
            return root.dataset.ready === 'true' && !root.hasAttribute('aria-busy')
                && !root.classList.contains('cb-restoring');
        }""",
        timeout=READY_TIMEOUT,
    )
    return page


def test_a_game_link_opened_while_a_game_is_saved_offers_both_and_never_replaces_it_unasked(
    watched_context, site_copy_url
):
    """adversary D7: an address naming another game asks first; 'keep' keeps the saved game,
    'play' starts the named one."""
    context = watched_context(site_copy_url, viewport={"width": 360, "height": 780})
    page = _opened(context, f"{site_copy_url}game/")
    state = page.locator(ROOT).get_attribute("data-state")
    state = press(page, next_key(page, json.loads(state)), state)  # a game begun, saved in this browser
    saved = json.loads(state)["game"]
    assert game_of(json.loads(state)).events
    page.close()
    other = saved["seed"] + 1

    for choice in ("linked-keep", "linked-play"):
        page = _opened(context, f"{site_copy_url}game/#game-seed={other}")
        offer = page.locator(f"{ROOT} .cb-linked")
        assert offer.is_visible()
        assert json.loads(page.locator(ROOT).get_attribute("data-state"))["game"] == saved  # nothing replaced yet
        before = page.locator(ROOT).get_attribute("data-state")
        page.locator(f'{ROOT} button[data-action="{choice}"]').click()
        after = json.loads(settled(page, before))
        assert page.locator(f"{ROOT} .cb-linked").count() == 0
        if choice == "linked-keep":
            assert after["game"] == saved
        else:
            assert after["game"]["seed"] == other and after["game"] != saved
        page.close()
    assert not context.watch.errors, context.watch.errors
