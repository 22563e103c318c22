"""The paper's collapsed Win/Loop chain as steps of a derivation, beside the hierarchy's.

For the paper's loaded die (``P(delta) = 1 - eps`` from square 0) whose walk
wins and whose loops are each left with one roll, the paper collapses the
chain to ``Win`` and one state per loop (:mod:`limits.limit.collapse`). These
steps redo that argument: the one-turn probabilities ``P = p I + (1 - p) Q``,
the stationary proportions, the paper's approximation and its faulty step,
and the exact limit ``psi / pi_Win``, which the hierarchy's first level
explains (the same number, as the check confirms).
"""

from __future__ import annotations

from fractions import Fraction

from ..exact.digits import decimal
from ..markup.document import Step, Table
from ..markup.latex import tex_shown
from .collapse import CollapsedChain, collapse
from .perturbed_chain import Perturbation

__all__ = ["collapsed_steps", "state_tex"]


def state_tex(state: str) -> str:
    """A state of the collapsed chain (``Win`` or a loop ``{...}``) as math.

    Examples
    --------
    >>> print(state_tex("Win"), state_tex("{53}"))
    \\mathrm{Win} \\{53\\}
    """
    return "\\mathrm{Win}" if state == "Win" else state.replace("{", "\\{").replace("}", "\\}")


def collapsed_steps(chain: Perturbation) -> list[Step]:
    """The collapsed-chain steps, for the paper's loaded die when its argument applies; else none.

    Examples
    --------
    >>> from limits import Perturbation
    >>> [s.title for s in collapsed_steps(Perturbation.loaded(delta=5))][0]
    'One-turn probabilities'
    >>> collapsed_steps(Perturbation.loaded(delta=3))
    []
    """
    loaded = chain.loaded_face  # None with a coin policy
    if loaded is None or loaded[1] != 1 or chain.start != 0 or chain.walk[1] is None:
        return []
    c = collapse(chain)
    if not c.classification.loops or not c.loops_left_in_one_roll():
        return []
    return [_one_turn(c), _stationary(c), _approximation(c), _exact(c)]


def _one_turn(c: CollapsedChain) -> Step:
    labels = [f"${state_tex(s)}$" for s in c.states]
    rows = tuple((labels[i],) + tuple(f"${tex_shown(q)}$" if q else "" for q in row) for i, row in enumerate(c.rates))
    return Step(
        "One-turn probabilities",
        f"The paper collapses the chain to $\\mathrm{{Win}}$ (the walk's $\\psi = {c.psi}$ squares) and one state per "
        f"loop: $P = p\\,I + (1 - p)\\,Q$ with $Q$ below, so $P(\\mathrm{{Win}} \\to \\mathrm{{Win}}) = p + "
        f"{tex_shown(c.rates[0][0])}\\,(1 - p)$. A roll other than {c.delta} from a square leads to a square whose walk ends "
        "at the goal (Win) or in a loop.",
        tables=(Table(("$Q$",) + tuple(labels), rows),),
        justification=f"each of the {len(c.outcomes)} outcomes (state, square, roll) counted once; the squares of a "
                      "state weighed equally, as the walk passes each once a lap")


def _stationary(c: CollapsedChain) -> Step:
    pi = c.stationary()
    if pi is None:  # pragma: no cover - the collapsed chain of a winning walk is irreducible
        raise RuntimeError("the collapsed chain has no unique stationary distribution")
    independent = _same_for_every_p(c, pi)
    rows = tuple((f"${state_tex(s)}$", f"${tex_shown(x)}$") for s, x in zip(c.states, pi))
    return Step(
        "Stationary proportions",
        f"$\\pi P = \\pi$ has the solution $\\pi_{{\\mathrm{{Win}}}} = {tex_shown(pi[0])}$"
        + (", the same for every $p$." if independent else "."),
        tables=(Table(("state", "$\\pi$"), rows),),
        justification="$\\pi$ solves $\\pi Q = \\pi$, and $P = pI + (1-p)Q$ has the stationary vector of $Q$; "
                      "checked exactly, since $\\pi P - \\pi = (1-p)(\\pi Q - \\pi)$")


def _same_for_every_p(c: CollapsedChain, pi: tuple[Fraction, ...]) -> bool:
    """Whether ``pi P = pi`` for every p: ``pi (pI + (1-p)Q) - pi = (1-p)(pi Q - pi)``, so whether ``pi Q = pi``
    exactly."""
    n = len(pi)
    return all(sum(pi[i] * Fraction(c.rates[i][j]) for i in range(n)) == pi[j] for j in range(n))


def _approximation(c: CollapsedChain) -> Step:
    paper_c, limit = c.paper_c(), c.paper_limit()
    return Step(
        "The paper's approximation",
        f"$E(x) = p(x)^{{\\psi}}\\,\\psi + (1 - p(x)^{{\\psi}})\\,c\\,x$ with $p(x) = (x-1)/x$ and "
        f"$c = \\pi_{{\\mathrm{{Loop}}}}/r = {decimal(paper_c, 6)}$ tends to $\\psi(1 + c) = {decimal(limit, 6)}$ "
        "as $x \\to \\infty$.",
        f"\\lim_{{x\\to\\infty}} E_{{{c.delta}}}(x) = \\psi(1 + c) = {c.psi}\\left(1 + {tex_shown(paper_c)}\\right) = {tex_shown(limit)}",
        "the faulty step: c multiplies the share of turns in loops by the time to escape a loop, which counts the "
        "loop turns of every game instead of those of one game")


def _exact(c: CollapsedChain) -> Step:
    limit, pi_win = c.first_order_limit(), c.stationary()[0]  # type: ignore[index]
    return Step(
        "The exact limit from the collapsed chain",
        f"A game spends $\\psi = {c.psi}$ turns on the win path and, on average, "
        f"$\\psi(1 - \\pi_{{\\mathrm{{Win}}}})/\\pi_{{\\mathrm{{Win}}}}$ turns in loops, so $\\lim \\sigma = "
        f"\\psi/\\pi_{{\\mathrm{{Win}}}} = {tex_shown(limit)}"
        + ("" if Fraction(limit).denominator == 1 else f" \\approx {decimal(limit, 15)}")  # no "93 = 93"
        + "$, and $c = \\sigma/\\psi - 1 = "
        f"{tex_shown(c.exact_c())}$: the first level of the hierarchy, seen from the win path.",
        f"\\lim_{{p\\to 1}}\\sigma_{{{c.delta}}} = \\frac{{\\psi}}{{\\pi_{{\\mathrm{{Win}}}}}} = "
        f"\\frac{{{c.psi}}}{{{tex_shown(pi_win)}}} = {tex_shown(limit)}",
        "renewal-reward: excursions start with a chance of order $1 - p$ per turn and last of order $1/(1 - p)$ "
        "turns, as every loop is left with one roll")
