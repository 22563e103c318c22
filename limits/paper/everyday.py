"""The report's section of everyday questions: several players, counts along the way, published numbers.

One section of the report (:mod:`limits.paper.sections`), kept in its own
module as racing is: three tables of plain text, every value computed by the
engine (decimals are exact values rounded, or the certain digits of an
enclosure), and their numbers as data for ``results.json``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..exact.digits import decimal
from ..markup.quantities import quantity, quantity_text

__all__ = ["everyday"]

DIGITS = 15
"""Significant digits of the players' decimals in ``results.json``, as the report's (:data:`limits.paper.sections.DIGITS`)."""

def _shown(value: Any) -> str:
    """Six digits at most, and only certain ones (the JSON's decimal, else the bounds); None is an infinite mean."""
    if value is None:
        return "inf"
    return quantity_text(quantity(value, 6))


def everyday(sheet: Any) -> None:
    """7. The questions people ask (several players, counts along the way) and numbers others published.

    ``sheet`` is the report being built (a :class:`~limits.paper.sections.Sheet`, which lists this section).
    """
    from ..game.counts import game_counts
    from ..game.players import players_table
    from ..model.build import build_chain
    from .published import check_published

    doc = sheet.doc
    doc.heading("7. Everyday questions, and numbers published by others")
    chain = build_chain()
    table, counts, checks = players_table(chain, (1, 2, 3, 4)), game_counts(chain, law_upto=0), check_published()
    level = Fraction(9, 10)
    doc.paragraph("How long a game of k players lasts: spins are every player's turns until someone wins, rounds "
                  "count every seat's turn, the last round whole; quantiles are the smallest m with P(M <= m) >= q.")
    doc.table(["players", "mean spins", "median spins", "90% of games within (spins)", "mean rounds",
               "90% within (rounds)", "seat 1 wins", "longer than with a player fewer"],
              [[str(r.players), _shown(r.spins.mean), str(r.spins.median), str(dict(r.spins.quantiles)[level]),
                _shown(r.rounds.mean), str(dict(r.rounds.quantiles)[level]),
                _shown(r.win_probability[0]) if r.win_probability else "-",
                _shown(r.longer["spins"]) if "spins" in (r.longer or {}) else "-"] for r in table])
    doc.paragraph("Counts along one player's game, exactly (P(none) for the chutes slid down is the chance of winning "
                  "without sliding down any chute).")
    doc.table(["count", "mean", "P(none)"], [[a.count.label, _shown(a.mean), decimal(a.none, 6)] for a in counts.answers])
    doc.paragraph("Numbers published by others about this board, beside ours (docs: Published numbers, checked).")
    doc.table(["source", "quantity", "game", "theirs", "ours", "verdict"],
              [[c.source.cite.split(",")[0].split(" (")[0], c.quantity, c.game, c.printed, c.ours, c.said]
               for c in checks])
    sheet.record("everyday", {
        "quantile_rule": "lower", "players": [row.to_json(DIGITS) for row in table],
        "counts": {a.count.name: {"expected": a.mean, "variance": a.variance, "none": a.none} for a in counts.answers},
        "published": [{"source": c.source.key, "quantity": c.quantity, "game": c.game, "theirs": c.printed,
                       "ours": c.ours, "value": c.value, "verdict": c.verdict.value, "reason": c.reason}
                      for c in checks]})
