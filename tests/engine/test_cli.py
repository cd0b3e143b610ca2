"""``python -m cribbage``: every subcommand, its JSON, and one-line errors with exit code 2."""

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cribbage.analysis.discard import analyse_discards
from cribbage.analysis.reasons import compare, crib_owner, discard_reason
from cribbage.cli import commands as cli
from cribbage.cli import game_text
from cribbage.cli.commands import main
from cribbage.cli.help import build_parser, requested_language
from cribbage.core.cards import parse_cards
from cribbage.core.game import Game
from cribbage.core.rules import Action, GameRules
from cribbage.core.show import score_show
from cribbage.i18n import t
from cribbage.io.jsonout import show_json
from cribbage.players.computer import ComputerPlayer
from cribbage.typography import typeset
from cribbage.widgets.discard_reason import explain, explain_comparison
from helpers import DECIMAL_SIGNS, LANGUAGES, OTHER_LANGUAGES

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def run(argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def assert_one_line_error(code, out, err):
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    return err.strip()


# -- score --------------------------------------------------------------------------


def test_score_json_gives_total_and_items():
    code, out, _ = run(["score", "5H", "5S", "5C", "JD", "--starter", "5D", "--json"])
    result = json.loads(out)
    assert code == 0 and result["total"] == 29
    assert {"kind": "fifteen", "cards": ["5H", "5S", "5C"], "points": 2} in result["items"]
    assert sum(item["points"] for item in result["items"]) == 29


def test_score_text_ends_with_the_total():
    code, out, _ = run(["score", "5H 5S 5C JD", "--starter", "5D"])
    assert code == 0 and out.strip().splitlines()[-1] == "Total: 29"


def test_score_crib_flag_refuses_a_four_card_flush():
    _, out, _ = run(["score", "2H", "4H", "6H", "8H", "--starter", "QC", "--json", "--crib"])
    assert json.loads(out)["total"] == 0
    _, out, _ = run(["score", "2H", "4H", "6H", "8H", "--starter", "QC", "--json"])
    assert json.loads(out)["total"] == 4


def test_score_batch_from_stdin_prints_a_list():
    batch = [
        {"hand": ["5H", "5S", "5C", "JD"], "starter": "5D"},
        {"hand": "2H 4H 6H 8H", "starter": "QC", "crib": True},
    ]
    code, out, _ = run(["score", "--json", "-"], json.dumps(batch))
    assert code == 0 and [r["total"] for r in json.loads(out)] == [29, 0]


def test_score_error_is_one_line_in_the_language_and_exit_2():
    english = assert_one_line_error(*run(["score", "5H", "5X", "5C", "JD", "--starter", "5D"]))
    polish = assert_one_line_error(*run(["--lang", "pl", "score", "5H", "5X", "5C", "JD", "--starter", "5D"]))
    assert "5X" in english and "5X" in polish and english != polish


def test_starter_in_the_hand_is_an_error():
    assert_one_line_error(*run(["score", "5H", "5S", "5C", "JD", "--starter", "5H"]))


def test_bad_json_is_one_line():
    assert_one_line_error(*run(["score", "--json", "-"], "[{"))


MIXED_BATCH = [
    {"hand": ["5H", "5S", "5C", "JD"], "starter": "5D"},
    {"hand": ["2H", "4H", "6H", "8H"], "starter": "QH", "crib": True},
    {"hand": ["th", "jh", "qh", "kh"], "starter": "AS", "crib": False},
    {"hand": "3C 4C 4D 5S", "starter": "10D"},
    {"hand": ["7S", "8S", "9S"], "starter": "JS"},
]


def test_the_batch_line_skips_the_parser_and_answers_as_the_parser_reads_it(monkeypatch):
    """``score --json -`` (with any ``--lang``) is answered without building the parser, byte for
    byte as the parser's reading of the same line (``-`` before ``--json``) answers it, and as
    ``json.dumps`` writes the breakdowns of :func:`score_show`."""
    stdin = json.dumps(MIXED_BATCH)
    expected = (
        json.dumps(
            [
                show_json(
                    score_show(
                        parse_cards(request["hand"]),
                        parse_cards(request["starter"])[0],
                        crib=request.get("crib", False),
                    )
                )
                for request in MIXED_BATCH
            ]
        )
        + "\n"
    )
    through_parser = run(["score", "-", "--json"], stdin)
    assert through_parser == (0, expected, "")

    def no_parser(lang):
        raise AssertionError("the batch line built the parser")

    monkeypatch.setattr(cli, "build_parser", no_parser)
    for argv in (
        ["score", "--json", "-"],
        ["--lang", "bg", "score", "--json", "-"],
        ["score", "--json", "-", "--lang", "cs"],
    ):
        assert run(argv, stdin) == through_parser


@pytest.mark.parametrize(
    "bad",
    [
        {"hand": ["5H", "5S", "5C", "JD"], "starter": ["5D"]},
        {"hand": ["5H", "5S", "5C", {"card": "JD"}], "starter": "5D"},
        {"hand": ["5H", "5S", "5C", "5h"], "starter": "5D"},
        {"hand": ["5H", "5S", "5C", "JD"], "starter": "5h"},
        {"hand": ["5H", "5S", "5C", "JD"], "starter": "5D", "crib": None},
        {"hand": ["5H", "5S", "5C", "JD", "AS"], "starter": "5D", "crib": True},
    ],
)
def test_a_bad_request_gets_the_same_words_with_or_without_the_parser(monkeypatch, bad):
    stdin = json.dumps(MIXED_BATCH + [bad])
    through_parser = run(["score", "-", "--json", "--lang", "pl"], stdin)
    monkeypatch.setattr(cli, "build_parser", None)  # the batch line must not need it
    skipping_parser = run(["score", "--json", "-", "--lang", "pl"], stdin)
    assert skipping_parser == through_parser
    polish = assert_one_line_error(*skipping_parser)
    english = assert_one_line_error(*run(["score", "--json", "-"], stdin))
    # the bad request is the last, counted from 1 as a reader counts the items of a list
    assert polish.startswith(t("cli.bad_request", "pl", index=len(MIXED_BATCH) + 1, detail=""))
    assert english.startswith(t("cli.bad_request", "en", index=len(MIXED_BATCH) + 1, detail="")) and polish != english


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "--json", "-", "--lang", "xx"],
        ["score", "--json", "-", "--lang"],
        ["score", "--json", "-", "--starter"],
        ["--json", "score", "-"],
    ],
)
def test_a_line_that_only_looks_like_the_batch_line_is_refused_by_the_parser(argv):
    message = assert_one_line_error(*run(argv, json.dumps(MIXED_BATCH)))
    assert message.startswith("python -m cribbage")


# -- peg ------------------------------------------------------------------------------

REQUEST = {
    "hands": [["7H", "8D", "5C", "KS"], ["8S", "6C", "AH", "QD"]],
    "plays": ["7H", "8S", "5C", "6C", "AH", "8D", "QD", "KS"],
}


def test_peg_json_lists_every_action_with_the_forced_gos_and_totals():
    code, out, _ = run(["peg", "--json", "-"], json.dumps(REQUEST))
    result = json.loads(out)
    assert code == 0
    assert [a["card"] for a in result["actions"]] == ["7H", "8S", "5C", "6C", None, "AH", None, "8D", "QD", "KS"]
    # 8S makes 15 (2), 6C a run of 4 (4), seat 1 takes the go at 27 (1); KS is the last card (1)
    assert result["totals"] == [1, 7]
    assert result["over"] is True


def test_peg_accepts_a_list_of_requests():
    code, out, _ = run(["peg", "--json", "-"], json.dumps([REQUEST, REQUEST]))
    assert code == 0 and len(json.loads(out)) == 2


def test_peg_illegal_play_names_the_card_and_exits_2():
    bad = dict(REQUEST, plays=["7H", "8S", "5C", "6C", "8D", "AH", "KS", "QD"])
    message = assert_one_line_error(*run(["peg", "--json", "-"], json.dumps(bad)))
    assert "8D" in message and "31" in message


def test_peg_four_players_reports_partnerships():
    hands = [["5H", "2C", "3D", "4S"], ["TC", "2D", "3S", "4H"], ["5D", "2H", "3C", "4D"], ["KS", "AC", "AD", "AH"]]
    request = {"hands": hands, "plays": ["5H", "TC", "5D", "KS"]}
    _, out, _ = run(["peg", "--json", "-"], json.dumps(request))
    result = json.loads(out)
    # TC makes 15 (2 for seat 1); 5D (20) and KS (30) score nothing, and the play goes on
    assert result["totals"] == [0, 2, 0, 0]
    assert result["partnerships"] == [0, 2] and result["over"] is False


def test_peg_text_from_options():
    code, out, _ = run(["peg", "--hands", "7H 8D 5C KS | 8S 6C AH QD", "--plays", "7H 8S 5C 6C AH 8D QD KS"])
    lines = out.splitlines()
    assert code == 0 and len(lines) == 11
    assert lines[1] == "The dealer plays 8S, count 15 – fifteen for 2 points"
    assert lines[3] == "The dealer plays 6C, count 26 – run of four for 4 points"
    assert lines[4:7] == [
        "The pone says go.",
        "The dealer plays AH, count 27",
        "The dealer can play no further: one for the go.",
    ]
    assert lines[-1] == "Points in the play: 1 | 7"


# -- stats and discard ------------------------------------------------------------------


def test_stats_json_is_the_exact_histogram():
    code, out, _ = run(["stats", "--json"])
    data = json.loads(out)
    assert code == 0
    assert sum(data["hand"].values()) == 12_994_800 == sum(data["crib"].values())
    assert data["hand"]["29"] == 4 and data["hand"]["0"] == 1_009_008


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stats_text_keeps_its_columns_aligned_in_every_language(lang):
    """The typesetter must not turn a column's padding into one no-break space."""
    code, out, _ = run(["--lang", lang, "stats"])
    rows = out.splitlines()[1:]
    assert code == 0 and len(rows) == 30
    assert len({len(row) for row in rows}) == 1 and "\u00a0" not in out, rows


def test_discard_json_matches_the_advisor():
    code, out, _ = run(["discard", "5H", "5S", "6C", "7D", "JH", "KS", "--dealer", "--json"])
    options = json.loads(out)
    expected = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), dealer=True)
    assert code == 0 and len(options) == 15
    assert options == [option.to_json() for option in expected]


@pytest.mark.parametrize(("lang", "sign"), [(lang, DECIMAL_SIGNS.get(lang)) for lang in LANGUAGES])
def test_discard_text_writes_decimals_with_the_language_decimal_sign(lang, sign):
    assert sign, f"tests/helpers.py: DECIMAL_SIGNS has no decimal sign for {lang}"
    best = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), dealer=True)[0]
    code, out, _ = run(["--lang", lang, "discard", "5H", "5S", "6C", "7D", "JH", "KS", "--dealer"])
    first = out.splitlines()[0]
    assert code == 0
    for value in (best.hand_mean, best.crib_mean):
        assert f"{value:.2f}".replace(".", sign) in first.split()
    assert f"{best.net:+.2f}".replace(".", sign) in first.split()


def test_discard_with_a_wrong_number_of_cards_is_an_error():
    assert_one_line_error(*run(["discard", "5H", "5S", "6C", "--dealer"]))


# -- game -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_auto_game_prints_the_full_log_to_the_end(players):
    code, out, _ = run(["game", "--seed", "3", "--players", str(players), "--auto", "--strength", "easy"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Cut for deal")
    assert any(line.startswith("Winner:") for line in lines[-4:])
    assert run(["game", "--seed", "3", "--players", str(players), "--auto", "--strength", "easy"])[1] == out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_the_first_dealer_is_named_once_by_the_cut_for_deal(lang, variant):
    _, out, _ = run(["--lang", lang, "game", "--auto", "--seed", "3", "--variant", variant, "--target", "61"])
    lines = out.splitlines()
    first_hand = next(index for index, line in enumerate(lines) if line.startswith("  "))
    dealer_line = t("cli.deal", lang, dealer="\0").split("\0")[0]
    cut_line = t("cli.cut_for_deal", lang, cuts="\0", dealer="").split("\0")[0]
    assert lines[0].startswith(cut_line)
    assert not [line for line in lines[:first_hand] if line.startswith(dealer_line)], lines[:first_hand]
    assert any(line.startswith(dealer_line) for line in lines[first_hand:])  # the later deals name theirs


def test_the_score_line_names_each_side_with_its_score():
    _, out, _ = run(["game", "--auto", "--seed", "3"])
    prefix = t("cli.scores", "en", scores="")
    line = next(line for line in out.splitlines() if line.startswith(prefix))
    sides = line[len(prefix) :].split(", ")
    assert [side.rsplit(" ", 1)[0] for side in sides] == [t("ui.player", "en", n=1), t("ui.player", "en", n=2)], line
    assert all(side.rsplit(" ", 1)[1].isdigit() for side in sides), line


def test_interactive_game_reads_every_decision_from_stdin():
    """A scripted human plays a whole game; the CLI ends it like the engine does."""
    rules = GameRules()
    game = Game(rules, seed=4)
    human = ComputerPlayer("random", 99)
    computer = ComputerPlayer("expert", 4 * 10 + 1)  # the CLI's computer for seat 1 with --seed 4
    lines = []
    while not game.is_over:
        seat = game.to_act
        if seat is None:
            game.advance()
        elif seat == 0:
            action = human(game, 0)
            lines.append(" ".join(map(str, action.cards)))
            game.apply(action)
        else:
            game.apply(computer(game, 1))
    code, out, _ = run(["game", "--seed", "4"], "\n".join(lines) + "\n")
    assert code == 0
    winner = "Player 1 (you)" if game.result.winner == 0 else "Player 2"
    assert f"Winner: {winner}; final score {' – '.join(map(str, game.scores))}." in out


def scripted_human(seed, players=2, short=1):
    """The lines a human types for ``game --seed SEED --muggins --strength random``: a random
    player's decisions, each count said ``short`` points short (the computer claims the rest)."""
    game = Game(GameRules(players=players, muggins=True), seed=seed)
    human = ComputerPlayer("random", 99)
    computers = {seat: ComputerPlayer("random", seed * 10 + seat) for seat in range(1, players)}
    lines = []
    while not game.is_over:
        seat = game.to_act
        if seat is None:
            game.advance()
        elif seat == 0:
            action = human(game, 0)
            if action.kind == "announce":
                action = Action("announce", 0, points=max(0, action.points - short))
                lines.append(str(action.points))
            elif action.kind in ("claim", "decline"):
                lines.append("y" if action.kind == "claim" else "n")
            else:
                lines.append(" ".join(map(str, action.cards)))
            game.apply(action)
        else:
            game.apply(computers[seat](game, seat))
    return "\n".join(lines) + "\n"


LABELS = {"dealer", "winner", "side", "cuts", "a", "b"}
"""Parameters that name a seat as a label ("Dealer: You.", ``ui.team``'s partners), not as the subject of a verb."""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_game_addresses_the_human_in_the_second_person(lang, players, monkeypatch):
    you = t("cli.you", lang)
    third_person = []
    said = cli.say

    def say(key, lang, **params):
        named = [name for name, value in params.items() if value == you and name not in LABELS]
        if named:
            third_person.append((key, tuple(named)))
        return said(key, lang, **params)

    monkeypatch.setattr(cli, "say", say)
    argv = ["game", "--seed", "3", "--players", str(players), "--muggins", "--strength", "random", "--lang", lang]
    code, out, _ = run(argv, scripted_human(3, players))
    assert code == 0 and out
    assert not third_person, f"the human is named in a third-person sentence: {sorted(set(third_person))[:5]}"


def test_interactive_game_explains_an_illegal_choice_and_asks_again():
    code, out, err = run(["game", "--seed", "1"], "2C 3C\n")
    assert out.count("Discard 2") == 2  # asked again after the bad discard
    assert code == 2 and "Traceback" not in err  # then the input ran out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_discard_of_cards_not_held_names_the_card_not_the_phase(lang):
    game = Game(GameRules(), seed=3)
    game.advance()
    game.advance()
    held = set(game.hand(0))
    foreign = next(card for card in parse_cards("5S 5C 2D 3D 4D 8C") if card not in held)
    code, out, _ = run(["--lang", lang, "game", "--seed", "3"], f"{foreign} {game.hand(0)[0]}\n")
    assert t("cli.not_in_hand", lang, count=1, cards=str(foreign)) in out
    assert t("error.illegal_action", lang) not in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_discard_of_two_cards_not_held_names_both(lang):
    game = Game(GameRules(), seed=3)
    game.advance()
    game.advance()
    held = set(game.hand(0))
    foreign = [card for card in parse_cards("5S 5C 2D 3D 4D 8C") if card not in held][:2]
    named = " ".join(map(str, foreign))
    _, out, _ = run(["--lang", lang, "game", "--seed", "3"], f"{named}\n")
    assert t("cli.not_in_hand", lang, count=2, cards=named) in out, out
    assert t("cli.not_in_hand", lang, count=2, cards="") != t("cli.not_in_hand", lang, count=1, cards="")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3])
def test_the_human_sees_their_cards_once_before_each_discard(lang, players):
    _, out, _ = run(["--lang", lang, "game", "--seed", "3", "--players", str(players)], "")
    before_the_prompt = out.split(t("cli.prompt_discard", lang, count=1, example="")[:4])[0]
    assert before_the_prompt.count(t("cli.your_hand", lang, cards="")) == 1, out


@pytest.mark.parametrize(
    "lang,players,prompt,hidden",
    [
        ("pl", 2, "Odrzuć 2 karty", "Gracz 2 odkłada 2 karty do cribu."),
        ("pl", 3, "Odrzuć 1 kartę", "Gracz 2 odkłada 1 kartę do cribu."),
        ("cs", 2, "Odhoďte 2 karty", "Hráč 2 odhazuje do cribu 2 karty."),
        ("cs", 3, "Odhoďte 1 kartu", "Hráč 2 odhazuje do cribu 1 kartu."),
        ("en", 3, "Discard 1 card", "Player 2 discards 1 card to the crib."),
    ],
)
def test_the_number_of_cards_to_discard_takes_the_plural_form_of_its_count(lang, players, prompt, hidden):
    _, out, _ = run(["--lang", lang, "game", "--seed", "3", "--players", str(players)], "")
    assert typeset(prompt, lang) in out and typeset(hidden, lang) in out, out


def first_dealer(seed):
    game = Game(GameRules(), seed=seed)
    game.advance()  # the cut for deal
    return game.dealer


def test_the_human_named_in_running_text_takes_the_running_text_form():
    """Czech names the first dealer inside the sentence: lower case, as the other seats are."""
    seed = next(seed for seed in range(1, 50) if first_dealer(seed) == 0)
    _, out, _ = run(["--lang", "cs", "game", "--seed", str(seed)], "")
    first_line = out.splitlines()[0]
    assert first_line.endswith(t("cli.you.mid", "cs") + ".") and t("cli.you.mid", "cs") != t("cli.you", "cs"), out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_overcount_and_an_empty_line_are_refused_with_what_to_do(lang):
    rules = GameRules(muggins=True)
    overcount = rules.announce_error(28, 4)
    assert overcount is not None
    assert game_text._refusal(overcount, lang) == t("game.overcount", lang, said=28)
    empty_discard = rules.discard_error(parse_cards("5S 5C 2D 3D 4D 8C"), ())
    assert empty_discard is not None
    assert game_text._refusal(empty_discard, lang) == t("error.wrong_card_count", lang, expected=2, got=0)
    _, out, _ = run(["--lang", lang, "game", "--seed", "3"], "JC JS\n\n")
    assert t("cli.enter_card", lang) in out


# -- help in the reader's language ----------------------------------------------------------


def parsers(lang):
    """The main parser and every subcommand's, by command name ("" for the main one)."""
    parser = build_parser(lang)
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    return {"": parser, **commands.choices}


def help_texts(lang):
    """Every help text a reader can meet: {(command, argument or subcommand): text}."""
    texts = {}
    for command, parser in parsers(lang).items():
        texts[(command, "description")] = parser.description
        for action in parser._actions:
            texts[(command, action.dest)] = action.help
            for choice in getattr(action, "_choices_actions", []):
                texts[(command, f"command {choice.dest}")] = choice.help
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_and_command_has_help(lang):
    texts = help_texts(lang)
    assert {("game", "seed"), ("game", "lurch"), ("peg", "five_card"), ("discard", "players")} <= texts.keys()
    assert [key for key, text in texts.items() if not (text or "").strip()] == []


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_help_has_no_english_text_left(lang):
    english, translated = help_texts("en"), help_texts(lang)
    assert translated.keys() == english.keys()
    assert [key for key in english if translated[key] == english[key]] == []
    for command, parser in parsers(lang).items():
        page, english_page = parser.format_help(), parsers("en")[command].format_help()
        for word in ("usage:", "options:", "positional arguments", "show this help message"):
            assert word not in page
        assert english_page.startswith("usage: ") and "options:" in english_page


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize(
    "argv, english",
    [
        (["game", "--players", "5"], "invalid choice"),
        (["score"], "the following arguments are required"),
        (["score", "5H", "--starter", "5D", "--bogus"], "unrecognized arguments"),
        (["game", "--seed", "x"], "invalid int value"),
        (["game", "--seed"], "expected one argument"),
    ],
)
def test_argparse_errors_are_in_the_language_of_the_line(lang, argv, english):
    error = assert_one_line_error(*run(["--lang", lang, *argv]))
    assert english not in error, error


def test_an_invalid_choice_is_worded_by_the_catalogue_with_the_value_and_the_choices():
    error = assert_one_line_error(*run(["--lang", "cs", "game", "--players", "5"]))
    worded = t("cli.argparse.invalid_choice", "cs", value="5", choices="2, 3, 4")
    assert error.endswith(t("cli.argparse.argument", "cs", argument_name="--players", message=worded)), error


def test_the_cli_offers_every_strength_the_computer_has():
    from cribbage.players.computer import STRENGTHS

    game = build_parser("en")._subparsers._group_actions[0].choices["game"]
    strength = next(action for action in game._actions if action.dest == "strength")
    assert tuple(strength.choices) == STRENGTHS
    code, out, _ = run(["game", "--auto", "--seed", "1", "--strength", "steady", "--target", "61", "--five-card"])
    assert code == 0 and out


def test_language_is_read_before_the_parser_wherever_lang_stands():
    assert requested_language(["score", "--help", "--lang", "sk"]) == "sk"
    assert requested_language(["--lang", "pl", "game", "--lang=cs"]) == "cs"
    assert requested_language(["--lang", "xx", "stats"]) == requested_language([]) == "en"


# -- as a program ---------------------------------------------------------------------------


def test_python_dash_m_cribbage_runs_with_engine_on_the_path():
    env = dict(os.environ, PYTHONPATH=str(ENGINE))
    done = subprocess.run(
        [sys.executable, "-m", "cribbage", "score", "5H", "5S", "5C", "JD", "--starter", "5D", "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 29
    failed = subprocess.run(
        [sys.executable, "-m", "cribbage", "--lang", "cs", "score", "ZZ"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert failed.returncode == 2 and failed.stderr.count("\n") == 1 and "Traceback" not in failed.stderr


def test_subcommand_help_is_printed_in_the_language_given_after_the_subcommand():
    env = dict(os.environ, PYTHONPATH=str(ENGINE))
    done = subprocess.run(
        [sys.executable, "-m", "cribbage", "score", "--help", "--lang", "pl"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    polish, english = (
        json.loads((ENGINE / "cribbage" / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("pl", "en")
    )
    assert done.returncode == 0 and done.stdout.startswith(polish["cli.help.usage"])
    assert polish["cli.help.score.starter"] in done.stdout and english["cli.help.score.starter"] not in done.stdout


@pytest.mark.parametrize("lang", LANGUAGES)
def test_discard_text_ends_with_why_the_first_choice_beats_the_second(lang):
    options = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), dealer=False)
    owner = crib_owner(dealer=False, players=2)
    first, second = (discard_reason(option, owner) for option in options[:2])
    code, out, _ = run(["--lang", lang, "discard", "5H", "5S", "6C", "7D", "JH", "KS"])
    reason = out.split("\n\n")[-1].splitlines()
    assert code == 0 and reason == [explain_comparison(compare(first, second), lang), *explain(first, lang)]


def test_a_plays_points_follow_the_count_after_the_play_widgets_dash_not_a_second_colon():
    code, out, _ = run(
        ["--lang", "cs", "peg", "--hands", "7H 8D 5C KS | 8S 6C AH QD", "--plays", "7H 8S 5C 6C AH 8D QD KS"]
    )
    assert code == 0
    line = out.splitlines()[1]
    assert "součet 15 – " in line and line.count(":") == 2  # "Rozdávající: 8S" and "patnáctka: 2 body"
