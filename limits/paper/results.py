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
from typing import Any, Mapping

__all__ = ["SCHEMA", "DIGITS", "results_bytes"]

SCHEMA = "limits.reproduce/1"
DIGITS = 15
"""Significant digits of the decimals in ``results.json`` (exact values are there in full)."""


def results_bytes(title: str, settings: Mapping[str, Any], sections: Mapping[str, Any]) -> bytes:
    """``results.json``: the schema tag, the title, the settings and every section's data, as UTF-8 bytes."""
    data = {"schema": SCHEMA, "title": title, "settings": dict(settings), "sections": dict(sections)}
    return (json.dumps(data, indent=2, allow_nan=False, ensure_ascii=False) + "\n").encode("utf-8")
