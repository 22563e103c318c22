"""The package's public functions, read from its source with ``ast``: the class tests' lists of members are
checked against them, so that a new function with a ``start`` or a ``rule`` cannot go untested."""

import ast
from pathlib import Path

import limits

ROOT = Path(limits.__file__).parent


def functions_taking(parameter: str) -> set[str]:
    """``module.function`` of every public function outside the command line with an argument ``parameter``."""
    found = set()
    for path in sorted(ROOT.rglob("*.py")):
        if "cli" in path.parts:
            continue
        module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                if parameter in [a.arg for a in node.args.args + node.args.kwonlyargs]:
                    found.add(f"{module}.{node.name}")
    return found
