"""The package's layering: subpackages import only the ones below them, and no module imports in a circle.

Every ``import`` statement counts, at any depth (inside functions and under
``TYPE_CHECKING`` too), so a lazy import cannot hide an upward dependency.
"""

import ast
from functools import cache
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1] / "limits"

LAYERS = ["_identity", "errors", "checks", "cost", "exact", "markup", "model", "game", "coin", "race", "limit", "display",
          "explore", "front", "survey", "paper", "cli"]
"""Bottom first. A module may import its own subpackage and those before it in this list."""

FACADES = {"limits", "limits.__main__", "limits._compat"}
"""The package face, the entry point and the old-path finder: they may import anything."""


@cache
def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(name: str, path: Path) -> set[str]:
    """The modules of ``limits`` that ``name`` imports (resolved, relative ones included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found |= {f"{module}.{a.name}" for a in node.names}  # `from . import duration`
    modules = _modules()
    return {m for m in found if m in modules and m != name}


def _layer(module: str) -> int:
    part = module.split(".")[1]
    return LAYERS.index(part)


@cache
def _graph() -> nx.DiGraph:
    """The import graph, made once for the module's tests (which only read it)."""
    g = nx.DiGraph()
    for name, path in _modules().items():
        g.add_node(name)
        g.add_edges_from((name, target) for target in _imports(name, path))
    return g


def test_every_module_sits_in_a_layer():
    for name in _modules():
        assert name in FACADES or name.split(".")[1] in LAYERS, f"{name} is in no layer: add it to LAYERS"


def test_imports_only_go_down():
    upward = []
    for a, b in _graph().edges:
        if a in FACADES:
            continue
        if b in FACADES or _layer(b) > _layer(a):
            upward.append(f"{a} -> {b}")
    assert not upward, "imports that go up a layer:\n" + "\n".join(upward)


def test_no_import_cycle():
    cycles = list(nx.simple_cycles(_graph()))
    assert not cycles, f"import cycles: {cycles}"


def test_nobody_imports_the_shell():
    users = {a for a, b in _graph().edges if b.startswith("limits.cli") and not a.startswith("limits.cli")}
    assert users <= {"limits.__main__"}, users


def test_the_test_sees_imports():
    # the checker itself: a relative import inside a function is seen and resolved
    edges = set(_graph().edges)
    assert ("limits.front.game", "limits.game.duration") in edges
    assert ("limits.front.family", "limits.front.game") in edges  # inside Perturbation.chain_at
