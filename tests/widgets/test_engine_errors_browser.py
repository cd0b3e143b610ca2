"""An engine that raises or never answers is never silent: in headless Chromium.

The product holds no test hook. Each test breaks the engine in its own browser context
by serving the site's real worker (and, for the time limit, the real widgets.js) with a
few lines added (``context.route``), so the page runs exactly the shipped code otherwise.
"""

from __future__ import annotations

import json
import re

import pytest
from cribbage.i18n import t
from cribbage.widgets import update
from test_widgets_browser import LIVE_TIMEOUT, open_fixture, wait_settled, wake_all, widget_errors

WORKER = "**/assets/cribbage/worker.js"
WIDGETS = "**/assets/cribbage/widgets.js"
BROKEN = "hand"
"""The kind the tests break; the play widget beside it must stay live."""
BROKEN_MESSAGE = "broken on purpose by the test fixture"

# Appended to the worker module, so it sees the module's `ready` (the engine's
# cribbage.widgets): once the engine is up, the hand's update raises, as a bug in it
# would. Python's own exec (reached through the module's builtins) makes the broken
# update a Python function, so the exception is a real Python one with its traceback.
# `ready` resolves before the page hears "ready", so no request comes before the patch.
RAISING = f"""
// Test fixture: the {BROKEN} widget's update() raises.
ready.then((widgets) => {{
  widgets.__builtins__.get("exec")(`
from dataclasses import replace as _replace

def _broken_update(state, action, lang):
    raise RuntimeError("{BROKEN_MESSAGE}")

REGISTRY["{BROKEN}"] = _replace(REGISTRY["{BROKEN}"], update=_broken_update)
`, widgets.__dict__);
}});
"""

# Put before the worker's own code, so this listener runs before the engine's: the hand's
# first request is held back, as by a hung engine, and handed to the engine only when a
# request of another widget comes; the worker answers in order, so the page gets the late
# answer just before that widget's.
HOLDING = f"""
// Test fixture: the {BROKEN} widget's first request is answered late.
let held = null; // null: none yet; then the request held; false once it is let go
self.addEventListener("message", (event) => {{
  if (event.data.kind === "{BROKEN}" && held === null) {{
    held = event.data;
    event.stopImmediatePropagation();
  }} else if (held && event.data.kind !== "{BROKEN}") {{
    const late = held;
    held = false;
    self.dispatchEvent(new MessageEvent("message", {{ data: late }}));
  }}
}});
"""

LIMIT = re.compile(r"^const REQUEST_TIMEOUT_MS = \d+;$", re.MULTILINE)
SHORT_LIMIT_MS = 3000


def serve_changed(context, pattern: str, change) -> list[bool]:
    """Serve the site's file at ``pattern`` as ``change(text)`` returns it; whether each
    time it was served, the change found what it changes (a test asserts it did)."""
    served: list[bool] = []

    def handle(route) -> None:
        response = route.fetch()
        text = response.text()
        changed = change(text)
        served.append(changed != text)
        route.fulfill(response=response, body=changed)

    context.route(pattern, handle)
    return served


def short_limit(text: str) -> str:
    return LIMIT.sub(f"const REQUEST_TIMEOUT_MS = {SHORT_LIMIT_MS};", text)


def change_hand_card(page) -> None:
    page.locator(f'[data-widget="{BROKEN}"] select[name=card3]').select_option("JH")


def step_the_play(page):
    """Step the first play widget back to its start; it answers when the engine does."""
    play = page.locator('[data-widget="play"]').first
    before = play.get_attribute("data-state")
    play.locator("button[data-key=first]").click()
    page.wait_for_function(
        "([w, before]) => w.dataset.state !== before && !w.hasAttribute('aria-busy')",
        arg=[play.element_handle(), before],
        timeout=LIVE_TIMEOUT,
    )
    return play


def wait_unavailable(widget, timeout: int = LIVE_TIMEOUT) -> None:
    widget.page.wait_for_function(
        "w => w.classList.contains('cb-unavailable')", arg=widget.element_handle(), timeout=timeout
    )


@pytest.fixture
def own(watched_context, base_url):
    """A context of its own, service workers blocked: its routes then see every request,
    where a warm context's service worker would answer the scripts from its cache."""
    return watched_context(base_url, fresh=True, viewport={"width": 1280, "height": 900})


def test_an_exception_in_the_engine_is_logged_and_gives_up_that_widget_only(own, fixtures_url):
    served = serve_changed(own, WORKER, lambda text: text + RAISING)
    page = open_fixture(own, fixtures_url, "pl")
    wake_all(page)
    assert served == [True], "the test's worker was not the one the page ran"
    assert widget_errors(own) == []
    hand = page.locator(f'[data-widget="{BROKEN}"]')
    change_hand_card(page)
    wait_unavailable(hand)

    logged = widget_errors(own)
    assert len(logged) == 1, logged
    assert logged[0].startswith("cribbage engine: RuntimeError")
    assert BROKEN_MESSAGE in logged[0] and "Traceback" in logged[0]  # the Python traceback itself
    assert hand.locator(":scope > .cb-status").text_content() == t("ui.unavailable", "pl")
    assert hand.get_attribute("data-ready") is None and hand.get_attribute("aria-busy") is None
    others = page.locator(f'[data-widget]:not([data-widget="{BROKEN}"])')
    assert others.count() >= 4
    for widget in others.all():
        assert widget.get_attribute("data-ready") == "true"
        assert "cb-unavailable" not in widget.get_attribute("class")
    step_the_play(page)  # the engine still answers the other widgets
    assert len(widget_errors(own)) == 1


def test_a_request_never_answered_gives_up_its_widget_after_the_limit_and_a_late_answer_is_ignored(own, fixtures_url):
    limited = serve_changed(own, WIDGETS, short_limit)
    held = serve_changed(own, WORKER, lambda text: HOLDING + text)
    page = open_fixture(own, fixtures_url, "en")
    wake_all(page)
    assert held == [True], "the test's worker was not the one the page ran"
    assert limited == [True], "widgets.js no longer declares `const REQUEST_TIMEOUT_MS = <ms>;` to shorten"
    hand = page.locator(f'[data-widget="{BROKEN}"]')
    state = hand.get_attribute("data-state")
    change_hand_card(page)
    page.wait_for_timeout(SHORT_LIMIT_MS / 2)
    assert hand.get_attribute("aria-busy") == "true"  # still waiting: not given up before the limit
    assert widget_errors(own) == []
    wait_unavailable(hand, timeout=SHORT_LIMIT_MS * 3)

    logged = widget_errors(own)
    assert len(logged) == 1, logged
    assert logged[0].startswith(f"cribbage engine: timeout {BROKEN}: no answer within {SHORT_LIMIT_MS} ms")
    assert hand.get_attribute("aria-busy") is None
    # The play's request lets the held one go first: once the play has its answer, the
    # hand's late answer has reached the page too, and changed nothing there.
    step_the_play(page)
    assert hand.get_attribute("data-state") == state
    assert "cb-unavailable" in hand.get_attribute("class")
    assert hand.locator(":scope > .cb-status").text_content() == t("ui.unavailable", "en")
    assert len(widget_errors(own)) == 1


def test_a_state_the_engine_refuses_is_told_in_the_page_without_a_console_error(watched, fixtures_url):
    page = open_fixture(watched, fixtures_url, "cs")
    wake_all(page)
    hand = page.locator(f'[data-widget="{BROKEN}"]')
    edited = json.dumps({**json.loads(hand.get_attribute("data-state")), "hand": "nonsense"})
    action = json.dumps({"action": "set", "name": "card3", "value": "JH"})
    expected = json.loads(update(BROKEN, edited, action, "cs"))["error"]  # the engine's answer, not an exception
    hand.evaluate("(w, state) => { w.dataset.state = state; }", edited)
    change_hand_card(page)
    wait_settled(hand)
    assert hand.locator(":scope > .cb-status").text_content() == expected
    assert hand.get_attribute("data-ready") == "true"
    assert "cb-unavailable" not in hand.get_attribute("class")
    assert widget_errors(watched) == []
