"""What a race answers: :class:`Race` (one pair of policies) and :class:`RaceTable` (every pair).

Values are exact Fractions where the route gives them (two policies that
ignore each other: generating functions; or exact lifting when asked), and
certified :class:`~limits.exact.enclosure.Enclosure` objects otherwise; an
infinite expected number of rounds is None, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from ..checks import MAX_TEXT_DIGITS
from ..errors import one_line
from ..exact.digits import decimal, ratio
from ..exact.enclosure import Enclosure
from ..markup.latex import tex_decimal, tex_document, tex_text
from ..markup.numerals import counted, relation_math
from ..markup.quantities import infinite_quantity, quantity, quantity_text, to_json
from ..model.board import Board
from ..model.die import Die
from ..model.rules import Rule
from .certificate import SeatCertificate
from .compare import WinVersusLength
from .policies import RacePolicy

__all__ = ["TIES", "ties_data", "RaceInputs", "SeatPlay", "Race", "RaceRow", "RaceTable", "shown", "shown_math"]

TIES = ("where flipping and not flipping give a seat playing win the same chance to win, it plays as length does; "
        "length, where both give the same expected turns, does not flip")
"""How ties are broken, so that every policy is one table: a ``win`` seat's chance to win does not depend on it,
but the race's rounds (and whether it ends) may."""

SHOWN_DIFFERENCES = 8
"""Differences of ``win`` from ``length`` written in the text (the JSON lists them all)."""


def ties_data(decisions: int) -> dict[str, Any]:
    """The JSON's ``ties``: the rule (:data:`TIES`), the ``win`` decisions that were ties, what may depend on them."""
    return {"rule": TIES, "decisions": decisions, "may_depend": ["expected_rounds", "never_ends"] if decisions else []}


def _rounds(value: Any, digits: int, exact_digits: int | None, reason: str | None = None, loop: Any = ()) -> Any:
    """The expected rounds as a quantity: infinite (None) with the reason and the loop."""
    return infinite_quantity(reason or "the race may never end", loop) if value is None else \
        quantity(value, digits, exact_digits)


def _chances(race: Any, digits: int, exact_digits: int | None, *more: str) -> dict[str, Any]:
    return {k: quantity(getattr(race, k), digits, exact_digits) for k in ("first_wins", "second_wins", *more)}


def shown(value: Any, digits: int = 12) -> str:
    """A value for a person: its certain digits (an Enclosure), its rounded decimal (a Fraction), or inf."""
    return "inf" if value is None else value.shown(digits) if isinstance(value, Enclosure) else decimal(value, digits)


def shown_math(value: Any, digits: int = 12) -> str:
    """:func:`shown` as math mode after a relation: ``= 0.25`` (an exact decimal), ``\\approx 0.5078...``, or
    ``\\in [a, b]`` (an interval not one digit of which is certain), ``= \\infty`` for None.

    Examples
    --------
    >>> shown_math(Fraction(1, 4)), shown_math(Fraction(1, 3), 6), shown_math(None)
    ('= 0.25', '\\\\approx 0.333333', '= \\\\infty')
    """
    def tex(text: str) -> str:  # without line breaks: MathJax renders the whole as one line
        return tex_decimal(text).replace("\\allowbreak ", "")

    text = shown(value, digits)
    if text.startswith("["):
        lower, upper = text[1:-1].split(", ")
        return f"\\in [{tex(lower)}, {tex(upper)}]"
    exact = value is None or (not isinstance(value, Enclosure) and Fraction(text) == value) or (
        isinstance(value, Enclosure) and value.is_exact and Fraction(text) == value.lower)
    return ("= " if exact else "\\approx ") + tex(text)


@dataclass(frozen=True)
class RaceInputs:
    """What a race was computed from: enough to compute it again."""

    board: Board
    die: Die
    rule: Rule
    coin: Fraction
    start: int
    flip: Fraction

    def to_dict(self) -> dict[str, Any]:
        from .._identity import __version__

        return {"board": self.board.name, "board_sha256": self.board.sha256, "size": self.board.size,
                "die": [ratio(p) for p in self.die.probabilities], "rule": self.rule.value,
                "coin": ratio(self.coin), "flip": ratio(self.flip), "start": self.start, "version": __version__}

    def line(self) -> str:
        """The game in one line, as a race's text and document start."""
        return (f"board {self.board.name} ({self.board.size} squares), die "
                f"({', '.join(map(ratio, self.die.probabilities))}), rule {self.rule.value}, coin {ratio(self.coin)}, "
                f"both start on {self.start}")


@dataclass(frozen=True)
class SeatPlay:
    """How one seat played: its policy and, for ``win``, its certificate and how it differs from ``length``.

    ``guaranteed`` (both seats ``win``): whether the race ends surely under this seat's policy whatever the
    other seat does, so that the chance it reaches is guaranteed against any play of the other.
    """

    seat: int
    policy: RacePolicy
    certificate: SeatCertificate | None = None
    versus_length: WinVersusLength | None = None
    guaranteed: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        cert, versus = self.certificate, self.versus_length
        return {"seat": self.seat, "policy": self.policy.name, "description": self.policy.description,
                "reactive": self.policy.reactive, "guaranteed": self.guaranteed,
                "certificate": None if cert is None else {k: v for k, v in cert.to_dict().items() if k != "width"}
                | {"width": cert.width},
                "versus_length": None if versus is None else {k: v for k, v in versus.to_dict().items() if k != "seat"}}


@dataclass(frozen=True)
class Race:
    """A race of two coin policies: who wins, how long it lasts, and what ``win`` is worth.

    Attributes
    ----------
    inputs : RaceInputs
    first, second : SeatPlay
    first_wins, second_wins, never_ends : Fraction or Enclosure
    expected_rounds : Fraction, Enclosure or None
        None when the race may never end (``rounds_reason`` says why).
    method : str
        How the values were found.
    states : int
        The states of the chain of both positions (0 when it was not needed).
    """

    inputs: RaceInputs
    first: SeatPlay
    second: SeatPlay
    first_wins: Fraction | Enclosure
    second_wins: Fraction | Enclosure
    never_ends: Fraction | Enclosure
    expected_rounds: Fraction | Enclosure | None
    method: str
    states: int = 0
    rounds_reason: str | None = None
    loop: tuple[int, ...] = ()
    moves: Any = field(default=None, compare=False, repr=False)
    length: RacePolicy | None = field(default=None, compare=False, repr=False)
    ties: int = 0

    @property
    def exact(self) -> bool:
        """Whether the chances are exact fractions."""
        return not isinstance(self.first_wins, Enclosure) or self.first_wins.is_exact

    @property
    def seats(self) -> tuple[SeatPlay, SeatPlay]:
        return self.first, self.second

    def __repr__(self) -> str:
        what = "exact" if self.exact else "certified"
        return one_line(f"Race({self.first.policy.name} vs {self.second.policy.name} on {self.inputs.board.name}: first wins "
                f"{shown(self.first_wins)}, second {shown(self.second_wins, 6)}; {shown(self.expected_rounds, 8)} "
                f"rounds; {what})")[:200]

    def value_statement(self) -> str | None:
        """For both seats ``win``: what the pair's chances guarantee."""
        if not (self.first.certificate and self.second.certificate):
            return None
        if self.first.guaranteed and self.second.guaranteed:
            return (f"the game's value: the first can make its chance to win at least {shown(self.first_wins)} "
                    f"whatever the second does, and the second its own at least {shown(self.second_wins)} "
                    "whatever the first does")
        return ("each seat's policy is its best answer to the other's (an equilibrium); a seat's policy that lets "
                "the other keep the race going for ever does not guarantee its chance against every play")

    def _repr_html_(self) -> str:
        from ..markup.jupyter import summary_html

        rows = [("board", self.inputs.board.summary()), ("die", self.inputs.die.summary()),
                ("rule, coin", f"{self.inputs.rule.value}, heads {self.inputs.coin}"),
                ("policies", f"first {self.first.policy.name}, second {self.second.policy.name}"),
                ("first wins", shown(self.first_wins, 30)), ("second wins", shown(self.second_wins, 30))]
        if self.never_ends:
            rows.append(("never ends", shown(self.never_ends, 12)))
        rows.append(("expected rounds", shown(self.expected_rounds, 20) if self.expected_rounds is not None
                     else f"inf: {self.rounds_reason}"))
        rows.append(("how", self.method))
        for seat in self.seats:
            if seat.certificate is not None:
                rows.append((f"certificate, seat {seat.seat}", seat.certificate.statement()))
            if seat.versus_length is not None:
                v = seat.versus_length
                rows.append((f"win vs length, seat {seat.seat}",
                             f"gains {shown(v.gain, 6)}; differs at {v.decisions} decisions "
                             f"({len(v.differences)} squares and rolls)"))
        statement = self.value_statement()
        if statement:
            rows.append(("value", statement))
        return summary_html("A race of two coin policies", rows)

    def _repr_latex_(self) -> str:
        """The chances and the rounds, and each ``win`` seat's gain over ``length``, in MathJax's math mode."""
        t = "\\text"
        lines = [f"{t}{{first ({self.first.policy.name}) wins}} & {shown_math(self.first_wins, 30)}",
                 f"{t}{{second ({self.second.policy.name}) wins}} & {shown_math(self.second_wins, 30)}",
                 f"{t}{{expected rounds}} & {shown_math(self.expected_rounds, 20)}"]
        for seat in self.seats:
            if seat.versus_length is not None:
                lines.append(f"{t}{{gain of win over length, seat {seat.seat}}} & "
                             f"{shown_math(seat.versus_length.gain, 12)}")
        return "$$\\begin{aligned}" + " \\\\ ".join(lines) + "\\end{aligned}$$"

    def to_dict(self) -> dict[str, Any]:
        """Plain exact data: Fractions, Enclosures, ints, text."""
        return {"inputs": self.inputs.to_dict(), "first_wins": self.first_wins, "second_wins": self.second_wins,
                "never_ends": self.never_ends, "expected_rounds": self.expected_rounds,
                "rounds_reason": self.rounds_reason, "loop": list(self.loop), "method": self.method,
                "states": self.states, "first": self.first.to_dict(), "second": self.second.to_dict(),
                "value": self.value_statement(), "ties": ties_data(self.ties)}

    @property
    def engine(self) -> str:
        """The record's engine: certified if a value is only certified (the how line says which route)."""
        return "certified" if "certified" in self.method else "exact"

    def to_json(self, digits: int = 12, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits race``'s JSON schema (without ``schema`` and ``inputs``)."""
        policies = {"first": self.first.policy.name, "second": self.second.policy.name}
        return {**self.inputs.to_dict(), "policies": policies, **_chances(self, digits, exact_digits, "never_ends"),
                "expected_rounds": _rounds(self.expected_rounds, digits, exact_digits, self.rounds_reason, self.loop),
                "method": self.method, "states": self.states,
                "seats": to_json([s.to_dict() for s in self.seats], digits, exact_digits),
                "value": self.value_statement(), "ties": ties_data(self.ties)}

    def text(self, digits: int = 12, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The answer as ``limits race`` prints it: the chances and the rounds, how they were found, the
        certificates, and where each ``win`` seat parts from ``length`` (the first :data:`SHOWN_DIFFERENCES`)."""
        r = self.to_json(digits, exact_digits)
        lines = [self.inputs.line(), f"first: {self.first.policy.name}, second: {self.second.policy.name}", ""]
        for key in ("first_wins", "second_wins", "never_ends", "expected_rounds"):
            q = r[key]
            if key == "never_ends" and q.get("exact") == "0":
                continue
            kind = "exact" if q.get("exact") or q.get("exact_digits") else \
                "infinite: " + q["reason"] if q.get("infinite") else f"{q.get('certain_digits')} certain digits"
            lines.append(f"{key.replace('_', ' '):<16} {quantity_text(q):<40} {kind}")
        lines += ["", f"how: {self.method}" + (f" ({self.states:,} states)" if self.states else "")]
        lines += [f"certificate: {s.certificate.statement()}" for s in self.seats if s.certificate is not None]
        if r["value"]:
            lines.append(f"value: {r['value']}")
        if self.ties:
            lines.append(f"ties: {counted(self.ties, 'decision')} of win give the same chance to win either way; "
                         f"{TIES} (the expected rounds follow that choice)")
        for v in [s.versus_length for s in self.seats if s.versus_length is not None]:
            lines += ["", f"win against length, {'first' if v.seat == 1 else 'second'} seat: "
                          f"{quantity_text(to_json(v.gain, digits, exact_digits))} more chance to win (with length in "
                          f"its place: {quantity_text(to_json(v.with_length, digits, exact_digits))}); they part at "
                          f"{counted(v.decisions, 'decision')} (my square, the opponent's, the roll) where length "
                          f"is proven worse, on {counted(len(v.differences), 'square and roll', 'squares and rolls')}"]
            lines += ["  " + d.text(self.inputs.board.size, tuple(self.moves.squares))
                      for d in v.differences[:SHOWN_DIFFERENCES]]
            if len(v.differences) > SHOWN_DIFFERENCES:
                lines.append(f"  and {len(v.differences) - SHOWN_DIFFERENCES} more (--format json lists them all)")
        return "\n".join(lines)

    def latex(self, digits: int = 12, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A complete LaTeX document of the race."""
        r = self.to_json(digits, exact_digits)
        paras = [tex_text(self.inputs.line()) + ".",
                 tex_text(f"The first plays {self.first.policy.name}, the second {self.second.policy.name}."),
                 f"$P(\\text{{first wins}}) {relation_math(r['first_wins'])}$, "
                 f"$P(\\text{{second wins}}) {relation_math(r['second_wins'])}$, "
                 f"expected rounds ${relation_math(r['expected_rounds'])}$.",
                 tex_text(f"How: {self.method}.")]
        paras += [tex_text(f"Certificate: {s.certificate.statement()}.") for s in self.seats if s.certificate]
        if r["value"]:
            paras.append(tex_text(f"Value: {r['value']}."))
        paras += [tex_text(f"Seat {v.seat}: win gains ") + f"${relation_math(to_json(v.gain, digits, exact_digits))}$"
                  + tex_text(f" over length, from which it parts at {v.decisions} decisions.")
                  for v in (s.versus_length for s in self.seats) if v]
        return tex_document("A race of two coin policies", paras)


@dataclass(frozen=True)
class RaceRow:
    """One race of the table: the policies of the two seats and the chances."""

    first: str
    second: str
    first_wins: Fraction | Enclosure
    second_wins: Fraction | Enclosure
    expected_rounds: Fraction | Enclosure | None
    method: str
    ties: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class RaceTable:
    """The head-to-head table: every policy in each seat against every policy in the other."""

    inputs: RaceInputs
    policies: tuple[str, ...]
    rows: tuple[RaceRow, ...]

    def __repr__(self) -> str:
        best = max(self.rows, key=lambda r: Enclosure.of(r.first_wins).lower + Enclosure.of(r.first_wins).upper)
        return one_line(f"RaceTable({len(self.policies)} policies, {len(self.rows)} races on {self.inputs.board.name}; "
                f"the first's best: {best.first} vs {best.second}, {shown(best.first_wins, 6)})")[:200]

    def row(self, first: str, second: str) -> RaceRow:
        """The race of ``first`` against ``second``."""
        return next(r for r in self.rows if r.first == first and r.second == second)

    def _repr_html_(self) -> str:
        from ..markup.jupyter import summary_html

        head = "".join(f"<th>{p}</th>" for p in self.policies)
        body = "".join(
            f"<tr><th>{a}</th>" + "".join(f"<td>{shown(self.row(a, b).first_wins, 6)}</td>" for b in self.policies)
            + "</tr>" for a in self.policies)
        table = f"<table><tr><th>first \\ second</th>{head}</tr>{body}</table>"
        return summary_html("The first seat's chance to win, by both seats' policies",
                            [("board", self.inputs.board.summary()), ("die", self.inputs.die.summary())], table)

    def _repr_latex_(self) -> str:
        """The table as a MathJax ``array``: the first seat's chance, rows its policy, columns the second's."""
        head = " & ".join(f"\\text{{{p}}}" for p in self.policies)
        body = " \\\\ ".join(f"\\text{{{a}}} & " + " & ".join(
            shown_math(self.row(a, b).first_wins, 6).split(" ", 1)[1] for b in self.policies) for a in self.policies)
        return (f"$$\\begin{{array}}{{l|{'r' * len(self.policies)}}} \\text{{first / second}} "
                f"& {head} \\\\ \\hline {body} \\end{{array}}$$")

    def to_dict(self) -> dict[str, Any]:
        return {"inputs": self.inputs.to_dict(), "policies": list(self.policies),
                "table": [r.to_dict() for r in self.rows]}

    @property
    def engine(self) -> str:
        """The record's engine: certified if any value is only certified (the how line says which route)."""
        return "certified" if any("certified" in r.method for r in self.rows) else "exact"

    def to_json(self, digits: int = 12, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits race --table``'s JSON schema (without ``schema`` and ``inputs``)."""
        rows = [{**r.to_dict(), **_chances(r, digits, exact_digits), "expected_rounds": _rounds(
            r.expected_rounds, digits, exact_digits)} for r in self.rows]
        return {**self.inputs.to_dict(), "policies": {"first": list(self.policies), "second": list(self.policies)},
                "table": rows, "ties": ties_data(sum(r.ties for r in self.rows))}

    def text(self, digits: int = 12, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The table as ``limits race --table`` prints it: the first seat's chance to win by both seats' policies."""
        cell = {(r.first, r.second): quantity_text(quantity(r.first_wins, digits, exact_digits)) for r in self.rows}
        width = max(8, *(len(v) for v in cell.values()))
        lines = [self.inputs.line(), "the first seat's chance to win: rows the first's policy, columns the second's",
                 "", "first \\ second".ljust(16) + "".join(n.rjust(width + 2) for n in self.policies)]
        lines += [a.ljust(16) + "".join(cell[a, b].rjust(width + 2) for b in self.policies) for a in self.policies]
        return "\n".join(lines + ["", "how: " + "; ".join(sorted({r.method for r in self.rows}))])

    def latex(self, digits: int = 12, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A complete LaTeX document of the table, shrunk to the text's width only when wider (ten policies of
        twelve digits are)."""
        cell = {(r.first, r.second): relation_math(quantity(r.first_wins, digits, exact_digits)) for r in self.rows}
        body = " \\\\\n".join(tex_text(a) + " & " + " & ".join(
            f"${cell[a, b].removeprefix('= ').removeprefix(chr(92) + 'approx ')}$" for b in self.policies)
            for a in self.policies)
        table = ("\\sbox{\\racetable}{\\small\\begin{tabular}{l" + "r" * len(self.policies) + "}\n"
                 + tex_text("first \\ second") + " & " + " & ".join(map(tex_text, self.policies))
                 + " \\\\\n\\hline\n"
                 + body + "\n\\end{tabular}}\n"
                 + "\\ifdim\\wd\\racetable>\\linewidth\\resizebox{\\linewidth}{!}{\\usebox{\\racetable}}"
                 + "\\else\\usebox{\\racetable}\\fi")
        return tex_document("The first seat's chance to win", [tex_text(self.inputs.line()) + ".", table],
                            preamble=["\\newsavebox{\\racetable}"])
