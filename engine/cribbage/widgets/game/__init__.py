"""The game page (``cribbage-game``): a whole game for 2, 3 or 4 players against the computer.

:mod:`.state` keeps and checks the widget's JSON, :mod:`.update` applies the
reader's actions and the computers', :mod:`.seats` names the seats,
:mod:`.table` draws the card table, :mod:`.log` this deal's steps,
:mod:`.view` the whole widget and :mod:`.board` the board.
The reader is seat 0, the computers the seats after it, clockwise.

>>> html = WIDGET.render("target: 61\\nstrength: easy\\nplayers: 3", "en", "g1")
>>> 'data-widget="game"' in html and 'data-persist="game"' in html and 'data-fragment-key="game-seed"' in html
True
>>> 'data-players="3"' in html
True
"""

from __future__ import annotations

from ...core.game import Game
from ...core.variants import VARIANTS
from ...i18n import Language, t
from ...players.computer import STRENGTHS
from ..source import BlockError, Fields, game_variant
from ..widget import Live, Widget
from .state import COMPUTER, COUNTINGS, MAX_SEED, READER, TARGETS_OF, GameOptions, game_of, new_state
from .update import game_update
from .view import game_view

__all__ = ["COMPUTER", "READER", "WIDGET", "GameOptions", "game_of", "game_update", "new_state"]


def _options(fields: Fields) -> GameOptions:
    """The options a block names (``variant``, ``target``, ``strength``, ``counting``, ``muggins``, ``players``,
    ``coach``); the target and players must be the variant's (by default its own target)."""
    strength, counting, muggins, players, coach = "expert", "auto", False, 2, True
    game = game_variant(fields).name
    target = VARIANTS[game].target
    for key, (value, line) in fields.items():
        lowered = value.lower()
        if key == "target" and value.isascii() and value.isdigit() and int(value) in TARGETS_OF[game]:
            target = int(value)
        elif key == "strength" and lowered in STRENGTHS:
            strength = lowered
        elif key == "counting" and lowered in COUNTINGS:
            counting = lowered
        elif key == "muggins" and lowered in ("yes", "no"):
            muggins = lowered == "yes"
        elif key == "coach" and lowered in ("yes", "no"):
            coach = lowered == "yes"
        elif key == "players" and value in [str(n) for n in VARIANTS[game].players]:
            players = int(value)
        elif key not in ("seed", "variant"):
            raise BlockError("block_bad_value", line, key=key, value=value)
    return GameOptions(target, strength, counting, muggins, players, coach, game)


def game_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    """The static game: the board, an empty table and the options from the block."""
    options = _options(fields)
    seed = 1
    if "seed" in fields:
        value, line = fields["seed"]
        if not (value.isascii() and value.isdigit() and int(value) < MAX_SEED):
            raise BlockError("block_bad_value", line, key="seed", value=value)
        seed = int(value)
    state = {**new_state(options, seed, uid), "fresh": "seed" not in fields}
    view = game_view(state, Game(options.rules, seed), lang, static=True)
    # The number of players on the root: a hook for tests and styles (the view's table has it too).
    return Live(state, view, t("game.title", lang), root=(("data-players", str(options.players)),))


WIDGET = Widget(
    kind="game",
    keys=("target", "strength", "counting", "muggins", "seed", "players", "coach", "variant"),
    required=(),
    block=game_block,
    update=game_update,
    # The game is kept across reloads and shared by its seed (widgets.js reads these).
    persist="game",
    fragment_key="game-seed",
)
