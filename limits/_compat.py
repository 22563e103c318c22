"""The flat module paths of version 0.1, kept importable with a deprecation warning.

Version 0.2 grouped the modules into subpackages (``limits.sigma`` became
``limits.limit.rational_sigma``). ``import limits.sigma`` still works: a
meta-path finder hands out the new module under the old name and warns.
The names re-exported by :mod:`limits` itself did not change.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any, Sequence

__all__ = ["MOVED", "install"]

MOVED = {
    "arborescence": "exact.arborescence", "board": "model.board", "boardio": "model.board_files",
    "chain": "game.chain", "claims": "paper.claims", "classify_text": "display.grids",
    "coin": "coin.rule", "collapse": "limit.collapse", "derive": "limit.derive", "die": "model.die",
    "digits": "exact.digits", "distribution": "game.distribution", "document": "markup.document",
    "duration": "game.duration", "evaluate": "limit.certified_value", "gth": "limit.state_reduction",
    "layout": "model.layout", "linsolve": "exact.linsolve", "optimal": "coin.best_policy",
    "optimum": "limit.best_loading", "order": "limit.order", "paper": "paper.printed",
    "players": "game.players", "plot": "display.plot", "rational": "exact.rational",
    "reproduce": "paper.reproduce", "rules": "model.rules", "sigma": "limit.rational_sigma",
    "simulate": "coin.simulate", "strategies": "coin.strategies", "sweep": "limit.sweep",
    "traps": "model.traps", "walk": "limit.walk",
}
"""Old module name (under ``limits``) -> its new path. ``coin`` and ``paper`` are packages now."""


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, package: str) -> None:
        self.package = package

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: Any = None) -> Any:
        prefix, _, name = fullname.rpartition(".")
        if prefix != self.package or name not in MOVED or name in ("coin", "paper"):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: Any) -> ModuleType:
        new = f"{self.package}.{MOVED[spec.name.rpartition('.')[2]]}"
        warnings.warn(f"{spec.name} is deprecated and will be removed; import {new} instead",
                      DeprecationWarning, stacklevel=2)
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module is the new one, already imported."""


def install(package: str) -> None:
    """Put the finder for ``package``'s old paths on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _OldPaths) and f.package == package for f in sys.meta_path):
        sys.meta_path.append(_OldPaths(package))
