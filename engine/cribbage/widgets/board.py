"""The drawing of a cribbage board (``cribbage-board``): static, drawn at build time.

A standard board for two players, stood on its end: each player has two rows of
30 holes, goes up the outer row and down the inner one, twice around (holes 1-60,
then 61-120 in the same holes), and then into the game hole, the 121st.  The
scene is the one a beginner needs: the pone's two pegs on 5 and 9 with the back
peg about to jump to 13, the dealer's pegs still in the start holes, the skunk
line between holes 90 and 91 (where the second time around turns at the top) and
the game hole.  Numbered marks in the drawing match a list in the page's language
below it, so the words stay readable on a phone and for screen readers.

>>> html = WIDGET.render("", "en")
>>> "data-board" in html, html.count('class="cb-hole"'), "Skunk line" in html
(True, 120, True)
>>> hole_position(1, 0).y > hole_position(30, 0).y  # up the outer row first
True
>>> hole_position(5, 0) == hole_position(65, 0)  # twice around: the same holes
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..i18n import Language, points_text, t
from .html import attrs
from .source import Fields
from .widget import Static, Widget

HOLES_PER_STREET = 30
"""A row of the board, a *street*."""
HOLES_PER_LAP = 2 * HOLES_PER_STREET
LAPS = 2
GROUP = 5
"""Holes are set in groups of five, so a player counts them at a glance."""

PITCH = 10.0
GROUP_GAP = 5.0
ROW_GAP = 15.0
"""Between a player's two rows."""
PLAYER_GAP = 44.0
"""Between the two players' tracks: room for the inner rows' numbers."""
LEFT = 44.0
TOP = 40.0
HOLE_RADIUS = 2.6
PEG_RADIUS = 4.6

PONE, DEALER = 0, 1
OUTER, INNER = 0, 1
SCENE_BACK, SCENE_FRONT, SCENE_NEXT = 5, 9, 13
"""The pone has pegged 5 and then 4; the next score of 4 moves the back peg to 13."""


@dataclass(frozen=True, slots=True)
class Point:
    x: float
    y: float


def _row_x(player: int, row: int) -> float:
    """The pone's outer row is on the left, the dealer's on the right; inner rows face each other."""
    pone_outer = LEFT
    positions = {
        (PONE, OUTER): pone_outer,
        (PONE, INNER): pone_outer + ROW_GAP,
        (DEALER, INNER): pone_outer + ROW_GAP + PLAYER_GAP,
        (DEALER, OUTER): pone_outer + 2 * ROW_GAP + PLAYER_GAP,
    }
    return positions[(player, row)]


def _along(index: int) -> float:
    """Distance from the top of a row to its index'th hole (0 = the top hole)."""
    return index * PITCH + (index // GROUP) * GROUP_GAP


BOTTOM = TOP + _along(HOLES_PER_STREET - 1)
WIDTH = _row_x(DEALER, OUTER) + LEFT
HEIGHT = BOTTOM + 70


def hole_position(score: int, player: int) -> Point:
    """Where a player's front peg stands on ``score`` (1-120): up the outer row, down the inner, twice."""
    row, index = divmod((score - 1) % HOLES_PER_LAP, HOLES_PER_STREET)
    from_top = HOLES_PER_STREET - 1 - index if row == OUTER else index
    return Point(_row_x(player, row), TOP + _along(from_top))


def start_position(player: int, peg: int) -> Point:
    return Point(_row_x(player, OUTER) + (peg * ROW_GAP if player == PONE else -peg * ROW_GAP), BOTTOM + 16)


GAME_HOLE = Point((_row_x(PONE, INNER) + _row_x(DEALER, INNER)) / 2, BOTTOM + 34)


def _circle(point: Point, radius: float, css: str) -> str:
    return f"<circle{attrs(cx=f'{point.x:g}', cy=f'{point.y:g}', r=f'{radius:g}', class_=css)}/>"


def _mark(number: int, point: Point, dx: float, dy: float) -> str:
    """A numbered callout beside ``point``: the number matches the list under the drawing."""
    at = Point(point.x + dx, point.y + dy)
    return (
        f"<line{attrs(x1=f'{point.x:g}', y1=f'{point.y:g}', x2=f'{at.x:g}', y2=f'{at.y:g}', class_='cb-board-lead')}/>"
        + _circle(at, 7.5, "cb-board-mark")
        + f"<text{attrs(x=f'{at.x:g}', y=f'{at.y + 3.5:g}', class_='cb-board-mark-text')}>{number}</text>"
    )


def _holes() -> str:
    holes = [
        _circle(hole_position(score, player), HOLE_RADIUS, "cb-hole")
        for player in (PONE, DEALER)
        for score in range(1, HOLES_PER_LAP + 1)
    ]
    return "".join(holes)


def _street_numbers() -> str:
    """Each end of each row, with the hole it is on both times around (1 and 61, 30 and 90 ...).

    The outer rows are numbered outside; the two inner rows share their numbers between them.
    """
    labels = []
    for score in (1, 30, 31, 60):
        y = hole_position(score, PONE).y + 2.5
        if score <= HOLES_PER_STREET:
            places = [(hole_position(score, PONE).x - 6, "end"), (hole_position(score, DEALER).x + 6, "start")]
        else:
            places = [(GAME_HOLE.x, "middle")]
        for x, anchor in places:
            labels.append(
                f"<text{attrs(x=f'{x:g}', y=f'{y:g}', class_='cb-board-number', text_anchor=anchor)}>"
                f"{score}·{score + HOLES_PER_LAP}</text>"
            )
    return "".join(labels)


def _pegs() -> str:
    back, front, following = (hole_position(score, PONE) for score in (SCENE_BACK, SCENE_FRONT, SCENE_NEXT))
    jump = f"M{back.x + PEG_RADIUS:g},{back.y:g} C{back.x + 12:g},{back.y:g} {following.x + 12:g},{following.y:g} {following.x + PEG_RADIUS + 1:g},{following.y:g}"
    return (
        _circle(back, PEG_RADIUS, "cb-peg cb-peg-pone cb-peg-back")
        + _circle(front, PEG_RADIUS, "cb-peg cb-peg-pone")
        + _circle(following, PEG_RADIUS, "cb-peg-ghost")
        + f"<path{attrs(d=jump, class_='cb-board-jump')}/>"
        + "".join(_circle(start_position(DEALER, peg), PEG_RADIUS, "cb-peg cb-peg-dealer") for peg in (0, 1))
        + "".join(_circle(start_position(PONE, peg), HOLE_RADIUS, "cb-start-hole") for peg in (0, 1))
    )


def _skunk_line() -> str:
    """Across the top, where the second time around turns from hole 90 to hole 91."""
    top = TOP - 8
    left = _row_x(PONE, OUTER) - 6
    right = _row_x(DEALER, OUTER) + 6
    return f"<line{attrs(x1=f'{left:g}', y1=f'{top:g}', x2=f'{right:g}', y2=f'{top:g}', class_='cb-board-skunk')}/>"


def board_svg(lang: Language) -> str:
    """The board as inline SVG: holes, pegs and numbered marks; its words come from the catalogue."""
    marks = [
        _mark(1, start_position(DEALER, 0), 16, 14),
        _mark(2, hole_position(SCENE_BACK, PONE), -26, 0),
        _mark(3, hole_position(SCENE_FRONT, PONE), -26, 0),
        _mark(4, hole_position(SCENE_NEXT, PONE), -26, 0),
        _mark(5, Point((_row_x(PONE, INNER) + _row_x(DEALER, INNER)) / 2, TOP - 8), 0, -18),
        _mark(6, GAME_HOLE, -24, 8),
    ]
    title = escape(t("board.title", lang))
    return (
        f"<svg{attrs(viewBox=f'0 0 {WIDTH:g} {HEIGHT:g}', class_='cb-board-drawing', role='img', aria_label=title, data_board='121')}>"
        f"<title>{title}</title>"
        f"<rect{attrs(x='2', y='2', width=f'{WIDTH - 4:g}', height=f'{HEIGHT - 4:g}', rx='10', class_='cb-board-wood')}/>"
        + _holes()
        + _street_numbers()
        + _skunk_line()
        + _circle(GAME_HOLE, HOLE_RADIUS + 1.5, "cb-hole cb-game-hole")
        + _pegs()
        + "".join(marks)
        + "</svg>"
    )


def board_legend(lang: Language) -> str:
    items = "".join(
        f"<li>{escape(t(key, lang, back=SCENE_BACK, front=SCENE_FRONT, next=SCENE_NEXT, points=points_text(SCENE_NEXT - SCENE_FRONT, lang)))}</li>"
        for key in (
            "board.start",
            "board.back_peg",
            "board.front_peg",
            "board.jump",
            "board.skunk_line",
            "board.game_hole",
        )
    )
    return f'<ol class="cb-board-legend">{items}</ol>'


def board_block(fields: Fields, lang: Language, uid: str, text: str) -> Static:
    return Static(
        f'<figure class="cb-static cb-board">{board_svg(lang)}'
        f"<figcaption><p>{escape(t('board.caption', lang))}</p>{board_legend(lang)}</figcaption></figure>"
    )


WIDGET = Widget(kind="board", keys=(), required=(), block=board_block)
