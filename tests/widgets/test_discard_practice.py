"""Discard practice (``cribbage-discard-practice``): the reader's throw set against the exact
advisor's ranking (:func:`cribbage.analysis.discard.analyse_discards`, itself checked against a brute
force in ``tests/engine/test_discard.py``), and every action of the widget in CPython."""

from __future__ import annotations

import re
from functools import partial
from html import unescape
from itertools import combinations

import pytest
from cribbage.analysis.discard import analyse_discards
from cribbage.analysis.reasons import compare, crib_owner, discard_reason, rival
from cribbage.core.cards import Card, parse_cards
from cribbage.i18n import LANGUAGES, card_name, number, t
from cribbage.widgets import BlockError, render_block
from cribbage.widgets.discard_reason import explain, explain_comparison
from helpers import call as call_widget
from helpers import state_of, text_of

KIND = "discard-practice"
CARDS = "5H 5S 6C 7D JH KS"


call = partial(call_widget, KIND)  # call(state, action, lang="en")


def state(cards=CARDS, dealer=True, role="dealer", selected="", thrown=False, players=2) -> dict:
    return {
        "uid": "w1",
        "players": players,
        "role": role,
        "dealer": dealer,
        "cards": cards.split(),
        "selected": selected.split(),
        "thrown": thrown,
    }


def throw(cards: str, dealer: bool, lang="en", players=2):
    """Tap the cards of ``cards`` one by one, then throw: the answer of each step."""
    current = state(
        CARDS if players == 2 else "5H 5S 6C 7D JH", dealer, "dealer" if dealer else "pone", players=players
    )
    for card in cards.split():
        current = call(current, {"action": "select", "value": card}, lang)["state"]
    return call(current, {"action": "throw"}, lang)


def rows(html: str) -> list[tuple[frozenset[str], str, str]]:
    """(discarded card names, the row's classes, its net) per row of the table."""
    found = []
    for classes, body in re.findall(r"<tr( class=\"[^\"]*\")?[^>]*>(<td>.*?)</tr>", html):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", body)
        names = frozenset(re.findall(r'<span class="cb-card[^"]*">.*?<span class="cb-sr">([^<]*)</span>', cells[0]))
        found.append((names, classes, text_of(cells[2]).strip()))
    return found


def names(cards) -> frozenset[str]:
    return frozenset(card_name(card, "en") for card in cards)


# -- the ranking ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [True, False])
def test_every_throw_gets_the_rank_and_nets_of_the_advisor(dealer):
    options = analyse_discards(CARDS, dealer)
    best = options[0]
    for pair in combinations(parse_cards(CARDS), 2):
        answer = throw(" ".join(map(str, pair)), dealer)
        mine = next(option for option in options if set(option.discard) == set(pair))
        rank = 1 + sum(1 for option in options if option.net > mine.net + 1e-9)
        verdict = text_of(re.search(r'<p class="cb-verdict" data-announce>(.*?)</p>', answer["html"]).group(1))
        if rank == 1:
            assert verdict.startswith("Your throw") and "is the best" in verdict
        else:
            assert f"is number {rank} of 15: net {number(mine.net, 'en')}" in verdict
            lost = round(best.net, 2) - round(mine.net, 2)  # of the two nets shown
            assert f"nets {number(best.net, 'en')}: {lost:.2f} points more" in verdict
        table = rows(answer["html"])
        assert [(row[0], row[2]) for row in table] == [(names(o.discard), number(o.net, "en")) for o in options]
        chosen = [row for row in table if "cb-chosen" in row[1]]
        assert [row[0] for row in chosen] == [names(pair)]
        assert "cb-best" in table[0][1]


def test_a_throw_the_table_shows_as_tied_with_the_best_is_called_the_best():
    """Adversary D3: 3S AD 9C 2D QH QS, the opponent deals: A♦ 9♣ nets 4.12 like the best."""
    current = state("3S AD 9C 2D QH QS", dealer=False, role="pone")
    for card in ("AD", "9C"):
        current = call(current, {"action": "select", "value": card})["state"]
    answer = call(current, {"action": "throw"})
    verdict = text_of(re.search(r'<p class="cb-verdict" data-announce>(.*?)</p>', answer["html"]).group(1))
    assert "is the best: net 4.12" in verdict, verdict
    assert all("cb-best" in row[1] for row in rows(answer["html"]) if row[2] == "4.12")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("dealer", "players"), [(True, 2), (False, 2), (False, 3)])
def test_every_throw_says_why_the_best_beats_it_or_the_runner_up_when_it_is_the_best(lang, dealer, players):
    dealt = CARDS if players == 2 else "5H 5S 6C 7D JH"
    options = analyse_discards(dealt, dealer, players=players)
    owner = crib_owner(dealer, players)
    for mine in options[:3]:
        html = throw(" ".join(map(str, mine.discard)), dealer, lang, players)["html"]
        said = text_of(re.search(r'<p class="cb-reason">(.*?)</p>', html).group(1))
        comparison = compare(discard_reason(mine, owner), discard_reason(rival(options, mine), owner))
        assert said == text_of(" ".join([explain_comparison(comparison, lang), *explain(comparison.better, lang)]))


def test_the_crib_counts_for_the_dealer_and_against_the_pone():
    fives = {
        dealer: next(o for o in analyse_discards(CARDS, dealer) if {str(c) for c in o.discard} == {"5H", "5S"})
        for dealer in (True, False)
    }
    # The kept hand is the same; the crib is added for the dealer and taken off for the pone.
    assert fives[True].net - fives[False].net == pytest.approx(2 * fives[True].crib_mean)
    for dealer, words in ((True, "discard_practice.you_deal"), (False, "discard_practice.they_deal")):
        shown = text_of(throw("5H 5S", dealer)["html"])
        assert f"net {number(fives[dealer].net, 'en')}" in shown and t(words, "en") in shown


def test_three_players_throw_one_card_of_five():
    options = analyse_discards("5H 5S 6C 7D JH", True, players=3)
    answer = throw(str(options[0].discard[0]), True, players=3)
    assert "is the best" in text_of(answer["html"]) and len(rows(answer["html"])) == 5


# -- the widget ----------------------------------------------------------------------------------


def test_the_printed_deal_is_fixed_by_the_block_and_its_answer_folded():
    first, second = (render_block(KIND, "dealer: random", "en") for _ in range(2))
    assert first == second and '<details class="cb-answer-box">' in first
    shown = state_of(first)
    assert len(shown["cards"]) == 6 and shown["selected"] == [] and shown["role"] == "random"
    assert state_of(render_block(KIND, "dealer: yes", "en"))["dealer"] is True
    assert state_of(render_block(KIND, "dealer: no", "en"))["dealer"] is False


@pytest.mark.parametrize(("source", "line"), [("dealer: maybe", 1), ("players: 1", 1), ("\n\ncolour: red", 3)])
def test_a_bad_block_is_refused_naming_its_line(source, line):
    with pytest.raises(BlockError) as refused:
        render_block(KIND, source, "en")
    assert refused.value.line == line


def test_tapping_selects_and_unselects_and_a_third_card_lets_go_of_the_first():
    current = state()
    for card in ("5H", "JH", "KS"):
        current = call(current, {"action": "select", "value": card})["state"]
    assert current["selected"] == ["JH", "KS"]
    answer = call(current, {"action": "select", "value": "JH"})
    assert answer["state"]["selected"] == ["KS"]
    assert re.search(r'data-key="throw"[^>]*disabled', answer["html"])
    pressed = re.findall(r'data-value="(\w+)"[^>]*aria-pressed="true"', answer["html"])
    assert pressed == ["KS"]


def test_a_throw_of_too_few_cards_is_refused_in_the_language():
    answer = call(state(selected="KS"), {"action": "throw"}, "pl")
    assert answer["state"]["thrown"] is False
    assert t("discard_practice.choose", "pl", count=2) in text_of(answer["html"])


def test_the_role_switch_rescores_the_throw_and_random_keeps_this_deals_role():
    thrown = throw("JH KS", True)["state"]
    pone = call(thrown, {"action": "set", "name": "role", "value": "0"})
    assert pone["state"]["dealer"] is False and pone["state"]["thrown"] is True
    mine = next(o for o in analyse_discards(CARDS, False) if {str(c) for c in o.discard} == {"JH", "KS"})
    assert f"net {number(mine.net, 'en')}" in text_of(pone["html"])
    drawn = call(pone["state"], {"action": "set", "name": "role", "value": "random"})
    assert drawn["state"]["role"] == "random" and drawn["state"]["dealer"] is False


def test_new_cards_deal_six_fresh_cards_and_clear_the_throw():
    dealt = call(throw("JH KS", True)["state"], {"action": "deal"})
    assert len(set(dealt["state"]["cards"])) == 6 and dealt["state"]["selected"] == [] and not dealt["state"]["thrown"]
    assert 'class="cb-verdict"' not in dealt["html"]


@pytest.mark.parametrize(
    "bad",
    [
        state(cards="5H 5S 6C 7D JH"),  # five cards for two players
        state(selected="2C"),  # a card not dealt
        state(selected="5H 5S 6C"),  # more than the throw
        state(selected="5H", thrown=True),  # a throw of one card
        state(role="maybe"),
        {**state(), "dealer": "yes"},
        {**state(), "players": 6},
    ],
)
def test_a_state_that_makes_no_sense_is_answered_in_the_language(bad):
    assert call(bad, {"action": "noop"}, "cs") == {"error": t("error.bad_state", "cs")}


def test_a_card_dealt_twice_is_named_in_the_language():
    answer = call(state(cards="5H 5H 6C 7D JH KS"), {"action": "noop"}, "cs")
    assert set(answer) == {"error"} and card_name(Card.parse("5H"), "cs") in answer["error"]


@pytest.mark.parametrize(
    "action",
    [
        {"action": "select", "value": "2C"},
        {"action": "select", "value": "<b>"},
        {"action": "set", "name": "role", "value": "2"},
    ],
)
def test_an_action_that_no_page_sends_is_refused(action):
    assert call(state(), action, "sk") == {"error": t("error.bad_state", "sk")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_renders_the_deal_and_the_verdicts(lang):
    html = render_block(KIND, "dealer: yes", lang)
    assert f'data-lang="{lang}"' in html and t("discard_practice.throw", lang) in unescape(html)
    best = analyse_discards(CARDS, True)[0]
    right = throw(" ".join(map(str, best.discard)), True, lang)
    assert t("ui.best_choice", lang) in unescape(right["html"]) and t("ui.your_choice", lang) in unescape(right["html"])
    worse = throw("5H 5S", False, lang)
    assert t("discard_practice.measure", lang) in unescape(worse["html"])
    assert card_name(Card.parse("5H"), lang) in unescape(worse["html"])
