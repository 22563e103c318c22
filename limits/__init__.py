"""limits: Chutes & Ladders as an exact Markov chain.

The package is layered; each subpackage imports only the ones below it:

=========== ==============================================================
``exact``   number engines: exact solves, rational functions, digits
``markup``  text formats: HTML tables, the report's document model
``model``   what a game is: board, die, rule, the absorbing chain's rows
``game``    answers about one game: moments, distribution, players
``coin``    the coin: its rule, strategies, the best policy, simulation
``race``    two players racing with coin policies; the ``win`` policy, certified
``limit``   families of dice as eps -> 0 (the loaded die among them)
``display`` pictures of boards, walks and policies
``paper``   the paper reproduced: its claims, the report
``cli``     the command line
=========== ==============================================================

The core (boards, dice, rules, the chain and its moments) is imported at
once; the rest is re-exported lazily, so ``import limits`` stays light and
sympy is loaded only when something symbolic is asked for.

PyPI's rate-limiting ``limits`` installs a package of the same name. This one
carries ``limits.__distribution__ == "chutes-limits"``, and fails at import
with :class:`limits._identity.NameClashError` when the other has been
installed over it.
"""

import _signal  # the interpreter's own signal module, loaded before any script: nothing is imported before this
import os as _os


def _interrupted(signum: int, frame: object) -> None:
    _os.write(2, b"limits: interrupted\n")
    _os._exit(130)


def _quiet_interrupts() -> list[tuple[int, object]]:
    """Until the command line takes over, SIGINT and SIGTERM end the process at once with one line, status 130;
    the handlers replaced are returned.

    The entry points call it before anything is imported (``chutes_limits``
    has its own copy, being outside the package), so that an interrupt while
    Python loads the package prints ``limits: interrupted`` rather than a
    traceback (or nothing, for SIGTERM). Nothing has been written yet then,
    so there is nothing to unwind. Only from the main thread; elsewhere it
    does nothing.
    """
    try:
        return [(sig, _signal.signal(sig, _interrupted)) for sig in (_signal.SIGINT, _signal.SIGTERM)]
    except ValueError:  # not the main thread
        return []


_HELD = _quiet_interrupts()  # quiet at once (undone below unless this is `python -m limits`)

import sys as _sys  # noqa: E402


def _run_as_main(argv0: str | None = None, orig_argv: list[str] | None = None) -> bool:
    """Whether this import is ``python -m limits`` (or ``-m limits.x``) loading the package before its ``__main__``.

    While ``-m`` finds the module to run, ``sys.argv[0]`` is ``"-m"``; the
    module's name follows ``-m`` in ``sys.orig_argv``.

    Examples
    --------
    >>> _run_as_main("-m", ["python", "-X", "importtime", "-m", "limits", "duration"])
    True
    >>> _run_as_main("-m", ["python", "-m", "pytest"]), _run_as_main("x.py", ["python", "x.py"])
    (False, False)
    """
    argv0 = (_sys.argv[:1] or [None])[0] if argv0 is None else argv0
    if argv0 != "-m":
        return False
    args = list(getattr(_sys, "orig_argv", []) if orig_argv is None else orig_argv)
    for i, arg in enumerate(args[1:], 1):
        name = args[i + 1] if arg == "-m" and i + 1 < len(args) else arg[2:] if arg.startswith("-m") else None
        if name is not None:
            return name == "limits" or name.startswith("limits.")
    return False


if not _run_as_main():  # imported by a program: its own handlers back (`python -m limits` keeps them quiet)
    for _s, _h in _HELD:
        _signal.signal(_s, _signal.SIG_DFL if _h is None else _h)

from . import _identity  # noqa: E402 - after the handlers

_identity.guard(__file__)  # first: with the other's files in our folder, the imports below could fail obscurely

from importlib import import_module
from typing import Any

from .errors import (
    BoardError,
    ConvergenceError,
    DieError,
    InfiniteExpectationError,
    LimitsError,
    RuleError,
    StartError,
    SymbolicError,
    TooLargeError,
)
from .model.board import Board, althoen, builtin_board, empty, standard
from .model.build import build_chain
from .model.chain import Chain
from .model.die import Die, fair, uniform_on, weighted
from .model.rules import Rule

__distribution__ = _identity.DISTRIBUTION
__version__ = _identity.__version__

_LAZY = {
    "Perturbation": "limit.perturbed_chain",
    "sweep": "limit.sweep", "grid": "limit.sweep",
    "strategy": "coin.strategies", "flip_on": "coin.strategies",
    "check_claims": "paper.claims", "reproduce": "paper.reproduce",
    # every result type, by the module that makes it
    "Moments": "game.duration", "PlayersResult": "game.players", "GameCounts": "game.counts",
    "SeatChances": "game.seat_chances", "RationalFunction": "exact.rational", "Laurent": "exact.rational",
    "SigmaValue": "limit.certified_value", "Classification": "limit.walk", "CollapsedChain": "limit.collapse",
    "OrderExplanation": "limit.order", "Optimum": "limit.best_loading", "Sweep": "limit.sweep",
    "Hierarchy": "limit.hierarchy", "LengthLaw": "limit.length_law", "Derivation": "limit.derive",
    "Strategy": "coin.strategies", "StrategyTable": "coin.strategies", "OptimalPolicy": "coin.best_policy",
    "Simulation": "coin.simulate", "Race": "race.result", "RaceTable": "race.result",
}

__all__ = [
    "Board", "althoen", "builtin_board", "empty", "standard",
    "Die", "fair", "uniform_on", "weighted", "Rule",
    "Chain", "build_chain",
    "BoardError", "DieError", "InfiniteExpectationError", "LimitsError", "RuleError", "StartError",
    "TooLargeError", "ConvergenceError", "SymbolicError",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'limits' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
