"""The best and the worst way to use the coin: exact policy iteration, right under every rule.

A decision is made at each (start square, roll) whose landing allows a flip;
decisions are keyed by the roll, and where the roll lands comes from the
chain's turn table (:attr:`limits.model.chain.Chain.turns`): under ``bounce`` the landing
is reflected off N, so it is not ``start + roll``.

Policy iteration alternates an exact evaluation of the current policy (a
rational solve) with an improvement that picks, at every decision, the
choice of least (or greatest) expected remaining turns. A choice changes
only on strict improvement (a tie keeps the current choice), so the
iteration ends, with no tolerance, at an optimal policy. Small boards are
iterated with dense exact solves (:mod:`limits.coin.dense_policy`); large
ones in floats on sparse matrices, the result then certified by one exact
sparse evaluation in which no switch improves (:mod:`limits.coin.sparse_policy`).

Infinite values are found first, by graph facts (:mod:`limits.coin.regions`):

* least length: outside the *almost-sure region* no policy wins surely, so
  the least expected length is infinite there; inside it, the iteration
  starts from a proper policy (the choices closest to the goal) and uses only
  choices that stay inside, so every policy it meets wins surely;
* greatest length: from the squares that can reach the *keepable set* (a
  set the player can stay in for ever) it is infinite, and the policy named
  keeps the player there; the other squares are closed under every choice
  and cannot keep the player away from the goal, so the iteration there is
  finite.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..checks import MAX_TEXT_DIGITS, instance, one_of
from ..cost import optimal as optimal_cost
from ..cost import shape_of
from ..errors import InfiniteExpectationError, TooLargeError
from ..exact.digits import ratio
from ..markup.document import latex_document
from ..markup.numerals import counted, value_math
from ..markup.quantities import infinite_quantity, quantity
from ..model.chain import Chain
from ..model.layout import text_rows
from ..model.moves import TurnOutcomes
from .dense_policy import dense_iteration
from .regions import almost_sure_region, closest_actions, keepable_set, reaching
from .strategies import Strategy, game_latex

__all__ = ["OptimalPolicy", "optimal_policy", "Unbounded", "ENGINES"]

ENGINES = ("auto", "dense", "sparse")
"""How :func:`optimal_policy` iterates: chosen by size, exact dense solves, or float rounds on sparse
matrices with an exact certificate."""


@dataclass(frozen=True)
class Unbounded:
    """The maximum is infinite: the player can avoid winning for ever.

    Attributes
    ----------
    squares : tuple of int
        Squares the player can stay among for ever.
    flip_on, keep_on : tuple of int
        Landings (before the flip) where the player must flip, and where they
        must not, to stay among them; under ``stay`` a landing may be N + 1,
        one past the last square.
    goal : int
        The last square N.
    """

    squares: tuple[int, ...]
    flip_on: tuple[int, ...]
    keep_on: tuple[int, ...]
    goal: int

    def _where(self, landings: tuple[int, ...]) -> str:
        return ", ".join(str(x) if x <= self.goal else f"{x} (one past {self.goal})" for x in landings)

    def reason(self) -> str:
        """Why the greatest expected length is infinite, in one sentence."""
        parts = []
        if self.flip_on:
            parts.append("flipping on landing on " + self._where(self.flip_on))
        if self.keep_on:
            parts.append("not flipping on landing on " + self._where(self.keep_on))
        how = " and ".join(parts) if parts else "playing on"
        return f"a player can avoid ever winning by {how}: they stay among {counted(len(self.squares), 'square')} for ever"


@dataclass(frozen=True)
class OptimalPolicy:
    """An optimal policy and its values.

    Attributes
    ----------
    maximise : bool
    expected_turns : Fraction or float
        From the start (``inf`` for an unbounded maximum).
    decisions : dict
        ``(square, roll) -> True`` (flip) or ``False``, at every decision.
    landings : dict
        ``(square, roll) -> landing``: where that roll lands before the flip
        (under ``stay``, N + 1 is one past the last square).
    remaining : dict
        The optimal expected remaining turns from every square (``inf`` where
        infinite).
    unbounded : Unbounded or None
    iterations : int
    goal : int
    chain : Chain
        The game it plays: its board, die and rule are the answer's record, its board the flip map's.
    """

    maximise: bool
    expected_turns: Fraction | float
    decisions: dict[tuple[int, int], bool]
    landings: dict[tuple[int, int], int]
    remaining: dict[int, Any]
    unbounded: Unbounded | None
    iterations: int
    goal: int
    chain: Chain = field(compare=False)

    def __repr__(self) -> str:
        from ..exact.digits import decimal

        what = "longest" if self.maximise else "shortest"
        turns = "inf" if isinstance(self.expected_turns, float) else decimal(self.expected_turns, 12)
        return (f"OptimalPolicy({what} game: {turns} expected turns; flips on {len(self.flip_squares())} "
                f"landing squares)")

    def _repr_svg_(self) -> str | None:
        """The flip map: the board with the landings where the policy flips shaded."""
        from ..checks import MAX_PICTURED
        from ..model.picture import FLIP_COLOUR, board_svg

        board = self.chain.board
        if board.size > MAX_PICTURED:
            return None
        flips = [x for x in self.flip_squares() if 0 < x <= self.goal]
        past = " (and one past the last square)" if self.flips_past_goal() else ""
        return board_svg(board.size, board.jumps, colours={x: FLIP_COLOUR for x in flips},
                         entries=[(FLIP_COLOUR, f"flip on landing here: {len(flips)} squares{past}")],
                         title=f"the {'worst' if self.maximise else 'optimal'} policy: where it flips")

    def _repr_html_(self) -> str:
        """Its expected turns, how it was found, and the flip map."""
        from ..markup.jupyter import summary_html, value_text
        from ..model.picture import picture_html

        rows = [("expected turns from the start", value_text(self.expected_turns)
                 if self.unbounded is None else "inf: " + self.unbounded.reason()),
                ("landings where it flips", ", ".join(map(str, self.flip_squares())) or "none"),
                ("policy iterations", str(self.iterations))]
        title = f"The policy that {'maximises' if self.maximise else 'minimises'} the expected number of turns"
        return summary_html(title, rows, picture_html(self._repr_svg_(), self.chain.board.size))

    def _quantity(self, value: Any, digits: int, exact_digits: int | None) -> Any:
        """Expected turns as a quantity; ``inf`` is infinite, with why and the squares of :attr:`unbounded`."""
        if isinstance(value, float) and math.isinf(value):
            u = self.unbounded
            return infinite_quantity(u.reason() if u else "infinite", u.squares if u else ())
        return quantity(value, digits, exact_digits)

    def to_json(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits optimal``'s JSON schema (without ``schema`` and ``inputs``): the game, the expected
        turns, the landings where the policy flips, every decision and the expected remaining turns by square."""
        game = self.chain
        return {"board": game.board.name, "rule": game.rule.value, "die": [ratio(p) for p in game.die.probabilities],
                "maximise": self.maximise, "expected_turns": self._quantity(self.expected_turns, digits, exact_digits),
                "flip": [int(s) for s in self.flip_squares()],
                "decisions": [{"start": s, "roll": r, "flip": f} for (s, r), f in sorted(self.decisions.items())],
                "remaining": {str(s): self._quantity(v, digits, exact_digits)
                              for s, v in sorted(self.remaining.items())}}

    def text(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The answer as ``limits optimal`` prints it: the expected turns, the landings where the policy flips, and
        the board in rows of ten cells, ``F`` where it flips on landing, ``.`` where not.

        Examples
        --------
        >>> from limits import build_chain
        >>> print(build_chain().optimal_policy().text(6).splitlines()[7])
          60.   59.   58F   57.   56F   55.   54.   53F   52F   51.
        """
        turns = self._quantity(self.expected_turns, digits, exact_digits)
        flips, n = self.flip_squares(), self.chain.board.size
        marked = set(flips)
        lines = [f"{'longest' if self.maximise else 'shortest'} game: expected turns {turns['decimal']}"
                 + (f" ({turns['reason']})" if turns.get("infinite") else ""),
                 f"flip on landing on: {', '.join(map(str, flips)) or 'never'}", "",
                 *text_rows(n, lambda s: "F" if s in marked else ".")]
        if n + 1 in marked:
            lines.append(f"one past the last square ({n + 1}): F")
        return "\n".join(lines + ["F: flip on landing there;  .: do not flip"])

    def latex(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A LaTeX document: the game, the expected turns and the landings where the policy flips."""
        turns = self._quantity(self.expected_turns, digits, exact_digits)
        flips = (f"Flip on landing on the squares {', '.join(map(str, self.flip_squares()))}."  # it breaks at commas
                 if self.flip_squares() else "The policy never flips.")
        reason = f" ({turns['reason']})" if turns.get("infinite") else ""
        return latex_document(f"The {'longest' if self.maximise else 'shortest'} game with the coin", [
            game_latex(self.chain), f"Expected turns: ${value_math(turns)}${reason}.", flips])

    def flip_squares(self) -> tuple[int, ...]:
        """Landings on which the policy flips, from some start: squares 0..N, and under ``stay`` N + 1 (one
        past the last square, where tails wins) when :meth:`flips_past_goal`. Never ``start + roll`` under
        ``bounce``, where the landing is reflected."""
        return tuple(sorted({self.landings[k] for k, flip in self.decisions.items() if flip}))

    def flips_past_goal(self) -> bool:
        """Whether the policy flips when a roll lands one past N (``stay``: tails then wins)."""
        return any(flip and self.landings[k] > self.goal for k, flip in self.decisions.items())

    def as_strategy(self) -> Strategy:
        """The policy as a strategy ``(start, landing) -> 0 or 1``."""
        table: dict[tuple[int, int], bool] = {}
        for (s, roll), flip in self.decisions.items():
            key = (s, self.landings[(s, roll)])
            if table.setdefault(key, flip) != flip:  # pragma: no cover - choices depend on outcomes only
                raise RuntimeError(f"two rolls from {s} land on {key[1]} with different choices")
        return Strategy("worst" if self.maximise else "optimal", "optimal policy",
                        lambda start, landing: Fraction(int(table.get((start, landing), False))))


def _choices(out: TurnOutcomes, h: Fraction) -> dict[bool, dict[int, Fraction]]:
    """Where a turn may end with each choice, with the (positive) chances; no flip when none is allowed."""
    choices = {False: {out.no_flip: Fraction(1)}}
    if out.landing is not None:
        flip: dict[int, Fraction] = {}
        for target, w in ((out.heads, h), (out.tails, 1 - h)):
            if w:
                flip[target] = flip.get(target, Fraction(0)) + w
        choices[True] = flip
    return choices


def optimal_policy(chain: Chain, *, maximise: bool = False, engine: str = "auto") -> OptimalPolicy:
    """The coin policy that minimises (or maximises) the expected number of turns of the game of ``chain`` (its
    board, die, rule, coin and start; its own policy aside).

    Parameters
    ----------
    chain : Chain
    maximise : bool
        Look for the longest game instead of the shortest.
    engine : {"auto", "dense", "sparse"}
        How the policy is iterated: ``"dense"`` solves each policy exactly
        (python-flint); ``"sparse"`` iterates in floats on sparse matrices and
        certifies the result exactly
        (:func:`~limits.coin.sparse_policy.sparse_iteration`); ``"auto"``
        takes the sparse one from
        :data:`~limits.checks.SPARSE_FROM` squares on, where numba
        is installed. Both return the same values and the same policy, exactly:
        where two choices tie exactly, the policy does not flip.

    Raises
    ------
    InfiniteExpectationError
        When minimising, if no policy wins surely from the start (only with a
        die that leaves faces out).
    SymbolicError
        For a die with symbols.
    LimitsError
        For an unknown engine; :class:`TooLargeError` for ``engine="sparse"`` with chances whose common
        denominator does not fit its machine words (long float64 decimals): the dense engine takes them.

    Examples
    --------
    >>> from limits import build_chain
    >>> best = optimal_policy(build_chain())
    >>> float(best.expected_turns) < 17.39  # better than the paper's best, strategy 6
    True
    >>> optimal_policy(build_chain(), maximise=True).unbounded.flip_on
    (80, 100)
    """
    instance(chain, Chain, "the chain")
    optimal_cost(shape_of(chain.board, chain.die)).check()
    one_of(engine, ENGINES, "engine")
    rolls, entry, goal, choices, landings, region, decisions, unbounded = decision_setup(chain, maximise)
    values: dict[int, Any] = {s: math.inf for s in chain.states}
    iterations = 0
    if region:
        run = dense_iteration
        if _use_sparse(engine, len(region), choices, rolls):
            from .sparse_policy import sparse_iteration as run  # numpy and scipy only for large boards
        decisions, found, iterations = run(region, choices, decisions, rolls, goal, maximise)
        values.update(found)

        def worth(ends: dict[int, Fraction]) -> Any:
            return sum(w * (0 if t == goal else values[t]) for t, w in ends.items())

        for key, flips in decisions.items():  # a tie is broken one way, whichever choice an engine met first
            if flips and key[0] in region and worth(choices[key][True]) == worth(choices[key][False]) != math.inf:
                decisions[key] = False
    total = Fraction(0) if entry == goal else values[entry]
    return OptimalPolicy(maximise, total, decisions, landings, values, unbounded, iterations, goal, chain)


def decision_setup(chain: Chain, maximise: bool) -> tuple[Any, ...]:
    """What policy iteration on ``chain`` starts from, by graph facts (:mod:`limits.coin.regions`): ``(rolls,
    entry, goal, choices, landings, region, decisions, unbounded)``; ``choices[(square, roll)][flip]`` the ends
    with their chances, ``region`` the squares iterated on, ``decisions`` a proper policy there (minimising) or
    the choices that keep the player from winning (maximising). An :class:`InfiniteExpectationError` when no
    policy wins surely from the start."""
    turns, h, squares, goal = chain.turns, chain.coin, chain.states, chain.goal
    rolls, entry = chain.die.rolls(), chain.entry(chain.start)
    outcomes = {(s, face): outs[face - 1] for s, outs in zip(squares, turns) for face, _ in rolls}
    choices = {key: _choices(out, h) for key, out in outcomes.items()}
    actions = {key: {flip: frozenset(d) for flip, d in c.items()} for key, c in choices.items()}
    landings = {key: out.landing for key, out in outcomes.items() if out.landing is not None}
    decisions = {key: False for key in landings}
    unbounded = None
    if maximise:
        keep = keepable_set(actions, squares)
        # a positive chance of reaching the keepable set is enough: any choice, whatever its other outcomes
        infinite = reaching(actions, keep, set(squares), goal) if keep else set()
        region = set(squares) - infinite
        decisions.update(_keeping(actions, keep, infinite, landings))
        if entry in infinite:
            unbounded = _unbounded(actions, keep, landings, decisions, goal)
    else:
        region = almost_sure_region(actions, squares, goal)
        if entry != goal and entry not in region:
            raise InfiniteExpectationError(chain.start, tuple(sorted(set(squares) - region)),
                                           "least expected number of turns")
        decisions.update({k: v for k, v in closest_actions(actions, region, {goal}, region, goal).items()
                          if k in landings})
    return rolls, entry, goal, choices, landings, region, decisions, unbounded


def _use_sparse(engine: str, size: int, choices: dict, rolls: tuple) -> bool:
    """Whether the region is iterated on sparse matrices: forced, or from ``SPARSE_FROM`` squares when the
    exact sparse engine is compiled and its integers stay in words (the kernels, and numba, are loaded only
    then)."""
    from ..checks import SPARSE_FROM

    if engine == "dense" or (engine == "auto" and size < SPARSE_FROM):
        return False
    from ..exact.dixon import MAX_ROW_WEIGHT  # numpy comes with it: not for a small board

    unit = math.lcm(*(w.denominator for c in choices.values() for d in c.values() for w in d.values()))
    weight = 3 * math.lcm(*(p.denominator for _, p in rolls)) * unit
    if engine == "sparse":
        if weight > MAX_ROW_WEIGHT:  # its integers would not fit in machine words
            raise TooLargeError(f"the sparse engine needs the common denominator D of the die's and the coin's "
                                f"chances to keep 3 D within MAX_ROW_WEIGHT = {MAX_ROW_WEIGHT}; here 3 D has "
                                f"{weight.bit_length()} bits: use engine='dense' (or 'auto'), or chances with "
                                "smaller denominators")
        return True
    from ..exact._kernels import have_numba

    return have_numba() and weight <= MAX_ROW_WEIGHT


def _keeping(actions: dict, keep: set[int], infinite: set[int], landings: dict) -> dict[tuple[int, int], bool]:
    """Choices that keep the player in ``keep`` there, and lead towards it from the rest of ``infinite``."""
    out = closest_actions(actions, infinite - keep, keep)
    for key, acts in actions.items():
        if key[0] in keep:
            out[key] = min(flip for flip, ts in acts.items() if ts <= keep)
    return {k: v for k, v in out.items() if k in landings}


def _unbounded(actions: dict, keep: set[int], landings: dict, decisions: dict, goal: int) -> Unbounded:
    flip_on, keep_on = set(), set()
    for key, acts in actions.items():
        if key[0] in keep and key in landings:
            staying = [flip for flip, ts in acts.items() if ts <= keep]
            if staying == [True]:
                flip_on.add(landings[key])
            elif staying == [False] and True in acts:
                keep_on.add(landings[key])
    return Unbounded(tuple(sorted(keep)), tuple(sorted(flip_on)), tuple(sorted(keep_on)), goal)
