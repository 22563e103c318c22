"""Hostile and huge inputs to the model: refused up front with a LimitsError, never a traceback or a hang."""

import time
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from limits import Board, BoardError, DieError, LimitsError, TooLargeError, build_chain, fair, weighted
from limits.checks import MAX_BOARD_BYTES, MAX_FACES, MAX_MOVES, MAX_SQUARES
from limits.model.board_files import board_from_data, board_from_text, load_board, resolve_board
from limits.model.die import Die, as_probability, parse_die
from tests.devices import ZERO, device


@pytest.mark.parametrize("value", ["inf", "-Infinity", "NaN", "sNaN", float("inf"), float("-inf"), float("nan"),
                                   Decimal("Infinity"), Decimal("NaN"), np.float64("inf")])
def test_infinite_and_nan_probabilities_are_die_errors(value):
    with pytest.raises(DieError, match="finite"):
        as_probability(value)


@pytest.mark.parametrize("value", ["1e-99999999", "1/1" + "0" * 5000, Decimal("1e-4001"), Fraction(1, 10**4001),
                                   "0." + "9" * 4001], ids=["1e-99999999", "1/1e5000", "Decimal", "Fraction", "nines"])
def test_probabilities_with_too_many_digits_are_refused_at_once(value):
    began = time.perf_counter()
    with pytest.raises(TooLargeError, match="MAX_PROBABILITY_DIGITS"):
        as_probability(value)
    assert time.perf_counter() - began < 1


def test_the_limit_itself_is_accepted_and_zero_needs_no_digits():
    assert as_probability("1e-4000") == Fraction(1, 10**4000)
    assert as_probability("0e-99999999") == 0
    with pytest.raises(DieError, match=r"\[0, 1\]"):
        as_probability("1e99999999")
    with pytest.raises(DieError, match="about 5001 digits"):
        as_probability(10**5000)


def test_numpy_scalars_are_numbers():
    assert weighted(6, np.float64(0.5)).probabilities[5] == Fraction(1, 2)
    assert as_probability(np.int64(1)) == 1 and as_probability(np.float32(0.25)) == Fraction(1, 4)
    with pytest.raises(DieError):
        as_probability(np.float64(1.5))


@pytest.mark.parametrize("value", [None, [0.5], "half", "1/0", "1/1e9", "³", b"0.5", object(), True])
def test_non_numbers_are_die_errors(value):
    with pytest.raises(DieError):
        as_probability(value)


def test_dice_with_too_many_faces():
    for make in (lambda: fair(MAX_FACES + 1), lambda: weighted(1, "0.5", 10**12), lambda: parse_die("fair:100000"),
                 lambda: Die(iter(lambda: "0", 1)), lambda: parse_die(",".join(["0"] * (MAX_FACES + 1)))):
        with pytest.raises(TooLargeError, match="MAX_FACES"):
            make()
    with pytest.raises(DieError):
        parse_die("fair:³")
    with pytest.raises(DieError):
        Die("0.5")


@pytest.mark.parametrize("size", [10**12, 10**5000, MAX_SQUARES + 1], ids=["1e12", "5001 digits", "limit+1"])
def test_board_sizes_over_the_limit(size):
    with pytest.raises(TooLargeError, match="MAX_SQUARES"):
        Board(size)


def test_a_board_of_the_largest_size_is_cheap_to_make():
    began = time.perf_counter()
    b = Board(MAX_SQUARES, {5: 1})
    assert b.land(5) == 1 and b.land(MAX_SQUARES - 1) == MAX_SQUARES - 1
    assert time.perf_counter() - began < 1
    with pytest.raises(TooLargeError, match="MAX_MOVES"):
        build_chain(b, fair(MAX_MOVES // MAX_SQUARES + 1))


@pytest.mark.parametrize("jumps", [{"³": 7}, {"3": "٧"}, {3: 4.5}, {"-3": 7}, {3: -4}, {3: 10**5000},
                                   [(1, 2, 3)], "1:2", 12, {3: None}], ids=lambda v: "jumps")
def test_bad_squares_are_board_errors(jumps):
    with pytest.raises(BoardError):
        Board(10, jumps)


def test_more_jumps_than_squares_stops_early():
    def endless():
        n = 1
        while True:
            yield (n, n + 1)
            n += 1

    with pytest.raises(BoardError, match="more jumps than squares"):
        Board(10, endless())


def test_numpy_integers_are_squares():
    assert Board(np.int64(10), {np.int64(3): np.int32(7)}).jumps == ((3, 7),)


@pytest.mark.parametrize("text, fmt, error", [
    ('{"size": 10, "jumps": {"3": 7, "3": 8}}', "json", "given twice"),
    ('{"size": 10, "size": 11}', "json", "given twice"),
    ("size = 10\nsize = 11\n", "toml", "parse"),
    ('{"size": 1' + "0" * 5000 + "}", "json", "MAX_SQUARES"),
    ("size = 1" + "0" * 5000 + "\n", "toml", "MAX_SQUARES"),
    ('{"size": NaN}', "json", "not a square"),
    ('{"size": Infinity}', "json", "not a square"),
    ('{"size": 1e999}', "json", "whole number"),
    ("[" * 100_000, "json", "nested too deeply"),
    ('{"size": 10, "name": ["x"]}', "json", "name"),
    ('{"size": 10, "jumps": {"³": 7}}', "json", "whole number"),
    ("size = 10\n[jumps]\n\"³\" = 7\n", "toml", "whole number"),
])
def test_hostile_board_texts(text, fmt, error):
    with pytest.raises(LimitsError, match=error):
        board_from_text(text, fmt)


def test_board_files_that_are_not_text_or_too_large(tmp_path):
    latin = tmp_path / "latin.toml"
    latin.write_bytes("size = 10\nname = \"caf\xe9\"\n".encode("latin-1"))
    with pytest.raises(BoardError, match="not UTF-8"):
        load_board(latin)
    began = time.perf_counter()
    with pytest.raises(TooLargeError, match="MAX_BOARD_BYTES"):
        load_board(device(tmp_path / "zero", ZERO))
    assert time.perf_counter() - began < 5
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_BOARD_BYTES + 1)
    with pytest.raises(TooLargeError):
        load_board(big)
    with pytest.raises(BoardError):
        load_board(tmp_path)  # a directory


@pytest.mark.parametrize("spec", ["x" * 5000, "a\x00b", "no-such-board"])
def test_unresolvable_board_names(spec):
    with pytest.raises(BoardError, match="no built-in board or file"):
        resolve_board(spec)


_SQUARE = st.one_of(st.integers(-3, 14), st.just(10**30), st.sampled_from(["3", "³", " 4", "7.0", "", "x"]),
                    st.floats(allow_nan=True), st.booleans(), st.none())
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.floats() | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                     max_leaves=8)
_JUMPS = st.one_of(_JSON, st.dictionaries(_SQUARE.map(str), _SQUARE, max_size=4),
                   st.lists(st.lists(_SQUARE, max_size=3), max_size=4))
_BOARD_DATA = st.one_of(_JSON, st.fixed_dictionaries({}, optional={"size": _SQUARE, "jumps": _JUMPS, "name": _JSON,
                                                                   "colour": _JSON}))


@given(_BOARD_DATA)
@example({"size": 10, "jumps": [[3, 7], [3]]})
@example({"size": 10, "jumps": {"3": [7]}})
@example({"size": True, "jumps": {}})
@example({"size": 10, "jumps": [[True, 7]]})
def test_every_malformed_board_is_a_board_error_in_data_and_in_each_format(data):
    """Any value as a board, given as data and as JSON text: a Board or a LimitsError of one line, never another
    exception; a Board only of a whole size in range and whole squares (no bool, float or text that is not ASCII
    digits)."""
    import json

    for make in (lambda: board_from_data(data), lambda: board_from_text(json.dumps(data), "json")):
        try:
            board = make()
        except LimitsError as exc:
            assert "\n" not in str(exc) and str(exc)
            continue
        assert isinstance(data, dict) and type(data["size"]) is int and 1 <= data["size"] <= MAX_SQUARES
        jumps = data.get("jumps", {})
        pairs = list(jumps.items()) if isinstance(jumps, dict) else jumps
        assert all(type(b) is int and (type(a) is int or a.isascii() and a.isdigit()) for a, b in pairs)
        assert board.size == data["size"] and len(board.jumps) == len(pairs)


@given(st.text(max_size=60) | st.lists(st.sampled_from(["size = ", "10", "[jumps]", "\n", '"3" = 7', "3 = [7]", "{",
                                                        '"jumps": ', ",", "}", "[", "]", "1e400", "-0", '"', "="]),
                                       max_size=12).map("".join),
       st.sampled_from(["toml", "json"]))
@example("size = 10\njumps = [[3, 7.0]]", "toml")
@example("size = 10\n[jumps]\n3 = 1979-05-27", "toml")
def test_any_text_in_either_format_is_a_board_or_a_board_error(text, fmt):
    try:
        board_from_text(text, fmt)
    except LimitsError as exc:
        assert "\n" not in str(exc) and str(exc)


@given(st.lists(st.sampled_from(["0", "7", "12", ".", "5", "e", "E", "-", "+", "_", " ", "inf", "nan", "/", "x",
                                 "\u0661", "e45", "e-3", "e40"]), max_size=7).map("".join))
@example("0e50")  # zero at any power of ten
@example("1e40")
@example("1e41")
def test_a_whole_number_argument_is_exactly_a_whole_decimal(text):
    """The command line's whole numbers: accepted exactly when the text (stripped, underscores dropped) is a
    decimal of whole value below 10^41, and then that value; refused with an ArgumentTypeError otherwise."""
    import argparse

    from limits.cli.options import _whole

    plain = text.strip().replace("_", "")
    try:
        value = None if "/" in plain else Fraction(plain)
    except ValueError:
        value = None
    whole = value is not None and value.denominator == 1 and abs(value) < 10**41
    try:
        got = _whole(text)
    except argparse.ArgumentTypeError:
        assert not whole, text
    else:
        assert whole and got == value and type(got) is int, text
