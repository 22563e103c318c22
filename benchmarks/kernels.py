"""Where do the compiled kernels pay for themselves? The float state reduction in Python against numba.

Run: ``python benchmarks/kernels.py [RUNS]`` (default 3), from the project's root.

The float moments of a random board (``float_moments``: a GTH factorisation
and two solves) run in a fresh process, once with the plain Python kernels and
once with the numba ones (imported, and loaded from numba's on-disk cache,
which a first unmeasured run fills), for boards of growing size. A whole
process is what a command pays: numba's import and the loading of its cache
are part of the compiled side. The table gives each side's CPU time (median
of RUNS) and the factors' entries; ``COMPILED_GTH_FROM`` in
``limits/exact/gth_sparse.py`` is set near the crossover.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SIZES = (100, 300, 1000, 1500, 2000, 4000)

CODE = """
import sys
from limits import fair
from limits.exact import gth_sparse
from limits.game.float_duration import float_moments
from limits.model.random_board import BoardFamily

n, side = int(sys.argv[1]), sys.argv[2]
gth_sparse.COMPILED_GTH_FROM = 0 if side == "numba" else 10**18
board = BoardFamily(n, n // 10, n // 10).board_of(0, 1)
float_moments(board, fair()).at(0)
"""

ENTRIES = """
import sys
import numpy as np
import scipy.sparse as sp
from limits import build_chain, fair
from limits.exact.sparse_lu import fill_reducing_order
from limits.game.linear_system import finite_system
from limits.model.random_board import BoardFamily

n = int(sys.argv[1])
system = finite_system(build_chain(BoardFamily(n, n // 10, n // 10).board_of(0, 1), fair()))
rows, cols, vals, _ = system.entries
m = sp.csr_matrix((np.array([float(v) for v in vals]), (rows, cols)), shape=(len(system.finite),) * 2)
o = fill_reducing_order(m, pattern_only=True)
print(o.l_idx.shape[0] + o.u_idx.shape[0])
"""


def _cpu(args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", CODE, *args], cwd=ROOT, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(runs: int = 3) -> None:
    print(f"{'squares':>8s} {'entries':>9s} {'python s':>9s} {'numba s':>8s}   (CPU time of a whole process, "
          f"median of {runs})")
    for n in SIZES:
        entries = subprocess.run([sys.executable, "-c", ENTRIES, str(n)], cwd=ROOT, capture_output=True, text=True,
                                 check=True).stdout.strip()
        _cpu([str(n), "numba"])  # numba's cache
        py = statistics.median(_cpu([str(n), "python"]) for _ in range(runs))
        nb = statistics.median(_cpu([str(n), "numba"]) for _ in range(runs))
        print(f"{n:8d} {int(entries):9d} {py:9.2f} {nb:8.2f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
