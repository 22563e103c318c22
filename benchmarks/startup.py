"""How fast does ``limits duration`` start, against ``limits --help``?

Run: ``python benchmarks/startup.py [RUNS]`` (default 15). Times whole
processes (interpreter start, imports, the answer, exit) of
``python -m limits duration`` and ``python -m limits --help`` run in turn,
pair by pair, and prints the median of each and the median of the pairwise
ratios. The goal: the answer on the paper's board within 2x of the help text,
that is, importing the heavy libraries (sympy, networkx, matplotlib) only
where they do the work. It also lists which of them a plain
``limits duration`` imports (none should be).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("sympy", "networkx", "matplotlib", "numpy", "mpmath", "scipy", "numba")


def _once(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "limits", *args], cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def _heavy_imports(args: list[str]) -> list[str]:
    code = ("import sys, runpy; sys.argv = ['limits', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('limits', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=True)
    return proc.stderr.split()


def main(runs: int = 15) -> None:
    answer, help_ = ["duration"], ["--help"]
    _once(answer), _once(help_)  # warm the file cache
    pairs = [(_once(answer), _once(help_)) for _ in range(runs)]
    a = statistics.median(p[0] for p in pairs)
    b = statistics.median(p[1] for p in pairs)
    ratio = statistics.median(p[0] / p[1] for p in pairs)
    print(f"limits duration  {a * 1000:7.1f} ms (median of {runs})")
    print(f"limits --help    {b * 1000:7.1f} ms")
    print(f"ratio            {ratio:7.2f}x   (goal: under 2x)")
    print(f"heavy libraries imported by limits duration: {', '.join(_heavy_imports(answer)) or 'none'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
