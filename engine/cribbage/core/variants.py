"""The variants of the game as data: one :class:`Variant` record per game.

A variant holds what differs between the games (in the spirit of pokerkit's game
definitions): the deal per number of players, the hand the show counts, the
target with its skunk and lurch lines, how the play ends, the dealer's bonus at
the start, and the board's laps.  No rules module asks which variant it plays;
each reads the field it needs.

The rules chosen:

* ``six-card`` (:data:`SIX_CARD`, the default): the standard game of the ACC
  rules, 2 to 4 players, hands of 4, game to 121, skunk below 91, double skunk
  below 61, the play played out to the last card.
* ``five-card`` (:data:`FIVE_CARD`): the older game for 2 players: 5 dealt,
  2 to the crib, hands of 3, game to 61, lurched below 31, the play ends at the
  first go or 31, and the non-dealer pegs 3 at the start ("three for last").
* ``seven-card`` (:data:`SEVEN_CARD`): 7 dealt to each of 2 players, 2 each to
  the crib (4 cards, as ever), hands of 5 counted with the starter, game to 181;
  a loser below half (91) is lurched, and no skunk lines are given (the ACC lines
  belong to the game to 121).  The play is played out as in the six-card game
  (at the two-handed five-card game alone "the play is at an end" when neither
  can come in).  A flush in hand counts its cards: 5, or 6 with the starter; the
  crib scores a flush only with the starter, as in every game.
  Sources: Lawrence Dawson, *Hoyle's Games Modernized* ("five-card", "six-card"
  and "seven-card" cribbage, to 61, 121 and 181; "lurched" below half), and the
  *Encyclopaedia Britannica*, 9th edition, article "Cribbage" (only the
  five-card game ends the play when neither can come in).

>>> variant("seven-card").dealt[2], SEVEN_CARD.kept, SEVEN_CARD.target
(DealShape(dealt=7, discards=2, crib_from_deck=0), 5, 181)
>>> SIX_CARD.players, FIVE_CARD.players
((2, 3, 4), (2,))
>>> variant("nine-card")
Traceback (most recent call last):
...
cribbage.errors.UnknownVariantError: no variant is called nine-card
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import FiveCardPlayersError, UnknownVariantError, VariantPlayersError

CRIB_SIZE = 4
"""Cards in the crib, whatever the number of players and the variant."""


@dataclass(frozen=True)
class DealShape:
    """Cards per player: ``dealt``, then ``discards`` of them laid away to the
    crib; ``crib_from_deck`` cards go to the crib straight from the deck."""

    dealt: int
    discards: int
    crib_from_deck: int

    @property
    def kept(self) -> int:
        """Cards each player keeps for the play and the show."""
        return self.dealt - self.discards

    @property
    def unseen_crib_cards(self) -> int:
        """Crib cards a player does not see: the others' discards and any card from the deck."""
        return CRIB_SIZE - self.discards


@dataclass(frozen=True)
class Variant:
    """One game's definition; see the module docstring for the three the engine knows.

    ``dealt``: the deal per number of players (the table sizes the variant allows);
    ``kept``: the hand each player keeps, the one the show counts (every deal
    leaves it); ``target``: the game hole; ``skunk_line`` / ``double_skunk_line``:
    a loser below it is skunked / double skunked (None: no such line);
    ``lurch``: a loser below half the target is lurched; ``play_ends_at_first_go``:
    the play ends at the first go point or 31 instead of being played out;
    ``three_for_last``: the non-dealer pegs 3 at the start of the game;
    ``board_laps``: laps of the board's track to the target;
    ``max_show``: the highest count of a show, a hand's or the crib's (the count box
    takes no more; ``tests/engine/test_variants.py`` finds it from every hand);
    ``players_error``: the error refusing another number of players.
    """

    name: str
    dealt: Mapping[int, DealShape]
    kept: int
    target: int
    skunk_line: int | None
    double_skunk_line: int | None
    lurch: bool
    play_ends_at_first_go: bool = False
    three_for_last: bool = False
    board_laps: int = 2
    max_show: int = 29
    players_error: type[VariantPlayersError] = VariantPlayersError

    def __post_init__(self) -> None:
        if any(shape.kept != self.kept for shape in self.dealt.values()):
            raise ValueError(f"every deal of {self.name} must leave hands of {self.kept}")

    def __hash__(self) -> int:
        return hash(self.name)

    @property
    def players(self) -> tuple[int, ...]:
        """The numbers of players the variant is played by."""
        return tuple(sorted(self.dealt))

    def shape(self, players: int) -> DealShape:
        """The deal for ``players``; another table size is refused (``players_error``)."""
        shape = self.dealt.get(players)
        if shape is None:
            allowed = ", ".join(map(str, self.players))
            raise self.players_error(
                f"the {self.name} game is for {allowed} players, not {players}",
                variant=self.name,
                players=players,
                allowed=allowed,
            )
        return shape


SIX_CARD = Variant(
    name="six-card",
    dealt={
        2: DealShape(dealt=6, discards=2, crib_from_deck=0),
        3: DealShape(dealt=5, discards=1, crib_from_deck=1),
        4: DealShape(dealt=5, discards=1, crib_from_deck=0),
    },
    kept=4,
    target=121,
    skunk_line=91,
    double_skunk_line=61,
    lurch=False,
)
FIVE_CARD = Variant(
    name="five-card",
    dealt={2: DealShape(dealt=5, discards=2, crib_from_deck=0)},
    kept=3,
    target=61,
    skunk_line=None,
    double_skunk_line=None,
    lurch=True,
    play_ends_at_first_go=True,
    three_for_last=True,
    board_laps=1,
    players_error=FiveCardPlayersError,
)
SEVEN_CARD = Variant(
    name="seven-card",
    dealt={2: DealShape(dealt=7, discards=2, crib_from_deck=0)},
    kept=5,
    target=181,
    skunk_line=None,
    double_skunk_line=None,
    lurch=True,
    board_laps=3,
    max_show=46,  # 4 4 5 5 6 6: eight fifteens, three pairs, eight runs of three
)

VARIANTS: dict[str, Variant] = {v.name: v for v in (SIX_CARD, FIVE_CARD, SEVEN_CARD)}
"""Every variant by name, the standard game first."""

SHORT_GAME_TARGET = 61
"""The standard game played short, to 61 (its lines and lurch then follow from the target:
:class:`cribbage.core.rules.GameRules`)."""


def targets(chosen: Variant) -> tuple[int, ...]:
    """The targets a table offers for ``chosen``: the standard game's own and the short game's,
    else the variant's own.

    >>> targets(SIX_CARD), targets(FIVE_CARD), targets(SEVEN_CARD)
    ((121, 61), (61,), (181,))
    """
    return (chosen.target, SHORT_GAME_TARGET) if chosen is SIX_CARD else (chosen.target,)


def variant(name: str) -> Variant:
    """The variant called ``name``; an unknown name is an :class:`UnknownVariantError`."""
    found = VARIANTS.get(name) if isinstance(name, str) else None
    if found is None:
        raise UnknownVariantError(f"no variant is called {name}", name=str(name))
    return found


# -- saved games and requests: the five-card game was a flag --------------------------


def variant_json(chosen: Variant) -> dict[str, Any]:
    """The fields a saved game holds for ``chosen``: ``five_card`` as before, and
    ``variant`` only for a game that flag cannot name (so older saves stay as they were)."""
    fields: dict[str, Any] = {"five_card": chosen is FIVE_CARD}
    if chosen not in (SIX_CARD, FIVE_CARD):
        fields["variant"] = chosen.name
    return fields


def variant_of(data: Mapping[str, Any]) -> Variant:
    """The variant of saved or requested fields: ``variant`` (a name), else the
    older ``five_card`` flag, else the standard game."""
    if data.get("variant") is not None:
        return variant(data["variant"])
    return FIVE_CARD if data.get("five_card") else SIX_CARD


def variant_flag(five_card: bool, name: str | None = None) -> Variant:
    """The variant a command line or a block names: ``name``, else the ``five-card`` alias."""
    return variant(name) if name is not None else (FIVE_CARD if five_card else SIX_CARD)


__all__ = [
    "CRIB_SIZE",
    "FIVE_CARD",
    "SEVEN_CARD",
    "SIX_CARD",
    "SHORT_GAME_TARGET",
    "VARIANTS",
    "DealShape",
    "Variant",
    "variant",
    "variant_flag",
    "variant_json",
    "variant_of",
    "targets",
]
