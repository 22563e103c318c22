"""Nothing in the package turns a number into a decimal but limits.exact.digits and limits.exact.known_digits.

An ``ast`` scan for the ways Python formats numbers: format specs with a
precision or a float type (``:.4f``, ``:e``, ``:g``, ``:%``), ``%``-formatting
with ``%f``/``%e``/``%g``, and ``round(x, n)`` with a number of decimals.
"""

import ast
import importlib
import inspect
import re
from fractions import Fraction
from pathlib import Path

import pytest

from limits.errors import LimitsError

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


# ---- numbers past Python's limit on str(int) ----------------------------------------------------------------------

HUGE = 10**5000 + 1  # 5001 digits: str() refuses it (its default limit is 4300), every printer must not
NUMBERS = [HUGE, -HUGE, Fraction(HUGE, 3), Fraction(-7, HUGE), Fraction(HUGE, HUGE + 2), 1 - Fraction(1, 10**5000)]
PRINTERS = ["limits.exact.digits", "limits.exact.known_digits", "limits.markup.latex", "limits.markup.quantities",
            "limits.markup.jupyter", "limits.markup.numerals", "limits.explore.fragment", "limits.exact.mathml"]
NOT_NUMBERS = {"str", "Sequence[int]", "Iterable[str]", "list[str]", "dict[str, Any]", "Iterable[int]",
               "Iterable[tuple[str, str]]", "float"}  # text, squares, a float (which has no more than 17 digits)
NOT_PRINTERS = {"sample_summary": "reads a table of counts",
                "counted": "a count of things, within a limit of limits.checks",
                "power_mathml": "a power of a series, at most MAX_TERMS",
                **dict.fromkeys(("quantity_text", "value_math", "relation_math"),
                                "reads a JSON quantity (its numbers already text) or a count")}
ARGUMENTS = {"digits": 15, "variable": "p", "noun": "square", "rounding": "floor", "bound_digits": 20}


def _calls():
    """Every public function of the printing modules with its numbers at 5001 digits, as ``(name, call)``."""
    for module in map(importlib.import_module, PRINTERS):
        for name in module.__all__:
            function = getattr(module, name)
            if not inspect.isfunction(function) or name in NOT_PRINTERS:
                continue
            numeric = [p for p in inspect.signature(function).parameters.values()
                       if p.default is p.empty and p.name not in ARGUMENTS]
            if not numeric or any(str(p.annotation) in NOT_NUMBERS for p in numeric):
                continue
            for k, x in enumerate(NUMBERS):
                def call(function=function, numeric=numeric, x=x):
                    values = [[x, x] if "Sequence" in str(p.annotation) or "Iterable" in str(p.annotation)
                              else abs(x) if "sqrt" in function.__name__ or p.name.endswith("error") else x
                              for p in numeric]
                    if [p.name for p in numeric] == ["lower", "upper"]:
                        values[1] = values[0] + Fraction(1, HUGE)
                    fixed = {k: v for k, v in ARGUMENTS.items() if k in inspect.signature(function).parameters}
                    return function(*values, **fixed)
                yield f"{module.__name__}.{name}[{k}]", call


def test_every_printer_writes_numbers_past_the_limit_on_str_of_int():
    """A class test: each printer, fed exact values of 5001 digits, answers (or refuses as bad input), and
    never meets the limit of ``str(int)`` (a ValueError that says "Exceeds the limit")."""
    called, failed = 0, []
    for name, call in _calls():
        try:
            call()
            called += 1
        except LimitsError:
            called += 1
        except Exception as exc:
            failed.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
    assert not failed, "\n".join(failed)
    assert called > 60  # the scan found the printers


def test_the_explorer_data_writes_coefficients_past_the_limit():
    from limits.exact.rational import RationalFunction
    from limits.explore.data import _function

    f = RationalFunction((HUGE, -1), (1, HUGE))
    assert _function(f)["numerator"][0] == "1" + "0" * 4999 + "1"
    assert "5001 digits" in repr(f)
    assert max(len(n) for n in re.findall(r"\d+", f.laurent(2).latex())) > 4300


def test_the_command_lines_printers_read_exact_quantities_past_the_limit():
    """The text and LaTeX printers read a quantity's exact value back from its JSON text (``"a/b"``): with
    ``ratio_value``, never ``Fraction(text)``, which stops at 4300 digits (``limit`` printed a family's
    coefficients of 4600-digit numerators as an internal error)."""
    from limits.exact.digits import ratio
    from limits.limit.limit_report import _coefficient
    from limits.markup.numerals import relation_math, value_math
    from limits.markup.quantities import quantity

    for x in NUMBERS[2:]:
        q = {"exact": ratio(x), "decimal": "1.5", "float": 1.5, "power": 0}
        assert relation_math(q).startswith("\\approx") and value_math(q).startswith("1.5")
        text, _, rounded = _coefficient(x, 15, None)  # a coefficient past the limit: its decimal, marked rounded
        assert rounded and text == quantity(x, 15, None)["decimal"]


def test_limit_prints_coefficients_past_the_limit_on_str_of_int_in_every_format(tmp_path, capsys):
    import json

    from limits.cli import main

    board = tmp_path / "b.json"
    board.write_text('{"size": 4, "jumps": []}')
    argv = ["--quiet", "limit", "--board", str(board), "--at", "weighted:2:1e-2300:2", "--toward", "fair:2",
            "--terms", "2"]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert 4300 < len(data["coefficients"][0]["exact"].split("/")[0]) <= 5000  # past str(int)'s limit
    for fmt in ("text", "latex"):
        assert main([*argv, "--format", fmt]) == 0
        assert "4" in capsys.readouterr().out


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_every_math_printer_shows_an_exact_value_up_to_max_shown_digits_and_not_one_past(extra):
    """``value_math`` and ``relation_math`` give the fraction of MAX_SHOWN_DIGITS digits (numerator and
    denominator together) and no longer one, its decimal only; ``fold`` folds only the longer one."""
    from limits.markup.numerals import MAX_SHOWN_DIGITS, fold, relation_math, value_math

    n = MAX_SHOWN_DIGITS + extra
    exact = "1" * (n // 2) + "/" + "3" * (n - n // 2 - 1) + "1"
    q = {"exact": exact, "decimal": "0.333333", "float": 0.33}
    shown = "\\frac{" in value_math(q)
    assert shown == (n <= MAX_SHOWN_DIGITS) == ("\\frac{" in relation_math(q))
    assert relation_math(q).startswith("= " if shown else "\\approx")
    assert (fold(f"sigma = {exact}")[1] == []) == shown


@pytest.mark.parametrize("order", [-2, -1, 0, 1])
@pytest.mark.parametrize("sign", [1, -1])
def test_a_coefficient_of_one_is_written_as_its_sign_alone(order, sign):
    """``Laurent.text`` (:mod:`limits.exact.rational`) writes a coefficient of +1 or -1 beside a power of eps as
    its sign alone, never as ``1 eps``, at every power and place."""
    from limits.exact.rational import Laurent

    lead = Laurent(-order, ((order, Fraction(sign)), (order + 1, Fraction(sign * 3))), "sigma").text()
    second = Laurent(-order, ((order, Fraction(2)), (order + 1, Fraction(sign))), "sigma").text()
    for text in (lead, second):
        assert not re.search(r"(?<![\d/.])1 eps", text), text


@pytest.mark.parametrize("order", [1, 2, 3])
def test_the_reports_divergence_is_written_with_its_negative_power(order):
    """The coin section's ``sigma ~ a eps^(-m)`` (:func:`limits.paper.sections.coin_limit`) for every order m."""
    from limits.exact.rational import Laurent
    from limits.paper.sections import _series

    text = _series(Laurent(order, ((-order, Fraction(5, 26)),)))
    assert text.endswith(f"\\varepsilon^{{-{order}}}$") and text.startswith("$\\sim")


def test_a_latex_table_keeps_natural_columns_up_to_the_width_and_not_one_past():
    """``tex_table`` (:mod:`limits.markup.latex`) at its edge: cells filling the natural width exactly stay ``l``
    columns; one character more and they share the line as ragged columns."""
    from limits.markup.latex import _NATURAL, tex_table

    for extra, natural in ((0, True), (1, False)):
        width = _NATURAL - 4 + extra  # two columns: their cells and 2 * 2 of spacing
        head = tex_table(["a" * (width - width // 2), "b" * (width // 2)], [["x", "y"]]).splitlines()[0]
        assert ("{ll}" in head) == natural, (extra, head)


def test_the_appendix_numbers_its_values_as_the_text_marks_them():
    """``tex_exact_values`` numbers the exact values from [1], as the decimals standing for them are marked."""
    from limits.markup.latex import tex_exact_values

    lines = tex_exact_values(["123/456", "7/9", "1" * 30], 5).splitlines()
    marks = [line.split()[0] for line in lines if line.startswith("[")]
    assert marks == ["[1]", "[2]", "[3]"]
