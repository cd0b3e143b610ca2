"""Counts and scores in words, as players say them at the table.

>>> from cribbage.core.cards import parse_hand_and_starter
>>> from cribbage.core.show import score_show
>>> spoken_count(score_show(*parse_hand_and_starter("5H 5S JC 2D", "4D")), "en")
'Fifteen two, fifteen four, and a pair is six'
>>> spoken_count(score_show(*parse_hand_and_starter("4H 4S 5C 6D", "10H")), "en")
'Fifteen two, fifteen four, fifteen six, and a double run is fourteen'
>>> spoken_count(score_show(*parse_hand_and_starter("3H 4D 5C 6S", "6H")), "en")
'Fifteen two, fifteen four, fifteen six, and a double run of four is sixteen'
>>> spoken_count(score_show(*parse_hand_and_starter("7H 8D JS QC", "KH")), "en")
'Fifteen two, and a run of three is five'
>>> spoken_count(score_show(*parse_hand_and_starter("10H 5D 2S 8C", "AH")), "en")
'Fifteen two, fifteen four'
>>> spoken_count(score_show(*parse_hand_and_starter("2H 4H 8H QH", "KC")), "en")
'Four for the flush'
>>> spoken_count(score_show(*parse_hand_and_starter("KH KD QS QC", "2D")), "en")
'A pair is two, and another pair is four'
>>> spoken_count(score_show(*parse_hand_and_starter("5H 5S JC 2D", "4D")), "cs")
'Patnáct dva, patnáct čtyři a\xa0dvojice, to je šest'
>>> spoken_count(score_show(*parse_hand_and_starter("KH KD 2S 7C", "9D")), "cs")  # two to four: "to jsou"
'Dvojice, to jsou dva'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import Card
from ..core.show import ScoreItem, ScoreKind, ShowScore
from ..i18n import Language, has_message, lookup, number_word, points_text, t

PAIR_NAMES = {2: "pair", 3: "pair_royal", 4: "double_pair_royal"}
"""Two, three or four cards of a kind, said as one."""


def kind_name(item: ScoreItem, lang: Language) -> str:
    """What an item is called: a pair of three or four cards in the play is a pair royal or
    a double pair royal, not a pair.

    >>> from cribbage.core.cards import parse_cards
    >>> kind_name(ScoreItem("pair", tuple(parse_cards("7H 7S 7D")), 6), "en")
    'pair royal'
    """
    return t(f"kind.{PAIR_NAMES[len(item.cards)] if item.kind == ScoreKind.PAIR else item.kind}", lang)


def one_kind(item: ScoreItem, lang: Language, name: str = "") -> str:
    """One item named as a sentence names one thing: ``a run``, ``thirty-one`` (``kind.one``,
    an article by kind where the language has them); ``name``: a name of the item's own
    (``run of four``) in place of its kind's.

    >>> from cribbage.core.cards import parse_cards
    >>> one_kind(ScoreItem("run", tuple(parse_cards("5H 6S 7D")), 3), "en"), one_kind(ScoreItem("thirty_one", (), 2), "en")
    ('a run', 'thirty-one')
    """
    patterns: dict[str, str] = lookup("kind.one", lang)
    return patterns.get(item.kind, patterns["any"]).format(kind=name or kind_name(item, lang))


RUN_GROUP_NAMES = {(2,): "double_run", (3,): "triple_run", (2, 2): "double_double_run"}
"""Runs over the same ranks said as one, by how many cards the repeated ranks hold."""


def grouped(items: Sequence[ScoreItem]) -> list[tuple[str, int, int]]:
    """Items as players say them: ``(spoken kind, points, length)``.

    Pairs of one rank are said together: three cards are a pair royal (6), four a
    double pair royal (12). Runs over the same ranks are said as one double run
    (two runs and their pair), triple run (three runs and a pair royal) or
    double double run (four runs and two pairs).  Any other set of runs (the
    seven-card game's six cards can hold two runs apart, or four runs over a
    rank held four times) is said run by run, and its pairs pair by pair.

    >>> from cribbage.core.cards import parse_cards
    >>> from cribbage.core.show import score_show
    >>> spoken_count(score_show(parse_cards("AH 2S 3D 5C 6H"), parse_cards("7S")[0], hand_size=5), "en")
    'Fifteen two, fifteen four, fifteen six, fifteen eight, a run of three is eleven, and a run of three is fourteen'
    """
    runs_over: dict[frozenset[int], list[ScoreItem]] = {}
    for item in items:
        if item.kind == ScoreKind.RUN:
            runs_over.setdefault(frozenset(card.rank for card in item.cards), []).append(item)
    pairs: dict[int, int] = {}
    paired: dict[int, set[Card]] = {}
    for item in items:
        if item.kind == ScoreKind.PAIR:
            pairs[item.cards[0].rank] = pairs.get(item.cards[0].rank, 0) + item.points
            paired.setdefault(item.cards[0].rank, set()).update(item.cards)
    named: dict[frozenset[int], str] = {}
    for ranks, runs in runs_over.items():
        repeated = tuple(sorted((len(paired[rank]) for rank in ranks if rank in paired), reverse=True))
        if len(runs) > 1 and repeated in RUN_GROUP_NAMES:
            named[ranks] = RUN_GROUP_NAMES[repeated]
    merged_ranks = {rank for ranks in named for rank in ranks}
    said: list[tuple[str, int, int]] = []
    done: set[object] = set()
    for item in items:
        if item.kind == ScoreKind.PAIR:
            rank = item.cards[0].rank
            if rank not in done and rank not in merged_ranks:
                done.add(rank)
                said.append((PAIR_NAMES[len(paired[rank])], pairs[rank], 0))
        elif item.kind == ScoreKind.RUN and (ranks := frozenset(card.rank for card in item.cards)) in named:
            if ranks not in done:
                done.add(ranks)
                points = sum(run.points for run in runs_over[ranks]) + sum(pairs.get(rank, 0) for rank in ranks)
                said.append((named[ranks], points, len(item.cards)))
        else:
            said.append((item.kind, item.points, len(item.cards)))
    return said


COUNTED_TOGETHER = 3
"""From three alike, a shape with no name of its own is said at once, as a number of them
("three pairs is twenty-two, and eight runs of three is forty-six"); two are said one by
one ("a pair is two, and another pair is four")."""


def _counted(said: Sequence[tuple[str, int, int]], lang: Language) -> list[tuple[str, int, int, int]]:
    """``(spoken kind, points, length, how many)``: runs of :data:`COUNTED_TOGETHER` or more
    alike items said together, where the language has a word for that many
    (``spoken.times.<kind>``); every other item on its own (how many: 1)."""
    counted: list[tuple[str, int, int, int]] = []
    index = 0
    while index < len(said):
        alike = 1
        while index + alike < len(said) and said[index + alike] == said[index]:
            alike += 1
        kind, points, length = said[index]
        words = lookup(f"spoken.times.{kind}", lang) if has_message(f"spoken.times.{kind}", lang) else []
        if alike >= COUNTED_TOGETHER and alike < len(words):
            counted.append((kind, points * alike, length, alike))
        else:
            counted += [(kind, points, length, 1)] * alike
        index += alike
    return counted


def spoken_count(score: ShowScore, lang: Language) -> str:
    """The count said aloud, each step naming the running total.

    >>> from cribbage.core.cards import parse_cards
    >>> from cribbage.core.show import score_show
    >>> seven_card_best = score_show(parse_cards("4S 4H 5D 5C 6S"), parse_cards("6H")[0], hand_size=5)
    >>> spoken_count(seven_card_best, "en").split(", fifteen sixteen, ")[1]
    'three pairs is twenty-two, and eight runs of three is forty-six'
    """
    if not score.items:
        text = t("spoken.nothing", lang)
        return text[:1].upper() + text[1:]
    running = 0
    phrases: list[str] = []
    said = grouped(score.items)
    before: set[str] = set()  # the kinds said so far
    for kind, points, length, times in _counted(said, lang):
        running += points
        again, before = kind in before, before | {kind}
        if times > 1:
            what = str(lookup(f"spoken.times.{kind}", lang)[times]).format(
                length_word=number_word(length, lang), length_of=lookup("run.lengths", lang)[length]
            )
            phrases.append(t("spoken.group", lang, what=what, n=number_word(running, lang), count=running))
            continue
        # count: the running total the phrase ends on ("to jsou dva", "to je pět" in Czech)
        words = {
            "n": number_word(running, lang),
            "count": running,
            "length": length,
            "length_word": number_word(length, lang),
            # "of three" where a language names a run by its cards ("sekwens z trzech")
            "length_of": lookup("run.lengths", lang)[length],
        }
        if kind == "double_run" and length == 4:
            kind = "double_run_of_four"  # 10 points, not 8: worth its own name
        elif kind == "flush" and running == points:
            kind = "flush_first"  # "four for the flush", not "... is four" again
        elif kind == "pair" and again:
            kind = "pair_again"  # "a pair is two, and another pair is four"
        phrases.append(t(f"spoken.{kind}", lang, **words))
    text = phrases[0]
    if said[-1][0] == "fifteen":  # fifteens alone: "fifteen two, fifteen four", no "and" before the last
        text = t("spoken.join", lang).join(phrases)
    elif len(phrases) > 1:
        text = t("spoken.last", lang, rest=t("spoken.join", lang).join(phrases[:-1]), last=phrases[-1])
    return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True)
class TalliedKind:
    """One kind of a tally: what it is called (a ``lesson.count.<kind>`` key), how many, the points."""

    kind: str
    count: int
    points: int


def tallied_kinds(items: Sequence[ScoreItem]) -> list[TalliedKind]:
    """The items summed by kind, in the order they first come; the pairs of one rank are the
    pair, pair royal or double pair royal their cards make (three sixes are a pair royal, not
    three pairs), as players name them.

    >>> from cribbage.core.cards import parse_hand_and_starter
    >>> from cribbage.core.show import score_show
    >>> [(kind.kind, kind.count, kind.points) for kind in tallied_kinds(score_show(*parse_hand_and_starter("6H 6S 6C 7D", "7S")).items)]
    [('pair_royal', 1, 6), ('pair', 1, 2)]
    """
    of_rank: dict[int, set[Card]] = {}
    for item in items:
        if item.kind == ScoreKind.PAIR:
            of_rank.setdefault(item.cards[0].rank, set()).update(item.cards)
    counts: dict[str, int] = {}
    points: dict[str, int] = {}
    named_ranks: set[int] = set()
    for item in items:
        kind = str(item.kind)
        if item.kind == ScoreKind.PAIR:
            rank = item.cards[0].rank
            kind = PAIR_NAMES[len(of_rank[rank])]
            counts[kind] = counts.get(kind, 0) + (rank not in named_ranks)  # one name for all of a rank's pairs
            named_ranks.add(rank)
        else:
            counts[kind] = counts.get(kind, 0) + 1
        points[kind] = points.get(kind, 0) + item.points
    return [TalliedKind(kind, counts[kind], points[kind]) for kind in counts]


def kind_tally(score: ShowScore, lang: Language) -> str:
    """Points per kind, to set beside the reader's own tally and find what was missed.

    >>> from cribbage.core.cards import parse_hand_and_starter
    >>> from cribbage.core.show import score_show
    >>> kind_tally(score_show(*parse_hand_and_starter("5H 5S JC 2D", "4C")), "en")
    'What scores: two fifteens for 4 points, a pair for 2 points, his nobs for 1 point'
    """
    return f"{t('ui.breakdown', lang)}: {', '.join(tallied_texts(score.items, lang))}"


def tallied_texts(items: Sequence[ScoreItem], lang: Language) -> list[str]:
    """Each kind said with its count, as the course says them (:func:`tallied_kinds`).

    >>> from cribbage.core.cards import parse_cards
    >>> fifteen = ScoreItem("fifteen", tuple(parse_cards("5H JC")), 2)
    >>> tallied_texts([fifteen, fifteen, ScoreItem("run", tuple(parse_cards("2D 3C 4C")), 3)], "en")
    ['two fifteens for 4 points', 'a run for 3 points']
    """
    return [
        t(
            "ui.kind_points",
            lang,
            kind=t(f"lesson.count.{tallied.kind}", lang, count=tallied.count),
            points=points_text(tallied.points, lang),
        )
        for tallied in tallied_kinds(items)
    ]


def reason_text(item: ScoreItem, lang: Language) -> str:
    """What one play scored: ``fifteen for 2``, ``run of 3 for 3`` ...

    >>> from cribbage.core.cards import parse_cards
    >>> reason_text(ScoreItem("pair", parse_cards("6H 6S 6C"), 6), "en")
    'pair royal for 6 points'
    """
    points = points_text(item.points, lang)
    if item.kind == ScoreKind.RUN:
        length_word = lookup("run.lengths", lang)[len(item.cards)]
        return t("play.reason_run", lang, length_word=length_word, points=points)
    return t("play.reason", lang, kind=kind_name(item, lang), points=points)
