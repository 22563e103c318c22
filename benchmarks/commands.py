"""The scale table, rerun: each command as a whole process on random boards of growing size.

Run: ``python benchmarks/commands.py [--quick] [--timeout S]``. Random boards
with N/10 ladders and N/10 chutes (``BoardFamily(N, N // 10, N // 10)``,
seed 1, board 0) are written to board files, and each row's command runs as
``python -m limits ...`` on them, one at a time, measured by ``/usr/bin/time``
(wall seconds and the peak resident set of the process). Between two sizes
of a row it prints the growth exponent ``log(t2 / t1) / log(N2 / N1)``. A run
past ``--timeout`` seconds (default 120) is stopped and shown as ``>S``; the
larger sizes of that row are then skipped. ``--quick`` keeps sizes up to
1,000 squares.

Where sigma is infinite on board 0 (a loop that can trap the player), the
limit rows use the first board of the seed with a finite sigma, as
``benchmarks/limits_scale.py`` does.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits.model.random_board import BoardFamily  # noqa: E402

ROWS = [  # name, command (with {board}), sizes
    ("duration (exact)", ["duration", "--board", "{board}", "--exact"], (100, 1000, 3000, 10_000)),
    ("limit --delta 6", ["limit", "--delta", "6", "--board", "{finite}"], (100, 300, 1000)),
    ("sigma --delta 3 --p 1-1e-23", ["sigma", "--delta", "3", "--p", "0.99999999999999999999999", "--board",
                                     "{finite}"], (100, 300, 1000)),
    ("optimal", ["optimal", "--board", "{board}"], (100, 1000, 3000, 10_000)),
    ("strategies", ["strategies", "--board", "{board}"], (100, 1000, 3000, 10_000)),
    ("classify", ["classify", "--delta", "6", "--board", "{board}", "--format", "json"], (1000, 10_000)),
    ("simulate (10^5 games)", ["simulate", "--games", "100000", "--seed", "1", "--board", "{board}"],
     (1000, 10_000)),
    ("duration --float", ["duration", "--board", "{board}", "--float"], (10_000, 100_000, 1_000_000)),
]


def _write(folder: Path, n: int, finite: bool) -> Path:
    family = BoardFamily(n, n // 10, n // 10)
    index = 0
    board = family.board_of(index, 1)
    if finite:
        from limits import build_chain, fair
        from limits.errors import InfiniteExpectationError

        while True:
            try:
                build_chain(board, fair()).moments(0, exact=False)
                break
            except InfiniteExpectationError:
                index += 1
                board = family.board_of(index, 1)
    path = folder / f"b{n}{'f' if finite else ''}.json"
    path.write_text(json.dumps({"size": n, "jumps": [list(j) for j in (*board.ladders, *board.chutes)]}))
    return path


def _run(argv: list[str], timeout: float) -> tuple[float | None, float | None]:
    """Wall seconds and peak RSS (MB) of one run, or ``(None, None)`` past the timeout."""
    cmd = ["/usr/bin/time", "-f", "%e %M", sys.executable, "-m", "limits", "--quiet", *argv]
    try:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    if proc.returncode:
        raise SystemExit(f"limits {' '.join(argv)} failed:\n{proc.stderr}")
    wall, rss = proc.stderr.strip().splitlines()[-1].split()
    return float(wall), int(rss) / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="sizes up to 1,000 squares")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before a run is stopped")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, argv, sizes in ROWS:
            if args.quick:
                sizes = tuple(n for n in sizes if n <= 1000) or sizes[:1]
            cells, last = [], None
            for n in sizes:
                files = {"board": _write(folder, n, False), "finite": _write(folder, n, True)} \
                    if "{finite}" in argv else {"board": _write(folder, n, False)}
                wall, rss = _run([a.format(**files) for a in argv], args.timeout)
                if wall is None:
                    cells.append(f"N={n}: >{args.timeout:.0f} s")
                    break
                grow = f" (exp {math.log(wall / last[1]) / math.log(n / last[0]):.2f})" if last else ""
                cells.append(f"N={n}: {wall:.2f} s, {rss:.0f} MB{grow}")
                last = (n, wall)
            print(f"{name:<28} " + "; ".join(cells), flush=True)


if __name__ == "__main__":
    main()
