"""A computer in the reader's seat, playing through the page's own entry point.

Every step goes through :func:`cribbage.widgets.update` (JSON in, JSON out), as
the browser's worker calls it: the reader's decision is taken by a
:class:`ComputerPlayer` and sent as the page's buttons would send it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from cribbage.core.game import Game
from cribbage.core.show import show_total
from cribbage.players.computer import ComputerPlayer
from cribbage.widgets import update
from cribbage.widgets.game import READER, game_of

Check = Callable[[dict[str, Any], dict[str, Any]], None]


def read(state: dict[str, Any]) -> Game:
    """The game of a state, checked by the widget's own code; read only, so shared."""
    return _read(json.dumps(state, sort_keys=True))


@lru_cache(maxsize=8)
def _read(text: str) -> Game:
    return game_of(json.loads(text))


def send(state: dict[str, Any], action: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    answer = json.loads(update("game", json.dumps(state), json.dumps(action), lang))
    if "error" in answer:
        raise AssertionError(f"the widget refused {action}: {answer['error']}")
    return answer


def reader_actions(state: dict[str, Any], player: ComputerPlayer, miscount: int = 0) -> list[dict[str, Any]]:
    """The page actions that carry out the reader's next decision (one click or a few)."""
    game = read(state)
    if game.is_over:
        return [{"action": "new"}]
    if game.to_act is None:
        return [{"action": "cut" if game.phase == "cut_for_deal" else "deal"}]
    assert game.to_act == READER, "the widget stopped while the computer had to act"
    if game.expected == "discard":
        action = player(game, READER)
        return [{"action": "select", "value": str(card)} for card in action.cards] + [{"action": "discard"}]
    if game.expected == "play":
        action = player(game, READER)
        return [{"action": "play", "value": str(action.cards[0])}]
    assert game.expected == "announce"
    _owner, cards, crib = game.next_show()
    total = show_total(cards, game.starter, crib=crib, hand_size=None if crib else game.rules.variant.kept)
    return [{"action": "announce", "value": str(max(0, total - miscount))}]


def play_game(
    state: dict[str, Any], player: ComputerPlayer, check: Check | None = None, lang: str = "en", miscount: int = 0
) -> dict[str, Any]:
    """Play the game in ``state`` to its end; ``check(before, after)`` sees every step."""
    while not read(state).is_over:
        for action in reader_actions(state, player, miscount):
            answer = send(state, action, lang)
            if check is not None:
                check(state, answer)
            state = answer["state"]
    return state
