"""The report's section on the coin where the die is loaded: the limit of sigma with and without the optimal
coin for every face at both ends, and the map of the optimal policy over p for the paper's face 5.

Each row's policy is the one optimal for every P(delta) between its threshold and the end
(:meth:`~limits.limit.perturbed_chain.Perturbation.optimal_policy`); the map is
:meth:`~limits.limit.perturbed_chain.Perturbation.policy_map`, drawn by
:func:`~limits.display.policy_map.plot_policy_map`.
"""

from __future__ import annotations

from typing import Any

from ..coin.policy_map import point_quantity
from ..markup.latex import tex_shown
from ..markup.numerals import counted

__all__ = ["coin_limit"]


def _series(s: Any) -> str:
    """An expansion's leading term in the report's words: its limit, or how it diverges."""
    lead = tex_shown(s.leading_coefficient)
    return f"${lead}$" if s.order == 0 else f"$\\sim {lead}\\,\\varepsilon^{{-{s.order}}}$"


def coin_limit(sheet: Any) -> None:
    """9. The coin where the die is loaded: sigma's limit with the optimal coin beside it without, every face, both
    ends, and the map over p for delta = 5."""
    from matplotlib.figure import Figure

    from ..display.policy_map import plot_policy_map
    from ..limit.expansion import exact_function
    from ..limit.perturbed_chain import Perturbation

    doc = sheet.doc
    doc.heading("9. The coin where the die is loaded")
    rows, data = [], []
    for p_to in (1, 0):
        for d in range(1, 7):
            best = Perturbation.loaded(delta=d, p_to=p_to).optimal_policy()
            threshold = None if best.threshold is None else point_quantity(best.threshold, 10)["decimal"]
            rows.append([f"$p \\to {p_to}$", d, _series(best.sigma_without_coin), _series(best.sigma),
                         len(best.game.landings(best.flips)[0]), threshold or "every p"])
            data.append({"delta": d, "p_to": p_to, **best.to_json(20)})
    sheet.record("coin_limit", {"rows": data})
    doc.paragraph("With the die loaded toward a face, the coin (a fair coin, flipped after the roll: heads one "
                  "square on, tails one back) is played by the policy that is optimal for every $P(\\delta)$ close "
                  "enough to the end, found exactly by policy iteration on the expansions in $\\varepsilon$. "
                  "Without the coin $\\sigma$ tends to the limits of section 2 (or diverges like a power of "
                  "$1/\\varepsilon$); with it, the limit is a small rational number wherever the coin breaks the "
                  "loops of the walk. The policy is optimal for every $P(\\delta)$ between its threshold and the end.")
    doc.table(["end", "$\\delta$", "$\\sigma$ without the coin", "$\\sigma$ with the optimal coin",
               "flip landings", "threshold"], rows)
    family = Perturbation.loaded(delta=5)
    pmap, without = family.policy_map(), exact_function(family)
    fig = Figure(figsize=(8, 6))
    plot_policy_map(pmap, lambda p: without(1 - p), axes=fig.subplots(2, 1, sharex=True, height_ratios=(1, 2)))
    sheet.figure(fig, "coin_map_5", f"The optimal coin over $p = P(5)$: $\\sigma$ with it and without it (above), "
                 f"and the landing squares where it flips (below), {counted(len(pmap.breakpoints), 'breakpoint')}")

