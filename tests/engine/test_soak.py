"""Soak: thousands of seeded computer-against-computer games without an illegal state.

Every step goes through the same ``Game`` API the site uses.  The default run
plays 1,000 games per player count with random players (they reach the most
varied states) and a few with the expert; set ``CRIBBAGE_SOAK_GAMES`` and
``CRIBBAGE_SOAK_EXPERT_GAMES`` for longer runs.
"""

import os
import random

import pytest
from cribbage.core.game import Game
from cribbage.core.play import MAX_COUNT
from cribbage.core.rules import Action, GameRules
from cribbage.core.show import show_total
from cribbage.core.variants import FIVE_CARD
from cribbage.players.computer import ComputerPlayer

GAMES = int(os.environ.get("CRIBBAGE_SOAK_GAMES", "1000"))
EXPERT_GAMES = int(os.environ.get("CRIBBAGE_SOAK_EXPERT_GAMES", "6"))


def rules_for(players: int, seed: int) -> GameRules:
    """Vary the options across seeds so every one is soaked."""
    if players == 2 and seed % 5 == 4:
        return GameRules(variant=FIVE_CARD, muggins=seed % 2 == 0)
    return GameRules(players=players, muggins=seed % 3 == 0, lurch=seed % 7 == 0, target=61 if seed % 4 == 1 else None)


class CarelessCounter:
    """A computer that sometimes counts its show short and sometimes lets muggins go."""

    def __init__(self, strength: str, seed: int) -> None:
        self.computer = ComputerPlayer(strength, seed)
        self.rng = random.Random(seed)

    def __call__(self, game: Game, seat: int) -> Action:
        if game.expected == "announce":
            _, cards, crib = game.next_show()
            actual = show_total(cards, game.starter, crib=crib)
            return Action("announce", seat, points=max(0, actual - self.rng.choice((0, 0, 1, 2))))
        if game.expected == "muggins":
            return Action(self.rng.choice(("claim", "decline")), seat)
        return self.computer(game, seat)


def soak_one(rules: GameRules, seed: int, strength: str) -> None:
    game = Game(rules, seed)
    players = [CarelessCounter(strength, seed * 10 + seat) for seat in range(rules.players)]
    previous = game.scores
    kept = None
    played = []
    while not game.is_over:
        seat = game.to_act
        event = game.advance() if seat is None else game.apply(players[seat](game, seat))
        scores = game.scores
        assert all(after >= before for after, before in zip(scores, previous)), "a score went down"
        assert max(scores) <= rules.target
        previous = scores
        if event.kind == "deal":
            cards = [card for hand in event.hands for card in hand] + list(event.crib)
            assert len(set(cards)) == len(cards) == rules.players * rules.deal_size + len(event.crib)
            played = []
        elif event.kind == "starter":
            kept = sorted(card for s in range(rules.players) for card in game.kept(s))
            assert len(game.crib) == 4 and event.card not in kept and event.card not in game.crib
        elif event.kind == "play":
            assert event.action.count <= MAX_COUNT
            if event.action.card is not None:
                played.append(event.action.card)
        elif event.kind == "muggins":
            shown = next(e for e in reversed(game.events) if e.kind == "show")
            assert event.points in (0, shown.actual - shown.announced) and event.seat != shown.seat
        elif (
            event.kind == "show"
            and not rules.variant.play_ends_at_first_go
            and not event.crib
            and event.seat == game.dealer
        ):
            # By the dealer's show every kept card has been played exactly once.
            assert sorted(played) == kept
    result = game.result
    assert game.scores[result.winner] == rules.target
    assert all(score < rules.target for side, score in enumerate(game.scores) if side != result.winner)
    assert [event.kind for event in game.events].count("game_over") == 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_random_players_reach_no_illegal_state(players):
    for seed in range(GAMES):
        soak_one(rules_for(players, seed), seed, "random")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_expert_players_reach_no_illegal_state(players):
    for seed in range(EXPERT_GAMES):
        soak_one(rules_for(players, seed), seed, "expert")
