"""Large inputs at full size: each answered within a minute of CPU time and 4 GiB, or refused at once.

Run: ``python benchmarks/large_inputs.py [--only NAME ...] [--cpu S]``. Random
boards (``BoardFamily(N, J, J)``, seed 1, board 0, jumps of any length) are
written to board files; each case runs as ``python -m limits --quiet ...``,
one at a time, under a CPU-time limit (default 90 s) and an address-space
limit of 5 GiB, and prints its CPU seconds (user + system), peak resident
set, exit status and the first line of its stderr (a refusal names its
limit). Exit status 2 within a second is a refusal; 0 an answer.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits.model.random_board import BoardFamily  # noqa: E402

BOARDS = {"b1m": (10**6, 50_000), "b2m": (1 << 21, 100_000), "b40k": (40_000, 4000), "b10k": (10_000, 1000)}
"""name: (squares, ladders = chutes)."""

CASES = [
    ("duration --float, 10^6 squares, 10^5 jumps", ["duration", "--float", "--board", "{b1m}"]),
    ("duration, 2^21 squares", ["duration", "--board", "{b2m}"]),
    ("stats, die 1e-400", ["stats", "--die", "weighted:6:1e-400"]),
    ("players 2, die 1e-400", ["players", "--players", "2", "--die", "weighted:6:1e-400"]),
    ("duration --exact --survival 0, 40,000 squares", ["duration", "--exact", "--survival", "0", "--board", "{b40k}"]),
    ("optimal, 2^21 squares", ["optimal", "--board", "{b2m}"]),
    ("classify --delta 2, 2^21 squares", ["classify", "--delta", "2", "--board", "{b2m}"]),
    ("strategies, 10^6 squares", ["strategies", "--board", "{b1m}"]),
    ("simulate 1e5 games, 2^21 squares", ["simulate", "--games", "1e5", "--seed", "1", "--board", "{b2m}"]),
    ("limit --faces 1000 --terms 1000", ["limit", "--delta", "1", "--faces", "1000", "--terms", "1000"]),
    ("limit --faces 1000 --terms 200", ["limit", "--delta", "1", "--faces", "1000", "--terms", "200"]),
    ("sweep all, 1000 faces, 10^5 points", ["sweep", "--delta", "all", "--faces", "1000", "--points", "100000"]),
    ("optimum all, 1000 faces, 1000 digits", ["optimum", "--delta", "all", "--faces", "1000", "--digits", "1000"]),
    ("explore --at weighted:6:1e-400 --toward fair", ["explore", "-o", "{out}", "--at", "weighted:6:1e-400",
                                                      "--toward", "fair"]),
    ("explore --at weighted:6:1e-300 --toward fair", ["explore", "-o", "{out}", "--at", "weighted:6:1e-300",
                                                      "--toward", "fair"]),
    ("duration --survival 100000, 10,000 squares", ["duration", "--survival", "100000", "--board", "{b10k}"]),
]


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The environment of each run, with bytecode cached (a refusal is timed, not the compiling of the package)."""


def _write(folder: Path, name: str) -> str:
    size, jumps = BOARDS[name]
    board = BoardFamily(size, jumps, jumps).board_of(0, 1)
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"size": size, "jumps": [list(j) for j in board.jumps]}))
    return str(path)


def _limits(cpu: int) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    resource.setrlimit(resource.RLIMIT_AS, (5 << 30, 5 << 30))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", nargs="*", help="run only the cases whose name contains one of these words")
    parser.add_argument("--cpu", type=int, default=90, help="the CPU-time limit of each run, in seconds")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        boards: dict[str, str] = {}
        print(f"{'case':<48} {'CPU s':>7} {'wall s':>7} {'MiB':>6}  exit  first line of stderr")
        for name, argv in CASES:
            if opts.only and not any(w in name for w in opts.only):
                continue
            for key in BOARDS:
                if "{" + key + "}" in " ".join(argv) and key not in boards:
                    boards[key] = _write(folder, key)
            page = str(folder / "page.html")
            cmd = [sys.executable, "-m", "limits", "--quiet", *(a.format(**boards, out=page) for a in argv)]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV,
                                  preexec_fn=lambda: _limits(opts.cpu))
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            line = (proc.stderr.strip().splitlines() or [""])[0][:150]
            print(f"{name:<48} {cpu:7.2f} {wall:7.2f} {after.ru_maxrss / 1024:6.0f}  {proc.returncode:>4}  {line}",
                  flush=True)


if __name__ == "__main__":
    main()
