"""The report's numbers as data: ``results.json``, every table and claim in the JSON convention.

Each section of the report (:mod:`limits.paper.sections`) records what its
tables show as plain exact data; :func:`json_data` turns it into the JSON
every command prints (:mod:`limits.markup.quantities`): exact rationals and
enclosures become quantities, infinite values say why, counts and squares
stay integers. :func:`results_bytes` writes the file: the same bytes for the
same settings, like the report itself. Its schema ships as
``limits/schemas/reproduce.json`` (``limits schema reproduce``).
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any, Mapping

from ..exact.digits import decimal, ratio
from ..markup.quantities import exact_quantity, infinite_quantity, interval_quantity

__all__ = ["SCHEMA", "DIGITS", "json_data", "results_bytes", "level_key", "party_data"]

SCHEMA = "limits.reproduce/1"
DIGITS = 15
"""Significant digits of the decimals in ``results.json`` (exact values are there in full)."""


def json_data(data: Any, digits: int = DIGITS) -> Any:
    """Plain exact data as JSON in the convention.

    Fractions are exact quantities, anything with ``lower`` and ``upper`` an
    enclosure, ``math.inf`` infinite, ints, text, booleans and None stay as
    they are, tuples become lists; a dict that already is a quantity (it has
    a ``"decimal"``) is kept.

    Raises
    ------
    TypeError
        For a float or another value with no exact JSON form (a bug in a section, not bad input).

    Examples
    --------
    >>> json_data({"order": 2, "coefficient": Fraction(5, 26), "loop": (53,)}, 4)
    {'order': 2, 'coefficient': {'exact': '5/26', 'decimal': '0.1923', 'float': 0.19230769230769232}, 'loop': [53]}
    >>> json_data(math.inf)["infinite"]
    True
    """
    if isinstance(data, Fraction):
        return exact_quantity(data, digits)
    if isinstance(data, bool) or data is None or isinstance(data, (int, str)):
        return data
    if isinstance(data, float):
        if math.isinf(data) and data > 0:
            return infinite_quantity("the value is infinite", ())
        raise TypeError(f"a float has no exact JSON form: {data!r}")
    if isinstance(data, dict):
        if "decimal" in data:  # already a quantity
            return data
        return {str(k): json_data(v, digits) for k, v in data.items()}
    if isinstance(data, (tuple, list)):
        return [json_data(v, digits) for v in data]
    if hasattr(data, "lower") and hasattr(data, "upper"):
        return interval_quantity(Fraction(data.lower), Fraction(data.upper), digits)
    raise TypeError(f"no JSON form for {type(data).__name__}")


def results_bytes(title: str, settings: Mapping[str, Any], sections: Mapping[str, Any]) -> bytes:
    """``results.json``: the schema tag, the title, the settings and every section's data, as UTF-8 bytes."""
    data = {"schema": SCHEMA, "title": title, "settings": dict(settings), "sections": dict(sections)}
    return (json.dumps(data, indent=2, allow_nan=False, ensure_ascii=False) + "\n").encode("utf-8")


def level_key(q: Fraction) -> str:
    """A quantile level as a key: its exact decimal (``"0.9"``), or ``a/b`` when it has none.

    Examples
    --------
    >>> level_key(Fraction(9, 10)), level_key(Fraction(1, 3))
    ('0.9', '1/3')
    """
    text = decimal(q, 30)
    return text if Fraction(text) == q else ratio(q)


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
