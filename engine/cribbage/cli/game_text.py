"""The game in the terminal: each event told in the reader's language, and the human's
decisions read from the input until they are legal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from ..core.cards import Card, parse_cards
from ..errors import CribbageError
from .help import UsageError

if TYPE_CHECKING:
    from ..core.events import Event
    from ..core.game import Game


def say(key: str, lang: str, **params: Any) -> str:
    """The message ``key`` in ``lang``, from the one catalogue the site uses too."""
    from .. import i18n

    return i18n.t(key, lang, **params)


def error_line(error: Exception, lang: str) -> str:
    from .. import i18n

    return i18n.error_message(error, lang)


def describe_event(event: Event, game: Game, names: Sequence[str], lang: str, human: int | None = None) -> list[str]:
    """Lines that tell one game event in ``lang``."""
    from ..core.events import CutForDeal, Deal, Discard, GameOver, Muggins, Pegged, Shown, Starter, ThreeForLast

    def cards(seq: Sequence[Card]) -> str:
        return " ".join(map(str, seq))

    def about(key: str, seat: int, **params: Any) -> str:
        # The human is addressed in the second person: a sentence of its own, without the name.
        return say(f"{key}_you", lang, **params) if seat == human else say(key, lang, seat=names[seat], **params)

    lines: list[str] = []
    match event:
        case CutForDeal():
            cuts = "; ".join(", ".join(f"{names[s]} {c}" for s, c in round_) for round_ in event.rounds)
            lines.append(say("cli.cut_for_deal", lang, cuts=cuts, dealer=names[event.dealer]))
        case ThreeForLast():
            lines.append(about("cli.three_for_last", event.seat))
        case Deal():
            first_deal = next(e for e in game.events if e.kind == "deal") is event
            if not first_deal:  # the cut for deal has just named the first dealer
                lines.append(say("cli.deal", lang, dealer=names[event.dealer]))
            if human is None:  # the human's cards are shown with the prompt to discard
                lines.extend(f"  {names[s]}: {cards(hand)}" for s, hand in enumerate(event.hands))
        case Discard():
            if human is None or event.seat == human:
                lines.append(about("cli.discards", event.seat, cards=cards(event.cards)))
            else:
                lines.append(say("cli.discards_hidden", lang, seat=names[event.seat], count=len(event.cards)))
        case Starter():
            lines.append(say("cli.starter", lang, card=event.card))
            if event.points:
                lines.append(about("cli.heels", event.seat))
        case Pegged():
            lines.append(play_line(event.action.to_json(), lang, name=names[event.seat], you=event.seat == human))
        case Shown():
            key = "cli.show_crib" if event.crib else "cli.show"
            lines.append(about(key, event.seat, cards=cards(event.hand), starter=event.starter, points=event.actual))
            for item in event.score.items:
                lines.append(f"  {kind_name(item.kind, len(item.cards), lang)}: {cards(item.cards)} = {item.points}")
            if event.announced is not None:
                lines.append(about("cli.announced", event.seat, announced=event.announced, points=event.actual))
        case Muggins():
            if not event.points:
                lines.append(about("cli.muggins_declined", event.seat))
            elif event.owner == human:
                lines.append(say("cli.muggins_from_you", lang, seat=names[event.seat], points=event.points))
            else:
                lines.append(about("cli.muggins", event.seat, owner=names[event.owner], points=event.points))
        case GameOver():
            lines.append(
                say(
                    "cli.game_over",
                    lang,
                    winner=_side_name(event.winner, game, names, lang),
                    scores=" – ".join(map(str, event.scores)),
                )
            )
            for side, outcome in enumerate(event.outcomes):
                if outcome != "win":
                    lines.append(
                        say(
                            "cli.outcome",
                            lang,
                            side=_side_name(side, game, names, lang),
                            outcome=say(f"outcome.{outcome}", lang),
                        )
                    )
            return lines
    if event.points:  # each score after its side's name: "6 – 11" does not say whose is whose
        scores = ", ".join(f"{_side_name(side, game, names, lang)} {score}" for side, score in enumerate(game.scores))
        lines.append(say("cli.scores", lang, scores=scores))
    return lines


def _side_name(side: int, game: Game, names: Sequence[str], lang: str) -> str:
    if game.rules.players == 4:
        return say("ui.team", lang, a=names[side], b=names[side + 2])
    return names[side]


def _run_length(length: int, lang: str) -> str:
    from .. import i18n

    return str(i18n.lookup("run.lengths", lang)[length])


def kind_name(kind: str, size: int, lang: str) -> str:
    if kind == "pair" and size > 2:
        kind = "pair_royal" if size == 3 else "double_pair_royal"
    return say(f"kind.{kind}", lang)


def play_line(action: dict[str, Any], lang: str, name: str, you: bool = False) -> str:
    """One action of the play; ``you``: the human's, said to them (``cli.plays_you`` ...)."""
    from .. import i18n

    if action["card"] is None:  # the last player's own go takes the point, in the go's own words
        key = "go_point" if action["points"] else "go"
        text = say(f"cli.{key}_you", lang) if you else say(f"play.{key}", lang, seat=name)
    else:
        played = (
            say("cli.plays_you", lang, card=action["card"])
            if you
            else say("play.plays", lang, seat=name, card=action["card"])
        )
        text = f"{played}, {say('play.count', lang, count=action['count'])}"
    reasons = [
        say(
            "play.reason_run",
            lang,
            length_word=_run_length(len(r["cards"]), lang),
            points=i18n.points_text(r["points"], lang),
        )
        if r["kind"] == "run"
        else say(
            "play.reason",
            lang,
            kind=kind_name(r["kind"], len(r["cards"]), lang),
            points=i18n.points_text(r["points"], lang),
        )
        for r in action["reasons"]
        if r["kind"] != "go"
    ]
    # set apart from the count as the play widgets do ("count 15 – fifteen for 2 points"):
    # the reason's own colon ("patnáctka: 2 body") must not follow another
    return say("cli.step_scored", lang, play=text, reasons="; ".join(reasons)) if reasons else text


def human_turn(game: Game, seat: int, names: Sequence[str], lang: str, out: TextIO, stdin: TextIO) -> Event:
    """Read the human's decision from ``stdin`` until it is legal; return its event."""
    from ..core.rules import Action, ActionKind, Decision
    from ..errors import IllegalActionError

    while True:
        expected = game.expected
        if expected == Decision.DISCARD:
            hand = game.hand(seat)
            out.write(say("cli.your_hand", lang, cards=" ".join(map(str, hand))) + "\n")
            prompt = say(
                "cli.prompt_discard",
                lang,
                count=game.rules.discard_size,
                example=" ".join(map(str, hand[: game.rules.discard_size])),
            )
        elif expected == Decision.PLAY and (play := game.play_state) is not None:
            prompt = say("cli.prompt_play", lang, count=play.count, cards=" ".join(map(str, game.hand(seat))))
        elif expected == Decision.ANNOUNCE and (show := game.next_show()) is not None:
            _, cards, _ = show
            prompt = say("cli.prompt_announce", lang, cards=" ".join(map(str, cards)), starter=game.starter)
        else:
            shown = next(e for e in reversed(game.events) if e.kind == "show")
            prompt = say("cli.prompt_muggins", lang, owner=names[shown.seat], announced=shown.announced)
        out.write(prompt)
        out.flush()
        line = stdin.readline()
        if not line:
            raise UsageError(say("cli.eof", lang))
        text = line.strip()
        try:
            if expected == Decision.DISCARD:
                action = Action(ActionKind.DISCARD, seat, parse_cards(text))
            elif expected == Decision.PLAY:
                if not text:
                    out.write(say("cli.enter_card", lang) + "\n")
                    continue
                action = Action(ActionKind.PLAY, seat, (Card.parse(text),))
            elif expected == Decision.ANNOUNCE:
                if not (text.isascii() and text.isdigit()):  # isdigit() alone takes "²", which int() refuses
                    raise IllegalActionError("announce a count", reason="announce_count")
                action = Action(ActionKind.ANNOUNCE, seat, points=int(text))
            else:
                action = Action(
                    ActionKind.CLAIM if text.lower()[:1] in ("y", "t", "a", "д", "j") else ActionKind.DECLINE, seat
                )
            return game.apply(action)  # checks everything before changing the game
        except CribbageError as error:
            if expected == Decision.DISCARD and error.params.get("reason") == "not_in_hand":
                # the rules name the first card not held; the reader is told of every one
                not_held = [card for card in parse_cards(text) if card not in game.hand(seat)]
                refusal = say("cli.not_in_hand", lang, count=len(not_held), cards=" ".join(map(str, not_held)))
            else:
                refusal = _refusal(error, lang)
            out.write(refusal + "\n")


def _refusal(error: CribbageError, lang: str) -> str:
    """Why the human's decision was refused, said to them: the game's reason for a discard
    of the wrong size or an overcount, which the generic "not possible now" would hide."""
    reason, params = error.params.get("reason"), error.params
    if reason == "discard_count":
        return say("error.wrong_card_count", lang, expected=params["expected"], got=params["got"])
    if reason == "overcount":
        return say("game.overcount", lang, said=params["announced"])
    return error_line(error, lang)
