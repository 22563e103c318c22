"""What printing costs: ``limits duration`` end to end against the computation alone.

Run: ``python benchmarks/printing.py [--repeat 20]``. Times, in one process,
the library's answer for the paper's board (the exact moments, the median,
mode and 101 survival probabilities), then ``main(["duration"])`` in text and
in JSON, and prints the ratio: how much the command line (parsing, the one
number-printing layer, JSON) adds to the work itself.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import build_chain  # noqa: E402
from limits.cli import main as cli  # noqa: E402
from limits.game.distribution import median, min_turns, mode, survival  # noqa: E402


def compute() -> None:
    chain = build_chain()
    chain.moments(0)
    median(chain, 0), mode(chain, 0), min_turns(chain, 0), survival(chain, 100, 0)


def best(f, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    sink = io.StringIO()

    def command(*argv: str):
        def run() -> None:
            with contextlib.redirect_stdout(sink):
                cli(["duration", *argv])
        return run

    compute(), command()(), command("--format", "json")()  # warm up: lazy imports, caches
    base = best(compute, repeat)
    text = best(command(), repeat)
    js = best(command("--format", "json"), repeat)
    print(f"computation alone        {base * 1e3:8.2f} ms")
    print(f"limits duration (text)   {text * 1e3:8.2f} ms   ratio {text / base:.2f}")
    print(f"limits duration (json)   {js * 1e3:8.2f} ms   ratio {js / base:.2f}")


if __name__ == "__main__":
    main()
