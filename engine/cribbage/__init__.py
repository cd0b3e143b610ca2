"""Cribbage rules you can play with: an exact, fast, pure-Python engine.

The public API is importable from the package itself, as python-chess's ``chess.Board``:

>>> import cribbage
>>> hand = cribbage.parse_cards("5H 5S 5C JD")
>>> cribbage.score_show(hand, cribbage.Card.parse("5D")).total
29
>>> game = cribbage.Game(cribbage.GameRules(variant=cribbage.SEVEN_CARD), seed=5)
>>> game.phase, game.rules.target
(<Phase.CUT_FOR_DEAL: 'cut_for_deal'>, 181)
>>> all(getattr(cribbage, name) is not None for name in cribbage.__all__)  # every public name resolves
True
>>> set(cribbage.__all__) == {"DECK", "Card", "CribbageError", "parse_cards"} | set(cribbage._LAZY)
True

The package is layered; a module imports its own layer or a lower one only
(``tests/engine/test_architecture.py`` checks it):

* :mod:`cribbage.core`: the rules: :mod:`~cribbage.core.cards`, :mod:`~cribbage.core.variants`
  (the games as data), :mod:`~cribbage.core.show` (hand and crib scoring),
  :mod:`~cribbage.core.pegging` (the one play machine, on ranks), :mod:`~cribbage.core.play`
  (the play with its cards), :mod:`~cribbage.core.deal`, :mod:`~cribbage.core.rules` and
  :mod:`~cribbage.core.game` (a whole game as a log of typed actions);
* :mod:`cribbage.analysis`: :mod:`~cribbage.analysis.risk` (the one model of what the next
  player can reply), :mod:`~cribbage.analysis.discard` (the discard advisor),
  :mod:`~cribbage.analysis.stats` (exact histograms) and the play's look-ahead;
* :mod:`cribbage.players` (the computer, the coach) and :mod:`cribbage.course` (the
  lessons as data, their tasks and exercises), both above the analysis;
* :mod:`cribbage.session` (a table: the reader, the computer, who counts, the coach) and
  :mod:`cribbage.io` (the JSON the command line and the pages exchange);
* this package (the public API below), :mod:`cribbage.i18n` (the message catalogues),
  :mod:`cribbage.widgets` (the live examples: one module per kind, the HTML both the build
  and the browser show) and :mod:`cribbage.cli` (``python3 -m cribbage``).

The names beyond the cards are imported on first use, so that ``python -m cribbage
score`` starts without loading the game, the computer and the coach.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .core.cards import DECK, Card, parse_cards
from .errors import CribbageError

if TYPE_CHECKING:  # what a type checker sees; at run time __getattr__ imports them
    from .analysis.discard import DiscardOption, analyse_discards
    from .analysis.risk import ReplyDistribution, card_distribution
    from .core.deal import PLAYERS, deal_shape
    from .core.game import Game, Phase
    from .core.pegging import MAX_COUNT
    from .core.play import Play, replay
    from .core.rules import Action, ActionKind, Decision, GameRules
    from .core.show import MAX_SHOW, ScoreItem, ScoreKind, ShowScore, score_show
    from .core.variants import FIVE_CARD, SEVEN_CARD, SIX_CARD, VARIANTS, Variant, variant
    from .players.coach import review_deal, review_game
    from .players.computer import STRENGTHS, ComputerPlayer, ReasonCode
    from .players.reviews import GameReview
    from .session import Automation, TableOptions, TableSession

# Each public name and the module that owns it.
_LAZY = {
    "Action": "core.rules",
    "ActionKind": "core.rules",
    "Decision": "core.rules",
    "GameRules": "core.rules",
    "Automation": "session",
    "TableOptions": "session",
    "TableSession": "session",
    "ComputerPlayer": "players.computer",
    "ReasonCode": "players.computer",
    "STRENGTHS": "players.computer",
    "DiscardOption": "analysis.discard",
    "analyse_discards": "analysis.discard",
    "Game": "core.game",
    "Phase": "core.game",
    "GameReview": "players.reviews",
    "review_deal": "players.coach",
    "review_game": "players.coach",
    "MAX_COUNT": "core.pegging",
    "MAX_SHOW": "core.show",
    "ScoreItem": "core.show",
    "ScoreKind": "core.show",
    "ShowScore": "core.show",
    "score_show": "core.show",
    "PLAYERS": "core.deal",
    "deal_shape": "core.deal",
    "Play": "core.play",
    "replay": "core.play",
    "ReplyDistribution": "analysis.risk",
    "card_distribution": "analysis.risk",
    "Variant": "core.variants",
    "VARIANTS": "core.variants",
    "variant": "core.variants",
    "SIX_CARD": "core.variants",
    "FIVE_CARD": "core.variants",
    "SEVEN_CARD": "core.variants",
}

# Written out, so that readers and linters see the public names (a test checks it against _LAZY).
__all__ = [
    "Action",
    "ActionKind",
    "Automation",
    "Card",
    "ComputerPlayer",
    "CribbageError",
    "DECK",
    "Decision",
    "DiscardOption",
    "FIVE_CARD",
    "Game",
    "GameReview",
    "GameRules",
    "MAX_COUNT",
    "MAX_SHOW",
    "PLAYERS",
    "Phase",
    "Play",
    "ReasonCode",
    "ReplyDistribution",
    "SEVEN_CARD",
    "SIX_CARD",
    "STRENGTHS",
    "ScoreItem",
    "ScoreKind",
    "ShowScore",
    "TableOptions",
    "TableSession",
    "VARIANTS",
    "Variant",
    "analyse_discards",
    "card_distribution",
    "deal_shape",
    "parse_cards",
    "replay",
    "review_deal",
    "review_game",
    "score_show",
    "variant",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """A public name of another module, imported on first use (PEP 562)."""
    owner = _LAZY.get(name)
    if owner is None:
        raise AttributeError(f"module 'cribbage' has no attribute {name!r}")
    value = getattr(import_module(f".{owner}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
