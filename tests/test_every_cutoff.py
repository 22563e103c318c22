"""Every length cut-off of a repr at its edge: a text of exactly the limit is shown whole, one more is not.

The class: a repr (or a line) shows a value whole up to a length and a short
form past it; ``<`` written for ``<=`` moves the edge by one and nothing on
either side of it tells. Each cut-off is driven at the limit and one past it,
and at one under.

User text shortened into a message or a repr (a path, a file name, a value,
a die's or a policy's name) is in the table too: whole up to its limit, and
past it cut to the form the message promises, beginning and end kept.

Modules: limits/limit/certified_value.py, limits/model/die.py, limits/limit/derive_steps.py, limits/cli/__init__.py,
limits/survey/store.py, limits/errors.py, limits/model/chain.py
"""

from fractions import Fraction

import pytest

from limits import Die, LimitsError, build_chain
from limits.exact.digits import ratio
from limits.limit.certified_value import _short


def _fraction_of_length(length: int) -> Fraction:
    """1/(3 10^k), whose text ``1/30...0`` has ``length`` characters and is no ``1e-k``."""
    return Fraction(1, 3 * 10 ** (length - 3))


@pytest.mark.parametrize("length", [22, 23, 24, 25, 26])
def test_a_point_in_a_repr_is_its_fraction_up_to_24_characters(length):
    x = _fraction_of_length(length)
    assert len(ratio(x)) == length
    assert (_short(x) == ratio(x)) == (length <= 24)
    assert (_short(1 - x) == ratio(1 - x)) == (len(ratio(1 - x)) <= 24)


@pytest.mark.parametrize("k", [20, 21, 22, 23, 40])
def test_a_point_a_power_of_ten_from_an_end_is_written_so_past_24_characters(k):
    near_one, near_zero = 1 - Fraction(1, 10 ** k), Fraction(1, 10 ** k)
    assert _short(near_one) == (ratio(near_one) if len(ratio(near_one)) <= 24 else f"1 - 1e-{k}")
    assert _short(near_zero) == (ratio(near_zero) if len(ratio(near_zero)) <= 24 else f"1e-{k}")


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_a_die_is_shown_whole_up_to_150_characters(extra):
    die = Die(["1/2", "1/2"], name="d" * (134 + extra))  # "ddd...: 1: 1/2, 2: 1/2", 16 after the name
    assert len(die.summary()) == 150 + extra
    assert (die.summary() in repr(die)) == (extra <= 0)


@pytest.mark.parametrize("digits", [5, 6, 7, 8])
def test_a_derivation_s_result_shows_its_first_digits_past_a_6_digit_denominator(digits):
    from limits.limit.derive_steps import _v

    x = Fraction(1, 10 ** (digits - 1) + 1)  # a denominator of exactly `digits` digits
    assert ("\\approx" in _v(x)) == (digits > 6)


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_a_survey_s_path_is_shown_whole_in_its_messages_up_to_100_characters(extra, tmp_path, monkeypatch):
    from limits.model.random_board import BoardFamily
    from limits.survey.store import open_store
    from limits.survey.survey import Survey

    monkeypatch.chdir(tmp_path)
    path = "missing/" + "a" * (100 + extra - len("missing/.csv")) + ".csv"  # in a folder that is not there
    assert len(path) == 100 + extra
    with pytest.raises(LimitsError) as caught:
        open_store(path, Survey(BoardFamily(20, 2, 2), boards=3, seed=1))
    shown = repr(path) if extra <= 0 else repr(f"{path[:70]}...{path[-20:]}")
    assert str(caught.value) == f"cannot write the survey to {shown}: No such file or directory"


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_a_file_name_is_shown_whole_in_an_os_error_up_to_80_characters(extra):
    from limits.cli import os_error_text

    name = "b" * 30 + "c" * (50 + extra)
    shown = name if extra <= 0 else f"{name[:60]}...{name[-12:]}"
    assert os_error_text(OSError(2, "No such file or directory", name)) == (
        f"cannot use {shown!r}: No such file or directory")


@pytest.mark.parametrize("extra", [-1, 0, 1])
@pytest.mark.parametrize("width", [20, 60])
def test_a_value_in_an_error_message_is_shown_whole_while_its_repr_fits_the_width(width, extra):
    from limits.errors import shown

    for value in ("x" * (width - 2 + extra), b"x" * (width - 3 + extra)):  # reprs of width + extra characters
        assert len(repr(value)) == width + extra
        assert shown(value, width) == (repr(value) if extra <= 0 else repr(value)[:width - 3] + "...")


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_a_chain_s_repr_names_its_die_and_its_policy_up_to_40_characters(extra):
    def policy(start, landing):
        return 0

    policy.name = "p" * (40 + extra)
    text = repr(build_chain(die=Die(["1/2", "1/2"], name="d" * (40 + extra)), policy=policy))
    assert ("d" * (40 + extra) in text) == (extra <= 0) and ("a 2-faced die" in text) == (extra > 0)
    assert ("p" * (40 + extra) in text) == (extra <= 0) and ("a coin policy" in text) == (extra > 0)
