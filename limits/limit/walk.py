"""The deterministic walk at eps = 0 (P(delta) = 1 for the loaded die): loops, on-ramps and the win path.

Every square 0..N-1 gets one arrow: where the limit die takes it (a roll of
delta for the loaded die; a jump square points to where its jump lands, since
a start there moves at once).
In this functional graph the closed classes (its cycles) are the goal
N and the loops; each square drains into exactly one of them, found from the
walk that follows its arrows (each square once). The paper's words:

* a *c-loop* is a loop the walk goes round through jumps (or several squares);
* an *f-loop* is a single square from which delta overshoots N (stay rule);
* the *on-ramp* of a loop is the rest of its basin;
* the *win path* is every square whose walk reaches N; the walk from square 0,
  when it wins, takes psi turns.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any

from ..errors import LimitsError, one_line
from ..markup.numerals import counted
from ..model.board import Board
from ..model.layout import text_rows
from ..model.rules import Rule
from .perturbed_chain import Perturbation
from .structure import Side

__all__ = ["WalkLoop", "Classification", "classify", "overshoots", "successors"]

@dataclass(frozen=True)
class WalkLoop:
    """A loop of the P(delta) = 1 walk and its on-ramp (squares 0..N-1 that drain into it)."""

    kind: str
    squares: tuple[int, ...]
    on_ramp: tuple[int, ...]

    @property
    def basin(self) -> tuple[int, ...]:
        """Loop and on-ramp together, sorted."""
        return tuple(sorted(self.squares + self.on_ramp))


@dataclass(frozen=True)
class Classification:
    """Every square 0..N-1 of a board classified for the walk with P(delta) = 1.

    Attributes
    ----------
    board, rule
    delta : int or None
        The loaded face (None for another family).
    loops : tuple of WalkLoop
        Sorted by their smallest square.
    win_path : tuple of int
        Squares whose walk reaches N.
    walk_from_start : tuple of int
        The squares the walk from the start rests on, in order (until N or
        until it comes round its loop once); it begins where the start lands
        (the top of a ladder or the foot of a chute, when the start is a jump's
        foot), as the game does.
    psi : int or None
        Turns the walk from the start takes to win; None when it never wins.
    limit : str
        The limit game in words (``"P(5) = 1"``).
    """

    board: Board
    delta: int | None
    rule: Rule
    loops: tuple[WalkLoop, ...]
    win_path: tuple[int, ...]
    walk_from_start: tuple[int, ...]
    psi: int | None
    limit: str = ""
    faces: int = 0

    def __repr__(self) -> str:
        return one_line(f"Classification({self.summary()})")

    def to_json(self, *_: Any) -> dict[str, Any]:
        """The dict of ``limits classify``'s JSON schema (without ``schema`` and ``inputs``): counts, squares, psi."""
        return {"board": self.board.name, "rule": self.rule.value, "delta": self.delta, "faces": self.faces,
                "counts": self.counts,
                "loops": [{"kind": lp.kind, "squares": list(lp.squares), "on_ramp": list(lp.on_ramp)}
                          for lp in self.loops],
                "win_path": list(self.win_path), "walk_from_start": list(self.walk_from_start), "psi": self.psi}

    def text(self, *_: Any) -> str:
        """The counts of each class in a sentence, then the board as a grid (:meth:`grid`)."""
        c = self.counts
        walk = (f"; from square 0 the walk wins in psi = {self.psi} turns" if self.psi is not None
                else "; the walk from square 0 never wins")
        return (f"{self.limit} on board {self.board.name}: {counted(c['c_loop'], 'square')} end in c-loops, "
                f"{c['f_loop'] or 'none'} in f-loops, {c['win'] or 'none'} win{'s' * (c['win'] == 1)}{walk}"
                f"\n\n{self.grid()}")

    def latex(self, *_: Any) -> str:
        """A LaTeX document: the sentence of :meth:`text`, then the grid in a verbatim block."""
        from ..markup.latex import tex_document, tex_text

        sentence, grid = self.text().split("\n\n", 1)
        return tex_document(tex_text(f"The walk with {self.limit}"),
                            [tex_text(sentence), f"\\begin{{verbatim}}\n{grid}\n\\end{{verbatim}}"])

    def grid(self) -> str:
        """The board as rows of ten cells, top row first, each square marked by its class.

        A capital letter marks a square of a loop, the same small letter its
        on-ramp, ``.`` the win path and ``*`` the squares the walk from 0 passes.

        Examples
        --------
        >>> from limits import Perturbation
        >>> print(Perturbation.loaded(delta=3).classify().grid().splitlines()[-3])
        A:  c-loop {53}, with 77 on-ramp squares
        """
        n = self.board.size
        letters = string.ascii_uppercase
        marks: dict[int, str] = {}
        for i, lp in enumerate(self.loops):
            letter = letters[i % 26]
            marks.update((s, letter) for s in lp.squares)
            marks.update((s, letter.lower()) for s in lp.on_ramp)
        walked = set(self.walk_from_start)
        marks.update((s, "*" if s in walked else ".") for s in self.win_path)
        lines = text_rows(n, lambda s: "#" if s == n else marks.get(s, "?"))
        lines += [f"   0{marks.get(0, '?')}  (the start, off the board)", ""]
        lines += [f"{letters[i % 26]}:  {lp.kind}-loop {{{', '.join(map(str, lp.squares))}}}, with "
                  f"{counted(len(lp.on_ramp), 'on-ramp square')}" for i, lp in enumerate(self.loops)]
        lines.append(".:  win path;  *: on the walk from the start;  #: the last square")
        return "\n".join(lines)

    @property
    def counts(self) -> dict[str, int]:
        """Squares 0..N-1 per class, on-ramps included: ``c_loop``, ``f_loop``, ``win``."""
        loops = {f"{k}_loop": sum(len(lp.basin) for lp in self.loops if lp.kind == k) for k in "cf"}
        return {**loops, "win": len(self.win_path)}

    def colouring(self) -> tuple[dict[int, str], frozenset[int], tuple[tuple[str, str], ...]]:
        """How the paper's figures colour the board: ``(colour by square, loop squares, legend rows)``.

        Each loop and its on-ramp share a colour (the loop's own squares
        outlined); the win path is light green.

        Examples
        --------
        >>> from limits import Perturbation
        >>> colours, outlined, legend = Perturbation.loaded(delta=3).classify().colouring()
        >>> sorted(outlined), [label for _, label in legend]
        ([53, 99], ['c-loop {53} (outlined) and its on-ramp: 78 squares', 'f-loop {99} (outlined) and its on-ramp: 2 squares', 'win path: 20 squares'])
        """
        from ..model.picture import LOOP_COLOURS, WIN_COLOUR

        colours = {s: WIN_COLOUR for s in self.win_path}
        outlined: set[int] = set()
        legend = []
        for i, lp in enumerate(self.loops):
            colour = LOOP_COLOURS[i % len(LOOP_COLOURS)]
            colours.update((s, colour) for s in lp.basin)
            outlined |= set(lp.squares)
            squares = ", ".join(map(str, lp.squares))
            legend.append((colour, f"{lp.kind}-loop {{{squares}}} (outlined) and its on-ramp: {counted(len(lp.basin), 'square')}"))
        legend.append((WIN_COLOUR, f"win path: {counted(len(self.win_path), 'square')}"))
        return colours, frozenset(outlined), tuple(legend)

    def summary(self) -> str:
        """One line: the walk's loops and the win path.

        Examples
        --------
        >>> from limits import Perturbation
        >>> Perturbation.loaded(delta=3).classify().summary()
        'P(3) = 1 on standard: c-loop {53} (78 squares), f-loop {99} (2), win path (20)'
        """
        parts = [f"{lp.kind}-loop {{{', '.join(map(str, lp.squares))}}} ({len(lp.basin)}{' squares' if i == 0 else ''})"
                 for i, lp in enumerate(self.loops)]
        return f"{self.limit} on {self.board.name}: " + ", ".join(parts + [f"win path ({len(self.win_path)})"])

    def _repr_svg_(self) -> str | None:
        """The board coloured by class, with a legend (None for a board too large to draw)."""
        from ..checks import MAX_PICTURED
        from ..model.picture import board_svg

        if self.board.size > MAX_PICTURED:
            return None
        colours, outlined, legend = self.colouring()
        return board_svg(self.board.size, self.board.jumps, colours=colours, outlined=outlined, entries=legend,
                         title=self.summary())

    def _repr_html_(self) -> str:
        import html

        from ..markup.document import html_table
        from ..model.picture import picture_html

        rows = [[lp.kind, ", ".join(map(str, lp.squares)), len(lp.on_ramp)] for lp in self.loops]
        rows.append(["win path", counted(len(self.win_path), 'square'), "never" if self.psi is None else f"psi = {self.psi}"])
        return (f"<div><p><strong>{html.escape(self.summary())}</strong></p>"
                + html_table(["kind", "loop", "on-ramp squares"], rows)
                + picture_html(self._repr_svg_(), self.board.size) + "</div>")

    def class_of(self, square: int) -> tuple[str, int | None]:
        """``("win", None)`` or ``(kind, index of the loop)`` for a square 0..N-1."""
        for i, lp in enumerate(self.loops):
            if square in lp.squares or square in lp.on_ramp:
                return lp.kind, i
        return "win", None

    def loop_of(self, square: int) -> WalkLoop | None:
        """The loop whose basin holds ``square``; None on the win path."""
        _, i = self.class_of(square)
        return None if i is None else self.loops[i]


def successors(family: Perturbation) -> dict[int, int]:
    """The eps = 0 walk as a map: each square 0..N to the square it moves to (N to itself).

    A jump square moves to where its jump lands; every other square to
    where the limit die AT takes it.

    Raises
    ------
    LimitsError
        When AT leaves some square in more than one way (the limit game is not a walk).

    Examples
    --------
    >>> from limits import Perturbation
    >>> step = successors(Perturbation.loaded(delta=3))
    >>> step[50], step[1], step[100]
    (53, 38, 100)
    """
    board = family.board
    out = {}
    for s in range(board.size):
        land = board.land(s)
        if land != s:
            out[s] = land
            continue
        row = family.row(s, Side.AT)
        if len(row) != 1:
            raise LimitsError(f"the limit die leaves square {s} in more than one way: the eps = 0 game is not a walk")
        (out[s],) = row
    out[board.size] = board.size
    return out


def _cycles(step: dict[int, int]) -> tuple[dict[int, int], dict[int, tuple[int, ...]]]:
    """Where each square's walk ends (its cycle, named by the cycle's least square), and each cycle's squares.

    A functional graph's closed classes are its cycles; each square is followed
    once, so the time is linear in the squares.
    """
    ends: dict[int, int] = {}
    cycles: dict[int, tuple[int, ...]] = {}
    for s in step:
        path: list[int] = []
        where: dict[int, int] = {}
        x = s
        while x not in ends and x not in where:
            where[x] = len(path)
            path.append(x)
            x = step[x]
        if x in ends:
            end = ends[x]
        else:  # the walk closed a new cycle
            cycle = path[where[x]:]
            end = min(cycle)
            cycles[end] = tuple(sorted(cycle))
        for y in path:
            ends[y] = end
    return ends, cycles


def overshoots(family: Perturbation, square: int) -> bool:
    """Whether every roll of AT from ``square`` overshoots N under ``stay`` with no coin (an f-loop's one square)."""
    if family.rule is not Rule.STAY or family.policy is not None:
        return False
    n = family.board.size
    return all(square + f > n for f, p in enumerate(family.at.probabilities, 1) if p)


def classify(family: Perturbation) -> Classification:
    """Classify every square for the eps = 0 walk of a family whose limit die moves deterministically.

    :meth:`limits.limit.perturbed_chain.Perturbation.classify` is this as a verb;
    :func:`limits.classify` takes the paper's loaded die by its face.

    Raises
    ------
    LimitsError
        When the limit die leaves some square in more than one way.

    Examples
    --------
    >>> from limits import Perturbation
    >>> c = classify(Perturbation.loaded(delta=6))
    >>> c.counts, c.psi, c.win_path
    ({'c_loop': 0, 'f_loop': 92, 'win': 8}, None, (68, 70, 74, 76, 80, 82, 88, 94))
    >>> classify(Perturbation.loaded(delta=5)).psi
    16
    """
    board = family.board
    step = successors(family)
    ends, cycles = _cycles(step)
    loops = []
    for end, squares in cycles.items():
        if end == board.size:
            continue
        overshoot = len(squares) == 1 and overshoots(family, squares[0])
        loops.append(WalkLoop("f" if overshoot else "c", squares,
                              tuple(s for s in range(board.size) if ends[s] == end and s not in squares)))
    loops.sort(key=lambda lp: lp.squares)
    win = tuple(s for s in range(board.size) if ends[s] == board.size)
    walk, psi = family.walk  # from the start's landing, where the game begins
    loaded = family.loaded_face
    delta = loaded[0] if loaded is not None and loaded[1] == 1 else None
    return Classification(board, delta, family.rule, tuple(loops), win, walk, psi,
                          family.describe() if delta is None else f"P({delta}) = 1", family.faces)
