"""A state or an action the page sends back is checked before any rule sees it.

The page keeps each widget's state as JSON, so a reader (or an old save) can
send anything back.  Whatever comes, ``update`` answers with new HTML or with
an error notice in the page's language; only a bug in the engine raises.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage.cards import Card, parse_cards
from cribbage.i18n import LANGUAGES, MissingMessageError, t
from cribbage.show import score_show
from cribbage.widgets import REGISTRY, render_block, update
from cribbage.widgets.hand import parse_hand_fragment
from cribbage.widgets.source import BlockError

BLOCKS = {
    "hand": "hand: 5H 5S 5C JD\nstarter: 5D",
    "play": "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S 5C 6C\nstart: 2",
    "practice": "crib: no",
    "advisor": "cards: 5H 5S 6C 7D JH KS\ndealer: yes",
    "game": "seed: 3",
}
ACTIONS = [
    {"action": "set", "name": "card1", "value": "2C"},
    {"action": "set", "name": "crib", "value": "1"},
    {"action": "step", "value": "3"},
    {"action": "play", "value": "AH"},
    {"action": "check", "value": "12"},
    {"action": "cut"},
    {"action": "hint"},
    {"action": "fragment", "value": "#hand=2H,3H,4H,5H&starter=6H&crib=1"},
]
ODD_VALUES = [None, True, False, 0, -1, 7, 10**30, 1.5, "", "x", "5H", "<b>", [], ["5H"], [["5H"]], {}, {"a": 1}]


def first_state(kind: str) -> dict:
    html = render_block(kind, BLOCKS[kind], "en", uid="w1")
    return json.loads(unescape(re.search(r'data-state="([^"]*)"', html).group(1)))


def answer(kind: str, state, action, lang: str = "en") -> dict:
    text = update(kind, state if isinstance(state, str) else json.dumps(state), json.dumps(action), lang)
    return json.loads(text)


def assert_answered(result: dict) -> None:
    assert set(result) == {"error"} or {"html", "state"} <= set(result), result


def mutations(state: dict):
    """Every key gone, and every key (and the first item of every list) set to each odd value."""
    for key in state:
        yield {name: value for name, value in state.items() if name != key}
        for value in ODD_VALUES:
            yield {**state, key: value}
            if isinstance(state[key], list) and state[key]:
                yield {**state, key: [value, *state[key][1:]]}


@pytest.mark.parametrize("kind", sorted(BLOCKS))
def test_a_broken_state_gets_an_answer_never_an_exception(kind):
    state = first_state(kind)
    tried = 0
    for broken in mutations(state):
        for action in ACTIONS[:3] if kind == "game" else ACTIONS:
            assert_answered(answer(kind, broken, action))
            tried += 1
    assert tried > 100


@pytest.mark.parametrize("kind", sorted(BLOCKS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.dictionaries(st.sampled_from(["action", "name", "value"]), st.sampled_from(ODD_VALUES + ["set", "step", "check", "deal", "card0", "crib", "select", "discard", "announce", "restore"])))
def test_any_action_gets_an_answer_never_an_exception(kind, action):
    assert_answered(answer(kind, first_state(kind), action))


@pytest.mark.parametrize("kind", sorted(BLOCKS))
def test_a_bad_state_is_refused_with_a_message_in_the_pages_language(kind):
    for lang in LANGUAGES:
        result = answer(kind, {"uid": "w1"}, {"action": "set"}, lang)
        assert result == {"error": t("error.bad_state", lang)}


@pytest.mark.parametrize("kind", sorted(BLOCKS))
def test_a_deeply_nested_state_gets_an_error_notice_not_a_recursion_error(kind):
    deep = "[" * 100_000 + "]" * 100_000
    assert set(answer(kind, deep, {"action": "set"})) == {"error"}
    nested = '{"uid": "w1", "hand": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert set(answer(kind, nested, {"action": "set"})) == {"error"}
    text = update(kind, json.dumps(first_state(kind)), '{"value": ' + "[" * 100_000 + "]" * 100_000 + "}", "en")
    assert set(json.loads(text)) == {"error"}


def test_a_saved_game_nested_too_deep_is_not_restored():
    state = first_state("game")
    restored = answer("game", state, {"action": "restore", "value": "[" * 100_000 + "]" * 100_000})
    assert restored["state"]["game"] == state["game"]


def test_a_bug_is_not_hidden_as_a_bad_state(monkeypatch):
    """A missing message key is a programming error: it must reach the tests, not the reader."""
    hand = REGISTRY["hand"]

    def broken_update(state, action, lang):
        return {"html": t("ui.no_such_message", lang), "state": state}

    monkeypatch.setitem(REGISTRY, "hand", replace(hand, update=broken_update))
    with pytest.raises(MissingMessageError):
        update("hand", json.dumps(first_state("hand")), '{"action": "set"}', "en")


# -- the hand's shared link (a three-card hand has no crib) -----------------------------------


@pytest.mark.parametrize("fragment", ["hand=5H,5S,5C&starter=5D&crib=1", "#hand=5H,5S,5C&starter=5D&crib=1"])
def test_a_shared_three_card_crib_is_refused_and_the_widget_stays_usable(fragment):
    with pytest.raises(BlockError):
        parse_hand_fragment(fragment)
    state = first_state("hand")
    refused = answer("hand", state, {"action": "fragment", "value": fragment}, "sk")
    assert "fragment" not in refused and 'class="cb-notice"' in refused["html"]
    assert refused["state"] == state  # the example stays as it was, its crib switch included
    assert 'data-name="crib"' in refused["html"]
    switched = answer("hand", refused["state"], {"action": "set", "name": "crib", "value": "1"}, "sk")
    expected = score_show(parse_cards("5H 5S 5C JD"), Card.parse("5D"), crib=True).total
    assert f'data-total="{expected}"' in switched["html"]


def test_a_three_card_hand_still_comes_from_a_link_as_a_hand():
    state = first_state("hand")
    result = answer("hand", state, {"action": "fragment", "value": "hand=5H,5S,5C&starter=JD&crib=0"})
    assert result["state"]["hand"] == ["5H", "5S", "5C"] and result["state"]["crib"] is False
    assert result["fragment"] == "hand=5H,5S,5C&starter=JD&crib=0"


def test_a_state_with_a_three_card_crib_is_refused():
    state = {**first_state("hand"), "hand": ["5H", "5S", "5C"], "crib": True}
    assert set(answer("hand", state, {"action": "set"})) == {"error"}


def test_a_broken_percent_escape_is_refused_by_the_hand_with_a_message():
    result = answer("hand", first_state("hand"), {"action": "fragment", "value": "hand=5H%"}, "pl")
    assert "fragment" not in result and 'class="cb-notice"' in result["html"]
