"""The report's tables of everyday questions: several players, counts along the way, published numbers.

:func:`everyday_tables` returns ``(caption, headers, rows)`` triples of plain
text, ready for :meth:`limits.markup.document.Document.table`; every value
is computed by the engine (decimals are exact values rounded, or the
certain digits of an enclosure).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..exact.digits import decimal
from ..markup.quantities import quantity, quantity_text

__all__ = ["players_rows", "counts_rows", "everyday_tables"]

Table = tuple[str, list[str], list[list[str]]]


def _shown(value: Any) -> str:
    """Six digits at most, and only certain ones (the JSON's decimal, else the bounds); None is an infinite mean."""
    if value is None:
        return "inf"
    return quantity_text(quantity(value, 6))


def players_rows(table: Any) -> Table:
    """Spins, rounds, seat 1's chance and the chance of a longer game, for each number of players of ``table``
    (:func:`~limits.game.players.players_table`).

    Examples
    --------
    >>> from limits.game.players import players_table
    >>> from limits.model.build import build_chain
    >>> caption, headers, rows = players_rows(players_table(build_chain(), (2,)))
    >>> rows[0][:4]
    ['2', '52.5188', '46', '88']
    """
    rows = []
    for r in table:
        level = Fraction(9, 10)
        longer = r.longer or {}
        rows.append([str(r.players), _shown(r.spins.mean), str(r.spins.median), str(dict(r.spins.quantiles)[level]),
                     _shown(r.rounds.mean), str(dict(r.rounds.quantiles)[level]),
                     _shown(r.win_probability[0]) if r.win_probability else "-",
                     _shown(longer["spins"]) if "spins" in longer else "-"])
    headers = ["players", "mean spins", "median spins", "90% of games within (spins)", "mean rounds",
               "90% within (rounds)", "seat 1 wins", "longer than with a player fewer"]
    return ("How long a game of k players lasts: spins are every player's turns until someone wins, rounds count "
            "every seat's turn, the last round whole; quantiles are the smallest m with P(M <= m) >= q.",
            headers, rows)


def counts_rows(counts: Any) -> Table:
    """Mean and the chance of none of each count along one player's game (:func:`~limits.game.counts.game_counts`).

    Examples
    --------
    >>> from limits.game.counts import game_counts
    >>> from limits.model.build import build_chain
    >>> caption, headers, rows = counts_rows(game_counts(build_chain(), law_upto=0))
    >>> rows[1], rows[3][0]
    (['chutes slid down', '4.28598', '0.104459'], 'squares slid down chutes')
    """
    rows = [[a.count.label, _shown(a.mean), decimal(a.none, 6)] for a in counts.answers]
    return ("Counts along one player's game, exactly (P(none) for the chutes slid down is the chance of winning "
            "without sliding down any chute).", ["count", "mean", "P(none)"], rows)


def everyday_tables(table: Any, counts: Any, checks: Any) -> list[Table]:
    """The report's section: the players table, the counts, and the published numbers checked."""
    from .published import published_rows

    published = ("Numbers published by others about this board, beside ours (docs: Published numbers, checked).",
                 ["source", "quantity", "game", "theirs", "ours", "verdict"],
                 [list(r) for r in published_rows(checks)])
    return [players_rows(table), counts_rows(counts), published]
