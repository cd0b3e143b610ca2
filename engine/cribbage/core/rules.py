"""The rules a game is played by: its named options, who partners whom, what a decision may be.

>>> from cribbage.core.variants import FIVE_CARD
>>> GameRules(variant=FIVE_CARD).target, GameRules().skunk_line, GameRules(target=61).double_skunk_line
(61, 91, None)
>>> GameRules().outcomes((121, 85), winner=0)
('win', 'skunk')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from ..errors import IllegalActionError
from .cards import Card, parse_cards
from .deal import deal_shape
from .variants import SIX_CARD, Variant, variant_json, variant_of

Seat = int
"""0 = left of the dealer, ..., the dealer is the last seat."""
Side = int
"""A seat, or with 4 players the partnership: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""


@dataclass(frozen=True)
class GameRules:
    """The named options of a game; the defaults are the ACC rules.

    ``variant``: the game (:mod:`cribbage.core.variants`): the deal, the hands, the
    default target and lines, how the play ends, any three for last.
    ``target``: the variant's (121, 61 in the five-card game, 181 in the seven-card).
    ``muggins``: the muggins rule of the show.  Owners announce the count of
    each hand and crib and peg what they announce; a short count lets the next
    seat (always an opponent) claim the missed points, and a count above the
    real one is refused (reason ``overcount``) so the owner counts again.  The
    play is always counted by the engine.  (The game page's own ``muggins``
    option, :class:`cribbage.session.TableOptions`, only decides
    whether the reader's count stands under this rule or is corrected.)
    ``skunk_line`` / ``double_skunk_line``: a loser below it is skunked /
    double skunked (91 / 61 in the game to 121, i.e. target - 30 / target - 60;
    the ACC lines belong to the game to 121, so a shorter game has none).
    ``lurch``: a loser who has not reached half the target (31 of 61) is
    *lurched*, the old rule of the game to 61, where it is on by default; asked
    for at 121 it replaces the skunk that line would otherwise be.  At the
    variant's own target its lines and lurch are the variant's; at another
    target they follow from the target as above.

    >>> from cribbage.core.variants import FIVE_CARD
    >>> GameRules(variant=FIVE_CARD).target, GameRules().skunk_line, GameRules(target=61).skunk_line
    (61, 91, None)
    >>> GameRules(target=61).lurch, GameRules(target=61).lurch_line, GameRules().lurch
    (True, 31, False)
    """

    players: int = 2
    target: int | None = None
    variant: Variant = SIX_CARD
    muggins: bool = False
    lurch: bool | None = None
    """None: on for a game shorter than 121 (the game to 61), off at 121."""
    skunk_line: int | None = None
    double_skunk_line: int | None = None

    def __post_init__(self) -> None:
        deal_shape(self.players, self.variant)  # refuses a wrong number of players
        variant = self.variant
        target = self.target if self.target is not None else variant.target
        if target < 1:
            raise IllegalActionError("the target must be positive", reason="target", target=target)
        object.__setattr__(self, "target", target)
        own = target == variant.target
        if self.lurch is None:
            object.__setattr__(self, "lurch", variant.lurch if own else target < 121)
        if self.skunk_line is None:
            object.__setattr__(
                self, "skunk_line", variant.skunk_line if own else (target - 30 if target >= 121 else None)
            )
        if self.double_skunk_line is None:
            line = variant.double_skunk_line if own else (target - 60 if target >= 121 else None)
            object.__setattr__(self, "double_skunk_line", line)

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: Seat) -> Side:
        return seat % 2 if self.players == 4 else seat

    @property
    def deal_size(self) -> int:
        return deal_shape(self.players, self.variant).dealt

    @property
    def discard_size(self) -> int:
        return deal_shape(self.players, self.variant).discards

    @property
    def hand_size(self) -> int:
        return deal_shape(self.players, self.variant).kept

    @property
    def lurch_line(self) -> int:
        """Half the target, rounded up: a loser below it has not reached half way (31 of 61)."""
        return (self.game_hole + 1) // 2

    @property
    def game_hole(self) -> int:
        """The target (set for every game: the variant's unless asked for)."""
        return self.target if self.target is not None else 121

    def outcomes(self, scores: Sequence[int], winner: Side) -> tuple[str, ...]:
        """Per side: ``win``, or the loser's ``loss``, ``skunk``, ``double_skunk`` or ``lurch``."""
        outcomes = []
        for side, score in enumerate(scores):
            if side == winner:
                outcomes.append("win")
            elif self.lurch and score < self.lurch_line:
                outcomes.append("lurch")
            elif self.double_skunk_line is not None and score < self.double_skunk_line:
                outcomes.append("double_skunk")
            elif self.skunk_line is not None and score < self.skunk_line:
                outcomes.append("skunk")
            else:
                outcomes.append("loss")
        return tuple(outcomes)

    def discard_error(self, held: Sequence[Card], cards: Sequence[Card]) -> IllegalActionError | None:
        """Why putting ``cards`` from ``held`` in the crib breaks the rules, or None."""
        if len(cards) != self.discard_size or len(set(cards)) != len(cards):
            return IllegalActionError(
                f"discard {self.discard_size} cards", reason="discard_count", expected=self.discard_size, got=len(cards)
            )
        for card in cards:
            if card not in held:
                return IllegalActionError(f"{card} is not in the hand", reason="not_in_hand", card=str(card))
        return None

    def announce_error(self, announced: int | None, actual: int) -> IllegalActionError | None:
        """Why an owner may not peg ``announced`` for a hand or crib worth ``actual``, or None.

        With muggins a short count stands (the next seat may claim the rest), an overcount does not.
        """
        if not isinstance(announced, int) or announced < 0:
            return IllegalActionError("announce a count", reason="announce_count")
        if announced > actual:
            return IllegalActionError(
                f"{announced} is more than the hand holds", reason="overcount", announced=announced
            )
        return None

    def to_json(self) -> dict[str, Any]:
        """The saved rules; the variant as :func:`~cribbage.core.variants.variant_json` writes it."""
        return {
            "players": self.players,
            "target": self.target,
            **variant_json(self.variant),
            "muggins": self.muggins,
            "lurch": self.lurch,
            "skunk_line": self.skunk_line,
            "double_skunk_line": self.double_skunk_line,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRules:
        """The rules :meth:`to_json` wrote, or an older save (its variant a flag, or none)."""
        fields = {key: value for key, value in data.items() if key in cls.__dataclass_fields__ and key != "variant"}
        return cls(**fields, variant=variant_of(data))


# -- player actions ---------------------------------------------------------------


class ActionKind(StrEnum):
    """The kind of an :class:`Action`: what a seat decides.

    A ``StrEnum``: ``ActionKind.PLAY == "play"``, so saved games keep their text.
    """

    DISCARD = "discard"
    """Cards to the crib."""
    PLAY = "play"
    """One card to the play."""
    ANNOUNCE = "announce"
    """The owner's count of a hand or crib (with muggins)."""
    CLAIM = "claim"
    """Muggins: take the points an owner's short count missed."""
    DECLINE = "decline"
    """Muggins: let the short count stand."""

    @property
    def decision(self) -> Decision:
        """The :class:`Decision` this kind answers (a claim or a decline answers ``muggins``)."""
        return Decision.MUGGINS if self in (ActionKind.CLAIM, ActionKind.DECLINE) else Decision(self.value)


class Decision(StrEnum):
    """What the seat to act must decide (:attr:`cribbage.core.game.Game.expected`).

    >>> [kind.decision for kind in ActionKind if kind.decision != kind]
    [<Decision.MUGGINS: 'muggins'>, <Decision.MUGGINS: 'muggins'>]
    """

    DISCARD = "discard"
    PLAY = "play"
    ANNOUNCE = "announce"
    MUGGINS = "muggins"
    """Claim or decline the points a short count missed."""


def decision_of(kind: str) -> Decision | None:
    """The decision an action of ``kind`` answers; None for a kind no action has.

    >>> decision_of("claim"), decision_of("play"), decision_of("muggins")
    (<Decision.MUGGINS: 'muggins'>, <Decision.PLAY: 'play'>, None)
    """
    return ActionKind(kind).decision if kind in ACTION_KINDS else None


class Action(NamedTuple):
    """A decision of a seat: ``discard`` (cards), ``play`` (one card),
    ``announce`` (points, with muggins), ``claim`` or ``decline`` (muggins).

    >>> Action.from_json({"kind": "fold", "seat": 0})
    Traceback (most recent call last):
    ...
    cribbage.errors.IllegalActionError: no action is called fold
    """

    kind: ActionKind
    seat: Seat
    cards: tuple[Card, ...] = ()
    points: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "seat": self.seat, "cards": [str(c) for c in self.cards], "points": self.points}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """The action :meth:`to_json` wrote; an unknown kind is an :class:`IllegalActionError`."""
        kind = data["kind"]
        if kind not in ACTION_KINDS:
            raise IllegalActionError(f"no action is called {kind}", reason="unknown_action", kind=str(kind))
        return cls(ActionKind(kind), data["seat"], parse_cards(data.get("cards", ())), data.get("points"))


ACTION_KINDS: tuple[ActionKind, ...] = tuple(ActionKind)
"""Every kind of action (a tuple: ``x in ACTION_KINDS`` is safe for any ``x``, even unhashable)."""
