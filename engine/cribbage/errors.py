"""Specific exceptions with machine-readable codes.

Every error the engine raises for bad input is a :class:`CribbageError`
(a ``ValueError``) carrying a stable ``code`` and its ``params``, so that the
site and the CLI can say it in the reader's language through
:mod:`cribbage.i18n` instead of showing Python's English text.

>>> from cribbage.core.cards import parse_cards
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


class HandSizeError(CardCountError):
    """A hand of a whole play that does not hold the game's hand (params: ``seat``, from 1,
    ``expected``, ``got``)."""

    code = "hand_size"


class StarterInHandError(CribbageError):
    code = "starter_in_hand"


class IllegalPlayError(CribbageError):
    """A play the rules forbid; ``params['reason']`` names which rule."""

    code = "illegal_play"


class IllegalActionError(CribbageError):
    """A game action out of turn or out of phase."""

    code = "illegal_action"


class OptionError(CribbageError):
    """A table option the game does not offer (params: ``option``, ``value``)."""

    code = "bad_option"


# -- the deal ------------------------------------------------------------------------


class PlayerCountError(CribbageError):
    """A game or a play for other than 2, 3 or 4 players (params: ``players``)."""

    code = "player_count"


class VariantPlayersError(CribbageError):
    """A variant played by a number of players it is not for (params: ``variant``,
    ``players``, ``allowed``)."""

    code = "variant_players"


class FiveCardPlayersError(VariantPlayersError):
    """The five-card game with other than 2 players (params: ``players``)."""

    code = "five_card_players"


class UnknownVariantError(CribbageError):
    """No variant of the game has this name (params: ``name``)."""

    code = "unknown_variant"


# -- JSON requests (see cribbage.io.jsonin) ------------------------------------------------


class RequestError(CribbageError):
    """A JSON request that cannot be read as one: its text or its shape."""


class JsonSyntaxError(RequestError):
    """Not JSON at all (params: ``line``, ``column``)."""

    code = "json_syntax"


class JsonEncodingError(RequestError):
    """Bytes that are not UTF-8 text."""

    code = "json_encoding"


class JsonDepthError(RequestError):
    """Arrays or objects nested deeper than Python's JSON reader can follow."""

    code = "json_too_deep"


class JsonNumberError(RequestError):
    """An integer longer than any request needs (params: ``limit``, in digits)."""

    code = "json_number_too_long"


class NotAnObjectError(RequestError):
    """A request that is not a JSON object (params: ``example``, a valid one)."""

    code = "not_an_object"


class MissingFieldError(RequestError):
    """A required field is absent (params: ``field``)."""

    code = "missing_field"


class UnknownFieldError(RequestError):
    """A field the request does not have, often a misspelt one (params: ``field``, ``known``)."""

    code = "unknown_field"


class FieldTypeError(RequestError):
    """A field of the wrong JSON type (params: ``field``, and ``reason`` naming the type it needs)."""

    code = "wrong_type"


# -- the course (see cribbage.course.tasks, cribbage.course.exercises and cribbage.course.lessons) ----------------


class TaskError(CribbageError):
    """An exercise that cannot be one, read from a page's state (params: ``field``, the
    part that is wrong, and ``problem``, a short code such as ``type``, ``card`` or ``over_31``)."""

    code = "bad_task"


class AnswerError(CribbageError):
    """An answer that is not of the form its exercise asks for (not merely a wrong answer)."""

    code = "bad_answer"


class AnswerTypeError(AnswerError):
    """A number where cards are asked, or the reverse (params: ``kind``, the exercise's kind,
    and ``expected``: ``number``, ``cards``, ``card_or_go`` or ``choice``)."""

    code = "answer_wrong_type"


class AnswerNotInTaskError(AnswerError):
    """A card that is not among the exercise's cards, or not held (params: ``card``)."""

    code = "answer_not_in_task"


class AnswerRangeError(AnswerError):
    """A number no answer of this kind can be (params: ``low``, ``high``, ``got``)."""

    code = "answer_out_of_range"


class AnswerSizeError(AnswerError):
    """Too few cards to be a combination (params: ``least``, ``got``)."""

    code = "answer_too_few_cards"


class UnknownStageError(CribbageError):
    """A stage id the course does not have (params: ``stage``)."""

    code = "unknown_stage"


class ProgressError(CribbageError):
    """A count of tries or hints that cannot be (params: ``tries``, ``hints``)."""

    code = "bad_progress"


# -- a game at a real table (see cribbage.companion) ----------------------------------


class CardSeenError(CribbageError):
    """A card entered that this deal has already shown elsewhere (params: ``card``, and
    ``place``: ``starter``, ``played`` by another seat, or ``counted`` in another hand)."""

    code = "card_seen"


class PlayedCardMissingError(CribbageError):
    """A hand entered for the count without a card its owner played from it (params: ``card``)."""

    code = "played_card_missing"


class PointsRangeError(CribbageError):
    """A number of points no tap of this kind can peg (params: ``low``, ``high``, ``got``)."""

    code = "points_range"


class TableStateError(CribbageError):
    """A saved table that cannot be read, or whose actions the rules refuse (params: ``problem``)."""

    code = "table_state"


class TableStateVersionError(TableStateError):
    """A saved table written by another version of the engine (params: ``version``, ``expected``)."""

    code = "table_state_version"
