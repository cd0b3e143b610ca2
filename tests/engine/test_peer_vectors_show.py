"""Every hand and crib vector from other engines' test suites (peer-vectors.json).

Where a peer reused one physical card as both starter and hand card, the starter
is swapped for another suit of its rank that keeps the flush and nobs unchanged
(the score is rank-based otherwise)."""

import pytest
from cribbage.core.cards import SUITS, Card, parse_cards
from cribbage.core.show import score_show
from peer_vectors import peer_vectors

VECTORS = peer_vectors("hand", "crib")


def test_every_hand_and_crib_vector_is_here():
    assert len(VECTORS) == 244 + 30


def peer_components(result, bundled):
    """Our items grouped as peers do. ``bundled``: pairs inside a multiple run count as run points."""
    parts = {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}
    run_cards = {card for item in result.items if item.kind == "run" for card in item.cards}
    for item in result.items:
        if item.kind == "pair" and bundled and set(item.cards) <= run_cards:
            parts["runs"] += item.points
        else:
            parts[{"fifteen": "fifteens", "pair": "pairs", "run": "runs"}.get(item.kind, item.kind)] += item.points
    return parts


def deal(vector):
    hand = parse_cards(vector["hand"])
    starter = Card.parse(vector["starter"])
    if starter in hand:
        starter = next(
            Card(starter.rank, s)
            for s in SUITS
            if Card(starter.rank, s) not in hand
            and s != hand[0].suit
            and all(c.rank != 11 or c.suit != s for c in hand)
        )
    return hand, starter


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{v['id']}-{v['test_name'][:40]}")
def test_peer_show_vector(vector):
    hand, starter = deal(vector)
    result = score_show(hand, starter, crib=vector["kind"] == "crib")
    if vector["expected"] is not None:
        assert result.total == vector["expected"]
    if vector.get("expected_components"):
        bundled = "bundling" in vector["notes"]
        ours = peer_components(result, bundled)
        for name, points in vector["expected_components"].items():
            assert ours[name] == points, name
