"""The Table page (``cribbage-table``): a game played with real cards, the engine keeping the
score, pegging the play and counting each hand (:mod:`cribbage.companion`).

:mod:`.state` keeps and checks the widget's JSON, :mod:`.update` applies the page's actions,
:mod:`.view` draws the setup form and the table, :mod:`.news` says what just happened.

>>> html = WIDGET.render("players: 3", "en", "t1")
>>> 'data-widget="table"' in html and 'data-persist="table"' in html, 'value="3" checked' in html
(True, True)
>>> 'data-keep-awake="true"' in html
True
"""

from __future__ import annotations

from ...core.variants import targets
from ...i18n import Language, t
from ..source import Fields, flag, game_variant, integer
from ..widget import Live, Widget
from .state import Setup, new_state
from .update import table_update
from .view import table_view

__all__ = ["WIDGET"]


def table_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    """The setup form with the block's choices (``players``, ``variant``, ``target``, ``muggins``)."""
    game = game_variant(fields)
    players = integer(fields, "players", game.players[0], game.players)
    target = integer(fields, "target", game.target, targets(game))
    setup = Setup(players=players, variant=game.name, target=target, muggins=flag(fields, "muggins"))
    state = new_state(setup, uid)
    # The screen is kept awake while the table is open (widgets.js, where a Wake Lock exists).
    return Live(
        state, table_view(state, setup, None, lang), t("table.title", lang), root=(("data-keep-awake", "true"),)
    )


WIDGET = Widget(
    kind="table",
    keys=("players", "variant", "target", "muggins"),
    required=(),
    block=table_block,
    update=table_update,
    # A real game lasts an evening: kept after every step, across reloads and closed tabs.
    persist="table",
)
