"""Families of dice on the command line: ``--delta D [--p-to 0|1]`` or ``--at DIE --toward DIE``.

A family is ``die(eps) = (1 - eps) AT + eps TOWARD``
(:class:`~limits.limit.perturbed_chain.Perturbation`). ``--delta D`` names the
paper's loaded die, ``P(D) = p``, the other faces sharing ``1 - p``: as
``p -> 1`` (``--p-to 1``, the default; eps = 1 - p) or as ``p -> 0``
(``--p-to 0``; eps = p). ``--at`` and ``--toward`` name any two dice on the
same faces, in the ``--die`` syntax. This module adds the options, builds the
family they name and turns the family's answers into JSON quantities.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import MAX_FACES
from .options import UsageError, delta_arg, integer_arg

__all__ = ["add_family_options", "check_family", "is_family", "perturbation_of", "AT_TOWARD_HELP"]

AT_TOWARD_HELP = ("the family (1 - eps) AT + eps TOWARD: AT is the die at eps = 0 (the limit), TOWARD the "
                  "direction (dice as for duration --die, on the same faces)")


def add_family_options(p: argparse.ArgumentParser, *, all_allowed: bool = False, p_to: bool = True,
                       speeds: bool = False) -> None:
    """``--delta``, ``--p-to`` (if asked), ``--at``, ``--toward``, ``--die-of-eps`` (if asked), ``--faces`` and
    ``--start``."""
    p.add_argument("--delta", type=delta_arg if all_allowed else integer_arg(),
                   help="the loaded face: P(delta) = p, each other face (1 - p)/(faces - 1)"
                        + (", or all" if all_allowed else ""))
    if p_to:
        p.add_argument("--p-to", type=integer_arg(0, 1, "--p-to"), default=None, metavar="0|1",
                       help="with --delta: the end p tends to, 1 (default: eps = 1 - p) or 0 (eps = p)")
    p.add_argument("--at", metavar="DIE", help="instead of --delta: " + AT_TOWARD_HELP)
    p.add_argument("--toward", metavar="DIE", help="with --at: the direction TOWARD")
    if speeds:
        p.add_argument("--die-of-eps", metavar="FACES", help="instead of --delta: one expression in eps a face, "
                       "comma-separated sums of terms c*eps^(r) (e.g. \"eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - "
                       "eps^2, 0\")")
    p.add_argument("--faces", type=integer_arg(1, MAX_FACES, "--faces"), default=None,
                   help=f"with --delta: faces of the die, 1..{MAX_FACES} (default 6)")
    p.add_argument("--start", type=integer_arg(), default=0, help="start square (default 0)")


def is_family(args: argparse.Namespace) -> bool:
    """Whether the options name a general family (``--at``/``--toward``, ``--die-of-eps``) rather than the loaded
    die."""
    return args.at is not None or args.toward is not None or getattr(args, "die_of_eps", None) is not None


def check_family(args: argparse.Namespace, *, optional: bool = False) -> None:
    """Check that the options name one family (at most one if ``optional``); fill in ``faces`` and ``p_to``.

    Raises
    ------
    UsageError
        For two families (``--delta``, ``--at``/``--toward``, ``--die-of-eps``),
        none (unless ``optional``), ``--at`` without ``--toward`` or ``--toward``
        without ``--at``, or ``--faces``/``--p-to`` given with ``--at``.
    """
    of_eps = getattr(args, "die_of_eps", None) is not None
    if (args.delta is not None and is_family(args)) or (of_eps and (args.at is not None or args.toward is not None)):
        named = ("--delta, --at and --toward, or --die-of-eps" if hasattr(args, "die_of_eps")
                 else "--delta, or --at and --toward")  # the options the command takes
        raise UsageError(f"give one family, not both: {named}")
    if is_family(args):
        if not of_eps and (args.at is None or args.toward is None):
            raise UsageError("--at and --toward go together")
        for name in ("faces", "p_to"):
            if getattr(args, name, None) is not None:
                raise UsageError(f"--{name.replace('_', '-')} goes with --delta (the dice of --at and --toward "
                                 "say their faces and the end is eps -> 0)")
        args.faces = None
        return
    if args.delta is None and not optional:
        raise UsageError("give --delta D, or --at DIE and --toward DIE")
    if args.faces is None:
        args.faces = 6
    if hasattr(args, "p_to") and args.p_to is None:
        args.p_to = 1


def perturbation_of(args: argparse.Namespace, board: Any, delta: int | None = None) -> Any:
    """The :class:`~limits.limit.perturbed_chain.Perturbation` the options name (after :func:`check_family`); ``delta``
    instead of ``--delta`` (for ``--delta all``)."""
    from ..limit.perturbed_chain import Perturbation
    from ..model.die import parse_die

    if getattr(args, "die_of_eps", None) is not None:
        return Perturbation.of_eps(args.die_of_eps, board, rule=args.rule, start=args.start)
    if is_family(args):
        return Perturbation.between(parse_die(args.at), parse_die(args.toward), board, rule=args.rule,
                                    start=args.start, coin=getattr(args, "coin", "1/2"))
    return Perturbation.loaded(board, args.delta if delta is None else delta, p_to=getattr(args, "p_to", 1) or 0,
                               rule=args.rule, faces=args.faces, start=args.start, coin=getattr(args, "coin", "1/2"))
