"""Derivations as objects: the paper's collapsed-chain argument, redone and corrected.

``derive(board, delta)`` returns a :class:`Derivation`, a sequence of steps
(statement, mathematics, justification) that prints as plain text, as LaTeX
(a complete document with :meth:`Derivation.latex_document`) and in Jupyter.
Every number in it is computed here. On the paper's own board,
:func:`limits.paper.derivation.derive` (the one :mod:`limits` exports) also
sets the paper's printed numbers beside the steps they belong to.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ..exact.digits import decimal, ratio
from ..markup.latex import tex_number, tex_text
from ..model.board import Board, standard
from ..model.rules import Rule, as_rule
from .collapse import CollapsedChain, NoFiniteWalkError, collapse
from .rational_sigma import sigma_function
from .walk import classify

__all__ = ["Step", "Derivation", "derive"]


@dataclass(frozen=True)
class Step:
    """One step: what is claimed, the mathematics (LaTeX), and why it holds."""

    title: str
    statement: str
    latex: str
    justification: str


@dataclass(frozen=True)
class Derivation:
    """The steps for one delta; ``finite`` says whether sigma has a finite limit."""

    delta: int
    finite: bool
    steps: tuple[Step, ...]

    def text(self) -> str:
        """Plain text, one block per step."""
        blocks = []
        for i, s in enumerate(self.steps, 1):
            blocks.append(f"{i}. {s.title}\n   {s.statement}\n   ({s.justification})")
        return "\n".join(blocks)

    def latex_body(self) -> str:
        """The steps as LaTeX sections (needs amsmath)."""
        parts = []
        for s in self.steps:
            parts.append(f"\\section*{{{tex_text(s.title)}}}\n{tex_text(s.statement)}\n\n{s.latex}\n\n"
                         f"\\noindent\\emph{{{tex_text(s.justification)}}}\n")
        return "\n".join(parts)

    def latex_document(self) -> str:
        """A complete, compilable LaTeX document (article, amsmath)."""
        title = f"Chutes \\& Ladders with a die loaded on {self.delta}: the limit of the expected length"
        return "\n".join([
            r"\documentclass{article}",
            r"\usepackage{amsmath}",
            r"\setlength{\textwidth}{16cm}\setlength{\oddsidemargin}{0cm}",
            r"\begin{document}",
            f"\\title{{{title}}}\\date{{}}\\maketitle",
            self.latex_body(),
            r"\end{document}",
            "",
        ])

    def _repr_latex_(self) -> str:
        return "\n\n".join(f"\\textbf{{{tex_text(s.title)}}}: {s.latex}" for s in self.steps)


def _set(squares: tuple[int, ...]) -> str:
    return "\\{" + ", ".join(map(str, squares)) + "\\}"


def derive(board: Board | None = None, delta: int = 5, *, rule: Rule | str = Rule.STAY,
           faces: int = 6) -> Derivation:
    """The collapsed-chain derivation of lim sigma as P(delta) -> 1, checked against the full chain.

    Examples
    --------
    >>> d = derive(delta=5)
    >>> d.finite, d.steps[-1].title
    (True, 'Check against the full chain')
    >>> derive(delta=3).steps[0].statement[:60]
    'With P(3) = 1 the walk from square 0 ends in the c-loop {53}'
    """
    board = standard() if board is None else board
    rule = as_rule(rule)
    f = sigma_function(board, delta, rule=rule, faces=faces)
    series = f.laurent(1)
    try:
        chain = collapse(board, delta, rule=rule, faces=faces)
    except NoFiniteWalkError:
        return _no_limit(board, delta, rule, faces, series)
    return Derivation(delta, series.order == 0, tuple(_steps(chain, series)))


def _no_limit(board: Board, delta: int, rule: Rule, faces: int, series) -> Derivation:
    cls = classify(board, delta, rule=rule, faces=faces)
    loop = cls.loop_of(0)
    assert loop is not None
    squares = "{" + ", ".join(map(str, loop.squares)) + "}"
    statement = (f"With P({delta}) = 1 the walk from square 0 ends in the {loop.kind}-loop {squares} "
                 f"after {len(cls.walk_from_start) - len(loop.squares)} turns and never wins. "
                 f"For P({delta}) = 1 - eps it stays there about eps^-1 turns or longer, so sigma has no "
                 f"finite limit: sigma ~ {ratio(series.leading_coefficient)} eps^-{series.order}.")
    latex = (f"\\[\\sigma_{{{delta}}}(1-\\varepsilon) = {tex_number(series.leading_coefficient)}\\,"
             f"\\varepsilon^{{-{series.order}}} + O(\\varepsilon^{{{1 - series.order}}})\\]")
    step = Step("No finite limit", statement, latex,
                "the loop is entered without a non-delta roll; the order and coefficient are those of the "
                "exact rational function sigma(p)")
    return Derivation(delta, False, (step,))


def _steps(chain: CollapsedChain, series) -> list[Step]:
    d, psi = chain.delta, chain.psi
    cls = chain.classification
    p = sympy.Symbol("p")
    steps = []
    walk = ", ".join(map(str, cls.walk_from_start))
    steps.append(Step(
        "The walk with P(delta) = 1",
        f"Rolling {d} every turn from square 0 visits {walk} and wins after psi = {psi} turns.",
        f"\\[\\psi_{{{d}}} = {psi}\\]",
        "each square leads to exactly one next square; the walk from 0 reaches the last square"))
    rows = " \\\\\n".join(f"{lp.kind} & ${_set(lp.squares)}$ & {len(lp.on_ramp)}" for lp in cls.loops)
    steps.append(Step(
        "Loops and on-ramps",
        f"The walk has {len(cls.loops)} loop(s); every other square drains into a loop or wins.",
        "\\begin{tabular}{lll}\\hline kind & loop & on-ramp squares \\\\\\hline\n" + rows + " \\\\\\hline\\end{tabular}",
        "attracting components and condensation of the walk's graph (networkx)"))
    labels = list(chain.states)
    head = " & ".join(tex_text(s) for s in labels)
    body = " \\\\\n".join(
        tex_text(labels[i]) + " & " + " & ".join(f"${tex_number(q)}$" if q else "" for q in row)
        for i, row in enumerate(chain.rates))
    stay = chain.rates[0][0]
    steps.append(Step(
        "One-turn probabilities",
        f"P = p I + (1 - p) Q with Q below: P(Win -> Win) = p + {ratio(stay)} (1 - p). "
        f"A non-{d} roll from a square leads to a square whose walk ends in N (Win) or in a loop.",
        f"\\[P(\\mathrm{{Win}}\\to\\mathrm{{Win}}) = p + {tex_number(stay)}\\,(1-p)\\]\n"
        "\\begin{tabular}{l" + "l" * len(labels) + "}\\hline $Q$ & " + head + " \\\\\\hline\n" + body
        + " \\\\\\hline\\end{tabular}",
        f"each of the {len(chain.outcomes)} non-delta outcomes (state, square, face) is counted once; "
        "squares of a state are weighted equally, as the walk passes each once a lap"))
    if not chain.loops_left_in_one_roll():
        stuck = next(lab for i, lab in enumerate(chain.states) if i and chain.rates[i][i] == 1)
        lead = ratio(series.leading_coefficient)
        steps.append(Step(
            "Beyond first order",
            f"The loop {stuck} cannot be left with one non-{d} roll, so the collapsed chain does not decide "
            f"the limit. The exact sigma(p) has order {series.order} at p = 1 with leading coefficient {lead}"
            + (": sigma has no finite limit." if series.order else f": the limit is {lead}."),
            f"\\[\\sigma_{{{d}}}(1-\\varepsilon) = {tex_number(series.leading_coefficient)}\\,"
            f"\\varepsilon^{{-{series.order}}} + \\dots\\]",
            "order and coefficient from the exact rational function sigma(p)"))
        return steps
    pi = chain.stationary()
    assert pi is not None
    n = len(labels)
    big_p = sympy.Matrix(n, n, lambda i, j: (p if i == j else 0) + (1 - p) * _sym(chain.rates[i][j]))
    pis = sympy.symbols(f"x0:{n}")
    eqs = [sum(pis[i] * big_p[i, j] for i in range(n)) - pis[j] for j in range(n - 1)] + [sum(pis) - 1]
    solved = sympy.solve(eqs, pis, dict=True)[0]
    independent = all(not sympy.simplify(solved[x]).free_symbols for x in pis)
    pi_tex = " \\\\ ".join(f"\\pi_{{\\mathrm{{{tex_text(lab)}}}}} = {tex_number(v)}" for lab, v in zip(labels, pi))
    steps.append(Step(
        "Stationary proportions",
        f"pi P = pi has the solution pi_Win = {ratio(pi[0])}"
        + (", the same for every p." if independent else "."),
        f"\\begin{{gather*}}{pi_tex}\\end{{gather*}}",
        "solved symbolically in p with sympy; P = pI + (1-p)Q has the stationary vector of Q"))
    c_paper = chain.paper_c()
    steps.append(Step(
        "The paper's approximation",
        f"E(x) = p(x)^psi psi + (1 - p(x)^psi) c x with p(x) = (x-1)/x and c = pi_Loop / r = "
        f"{decimal(c_paper, 6)} tends to psi (1 + c) = {decimal(chain.paper_limit(), 6)} as x -> oo.",
        f"\\[\\lim_{{x\\to\\infty}} E_{{{d}}}(x) = \\psi(1 + c) = {psi}\\left(1 + {tex_number(c_paper)}\\right)"
        f" = {tex_number(chain.paper_limit())} \\approx {decimal(chain.paper_limit(), 6)}\\]",
        "the faulty step: c multiplies the share of turns in loops by the time to escape a loop, "
        "which counts the loop turns of every game instead of those of one game"))
    exact = chain.first_order_limit()
    c_exact = chain.exact_c()
    steps.append(Step(
        "The exact limit from the collapsed chain",
        f"A game spends psi = {psi} turns on the win path and, on average, (1 - pi_Win)/pi_Win "
        f"psi turns in loops, so lim sigma = psi / pi_Win = {ratio(exact)} = {decimal(exact, 15)}, "
        f"and c = sigma/psi - 1 = {ratio(c_exact)}.",
        f"\\[\\lim_{{p\\to 1}}\\sigma_{{{d}}} = \\frac{{\\psi}}{{\\pi_{{\\mathrm{{Win}}}}}} = "
        f"\\frac{{{psi}}}{{{tex_number(pi[0])}}} = {tex_number(exact)}, \\qquad c = {tex_number(c_exact)}\\]",
        "renewal-reward: excursions start with probability of order 1-p per turn and last of order "
        "1/(1-p) turns, as every loop is left with one non-delta roll; on-ramps add o(1)"))
    a0 = series.coefficients[0][1] if series.order == 0 else None
    steps.append(Step(
        "Check against the full chain",
        f"The Laurent expansion of the exact sigma(p) at p = 1 has a_0 = "
        f"{ratio(a0) if a0 is not None else 'inf'}: "
        + ("equal to psi / pi_Win." if a0 == exact else "NOT equal to psi / pi_Win."),
        (f"\\[a_0 = {tex_number(a0)} \\approx {decimal(a0, 12)}\\]" if a0 is not None else "\\[a_0 = \\infty\\]"),
        "a_0 from the reduced rational function sigma(p) of the 81-state chain"))
    return steps


def _sym(q: Fraction) -> sympy.Rational:
    return sympy.Rational(q.numerator, q.denominator)
