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

from ..markup.quantities import level_key

__all__ = ["SCHEMA", "DIGITS", "results_bytes", "party_data"]

SCHEMA = "limits.reproduce/1"
DIGITS = 15
"""Significant digits of the decimals in ``results.json`` (exact values are there in full)."""


def results_bytes(title: str, settings: Mapping[str, Any], sections: Mapping[str, Any]) -> bytes:
    """``results.json``: the schema tag, the title, the settings and every section's data, as UTF-8 bytes."""
    data = {"schema": SCHEMA, "title": title, "settings": dict(settings), "sections": dict(sections)}
    return (json.dumps(data, indent=2, allow_nan=False, ensure_ascii=False) + "\n").encode("utf-8")


def party_data(row: Any) -> dict[str, Any]:
    """A row of :func:`limits.game.players.players_table` with the keys of ``limits players`` (plain data).

    The expected numbers are ``expected_spins`` and ``expected_rounds``
    (``mean`` is kept for sample means); a level never reached is ``math.inf``.
    """
    data = row.to_dict()
    out: dict[str, Any] = {"players": data["players"]}
    for unit in ("spins", "rounds"):
        d = data[unit]
        out[unit] = {"unit": d["unit"], f"expected_{unit}": _or_inf(d["mean"]), "variance": _or_inf(d["variance"]),
                     "fewest": d["fewest"], "median": d["median"],
                     "quantiles": {level_key(q): v for q, v in d["quantiles"].items()}}
    out["win_probability"] = data["win_probability"]
    out["longer_than_one_player_fewer"] = data["longer_than_one_player_fewer"]
    return out


def _or_inf(value: Any) -> Any:
    return math.inf if value is None else value
