"""The package's layering: subpackages import only the ones below them, and no module imports in a circle.

Every ``import`` statement counts, at any depth (inside functions and under
``TYPE_CHECKING`` too), so a lazy import cannot hide an upward dependency,
with one exemption: the verbs of the two front doors (:data:`VERB_HOSTS`, the
game and the family) import the engine they call inside the method, as
sympy's ``Expr.series`` does, so that the class stays low and every layer
above can take it.
"""

import ast
from functools import cache
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1] / "limits"

LAYERS = ["_identity", "errors", "checks", "cost", "exact", "markup", "model", "game", "coin", "race", "limit", "display",
          "explore", "front", "survey", "paper", "cli"]
"""Bottom first. A module may import its own subpackage and those before it in this list."""

FACADES = {"limits", "limits.__main__"}
"""The package face and the entry point: they may import anything."""

VERB_HOSTS = {"limits.model.chain": "Chain", "limits.limit.perturbed_chain": "Perturbation"}
"""Module -> the class whose methods may import upward (inside the method only)."""


def _verb_imports(name: str, tree: ast.Module) -> set[int]:
    """The ids of the import nodes inside the methods of ``name``'s front-door class, and of the names its verbs
    return (under ``TYPE_CHECKING``, which never runs)."""
    host = VERB_HOSTS.get(name)
    found: set[int] = set()
    for node in tree.body:
        if host and isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            found |= {id(n) for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))}
        if isinstance(node, ast.ClassDef) and node.name == host:
            for method in node.body:
                if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found |= {id(n) for n in ast.walk(method) if isinstance(n, (ast.Import, ast.ImportFrom))}
    return found


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
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt = _verb_imports(name, tree)
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
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
    assert ("limits.game.duration", "limits.model.chain") in edges
    assert ("limits.model.chain", "limits.game.duration") not in edges  # a verb's engine, inside the method


def test_only_the_front_doors_import_inside_their_methods():
    for name, host in VERB_HOSTS.items():
        tree = ast.parse(_modules()[name].read_text(encoding="utf-8"))
        assert any(isinstance(n, ast.ClassDef) and n.name == host for n in tree.body), (name, host)
