"""GitHub's engine job installs ``requirements/engine-test.txt`` alone, so that lock holds
every third-party module the job imports.

The job (``.github/workflows/test.yml``) runs the engine's doctests and ``tests/engine``
with ``CI=true``: a module missing there fails the run, on every push. What it imports is
read here with ``ast``: every module under the job's paths (the tests, and the engine's
modules, imported for their doctests, whose examples run too), the conftest files pytest
loads for them, and the repository's own modules those import, followed to the end. A lazy import counts too
(a test that runs it needs it installed), and so does a module a test asks for with
``importlib.util.find_spec`` (``require(find_spec("mypy"), ...)`` fails in CI without it);
only a conftest fixture that no test of the job requests is left out (the browser's
Playwright).
"""

from __future__ import annotations

import ast
import doctest
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest

# This module checks the checkout (its lock, its workflow, the engine's sources), not the
# engine: the Pyodide runner, which mounts tests/ alone, leaves it out.
READS_THE_CHECKOUT = True

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements" / "engine-test.txt"
WORKFLOW = ROOT / ".github" / "workflows" / "test.yml"
PYPROJECT = ROOT / "pyproject.toml"
# Import names whose distribution is called otherwise (``import yaml`` needs PyYAML).
DISTRIBUTIONS = {"yaml": "pyyaml", "_pytest": "pytest", "PIL": "pillow", "dateutil": "python-dateutil"}


def distribution(module: str) -> str:
    """The normalized name of the distribution that installs the top-level ``module``.

    >>> distribution("yaml"), distribution("pytest"), distribution("typing_extensions")
    ('pyyaml', 'pytest', 'typing-extensions')
    """
    return normalized(DISTRIBUTIONS.get(module, module))


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked(lock_text: str) -> set[str]:
    """The distributions a ``uv pip compile`` lock pins."""
    return {normalized(match) for match in re.findall(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==", lock_text, re.M)}


def missing(modules: Iterable[str], lock: set[str]) -> list[str]:
    """The distributions ``modules`` (third-party top-level import names) need that ``lock`` lacks."""
    return sorted({distribution(module) for module in modules} - lock)


# -- what a file imports -----------------------------------------------------------------


def is_fixture(node: ast.FunctionDef) -> bool:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (
            isinstance(target, ast.Attribute)
            and target.attr == "fixture"
            or isinstance(target, ast.Name)
            and target.id == "fixture"
        ):
            return True
    return False


def fixtures_of(tree: ast.Module) -> dict[str, set[str]]:
    """The fixtures a module defines at its top level, each with the fixtures it requests."""
    return {
        node.name: {arg.arg for arg in node.args.args}
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and is_fixture(node)
    }


def parameters(tree: ast.Module) -> set[str]:
    """Every parameter name of every function: the fixtures its tests may request."""
    return {
        arg.arg
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for arg in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)
    }


def imported(tree: ast.Module, skip: Iterable[str] = ()) -> Iterator[str]:
    """Every module ``tree`` imports or asks for with ``find_spec``, anywhere in its code and
    in its docstrings' examples, except inside the top-level functions named in ``skip``.
    Relative imports (the engine's own package) are not named."""
    skip = set(skip)
    yield from _docstring_imports(ast.get_docstring(tree, clean=False))
    nodes = [node for node in tree.body if not (isinstance(node, ast.FunctionDef) and node.name in skip)]
    for top in nodes:
        for node in ast.walk(top):
            if isinstance(node, ast.Import):
                yield from (alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield node.module
                yield from (f"{node.module}.{alias.name}" for alias in node.names)
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", None)) == "find_spec"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                yield node.args[0].value
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                yield from _docstring_imports(ast.get_docstring(node, clean=False))


def _docstring_imports(docstring: str | None) -> Iterator[str]:
    for example in doctest.DocTestParser().get_examples(docstring or ""):
        try:
            yield from imported(ast.parse(example.source))
        except SyntaxError:  # a continuation example pytest joins with the one before
            continue


# -- what the engine job runs ------------------------------------------------------------


def engine_job() -> tuple[list[Path], list[Path]]:
    """The paths the engine job's pytest runs, and those it ignores, read from the workflow."""
    command = re.search(r"^\s*- run: python -m pytest (.+)$", WORKFLOW.read_text(encoding="utf-8"), re.M)
    assert command, f"{WORKFLOW.relative_to(ROOT)}: no `python -m pytest` step found"
    arguments = command.group(1).split()
    paths = [ROOT / argument for argument in arguments if not argument.startswith("-")]
    ignored = [ROOT / argument.removeprefix("--ignore=") for argument in arguments if argument.startswith("--ignore=")]
    return paths, ignored


def search_path(paths: Iterable[Path]) -> list[Path]:
    """Where the job finds the repository's own modules: pyproject's ``pythonpath``, and each
    test file's folder outside a package (pytest's default import mode puts it first)."""
    options = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    found = [ROOT / entry for entry in options.get("pythonpath", [])]
    for path in paths:
        folder = path if path.is_dir() else path.parent
        while (folder / "__init__.py").exists():
            folder = folder.parent
        found.append(folder)
    return found


def local_module(name: str, where: list[Path]) -> Path | None:
    """The repository's file for the dotted module ``name``, or None if it is not the repository's."""
    parts = name.split(".")
    for folder in where:
        for end in range(len(parts), 0, -1):
            base = folder.joinpath(*parts[:end])
            for candidate in (base.with_suffix(".py"), base / "__init__.py"):
                if candidate.is_file():
                    return candidate
            if end < len(parts) and base.is_dir():  # a namespace package (hooks/): only its modules count
                break
    return None


def is_local(top: str, where: list[Path]) -> bool:
    """Whether the top-level name ``top`` is the repository's: a module, or a folder of modules."""
    return any((folder / f"{top}.py").is_file() or any((folder / top).glob("*.py")) for folder in where)


def conftests(paths: Iterable[Path]) -> set[Path]:
    """The conftest files pytest loads for ``paths``: in each one's folder and above, up to the root."""
    found = set()
    for path in paths:
        folder = path if path.is_dir() else path.parent
        for parent in (folder, *folder.parents):
            if (parent / "conftest.py").is_file():
                found.add(parent / "conftest.py")
            if parent == ROOT:
                break
    return found


@cache
def third_party_imports() -> tuple[dict[str, set[Path]], set[Path]]:
    """Each third-party top-level module the engine job imports, with the files that import it;
    and every file read."""
    paths, ignored = engine_job()
    run = sorted(
        file
        for path in paths
        for file in (path.rglob("*.py") if path.is_dir() else [path])
        if not any(file == skip or skip in file.parents for skip in ignored)
    )
    loaded = conftests(paths)
    where = search_path([*run, *loaded])
    trees = {file: ast.parse(file.read_text(encoding="utf-8")) for file in run}
    # A conftest's fixture runs only when a test of the job (or a fixture it uses) requests it.
    requested = set().union(*(parameters(tree) for tree in trees.values()))
    trees.update((file, ast.parse(file.read_text(encoding="utf-8"))) for file in loaded)
    conftest_fixtures = {name: wants for file in loaded for name, wants in fixtures_of(trees[file]).items()}
    while (
        grown := {want for name in requested & set(conftest_fixtures) for want in conftest_fixtures[name]} - requested
    ):
        requested |= grown
    unused = set(conftest_fixtures) - requested
    found: dict[str, set[Path]] = {}
    queue = list(trees)
    seen = set(queue)
    while queue:
        file = queue.pop()
        tree = trees.get(file) or ast.parse(file.read_text(encoding="utf-8"))
        for module in imported(tree, skip=unused if file in loaded else set()):
            top = module.partition(".")[0]
            if top in sys.stdlib_module_names:
                continue
            if is_local(top, where):
                local = local_module(module, where)
                if local is not None and local not in seen:
                    seen.add(local)
                    queue.append(local)
                continue
            found.setdefault(top, set()).add(file)
    return found, seen


# -- the checks --------------------------------------------------------------------------


def test_the_engine_test_lock_holds_every_third_party_module_the_engine_job_imports():
    found, _ = third_party_imports()
    lock = locked(LOCK.read_text(encoding="utf-8"))
    absent = {
        name: sorted(str(file.relative_to(ROOT)) for file in found[module])
        for module in found
        if (name := distribution(module)) not in lock
    }
    assert not absent, f"{LOCK.relative_to(ROOT)} lacks (imported by): {absent}"


def test_the_check_reads_what_the_engine_job_runs():
    """Not a vacuous pass: the doctests, the tests, the shared conftest and its helpers are read,
    and the modules every engine test run needs are found."""
    found, read = third_party_imports()
    relative = {file.relative_to(ROOT).as_posix() for file in read}
    for expected in (
        "engine/cribbage/core/show.py",
        "engine/cribbage/widgets/game/update.py",
        "tests/engine/test_show.py",
        "tests/engine/naive_scorer.py",
        "conftest.py",
        "tests/conftest.py",
        "tests/prerequisites.py",
        "site_build.py",
    ):
        assert expected in relative
    assert "tests/engine/test_python_versions.py" not in relative  # the job ignores it
    assert {"pytest", "hypothesis", "mypy"} <= set(found)
    assert "playwright" not in found  # only the browser fixture imports it, and no engine test asks for a browser
    assert "cribbage" not in found and "site_build" not in found and "naive_scorer" not in found


def test_a_module_the_lock_lacks_is_named_with_its_distribution():
    lock = locked("pytest==9.1.1 \\\n    --hash=sha256:00\nTyping_Extensions==4.16.0 ; python_version < '3.12'\n")
    assert lock == {"pytest", "typing-extensions"}
    assert missing(["pytest", "typing_extensions", "yaml", "hypothesis"], lock) == ["hypothesis", "pyyaml"]
    assert missing(["pytest"], lock) == []


SOURCE = '''
"""A module.

>>> import numpy
"""
import json
import yaml
from hypothesis import strategies
from . import sibling
import importlib.util

@pytest.fixture(scope="session")
def browser(site):
    require(importlib.util.find_spec("playwright"), "Playwright")
    from playwright import sync_api

@pytest.fixture
def site():
    import requests

def test_lazy():
    import toml
'''


@pytest.mark.parametrize(
    ("skip", "expected"),
    [
        (set(), {"numpy", "json", "yaml", "hypothesis", "importlib", "playwright", "requests", "toml"}),
        ({"browser"}, {"numpy", "json", "yaml", "hypothesis", "importlib", "requests", "toml"}),
    ],
)
def test_imports_are_read_anywhere_but_in_a_fixture_left_out(skip, expected):
    tree = ast.parse(SOURCE)
    assert {name.partition(".")[0] for name in imported(tree, skip)} == expected
    assert fixtures_of(tree) == {"browser": {"site"}, "site": set()}
