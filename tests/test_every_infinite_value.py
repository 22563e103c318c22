"""Every infinite value the family's answers write, in every form: ``infinite``, why, and the loop that makes it.

The class: the convention (docs/json.md) writes an infinite value as
``{"decimal": "inf", "float": null, "infinite": true, "reason": ..., "loop": [...]}``,
and plain data (``to_dict``) as ``{"infinite": true, "loop": [...]}``. A
result that names the loop by another key, or drops it where sigma diverges
without a trap, looks right in every other respect. Every infinite value of
every answer of a trapped family and of a diverging one is walked and held
to the convention: the loop under its key, never empty, and the trap itself
where there is one.

Modules: limits/limit/derive.py, limits/limit/limit_report.py, limits/limit/expansion.py
"""

import pytest

from limits import Perturbation, uniform_on


def _infinite(data, path="$"):
    """Every dict marked infinite in ``data``, with where it is."""
    if isinstance(data, dict):
        if data.get("infinite") is True:
            yield path, data
        for k, v in data.items():
            yield from _infinite(v, f"{path}.{k}")
    elif isinstance(data, (list, tuple)):
        for i, v in enumerate(data):
            yield from _infinite(v, f"{path}[{i}]")


def _answers(f):
    d = f.derive()
    yield "limit().to_json", f.limit().to_json()
    yield "derive().to_json", d.to_json()
    yield "derive().to_dict", d.to_dict()
    yield "expansion().to_dict", f.expansion().to_dict()


FAMILIES = {
    "trapped for every eps": lambda: Perturbation.between(uniform_on([4]), uniform_on([6])),  # even moves only
    "diverging": lambda: Perturbation.loaded(delta=3),  # sigma ~ 5/26 eps^-2, the loop {53}
}


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_infinite_value_names_its_loop(name):
    f = FAMILIES[name]()
    found = 0
    for answer, data in _answers(f):
        for path, value in _infinite(data):
            found += 1
            where = f"{answer} {path}"
            assert "trap" not in value, where  # the loop's key is "loop" everywhere
            loop = value.get("loop")
            assert loop and all(isinstance(s, int) and 0 <= s < f.goal for s in loop), where
            if f.trap is not None:
                assert tuple(loop) == tuple(f.trap), where
            if "decimal" in value:  # a quantity
                assert value["decimal"] == "inf" and value["float"] is None and isinstance(value["reason"], str), where
    assert found >= (4 if f.trap is not None else 2)
