"""The catalogue, the HTML of every block and the worker's update calls, in CPython."""

from __future__ import annotations

import json
import re
import string
from html import escape, unescape

import pytest
from cribbage import errors
from cribbage.analysis.discard import analyse_discards
from cribbage.core.cards import DECK, Card, parse_cards, parse_hand_and_starter
from cribbage.core.play import Play, replay
from cribbage.core.show import MAX_SHOW, score_show
from cribbage.errors import CribbageError
from cribbage.i18n import LANGUAGES, card_name, catalogue, error_message, number_word, t
from cribbage.typography import typeset
from cribbage.widgets import BlockError, render_block, update
from cribbage.widgets.hand import parse_hand_fragment
from cribbage.widgets.html import cards_html
from cribbage.widgets.spoken import spoken_count
from helpers import call, state_of, text_of
from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs.exceptions import PluginError

from hooks.cribbage_blocks import page_language, replace_blocks

PLAY_REASONS = ("over_31", "not_in_hand", "not_your_turn", "must_play", "play_over")
# Grammar one language needs and another does not: a numeral form (``numeral.from``, the
# Czech z/ze) is only in the catalogues whose messages ask for it (tests/engine/test_plurals.py).
LANGUAGE_OWN_GRAMMAR = "numeral."


def fields_of(message) -> set[str]:
    texts = message.values() if isinstance(message, dict) else [message]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def placeholders_of(message, free: frozenset[str] = frozenset()):
    """The placeholders a message's code must supply, less those the language may choose
    among (``free``): a text's, a plural dict's forms together, a list's item by item (a
    list is indexed by a number, and every item gets the same words)."""
    if isinstance(message, list):
        return [placeholders_of(item, free) for item in message]
    if isinstance(message, dict) and not all(isinstance(text, str) for text in message.values()):
        return {key: placeholders_of(value, free) for key, value in message.items()}
    return fields_of(message) - free if isinstance(message, (str, dict)) else set()


# -- the catalogue ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_message_with_the_same_placeholders(lang):
    english, other = catalogue("en"), catalogue(lang)

    def shared(messages):
        return {key for key in messages if not key.startswith(LANGUAGE_OWN_GRAMMAR)}

    assert shared(other) == shared(english)
    for key, message in english.items():
        if key != "card.suits" and key in shared(english):
            # spoken: a length in digits or in words, as the language says it best
            free = frozenset({"length", "length_word", "length_of"} if key.startswith("spoken.") else ())
            free |= LANGUAGE_CHOOSES.get(key, frozenset())
            assert placeholders_of(other[key], free) == placeholders_of(message, free), key


LANGUAGE_CHOOSES = {
    "lesson.hint.find_count": frozenset({"number", "what"}),
    "lesson.hint.find_card": frozenset({"kind_one"}),
}
"""Words the caller always gives and a language uses or not: how many to find in digits
(``number``) or as the kind counted (``what``: "dva chifta"), the kind named once (``kind_one``)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_code_and_play_reason_has_a_message(lang):
    codes = {
        cls.code for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.CribbageError)
    }
    for code in codes:
        assert f"error.{code}" in catalogue(lang), code
    for reason in PLAY_REASONS:
        assert f"reason.{reason}" in catalogue(lang), reason


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_52_cards_have_52_different_names_with_the_suit_symbol_beside(lang):
    names = {card_name(card, lang) for card in DECK}
    assert len(names) == 52


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_are_said_up_to_thirty_one(lang):
    words = [number_word(n, lang) for n in range(32)]
    assert len(set(words)) == 32 and not any(word.isdigit() for word in words)


def test_an_illegal_play_names_its_reason_in_the_language():
    with pytest.raises(errors.IllegalPlayError) as caught:
        replay(["7H 8D 5C KS", "8S 6C AH QD"], "7H 8S 5C 6C 8D")
    for lang in LANGUAGES:
        assert t("reason.over_31", lang) in error_message(caught.value, lang)


# -- the show ------------------------------------------------------------------------


def hand_block(hand: str, starter: str, crib: bool = False, expect: int | None = None) -> str:
    lines = [f"hand: {hand}", f"starter: {starter}", f"crib: {'yes' if crib else 'no'}"]
    return "\n".join(lines + ([f"expect: {expect}"] if expect is not None else []))


hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@settings(max_examples=60, deadline=None)
@given(hands, st.booleans(), st.sampled_from(LANGUAGES))
def test_the_static_hand_shows_every_item_and_the_engines_total(cards, crib, lang):
    hand, starter = cards[:4], cards[4]
    score = score_show(hand, starter, crib=crib)
    html = render_block("hand", hand_block(" ".join(map(str, hand)), str(starter), crib), lang)
    assert f'data-total="{score.total}"' in html
    assert html.count('class="cb-item"') == len(score.items)
    assert html.count('class="cb-card cb-') >= 5
    spoken = spoken_count(score, lang)
    assert spoken.endswith(typeset(number_word(score.total, lang), lang)) or not score.items


def test_the_spoken_count_is_said_the_way_players_say_it():
    score = score_show(parse_cards("5H 5S JC 2D"), Card.parse("4D"))
    assert spoken_count(score, "en") == "Fifteen two, fifteen four, and a pair is six"
    # "i" keeps the next word on its line (Polish typography: cribbage.typography)
    assert spoken_count(score, "pl") == "Piętnaście dwa, piętnaście cztery i\N{NO-BREAK SPACE}para to sześć"
    royal = score_show(parse_cards("6H 6S 6C 2D"), Card.parse("KD"))
    assert spoken_count(royal, "en") == "A pair royal is six"
    double_run = score_show(parse_cards("4H 4S 5C 6D"), Card.parse("10H"))
    assert spoken_count(double_run, "en").endswith("and a double run is fourteen")
    double_run_of_four = score_show(parse_cards("3H 4D 5C 6S"), Card.parse("6H"))
    assert spoken_count(double_run_of_four, "en").endswith("and a double run of four is sixteen")
    fifteens_only = score_show(parse_cards("10H 5D 2S 8C"), Card.parse("AH"))
    assert spoken_count(fifteens_only, "en") == "Fifteen two, fifteen four"
    double_double = score_show(parse_cards("7H 8S 8C 9D"), Card.parse("9H"))
    assert spoken_count(double_double, "en") == "Fifteen two, fifteen four, and a double-double run is twenty"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_three_or_more_alike_shapes_with_no_name_are_said_at_once(lang):
    """The seven-card 46: "... three pairs is twenty-two, and eight runs of three is forty-six",
    not each pair and each run with its own running total."""
    score = score_show(parse_cards("4S 4H 5D 5C 6S"), Card.parse("6H"), hand_size=5)
    assert score.total == 46
    spoken = spoken_count(score, lang).replace("\u00a0", " ")  # words as read: a no-break space is a space
    fifteens, pairs = 16, 16 + 6
    assert number_word(pairs, lang) in spoken and spoken.endswith(number_word(46, lang))
    one_by_one = [fifteens + 2, pairs + 3, pairs + 6, pairs + 9, pairs + 12, pairs + 15, pairs + 21]
    assert [total for total in one_by_one if number_word(total, lang) in spoken] == []
    pairs_only = score_show(parse_cards("KH KD QS QC"), Card.parse("2D"))  # two alike: one by one
    assert number_word(2, lang) in spoken_count(pairs_only, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_second_pair_is_said_as_another_pair_in_every_language(lang):
    """ "A pair is two, and another pair is four": the second pair is not said as the first."""
    two_pairs = score_show(parse_cards("KH KD QS QC"), Card.parse("2D"))
    second_pair = t("spoken.pair_again", lang, n=number_word(4, lang), count=4)
    said_as_the_first = t("spoken.pair", lang, n=number_word(4, lang), count=4)
    spoken = spoken_count(two_pairs, lang).replace("\u00a0", " ")  # words as read: a no-break space is a space
    assert spoken.endswith(" " + second_pair.replace("\u00a0", " ")) and second_pair != said_as_the_first


def test_a_three_card_hand_is_the_five_card_game():
    html = render_block("hand", hand_block("5H 5S 5C", "JD"), "en")
    assert f'data-total="{score_show(parse_cards("5H 5S 5C"), Card.parse("JD")).total}"' in html


@pytest.mark.parametrize(
    ("source", "code", "line"),
    [
        (hand_block("5H 5S 5C JD", "5D", expect=28), "block_expect", 4),
        ("hand: 5H 5S 5C JD\nstarter: 5D\ncolour: red", "block_unknown_key", 3),
        ("hand: 5H 5S 5C JD", "block_missing_key", 0),
        ("hand: 5H 5S 5C 5H\nstarter: 5D", "block_bad_value", 1),
        ("hand: 5H 5S 5C JD\nstarter: 5D\ncrib: maybe", "block_bad_value", 3),
        ("hand: 5H 5S 5C JD\nstarter 5D", "block_syntax", 2),
        ("hand: 5H 5S 5C JD\nstarter: 5H", "block_bad_value", 1),
    ],
)
def test_an_invalid_hand_block_is_refused_naming_its_line(source, code, line):
    with pytest.raises(BlockError) as caught:
        render_block("hand", source, "en")
    assert (caught.value.code, caught.value.line) == (code, line)


def test_nothing_from_a_block_reaches_the_page_unescaped():
    with pytest.raises(BlockError) as caught:
        render_block("hand", "hand: <script>alert(1)</script>\nstarter: 5D", "en")
    assert "script" in str(caught.value)
    # the crib table prints its `source:` as given: it must arrive as text
    hostile = "<script>alert(1)</script> & <img src=x onerror=alert(2)>"
    html = render_block("crib-table", f"published: 5-5 8.5\nsource: {hostile}", "bg")
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;" in html


# -- the fragment and the worker's calls ----------------------------------------------------


def hand_state(hand="5H 5S 5C JD", starter="5D", crib=False):
    return json.dumps({"uid": "cb1", "hand": hand.split(), "starter": starter, "crib": crib})


@pytest.mark.parametrize(
    "fragment",
    [
        "hand=5H,5S,5C&starter=5D&crib=0&x=1",
        "hand=5H,5S,5C,JD&starter=5D&crib=2",
        "hand=5H,5H,5C,JD&starter=5D",
        "hand=5H,5S,5C,JD&starter=5H",
        "hand=5H,5S,5C,JD,2C,3C&starter=5D",
        "hand=5H,5S,5C,JD&starter=<img src=x onerror=alert(1)>",
        "starter=5D",
        "hand=" + "5H," * 100,
    ],
)
def test_a_malformed_fragment_is_refused_with_a_message(fragment):
    with pytest.raises(CribbageError):
        parse_hand_fragment(fragment)
    answer = call("hand", hand_state(), {"action": "fragment", "value": fragment}, "pl")
    assert "fragment" not in answer
    assert 'class="cb-notice"' in answer["html"] and 'data-total="29"' in answer["html"]
    assert "<img" not in answer["html"] and "<script" not in answer["html"]


def test_a_fragment_gives_its_hand_back():
    answer = call("hand", hand_state(), {"action": "fragment", "value": "#hand=2H,3H,4H,5H&starter=6H&crib=1"})
    expected = score_show(parse_cards("2H 3H 4H 5H"), Card.parse("6H"), crib=True).total
    assert f'data-total="{expected}"' in answer["html"]
    assert answer["fragment"] == "hand=2H,3H,4H,5H&starter=6H&crib=1"


@settings(max_examples=40, deadline=None)
@given(hands, st.integers(0, 3), st.sampled_from(DECK), st.sampled_from(LANGUAGES))
def test_changing_a_card_rescores_as_the_engine_does(cards, slot, new, lang):
    state = hand_state(" ".join(map(str, cards[:4])), str(cards[4]))
    answer = call("hand", state, {"action": "set", "name": f"card{slot}", "value": str(new)}, lang)
    hand = list(cards[:4])
    hand[slot] = new
    if len({*hand, cards[4]}) < 5:
        assert 'class="cb-error"' in answer["html"] and "data-total" not in answer["html"]
    else:
        assert f'data-total="{score_show(hand, cards[4]).total}"' in answer["html"]


def test_a_missing_or_duplicate_card_is_said_in_the_pages_language():
    missing = call("hand", hand_state(), {"action": "set", "name": "card2", "value": ""}, "sk")
    assert t("error.wrong_card_count", "sk", expected=5, got=4) in text_of(missing["html"])
    duplicate = call("hand", hand_state(), {"action": "set", "name": "card2", "value": "5H"}, "bg")
    assert card_name(Card.parse("5H"), "bg") in text_of(duplicate["html"])
    starter = call("hand", hand_state(), {"action": "set", "name": "starter", "value": "5H"}, "cs")
    assert t("error.starter_in_hand", "cs", card="")[:10] in text_of(starter["html"])


@pytest.mark.parametrize(
    "state",
    [
        "[]",
        "{}",
        '{"hand": "5H", "starter": 5}',
        "not json",
        '{"uid": "\\"><script>", "hand": ["5H","5S","5C","JD"], "starter": "5D", "crib": false}',
    ],
)
def test_a_state_that_makes_no_sense_is_answered_with_an_error(state):
    answer = json.loads(update("hand", state, '{"action": "set"}', "en"))
    assert set(answer) == {"error"}


# -- the play -----------------------------------------------------------------------------------


# (hands, plays, what each seat pegged, the count at the end: worked out by hand)
PLAYS = [
    # 8S fifteen 2, 6C run of 4, seat 2 takes the go at 27; KS last card
    # over: the last series (8D QD KS) stays on the table at its count
    ("7H 8D 5C KS | 8S 6C AH QD", "7H 8S 5C 6C AH 8D QD KS", [1, 7], 28),
    # 4D makes fifteen (2) and the run 5-6-4 (3)
    ("5H 4H 9S QC | 6C 2D 8H KS | 4D 3C 10H 7S", "5H 6C 4D", [0, 0, 5], 15),
    # pair, pair royal, double pair royal, then 2S nothing and 2H a pair
    ("AS 2S 3S 4S | AH 2H 3H 4H | AD 2D 3D 4D | AC 2C 3C 4C", "AS AH AD AC 2S 2H", [0, 4, 6, 12], 8),
]


@pytest.mark.parametrize(("hands", "plays", "totals", "count"), PLAYS)
def test_the_static_play_shows_every_action_and_the_totals(hands, plays, totals, count):
    seats = [parse_cards(part) for part in hands.split("|")]
    actions = replay(seats, plays)
    source = f"hands: {hands}\nplays: {plays}\nexpect: {' | '.join(map(str, totals))}\nstart: {len(actions)}"
    html = render_block("play", source, "en")
    assert html.count("<li") == len(actions)
    assert f'data-count="{count}"' in html
    said = text_of(html)
    players = len(totals)
    names = (
        ["Pone", "Dealer"]
        if players == 2
        else [f"Player {seat + 1}" for seat in range(players - 1)] + [f"Player {players} \\(Dealer\\)"]
    )
    for name, total in zip(names, totals):
        assert re.search(rf"{name}: {total} points?\b", said), (name, total)
    with pytest.raises(BlockError) as caught:
        render_block("play", source.replace("expect: ", "expect: 9"), "en")
    assert caught.value.line == 3


@pytest.mark.parametrize(
    ("hands", "variant", "seat", "expected", "got"),
    [
        ("7H 8D 9C 10C JC | 8S 6C AH QD KD", "six-card", 1, 4, 5),
        ("7H 8D 9C 10C | 8S 6C", "six-card", 2, 4, 2),
        ("7H 8D 9C 10C | 8S 6C AH QD", "seven-card", 1, 5, 4),
        ("7H 8D 9C | 8S 6C AH QD", "five-card", 2, 3, 4),
    ],
)
def test_a_play_block_whose_hands_are_not_the_games_hands_is_refused_naming_its_line(
    hands, variant, seat, expected, got
):
    with pytest.raises(BlockError) as caught:
        render_block("play", f"variant: {variant}\nhands: {hands}\nplays: 7H", "en")
    assert caught.value.line == 2 and caught.value.params["key"] == "hands"
    assert f"hand {seat} holds {got} cards" in str(caught.value) and f"hold {expected}" in str(caught.value)


def test_an_illegal_play_in_a_block_names_its_line():
    with pytest.raises(BlockError) as caught:
        render_block("play", "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S 5C 6C 8D", "en")
    assert caught.value.line == 2 and "over_31" not in str(caught.value)


def test_stepping_back_and_forth_follows_the_engines_log():
    html = render_block("play", "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S 5C 6C AH 8D QD KS", "en")
    state = state_of(html)
    play = Play([parse_cards("7H 8D 5C KS"), parse_cards("8S 6C AH QD")])
    for action in replay(["7H 8D 5C KS", "8S 6C AH QD"], "7H 8S 5C 6C AH 8D QD KS"):
        play.go() if action.card is None else play.play(action.card)
        answer = call("play", state, {"action": "step", "value": state["step"] + 1})
        state = answer["state"]
        shown = action.count if play.is_over else play.count  # the play's end keeps its last count
        assert f'data-count="{shown}"' in answer["html"]
    back = call("play", state, {"action": "step", "value": 0})
    assert back["state"]["step"] == 0 and 'data-count="0"' in back["html"]


def test_a_live_stepper_lists_only_the_steps_taken_while_the_static_page_keeps_the_whole_play():
    source = "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S 5C 6C AH 8D QD KS"
    html = render_block("play", source, "en")
    total = len(replay(["7H 8D 5C KS", "8S 6C AH QD"], "7H 8S 5C 6C AH 8D QD KS"))
    assert html.count("<li") == total and 'class="cb-totals"' in html  # without the engine, all of it
    state = state_of(html)
    for step in range(total + 1):
        live = call("play", state, {"action": "step", "value": step})["html"]
        assert live.count("<li") == step and "cb-future" not in live
        assert ('class="cb-totals"' in live) == (step == total), step  # the result only once it is reached
    assert 'class="cb-log' not in call("play", state, {"action": "step", "value": 0})["html"]  # no empty log


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_pile_says_that_no_card_is_played_yet(lang):
    html = render_block("play", "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S", lang)
    pile = re.search(r'<p class="cb-table-state">(.*?)</p>', html).group(1)
    assert t("ui.pile_empty", lang) in text_of(pile)
    state = state_of(html)
    played = call("play", state, {"action": "step", "value": 1}, lang)["html"]
    pile = re.search(r'<p class="cb-table-state">(.*?)</p>', played).group(1)
    assert t("ui.pile_empty", lang) not in text_of(pile) and card_name(Card.parse("7H"), lang) in text_of(pile)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_the_last_card_the_table_keeps_the_last_series_instead_of_none_yet(lang):
    hands, plays = "7H 8D 5C KS | 8S 6C AH QD", "7H 8S 5C 6C AH 8D QD KS"
    actions = replay([parse_cards(part) for part in hands.split("|")], plays)
    first_of_last_series = max(index for index, action in enumerate(actions[:-1]) if action.reset) + 1
    series = [action.card for action in actions[first_of_last_series:] if action.card is not None]
    state = state_of(render_block("play", f"hands: {hands}\nplays: {plays}", lang))
    ended = call("play", state, {"action": "step", "value": len(actions)}, lang)["html"]
    pile = re.search(r'<p class="cb-table-state">(.*?)</p>', ended).group(1)
    assert t("ui.pile_empty", lang) not in text_of(pile)
    assert all(card_name(card, lang) in text_of(pile) for card in series)
    assert f'data-count="{actions[-1].count}"' in pile


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_played_card_and_the_count_it_makes_are_set_apart_as_the_language_writes_it(lang):
    """'Rozdávající 5♦, součet 15', not 'Rozdávající 5♦ součet 15': the words between the card and
    the count, and before what it scores, are the catalogue's (play.step, play.step_scored)."""
    html = render_block("play", "hands: KH 9C 4D 2S | 5D 6S 8H 3C\nplays: KH 5D 9C 6S 4D 8H 2S 3C", lang)
    lines = re.findall(r"<li[^>]*>((?:(?!</li>).)*cb-count(?:(?!</li>).)*)</li>", html)
    assert len(lines) == 8
    for key in ("play.step", "play.step_scored"):
        template = catalogue(lang)[key]
        between = template.split("{card}")[1].split("{count}")[0]
        assert between.strip(), f"{key} must set the count apart from the card"
        shown = [line for line in lines if ("cb-reasons" in line) == (key == "play.step_scored")]
        assert shown, key
        for line in shown:
            assert f'</span></span>{escape(between)}<span class="cb-count">' in line, line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_streak_and_the_record_are_set_apart(lang):
    streak = re.search(r'<p class="cb-streak">(.*?)</p>', render_block("practice", "crib: no", lang)).group(1)
    between = re.search(r"data-streak>0</strong>(.*?)<span class=\"cb-label\">", streak).group(1)
    assert text_of(between).strip(), "the two counters run together"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wide_tables_caption_stands_above_its_scrolled_box(lang):
    """A caption inside the box scrolls with the table and is cut off on a phone."""
    html = render_block("advisor", "cards: 5H 5S 6C 7D JH KS\ndealer: yes", lang)
    caption = escape(t("ui.options", lang))
    box = re.search(r'<div class="cb-scroll".*?</div>', html, flags=re.S)
    assert caption not in box.group(0).split(">", 1)[1] and "<caption>" not in box.group(0)
    assert html.index(caption) < box.start()


def test_playing_yourself_offers_legal_cards_and_says_why_the_others_are_not():
    html = render_block("play", "hands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S 5C 6C\nstart: 5", "cs")
    state = state_of(html)
    answer = call("play", state, {"action": "self"}, "cs")
    box = re.search(r'<div class="cb-choice-box".*?</div>', answer["html"]).group(0)
    assert re.search(r'<button[^>]*data-value="AH"(?![^>]*disabled)', box)
    assert re.search(r'<button[^>]*data-value="QD"[^>]*disabled', box)
    assert t("reason.over_31", "cs") in box
    played = call("play", answer["state"], {"action": "play", "value": "AH"}, "cs")
    assert 'data-count="27"' in played["html"]
    refused = call("play", played["state"], {"action": "play", "value": "KS"}, "cs")
    assert refused["state"]["moves"] == played["state"]["moves"]


# -- practice and advisor -----------------------------------------------------------------------


def test_practice_prints_a_fixed_deal_with_its_answer_folded():
    first, second = (render_block("practice", "crib: no", "en") for _ in range(2))
    assert first == second and "<details" in first and "data-total=" in first


def test_practice_says_right_or_what_was_missed():
    html = render_block("practice", "crib: yes", "pl")
    state = state_of(html)
    total = score_show(parse_cards(state["hand"]), Card.parse(state["starter"]), crib=True).total
    right = call("practice", state, {"action": "check", "value": str(total)}, "pl")
    assert right["correct"] is True and 'data-correct="true"' in right["html"]
    if total:
        short = call("practice", state, {"action": "check", "value": str(total - 1)}, "pl")
        assert short["correct"] is False
        assert t("ui.points", "pl", count=1) in text_of(short["html"])
        tally = re.search(r'<p class="cb-tally"[^>]*>(.*?)</p>', short["html"]).group(1)
        assert sum(int(number) for number in re.findall(r"\d+", tally)) == total
    nonsense = call("practice", state, {"action": "check", "value": "abc"}, "pl")
    assert "correct" not in nonsense and t("ui.enter_number", "pl", most=MAX_SHOW) in text_of(nonsense["html"])
    dealt = call("practice", state, {"action": "deal"}, "pl")
    assert len(parse_cards(dealt["state"]["hand"])) == 4


def test_the_practice_streak_counts_one_answer_per_hand():
    state = state_of(render_block("practice", "crib: no", "en"))

    def total_of(state):
        return score_show(parse_cards(state["hand"]), Card.parse(state["starter"]), crib=state["crib"]).total

    first = call("practice", state, {"action": "check", "value": str(total_of(state))}, "en")
    assert first["correct"] is True
    again = call("practice", first["state"], {"action": "check", "value": str(total_of(state))}, "en")
    assert "correct" not in again and 'data-correct="true"' in again["html"]  # the verdict, not a second count
    as_crib = call("practice", again["state"], {"action": "set", "name": "crib", "value": "1"}, "en")
    crib = call("practice", as_crib["state"], {"action": "check", "value": str(total_of(as_crib["state"]))}, "en")
    assert "correct" not in crib  # the same cards counted as a crib are the same hand
    dealt = call("practice", crib["state"], {"action": "deal"}, "en")
    wrong = call("practice", dealt["state"], {"action": "check", "value": str(abs(total_of(dealt["state"]) - 1))}, "en")
    assert wrong["correct"] is False
    right = call("practice", wrong["state"], {"action": "check", "value": str(total_of(dealt["state"]))}, "en")
    assert "correct" not in right  # the hand's first answer was the one that counted


@pytest.mark.parametrize("action", [{"action": "deal"}, {"action": "set", "name": "crib", "value": "1"}])
def test_the_practice_never_reads_out_the_answer_before_the_reader_has_counted(action):
    """en, cs and sk readers: a new deal announced 'Total: 5, Said aloud: …' before any count."""
    built = render_block("practice", "crib: no", "en")
    for html in (built, call("practice", state_of(built), action, "en")["html"]):
        assert "data-announce" not in html.split('<details class="cb-answer-box">')[1]
    counted = call("practice", state_of(built), {"action": "check", "value": "0"}, "en")["html"]
    assert "data-announce" in counted.split('<details class="cb-answer-box" open>')[1]


def test_a_reload_brings_back_the_practice_hand_and_its_answer_so_the_streak_counts_it_once():
    html = render_block("practice", "crib: no", "en")
    assert re.search(r'data-persist="practice-[^"]+"', html)  # the page saves each block's state
    built = state_of(html)
    dealt = call("practice", built, {"action": "deal"}, "en")["state"]
    total = score_show(parse_cards(dealt["hand"]), Card.parse(dealt["starter"]), crib=False).total
    counted = call("practice", dealt, {"action": "check", "value": str(total)}, "en")
    assert counted["correct"] is True
    reloaded = call("practice", built, {"action": "restore", "value": json.dumps(counted["state"])}, "en")
    assert reloaded["state"]["hand"] == dealt["hand"] and reloaded["state"]["answered"] is True
    again = call("practice", reloaded["state"], {"action": "check", "value": str(total)}, "en")
    assert "correct" not in again  # the hand went to the streak before the reload
    for broken in ("[]", "{", json.dumps({**counted["state"], "hand": ["5H", "5H", "6S", "7D"]})):
        assert call("practice", built, {"action": "restore", "value": broken}, "en")["state"] == built


def test_a_number_typed_out_of_range_is_answered_by_the_engine_not_by_the_browsers_own_words():
    """The browser's "Value must be less than or equal to 29" is in the browser's language."""
    pages = {
        "practice": render_block("practice", "crib: no", "pl"),
        "lesson": render_block("lesson", "stage: values-1", "pl"),
    }
    for kind, html in pages.items():
        forms = re.findall(r"<form [^>]*>", html)
        assert forms and all(" novalidate" in form for form in forms), (kind, forms)
    said = call("practice", state_of(pages["practice"]), {"action": "check", "value": "99"}, "pl")
    assert t("ui.enter_number", "pl", most=MAX_SHOW) in text_of(said["html"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_list_of_cards_is_heard_as_a_list(lang):
    """'ósemka pik, król pik', not 'ósemka pik król pik' (the symbols are hidden from a screen reader)."""
    cards = parse_cards("8S KS 5H")
    heard = re.sub(r'<span aria-hidden="true">[^<]*</span>', "", cards_html(cards, lang))
    expected = t("ui.card_separator", lang).join(card_name(card, lang) for card in cards)
    assert unescape(re.sub(r"<[^>]+>", "", heard)) == expected


@pytest.mark.parametrize("lang", ["en", "bg"])
def test_practice_shows_the_cards_then_the_answer_box_then_the_verdict_then_the_answer(lang):
    html = render_block("practice", "crib: no", lang)
    state = state_of(html)
    for shown in (html, call("practice", state, {"action": "check", "value": "0"}, lang)["html"]):
        cards, form = shown.index('class="cb-deal"'), shown.index('<form class="cb-answer"')
        answer = shown.index(f"<summary>{t('ui.answer', lang)}</summary>")
        assert cards < form < answer
    checked = call("practice", state, {"action": "check", "value": "0"}, lang)["html"]
    assert checked.index('class="cb-verdict"') < checked.index(f"<summary>{t('ui.answer', lang)}</summary>")


def test_the_advisor_lists_every_discard_as_the_engine_ranks_them():
    html = render_block("advisor", "cards: 5H 5S 6C 7D JH KS\ndealer: yes", "en")
    options = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), True)
    assert html.count("<tr") - 1 - len(options[0].hand_distribution) == len(options)
    assert f"{options[0].net:.2f}" in html


# -- the hook --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_advisor_shows_discard_keep_and_net_first_in_a_box_a_keyboard_can_scroll(lang):
    html = render_block("advisor", "cards: 5H 5S 6C 7D JH KS\ndealer: yes", lang)
    heads = [unescape(head) for head in re.findall(r'<th scope="col">([^<]+)</th>', html)]
    assert heads[:3] == [t("ui.discard", lang), t("ui.keep", lang), t("ui.net", lang)]
    box = re.search(r'<div class="cb-scroll"([^>]*)><table class="cb-options">', html)
    assert box is not None and 'tabindex="0"' in box.group(1) and 'role="region"' in box.group(1)
    assert f'aria-label="{t("ui.options", lang)}"' in unescape(box.group(1))
    best = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), True)[0]
    first_row = re.search(r'<tr class="cb-best"[^>]*>(.*?)</tr>', html).group(1)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", first_row)
    net = f"{best.net:.2f}" if lang == "en" else f"{best.net:.2f}".replace(".", ",")
    assert net in text_of(cells[2])


def test_the_hook_renders_blocks_in_the_pages_language_and_leaves_other_fences():
    markdown = "# T\n\n````markdown\n```cribbage-hand\nhand: nonsense\n```\n````\n\n```cribbage-hand\nhand: 5H 5S 5C JD\nstarter: 5D\n```\n"
    out = replace_blocks(markdown, page_language("pl/show.md"), "docs/pl/show.md")
    assert "hand: nonsense" in out
    assert 'data-lang="pl"' in out and 'data-total="29"' in out


def test_the_hook_stops_the_build_naming_file_and_line():
    markdown = "# T\n\ntext\n\n```cribbage-play\nhands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S\nexpect: 3 | 3\n```\n"
    with pytest.raises(
        PluginError, match=r"^docs/en/play\.md:8: cribbage-play: expect says 3 \| 3 but the engine says 0 \| 2"
    ):
        replace_blocks(markdown, "en", "docs/en/play.md")
    with pytest.raises(PluginError, match=r"docs/en/x\.md:1: cribbage-dice"):
        replace_blocks("```cribbage-dice\n```\n", "en", "docs/en/x.md")


def test_a_block_in_an_admonition_stays_whole():
    import markdown

    from hooks.cribbage_blocks import insert_widgets, render_blocks

    source = '!!! example "Try it"\n\n    ```cribbage-hand\n    hand: 5H 5S 5C JD\n    starter: 5D\n    ```\n'
    text, widgets = render_blocks(source, "cs", "docs/cs/show.md")
    html = insert_widgets(markdown.markdown(text, extensions=["admonition"]), widgets)
    assert '<div class="admonition example">' in html and 'data-lang="cs"' in html
    assert "<p><div" not in html and "CRIBBAGEWIDGET" not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_count_resets_after_a_go_but_the_last_card_ends_the_play(lang):
    html = render_block("play", "players: 2\nhands: 7H 8D 5C KS | 8S 6C AH QD\nplays: 7H 8S 5C 6C AH 8D QD KS\n", lang)
    log = re.findall(r"<li[^>]*>(.*?)</li>", html, re.S)
    reset = t("play.reset", lang)
    assert len(log) == 10
    assert reset in log[6]  # the dealer's go point at 27
    assert reset not in log[-1]  # the last card: the play is over, nothing starts again


def test_crib_table_shows_the_engines_averages_with_five_five_marked_best():
    from cribbage.analysis.discard import crib_rank_table

    html = render_block("crib-table", "", "en")
    best = re.findall(r'<td class="cb-best">([\d.]+)</td>', html)
    assert best == [f"{crib_rank_table()[(5, 5)]:.1f}"]
    assert len(re.findall(r"<td(?: class=\"cb-best\")?>[\d.]+</td>", html)) == 13 * 13


def test_crib_table_scrolls_in_its_own_box_that_a_keyboard_can_reach():
    html = render_block("crib-table", "", "sk", uid="w7")
    box = re.search(r'<div class="cb-crib-table"([^>]*)>', html)
    assert box is not None
    assert 'tabindex="0"' in box.group(1) and 'role="region"' in box.group(1)
    label_id = re.search(r'aria-labelledby="([^"]+)"', box.group(1)).group(1)
    caption = re.search(rf'<caption id="{label_id}">([^<]+)</caption>', html)
    assert caption is not None and unescape(caption.group(1)) == t("crib_table.caption", "sk")
    # A table with a class is one the theme does not wrap in a scroll box of its own.
    assert "<table>" not in html


def test_crib_table_compares_published_figures_with_the_engine_in_the_pages_language():
    from cribbage.analysis.discard import crib_rank_table

    html = render_block("crib-table", "published: 5-5 8.5, K-10 2.7\nsource: Cribbage Pro", "cs")
    engine = crib_rank_table()
    assert f"<td>{engine[(5, 5)]:.1f}</td><td>8,5</td>".replace(".", ",") in html
    # K-10 is the same pair as 10-K; a difference below zero is printed with a true minus sign
    assert f"{2.7 - engine[(10, 13)]:.1f}".replace(".", ",").replace("-", "\N{MINUS SIGN}") in html
    assert "Cribbage Pro" in html


def test_crib_table_refuses_a_malformed_published_pair():
    with pytest.raises(BlockError) as refused:
        render_block("crib-table", "published: 5-5 8.5, 5-X 3", "en")
    assert refused.value.code == "block_bad_value"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quotation_inside_the_said_aloud_line_takes_the_languages_inner_quotes(lang):
    """The line is a <q>, whose outer marks the browser draws: the players' joke quoted
    inside it ("nineteen" for a hand of nothing) must be set with the inner pair."""
    from cribbage.typography import rules
    from cribbage.widgets.count import spoken_html

    html = spoken_html(score_show(*parse_hand_and_starter("2H 4D 6C 8S", "QD")), lang)
    said = unescape(re.search(r"<q data-spoken>(.*?)</q>", html).group(1))
    outer, inner = rules(lang).quotes, rules(lang).inner_quotes
    assert inner[0] in said and inner[1] in said, said
    assert not set(outer) & set(said), said


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "fragment, fault",
    [
        ("hand=5D,5D,3C,4S&starter=6D", errors.DuplicateCardError),
        ("hand=5D,XD,3C,4S&starter=6D", errors.UnknownRankError),
        ("hand=5D,4D,3C,4S&starter=5D", errors.StarterInHandError),
        ("hand=5D,4D,3C,4S", BlockError),
    ],
)
def test_a_bad_shared_link_is_refused_with_its_real_fault_in_words_and_no_key_names(lang, fragment, fault):
    with pytest.raises(fault) as refused:
        parse_hand_fragment(fragment)
    answer = call("hand", hand_state(), {"action": "fragment", "value": fragment}, lang)
    notice = unescape(re.search(r'class="cb-notice"[^>]*>(.*?)</', answer["html"], re.S).group(1))
    assert error_message(refused.value, lang) in notice, notice
    assert "fragment" not in notice and "„hand" not in notice and "“hand" not in notice, notice
