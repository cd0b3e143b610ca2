"""The variants as data (cribbage.core.variants): one record per game, read by every rules
module instead of a flag; saved games and requests of the older flag still load."""

import ast
import io
import json
import random
from itertools import combinations_with_replacement
from pathlib import Path

import cribbage
import pytest
from cribbage.cli.commands import main
from cribbage.core.cards import DECK, JACK, Card, parse_cards
from cribbage.core.game import Game
from cribbage.core.rules import GameRules
from cribbage.core.show import rank_points, score_show, show_total
from cribbage.core.variants import CRIB_SIZE, FIVE_CARD, SEVEN_CARD, SIX_CARD, VARIANTS, variant, variant_of
from cribbage.errors import CardCountError, UnknownVariantError, VariantPlayersError
from cribbage.i18n import LANGUAGES, error_message, number_word, t
from cribbage.players.computer import ComputerPlayer
from naive_scorer import naive_show_total

PACKAGE = Path(cribbage.__file__).resolve().parent

ALIAS_READERS = {"core/variants.py", "cli/commands.py", "widgets/source.py"}
"""Where the name ``five_card`` may still be read: the variants' own JSON aliases, the
command line's ``--five-card``, an alias of ``--variant five-card``, and the blocks' older
``five-card: yes`` (``source.game_variant``)."""


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _names(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.arg


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_tests_a_boolean_for_the_five_card_game(path):
    if str(path.relative_to(PACKAGE)) in ALIAS_READERS:
        return
    names = set(_names(ast.parse(path.read_text(encoding="utf-8"))))
    assert "five_card" not in names


def test_the_standard_game_is_the_default_variant_and_every_variant_is_named():
    assert GameRules().variant is SIX_CARD and VARIANTS["six-card"] is SIX_CARD
    assert all(variant(name).name == name for name in VARIANTS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unknown_variant_is_refused_with_a_coded_error_in_every_language(lang):
    with pytest.raises(UnknownVariantError) as caught:
        variant("nine-card")
    assert (caught.value.code, caught.value.params) == ("unknown_variant", {"name": "nine-card"})
    assert error_message(caught.value, lang) == t("error.unknown_variant", lang, name="nine-card")


def test_the_five_card_variant_holds_the_five_card_rules():
    assert (FIVE_CARD.kept, FIVE_CARD.target, FIVE_CARD.players, FIVE_CARD.board_laps) == (3, 61, (2,), 1)
    assert FIVE_CARD.play_ends_at_first_go and FIVE_CARD.three_for_last and FIVE_CARD.lurch
    assert not SIX_CARD.play_ends_at_first_go and not SIX_CARD.three_for_last
    assert (SIX_CARD.skunk_line, SIX_CARD.double_skunk_line) == (91, 61)


def test_the_rules_of_the_standard_and_five_card_games_are_saved_as_before():
    assert json.dumps(GameRules().to_json()) == (
        '{"players": 2, "target": 121, "five_card": false, "muggins": false, "lurch": false, '
        '"skunk_line": 91, "double_skunk_line": 61}'
    )
    assert json.dumps(GameRules(variant=FIVE_CARD, muggins=True).to_json()) == (
        '{"players": 2, "target": 61, "five_card": true, "muggins": true, "lurch": true, '
        '"skunk_line": null, "double_skunk_line": null}'
    )


@pytest.mark.parametrize("rules", [GameRules(), GameRules(variant=FIVE_CARD), GameRules(players=3, target=61)])
def test_saved_rules_load_back(rules):
    assert GameRules.from_json(json.loads(json.dumps(rules.to_json()))) == rules


def test_older_saves_name_the_variant_by_the_flag_or_not_at_all():
    assert variant_of({}) is SIX_CARD and variant_of({"five_card": False}) is SIX_CARD
    assert variant_of({"five_card": True}) is FIVE_CARD
    assert GameRules.from_json({"players": 2, "five_card": True}).variant is FIVE_CARD


def test_the_five_card_flag_is_an_alias_of_the_five_card_variant():
    alias = run(["game", "--auto", "--json", "--five-card", "--seed", "3", "--strength", "random"])
    named = run(["game", "--auto", "--json", "--variant", "five-card", "--seed", "3", "--strength", "random"])
    assert alias == named and alias[0] == 0
    assert json.loads(alias[1])["rules"]["five_card"] is True


# -- the seven-card game ---------------------------------------------------------------------


def test_the_seven_card_game_deals_seven_to_each_of_two_and_counts_hands_of_five_to_181():
    rules = GameRules(variant=SEVEN_CARD)
    assert (rules.deal_size, rules.discard_size, rules.hand_size, rules.target) == (7, 2, 5, 181)
    assert (rules.lurch, rules.lurch_line, rules.skunk_line) == (True, 91, None)
    assert SEVEN_CARD.players == (2,) and not SEVEN_CARD.play_ends_at_first_go and not SEVEN_CARD.three_for_last


def test_the_seven_card_game_is_for_two_players():
    with pytest.raises(VariantPlayersError) as caught:
        GameRules(players=3, variant=SEVEN_CARD)
    assert caught.value.code == "variant_players" and caught.value.params["players"] == 3
    assert all(error_message(caught.value, lang) for lang in LANGUAGES)


def test_a_five_card_flush_scores_five_in_hand_six_with_the_starter():
    hand = parse_cards("2H 4H 6H 8H TH")
    flush = [i.points for i in score_show(hand, Card.parse("KS"), hand_size=5).items if i.kind == "flush"]
    with_starter = [i.points for i in score_show(hand, Card.parse("QH"), hand_size=5).items if i.kind == "flush"]
    assert (flush, with_starter) == ([5], [6])


def test_a_run_of_six_over_the_hand_and_the_starter_scores_six():
    items = score_show(parse_cards("3C 4D 5S 6H 7C"), Card.parse("8D"), hand_size=5).items
    assert [(i.kind, i.points) for i in items if i.kind == "run"] == [("run", 6)]


def test_seven_card_hands_score_as_the_naive_scorer_on_random_deals():
    rng = random.Random(7)
    for _ in range(2000):
        cards = rng.sample(DECK, 6)
        hand, starter = cards[:5], cards[5]
        assert show_total(hand, starter, hand_size=5) == naive_show_total(hand, starter)


def test_the_show_takes_the_variants_hand_and_refuses_another_size():
    with pytest.raises(CardCountError):
        show_total(parse_cards("2H 4H 6H 8H"), Card.parse("KS"), hand_size=SEVEN_CARD.kept)
    with pytest.raises(CardCountError):
        show_total(parse_cards("2H 4H 6H 8H TH"), Card.parse("KS"))  # no variant named: 4 or 3 cards


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_seven_card_game_ends_exactly_at_181(seed):
    game = Game(GameRules(variant=SEVEN_CARD), seed=seed)
    computers = {seat: ComputerPlayer("steady", seed=seed * 10 + seat) for seat in range(2)}
    while not game.is_over:
        seat = game.to_act
        game.advance() if seat is None else game.apply(computers[seat](game, seat))
    deals = [event for event in game.events if event.kind == "deal"]
    assert deals and all(len(hand) == 7 for deal in deals for hand in deal.hands)
    shows = [event for event in game.events if event.kind == "show"]
    assert all(len(show.hand) == (4 if show.crib else 5) for show in shows)
    assert max(game.scores) == 181 and game.result.winner == game.scores.index(181)


def test_the_cli_plays_a_seven_card_game_to_181():
    code, out, _err = run(["game", "--auto", "--variant", "seven-card", "--seed", "1"])
    assert code == 0 and "181" in out.splitlines()[-2]
    code, out, _err = run(["game", "--auto", "--json", "--variant", "seven-card", "--seed", "1"])
    saved = json.loads(out)
    assert code == 0 and max(saved["scores"]) == 181 and saved["rules"]["variant"] == "seven-card"
    rules = GameRules.from_json(saved["rules"])
    assert rules.variant is SEVEN_CARD and rules.target == 181


def test_the_cli_scores_a_hand_of_five_with_the_seven_card_variant():
    code, out, _err = run(
        ["score", "2H", "4H", "6H", "8H", "TH", "--starter", "QH", "--variant", "seven-card", "--json"]
    )
    assert code == 0 and json.loads(out)["total"] == naive_show_total(parse_cards("2H 4H 6H 8H TH"), Card.parse("QH"))
    assert run(["score", "2H", "4H", "6H", "8H", "TH", "--starter", "QH"])[0] == 2


def test_the_cli_pegs_and_advises_the_seven_card_game():
    code, out, _err = run(
        ["peg", "--hands", "AH 2H 3H 4H 5H|AS 2S 3S 4S 5S", "--plays", "AH", "--variant", "seven-card", "--json"]
    )
    assert code == 0 and json.loads(out)["actions"][0]["card"] == "AH"
    code, out, _err = run(["discard", "5H", "5S", "6C", "7D", "JH", "KS", "2C", "--variant", "seven-card", "--json"])
    assert code == 0 and len(json.loads(out)) == 21  # every two of seven


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_peg_request_names_its_variant_or_is_refused_in_the_readers_language(lang):
    hands = ["AH 2H 3H 4H 5H", "AS 2S 3S 4S 5S"]
    seven = json.dumps({"hands": hands, "plays": "AH AS", "variant": "seven-card"})
    assert run_stdin(["--lang", lang, "peg", "--json", "-"], seven)[0] == 0
    code, _out, err = run_stdin(
        ["--lang", lang, "peg", "--json", "-"], json.dumps({"hands": hands, "plays": [], "variant": 7})
    )
    assert code == 2 and t("reason.type_name", lang) in err
    code, _out, err = run_stdin(
        ["--lang", lang, "peg", "--json", "-"], json.dumps({"hands": hands, "plays": [], "variant": "nine-card"})
    )
    assert code == 2 and t("error.unknown_variant", lang, name="nine-card") in err


def run_stdin(argv, stdin):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def highest_show(cards: int, crib: bool) -> int:
    """The highest show of ``cards`` cards (a hand or crib with its starter), over every multiset
    of ranks and every card of it as the starter: the ranks' points (``rank_points``), and the
    best the suits can add: a flush of all the cards (of the hand only, but for a crib), each
    with his nobs when a jack of the hand can share the starter's suit."""
    best = 0
    for ranks in combinations_with_replacement(range(1, 14), cards):
        if max(ranks.count(rank) for rank in ranks) > 4:
            continue
        for at in set(ranks):
            hand = list(ranks)
            hand.remove(at)
            distinct = len(set(hand)) == len(hand)
            nobs = int(JACK in hand and at != JACK)
            bonuses = [nobs]
            if distinct and at not in hand:
                bonuses.append(len(hand) + 1 + nobs)  # every card one suit, the jack's the starter's
            if distinct and not crib:
                bonuses.append(len(hand))  # the starter of another suit: no nobs then
            best = max(best, rank_points(tuple(sorted(ranks))) + max(bonuses))
    return best


@pytest.mark.parametrize("game", VARIANTS.values(), ids=lambda game: game.name)
def test_the_count_box_takes_the_highest_show_of_the_variant_and_no_more(game):
    """A show is the hand's kept cards or the crib's four, with the starter: ``max_show`` is the
    higher of their highest counts (the count box's limit on the game page)."""
    assert game.max_show == max(highest_show(game.kept + 1, crib=False), highest_show(CRIB_SIZE + 1, crib=True))


def test_the_highest_seven_card_show_is_scored_by_the_scorer():
    hand, starter = parse_cards("4S 4H 5D 5C 6S"), Card.parse("6H")
    assert score_show(hand, starter, hand_size=5).total == SEVEN_CARD.max_show == 46
    assert naive_show_total(hand, starter, False) == 46


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_show_total_of_every_variant_is_said_in_words(lang):
    """A count said aloud names its running total in words, up to the highest show of any game."""
    highest = max(game.max_show for game in VARIANTS.values())
    assert all(not number_word(total, lang).isdigit() for total in range(highest + 1))
