"""The live parts' sentences as a native reader wants them (issue 22, the third reading):
lists said with the language's "and", amounts of points with their unit, a reason set apart
from the count by the play widgets' own separator, kinds named in hints."""

from __future__ import annotations

import pytest
from cribbage.core.cards import parse_cards
from cribbage.core.show import ScoreItem
from cribbage.i18n import LANGUAGES, points_text, t
from cribbage.widgets.lesson_hints import and_list
from cribbage.widgets.peg_practice import _what
from cribbage.widgets.spoken import tallied_texts

FIFTEEN = ScoreItem("fifteen", tuple(parse_cards("5H JC")), 2)
PAIR = ScoreItem("pair", tuple(parse_cards("5H 5S")), 2)
RUN = ScoreItem("run", tuple(parse_cards("2D 3C 4C")), 3)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_a_play_pegs_or_gives_away_is_a_list_with_the_languages_and(lang):
    said = _what([FIFTEEN, PAIR], lang)
    assert t("lesson.and", lang, rest="\0", last="\0").split("\0")[1] in said
    assert points_text(4, lang) in said


def test_each_kind_a_play_pegs_is_named_with_its_article_in_english():
    assert _what([FIFTEEN, PAIR], "en") == "a fifteen and a pair (4 points)"
    assert _what([ScoreItem("thirty_one", (), 2), PAIR], "en") == "thirty-one and a pair (4 points)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_fifteens_missed_are_said_once_with_their_number(lang):
    said = and_list(tallied_texts([FIFTEEN, FIFTEEN, RUN], lang), lang)
    assert said.startswith(
        t("ui.kind_points", lang, kind=t("lesson.count.fifteen", lang, count=2), points=points_text(4, lang))
    )
    assert said.count(t("lesson.count.fifteen", lang, count=1)) == 0


@pytest.mark.parametrize(
    "key", ["game.announced_short_you", "game.short_muggins", "game.miscount", "game.coach_count_hand"]
)
def test_a_czech_count_of_the_cards_says_its_points(key):
    text = t(key, "cs", said=0, total=4, actual=4)
    assert points_text(4, "cs") in text


def test_a_czech_overcount_says_the_points_it_refuses():
    assert points_text(29, "cs") in t("game.overcount", "cs", said=29)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_go_said_in_the_play_log_ends_its_sentence(lang):
    assert t("play.go", lang, seat="X").endswith(".")


@pytest.mark.parametrize("lang", ["en", "pl", "bg"])
def test_a_find_hint_names_the_kind_to_find(lang):
    for kind in ("fifteen", "pair", "run"):
        what = t(f"lesson.count.{kind}", lang, count=2)
        assert what in t("lesson.hint.find_count", lang, count=2, number=2, what=what)


def test_a_polish_run_is_said_by_its_cards_not_for_three():
    from cribbage.core.cards import parse_hand_and_starter
    from cribbage.core.show import score_show
    from cribbage.widgets.spoken import spoken_count

    said = spoken_count(score_show(*parse_hand_and_starter("2H 3S 4D 9C", "KS")), "pl")
    assert "sekwens z\N{NO-BREAK SPACE}trzech" in said and "za trzy" not in said
