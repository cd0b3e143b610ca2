"""One card, one verdict: the course's check, the practice page, the coach's review and the
computer's reason all weigh a card by the one risk model (``cribbage.analysis.risk``), so they agree on
what it gives away and on whether it is *safe* (no reply makes 15, 31 or a run; pairs are a
reply too, counted in the expected points, but not against "safe": the course's page says so)."""

from __future__ import annotations

import re
from functools import partial

import pytest
from cribbage.analysis.pegging_risk import best_cards, play_risks
from cribbage.analysis.risk import SAFE_KINDS, card_distribution
from cribbage.core.cards import DECK, parse_cards
from cribbage.core.game import Game
from cribbage.core.rules import GameRules
from cribbage.course import exercises
from cribbage.course.tasks import Task, TaskKind
from cribbage.i18n import card_name, points_text, t
from cribbage.players.coach import review_deal
from cribbage.players.computer import ComputerPlayer, choose_play
from helpers import call as call_widget
from helpers import text_of

call = partial(call_widget, "peg-practice")


def unseen(pile, hand):
    return [card for card in DECK if card not in pile and card not in hand]


def course(pile, hand):
    """The course's ``safe`` exercise on this position: each card's value (the worst reply by
    15, 31 or run) and the cards it accepts."""
    task = Task(TaskKind.PLAY, tuple(hand), pile=tuple(pile), goal="safe")
    options = {option.cards[0]: option for option in exercises.play_options(task) if option.cards and option.legal}
    return task, options, exercises.accepted(task)


@pytest.mark.parametrize("pile, hand", [("", "4S 5D KC 9H"), ("KH", "6S 4D 9C"), ("7C 8D", "6S 9H KC 2D")])
def test_the_course_the_practice_and_the_computer_weigh_a_card_alike(pile, hand):
    pile, hand = parse_cards(pile) if pile else (), parse_cards(hand)
    opponent = 3
    pool = unseen(pile, hand)
    task, options, accepted = course(pile, hand)
    risks = {risk.card: risk for risk in play_risks(pile, hand, opponent)}
    choice = choose_play(list(risks), pile, pool, opponent_cards=opponent, strength="steady")
    said = {str(choice.card): choice.reason.params.get("risk")} | {
        entry["card"]: entry["risk"] for entry in choice.reason.params.get("alternatives", [])
    }
    for card, risk in risks.items():
        model = card_distribution([*pile, card], pool)
        # the course: the card is safe exactly when the risk model says so
        assert (options[card].value == 0) == model.safe == risk.safe
        assert options[card].value == model.worst(kinds=SAFE_KINDS)
        verdict = exercises.check(task, card)
        assert verdict.correct == (card in accepted)
        # the practice: the same expected reply, pairs included, and the same worst
        assert risk.expected == model.expected(opponent) and risk.worst == model.worst()
        # the computer's reason: the same expected reply
        if choice.reason.code == "safest":
            assert said[str(card)] == round(risk.expected, 2)
    if any(risk.safe for risk in risks.values()):
        assert accepted == {card for card, risk in risks.items() if risk.safe}


def test_a_lead_of_a_four_is_safe_on_every_page_and_gives_away_only_a_pair():
    """The review's case: the four is the course's one safe lead, the practice's best net and the
    computer's card, and what it can give away is a pair only."""
    hand = parse_cards("4S 5D KC 9H")
    _task, options, accepted = course((), hand)
    four = hand[0]
    risks = play_risks((), hand, 4)
    choice = choose_play(hand, (), unseen((), hand), opponent_cards=4, strength="steady")
    assert accepted == {four} and options[four].value == 0
    assert best_cards(risks) == (four,)
    assert choice.card == four and choice.reason.code == "safest"
    assert choice.reason.params["risk"] == round(risks[0].expected, 2) > 0  # a pair is a reply too
    assert [reply.kinds for reply in risks[0].replies] == [("pair",)]


def test_the_practice_page_marks_the_cards_the_course_calls_safe():
    pile, hand = parse_cards("KH"), parse_cards("6S 4D 9C")
    state = {"uid": "w1", "players": 2, "pile": ["KH"], "hand": ["6S", "4D", "9C"], "opponent": 3, "chosen": None}
    html = call(state, {"action": "play", "value": "6S"})["html"]
    lines = {
        name: text_of(body)
        for name, body in re.findall(
            r'<li[^>]*><span class="cb-card cb-\w">.*?<span class="cb-sr">([^<]*)</span>(.*?)</li>', html
        )
    }
    _task, options, _accepted = course(pile, hand)
    for risk in play_risks(pile, hand, 3):
        line = lines[card_name(risk.card, "en")]
        assert (t("lesson.safe", "en") in line.split()) == (options[risk.card].value == 0) == risk.safe
        assert f"{points_text(risk.expected, 'en')} on average" in line


def test_the_coach_says_given_away_what_the_risk_model_said_could_be():
    """Over the plays of a few games: what the coach says an opponent pegged off a card is one of
    the replies the risk model lists for it, and a card the model (and the course) calls safe
    never gave away a fifteen, a 31 or a run."""
    checked, safe, safe_pair = 0, 0, 0
    for seed in range(1, 9):
        game = Game(GameRules(target=61), seed=seed)
        game.run([ComputerPlayer("steady", seed=seed), ComputerPlayer("easy", seed=seed + 1)])
        for deal in range(1, min(game.deals, 3) + 1):
            for play in review_deal(game, 0, deal, samples=4).plays:
                if play.chosen is None:
                    continue
                model = card_distribution([*play.pile, play.chosen], unseen(play.pile, play.held))
                _task, options, _accepted = course(play.pile, play.held)
                assert (options[play.chosen].value == 0) == model.safe
                if play.gave_away:
                    kinds = {tuple(kind for kind, _cards, _points in items) for _rank, _cards, items in model.replies}
                    assert play.gave_away in kinds
                    checked += 1
                if model.safe:
                    assert not set(play.gave_away) & set(SAFE_KINDS)
                    safe += 1
                    safe_pair += play.gave_away == ("pair",)
        if checked >= 3 and safe_pair:
            break
    assert checked >= 3 and safe >= 1 and safe_pair >= 1
