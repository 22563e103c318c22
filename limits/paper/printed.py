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
    """A number printed in the paper: where, what it is, and the text as printed."""

    key: str
    section: str
    text: str
    printed: str


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

_PRINTED = """
## Calculating the expected duration
sigma_fair | expected turns with a fair die, from square 0 | 39.5984
## Modelling the game
states | states of the chain | 82
## Fully weighted on 1, 2, 3 or 6
classes1 | squares 0..99 ending in c-loops / f-loops / winning, delta = 1 | 70 / 0 / 30
classes2 | squares 0..99 ending in c-loops / f-loops / winning, delta = 2 | 9 / 2 / 89
classes3 | squares 0..99 ending in c-loops / f-loops / winning, delta = 3 | 78 / 2 / 20
classes4 | squares 0..99 ending in c-loops / f-loops / winning, delta = 4 | 34 / 2 / 74
classes5 | squares 0..99 ending in c-loops / f-loops / winning, delta = 5 | 54 / 23 / 23
classes6 | squares 0..99 ending in c-loops / f-loops / winning, delta = 6 | 0 / 92 / 8
trapped3 | share of start squares trapped with P(3) = 1 | 80%
loop3 | the only 3-c-loop and the size of its on-ramp | {53}, 77 squares
win_path6 | the 6-win path | {68, 70, 74, 76, 80, 82, 88, 94}
diverge | delta for which sigma -> infinity as P(delta) -> 1 | 1, 2, 3, 6
fastest | fastest and slowest divergence | 3 fastest, 2 slowest
sigma6_1e-23 | sigma at P(6) = 1 - 1e-23 | 5.0E+23
sigma3_1e-23 | sigma at P(3) = 1 - 1e-23 | 1.9E+45
optimum6 | P(6) that makes the game shortest | about 60%
## Fully weighted on 5
psi5 | turns to win with P(5) = 1 | 16
sigma5_limit | the limit of sigma as P(5) -> 1 | 82.37
E5_limit | lim E_5(x), the paper's approximation of that limit | 82.24
## Fully weighted on 4
psi4 | turns to win with P(4) = 1 | 31
sigma4_limit | the limit of sigma as P(4) -> 1 | 46.98
E4_limit | lim E_4(x), the paper's approximation of that limit | 49.97
## Open question
c5_sigma | c_5 = sigma / psi - 1 | 4.148
c4_sigma | c_4 = sigma / psi - 1 | 0.515
c5 | c from the collapsed chain, delta = 5 | 4.140
c4 | c from the collapsed chain, delta = 4 | 0.612
## Introducing strategy
no_chutes | the board without chutes (simulated) vs strategy 4 | 21.843, and strategy 4 lower
"""
"""The numbers printed in the paper's text and tables, by section: ``key | what it is | as printed``."""


def _claims() -> tuple[Claim, ...]:
    out, section = [], ""
    for line in _PRINTED.strip().splitlines():
        if line.startswith("## "):
            section = line[3:]
        else:
            key, text, printed = (part.strip() for part in line.split("|"))
            out.append(Claim(key, section, text, printed))
    c5, (row4, pi4) = PAPER_COLLAPSED[5], (PAPER_COLLAPSED[4]["win_row"], PAPER_COLLAPSED[4]["pi"])
    return (*out,  # and the numbers of the paper's figures of the collapsed chains, from the data above
            Claim("collapsed5", "Fully weighted on 5", "P(Win -> Win), P(Loop -> Win), share of turns in loops",
                  f"p + {c5['win_to_win']} (1-p), (1-p)/{1 / c5['loop_to_win']}, {c5['pi_loop']}"),  # type: ignore
            Claim("win_row4", "Fully weighted on 4", "P(Win -> Win) and P(Win -> {89})",
                  f"p + {row4[0]} (1-p), {row4[2]} (1-p)"),  # type: ignore[index]
            Claim("pi_win4", "Fully weighted on 4", "share of turns on the win path", str(pi4[0])))  # type: ignore


CLAIMS: tuple[Claim, ...] = _claims()
"""Every number the paper prints that `limits` checks (:mod:`limits.paper.claims` says how)."""

PAPER_CLASS_COUNTS: dict[int, dict[str, int]] = {
    d: dict(zip(("c_loop", "f_loop", "win"), map(int, claim.printed.split(" / "))))
    for d in range(1, 7) for claim in CLAIMS if claim.key == f"classes{d}"}
"""The paper's table "delta vs number of squares per classification" (squares 0..99), as counts."""


def claim(key: str) -> Claim:
    """The claim with this key.

    Examples
    --------
    >>> claim("sigma_fair").printed, claim("classes4").printed, claim("collapsed5").printed
    ('39.5984', '34 / 2 / 74', 'p + 3/80 (1-p), (1-p)/5, 77/93')
    """
    for c in CLAIMS:
        if c.key == key:
            return c
    raise KeyError(key)


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
