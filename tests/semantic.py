"""The semantic mutation run: ``python -m tests.mutation --semantic [NAME ...]`` (docs/development.md).

Each mutant of :data:`tests.semantic_mutants.CATALOGUE` is applied to a copy
of the package in a temporary folder (never to the working tree), and only
its named killing tests run there, with pytest, under ``nice -n 19`` and the
CI examples of Hypothesis. A failing run kills the mutant (a test failed, or
the mutant raised while the tests were collected); a run past the timeout
counts as killed too (the mutant hung); a run that passes leaves it alive; a
run pytest could not make (no test found, a bad node id) is a fault of the
catalogue and is reported as ``broken``.
"""

from __future__ import annotations

__all__ = ["apply", "run", "report", "KILLED"]

import os
import queue
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from .semantic_mutants import CATALOGUE, EQUIVALENT, Mutant

ROOT = Path(__file__).resolve().parents[1]
KILLED = ("killed", "timeout")
"""Verdicts that count as killed."""


def apply(text: str, mutant: Mutant) -> str:
    """``text`` with the mutant's one occurrence of its original replaced.

    >>> m = Mutant("x", "m.py", "a < b", "a <= b", (), "")
    >>> apply("if a < b:\\n", m)
    'if a <= b:\\n'
    >>> apply("a < b; a < b", m)
    Traceback (most recent call last):
    ...
    ValueError: the original of x occurs 2 times in m.py, not once
    """
    count = text.count(mutant.original)
    if count != 1:
        raise ValueError(f"the original of {mutant.name} occurs {count} times in {mutant.module}, not once")
    return text.replace(mutant.original, mutant.replacement)


def _copy(into: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for folder in ("limits", "tests"):
        shutil.copytree(ROOT / folder, into / folder, ignore=ignore)
    for name in ("pyproject.toml", "conftest.py", "README.md"):
        shutil.copy2(ROOT / name, into / name)
    return into


def _pytest(work: Path, tests: tuple[str, ...], timeout: float) -> subprocess.CompletedProcess:
    # every test named runs, a slow one too (the default run deselects those);
    # no bytecode: a mutant of the same size written within the same second would otherwise reuse a stale .pyc
    env = dict(os.environ, CI="1", PYTHONDONTWRITEBYTECODE="1")
    argv = ["nice", "-n", "19", sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
            "-m", "slow or not slow", *tests]
    return subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, timeout=timeout, check=False)


def _verdict(mutant: Mutant, work: Path, timeout: float, tests: tuple[str, ...]) -> tuple[str, float]:
    path = work / mutant.module
    original = path.read_text("utf-8")
    path.write_text(apply(original, mutant), "utf-8")
    begin = time.monotonic()
    try:
        proc = _pytest(work, tests, timeout)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - begin
    finally:
        path.write_text(original, "utf-8")
    spent = time.monotonic() - begin
    # 1: a test failed; 2: the run was interrupted, by an error the mutant raised while the tests were collected
    return {0: "survived", 1: "killed", 2: "killed"}.get(proc.returncode, "broken"), spent


def run(names: list[str] | None = None, jobs: int = 1, timeout: float = 300.0, progress=print,
        tests_of: Callable[[Mutant], tuple[str, ...]] | None = None,
        catalogue: tuple[Mutant, ...] = CATALOGUE) -> list[tuple[Mutant, str, float]]:
    """Each chosen mutant (all by default) with its verdict and the seconds its tests took.

    ``tests_of`` chooses other tests than each mutant's own killing tests (``--own-tests``: those of its
    subpackage that mutmut runs, to measure what the suite catches without the tests written for the mutants;
    ``--round``: the test files that name or import its module). ``catalogue`` is where the mutants come from
    (an independent round's instead of :data:`CATALOGUE`).
    """
    chosen = [m for m in catalogue if names is None or m.name in names]
    unknown = set(names or ()) - {m.name for m in catalogue}
    if unknown:
        raise ValueError(f"no such semantic mutant: {', '.join(sorted(unknown))}")
    with tempfile.TemporaryDirectory(prefix="limits-semantic-") as tmp:
        copies: queue.Queue[Path] = queue.Queue()
        for i in range(max(1, min(jobs, len(chosen)))):
            copies.put(_copy(Path(tmp) / str(i)))
        # the tests must pass without any mutant, or a kill would mean nothing
        every = tuple(dict.fromkeys(t for m in chosen for t in (tests_of(m) if tests_of else m.tests)))
        baseline = _pytest(Path(tmp) / "0", every, 4 * timeout)
        if baseline.returncode != 0:
            raise RuntimeError("the killing tests fail on the unmutated package:\n" + baseline.stdout[-3000:])

        def one(mutant: Mutant) -> tuple[Mutant, str, float]:
            work = copies.get()
            try:
                verdict, spent = _verdict(mutant, work, timeout, tests_of(mutant) if tests_of else mutant.tests)
            finally:
                copies.put(work)
            if progress:
                progress(f"  {verdict:9} {spent:6.1f}s  {mutant.name}")
            return mutant, verdict, spent

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return list(pool.map(one, chosen))


def report(results: list[tuple[Mutant, str, float]]) -> str:
    """The score: killed (timeouts included) over the mutants not declared equivalent; survivors listed."""
    counts: dict[str, int] = {}
    lines = []
    for mutant, verdict, _ in results:
        if verdict == "survived" and mutant.name in EQUIVALENT:
            verdict = "equivalent"
        counts[verdict] = counts.get(verdict, 0) + 1
        if verdict not in KILLED:
            lines.append(f"  {verdict:10} {mutant.name} ({mutant.module}): {mutant.why}")
    scored = sum(counts.values()) - counts.get("equivalent", 0)
    killed = sum(counts.get(k, 0) for k in KILLED)
    by_package: dict[str, list[int]] = {}
    for mutant, verdict, _ in results:
        tally = by_package.setdefault(mutant.module.split("/")[1], [0, 0])
        tally[0] += verdict in KILLED
        tally[1] += not (verdict == "survived" and mutant.name in EQUIVALENT)
    per = ", ".join(f"{sub} {k}/{n}" for sub, (k, n) in by_package.items())
    head = (f"semantic mutants: {len(results)}; killed {killed} (timeouts {counts.get('timeout', 0)}), "
            f"survived {counts.get('survived', 0)}, equivalent {counts.get('equivalent', 0)}, "
            f"broken {counts.get('broken', 0)}; score {killed}/{scored} = {killed / scored if scored else 1:.1%}")
    return "\n".join([head, f"  by subpackage: {per}", *lines])
