"""The one JSON encoder: every type by its rule, nested data item by item, and a type taught from above."""

import json
import math
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits.errors import InfiniteExpectationError
from limits.exact.enclosure import Enclosure
from limits.markup.quantities import exact_quantity, interval_quantity, quantity, to_json


def test_each_type_by_its_rule():
    assert to_json(Fraction(1, 3), 4) == exact_quantity(Fraction(1, 3), 4)
    e = Enclosure(Fraction(1, 3), Fraction(1, 3) + Fraction(1, 10**9))
    assert to_json(e, 6) == interval_quantity(e.lower, e.upper, 6)
    assert to_json(0.1, 30) == {"decimal": "0.1", "float": 0.1}
    assert to_json(True, 3) is True and to_json(7, 3) == 7 and to_json(None, 3) is None and to_json("x", 3) == "x"
    assert to_json(-math.inf, 3)["infinite"] and to_json(math.inf, 3)["float"] is None


def test_a_whole_number_is_a_count_in_data_and_exact_as_a_quantity():
    assert to_json({"order": 2}, 3) == {"order": 2}
    assert quantity(2, 3) == exact_quantity(Fraction(2), 3)
    assert quantity(True, 3) is True  # a flag is never a number


def test_exact_digits_are_passed_down_to_every_level():
    big = Fraction(1, 10**30)
    data = to_json({"a": [(big,)], "b": Enclosure(big, 2 * big)}, 3, exact_digits=10)
    assert data["a"][0][0]["exact"] is None and data["a"][0][0]["exact_digits"] == 32
    assert to_json([big], 3, exact_digits=None)[0]["exact"] == "1/" + "1" + "0" * 30


def test_an_infinite_expectation_is_infinite_with_its_loop():
    q = to_json({"mean": InfiniteExpectationError(0, (53,))}, 3)["mean"]
    assert q["infinite"] and q["loop"] == [53] and "{53}" in q["reason"]


def test_objects_with_to_dict_and_quantities_already_made():
    @dataclass
    class Row:
        p: Fraction

        def to_dict(self):
            return {"p": self.p, 3: (1, 2)}

    assert to_json([Row(Fraction(1, 2))], 2) == [{"p": exact_quantity(Fraction(1, 2), 2), "3": [1, 2]}]
    made = {"decimal": "0.5", "float": 0.5}
    assert to_json({"x": made}, 2)["x"] is made


def test_a_type_with_no_json_form_is_a_bug():
    with pytest.raises(TypeError, match="no JSON form for complex"):
        to_json({"z": 1j}, 3)


def test_a_layer_above_registers_its_own_type():
    class Percent:
        def __init__(self, x):
            self.x = x

    @to_json.register
    def _(data: Percent, digits, exact_digits=None):
        return to_json(Fraction(data.x, 100), digits, exact_digits)

    assert to_json({"p": Percent(25)}, 2) == {"p": exact_quantity(Fraction(1, 4), 2)}


_DATA = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5)
    | st.fractions(max_denominator=10**6) | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=10)


@given(_DATA)
def test_the_output_is_always_strict_json(data):
    json.dumps(to_json(data, 6), allow_nan=False)
