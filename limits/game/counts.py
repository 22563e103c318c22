"""The everyday counts of one game: chutes, ladders, squares slid, overshoots, the last row, visits.

Each :class:`Count` is a reward on moves (:mod:`limits.game.rewards`); every
answer about it (mean, variance, law, the chance of none) comes from the same
mechanism. What each one counts, over one player's game:

``turns``
    every turn (its mean is the expected length: a check of the mechanism);
``chutes`` / ``ladders``
    chutes slid down / ladders climbed;
``squares_down`` / ``squares_up``
    squares lost to chutes / gained by ladders (each jump's length, added up);
``overshoots``
    rolls that would carry the token past the last square (under ``stay`` a
    lost turn, under ``bounce`` a bounce, under ``pass`` a win);
``last_row``
    turns begun on the last row of the board, the row of the last square (rows of ten:
    91..99 on the standard board; square 0 is off the board);
``jump`` (with a square a)
    uses of the chute or ladder that starts on a;
``visits`` (with a square v)
    turns that land on v or, after a chute or ladder, end on it; a turn that
    leaves the token where it was visits nothing. ``1 - P(none)`` is the
    chance of ever visiting v.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable

from ..checks import MAX_COUNT_LAW, MAX_TEXT_DIGITS, whole
from ..cost import counts as counts_cost
from ..cost import shape_of
from ..errors import InfiniteExpectationError, LimitsError
from ..exact.digits import ratio
from ..markup.latex import tex_document, tex_text
from ..markup.numerals import relation_math
from ..markup.quantities import exact_quantity, infinite_quantity, quantity_text, sqrt_quantity, to_json
from ..model.chain import Chain
from ..model.layout import cell
from .rewards import RewardChain

__all__ = ["CountKind", "Count", "COUNTS", "CountAnswer", "GameCounts", "game_counts"]


class CountKind(enum.Enum):
    """What a :class:`Count` adds up."""

    TURNS = "turns"
    CHUTES = "chutes"
    LADDERS = "ladders"
    SQUARES_DOWN = "squares_down"
    SQUARES_UP = "squares_up"
    OVERSHOOTS = "overshoots"
    LAST_ROW = "last_row"
    JUMP = "jump"
    VISITS = "visits"


_LABELS = {CountKind.TURNS: "turns", CountKind.CHUTES: "chutes slid down", CountKind.LADDERS: "ladders climbed",
           CountKind.SQUARES_DOWN: "squares slid down chutes", CountKind.SQUARES_UP: "squares climbed up ladders",
           CountKind.OVERSHOOTS: "rolls past the last square", CountKind.LAST_ROW: "turns begun on the last row",
           CountKind.JUMP: "uses of the jump from {}", CountKind.VISITS: "visits to square {}"}
"""Each count kind in words (``{}``: its square)."""


@dataclass(frozen=True)
class Count:
    """A count along the way: a kind, and a square for ``jump`` and ``visits``.

    Examples
    --------
    >>> Count(CountKind.VISITS, 80).name, Count(CountKind.CHUTES).name
    ('visits_80', 'chutes')
    """

    kind: CountKind
    square: int | None = None

    def __post_init__(self) -> None:
        needs = self.kind in (CountKind.JUMP, CountKind.VISITS)
        if needs != (self.square is not None):
            raise LimitsError(f"the count {self.kind.value!r} {'needs' if needs else 'takes no'} square")

    @property
    def name(self) -> str:
        """The key of this count in every output."""
        return self.kind.value if self.square is None else f"{self.kind.value}_{self.square}"

    @property
    def label(self) -> str:
        """The count in words, as tables and the command line print it.

        Examples
        --------
        >>> Count(CountKind.SQUARES_DOWN).label, Count(CountKind.JUMP, 47).label
        ('squares slid down chutes', 'uses of the jump from 47')
        """
        return _LABELS[self.kind].format(self.square)

    def reward(self, chain: Chain) -> Any:
        """The reward this count gives each :class:`~limits.game.rewards.Move` on ``chain``."""
        n, kind, v = chain.goal, self.kind, self.square
        last_row = cell(n)[1]
        rewards = {
            CountKind.TURNS: lambda m: 1,
            CountKind.CHUTES: lambda m: int(m.target < m.landed),
            CountKind.LADDERS: lambda m: int(m.target > m.landed),
            CountKind.SQUARES_DOWN: lambda m: max(0, m.landed - m.target),
            CountKind.SQUARES_UP: lambda m: max(0, m.target - m.landed),
            CountKind.OVERSHOOTS: lambda m: int(m.square + m.face > n),
            CountKind.LAST_ROW: lambda m: int(m.square > 0 and cell(m.square)[1] == last_row),
            CountKind.JUMP: lambda m: int(m.jumped and m.landed == v),
            CountKind.VISITS: lambda m: int(not m.landed == m.square == m.target and v in (m.landed, m.target)),
        }
        return rewards[kind]


COUNTS: tuple[Count, ...] = tuple(Count(k) for k in CountKind if k not in (CountKind.JUMP, CountKind.VISITS))
"""The counts reported by default, in order."""


@dataclass(frozen=True)
class CountAnswer:
    """Everything :func:`game_counts` knows about one count.

    Attributes
    ----------
    count : Count
    mean, variance : Fraction or None
        None when infinite (``trap`` names the loop).
    none : Fraction
        ``P(C = 0)``: for ``chutes``, the chance of never sliding down a chute.
    law : tuple of Fraction
        ``P(C = 0), P(C = 1), ...`` up to the length asked for.
    trap : tuple of int or None
    """

    count: Count
    mean: Fraction | None
    variance: Fraction | None
    none: Fraction
    law: tuple[Fraction, ...]
    trap: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain exact data: Fractions, None and lists."""
        return {"mean": self.mean, "variance": self.variance, "none": self.none, "at_least_one": 1 - self.none,
                "law": list(self.law), "trap": None if self.trap is None else list(self.trap)}


@dataclass(frozen=True)
class GameCounts:
    """The counts of one game from ``start``, by name (``limits stats``, which it renders)."""

    start: int
    answers: tuple[CountAnswer, ...]
    chain: Any = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        from ..markup.jupyter import value_text

        means = ", ".join(f"{a.count.name} {'inf' if a.trap is not None else value_text(a.mean, 5)}"
                          for a in self.answers)
        return f"GameCounts(from square {self.start}, means: {means})"[:200]

    def __getitem__(self, name: str) -> CountAnswer:
        return {a.count.name: a for a in self.answers}[name]

    def _repr_html_(self) -> str:
        """One row per count: mean, variance, the chance of none (``inf`` where a loop can trap the player)."""
        from ..markup.document import html_table
        from ..markup.jupyter import value_text

        rows = [[a.count.name, value_text(a.mean if a.trap is None else float("inf")),
                 value_text(a.variance if a.trap is None else float("inf")), value_text(a.none)]
                for a in self.answers]
        return (f'<div class="limits-summary"><p><strong>Counts along the game from square {self.start}</strong></p>'
                + html_table(["count", "mean", "variance", "P(none)"], rows) + "</div>")

    def to_dict(self) -> dict[str, Any]:
        """``{"start": ..., "counts": {name: CountAnswer.to_dict()}}``."""
        return {"start": self.start, "counts": {a.count.name: a.to_dict() for a in self.answers}}

    def to_json(self, digits: int = 6, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits stats``'s JSON schema (without ``schema`` and ``inputs``)."""
        out: dict[str, Any] = {}
        for answer in self.answers:
            plain = answer.to_dict()
            trap = plain.pop("trap")
            data = {"expected" if k == "mean" else k: v for k, v in plain.items()}  # "mean" is kept for sample means
            for key in ("expected", "variance"):
                data[key] = (to_json(data[key], digits, exact_digits) if data[key] is not None else
                             infinite_quantity("the player can be trapped in a loop where this count grows", trap or ()))
            if answer.variance is not None:
                data["std"] = sqrt_quantity(answer.variance, digits)
            for key in ("none", "at_least_one", "law"):
                data[key] = to_json(data[key], digits, exact_digits)
            out[answer.count.name] = data
        chain = self.chain
        return {"board": chain.board.name, "rule": chain.rule.value, "die": [ratio(p) for p in chain.die.probabilities],
                "start": self.start, "counts": out}

    def text(self, digits: int = 6, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A table of each count's mean, standard deviation and chance of none, then the laws of the chutes and
        ladders."""
        counts = self.to_json(digits, exact_digits)["counts"]
        rows = [["", "mean", "std", "P(none)"]]
        rows += [[a.count.label, quantity_text(d["expected"]), d["std"]["decimal"] if "std" in d else "inf",
                  quantity_text(d["none"])] for a, d in zip(self.answers, counts.values())]
        widths = [max(len(r[i]) for r in rows) for i in range(4)]
        lines = [f"one player's game from square {self.start}", ""]
        lines += [r[0].ljust(widths[0]) + "  " + "  ".join(c.rjust(w) for c, w in zip(r[1:], widths[1:])) for r in rows]
        for name in ("chutes", "ladders"):
            law = counts[name]["law"]
            lines += ["", f"P({name} = c) for c = 0..{len(law) - 1}:", "  " + "  ".join(quantity_text(p) for p in law)]
        return "\n".join(lines)

    def latex(self, digits: int = 6, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A LaTeX document: each count's expected number and the chance of none."""
        paras = []
        for answer in self.answers:
            name = tex_text(answer.count.label)
            if answer.mean is None:
                paras.append(f"{name}: expected number $\\infty$.")
                continue
            mean, none = (relation_math(exact_quantity(v, digits, exact_digits)) for v in (answer.mean, answer.none))
            paras.append(f"{name}: expected number ${mean}$; none at all with probability ${none}$.")
        return tex_document("Counts along one player's game of Chutes \\& Ladders", paras)


def game_counts(chain: Chain, start: int = 0, counts: Iterable[Count] = COUNTS, *,
                law_upto: int = 10) -> GameCounts:
    """Mean, variance, the chance of none, and the law up to ``law_upto``, of each count.

    Parameters
    ----------
    chain : Chain
    start : int, optional
        The start square (default 0).
    counts : iterable of Count, optional
        Default :data:`COUNTS`; add ``Count(CountKind.VISITS, v)`` or
        ``Count(CountKind.JUMP, a)`` for one square.
    law_upto : int, optional
        The law is given for 0..law_upto (default 10).

    Raises
    ------
    TooLargeError
        Past :data:`~limits.checks.MAX_COUNT_LAW`, or for work predicted past the budget (:func:`limits.cost.counts`).

    Examples
    --------
    >>> from limits import build_chain
    >>> c = game_counts(build_chain(), counts=[Count(CountKind.CHUTES), Count(CountKind.VISITS, 80)], law_upto=2)
    >>> print(f"{float(c['chutes'].mean):.4f}", f"{float(c['chutes'].none):.4f}")
    4.2860 0.1045
    >>> print(f"{float(1 - c['visits_80'].none):.4f}")
    0.4817
    """
    law_upto = whole(law_upto, "the last value of a count's law", 0, MAX_COUNT_LAW, limit="MAX_COUNT_LAW")
    counts_cost(shape_of(chain.board, chain.die)).check()
    moves = RewardChain(chain, start)
    answers = []
    for count in counts:
        if count.square is not None and not 0 <= count.square <= chain.goal:
            raise LimitsError(f"the square of the count {count.kind.value!r} must be one of 0..{chain.goal}")
        if count.kind is CountKind.JUMP and count.square not in chain.board.jump_map:
            raise LimitsError(f"no chute or ladder starts on square {count.square}")
        reward = count.reward(chain)
        law = tuple(moves.law(reward, law_upto))
        try:
            mean, variance = moves.moments(reward)
            trap = None
        except InfiniteExpectationError as exc:
            mean = variance = None
            trap = exc.trap
        answers.append(CountAnswer(count, mean, variance, law[0], law, trap))
    return GameCounts(start, tuple(answers), chain)
