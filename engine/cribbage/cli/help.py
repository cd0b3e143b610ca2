"""The command line's parser, worded in the reader's language.

Every description, option help, section title and placeholder of ``--help``
comes from the ``cli.help.*`` messages of the catalogue, so ``--lang pl score
--help`` reads Polish from the first word to the last. The language is read
from the command line before the parser is built (:func:`requested_language`).

>>> build_parser("pl").format_usage().split()[:2]
['użycie:', 'python']
>>> print(build_parser("cs").parse_args(["score", "5H", "--starter", "5D", "--lang", "cs"]).lang)
cs
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, NoReturn

from ..core.variants import VARIANTS
from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, t

PROG = "python -m cribbage"

ArgumentSpec = tuple[tuple[str, ...], dict[str, Any]]
"""The flags (or the positional name) of one argument and its ``add_argument`` settings, help left out."""

COMMANDS: dict[str, tuple[ArgumentSpec, ...]] = {
    "score": (
        (("cards",), {"nargs": "+"}),
        (("--starter",), {}),
        (("--crib",), {"action": "store_true"}),
        (("--variant",), {"choices": tuple(VARIANTS)}),
    ),
    "peg": (
        (("source",), {"nargs": "?"}),
        (("--hands",), {}),
        (("--plays",), {}),
        (("--variant",), {"choices": tuple(VARIANTS)}),
        (("--five-card",), {"action": "store_true"}),
    ),
    "stats": (),
    "game": (
        (("--seed",), {"type": int, "default": 0}),
        (("--players",), {"type": int, "choices": (2, 3, 4), "default": 2}),
        (("--auto",), {"action": "store_true"}),
        (("--target",), {"type": int, "choices": tuple(sorted({61, 121} | {v.target for v in VARIANTS.values()}))}),
        (("--variant",), {"choices": tuple(VARIANTS)}),
        (("--five-card",), {"action": "store_true"}),
        (("--muggins",), {"action": "store_true"}),
        (("--lurch",), {"action": "store_true", "default": None}),
        (("--strength",), {"choices": ("expert", "steady", "easy", "random"), "default": "expert"}),
    ),
    "discard": (
        (("cards",), {"nargs": "+"}),
        (("--dealer",), {"action": "store_true"}),
        (("--players",), {"type": int, "choices": (2, 3, 4), "default": 2}),
        (("--variant",), {"choices": tuple(VARIANTS)}),
        (("--five-card",), {"action": "store_true"}),
    ),
}
"""Every subcommand and its own arguments; each also takes ``--lang`` and ``--json``.

The help of an argument is the message ``cli.help.<command>.<dest>``; an
argument that takes a free value shows the placeholder ``cli.help.metavar.<dest>``.
"""


ARGPARSE_MESSAGES = {
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "expected one argument": "cli.argparse.expected_one",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
}
"""argparse's error messages (its gettext ids) and the catalogue's words for them.

The catalogue names each ``%`` placeholder (``{value}``); argparse's one unnamed
``%s`` is ``{arguments}``. A message not listed stays in English.
"""

_PLACEHOLDER = re.compile(r"%\((\w+)\)([rs])|%s")


def argparse_message(msgid: str, lang: Language) -> str:
    """argparse's message ``msgid`` in ``lang``, with argparse's own placeholders.

    >>> argparse_message("invalid choice: %(value)r (choose from %(choices)s)", "cs")
    'neplatná volba: %(value)r (možnosti: %(choices)s)'
    >>> argparse_message("unrecognized arguments: %s", "pl"), argparse_message("%(heading)s:", "pl")
    ('nierozpoznane argumenty: %s', '%(heading)s:')
    """
    key = ARGPARSE_MESSAGES.get(msgid)
    if key is None:
        return msgid
    placeholders = {
        match[1] or "arguments": match[0] for match in _PLACEHOLDER.finditer(msgid)
    }  # {"value": "%(value)r"}
    return t(key, lang, **placeholders)


@contextmanager
def _argparse_speaks(lang: Language) -> Iterator[None]:
    """argparse's messages in ``lang`` while it parses: it words them through its module's
    gettext ``_``, which has no catalogue of ours to read."""
    english = argparse._  # type: ignore[attr-defined]
    argparse._ = partial(argparse_message, lang=lang)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = english  # type: ignore[attr-defined]


class UsageError(Exception):
    """Bad command-line use or a malformed request; already worded."""


class _Parser(argparse.ArgumentParser):
    lang: Language = DEFAULT_LANGUAGE  # the whole line's parser sets it; a subcommand's speaks as it does

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        with _argparse_speaks(self.lang):
            return super().parse_args(args, namespace)

    def error(self, message: str) -> NoReturn:  # one line, exit 2, never the usage dump
        raise UsageError(f"{self.prog}: {message}")


class _Formatter(argparse.HelpFormatter):
    """argparse's layout with the word before the usage line in ``lang``."""

    def __init__(self, prog: str, lang: Language = DEFAULT_LANGUAGE) -> None:
        super().__init__(prog)
        self.lang = lang

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        # argparse passes an empty prefix when it builds a subcommand's prog: keep that one empty.
        super().add_usage(usage, actions, groups, t("cli.help.usage", self.lang) if prefix is None else prefix)


def requested_language(argv: Sequence[str]) -> Language:
    """The language of ``--lang`` anywhere on the line (the last one wins, as in the parser).

    An unknown language gives English here; the parser then refuses it.

    >>> requested_language(["score", "--lang", "cs", "--help"]), requested_language(["--lang=bg", "stats"])
    ('cs', 'bg')
    >>> requested_language(["--lang", "xx"]), requested_language(["--lang"])
    ('en', 'en')
    """
    lang = DEFAULT_LANGUAGE
    for index, word in enumerate(argv):
        value = argv[index + 1] if word == "--lang" and index + 1 < len(argv) else word.partition("--lang=")[2]
        if value in LANGUAGES:
            lang = value
    return lang


SCORE_BATCH = ("score", "--json", "-")
"""The command line a script sends thousands of hands through."""


def score_batch_language(argv: Sequence[str]) -> Language | None:
    """The language of exactly :data:`SCORE_BATCH` with one optional ``--lang X``
    anywhere; ``None`` for any other line, which the parser reads.

    That one line is answered without building the parser: its help in the
    reader's language costs as much as a thousand hands. Anything unusual
    (``--lang=pl``, a misspelt language, options in another order) goes to the
    parser, which reads it the same way or says what is wrong.

    >>> score_batch_language(["score", "--json", "-"]), score_batch_language(["--lang", "pl", "score", "--json", "-"])
    ('en', 'pl')
    >>> score_batch_language(["score", "--json", "-", "--lang", "xx"]), score_batch_language(["score", "-", "--json"])
    (None, None)
    """
    words, lang = list(argv), DEFAULT_LANGUAGE
    if "--lang" in words:
        at = words.index("--lang")
        lang = words[at + 1] if at + 1 < len(words) else ""
        del words[at : at + 2]
    return lang if tuple(words) == SCORE_BATCH and lang in LANGUAGES else None


def build_parser(lang: Language = DEFAULT_LANGUAGE) -> argparse.ArgumentParser:
    """The whole command line, every word of its help in ``lang``."""
    formatter = partial(_Formatter, lang=lang)
    common = _Parser(add_help=False)
    _help_option(common, lang)
    common.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.help.lang", lang))
    common.add_argument("--json", action="store_true", help=t("cli.help.json", lang))
    parser = _Parser(prog=PROG, description=t("cli.help.description", lang), formatter_class=formatter, add_help=False)
    parser.lang = lang
    _help_option(parser, lang)
    _section_titles(parser, lang)
    parser.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help=t("cli.help.lang", lang))
    commands = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser, help=t("cli.help.command", lang)
    )
    for command, arguments in COMMANDS.items():
        summary = t(f"cli.help.{command}", lang)
        sub = commands.add_parser(
            command, parents=[common], help=summary, description=summary, formatter_class=formatter, add_help=False
        )
        _section_titles(sub, lang)
        for flags, settings in arguments:
            dest = flags[-1].lstrip("-").replace("-", "_")
            takes_value = settings.get("action") != "store_true" and "choices" not in settings
            worded: dict[str, Any] = {"help": t(f"cli.help.{command}.{dest}", lang)}
            if takes_value:
                worded["metavar"] = t(f"cli.help.metavar.{dest}", lang)
            sub.add_argument(*flags, **worded, **settings)
    return parser


def _help_option(parser: argparse.ArgumentParser, lang: Language) -> None:
    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help=t("cli.help.help", lang))


def _section_titles(parser: argparse.ArgumentParser, lang: Language) -> None:
    """Name the two sections of ``--help`` in ``lang``; argparse has no public way to."""
    parser._positionals.title = t("cli.help.positionals", lang)
    parser._optionals.title = t("cli.help.options", lang)
