"""A state or an action the page sends back is checked before any rule sees it.

The page keeps each widget's state as JSON, so a reader (or an old save) can
send anything back.  Whatever comes, ``update`` answers with new HTML or with
an error notice in the page's language; only a bug in the engine raises.

Every kind of the registry is fuzzed, from its block in the fixture pages (a static kind,
which the page never sends anything, is answered with an error whatever comes).
"""

from __future__ import annotations

import functools
import json
import random
import re
import sys
from dataclasses import replace
from html import unescape
from pathlib import Path

import pytest
from cribbage.core.cards import Card, parse_cards
from cribbage.core.show import score_show
from cribbage.errors import CribbageError
from cribbage.i18n import LANGUAGES, MissingMessageError, t
from cribbage.widgets import REGISTRY, render_block, update
from cribbage.widgets.hand import parse_hand_fragment
from helpers import KINDS, call, state_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FIXTURES = Path(__file__).resolve().parent / "fixtures"
# widgets.md is the browser tests' page (its kinds are theirs); other-kinds.md holds the rest.
FIXTURE_PAGES = (FIXTURES / "widgets.md", FIXTURES / "other-kinds.md")
BLOCK = re.compile(r"^```cribbage-([a-z-]+)[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


def first_blocks() -> dict[str, str]:
    """The first block of each kind in the fixture pages: kind -> its source."""
    blocks: dict[str, str] = {}
    for page in FIXTURE_PAGES:
        for kind, source in BLOCK.findall(page.read_text(encoding="utf-8")):
            blocks.setdefault(kind, source)
    return blocks


BLOCKS = first_blocks()
LIVE = sorted(kind for kind in BLOCKS if REGISTRY[kind].update is not None)
# What the kinds' updates take (each module's update reads its "action" by these names).
ACTIONS = [
    {"action": "set", "name": "card1", "value": "2C"},
    {"action": "set", "name": "crib", "value": "1"},
    {"action": "set", "name": "dealer", "value": "0"},
    {"action": "set", "name": "role", "value": "pone"},
    {"action": "set", "name": "target", "value": "61"},
    {"action": "step", "value": "3"},
    {"action": "reset"},
    {"action": "self"},
    {"action": "play", "value": "AH"},
    {"action": "go"},
    {"action": "check", "value": "12"},
    {"action": "select", "value": "5H"},
    {"action": "throw"},
    {"action": "discard"},
    {"action": "announce", "value": "4"},
    {"action": "deal"},
    {"action": "cut"},
    {"action": "new"},
    {"action": "hint"},
    {"action": "prepare"},
    {"action": "moment", "value": "0"},
    {"action": "replay-close"},
    {"action": "restore", "value": "{}"},
    {"action": "saved", "value": '{"lesson-values-1": "{\\"stage\\": \\"values-1\\", \\"stars\\": 2}"}'},
    {"action": "reset-yes"},
    {"action": "reset-no"},
    {"action": "fragment", "value": "#hand=2H,3H,4H,5H&starter=6H&crib=1"},
]
ACTION_NAMES = sorted({action["action"] for action in ACTIONS})
ODD_VALUES = [None, True, False, 0, -1, 7, 10**30, 1.5, "", "x", "5H", "<b>", [], ["5H"], [["5H"]], {}, {"a": 1}]
ACTIONS_PER_STATE = 3
"""Each broken state meets this many actions, the next ones of ACTIONS in turn, so that
every action meets states broken in every way and the fuzz stays quick."""


@functools.cache
def _first_html(kind: str) -> str:
    return render_block(kind, BLOCKS[kind], "en", uid="w1")


def first_state(kind: str) -> dict:
    """The state the page starts from; a static kind's page has none, so it is sent a bare one."""
    if REGISTRY[kind].update is None:
        return {"uid": "w1"}
    return state_of(_first_html(kind))


class _ReplayableRandom:
    """``random`` as a widget module sees it here: a fresh ``Random()`` (a new deal) is seeded
    from the global generator, which Hypothesis seeds for every example, so a failing run of
    clicks deals the same cards again when it is replayed and shrunk."""

    def __getattr__(self, name: str):
        return getattr(random, name)

    @staticmethod
    def Random(seed=None) -> random.Random:  # noqa: N802 (random's own name)
        return random.Random(random.getrandbits(64) if seed is None else seed)


@pytest.fixture(autouse=True)
def replayable_deals(monkeypatch):
    """Every widget module that deals with ``random`` deals replayably in these tests (from
    seed 0 outside Hypothesis), so a failure shows again when it is run again."""
    for widget in REGISTRY.values():
        module = sys.modules[widget.update.__module__] if widget.update else None
        if getattr(module, "random", None) is random:
            monkeypatch.setattr(module, "random", _ReplayableRandom())
    saved = random.getstate()
    random.seed(0)
    yield
    random.setstate(saved)


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


def test_every_registered_kind_has_a_block_to_fuzz():
    """A kind added to the registry gets a block in the fixture pages, or this fails."""
    assert [kind for kind in KINDS if kind not in BLOCKS] == []
    assert set(BLOCKS) <= set(KINDS)
    assert LIVE  # and the static kinds (board, crib-table), which must answer too


@pytest.mark.parametrize("kind", sorted(BLOCKS))
def test_a_broken_state_gets_an_answer_never_an_exception(kind):
    state = first_state(kind)
    tried, used = 0, set()
    for index, broken in enumerate(mutations(state)):
        for turn in range(ACTIONS_PER_STATE):
            action = ACTIONS[(index * ACTIONS_PER_STATE + turn) % len(ACTIONS)]
            assert_answered(call(kind, broken, action))
            tried += 1
            used.add(json.dumps(action))
    assert tried > 50 and len(used) == len(ACTIONS)


@pytest.mark.parametrize("kind", sorted(BLOCKS))
def test_every_action_on_the_first_state_gets_an_answer(kind):
    for action in ACTIONS:
        assert_answered(call(kind, first_state(kind), action))


@pytest.mark.parametrize("kind", sorted(BLOCKS))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    action=st.dictionaries(
        st.sampled_from(["action", "name", "value"]),
        st.sampled_from(ODD_VALUES + ACTION_NAMES + ["card0", "crib", "role", "dealer", "target"]),
    )
)
def test_any_action_gets_an_answer_never_an_exception(kind, action):
    assert_answered(call(kind, first_state(kind), action))


_CONTROL = re.compile(r"<(button|input|form)\b([^>]*)>|<select\b([^>]*)>(.*?)</select>", re.S)
_ATTRIBUTE = re.compile(r'([\w-]+)(?:="([^"]*)")?')
SAID = ["", "0", "2", "5", "12", "29", "31", "go"]
"""What a reader may type into an answer box."""


def page_actions(html: str) -> list[dict]:
    """Every action the widget's own controls send, as widgets.js builds them: a button's
    action and value, a select's or a radio button's ``set``, an answer box's submission."""
    actions = []
    for tag, attributes, select, options in _CONTROL.findall(html):
        found = {name: unescape(value) for name, value in _ATTRIBUTE.findall(attributes or select)}
        if "disabled" in found or "data-action" not in found:
            continue
        action = found["data-action"]
        if select:
            name = found.get("data-name") or found.get("name")
            actions += [
                {"action": "set", "name": name, "value": unescape(value)}
                for value in re.findall(r'<option value="([^"]*)"', options)
            ]
        elif tag == "input":
            actions.append(
                {"action": "set", "name": found.get("data-name") or found.get("name"), "value": found.get("value", "")}
            )
        elif tag == "form":
            actions += [{"action": action, "value": said} for said in SAID]
        else:
            actions.append({"action": action, "value": found.get("data-value")})
    return actions


def test_the_page_actions_are_read_as_widgets_js_sends_them():
    html = render_block("hand", BLOCKS["hand"], "en", uid="w1")
    actions = page_actions(html)
    assert {"action": "set", "name": "card0", "value": "AS"} in actions
    assert {"action": "set", "name": "crib", "value": "1"} in actions
    practice = page_actions(render_block("practice", BLOCKS["practice"], "en", uid="w1"))
    assert {"action": "check", "value": "29"} in practice and {"action": "deal", "value": None} in practice


@pytest.mark.parametrize("kind", LIVE)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_reader_clicking_anything_gets_an_answer_at_every_step(kind, data):
    """A run of the widget's own controls (and stray actions), each answer's state sent back
    with the next action, as the page does."""
    state, html = first_state(kind), _first_html(kind)
    for _ in range(data.draw(st.integers(2, 6), label="steps")):
        action = data.draw(st.sampled_from(page_actions(html) + ACTIONS), label="action")
        result = call(kind, state, action)
        assert_answered(result)
        state, html = result.get("state", state), result.get("html", html)


@pytest.mark.parametrize("kind", sorted(BLOCKS))
def test_a_bad_state_is_refused_with_a_message_in_the_pages_language(kind):
    # A static kind takes no update at all: whatever it is sent, the page shows the general error.
    key = "error.bad_state" if kind in LIVE else "error.error"
    for lang in LANGUAGES:
        result = call(kind, {"uid": "w1"}, {"action": "set"}, lang)
        assert result == {"error": t(key, lang)}


@pytest.mark.parametrize("kind", sorted(BLOCKS))
def test_a_deeply_nested_state_gets_an_error_notice_not_a_recursion_error(kind):
    deep = "[" * 100_000 + "]" * 100_000
    assert set(call(kind, deep, {"action": "set"})) == {"error"}
    nested = '{"uid": "w1", "hand": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert set(call(kind, nested, {"action": "set"})) == {"error"}
    text = update(kind, json.dumps(first_state(kind)), '{"value": ' + "[" * 100_000 + "]" * 100_000 + "}", "en")
    assert set(json.loads(text)) == {"error"}


def test_a_saved_game_nested_too_deep_is_not_restored():
    state = first_state("game")
    restored = call("game", state, {"action": "restore", "value": "[" * 100_000 + "]" * 100_000})
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
    with pytest.raises(CribbageError):
        parse_hand_fragment(fragment)
    state = first_state("hand")
    refused = call("hand", state, {"action": "fragment", "value": fragment}, "sk")
    assert "fragment" not in refused and 'class="cb-notice"' in refused["html"]
    assert refused["state"] == state  # the example stays as it was, its crib switch included
    assert 'data-name="crib"' in refused["html"]
    switched = call("hand", refused["state"], {"action": "set", "name": "crib", "value": "1"}, "sk")
    expected = score_show(parse_cards("5H 5S 5C JD"), Card.parse("5D"), crib=True).total
    assert f'data-total="{expected}"' in switched["html"]


def test_a_three_card_hand_still_comes_from_a_link_as_a_hand():
    state = first_state("hand")
    result = call("hand", state, {"action": "fragment", "value": "hand=5H,5S,5C&starter=JD&crib=0"})
    assert result["state"]["hand"] == ["5H", "5S", "5C"] and result["state"]["crib"] is False
    assert result["fragment"] == "hand=5H,5S,5C&starter=JD&crib=0"


def test_a_state_with_a_three_card_crib_is_refused():
    state = {**first_state("hand"), "hand": ["5H", "5S", "5C"], "crib": True}
    assert set(call("hand", state, {"action": "set"})) == {"error"}


def test_a_broken_percent_escape_is_refused_by_the_hand_with_a_message():
    result = call("hand", first_state("hand"), {"action": "fragment", "value": "hand=5H%"}, "pl")
    assert "fragment" not in result and 'class="cb-notice"' in result["html"]
