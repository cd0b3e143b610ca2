"""Independent expectations for the course's exercises: every answer a task allows, and the
answers that are right, written from the rules with plain itertools. Shares nothing with
:mod:`cribbage.course.exercises` but the Card type and the task's fields; the show is scored
with :mod:`naive_scorer`, the play with :mod:`naive_pegging`.

>>> from cribbage.core.cards import parse_cards
>>> [sorted(map(str, cards)) for cards in naive_combinations(parse_cards("5H 5S 5C JD 2D"), "pair")]
[['5H', '5S'], ['5C', '5H'], ['5C', '5S']]
"""

from __future__ import annotations

from fractions import Fraction
from itertools import chain, combinations

from cribbage.core.cards import DECK
from naive_pegging import points_of_last_card
from naive_scorer import naive_show_total

SHOW_KINDS = ("fifteen", "pair", "run", "flush", "nobs")


def value(card) -> int:
    return min(card.rank, 10)


def consecutive(cards) -> bool:
    ranks = sorted(card.rank for card in cards)
    return all(higher == lower + 1 for lower, higher in zip(ranks, ranks[1:]))


def naive_combinations(five, kind):
    """The card sets of every scoring combination of ``kind`` (fifteen, pair, run) in five cards."""
    if kind == "fifteen":
        return [frozenset(s) for size in range(2, 6) for s in combinations(five, size) if sum(map(value, s)) == 15]
    if kind == "pair":
        return [frozenset(s) for s in combinations(five, 2) if s[0].rank == s[1].rank]
    for size in (5, 4, 3):  # only the longest runs score
        runs = [frozenset(s) for s in combinations(five, size) if consecutive(s)]
        if runs:
            return runs
    return []


def naive_kind_points(hand, starter, crib, kind) -> int:
    """The points of one kind in the show; the five kinds add up to :func:`naive_show_total`."""
    five = list(hand) + [starter]
    if kind in ("fifteen", "pair"):
        return 2 * len(naive_combinations(five, kind))
    if kind == "run":
        return sum(len(run) for run in naive_combinations(five, "run"))
    if kind == "flush":
        if len({card.suit for card in hand}) > 1:
            return 0
        if starter.suit == hand[0].suit:
            return 5
        return 0 if crib else 4
    return int(any(card.rank == 11 and card.suit == starter.suit for card in hand))


def naive_threat(pile, card, unseen) -> int:
    """The most one unseen reply pegs by fifteen, 31 or a run after ``card`` (pairs aside)."""
    after = list(pile) + [card]
    worst = 0
    for reply in unseen:
        count = sum(map(value, after)) + value(reply)
        if count > 31:
            continue
        longest = max((n for n in range(3, len(after) + 2) if consecutive((after + [reply])[-n:])), default=0)
        worst = max(worst, 2 * (count == 15) + 2 * (count == 31) + longest)
    return worst


def all_answers(task):
    """Every answer of the task's kind: the numbers up to 31 (29 for the show), every set of
    two or more of the cards (three or more for a run), every held card and go, every pair
    of the six."""
    kind = str(task.kind)
    if kind in ("count", "peg"):
        return list(range(0, 32))
    if kind == "score":
        return list(range(0, 30))
    if kind == "find":
        five = list(task.cards) + [task.starter]
        least = 3 if task.only == ("run",) else 2
        return [frozenset(s) for s in chain.from_iterable(combinations(five, n) for n in range(least, 6))]
    if kind == "play":
        return list(task.cards) + [None]
    if kind == "choose":
        seats = [f"seat:{seat}" for seat in range(max(task.players, len(task.scores)))]
        return {
            "jacks": ["nobody", *(f"{role}:{points}" for role in ("pone", "dealer") for points in (1, 2))],
            "show_order": [*seats, "crib"],
            "winner": [*seats, "nobody"],
            "outcome": ["loss", "skunk", "double_skunk", "lurch"],
        }[task.question]
    return [frozenset(pair) for pair in combinations(task.cards, 2)]


def expected_answers(task, discard_nets=None):
    """The right answers. ``discard_nets`` (pair -> exact net) is needed for a discard."""
    kind = str(task.kind)
    if kind == "count":
        return {sum(map(value, task.cards))}
    if kind == "peg":
        return {points_of_last_card(list(task.pile) + [task.cards[0]])}
    if kind == "score":
        kinds = task.only or SHOW_KINDS
        points = sum(naive_kind_points(task.cards, task.starter, task.crib, k) for k in kinds)
        if not task.only:
            assert points == naive_show_total(task.cards, task.starter, task.crib)
        return {points}
    if kind == "find":
        return set(naive_combinations(list(task.cards) + [task.starter], task.only[0]))
    if kind == "play":
        return naive_play_answers(task)
    if kind == "choose":
        return {naive_table_answer(task)}
    # The page prints every net with two decimals: a pair whose figure reads as the best's is a best one.
    best = shown_net(max(discard_nets.values()))
    return {pair for pair, net in discard_nets.items() if shown_net(net) == best}


def shown_net(net) -> str:
    """An exact net as the page's table prints it: two decimals."""
    return f"{float(net):.2f}"


def naive_play_answers(task):
    count = sum(map(value, task.pile))
    legal = [card for card in task.cards if count + value(card) <= 31]
    if task.goal == "go":
        return set(legal) if legal else {None}
    if task.goal == "score":
        points = {card: points_of_last_card(list(task.pile) + [card]) for card in legal}
    else:
        unseen = [card for card in DECK if card not in task.cards and card not in task.pile]
        points = {card: -naive_threat(task.pile, card, unseen) for card in legal}
    best = max(points.values())
    return {card for card, p in points.items() if p == best}


def naive_hand_mean(keep, dealt) -> Fraction:
    unseen = [card for card in DECK if card not in dealt]
    return Fraction(sum(naive_show_total(list(keep), starter) for starter in unseen), len(unseen))


def brute_force_crib_mean(discard, dealt) -> Fraction:
    """The crib's mean over every two other crib cards and every starter of the 46 unseen.

    Each position is scored by :func:`naive_show_total`, once per distinct
    (ranks, flush, nobs): the score depends on nothing else, and the naive scorer is slow.
    """
    unseen = [card for card in DECK if card not in dealt]
    scored: dict[tuple, int] = {}
    total = positions = 0
    for others in combinations(unseen, 2):
        crib = list(discard) + list(others)
        one_suit = len({card.suit for card in crib}) == 1
        for starter in unseen:
            if starter in others:
                continue
            key = (
                tuple(sorted([card.rank for card in crib] + [starter.rank])),
                one_suit and starter.suit == crib[0].suit,
                any(card.rank == 11 and card.suit == starter.suit for card in crib),
            )
            if key not in scored:
                scored[key] = naive_show_total(crib, starter, crib=True)
            total += scored[key]
            positions += 1
    return Fraction(total, positions)


def naive_table_answer(task):
    """The right answer of a question about the deal at the table, from the rules as a player
    says them: his heels is 2 to the dealer for a jack turned; his nobs 1 to the owner of the
    jack of the starter's suit (the crib is the dealer's); the show goes round from the
    dealer's left to the dealer, then the crib; the first to peg into the game hole wins, the
    pegs after never made; a loser under 61 is double skunked and under 91 skunked at 121,
    under 31 lurched at 61."""
    if task.question == "jacks":
        if task.starter.rank == 11:
            return "dealer:2"
        if any(card.rank == 11 and card.suit == task.starter.suit for card in task.cards):
            return "dealer:1" if task.dealer or task.crib else "pone:1"
        return "nobody"
    if task.question == "show_order":
        return [*(f"seat:{seat}" for seat in range(task.players)), "crib"][task.shown]
    if task.question == "winner":
        if task.cards:
            pegs = [(len(task.pile) % 2, points_of_last_card(list(task.pile) + [task.cards[0]]))]
        else:
            pegs = list(zip((0, 1, 1), task.counts))  # pone, dealer, the dealer's crib
        scores = list(task.scores)
        for seat, points in pegs:
            scores[seat] += points
            if scores[seat] >= task.game_to:
                return f"seat:{seat}"
        return "nobody"
    loser = min(task.scores)
    if task.game_to == 61:
        return "lurch" if loser < 31 else "loss"
    return "double_skunk" if loser < 61 else "skunk" if loser < 91 else "loss"
