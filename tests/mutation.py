"""The mutation run: ``python -m tests.mutation [SUBPACKAGE ...]`` (docs/development.md).

Runs mutmut (configured in ``[tool.mutmut]`` of pyproject.toml) once per core
subpackage, each against that subpackage's own tests (:data:`OWN_TESTS`) and
the doctests of its modules, in a work folder of its own under ``.mutation/``
(so each run keeps its results, and a second run re-tests only what changed).
Prints, per subpackage, the mutants killed, survived and declared equivalent
(:data:`EQUIVALENT_FILE`) and the score: killed / (all - equivalent), a
timeout counting as killed.

``--changed BASE`` runs mutmut over the package's modules a change touches
(``git diff BASE``) instead, against the tests that name or import them
(:func:`naming_tests`) and their doctests, in ``.mutation/changed/``.

``--semantic`` runs the hand-made semantic mutants of
``tests/semantic_mutants.py`` instead (:mod:`tests.semantic`): each applied to
a copy of the package, against the tests named to kill it (``--own-tests``:
against its subpackage's own tests instead). It needs no extra.

Needs the ``mutation`` extra (``pip install -e ".[dev,mutation]"``). It is long
(tens of minutes on two cores) and is not part of the test suite.
"""

from __future__ import annotations

__all__ = ["OWN_TESTS", "MUTMUT_DEFAULT", "EQUIVALENT_FILE", "main", "mutmut_section", "score", "wilson",
           "changed_modules", "naming_tests"]

import argparse
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".mutation"
EQUIVALENT_FILE = ROOT / "tests" / "mutation_equivalent.txt"
"""One line per equivalent mutant: its name, then after ``#`` why no test can tell it apart."""

OWN_TESTS: dict[str, list[str]] = {
    "model": ["test_board", "test_die", "test_rules", "test_chain", "test_input_guards", "test_reachability",
              "test_picture", "test_edges", "test_every_limit", "test_every_picture", "test_every_start"],
    "exact": ["test_digits", "test_rational", "test_mmatrix", "test_gth", "test_reduction", "test_linsolve",
              "test_pencil", "test_scale", "test_series_pairing", "test_padic_entry", "test_gth_sparse",
              "test_digraph", "test_primes", "test_jit", "test_every_interval"],
    "game": ["test_chain", "test_duration", "test_distribution", "test_distribution_limits", "test_quantile",
             "test_players", "test_game_length", "test_counts", "test_reachability", "test_scale",
             "test_float_bounds", "test_float_stream", "test_seat_chances", "test_cost", "test_edges",
             "test_every_limit", "test_every_statistic", "test_every_start", "test_every_tie",
             "test_every_certified_value"],
    "coin": ["test_coin", "test_optimal", "test_policy_enumeration", "test_simulate", "test_sampling",
             "test_sparse_policy", "test_every_limit", "test_every_statistic", "test_every_start", "test_every_tie"],
    "limit": ["test_sigma", "test_sigma_precision", "test_rational_sigma", "test_order", "test_walk",
              "test_collapse", "test_sweep", "test_optimum", "test_evaluate", "test_hierarchy",
              "test_perturbation", "test_length_law", "test_derive", "test_every_limit", "test_every_start",
              "test_every_tie", "test_every_certified_value"],
    "race": ["test_race", "test_race_display", "test_race_simulation", "test_every_limit", "test_every_start",
             "test_every_tie", "test_every_certified_value"],
}
"""The test files of each core subpackage, without ``tests/`` and ``.py`` (missing files are skipped)."""

MUTMUT_DEFAULT = ("model", "exact", "game", "coin", "limit")
"""The subpackages mutmut samples when none is named; ``race`` is there for its semantic mutants
(``--semantic --own-tests race``) and runs under mutmut only when named."""

SCORED = ("killed", "timeout", "segfault", "suspicious")
"""Verdicts that count as killed: a test failed, the mutant hung, or it crashed the tests' process (mutmut
calls a signal ``segfault`` and any other unexpected exit code ``suspicious``; a mutant that corrupts a
numba kernel's memory aborts)."""


def mutmut_section(subpackage: str, base: dict, only: list[str] | None = None, tests: list[str] | None = None) -> str:
    """The ``[tool.mutmut]`` section of one subpackage's run: ``base`` restricted to it (or, with ``only``, to
    those files, run against ``tests``: ``--changed``).

    >>> text = mutmut_section("coin", {"source_paths": ["limits"], "only_mutate": ["limits/*"]})
    >>> '"limits/coin/*"' in text and '"tests/test_coin.py"' in text
    True
    """
    if only is None:
        only = [f"limits/{subpackage}/*"]
        tests = [f"tests/{n}.py" for n in OWN_TESTS[subpackage] if (ROOT / "tests" / f"{n}.py").exists()]
        tests.append(f"limits/{subpackage}")
    settings = dict(base, only_mutate=only, pytest_add_cli_args_test_selection=list(tests or []))
    return "[tool.mutmut]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in settings.items())


def changed_modules(base: str) -> list[str]:
    """The package's modules that differ from the commit ``base`` (committed or not), as paths from the root."""
    out = subprocess.run(["git", "diff", "--name-only", base, "--", "limits"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return sorted(p for p in out.split() if p.endswith(".py") and not p.endswith("__init__.py") and (ROOT / p).exists())


def naming_tests(module: str) -> list[str]:
    """The test files that name or import ``module`` (a path such as ``limits/game/game_length.py``): its dotted
    name, its path, or ``from <its package> import <it>``.

    >>> "tests/test_game_length.py" in naming_tests("limits/game/game_length.py")
    True

    A package's own module is imported by every import of the package:

    >>> "tests/test_cli.py" in naming_tests("limits/cli/__init__.py")
    True
    """
    dotted = module.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    parent, _, name = dotted.rpartition(".")
    named = re.compile(rf"\b{re.escape(dotted)}\b|{re.escape(module)}|from {re.escape(parent)} import [^\n]*\b{name}\b")
    return sorted(f"tests/{p.name}" for p in (ROOT / "tests").glob("test_*.py") if named.search(p.read_text("utf-8")))


def score(counts: dict[str, int], equivalent: int) -> float:
    """Killed (timeouts and crashes included) over the mutants that are not equivalent.

    >>> score({"killed": 87, "timeout": 2, "segfault": 1, "survived": 12}, 2)
    0.9
    """
    total = sum(counts.values()) - equivalent
    return sum(counts.get(k, 0) for k in SCORED) / total if total else 1.0


def _equivalent() -> dict[str, str]:
    found = {}
    for line in EQUIVALENT_FILE.read_text("utf-8").splitlines():
        name, _, reason = line.partition("#")
        if name.strip():
            found[name.strip()] = reason.strip()
    return found


def _prepare(subpackage: str, only: list[str] | None = None, tests: list[str] | None = None) -> Path:
    work = WORK / subpackage
    work.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("limits", "tests"):
        shutil.rmtree(work / folder, ignore_errors=True)
        shutil.copytree(ROOT / folder, work / folder, ignore=ignore)
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    base = tomllib.loads(text)["tool"]["mutmut"]
    start = text.index("[tool.mutmut]")
    following = re.search(r"^\[", text[start + 1:], flags=re.M)
    end = start + 1 + following.start() if following else len(text)
    section = mutmut_section(subpackage, base, only, tests)
    (work / "pyproject.toml").write_text(text[:start] + section + text[end:], "utf-8")
    return work


def _results(work: Path) -> dict[str, str]:
    out = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=work,
                         capture_output=True, text=True, check=True).stdout
    status = {}
    for line in out.splitlines():
        name, _, state = line.strip().partition(": ")
        if state:
            status[name] = state
    return status


def _mutmut(work: Path, names: list[str], jobs: int, check: bool = True) -> None:
    env = dict(os.environ, CI="1")  # hypothesis derandomized: the same examples meet every mutant
    with open(work / "run.log", "a") as log:
        subprocess.run(["nice", "-n", "19", sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs),
                        *names], cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT, check=check)


def _sample(work: Path, size: int, seed: int) -> list[str]:
    """A seeded random sample of ``size`` of the subpackage's mutants (all of them when there are fewer).

    mutmut makes the mutants and runs the test statistics first, then stops on a name that matches none.
    """
    _mutmut(work, ["limits.none_of_them.*"], 1, check=False)
    names = sorted(_results(work))
    chosen = sorted(random.Random(seed).sample(names, min(size, len(names))))
    (work / "sample.txt").write_text("\n".join(chosen) + "\n", "utf-8")
    return chosen


def wilson(killed: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion ``killed / total`` estimated from a sample.

    >>> low, high = wilson(90, 100)
    >>> round(low, 3), round(high, 3)
    (0.826, 0.945)
    """
    if total == 0:
        return 0.0, 1.0
    p = killed / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def _semantic(args: argparse.Namespace) -> int:
    from .semantic import KILLED, report, run
    from .semantic_mutants import CATALOGUE

    names = [m.name for m in CATALOGUE if (not args.mutant or m.name in args.mutant)
             and (not args.subpackages or m.module.split("/")[1] in args.subpackages)]
    def own(mutant) -> tuple[str, ...]:
        sub = mutant.module.split("/")[1]
        return (*(f"tests/{n}.py" for n in OWN_TESTS.get(sub, ()) if (ROOT / "tests" / f"{n}.py").exists()),
                mutant.module)

    results = run(names, args.jobs, args.timeout, tests_of=own if args.own_tests else None)
    print(report(results))
    return 0 if all(v in KILLED or v == "survived" for _, v, _ in results) else 1


def _round(args: argparse.Namespace) -> int:
    """Score an independent round (a JSON list of ``{name, module, original, replacement, why}``) as a change is
    scored: each mutant against the test files that name or import its module, and the module's doctests."""
    from .semantic import KILLED, report, run
    from .semantic_mutants import Mutant

    mutants = tuple(Mutant(m["name"], m["module"], m["original"], m["replacement"], (), m.get("why", ""))
                    for m in json.loads(Path(args.round).read_text("utf-8")))
    results = run(args.mutant or None, args.jobs, args.timeout, catalogue=mutants,
                  tests_of=lambda m: (*naming_tests(m.module), m.module))
    print(report(results))
    return 0 if all(v in KILLED or v == "survived" for _, v, _ in results) else 1


def main(argv: list[str] | None = None) -> int:
    """Run the mutation test of the named core subpackages (the five of :data:`MUTMUT_DEFAULT` by default) and
    print the scores."""
    parser = argparse.ArgumentParser(prog="python -m tests.mutation", description=__doc__.split("\n")[0])
    parser.add_argument("subpackages", nargs="*", metavar="SUBPACKAGE", help=", ".join(OWN_TESTS))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants tested at once")
    parser.add_argument("--sample", type=int, default=0, metavar="N",
                        help="test a seeded random sample of N mutants per subpackage (default: all)")
    parser.add_argument("--seed", type=int, default=16, help="the seed of --sample")
    parser.add_argument("--report", action="store_true", help="only print the results of the last runs")
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants too")
    parser.add_argument("--retest", action="store_true",
                        help="test the survivors of the last run again (after new tests; mutmut keeps a verdict"
                             " until the function changes)")
    parser.add_argument("--changed", metavar="BASE",
                        help="mutate only the package's modules that differ from the commit BASE, against the tests"
                             " that name or import them (a run of its own, in .mutation/changed)")
    parser.add_argument("--semantic", action="store_true",
                        help="run the hand-made semantic mutants (tests/semantic_mutants.py) instead of mutmut")
    parser.add_argument("--round", metavar="FILE",
                        help="score an independent round of mutants (a JSON list) against the tests that name or "
                             "import each mutant's module")
    parser.add_argument("--mutant", action="append", default=[], metavar="NAME",
                        help="with --semantic or --round: only this mutant (may be repeated)")
    parser.add_argument("--own-tests", action="store_true",
                        help="with --semantic: run each mutant against its subpackage's own tests (OWN_TESTS) and its"
                             " module's doctests instead of its named killing tests")
    parser.add_argument("--timeout", type=float, default=300.0, help="with --semantic: seconds before a mutant's"
                        " tests count as hung (killed)")
    args = parser.parse_args(argv)
    unknown = set(args.subpackages) - set(OWN_TESTS)
    if unknown:
        parser.error(f"not a core subpackage: {', '.join(sorted(unknown))}")
    if args.changed and args.subpackages:
        parser.error("--changed picks the modules itself: name no subpackage")
    if args.semantic:
        return _semantic(args)
    if args.round:
        return _round(args)
    equivalent = _equivalent()
    rows = []
    selection: dict[str, list[str]] = {}
    if args.changed:
        only = changed_modules(args.changed)
        if not only:
            print(f"no module of the package differs from {args.changed}")
            return 0
        tests = sorted({t for m in only for t in naming_tests(m)})
        print(f"mutating {len(only)} changed modules ({', '.join(only)}) against {len(tests)} test files that name "
              "or import them, and their doctests")
        selection = {"only": only, "tests": [*tests, *only]}
    for sub in ["changed"] if args.changed else args.subpackages or list(MUTMUT_DEFAULT):
        work = WORK / sub
        if (args.report or args.retest) and not work.is_dir():
            print(f"{sub}: no run yet (python -m tests.mutation {sub})")
            continue
        if args.retest:
            again = [name for name, state in _scope(work, unchecked=True).items()
                     if state not in SCORED and name not in equivalent]
            if again:
                _prepare(sub, **selection)
                _mutmut(work, again, args.jobs)
        elif not args.report:
            _prepare(sub, **selection)
            (work / "run.log").unlink(missing_ok=True)
            (work / "sample.txt").unlink(missing_ok=True)
            _mutmut(work, _sample(work, args.sample, args.seed) if args.sample else [], args.jobs)
        status = _scope(work)
        counts: dict[str, int] = {}
        for name, state in status.items():
            state = "equivalent" if name in equivalent and state == "survived" else state
            counts[state] = counts.get(state, 0) + 1
        n_equivalent = counts.pop("equivalent", 0)
        rows.append((sub, counts, n_equivalent, (work / "sample.txt").exists()))
        if args.survivors:
            for name, state in sorted(status.items()):
                if state not in SCORED and name not in equivalent:
                    print(f"  {state:10} {name}")
    print(f"{'subpackage':10} {'mutants':>8} {'killed':>7} {'timeout':>8} {'crashed':>8} {'survived':>9}"
          f" {'no tests':>9} {'equivalent':>11} {'score':>7}  95% interval (samples)")
    for sub, counts, n_equivalent, sampled in rows:
        total = sum(counts.values())
        killed = sum(counts.get(k, 0) for k in SCORED)
        crashed = counts.get("segfault", 0) + counts.get("suspicious", 0)
        interval = "  {:.1%}..{:.1%}".format(*wilson(killed, total)) if sampled else ""
        print(f"{sub:10} {total + n_equivalent:8} {counts.get('killed', 0):7} {counts.get('timeout', 0):8}"
              f" {crashed:8} {counts.get('survived', 0):9} {counts.get('no tests', 0):9} {n_equivalent:11}"
              f" {score(counts, 0):7.1%}{interval}")
    return 0


def _scope(work: Path, unchecked: bool = False) -> dict[str, str]:
    """The verdicts of the last run: of the sample when there is one.

    Mutants not checked are left out, unless ``unchecked``: a sampled mutant whose function has changed since
    is not checked again until it is named (its verdict was reset), so a retest names it.
    """
    status = {name: state for name, state in _results(work).items() if unchecked or state != "not checked"}
    sample = work / "sample.txt"
    if sample.exists():
        chosen = set(sample.read_text("utf-8").split())
        status = {name: state for name, state in status.items() if name in chosen}
    return status


if __name__ == "__main__":
    sys.exit(main())
