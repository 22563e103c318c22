"""Surveys of random boards: each row checked against an independent computation, any executor gives the same
rows, a stopped survey resumes to the same summary."""

import math
import statistics
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from limits.errors import DieError, LimitsError, StartError, SymbolicError, TooLargeError
from limits.model.die import parse_die, weighted
from limits.model.random_board import BoardFamily
from limits.survey import Engine, Survey, open_store, run_survey, summarise
from limits.survey import summary as summary_module
from tests import bruteforce, oracle
from tests.loaded import sigma_function

SMALL = BoardFamily(24, 3, 3)
TRAPPY = parse_die("0,0,1/2,0,0,1/2")  # only 3 and 6: a board whose jumps break the parity can hold the player


def _rows(survey, executor=None, **kwargs):
    return {r.index: r for r in run_survey(survey, executor, **kwargs)}


def test_each_row_is_the_brute_force_value_of_its_board():
    for die in (None, TRAPPY):
        s = Survey(SMALL, boards=8, seed=11, die=die)
        probs = list(s.die.probabilities)
        for i, row in _rows(s).items():
            b = s.board(i)
            mean, _ = bruteforce.moments(b.size, dict(b.jumps), "stay", probs)[oracle.start_of(b.size, dict(b.jumps), 0)]
            if math.isinf(mean):
                assert row.trapped and row.expected_turns is None and row.loop
            else:
                assert not row.trapped and row.expected_turns == mean


def test_the_trap_rate_counts_the_boards_that_can_hold_the_player():
    s = Survey(BoardFamily(30, 4, 4), boards=30, seed=2, die=TRAPPY)
    m = summarise(s, run_survey(s))
    expected = 0
    for i in range(30):
        b = s.board(i)
        tr = oracle.transitions(b.size, dict(b.jumps), "stay", list(TRAPPY.probabilities))
        start = oracle.start_of(b.size, dict(b.jumps), 0)
        expected += start not in oracle.finite_squares(b.size, tr)
    assert 0 < m.trapped == expected < 30  # the family has both kinds, so the count is a real test
    assert m.trap_rate == Fraction(expected, 30)
    assert m.expected_turns.boards == 30 - expected


def test_the_orders_are_those_of_the_exact_rational_function():
    s = Survey(SMALL, boards=6, seed=4, deltas=(2, 6))
    seen = set()
    for i, row in _rows(s).items():
        for o in row.orders:
            series = sigma_function(s.board(i), o.delta).laurent(1)
            assert (o.order, o.coefficient) == (series.order, series.leading_coefficient)
            seen.add(o.order)
    assert len(seen) > 1


def test_a_board_trapped_for_every_p_has_no_order():
    s = Survey(BoardFamily(30, 4, 4), boards=30, seed=2, die=TRAPPY, deltas=(3,))
    rows = _rows(s)
    # the loaded family mixes every face, so it traps a player only where the fair die does
    fair = _rows(Survey(BoardFamily(30, 4, 4), boards=30, seed=2))
    for i, row in rows.items():
        assert (row.orders[0].order is None) == fair[i].trapped


def test_the_float_engine_agrees_with_the_exact_one():
    family = BoardFamily(60, 6, 6)
    for die in (None, TRAPPY):
        exact = _rows(Survey(family, boards=6, seed=9, die=die, engine="exact"))
        floats = _rows(Survey(family, boards=6, seed=9, die=die, engine="float"))
        for i in exact:
            assert exact[i].trapped == floats[i].trapped
            if not exact[i].trapped:
                assert floats[i].expected_turns == pytest.approx(float(exact[i].expected_turns), rel=1e-12)


def test_large_boards_are_evaluated_in_floats_unless_asked():
    assert Survey(BoardFamily(2000, 1, 1), boards=1, seed=0).engine is Engine.FLOAT
    assert Survey(BoardFamily(1999, 1, 1), boards=1, seed=0).engine is Engine.EXACT
    assert Survey(BoardFamily(2000, 1, 1), boards=1, seed=0, engine="exact").engine is Engine.EXACT


def test_a_board_depends_on_the_seed_and_its_index_alone():
    short, long = Survey(SMALL, boards=3, seed=5), Survey(SMALL, boards=9, seed=5)
    assert short.key == long.key
    assert [short.evaluate(i) for i in range(3)] == [long.evaluate(i) for i in range(3)]
    assert Survey(SMALL, boards=3, seed=6).key != short.key
    assert long.evaluate(7) == long.evaluate_many([7, 2])[0]


def test_every_executor_gives_the_same_rows():
    s = Survey(SMALL, boards=12, seed=3, deltas=(5,))
    here = _rows(s)
    with ThreadPoolExecutor(3) as pool:
        assert _rows(s, pool, chunk=5, window=2) == here
    with ProcessPoolExecutor(2) as pool:
        assert _rows(s, pool, chunk=2) == here


def test_a_dask_cluster_gives_the_same_rows():
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install "
                                      "'chutes-limits[survey]')")
    s = Survey(SMALL, boards=10, seed=8, deltas=(6,))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        rows = _rows(s, client.get_executor(pure=False), chunk=3)
    assert rows == _rows(s)


def test_the_summary_statistics_are_exact():
    s = Survey(SMALL, boards=15, seed=1)
    m = summarise(s, run_survey(s), levels=("0.1", "1/2", "0.9"))
    values = sorted(r.expected_turns for r in run_survey(s))
    spread = m.expected_turns
    assert spread.mean == statistics.mean(values)
    variance = statistics.variance(values)
    assert spread.std.lower ** 2 <= variance <= spread.std.upper ** 2
    assert spread.std.certain_digits() >= 15
    assert (spread.minimum, spread.maximum) == (values[0], values[-1])
    # the lower quantile: the smallest value with at least a fraction q of the boards at or below it
    assert [v for _, v in spread.quantiles] == [values[1], values[7], values[13]]


def test_the_summary_of_many_digits_is_a_certified_enclosure(monkeypatch):
    s = Survey(SMALL, boards=15, seed=1)
    exact = summarise(s, run_survey(s)).expected_turns
    monkeypatch.setattr(summary_module, "EXACT_SUM_BITS", 0)
    enclosed = summarise(s, run_survey(s), digits=30).expected_turns
    assert exact.mean in enclosed.mean and not enclosed.mean.is_exact
    assert enclosed.mean.certain_digits() >= 30
    variance = statistics.variance(r.expected_turns for r in run_survey(s))
    assert enclosed.std.lower ** 2 <= variance <= enclosed.std.upper ** 2
    assert enclosed.std.certain_digits() >= 30


def test_the_summary_does_not_depend_on_the_order_of_the_rows():
    s = Survey(SMALL, boards=10, seed=4, deltas=(1, 4))
    rows = list(run_survey(s))
    assert summarise(s, rows) == summarise(s, rows[::-1])


def test_a_stopped_survey_resumes_to_the_same_summary(tmp_path):
    s = Survey(SMALL, boards=10, seed=12, deltas=(3,), die=TRAPPY)
    out = tmp_path / "rows.csv"
    k = 4
    with open_store(out, s) as store:
        for n, row in enumerate(run_survey(s), 1):
            store.write(row)
            if n == k:
                break  # stopped after k boards
    with open_store(out, s) as store:
        assert sorted(store.done) == list(range(k))
        for row in run_survey(s, skip=store.done):
            assert row.index >= k
            store.write(row)
        resumed = summarise(s, store.done.values())
    assert resumed == summarise(s, run_survey(s))
    with open_store(out, s) as store:
        assert sorted(store.done) == list(range(10))


def test_a_line_cut_short_is_evaluated_again(tmp_path):
    s = Survey(SMALL, boards=4, seed=12)
    out = tmp_path / "rows.csv"
    with open_store(out, s) as store:
        for row in run_survey(s):
            store.write(row)
    text = out.read_text()
    out.write_text(text[: len(text) - 7])  # killed while writing the last row
    with open_store(out, s) as store:
        assert sorted(store.done) == [0, 1, 2]
        store.write(s.evaluate(3))
    with open_store(out, s) as store:
        assert store.done == {r.index: r for r in run_survey(s)}


def test_rows_of_another_survey_are_refused(tmp_path):
    out = tmp_path / "rows.csv"
    a = Survey(SMALL, boards=2, seed=1)
    with open_store(out, a) as store:
        store.write(a.evaluate(0))
    with pytest.raises(LimitsError, match="another survey"):
        open_store(out, Survey(SMALL, boards=2, seed=2))
    with pytest.raises(LimitsError, match="columns"):
        open_store(out, Survey(SMALL, boards=2, seed=1, deltas=(3,)))
    for name in ("rows.txt", "rows.parquet"):
        with pytest.raises(LimitsError, match=r"a survey's output is a \.csv file"):
            open_store(tmp_path / name, a)


@pytest.mark.parametrize("kwargs, error", [
    ({"boards": 0}, LimitsError), ({"boards": True}, LimitsError), ({"seed": -1}, LimitsError),
    ({"seed": 2**128}, LimitsError), ({"deltas": (7,)}, DieError), ({"deltas": ("a", 1)}, DieError), ({"start": 25}, StartError),
    ({"engine": "fast"}, LimitsError), ({"die": weighted(3, sympy.Symbol("p"))}, SymbolicError),
])
def test_bad_surveys_are_refused(kwargs, error):
    spec = {"boards": 2, "seed": 0, **kwargs}
    with pytest.raises(error):
        Survey(SMALL, **spec)


def test_the_limits_are_refused_up_front_on_boards_too_large():
    with pytest.raises(TooLargeError, match="MAX_LIMIT_SQUARES"):
        Survey(BoardFamily(20_001, 1, 1), boards=1, seed=0, deltas=(6,))
    with pytest.raises(LimitsError, match="index"):
        Survey(SMALL, boards=2, seed=0).evaluate(2)
    with pytest.raises(LimitsError, match="chunk"):
        next(run_survey(Survey(SMALL, boards=2, seed=0), chunk=0))


_SERIAL = {}


@given(chunk=st.integers(1, 7), window=st.integers(1, 4), skip=st.sets(st.integers(0, 7)))
def test_any_chunks_window_and_skip_give_the_serial_rows(chunk, window, skip):
    s = Survey(BoardFamily(16, 2, 2), boards=6, seed=21)
    if not _SERIAL:
        _SERIAL.update(_rows(s))
    with ThreadPoolExecutor(2) as pool:
        rows = _rows(s, pool, skip=skip, chunk=chunk, window=window)
    assert rows == {i: r for i, r in _SERIAL.items() if i not in skip}


def test_the_exact_engine_is_refused_up_front_past_its_limit():
    from limits.checks import MAX_EXACT_SQUARES

    with pytest.raises(TooLargeError, match="MAX_EXACT_SQUARES"):
        Survey(BoardFamily(MAX_EXACT_SQUARES + 1, 0, 0), boards=1, seed=0, engine="exact")
    assert Survey(BoardFamily(MAX_EXACT_SQUARES + 1, 0, 0), boards=1, seed=0).engine is Engine.FLOAT


# outputs under faults: one writer, checked rows, a full disk


def test_a_second_writer_of_the_same_output_is_refused(tmp_path):
    s = Survey(SMALL, boards=3, seed=4)
    out = tmp_path / "rows.csv"
    with open_store(out, s) as first:
        first.write(s.evaluate(0))
        with pytest.raises(LimitsError, match="another survey is writing to"):
            open_store(out, s)
        first.write(s.evaluate(1))
    with open_store(out, s) as again:  # the lock goes with the first writer
        assert sorted(again.done) == [0, 1]


def _csv_with(tmp_path, survey, edit):
    out = tmp_path / "rows.csv"
    with open_store(out, survey) as store:
        for row in run_survey(survey):
            store.write(row)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(edit(lines)))
    return out


@pytest.mark.parametrize("change, message", [
    ({"index": "-1", "expected_turns": "-5"}, "board index -1 is not one of"),
    ({"index": "10000000"}, "board index 10000000 is not one of"),
    ({"expected_turns": "-5"}, "expected turns -5 is below 0"),
    ({"engine": "float", "expected_turns": "12.5"}, "engine float is not the survey.s"),
    ({"trapped": "True", "expected_turns": "inf", "loop": "3 99"}, r"its loop \[3, 99\] leaves the squares 0..24"),
    ({"order_3": "-2"}, "order -2"),
    ({"coefficient_3": ""}, "an order without a coefficient"),
    ({"index": "x"}, "not a row of a survey"),
    # the audit's cases: sigma 1e400 was an internal error (OverflowError); a trapped row with a finite sigma, or a
    # sigma no board of the survey can have, was taken in and the summary was wrong
    ({"expected_turns": "1e400"}, "not a fraction a/b: '1e400'"),
    ({"trapped": "True"}, "a trapped row has expected turns"),
    ({"trapped": "True", "expected_turns": "1" + "0" * 300, "expected_turns_float": "1e+300"},
     "a trapped row has expected turns"),
    ({"expected_turns": "1" + "0" * 300, "expected_turns_float": "1e+300"},
     "expected turns 1e300 is more than any board of 24 squares gives"),
    ({"expected_turns": "inf", "expected_turns_float": "inf"}, "not trapped has no finite expected turns"),
    ({"coefficient_3": "1e-400"}, "not a fraction a/b"),
])
def test_a_row_that_cannot_be_the_survey_s_is_refused_where_it_is(tmp_path, change, message):
    # the audit's case: a row with index -1 and sigma -5 was taken in, and 151 boards reported for 150
    s = Survey(SMALL, boards=4, seed=12, deltas=(3,))
    names = list(s.evaluate(0).record(s.key))

    def edit(lines):
        row = dict(zip(names, lines[2].rstrip("\n").split(",")))
        row.update(change)
        return [*lines, ",".join(row[n] for n in names) + "\n"]

    out = _csv_with(tmp_path, s, edit)
    with pytest.raises(LimitsError, match=message) as caught:
        open_store(out, s)
    assert "line 6" in str(caught.value)  # the header, four rows, then the bad one


def test_the_same_row_twice_counts_once_and_two_different_rows_are_refused(tmp_path):
    s = Survey(SMALL, boards=4, seed=12)
    out = _csv_with(tmp_path, s, lambda lines: [*lines, lines[2]])  # board 1 again, as two writers left it
    with open_store(out, s) as store:
        assert sorted(store.done) == [0, 1, 2, 3] and summarise(s, store.done.values()).boards == 4
    def changed(lines):  # board 1 again with another sigma
        fields = lines[2].split(",")
        return [*lines, ",".join([*fields[:4], "1/3", *fields[5:]])]

    other = _csv_with(tmp_path, s, changed)
    with pytest.raises(LimitsError, match="board 1 a second time, with other values"):
        open_store(other, s)


def test_a_full_disk_is_a_limits_error_and_the_rows_before_it_stay(tmp_path, monkeypatch):
    import errno

    import limits.survey.store as store_module

    s = Survey(SMALL, boards=5, seed=8)
    out = tmp_path / "rows.csv"
    real, writes = store_module.os.write, []

    def write(fd, data):
        if len(writes) == 3:  # the header and two rows fit, then the disk is full (part of the row written)
            real(fd, data[:5])
            raise OSError(errno.ENOSPC, "No space left on device")
        writes.append(data)
        return real(fd, data)

    monkeypatch.setattr(store_module.os, "write", write)
    with pytest.raises(LimitsError, match=r"cannot write the survey to .*rows.csv': No space left on device"):
        with open_store(out, s) as store:
            for row in run_survey(s):
                store.write(row)
    monkeypatch.setattr(store_module.os, "write", real)
    with open_store(out, s) as store:  # the cut line is dropped, the two whole rows are kept
        assert sorted(store.done) == [0, 1]


def test_a_longest_jump_beyond_the_board_is_a_board_error():
    from limits.errors import BoardError

    for kwargs in ({"longest_ladder": 2**63}, {"longest_chute": 10**30}, {"longest_ladder": 25}):
        with pytest.raises(BoardError, match="must be a whole number 1..24"):
            BoardFamily(24, 3, 3, **kwargs)
    assert BoardFamily(24, 3, 3, longest_ladder=24).board_of(0, 1).size == 24


def test_rows_past_the_range_of_floats_and_of_str_int_resume_to_the_same_summary(tmp_path):
    # a die with a face of chance 1e-400 gives sigmas near 1e800 of thousands of digits: their rows were refused
    # on resume (int() of more than 4300 digits), and their summary's interval was an internal error
    s = Survey(BoardFamily(20, 2, 2), boards=12, seed=1, die=parse_die("weighted:2:1e-400:2"))
    rows = list(run_survey(s))
    assert max(r.expected_turns for r in rows if not r.trapped) > 10**700
    with open_store(tmp_path / "rows.csv", s) as store:
        for row in rows:
            store.write(row)
    with open_store(tmp_path / "rows.csv", s) as again:
        assert sorted(again.done.values(), key=lambda r: r.index) == rows
