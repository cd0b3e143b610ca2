"""The coach's review of a seat's decisions, against the advisor, a brute force of the
pegging, and recounts written here; and seeded 3- and 4-player games with the expert."""

import itertools
import json

import pytest
from cribbage.analysis.discard import analyse_discards
from cribbage.core.cards import DECK, parse_cards, parse_hand_and_starter
from cribbage.core.events import Deal, Discard, Pegged, Shown, Starter
from cribbage.core.game import Game
from cribbage.core.play import Play, replay
from cribbage.core.rules import Action, GameRules
from cribbage.core.show import SHOW_KINDS, score_show
from cribbage.errors import IllegalActionError
from cribbage.players.coach import _DealLog, _review_discard, missed_ways, review_deal, review_game
from cribbage.players.computer import ComputerPlayer
from cribbage.players.reviews import DealReview
from naive_lookahead import brute_force
from naive_pegging import naive_play, points_of_last_card, value
from naive_scorer import naive_show_total

READER = 0
SAMPLES = 24


class ShortCounter:
    """The reader: plays like ``easy`` (it gives points away) and, when counts are
    announced, says ``short`` points less than each hand holds."""

    def __init__(self, short=0):
        self.computer = ComputerPlayer("easy", seed=11)
        self.short = short

    def __call__(self, game, seat):
        if game.expected == "announce":
            _owner, cards, crib = game.next_show()
            actual = naive_show_total(cards, game.starter, crib=crib)
            return Action("announce", seat, points=max(0, actual - self.short))
        return self.computer(game, seat)


def played_game(players=2, seed=1, target=61, short=0):
    rules = GameRules(players=players, target=target, muggins=short > 0)
    game = Game(rules, seed=seed)
    seats = [ShortCounter(short)] + [ComputerPlayer("steady", seed=seed * 10 + seat) for seat in range(1, players)]
    game.run(seats)
    return game


def deals_of(game):
    """Each deal's events, as a list of lists (split at every Deal)."""
    deals = []
    for event in game.events:
        if isinstance(event, Deal):
            deals.append([])
        if deals:
            deals[-1].append(event)
    return deals


def play_order(game, events):
    """The kept hands in play order (left of the dealer first) and the reader's place."""
    deal = events[0]
    n = game.rules.players
    discards = {event.seat: event.cards for event in events if isinstance(event, Discard)}
    kept = {seat: [card for card in deal.hands[seat] if card not in discards.get(seat, ())] for seat in range(n)}
    order = [(deal.dealer + 1 + place) % n for place in range(n)]
    return [kept[seat] for seat in order], order.index(READER)


# -- discards ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_discard_review_equals_the_advisor(players):
    game = played_game(players, seed=players)
    for number, events in enumerate(deals_of(game), start=1):
        discard = next((e for e in events if isinstance(e, Discard) and e.seat == READER), None)
        review = review_deal(game, READER, number, samples=SAMPLES)
        if discard is None:
            assert review.discards == ()
            continue
        deal = events[0]
        dealer = game.rules.side_of(READER) == game.rules.side_of(deal.dealer)
        options = analyse_discards(deal.hands[READER], dealer, players=players)
        chosen = next(option for option in options if set(option.discard) == set(discard.cards))
        best = max(options, key=lambda option: option.net)
        (item,) = review.discards
        if f"{chosen.net:.2f}" == f"{best.net:.2f}":  # the same figure in the table: a best one
            assert item.best_option == chosen and item.cost == 0
        else:
            assert item.chosen_option == chosen and item.best_option.net == best.net
            assert item.cost == pytest.approx(best.net - chosen.net)
        assert review.lost_to_discards == item.cost >= 0


def test_a_discard_the_table_shows_as_tied_with_the_best_is_reviewed_as_a_best_one_costing_nothing():
    """Adversary D3's hand, the opponent dealing: A♦ 9♣ nets 4.12 as the best (9♣ Q♥) does,
    a few thousandths less; such hands are too rare to wait for in a seeded game."""
    hand, other = parse_cards("3S AD 9C 2D QH QS"), parse_cards("4H 5C 6D 7S 8H KC")
    log = _DealLog(Deal(1, (hand, other), ()), {READER: parse_cards("AD 9C")}, None, (), ())
    item = _review_discard(log, GameRules(players=2), READER, 1)
    options = analyse_discards(hand, False)
    assert options[0].net > item.chosen_option.net and f"{options[0].net:.2f}" == f"{item.chosen_option.net:.2f}"
    assert item.best_option == item.chosen_option and item.cost == 0


# -- plays -------------------------------------------------------------------------------


def gave_away(pile_after, next_card):
    """Kinds the next card pegs on the pile, recounted here."""
    pile = [*pile_after, next_card]
    count = sum(value(card) for card in pile)
    kinds = []
    if count == 15:
        kinds.append("fifteen")
    if count == 31:
        kinds.append("thirty_one")
    if len(pile) >= 2 and pile[-1].rank == pile[-2].rank:
        kinds.append("pair")
    elif points_of_last_card(pile) - 2 * (count in (15, 31)) > 0:
        kinds.append("run")
    return set(kinds)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_play_is_valued_from_the_readers_view(players):
    """Every card the reader played is reviewed at its place in the play: the legal
    cards then (recounted), the card chosen, the best, the cost; and what the next
    opponent to play in that count pegged off it."""
    game = played_game(players, seed=20 + players)
    rules = game.rules
    for number, events in enumerate(deals_of(game), start=1):
        review = review_deal(game, READER, number, samples=SAMPLES)
        hands, place = play_order(game, events)
        actions = [event.action for event in events if isinstance(event, Pegged)]
        mine = [index for index, action in enumerate(actions) if action.seat == READER and action.card]
        assert [item.index for item in review.plays] == mine
        for item in review.plays:
            pile, count, held = [], 0, list(hands[place])
            for action in actions[: item.index]:
                if action.card is not None:
                    pile.append(action.card)
                    count += value(action.card)
                    if action.seat == READER:
                        held.remove(action.card)
                if action.reset:
                    pile, count = [], 0
            assert item.count_before == count and list(item.pile) == pile and set(item.held) == set(held)
            legal = {card for card in held if count + value(card) <= 31}
            values = dict(item.values)
            assert set(values) == legal and item.chosen == actions[item.index].card
            assert values[item.best] == max(values.values())
            assert item.cost == pytest.approx(max(values.values()) - values[item.chosen]) and item.cost >= 0
            expected = set()
            if not actions[item.index].reset:
                nxt = next((a for a in actions[item.index + 1 :] if a.card is not None or a.reset), None)
                if nxt is not None and nxt.card is not None and rules.side_of(nxt.seat) != rules.side_of(READER):
                    expected = gave_away([*pile, item.chosen], nxt.card)
            assert set(item.gave_away) == expected
        assert review.lost_to_pegging == pytest.approx(sum(item.cost for item in review.plays))


def test_late_plays_are_valued_as_the_brute_force_values_them():
    """When the other hands hold at most two cards the values are exact; they equal
    the brute force over every card hand the opponent may hold."""
    checked = 0
    for seed in range(1, 6):
        game = played_game(2, seed=seed)
        for number, events in enumerate(deals_of(game), start=1):
            starter = next((e.card for e in events if isinstance(e, Starter)), None)
            if starter is None:
                continue
            review = review_deal(game, READER, number, samples=100)
            hands, place = play_order(game, events)
            actions = [event.action for event in events if isinstance(event, Pegged)]
            unseen = [card for card in DECK if card not in events[0].hands[READER] and card != starter]
            for item in review.plays:
                play = Play(hands)
                for action in actions[: item.index]:
                    play.go() if action.card is None else play.play(action.card)
                if len(play.held(1 - place)) > 1 or len(item.values) < 2:
                    continue
                expected = brute_force(hands, place, unseen, before=play.actions)
                for card, got in item.values:
                    assert got == pytest.approx(expected[card], abs=1e-9)
                checked += 1
    assert checked >= 3


# -- counts ------------------------------------------------------------------------------


def test_short_counts_are_reviewed_with_items_that_make_up_the_difference():
    game = played_game(2, seed=5, short=2)
    shortfalls = 0
    for number, events in enumerate(deals_of(game), start=1):
        review = review_deal(game, READER, number, samples=SAMPLES)
        shown = [e for e in events if isinstance(e, Shown) and e.seat == READER]
        assert len(review.counts) == len(shown)
        for item, event in zip(review.counts, shown):
            actual = naive_show_total(event.hand, event.starter, crib=event.crib)
            assert (item.what, item.actual, item.said) == ("crib" if event.crib else "hand", actual, max(0, actual - 2))
            assert item.cost == actual - item.said and item.over == 0
            if item.missed:
                assert sum(missed.points for missed in item.missed) == item.cost
            shortfalls += item.cost
        assert review.lost_to_counting == sum(item.cost for item in review.counts)
    assert shortfalls > 0


def test_a_count_the_page_corrected_is_reviewed_from_what_the_reader_said():
    game = played_game(2, seed=5, short=0)
    events = deals_of(game)[0]
    shown = next(e for e in events if isinstance(e, Shown) and e.seat == READER and not e.crib)
    actual = naive_show_total(shown.hand, shown.starter)
    review = review_deal(game, READER, 1, samples=SAMPLES, said={(1, "hand"): actual + 3})
    (item,) = [count for count in review.counts if count.what == "hand"]
    assert item.over == 3 and item.cost == 0 and item.missed == ()


def _reader_hands(seeds):
    """(game, deal, shown) for the reader's hand in each deal of seeded games."""
    for seed in seeds:
        game = played_game(2, seed=seed, short=0)
        for number, events in enumerate(deals_of(game), start=1):
            for event in events:
                if isinstance(event, Shown) and event.seat == READER and not event.crib:
                    yield game, number, event


def test_what_a_short_count_missed_is_stated_only_when_one_combination_makes_up_the_gap():
    ambiguous = certain = 0
    for game, number, shown in _reader_hands(range(1, 40)):
        items = shown.score.items
        kinds = {item.kind for item in items if item.points == 2}
        short = 2
        if shown.actual < short:
            continue
        review = review_deal(game, READER, number, samples=4, said={(number, "hand"): shown.actual - short})
        (item,) = [count for count in review.counts if count.what == "hand"]
        # Every combination of the show's items worth the gap, by kinds and points, found here by brute force.
        combos = {
            tuple(sorted((chosen.kind, chosen.points) for chosen in subset))
            for size in range(1, len(items) + 1)
            for subset in itertools.combinations(items, size)
            if sum(chosen.points for chosen in subset) == short
        }
        if len(combos) == 1:
            certain += 1
            assert tuple(sorted((chosen.kind, chosen.points) for chosen in item.missed)) in combos
            assert item.either == ()
        else:
            ambiguous += kinds == {"fifteen", "pair"}
            assert item.missed == (), "a guess is stated as what was missed"
            assert {tuple(sorted((chosen.kind, chosen.points) for chosen in way)) for way in item.either} == combos
    assert ambiguous and certain


def test_what_a_count_missed_is_named_in_counting_order_each_kind_together():
    """Fifteens, then pairs, runs, the flush and nobs, as the show counts them (not the
    order in which the ways are ranked)."""
    items = score_show(*parse_hand_and_starter("5H 5S JC 4D", "6C")).items
    for short in range(1, sum(item.points for item in items) + 1):
        for way in missed_ways(items, short):
            kinds = [item.kind for item in way]
            assert kinds == sorted(kinds, key=SHOW_KINDS.index), (short, kinds)
    (everything,) = missed_ways(items, sum(item.points for item in items))
    assert [item.kind for item in everything] == [item.kind for item in items]


def test_automatic_counts_are_not_reviewed():
    game = played_game(2, seed=5, short=0)
    assert all(review_deal(game, READER, number, samples=SAMPLES).counts == () for number in (1, 2))


# -- the game ----------------------------------------------------------------------------


def test_game_review_adds_up_and_picks_the_costliest_moments():
    game = played_game(2, seed=7, short=1)
    review = review_game(game, READER, samples=SAMPLES)
    assert len(review.deals) == game.deals
    assert review.totals.discards == pytest.approx(sum(deal.lost_to_discards for deal in review.deals))
    assert review.totals.pegging == pytest.approx(sum(deal.lost_to_pegging for deal in review.deals))
    assert review.totals.counting == sum(deal.lost_to_counting for deal in review.deals)
    costs = sorted(
        [item.cost for deal in review.deals for item in (*deal.discards, *deal.plays, *deal.counts)], reverse=True
    )
    assert [moment.cost for moment in review.costliest] == [cost for cost in costs[:3] if cost > 0]
    # A page caches each deal's review as JSON and hands them back for the summary.
    cached = {deal.deal: DealReview.from_json(json.loads(json.dumps(deal.to_json()))) for deal in review.deals}
    assert cached == {deal.deal: deal for deal in review.deals}
    assert review_game(game, READER, samples=SAMPLES, deals=cached) == review


def test_each_costly_moment_replays_its_deal_in_a_play_block():
    game = played_game(2, seed=7)
    review = review_game(game, READER, samples=SAMPLES)
    assert review.costliest
    deals = deals_of(game)
    for moment in review.costliest:
        spec = moment.replay
        events = deals[moment.deal - 1]
        hands, place = play_order(game, events)
        assert [list(hand) for hand in spec.hands] == hands and spec.seat == place and spec.players == 2
        actions = replay(spec.hands, spec.plays)
        logged = [event.action for event in events if isinstance(event, Pegged)]
        assert [(a.card, a.points) for a in actions] == [(a.card, a.points) for a in logged]
        if moment.kind == "play":
            assert actions[spec.start].seat == place and spec.start == moment.index


def test_a_deal_that_does_not_exist_is_refused():
    game = played_game(2, seed=7)
    with pytest.raises(IllegalActionError) as error:
        review_deal(game, READER, game.deals + 1)
    assert error.value.params == {"reason": "no_such_deal", "deal": game.deals + 1}


# -- seeded games with the expert ------------------------------------------------------------


@pytest.mark.parametrize("players, seed", [(3, 1), (3, 2), (4, 1), (4, 2)])
def test_expert_games_with_three_and_four_players_reach_the_target_legally(players, seed):
    """Every seat the expert; each deal's play is recounted by the naive player fed the
    cards in the order played, and the winner stops on the target."""
    rules = GameRules(players=players, target=61)
    game = Game(rules, seed=seed)
    result = game.run([ComputerPlayer("expert", seed=seed * 10 + seat) for seat in range(players)])
    assert result.scores[result.winner] == 61
    assert all(score < 61 for side, score in enumerate(result.scores) if side != result.winner)
    for events in deals_of(game)[:-1]:  # the last deal may stop part-way
        hands, _ = play_order(game, events)
        actions = [event.action for event in events if isinstance(event, Pegged)]
        dealer = events[0].dealer
        order = [(dealer + 1 + place) % players for place in range(players)]
        by_place = [[a.card for a in actions if a.seat == seat and a.card] for seat in order]
        naive = naive_play(by_place)
        pegged = [sum(a.points for a in actions if a.seat == seat) for seat in order]
        assert naive.scores == pegged
    review = review_game(game, 0, samples=8)
    assert len(review.deals) == game.deals
