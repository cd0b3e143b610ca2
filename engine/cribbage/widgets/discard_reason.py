"""A discard's reason in words: the facts of :mod:`cribbage.analysis.reasons` said as short
sentences of the catalogue (``reason.discard.*``), each figure as the tables print it.

>>> from cribbage.analysis.discard import analyse_discards
>>> from cribbage.analysis.reasons import compare, crib_owner, discard_reason
>>> first, second = analyse_discards("5H 5S 6C 7D JH KS", dealer=False)[:2]
>>> owner = crib_owner(dealer=False, players=2)
>>> explain(discard_reason(first, owner), "en")[1]
'Best starter: five, making 17 points.'
>>> explain_comparison(compare(discard_reason(first, owner), discard_reason(second, owner)), "en")
'Throwing J♥ K♠ rather than 6♣ 7♦ keeps 0.19 points less on average (12.22 instead of 12.41), but gives the crib 1.34 points less (3.98 instead of 5.32).'
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from html import escape

from ..analysis.discard import DiscardOption
from ..analysis.reasons import CribOwner, Difference, DiscardComparison, DiscardReason, compare, discard_reason, rival
from ..core.cards import Card
from ..i18n import Language, card_symbol, expected_points_text, lookup, number, points_text, t

CRIB_KEYS = {
    CribOwner.YOURS: "reason.discard.crib_yours",
    CribOwner.OPPONENTS: "reason.discard.crib_opponents",
    CribOwner.DEALERS: "reason.discard.crib_dealers",
}
"""The crib sentence, by whose crib the throw goes to."""


def _rank_names(ranks: Sequence[int], lang: Language) -> str:
    names = [str(lookup("card.ranks", lang)[rank - 1]["name"]) for rank in ranks]
    return names[0] if len(names) == 1 else t("lesson.or", lang, rest=", ".join(names[:-1]), last=names[-1])


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card_symbol(card) for card in cards)


def explain(reason: DiscardReason, lang: Language) -> list[str]:
    """What a discard keeps for sure and on average, the starters that make the kept cards
    score most, and what the throw gives whose crib."""
    return [
        t(
            "reason.discard.keep",
            lang,
            cards=_cards(reason.keep),
            least=points_text(reason.hand_least, lang),
            mean=expected_points_text(reason.hand_mean, lang),
        ),
        t(
            "reason.discard.starters",
            lang,
            ranks=_rank_names(reason.top_ranks, lang),
            top=points_text(reason.top_score, lang),
        ),
        t(CRIB_KEYS[reason.crib_owner], lang, crib=expected_points_text(reason.crib_mean, lang)),
    ]


def explain_comparison(comparison: DiscardComparison, lang: Language) -> str:
    """One sentence: why the better discard beats the other, or that they are equal."""
    better, other = comparison.better, comparison.other
    direction = "own" if better.own_crib else "other"
    figures = {
        "better": _cards(better.discard),
        "other": _cards(other.discard),
        "kept": number(better.hand_mean, lang),
        "other_kept": number(other.hand_mean, lang),
        "same_kept": expected_points_text(better.hand_mean, lang),
        "crib": number(better.crib_mean, lang),
        "other_crib": number(other.crib_mean, lang),
        "net": number(better.net, lang),
        "other_net": number(other.net, lang),
        "kept_gain": _amount(comparison.kept_gain, lang),
        "crib_gain": _amount(comparison.crib_gain, lang),
        "net_gain": _amount(comparison.net_gain, lang),
    }
    match comparison.difference:
        case Difference.TIED | Difference.KEPT_ONLY | Difference.NET_ONLY:
            key = f"reason.discard.{comparison.difference.value}"
        case _:
            key = f"reason.discard.{comparison.difference.value}.{direction}"
    return t(key, lang, **figures)


def _amount(difference: Decimal, lang: Language) -> str:
    """A difference of two shown figures, said without its sign (the sentence says more or less)."""
    return expected_points_text(float(abs(difference)), lang)


def reason_html(options: Sequence[DiscardOption], chosen: DiscardOption, owner: CribOwner, lang: Language) -> str:
    """The reason of ``chosen`` and, against the best (or the runner-up when ``chosen`` is the
    best), what sets them apart: a paragraph of short sentences."""
    mine = discard_reason(chosen, owner)
    other = discard_reason(rival(options, chosen), owner)
    return comparison_html(compare(mine, other), lang)


def comparison_html(comparison: DiscardComparison, lang: Language) -> str:
    """What sets two discards apart, then the facts of the better one: a paragraph of short sentences."""
    sentences = [explain_comparison(comparison, lang), *explain(comparison.better, lang)]
    return f'<p class="cb-reason">{escape(" ".join(sentences))}</p>'


def facts_html(reason: DiscardReason, lang: Language) -> str:
    """The facts of one discard alone, when there is no other to set it against."""
    return f'<p class="cb-reason">{escape(" ".join(explain(reason, lang)))}</p>'
