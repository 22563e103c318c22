"""limits: Chutes & Ladders as an exact Markov chain."""

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

__all__ = [
    "Board", "althoen", "builtin_board", "empty", "standard",
    "Chain", "build_chain",
    "Die", "fair", "weighted",
    "Moments", "expected_duration", "expected_durations", "expected_visits", "moments",
    "BoardError", "DieError", "InfiniteExpectationError", "LimitsError", "RuleError", "StartError",
    "Rule", "trap_reached_from", "traps",
]
