"""The coach: a review of one seat's decisions in a game, deal by deal.

For each deal it compares the seat's discard with the advisor's best
(:func:`cribbage.analysis.discard.analyse_discards`), each card it played with the
best card by expected net pegging (:func:`cribbage.analysis.pegging_eval.play_values`,
from what the seat could see at that moment), and each count it announced
with the real one.  A game's review adds up what was given up and picks the
costliest moments, each with what a ``cribbage-play`` block needs to replay it.

Costs are expected points given up, never negative: a choice as good as the
best costs 0.  Everything here is numbers and cards; the words are the view's.

>>> from cribbage.players.computer import ComputerPlayer
>>> game = Game(GameRules(target=61), seed=3)
>>> _ = game.run([ComputerPlayer("easy", seed=1), ComputerPlayer("expert", seed=2)])
>>> review = review_deal(game, 0, 1, samples=16)
>>> review.discards[0].cost >= 0 and all(play.cost >= 0 for play in review.plays)
True
>>> review.to_json()["deal"], DealReview.from_json(review.to_json()) == review
(1, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..analysis.credit import tied
from ..analysis.discard import analyse_discards
from ..analysis.pegging_eval import play_values
from ..analysis.risk import REPLY_KINDS
from ..core.cards import DECK, Card
from ..core.events import Deal, Discard, Event, Pegged, Shown, Starter
from ..core.game import Game
from ..core.play import Play, PlayAction
from ..core.rules import GameRules
from ..core.show import SHOW_KINDS, ScoreItem, ScoreKind, score_show
from ..errors import IllegalActionError
from .reviews import (
    CountReview,
    CountWhat,
    DealReview,
    DiscardReview,
    GameReview,
    Moment,
    MomentKind,
    PlayReview,
    ReplaySpec,
    Totals,
)

GIVEN_AWAY: tuple[ScoreKind, ...] = tuple(map(ScoreKind, REPLY_KINDS))
"""What an opponent may peg off the card just played (``PlayReview.gave_away``): every reply
of the risk model (:mod:`cribbage.analysis.risk`), pairs included; a card that gave away only a pair
was still *safe* in the course's sense."""
MOMENTS = 3
"""How many of the costliest moments a game's review keeps."""
REVIEW_SAMPLES = {2: 96, 3: 48, 4: 32}
"""Hidden deals per card valued, by the number of players: more seats make each
deal slower to play out, and a deal's review must stay within the page's second."""
OFTEN_MISSED: tuple[ScoreKind, ...] = (
    ScoreKind.NOBS,
    ScoreKind.FLUSH,
    ScoreKind.FIFTEEN,
    ScoreKind.RUN,
    ScoreKind.PAIR,
)
"""The order in which the ways to make up a short count are named (see :func:`missed_ways`)."""
MAX_WAYS = 8
"""The most ways a short count's review names; beyond them it says only how many points were short."""


@dataclass(frozen=True)
class _DealLog:
    """The events of one deal, as the review needs them."""

    dealt: Deal
    discards: dict[int, tuple[Card, ...]]
    starter: Card | None
    pegged: tuple[PlayAction, ...]
    shown: tuple[Shown, ...]

    def kept(self, seat: int) -> tuple[Card, ...]:
        return tuple(card for card in self.dealt.hands[seat] if card not in self.discards.get(seat, ()))

    def play_hands(self, players: int) -> tuple[tuple[Card, ...], ...]:
        """The kept hands in play order: seat 0 left of the dealer, the dealer last."""
        return tuple(self.kept((self.dealt.dealer + 1 + place) % players) for place in range(players))


def _deal_log(events: tuple[Event, ...], deal: int) -> _DealLog:
    deal_events: list[Event] = []
    seen = 0
    for event in events:
        if isinstance(event, Deal):
            seen += 1
            if seen > deal:
                break
        if seen == deal:
            deal_events.append(event)
    if not deal_events:
        raise IllegalActionError(f"no deal {deal} in this game", reason="no_such_deal", deal=deal)
    first = deal_events[0]
    assert isinstance(first, Deal)
    discards = {event.seat: event.cards for event in deal_events if isinstance(event, Discard)}
    starter = next((event.card for event in deal_events if isinstance(event, Starter)), None)
    pegged = tuple(event.action for event in deal_events if isinstance(event, Pegged))
    shown = tuple(event for event in deal_events if isinstance(event, Shown))
    return _DealLog(first, discards, starter, pegged, shown)


# -- the reviews --------------------------------------------------------------------------


def _review_discard(log: _DealLog, rules: GameRules, seat: int, deal: int) -> DiscardReview | None:
    """The seat's discard against the best one (None before it discarded)."""
    chosen = log.discards.get(seat)
    if chosen is None:
        return None
    dealt = log.dealt.hands[seat]
    dealer = rules.side_of(seat) == rules.side_of(log.dealt.dealer)
    options = analyse_discards(dealt, dealer, players=rules.players, variant=rules.variant)
    chosen_option = next(option for option in options if set(option.discard) == set(chosen))
    if tied(chosen_option.net, options[0].net):  # the same figure as the best's: a best choice
        return DiscardReview(deal, seat, dealt, chosen, chosen_option, chosen_option, 0.0)
    best = options[0]
    return DiscardReview(deal, seat, dealt, chosen, chosen_option, best, best.net - chosen_option.net)


def _review_plays(
    log: _DealLog, rules: GameRules, seat: int, deal: int, samples: int | None = None
) -> tuple[PlayReview, ...]:
    """Every card ``seat`` played in the deal, valued from what it could see."""
    if log.starter is None:
        return ()
    players = rules.players
    dealer = log.dealt.dealer
    place = (seat - dealer - 1) % players
    hands = log.play_hands(players)
    unseen = [card for card in DECK if card not in log.dealt.hands[seat] and card != log.starter]
    play = Play(hands, variant=rules.variant)
    reviews = []
    for index, action in enumerate(log.pegged):
        if action.seat == seat and action.card is not None:
            pile, held, count = play.pile, play.held(place), play.count
            values = play_values(
                play, place, unseen, samples=samples or REVIEW_SAMPLES[players], seed=deal * 64 + index
            )
            ranked = tuple(sorted(values.items(), key=lambda item: -item[1]))
            top = ranked[0][1]
            mine = values[action.card]
            best = action.card if tied(mine, top) else ranked[0][0]
            reviews.append(
                PlayReview(
                    deal,
                    index,
                    count,
                    pile,
                    held,
                    action.card,
                    ranked,
                    best,
                    0.0 if best == action.card else top - mine,
                    _gave_away(log.pegged, index, rules),
                )
            )
        play.go() if action.card is None else play.play(action.card)
    return tuple(reviews)


def _gave_away(actions: tuple[PlayAction, ...], index: int, rules: GameRules) -> tuple[ScoreKind, ...]:
    """What the next card played in the same count pegged, if an opponent played it."""
    if actions[index].reset:
        return ()
    for later in actions[index + 1 :]:
        if later.card is not None:
            if rules.side_of(later.seat) == rules.side_of(actions[index].seat):
                return ()
            return tuple(item.kind for item in later.reasons if item.kind in GIVEN_AWAY)
        if later.reset:
            return ()
    return ()


def missed_ways(items: tuple[ScoreItem, ...], short: int) -> tuple[tuple[ScoreItem, ...], ...]:
    """Every way the show's ``items`` can make up a short count of ``short`` points.

    The reader gives only a total, so what was missed is known only when one
    combination of kinds and points adds up to the gap: a way per combination
    (its items one such set, in the order the show counts them: fifteens, pairs,
    runs, flush, nobs, each kind together), the fewest items first, then in the
    order of :data:`OFTEN_MISSED`; none when nothing adds up exactly.

    >>> from cribbage.core.cards import parse_hand_and_starter
    >>> items = score_show(*parse_hand_and_starter("5H 5S JC 4D", "6C")).items
    >>> [[(str(item.kind), item.points) for item in way] for way in missed_ways(items, 1)]
    [[('nobs', 1)]]
    >>> [[str(item.kind) for item in way] for way in missed_ways(items, 2)]
    [['fifteen'], ['pair']]
    """
    if short <= 0:
        return ()
    rank = {kind: place for place, kind in enumerate(OFTEN_MISSED)}
    ordered = sorted(items, key=lambda item: rank.get(item.kind, len(OFTEN_MISSED)))
    # Subset sums by dynamic programming, one set of items kept per total and combination of kinds and points.
    reachable: dict[tuple[int, tuple[tuple[str, int], ...]], tuple[ScoreItem, ...]] = {(0, ()): ()}
    for item in ordered:
        for (total, combination), chosen in list(reachable.items()):
            if total + item.points <= short:
                grown = tuple(sorted(combination + ((item.kind, item.points),)))
                reachable.setdefault((total + item.points, grown), chosen + (item,))
    place = {item: index for index, item in enumerate(items)}

    def counted(item: ScoreItem) -> tuple[int, int]:
        """The show's counting order: kind by kind, each kind's items as the show lists them."""
        return (SHOW_KINDS.index(item.kind) if item.kind in SHOW_KINDS else len(SHOW_KINDS)), place[item]

    ways = [tuple(sorted(chosen, key=counted)) for (total, _combination), chosen in reachable.items() if total == short]
    return tuple(
        sorted(ways, key=lambda way: (len(way), sorted(rank.get(item.kind, len(OFTEN_MISSED)) for item in way)))
    )


def _review_counts(
    log: _DealLog, seat: int, deal: int, said: Mapping[tuple[int, str], int] | None = None
) -> tuple[CountReview, ...]:
    """The counts ``seat`` announced (with muggins), or reported in ``said``."""
    reviews = []
    for shown in log.shown:
        if shown.seat != seat:
            continue
        what: CountWhat = "crib" if shown.crib else "hand"
        announced = (said or {}).get((deal, what), shown.announced)
        if announced is None:
            continue
        score = score_show(
            shown.hand, shown.starter, crib=shown.crib, hand_size=len(shown.hand)
        )  # as the game showed it
        ways = missed_ways(score.items, score.total - announced)
        certain = ways[0] if len(ways) == 1 else ()
        either = ways if 1 < len(ways) <= MAX_WAYS else ()
        reviews.append(
            CountReview(deal, what, announced, score.total, certain, max(0, announced - score.total), either)
        )
    return tuple(reviews)


def review_deal(
    game: Game, seat: int, deal: int, samples: int | None = None, said: Mapping[tuple[int, str], int] | None = None
) -> DealReview:
    """The review of ``seat``'s decisions in deal ``deal`` (1 = the first deal).

    ``samples``: passed to :func:`play_values` (default :data:`REVIEW_SAMPLES`); ``said``: counts the seat
    announced that the log does not keep (the page corrected them), by
    ``(deal, "hand" | "crib")``.
    """
    log = _deal_log(game.events, deal)
    discard = _review_discard(log, game.rules, seat, deal)
    return DealReview(
        deal,
        () if discard is None else (discard,),
        _review_plays(log, game.rules, seat, deal, samples),
        _review_counts(log, seat, deal, said),
    )


def replay_spec(game: Game, seat: int, deal: int, start: int = 0) -> ReplaySpec:
    """The play of deal ``deal`` as a ``cribbage-play`` block gives it, opening at action ``start``."""
    log = _deal_log(game.events, deal)
    players = game.rules.players
    return ReplaySpec(
        log.play_hands(players),
        tuple(action.card for action in log.pegged if action.card is not None),
        start,
        players,
        game.rules.variant,
        (seat - log.dealt.dealer - 1) % players,
    )


def review_game(
    game: Game,
    seat: int,
    samples: int | None = None,
    said: Mapping[tuple[int, str], int] | None = None,
    deals: Mapping[int, DealReview] | None = None,
) -> GameReview:
    """Every deal's review, the totals given up, and the :data:`MOMENTS` costliest moments.

    ``deals``: reviews already made (a page caches them), by deal number.
    """
    reviews = tuple(
        (deals or {}).get(number) or review_deal(game, seat, number, samples, said)
        for number in range(1, game.deals + 1)
    )
    totals = Totals(
        sum(review.lost_to_discards for review in reviews),
        sum(review.lost_to_pegging for review in reviews),
        sum(review.lost_to_counting for review in reviews),
    )
    candidates: list[tuple[float, int, MomentKind, int | None]] = []
    for review in reviews:
        candidates += [(item.cost, review.deal, "discard", None) for item in review.discards]
        candidates += [(item.cost, review.deal, "play", item.index) for item in review.plays]
        candidates += [(float(item.cost), review.deal, "count", None) for item in review.counts]
    candidates.sort(key=lambda entry: -entry[0])
    moments = tuple(
        Moment(number, kind, cost, replay_spec(game, seat, number, index or 0), index)
        for cost, number, kind, index in candidates[:MOMENTS]
        if cost > 0
    )
    return GameReview(reviews, totals, moments)
