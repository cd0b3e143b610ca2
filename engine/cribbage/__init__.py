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

Modules are named after game concepts: :mod:`cards`, :mod:`show` (hand and crib
scoring), :mod:`pegging` (the play's rules on ranks) and :mod:`play` (the play with
its cards), :mod:`risk` (what the next player can reply), :mod:`rules` and :mod:`game`
(a whole game), :mod:`computer` (computer players), :mod:`coach` (the review of a
seat's decisions), :mod:`session` (a table: the reader, the computer, the coach),
:mod:`deal`, :mod:`discard` (the discard advisor), :mod:`stats` (exact histograms),
:mod:`i18n` (the message catalogue), and the package :mod:`widgets` (the live
examples: the HTML both the build and the browser show, one module per kind).

The names beyond the cards are imported on first use, so that ``python -m cribbage
score`` starts without loading the game, the computer and the coach.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .cards import DECK, Card, parse_cards
from .errors import CribbageError

if TYPE_CHECKING:  # what a type checker sees; at run time __getattr__ imports them
    from .coach import GameReview, review_deal, review_game
    from .computer import STRENGTHS, ComputerPlayer, ReasonCode
    from .deal import PLAYERS, deal_shape
    from .discard import DiscardOption, analyse_discards
    from .game import Game, Phase
    from .pegging import MAX_COUNT
    from .play import Play, replay
    from .risk import ReplyDistribution, card_distribution
    from .rules import Action, ActionKind, Decision, GameRules
    from .session import Automation, TableOptions, TableSession
    from .show import MAX_SHOW, ScoreItem, ScoreKind, ShowScore, score_show
    from .variants import FIVE_CARD, SEVEN_CARD, SIX_CARD, VARIANTS, Variant, variant

# Each public name and the module that owns it.
_LAZY = {
    "Action": "rules", "ActionKind": "rules", "Decision": "rules", "GameRules": "rules",
    "Automation": "session", "TableOptions": "session", "TableSession": "session",
    "ComputerPlayer": "computer", "ReasonCode": "computer", "STRENGTHS": "computer",
    "DiscardOption": "discard", "analyse_discards": "discard",
    "Game": "game", "Phase": "game",
    "GameReview": "coach", "review_deal": "coach", "review_game": "coach",
    "MAX_COUNT": "pegging",
    "MAX_SHOW": "show", "ScoreItem": "show", "ScoreKind": "show", "ShowScore": "show", "score_show": "show",
    "PLAYERS": "deal", "deal_shape": "deal",
    "Play": "play", "replay": "play",
    "ReplyDistribution": "risk", "card_distribution": "risk",
    "Variant": "variants", "VARIANTS": "variants", "variant": "variants",
    "SIX_CARD": "variants", "FIVE_CARD": "variants", "SEVEN_CARD": "variants",
}

# Written out, so that readers and linters see the public names (a test checks it against _LAZY).
__all__ = ["Action", "ActionKind", "Automation", "Card", "ComputerPlayer", "CribbageError", "DECK",
    "Decision", "DiscardOption", "FIVE_CARD", "Game", "GameReview", "GameRules", "MAX_COUNT", "MAX_SHOW",
    "PLAYERS", "Phase", "Play", "ReasonCode", "ReplyDistribution", "SEVEN_CARD", "SIX_CARD", "STRENGTHS",
    "ScoreItem", "ScoreKind", "ShowScore", "TableOptions", "TableSession", "VARIANTS", "Variant",
    "analyse_discards", "card_distribution", "deal_shape", "parse_cards", "replay", "review_deal",
    "review_game", "score_show", "variant"]
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
