"""Errors raised by :mod:`limits`.

Every error a user can provoke with bad input is a subclass of
:class:`LimitsError`, itself a :class:`ValueError`, so callers may catch
either. The command line turns each into one line on stderr and exit status 2.
"""

from __future__ import annotations

import re

__all__ = [
    "LimitsError",
    "BoardError",
    "DieError",
    "RuleError",
    "StartError",
    "InfiniteExpectationError",
    "TooLargeError",
    "ConvergenceError",
    "SymbolicError",
    "shown",
    "one_line",
]


class LimitsError(ValueError):
    """Base class of every input error raised by :mod:`limits`."""


class BoardError(LimitsError):
    """A board is malformed (bad jump, unreachable goal, unreadable file)."""


class DieError(LimitsError):
    """A die is malformed (negative probabilities, not summing to 1, bad face)."""


class RuleError(LimitsError):
    """An unknown movement rule was requested."""


class StartError(LimitsError):
    """A start square is not on the board."""


class TooLargeError(LimitsError):
    """An input whose cost is predictable exceeds a documented limit (the message names the limit)."""


class ConvergenceError(LimitsError, ArithmeticError):
    """A certified answer could not be reached within the bound on work (precision, iterations)."""


class SymbolicError(LimitsError, TypeError):
    """A number is needed but a sympy expression with free symbols was given."""


class InfiniteExpectationError(LimitsError):
    """An expectation is infinite because a closed loop can trap the player.

    Attributes
    ----------
    start : int
        The square the game starts from.
    trap : tuple of int
        The squares of one closed set of states, reachable from ``start``,
        from which square N can never be reached.
    """

    def __init__(self, start: int, trap: tuple[int, ...], what: str = "expected number of turns"):
        self.start = start
        self.trap = tuple(trap)
        squares = ", ".join(str(s) for s in self.trap)
        super().__init__(
            f"the {what} from square {start} is infinite: the player can be trapped "
            f"forever in the loop {{{squares}}}, from which the last square is never reached"
        )


_BREAKS = re.compile("[\x00-\x1f\x7f\x85\u2028\u2029]")
"""Characters that end a line somewhere (Python's ``splitlines``, TeX's end of line), or control one."""


def one_line(text: str) -> str:
    """``text`` with every character that ends a line somewhere, or controls one, written as its escape.

    Examples
    --------
    >>> one_line("a\\nb\\x07")
    'a\\\\nb\\\\x07'
    """
    return _BREAKS.sub(lambda m: repr(m.group())[1:-1], text)


def shown(value: object, width: int = 60) -> str:
    """``repr(value)`` for an error message, shortened when huge (never builds a huge string).

    An integer of more than 30 digits is described by its size, so that a
    message about a 5000-digit number neither fails (Python refuses to turn
    ints of over 4300 digits into text) nor floods the terminal.

    Examples
    --------
    >>> shown(12), shown("x" * 100)
    ('12', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    >>> shown(10**5000)
    'a whole number of about 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 100:
        return f"a whole number of about {int(abs(value).bit_length() * 0.30102999566398120) + 1} digits"
    if isinstance(value, str) and len(value) > width:
        return repr(value[:width - 2])[:-1] + "..."
    try:
        text = repr(value)
    except ValueError:  # a container of huge ints
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= width else text[:width - 3] + "..."
