"""The Table page (issue 25) in headless Chromium on a phone of 360 px, by touch: a whole deal
entered card by card, with a reload in the middle and an undo.

The totals it must show come from the core's own scoring of the same cards
(:func:`test_companion_widget.play_the_deal`'s rules: ``replay`` and ``score_show``).
"""

from __future__ import annotations

import json
import re

import pytest
from cribbage.companion import TableGame
from cribbage.core.cards import Card
from cribbage.core.events import Pegged
from cribbage.core.play import replay
from cribbage.core.show import score_show
from cribbage.i18n import t
from test_companion_widget import deal_by_the_rules, real_deal, whole_game

import site_build

LIVE_TIMEOUT = 60_000
PHONE = {"width": 360, "height": 740}
ROOT = '[data-widget="table"]'
# Material's language switcher asks for sitemap.xml at the host's root, outside the sub-path.
SITE_FRAME_NOISE = re.compile(r"/sitemap\.xml\)$")


class PhoneTable:
    """The Table page on a phone, tapped as a player taps it; every tap waits for its answer."""

    def __init__(self, watched_context, base_url: str, lang: str) -> None:
        self.context = watched_context(base_url, viewport=PHONE, is_mobile=True, has_touch=True)
        self.page = self.context.new_page()
        self.page.goto(f"{base_url}{'' if lang == 'en' else lang + '/'}table/")
        self.root = self.page.locator(ROOT)
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_function(
            """() => { const root = document.querySelector('[data-widget="table"]');
                return root && root.dataset.ready === 'true' && !root.hasAttribute('aria-busy')
                    && !root.classList.contains('cb-restoring'); }""",
            timeout=LIVE_TIMEOUT,
        )

    def tap(self, key: str) -> None:
        self.root.locator(f'[data-key="{key}"]').tap()
        self.wait_ready()

    def card(self, card: Card) -> None:
        self.tap(f"rank-{card.rank}")
        self.tap(f"suit-{card.suit}")

    def press(self, action: str) -> None:
        self.tap(action.replace("_", "-"))

    @property
    def step(self) -> str:
        return self.root.locator("[data-step]").get_attribute("data-step")

    def start(self, players: int, dealer: int) -> None:
        for key in (f"players-{players}", f"first_dealer-{dealer}"):
            self.root.locator(f'[data-key="{key}"]').tap()
            self.wait_ready()
        self.tap("start")

    @property
    def state(self) -> dict:
        return json.loads(self.root.get_attribute("data-state"))

    def game(self) -> TableGame:
        return TableGame.from_json(self.state["table"])

    @property
    def to_act(self) -> int | None:
        seat = self.root.locator("[data-to-act]").get_attribute("data-to-act")
        return int(seat) if seat else None

    def board(self) -> list[int]:
        return [
            int(score)
            for score in self.root.locator(".cb-scores li").evaluate_all("items => items.map(i => i.dataset.score)")
        ]

    def errors(self) -> list[str]:
        return [error for error in self.context.watch.errors if not SITE_FRAME_NOISE.search(error)]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_whole_two_player_deal_by_touch_at_360_px_survives_a_reload_and_an_undo(watched_context, base_url, lang):
    hands, crib, starter, cards = real_deal(2, seed=11)
    table = PhoneTable(watched_context, base_url, lang)
    table.root.locator('[data-key="first_dealer-1"]').tap()  # the second seat deals: seat 0 leads
    table.wait_ready()
    table.tap("start")
    for key in ("deal", "lay-away"):
        table.tap(key)
    table.card(starter)
    # Every rank and suit is a finger's target (44 px) and none runs past the widget's edge.
    misfits = table.root.locator(".cb-pick").evaluate_all(
        "buttons => buttons.filter(b => { const box = b.getBoundingClientRect();"
        " const edge = b.closest('.cribbage-widget').getBoundingClientRect().right;"
        " return box.width < 44 || box.height < 44 || box.right > edge; }).length"
    )
    assert misfits == 0 and table.root.locator(".cb-pick").count() == 13 + 4
    replayed = replay(hands, cards)
    for index, action in enumerate(replayed):
        if len([event for event in table.game().events if isinstance(event, Pegged)]) > index:
            continue  # the go a seat with no cards left owes is taken by the table itself
        assert table.to_act == action.seat
        if action.card is None:
            table.tap("go")
        else:
            table.card(action.card)
    expected = [sum(action.points for action in replayed if action.seat == seat) for seat in range(2)]
    expected[1] += 2 if starter.rank == 11 else 0  # his heels

    # A reload in the middle of the count: the table comes back from localStorage as it was.
    table.card(hands[0][0])
    saved = table.state["table"]
    table.page.reload()
    table.wait_ready()
    assert table.state["table"] == saved
    # The card picked before the reload is taken back by one tap of Undo, then entered again.
    if table.state["picked"]:
        table.tap("undo")
    for card in hands[0]:
        table.card(card)
    table.tap("undo")  # the pone's count taken back ...
    assert table.to_act == 0 and table.board() == expected
    for seat in (0, 1):  # ... and entered again, then the dealer's hand
        for card in hands[seat]:
            table.card(card)
        expected[seat] += score_show(hands[seat], starter).total
    for card in crib:
        table.card(card)
    expected[1] += score_show(crib, starter, crib=True).total

    assert table.board() == expected
    assert table.page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert table.errors() == [] and table.context.watch.foreign == []


@pytest.mark.parametrize("players", [3, 4])
def test_a_deal_for_three_and_for_four_players_by_touch_pegs_what_the_core_scores(watched_context, base_url, players):
    hands, crib, starter, cards = real_deal(players, seed=20 + players)
    table = PhoneTable(watched_context, base_url, "cs")
    table.start(players, dealer=players - 1)
    scored = deal_by_the_rules(table, players - 1, hands, crib, starter, cards)
    totals = [0] * (2 if players == 4 else players)
    for seat, points in scored:
        totals[seat % 2 if players == 4 else seat] += points
    assert table.board() == totals and table.step == "deal" and table.to_act == 0
    assert table.errors() == [] and table.context.watch.foreign == []


@pytest.mark.slow
def test_a_whole_two_player_game_to_121_by_touch_ends_where_the_core_scoring_reaches_121(watched_context, base_url):
    table = PhoneTable(watched_context, base_url, "en")
    table.start(2, dealer=1)
    totals, deals = whole_game(table, 2, seed=100)
    assert max(totals) == 121 and deals > 3 and table.board() == totals
    assert table.root.locator('[data-key="next-game"]').is_visible()
    assert table.errors() == [] and table.context.watch.foreign == []


AXE = site_build.NODE_MODULES / "axe-core" / "axe.min.js"
SERIOUS_FINDINGS = """
async () => {
  const result = await axe.run(document.querySelector('[data-widget="table"]'), { resultTypes: ["violations"] });
  return result.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .flatMap(v => v.nodes.map(node => `${v.id}: ${node.target.join(" ")}`));
}
"""


def test_the_table_mid_play_in_the_count_and_at_the_end_has_no_serious_axe_finding(watched_context, base_url):
    table = PhoneTable(watched_context, base_url, "bg")
    table.page.add_script_tag(path=str(AXE))
    table.start(2, dealer=1)
    for key in ("deal", "lay-away"):
        table.tap(key)
    table.card(Card.parse("JH"))
    table.card(Card.parse("5S"))
    findings = {"play": table.page.evaluate(SERIOUS_FINDINGS)}
    table.tap("entry-points")
    findings["points"] = table.page.evaluate(SERIOUS_FINDINGS)
    table.tap("play-done")
    for card in ("5H", "5C", "5D"):
        table.card(Card.parse(card))
    findings["count"] = table.page.evaluate(SERIOUS_FINDINGS)
    assert findings == {"play": [], "points": [], "count": []}
    assert table.errors() == []


def test_a_corrupt_saved_table_is_refused_on_the_page_with_its_message_and_a_new_table(watched_context, base_url):
    table = PhoneTable(watched_context, base_url, "sk")
    table.start(2, dealer=1)
    table.tap("deal")
    broken = {**table.state, "table": {**table.state["table"], "actions": [{"kind": "deal"}, {"kind": "shuffle"}]}}
    table.page.evaluate("(state) => localStorage.setItem('cribbage-widget-table', state)", json.dumps(broken))
    table.page.reload()
    table.wait_ready()
    assert t("error.table_state", "sk") in table.root.locator(".cb-error").inner_text()
    assert table.state["table"] is None
    table.tap("start")  # the offer taken: a new table, live
    assert table.step == "deal" and table.errors() == []


def test_the_card_pickers_focus_goes_from_a_rank_to_the_suits_and_back_to_the_ranks(watched_context, base_url):
    table = PhoneTable(watched_context, base_url, "en")
    table.start(2, dealer=1)
    table.press("deal")
    table.press("lay_away")

    def keyboard(key: str) -> str:
        """Enter on ``key`` as a keyboard does it: the data-key of the control focused after the answer."""
        table.root.locator(f'[data-key="{key}"]').focus()
        table.page.keyboard.press("Enter")
        table.wait_ready()
        return table.page.evaluate("() => document.activeElement.dataset.key")

    assert keyboard("rank-5") == "suit-S"
    assert keyboard("suit-D") == "rank-1" and table.step == "play"  # the starter turned, the play's picker
    assert table.errors() == []
