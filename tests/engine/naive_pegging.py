"""A straightforward, independent play (pegging) scorer: the yardstick :mod:`cribbage.core.play`
is checked against. Written from the ACC rules (rule 7 and the scoring chart), sharing
nothing with the engine but the Card type.

* Seat 0 (left of the dealer) leads; play goes round the table, the dealer last.
* A seat plays when a card fits under 31; a seat that cannot says go. When nobody can
  play, the last seat that played a card pegs 1 (the go) and the count starts again,
  led by the next seat round the table that still holds cards. (With 3 or 4 players
  everyone who still can plays on after a go, the usual rule.)
* Each card pegs 2 for fifteen, 2 for thirty-one, 2 for each pair among the same-rank
  cards that end the count (2, 6, 12), and the length of the longest run of 3 or more
  distinct consecutive ranks, in any order, that ends the count.
* 31 ends the count with 2 and no go; the last card of the play pegs 1 for last card
  unless it made 31. The five-card game stops at the first go or 31.

Every seat plays the first card of its hand (in the order given) that fits: any legal
play is the one whose hands are listed in the order their cards were played.

>>> from cribbage.core.cards import parse_cards
>>> naive_play([parse_cards("7H 8D 5C KS"), parse_cards("8S 6C AH QD")]).scores
[3, 5]
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations


@dataclass
class NaivePlay:
    """What each card pegged (``plays``: seat, card, points of the card itself), every go
    or last-card point (``ends``: the seat that took it), and the total per seat."""

    plays: list
    ends: list
    scores: list


def value(card) -> int:
    return min(card.rank, 10)


def points_of_last_card(pile) -> int:
    """What the last card of ``pile`` (the cards of the count so far) pegs."""
    count = sum(value(card) for card in pile)
    points = 2 if count == 15 else 0
    points += 2 if count == 31 else 0
    same_rank = 1
    while same_rank < len(pile) and pile[-1 - same_rank].rank == pile[-1].rank:
        same_rank += 1
    points += 2 * len(list(combinations(range(same_rank), 2)))
    longest_run = 0
    for length in range(3, len(pile) + 1):
        ranks = sorted(card.rank for card in pile[-length:])
        if all(higher == lower + 1 for lower, higher in zip(ranks, ranks[1:])):
            longest_run = length
    return points + longest_run


def naive_play(hands, five_card: bool = False) -> NaivePlay:
    held = [list(hand) for hand in hands]
    seats = len(held)
    result = NaivePlay(plays=[], ends=[], scores=[0] * seats)
    leader = 0
    while any(held):
        pile, seat, last = [], leader, None
        while sum(value(card) for card in pile) < 31:
            room = 31 - sum(value(card) for card in pile)
            if not any(value(card) <= room for hand in held for card in hand):
                break  # nobody can play on
            fitting = [card for card in held[seat] if value(card) <= room]
            if fitting:
                card = fitting[0]
                held[seat].remove(card)
                pile.append(card)
                points = points_of_last_card(pile)
                result.plays.append((seat, card, points))
                result.scores[seat] += points
                last = seat
            seat = (seat + 1) % seats
        if sum(value(card) for card in pile) < 31:
            result.ends.append(last)
            result.scores[last] += 1
        if five_card:
            break
        leader = (last + 1) % seats
        while any(held) and not held[leader]:
            leader = (leader + 1) % seats
    return result
