"""Numbers agree with words by rule, and the rules are the catalogues' data: CLDR's plural
rules (checked against Babel's copy of CLDR), a plural form for every category a language
has, the numeral forms a message asks for (the Czech and Slovak z/ze, the Bulgarian
ordinal), and an amount of points said as a reader says it."""

from __future__ import annotations

import string
from decimal import Decimal

import pytest
from babel import Locale
from cribbage.i18n import (
    LANGUAGES,
    NAME_FORMS,
    POINTS_FORM,
    amount,
    catalogue,
    number_word,
    numeral,
    plural_category,
    points_text,
    t,
)

# The amounts the engine says (a mean, a loss), written as it writes them: 2.0 is the whole 2.
AMOUNTS = (0.5, 1.25, 2.0, 10.75)
# Numbers as written, each with the decimals it shows: "2.0" has one, as CLDR counts it.
WRITTEN = ("1.0", "2.0", "2.50", "0.1", "5.5", "11.2", "22.04")


def plain(text: str) -> str:
    """The words without the typesetting's no-break spaces (tests/site/test_typography.py checks those)."""
    return text.replace("\N{NO-BREAK SPACE}", " ")


PLURAL_RULES = "number.plural_rules"


def cldr_categories(lang: str) -> set[str]:
    return set(Locale.parse(lang).plural_form.tags) | {"other"}


def texts(message: object) -> list[str]:
    if isinstance(message, str):
        return [message]
    return [text for value in message.values() for text in texts(value)] if isinstance(message, dict) else []


def plural_messages(lang: str) -> dict[str, dict[str, str]]:
    """Every message that has plural forms: a mapping from plural categories, ``other`` among them."""
    categories = {"zero", "one", "two", "few", "many", "other"}
    return {
        key: message
        for key, message in catalogue(lang).items()
        if isinstance(message, dict)
        and "other" in message
        and set(message) <= categories
        and not key.startswith("numeral.")  # a numeral form's patterns are by condition
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_categories_are_cldrs_for_whole_numbers_and_for_amounts_as_written(lang):
    rule = Locale.parse(lang).plural_form
    assert set(catalogue(lang)[PLURAL_RULES]) | {"other"} == cldr_categories(lang)
    for whole in range(201):
        assert plural_category(whole, lang) == rule(whole), whole
    for value in AMOUNTS:
        assert plural_category(amount(value), lang) == rule(amount(value)), value
    for text in WRITTEN:
        assert plural_category(text, lang) == rule(Decimal(text)), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_message_has_exactly_the_forms_of_its_languages_cldr_categories(lang):
    messages = plural_messages(lang)
    assert "ui.points" in messages
    wrong = {key: sorted(message) for key, message in messages.items() if set(message) != cldr_categories(lang)}
    assert not wrong, f"{lang} needs the forms {sorted(cldr_categories(lang))}: {wrong}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_amount_of_points_shows_its_decimals_only_when_it_has_them_in_the_form_cldr_gives_it(lang):
    rule = Locale.parse(lang).plural_form
    forms = catalogue(lang)["ui.points"]
    sign = catalogue(lang)["number.decimal"]
    for value, digits in ((2, "2"), (2.0, "2"), (2.004, "2"), (1.5, "1.5"), (0.25, "0.25"), (6.51, "6.51")):
        written = digits.replace(".", sign)
        assert plain(points_text(value, lang)) == forms[rule(Decimal(digits))].format(count=written), value


def test_an_amount_of_points_reads_as_a_reader_says_it():
    assert [plain(points_text(value, "cs")) for value in (2, 1.5, 0.25, 5, 1)] == [
        "2 body",
        "1,5 bodu",
        "0,25 bodu",
        "5 bodů",
        "1 bod",
    ]
    assert [plain(points_text(value, "pl")) for value in (2, 1.5, 5, 22)] == [
        "2 punkty",
        "1,5 punktu",
        "5 punktów",
        "22 punkty",
    ]
    assert plain(t("game.moment_count", "cs", n=3, count=amount(2.0))).endswith("přehlédnuté 2 body.")


# Czech says "ze" before a number said with s, z, š, ž or with dv, tř, čt (ze dvou, ze tří,
# ze čtyř, ze šesti, ze sedmi, ze dvanácti), "z" before the others (z jedné, z pěti, z osmi);
# Slovak "zo" before s, z, š, ž (zo štyroch, zo šiestich, zo siedmich), else "z".
LONG_PREPOSITION = {"cs": ("ze", ("s", "z", "š", "ž", "dv", "tř", "čt")), "sk": ("zo", ("s", "z", "š", "ž"))}
# Beyond the numbers the catalogues spell: the course's 46 unseen cards, its 49 stages and 147 stars
# (59 and 177 since the lessons on the deal at the table, 54 and 162 with the go and the last card).
SAID_BEYOND = {
    "cs": {46: "ze", 49: "ze", 50: "z", 54: "z", 59: "z", 85: "z", 147: "ze", 162: "ze", 177: "ze", 500: "z"},
    "sk": {46: "zo", 49: "zo", 50: "z", 54: "z", 59: "z", 147: "zo", 162: "zo", 177: "zo", 200: "z"},
}


@pytest.mark.parametrize("lang", sorted(LONG_PREPOSITION))
def test_of_a_number_takes_the_preposition_its_spoken_form_takes(lang):
    long, sounds = LONG_PREPOSITION[lang]
    for n in range(32):
        word = number_word(n, lang)
        assert numeral(n, "from", lang) == f"{long if word.startswith(sounds) else 'z'} {n}", word
    for n, preposition in SAID_BEYOND[lang].items():
        assert numeral(n, "from", lang) == f"{preposition} {n}"
    assert plain(t("progress.summary", lang, done=0, total=5, stars=0, most=15)).count(" z ") == 2


# The Bulgarian ordinal in digits as the official spelling dictionary (2012) writes it: the
# digits, then the part of the word they do not say: 1-ви, 2-ри, 3-ти, 4-ти, but 5-и ... 20-и,
# 7-и and 8-и as in "8-и март" (21-ви: двадесет и първи; 100-тен: стотен). The messages that
# take one have a masculine subject ("Вашият избор е 8-и от 15").
BULGARIAN_ORDINALS = {1: "ви", 2: "ри", 3: "ти", 4: "ти", 5: "и", 6: "и", 7: "и", 8: "и", 9: "и", 10: "и", 11: "и"}
BULGARIAN_ORDINALS |= {n: "и" for n in range(12, 21)} | {21: "ви", 22: "ри", 27: "и", 100: "тен", 111: "и", 1000: "ен"}


def test_a_bulgarian_ordinal_takes_the_ending_of_its_spoken_form():
    for n, ending in BULGARIAN_ORDINALS.items():
        assert numeral(n, "ordinal", "bg") == f"{n}-{ending}"
    assert "Вашият избор е 8-и от 15" in plain(
        t("lesson.discard_cost", "bg", rank=8, total=15, cost=points_text(6.51, "bg"))
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_numeral_form_a_message_asks_for_is_its_languages_and_ends_with_other(lang):
    # besides a name's forms ({seat:mid}), a count in words ({count:word}) and points with
    # their unit ({total:points}), which every language has
    messages = catalogue(lang)
    for key, message in messages.items():
        for text in texts(message):
            for _, name, spec, _ in string.Formatter().parse(text):
                if name and spec and spec.isidentifier() and spec not in (*NAME_FORMS, "word", POINTS_FORM):
                    assert f"numeral.{spec}" in messages, f"{key} asks for {{{name}:{spec}}}"
    for key in (key for key in messages if key.startswith("numeral.")):
        assert list(messages[key])[-1] == "other", key
