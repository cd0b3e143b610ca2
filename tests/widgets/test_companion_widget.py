"""The Table page (``cribbage-table``, issue 25) driven as the page drives it: every tap an
``update("table", state, action, lang)``, each answer's state sent back with the next tap.

The totals are checked against the core's own scoring of the same cards, never against the
companion: the play against :func:`cribbage.core.play.replay`, each hand and the crib against
:func:`cribbage.core.show.score_show`, his heels by the rule (2 for a jack turned).
"""

from __future__ import annotations

import json
import random
import re
from functools import partial
from html import unescape

import pytest
from cribbage.companion import STATE_VERSION, PlayCard, TableGame
from cribbage.core.cards import DECK, RANK_SYMBOLS, Card, parse_cards
from cribbage.core.events import Pegged
from cribbage.core.play import Play, replay
from cribbage.core.show import score_show
from cribbage.i18n import card_name, error_message, t
from cribbage.widgets import render_block
from helpers import call as call_widget
from helpers import state_of, text_of

call = partial(call_widget, "table")


class Table:
    """One page's widget: its state and HTML, tapped as a reader taps it."""

    def __init__(self, block: str, lang: str) -> None:
        self.lang = lang
        self.html = render_block("table", block, lang, uid="t1")
        self.state = state_of(self.html)

    def tap(self, action: str, value: object = None, **extra: object) -> dict:
        answer = call(self.state, {"action": action, "value": value, **extra}, self.lang)
        assert "error" not in answer, answer
        self.state, self.html = answer["state"], answer["html"]
        return answer

    def refused(self, action: str, value: object = None) -> str:
        """The reason a tap is refused, as the page shows it beside the controls; the table unchanged."""
        before = self.state["table"]
        self.tap(action, value)
        assert self.state["table"] == before
        shown = re.search(r'<p class="cb-error" data-announce>([^<]*)</p>', self.html)
        assert shown, self.html
        return unescape(shown.group(1))

    def press(self, action: str) -> None:
        self.tap(action)

    def card(self, card: Card) -> None:
        """A card on the picker: its rank, then its suit."""
        self.tap("rank", str(card.rank))
        self.tap("suit", card.suit)

    @property
    def step(self) -> str:
        return re.search(r'data-step="([a-z_]+)"', self.html).group(1)

    @property
    def to_act(self) -> int | None:
        seat = re.search(r'data-to-act="([0-9]*)"', self.html).group(1)
        return int(seat) if seat else None

    @property
    def board(self) -> list[int]:
        """The score of each side as the board's legend shows it."""
        return [int(score) for score in re.findall(r'<li data-seat="[0-9]" data-score="([0-9]+)"', self.html)]

    def game(self) -> TableGame:
        return TableGame.from_json(self.state["table"])


def start(players: int, lang: str, names: tuple[str, ...] = (), **setup: str) -> Table:
    table = Table(f"players: {players}", lang)
    for seat, name in enumerate(names):
        table.tap("set", name, name=f"name{seat}")
    # The dealer is the last seat, so the play's seats are the table's (seat 0 leads).
    table.tap("set", str(players - 1), name="first_dealer")
    for name, value in setup.items():
        table.tap("set", value, name=name)
    table.tap("start")
    return table


def real_deal(players: int, seed: int) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], Card, list[Card]]:
    """Hands of four from a shuffled deck, the crib, the starter, and a legal play to its end
    (each seat plays its first legal card)."""
    deck = random.Random(seed).sample(DECK, len(DECK))
    hands = [tuple(deck[seat * 4 : seat * 4 + 4]) for seat in range(players)]
    crib, starter = tuple(deck[16:20]), deck[20]
    play = Play(hands)
    while not play.is_over:
        legal = play.legal_cards()
        play.play(legal[0]) if legal else play.go()
    return hands, crib, starter, [action.card for action in play.actions if action.card]


def play_the_deal(table, hands, crib, starter: Card, cards: list[Card]) -> list[int]:
    """Deal, lay away, turn the starter, enter every card and go, count every hand and the
    crib (the dealer is the last seat): the points each seat should have by the core's rules."""
    scored = deal_by_the_rules(table, len(hands) - 1, hands, crib, starter, cards)
    return [sum(points for seat, points in scored if seat == each) for each in range(len(hands))]


def deal_by_the_rules(table, dealer: int, hands, crib, starter: Card, cards: list[Card]) -> list[tuple[int, int]]:
    """One deal entered on ``table`` (anything with ``press``, ``card``, ``step``, ``to_act`` and
    ``game``) by ``dealer``, ``hands`` in play order (the dealer's left first); it stops where the
    game ends. The points each seat scores, in order, by the core's rules: his heels,
    :func:`replay`'s play, :func:`score_show`'s counts."""
    players = len(hands)
    seat_of = [(dealer + 1 + index) % players for index in range(players)]
    scored = [(dealer, 2)] if starter.rank == 11 else []  # his heels
    table.press("deal")
    table.press("lay_away")
    table.card(starter)
    before = pegged(table)  # the plays of the deals before this one
    replayed = replay(hands, cards)
    scored += [(seat_of[action.seat], action.points) for action in replayed]
    for index, action in enumerate(replayed):
        if table.step == "over":
            return scored
        if pegged(table) - before > index:
            continue  # a go a seat with no cards left owes is taken by the table itself
        assert table.step == "play" and table.to_act == seat_of[action.seat]
        if action.card is None:
            table.press("go")
        else:
            table.card(action.card)
    for index, hand in enumerate((*hands, crib)):  # the dealer's left first, round the table, then the crib
        if table.step == "over":
            return scored
        owner = seat_of[index] if index < players else dealer
        assert table.step == "count" and table.to_act == owner
        for card in hand:
            table.card(card)
        scored.append((owner, score_show(hand, starter, crib=index == players).total))
    return scored


def to_the_count(table: Table, starter: str) -> None:
    """A deal dealt and laid away, ``starter`` turned, the play over without a card entered."""
    for action in ("deal", "lay_away"):
        table.tap(action)
    table.card(Card.parse(starter))
    table.tap("play_done")


def pegged(table) -> int:
    return sum(isinstance(event, Pegged) for event in table.game().events)


def sides(points: list[int]) -> list[int]:
    if len(points) == 4:
        return [points[0] + points[2], points[1] + points[3]]
    return points


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_setup_form_makes_a_table_with_the_names_and_options_chosen(lang):
    table = Table("players: 2\ntarget: 121", lang)
    assert 'data-widget="table"' in table.html and 'data-persist="table"' in table.html
    table.tap("set", "4", name="players")
    for seat, name in enumerate(("Ann", "Bob", "Cid", "Dot")):
        table.tap("set", name, name=f"name{seat}")
    table.tap("set", "1", name="muggins")
    table.tap("set", "61", name="target")
    table.tap("start")
    game = table.game()
    assert game.options.names == ("Ann", "Bob", "Cid", "Dot") and game.rules.muggins and game.rules.game_hole == 61
    # Who deals first was left to the cut: the page asks for the first seat's card.
    assert table.step == "cut"
    assert t("table.do_cut", lang, name="Ann") in text_of(table.html)
    assert t("table.partners", lang, first="Ann", second="Cid") in text_of(table.html)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_whole_two_player_deal_entered_card_by_card_pegs_what_the_core_scores(lang):
    hands, crib, starter, cards = real_deal(2, seed=7)
    table = start(2, lang, names=("Ann", "Bob"))
    expected = play_the_deal(table, hands, crib, starter, cards)
    assert table.board == expected
    # The deal passes to the left: the first seat deals the next one.
    assert table.step == "deal" and table.to_act == 0


@pytest.mark.parametrize("players", [3, 4])
def test_a_deal_for_three_and_for_four_players_pegs_what_the_core_scores(players):
    hands, crib, starter, cards = real_deal(players, seed=players)
    table = start(players, "sk")
    expected = play_the_deal(table, hands, crib, starter, cards)
    assert table.board == sides(expected)


def test_each_pegged_point_is_news_for_a_screen_reader():
    table = start(2, "en", names=("Ann", "Bob"))
    for action in ("deal", "lay_away"):
        table.tap(action)
    table.card(Card.parse("JH"))  # his heels
    news = re.findall(r'<p class="cb-news" data-announce>([^<]*)</p>', table.html)
    assert news == [f"Bob turns the starter: {card_name(Card.parse('JH'), 'en')}. Bob pegs 2 points for his heels."]
    table.card(Card.parse("5S"))
    table.card(Card.parse("KS"))  # fifteen for Bob
    news = re.findall(r'<p class="cb-news" data-announce>([^<]*)</p>', table.html)
    assert news == ["Bob plays king of spades, count 15. Bob pegs 2 points: fifteen for 2 points."]


def test_the_play_by_tapping_points_pegs_each_tap_and_undo_takes_back_one():
    table = start(2, "en")
    for action in ("deal", "lay_away"):
        table.tap(action)
    table.card(Card.parse("4C"))
    table.tap("entry_points")
    table.tap("peg", "0:2")
    table.tap("peg", "1:6")
    assert table.board == [2, 6]
    table.tap("undo")
    assert table.board == [2, 0]
    table.tap("play_done")
    assert table.step == "count" and table.to_act == 0


def test_undo_takes_back_a_picked_card_first_then_the_last_step():
    table = start(2, "en")
    to_the_count(table, "JD")
    table.card(Card.parse("5H"))
    assert table.state["picked"] == ["5H"]
    table.tap("undo")
    assert table.state["picked"] == [] and table.step == "count"
    table.tap("undo")  # the end of the play
    assert table.step == "play"
    table.tap("undo")  # the starter, and his heels with it
    assert table.step == "starter" and table.board == [0, 0]


def test_a_card_the_rules_refuse_is_refused_with_their_reason_and_the_table_goes_on():
    table = start(2, "en")
    for action in ("deal", "lay_away"):
        table.tap(action)
    table.card(Card.parse("5D"))
    table.tap("rank", "5")
    refused = table.game().check(PlayCard(0, Card.parse("5D")))
    assert refused is not None and refused.code == "card_seen"
    assert table.refused("suit", "D") == error_message(refused, "en")
    assert '<div class="cb-controls"><p class="cb-error"' in table.html  # beside the picker, not 1 px
    assert table.state["rank"] == 0  # the half-entered card cleared
    table.card(Card.parse("5H"))
    assert table.game().pile == (Card.parse("5H"),) and "cb-error" not in table.html


def test_a_card_picked_twice_for_the_count_is_said_to_be_picked_twice():
    table = start(2, "en")
    to_the_count(table, "JD")
    table.card(Card.parse("5H"))
    table.card(Card.parse("5H"))
    assert table.state["picked"] == ["5H"]
    assert t("error.duplicate_card", "en", card="5♥ (five of hearts)") in unescape(table.html)


def test_the_scores_stand_above_the_controls_on_every_step():
    table = start(2, "en", names=("Ann", "Ben"))
    for action in ("deal", "lay_away"):
        table.tap(action)
    table.card(Card.parse("JD"))  # his heels: two for the dealer
    strip = re.search(r'<p class="cb-score-strip">([^<]*)</p>', table.html).group(1)
    assert table.html.index("cb-score-strip") < table.html.index("cb-controls")
    assert [int(score) for score in re.findall(r": ([0-9]+)", strip)] == table.board


@pytest.mark.parametrize("lang", ["en", "bg"])
def test_a_corrupt_saved_table_is_refused_with_a_message_and_a_new_table(lang):
    table = start(2, lang)
    table.tap("deal")
    saved = {**table.state, "table": {**table.state["table"], "actions": [{"kind": "shuffle"}]}}
    fresh = Table("players: 2", lang)
    answer = fresh.tap("restore", json.dumps(saved))
    assert answer["state"]["table"] is None and answer["state"]["notice"] == "table_state"
    assert t("error.table_state", lang) in text_of(answer["html"])
    assert 'data-action="start"' in answer["html"]
    # A state edited in the page is put aside the same way, whatever the action.
    broken = call(
        {**table.state, "table": {"version": STATE_VERSION, "options": {}, "actions": "x"}}, {"action": "deal"}, lang
    )
    assert broken["state"]["notice"] == "table_state" and 'data-action="start"' in broken["html"]


def test_a_table_saved_by_another_version_is_refused_with_its_own_message():
    table = start(2, "pl")
    old = {**table.state, "table": {**table.state["table"], "version": STATE_VERSION + 1}}
    answer = Table("players: 2", "pl").tap("restore", json.dumps(old))
    assert t("error.table_state_version", "pl") in text_of(answer["html"])


def test_a_saved_table_is_restored_as_it_was():
    table = start(3, "en", names=("Ann", "Bob", "Cid"))
    table.tap("deal")
    answer = Table("players: 2", "en").tap("restore", json.dumps(table.state))
    assert answer["state"]["table"] == table.state["table"] and 'data-step="lay_away"' in answer["html"]


def test_a_counted_hand_shows_the_same_breakdown_after_a_reload():
    table = start(2, "en")
    to_the_count(table, "5D")
    for card in ("5H", "5S", "5C", "JD"):
        table.card(Card.parse(card))
    reloaded = Table("players: 2", "en").tap("restore", json.dumps(table.state))["html"]
    assert 'data-total="29"' in table.html and breakdown(reloaded) == breakdown(table.html)


def breakdown(html: str) -> str:
    """The count's breakdown as the news box shows it (the cards, the items, the spoken count)."""
    return html[html.index('<div class="cb-show">') : html.index('<div class="cb-controls">')]


def test_a_game_that_reaches_the_target_mid_count_ends_there_with_the_match_score():
    table = start(2, "en", names=("Ann", "Bob"))
    for action in ("deal", "lay_away"):
        table.tap(action)
    table.card(Card.parse("5D"))
    table.tap("entry_points")
    for _ in range(16):
        table.tap("peg", "0:6")  # Ann to 96, Bob to nothing
    table.tap("play_done")
    for card in ("5H", "5S", "5C", "JD"):  # 29: Ann passes 121 on the pone's count
        table.card(Card.parse(card))
    assert table.step == "over" and table.board == [121, 0]
    text = text_of(table.html)
    # Bob is under 61: a double skunk at 121, and the dealer's hand is never counted.
    assert t("table.wins", "en", name="Ann", target=121) in text
    assert t("game.outcome_double_skunk", "en", name="Bob", line=61) in text
    assert t("table.match", "en", won="Ann 1 game; Bob 0 games") in text
    table.tap("next_game")
    assert table.step == "deal" and table.to_act == 1 and table.board == [0, 0]  # a loser deals


def test_the_picker_is_a_rank_then_a_suit_and_a_hand_is_eight_taps():
    table = start(2, "en")
    to_the_count(table, "5D")
    ranks = re.findall(r'data-action="rank" data-value="([0-9]+)"', table.html)
    assert [RANK_SYMBOLS[int(rank) - 1] for rank in ranks] == list(RANK_SYMBOLS)
    taps = 0
    for card in ("5H", "5S", "5C", "JD"):
        table.tap("rank", str(Card.parse(card).rank))
        table.tap("suit", card[-1])
        taps += 2
    assert taps == 8 and 'data-total="29"' in table.html


def whole_game(table, players: int, seed: int) -> tuple[list[int], int]:
    """Deals from shuffled decks until the table says the game is over: each side's total by the
    core's scoring, every point counted in order up to the target, and the number of deals."""
    totals, deals = [0] * (2 if players == 4 else players), 0
    while table.step != "over":
        assert table.step == "deal"
        dealer = table.to_act
        hands, crib, starter, cards = real_deal(players, seed=seed + deals)
        for seat, points in deal_by_the_rules(table, dealer, hands, crib, starter, cards):
            side = seat % 2 if players == 4 else seat
            if max(totals) < 121:
                totals[side] = min(121, totals[side] + points)
        deals += 1
    return totals, deals


def test_a_whole_game_to_121_entered_card_by_card_ends_where_the_core_scoring_reaches_121():
    table = start(2, "en", names=("Ann", "Bob"))
    totals, deals = whole_game(table, 2, seed=100)
    assert max(totals) == 121 and deals > 3
    assert table.board == totals
    winner = ("Ann", "Bob")[totals.index(121)]
    assert t("table.wins", "en", name=winner, target=121) in text_of(table.html)


def test_the_cut_for_the_first_deal_is_entered_card_by_card_and_a_tie_cuts_again():
    table = Table("players: 2", "en")
    for seat, name in enumerate(("Ann", "Bob")):
        table.tap("set", name, name=f"name{seat}")
    table.tap("start")
    table.card(Card.parse("5H"))
    assert t("table.do_cut", "en", name="Bob") in text_of(table.html)  # Ann's card in, Bob's next
    table.card(Card.parse("5S"))  # a tie for the lowest card
    assert t("table.cut_again", "en", names="Ann, Bob") in text_of(table.html) and table.step == "cut"
    table.card(Card.parse("KD"))
    table.card(Card.parse("3C"))  # Bob cuts lower: Bob deals
    assert table.step == "deal" and table.to_act == 1
    assert t("game.cut_lowest_seat", "en", name="Bob") in text_of(table.html)


def test_under_muggins_a_short_announced_count_is_pegged_and_the_opponent_may_take_the_rest():
    table = start(2, "en", names=("Ann", "Bob"), muggins="1")
    to_the_count(table, "5D")
    table.tap("announce", "20")  # Ann holds 29 (5H 5S 5C JD with the 5D), and says 20
    for card in ("5H", "5S", "5C", "JD"):
        table.card(Card.parse(card))
    assert table.board == [20, 0] and table.to_act == 1  # Bob may claim
    assert t("table.do_muggins", "en", name="Bob") in text_of(table.html)
    table.tap("claim")
    # The 9 points Ann missed (29 by score_show, less the 20 she said) go to Bob.
    assert score_show(parse_cards("5H 5S 5C JD"), Card.parse("5D")).total == 29
    assert table.board == [20, 9] and table.to_act == 1 and table.step == "count"


def test_an_announced_count_over_the_hand_is_refused_under_muggins_and_the_count_goes_on():
    table = start(2, "en", muggins="1")
    to_the_count(table, "5D")
    hand = parse_cards("2H 4S 9C KD")
    actual = score_show(hand, Card.parse("5D")).total
    table.tap("announce", str(actual + 2))
    for card in hand[:3]:
        table.card(card)
    table.tap("rank", str(hand[3].rank))
    assert table.refused("suit", hand[3].suit)
    assert table.state["picked"] == [str(card) for card in hand[:3]]  # nothing lost: say it again
    table.tap("announce", str(actual))
    table.card(hand[3])  # the refused card entered again, rank then suit
    assert table.board == [actual, 0] and table.to_act == 1


def test_a_name_left_blank_is_the_seats_own_name_in_the_pages_language():
    table = start(3, "pl", names=("Ania", "", "Cyryl"))
    assert table.game().options.names == ("Ania", t("ui.player", "pl", n=2), "Cyryl")


def test_the_five_card_game_starts_with_three_for_last_said_and_pegged():
    table = Table("players: 2\nvariant: five-card", "cs")
    table.tap("set", "1", name="first_dealer")
    table.tap("start")
    # The pone (seat 0, left of the dealer) starts the five-card game with three points.
    assert table.board == [3, 0]
    assert t("table.three_for_last", "cs", name=t("ui.player", "cs", n=1)) in text_of(table.html)


def test_the_pickers_rank_sends_focus_to_the_suits_and_a_suit_back_to_the_ranks():
    table = start(2, "en")
    for action in ("deal", "lay_away"):
        table.tap(action)
    keys = set(re.findall(r'data-key="([A-Za-z0-9-]+)"', table.html))
    ranks = re.findall(r'data-key="rank-[0-9]+"[^>]*data-focus-next="([A-Za-z0-9-]+)"', table.html)
    suits = re.findall(r'data-key="suit-[A-Z]"[^>]*data-focus-next="([A-Za-z0-9-]+)"', table.html)
    assert len(ranks) == len(RANK_SYMBOLS) and set(ranks) == {"suit-S"} <= keys
    assert len(suits) == 4 and set(suits) == {"rank-1"} <= keys


@pytest.mark.parametrize("lang", ["en", "pl", "cs", "sk", "bg"])
def test_new_table_asks_first_and_keep_this_table_keeps_the_scores(lang):
    table = start(2, lang)
    for action in ("deal", "lay_away"):
        table.tap(action)
    table.card(Card.parse("JD"))  # his heels: the dealer has 2
    before = table.state["table"]
    table.tap("new_table")
    assert table.state["table"] == before and t("table.new_table_ask", lang) in text_of(table.html)
    assert t("table.new_table_keep", lang) in text_of(table.html) and t("table.new_table_yes", lang) in text_of(
        table.html
    )
    table.tap("keep_table")
    assert table.state["table"] == before and t("table.new_table_ask", lang) not in text_of(table.html)
    table.tap("new_table")
    table.tap("new_table_yes")
    assert table.state["table"] is None and 'data-action="start"' in table.html


def test_any_other_tap_after_new_table_is_asked_keeps_the_table():
    table = start(2, "en")
    table.tap("new_table")
    table.tap("deal")
    assert table.step == "lay_away" and t("table.new_table_ask", "en") not in text_of(table.html)
