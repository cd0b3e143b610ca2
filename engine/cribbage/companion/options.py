"""The options of a game played with real cards: who sits at the table and which game they play.

>>> options = Options(players=4, names=("Ann", "Bob", "Cid", "Dot"), target=61)
>>> options.rules.sides, options.rules.lurch, options.first_dealer
(2, True, 'cut')
>>> Options.from_json(options.to_json()) == options
True
>>> Options(variant="five-card", target=121)
Traceback (most recent call last):
...
cribbage.errors.OptionError: the five-card game is played to 61, not 121
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from ..core.deal import deal_shape
from ..core.rules import GameRules, Seat
from ..core.variants import SIX_CARD, Variant, targets, variant
from ..errors import OptionError

__all__ = ["CUT", "MAX_NAME_LENGTH", "FirstDealer", "Options"]

CUT: Final = "cut"
"""Who deals first is cut for: the cards cut are entered and the lowest deals."""
FirstDealer = Seat | Literal["cut"]
MAX_NAME_LENGTH = 24
"""A name fits beside its pegs on a phone's board."""


@dataclass(frozen=True)
class Options:
    """A table's options, checked when made (a coded error names the one that cannot be).

    ``players``: 2, 3 or 4 (four play as two partnerships, seats 0 and 2 against 1 and 3);
    ``names``: one per seat, clockwise, or none (the view then names the seats);
    ``variant``: a name of :data:`cribbage.core.variants.VARIANTS`; ``target``: one the
    variant is played to (None: its own); ``muggins``: an announced count stands and a short
    one may be claimed; ``first_dealer``: a seat, or :data:`CUT`.
    """

    players: int = 2
    names: tuple[str, ...] = ()
    variant: str = SIX_CARD.name
    target: int | None = None
    muggins: bool = False
    first_dealer: FirstDealer = CUT

    def __post_init__(self) -> None:
        chosen = variant(self.variant)  # UnknownVariantError
        if type(self.players) is not int:
            raise OptionError(f"players must be a number, not {self.players!r}", option="players", value=self.players)
        deal_shape(self.players, chosen)  # PlayerCountError, VariantPlayersError
        target = chosen.target if self.target is None else self.target
        if type(target) is not int or target not in targets(chosen):
            raise OptionError(
                f"the {chosen.name} game is played to {', '.join(map(str, targets(chosen)))}, not {target}",
                option="target",
                value=target,
            )
        object.__setattr__(self, "target", target)
        if type(self.muggins) is not bool:
            raise OptionError("muggins is on or off", option="muggins", value=self.muggins)
        self._check_names()
        dealer = self.first_dealer
        if dealer != CUT and not (type(dealer) is int and 0 <= dealer < self.players):
            raise OptionError(f"no seat {dealer!r} can deal first", option="first_dealer", value=dealer)

    def _check_names(self) -> None:
        names = self.names
        if not isinstance(names, tuple) or names and len(names) != self.players:
            raise OptionError("one name for each player", option="names", value=repr(names))
        for name in names:
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
                raise OptionError(f"{name!r} cannot be a name", option="names", value=repr(name))

    @property
    def game(self) -> Variant:
        return variant(self.variant)

    @property
    def rules(self) -> GameRules:
        """The rules of :mod:`cribbage.core.rules` the table plays by: sides, the deal, the lines."""
        return GameRules(players=self.players, target=self.target, variant=self.game, muggins=self.muggins)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "names": list(self.names),
            "variant": self.variant,
            "target": self.target,
            "muggins": self.muggins,
            "first_dealer": self.first_dealer,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Options:
        """The options :meth:`to_json` wrote; any other field or form is an :class:`OptionError`."""
        if not isinstance(data, dict) or set(data) - set(cls.__dataclass_fields__):
            raise OptionError("not the options of a table", option="options", value=repr(data)[:80])
        names = data.get("names", [])
        if not isinstance(names, list):
            raise OptionError("names are a list", option="names", value=repr(names)[:80])
        return cls(**{**data, "names": tuple(names)})
