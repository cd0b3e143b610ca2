"""A card of the play weighed: what it pegs now, and what it gives away to the next player.

The next player holds ``opponent_cards`` cards, any of the cards this player has
not seen (not in the hand, not on the pile) as likely as any other, and answers
at once with the card that pegs the most (15, 31, pairs, runs): the one risk
model, :mod:`cribbage.analysis.risk`, whose teaching choice says what *safe* means. A
card's *net* is what it pegs now minus the expected points of that best reply:
the measure the practice ranks the cards by. The go and the last card are left
out: they depend on the cards still to come, not on this one.

>>> from cribbage.core.cards import parse_cards
>>> fives, king = play_risks(parse_cards("5C"), parse_cards("5H KD"), opponent_cards=3)
>>> fives.points, [(tuple(map(str, reply.kinds)), reply.points, reply.cards) for reply in fives.replies]  # a third 5: 15 and a pair royal
(2, [(('fifteen', 'pair'), 8, 2)])
>>> king.points, [(tuple(map(str, reply.kinds)), reply.points, reply.cards) for reply in king.replies]  # one of the other 3 kings
(2, [(('pair',), 2, 3)])
>>> [str(card) for card in best_cards((fives, king))], round(king.net, 2)
(['KD'], 1.65)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.cards import DECK, Card
from ..core.deal import deal_shape
from ..core.pegging import Table, count_of, fits
from ..core.play import Play, pile_score
from ..core.show import ScoreItem, ScoreKind
from ..errors import IllegalPlayError
from .credit import tied
from .risk import ReplyDistribution, card_distribution


@dataclass(frozen=True, slots=True)
class Reply:
    """One way the next player can score at once: ``cards`` of the unseen cards give it."""

    items: tuple[ScoreItem, ...]
    points: int
    cards: int

    @property
    def kinds(self) -> tuple[ScoreKind, ...]:
        return tuple(item.kind for item in self.items)


@dataclass(frozen=True, slots=True)
class PlayRisk:
    """One card of the hand played onto the pile, weighed."""

    card: Card
    pegs: tuple[ScoreItem, ...]
    """What the card pegs now (fifteen, thirty_one, pair, run)."""
    replies: tuple[Reply, ...]
    """Every scoring answer of the next player, the most points first."""
    unseen: int
    """How many cards the next player's cards may be among."""
    expected: float
    """The expected points of the next player's best immediate reply."""
    distribution: ReplyDistribution
    """What every card the next player may hold replies (:mod:`cribbage.analysis.risk`), which the rest derives from."""

    @property
    def points(self) -> int:
        return sum(item.points for item in self.pegs)

    @property
    def worst(self) -> int:
        """The most the next player could peg in reply, pairs included (0: nothing can score)."""
        return self.distribution.worst()

    @property
    def safe(self) -> bool:
        """No reply makes 15, 31 or a run: the course's *safe* (:attr:`cribbage.analysis.risk.ReplyDistribution.safe`)."""
        return self.distribution.safe

    @property
    def net(self) -> float:
        return self.points - self.expected


@dataclass(frozen=True, slots=True)
class PegSituation:
    """A moment of a real play: the pile of the current count, the hand of the player
    to move, and how many cards the next player (who answers) still holds."""

    pile: tuple[Card, ...]
    hand: tuple[Card, ...]
    opponent_cards: int

    @property
    def count(self) -> int:
        return count_of(card.rank for card in self.pile)


def unseen_cards(pile: Iterable[Card], hand: Iterable[Card]) -> tuple[Card, ...]:
    """The cards the next player may hold: neither in ``hand`` nor on ``pile``."""
    seen = {*pile, *hand}
    return tuple(card for card in DECK if card not in seen)


def replies(pile: Sequence[Card], unseen: Iterable[Card]) -> tuple[Reply, ...]:
    """The next player's scoring answers to ``pile``, grouped by what they score, most points first.

    >>> from cribbage.core.cards import parse_cards
    >>> [(tuple(map(str, reply.kinds)), reply.points, reply.cards) for reply in replies(parse_cards("7H 8S 6D"), parse_cards("5C 9D 10H 4S"))]
    [(('run',), 4, 2), (('thirty_one',), 2, 1)]
    """
    pool = tuple(unseen)
    scoring = {rank: items for rank, _cards, items in card_distribution(pile, pool).replies if items}
    groups: dict[tuple[tuple[str, int, int], ...], tuple[tuple[ScoreItem, ...], int]] = {}
    for card in pool:
        key = scoring.get(card.rank)
        if key:
            first, cards = groups.get(key, ((), 0))
            groups[key] = (first or pile_score([*pile, card]), cards + 1)
    found = [Reply(items, sum(item.points for item in items), cards) for items, cards in groups.values()]
    return tuple(sorted(found, key=lambda reply: (-reply.points, -reply.cards, reply.kinds)))


def play_risks(
    pile: Sequence[Card], hand: Sequence[Card], opponent_cards: int, unseen: Iterable[Card] | None = None
) -> tuple[PlayRisk, ...]:
    """Every card of ``hand`` that fits under 31, weighed, in the hand's order.

    ``unseen``: the cards the next player may hold (default: :func:`unseen_cards`).
    """
    pool = tuple(unseen_cards(pile, hand) if unseen is None else unseen)
    count = count_of(card.rank for card in pile)
    risks = []
    for card in hand:
        if not fits(count, card.rank):
            continue
        after = [*pile, card]
        replied = card_distribution(after, pool)
        risks.append(
            PlayRisk(
                card, pile_score(after), replies(after, pool), len(pool), replied.expected(opponent_cards), replied
            )
        )
    return tuple(risks)


def best_cards(risks: Iterable[PlayRisk]) -> tuple[Card, ...]:
    """The cards with the highest net (several when the figures shown tie: :func:`~.credit.tied`)."""
    risks = tuple(risks)
    top = max((risk.net for risk in risks), default=0.0)
    return tuple(risk.card for risk in risks if tied(risk.net, top))


def first_count_moments(rng: random.Random, players: int = 2) -> tuple[PegSituation, ...]:
    """Every moment of the first count of a real play, drawn at random: a fresh deal played
    with random legal cards until the first go or the count's end. The lead (an empty pile)
    and the first go due are moments too; each pile is the whole play so far, the seats
    having played in turn, so the cards on it and in hand are all the player has seen.

    >>> moments = first_count_moments(random.Random(7))
    >>> [len(moment.pile) for moment in moments] == list(range(len(moments))), len(moments[0].hand)
    (True, 4)
    """
    kept = deal_shape(players).kept
    deck = list(DECK)
    rng.shuffle(deck)
    play = Play([deck[seat * kept : (seat + 1) * kept] for seat in range(players)])
    moments = []
    while play.to_move is not None:
        seat = play.to_move
        moments.append(PegSituation(play.pile, play.held(seat), len(play.held((seat + 1) % players))))
        legal = play.legal_cards()
        if not legal or play.play(rng.choice(legal)).reset:
            break  # a go or a reset ends the first count
    return tuple(moments)


def deal_peg_situation(rng: random.Random, players: int = 2) -> PegSituation:
    """A moment of a real play (:func:`first_count_moments`) after the lead, where the player
    to move holds 2 to 4 cards and the next player still holds some. Only a moment with a
    choice to make is dealt (:func:`decides`); a deal without one is dealt again.

    >>> from cribbage.core.pegging import goes_on
    >>> situation = deal_peg_situation(random.Random(7))
    >>> 2 <= len(situation.hand) <= 4 and 0 < situation.count and goes_on(situation.count) and situation.opponent_cards > 0
    True
    """
    while True:
        choices = [
            moment
            for moment in first_count_moments(rng, players)
            if moment.pile and 2 <= len(moment.hand) <= 4 and moment.opponent_cards and decides(moment)
        ]
        if choices:
            return rng.choice(choices)


def decides(situation: PegSituation) -> bool:
    """Whether the moment asks for a choice: two cards or more fit, and their nets do not all
    read the same (:func:`best_cards`), so the practice has something to teach.

    >>> from cribbage.core.cards import parse_cards
    >>> decides(PegSituation(parse_cards("KH QS 5C"), parse_cards("KD 4C"), 3))  # only the 4 fits under 31
    False
    >>> decides(PegSituation(parse_cards("KH"), parse_cards("5D 4C"), 3))
    True
    """
    risks = play_risks(situation.pile, situation.hand, situation.opponent_cards)
    return len(risks) >= 2 and len(best_cards(risks)) < len(risks)


def check_choice(pile: Sequence[Card], hand: Sequence[Card], card: Card | None) -> IllegalPlayError | None:
    """Why the player to move may not play ``card`` onto ``pile`` (``None``: say go), or None.

    >>> from cribbage.core.cards import parse_cards
    >>> check_choice(parse_cards("KH QS 5C"), parse_cards("KD 4C"), Card.parse("KD")).params["reason"]
    'over_31'
    >>> check_choice(parse_cards("KH QS 5C"), parse_cards("KD 4C"), None).params["reason"]
    'must_play'
    >>> check_choice(parse_cards("KH QS 5C"), parse_cards("KD 4C"), Card.parse("4C")) is None
    True
    """
    count = count_of(held.rank for held in pile)
    table = Table([[held.rank for held in hand]], pile=tuple(held.rank for held in pile))
    if card is None:
        if table.why_illegal(None) == "must_play":
            return IllegalPlayError("go: a card fits under 31", card=None, reason="must_play", count=count)
        return None
    if card not in hand:
        return IllegalPlayError(f"{card}: not in the hand", card=str(card), reason="not_in_hand")
    if table.why_illegal(card.rank) == "over_31":
        return IllegalPlayError(
            f"{card}: the count {count} would pass 31", card=str(card), reason="over_31", count=count
        )
    return None
