"""The independent references' own examples (their docstrings), worked out by hand from the
rules, run as tests: a reference that drifted would pass its comparisons with the engine
for the wrong reason."""

from __future__ import annotations

import doctest
from types import ModuleType

import naive_exercises
import naive_pegging
import pytest


@pytest.mark.parametrize("reference", [naive_exercises, naive_pegging], ids=lambda module: module.__name__)
def test_each_naive_reference_agrees_with_its_own_worked_examples(reference: ModuleType) -> None:
    result = doctest.testmod(reference, verbose=False)
    assert result.attempted > 0 and result.failed == 0, result
