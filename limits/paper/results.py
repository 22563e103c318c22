"""The report's numbers as data: ``results.json``, every table and claim in the JSON convention.

Each section of the report (:mod:`limits.paper.sections`) records what its
tables show as plain exact data, and :func:`~limits.markup.quantities.to_json`,
the encoder of every command, turns it into JSON at :data:`DIGITS` digits:
exact rationals and enclosures become quantities, infinite values say why,
counts and squares stay integers. :func:`results_bytes` writes the file: the
same bytes for the same settings, like the report itself. Its schema ships as
``limits/schemas/reproduce.json`` (``limits schema reproduce``).
"""

from __future__ import annotations

import json
import math
from typing import Any, Mapping

from ..markup.quantities import infinite_quantity, level_key

__all__ = ["SCHEMA", "DIGITS", "results_bytes", "party_data", "TRAPPED", "NEVER"]

SCHEMA = "limits.reproduce/1"
DIGITS = 15
"""Significant digits of the decimals in ``results.json`` (exact values are there in full)."""


def results_bytes(title: str, settings: Mapping[str, Any], sections: Mapping[str, Any]) -> bytes:
    """``results.json``: the schema tag, the title, the settings and every section's data, as UTF-8 bytes."""
    data = {"schema": SCHEMA, "title": title, "settings": dict(settings), "sections": dict(sections)}
    return (json.dumps(data, indent=2, allow_nan=False, ensure_ascii=False) + "\n").encode("utf-8")


TRAPPED = "a player can be trapped for ever in a loop"
NEVER = "the level is never reached: a player may be trapped for ever"


def party_data(row: Any) -> dict[str, Any]:
    """A game of k players (a :class:`~limits.game.players.PlayersRow`) with the keys of ``limits players``.

    ``spins`` and ``rounds`` each hold ``unit``, ``expected_spins`` (or
    ``expected_rounds``; ``mean`` is kept for sample means), ``variance``
    (exact for one player, otherwise enclosures), ``fewest``, ``median`` and
    ``quantiles`` (whole numbers, keyed by level); then ``win_probability``
    by seat (exact fractions where they can be had, else enclosures),
    ``win_probability_method`` (how they were found) and
    ``longer_than_one_player_fewer``. Plain data for
    :func:`~limits.markup.quantities.to_json`, except the infinite values,
    which are quantities already, with the reason and the loop.
    """
    data = row.to_dict()
    out: dict[str, Any] = {"players": data["players"]}
    for unit in ("spins", "rounds"):
        d = data[unit]
        out[unit] = {"unit": d["unit"], f"expected_{unit}": _finite(d["mean"], TRAPPED, data["trap"]),
                     "variance": _finite(d["variance"], TRAPPED, data["trap"]), "fewest": d["fewest"],
                     "median": _finite(d["median"], NEVER), "quantiles": {
                         level_key(q): _finite(v, NEVER) for q, v in d["quantiles"].items()}}
    out["win_probability"] = data["win_probability"]
    out["win_probability_method"] = data["win_probability_method"]
    out["longer_than_one_player_fewer"] = data["longer_than_one_player_fewer"]
    return out


def _finite(value: Any, reason: str, trap: Any = None) -> Any:
    """The value; None (an infinite mean) or ``math.inf`` (a level never reached) as an infinite quantity."""
    if value is None or (isinstance(value, float) and math.isinf(value)):
        return infinite_quantity(reason, trap or ())
    return value
