"""Specific exceptions with machine-readable codes.

Every error the engine raises for bad input is a :class:`CribbageError`
(a ``ValueError``) carrying a stable ``code`` and its ``params``, so that the
site and the CLI can say it in the reader's language through
:mod:`cribbage.i18n` instead of showing Python's English text.

>>> from cribbage.cards import parse_cards
>>> try:
...     parse_cards("5H 5H")
... except DuplicateCardError as error:
...     (error.code, error.params)
('duplicate_card', {'card': '5H'})
"""

from __future__ import annotations

from typing import Any


class CribbageError(ValueError):
    """Base class: bad input or an illegal action, with a code and parameters."""

    code = "error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.params: dict[str, Any] = params

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "message": str(self)}


class UnknownRankError(CribbageError):
    code = "unknown_rank"


class UnknownSuitError(CribbageError):
    code = "unknown_suit"


class DuplicateCardError(CribbageError):
    code = "duplicate_card"


class CardCountError(CribbageError):
    """Wrong number of cards (params: ``expected``, ``got``)."""

    code = "wrong_card_count"


class StarterInHandError(CribbageError):
    code = "starter_in_hand"


class IllegalPlayError(CribbageError):
    """A play the rules forbid; ``params['reason']`` names which rule."""

    code = "illegal_play"


class IllegalActionError(CribbageError):
    """A game action out of turn or out of phase."""

    code = "illegal_action"
