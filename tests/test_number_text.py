"""Nothing in the package turns a number into a decimal but limits.exact.digits and limits.exact.known_digits.

An ``ast`` scan for the ways Python formats numbers: format specs with a
precision or a float type (``:.4f``, ``:e``, ``:g``, ``:%``), ``%``-formatting
with ``%f``/``%e``/``%g``, and ``round(x, n)`` with a number of decimals.
"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "limits"
ALLOWED = {
    "exact/digits.py", "exact/known_digits.py",
    # CSS lengths of typeset formulas (layout, not a value); a claim that compares a value rounded
    # exactly (round on a Fraction is exact and half to even)
    "paper/page.py", "paper/claims.py",
}
FLOAT_SPEC = re.compile(r"\.\d+|[eEfFgG%]$")


def _offences(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            spec = "".join(v.value for v in node.format_spec.values if isinstance(v, ast.Constant))
            if FLOAT_SPEC.search(spec):
                yield node.lineno, f"format spec {spec!r}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "round" and len(node.args) == 2:
                yield node.lineno, "round(x, n)"
            if node.func.id == "format" and len(node.args) == 2:
                yield node.lineno, "format(x, spec)"
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant):
            if isinstance(node.left.value, str) and re.search(r"%[-+ 0#]*\d*(\.\d+)?[eEfFgG]", node.left.value):
                yield node.lineno, "%-formatting of a float"


def test_no_number_is_formatted_outside_the_layer():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED:
            continue
        found += [f"{name}:{line}: {what}" for line, what in _offences(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "\n".join(found)


def test_the_scan_finds_what_it_looks_for():
    code = 'f"{x:.4f}", f"{y:e}", round(z, 3), "%.2f" % w, format(v, ".3g")'
    assert len(list(_offences(ast.parse(code)))) == 5
    assert not list(_offences(ast.parse('f"{n:>4}", f"{s:<20}", round(q)')))
