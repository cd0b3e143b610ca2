"""The game widget in CPython, through the same entry point the page's worker calls.

The seeded soak plays whole games with a computer in the reader's seat; the
other tests check one rule of the page each.  Expected values come from the
engine's own modules (game, show, discard), never from the widget.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from cribbage.analysis.discard import analyse_discards
from cribbage.core.cards import DECK, Card
from cribbage.core.game import Game
from cribbage.core.show import show_total
from cribbage.i18n import LANGUAGES, catalogue, t
from cribbage.players.computer import ComputerPlayer
from cribbage.widgets import BlockError, render_block, update
from cribbage.widgets.game import COMPUTER, READER, GameOptions, game_of, new_state
from driver import play_game, read, reader_actions, send
from helpers import DECIMAL_SIGNS, state_of, text_of

GAMES = int(os.environ.get("CRIBBAGE_GAME_SOAK_GAMES", "100"))


def options_for(seed: int) -> GameOptions:
    """Vary every option across the seeds."""
    return GameOptions(
        target=61 if seed % 3 == 1 else 121,
        strength=("random", "random", "easy", "expert")[seed % 4],
        counting="manual" if seed % 2 else "auto",
        muggins=seed % 5 < 2,
        coach=seed % 25 == 0,  # the coach's reviews take the engine about a second a deal
    )


class Soak:
    """Checks every step of a game: the answer is a legal game, scores only grow."""

    def __init__(self) -> None:
        self.steps = 0

    def __call__(self, before: dict, answer: dict) -> None:
        self.steps += 1
        old, new = read(before), read(answer["state"])  # raises on an illegal state
        assert new.events[: len(old.events)] == old.events, "the page rewrote what happened"
        assert all(b >= a for a, b in zip(old.scores, new.scores)), "a score went down"
        target = new.rules.target
        assert max(new.scores) <= target
        for (front, back), score in zip(new.pegs, new.scores):
            assert front == score and back <= front
        reached = [
            i
            for i, event in enumerate(new.events)
            if event.points and event.kind != "game_over" and _score_after(new, i) >= target
        ]
        if reached:
            assert new.is_over and reached[0] == len(new.events) - 2, "the game went on after the target"
        html = answer["html"]
        assert "<script" not in html
        if new.to_act == READER and new.expected == "play":
            enabled = set(re.findall(r'data-action="play" data-value="([^"]+)"(?! disabled)>', html))
            assert enabled == {str(card) for card in new.legal_cards(READER)}


def _score_after(game: Game, index: int) -> int:
    """The scoring side's total right after event ``index`` (from the events alone)."""
    side = game.events[index].seat
    return min(
        game.rules.target, sum(e.points for e in game.events[: index + 1] if e.seat == side and e.kind != "game_over")
    )


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_seeded_computer_games_through_the_page_stay_legal_and_end_exactly_at_the_target(chunk):
    for seed in range(chunk, GAMES, 4):
        options = options_for(seed)
        soak = Soak()
        state = new_state(options, seed, "soak")
        state = play_game(state, ComputerPlayer("random", seed=seed), soak, miscount=seed % 3)
        result = read(state).result
        assert result.scores[result.winner] == options.target
        assert result.scores[1 - result.winner] < options.target
        assert state["won"][result.winner] == 1 and sum(state["won"]) == 1
        assert soak.steps > 10


def test_the_game_replays_the_same_from_its_seed():
    states = []
    for _ in range(2):
        state = new_state(GameOptions(strength="random", coach=False), 4242, "g")
        states.append(play_game(state, ComputerPlayer("random", seed=1)))
    assert states[0]["game"] == states[1]["game"]


def test_the_cut_decides_the_first_dealer_and_the_loser_deals_the_next_game():
    state = play_game(
        new_state(GameOptions(target=61, strength="random", coach=False), 9, "g"), ComputerPlayer("random", seed=2)
    )
    game = game_of(state)
    cut = game.events[0]
    lowest = {seat: card.rank for seat, card in cut.rounds[-1]}
    assert lowest[cut.dealer] < lowest[1 - cut.dealer]
    loser = 1 - game.result.winner
    following = send(state, {"action": "new"})
    assert game_of(following["state"]).first_dealer == loser
    assert following["fragment"] == f"game-seed={game.seed + 1}&dealer={loser}"
    assert game_of(following["state"]).phase == "deal"


def test_the_page_waits_for_the_reader_before_each_deal_so_the_counts_stay_on_screen():
    state = new_state(GameOptions(strength="random"), 31, "g")
    player = ComputerPlayer("random", seed=1)
    while game_of(state).deals < 2:
        for action in reader_actions(state, player):
            state = send(state, action)["state"]
    game = game_of(state)
    assert game.deals == 2 and game.phase == "discard"
    shows = [event for event in game.events if event.kind == "show"]
    assert len(shows) == 3, "the first deal's three shows were taken before the second deal"


def test_manual_count_with_muggins_gives_the_missed_points_to_the_computer():
    state = _first_reader_count(GameOptions(strength="random", counting="manual", muggins=True), seed=3)
    game = game_of(state)
    _owner, cards, crib = game.next_show()
    assert (sorted(map(str, cards)), str(game.starter), crib) == (["10H", "7D", "7S", "JC"], "AH", False)
    total = 4  # 7 + 7 + A is fifteen (2) and the sevens pair (2)
    assert show_total(cards, game.starter, crib=crib) == total
    before = game.scores
    answer = send(state, {"action": "announce", "value": str(total - 1)})
    after = game_of(answer["state"])
    muggins = [event for event in after.events[len(game.events) :] if event.kind == "muggins"]
    assert muggins and muggins[0].seat == COMPUTER and muggins[0].points == 1
    assert after.scores[READER] - before[READER] >= total - 1


def test_manual_count_without_muggins_corrects_the_count():
    options = GameOptions(strength="random", counting="manual", muggins=False)
    for seed in range(20):
        state = _first_reader_count(options, seed)
        game = game_of(state)
        _owner, cards, crib = game.next_show()
        total = show_total(cards, game.starter, crib=crib)
        if total:
            break
    answer = send(state, {"action": "announce", "value": "0"})
    shown = [event for event in game_of(answer["state"]).events if event.kind == "show" and event.seat == READER]
    assert shown[0].points == total
    assert answer["state"]["notice"] == {"key": "game.miscount", "params": {"said": 0, "total": total}}
    assert not any(event.kind == "muggins" for event in game_of(answer["state"]).events)


@pytest.mark.parametrize("muggins", [False, True])
def test_the_log_says_what_the_reader_announced_and_what_the_cards_hold(muggins):
    options = GameOptions(strength="random", counting="manual", muggins=muggins)
    for seed in range(20):
        state = _first_reader_count(options, seed)
        game = game_of(state)
        _owner, cards, crib = game.next_show()
        total = show_total(cards, game.starter, crib=crib)
        if total:
            break
    said = total - 1  # short by one: the table corrects it (no muggins) or lets it stand (muggins)
    html = send(state, {"action": "announce", "value": str(said)})["html"]
    title = t("game.show_crib_you" if crib else "game.show_hand_you", "en")
    summary = re.search(rf'cb-show-title">{re.escape(title)}</span> <span class="cb-said">([^<]*)</span>', html)
    assert summary is not None, "the log shows the reader's count"
    assert text_of(summary.group(1)) == t("game.announced_short_you", "en", said=said, total=total)


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_the_log_ends_the_play_at_its_last_card_and_starts_no_new_count(variant):
    target = 61
    options = GameOptions(strength="random", target=target, coach=False, variant=variant)
    ends = []

    def check(before: dict, answer: dict) -> None:
        game = read(answer["state"])
        if game.phase != "deal" or not game.deals or game.is_over:
            return  # between two deals the log shows the whole of the last one
        log = re.findall(r"<li\b[^>]*>(.*?)</li>", answer["html"], re.S)
        first_show = next(index for index, item in enumerate(log) if "cb-show-summary" in item)
        last_action = log[first_show - 1]
        assert t("play.reset", "en") not in last_action, "a new count starts after the last card of the play"
        assert t("play.over", "en") in last_action
        ends.append(any(t("play.reset", "en") in item for item in log[: first_show - 1]))

    play_game(new_state(options, 11, "g"), ComputerPlayer("random", seed=2), check)
    assert ends and (variant == "five-card" or any(ends)), "the counts within a play still reset"


def test_an_overcount_is_refused_and_the_reader_counts_again():
    state = _first_reader_count(GameOptions(strength="random", counting="manual", muggins=True), seed=5)
    game = game_of(state)
    _owner, cards, crib = game.next_show()
    total = show_total(cards, game.starter, crib=crib)
    answer = send(state, {"action": "announce", "value": str(total + 1)})
    assert answer["state"]["game"] == state["game"]
    assert answer["state"]["notice"]["key"] == "game.overcount"
    assert 'role="alert"' in answer["html"]
    assert send(state, {"action": "announce", "value": "many"})["state"]["notice"]["key"] == "game.bad_count"


def _first_reader_count(options: GameOptions, seed: int) -> dict:
    """Play (reader by computer) until the page asks the reader for a count."""
    state = new_state(options, seed, "g")
    player = ComputerPlayer("random", seed=seed)
    while True:
        game = game_of(state)
        if game.to_act == READER and game.expected == "announce":
            return state
        for action in reader_actions(state, player):
            state = send(state, action)["state"]


def test_every_computer_discard_and_play_has_a_reason_and_a_why():
    state = new_state(GameOptions(strength="expert"), 12, "g")
    player = ComputerPlayer("random", seed=1)
    while game_of(state).deals < 2 or game_of(state).phase != "deal":
        for action in reader_actions(state, player):
            answer = send(state, action)
            state = answer["state"]
    game = game_of(state)
    start = max(i for i, e in enumerate(game.events) if e.kind == "deal")
    decisions = [
        i
        for i, e in enumerate(game.events)
        if i > start and e.seat == COMPUTER and (e.kind == "discard" or (e.kind == "play" and e.action.card))
    ]
    assert decisions and sorted(state["why"], key=int) == [str(i) for i in decisions]
    assert answer["html"].count('class="cb-why-box"') == len(decisions)


def test_the_computers_discard_reason_is_the_advisors_best_expected_value():
    state = new_state(GameOptions(strength="expert"), 8, "g")
    player = ComputerPlayer("random", seed=1)
    while game_of(state).deals < 1 or game_of(state).phase != "deal":
        for action in reader_actions(state, player):
            state = send(state, action)["state"]
    game = game_of(state)
    deal = next(e for e in game.events if e.kind == "deal")
    index, discard = next((i, e) for i, e in enumerate(game.events) if e.kind == "discard" and e.seat == COMPUTER)
    best = analyse_discards(list(deal.hands[COMPUTER]), dealer=deal.dealer == COMPUTER)[0]
    reason = state["why"][str(index)]
    assert set(discard.cards) == set(best.discard)
    assert reason["params"]["net"] == round(best.net, 2)
    html = send(state, {"action": "hint"})["html"]  # any answer renders the log of the deal
    assert f"{best.net:.2f}" in html, "the computer's hand is shown, so its reasons are too"


@pytest.mark.parametrize(("lang", "decimal_sign"), [(lang, DECIMAL_SIGNS.get(lang)) for lang in LANGUAGES])
def test_the_why_box_writes_numbers_as_the_advisor_does_in_the_pages_language(lang, decimal_sign):
    assert decimal_sign, f"tests/helpers.py: DECIMAL_SIGNS has no decimal sign for {lang}"
    state = new_state(GameOptions(strength="expert"), 8, "g")
    player = ComputerPlayer("random", seed=1)
    while game_of(state).deals < 1 or game_of(state).phase != "deal":
        for action in reader_actions(state, player):
            state = send(state, action, lang)["state"]
    game = game_of(state)
    deal = next(e for e in game.events if e.kind == "deal")
    best = analyse_discards(list(deal.hands[COMPUTER]), dealer=deal.dealer == COMPUTER)[0]
    html = send(state, {"action": "hint"}, lang)["html"]
    why = re.search(r'<details class="cb-why-box">.*?</details>', html, re.S).group(0)
    net = f"{best.net:.2f}"
    assert net.replace(".", decimal_sign) in why
    if decimal_sign != ".":
        assert net not in why


def test_the_hint_shows_the_advisors_options_for_the_readers_cards():
    state = send(new_state(GameOptions(), 21, "g"), {"action": "cut"})["state"]
    game = game_of(state)
    best = analyse_discards(list(game.hand(READER)), dealer=game.dealer == READER)[0]
    html = send(state, {"action": "hint"})["html"]
    assert 'class="cb-options"' in html and f"{best.net:.2f}" in html


def test_the_hint_says_why_the_best_discard_beats_the_runner_up_and_whose_crib_it_goes_to():
    from cribbage.analysis.reasons import compare, crib_owner, discard_reason
    from cribbage.widgets.discard_reason import explain, explain_comparison

    state = send(new_state(GameOptions(), 21, "g"), {"action": "cut"})["state"]
    game = game_of(state)
    owner = crib_owner(game.dealer == READER, players=2)
    options = analyse_discards(list(game.hand(READER)), dealer=game.dealer == READER)
    best, runner_up = (discard_reason(option, owner) for option in options[:2])
    hint = text_of(send(state, {"action": "hint"})["html"])
    assert all(text_of(s) in hint for s in [explain_comparison(compare(best, runner_up), "en"), *explain(best, "en")])


def test_only_legal_cards_can_be_played():
    state = new_state(GameOptions(strength="random"), 17, "g")
    player = ComputerPlayer("random", seed=4)
    refused = 0
    while not game_of(state).is_over and not refused:
        game = game_of(state)
        if game.to_act == READER and game.expected == "play":
            illegal = [card for card in game.hand(READER) if card not in game.legal_cards(READER)]
            not_held = game.starter  # never in a hand
            for card in illegal[:1] + [not_held]:
                answer = send(state, {"action": "play", "value": str(card)})
                assert answer["state"]["game"] == state["game"]
                assert f'data-value="{card}" disabled' in answer["html"] or f'data-value="{card}"' not in answer["html"]
            refused += bool(illegal)
        for action in reader_actions(state, player):
            state = send(state, action)["state"]
    assert refused


def test_a_state_edited_in_the_page_is_refused():
    state = send(new_state(GameOptions(), 2, "g"), {"action": "cut"})["state"]
    game = game_of(state)
    forged = [
        {**state, "game": {**state["game"], "actions": [{"kind": "discard", "seat": 1, "cards": ["AS", "2S"]}]}},
        {**state, "game": {**state["game"], "events": 7}},
        {**state, "game": {**state["game"], "seed": -1}},
        {**state, "options": {**state["options"], "target": 5}},
        {**state, "uid": "<b>"},
        {**state, "why": {"1": {"code": "<script>", "params": {}}}},
        {**state, "why": {index: {"code": "takes_points", "params": {"points": "<script>"}} for index in state["why"]}},
    ]
    assert state["why"], "the computer's discard has its reason"
    assert str(game.hand(COMPUTER)[0]) not in ("AS",)
    for bad in forged:
        answer = json.loads(update("game", json.dumps(bad), '{"action": "hint"}', "en"))
        assert set(answer) == {"error"}, bad


def test_a_shared_fragment_starts_that_game_and_a_reload_keeps_the_game_in_progress():
    state = new_state(GameOptions(), 1, "g")
    shared = send(state, {"action": "fragment", "value": "#game-seed=777"})
    assert shared["state"]["game"]["seed"] == 777 and shared["fragment"] == "game-seed=777"
    going = send(shared["state"], {"action": "cut"})["state"]
    again = send(going, {"action": "fragment", "value": "game-seed=777"})
    assert again["state"]["game"] == going["game"]
    for bad in ("game-seed=<script>", "game-seed=1e9", "game-seed=12&dealer=7", "hand=5H"):
        answer = send(going, {"action": "fragment", "value": bad})
        assert answer["state"]["game"] == going["game"]
        assert answer["state"]["notice"]["key"] == "game.bad_fragment"
        assert "<script>" not in answer["html"]


def test_a_game_link_never_silently_replaces_the_game_saved_in_the_browser():
    going = send(new_state(GameOptions(players=3, strength="random"), 5, "g"), {"action": "cut"})["state"]
    linked = send(going, {"action": "fragment", "value": "#game-seed=777"})
    assert linked["state"]["game"] == going["game"] and linked["fragment"] == "game-seed=5&players=3"
    html = linked["html"]
    assert t("game.linked_offer", "en", seed=777) in text_of(html)
    assert 'data-action="linked-play"' in html and 'data-action="linked-keep"' in html
    kept = send(linked["state"], {"action": "linked-keep"})
    assert kept["state"]["game"] == going["game"] and 'data-action="linked-play"' not in kept["html"]
    value = re.search(r'data-action="linked-play" data-value="([^"]*)"', html).group(1)  # as the page sends it
    played = send(linked["state"], {"action": "linked-play", "value": value})
    assert played["fragment"] == "game-seed=777" and played["state"]["game"]["seed"] == 777
    assert played["state"]["won"] == [0, 0], "the linked game's own table"
    # Playing on is keeping one's game; the offer goes with the next action.
    moved = send(linked["state"], {"action": "hint"})
    assert moved["state"]["game"] == going["game"] and 'data-action="linked-play"' not in moved["html"]


def test_a_game_link_starts_its_game_at_once_when_the_page_has_no_game_begun():
    waiting = new_state(GameOptions(), 1, "g")
    shared = send(waiting, {"action": "fragment", "value": "#game-seed=777"})
    assert shared["state"]["game"]["seed"] == 777 and 'data-action="linked-play"' not in shared["html"]


def test_a_saved_state_is_restored_only_when_it_is_a_legal_game():
    going = send(new_state(GameOptions(), 5, "page"), {"action": "cut"})["state"]
    fresh = new_state(GameOptions(), 1, "page")
    restored = send(fresh, {"action": "restore", "value": json.dumps({**going, "uid": "other"})})
    assert restored["state"]["game"] == going["game"] and restored["state"]["uid"] == "page"
    broken = {**going, "game": {**going["game"], "events": 99}}
    kept = send(fresh, {"action": "restore", "value": json.dumps(broken)})
    assert kept["state"]["game"] == fresh["game"]
    assert send(fresh, {"action": "restore", "value": "not json"})["state"]["game"] == fresh["game"]


def test_a_saved_game_the_page_cannot_show_is_refused_once_with_a_new_game_ready():
    going = send(new_state(GameOptions(players=3, strength="random"), 5, "page"), {"action": "cut"})["state"]
    # Each passes the state's check and fails where the page shows it (a replay, the coach's reviews).
    unreadable = [
        {**going, "replay": {"moment": 0, "play": {"x": 1}}},
        {**going, "coach": [{"deal": 1, "discards": [], "plays": [], "counts": "many"}]},
    ]
    fresh = new_state(GameOptions(), 1, "page")
    for saved in unreadable:
        answer = send(fresh, {"action": "restore", "value": json.dumps({**saved, "uid": "other"})})
        assert answer["state"]["game"] == fresh["game"], "the page's own game is answered, and saved over the bad one"
        assert answer["state"]["notice"] == {"key": "game.bad_save", "params": {}}
        assert t("game.bad_save", "en") in text_of(answer["html"]) and 'data-action="cut"' in answer["html"]
        # The next visit restores what this answer saved, without telling of the bad save again.
        again = send(fresh, {"action": "restore", "value": json.dumps(answer["state"])})
        assert again["state"]["game"] == fresh["game"] and again["state"]["notice"] is None


def test_the_first_cut_of_a_page_gets_its_own_seed():
    html = render_block("game", "", "en", uid="g")
    state = state_of(html)
    seeds = {send(state, {"action": "cut"})["state"]["game"]["seed"] for _ in range(3)}
    assert len(seeds) > 1


def test_options_change_the_next_game_and_this_one_before_the_cut():
    state = new_state(GameOptions(), 3, "g")
    state = send(state, {"action": "set", "name": "target", "value": "61"})["state"]
    assert game_of(state).rules.target == 61
    going = send(state, {"action": "cut"})["state"]
    changed = send(going, {"action": "set", "name": "strength", "value": "random"})["state"]
    assert changed["options"]["strength"] == "expert" and changed["next"]["strength"] == "random"
    assert changed["game"] == going["game"]
    assert send(going, {"action": "set", "name": "target", "value": "99"})["state"]["next"]["target"] == 61


def test_the_board_moves_the_front_and_back_pegs_with_the_scores():
    state = new_state(GameOptions(strength="random", coach=False), 44, "g")
    player = ComputerPlayer("random", seed=44)
    while game_of(state).deals < 3:
        for action in reader_actions(state, player):
            answer = send(state, action)
            state = answer["state"]
    game = game_of(state)
    for seat, (front, back) in enumerate(game.pegs):
        assert f'class="cb-peg-front" data-seat="{seat}" data-points="{front}"' in answer["html"]
        assert f'class="cb-peg-back" data-seat="{seat}" data-points="{back}"' in answer["html"]
        assert front > back > 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_of_a_game_renders_in_every_language(lang):
    state = new_state(GameOptions(target=61, strength="expert", counting="manual", muggins=True), 6, "g")
    state = play_game(state, ComputerPlayer("random", seed=6), lang=lang, miscount=1)
    html = update("game", json.dumps(state), '{"action": "hint"}', lang)
    assert "error" not in json.loads(html)


def test_every_language_has_every_game_message():
    english = {key for key in catalogue("en") if key.startswith("game.")}
    assert len(english) > 50
    for lang in LANGUAGES:
        assert {key for key in catalogue(lang) if key.startswith("game.")} == english, lang


def test_the_block_takes_its_options_as_keys_and_refuses_bad_ones():
    html = render_block("game", "target: 61\nstrength: random\ncounting: manual\nmuggins: yes\nseed: 12", "pl", uid="g")
    state = state_of(html)
    assert state["options"] == {
        "target": 61,
        "strength": "random",
        "counting": "manual",
        "muggins": True,
        "players": 2,
        "coach": True,
    }
    assert state["game"]["seed"] == 12 and not state["fresh"]
    assert 'data-widget="game"' in html and 'data-lang="pl"' in html and t("game.cut", "pl") in html
    for bad in ("target: 100", "strength: genius", "muggins: maybe", "seed: -4", "colour: red"):
        with pytest.raises(BlockError):
            render_block("game", bad, "en", uid="g")


# -- the page's words match its buttons, and a listener hears each thing once -----------------


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_cut_prompt_shows_only_beside_the_cut_button(lang):
    state = new_state(GameOptions(strength="random", coach=False), 9, "g")
    fresh = render_block("game", "seed: 9", lang)
    assert t("game.start_prompt", lang) in text_of(fresh) and 'data-key="cut"' in fresh
    finished = play_game(state, ComputerPlayer("random", seed=2), lang=lang)
    following = send(finished, {"action": "new"}, lang)  # the loser deals: no cut
    game = game_of(following["state"])
    assert game.phase == "deal" and 'data-key="deal"' in following["html"] and 'data-key="cut"' not in following["html"]
    assert t("game.start_prompt", lang) not in text_of(following["html"])
    who = "you" if game.dealer == READER else "computer"
    assert t(f"game.dealer_{who}", lang) in text_of(following["html"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_comma_or_full_stop_after_a_card_of_the_cut_can_start_a_line(players):
    """A line may break after a card's box: each card of the cut is kept with the mark after it."""
    html = send(new_state(GameOptions(players=players), 9, "g"), {"action": "cut"})["html"]
    cut = re.search(r"<li[^>]*>[^<]*?" + re.escape(t("game.cut_cards", "en")) + r".*?</li>", html, flags=re.S).group(0)
    marks = re.findall(r'class="cb-card[ "].*?</span>\s*([,.]?)', cut)
    assert len(marks) >= players
    kept = re.findall(r'<span class="cb-unbroken"><span class="cb-card[ "].*?</span>([,.])</span>', cut)
    assert len(kept) == len(marks) and kept[-1] == "." and set(kept[:-1]) <= {","}


def test_no_log_box_before_anything_has_happened():
    html = render_block("game", "seed: 9", "en")
    assert 'class="cb-log' not in html
    assert 'class="cb-log-box' in send(new_state(GameOptions(), 9, "g"), {"action": "cut"})["html"]


def _announced(html: str) -> list[str]:
    """The outermost elements marked as news, as widgets.js picks them (none inside another)."""
    return re.findall(r"<(?:li|p)\b[^>]*\bdata-announce\b[^>]*>", html)


def _show_news(answer: dict) -> tuple[int, int]:
    """(shows of this deal new since the reader's last move, show summaries the answer announces)."""
    game, seen = game_of(answer["state"]), answer["state"]["seen"]
    start = max(i for i, event in enumerate(game.events) if event.kind == "deal")
    new = sum(1 for i, event in enumerate(game.events) if event.kind == "show" and i >= max(start, seen))
    return new, sum(1 for tag in _announced(answer["html"]) if "cb-show-summary" in tag)


def test_a_new_show_is_announced_by_its_short_line_and_an_old_one_stays_quiet():
    state = new_state(GameOptions(strength="random", coach=False), 31, "g")
    player = ComputerPlayer("random", seed=1)
    answer = None
    while answer is None or "cb-show-summary" not in answer["html"]:
        for action in reader_actions(state, player):
            answer = send(state, action)
            state = answer["state"]
    new, announced = _show_news(answer)
    assert new > 0 and announced == new
    # never the breakdown's total or words as well: each total is heard once
    assert 'cb-total" data-announce' not in answer["html"] and 'cb-spoken" data-announce' not in answer["html"]
    # once heard, the same shows stay on screen and quiet
    heard = {**state, "seen": len(game_of(state).events)}
    later = send(heard, {"action": "set", "name": "strength", "value": "easy"})
    assert "cb-show-summary" in later["html"] and _show_news(later) == (0, 0)


def test_the_options_box_stays_open_while_options_wait_for_the_next_game():
    going = send(new_state(GameOptions(), 3, "g"), {"action": "cut"})
    assert '<details class="cb-options-box">' in going["html"]
    changed = send(going["state"], {"action": "set", "name": "strength", "value": "random"})
    assert '<details class="cb-options-box" open>' in changed["html"]


@pytest.mark.parametrize("lang", ["pl", "cs", "sk"])
def test_the_log_names_a_played_card_as_the_object_of_its_verb(lang):
    """ "Komputer zagrywa waleta kier", "Počítač hraje srdcovou dámu": after "plays" the card's name
    for screen readers is in the accusative (the ranks' and suits' own forms in the catalogue)."""
    from cribbage.core.events import Pegged
    from cribbage.i18n import card_name

    state, player = new_state(GameOptions(strength="easy"), 5, "g"), ComputerPlayer("steady", seed=1)
    while not any(isinstance(event, Pegged) and event.action.card for event in read(state).events):
        for action in reader_actions(state, player):
            answer = send(state, action, lang)
            state, html = answer["state"], answer["html"]
    played = [event.action.card for event in read(state).events if isinstance(event, Pegged) and event.action.card]
    spoken = text_of(html)
    for card in played:
        assert card_name(card, lang, "acc") in spoken
    assert any(card_name(card, lang, "acc") != card_name(card, lang) for card in DECK_OF_FACES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_log_sets_the_count_after_a_played_card_apart_with_a_comma(lang):
    """ "Počítač hraje 3♠, součet 3": the count is a phrase of its own, not the card's."""
    from cribbage.core.events import Pegged

    state, player = new_state(GameOptions(strength="easy"), 5, "g"), ComputerPlayer("steady", seed=1)
    while not any(isinstance(event, Pegged) and event.action.card for event in read(state).events):
        for action in reader_actions(state, player):
            answer = send(state, action, lang)
            state, html = answer["state"], answer["html"]
    counts = [event.action.count for event in read(state).events if isinstance(event, Pegged) and event.action.card]
    spoken = text_of(html)
    for count in counts:
        assert f", {t('play.count', lang, count=count)}" in spoken, spoken


DECK_OF_FACES = [Card(rank, "H") for rank in (11, 12, 13)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3])
def test_a_show_that_scores_nothing_says_so_in_a_sentence_not_a_bare_zero(lang, players):
    from cribbage.core.cards import parse_cards
    from cribbage.core.events import Shown
    from cribbage.i18n import points_text
    from cribbage.widgets.game.log import _shown_html
    from cribbage.widgets.game.seats import said

    nothing = Shown(seat=1, hand=tuple(parse_cards("2C 4D 9H QS")), starter=Card.parse("KH"), crib=False, points=0)
    for seat in (READER, 1):
        html = _shown_html(Shown(**{**_fields(nothing), "seat": seat}), False, players, lang, {})
        shown = text_of(html)
        assert text_of(said("game.pegs_nothing", seat, players, lang)) in shown, shown
        assert text_of(points_text(0, lang)) not in shown, shown


def _fields(event):
    return {name: getattr(event, name) for name in ("seat", "hand", "starter", "crib", "points", "announced")}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "players,key",
    [(2, "game.why_best_pegging_opponent"), (3, "game.why_best_pegging_others"), (4, "game.why_best_pegging")],
)
def test_the_look_ahead_reason_weighs_against_one_opponent_the_two_others_or_the_other_partnership(lang, players, key):
    from cribbage.core.rules import GameRules
    from cribbage.i18n import expected_points_text
    from cribbage.players.computer import ReasonCode
    from cribbage.widgets.game.why import why_html

    reason = {"code": ReasonCode.BEST_PEGGING, "params": {"value": -0.42}}
    html = why_html(reason, True, Game(GameRules(players=players)), 1, lang)
    assert text_of(t(key, lang, value=expected_points_text(-0.42, lang))) in text_of(html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_discard_hint_names_how_many_of_the_discards_it_shows(lang):
    """en reader: 'Every discard, best first' over a table of five of the fifteen."""
    state = send(new_state(GameOptions(strength="random"), 3, "g"), {"action": "cut"}, lang)["state"]
    html = send(state, {"action": "hint"}, lang)["html"].replace("&nbsp;", "\N{NO-BREAK SPACE}")
    assert html.count('<tr><td><span class="cb-cards">') + html.count('<tr class="cb-best"') == 5
    assert t("ui.options_best", lang, count=5) in html and t("ui.options", lang) not in html


def _dealt_game(computer_deals: bool) -> Game:
    """A game just dealt, the computer its dealer or not: the first seed that deals so."""
    from cribbage.core.events import Deal

    for seed in range(100):
        game = Game(seed=seed)
        while not any(isinstance(event, Deal) for event in game.events):
            game.advance()
        if (game.dealer == COMPUTER) == computer_deals:
            return game
    raise AssertionError("no seed deals so")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("dealer", [True, False])
def test_why_the_computer_discarded_says_why_its_choice_beats_the_runner_up_and_whose_crib(lang, dealer):
    from cribbage.analysis.reasons import CribOwner, compare, discard_reason
    from cribbage.players.computer import choose_discard
    from cribbage.widgets.discard_reason import explain, explain_comparison
    from cribbage.widgets.game.why import why_html

    game = _dealt_game(dealer)
    dealt = game.hand(COMPUTER)
    choice = choose_discard(dealt, dealer)
    reason = {"code": choice.reason.code, "params": choice.reason.params}
    html = why_html(reason, True, game, COMPUTER, lang)
    # the crib is the computer's (the dealer's) when it deals, else the reader's
    owner = CribOwner.DEALERS if dealer else CribOwner.YOURS
    best, runner_up = (discard_reason(option, owner, own_crib=dealer) for option in analyse_discards(dealt, dealer)[:2])
    assert text_of(explain_comparison(compare(best, runner_up), lang)) in text_of(html)
    assert all(text_of(sentence) in text_of(html) for sentence in explain(best, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("legal", "pile"), [("5H 4C", ""), ("QS 3C", "AH KD"), ("9H 2S", "7C")])
def test_why_the_computer_played_the_safest_card_says_the_next_players_best_reply_and_its_chance(lang, legal, pile):
    from cribbage.analysis.pegging_risk import play_risks
    from cribbage.analysis.play_reasons import play_reason
    from cribbage.core.cards import parse_cards
    from cribbage.players.computer import choose_play
    from cribbage.widgets.game.why import why_html
    from cribbage.widgets.play_reason import explain_play

    choice = choose_play(parse_cards(legal), parse_cards(pile), unseen=None, opponent_cards=3)
    assert choice.reason.code == "safest"
    unseen = [card for card in DECK if card not in parse_cards(legal) and card not in parse_cards(pile)]
    (risk,) = play_risks(parse_cards(pile), [choice.card], 3, unseen)
    html = why_html({"code": choice.reason.code, "params": choice.reason.params}, True, Game(), COMPUTER, lang)
    assert text_of(explain_play(play_reason(risk, 3), lang)) in text_of(html)
