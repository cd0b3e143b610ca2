"""The coach's view in the game: its numbers are the engine's reviews (cribbage.players.coach),
computed here again from the game's own events, never read from the widget's code."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from cribbage.analysis.credit import tied
from cribbage.analysis.discard import analyse_discards
from cribbage.analysis.reasons import CribOwner, Difference, compare, discard_reason
from cribbage.core.cards import DECK
from cribbage.core.events import Shown
from cribbage.core.game import Game
from cribbage.core.rules import GameRules
from cribbage.i18n import LANGUAGES, t
from cribbage.players.coach import review_deal, review_game
from cribbage.players.computer import ComputerPlayer
from cribbage.players.reviews import DealReview, DiscardReview, PlayReview
from cribbage.widgets.discard_reason import explain, explain_comparison
from cribbage.widgets.game import READER, GameOptions, new_state
from cribbage.widgets.game.coach_view import deal_review_html, summary_html
from driver import send
from helpers import text_of
from test_game_players import look, reader_moves


def play_to(state: dict, player: ComputerPlayer, stop, miscount: int = 0) -> dict:
    """Play the reader's moves until ``stop(game)``; the last answer."""
    answer = {"state": state, "html": ""}
    while not stop(look(answer["state"])):
        for action in reader_moves(answer["state"], player, miscount):
            answer = send(answer["state"], action)
    return answer


def end_of_deal(game) -> bool:
    return game.is_over or (game.phase == "deal" and game.deals > 0)


def _floats(pattern: str, html: str) -> list[float]:
    return [float(value) for value in re.findall(pattern, html)]


def _said(state: dict) -> dict:
    return {(int(key.split(":")[0]), key.split(":")[1]): value for key, value in state.get("said", {}).items()}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_review_after_a_deal_shows_the_engines_numbers(players):
    state = new_state(GameOptions(players=players, strength="random", target=61), 17 + players, "g")
    answer = play_to(state, ComputerPlayer("random", seed=4), end_of_deal)
    game = look(answer["state"])
    expected = review_deal(game, READER, game.deals)
    html = answer["html"]
    assert f'class="cb-coach" data-deal="{game.deals}" open' in html
    panel = html[html.index('class="cb-coach"') :]
    discard = expected.discards[0]
    assert _floats(r'class="cb-coach-cost" data-cost="([\d.]+)"', panel) == [pytest.approx(discard.cost, abs=1e-4)]
    assert _floats(r'<tr data-index="\d+" data-cost="([\d.]+)"', panel) == [
        pytest.approx(play.cost, abs=1e-4) for play in expected.plays
    ]
    totals = re.search(r'data-discards="([\d.]+)" data-pegging="([\d.]+)" data-counting="([\d.]+)"', panel)
    assert float(totals.group(1)) == pytest.approx(expected.lost_to_discards, abs=1e-4)
    assert float(totals.group(2)) == pytest.approx(expected.lost_to_pegging, abs=1e-4)
    assert float(totals.group(3)) == expected.lost_to_counting
    # The reader's discard and the best one, by the advisor's numbers.
    assert t("game.coach_best", "en") in panel
    # A card that handed the next opponent points says so.
    for play in expected.plays:
        for kind in play.gave_away:
            assert t(f"game.gave_away_{kind}", "en") in panel


def test_the_review_of_a_miscounted_hand_names_what_was_missed_even_when_the_page_corrects_it():
    options = GameOptions(strength="random", counting="manual", muggins=False, target=61)
    answer = play_to(new_state(options, 5, "g"), ComputerPlayer("random", seed=3), end_of_deal, miscount=1)
    game = look(answer["state"])
    expected = review_deal(game, READER, game.deals, said=_said(answer["state"]))
    counts = [count for count in expected.counts if count.actual > 0]
    assert counts, "the reader counted nothing this deal"
    html = answer["html"]
    for count in counts:
        assert count.said == count.actual - 1
        assert t(f"game.coach_count_{count.what}", "en", said=count.said, actual=count.actual) in html
    assert f'data-counting="{expected.lost_to_counting:.4f}"' in html and expected.lost_to_counting >= 1


SHORT = 2


def _short_hand_reviews():
    """(review, combinations) for the reader's hand counted two points short, over seeded games between
    computers; the combinations of the show's items worth the gap, by kinds, found by brute force."""
    for seed in range(1, 40):
        game = Game(GameRules(target=61), seed=seed)
        game.run([ComputerPlayer("easy", seed=seed), ComputerPlayer("steady", seed=seed + 1)])
        hands = [event for event in game.events if isinstance(event, Shown) and event.seat == READER and not event.crib]
        for number, shown in enumerate(hands, start=1):
            items = shown.score.items
            combinations = {
                tuple(sorted(item.kind for item in subset))
                for size in range(1, len(items) + 1)
                for subset in itertools.combinations(items, size)
                if sum(item.points for item in subset) == SHORT
            }
            if combinations:
                said = {(number, "hand"): shown.actual - SHORT}
                yield review_deal(game, READER, number, samples=2, said=said), combinations


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_states_what_a_short_count_missed_only_when_it_is_certain(lang):
    stated = t("game.coach_missed", lang, items="\0").partition("\0")[0]  # "Missed: "
    seen = set()
    for review, combinations in _short_hand_reviews():
        text = text_of(deal_review_html(review, lang, True))
        if len(combinations) == 1:
            seen.add("certain")
            assert stated in text
        else:
            seen.add("uncertain")
            assert stated not in text, "a guess is stated as what was missed"
            for kinds in combinations:
                assert all(t(f"lesson.count.{kind}", lang, count=kinds.count(kind)) in text for kind in kinds)
        if seen == {"certain", "uncertain"}:
            return
    raise AssertionError(f"these games hold no short count of each kind: {seen}")


def _figures(html: str) -> list[float]:
    """The decimal figures of table cells, as the English page writes them (a true minus sign)."""
    return [
        float(value.replace("\N{MINUS SIGN}", "-"))
        for value in re.findall(r"<td>(\N{MINUS SIGN}?\d+\.\d\d)</td>", html)
    ]


def test_the_points_given_up_by_a_discard_are_the_difference_of_the_two_nets_shown():
    rng = random.Random(5)
    for _ in range(12):
        dealt = tuple(rng.sample(DECK, 6))
        options = analyse_discards(dealt, dealer=rng.random() < 0.5)
        best = options[0]
        for chosen in options[1:]:
            item = DiscardReview(1, READER, dealt, chosen.discard, chosen, best, best.net - chosen.net)
            html = deal_review_html(DealReview(1, (item,), (), ()), "en", True)
            _hand, _crib, yours, _hand_best, _crib_best, shown_best = _figures(html)
            verdict = re.search(r'class="cb-coach-cost"[^>]*>([^<]*)<', html).group(1)
            expected = (  # an expected value: two decimals, as in the table
                t("game.coach_lost", "en", points=f"{shown_best - yours:.2f} points")
                if item.cost > 0
                else t("game.coach_best_choice", "en")
            )
            assert verdict == expected, (dealt, chosen.discard)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_discard_review_says_why_the_best_beats_the_readers_discard_and_whose_crib_it_was(lang):
    rng = random.Random(7)
    for _ in range(6):
        dealt = tuple(rng.sample(DECK, 6))
        dealer = rng.random() < 0.5
        options = analyse_discards(dealt, dealer=dealer)
        owner = CribOwner.YOURS if dealer else CribOwner.DEALERS  # the review names another's crib the dealer's
        best = options[0]
        chosen = rng.choice([option for option in options if option.net < best.net])
        cost = best.net - chosen.net
        item = DiscardReview(1, READER, dealt, chosen.discard, chosen, best, cost)
        said = text_of(deal_review_html(DealReview(1, (item,), (), ()), lang, True))
        comparison = compare(discard_reason(chosen, owner), discard_reason(best, owner))
        assert text_of(explain_comparison(comparison, lang)) in said
        assert all(text_of(sentence) in said for sentence in explain(discard_reason(best, owner), lang))
        if tied(chosen.net, best.net):
            assert comparison.difference is Difference.TIED


def test_the_difference_of_a_card_played_is_the_difference_of_the_two_values_shown():
    game = Game(GameRules(players=3, target=61), seed=8)
    game.run([ComputerPlayer("random", seed=seat) for seat in range(3)])
    rows = 0
    for number in range(1, game.deals + 1):
        html = deal_review_html(review_deal(game, READER, number, samples=8), "en", True)
        for row in re.findall(r'<tr data-index="\d+" data-cost="[\d.]+">(.*?)</tr>', html):
            yours, best, difference = _figures(row)
            assert difference == pytest.approx(best - yours, abs=1e-9)
            rows += 1
    assert rows


def _written(value: float, lang: str) -> str:
    """A figure with two decimals in the language's decimal sign (the test's own writing)."""
    return f"{value:.2f}".replace(".", t("number.decimal", lang))


def test_the_summary_gives_up_the_sums_of_what_each_deals_review_shows_with_two_decimals():
    """One rounding, shown once: a moment's figure is the difference of the two figures its
    deal's review shows, the totals are their sums, and every one has two decimals."""
    game = Game(GameRules(players=2, target=61), seed=4)
    game.run([ComputerPlayer("random", seed=seat) for seat in range(2)])
    review = review_game(game, READER, samples=8)

    def shown(item: DiscardReview | PlayReview) -> float:
        if isinstance(item, DiscardReview):
            return round(item.best_option.net, 2) - round(item.chosen_option.net, 2)
        values = dict(item.values)
        return round(values[item.best], 2) - round(values[item.chosen], 2)

    discards = sum(shown(item) for deal in review.deals for item in deal.discards)
    pegging = sum(shown(item) for deal in review.deals for item in deal.plays)
    counting = sum(deal.lost_to_counting for deal in review.deals)
    assert review.costliest and any(moment.kind != "count" for moment in review.costliest)
    for lang in LANGUAGES:
        html = summary_html(review, lang)
        totals = text_of(re.search(r'<p class="cb-coach-totals".*?</p>', html).group(0))
        for figure in (discards, pegging, discards + pegging + counting):
            assert _written(figure, lang) in totals, (lang, figure, totals)
        assert re.findall(r"\d[.,]\d\b", totals) == [], totals  # never one decimal
        for moment, text in zip(review.costliest, re.findall(r"<li data-kind=.*?</li>", html)):
            deal = next(each for each in review.deals if each.deal == moment.deal)
            if moment.kind == "discard":
                assert _written(shown(deal.discards[0]), lang) in text_of(text)
            elif moment.kind == "play":
                assert _written(shown(next(p for p in deal.plays if p.index == moment.index)), lang) in text_of(text)


def test_the_summary_at_the_end_gives_the_games_totals_and_its_costliest_moments_to_replay():
    options = GameOptions(strength="random", target=61)
    answer = play_to(new_state(options, 23, "g"), ComputerPlayer("random", seed=9), lambda game: game.is_over)
    state, game = answer["state"], look(answer["state"])
    expected = review_game(game, READER)
    html = answer["html"]
    summary = html[html.index('class="cb-coach-summary"') :]
    totals = expected.totals
    assert (
        f'data-discards="{totals.discards:.4f}" data-pegging="{totals.pegging:.4f}" data-counting="{float(totals.counting):.4f}"'
        in summary
    )
    listed = re.findall(r'<li data-kind="(\w+)" data-deal="(\d+)" data-cost="([\d.]+)"', summary)
    assert [(kind, int(deal), float(cost)) for kind, deal, cost in listed] == [
        (moment.kind, moment.deal, pytest.approx(moment.cost, abs=1e-4)) for moment in expected.costliest
    ]
    assert len(listed) == min(3, len(listed)) and listed, "a random reader gives points away"
    # Each moment opens the replay of that deal's play, on the decision it reviews.
    opened = send(state, {"action": "moment", "value": "0"})
    moment = expected.costliest[0]
    replay = opened["state"]["replay"]["play"]
    assert replay["hands"] == [[str(card) for card in hand] for hand in moment.replay.hands]
    assert replay["step"] == moment.replay.start
    assert t("game.replay_title", "en", n=moment.deal) in opened["html"]
    stepped = send(opened["state"], {"action": "step", "value": str(moment.replay.start + 1)})
    assert stepped["state"]["replay"]["play"]["step"] == min(moment.replay.start + 1, len(replay["moves"]))
    assert stepped["state"]["game"] == state["game"], "the replay changed the game"
    back = send(stepped["state"], {"action": "replay-close"})
    assert back["state"]["replay"] is None and 'class="cb-coach-summary"' in back["html"]


def test_the_coach_can_be_turned_off():
    options = GameOptions(strength="random", target=61, coach=False)
    answer = play_to(new_state(options, 17, "g"), ComputerPlayer("random", seed=4), end_of_deal)
    assert "cb-coach" not in answer["html"] and "coach" not in answer["state"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_speaks_the_pages_language(lang):
    state = new_state(GameOptions(strength="random", players=3, target=61), 2, "g")
    answer = play_to(state, ComputerPlayer("random", seed=1), end_of_deal)
    html = send(answer["state"], {"action": "hint"}, lang)["html"]
    assert t("game.coach_deal", lang, n=look(answer["state"]).deals) in html


def test_a_forged_review_in_the_state_is_refused():
    state = new_state(GameOptions(strength="random", target=61), 17, "g")
    answer = play_to(state, ComputerPlayer("random", seed=4), end_of_deal)
    forged = {**answer["state"], "coach": [{**answer["state"]["coach"][0], "discards": "many"}]}
    with pytest.raises(AssertionError, match="refused"):
        send(forged, {"action": "hint"})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_short_count_the_coach_cannot_explain_says_the_gap_as_an_amount_of_points(lang):
    """Too many ways to make up the gap: the coach says only how many points were short, with its noun."""
    from cribbage.players.reviews import CountReview, DealReview
    from cribbage.widgets.game.coach_view import deal_review_html

    review = DealReview(1, (), (), (CountReview(1, "hand", said=4, actual=9, missed=(), over=0),))
    html = deal_review_html(review, lang, True)
    assert t("game.coach_short", lang, count=5) in html.replace("&nbsp;", "\N{NO-BREAK SPACE}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_overcount_is_said_with_how_many_points_too_many(lang):
    """cs reader: 'ohlásili jste 5, mají 4' alone did not say the count was one too many."""
    from cribbage.players.reviews import CountReview, DealReview
    from cribbage.widgets.game.coach_view import deal_review_html

    review = DealReview(1, (), (), (CountReview(1, "hand", said=5, actual=4, missed=(), over=1),))
    html = deal_review_html(review, lang, True).replace("&nbsp;", "\N{NO-BREAK SPACE}")
    assert t("game.coach_over", lang, count=1) in html
    assert t("game.coach_short", lang, count=1) not in html


@pytest.mark.parametrize(
    "short,words", [(1, "Brakuje 1 punktu."), (3, "Brakuje 3 punktów."), (5, "Brakuje 5 punktów.")]
)
def test_a_short_count_in_polish_takes_the_genitive_the_verb_governs(short, words):
    """The verb "brakuje" governs the genitive: "1 punktu", "3 punktów" (not the nominative "3 punkty")."""
    from cribbage.players.reviews import CountReview, DealReview
    from cribbage.typography import typeset
    from cribbage.widgets.game.coach_view import deal_review_html

    review = DealReview(1, (), (), (CountReview(1, "hand", said=4, actual=4 + short, missed=(), over=0),))
    html = deal_review_html(review, "pl", True).replace("&nbsp;", "\N{NO-BREAK SPACE}")
    assert typeset(words, "pl") in html, html


def test_a_best_card_that_gives_away_points_is_marked_the_best_not_a_mistake():
    best_still = t("game.gave_away_best", "en", notes="\0").partition("\0")[0]  # "the best card, though it "
    for seed in range(1, 30):
        game = Game(GameRules(target=61), seed=seed)
        game.run([ComputerPlayer("easy", seed=seed), ComputerPlayer("steady", seed=seed + 1)])
        review = review_deal(game, READER, 1, samples=2, said={})
        risky = [item for item in review.plays if item.gave_away]
        if any(item.chosen == item.best for item in risky) and any(item.chosen != item.best for item in risky):
            html = deal_review_html(review, "en", True)
            marks = re.findall(r'class="cb-gave-away">\(([^)]*)\)', html)
            assert sum(mark.startswith(best_still) for mark in marks) == sum(i.chosen == i.best for i in risky)
            return
    raise AssertionError("no deal had a best card and a worse card both giving away points")
