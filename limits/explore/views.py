"""What the explorer shows of a family's limit, computed once when the page is built.

For one family and one end (``P(delta) -> 1``, ``-> 0``, or ``eps -> 0`` for
an AT -> TOWARD family): sigma's Laurent expansion (exact coefficients, and
as MathML), the variance's, the law of the game length in the limit, and the
board coloured by the game the die tends to (the walk's loops, on-ramps and
win path when that game is a walk; the loops that can trap the player when
it is random). All of it comes from the family object's verbs; nothing here
computes an answer of its own.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ..checks import MAX_PICTURED
from ..errors import LimitsError
from ..exact.digits import ratio
from ..exact.mathml import SHOWN_DIGITS, is_short, number_mathml, power_mathml, series_mathml
from ..markup.numerals import counted
from ..model.picture import LOOP_COLOURS, WIN_COLOUR, board_svg

__all__ = ["limit_view", "picture", "board_picture", "tag_squares", "SIGMA_TERMS", "VARIANCE_TERMS"]

SIGMA_TERMS = 4
"""Coefficients of sigma's expansion the page shows (and sums at the current p)."""

VARIANCE_TERMS = 3
"""Coefficients of the variance's expansion the page shows."""

MAY_TRAP_COLOUR = "#f6d6d6"
"""Squares from which the limit die can reach a loop that traps the player (when the limit game is random)."""

_RECT = re.compile(r"<rect ")


def limit_view(family: Any, *, variable: str, walk: Any = None) -> dict[str, Any]:
    """The limit of ``family`` as eps -> 0, ready for the page.

    Parameters
    ----------
    family : Perturbation
        The family (its verbs give the expansions and the law).
    variable : str
        How eps is written for this end (``"1 − p"`` or ``"p"`` for the loaded die, ``"ε"`` otherwise).
    walk : Classification, optional
        The P(delta) = 1 walk, to colour the board in the paper's words.

    Returns
    -------
    dict
        ``order``, ``coefficients`` (``[power, "a/b"]`` pairs, empty when infinite),
        ``expansion``, ``variance``, ``law`` and ``exact`` (HTML), ``picture`` (SVG or None),
        ``trap`` (the loop that holds the player for every eps > 0, or None).
    """
    out: dict[str, Any] = {"variable": variable, "trap": None, "order": None, "coefficients": [],
                           "picture": picture(family, walk)}
    if family.trap is not None:
        loop = ", ".join(map(str, family.trap))
        out.update(trap=list(family.trap), expansion=f"<p>σ is infinite for every ε &gt; 0: the loop {{{loop}}} "
                                                          "can hold the player forever.</p>",
                   variance="", law="", exact="")
        return out
    sigma, variance = family.expansion(SIGMA_TERMS), family.variance(VARIANCE_TERMS)
    out["order"] = sigma.order
    out["coefficients"] = [[j, ratio(a)] for j, a in sigma.coefficients]
    out["expansion"] = series_mathml("σ", "ε", sigma.coefficients)
    if any(a for _, a in variance.coefficients):
        out["variance"] = series_mathml("Var M", "ε", variance.coefficients)
    else:
        out["variance"] = "<p>Var M = 0: every game has the same length.</p>"
    out["law"] = _law_html(family.law())
    out["exact"] = _exact_html(sigma.coefficients, variance.coefficients)
    return out


def _inline(body: str) -> str:
    return f"<math>{body}</math>"


def _law_html(law: Any) -> str:
    """The game length M in the limit, in one or two sentences with inline MathML."""
    eps = lambda j: power_mathml("ε", j)  # noqa: E731
    if law.scaled is not None:
        x = law.scaled
        article = "an exponential" if x.law == "exponential" else "a phase-type"
        text = (f"{_inline(eps(law.typical_order) + '<mi>M</mi>')} tends to {article} law of mean "
                f"{_inline(number_mathml(x.mean))}")
        if x.atom:
            text += f" (an atom {_inline(number_mathml(x.atom))} at 0)"
        text += "."
    elif law.psi is not None:
        text = f"{_inline(f'<mi>P</mi><mo>(</mo><mi>M</mi><mo>=</mo><mn>{law.psi}</mn><mo>)</mo><mo>→</mo><mn>1</mn>')}:"
        text += f" the game takes the walk's {law.psi} turns."
    else:
        text = (f"{_inline('<mi>M</mi>')} tends to the length of the game at ε = 0, of mean "
                f"{_inline(number_mathml(law.typical_mean))}.")
    for e in law.excursions:
        article = "an exponential" if e.length.law == "exponential" else "a phase-type"
        text += (f" With probability {_inline(number_mathml(e.probability) + eps(e.chance_order))} an excursion, "
                 f"and {_inline(eps(e.length_order))} times its length tends to {article} law of mean "
                 f"{_inline(number_mathml(e.length.mean))}.")
    return f"<p>{text}</p>"


def _exact_html(sigma: Any, variance: Any) -> str:
    """The exact coefficients, for the collapsed block under the formulas (only when some are rounded)."""
    every = list(sigma) + list(variance)
    if all(is_short(a) for _, a in every):
        return ""
    rows = [f"<li>σ, ε<sup>{j}</sup>: <code>{ratio(a)}</code></li>" for j, a in sigma]
    rows += [f"<li>Var M, ε<sup>{j}</sup>: <code>{ratio(a)}</code></li>" for j, a in variance]
    return ("<details><summary>exact coefficients (the formulas show "
            f"{SHOWN_DIGITS} significant digits of the long ones)</summary><ul>" + "".join(rows) + "</ul></details>")


def picture(family: Any, walk: Any = None) -> dict[str, Any] | None:
    """How the board is coloured by the game at eps = 0: ``colours``, ``outlined``, ``legend``, ``title``.

    With ``walk`` (a :class:`~limits.limit.walk.Classification`), the paper's
    colouring: each loop and its on-ramp, the win path. Otherwise from the
    chain at eps = 0: each loop that traps the player outlined, the squares
    that drain into it (a walk) or may (a random die) shaded, the rest (from
    which the game surely ends) in the win path's colour. The page paints the
    board of :func:`board_picture` with it. None for a board too large to draw.

    Each legend row counts its squares as :func:`~limits.markup.numerals.counted`
    writes them; the row of the squares from which the game surely ends (the
    win path) is there in both colourings, with "no squares" when there are none.

    Examples
    --------
    >>> from limits import Board, Perturbation
    >>> f = Perturbation.loaded(Board(4, {2: 1}), 2, faces=2)  # 0 -> 2, down to 1 -> 3, where the walk stays
    >>> [label for _, label in picture(f)["legend"]]  # doctest: +NORMALIZE_WHITESPACE
    ['loop {3} (outlined), which holds the player at ε = 0, and its on-ramp: 3 squares',
     'no squares from which the game surely ends at ε = 0']
    >>> [label for _, label in picture(f, f.classify())["legend"]]  # the paper's shades the chute's head 2 too
    ['f-loop {3} (outlined) and its on-ramp: 4 squares', 'win path: no squares']
    """
    if family.board.size > MAX_PICTURED:
        return None
    if walk is not None:
        colours, outlined, legend = walk.colouring()
        title = walk.summary()
    else:
        colours, outlined, legend, title = _limit_colouring(family)
    return {"colours": {str(s): c for s, c in sorted(colours.items())}, "outlined": sorted(outlined),
            "legend": [list(row) for row in legend], "title": title}


def board_picture(board: Any) -> str | None:
    """The board with its jumps, every square white and tagged (:func:`tag_squares`); None when too large."""
    if board.size > MAX_PICTURED:
        return None
    return tag_squares(board_svg(board.size, board.jumps), board.size)


def _limit_colouring(family: Any) -> tuple[dict[int, str], frozenset[int], list[tuple[str, str]], str]:
    chain = family.chain_at(eps=Fraction(0))
    walk = all(len(row) == 1 for row in chain.rows)
    colours: dict[int, str] = {}
    outlined: set[int] = set()
    legend = []
    for i, trap in enumerate(chain.traps):
        colour = LOOP_COLOURS[i % len(LOOP_COLOURS)]
        drains = sorted(s for s, t in chain.trapped.items() if t == trap)
        if walk:
            colours.update((s, colour) for s in drains)
        else:
            colours.update((s, MAY_TRAP_COLOUR) for s in drains)
            colours.update((s, colour) for s in trap)
        outlined |= set(trap)
        squares = ", ".join(map(str, trap))
        legend.append((colour, f"loop {{{squares}}} (outlined), which holds the player at ε = 0"
                       + (f", and its on-ramp: {counted(len(drains), 'square')}" if walk else "")))
    if chain.traps and not walk:
        legend.append((MAY_TRAP_COLOUR, f"{counted(len(chain.trapped), 'square')} from which a loop can be reached"))
    ends = [s for s in chain.states if s not in chain.trapped]
    colours.update((s, WIN_COLOUR) for s in ends)
    legend.append((WIN_COLOUR, f"{counted(len(ends), 'square')} from which the game surely ends at ε = 0"))
    kind = "walk" if walk else "game"
    title = f"the {kind} at ε = 0 ({family.describe()}): {counted(len(chain.traps), 'loop')} that can trap the player"
    return colours, frozenset(outlined), legend, title


def tag_squares(svg: str, size: int) -> str:
    """``svg`` from :func:`~limits.model.picture.board_svg` with ``data-square="k"`` on square k's ``<rect>``.

    The board's squares 0..N are its first N + 1 rectangles, in order.

    Raises
    ------
    LimitsError
        If the picture has fewer rectangles than squares.

    Examples
    --------
    >>> svg = tag_squares(board_svg(3, []), 3)
    >>> svg.count("data-square="), 'data-square="3"' in svg
    (4, True)
    """
    parts = _RECT.split(svg)
    if len(parts) < size + 2:
        raise LimitsError("the board's picture has fewer squares than the board")
    head = parts[0]
    tagged = [f'<rect data-square="{k}" ' + parts[k + 1] for k in range(size + 1)]
    return head + "".join(tagged) + "".join("<rect " + rest for rest in parts[size + 2:])
