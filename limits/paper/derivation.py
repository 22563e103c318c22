"""The derivation of the limit, set beside what the paper printed for the same steps.

:meth:`limits.limit.perturbed_chain.Perturbation.derive` derives the limit for
any family, board and rule. On the paper's own board (the same squares and
jumps, whatever its name), under the paper's rule and die, it adds what the
paper printed (:func:`paper_derivation`): its Win row where it differs from
the right one, its value of the approximation and of the limit.
"""

from __future__ import annotations

from dataclasses import replace

from ..exact.digits import decimal, ratio
from ..limit.collapse import WIN, CollapsedChain
from ..limit.collapse_steps import state_tex
from ..limit.derive import Derivation
from ..limit.perturbed_chain import Perturbation
from ..markup.document import Step
from ..markup.latex import tex_number
from ..model.board import Board, standard
from ..model.rules import Rule, as_rule
from .printed import PAPER_COLLAPSED, claim, paper_approximation_limit

__all__ = ["paper_derivation", "is_paper_game"]


def is_paper_game(board: Board, rule: Rule | str, faces: int) -> bool:
    """Whether this is the paper's game: its 100-square board (by content), the ``stay`` rule, six faces.

    Examples
    --------
    >>> from limits import Board, standard
    >>> is_paper_game(standard(), "stay", 6), is_paper_game(Board(10, name="standard"), "stay", 6)
    (True, False)
    """
    return board == standard() and as_rule(rule) is Rule.STAY and faces == 6


def paper_derivation(family: Perturbation, derivation: Derivation) -> Derivation:
    """The family's ``derivation``; for the paper's loaded die on its own game, with what the paper printed beside it.

    Examples
    --------
    >>> d = Perturbation.loaded(delta=4).derive()
    >>> [s.title for s in d.steps].index("The paper's Win row, corrected") - \
[s.title for s in d.steps].index("One-turn probabilities")
    1
    """
    loaded = family.loaded_face
    if (loaded is None or loaded[0] not in PAPER_COLLAPSED or loaded[1] != 1 or family.start != 0
            or not derivation.finite or not is_paper_game(family.board, family.rule, family.faces)):
        return derivation
    delta = loaded[0]
    chain = family.collapse()
    steps: list[Step] = []
    for step in derivation.steps:
        if step.title == "The paper's approximation":
            own = paper_approximation_limit(delta, chain.psi)
            step = replace(step, statement=step.statement.rstrip(".")
                           + f"; the paper printed {claim(f'E{delta}_limit').printed} for it"
                           + f" (its own chain gives {decimal(own, 4)} by the same formula).")
        elif step.title == "Check against the full chain":
            step = replace(step, statement=step.statement
                           + f" The paper printed {claim(f'sigma{delta}_limit').printed} for this limit.")
        steps.append(step)
        if step.title == "One-turn probabilities":
            steps.extend(_win_row_steps(chain))
    return replace(derivation, steps=tuple(steps))


def _win_row_steps(chain: CollapsedChain) -> list[Step]:
    """Where the paper's printed Win row differs from this one, a step that says so."""
    printed = PAPER_COLLAPSED[chain.delta]
    if "win_row" not in printed:
        return []
    ours = chain.rates[0]
    theirs = printed["win_row"]
    if not isinstance(theirs, tuple):  # pragma: no cover - the printed row is data
        raise TypeError("the printed Win row must be a tuple")
    diffs = [(chain.states[j], theirs[j], ours[j]) for j in range(len(ours)) if theirs[j] != ours[j]]
    if not diffs:
        return []
    text = "; ".join(f"to ${state_tex(s)}$: paper ${tex_number(a)}$, here ${tex_number(b)}$" for s, a, b in diffs)
    wrong = [o for o in chain.outcomes if o.state == WIN and o.target_state == diffs[-1][0]]
    listing = ", ".join(f"{o.square}+{o.face}" for o in wrong)
    return [Step(
        "The paper's Win row, corrected",
        f"The paper's Win row differs: {text}. The {len(wrong)} outcomes from the win path into "
        f"${state_tex(diffs[-1][0])}$ are (square+roll): {listing}. Its stationary proportions (denominator 39209) "
        "follow exactly from its row, so the error is in the row.",
        ", \\quad ".join(f"Q(\\mathrm{{Win}}\\to {state_tex(s)}) = {tex_number(b)}\\ (\\text{{paper: }}{tex_number(a)})"
                         for s, a, b in diffs),
        f"each outcome's target is classified by where its own walk ends ({ratio(ours[0])} stays on Win)")]

