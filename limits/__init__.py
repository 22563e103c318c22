"""limits: Chutes & Ladders as an exact Markov chain.

The core (boards, dice, rules, the chain and its moments) is imported at
once; the rest is re-exported lazily, so ``import limits`` stays light and
sympy is loaded only when something symbolic is asked for.
"""

from importlib import import_module
from typing import Any

from .board import Board, althoen, builtin_board, empty, standard
from .chain import Chain, build_chain
from .die import Die, fair, weighted
from .duration import Moments, expected_duration, expected_durations, expected_visits, moments
from .errors import (
    BoardError,
    DieError,
    InfiniteExpectationError,
    LimitsError,
    RuleError,
    StartError,
)
from .rules import Rule
from .traps import trap_reached_from, traps

_LAZY = {
    "survival": "distribution", "pmf": "distribution", "median": "distribution", "mode": "distribution",
    "quantile": "distribution", "min_turns": "distribution", "absorption_probability": "distribution",
    "players": "players",
    "sigma_function": "sigma", "sigma_functions": "sigma", "RationalFunction": "rational", "Laurent": "rational",
    "explain_order": "order", "sigma_at": "evaluate", "gth_weighted": "gth", "gth_chain": "gth",
    "sweep": "sweep", "grid": "sweep", "optimum": "optimum",
    "classify": "walk", "collapse": "collapse", "derive": "derive",
    "policy_chain": "coin", "strategy": "strategies", "all_strategies": "strategies", "flip_on": "strategies",
    "optimal_policy": "optimal", "simulate": "simulate", "check_claims": "claims", "reproduce": "reproduce",
}

__all__ = [
    "Board", "althoen", "builtin_board", "empty", "standard",
    "Chain", "build_chain",
    "Die", "fair", "weighted",
    "Moments", "expected_duration", "expected_durations", "expected_visits", "moments",
    "BoardError", "DieError", "InfiniteExpectationError", "LimitsError", "RuleError", "StartError",
    "Rule", "trap_reached_from", "traps",
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
