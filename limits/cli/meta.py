"""About the command line itself: ``limits schema`` and ``limits completion``."""

from __future__ import annotations

import argparse
import json
from importlib.resources import files
from typing import Any

from ..errors import LimitsError
from .options import PROG, add_command

__all__ = ["register", "schema", "COMMANDS"]

COMMANDS = ("duration", "limit", "sigma", "sweep", "optimum", "classify", "derive", "strategies", "optimal",
            "optimal_limit", "optimal_map", "simulate", "players", "race", "stats", "survey", "reproduce")
"""The commands with JSON output, each with a schema ``limits/schemas/<command>.json`` (for ``reproduce``, the
``results.json`` it writes beside the report; ``optimal_limit`` and ``optimal_map``, ``optimal`` with a family,
or over p or the coin)."""


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    sc = add_command(sub, "schema", "the JSON Schema of a command's JSON output",
                     ["schema duration", "schema sigma > sigma.schema.json"])
    sc.add_argument("name", choices=COMMANDS, metavar="COMMAND", help=", ".join(COMMANDS))
    sc.set_defaults(run=lambda args: json.dumps(schema(args.name), indent=2))

    co = add_command(sub, "completion", "a shell completion script for bash or zsh",
                     ["completion bash > ~/.local/share/bash-completion/completions/limits",
                      "completion zsh > ~/.zfunc/_limits"])
    co.add_argument("shell", choices=("bash", "zsh"), help="bash or zsh")
    co.set_defaults(run=_completion)


def schema(command: str) -> dict[str, Any]:
    """The JSON Schema of ``command``'s JSON output, with the shared quantity definitions bundled in.

    Examples
    --------
    >>> schema("duration")["properties"]["schema"]["const"]
    'limits.duration/1'
    """
    if command not in COMMANDS:
        raise LimitsError(f"no schema for {command!r} (one of {', '.join(COMMANDS)})")
    folder = files("limits").joinpath("schemas")
    out = json.loads(folder.joinpath(f"{command}.json").read_text(encoding="utf-8"))
    shared = json.loads(folder.joinpath("quantities.json").read_text(encoding="utf-8"))
    out["$defs"] = {**shared["$defs"], **out.get("$defs", {})}
    return out


def _completion(args: argparse.Namespace) -> str:
    try:
        import shtab
    except ImportError:
        raise LimitsError("shell completion needs shtab: pip install shtab") from None
    return shtab.complete(args.root_parser, shell=args.shell, root_prefix=PROG).rstrip("\n")
