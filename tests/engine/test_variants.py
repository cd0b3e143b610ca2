"""The variants as data (cribbage.variants): one record per game, read by every rules
module instead of a flag; saved games and requests of the older flag still load."""

import ast
import io
import json
from pathlib import Path

import pytest
from helpers import LANGUAGES

import cribbage
from cribbage.cli import main
from cribbage.errors import UnknownVariantError
from cribbage.game import GameRules
from cribbage.i18n import error_message, t
from cribbage.variants import FIVE_CARD, SIX_CARD, VARIANTS, variant, variant_of

PACKAGE = Path(cribbage.__file__).resolve().parent

ALIAS_READERS = {"variants.py", "cli.py"}
"""Where the name ``five_card`` may still be read: the variants' own JSON aliases, and the
command line's ``--five-card``, an alias of ``--variant five-card``."""


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
