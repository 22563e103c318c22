"""The flat module paths of version 0.1, kept importable with a deprecation warning.

Version 0.2 grouped the modules into subpackages (``limits.sigma`` became
``limits.front.loaded``). ``import limits.sigma`` still works: a
meta-path finder hands out the new module under the old name and warns.
The names re-exported by :mod:`limits` itself did not change, and importing
an old path never replaces one of them: after ``import limits.derive``,
``limits.derive`` is still the function (the package's module type keeps
its public functions when the import system would set a submodule over them).
The same keeps ``limits.race`` the function when the subpackage ``limits.race``
is imported (:data:`SHADOWED`).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any, Sequence

__all__ = ["MOVED", "SHADOWED", "install", "keep_functions"]

MOVED = {
    "arborescence": "exact.arborescence", "board": "model.board", "boardio": "model.board_files",
    "chain": "model.chain", "claims": "paper.claims", "classify_text": "display.grids",
    "coin": "coin.rule", "collapse": "front.loaded", "derive": "limit.derive", "die": "model.die",
    "digits": "exact.digits", "distribution": "game.distribution", "document": "markup.document",
    "duration": "game.duration", "evaluate": "front.loaded", "gth": "front.loaded",
    "layout": "model.layout", "linsolve": "exact.linsolve", "optimal": "coin.best_policy",
    "optimum": "front.loaded", "order": "front.loaded", "paper": "paper.printed",
    "players": "game.players", "plot": "display.plot", "rational": "exact.rational",
    "reproduce": "paper.reproduce", "rules": "model.rules", "sigma": "front.loaded",
    "simulate": "coin.simulate", "strategies": "coin.strategies", "sweep": "limit.sweep",
    "traps": "model.traps", "walk": "front.loaded",
}
"""Old module name (under ``limits``) -> its new path. ``coin`` and ``paper`` are packages now."""

SHADOWED = frozenset({"race"})
"""Public functions named like a subpackage (``limits.race`` the function, ``limits/race/`` the package): the
function keeps the name on the package face when the subpackage is imported."""


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, package: str) -> None:
        self.package = package
        self._specs: dict[str, Any] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: Any = None) -> Any:
        prefix, _, name = fullname.rpartition(".")
        if prefix != self.package or name not in MOVED or name in ("coin", "paper"):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: Any) -> ModuleType:
        new = f"{self.package}.{MOVED[spec.name.rpartition('.')[2]]}"
        warnings.warn(f"{spec.name} is deprecated and will be removed; import {new} instead",
                      DeprecationWarning, stacklevel=2)
        module = importlib.import_module(new)
        self._specs[spec.name] = module.__spec__  # the import system sets the old name's spec on it next
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run (the module is the new one, already imported): give it back its own spec."""
        module.__spec__ = self._specs.pop(module.__spec__.name, module.__spec__)


def install(package: str) -> None:
    """Put the finder for ``package``'s old paths on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _OldPaths) and f.package == package for f in sys.meta_path):
        sys.meta_path.append(_OldPaths(package))


class _Face(ModuleType):
    """The package's module type: an old module path imported does not replace a public function."""

    _kept: frozenset[str] = frozenset()

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self._kept and isinstance(value, ModuleType) and not name.startswith("_"):
            return  # the import system records ``limits.derive`` the module: the function stays
        super().__setattr__(name, value)


def keep_functions(package: str, names: Any) -> None:
    """Make the package's public ``names`` survive the import of an old module path of the same name."""
    module = sys.modules[package]
    module.__class__ = _Face
    type.__setattr__(_Face, "_kept", frozenset(names) & (frozenset(MOVED) | SHADOWED))
