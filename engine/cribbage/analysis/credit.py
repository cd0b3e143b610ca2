"""Fair credit for a choice weighed by expected points: when two choices are equal to the
reader, and how many stars a discard earns for the points it gives up.

Every table prints an expected value to :data:`SHOWN_PLACES` decimals. Two choices whose
figures print the same are tied, so a verdict never calls wrong what the table beside it
shows as equal; and what a choice gives up is the difference of the two figures shown.

>>> tied(4.1249, 4.1210), tied(4.12, 4.13), given_up(4.126, 3.781)
(True, False, Decimal('0.35'))
>>> [discard_credit(Decimal(text)) for text in ("0", "0.34", "0.5", "0.51", "1", "1.2")]
[3, 2, 2, 1, 1, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

SHOWN_PLACES = 2
"""The decimals every table and sentence prints an expected number of points with."""


def shown(value: float) -> Decimal:
    """``value`` as the tables print it (its zeros kept).

    >>> shown(18.1), shown(4.904), shown(-0.001)
    (Decimal('18.10'), Decimal('4.90'), Decimal('-0.00'))
    """
    return Decimal(f"{value:.{SHOWN_PLACES}f}")


def tied(value: float, best: float) -> bool:
    """Whether ``value`` is as good as ``best`` to the reader: its figure is the same (or higher)."""
    return shown(value) >= shown(best)


def given_up(best: float, chosen: float) -> Decimal:
    """How many points ``chosen`` gives up against ``best``: the difference of the figures shown (never below 0)."""
    return max(Decimal(0), shown(best) - shown(chosen))


@dataclass(frozen=True, slots=True)
class StarBand:
    """A discard giving up at most ``within`` expected points earns ``stars``."""

    stars: int
    within: Decimal


STAR_BANDS: tuple[StarBand, ...] = (StarBand(3, Decimal(0)), StarBand(2, Decimal("0.5")), StarBand(1, Decimal(1)))
"""The stars of a discard by the points it gives up, best band first. Tied with the best
earns all three; half a point is about what a careful player gives up now and then to
keep a hand simple, a whole point is a clear slip but not a blunder; beyond it none."""


def discard_credit(lost: Decimal) -> int:
    """The most stars a discard earns when it gives up ``lost`` expected points (:data:`STAR_BANDS`)."""
    return next((band.stars for band in STAR_BANDS if lost <= band.within), 0)


__all__ = ["SHOWN_PLACES", "STAR_BANDS", "StarBand", "discard_credit", "given_up", "shown", "tied"]
