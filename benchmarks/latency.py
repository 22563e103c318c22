"""How much CPU time does each command take on the paper's board, as a whole process, against ``limits --help``?

Run: ``python benchmarks/latency.py [RUNS]`` (default 5), from the project's root.

Each command runs as a whole process (interpreter start, imports, the answer,
exit), RUNS times in turn with ``limits --help``, pair by pair. A process's
CPU time (user + system) is read from ``resource.getrusage(RUSAGE_CHILDREN)``
before and after it, so it counts the process and any it waited for, and
not the load of other work on the machine (wall time does). The table gives
the minimum and the median of each command's CPU time, its median peak
memory, and the median of its pairwise ratios to ``--help``. The goal
(issue 23): at most 0.5 s of CPU time for each command.

``--only NAME`` (repeatable) times only the rows whose name starts with NAME;
``--json FILE`` also writes the figures.

The first run of each command is not counted: it fills the operating
system's file cache and numba's on-disk cache (``cache=True``), so the table
shows what every later run costs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The commands' environment: with the compiled bytecode cached, as an installed package has it (a machine that
sets PYTHONDONTWRITEBYTECODE would otherwise time compiling the package on every run)."""

COMMANDS: list[tuple[str, list[str]]] = [
    ("duration", ["duration"]),
    *[(f"limit --delta {d}", ["limit", "--delta", str(d)]) for d in range(1, 7)],
    ("sigma --delta 3 at 1-1e-23", ["sigma", "--delta", "3", "--p", "0.99999999999999999999999"]),
    ("sweep --delta 5", ["sweep", "--delta", "5"]),
    ("optimum --delta 5", ["optimum", "--delta", "5"]),
    ("classify --delta 4", ["classify", "--delta", "4"]),
    ("derive --delta 4", ["derive", "--delta", "4"]),
    ("strategies", ["strategies"]),
    ("optimal", ["optimal"]),
    ("players", ["players"]),
    ("stats", ["stats"]),
    ("simulate --games 1e5", ["simulate", "--games", "1e5", "--seed", "1"]),
]
"""Every command of issue 23, on the paper's board with its defaults."""

GOAL = 0.5
"""Seconds of CPU time a command may take as a whole process."""


def _once(args: list[str]) -> float:
    """CPU seconds (user + system) of one ``python -m limits ARGS`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([sys.executable, "-m", "limits", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"limits {' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu


def _peak(args: list[str]) -> int:
    """Peak resident memory (KiB) of one process, from /usr/bin/time where it is installed, else 0."""
    if not os.path.exists("/usr/bin/time"):
        return 0
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "limits", *args], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False, env=ENV)
    try:
        return int(proc.stderr.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=5)
    parser.add_argument("--only", action="append", default=[], help="time only rows whose name starts with this")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    rows = [(name, argv) for name, argv in COMMANDS if not args.only or any(name.startswith(o) for o in args.only)]
    help_ = ["--help"]
    _once(help_)
    print(f"{'command':30s} {'min s':>7s} {'median s':>9s} {'peak MiB':>9s} {'x --help':>9s}   (CPU time, "
          f"{args.runs} runs)")
    results = {}
    helps: list[float] = []
    over = []
    for name, argv in rows:
        _once(argv)  # file cache, numba's cache
        pairs = []
        for _ in range(args.runs):
            a = _once(argv)
            b = _once(help_)
            pairs.append((a, b))
        helps.extend(b for _, b in pairs)
        times = [a for a, _ in pairs]
        ratio = statistics.median(a / b for a, b in pairs)
        peak = _peak(argv) / 1024
        med = statistics.median(times)
        results[name] = {"min": min(times), "median": med, "ratio": ratio, "peak_mib": peak}
        flag = "" if med <= GOAL else "  over the goal"
        if med > GOAL:
            over.append(name)
        print(f"{name:30s} {min(times):7.2f} {med:9.2f} {peak:9.0f} {ratio:8.1f}x{flag}", flush=True)
    help_med = statistics.median(helps)
    print(f"{'--help':30s} {min(helps):7.2f} {help_med:9.2f} {_peak(help_) / 1024:9.0f} {1:8.1f}x")
    print(f"goal: at most {GOAL} s of CPU time each; over it: {', '.join(over) or 'none'}")
    if args.json:
        results["--help"] = {"min": min(helps), "median": help_med, "ratio": 1.0}
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
