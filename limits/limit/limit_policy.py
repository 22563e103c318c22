"""The coin where the die is loaded: the policy optimal as eps -> 0, and the map of the optimal policy over p.

A family's chances are linear in eps (and in p for the loaded die), so its coin game is a
:class:`~limits.coin.policy_map.LinearCoin`. At the end eps -> 0 policy iteration with the signs of rational
functions just right of 0 (the lexicographic order of their expansions) gives the policy optimal for every eps
small enough (:func:`limit_policy`); the first breakpoint of the map is its threshold. sigma's expansion under it
stands beside the family's without the coin; for a limit die that moves one way, each loop of the eps = 0 walk
(:meth:`~limits.limit.perturbed_chain.Perturbation.classify`) is *broken* when a roll of the limit die from one
of its squares flips and a side of the coin leaves the loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..coin.policy_map import ZERO, LinearCoin, PolicyMap, point_quantity
from ..exact.algebraic import Algebraic
from ..exact.rational import Laurent
from ..markup.quantities import exact_quantity, infinite_quantity

__all__ = ["LimitPolicy", "family_coin", "limit_policy", "family_map"]


def family_coin(family: Any, variable: str = "eps", maximise: bool = False) -> LinearCoin:
    """The family's coin game, linear in eps, or in p (the loaded die)."""
    a, b = family.at, family.toward
    if variable == "p" and family.loaded_as[1] == 1:  # p = 1 - eps
        a, b = b, a
    return LinearCoin(family.mixed, tuple((x, y - x) for x, y in zip(a.probabilities, b.probabilities)),
                      (family.coin, Fraction(0)), maximise)


@dataclass(frozen=True)
class LimitPolicy:
    """The coin policy optimal for every eps small enough, its threshold, and sigma with and without it.

    Attributes
    ----------
    family : Perturbation
    game : LinearCoin
        The family's coin game in eps.
    flips : frozenset
        The groups of decisions the policy flips on (the game's ``landings`` names them).
    threshold : Algebraic or None
        The policy is optimal for every p in (threshold, 1) (p -> 1), (0, threshold) (p -> 0) or eps in (0,
        threshold); None when it is optimal on all of (0, 1).
    sigma, sigma_without_coin : Laurent
    loops : tuple of dict
        Each loop of the eps = 0 walk, and whether the coin breaks it (empty unless the limit die moves one way).
    fair_die : tuple of int or None
        The landings where the optimal policy at the fair die flips.
    """

    family: Any
    game: LinearCoin
    flips: frozenset
    threshold: Algebraic | None
    sigma: Laurent
    sigma_without_coin: Laurent
    loops: tuple[dict[str, Any], ...]
    fair_die: tuple[int, ...] | None

    def __repr__(self) -> str:
        return f"LimitPolicy({self.family.describe()}: {self.sigma.text(digits=6)})"

    def to_json(self, digits: int = 15, exact_digits: Any = None) -> dict[str, Any]:
        """``policy``, ``versus_fair_die``, ``threshold``, ``sigma``, ``sigma_without_coin``, ``loops``."""
        if (u := self.game.setup[5]) is not None:
            return {"policy": None, "unbounded": infinite_quantity(u.reason(), u.squares)}
        land, exceptions = self.game.landings(self.flips)
        fair = set(self.fair_die or ())

        def series(s: Laurent) -> Any:
            if s.infinite:
                return infinite_quantity("a loop can hold the player forever for every eps > 0", s.trap or ())
            return {"order": s.order, "leading_coefficient": exact_quantity(s.leading_coefficient, digits),
                    "coefficients": [{"power": j, **exact_quantity(a, digits)} for j, a in s.coefficients],
                    "limit": exact_quantity(s.limit, digits) if s.order <= 0 else
                    infinite_quantity(f"sigma diverges like eps^-{s.order}", ())}

        return {"policy": {"flip": land, "except": [{"start": s, "roll": r, "landing": x} for s, r, x in exceptions]},
                "versus_fair_die": None if self.fair_die is None else
                {"flips_added": sorted(set(land) - fair), "flips_dropped": sorted(fair - set(land))},
                "threshold": None if self.threshold is None else point_quantity(self.threshold, digits),
                "sigma": series(self.sigma), "sigma_without_coin": series(self.sigma_without_coin),
                "loops": list(self.loops)}

    def text(self, digits: int = 15, *_: Any) -> str:
        """The policy, what changed from the fair die, sigma with and without it, the loops, the threshold."""
        r = self.to_json(digits)
        if r["policy"] is None:
            return f"longest game: {r['unbounded']['reason']}"
        lines = [f"{self.family.describe()}: the {'worst' if self.game.maximise else 'optimal'} coin policy in "
                 "the limit", "flip on landing on: " + (", ".join(map(str, r["policy"]["flip"])) or "never")]
        lines += [f"  except from {e['start']} rolling {e['roll']}" for e in r["policy"]["except"]]
        if (v := r["versus_fair_die"]) is not None:
            lines.append(f"versus the fair die: flips added {v['flips_added'] or 'none'}, dropped "
                         f"{v['flips_dropped'] or 'none'}")
        lines += [f"with the coin:    {self.sigma.text(digits=digits)}",
                  f"without the coin: {self.sigma_without_coin.text(digits=digits)}"]
        lines += [f"{lp['kind']}-loop {{{', '.join(map(str, lp['loop']))}}}: "
                  f"{'broken' if lp['broken'] else 'not broken'} by the coin" for lp in self.loops]
        t = r["threshold"]
        lines.append("optimal on the whole of (0, 1)" if t is None else
                     f"threshold: {t['decimal']} (a root of a polynomial of degree {len(t['polynomial']) - 1})")
        return "\n".join(lines)

    def latex(self, digits: int = 15, *_: Any) -> str:
        """A document: the text's lines, the expansions typeset."""
        from ..markup.latex import tex_document, tex_text

        lines = [tex_text(line) for line in self.text(digits).splitlines() if not line.startswith("with")]
        return tex_document("The coin where the die is loaded", lines + [
            f"$\\sigma = {self.sigma.latex()}$ with the coin, $\\sigma = {self.sigma_without_coin.latex()}$ without it."])


def limit_policy(family: Any, *, maximise: bool = False, terms: int = 3) -> LimitPolicy:
    """The policy optimal as eps -> 0 (:meth:`Perturbation.optimal_policy
    <limits.limit.perturbed_chain.Perturbation.optimal_policy>`)."""
    from ..model.build import build_chain
    from ..model.die import fair

    game = family_coin(family, "eps", maximise)
    without = family.expansion(terms)
    if game.setup[5] is not None:
        return LimitPolicy(family, game, frozenset(), None, without, without, (), None)
    flips, values, gains = game.settle(ZERO)
    t = game.next_breakpoint(ZERO, gains, {})
    if t is not None and family.loaded_as is not None and family.loaded_as[1] == 1:
        t = t.reflected()
    sigma = game.sigma(values).reflected().laurent(terms)
    loops = []
    if family.deterministic:
        faces = [f for f, p in enumerate(family.at.probabilities, 1) if p]
        for lp in family.classify().loops:
            escapes = [{"square": s, "landing": x, "heads": g[1], "tails": g[2]} for s, f, x, g in game.setup[2]
                       if s in lp.squares and f in faces and g in flips and isinstance(g, tuple) and {g[1], g[2]} - set(lp.squares)]
            loops.append({"kind": lp.kind, "loop": list(lp.squares), "broken": bool(escapes), "escapes": escapes})
    fair_die = build_chain(family.board, fair(family.faces), family.rule, start=family.start, policy=0,
                           coin=family.coin).optimal_policy(maximise=maximise).flip_squares()
    return LimitPolicy(family, game, flips, t, Laurent(sigma.order, sigma.coefficients, "sigma"), without,
                       tuple(loops), fair_die)


def family_map(family: Any, maximise: bool = False) -> PolicyMap:
    """The map over p (the loaded die) or eps (:meth:`Perturbation.policy_map
    <limits.limit.perturbed_chain.Perturbation.policy_map>`)."""
    variable = "eps" if family.loaded_as is None else "p"
    return family_coin(family, variable, maximise).optimal_map(variable)
