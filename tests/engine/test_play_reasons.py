"""A card's reason in the play: its facts are the risk model's numbers, its "better than" is
true by the figures shown, a tie is never called better, no reason cites a player who holds
no cards, and every language says every reason."""

import random
from dataclasses import replace
from itertools import combinations

import pytest
from cribbage.analysis.credit import shown
from cribbage.analysis.pegging_risk import PegSituation, deal_peg_situation, play_risks
from cribbage.analysis.play_reasons import PlayComparison, PlayDifference, compare_plays, play_reason
from cribbage.core.cards import parse_cards
from cribbage.i18n import LANGUAGES, lookup
from cribbage.widgets.play_reason import explain_play, explain_play_comparison

SITUATIONS = [deal_peg_situation(random.Random(seed), players) for seed in range(20) for players in (2, 3)]
"""Moments of real plays, two and three players."""


def _reasons(situation: PegSituation, opponent_cards: int | None = None):
    held = situation.opponent_cards if opponent_cards is None else opponent_cards
    risks = play_risks(situation.pile, situation.hand, held)
    return risks, [play_reason(risk, held) for risk in risks]


def _chance(unseen: int, cards: int, held: int) -> float:
    """The chance that ``held`` cards drawn from ``unseen`` include one of ``cards``, one draw at a time."""
    none = 1.0
    for drawn in range(held):
        none *= (unseen - cards - drawn) / (unseen - drawn)
    return 1 - none


@pytest.mark.parametrize("situation", SITUATIONS)
def test_a_plays_facts_are_the_risk_models_numbers(situation):
    risks, reasons = _reasons(situation)
    for risk, reason in zip(risks, reasons, strict=True):
        assert (reason.card, reason.pegs, reason.expected_reply, reason.net) == (
            risk.card,
            risk.points,
            risk.expected,
            risk.net,
        )
        top = risk.replies[0] if risk.replies else None
        assert reason.top_reply == (top.points if top else 0) == risk.worst
        assert reason.top_chance == pytest.approx(
            _chance(risk.unseen, top.cards, situation.opponent_cards) if top else 0
        )


def _holds(comparison: PlayComparison) -> bool:
    pegs = comparison.better.pegs - comparison.other.pegs
    risk = shown(comparison.other.expected_reply) - shown(comparison.better.expected_reply)
    match comparison.difference:
        case PlayDifference.TIED:
            return shown(comparison.better.net) == shown(comparison.other.net)
        case PlayDifference.BOTH:
            return pegs > 0 and risk > 0
        case PlayDifference.PEGS_ONLY:
            return pegs > 0 and risk == 0
        case PlayDifference.RISK_ONLY:
            return pegs == 0 and risk > 0
        case PlayDifference.PEGS_OUTWEIGH_RISK:
            return pegs > -risk > 0
        case PlayDifference.RISK_OUTWEIGHS_PEGS:
            return risk > -pegs > 0
        case PlayDifference.NET_ONLY:
            return shown(comparison.better.net) > shown(comparison.other.net)
    return False


@pytest.mark.parametrize("situation", SITUATIONS)
def test_the_better_than_sentence_is_true_by_the_figures_shown_and_a_tie_is_never_better(situation):
    _risks, reasons = _reasons(situation)
    for first, second in combinations(reasons, 2):
        comparison = compare_plays(first, second)
        assert _holds(comparison), comparison
        low, high = sorted((shown(first.net), shown(second.net)))
        assert (comparison.difference is PlayDifference.TIED) == (low == high)


@pytest.mark.parametrize("situation", SITUATIONS[:8])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reason_never_cites_the_reply_of_a_player_who_holds_no_cards(situation, lang):
    _risks, reasons = _reasons(situation, opponent_cards=0)
    for reason in reasons:
        assert explain_play(reason, lang) == "" and reason.expected_reply == 0 == reason.top_reply
    for first, second in combinations(reasons, 2):
        comparison = compare_plays(first, second)
        assert comparison.difference in (PlayDifference.TIED, PlayDifference.PEGS_ONLY)
        # the sentence said has no place for a reply
        assert "{expected}" not in lookup(f"reason.play.{comparison.difference.value}", lang)
        assert explain_play_comparison(comparison, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("difference", list(PlayDifference))
def test_every_language_says_every_play_reason_without_a_missing_key_or_placeholder(lang, difference):
    risks = play_risks(parse_cards("5C"), parse_cards("5H KD 4S"), opponent_cards=3)
    first, second = (play_reason(risk, 3) for risk in risks[:2])
    sentences = [explain_play_comparison(PlayComparison(first, second, difference), lang)]
    sentences += [explain_play(first, lang), explain_play(replace(first, top_reply=0), lang)]
    assert all(sentence and not set("{}") & set(sentence) and "reason." not in sentence for sentence in sentences)
    assert all(sentence.endswith(".") and sentence[0].isupper() for sentence in sentences)
