"""What ``limits players`` answers: the table of :func:`~limits.game.players.players_table` across numbers of
players, as a result that renders itself (text, a LaTeX document, the dict of its JSON schema)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from ..checks import MAX_TEXT_DIGITS
from ..cost import exact_moments, shape_of
from ..cost import players as players_cost
from ..exact.digits import decimal
from ..exact.known_digits import interval_text
from ..markup.document import Document
from ..markup.latex import tex_number
from ..markup.numerals import value_math
from ..markup.prose import literal
from ..markup.quantities import level_key, quantity_text
from ..model.chain import Chain
from .players import PlayersRow, players_table
from .quantile import QuantileRule, as_level, as_quantile_rule
from .reports import PERCENTILE, _die, tolerance_for

__all__ = ["PlayersReport", "players_report"]

RULES = {
    QuantileRule.LOWER: "the smallest m with P(M <= m) >= q",
    QuantileRule.UPPER: "the smallest m with P(M <= m) > q",
    QuantileRule.MIDPOINT: "halfway between the lower and upper quantiles",
}


@dataclass(frozen=True)
class PlayersReport:
    """The table of ``limits players``: for each number of players, spins, rounds, quantiles and who wins."""

    chain: Chain
    start: int
    rows: tuple[PlayersRow, ...]
    levels: tuple[Fraction, ...]
    rule: QuantileRule

    def __repr__(self) -> str:
        return f"PlayersReport({', '.join(str(r.players) for r in self.rows)} players; {self.chain.board.summary()})"

    def to_json(self, digits: int = 6, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits players``'s JSON schema (without ``schema`` and ``inputs``)."""
        return {"board": self.chain.board.name, "rule": self.chain.rule.value, "die": _die(self.chain.die),
                "start": self.start, "quantile_rule": self.rule.value,
                "games": [row.to_json(digits, exact_digits) for row in self.rows]}

    def text(self, digits: int = 6, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The table, one row per number of players, after what its columns mean."""
        games = self.to_json(digits, exact_digits)["games"]
        keys = [level_key(q) for q in self.levels]
        names = [f"{decimal(q * 100, 6)}%" for q in self.levels]
        table = [["players", "mean spins", "median", *names, "mean rounds", "median", *names, "seat 1 wins",
                  "longer (spins)", "longer (rounds)"]]
        for g in games:
            s, r = g["spins"], g["rounds"]
            longer = g["longer_than_one_player_fewer"] or {}
            cells = [s["expected_spins"], s["median"], *(s["quantiles"][k] for k in keys), r["expected_rounds"],
                     r["median"], *(r["quantiles"][k] for k in keys), (g["win_probability"] or [None])[0],
                     longer.get("spins"), longer.get("rounds")]
            table.append([str(g["players"]), *("-" if c is None else quantity_text(c) for c in cells)])
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
        lines = [f"every player starts on {self.start}",
                 "spins: every player's turns until someone wins; rounds: turns of every seat, the last one counted "
                 "whole", f"quantiles ({self.rule.value}): {RULES[self.rule]}",
                 "longer: the chance that the game lasts longer than one with a player fewer"]
        methods = [(g["players"], g.get("win_probability_method") or {}) for g in games]
        exact = [str(k) for k, m in methods if m.get("kind") == "exact" and k > 1]
        if exact:
            lines.append(f"seat 1 wins: exact fractions for {', '.join(exact)} players (--format json --exact-digits "
                         "all), rounded here")
        lines += [f"seat 1 wins, {k} players: certified digits ({m['reason']})" for k, m in methods
                  if m.get("kind") == "certified"]
        lines.append("")
        lines += ["  ".join(cell.rjust(w) for cell, w in zip(row, widths)) for row in table]
        return "\n".join(lines)

    def latex(self, digits: int = 6, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A LaTeX document: spins, rounds and the first seat's chance, for each number of players."""
        rows = []
        for g in self.to_json(digits, exact_digits)["games"]:
            s, n = g["spins"], g["rounds"]
            rows.append([str(g["players"]), *("-" if q is None else f"${value_math(q)}$" for q in (
                s["expected_spins"], s["median"], n["expected_rounds"], n["median"], (g["win_probability"] or [None])[0]))])
        die = ", ".join(tex_number(p) for p in self.chain.die.probabilities)
        doc = Document("How long a game of several players lasts")
        doc.paragraph(f"Board {literal(self.chain.board.name)}, rule {self.chain.rule.value}, die $({die})$, start square "
                      f"{self.start}.")  # a name's dollars start no math
        doc.paragraph("Spins: every player's turns until someone wins; rounds: turns of every seat, the last one "
                      f"counted whole; medians by the {self.rule.value} rule.")
        doc.table(["players", "expected spins", "median spins", "expected rounds", "median rounds", "seat 1 wins"],
                  rows)
        return doc.latex()


def players_report(chain: Chain, counts: Iterable[int] = (1, 2, 3, 4), *, levels: Iterable[Any] = (PERCENTILE,),
                   rule: QuantileRule | str = QuantileRule.LOWER, digits: int = 6,
                   exact_seats: bool = True) -> PlayersReport:
    """The table of ``limits players`` from the chain's start, its infinite sums to ``digits`` digits and ten more.

    Without ``exact_seats`` (a table that shows only digits), the seats' exact chances are read from certified
    enclosures of them, and solved for only where an enclosure straddles a rounding at ``digits`` digits
    (two players on the paper's board: fractions of 4,453 digits).

    Raises
    ------
    TooLargeError
        For work predicted past the budget (:mod:`limits.cost`), before any.
    """
    shape = shape_of(chain.board, chain.die)
    exact_moments(shape).check()
    players_cost(shape, digits).check()
    levels = tuple(as_level(q) for q in levels)
    rule = as_quantile_rule(rule)

    def table(exact: bool) -> tuple[PlayersRow, ...]:
        return players_table(chain, counts, chain.start, levels=levels, rule=rule, tolerance=tolerance_for(digits),
                             exact_seats=exact)

    rows = table(exact_seats)
    if not exact_seats and not all(rounding_known(row, digits) for row in rows):
        rows = table(True)
    return PlayersReport(chain, chain.start, rows, levels, rule)


def rounding_known(row: PlayersRow, digits: int) -> bool:
    """Whether every seat chance of ``row`` that is exact but was not solved for has its enclosure's ``digits``
    digits all certain: then they are the exact value's, rounded as the text rounds it."""
    seats = row.seats
    if seats is None or seats.exact is not None or seats.route is None:
        return True
    return all(interval_text(w.lower, w.upper, digits).certain_digits == digits for w in row.win_probability)
