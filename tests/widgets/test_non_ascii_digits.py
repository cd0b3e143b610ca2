"""Digits that are not ASCII ("²", "٣", "３", "①") pass ``str.isdigit()``; ``int()`` refuses
some and reads others.  Every entry point of the pages refuses them as it refuses any text
that is not a number: a block stops the build naming its file and line, a widget answers
with its own message, a saved state is a bad state, never a traceback.
"""

from __future__ import annotations

import json

import pytest
from cribbage.core.show import MAX_SHOW
from cribbage.i18n import LANGUAGES, t
from cribbage.players.computer import ComputerPlayer
from cribbage.widgets import BlockError, render_block
from cribbage.widgets.game import GameOptions, new_state
from game.driver import play_game, read, reader_actions, send
from helpers import call, state_of, text_of
from mkdocs.exceptions import PluginError

from hooks.cribbage_blocks import replace_blocks

NOT_ASCII = ("²", "²⁹", "٣", "３", "①")
"""Each passes ``str.isdigit()``: superscripts, Arabic-Indic and full-width digits, a circled one."""


@pytest.mark.parametrize("digits", NOT_ASCII)
@pytest.mark.parametrize(
    ("kind", "source", "line"),
    [
        ("hand", "hand: 5H 5S 5C JD\nstarter: 5D\nexpect: {}", 3),
        ("play", "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S\nplayers: {}", 3),
        ("play", "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S\nstart: {}", 3),
        ("play", "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S\nexpect: {} | 2", 3),
        ("advisor", "cards: 5H 5S 6C 7D JH KS\nplayers: {}", 2),
    ],
)
def test_a_block_with_digits_that_are_not_ascii_is_refused_naming_its_line(kind, source, line, digits):
    with pytest.raises(BlockError) as refused:
        render_block(kind, source.format(digits), "en")
    assert refused.value.line == line and refused.value.code == "block_bad_value"


def test_the_build_names_the_file_and_line_of_digits_that_are_not_ascii():
    markdown = "# T\n\n```cribbage-hand\nhand: 5H 5S 5C JD\nstarter: 5D\nexpect: ²⁹\n```\n"
    with pytest.raises(PluginError, match=r"^docs/en/show\.md:6: cribbage-hand: "):
        replace_blocks(markdown, "en", "docs/en/show.md")


@pytest.mark.parametrize("digits", NOT_ASCII)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_answer_in_digits_that_are_not_ascii_asks_for_a_number(digits, lang):
    state = state_of(render_block("lesson", "stage: values-1", lang))
    answer = call("lesson", state, {"action": "check", "value": digits}, lang)
    assert t("lesson.enter_number", lang) in text_of(answer["html"])
    assert answer["state"].get("tries", 0) == state.get("tries", 0), "a try counted for a number not given"


@pytest.mark.parametrize("digits", NOT_ASCII)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_practice_count_in_digits_that_are_not_ascii_asks_for_a_number(digits, lang):
    state = state_of(render_block("practice", "crib: no", lang))
    answer = call("practice", state, {"action": "check", "value": digits}, lang)
    assert "correct" not in answer and t("ui.enter_number", lang, most=MAX_SHOW) in text_of(answer["html"])


def _reader_count(seed: int = 3) -> dict:
    """A game with manual counting, played (the reader by a computer) until the reader must count."""
    state = new_state(GameOptions(strength="random", counting="manual"), seed, "g")
    player = ComputerPlayer("random", seed=seed)
    while not (read(state).to_act == 0 and read(state).expected == "announce"):
        for action in reader_actions(state, player):
            state = send(state, action)["state"]
    return state


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_a_game_count_in_digits_that_are_not_ascii_is_refused_with_the_count_notice(digits):
    state = _reader_count()
    answer = call("game", state, {"action": "announce", "value": digits})
    assert answer["state"]["notice"]["key"] == "game.bad_count"
    assert answer["state"]["game"] == state["game"]


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_a_game_state_or_action_with_digits_that_are_not_ascii_is_a_bad_state(digits):
    state = _reader_count()
    bad_states = [
        {**state, "why": {digits: {"code": "random", "params": {}}}},
        {**state, "said": {f"{digits}:hand": 3}},
    ]
    for bad in bad_states:
        assert call("game", bad, {"action": "hint"}) == {"error": t("error.bad_state", "en")}
    assert call("game", _finished(), {"action": "moment", "value": digits}) == {"error": t("error.bad_state", "en")}


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_a_game_address_with_digits_that_are_not_ascii_is_not_a_game(digits):
    state = new_state(GameOptions(), 1, "g")
    answer = call("game", state, {"action": "fragment", "value": f"game-seed={digits}"})
    assert answer["state"]["notice"]["key"] == "game.bad_fragment"
    assert answer["state"]["game"] == state["game"]


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_a_play_step_or_a_card_picker_in_digits_that_are_not_ascii_is_refused(digits):
    state = state_of(render_block("play", "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S 5C", "en"))
    assert call("play", state, {"action": "step", "value": digits}) == {"error": t("error.bad_state", "en")}
    hand = state_of(render_block("hand", "hand: 5H 5S 5C JD\nstarter: 5D", "en"))
    picked = call("hand", hand, {"action": "set", "name": f"card{digits}", "value": "AH"})
    assert picked.get("state", hand)["hand"] == hand["hand"]


def _finished() -> dict:
    """A game to 61 played to its end, with the coach's reviews and its costliest moments."""
    return play_game(new_state(GameOptions(strength="random", target=61), 17, "g"), ComputerPlayer("random", seed=4))


def test_the_coach_review_with_a_score_written_in_digits_that_are_not_ascii_is_a_bad_state():
    end = _finished()
    review = json.loads(json.dumps(end["coach"][0]))
    option = review["discards"][0]["best_option"]
    option["hand_distribution"] = {"²": 1, **option["hand_distribution"]}
    forged = {**end, "coach": [review, *end["coach"][1:]]}
    assert call("game", forged, {"action": "hint"}) == {"error": t("error.bad_state", "en")}
