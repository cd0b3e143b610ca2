"""``python -m cribbage``: score, peg, stats, game and discard from the terminal.

Human-readable text by default, JSON with ``--json``, words in ``--lang``.
Bad input prints one line (in that language) and exits with status 2: JSON on
stdin is read through :mod:`cribbage.io.jsonin`, which refuses every malformed
request with a coded error.

>>> main(["score", "5H", "5S", "5C", "JD", "--starter", "5D", "--json"])  # doctest: +ELLIPSIS
{"total": 29, "items": [{"kind": "fifteen", "cards": [...], "points": 2}, ...]}
0

JSON forms:

* ``score --json -`` reads one request ``{"hand": "5H 5S 5C JD", "starter":
  "5D", "crib": false}`` or a list of them and prints a list of
  ``{"total", "items": [{"kind", "cards", "points"}]}``.
* ``peg --json -`` reads ``{"hands": [...], "plays": [...], "variant":
  "five-card"}`` (the variant optional, or the older ``"five_card": true``;
  or a list) and prints ``{"actions", "totals", "over"}`` (and
  ``"partnerships"`` with 4 players) for each.
* ``game --auto --json`` prints the whole game: ``{"rules", "seed",
  "strength", "events", "scores", "winner", "outcomes"}``; ``events`` is the
  log, one object per event with its ``kind`` (see
  :func:`cribbage.core.game.event_to_json`), and the last three repeat the final
  ``game_over`` event.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from ..core.cards import Card, parse_cards
from ..core.variants import variant, variant_flag
from ..errors import CribbageError
from ..io.jsonin import PegRequest, peg_request, plain_score_request, read_json, request_list, score_request
from ..io.jsonout import checked_show_json_text, show_json, show_json_text
from .game_text import describe_event, error_line, human_turn, kind_name, play_line, say
from .help import UsageError, build_parser, requested_language, score_batch_language

if TYPE_CHECKING:  # the game's modules are imported by the game command only: the batch commands start faster
    from ..analysis.discard import DiscardOption
    from ..core.game import Game
from ..i18n import Language, named, seat_name

EXIT_USAGE = 2


# -- JSON forms ---------------------------------------------------------------------


def peg_json(request: PegRequest) -> dict[str, Any]:
    from ..core.play import Play, replay

    hands, variant = request.hands, request.variant
    actions = replay(hands, request.plays, variant=variant)
    play = Play.from_actions(hands, actions, variant=variant)
    result = {"actions": [action.to_json() for action in actions], "totals": list(play.scores), "over": play.is_over}
    if play.players == 4:
        result["partnerships"] = list(play.partnership_scores)
    return result


def game_json(game: Game, strength: str) -> dict[str, Any]:
    """A finished game: its rules and seed, the event log and the final result."""
    from ..core.events import event_to_json

    result = game.result
    if result is None:
        raise ValueError("game_json needs a finished game")
    return {
        "rules": game.rules.to_json(),
        "seed": game.seed,
        "strength": strength,
        "events": [event_to_json(event) for event in game.events],
        "scores": list(result.scores),
        "winner": result.winner,
        "outcomes": list(result.outcomes),
    }


# -- commands ---------------------------------------------------------------------


def cmd_score(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> None:
    from ..core.show import score_show

    if args.cards == ["-"]:
        score_batch(stdin, out, args.lang)
        return
    if args.starter is None:
        raise UsageError(say("cli.starter_required", args.lang))
    # score_show checks the count: the variant's hand (without --variant: 4 cards, or 3 for the five-card game).
    hand_size = None if args.variant is None else variant(args.variant).kept
    result = show_json(score_show(parse_cards(" ".join(args.cards)), Card.parse(args.starter), args.crib, hand_size))
    if args.json:
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        return
    for item in result["items"]:
        out.write(
            f"{kind_name(item['kind'], len(item['cards']), args.lang)}: {' '.join(item['cards'])} = {item['points']}\n"
        )
    out.write(f"{say('ui.total', args.lang)}: {result['total']}\n")


def score_batch(stdin: TextIO, out: TextIO, lang: Language) -> None:
    """Answer ``score --json -``: a JSON list with the breakdown of each request on ``stdin``."""
    with _batch():
        requests, _ = request_list(_read_json(stdin))
        answers = []
        for index, item in enumerate(requests):
            plain = plain_score_request(item)
            if plain is not None:  # a batch is mostly these, already checked as score_show would check them
                answers.append(checked_show_json_text(*plain))
                continue
            try:
                answers.append(show_json_text(*score_request(item)))
            except CribbageError as error:
                detail = error_line(error, lang)
                raise UsageError(say("cli.bad_request", lang, index=index + 1, detail=detail)) from None
    out.write(f"[{', '.join(answers)}]\n")  # a list, as json.dumps writes it


def cmd_peg(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> None:
    if args.source == "-":
        requests, batch = request_list(_read_json(stdin))
    elif args.hands is None or args.plays is None:
        raise UsageError(say("cli.peg_source", args.lang))
    else:
        requests, batch = (
            [
                {
                    "hands": args.hands.split("|"),
                    "plays": args.plays,
                    "five_card": args.five_card,
                    "variant": args.variant,
                }
            ],
            False,
        )
    results = []
    for index, item in enumerate(requests):
        try:
            results.append(peg_json(peg_request(item)))
        except CribbageError as error:
            detail = error_line(error, args.lang)
            if error.params.get("index") is not None:  # an illegal play: name it and its place
                detail = f"{error.params.get('card') or 'go'} (#{error.params['index'] + 1}): {detail}"
            raise UsageError(
                say("cli.bad_request", args.lang, index=index + 1, detail=detail) if batch else detail
            ) from None
    if args.json:
        out.write(json.dumps(results if batch else results[0], ensure_ascii=False) + "\n")
        return
    for result in results:
        players = len(result["totals"])
        for action in result["actions"]:
            out.write(play_line(action, args.lang, name=seat_name(action["seat"], players, args.lang)) + "\n")
        out.write(f"{say('ui.totals', args.lang)}: {' | '.join(map(str, result['totals']))}\n")


def cmd_stats(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> None:
    from ..analysis.stats import show_histograms

    histograms = show_histograms()
    if args.json:
        data = {kind: {str(score): n for score, n in sorted(h.items())} for kind, h in histograms.items()}
        out.write(json.dumps(data) + "\n")
        return
    out.write(say("cli.histogram_head", args.lang) + "\n")
    for score in range(0, 30):
        out.write(
            say(
                "cli.histogram",
                args.lang,
                score=score,
                hand=histograms["hand"].get(score, 0),
                crib=histograms["crib"].get(score, 0),
            )
            + "\n"
        )


def cmd_discard(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> None:
    from ..analysis.discard import analyse_discards
    from ..i18n import number

    options = analyse_discards(
        parse_cards(" ".join(args.cards)),
        args.dealer,
        players=args.players,
        variant=variant_flag(args.five_card, args.variant),
    )
    if args.json:
        out.write(json.dumps([option.to_json() for option in options], ensure_ascii=False) + "\n")
        return
    for option in options:
        out.write(
            say(
                "cli.option",
                args.lang,
                discard=" ".join(map(str, option.discard)),
                keep=" ".join(map(str, option.keep)),
                hand_mean=number(option.hand_mean, args.lang),
                crib_mean=number(option.crib_mean, args.lang),
                net=("+" if option.net >= 0 else "") + number(option.net, args.lang),
            )
            + "\n"
        )
    out.write("\n" + "\n".join(discard_reason_lines(options, args.dealer, args.players, args.lang)) + "\n")


def discard_reason_lines(options: Sequence[DiscardOption], dealer: bool, players: int, lang: Language) -> list[str]:
    """Why the first choice beats the second, then what the first keeps and throws: one sentence a line."""
    from ..analysis.reasons import compare, crib_owner, discard_reason
    from ..widgets.discard_reason import explain, explain_comparison

    owner = crib_owner(dealer, players)
    first = discard_reason(options[0], owner)
    return [explain_comparison(compare(first, discard_reason(options[1], owner)), lang), *explain(first, lang)]


def cmd_game(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> None:
    from ..core.game import Game
    from ..core.rules import GameRules
    from ..players.computer import ComputerPlayer

    if args.json and not args.auto:  # the prompts of a human seat would break the JSON
        raise UsageError(say("cli.game_json_needs_auto", args.lang))
    rules = GameRules(
        players=args.players,
        target=args.target,
        variant=variant_flag(args.five_card, args.variant),
        muggins=args.muggins,
        lurch=args.lurch,
    )
    game = Game(rules, seed=args.seed)
    computers = {seat: ComputerPlayer(args.strength, seed=args.seed * 10 + seat) for seat in range(rules.players)}
    human = None if args.auto else 0
    names = [
        named("cli.you", args.lang) if seat == human else named("ui.player", args.lang, n=seat + 1)
        for seat in range(rules.players)
    ]
    told = 0
    while not game.is_over:
        seat = game.to_act
        if seat is None:
            game.advance()
        elif seat == human:
            human_turn(game, seat, names, args.lang, out, stdin)
        else:
            game.apply(computers[seat](game, seat))
        if args.json:
            continue
        events = game.events  # a step may log two events: the score and the game's end
        for event in events[told:]:
            for line in describe_event(event, game, names, args.lang, human):
                out.write(line + "\n")
        told = len(events)
    if args.json:
        out.write(json.dumps(game_json(game, args.strength), ensure_ascii=False) + "\n")


@contextmanager
def _batch() -> Iterator[None]:
    """Read and answer a batch without Python's cycle collector.

    A batch is tens of thousands of small dicts and lists with no reference
    cycles; the collector would scan them again and again as they pile up and
    find nothing to free.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _read_json(stdin: TextIO) -> Any:
    """The JSON on ``stdin``, read as bytes when it has them so that it is UTF-8 whatever the locale."""
    return read_json(getattr(stdin, "buffer", stdin).read())


# -- the entry point ---------------------------------------------------------------------

Command = Callable[[argparse.Namespace, TextIO, TextIO], None]

RUN: dict[str, Command] = {
    "score": cmd_score,
    "peg": cmd_peg,
    "stats": cmd_stats,
    "game": cmd_game,
    "discard": cmd_discard,
}


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    argv = sys.argv[1:] if argv is None else argv
    batch_lang = score_batch_language(argv)
    lang = batch_lang or requested_language(argv)  # --help is printed while parsing: the parser must already speak it
    try:
        if batch_lang is not None:  # the line a script sends thousands of hands through needs no parser
            score_batch(stdin, stdout, batch_lang)
            return 0
        args = build_parser(lang).parse_args(argv)
        RUN[args.command](args, stdout, stdin)
    except UsageError as error:
        stderr.write(f"{error}\n")
        return EXIT_USAGE
    except CribbageError as error:
        stderr.write(error_line(error, lang) + "\n")
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    return 0
