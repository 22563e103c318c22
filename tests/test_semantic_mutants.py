"""The catalogue of semantic mutants cannot rot: each original occurs once in its module, each killing test exists."""

import ast
from functools import cache
from pathlib import Path

import pytest

from tests.semantic import apply
from tests.semantic_mutants import CATALOGUE, EQUIVALENT

ROOT = Path(__file__).resolve().parents[1]


def test_names_are_unique_and_the_catalogue_covers_the_core():
    names = [m.name for m in CATALOGUE]
    assert len(names) == len(set(names)) >= 60
    assert set(EQUIVALENT) <= set(names)
    packages = {m.module.split("/")[1] for m in CATALOGUE}
    assert {"model", "game", "coin", "limit", "exact", "race"} <= packages


@pytest.mark.parametrize("mutant", CATALOGUE, ids=lambda m: m.name)
def test_each_original_occurs_once_and_the_mutant_still_parses(mutant):
    text = (ROOT / mutant.module).read_text("utf-8")
    mutated = apply(text, mutant)  # raises unless the original occurs exactly once
    assert mutated != text
    ast.parse(mutated)


@cache
def _functions(path: Path) -> set[str]:
    return {node.name for node in ast.walk(ast.parse(path.read_text("utf-8")))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


@pytest.mark.parametrize("mutant", CATALOGUE, ids=lambda m: m.name)
def test_each_killing_test_exists(mutant):
    assert mutant.tests
    for node in mutant.tests:
        file, _, name = node.partition("::")
        assert (ROOT / file).is_file(), node
        if name:
            assert name.split("[")[0] in _functions(ROOT / file), node
