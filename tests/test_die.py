from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from limits import Die, DieError, fair, weighted
from limits.model.die import as_probability, parse_die


@pytest.mark.parametrize(
    "probs, message",
    [
        ([], "at least one face"),
        (["-0.1", "1.1"], r"must lie in \[0, 1\]"),
        (["0.5", "0.4"], "must sum to 1"),
        (["abc"], "not an exact probability"),
        ([None], "must be a number"),
        ([True], "must be a number"),
        ([sympy.sqrt(2) / 2, 1 - sympy.sqrt(2) / 2], "exact rational"),
    ],
)
def test_bad_dice(probs, message):
    with pytest.raises(DieError, match=message):
        Die(probs)


def test_weighted_family():
    d = weighted(3, "0.7")
    assert d.probabilities == (Fraction(3, 50),) * 2 + (Fraction(7, 10),) + (Fraction(3, 50),) * 3
    assert weighted(3, 1).support == (3,)
    with pytest.raises(DieError):
        weighted(0, "0.5")
    with pytest.raises(DieError):
        weighted(2, "-0.5")
    with pytest.raises(DieError):
        weighted(2, "0.5", k=1)


def test_symbolic_weighted_die_sums_to_one_and_substitutes():
    p = sympy.Symbol("p")
    d = weighted(4, p)
    assert d.is_symbolic and d.symbols == {p}
    assert sympy.simplify(sum(d.probabilities) - 1) == 0
    assert d.subs({p: "0.4"}) == weighted(4, "0.4")


def test_symbolic_die_that_does_not_sum_to_one():
    p = sympy.Symbol("p")
    with pytest.raises(DieError, match="sum to 1"):
        Die([p, p])


@given(st.fractions(min_value=0, max_value=1), st.integers(1, 6))
def test_weighted_is_a_distribution(p, delta):
    d = weighted(delta, p)
    assert sum(d.probabilities) == 1
    assert d.probabilities[delta - 1] == p


def test_parse_die_specs():
    assert parse_die("fair") == fair()
    assert parse_die("weighted:6:1/2").probabilities[5] == Fraction(1, 2)
    assert parse_die("weighted:2:0.5:4").faces == 4
    assert parse_die("0.5,0.25,0.25").probabilities == (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4))
    for bad in ["fair:x", "weighted:a:0.5", "weighted:5", "0.3,0.3", "weighted:5:2"]:
        with pytest.raises(DieError):
            parse_die(bad)


def test_float_reads_as_printed_decimal():
    assert as_probability(0.3) == Fraction(3, 10)
    with pytest.raises(DieError):
        as_probability(float("nan"))
