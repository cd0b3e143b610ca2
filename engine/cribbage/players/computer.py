"""Computer players, each decision with a short machine-readable reason.

Strengths:

* ``expert``: discards as ``steady``; in the play it looks ahead: each legal
  card's expected net pegging for the rest of the play, over the hands the
  others may hold, every seat then playing as ``steady``
  (:func:`cribbage.analysis.pegging_eval.play_values`, over :data:`EXPERT_SAMPLES`
  deals).  It keeps the ``steady`` card, with ``steady``'s reason, unless
  another is worth :data:`LOOKAHEAD_MARGIN` points more; then the reason is
  ``best_pegging`` (params ``card``, ``value``, ``alternatives``: each other
  legal card with its value).  Over 2,000 games on the same deals it beats
  ``steady`` (``benchmarks/computer_strength.py --against steady``).
* ``steady``: discards by the exact expected value of hand and crib
  (:func:`cribbage.analysis.discard.analyse_discards`); in the play it always takes the
  most points it can, and otherwise plays the card that gives the next player
  the least expected reply (15s, 31s, pairs and runs they could answer with).
* ``easy``: keeps the hand with the best expected value, ignoring the crib, and
  takes points in the play but ignores what it hands over.
* ``random``: any legal discard and card, for comparison.

A :class:`Reason` is a code plus parameters, so the site can say "Why?" in any
language.

>>> from cribbage.core.cards import parse_cards
>>> choice = choose_play(parse_cards("5H KS 4C"), parse_cards("TD"), unseen=None)
>>> str(choice.card), choice.reason.code, choice.reason.params["points"]
('5H', <ReasonCode.TAKES_POINTS: 'takes_points'>, 2)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

from ..analysis.discard import DiscardOption, analyse_discards
from ..analysis.pegging_eval import play_values
from ..analysis.pegging_risk import play_risks
from ..analysis.play_reasons import play_reason
from ..analysis.risk import expected_reply, rank_counts
from ..core.cards import DECK, Card
from ..core.deal import deal_shape
from ..core.events import Deal
from ..core.game import Game
from ..core.play import Play, pile_score
from ..core.rules import Action, ActionKind, Decision
from ..core.show import show_total
from ..core.variants import SIX_CARD, Variant

STRENGTHS = ("expert", "steady", "easy", "random")
EXPERT_SAMPLES = {2: 48, 3: 24, 4: 16}
"""Hidden deals the expert averages over, by the number of players (keeps a move fast)."""
LOOKAHEAD_MARGIN = 0.25
"""Expected points another card must gain over the ``steady`` one before the expert
plays it: less is within the sampling error, and the steady card's reason is plainer."""


class ReasonCode(StrEnum):
    """Why the computer decided as it did (:attr:`Reason.code`); the site says each in words.

    A ``StrEnum``: ``ReasonCode.RANDOM == "random"``, so saved states keep their text.
    """

    BEST_EXPECTED_VALUE = "best_expected_value"
    """A discard: the most for hand and crib together (the advisor's best)."""
    BEST_HAND = "best_hand"
    """A discard: the hand with the most points on average, the crib left out."""
    RANDOM = "random"
    """A discard or a card chosen at random."""
    TAKES_POINTS = "takes_points"
    """The card that pegs the most now."""
    SAFEST = "safest"
    """No card pegs: the card that leaves the next seat the least."""
    HIGHEST_CARD = "highest_card"
    """No card pegs: the highest card."""
    ONLY_CARD = "only_card"
    """The only card that fits."""
    BEST_PEGGING = "best_pegging"
    """The expert's look-ahead: the most expected net pegging to the end of the play."""
    COUNTED = "counted"
    """A count announced: what the hand holds."""
    CLAIMS_MUGGINS = "claims_muggins"
    """The points a short count missed, claimed."""


class Reason(NamedTuple):
    code: ReasonCode
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"code": str(self.code), "params": self.params}


class DiscardChoice(NamedTuple):
    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    reason: Reason


class PlayChoice(NamedTuple):
    card: Card
    reason: Reason


# -- discards ------------------------------------------------------------------------


def choose_discard(
    dealt: Sequence[Card],
    dealer: bool,
    players: int = 2,
    variant: Variant = SIX_CARD,
    strength: str = "expert",
    rng: random.Random | None = None,
) -> DiscardChoice:
    """Pick the cards to put in the crib.

    >>> from cribbage.core.cards import parse_cards
    >>> choice = choose_discard(parse_cards("5H 5S 6C 7D JH KS"), dealer=True)
    >>> [str(c) for c in choice.discard], choice.reason.code
    (['6C', '7D'], <ReasonCode.BEST_EXPECTED_VALUE: 'best_expected_value'>)
    """
    if strength == "random":
        rng = rng or random.Random()
        discard = tuple(rng.sample(list(dealt), deal_shape(players, variant).discards))
        return DiscardChoice(discard, tuple(c for c in dealt if c not in discard), Reason(ReasonCode.RANDOM, {}))
    options = _discard_options(tuple(dealt), dealer, players, variant)
    if strength == "easy":
        best = max(options, key=lambda option: option.hand_mean)
        params = {
            "discard": [str(c) for c in best.discard],
            "keep": [str(c) for c in best.keep],
            "hand_mean": round(best.hand_mean, 2),
        }
        return DiscardChoice(best.discard, best.keep, Reason(ReasonCode.BEST_HAND, params))
    best = options[0]
    params = {
        "discard": [str(c) for c in best.discard],
        "keep": [str(c) for c in best.keep],
        "dealer": dealer,
        "hand_mean": round(best.hand_mean, 2),
        "crib_mean": round(best.crib_mean, 2),
        "net": round(best.net, 2),
        "alternatives": [
            {
                "discard": [str(c) for c in option.discard],
                "hand_mean": round(option.hand_mean, 2),
                "crib_mean": round(option.crib_mean, 2),
                "net": round(option.net, 2),
            }
            for option in options[1:4]
        ],
    }
    return DiscardChoice(best.discard, best.keep, Reason(ReasonCode.BEST_EXPECTED_VALUE, params))


@lru_cache(maxsize=64)
def _discard_options(
    dealt: tuple[Card, ...], dealer: bool, players: int, variant: Variant
) -> tuple[DiscardOption, ...]:
    """The advisor's options, kept for the same deal seen again (a replayed game, a match on the same deals)."""
    return tuple(analyse_discards(list(dealt), dealer, players=players, variant=variant))


# -- the play ------------------------------------------------------------------------


def reply_risk(pile: Sequence[Card], unseen: Iterable[Card], opponent_cards: int) -> float:
    """Expected points of the next player's best reply to ``pile`` (:func:`cribbage.analysis.risk.expected_reply`
    on cards): it holds ``opponent_cards`` cards drawn from ``unseen`` and answers with its
    best-scoring card (15, 31, pair, run).  After a 31 nothing can be answered.

    >>> from cribbage.core.cards import parse_cards
    >>> reply_risk(parse_cards("4H"), DECK[20:], 4) < reply_risk(parse_cards("5H"), DECK[20:], 4)
    True
    """
    return expected_reply(tuple(card.rank for card in pile), rank_counts(unseen), opponent_cards)


def _best_reply(pile: Sequence[Card], card: Card, unseen: Sequence[Card], opponent_cards: int) -> dict[str, Any]:
    """The next player's best reply to ``card`` and the chance they hold a card for it (the one risk model's)."""
    (risk,) = play_risks(pile, [card], opponent_cards, unseen)
    reason = play_reason(risk, opponent_cards)
    return {"top": reason.top_reply, "chance": round(reason.top_chance, 4)}


def choose_play(
    legal: Sequence[Card],
    pile: Sequence[Card],
    unseen: Iterable[Card] | None,
    opponent_cards: int = 4,
    strength: str = "expert",
    rng: random.Random | None = None,
) -> PlayChoice:
    """Pick a card among the ``legal`` ones, given the cards of the current count.

    ``unseen``: the cards this player has not seen (default: all it does not
    hold or see on the table); ``opponent_cards``: how many the next player holds
    (0: nobody can answer, so no card is safer than another and the highest is played).
    """
    legal = list(legal)
    if strength == "random":
        return PlayChoice((rng or random.Random()).choice(legal), Reason(ReasonCode.RANDOM, {}))
    if len(legal) == 1:
        return PlayChoice(legal[0], Reason(ReasonCode.ONLY_CARD, {"card": str(legal[0])}))
    if unseen is None:
        unseen = [card for card in DECK if card not in legal and card not in pile]
    unseen = list(unseen)
    scored = []
    for card in legal:
        items = pile_score(list(pile) + [card])
        gain = sum(item.points for item in items)
        risk = reply_risk(list(pile) + [card], unseen, opponent_cards) if strength in ("expert", "steady") else 0.0
        scored.append((gain, -risk, card.value, card, items, risk))
    gain, _, _, card, items, risk = max(scored, key=lambda entry: entry[:3])
    if gain:
        return PlayChoice(
            card,
            Reason(
                ReasonCode.TAKES_POINTS, {"card": str(card), "points": gain, "kinds": [item.kind for item in items]}
            ),
        )
    if strength in ("expert", "steady") and opponent_cards > 0:
        return PlayChoice(
            card,
            Reason(
                ReasonCode.SAFEST,
                {
                    "card": str(card),
                    "risk": round(risk, 2),
                    "reply": _best_reply(pile, card, unseen, opponent_cards),
                    "alternatives": [
                        {"card": str(entry[3]), "risk": round(entry[5], 2)} for entry in scored if entry[3] != card
                    ],
                },
            ),
        )
    return PlayChoice(card, Reason(ReasonCode.HIGHEST_CARD, {"card": str(card)}))


# -- a player for Game.run -------------------------------------------------------------


class ComputerPlayer:
    """A seat played by the computer: ``player(game, seat) -> Action``.

    The last reason is kept in :attr:`reason` for the site's "Why?".  It sees
    only what the seat may see: its own cards, the starter, the cards played.
    """

    def __init__(self, strength: str = "expert", seed: int = 0) -> None:
        if strength not in STRENGTHS:
            raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}")
        self.strength = strength
        self.seed = seed
        self.rng = random.Random(seed)
        self.reason: Reason | None = None

    def decide(self, game: Game, seat: int) -> tuple[Action, Reason]:
        """The seat's next decision and the reason for it."""
        expected = game.expected
        if expected == Decision.DISCARD:
            dealt = game.hand(seat)
            dealer = game.dealer is not None and game.rules.side_of(seat) == game.rules.side_of(game.dealer)
            discard = choose_discard(
                dealt,
                dealer=dealer,
                players=game.rules.players,
                variant=game.rules.variant,
                strength=self.strength,
                rng=self.rng,
            )
            return Action(ActionKind.DISCARD, seat, discard.discard), discard.reason
        play = game.play_state
        if expected == Decision.PLAY and play is not None:
            legal = game.legal_cards(seat)
            if self.strength == "random":
                choice = choose_play(legal, play.pile, (), strength="random", rng=self.rng)
                return Action(ActionKind.PLAY, seat, (choice.card,)), choice.reason
            seen = set(_dealt(game, seat))
            if game.starter is not None:
                seen.add(game.starter)
            seen.update(action.card for action in play.actions if action.card)
            unseen = [card for card in DECK if card not in seen]
            choice = choose_play(
                legal, play.pile, unseen, opponent_cards=_answerer_cards(play), strength=self.strength, rng=self.rng
            )
            if self.strength == "expert" and len({card.rank for card in legal}) > 1:
                choice = self._look_ahead(play, unseen, choice)
            return Action(ActionKind.PLAY, seat, (choice.card,)), choice.reason
        show = game.next_show()
        if expected == Decision.ANNOUNCE and show is not None and game.starter is not None:
            _owner, cards, crib = show
            points = show_total(cards, game.starter, crib, game.rules.hand_size)
            return Action(ActionKind.ANNOUNCE, seat, points=points), Reason(ReasonCode.COUNTED, {"points": points})
        return Action(ActionKind.CLAIM, seat), Reason(ReasonCode.CLAIMS_MUGGINS, {})

    def _look_ahead(self, play: Play, unseen: list[Card], steady: PlayChoice) -> PlayChoice:
        """The card worth the most expected net pegging, if it beats the steady card by the margin."""
        seat = play.to_move if play.to_move is not None else 0
        values = play_values(
            play, seat, unseen, samples=EXPERT_SAMPLES[play.players], seed=self.seed * 64 + len(play.actions)
        )
        best = max(values, key=lambda card: (values[card], card == steady.card))
        if best is None or values[best] < values[steady.card] + LOOKAHEAD_MARGIN:
            return steady
        return PlayChoice(
            best,
            Reason(
                ReasonCode.BEST_PEGGING,
                {
                    "card": str(best),
                    "value": round(values[best], 2),
                    "alternatives": [
                        {"card": str(card), "value": round(value, 2)} for card, value in values.items() if card != best
                    ],
                },
            ),
        )

    def __call__(self, game: Game, seat: int) -> Action:
        action, self.reason = self.decide(game, seat)
        return action


def _answerer_cards(play: Play) -> int:
    """How many cards the seat that answers the card played holds (0: nobody can answer it)."""
    table = play.table()
    answerer = table.answerer()
    return 0 if answerer is None else len(table.hands[answerer])


def _dealt(game: Game, seat: int) -> tuple[Card, ...]:
    """The cards dealt to ``seat`` in the current deal (its discards included)."""
    for event in reversed(game.events):
        if isinstance(event, Deal):
            return event.hands[seat]
    return ()
