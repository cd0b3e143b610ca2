"""A number said in a sentence goes through the catalogue: a message with plural forms
(``count``), ``points_text`` for an amount of points, or a numeral form (``{total:from}``).
Set right beside words in code, a number gets no plural form, no case and no decimal sign
("patnáctka 4", ``t("ui.step", lang) + " " + str(n)``).

The widgets and the command line are read here with ``ast``: an f-string or a ``+`` that
puts a number next to words of the catalogue, with nothing but spaces or brackets between
them, fails the test. A colon, a tag or another word between them makes a label and its
value, or a table's cells, which need no grammar.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "cribbage"
SCANNED = ("widgets", "cli")
# Calls whose result is words of the catalogue.
WORDS = {"t", "say", "said", "seat_name", "side_name", "named", "kind_name", "card_name", "points_text", "reason_text"}
# Calls whose result is a bare number or its digits, and calls that pass their argument on.
NUMBERS = {"number", "len", "sum", "int", "float", "round", "abs", "min", "max"}
PASSING = {"escape", "str"}
# The names this code gives numbers: variables, attributes and parameters.
NUMBER_NAMES = {
    "n", "count", "total", "totals", "points", "value", "score", "scores", "cost", "net", "number",
    "rank", "stars", "earned", "done", "most", "said", "actual", "step", "target", "line", "mean",
    "least", "risk", "expected", "worst", "lost", "missing", "extra", "unseen", "length",
}  # fmt: skip
# What may stand between words and a number that is glued to them.
GLUE = re.compile(r"[\s()\[\]\u00a0]*")
Part = str | ast.expr


def _called(node: ast.expr) -> str | None:
    if not isinstance(node, ast.Call):
        return None
    function = node.func
    return (
        function.id
        if isinstance(function, ast.Name)
        else function.attr
        if isinstance(function, ast.Attribute)
        else None
    )


def is_words(node: ast.expr) -> bool:
    name = _called(node)
    if name in PASSING and isinstance(node, ast.Call) and node.args:
        return is_words(node.args[0])
    return name in WORDS


def is_number(node: ast.expr) -> bool:
    match node:
        case ast.Constant(value=value):
            return isinstance(value, (int, float)) and not isinstance(value, bool)
        case ast.FormattedValue(value=value, format_spec=spec):
            return spec is not None and bool(re.search(r"[dfeg%]", ast.unparse(spec))) or is_number(value)
        case ast.Call(args=args) if _called(node) in PASSING:
            return bool(args) and is_number(args[0])
        case ast.Call():
            return _called(node) in NUMBERS
        case ast.BinOp(left=left, op=ast.Add(), right=right):
            return is_number(left) or is_number(right)
        case ast.BinOp(op=ast.Sub() | ast.Mult() | ast.Div() | ast.FloorDiv() | ast.Mod()):
            return True
        case ast.UnaryOp(op=ast.USub(), operand=operand):
            return is_number(operand)
        case ast.Name(id=name) | ast.Attribute(attr=name):
            return name in NUMBER_NAMES
        case ast.Subscript(value=value):
            return is_number(value)
    return False


def parts(node: ast.expr) -> list[Part]:
    """An f-string or a chain of ``+`` as its literal texts and the values between them."""
    match node:
        case ast.JoinedStr(values=values):
            return [part for value in values for part in parts(value)]
        case ast.Constant(value=str() as text):
            return [text]
        case ast.BinOp(left=left, op=ast.Add(), right=right):
            return parts(left) + parts(right)
        case ast.FormattedValue(value=value, format_spec=None):
            return [value]
    return [node]


def glued(sequence: list[Part]) -> bool:
    values = [(index, part) for index, part in enumerate(sequence) if not isinstance(part, str)]
    for (before, first), (after, second) in zip(values, values[1:]):
        between = "".join(part for part in sequence[before + 1 : after] if isinstance(part, str))
        pair = (is_words(first) and is_number(second)) or (is_number(first) and is_words(second))
        if pair and GLUE.fullmatch(between):
            return True
    return False


def glued_in(tree: ast.AST) -> Iterator[int]:
    """The lines of ``tree`` where a number is glued to words."""
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) or isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            if glued(parts(node)):
                yield node.lineno


GLUED = (
    "f\"{t(f'kind.{kind}', lang)} {value}\"",  # "fifteen 4": the kind said, its points bare
    "t('ui.step', lang) + ' ' + str(step)",
    "f'{escape(t(\"game.coach_short\", lang))} {item.actual - item.said}'",
    "f'{len(found)} {t(\"ui.found\", lang)}'",
    "f'{said(\"game.pegs\", seat, players, lang)} ({number(cost, lang)})'",
    "f'{t(\"ui.net\", lang)} {net:.2f}'",
    "f'{named(\"ui.player\", lang, n=seat)} {score}'",  # a seat's name, its score bare
)
APART = (
    "f\"{t('ui.total', lang)}: {total}\"",  # a label and its value
    "f'<td>{t(\"ui.net\", lang)}</td><td>{number(net, lang)}</td>'",  # a table's cells
    "f'{t(\"ui.kind_points\", lang, kind=name, points=points_text(value, lang))}'",
    "f'{seat_name(seat, players, lang)}: {points_text(score, lang)}'",
    "t('ui.breakdown', lang) + ': ' + listed",
)


@pytest.mark.parametrize("sample", GLUED)
def test_the_scan_finds_a_number_glued_to_words(sample):
    assert list(glued_in(ast.parse(sample)))


@pytest.mark.parametrize("sample", APART)
def test_the_scan_leaves_a_label_and_its_value_and_the_mechanisms_output(sample):
    assert not list(glued_in(ast.parse(sample)))


def test_no_widget_or_command_glues_a_number_to_words():
    sources = sorted(path for folder in SCANNED for path in (ENGINE / folder).rglob("*.py"))
    assert len(sources) > 20
    found = [
        f"{path.relative_to(ENGINE)}:{line}"
        for path in sources
        for line in sorted(set(glued_in(ast.parse(path.read_text(encoding="utf-8")))))
    ]
    assert not found, "a number beside words: say it with t() (count), points_text or a numeral form"
