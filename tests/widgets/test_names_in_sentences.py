"""A seat's name is a label on the scoreboard and a noun in a sentence: ``Computer on your
left`` heads its seat, but the log says "The computer on your left says go." and "Deal 2:
the computer on your left deals". Each name has its running-text form (``<key>.mid``) and a
message asks for the form it needs, ``{name:mid}`` or ``{name:start}`` (:class:`cribbage.i18n.Named`)."""

from __future__ import annotations

import string

import pytest
from cribbage.i18n import LANGUAGES, catalogue, seat_name, t
from cribbage.widgets.game.seats import said
from cribbage.widgets.game.seats import seat_name as game_seat_name

SEAT_SENTENCES = sorted(
    key[: -len("_seat")] for key in catalogue("en") if key.startswith("game.") and key.endswith("_seat")
)
PLAY_SENTENCES = ("play.plays", "play.go", "play.go_point", "play.to_move", "ui.choose_next")


def fields(key: str, lang: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(catalogue(lang)[key]) if name}


def filled(key: str, lang: str, **names: object) -> dict[str, object]:
    """Every other placeholder of the message given a number."""
    return {name: 2 for name in fields(key, lang) - {"name", "seat"}} | names


def computer_seats() -> list[tuple[int, int]]:
    return [(seat, players) for players in (3, 4) for seat in range(1, players)]


def play_seats() -> list[tuple[int, int]]:
    return [(seat, players) for players in (2, 3, 4) for seat in range(players)]


def in_running_text(text: str, label: str, mid: str) -> bool:
    """Whether the label shows inside a sentence, where the running-text form belongs."""
    if label == mid:
        return False
    starts = (index for index in range(len(text)) if text.startswith(label, index))
    return any(text[:index].rstrip()[-1:] not in ("", ".", "!", "?") for index in starts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_name_mid_sentence_is_in_its_running_text_form_in_every_language(lang):
    wrong = []
    for base in SEAT_SENTENCES:
        for seat, players in computer_seats():
            name = game_seat_name(seat, players, lang)
            text = said(base, seat, players, lang, **filled(base + "_seat", lang))
            if in_running_text(text, str(name), name.mid) or not text[0].isupper() and not text[0].isdigit():
                wrong.append(text)
    for key in PLAY_SENTENCES:
        for seat, players in play_seats():
            name = seat_name(seat, players, lang)
            text = t(key, lang, **filled(key, lang, seat=name))
            if in_running_text(text, str(name), name.mid):
                wrong.append(text)
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_names_running_text_form_is_lowercase_unless_it_is_a_players_number(lang):
    names = [game_seat_name(seat, players, lang) for seat, players in computer_seats()]
    names += [seat_name(seat, 2, lang) for seat in (0, 1)]
    assert all(name.mid[:1].islower() for name in names), [name.mid for name in names]
    player = seat_name(0, 3, lang)
    assert player.mid[:1].islower() or player.mid == str(player)


def test_an_english_seat_name_in_a_sentence_has_its_article():
    assert said("game.go", 2, 3, "en") == "The computer on your right says go."
    assert t("ui.choose_next", "en", seat=seat_name(0, 2, "en")) == "Play a card for the pone"
    assert said("game.deals_five", 1, 3, "en", n=2) == "Deal 2: the computer on your left deals five cards each."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_team_line_starts_with_a_capital_and_names_the_second_partner_in_running_text(lang):
    first, second = seat_name(0, 4, lang), seat_name(2, 4, lang)
    text = t("ui.team", lang, a=first, b=second)
    assert text[0].isupper(), text
    assert second.mid in text and not in_running_text(text, str(second), second.mid), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_names_the_reader_by_the_seat_the_replayed_play_shows(lang):
    for seat, players in play_seats():
        name = seat_name(seat, players, lang)
        text = t("game.replay_you", lang, seat=name)
        assert name.mid in text, text
    pone = t("game.replay_you", lang, seat=seat_name(0, 2, lang))
    assert not any(character.isdigit() for character in pone), pone
