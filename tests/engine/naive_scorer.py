"""A straightforward, independent show scorer: the yardstick the engine is
checked and timed against. Deliberately plain itertools code, sharing nothing
with :mod:`cribbage.core.show` but the Card type."""

from itertools import combinations


def naive_show_total(hand, starter, crib=False):
    cards = list(hand) + [starter]
    points = 0
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            if sum(min(card.rank, 10) for card in subset) == 15:
                points += 2
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            points += 2
    for size in range(len(cards), 2, -1):
        runs = 0
        for subset in combinations(cards, size):
            ranks = sorted(card.rank for card in subset)
            if all(ranks[i] + 1 == ranks[i + 1] for i in range(size - 1)):
                runs += 1
        if runs:
            points += runs * size
            break
    if len({card.suit for card in hand}) == 1:
        if starter.suit == hand[0].suit:
            points += len(hand) + 1
        elif not crib:
            points += len(hand)
    if any(card.rank == 11 and card.suit == starter.suit for card in hand):
        points += 1
    return points
