"""A count the course says is a word, with the form its number takes: "two fifteens and a
pair", "dvě patnáctky", "два чифта" (``{count:word}``, ``{count:word_f}``, the numeral forms of
:func:`cribbage.i18n.numeral`); a message for one thing is a sentence for one thing."""

from __future__ import annotations

import pytest
from cribbage.core.cards import parse_cards, parse_hand_and_starter
from cribbage.core.show import ScoreItem, score_show
from cribbage.errors import AnswerSizeError, CardCountError
from cribbage.i18n import LANGUAGES, error_message, t
from cribbage.widgets.lesson_hints import and_list
from cribbage.widgets.lesson_view import _tally
from cribbage.widgets.spoken import kind_name, kind_tally, one_kind

COUNTED = ("fifteen", "pair", "run")


def has_digit(text: str) -> bool:
    return any(character.isdigit() for character in text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_of_combinations_below_ten_is_said_in_words_in_every_language(lang):
    for kind in COUNTED:
        for count in range(1, 10):
            said = t(f"lesson.count.{kind}", lang, count=count)
            assert not has_digit(said.replace("15", "")), said  # the Bulgarian "комбинация за 15" names the kind


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_for_one_thing_to_find_is_a_sentence_for_one_in_every_language(lang):
    for key in ("lesson.hint.find_count", "lesson.hint.find_card"):
        kind_one = t("lesson.count.pair", lang, count=1)
        one = t(key, lang, count=1, number=1, card="X", what=kind_one, kind_one=kind_one)
        many = t(key, lang, count=5, number=5, card="X", what=t("lesson.count.pair", lang, count=5), kind_one=kind_one)
        assert one != many.replace("5", "1"), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_too_few_cards_are_said_of_the_kind_asked_for_with_the_number_in_words(lang):
    said = {
        kind: error_message(AnswerSizeError("few", least=3 if kind == "run" else 2, got=1, kind=kind), lang)
        for kind in COUNTED
    }
    assert len(set(said.values())) == len(COUNTED), said
    assert not any(has_digit(text.replace("15", "")) for text in said.values()), said
    generic = error_message(AnswerSizeError("few", least=2, got=1, kind=""), lang)
    assert generic == t("error.answer_too_few_cards", lang, least=2)


def test_one_card_asked_for_is_one_card():
    assert error_message(CardCountError("one", expected=1, got=2), "en") == "Choose one card; you chose 2."
    assert error_message(CardCountError("two", expected=2, got=1), "en") == "Choose 2 cards; you chose 1."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_scores_says_each_kind_with_its_count_in_every_language(lang):
    tally = kind_tally(score_show(*parse_hand_and_starter("5H 5S JC 2D", "4C")), lang)
    assert t("lesson.count.fifteen", lang, count=2) in tally
    assert t("lesson.count.pair", lang, count=1) in tally


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_breakdown_line_starts_with_a_capital_and_sums_only_two_kinds_or_more(lang):
    flush = [ScoreItem("flush", tuple(parse_cards("2H 5H 9H JH")), 4)]
    fifteens = [
        ScoreItem("fifteen", tuple(parse_cards("5H JH")), 2),
        ScoreItem("fifteen", tuple(parse_cards("5S JH")), 2),
    ]
    alone = _tally(flush, lang)
    assert alone[0].isupper() and "=" not in alone, alone
    both = _tally(fifteens + flush, lang)
    assert both[0].isupper() and both.endswith("= 8"), both


def test_an_english_kind_named_once_in_a_sentence_has_its_article():
    run = ScoreItem("run", tuple(parse_cards("5H 6S 7D")), 3)
    thirty_one = ScoreItem("thirty_one", tuple(parse_cards("KH KS AD")), 2)
    assert and_list([one_kind(thirty_one, "en"), one_kind(run, "en")], "en") == "thirty-one and a run"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_kind_named_once_names_the_kind_in_every_language(lang):
    run = ScoreItem("run", tuple(parse_cards("5H 6S 7D")), 3)
    assert kind_name(run, lang) in one_kind(run, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_three_or_four_cards_of_a_rank_are_tallied_as_the_pair_royal_they_make_in_every_language(lang):
    """Three sixes are "a pair royal" ("trojice"), not "three pairs"; four a double pair royal;
    a pair of another rank beside them stays a pair."""
    royal_and_pair = score_show(*parse_hand_and_starter("6H 6S 6C 7D", "7S"))
    tally = kind_tally(royal_and_pair, lang)
    assert t("lesson.count.pair_royal", lang, count=1) in tally and t("lesson.count.pair", lang, count=1) in tally
    assert t("lesson.count.pair", lang, count=3) not in tally and t("lesson.count.pair", lang, count=4) not in tally
    summed = _tally(royal_and_pair.items, lang)
    assert t("lesson.count.pair_royal", lang, count=1) in summed.lower()
    double = kind_tally(score_show(*parse_hand_and_starter("6H 6S 6C 6D", "KD")), lang)
    assert t("lesson.count.double_pair_royal", lang, count=1) in double
    assert t("lesson.count.pair", lang, count=6) not in double
