"""The engine's shape: a one-way import graph in layers you can see, and modules small enough to read.

Layers, lowest first, each a sub-package (or a module) of ``engine/cribbage``: the rules
(``core``: cards, variants, show, the play machine, the game), the analysis of the rules
(``analysis``: the risk model, discard values, statistics, the look-ahead), the players
(``players``: the computer, the coach), the course (``course``: lessons as data, their
tasks) and the companion of a game with real cards (``companion``, on the rules alone), the
table and the engine's JSON (``session``, ``io``), the public API (the package ``cribbage``
itself, which names what the layers below offer), the language (``i18n`` and its
catalogues), the views (``widgets``) and the entry points (``cli``, ``__main__``).  A
module may import its own layer or a lower one, never a higher one, and no chain of imports
comes back to where it started.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cribbage
import pytest
from cribbage.widgets import REGISTRY

PACKAGE = Path(cribbage.__file__).resolve().parent  # engine/cribbage, or the installed wheel inside Pyodide
ENGINE = PACKAGE.parent
MAX_LINES = 500
MAX_TOP_LEVEL_MODULES = 12
LAYERS = {
    "rules": 0,
    "analysis": 1,
    "players": 2,
    "course": 2,
    "companion": 2,
    "table": 3,
    "public API": 4,
    "language": 5,
    "views": 6,
    "entry points": 7,
}
PACKAGE_LAYERS = {
    "core": "rules",
    "analysis": "analysis",
    "players": "players",
    "course": "course",
    "companion": "companion",
    "io": "table",
    "widgets": "views",
    "cli": "entry points",
}
"""Each sub-package of ``cribbage`` and its layer."""
TOP_LEVEL_LAYERS = {
    "cribbage": "public API",
    "cribbage.__main__": "entry points",
    "cribbage.errors": "rules",
    "cribbage.i18n": "language",
    "cribbage.session": "table",
    "cribbage.typography": "language",
}
"""Each module at the top of the package and its layer (``errors``: what every layer may raise)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    if module in TOP_LEVEL_LAYERS:
        return TOP_LEVEL_LAYERS[module]
    return PACKAGE_LAYERS[module.split(".")[1]]


def imports_of(module: str) -> set[str]:
    """The engine modules ``module`` imports, anywhere in its code (lazy imports too)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            # ``from . import source`` names a module; ``from .source import X`` names X in one.
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in MODULES and name != module)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def test_the_graph_is_read_from_the_code():
    """The checks below would pass on an empty graph: make sure it holds the known edges."""
    assert "cribbage.core.cards" in GRAPH["cribbage.core.show"]
    assert "cribbage.widgets.hand" in GRAPH["cribbage.widgets"]
    assert "cribbage.widgets.source" in GRAPH["cribbage.widgets.hand"]
    assert "cribbage.core.game" in GRAPH["cribbage.widgets.game.view"]
    assert "cribbage.session" in GRAPH["cribbage.widgets.game.update"]


def test_no_import_circle():
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            pytest.fail("import circle: " + " -> ".join(path[path.index(module) :] + [module]))
        if module in done:
            return
        for imported in sorted(GRAPH[module]):
            visit(imported, path + [module])
        done.add(module)

    for module in sorted(GRAPH):
        visit(module, [])


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_module_belongs_to_a_layer(module):
    """A new module goes in a layer's sub-package, or is named here with its layer."""
    assert module in TOP_LEVEL_LAYERS or module.split(".")[1] in PACKAGE_LAYERS, module


def test_the_companion_of_a_real_table_sits_on_the_rules_alone():
    """It counts and pegs by the rules as they are, with no coach, computer or course beside them."""
    companion = {module for module in MODULES if module.startswith("cribbage.companion")}
    assert companion, "no companion modules found"
    for module in companion:
        below = {imported for imported in GRAPH[module] if imported not in companion}
        assert {layer(imported) for imported in below} <= {"rules"}, f"{module} imports {sorted(below)}"


def test_the_top_of_the_package_holds_at_most_12_modules():
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_its_own_layer_or_lower(module):
    higher = {imported for imported in GRAPH[module] if LAYERS[layer(imported)] > LAYERS[layer(module)]}
    assert not higher, f"{module} ({layer(module)}) imports {sorted(higher)}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_engine_module_is_longer_than_500_lines(module):
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{module} has {lines} lines"


def test_each_widget_kind_is_declared_once_in_its_own_module():
    for kind, widget in REGISTRY.items():
        assert widget.kind == kind
        module = widget.block.__module__
        assert module == f"cribbage.widgets.{kind.replace('-', '_')}", module


# -- one play core, one risk model -------------------------------------------------------------

CORE, RISK = "cribbage.core.pegging", "cribbage.analysis.risk"
"""The play's one rule book (on ranks) and the one model of what a card gives away."""
USES_CORE_AND_RISK = (
    "cribbage.players.computer",
    "cribbage.players.coach",
    "cribbage.analysis.pegging_risk",
    "cribbage.widgets.peg_practice",
    "cribbage.course.exercises",
    "cribbage.course.task_deals",
    "cribbage.analysis.pegging_eval",
    "cribbage.widgets.lesson",
)
"""Who plays, weighs or checks a card of the play: each reaches both (directly or through another).
``cribbage.course.tasks`` only records a task, checked by the core's rules (see :data:`DIRECT`)."""
DIRECT = {
    "cribbage.core.play": {CORE},
    "cribbage.analysis.pegging_eval": {CORE, RISK},
    "cribbage.players.computer": {RISK},
    "cribbage.players.coach": {RISK},
    "cribbage.analysis.pegging_risk": {CORE, RISK},
    "cribbage.course.exercises": {CORE, RISK},
    "cribbage.course.tasks": {CORE},
    "cribbage.course.task_deals": {CORE},
    "cribbage.widgets.peg_practice": {CORE},
    "cribbage.widgets.lesson_hints": {CORE},
}
"""Who asks the core or the risk model itself, instead of a copy of their rules."""


def reached(module: str) -> set[str]:
    seen: set[str] = set()
    todo = [module]
    while todo:
        for imported in GRAPH[todo.pop()]:
            if imported not in seen:
                seen.add(imported)
                todo.append(imported)
    return seen


def test_the_core_and_the_risk_model_sit_at_the_bottom():
    """The core imports no engine module; the risk model only the core and the cards (not the
    computer player, as the practice's risk once did)."""
    assert GRAPH[CORE] == set()
    assert GRAPH[RISK] <= {CORE, "cribbage.core.cards"} and CORE in GRAPH[RISK]


@pytest.mark.parametrize("module", USES_CORE_AND_RISK)
def test_every_player_weigher_and_checker_reaches_the_one_core_and_the_one_risk_model(module):
    assert {CORE, RISK} <= reached(module), f"{module} reaches {sorted(reached(module) & {CORE, RISK})}"


@pytest.mark.parametrize("module", sorted(DIRECT))
def test_the_rules_of_the_play_are_asked_of_the_core_itself(module):
    assert DIRECT[module] <= GRAPH[module], f"{module} imports {sorted(GRAPH[module] & {CORE, RISK})}"


def _is_31(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 31


def _names_max_count(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "MAX_COUNT") or (
        isinstance(node, ast.Attribute) and node.attr == "MAX_COUNT"
    )


def count_rules(source: str) -> list[str]:
    """Where ``source`` decides something with the play's 31 itself: a comparison or an arithmetic
    operation with the literal 31, or with ``MAX_COUNT`` when that name is the play's count (a
    module whose own ``MAX_COUNT`` is another number, a show's 29, is not about the count).

    An exponent (``2**31``) is no count."""
    tree = ast.parse(source)
    own = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Name) and target.id == "MAX_COUNT" for target in node.targets)
    ]
    play_count = not own or all(_is_31(value) for value in own)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.BinOp) and not isinstance(node.op, ast.Pow):
            operands = [node.left, node.right]
        elif isinstance(node, ast.AugAssign):
            operands = [node.value]
        else:
            continue
        if any(_is_31(operand) or (play_count and _names_max_count(operand)) for operand in operands):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_count_rule_check_sees_what_it_should():
    """It would pass on any module if it saw nothing: each way of writing the rule is caught."""
    for source in (
        "ok = count + card.value <= 31",
        "over = 31 < total",
        "room = 31 - count",
        "x = play.MAX_COUNT > c",
        "from .play import MAX_COUNT\nfits = lambda c, v: c + v <= MAX_COUNT",
        "left = MAX_COUNT - count",
        "MAX_COUNT = 31\nbad = count >= MAX_COUNT",
    ):
        assert count_rules(source), source
    for source in (
        "MAX_SEED = 2**31",
        "MAX_COUNT = 29\nok = said <= MAX_COUNT",
        "marks = (1, 30, 31, 60)",
        "fits(count, rank)",
    ):
        assert not count_rules(source), source
    assert len(count_rules(MODULES[CORE].read_text(encoding="utf-8"))) >= 4  # the core does compare with 31


@pytest.mark.parametrize("module", sorted(set(MODULES) - {CORE}))
def test_no_module_but_the_core_compares_a_count_with_31(module):
    """The go, the 31 and whether a card fits are the core's (``fits``, ``room``, ``goes_on``,
    ``reachable``, :class:`~cribbage.core.pegging.Table`): nobody else re-derives them."""
    found = count_rules(MODULES[module].read_text(encoding="utf-8"))
    assert not found, f"{module}: " + "; ".join(found)
