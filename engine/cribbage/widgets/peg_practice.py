"""Pegging practice (``cribbage-peg-practice``): a pile, your hand, your play, and every card weighed.

A moment of a real play (:func:`cribbage.analysis.pegging_risk.deal_peg_situation`): the
cards of the current count and the reader's hand. The reader plays a card (or
says go when none fits); the page then weighs every card of the hand: what it
pegs now, what the opponent could peg in reply, and the net of the two.

>>> first, second = (WIDGET.render("players: 2", "en") for _ in range(2))
>>> first == second, '<details class="cb-answer-box">' in first
(True, True)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from html import escape

from ..analysis.pegging_risk import (
    PegSituation,
    PlayRisk,
    Reply,
    best_cards,
    check_choice,
    deal_peg_situation,
    play_risks,
)
from ..analysis.play_reasons import compare_plays, play_reason
from ..core.cards import Card, parse_cards
from ..core.pegging import count_of, goes_on
from ..core.show import ScoreItem
from ..i18n import Language, card_name, expected_points_text, lookup, number, points_text, shown_difference, t
from . import source
from .html import attrs, button, card_html, cards_html, choice_box, error_html, tap_card, tap_cards
from .lesson_hints import and_list
from .play_reason import play_reason_html
from .source import CARD_TEXTS, Action, Fields, State, StateError, action_text, card_texts, field, uid_of
from .spoken import one_kind
from .widget import Answer, Live, Widget

GO = "GO"
"""The reader's go, in the state."""

MAX_PILE = 13
"""More cards than one count can hold (four aces, four twos, four threes and a four make 28)."""


def peg_state(situation: PegSituation, players: int, uid: str) -> State:
    return {
        "uid": uid,
        "players": players,
        "pile": [str(card) for card in situation.pile],
        "hand": [str(card) for card in situation.hand],
        "opponent": situation.opponent_cards,
        "chosen": None,
    }


def _checked(state: State) -> tuple[PegSituation, int, Card | None, bool, str]:
    """The situation, the players, the reader's card, whether the reader said go, and uid."""
    players = field(state, "players", int)
    if players not in (2, 3, 4):
        raise StateError("players")
    pile = parse_cards(card_texts(state, "pile", range(1, MAX_PILE + 1)))
    hand = parse_cards(card_texts(state, "hand", (2, 3, 4)))
    count = count_of(card.rank for card in pile)
    if len({*pile, *hand}) != len(pile) + len(hand) or count == 0 or not goes_on(count):
        raise StateError("pile")
    opponent = field(state, "opponent", int)
    if not 1 <= opponent <= 4:
        raise StateError("opponent")
    situation = PegSituation(pile, hand, opponent)
    chosen = state.get("chosen")
    if chosen is None:
        return situation, players, None, False, uid_of(state)
    if not isinstance(chosen, str) or (chosen != GO and chosen not in CARD_TEXTS):
        raise StateError("chosen")
    card = None if chosen == GO else Card.parse(chosen)
    if check_choice(pile, hand, card) is not None:
        raise StateError("chosen")
    return situation, players, card, card is None, uid_of(state)


def _kind_name(item: ScoreItem, lang: Language) -> str:
    """``a fifteen``, ``a pair royal``, ``a run of four``: one item named in a sentence."""
    if item.kind == "run":
        return one_kind(
            item, lang, t("peg_practice.run", lang, length_word=lookup("run.lengths", lang)[len(item.cards)])
        )
    return one_kind(item, lang)


def _what(items: Sequence[ScoreItem], lang: Language) -> str:
    """``a fifteen and a pair royal (8 points)``."""
    names = and_list([_kind_name(item, lang) for item in items], lang)
    return f"{names} ({points_text(sum(item.points for item in items), lang)})"


def _reply_text(reply: Reply, unseen: int, lang: Language) -> str:
    return t("peg_practice.reply", lang, what=_what(reply.items, lang), count=reply.cards, total=unseen)


def _risk_html(risk: PlayRisk, best: bool, chosen: bool, lang: Language) -> str:
    """One card weighed: pegs now, gives away, the opponent's reply, the net."""
    pegs = (
        t("peg_practice.pegs", lang, what=_what(risk.pegs, lang)) if risk.pegs else t("peg_practice.pegs_nothing", lang)
    )
    if risk.replies:
        gives = t(
            "peg_practice.gives",
            lang,
            replies="; ".join(_reply_text(reply, risk.unseen, lang) for reply in risk.replies),
        )
        reply = t(
            "peg_practice.expected",
            lang,
            expected=expected_points_text(risk.expected, lang),
            worst=points_text(risk.worst, lang),
        )
    else:  # no reply scores: a best reply of nothing on average and at most would say it twice
        gives, reply = t("peg_practice.gives_nothing", lang), ""
    marks = [t("ui.best_choice", lang)] if best else []
    marks += [t("lesson.safe", lang)] if risk.safe else []  # the course's safe: no 15, 31 or run in reply
    marks += [t("ui.your_choice", lang)] if chosen else []
    marked = "".join(f' <span class="cb-mark">{escape(mark)}</span>' for mark in marks)
    classes = " ".join(name for name, on in (("cb-best", best), ("cb-chosen", chosen)) if on)
    said = "".join(f"<span>{escape(text)}</span> " for text in (pegs, gives, reply) if text)
    return (
        f"<li{attrs(class_=classes or None)}>{card_html(risk.card, lang)}{marked} {said}"
        f"<strong>{escape(t('peg_practice.net', lang, net=number(risk.net, lang)))}</strong></li>"
    )


def _sentence(text: str) -> str:
    """A verdict may open with a card's name: it starts a sentence."""
    return text[:1].upper() + text[1:]


def _verdict(risks: Sequence[PlayRisk], card: Card | None, lang: Language) -> str:
    if card is None:
        return t("peg_practice.go_right", lang)
    best = best_cards(risks)
    mine = next(risk for risk in risks if risk.card == card)
    if card in best:
        return _sentence(t("peg_practice.right", lang, card=card_name(card, lang), net=number(mine.net, lang)))
    top = next(risk for risk in risks if risk.card == best[0])
    return _sentence(
        t(
            "peg_practice.better",
            lang,
            card=card_name(card, lang),
            net=number(mine.net, lang),
            best=card_name(top.card, lang),
            best_net=number(top.net, lang),
            lost=expected_points_text(shown_difference(top.net, mine.net), lang),  # from the two nets shown
        )
    )


def _reason_html(risks: Sequence[PlayRisk], card: Card | None, opponent_cards: int, lang: Language) -> str:
    """Why the best card beats the reader's, or when the reader's is a best one, the next best."""
    if card is None or len(risks) < 2:
        return ""
    ranked = sorted(risks, key=lambda risk: -risk.net)
    mine = next(risk for risk in risks if risk.card == card)
    other = ranked[0] if card not in best_cards(risks) else next(risk for risk in ranked if risk.card != card)
    comparison = compare_plays(play_reason(mine, opponent_cards), play_reason(other, opponent_cards))
    return play_reason_html(comparison, lang)


def peg_view(state: State, lang: Language, static: bool = False, note: str = "") -> str:
    """The pile and its count, the opponent's cards, the reader's hand to play from, and the answer."""
    situation, _players, card, said_go, _uid = _checked(state)
    pile, hand = situation.pile, situation.hand
    risks = play_risks(pile, hand, situation.opponent_cards)
    answered = card is not None or said_go
    table = (
        f'<p class="cb-table-state"><span class="cb-label">{escape(t("ui.pile", lang))}:</span> {cards_html(pile, lang)} '
        f'<span class="cb-label">{escape(t("ui.count", lang))}:</span> '
        f'<strong class="cb-running" data-count="{situation.count}">{situation.count}</strong></p>'
        f'<p class="cb-opponent">{escape(t("peg_practice.opponent", lang, count=situation.opponent_cards))}</p>'
    )
    buttons = []
    for held in hand:
        refused = check_choice(pile, hand, held)
        buttons.append(
            tap_card(
                held,
                lang,
                f"card-{held}",
                "play",
                pressed=held == card,
                disabled=refused is not None,
                note=t(f"reason.{refused.params['reason']}", lang) if refused is not None else "",
            )
        )
    hand_label = t("peg_practice.hand", lang)
    go = button(t("ui.say_go", lang), "go", "go") if check_choice(pile, hand, None) is None else ""
    choice = choice_box(t("peg_practice.prompt", lang), tap_cards(buttons, hand_label) + go)
    plain = (
        f'<p class="cb-static-only"><span class="cb-label">{escape(hand_label)}:</span> {cards_html(hand, lang)}</p>'
        if static
        else ""
    )
    controls = f'<div class="cb-controls">{button(t("ui.deal", lang), "deal", "deal")}</div>'
    verdict = f'<p class="cb-verdict" data-announce>{escape(_verdict(risks, card, lang))}</p>' if answered else ""
    verdict += _reason_html(risks, card, situation.opponent_cards, lang)
    best = set(best_cards(risks))
    if risks:
        weighed = "".join(_risk_html(risk, risk.card in best, risk.card == card, lang) for risk in risks)
        body = f'<p class="cb-measure">{escape(t("peg_practice.measure", lang))}</p><ul class="cb-risks">{weighed}</ul>'
    else:
        body = f"<p>{escape(t('peg_practice.none_fits', lang))}</p>"
    unplayable = [held for held in hand if check_choice(pile, hand, held) is not None]
    if risks and unplayable:
        body += f"<p>{escape(t('peg_practice.too_high', lang, cards=', '.join(card_name(held, lang) for held in unplayable)))}</p>"
    summary = f"<summary>{escape(t('ui.answer', lang))}</summary>"
    answer = f'<details class="cb-answer-box"{" open" if answered and not static else ""}>{summary}{body}</details>'
    return f'{controls}{table}{plain}{choice}{note}<div class="cb-result">{verdict}{answer}</div>'


def peg_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    players = source.integer(fields, "players", 2, range(2, 5))
    # The printed moment is fixed by the block's text, so every build shows the same cards.
    seed = int(hashlib.sha1(text.encode()).hexdigest()[:8], 16)
    state = peg_state(deal_peg_situation(random.Random(seed), players), players, uid)
    return Live(state, peg_view(state, lang, static=True), t("peg_practice.prompt", lang))


def peg_update(state: State, action: Action, lang: Language) -> Answer:
    situation, players, card, said_go, uid = _checked(state)
    kind, value = action.get("action"), action_text(action)
    new = peg_state(situation, players, uid)
    new["chosen"] = GO if said_go else (None if card is None else str(card))  # nothing else travels on
    if kind == "deal":
        new = peg_state(deal_peg_situation(random.Random(), players), players, uid)
    elif kind in ("play", "go"):
        if kind == "play" and value not in CARD_TEXTS:
            raise StateError("value")
        choice = Card.parse(value) if kind == "play" else None
        refused = check_choice(situation.pile, situation.hand, choice)
        if refused is not None:  # a stale or edited action: the view says what is legal now
            note = (
                error_html(refused, lang)
                if choice is not None
                else (f'<p class="cb-error" data-announce>{escape(t("peg_practice.cannot_go", lang))}</p>')
            )
            return {"html": peg_view(new, lang, note=note), "state": new}
        new["chosen"] = GO if choice is None else str(choice)
    return {"html": peg_view(new, lang), "state": new}


WIDGET = Widget(kind="peg-practice", keys=("players",), required=(), block=peg_block, update=peg_update)
