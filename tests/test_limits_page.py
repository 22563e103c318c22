"""docs/limits.md lists every limit of limits.checks with its value and its docstring.

``python -m tests.test_limits_page`` prints the table to paste after a limit is added or changed.
"""

import ast
from pathlib import Path

import limits.checks as checks

ROOT = Path(__file__).resolve().parents[1]


def _docstrings() -> dict[str, str]:
    """Each constant's docstring (the string literal after its assignment), on one line."""
    body = ast.parse((ROOT / "limits" / "checks.py").read_text(encoding="utf-8")).body
    out = {}
    for node, after in zip(body, body[1:]):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            out[node.targets[0].id] = " ".join(after.value.value.split())
    return out


def _value(v: int) -> str:
    return f"2**{v.bit_length()} - 1" if v >= 10**15 and v == 2 ** v.bit_length() - 1 else f"{v:,}"


def table() -> str:
    """The limits' table of docs/limits.md."""
    docs = _docstrings()
    rows = ["| limit | value | what it bounds |", "| --- | --- | --- |"]
    for name in checks.__all__:
        v = getattr(checks, name)
        if isinstance(v, int) and not isinstance(v, bool):
            what = docs.get(name, "").replace("|", "\\|")
            rows.append(f"| `{name}` | {_value(v)} | {what} |")
    return "\n".join(rows)


def test_every_limit_is_on_the_page_with_its_value():
    page = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    assert table() in page, "docs/limits.md: paste the output of `python -m tests.test_limits_page`"


def test_every_limit_has_a_docstring():
    docs = _docstrings()
    assert [n for n in checks.__all__ if isinstance(getattr(checks, n), int) and n not in docs] == []


if __name__ == "__main__":
    print(table())
