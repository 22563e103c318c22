"""``limits survey``: its JSON, bad input as exit 2, and a survey stopped by SIGINT that the same command finishes.

Modules: ``limits.cli.survey``.
"""

import os
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from limits.cli import main, schema
from tests.cli_run import as_json
from tests.devices import FULL, device

ROOT = Path(__file__).resolve().parents[1]
SMALL = ["survey", "--size", "40", "--boards", "8", "--seed", "3", "--delta", "2,6"]


def _json(capsys, argv):
    data = as_json(capsys, *argv)
    Draft202012Validator(schema("survey")).validate(data)
    return data


def _answer(data):
    """The summary without how the run went (its executor, and the command line that chose it)."""
    inputs = {k: v for k, v in data["inputs"].items() if k != "command_line"}
    return {**{k: v for k, v in data.items() if k != "run"}, "inputs": inputs}


def test_the_summary_in_text_and_json(capsys):
    data = _json(capsys, SMALL)
    assert data["boards"] == 8 and data["family"]["ladders"] == 4 and data["deltas"] == [2, 6]
    assert data["expected_turns"]["boards"] + data["trapped"] == 8
    assert [sum(o["boards"] for o in lim["orders"]) + lim["trapped"] for lim in data["limits"]] == [8, 8]
    assert data["run"] == {**data["run"], "executor": "serial", "resumed": 0, "evaluated": 8}
    assert main(SMALL) == 0
    text = capsys.readouterr().out
    assert "trapped         none of 8 boards" in text and "sigma as P(6) -> 1: order" in text


def test_processes_give_the_same_summary(capsys):
    assert _answer(_json(capsys, [*SMALL, "--workers", "2"])) == _answer(_json(capsys, SMALL))


@pytest.mark.slow(reason="starts a local cluster of two processes (1.5 s); the default pass reaches a scheduler by its "
                        "address in test_a_dask_scheduler_by_its_address")
def test_a_local_dask_cluster_gives_the_same_summary(capsys):
    pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install "
                        "'chutes-limits[survey]')")
    data = _json(capsys, [*SMALL, "--dask-local", "2"])
    assert data["run"]["executor"] == "dask" and data["run"]["workers"] == 2
    assert _answer(data) == _answer(_json(capsys, SMALL))


def test_floats_on_large_boards(capsys):
    data = _json(capsys, ["survey", "--size", "2000", "--boards", "2", "--ladders", "30", "--chutes", "30"])
    assert data["engine"] == "float" and "exact" not in data["expected_turns"]["mean"]


@pytest.mark.parametrize("argv", [
    ["--delta", "7"], ["--delta", "x"], ["--output", "rows.txt"], ["--quantiles", "1"], ["--boards", "0"],
    ["--ladders", "30"], ["--workers", "2", "--dask-local", "2"], ["--engine", "fast"], ["--start", "41"],
    ["--die", "weighted:3:p"], ["--size", "30000", "--delta", "6"], ["--output", "rows.parquet"],
    # the audit's internal errors where the input was at fault
    ["--longest-ladder", "1e30"], ["--longest-chute", "9223372036854775808"], ["--longest-ladder", "41"],
    ["--output", "a" * 300 + ".csv"],
    ["--quantiles", "1e-99999999"], ["--quantiles", "0.5,x"], ["--dask-dashboard", "127.0.0.1:0"],
    ["--dask-local", "1", "--dask-dashboard", "localhost"], ["--dask-local", "1", "--dask-dashboard", ":99999"],
    # scheduler addresses of a protocol the command cannot use (TLS, UCX: an internal error), or not addresses
    ["--scheduler", "tls://127.0.0.1:1"], ["--scheduler", "ucx://127.0.0.1:1"], ["--scheduler", "inproc://x"],
    ["--scheduler", "ws://127.0.0.1:1"], ["--scheduler", "tcp://127.0.0.1:0"], ["--scheduler", "127.0.0.1:65536"],
    ["--scheduler", "::1:8786"], ["--scheduler", "tcp://h:٣"], ["--scheduler", "tcp://a b:1"], ["--scheduler", ""],
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv):
    argv = [str(tmp_path / a) if a == "rows.txt" or a.startswith("aaa") else a for a in argv]
    start = time.perf_counter()
    assert main([*SMALL, *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("limits: error:"), err
    assert time.perf_counter() - start < 5  # refused up front, not after the work


def test_a_full_disk_under_the_output_is_one_line_and_exit_2(capsys, tmp_path):
    # the audit's case: `survey --output` on a full disk said "internal error ... this is a bug" (exit 1)
    out = device(tmp_path / "rows.csv", FULL)  # every write fails with ENOSPC
    assert main([*SMALL, "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the survey to" in err and "No space left on device" in err


def test_a_disk_that_fills_during_the_run_keeps_the_rows_before_and_resumes(capsys, tmp_path, monkeypatch):
    import errno

    import limits.survey.store as store_module

    out = str(tmp_path / "rows.csv")
    real, count = store_module.os.write, []

    def write(fd, data):
        count.append(1)
        if len(count) > 4:  # the header and three rows
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(store_module.os, "write", write)
    assert main([*SMALL, "--output", out]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    monkeypatch.setattr(store_module.os, "write", real)
    resumed = _json(capsys, [*SMALL, "--output", out])
    assert resumed["run"]["resumed"] == 3 and _answer(resumed) == _answer(_json(capsys, SMALL))


def test_any_quantile_level_gives_a_key_its_schema_accepts(capsys):
    # the audit's case: --quantiles 1e-20 wrote the key "1e-20", which failed the schema's own pattern
    levels = ["1e-20", "1/3", "0.5", "0.999999999999999999999", "3/1024", "1e-300"]
    data = _json(capsys, [*SMALL, "--quantiles", ",".join(levels)])
    keys = list(data["expected_turns"]["quantiles"])
    assert keys == ["0." + "0" * 19 + "1", "1/3", "0.5", "0.999999999999999999999", "0.0029296875",
                    "0." + "0" * 299 + "1"]
    assert [Fraction(k) for k in keys] == [Fraction(q) for q in levels]  # exact, so unique


def test_a_second_run_on_the_same_output_is_refused_while_the_first_writes(capsys, tmp_path):
    # the audit's case: two `survey --output same.csv` at once both exited 0 with every row written twice
    argv = ["survey", "--size", "100", "--boards", "400", "--seed", "5", "-q"]
    out = tmp_path / "rows.csv"
    first = subprocess.Popen([sys.executable, "-m", "limits", *argv, "--output", str(out)], cwd=ROOT,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while first.poll() is None and not (out.exists() and out.read_text().count("\n") >= 2):
            assert time.monotonic() < deadline, "the first run wrote no row"
            time.sleep(0.02)
        assert first.poll() is None, "the first run ended before the second began"
        assert main([*argv, "--output", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "another survey is writing to" in err
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=120)
    indices = [line.split(",")[1] for line in out.read_text().splitlines()[1:]]
    assert len(indices) == len(set(indices))  # each board once


@pytest.mark.slow(reason="starts a local cluster of a scheduler, its dashboard and a worker process (1.5 s); the "
                        "default pass reaches a scheduler by its address in test_a_dask_scheduler_by_its_address")
def test_a_local_dask_cluster_listens_on_loopback_only(capsys, monkeypatch):
    # the audit's case: the dashboard of --dask-local answered on the machine's external address (0.0.0.0)
    pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install "
                        "'chutes-limits[survey]')")
    import psutil  # a dependency of distributed

    import limits.survey.run as run_module

    real, listening = run_module.run_survey, []

    def spy(*args, **kwargs):  # while the cluster runs: every listening socket of this process and its children
        me = psutil.Process()
        for p in [me, *me.children(recursive=True)]:
            listening.extend((p.pid, c.laddr.ip) for c in p.net_connections(kind="inet")
                             if c.status == psutil.CONN_LISTEN)
        yield from real(*args, **kwargs)

    monkeypatch.setattr(run_module, "run_survey", spy)
    data = _json(capsys, [*SMALL, "--dask-local", "1"])
    assert data["run"]["executor"] == "dask"
    assert len(listening) >= 3  # the scheduler, its dashboard, a worker
    assert {ip for _, ip in listening} <= {"127.0.0.1", "::1"}, listening


def test_an_output_of_another_survey_is_refused(capsys, tmp_path):
    out = str(tmp_path / "rows.csv")
    assert main([*SMALL, "--output", out]) == 0
    assert main([*SMALL[:-2], "--delta", "3", "--output", out]) == 2
    assert "another output" in capsys.readouterr().err


STOPPED = ["survey", "--size", "60", "--boards", "120", "--seed", "5", "--delta", "6", "--format", "json", "-q"]
"""Enough boards that the run is still going when the first rows reach the disk and the signal is sent."""


@pytest.fixture(scope="module")
def whole_survey():
    """The answer of the survey that the two stopped runs resume, computed once for both."""
    import contextlib
    import io
    import json

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(STOPPED[:-1]) == 0
    data = json.loads(out.getvalue())
    Draft202012Validator(schema("survey")).validate(data)
    return _answer(data)


@pytest.mark.slow(reason="a survey process stopped and resumed, over the survey computed whole: 4 s of CPU time a case")
def test_a_survey_stopped_by_sigint_resumes_to_the_same_summary(capsys, tmp_path, whole_survey):
    argv = STOPPED
    out = tmp_path / "rows.csv"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "limits", *argv, "--output", str(out)],
                            cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.read_text().count("\n") >= 4:  # the header and 3 boards
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err
    resumed = _json(capsys, [*argv[:-3], "--output", str(out)])
    assert resumed["run"]["resumed"] > 0
    assert resumed["run"]["resumed"] + resumed["run"]["evaluated"] == 120
    assert _answer(resumed) == whole_survey


def test_a_summary_past_the_range_of_floats_and_its_resume(capsys, tmp_path):
    # sigmas near 1e800 (a face of chance 1e-400): the 95% interval of the mean was an internal error
    argv = ["survey", "--size", "20", "--boards", "12", "--seed", "1", "--die", "weighted:2:1e-400:2"]
    first = _json(capsys, [*argv, "--output", str(tmp_path / "rows.csv")])
    again = _json(capsys, [*argv, "--output", str(tmp_path / "rows.csv")])
    assert again["run"]["resumed"] == 12 and _answer(again) == _answer(first)
    interval = first["expected_turns"]["ci95"]
    assert Fraction(interval["lower"]) < Fraction(first["expected_turns"]["mean"]["decimal"]) < Fraction(interval["upper"])
    assert Fraction(interval["upper"]) > 10**700


def test_a_dask_scheduler_by_its_address(capsys):
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install "
                                      "'chutes-limits[survey]')")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address="127.0.0.1:0") as cluster:  # as a user gives it
        data = _json(capsys, [*SMALL, "--scheduler", cluster.scheduler_address])
    assert data["run"]["executor"] == "dask" and data["run"]["workers"] == 2
    assert _answer(data) == _answer(_json(capsys, SMALL))
