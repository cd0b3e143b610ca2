"""The game page plays the variants (``variant:`` in the block, the options box, the address).

The seven-card game is played through the page's own entry point to its end;
the expected deal, hand and target come from :mod:`cribbage.core.variants`, never
from the widget.  A state or block without a variant is the standard game, read
and written as before.
"""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ElementTree
from html import escape

import pytest
from cribbage.core.events import CutForDeal, Deal, Discard, ThreeForLast
from cribbage.core.game import Game
from cribbage.core.rules import GameRules
from cribbage.core.variants import FIVE_CARD, SEVEN_CARD, SIX_CARD
from cribbage.i18n import LANGUAGES, error_message, points_text, t
from cribbage.players.computer import ComputerPlayer
from cribbage.widgets import BlockError, render_block, update
from cribbage.widgets.game import READER, GameOptions, game_of, new_state
from cribbage.widgets.game.board import board_html, hole_position
from cribbage.widgets.game.seats import said
from driver import play_game, read, reader_actions, send
from helpers import state_of

SEVEN = GameOptions(target=SEVEN_CARD.target, strength="easy", variant=SEVEN_CARD.name)


def _svg(html: str) -> ElementTree.Element:
    found = re.search(r'<svg class="cb-board".*?</svg>', html, re.S)
    assert found is not None
    return ElementTree.fromstring(found.group(0))


def _inside(svg: ElementTree.Element) -> None:
    """Every hole and peg lies inside the drawing's view box."""
    _x, _y, width, height = map(float, svg.get("viewBox", "").split())
    circles = list(svg.iter("{http://www.w3.org/2000/svg}circle"))
    assert circles
    for circle in circles:
        x, y, r = (float(circle.get(name, "nan")) for name in ("cx", "cy", "r"))
        assert r <= x <= width - r and r <= y <= height - r, circle.attrib


def test_a_seven_card_game_through_the_page_deals_seven_keeps_five_and_ends_exactly_at_181():
    steps: list[dict] = []
    first = send(send(new_state(SEVEN, 3, "g"), {"action": "cut"})["state"], {"action": "hint"})
    assert read(first["state"]).expected == "discard" and 'class="cb-hint-box"' in first["html"]
    end = play_game(
        new_state(SEVEN, 3, "g"), ComputerPlayer("steady", seed=1), lambda _before, answer: steps.append(answer)
    )
    game = read(end)
    assert game.is_over and max(game.scores) == SEVEN_CARD.target == 181 and min(game.scores) < 181
    assert game.rules.variant is SEVEN_CARD
    deals = [event for event in game.events if isinstance(event, Deal)]
    assert deals and all(len(hand) == 7 for deal in deals for hand in deal.hands)
    assert all(len(event.cards) == 2 for event in game.events if isinstance(event, Discard))
    assert all(len(game.hand(seat)) == 5 for seat in (0, 1))
    assert "Deal 1: you deal seven cards each." in json.dumps([a["html"] for a in steps], ensure_ascii=False) or (
        "Deal 1: the computer deals seven cards each." in json.dumps([a["html"] for a in steps], ensure_ascii=False)
    )
    last = _svg(steps[-1]["html"])
    _inside(last)
    assert "game hole 181" in (last.get("aria-label") or "")
    fronts = {
        peg.get("data-points")
        for peg in last.iter("{http://www.w3.org/2000/svg}circle")
        if peg.get("class") == "cb-peg-front"
    }
    assert "181" in fronts
    assert end["options"]["variant"] == "seven-card" and end["game"]["rules"]["variant"] == "seven-card"


@pytest.mark.parametrize("game", [SIX_CARD, FIVE_CARD, SEVEN_CARD])
def test_the_board_has_a_hole_for_every_point_to_the_target_inside_the_drawing(game):
    options = GameOptions(target=game.target, variant=game.name)
    html = render_block("game", f"variant: {game.name}", "en", uid="g")
    svg = _svg(html)
    _inside(svg)
    _x, _y, width, height = map(float, svg.get("viewBox", "").split())
    positions = {hole_position(points, seat, game.target) for seat in (0, 1) for points in range(1, game.target)}
    assert len(positions) == 2 * (game.target - 1)  # a hole of its own for every point of each side
    for points in range(game.target + 1):
        for seat in (0, 1):
            x, y = hole_position(points, seat, game.target)
            assert 0 < x < width and 0 < y < height
    # The track runs the variant's laps: a lap is a street up and one down, 30 holes each.
    streets = {round(hole_position(points, 0, game.target)[1], 1) for points in range(1, game.target)}
    assert len(streets) == 2 * game.board_laps
    assert state_of(html)["options"] == options.to_json()


BOARDS_BEFORE = {
    # (target, players): sha256 prefixes of the board before a game and after it, as drawn before the variants came
    (121, 2): ("b916cd309b7d3fef", "41efe4e631d2a7d9"),
    (61, 2): ("3fedcc88bc108ecb", "f083e3cc36a301f2"),
    (121, 3): ("306bf2ac7a8ad4b7", "c5ba3e1460338717"),  # the first names the seats in English, since renamed
    (121, 4): ("c76f1f93361624ac", "b3ebb156dda27d46"),
}


@pytest.mark.parametrize(("target", "players"), list(BOARDS_BEFORE))
def test_the_boards_to_121_and_61_are_drawn_byte_for_byte_as_before(target, players):
    game = Game(GameRules(players=players, target=target), seed=5)
    fresh = board_html(game, "en")
    game.run([ComputerPlayer("random", seed=seat) for seat in range(players)])
    done = board_html(game, "pl")
    # the typography's no-break spaces aside ("Komputer z lewej": cribbage.typography), as before
    digests = tuple(hashlib.sha256(html.replace("\xa0", " ").encode()).hexdigest()[:16] for html in (fresh, done))
    assert digests == BOARDS_BEFORE[(target, players)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_block_refuses_a_bad_variant_and_a_target_or_table_it_does_not_have_in_every_language(lang):
    for bad, key, value in (
        ("variant: nine-card", "variant", "nine-card"),
        ("variant: seven-card\ntarget: 121", "target", "121"),
        ("variant: five-card\ntarget: 181", "target", "181"),
        ("target: 181", "target", "181"),
        ("variant: seven-card\nplayers: 3", "players", "3"),
    ):
        with pytest.raises(BlockError) as refused:
            render_block("game", bad, lang, uid="g")
        assert refused.value.code == "block_bad_value"
        assert error_message(refused.value, lang) == t("error.block_bad_value", lang, key=key, value=value)
    state = state_of(render_block("game", "variant: seven-card", lang, uid="g"))
    for options in (
        {**state["options"], "variant": "nine-card"},
        {**state["options"], "target": 121},
        {**state["options"], "variant": ["seven-card"]},
        {**state["options"], "players": 3},
    ):
        forged = {**state, "options": options}
        assert json.loads(update("game", json.dumps(forged), '{"action": "hint"}', lang)) == {
            "error": t("error.bad_state", lang)
        }


def test_a_state_without_a_variant_is_the_standard_game_and_is_written_back_unchanged():
    for options in (GameOptions(), GameOptions(target=61)):
        state = send(new_state(options, 9, "g"), {"action": "cut"})["state"]
        assert "variant" not in state["options"] and "variant" not in state["next"]
        assert "variant" not in state["game"]["rules"] and state["game"]["rules"]["five_card"] is False
        game = game_of(state)
        assert game.rules.variant is SIX_CARD and game.rules.target == options.target
        assert all(len(hand) == 6 for event in game.events if isinstance(event, Deal) for hand in event.hands)
        again = send(state, {"action": "hint"})["state"]
        assert again == {**state, "hint": True}


def test_the_block_takes_a_variant_and_its_target_follows():
    for name, target in (("six-card", 121), ("five-card", 61), ("seven-card", 181)):
        state = state_of(render_block("game", f"variant: {name}", "en", uid="g"))
        assert state["options"]["target"] == target
        assert ("variant" in state["options"]) == (name != "six-card")
        assert game_of(state).rules.variant.name == name
    five = game_of(state_of(render_block("game", "variant: five-card", "en", uid="g")))
    assert five.rules.variant is FIVE_CARD and five.rules.deal_size == 5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_five_card_pones_three_for_last_is_told_in_the_log_in_the_pages_language(lang):
    """The pone's 3 points at the start of a five-card game are a sentence of the log and
    name who pegs them, never the event's code name."""
    state = new_state(GameOptions(target=FIVE_CARD.target, variant=FIVE_CARD.name), 5, "g")
    answer = send(state, {"action": "cut"}, lang)
    three = next(event for event in read(answer["state"]).events if isinstance(event, ThreeForLast))
    found = re.search(r'<ol class="cb-log">.*?</ol>', answer["html"], re.S)
    assert found is not None
    log = found.group(0)
    assert ThreeForLast.kind not in log
    assert escape(t("game.three_for_last", lang)) in log
    assert escape(said("game.pegs", three.seat, 2, lang, points=points_text(three.points, lang))) in log


@pytest.mark.parametrize("variant", [FIVE_CARD, SIX_CARD])
def test_the_first_deals_log_tells_the_cut_for_deal_in_every_variant(variant):
    """The five-card game logs the pone's three for last between the cut and the first
    deal: the log of that deal still starts with who cut what and who deals."""
    state = new_state(GameOptions(target=variant.target, variant=variant.name), 5, "g")
    answer = send(state, {"action": "cut"}, "sk")
    cut = next(event for event in read(answer["state"]).events if isinstance(event, CutForDeal))
    found = re.search(r'<ol class="cb-log">.*?</ol>', answer["html"], re.S)
    assert found is not None
    assert escape(t("game.cut_cards", "sk")) in found.group(0)
    assert escape(said("game.cut", cut.dealer, 2, "sk")) in found.group(0)


def test_the_options_box_offers_the_variants_and_each_variants_targets():
    state = new_state(GameOptions(), 3, "g")
    html = send(state, {"action": "hint"})["html"]
    assert 'data-key="variant-seven-card"' in html and t("game.variant_seven_card", "en") in html
    assert 'data-key="target-121"' in html and 'data-key="target-61"' in html and 'data-key="target-181"' not in html
    seven = send(state, {"action": "set", "name": "variant", "value": "seven-card"})
    assert seven["state"]["next"]["target"] == 181 and game_of(seven["state"]).rules.variant is SEVEN_CARD
    assert 'data-key="target-181"' in seven["html"] and 'data-key="target-121"' not in seven["html"]
    assert seven["fragment"] == "game-seed=3&variant=seven-card"
    # A table of three is not a seven-card table: the standard game is chosen with it.
    three = send(seven["state"], {"action": "set", "name": "players", "value": "3"})["state"]
    assert three["next"]["players"] == 3 and three["next"]["target"] == 121 and "variant" not in three["next"]
    back = send(seven["state"], {"action": "set", "name": "variant", "value": "six-card"})["state"]
    assert back["options"] == GameOptions().to_json()
    assert send(seven["state"], {"action": "set", "name": "target", "value": "121"})["state"] == seven["state"]


def test_the_address_carries_a_variant_other_than_the_standard_game():
    state = new_state(GameOptions(), 1, "g")
    shared = send(state, {"action": "fragment", "value": "#game-seed=77&variant=seven-card"})
    assert shared["fragment"] == "game-seed=77&variant=seven-card"
    assert game_of(shared["state"]).rules.variant is SEVEN_CARD and shared["state"]["options"]["target"] == 181
    going = send(shared["state"], {"action": "cut"})["state"]
    assert (
        send(going, {"action": "fragment", "value": "game-seed=77&variant=seven-card"})["state"]["game"]
        == going["game"]
    )
    offered = send(going, {"action": "fragment", "value": "#game-seed=77"})["state"]
    assert offered["game"] == going["game"], "a game begun is replaced only when the reader says so"
    plain = send(offered, {"action": "linked-play", "value": "game-seed=77"})["state"]
    assert game_of(plain).rules.variant is SIX_CARD and plain["options"] == GameOptions().to_json()
    for bad in (
        "game-seed=5&variant=six-card",
        "game-seed=5&variant=nine-card",
        "game-seed=5&players=3&variant=seven-card",
    ):
        answer = send(going, {"action": "fragment", "value": bad})
        assert answer["state"]["game"] == going["game"] and answer["state"]["notice"]["key"] == "game.bad_fragment"


def test_the_seven_card_count_box_takes_up_to_the_variants_highest_show():
    """A seven-card hand can count 46: the box's limit is the variant's, and above it the page says so."""
    state = new_state(
        GameOptions(target=SEVEN_CARD.target, strength="easy", counting="manual", variant=SEVEN_CARD.name), 3, "g"
    )
    player, html = ComputerPlayer("steady", seed=1), ""
    while read(state).expected != "announce" or read(state).to_act != READER:
        for action in reader_actions(state, player):
            answer = send(state, action)
            state, html = answer["state"], answer["html"]
    assert f'max="{SEVEN_CARD.max_show}"' in html and SEVEN_CARD.max_show == 46
    above = send(state, {"action": "announce", "value": str(SEVEN_CARD.max_show + 1)})
    assert above["state"]["notice"]["key"] == "game.bad_count"
    for lang in LANGUAGES:  # the notice names the variant's highest, not the six-card game's 29
        said_again = send(state, {"action": "announce", "value": str(SEVEN_CARD.max_show + 1)}, lang)["html"]
        notice = re.search(r'<p class="cb-notice" role="alert">(.*?)</p>', said_again).group(1)
        assert notice == escape(t("game.bad_count", lang, most=SEVEN_CARD.max_show)) and "46" in notice
    at_most = send(state, {"action": "announce", "value": str(SEVEN_CARD.max_show)})
    assert (at_most["state"]["notice"] or {}).get("key") != "game.bad_count"


def test_a_seven_card_count_said_above_the_six_card_highest_is_kept_and_the_game_goes_on():
    """The table corrects a count it cannot stand (no muggins), and the reader's words are kept
    for the coach: up to the variant's highest show, which a saved state must read back."""
    state = new_state(
        GameOptions(target=SEVEN_CARD.target, strength="easy", counting="manual", variant=SEVEN_CARD.name), 3, "g"
    )
    player = ComputerPlayer("steady", seed=1)
    while read(state).expected != "announce" or read(state).to_act != READER:
        for action in reader_actions(state, player):
            state = send(state, action)["state"]
    said = SEVEN_CARD.max_show - 1
    assert said > SIX_CARD.max_show
    after = send(state, {"action": "announce", "value": str(said)})["state"]
    assert said in after["said"].values()
    assert send(after, {"action": "hint"})["state"]["said"] == after["said"]
