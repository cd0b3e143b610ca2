"""A brute force of the expected pegging: the yardstick :mod:`cribbage.analysis.pegging_eval` is checked against.

It deals the hidden cards as cards (every combination, no ranks), plays every
deal out with the engine's :class:`Play` and the computer's own ``steady``
choice (:func:`cribbage.players.computer.choose_play`), each seat seeing only its own
cards and the table, and checks each card's points with the independent
``naive_pegging.points_of_last_card`` on the way.
"""

from itertools import combinations

from cribbage.core.play import Play
from cribbage.errors import IllegalPlayError
from cribbage.players.computer import choose_play
from naive_pegging import points_of_last_card


def side_sign(players, seat, other):
    if players == 4:
        return 1 if other % 2 == seat % 2 else -1
    return 1 if other == seat else -1


def answerer_cards(play):
    """The cards of the next seat after the one to move that holds cards and has not said go
    since the count began (0 when nobody can answer the card played)."""
    passed = set()
    for action in reversed(play.actions):
        if action.reset:
            break
        if action.card is None:
            passed.add(action.seat)
    seat = play.to_move
    for step in range(1, play.players):
        other = (seat + step) % play.players
        if play.held(other) and other not in passed:
            return len(play.held(other))
    return 0


def play_out(play, seat, live):
    """Net pegging of ``seat``'s side from here to the end, every seat playing steady.

    ``live``: the cards the evaluating seat could not see plus its own; a seat's
    unseen cards are these less its hand and the cards played.  Each card's 15s,
    31s, pairs and runs are checked against the naive scorer on the way.
    """
    net = 0
    while not play.is_over:
        mover = play.to_move
        legal = play.legal_cards()
        if legal:
            played = {action.card for action in play.actions}
            unseen = [card for card in live if card not in played and card not in play.held(mover)]
            card = choose_play(sorted(legal), play.pile, unseen, opponent_cards=answerer_cards(play)).card
            pile = [*play.pile, card]
            action = play.play(card)
            assert sum(i.points for i in action.reasons if i.kind != "last_card") == points_of_last_card(pile)
        else:
            action = play.go()
        net += side_sign(play.players, seat, action.seat) * action.points
    return net


def brute_force(hands, seat, unseen, before=()):
    """Every card deal of the hidden hands from ``unseen``, each legal action played out."""
    start = Play.from_actions(hands, before)
    played = {action.card for action in start.actions}
    pool = [card for card in unseen if card not in played and card not in start.held(seat)]
    others = [other for other in range(start.players) if other != seat]
    sizes = [len(start.held(other)) for other in others]
    legal = start.legal_cards() or (None,)
    totals = dict.fromkeys(legal, 0)
    deals = 0

    def deal(rest, index, chosen):
        nonlocal deals
        if index == len(others):
            held = [start.held(seat)] * start.players
            for other, hand in zip(others, chosen):
                held[other] = hand
            try:
                _rebuilt(held, start)
            except IllegalPlayError:
                return  # a hand with a card that fitted when its seat said go
            for action in legal:
                play = _rebuilt(held, start)
                taken = play.go() if action is None else play.play(action)
                net = side_sign(play.players, seat, taken.seat) * taken.points
                totals[action] += net + play_out(play, seat, pool + list(start.held(seat)))
            deals += 1
            return
        for hand in combinations(rest, sizes[index]):
            deal([card for card in rest if card not in hand], index + 1, chosen + [hand])

    deal(pool, 0, [])
    return {action: total / deals for action, total in totals.items()}


def _rebuilt(held, start):
    """The position of ``start`` with each seat holding ``held``: the played cards stay played."""
    full = []
    for seat, hand in enumerate(held):
        played = tuple(action.card for action in start.actions if action.seat == seat and action.card)
        full.append(played + tuple(hand))
    return Play.from_actions(full, start.actions, variant=start.variant)
