"""The drawing of the board (``cribbage-board``): a real 121-hole board, labelled in every language.

The drawing is read back as SVG and checked against what a board is: two
tracks of 120 holes in streets of 30, groups of five, the streets running up and
down in turn, the pegs where the scene says, the skunk line between 90 and 91.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections import Counter

import pytest
from cribbage.i18n import LANGUAGES, t
from cribbage.widgets import render_block

SVG = "{http://www.w3.org/2000/svg}"
LEGEND_KEYS = ("board.start", "board.back_peg", "board.front_peg", "board.jump", "board.skunk_line", "board.game_hole")


def drawing(lang: str) -> ElementTree.Element:
    html = render_block("board", "", lang)
    svg = re.search(r"<svg.*</svg>", html, re.S)
    assert svg is not None
    return ElementTree.fromstring(svg.group(0).replace("<svg", f'<svg xmlns="{SVG[1:-1]}"', 1))


def circles(root: ElementTree.Element, css: str) -> list[tuple[float, float]]:
    return [
        (float(c.get("cx", "nan")), float(c.get("cy", "nan")))
        for c in root.iter(f"{SVG}circle")
        if css in (c.get("class") or "").split()
    ]


def test_each_player_has_two_rows_of_30_holes_gone_round_twice() -> None:
    from cribbage.widgets.board import hole_position

    root = drawing("en")
    holes = [hole for hole in circles(root, "cb-hole") if hole not in circles(root, "cb-game-hole")]
    columns = Counter(x for x, _ in holes)
    assert len(holes) == 120
    assert sorted(columns.values()) == [30] * 4  # two players, two rows each
    for player in (0, 1):
        laps = [(hole_position(score, player).x, hole_position(score, player).y) for score in range(1, 121)]
        assert laps[:60] == laps[60:] and len(set(laps[:60])) == 60
        assert set(laps) <= set(holes)


def test_holes_are_set_in_groups_of_five() -> None:
    holes = circles(drawing("en"), "cb-hole")
    first_column = sorted(y for x, y in holes if x == min(x for x, _ in holes))
    gaps = [round(b - a, 3) for a, b in zip(first_column, first_column[1:])]
    small, large = min(gaps), max(gaps)
    assert large > small
    assert [i + 1 for i, gap in enumerate(gaps) if gap == large] == [5, 10, 15, 20, 25]


def test_the_pone_pegs_stand_on_5_and_9_and_the_next_four_points_lead_to_13() -> None:
    from cribbage.widgets.board import hole_position

    root = drawing("en")
    pone_pegs = circles(root, "cb-peg-pone")
    position = {score: (hole_position(score, 0).x, hole_position(score, 0).y) for score in (5, 9, 13)}
    assert sorted(pone_pegs) == sorted([position[5], position[9]])
    assert circles(root, "cb-peg-ghost") == [position[13]]


def test_the_track_goes_up_the_outer_row_and_down_the_inner_one() -> None:
    from cribbage.widgets.board import hole_position

    assert hole_position(1, 0).y > hole_position(30, 0).y
    assert hole_position(31, 0).y < hole_position(60, 0).y
    assert hole_position(30, 0).y == hole_position(31, 0).y  # the turn at the top of the board
    assert hole_position(90, 0).y == hole_position(91, 0).y
    assert hole_position(1, 0).x != hole_position(31, 0).x  # two different rows


def test_the_skunk_line_runs_above_holes_90_and_91_of_both_players() -> None:
    from cribbage.widgets.board import hole_position

    root = drawing("en")
    (line,) = [element for element in root.iter(f"{SVG}line") if element.get("class") == "cb-board-skunk"]
    x1, x2, y = float(line.get("x1", "nan")), float(line.get("x2", "nan")), float(line.get("y1", "nan"))
    for score in (90, 91):
        for player in (0, 1):
            hole = hole_position(score, player)
            assert x1 < hole.x < x2 and y < hole.y


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_drawing_is_named_and_explained_in_the_page_language(lang: str) -> None:
    html = render_block("board", "", lang)
    assert "data-board" in html and 'role="img"' in html
    assert f"<title>{t('board.title', lang)}</title>" in html
    legend = re.findall(r"<li>(.*?)</li>", html)
    assert len(legend) == len(LEGEND_KEYS) == 6
    assert "5" in legend[1] and "9" in legend[2] and "13" in legend[3]
    if lang != "en":
        assert not set(legend) & {t(key, "en") for key in LEGEND_KEYS}


def test_the_skunk_line_is_drawn_before_its_hole_on_the_side_its_street_comes_from():
    from cribbage.widgets.game.board import hole_position, pegs_board_html

    html = pegs_board_html(((0, 0), (0, 0)), 121, ("A", "B"), "en", skunk_line=91)
    x = float(re.search(r'class="cb-skunk-line" x1="([0-9.]+)"', html).group(1))
    # 91 opens the fourth street, which runs back to the left: the line is right of hole 91, towards 90's street end.
    assert hole_position(91, 0, 121)[0] < x
    assert "cb-skunk-line" not in pegs_board_html(((0, 0), (0, 0)), 61, ("A", "B"), "en")
