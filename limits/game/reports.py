"""What ``limits duration`` answers about one game, as a result that renders itself.

:func:`duration_report` gathers one game's length: the mean, variance and
standard deviation (exact), the median, the mode and the fewest turns, the
survival ``P(M > m)``, and a game of k players, or in floats the mean and
variance alone with proven bounds, straight from the board (a million
squares). The result renders itself as the command's text, a LaTeX document
and the dict of its JSON schema (``to_json``), at the digits asked for; every
value becomes text through :mod:`limits.markup`. The table of ``limits
players`` is :mod:`limits.game.players_report`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from ..checks import FLOAT_FROM, MAX_TEXT_DIGITS
from ..cost import exact_moments, shape_of
from ..cost import float_moments as float_cost
from ..cost import players as players_cost
from ..errors import ConvergenceError, InfiniteExpectationError, LimitsError, TooLargeError
from ..exact.digits import ratio
from ..exact.enclosure import Enclosure
from ..markup.latex import tex_document, tex_number, tex_text
from ..markup.numerals import counted, relation_math, value_math
from ..markup.quantities import (
    exact_quantity,
    interval_quantity,
    quantity,
    quantity_text,
    sqrt_quantity,
    to_json,
)
from ..model.board import Board
from ..model.build import build_chain
from ..model.chain import Chain
from ..model.die import Die
from ..model.rules import Rule, as_rule
from .distribution import median, min_turns, mode
from .distribution import survival as survival_of
from .paths import path_text
from .players import PlayersRow, players_table

__all__ = ["DurationReport", "duration_report", "tolerance_for", "PERCENTILE"]

PERCENTILE = "0.9"
"""The quantile ``duration --players`` gives beside the median (``limits players --quantile`` gives any)."""

def tolerance_for(digits: int) -> Fraction:
    """The widest enclosure of an infinite sum: ten digits narrower than what is shown (and at most 1e-30)."""
    return Fraction(1, 10 ** max(30, digits + 10))


def _die(die: Die) -> list[str]:
    return [ratio(p) for p in die.probabilities]


@dataclass(frozen=True)
class DurationReport:
    """One game's length as ``limits duration`` gives it.

    ``mean`` and ``variance`` are exact, enclosures proven around float
    solves (``engine`` ``"float"``, with the solver's own ``floats``), or the
    :class:`~limits.errors.InfiniteExpectationError` that says why they are
    infinite. The float engine gives nothing else; ``notes`` say why it answered.
    """

    board: Board
    die: Die
    rule: Rule
    start: int
    mean: Any
    variance: Any
    engine: str = "exact"
    floats: tuple[float, float] | None = None
    median: Any = None
    mode: int | None = None
    min_turns: int | None = None
    paths: tuple[Any, Any] = (None, None)
    """The game of the fewest turns and the most likely way to finish (:mod:`limits.game.paths`)."""
    survival: tuple[Fraction, ...] = ()
    undecided: dict[str, str] = field(default_factory=dict)
    players: PlayersRow | None = None
    notes: tuple[str, ...] = ()
    chosen: bool = True
    """False when the board's size chose the float engine (the note then comes before the engine)."""

    def __repr__(self) -> str:
        return f"DurationReport({self.board.summary()}; {self.engine})"

    def _moments(self, digits: int, exact_digits: int | None) -> dict[str, Any]:
        if isinstance(self.mean, InfiniteExpectationError):
            inf = quantity(self.mean, digits, exact_digits)
            return {"expected_turns": inf, "variance": inf, "std": inf}
        if isinstance(self.mean, Enclosure):  # proven from the residuals: every digit certain
            v = self.variance
            root = v.sqrt(120)
            ends = ((self.mean.lower, self.mean.upper), (v.lower, v.upper), (root.lower, root.upper))
            floats = (*self.floats, math.sqrt(max(self.floats[1], 0.0)))  # the solver's own, inside the bounds
            return {key: {**interval_quantity(lo, hi, digits), "float": x}
                    for key, (lo, hi), x in zip(("expected_turns", "variance", "std"), ends, floats)}
        return {"expected_turns": exact_quantity(self.mean, digits, exact_digits),
                "variance": exact_quantity(self.variance, digits, exact_digits),
                "std": sqrt_quantity(self.variance, digits)}

    def to_json(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits duration``'s JSON schema (without ``schema`` and ``inputs``)."""
        out: dict[str, Any] = {"board": self.board.name, "size": self.board.size, "rule": self.rule.value,
                               "die": _die(self.die), "start": self.start}
        if self.engine == "float":
            if not self.chosen:
                out["note"] = "; ".join(self.notes)
            out["engine"] = "float"
            if self.chosen and self.notes:
                out["note"] = "; ".join(self.notes)
            return {**out, **self._moments(digits, exact_digits)}
        out.update(self._moments(digits, exact_digits))
        median = self.median if isinstance(self.median, int) or self.median is None else out["expected_turns"]
        out.update(median=median, mode=self.mode, min_turns=self.min_turns,
                   fewest_turns_path=to_json(self.paths[0], digits, exact_digits),
                   most_likely_path=to_json(self.paths[1], digits, exact_digits),
                   survival=[quantity(s, digits, exact_digits) for s in self.survival])
        if self.undecided:
            out["undecided"] = dict(self.undecided)
        if self.players is not None:
            out.update(quantile_rule="lower", **self.players.to_json(digits, exact_digits))
        return out

    def text(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The answer as ``limits duration`` prints it (the board, rule, die and start are in its inputs line)."""
        r = self.to_json(digits, exact_digits)
        turns = r["expected_turns"]
        lines = [f"expected turns  {_decimal(turns)}"]
        if turns.get("infinite"):
            lines.append(f"  because       {turns['reason']}")
        elif self.engine == "float":
            lines += [f"variance        {_decimal(r['variance'])}", f"std             {_decimal(r['std'])}"]
        if self.engine == "float":
            if not turns.get("infinite") and "certain_digits" not in turns:
                lines.append("(exact: the chain is nearly singular, so no float answer could be certified)")
            return "\n".join(lines + ["(floats: --exact gives exact fractions, the median, mode and survival)"])
        if not turns.get("infinite"):
            exact = turns["exact"]
            if exact is None:
                exact = f"(a fraction of {turns['exact_digits']} digits: --exact-digits all writes it)"
            elif len(exact) > 41:  # a long fraction stays one step away, in the JSON
                num, _, den = exact.partition("/")
                exact = f"(a fraction of {len(num)} digits over {len(den)}: --format json writes it)"
            lines += [f"  exactly       {exact}", f"variance        {r['variance']['decimal']}",
                      f"std             {r['std']['decimal']}"]
        for name, key in (("median", "median"), ("mode", "mode"), ("fewest turns", "min_turns")):
            value = f"undecided: {self.undecided[key]}" if key in self.undecided else quantity_text(r[key], full=True)
            lines.append(f"{name:<16}{value}")
        f, m = r["fewest_turns_path"], r["most_likely_path"]
        if f and m:
            lines += [f"  one such game {path_text(f)}", f"  such games    {f['count']}, together of probability "
                      f"{quantity_text(f['probability'], True)}", f"most likely     {path_text(m)}",
                      f"  probability   {quantity_text(m['probability'], True)} ({m['count']} such paths: the first "
                      "by squares shown)"]
        surv = r["survival"]
        if len(surv) > 1:
            lines.append("P(M), the chance the game lasts more than M turns:")
            step = max(1, (len(surv) - 1) // 10)
            lines += [f"  M = {m:4d}  {quantity_text(surv[m], full=True)}" for m in range(0, len(surv), step)]
        if self.players is not None:
            lines.append(f"{counted(r['players'], 'player')}, every one from square {self.start} "
                         "(spins: every player's turns until someone wins; rounds: the last one counted whole):")
            for unit in ("spins", "rounds"):
                g = r[unit]
                lines.append(f"  {unit:<6}  expected {quantity_text(g[f'expected_{unit}'], True)}, median "
                             f"{quantity_text(g['median'], True)}, 90% of games within "
                             f"{quantity_text(g['quantiles'][PERCENTILE], True)}, fewest "
                             f"{quantity_text(g['fewest'], True)}")
            for seat, w in enumerate(r["win_probability"] or [], 1):
                lines.append(f"  seat {seat} wins with probability  {quantity_text(w, True)}")
            longer = r["longer_than_one_player_fewer"]
            if longer is not None:
                lines.append(f"  longer than with a player fewer: in spins {quantity_text(longer['spins'], True)}, "
                             f"in rounds {quantity_text(longer['rounds'], True)}")
        return "\n".join(lines)

    def latex(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A complete LaTeX document of the answer."""
        r = self.to_json(digits, exact_digits)
        die = ", ".join(tex_number(p) for p in self.die.probabilities)
        turns = r["expected_turns"]
        paras = [f"Board {tex_text(self.board.name)} ({self.board.size} squares), rule {tex_text(self.rule.value)}, "
                 f"start square {self.start}, die $({die})$.", f"Expected turns: $\\sigma {relation_math(turns)}$."]
        if turns.get("infinite"):
            paras.append(tex_text(turns["reason"][0].upper() + turns["reason"][1:]) + ".")
        else:
            paras += [f"Variance: $\\operatorname{{Var}} {relation_math(r['variance'])}$.",
                      f"Standard deviation: $\\sqrt{{\\operatorname{{Var}}}} {relation_math(r['std'])}$."]
        counts = [(name, "undecided" if key in self.undecided else r[key])
                  for name, key in (("Median", "median"), ("Mode", "mode"), ("Fewest turns", "min_turns")) if key in r]
        if counts:
            paras.append("; ".join(f"{name}: {_count(v)}" for name, v in counts) + ".")
        for key, words in (("fewest_turns_path", "A game of the fewest turns"), ("most_likely_path", "The most likely "
                           "way to finish")) if r.get("most_likely_path") else ():
            paras.append(f"{words}: {tex_text(path_text(r[key]))} ({r[key]['count']} such; of probability "
                         f"${value_math(r[key]['probability'])}${' together' if key[0] == 'f' else ''}).")
        if self.players is not None:
            paras.append(self._players_latex(r))
        return tex_document("The length of a game of Chutes \\& Ladders", paras)

    def _players_latex(self, r: dict[str, Any]) -> str:
        parts = [f"{counted(r['players'], 'player')}, every one from square {self.start}."]
        for unit, word in (("spins", "spins (every player's turns until someone wins)"),
                           ("rounds", "rounds (the last one counted whole)")):
            g = r[unit]
            parts.append(f"Total {word}: expected ${value_math(g[f'expected_{unit}'])}$, median "
                         f"{_count(g['median'], False)}, 90\\% of games within "
                         f"{_count(g['quantiles'][PERCENTILE], False)}, fewest {_count(g['fewest'], False)}.")
        if r["win_probability"] is not None:
            parts.append("Seat by seat, the chance to win: "
                         + ", ".join(f"${value_math(w)}$" for w in r["win_probability"]) + ".")
        longer = r["longer_than_one_player_fewer"]
        if longer is not None:
            parts.append(f"Longer than with a player fewer: in spins ${value_math(longer['spins'])}$, "
                         f"in rounds ${value_math(longer['rounds'])}$.")
        return " ".join(parts)


def _decimal(q: dict[str, Any]) -> str:
    """A quantity's certified decimal, or its bounds where no digit is certain."""
    return q["decimal"] if q.get("decimal") is not None else quantity_text(q, full=True)


def _count(v: Any, words: bool = True) -> str:
    """A count, a quantity or None in a sentence (``words``: a text such as "undecided" as it is)."""
    if isinstance(v, int) or (words and isinstance(v, str)):
        return str(v)
    return "none" if not v else f"${value_math(v)}$"


def duration_report(board: Board, die: Die, rule: Rule | str = Rule.STAY, start: int = 0, *, engine: str = "auto",
                    survival: int = 100, players: int | None = None, digits: int = 15,
                    note: Callable[[str], None] | None = None) -> DurationReport:
    """What ``limits duration`` answers about a game: exactly, or (``engine="float"``, and ``"auto"`` from
    :data:`~limits.checks.FLOAT_FROM` squares) in floats with proven bounds, straight from the board.

    Exact: the moments, the median, the mode (each left undecided past its documented search limit, the rest
    still answering), the fewest turns, ``P(M > m)`` for m = 0..``survival``, and with ``players`` the game of
    that many players (:func:`~limits.game.players.players_table`, its sums to ``digits`` digits and ten more).
    Floats: the mean, variance and standard deviation alone; where no bound can be proven (a chain nearly
    singular) below :data:`~limits.checks.FLOAT_FROM` squares, the exact ones, with a note (``note(line)``
    hears each note as soon as it is known); past it a :class:`~limits.errors.ConvergenceError`.

    Raises
    ------
    TooLargeError
        For work predicted past the budget (:mod:`limits.cost`), before any.

    Examples
    --------
    >>> from limits import standard, fair
    >>> r = duration_report(standard(), fair(), survival=3)
    >>> r.median, r.mode, r.to_json(6)["expected_turns"]["decimal"]
    (33, 22, '39.5984')
    """
    chosen = engine == "float"
    if chosen or (engine == "auto" and board.size >= FLOAT_FROM):
        float_cost(shape_of(board, die)).check()
        if players is not None:  # the float engine gives the mean and variance of one game only
            raise LimitsError("--players needs exact answers: " + (
                "drop --float" if chosen else f"give --exact on a board of {board.size} squares"))
        return _float_report(board, die, as_rule(rule), start, chosen, note)
    shape = shape_of(board, die)
    exact_moments(shape).check()
    if players is not None:
        players_cost(shape, digits).check()
    chain = build_chain(board, die, rule, start=start)
    chain.entry(start)  # a bad start square is bad input, even when the game is infinite
    survival_list = tuple(survival_of(chain, survival, start))  # refused past its size before the moments
    try:
        m = chain.moments(start)
        mean, variance = m.mean, m.variance
    except InfiniteExpectationError as exc:
        mean = variance = exc
    undecided: dict[str, str] = {}

    def decided(name: str, compute: Callable[[Chain, int], Any]) -> Any:
        try:
            return compute(chain, start)
        except TooLargeError as exc:
            undecided[name] = str(exc)
            return None

    found = {name: decided(name, f) for name, f in (("median", median), ("mode", mode))}
    row = None
    if players is not None:
        row, = players_table(chain, (players,), start, levels=(PERCENTILE,), tolerance=tolerance_for(digits))
    return DurationReport(chain.board, chain.die, chain.rule, start, mean, variance, median=found["median"],
                          mode=found["mode"], min_turns=min_turns(chain, start),
                          paths=(chain.fewest_turns_path(start), chain.most_likely_path(start)),
                          survival=survival_list, undecided=undecided, players=row)


def _float_report(board: Board, die: Die, rule: Rule, start: int, chosen: bool,
                  note: Callable[[str], None] | None) -> DurationReport:
    from ..model.reach import check_reachable
    from .float_duration import float_moments

    check_reachable(board, die.faces, rule, start)
    notes: list[str] = []

    def said(line: str) -> None:
        notes.append(line)
        if note is not None:
            note(line)

    if not chosen:
        said(f"a board of {board.size} squares (at least {FLOAT_FROM}) is answered in floats; --exact asks for "
             "the exact fractions")
    report = dict(board=board, die=die, rule=rule, start=start, engine="float", chosen=chosen)
    square = board.land(start)
    mean = variance = 0.0
    bounds: Any = (Enclosure.of(0), Enclosure.of(0))
    if square != board.size:
        moments = float_moments(board, die, rule)
        (mean, variance), bounds = moments.at(square), moments.bounds_at(square)
    if math.isinf(mean):
        try:  # the exact chain names the loop
            build_chain(board, die, rule, start=start).moments(exact=False)
        except InfiniteExpectationError as exc:
            return DurationReport(mean=exc, variance=exc, notes=tuple(notes), **report)
    if bounds is not None:  # proven from the exact residuals
        return DurationReport(mean=bounds[0], variance=bounds[1], floats=(mean, variance), notes=tuple(notes),
                              **report)
    # no proof: near singular, floats can be far off (a variance 4x too large was seen), so they are not given
    if board.size >= FLOAT_FROM:
        raise ConvergenceError("the float answer cannot be certified here (the chain is nearly singular, so its "
                               "residual proves nothing); --exact computes it exactly")
    said("the floats could not be certified here (the chain is nearly singular): the answer is exact")
    m = build_chain(board, die, rule, start=start).moments()
    return DurationReport(mean=m.mean, variance=m.variance, notes=tuple(notes), **report)
