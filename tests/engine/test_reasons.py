"""A discard's reason: its facts are the advisor's numbers, its "better than" is true by the
figures the tables show, a tie is never called better, and every language says every reason."""

import random
from dataclasses import replace
from decimal import Decimal
from itertools import combinations

import pytest
from cribbage.analysis.credit import shown, tied
from cribbage.analysis.discard import DiscardOption, analyse_discards
from cribbage.analysis.reasons import (
    CribOwner,
    Difference,
    DiscardComparison,
    adds_crib,
    compare,
    crib_owner,
    discard_reason,
    rival,
)
from cribbage.core.cards import DECK, parse_cards
from cribbage.core.deal import deal_shape
from cribbage.i18n import LANGUAGES, card_symbol, expected_points_text, lookup, number, t
from cribbage.widgets.discard_reason import CRIB_KEYS, explain, explain_comparison
from naive_scorer import naive_show_total

POSITIONS = [(seed, players, dealer) for seed in range(6) for players in (2, 3) for dealer in (True, False)]
"""Generated deals: many seeds, two and three players, the reader's own crib and another's."""


def _options(seed: int, players: int, dealer: bool) -> list[DiscardOption]:
    cards = random.Random(seed).sample(DECK, deal_shape(players).dealt)
    return analyse_discards(cards, dealer, players=players)


@pytest.fixture(scope="module", params=POSITIONS, ids=lambda position: "seed{}-{}p-{}".format(*position))
def position(request):
    seed, players, dealer = request.param
    return _options(seed, players, dealer), crib_owner(dealer, players), dealer


def test_a_reasons_facts_are_the_analysis_it_came_from(position):
    options, owner, dealer = position
    for option in options:
        reason = discard_reason(option, owner)
        dealt = (*option.keep, *option.discard)
        # every starter the reader has not seen, scored by the independent naive scorer
        scores = {starter: naive_show_total(list(option.keep), starter) for starter in DECK if starter not in dealt}
        top = max(scores.values())
        assert (reason.discard, reason.keep) == (option.discard, option.keep)
        assert (
            (reason.hand_least, reason.top_score) == (option.hand_min, option.hand_max) == (min(scores.values()), top)
        )
        assert reason.top_ranks == tuple(sorted({card.rank for card, score in scores.items() if score == top}))
        assert (reason.hand_mean, reason.crib_mean, reason.net) == (option.hand_mean, option.crib_mean, option.net)
        assert reason.own_crib is dealer is adds_crib(option)


def test_whose_crib_is_the_readers_when_they_deal_else_the_opponents_or_the_dealers():
    assert crib_owner(dealer=True, players=2) is crib_owner(dealer=True, players=3) is CribOwner.YOURS
    assert crib_owner(dealer=False, players=2) is CribOwner.OPPONENTS
    assert crib_owner(dealer=False, players=3) is crib_owner(dealer=False, players=4) is CribOwner.DEALERS


def _holds(comparison: DiscardComparison) -> bool:
    """What the sentence of the comparison claims, checked on the figures the table shows."""
    better, other = comparison.better, comparison.other
    kept = shown(better.hand_mean) - shown(other.hand_mean)
    crib = (shown(better.crib_mean) - shown(other.crib_mean)) * (1 if better.own_crib else -1)
    match comparison.difference:
        case Difference.TIED:
            return shown(better.net) == shown(other.net)
        case Difference.BOTH:
            return kept > 0 and crib > 0
        case Difference.KEPT_ONLY:
            return kept > 0 and crib == 0
        case Difference.CRIB_ONLY:
            return kept == 0 and crib > 0
        case Difference.KEPT_OUTWEIGHS_CRIB:
            return kept > -crib > 0
        case Difference.CRIB_OUTWEIGHS_KEPT:
            return crib > -kept > 0
        case Difference.NET_ONLY:
            return shown(better.net) > shown(other.net)
    return False


def test_the_better_than_sentence_is_true_by_the_figures_shown(position):
    options, owner, _ = position
    reasons = [discard_reason(option, owner) for option in options]
    for first, second in combinations(reasons, 2):
        comparison = compare(first, second)
        assert comparison.better.net >= comparison.other.net
        assert _holds(comparison), comparison
        if comparison.difference is not Difference.TIED:
            assert shown(comparison.better.net) > shown(comparison.other.net)


def test_a_tie_is_never_called_better_and_says_both_are_equal(position):
    options, owner, _ = position
    reasons = [discard_reason(option, owner) for option in options]
    for first, second in combinations(reasons, 2):
        comparison = compare(first, second)
        worse, better = sorted((first.net, second.net))
        assert (comparison.difference is Difference.TIED) == tied(worse, better) == (shown(worse) == shown(better))
        if comparison.difference is Difference.TIED:
            for lang in LANGUAGES:
                assert explain_comparison(comparison, lang) == t(
                    "reason.discard.tied",
                    lang,
                    better=" ".join(map(card_symbol, comparison.better.discard)),
                    other=" ".join(map(card_symbol, comparison.other.discard)),
                    net=number(comparison.better.net, lang),
                )


def test_the_figures_of_a_comparison_sentence_are_the_two_choices_as_the_tables_print_them(position):
    options, owner, _ = position
    best = discard_reason(options[0], owner)
    for option in options[1:]:
        comparison = compare(best, discard_reason(option, owner))
        for lang in LANGUAGES:
            text = explain_comparison(comparison, lang)
            better, other = comparison.better, comparison.other
            figures = {
                Difference.TIED: [better.net],
                Difference.NET_ONLY: [better.net, other.net],
                Difference.KEPT_ONLY: [better.hand_mean, other.hand_mean, better.crib_mean],
                Difference.CRIB_ONLY: [better.crib_mean, other.crib_mean],
            }.get(comparison.difference, [better.hand_mean, other.hand_mean, better.crib_mean, other.crib_mean])
            assert all(number(value, lang) in text for value in figures), (lang, text)
            if comparison.difference not in (Difference.TIED, Difference.NET_ONLY, Difference.CRIB_ONLY):
                gain = expected_points_text(float(abs(comparison.kept_gain)), lang)
                assert gain in text, (lang, text)


def test_a_reasons_facts_say_the_kept_cards_the_best_starters_and_whose_crib(position):
    options, owner, _ = position
    for lang in LANGUAGES:
        ranks = [rank["name"] for rank in lookup("card.ranks", lang)]
        for option in options:
            reason = discard_reason(option, owner)
            keep, starters, crib = explain(reason, lang)
            assert all(card_symbol(card) in keep for card in reason.keep)
            assert expected_points_text(reason.hand_mean, lang) in keep
            assert all(ranks[rank - 1] in starters for rank in reason.top_ranks)
            assert crib == t(CRIB_KEYS[owner], lang, crib=expected_points_text(reason.crib_mean, lang))


def test_the_reason_is_set_against_the_best_or_when_it_is_the_best_against_the_runner_up():
    options = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), dealer=True)
    assert rival(options, options[4]) == options[0]
    assert rival(options, options[0]) == options[1]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("difference", list(Difference))
@pytest.mark.parametrize("own_crib", [True, False])
def test_every_language_says_every_reason_without_a_missing_key_or_placeholder(lang, difference, own_crib):
    options = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), dealer=own_crib)
    for owner in CribOwner:
        first, second = (replace(discard_reason(option, owner), own_crib=own_crib) for option in options[:2])
        text = explain_comparison(DiscardComparison(first, second, difference), lang)
        sentences = [text, *explain(first, lang)]
        assert all(sentence and not set("{}") & set(sentence) and "reason." not in sentence for sentence in sentences)
        assert all(sentence.endswith(".") for sentence in sentences)


def test_the_shown_gains_add_up_to_what_the_nets_show_within_their_rounding(position):
    options, owner, _ = position
    best = discard_reason(options[0], owner)
    for option in options[1:]:
        comparison = compare(best, discard_reason(option, owner))
        assert abs(comparison.kept_gain + comparison.crib_gain - comparison.net_gain) <= Decimal("0.02")
