"""Score kinds, action kinds and the computer's reasons are StrEnums, each defined once.

Being StrEnums they equal their text, so JSON and message keys are unchanged; the
constants of the rules (31, 29, the numbers of players, a seat) live in one module each.
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import cribbage
import pytest
from cribbage.core.cards import DECK, parse_cards
from cribbage.core.game import Game
from cribbage.core.play import MAX_COUNT, Play
from cribbage.core.rules import ACTION_KINDS, Action, ActionKind, Decision, GameRules, decision_of
from cribbage.core.show import MAX_SHOW, SHOW_KINDS, ScoreItem, ScoreKind, score_show
from cribbage.errors import CribbageError, IllegalActionError
from cribbage.i18n import LANGUAGES, catalogue
from cribbage.players.computer import ComputerPlayer, Reason, ReasonCode
from cribbage.widgets import render_block

# The engine's own sources, wherever it is imported from (the checkout, or the wheel in Pyodide).
ENGINE = Path(cribbage.__file__).resolve().parent


def test_the_kinds_equal_their_text_so_json_is_unchanged():
    item = ScoreItem(ScoreKind.PAIR, tuple(parse_cards("5H 5S")), 2)
    assert json.dumps(item.to_json()) == '{"kind": "pair", "cards": ["5H", "5S"], "points": 2}'
    action = Action(ActionKind.DISCARD, 1, tuple(parse_cards("AS 2S")))
    assert json.dumps(action.to_json()) == '{"kind": "discard", "seat": 1, "cards": ["AS", "2S"], "points": null}'
    assert json.dumps(Reason(ReasonCode.RANDOM, {}).to_json()) == '{"code": "random", "params": {}}'
    assert ScoreKind.THIRTY_ONE == "thirty_one" and f"kind.{ScoreKind.LAST_CARD}" == "kind.last_card"
    assert {"pair": 1}[ScoreKind.PAIR] == 1  # a member finds the entry of its text


def test_the_show_and_the_play_score_only_members_of_score_kind():
    rng = random.Random(5)
    seen = set()
    for _ in range(300):
        cards = rng.sample(DECK, 9)
        items = score_show(cards[:4], cards[4]).items
        assert all(type(item.kind) is ScoreKind and item.kind in SHOW_KINDS for item in items)
        seen |= {item.kind for item in items}
        play = Play([cards[:4], cards[5:9]])
        while not play.is_over:
            legal = play.legal_cards()
            action = play.play(rng.choice(legal)) if legal else play.go()
            assert all(type(item.kind) is ScoreKind for item in action.reasons)
            seen |= {item.kind for item in action.reasons}
    assert seen == set(ScoreKind), "every kind is scored somewhere"


def test_every_score_kind_has_its_name_in_every_catalogue_language():
    for lang in LANGUAGES:
        missing = [kind for kind in ScoreKind if f"kind.{kind}" not in catalogue(lang)]
        assert not missing, (lang, missing)


def test_every_action_kind_answers_a_decision_and_every_decision_has_an_action():
    assert ACTION_KINDS == tuple(ActionKind)
    assert {kind.decision for kind in ActionKind} == set(Decision)
    assert decision_of("claim") is decision_of("decline") is Decision.MUGGINS
    assert decision_of("muggins") is None and decision_of("fold") is None and decision_of([]) is None  # type: ignore[arg-type]


def test_what_a_game_expects_is_a_decision():
    game = Game(GameRules(muggins=True), seed=3)
    players = [ComputerPlayer("random", seed=1), ComputerPlayer("random", seed=2)]
    expected = set()
    while not game.is_over and len(game.actions) < 120:
        if game.to_act is None:
            game.advance()
            continue
        assert type(game.expected) is Decision
        expected.add(game.expected)
        game.apply(players[game.to_act](game, game.to_act))
    assert {Decision.DISCARD, Decision.PLAY, Decision.ANNOUNCE} <= expected
    assert all(type(action.kind) is ActionKind for action in game.actions)


def test_an_action_of_kind_given_as_text_is_still_taken():
    game = Game(GameRules(), seed=7)
    game.advance(), game.advance()
    seat = game.to_act
    assert game.can(Action("discard", seat, game.hand(seat)[:2]))  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["fold", "muggins", "", None, 3, ["play"]])
def test_a_saved_action_of_an_unknown_kind_is_refused_with_the_illegal_action_error(kind):
    with pytest.raises(IllegalActionError) as refused:
        Action.from_json({"kind": kind, "seat": 0})
    assert refused.value.params["reason"] == "unknown_action"
    saved = Game(GameRules(), seed=7).to_json()
    with pytest.raises(CribbageError):
        Game.from_json({**saved, "actions": [{"kind": kind, "seat": 0, "cards": [], "points": None}]})


def test_every_reason_the_computer_gives_is_a_member_of_reason_code():
    codes = set()
    for strength in ("expert", "steady", "easy", "random"):
        game = Game(GameRules(muggins=True), seed=11)
        player = ComputerPlayer(strength, seed=4)
        while not game.is_over and len(game.actions) < 60:
            if game.to_act is None:
                game.advance()
                continue
            action, reason = player.decide(game, game.to_act)
            assert type(reason.code) is ReasonCode
            codes.add(reason.code)
            game.apply(action)
    assert len(codes) >= 6


def _assigned(name: str) -> list[str]:
    """The modules of the engine that bind ``name`` at their top level."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            if any(isinstance(target, ast.Name) and target.id == name for target in targets):
                found.append(str(path.relative_to(ENGINE)))
    return found


@pytest.mark.parametrize(
    ("name", "owner"),
    [
        ("MAX_COUNT", "core/pegging.py"),
        ("MAX_SHOW", "core/show.py"),
        ("PLAYERS", "core/deal.py"),
        ("Seat", "core/rules.py"),
        ("SHOW_KINDS", "core/show.py"),
        ("GIVEN_AWAY", "players/coach.py"),
        ("ACTION_KINDS", "core/rules.py"),
    ],
)
def test_each_constant_of_the_rules_is_defined_once_in_the_module_that_owns_it(name, owner):
    assert _assigned(name) == [owner]


def test_the_count_boxes_allow_the_highest_show_of_the_rules():
    assert (MAX_COUNT, MAX_SHOW) == (31, 29)
    html = render_block("practice", "crib: no", "en", uid="p")
    assert f'max="{MAX_SHOW}"' in html
