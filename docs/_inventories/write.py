"""Write the intersphinx inventories the docs link to, so the build needs no network.

Each inventory holds only the names these docs refer to, with the address
each project publishes for it (the format is Sphinx's ``objects.inv``,
version 2). Run from this folder after adding a name:
``python write.py``.
"""

from __future__ import annotations

import zlib
from pathlib import Path

# project: (version, [(name, domain:role, relative address), ...]); "$" stands for the name
INVENTORIES = {
    "python": ("3", [
        ("fractions.Fraction", "py:class", "library/fractions.html#$"),
        ("abc.ABC", "py:class", "library/abc.html#$"),
        ("decimal.Decimal", "py:class", "library/decimal.html#$"),
        ("enum.Enum", "py:class", "library/enum.html#$"),
        ("ValueError", "py:exception", "library/exceptions.html#$"),
        ("TypeError", "py:exception", "library/exceptions.html#$"),
        ("ArithmeticError", "py:exception", "library/exceptions.html#$"),
        ("Exception", "py:exception", "library/exceptions.html#$"),
        ("RuntimeError", "py:exception", "library/exceptions.html#$"),
        ("int", "py:class", "library/functions.html#$"),
        ("float", "py:class", "library/functions.html#$"),
        ("str", "py:class", "library/stdtypes.html#$"),
        ("bool", "py:class", "library/functions.html#$"),
        ("dict", "py:class", "library/stdtypes.html#$"),
        ("tuple", "py:class", "library/stdtypes.html#$"),
        ("list", "py:class", "library/stdtypes.html#$"),
        ("object", "py:class", "library/functions.html#$"),
        ("functools.cached_property", "py:function", "library/functools.html#$"),
        ("dataclasses.dataclass", "py:function", "library/dataclasses.html#$"),
        ("random.Random", "py:class", "library/random.html#$"),
        ("os.replace", "py:function", "library/os.html#$"),
        ("argparse.ArgumentParser", "py:class", "library/argparse.html#$"),
    ]),
    "numpy": ("2", [
        ("numpy.ndarray", "py:class", "reference/generated/$.html#$"),
        ("numpy.random.Generator", "py:class", "reference/random/generator.html#$"),
        ("numpy.float64", "py:attribute", "reference/arrays.scalars.html#$"),
    ]),
    "sympy": ("1", [
        ("sympy.core.expr.Expr", "py:class", "modules/core.html#$"),
        ("sympy.core.symbol.Symbol", "py:class", "modules/core.html#$"),
        ("sympy.core.numbers.Rational", "py:class", "modules/core.html#$"),
        ("sympy.polys.matrices.domainmatrix.DomainMatrix", "py:class", "modules/polys/domainmatrix.html#$"),
    ]),
    "mpmath": ("1", [
        ("mpmath.mpf", "py:class", "general.html#$"),
        ("mpmath.iv", "py:data", "contexts.html#interval-arithmetic-iv"),
    ]),
    "flint": ("0.9", [
        ("flint.types.fmpq.fmpq", "py:class", "fmpq.html#flint.fmpq"),
        ("flint.types.fmpz_poly.fmpz_poly", "py:class", "fmpz_poly.html#flint.fmpz_poly"),
    ]),
    "networkx": ("3", [
        ("networkx.DiGraph", "py:class", "reference/classes/digraph.html#$"),
        ("networkx.Graph", "py:class", "reference/classes/graph.html#$"),
        ("networkx.algorithms.components.attracting_components", "py:function",
         "reference/algorithms/generated/$.html#$"),
        ("networkx.algorithms.components.condensation", "py:function", "reference/algorithms/generated/$.html#$"),
    ]),
}


def inventory(project: str, version: str, entries: list[tuple[str, str, str]]) -> bytes:
    """An ``objects.inv`` (version 2) holding ``entries``."""
    head = (f"# Sphinx inventory version 2\n# Project: {project}\n# Version: {version}\n"
            "# The remainder of this file is compressed using zlib.\n").encode()
    body = "".join(f"{name} {role} 1 {uri} -\n" for name, role, uri in entries).encode()
    return head + zlib.compress(body, 9)


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    for project, (version, entries) in INVENTORIES.items():
        (here / f"{project}.inv").write_bytes(inventory(project, version, entries))
