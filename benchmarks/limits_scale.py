"""How the limits as eps -> 0 and the certified value near p = 1 scale with the board.

Run: ``python benchmarks/limits_scale.py``. Random boards with N/10 ladders and
N/10 chutes (``BoardFamily(N, N // 10, N // 10)``, seed 1) at N = 250 and
1,000. For each family: seconds for the order and the leading coefficient of
sigma from the time-scale hierarchy, then for three coefficients of sigma and
two of the variance; at N = 250 the whole rational function (the baseline, in
the same process), which is refused above 400 squares. Times are the best of
two runs. Then sigma_delta at
P(delta) = 1 - 1e-23 with 20 certified digits: the sparse ball state
reduction, against the dense interval solve at N = 250; last, the commands
``limits limit`` and ``limits sigma`` end to end at N = 1,000. Growth exponents are
``log(t2 / t1) / log(N2 / N1)``; peak memory by tracemalloc at N = 1,000.
"""

from __future__ import annotations

import math
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import Perturbation, uniform_on  # noqa: E402
from limits.model.random_board import BoardFamily  # noqa: E402

SIZES = (250, 1000)
EPS = Fraction(1, 10**23)


def _board(n: int):
    return BoardFamily(n, n // 10, n // 10).board_of(0, 1)


def _families(board):
    return {"P(3) -> 1": Perturbation.loaded(board, 3), "P(6) -> 1": Perturbation.loaded(board, 6),
            "P(1) -> 0": Perturbation.loaded(board, 1, p_to=0), "P(4) -> 0": Perturbation.loaded(board, 4, p_to=0),
            "{2,5} -> {1,3,4,6}": Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]), board)}


def _timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def _peak(fn):
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def _order(f):
    h = f.hierarchy()
    return h.order, h.leading_coefficient


def _series(f):
    return f.expansion(3), f.variance(2)


def _exponent(t1: float, t2: float) -> float:
    return math.log(t2 / t1) / math.log(SIZES[1] / SIZES[0])


def limits_table() -> None:
    """The hierarchy's times per family and size, the rational function at the small size."""
    rows: dict[str, dict] = {}
    for n in SIZES:
        for name, f in _families(_board(n)).items():
            (order, lead), t_order = _timed(lambda: _order(f))
            (e, _), t_series = _timed(lambda: _series(f))
            again = _families(_board(n))[name]  # the best of two runs, each on a fresh family
            _, t2_order = _timed(lambda: _order(again))
            _, t2_series = _timed(lambda: _series(again))
            row = rows.setdefault(name, {"order": order})
            row[n] = (min(t_order, t2_order), min(t_order + t_series, t2_order + t2_series))
            if n == SIZES[0]:
                check, t_check = _timed(lambda: f.exact_expansion(3))
                assert check.coefficients == e.coefficients, name
                row["function"] = t_check
            else:
                row["peak"] = _peak(lambda: _series(_families(_board(n))[name]))
    print("limits as eps -> 0 (seconds): order and lead, then 3 + 2 coefficients; rational function at 250")
    print(f"{'family':>20} {'m':>2} {'250 lead':>9} {'250 all':>8} {'function':>9} {'ratio':>6} "
          f"{'1000 lead':>9} {'1000 all':>9} {'peak MB':>8} {'exp lead':>8} {'exp all':>8}")
    for name, r in rows.items():
        (a1, b1), (a2, b2) = r[SIZES[0]], r[SIZES[1]]
        print(f"{name:>20} {r['order']:>2} {a1:>9.3f} {b1:>8.3f} {r['function']:>9.3f} {r['function'] / b1:>5.0f}x "
              f"{a2:>9.3f} {b2:>9.3f} {r['peak'] / 1e6:>8.1f} {_exponent(a1, a2):>8.2f} {_exponent(b1, b2):>8.2f}")


def certified_table() -> None:
    """sigma at P(delta) = 1 - 1e-23, 20 certified digits, by ball state reduction."""
    print("sigma_delta at P(delta) = 1 - 1e-23, 20 certified digits (seconds)")
    print(f"{'delta':>5} {'250':>10} {'1000':>11} {'peak MB':>8} {'exponent':>8}  value at 1000")
    for delta in (3, 6):
        times = {}
        for n in SIZES:
            board = _board(n)
            v, first = _timed(lambda: Perturbation.loaded(board, delta).value_at(p=1 - EPS, digits=20))
            times[n] = min(first, _timed(lambda: Perturbation.loaded(board, delta).value_at(p=1 - EPS, digits=20))[1])
        peak = _peak(lambda: Perturbation.loaded(_board(SIZES[1]), delta).value_at(p=1 - EPS, digits=20))
        print(f"{delta:>5} {times[SIZES[0]]:>10.3f} {times[SIZES[1]]:>11.3f} {peak / 1e6:>8.1f} "
              f"{_exponent(times[SIZES[0]], times[SIZES[1]]):>8.2f}  {v.decimal} ({v.route})")


COMMANDS = {"limit --delta 6": ["limit", "--delta", "6"], "limit --delta 3": ["limit", "--delta", "3"],
            "limit --delta 1 --p-to 0": ["limit", "--delta", "1", "--p-to", "0"],
            "limit --at {2,5} --toward {1,3,4,6}": ["limit", "--at", "0,1/2,0,0,1/2,0", "--toward",
                                                   "1/4,0,1/4,1/4,0,1/4"],
            "sigma --delta 3 --p 1-1e-23": ["sigma", "--delta", "3", "--p", "0." + "9" * 23],
            "sigma --at .. --eps 1e-23": ["sigma", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4",
                                          "--eps", "1e-23"]}


def cli_table() -> None:
    """The commands end to end, in this process, on the board of 1,000 squares (text output, default terms)."""
    import contextlib
    import io
    import json
    import tempfile

    from limits.cli import main as cli

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.json"
        path.write_text(json.dumps(_board(SIZES[1]).to_dict()))
        print(f"commands on {SIZES[1]} squares, end to end (seconds)")
        for name, argv in COMMANDS.items():
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                code, t = _timed(lambda: cli([*argv, "--board", str(path), "-q"]))
            route = next((line for line in out.getvalue().splitlines() if line.startswith("route:")), "")
            print(f"{name:>36} {t:>7.2f}  exit {code}  {route[:40]}")


def main() -> None:
    _series(_families(_board(SIZES[0]))["P(1) -> 0"])  # compile the kernels once, outside the timings
    limits_table()
    certified_table()
    cli_table()


if __name__ == "__main__":
    main()
