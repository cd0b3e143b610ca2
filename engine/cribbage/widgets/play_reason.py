"""A card's reason in the play, in words: the facts of :mod:`cribbage.analysis.play_reasons`
said through the catalogue (``reason.play.*``), each figure as the practice prints it.

>>> from cribbage.analysis.pegging_risk import play_risks
>>> from cribbage.analysis.play_reasons import compare_plays, play_reason
>>> from cribbage.core.cards import parse_cards
>>> fives, king = (play_reason(risk, 3) for risk in play_risks(parse_cards("5C"), parse_cards("5H KD"), opponent_cards=3))
>>> explain_play(fives, "en")
'The next player’s best reply to five of hearts pegs 8 points; the chance they hold a card for it: 12%.'
>>> explain_play_comparison(compare_plays(fives, king), "en")
'King of diamonds pegs as much now as five of hearts, but leaves the next player less to expect in reply: 0.35 instead of 0.96.'
"""

from __future__ import annotations

from html import escape

from ..analysis.play_reasons import PlayComparison, PlayReason
from ..core.cards import Card
from ..i18n import Language, card_name, expected_points_text, number, points_text, t


def explain_play(reason: PlayReason, lang: Language) -> str:
    """The next player's best reply and the chance they can make it; nothing when they hold no cards."""
    if not reason.replier_cards:
        return ""
    return reply_text(reason.card, reason.top_reply, reason.top_chance, lang)


def reply_text(card: Card, top: int, chance: float, lang: Language) -> str:
    """The most the next player's reply to ``card`` pegs (0: none scores) and the chance they hold a card for it."""
    name = card_name(card, lang, "acc")
    if not top:
        return t("reason.play.no_reply", lang, card=name)
    return t("reason.play.reply", lang, card=name, top=points_text(top, lang), chance=round(100 * chance))


def explain_play_comparison(comparison: PlayComparison, lang: Language) -> str:
    """One sentence: why the better card beats the other, or that they are equal."""
    better, other = comparison.better, comparison.other
    text = t(
        f"reason.play.{comparison.difference.value}",
        lang,
        better=card_name(better.card, lang),
        other=card_name(other.card, lang),
        pegs=points_text(better.pegs, lang),
        other_pegs=points_text(other.pegs, lang),
        pegs_gain=points_text(abs(comparison.pegs_gain), lang),
        expected=number(better.expected_reply, lang),
        other_expected=number(other.expected_reply, lang),
        net=number(better.net, lang),
        other_net=number(other.net, lang),
        net_gain=expected_points_text(float(comparison.net_gain), lang),
    )
    return text[:1].upper() + text[1:]  # it opens with a card's name


def play_reason_html(comparison: PlayComparison, lang: Language) -> str:
    """What sets two cards apart, then the better one's reply: a paragraph of short sentences."""
    sentences = [explain_play_comparison(comparison, lang), explain_play(comparison.better, lang)]
    return f'<p class="cb-reason">{escape(" ".join(sentence for sentence in sentences if sentence))}</p>'
