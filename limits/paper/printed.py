"""What the paper claims, as data: the printed numbers that `limits` checks.

Each claim records where it stands in the paper and the value printed there,
exactly as printed. The engine never uses these numbers; the tests, the
derivations and the reports compare them with what `limits` derives, and
:func:`paper_approximation_limit` redoes the paper's own arithmetic on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Claim", "CLAIMS", "claim", "PAPER_CLASS_COUNTS", "PAPER_COLLAPSED", "paper_approximation_limit"]


@dataclass(frozen=True)
class Claim:
    """A number printed in the paper."""

    key: str
    section: str
    text: str
    printed: str


CLAIMS: tuple[Claim, ...] = (
    Claim("sigma_fair", "Calculating the expected duration", "expected turns, fair die, from square 0", "39.5984"),
    Claim("states", "Modelling the game", "states of the chain", "82"),
    Claim("sigma6_1e-23", "Fully weighted on 1, 2, 3 or 6", "sigma at P(6) = 1 - 1e-23", "5.0E+23"),
    Claim("sigma3_1e-23", "Fully weighted on 1, 2, 3 or 6", "sigma at P(3) = 1 - 1e-23", "1.9E+45"),
    Claim("optimum6", "Fully weighted on 1, 2, 3 or 6", "P(6) that makes the game shortest", "about 60%"),
    Claim("sigma5_limit", "Fully weighted on 5", "sigma as P(5) -> 1", "82.37"),
    Claim("psi5", "Fully weighted on 5", "turns to win with P(5) = 1", "16"),
    Claim("E5_limit", "Fully weighted on 5", "limit of the approximation E_5(x)", "82.24"),
    Claim("sigma4_limit", "Fully weighted on 4", "sigma as P(4) -> 1", "46.98"),
    Claim("psi4", "Fully weighted on 4", "turns to win with P(4) = 1", "31"),
    Claim("E4_limit", "Fully weighted on 4", "limit of the approximation E_4(x)", "49.97"),
    Claim("c5", "Open question", "c for delta = 5 from the collapsed chain", "4.140"),
    Claim("c4", "Open question", "c for delta = 4 from the collapsed chain", "0.612"),
)


def claim(key: str) -> Claim:
    """The claim with this key.

    Examples
    --------
    >>> claim("sigma_fair").printed
    '39.5984'
    """
    for c in CLAIMS:
        if c.key == key:
            return c
    raise KeyError(key)


PAPER_CLASS_COUNTS: dict[int, dict[str, int]] = {
    1: {"c_loop": 70, "f_loop": 0, "win": 30},
    2: {"c_loop": 9, "f_loop": 2, "win": 89},
    3: {"c_loop": 78, "f_loop": 2, "win": 20},
    4: {"c_loop": 34, "f_loop": 2, "win": 74},
    5: {"c_loop": 54, "f_loop": 23, "win": 23},
    6: {"c_loop": 0, "f_loop": 92, "win": 8},
}
"""The paper's table "delta vs number of squares per classification" (squares 0..99)."""

PAPER_COLLAPSED: dict[int, dict[str, object]] = {
    5: {
        "win_to_win": Fraction(3, 80),  # P(Win -> Win) = P(5) + 3/80 [1 - P(5)]
        "loop_to_win": Fraction(1, 5),
        "pi_loop": Fraction(77, 93),
    },
    4: {
        # the Win row of the paper's figure: to Win, {60}, {89}, {94}, {97}, {99}
        "win_row": (Fraction(118, 155), Fraction(3, 155), Fraction(18, 155), Fraction(12, 155),
                    Fraction(3, 155), Fraction(1, 155)),
        "pi": (Fraction(26815, 39209), Fraction(519, 39209), Fraction(3960, 39209), Fraction(3990, 39209),
               Fraction(1131, 39209), Fraction(2794, 39209)),
        "loop_to_win": Fraction(6401, 12394),
    },
}
"""The paper's collapsed chains, as printed."""


def paper_approximation_limit(delta: int, psi: int) -> Fraction:
    """``psi (1 + c)`` with the c the paper computed from its own printed chain.

    Examples
    --------
    >>> round(float(paper_approximation_limit(5, 16)), 2), round(float(paper_approximation_limit(4, 31)), 2)
    (82.24, 49.97)
    """
    printed = PAPER_COLLAPSED[delta]
    if "pi" in printed:
        pi = printed["pi"]
        assert isinstance(pi, tuple)
        c = (1 - pi[0]) / printed["loop_to_win"]  # type: ignore[operator]
    else:
        c = printed["pi_loop"] / printed["loop_to_win"]  # type: ignore[operator]
    return psi * (1 + c)
