"""The engine's shape: a one-way import graph in layers, and modules small enough to read.

Layers, lowest first: the rules (cards, show, play, game ...), the table
(``session``: a game with the reader's seat and the computer's, above the rules
it drives), the language (i18n and its catalogues), the views (the ``widgets``
package), the entry points (the CLI).  A module may import its own layer or a
lower one, never a higher one, and no chain of imports comes back to where it
started.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cribbage
from cribbage.widgets import REGISTRY

PACKAGE = Path(cribbage.__file__).resolve().parent  # engine/cribbage, or the installed wheel inside Pyodide
ENGINE = PACKAGE.parent
MAX_LINES = 500
LAYERS = {"rules": 0, "table": 1, "language": 2, "views": 3, "entry points": 4}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    if module.startswith("cribbage.widgets"):
        return "views"
    if module in ("cribbage.cli", "cribbage.cli_help", "cribbage.__main__"):
        return "entry points"
    if module == "cribbage.i18n":
        return "language"
    if module == "cribbage.session":
        return "table"
    return "rules"


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
    assert "cribbage.cards" in GRAPH["cribbage.show"]
    assert "cribbage.widgets.hand" in GRAPH["cribbage.widgets"]
    assert "cribbage.widgets.source" in GRAPH["cribbage.widgets.hand"]
    assert "cribbage.game" in GRAPH["cribbage.widgets.game.view"]
    assert "cribbage.session" in GRAPH["cribbage.widgets.game.update"]


def test_no_import_circle():
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            pytest.fail("import circle: " + " -> ".join(path[path.index(module):] + [module]))
        if module in done:
            return
        for imported in sorted(GRAPH[module]):
            visit(imported, path + [module])
        done.add(module)

    for module in sorted(GRAPH):
        visit(module, [])


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
