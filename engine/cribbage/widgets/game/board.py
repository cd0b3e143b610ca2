"""The cribbage board as inline SVG: a lane of holes per side (two, or three when
three play each for himself) and each side's front and back peg.

>>> hole_position(1, 0, 121)[0] < hole_position(30, 0, 121)[0]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...core.game import Game
from ...i18n import Language, t
from .seats import side_name
from .state import READER

_HOLE = 9.0  # distance between holes of a street
_GAP = 6.0  # extra space between groups of five
_LEFT = 30.0  # room for the two start holes
_LANE = 9.0  # distance between the sides' lanes of a street
_STREET_GAP = 19.0  # from a street's last lane to the next street's first
_TOP = 12.0
_COLOURS = ("#1565c0", "#c62828", "#2e7d32")
_START = 8.0  # the start hole of the front peg; the back peg's is one hole right of it


def _hole_x(index: int) -> float:
    """x of the hole ``index`` (0-29) counted from the street's start on the left."""
    return _LEFT + index * _HOLE + (index // 5) * _GAP


_WIDTH = _hole_x(29) + 12


def _street(sides: int) -> float:
    """Distance between streets: a lane per side, then a gap."""
    return (sides - 1) * _LANE + _STREET_GAP


def hole_position(points: int, seat: int, target: int, sides: int = 2) -> tuple[float, float]:
    """Where the peg of side ``seat`` standing on ``points`` goes: streets of 30 holes, back and forth.

    0 is a start hole; ``target`` is the game hole, shared, after the last street.
    A lap is a street up and one back (60 holes): 121 is two laps and the game hole,
    61 one lap and 181 three, each variant's ``board_laps``.

    >>> hole_position(1, 0, 121)[0] < hole_position(30, 0, 121)[0]
    True
    >>> hole_position(31, 0, 121)[0] == hole_position(30, 0, 121)[0]
    True
    >>> hole_position(5, 2, 121, sides=3)[1] > hole_position(5, 1, 121, sides=3)[1]
    True
    >>> hole_position(180, 0, 181)[0] == hole_position(1, 0, 181)[0], hole_position(181, 0, 181)[0] < hole_position(180, 0, 181)[0]
    (True, True)
    """
    streets = (target - 1) // 30
    street_height = _street(sides)
    if points >= target:
        street = streets - 1
        y = _TOP + street * street_height + (sides - 1) * _LANE / 2
        return (12.0 if street % 2 else _WIDTH - 6), y
    if points <= 0:
        return _START, _TOP + seat * _LANE
    street, index = divmod(points - 1, 30)
    x = _hole_x(index) if street % 2 == 0 else _hole_x(29 - index)
    return x, _TOP + street * street_height + seat * _LANE


def board_html(game: Game, lang: Language) -> str:
    """The game's board as inline SVG: every hole, and each side's front and back peg."""
    players = game.rules.players
    names = [side_name(side, players, lang) for side in range(game.rules.sides)]
    return pegs_board_html(game.pegs, game.target, names, lang)


def pegs_board_html(
    pegs: Sequence[tuple[int, int]], target: int, names: Sequence[str], lang: Language, skunk_line: int | None = None
) -> str:
    """A board for any table (the game page's, the real-cards table's): ``pegs`` are each side's
    (front, back), ``names`` each side's name; ``skunk_line`` marks the hole a loser must pass."""
    sides = len(pegs)
    streets = (target - 1) // 30
    height = _TOP + (streets - 1) * _street(sides) + (sides - 1) * _LANE + 12
    holes = []
    for seat in range(sides):
        for points in range(1, target):
            x, y = hole_position(points, seat, target, sides)
            holes.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.6"/>')
        x, y = hole_position(0, seat, target, sides)
        holes.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.6"/><circle cx="{x + _HOLE:.1f}" cy="{y:.1f}" r="1.6"/>')
    gx, gy = hole_position(target, READER, target, sides)
    holes.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="2.4"/>')
    if skunk_line is not None and 0 < skunk_line < target:
        # A stroke across every lane just before the line's hole (a loser short of it is skunked),
        # on the side its street comes from: the streets run right, then back left.
        (x0, y0), (_, y1) = (
            hole_position(skunk_line, 0, target, sides),
            hole_position(skunk_line, sides - 1, target, sides),
        )
        before = x0 - _HOLE / 2 if ((skunk_line - 1) // 30) % 2 == 0 else x0 + _HOLE / 2
        holes.append(
            f'<line class="cb-skunk-line" x1="{before:.1f}" y1="{y0 - 4:.1f}" x2="{before:.1f}" '
            f'y2="{y1 + 4:.1f}" stroke="#000" stroke-width="1.2"/>'
        )
    pegs_svg = []
    summary = []
    for seat, (front, back) in enumerate(pegs):
        colour = _COLOURS[seat]
        bx, by = hole_position(back, seat, target, sides)
        if back == 0:
            bx += _HOLE  # the back peg's own start hole
        fx, fy = hole_position(front, seat, target, sides)
        pegs_svg.append(
            f'<circle class="cb-peg-back" data-seat="{seat}" data-points="{back}" cx="{bx:.1f}" cy="{by:.1f}" r="3.4" '
            f'fill="#fff" stroke="{colour}" stroke-width="2.2"/>'
            f'<circle class="cb-peg-front" data-seat="{seat}" data-points="{front}" cx="{fx:.1f}" cy="{fy:.1f}" r="4.2" '
            f'fill="{colour}" stroke="#000" stroke-width="0.8"/>'
        )
        summary.append(t("game.pegs", lang, name=names[seat], front=front, back=back))
    label = t("game.board", lang, target=target) + ": " + "; ".join(summary)
    svg = (
        f'<svg class="cb-board" viewBox="0 0 {_WIDTH:.0f} {height:.0f}" role="img" aria-label="{escape(label)}" '
        f'xmlns="http://www.w3.org/2000/svg"><rect x="1" y="1" width="{_WIDTH - 2:.0f}" height="{height - 2:.0f}" rx="6" '
        f'class="cb-board-wood"/><g class="cb-holes">{"".join(holes)}</g>{"".join(pegs_svg)}</svg>'
    )
    legend = "".join(
        f'<li data-seat="{seat}" data-score="{front}"><span class="cb-peg-key cb-seat{seat}" aria-hidden="true">●○</span> '
        f"<strong>{escape(names[seat])}</strong>: {escape(t('game.score_line', lang, front=front, back=back))}</li>"
        for seat, (front, back) in enumerate(pegs)
    )
    target_text = t("game.target", lang, target=target)
    return (
        f'<div class="cb-board-box">{svg}<ul class="cb-scores">{legend}</ul>'
        f'<p class="cb-target">{escape(target_text)}</p></div>'
    )
