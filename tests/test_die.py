from decimal import Decimal
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from limits import Die, DieError, TooLargeError, fair, weighted
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
    assert d.is_symbolic and set().union(*(q.free_symbols for q in d.probabilities)) == {p}
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


def test_names_of_dice():
    p = sympy.Symbol("p")
    assert (fair().name, fair(4).name, Die(["1/2", "1/2"]).name, Die([1], name="one").name) == (
        "fair", "fair4", "custom", "one")
    assert weighted(1, "1/2", 2).name == "weighted:1:1/2"
    assert weighted(1, p).subs({p: Fraction(1, 2)}).name == weighted(1, p).name == "weighted:1:p"
    assert parse_die("1/2,1/2").name == "custom"


def test_the_fewest_faces():
    assert fair(1).probabilities == (1,)
    assert weighted(2, "1/3", 2).probabilities == (Fraction(2, 3), Fraction(1, 3))
    for bad in (0, -1, True, 1.5):
        with pytest.raises(DieError):
            fair(bad)
    with pytest.raises(DieError):
        weighted(1, "1/2", 1)
    with pytest.raises(DieError):
        weighted(True, "1/2")


def test_the_most_faces():
    from limits.checks import MAX_FACES

    assert fair(MAX_FACES).faces == MAX_FACES == Die([1] + [0] * (MAX_FACES - 1)).faces
    with pytest.raises(TooLargeError):
        fair(MAX_FACES + 1)
    with pytest.raises(TooLargeError):
        Die([1] + [0] * MAX_FACES)


def test_a_string_is_not_a_list_of_probabilities():
    with pytest.raises(DieError):
        Die("1")


def test_symbolic_dice_are_checked_by_an_exact_zero_test():
    p = sympy.Symbol("p")
    die = Die([p / (1 + p), 1 / (1 + p)])  # sums to 1 only once cancelled
    assert die.is_symbolic and die.faces == 2
    with pytest.raises(DieError):
        Die([p, p])
    mixed = Die([p, 1 - p, 0])  # a number beside the symbols: subs leaves it alone
    assert mixed.subs({p: Fraction(1, 4)}).probabilities == (Fraction(1, 4), Fraction(3, 4), 0)


def test_specs_of_dice():
    assert parse_die("1").probabilities == (1,)  # one number is a one-faced die
    assert parse_die("weighted:1:0.5").faces == 6
    assert parse_die("fair:" + "0" * 29 + "4").faces == 4  # 30 digits
    for spec in ("fair:4:5", "fair:1_0", "fair:" + "0" * 30 + "4", "fair:٤"):
        with pytest.raises(DieError):
            parse_die(spec)


def test_probabilities_of_every_kind():
    class Half(Fraction):
        """A Fraction subclass: read as the number it is."""

    value = as_probability(Half(1, 2))
    assert value == Fraction(1, 2) and type(value) is Fraction
    with pytest.raises(DieError, match="not 3/2"):
        as_probability(Fraction(3, 2))
    with pytest.raises(DieError, match="not a finite probability: 'NaN'"):
        as_probability(Decimal("NaN"))
    with pytest.raises(DieError, match=r"must lie in \[0, 1\], not '1e1'"):
        as_probability("1e1")
    with pytest.raises(DieError, match=r"must lie in \[0, 1\], not '12'"):
        as_probability(Decimal(12))


def test_probabilities_at_the_digit_limit():
    from limits.checks import MAX_PROBABILITY_DIGITS as digits

    assert as_probability(Fraction(1, 10**digits)) == as_probability("0." + "0" * (digits - 1) + "1")
    assert as_probability("0." + "1" * digits).denominator == 10**digits  # as many digits as allowed
    # the longest text: a 4001-character numerator and denominator, spaces around the bar
    top, bottom = "0" * digits + "1", "1" + "0" * digits
    text = top + " " * 7 + "/" + " " * 6 + bottom
    assert len(text) == 2 * digits + 16 and as_probability(text) == Fraction(1, 10**digits)
    for too_long in (top + " " * 8 + "/" + " " * 6 + bottom, "0" + top + "/2", "1/0" + bottom,
                     Fraction(1, 10**digits + 1), "0." + "1" * (digits + 1)):
        with pytest.raises(TooLargeError):
            as_probability(too_long)


def test_large_numbers_are_described_not_printed():
    with pytest.raises(DieError, match=f"not {2**99}$"):  # 100 bits
        as_probability(Fraction(2**99))
    with pytest.raises(DieError, match="not a number of about 31 digits"):  # 101 bits
        as_probability(Fraction(2**100))


def test_face_counts_are_checked_with_the_die_named():
    with pytest.raises(DieError, match="^a die needs a whole number of faces >= 1, not 0$"):
        fair(0)
    with pytest.raises(DieError, match="^a loaded die needs a whole number of faces >= 2, not 1$"):
        weighted(1, "1/2", 1)


def test_jupyter_shows_the_faces_and_their_exact_probabilities():
    page = Die(["1/3", 0, "2/3"], name="odd")._repr_html_()
    assert "<strong>a die with 3 faces (odd)</strong>" in page
    assert page.count("<tr>") == 3 and "<th>P(1)</th><td>1/3</td>" in page and "<th>P(2)</th><td>0</td>" in page


def test_a_die_uniform_on_some_faces_takes_every_face_and_refuses_face_0():
    from limits.model.die import uniform_on

    assert uniform_on(range(1, 7)).probabilities == fair().probabilities  # all six: a subset, not a strict one
    assert uniform_on([3], 3).probabilities == (0, 0, 1)
    for faces in ([0, 1], [7], []):
        with pytest.raises(DieError, match=r"(the faces must be some of|a face must be a whole number in) 1\.\.6"):
            uniform_on(faces)


@pytest.mark.parametrize("text, value", [("1/0", None), ("0/0", None), ("5/0", None), ("0/5", 0), ("0/1", 0),
                                         ("1/1", 1), ("00/7", 0), ("3/6", "1/2")])
def test_every_fraction_over_zero_is_refused_and_every_zero_over_a_number_is_zero(text, value):
    """``as_probability`` (:mod:`limits.model.probability`): a denominator of 0 is a :class:`DieError` (a
    ``ValueError``), never a ZeroDivisionError; a numerator of 0 is the probability 0."""
    from fractions import Fraction

    from limits.errors import DieError
    from limits.model.probability import as_probability

    if value is None:
        with pytest.raises(DieError):
            as_probability(text)
    else:
        assert as_probability(text) == Fraction(value)
