"""Every pegging vector of the peers' test suites that is not flagged as wrong.

``pegging`` vectors give the cards of the current count and what the last one
scores; ``pegging_sequence`` vectors give a whole play with the totals per player.
"""

import pytest
from cribbage.core.cards import SUITS, Card
from cribbage.core.play import Play, pile_score, replay
from peer_vectors import peer_vectors

VECTORS = peer_vectors("pegging", "pegging_sequence")
COMPONENT_KINDS = {
    "fifteen": "fifteen",
    "fifteens": "fifteen",
    "thirtyOne": "thirty_one",
    "thirtyone": "thirty_one",
    "pair": "pair",
    "pairs": "pair",
    "run": "run",
    "runs": "run",
}


def flagged_wrong(vector) -> bool:
    """The notes say the peer's expected value breaks the rules (a "RULE GAP")."""
    return "RULE GAP" in vector["notes"]


def card(text: str) -> Card:
    return Card.parse(text)


PILES = [v for v in VECTORS if v["kind"] == "pegging" and not flagged_wrong(v)]
SEQUENCES = [v for v in VECTORS if v["kind"] == "pegging_sequence" and not flagged_wrong(v)]


def test_only_the_rule_gap_vector_is_left_out():
    left_out = [v["id"] for v in VECTORS if v["kind"].startswith("pegging") and flagged_wrong(v)]
    assert left_out == [286]


@pytest.mark.parametrize("vector", PILES, ids=lambda v: f"{v['id']}-{v['test_name']}")
def test_pegging_vector_scores_the_last_card_of_the_count(vector):
    pile = [card(text) for text in vector["played"]]
    items = pile_score(pile)
    by_kind = {}
    for item in items:
        by_kind[item.kind] = by_kind.get(item.kind, 0) + item.points
    if vector["assertion"] != "components only":
        # The count is legal in every vector whose total is asserted.
        assert sum(c.value for c in pile) == vector["count_after"] <= 31
    for name, points in vector.get("expected_components", {}).items():
        assert by_kind.get(COMPONENT_KINDS[name], 0) == points, name
    expected = vector["expected_points_last_card"]
    if expected is None:
        return
    if vector["includes_go_or_last_card_point"]:
        # Play the pile out between two seats so it really is the last card.
        hands = [pile[0::2], pile[1::2]]
        actions = replay(hands, pile)
        assert actions[-1].card == pile[-1]
        assert actions[-1].points == expected
        assert "last_card" in {r.kind for r in actions[-1].reasons} or actions[-1].count == 31
    else:
        assert sum(item.points for item in items) == expected


def _seat_order(vector) -> list[str]:
    players = vector["players"]
    leader = players.index(vector["series"][0][0][0])
    return players[leader:] + players[:leader]


def _hands_and_plays(vector):
    order = _seat_order(vector)
    hands = {name: [] for name in order}
    plays, used = [], set()
    for count in vector["series"]:
        for name, text in count:
            if text == "GO":
                continue
            played = card(text)
            if played in used:  # the peer dealt one physical card twice; suits do not peg
                played = next(Card(played.rank, s) for s in SUITS if Card(played.rank, s) not in used)
            used.add(played)
            hands[name].append(played)
            plays.append(played)
    return order, [hands[name] for name in order], plays


@pytest.mark.parametrize("vector", SEQUENCES, ids=lambda v: f"{v['id']}-{v['test_name']}")
def test_pegging_sequence_vector_totals(vector):
    order, hands, plays = _hands_and_plays(vector)
    actions = replay(hands, plays)
    play = Play.from_actions(hands, actions)
    assert play.is_over
    assert {name: play.scores[seat] for seat, name in enumerate(order)} == vector["expected_totals"]
    assert [a.card for a in actions if a.card] == plays
    if "expected_final_count" in vector:
        assert actions[-1].count == vector["expected_final_count"]


def test_go_by_a_seat_without_cards_takes_the_go_point_as_in_vector_75():
    """alice plays JS alone after bob, out of cards, takes the go at 30."""
    vector = next(v for v in VECTORS if v["id"] == 75)
    order, hands, plays = _hands_and_plays(vector)
    actions = replay(hands, plays)
    names = [(order[a.seat].split("(")[0], str(a.card) if a.card else "GO") for a in actions]
    expected = [(name.split("(")[0], text.replace("T", "10")) for count in vector["series"] for name, text in count]
    assert names == expected
    running = {name: 0 for name in order}
    checkpoints = []
    for action in actions:
        running[order[action.seat]] += action.points
        checkpoints.append(dict(running))
    # alice 8S (31): alice 7; alice TS: 9; bob's go at 30: bob 1; alice JS: 10
    assert checkpoints[3]["alice(dealer)"] == 7
    assert checkpoints[5]["alice(dealer)"] == 9
    assert actions[8].card is None and actions[8].points == 1 and checkpoints[8]["bob(pone)"] == 1
    assert checkpoints[-1]["alice(dealer)"] == 10
