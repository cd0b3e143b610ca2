"""The game page's saved state holds kinds and reasons as text; the engine's StrEnums read it.

``data/saved_before_typed_kinds.json`` holds two states written by the page before the
kinds were StrEnums (a play in progress with the computer's reasons, and a new deal
with the coach's review of the last one: discards, plays, announced counts and a
muggins claim), each with the state the page answered to a ``hint`` then.  They must
load and be answered the same, and a kind or reason that is not a member of its enum
is refused as a bad state in the page's language, never as a traceback.
"""

from __future__ import annotations

import json
from copy import deepcopy
from pathlib import Path

import pytest
from cribbage.core.rules import ActionKind
from cribbage.i18n import LANGUAGES, catalogue, t
from cribbage.players.computer import ReasonCode
from cribbage.widgets import update
from cribbage.widgets.game.coach_state import reviews_of
from cribbage.widgets.game.state import NOTICES, Notice, checked
from cribbage.widgets.source import StateError

SAVED = json.loads((Path(__file__).parent / "data" / "saved_before_typed_kinds.json").read_text(encoding="utf-8"))


def answer(state: dict, action: dict, lang: str = "en") -> dict:
    return json.loads(update("game", json.dumps(state), json.dumps(action), lang))


def refused_in_every_language(state: dict, read=checked) -> None:
    """The page answers with its bad-state notice, and ``read`` raises the coded StateError."""
    for lang in LANGUAGES:
        assert answer(state, {"action": "hint"}, lang) == {"error": t("error.bad_state", lang)}
    with pytest.raises(StateError) as refused:
        read(state)
    assert refused.value.code == "bad_state"


def read_reviews(state: dict) -> None:
    reviews_of(state, checked(state)[2])


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_state_saved_before_the_kinds_were_typed_loads_and_is_answered_the_same(name):
    saved = SAVED[name]
    answered = answer(saved["state"], {"action": "hint"})
    assert "error" not in answered and answered["html"]
    assert answered["state"] == saved["after_hint"]
    assert json.dumps(answered["state"], sort_keys=True) == json.dumps(saved["after_hint"], sort_keys=True)


def test_the_saved_states_hold_every_kind_of_action_a_game_had():
    kinds = {action["kind"] for saved in SAVED.values() for action in saved["state"]["game"]["actions"]}
    assert {"discard", "play", "announce", "claim"} <= kinds <= set(ActionKind)


@pytest.mark.parametrize("code", ["telepathy", "", None, 7, ["random"], {"code": "random"}, "RANDOM"])
def test_a_saved_state_with_an_unknown_reason_is_refused_with_the_state_error(code):
    state = deepcopy(SAVED["mid_play"]["state"])
    index = next(iter(state["why"]))
    state["why"][index] = {"code": code, "params": {}}
    refused_in_every_language(state)


@pytest.mark.parametrize("code", list(ReasonCode))
def test_a_saved_state_with_any_reason_the_computer_gives_is_read_without_a_list_to_keep(code):
    state = deepcopy(SAVED["mid_play"]["state"])
    state["why"]["0"] = {"code": str(code), "params": {}}
    checked(state)  # the check reads the codes from ReasonCode itself


@pytest.mark.parametrize("kind", ["fold", "muggins", "DISCARD", None, ["play"]])
def test_a_saved_state_with_an_unknown_action_kind_is_refused_with_the_state_error(kind):
    state = deepcopy(SAVED["mid_play"]["state"])
    state["game"]["actions"][0]["kind"] = kind
    refused_in_every_language(state)


@pytest.mark.parametrize("kind", ["sixteen", "go", "thirty_one", None, ["pair"]])
def test_a_saved_review_with_a_count_of_an_unknown_score_kind_is_refused_with_the_state_error(kind):
    state = deepcopy(SAVED["new_deal_with_review"]["state"])
    state["coach"][0]["counts"][0]["missed"][0]["kind"] = kind  # a count misses only what the show scores
    refused_in_every_language(state, read_reviews)


@pytest.mark.parametrize("kind", ["sixteen", "flush", "nobs", None])
def test_a_saved_review_with_a_play_that_gave_away_an_unknown_kind_is_refused_with_the_state_error(kind):
    state = deepcopy(SAVED["new_deal_with_review"]["state"])
    play = state["coach"][0]["plays"][0]
    play["gave_away"] = [kind]
    refused_in_every_language(state, read_reviews)


def test_every_notice_has_its_message_in_every_catalogue_language():
    assert NOTICES == tuple(Notice)
    for lang in LANGUAGES:
        missing = [notice for notice in Notice if str(notice) not in catalogue(lang)]
        assert not missing, (lang, missing)


def test_a_saved_state_with_an_unknown_notice_is_refused_with_the_state_error():
    state = {**SAVED["mid_play"]["state"], "notice": {"key": "game.no_such_notice", "params": {}}}
    refused_in_every_language(state)
