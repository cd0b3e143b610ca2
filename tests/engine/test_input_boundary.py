"""Bad input at the CLI and its JSON boundary: refused with exit code 2 and one
line that says, in the chosen language, what the coded error says; never a
traceback, never Python's own English, never a wrong answer."""

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from cribbage.cli.commands import main
from cribbage.core.cards import DECK
from cribbage.course.lessons import stage, task_for
from cribbage.course.tasks import read_answer
from cribbage.errors import (
    AnswerError,
    FieldTypeError,
    JsonDepthError,
    JsonNumberError,
    MissingFieldError,
    NotAnObjectError,
    UnknownFieldError,
)
from cribbage.i18n import LANGUAGES, t
from cribbage.io.jsonin import peg_request, plain_score_request, read_json, score_request
from naive_scorer import naive_show_total

ENGINE = Path(__file__).resolve().parents[2] / "engine"

# Fragments of Python's own messages that must never reach a reader.
PYTHON_ENGLISH = (
    "Traceback",
    "object",
    "iterable",
    "Exceeds the limit",
    "NoneType",
    "Expecting",
    "codec",
    "recursion",
    "attribute",
)


def run(argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin) if isinstance(stdin, str) else stdin, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def refused(argv, stdin=""):
    """The one line a refused command prints (checked: exit 2, nothing on stdout, no Python English)."""
    code, out, err = run(argv, stdin)
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    assert not any(fragment in err for fragment in PYTHON_ENGLISH), err
    return err.rstrip("\n")


def item(lang, detail, place=1):
    """The refusal of a batch's item at ``place``, counted from 1 as a reader counts a list's items."""
    return t("cli.bad_request", lang, index=place, detail=detail)


def wrong_type(lang, field, reason):
    return t("error.wrong_type", lang, field=field, reason=t(f"reason.{reason}", lang))


# -- the JSON text ----------------------------------------------------------------------


@pytest.mark.parametrize("command", [["score", "--json", "-"], ["peg", "--json", "-"]])
@pytest.mark.parametrize("nesting", ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_deeply_nested_json_is_refused_not_a_traceback(command, nesting, lang):
    assert refused(["--lang", lang, *command], nesting) == t("error.json_too_deep", lang)


def test_deeply_nested_json_on_a_real_stdin_exits_2_with_one_line():
    done = subprocess.run(
        [sys.executable, "-m", "cribbage", "--lang", "pl", "score", "--json", "-"],
        input=("[" * 100_000 + "]" * 100_000).encode(),
        capture_output=True,
        env=dict(os.environ, PYTHONPATH=str(ENGINE)),
        check=False,
    )
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == t("error.json_too_deep", "pl") + "\n"


def test_an_integer_too_long_for_python_is_refused_with_the_limit():
    huge = "9" * 5000
    assert refused(["--lang", "sk", "score", "--json", "-"], f'[{{"hand": "5H 5S 5C JD", "starter": {huge}}}]') == t(
        "error.json_number_too_long", "sk", limit=30
    )
    with pytest.raises(JsonNumberError):
        read_json("-" + huge)


def test_input_that_is_not_utf8_is_refused():
    stdin = io.TextIOWrapper(io.BytesIO(b'[{"hand": "5H 5S 5C JD", "starter": "5\xff"}]'))
    assert refused(["--lang", "bg", "score", "--json", "-"], stdin) == t("error.json_encoding", "bg")


def test_a_byte_order_mark_before_the_json_is_accepted():
    stdin = io.TextIOWrapper(io.BytesIO('\ufeff[{"hand": "5H 5S 5C JD", "starter": "5D"}]'.encode()))
    code, out, _ = run(["score", "--json", "-"], stdin)
    assert code == 0 and json.loads(out)[0]["total"] == 29


@pytest.mark.parametrize("text,line,column", [("[{", 1, 3), ('[\n  {"hand": ]', 2, 12), ("", 1, 1)])
def test_text_that_is_not_json_is_refused_with_its_line_and_column(text, line, column):
    assert refused(["--lang", "pl", "score", "--json", "-"], text) == t(
        "error.json_syntax", "pl", line=line, column=column
    )


# -- flags: JSON true and false only ------------------------------------------------------


@pytest.mark.parametrize("value", ['"false"', '"no"', '"true"', "0", "1", "null", "[]"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_crib_flag_that_is_not_true_or_false_is_refused_never_read_as_true(value, lang):
    request = f'[{{"hand": "2H 4H 6H 8H", "starter": "KS", "crib": {value}}}]'
    assert refused(["--lang", lang, "score", "--json", "-"], request) == item(
        lang, wrong_type(lang, "crib", "type_boolean")
    )


@pytest.mark.parametrize("value", ['"no"', '"false"', "1"])
def test_a_five_card_flag_that_is_not_true_or_false_is_refused(value):
    request = f'{{"hands": ["5H 6H", "7C 8C"], "plays": [], "five_card": {value}}}'
    assert refused(["--lang", "cs", "peg", "--json", "-"], request) == wrong_type("cs", "five_card", "type_boolean")


def test_the_crib_flag_false_scores_a_hand_and_true_a_crib():
    batch = [
        {"hand": "2H 4H 6H 8H", "starter": "KS", "crib": False},
        {"hand": "2H 4H 6H 8H", "starter": "KS", "crib": True},
    ]
    _, out, _ = run(["score", "--json", "-"], json.dumps(batch))
    assert [answer["total"] for answer in json.loads(out)] == [4, 0]  # a four-card flush counts in a hand only


# -- cards: a list of card strings or one string ----------------------------------------


@pytest.mark.parametrize("hand", ['{"5H": 1, "5S": 1, "5C": 1, "JD": 1}', "5", "null", "true"])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_an_object_or_a_number_where_a_hand_is_expected_is_refused(hand, lang):
    request = f'[{{"hand": {hand}, "starter": "5D"}}]'
    assert refused(["--lang", lang, "score", "--json", "-"], request) == item(
        lang, wrong_type(lang, "hand", "type_cards")
    )


@pytest.mark.parametrize("starter", ["5", "null", '["5D"]', '{"card": "5D"}'])
def test_a_starter_that_is_not_a_card_string_is_refused(starter):
    request = f'[{{"hand": "5H 5S 5C JD", "starter": {starter}}}]'
    assert refused(["--lang", "bg", "score", "--json", "-"], request) == item(
        "bg", wrong_type("bg", "starter", "type_card")
    )


def test_a_card_in_a_list_that_is_not_a_string_is_refused_by_its_place():
    request = '[{"hand": "5H 5S 5C JD", "starter": "5D"}, {"hand": ["5H", ["5S"], "5C", "JD"], "starter": "5D"}]'
    assert refused(["--lang", "pl", "score", "--json", "-"], request) == item(
        "pl", wrong_type("pl", "hand[1]", "type_card"), place=2
    )


@pytest.mark.parametrize("request_", [{"hands": {"a": ["5H"]}, "plays": []}, {"hands": "5H 6H", "plays": []}])
def test_hands_that_are_not_a_list_of_hands_are_refused(request_):
    assert refused(["--lang", "sk", "peg", "--json", "-"], json.dumps(request_)) == wrong_type(
        "sk", "hands", "type_hands"
    )


def test_a_hand_in_peg_that_is_an_object_is_refused_by_its_seat():
    request = {"hands": ["5H 6H", {"7C": True}], "plays": []}
    assert refused(["peg", "--json", "-"], json.dumps(request)) == wrong_type("en", "hands[1]", "type_cards")


def test_plays_that_are_an_object_are_refused():
    request = {"hands": ["5H 6H", "7C 8C"], "plays": {"0": "5H"}}
    assert refused(["--lang", "cs", "peg", "--json", "-"], json.dumps(request)) == wrong_type(
        "cs", "plays", "type_cards"
    )


# -- the request itself --------------------------------------------------------------------


@pytest.mark.parametrize("batch", ["[5]", '["5H 5S 5C JD"]', "[null]", "[[]]"])
def test_a_request_that_is_not_an_object_is_refused_with_an_example(batch):
    message = refused(["--lang", "pl", "score", "--json", "-"], batch)
    example = '{"hand": "5H 5S 5C JD", "starter": "5D", "crib": false}'
    assert message == item("pl", t("error.not_an_object", "pl", example=example))
    assert json.loads(example)  # the example given is itself a valid request


def test_a_misspelt_field_is_refused_rather_than_ignored():
    request = '[{"hand": "2H 4H 6H 8H", "starter": "KS", "crip": true}]'
    assert refused(["--lang", "cs", "score", "--json", "-"], request) == item(
        "cs", t("error.unknown_field", "cs", field="crip", known="hand, starter, crib")
    )


@pytest.mark.parametrize(
    "command,request_,field",
    [
        (["score", "--json", "-"], {"hand": "5H 5S 5C JD"}, "starter"),
        (["score", "--json", "-"], {"starter": "5D"}, "hand"),
        (["peg", "--json", "-"], {"hands": ["5H", "6H"]}, "plays"),
    ],
)
def test_a_missing_field_is_named(command, request_, field):
    message = refused(["--lang", "bg", *command], json.dumps(request_))
    missing = t("error.missing_field", "bg", field=field)
    assert message == (item("bg", missing) if command[0] == "score" else missing)


def test_the_reader_gives_each_refusal_its_code_and_parameters():
    cases = [
        (
            lambda: score_request({"hand": 5, "starter": "5D"}),
            FieldTypeError,
            {"field": "hand", "reason": "type_cards"},
        ),
        (
            lambda: score_request({"hand": "5H 5S 5C JD", "starter": "5D", "crib": "false"}),
            FieldTypeError,
            {"field": "crib", "reason": "type_boolean"},
        ),
        (lambda: score_request({"hand": "5H 5S 5C JD"}), MissingFieldError, {"field": "starter"}),
        (
            lambda: score_request({"hand": "5H", "starter": "5D", "x": 1}),
            UnknownFieldError,
            {"field": "x", "known": "hand, starter, crib"},
        ),
        (lambda: peg_request([]), NotAnObjectError, None),
        (lambda: read_json("[" * 50_000), JsonDepthError, {}),
    ]
    for call, error_class, params in cases:
        with pytest.raises(error_class) as caught:
            call()
        assert caught.value.code == error_class.code
        if params is not None:
            assert caught.value.params == params


# -- the five-card game is for 2 players --------------------------------------------------

FIVE_CARD_FOR_MORE_THAN_TWO = [
    ["discard", "5H", "5S", "6C", "JH", "KH", "--five-card", "--players", "3"],
    ["peg", "--hands", "5H|6H|7H", "--plays", "5H", "--five-card"],
    ["game", "--five-card", "--players", "4", "--auto"],
]


@pytest.mark.parametrize("argv", FIVE_CARD_FOR_MORE_THAN_TWO)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_five_card_game_for_more_than_two_is_refused_with_one_message(argv, lang):
    assert refused(["--lang", lang, *argv]) == t("error.five_card_players", lang)


def test_the_five_card_game_for_three_in_peg_json_is_refused():
    request = {"hands": ["5H 6H", "7C 8C", "9D TD"], "plays": [], "five_card": True}
    assert refused(["--lang", "pl", "peg", "--json", "-"], json.dumps(request)) == t("error.five_card_players", "pl")


@pytest.mark.parametrize("hands", [["5H"], ["5H", "6H", "7H", "8H", "9H"]])
def test_a_play_for_one_or_five_seats_is_refused(hands):
    message = refused(["--lang", "cs", "peg", "--json", "-"], json.dumps({"hands": hands, "plays": []}))
    assert message == t("error.player_count", "cs", players=len(hands))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("hands", "variant", "seat", "expected", "got"),
    [
        ("7H 8D 5C KS 2C 3C 4C | 8S 6C AH QD 2D 3D 4D", "six-card", 1, 4, 7),
        ("7H 8D 5C KS | 8S 6C AH QD KD", "six-card", 2, 4, 5),
        ("7H 8D | 8S 6C | ", "six-card", 1, 4, 2),
        ("7H 8D 5C KS | 8S 6C AH QD", "seven-card", 1, 5, 4),
        ("7H 8D 5C KS | 8S 6C AH", "five-card", 1, 3, 4),
    ],
)
def test_a_play_whose_hands_are_not_the_games_hands_is_refused_naming_the_hand(
    hands, variant, seat, expected, got, lang
):
    message = t("error.hand_size", lang, seat=seat, expected=expected, got=got)
    argv = ["--lang", lang, "peg", "--hands", hands, "--plays", "", "--variant", variant]
    assert refused(argv) == message
    request = {"hands": hands.split("|"), "plays": [], "variant": variant}
    assert refused(["--lang", lang, "peg", "--json", "-"], json.dumps(request)) == message


# -- the command line ----------------------------------------------------------------------


def test_score_without_a_starter_says_so_in_the_language():
    assert refused(["--lang", "pl", "score", "5H", "5S", "5C", "JD"]) == t("cli.starter_required", "pl")


def test_peg_without_input_says_how_to_give_it():
    assert refused(["--lang", "bg", "peg"]) == t("cli.peg_source", "bg")


# -- game --json -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_json_prints_the_game_with_its_rules_log_and_result(players):
    code, out, _ = run(["game", "--seed", "3", "--players", str(players), "--auto", "--strength", "easy", "--json"])
    game = json.loads(out)
    assert code == 0 and out.count("\n") == 1
    assert game["rules"]["players"] == players and game["seed"] == 3 and game["strength"] == "easy"
    events = game["events"]
    assert events[0]["kind"] == "cut_for_deal" and events[-1]["kind"] == "game_over"
    assert [events[-1][key] for key in ("scores", "winner", "outcomes")] == [
        game[key] for key in ("scores", "winner", "outcomes")
    ]
    sides = 2 if players == 4 else players
    pegged = [0] * sides
    for event in events:
        points = event["action"]["points"] if event["kind"] == "play" else event.get("points", 0)
        if points:
            pegged[event["seat"] % sides] += points
    # The winner stops on the target (the game hole), whatever the last event was worth.
    target = game["rules"]["target"]
    assert [min(points, target) for points in pegged] == game["scores"] and max(game["scores"]) == target


def test_game_json_tells_the_same_game_as_the_text_log():
    _, text, _ = run(["game", "--seed", "5", "--auto", "--strength", "easy"])
    _, out, _ = run(["game", "--seed", "5", "--auto", "--strength", "easy", "--json"])
    game = json.loads(out)
    winner_line = next(line for line in text.splitlines() if line.startswith("Winner:"))
    assert winner_line.endswith(f" {' – '.join(map(str, game['scores']))}.")
    starters = [event["card"] for event in game["events"] if event["kind"] == "starter"]
    assert [line.split(": ")[1].rstrip(".") for line in text.splitlines() if line.startswith("Starter:")] == starters


def test_game_json_with_a_human_seat_is_refused_in_the_language():
    assert refused(["--lang", "sk", "game", "--seed", "1", "--json"]) == t("cli.game_json_needs_auto", "sk")


# -- the batch answers as the single-hand command does ----------------------------------------


def random_requests(count, seed):
    """Requests in every accepted form: lists or strings of cards, any case, hands of 3, cribs."""
    rng = random.Random(seed)
    requests, expected = [], []
    for _ in range(count):
        size = rng.choice((3, 4, 4, 4))
        *hand, starter = rng.sample(DECK, size + 1)
        crib = size == 4 and rng.random() < 0.5
        texts = [str(card) for card in hand]
        form = rng.randrange(4)
        if form == 1:
            texts = [text.lower() for text in texts]
        elif form == 2:
            texts = [text.replace("10", "T") for text in texts]
        request = {"hand": " ".join(texts) if form == 3 else texts, "starter": str(starter)}
        if crib or rng.random() < 0.5:
            request["crib"] = crib
        requests.append(request)
        expected.append((hand, starter, crib))
    return requests, expected


def test_the_batch_totals_agree_with_the_naive_scorer_and_each_breakdown_adds_up():
    requests, expected = random_requests(3000, seed=8)
    code, out, _ = run(["score", "--json", "-"], json.dumps(requests))
    answers = json.loads(out)
    assert code == 0 and len(answers) == len(requests)
    for answer, (hand, starter, crib) in zip(answers, expected):
        assert answer["total"] == naive_show_total(hand, starter, crib) == sum(i["points"] for i in answer["items"])


def test_the_batch_gives_each_hand_the_breakdown_the_single_hand_command_gives():
    requests, _ = random_requests(300, seed=9)
    _, out, _ = run(["score", "--json", "-"], json.dumps(requests))
    for request, answer in zip(requests, json.loads(out)):
        hand = request["hand"].split() if isinstance(request["hand"], str) else request["hand"]
        argv = ["score", *hand, "--starter", request["starter"], "--json"] + (["--crib"] if request.get("crib") else [])
        assert json.loads(run(argv)[1]) == answer


def test_the_quick_reader_reads_only_what_the_full_reader_reads_the_same_way():
    valid = {"hand": ["5H", "5S", "5C", "JD"], "starter": "5D", "crib": False}
    variants = [
        valid,
        dict(valid, crib=True),
        {"hand": ["ah", "2c", "3d", "th"], "starter": "KS"},
        dict(valid, crib="false"),
        dict(valid, crib=0),
        dict(valid, extra=1),
        {"hand": valid["hand"]},
        dict(valid, hand=["5H", "5S", "5C"]),
        dict(valid, hand=["5H", "5S", "5C", "5H"]),
        dict(valid, starter="5H"),
        dict(valid, hand=["5H", "5S", "5C", 5]),
        dict(valid, hand=["5H", "5S", "5C", ["JD"]]),
        dict(valid, hand=[" 5H", "5S", "5C", "JD"]),
        dict(valid, starter=None),
        dict(valid, hand="5H 5S 5C JD"),
        [valid],
        "5H",
    ]
    for value in variants:
        quick = plain_score_request(value)
        if quick is not None:
            assert quick == score_request(value)
    assert sum(plain_score_request(value) is not None for value in variants) == 3


def test_the_first_bad_request_of_a_batch_is_named_by_its_place():
    batch = [{"hand": "5H 5S 5C JD", "starter": "5D"}] * 3 + [{"hand": "5H 5S 5C 5D", "starter": "5D"}]
    message = refused(["--lang", "pl", "score", "--json", "-"], json.dumps(batch))
    assert message.startswith(t("cli.bad_request", "pl", index=4, detail=""))  # the fourth item


# -- digits that are not ASCII ------------------------------------------------------------

NOT_ASCII = ("²", "٣", "３", "①")
"""Each passes ``str.isdigit()``; ``int()`` refuses some and reads others."""


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_a_count_in_digits_that_are_not_ascii_is_refused_as_a_word_is_and_asked_again(digits):
    argv = ["game", "--seed", "3", "--muggins", "--strength", "random"]
    moves = "JC JS\n7D\n7S\n6D\n10H\n"
    code, out, err = run(argv, moves + digits + "\n")
    assert (code, out, err) == run(argv, moves + "many\n")
    prompt = t("cli.prompt_announce", "en", cards="\0", starter="").partition("\0")[0]
    assert out.count(prompt) == 2  # asked again
    assert code == 2 and err.strip() == t("cli.eof", "en")


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_a_lesson_answer_in_digits_that_are_not_ascii_is_refused_as_a_word_is(digits):
    for stage_id in ("values-1", "pegging-1", "hand-1"):
        task = task_for(stage(stage_id), 0)
        with pytest.raises(AnswerError) as word:
            read_answer(task, "many")
        with pytest.raises(AnswerError) as refused:
            read_answer(task, digits)
        assert (refused.value.code, refused.value.params) == (word.value.code, word.value.params)
