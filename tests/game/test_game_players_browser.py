"""Games for 3 and 4 players in headless Chromium at 360 px under the site's sub-path:
the table chosen by the address, the options set and the game played with the keyboard
alone, reloaded half-way and finished; the coach's summary then matches the CPython engine."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cribbage.players.coach import review_game
from cribbage.widgets.game import READER, game_of
from cribbage.widgets.game.coach_state import said_of
from test_game_browser import READY_TIMEOUT, ROOT, press, settled, tab_to

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "game"


def next_key(state: dict) -> str:
    """The control a reader would use next: the first card to choose, or the button that moves on."""
    game = game_of(state)
    if game.is_over:
        raise AssertionError("the game is over")
    if game.to_act is None:
        return "cut" if game.phase == "cut_for_deal" else "deal"
    assert game.to_act == READER, "the page waits for a computer"
    if game.expected == "discard":
        if len(state["selected"]) < game.rules.discard_size:
            return f"card-{next(str(card) for card in game.hand(READER) if str(card) not in state['selected'])}"
        return "discard"
    assert game.expected == "play", game.expected
    return f"play-{game.legal_cards(READER)[0]}"


def choose_option(page, name: str, value, state: str) -> str:
    """Open the options with the keyboard, Tab to the option's chosen radio button and move
    along its group with the arrow keys (as a keyboard reaches a radio group) to ``value``."""
    options = page.locator(f"{ROOT} details.cb-options-box")
    if options.get_attribute("open") is None:
        options.locator("summary").focus()
        page.keyboard.press("Enter")
    tab_to(page, f"{name}-{str(json.loads(state)['next'][name]).lower()}")
    for _ in range(5):
        if json.loads(state)["next"][name] == value:
            return state
        page.keyboard.press("ArrowRight")
        state = settled(page, state)
    raise AssertionError(f"the arrows never reached {name} {value}")


def play_until(page, state: str, stop, shoot=None) -> str:
    while not stop(json.loads(state)):
        state = press(page, next_key(json.loads(state)), state)
        if shoot is not None:
            shoot(page, json.loads(state))
    return state


def _mid_play(state: dict) -> bool:
    game = game_of(state)
    return game.phase == "play" and game.to_act == READER and len(game.play_state.pile) >= 2


class Screenshots:
    """The table mid-play at 360 px and at 1280 px, once (the README's pictures are taken from these)."""

    def __init__(self) -> None:
        self.taken = False

    def __call__(self, page, state: dict) -> None:
        if self.taken or not _mid_play(state):
            return
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for width, name in ((360, "game-table-360.png"), (1280, "game-table-1280.png")):
            page.set_viewport_size({"width": width, "height": 900})
            # From the board to the bottom of the table: what a player looks at.
            board = page.locator(f"{ROOT} .cb-board-box").bounding_box()
            table = page.locator(f"{ROOT} .cb-felt").bounding_box()
            scrolled = page.evaluate("() => window.scrollY")
            top = board["y"] + scrolled - 8
            page.screenshot(
                path=str(ARTIFACTS / name),
                full_page=True,
                clip={"x": 0, "y": top, "width": width, "height": table["y"] + scrolled + table["height"] + 8 - top},
            )
        page.set_viewport_size({"width": 360, "height": 780})
        self.taken = True


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_game_for_3_or_4_players_by_keyboard_survives_a_reload_and_ends_with_the_coachs_summary(
    watched_context, site_copy_url, players
):
    context = watched_context(site_copy_url, viewport={"width": 360, "height": 780})
    page = context.new_page()
    page.goto(f"{site_copy_url}game/#game-seed={40 + players}&players={players}")
    root = page.locator(ROOT)
    root.scroll_into_view_if_needed()
    page.wait_for_function(
        """(players) => {
            const root = document.querySelector('[data-widget="game"]');
            return root.dataset.ready === 'true' && !root.hasAttribute('aria-busy')
                && JSON.parse(root.dataset.state).options.players === players;
        }""",
        arg=players,
        timeout=READY_TIMEOUT,
    )
    state = root.get_attribute("data-state")
    # A short game, with quick computers: the options apply at once before the cut.
    state = choose_option(page, "target", 61, state)
    state = choose_option(page, "strength", "random", state)
    options = json.loads(state)["options"]
    assert (options["players"], options["target"], options["strength"]) == (players, 61, "random")

    shoot = Screenshots() if players == 3 else None
    # Half-way: after the second deal's show.
    state = play_until(
        page, state, lambda s: game_of(s).is_over or game_of(s).deals >= 2 and game_of(s).phase == "deal", shoot
    )
    before = json.loads(state)
    assert page.url.endswith(f"#game-seed={before['game']['seed']}&players={players}")
    assert root.locator(f".cb-felt[data-players='{players}']").count() == 1 or game_of(before).is_over
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
    state = root.get_attribute("data-state")
    assert json.loads(state)["game"] == before["game"], "the reload did not bring the same game back"

    state = play_until(page, state, lambda s: game_of(s).is_over, shoot)
    final = json.loads(state)
    game = game_of(final)
    result = game.result
    assert result.scores[result.winner] == 61 and sorted(result.scores).count(61) == 1
    assert root.locator(".cb-winner").get_attribute("data-winner") == str(result.winner)
    lanes = {int(peg.get_attribute("data-seat")) for peg in root.locator(".cb-peg-front").all()}
    assert lanes == set(range(2 if players == 4 else 3))

    # The coach's summary, computed in the browser, against the CPython engine.
    expected = review_game(game, READER, said=said_of(final))
    summary = root.locator(".cb-coach-summary")
    totals = summary.locator(".cb-coach-totals")
    assert float(totals.get_attribute("data-discards")) == pytest.approx(expected.totals.discards, abs=1e-3)
    assert float(totals.get_attribute("data-pegging")) == pytest.approx(expected.totals.pegging, abs=1e-3)
    assert float(totals.get_attribute("data-counting")) == pytest.approx(expected.totals.counting, abs=1e-3)
    listed = [
        (item.get_attribute("data-kind"), int(item.get_attribute("data-deal")), float(item.get_attribute("data-cost")))
        for item in summary.locator(".cb-moments li").all()
    ]
    assert listed == [(m.kind, m.deal, pytest.approx(m.cost, abs=1e-3)) for m in expected.costliest]
    if listed:
        # The costliest moment opens in the play's replay, and the keyboard brings the game back.
        state = press(page, "moment-0", state)
        assert root.locator(".cb-replay").count() == 1
        state = press(page, "replay-close", state)
        assert root.locator(".cb-coach-summary").count() == 1
    page.screenshot(path=str(ARTIFACTS / f"game-over-{players}-players-360.png"), full_page=True)
    assert shoot is None or shoot.taken, "the table was never seen mid-play"
    assert not context.watch.errors, context.watch.errors
    assert not context.watch.foreign, context.watch.foreign
    assert re.search(r"cb-coach", root.inner_html())
