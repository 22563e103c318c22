"""The sections of the report: each computes through the library and adds one part.

Every section takes a :class:`Sheet` (the document being built, the figures
drawn so far, the simulation settings) and appends its headings, paragraphs,
tables and figures, and records what they show as plain exact data for
``results.json``. Formulas are written between ``$...$`` (matplotlib's
mathtext subset of TeX): typeset in the HTML page, left as written in the
Markdown. Long exact fractions stay outside formulas, so that they can wrap.

``results.json`` holds every table and claim in the JSON convention:
:func:`~limits.markup.quantities.to_json`, the encoder of every command, turns
each section's data into JSON at :data:`DIGITS` digits (exact rationals and
enclosures become quantities, infinite values say why, counts and squares
stay integers), and :func:`results_bytes` writes the file: the same bytes for
the same settings, like the report itself. Its schema ships as
``limits/schemas/reproduce.json`` (``limits schema reproduce``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..coin.policy_map import point_quantity
from ..exact.digits import decimal, ratio
from ..markup.document import Document
from ..markup.jupyter import exact_and_decimal
from ..markup.latex import tex_shown
from ..markup.numerals import counted
from ..markup.prose import myst_math
from ..markup.quantities import infinite_quantity, sample_summary, to_json
from ..model.build import build_chain
from .claims import check_claims
from .everyday import everyday
from .page import svg_bytes
from .pdf import pdf_figure
from .racing import racing

__all__ = ["Sheet", "SECTIONS", "named_test", "coin_limit", "SCHEMA", "DIGITS", "results_bytes"]

SCHEMA = "limits.reproduce/1"
DIGITS = 15
"""Significant digits of the decimals in ``results.json`` (exact values are there in full)."""


def results_bytes(title: str, settings: Mapping[str, Any], sections: Mapping[str, Any]) -> bytes:
    """``results.json``: the schema tag, the title, the settings and every section's data, as UTF-8 bytes."""
    data = {"schema": SCHEMA, "title": title, "settings": dict(settings), "sections": dict(sections)}
    return (json.dumps(data, indent=2, allow_nan=False, ensure_ascii=False) + "\n").encode("utf-8")


@dataclass
class Sheet:
    """The report while it is built: the document, its figures (path -> SVG, and PDF if asked) and the settings."""

    doc: Document
    games: int
    seed: int
    pdf: bool = False
    figures: dict[str, bytes] = field(default_factory=dict)
    pdf_figures: dict[str, bytes] = field(default_factory=dict)
    derivations: dict[str, bytes] = field(default_factory=dict)
    results: dict[str, Any] = field(default_factory=dict)

    def record(self, section: str, data: dict[str, Any]) -> None:
        """Keep a section's numbers for ``results.json`` (plain exact data, or quantities already made)."""
        self.results[section] = to_json(data, DIGITS)

    def figure(self, fig: Any, name: str, caption: str | None = None) -> str:
        """Keep ``fig`` as ``figures/<name>.svg`` (and ``.pdf`` for a PDF report); show it when a caption is given."""
        path = f"figures/{name}.svg"
        self.figures[path] = svg_bytes(fig)
        if self.pdf:
            self.pdf_figures[f"figures/{name}.pdf"] = pdf_figure(fig)
        if caption is not None:
            self.doc.figure(path, caption)
        return path


def _axes(size: tuple[float, float] = (7, 4.5)) -> Any:
    """The Axes of a new figure of ``size`` (drawn on, it is kept by :meth:`Sheet.figure` as ``ax.figure``)."""
    from matplotlib.figure import Figure

    return Figure(figsize=size).add_subplot()


def game(sheet: Sheet) -> None:
    """1. The game as a Markov chain: its moments, distribution, two players, a simulation."""
    from ..display.plot import plot_pmf, plot_survival
    from ..game.distribution import median, min_turns, mode, pmf, survival
    from ..game.players import players

    doc = sheet.doc
    chain = build_chain()
    m = chain.moments()
    med, mo, low = median(chain), mode(chain), min_turns(chain)
    two = players(chain, 2)
    doc.heading("1. The game as a Markov chain")
    doc.paragraph(f"The paper's board has {len(chain.states)} transient states and the absorbing square 100. "
                  f"With a fair die a game lasts $\\sigma$ = {ratio(m.mean)} = {decimal(m.mean, 15)} turns on "
                  f"average (the paper: 39.5984), with variance {decimal(m.variance, 12)}, median {med}, "
                  f"mode {mo} and at least {low} turns. With two players the first finishes after "
                  f"{decimal(two.expected_rounds.lower, 12)} rounds on average, and seat 1 wins with probability "
                  f"{decimal(two.win_probability[0].lower, 12)}.")
    ax = plot_survival(survival(chain, 200, exact=False), mean=float(m.mean), median=med, ax=_axes())
    sheet.figure(ax.figure, "survival", "$P(M)$: the probability that the game lasts more than $M$ turns")
    sim = chain.simulate(sheet.games, seed=sheet.seed)
    ax = plot_pmf(pmf(chain, 200, exact=False), sim.counts, ax=_axes())
    est = sample_summary(sim.counts, 6)  # the exact sample mean, to the digits its standard error allows
    sheet.figure(ax.figure, "pmf", f"Exact distribution of the length and {sim.games} simulated games "
                 f"(simulated mean {est['mean']['decimal']}, 95% interval "
                 f"[{est['ci95']['lower']}, {est['ci95']['upper']}])")
    sheet.record("game", {
        "transient_states": len(chain.states), "expected_turns": m.mean, "variance": m.variance, "median": med,
        "mode": mo, "min_turns": low,
        "two_players": {"expected_rounds": two.expected_rounds, "win_probability": two.win_probability},
        "simulation": {"games": sim.games, "seed": sheet.seed, **sample_summary(sim.counts, 15)},
    })


def loaded_die(sheet: Sheet) -> None:
    """2. A loaded die: sigma_delta(p), its expansion, values near 1, the best loading."""
    from ..display.plot import plot_sigma_curves
    from ..limit.perturbed_chain import Perturbation
    from ..limit.sweep import grid

    doc = sheet.doc
    doc.heading("2. A loaded die: $\\sigma_\\delta(p)$ as $P(\\delta) \\to 1$")
    rows, data = [], []
    eps = Fraction(1, 10**23)
    families = {d: Perturbation.loaded(delta=d) for d in range(1, 7)}
    functions = {d: family.rational_function("p") for d, family in families.items()}
    for d, f in functions.items():
        series = f.laurent(2)
        limit = series.limit
        near = families[d].value_at(eps=eps, digits=12)
        walk = families[d].classify()  # the loop where the walk with P(d) = 1 from square 0 ends (none: it wins)
        loop = walk.loop_of(walk.walk_from_start[-1]) if walk.walk_from_start else None
        best = families[d].optimum(8)
        rows.append([d, series.order, ratio(series.leading_coefficient),
                     "$\\infty$" if limit == float("inf") else exact_and_decimal(limit, 10),
                     near.decimal, f"{best.p} ({best.sigma})" if best.interior else f"$\\to$ {best.p} ({best.sigma})"])
        data.append({"delta": d, "order": series.order, "leading_coefficient": series.leading_coefficient,
                     "coefficients": [{"power": j, **to_json(a, DIGITS)} for j, a in series.coefficients],
                     "limit": limit if series.order == 0 else infinite_quantity(
                         f"sigma_{d} diverges like {ratio(series.leading_coefficient)} * eps^-{series.order} as "
                         f"P({d}) = 1 - eps -> 1", loop.squares if loop is not None else ()),
                     "near_one": {"eps": eps, "expected_turns": near.enclosure if near.exact is None else near.exact},
                     "optimum": {"p": best.p_enclosure, "expected_turns": best.sigma_enclosure,
                                 "interior": best.interior}})
    sheet.record("loaded_die", {"rows": data})
    doc.table(["$\\delta$", "order $m$", "leading coefficient", "limit as $p \\to 1$",
               "$\\sigma$ at $p = 1 - 10^{-23}$", "least $\\sigma$ at $p$ ($\\sigma$)"], rows)
    ps = list(grid("0.005", "0.995", 199))
    ax = plot_sigma_curves(ps, {d: [float(f(p)) for p in ps] for d, f in functions.items()}, ax=_axes())
    sheet.figure(ax.figure, "sigma_full", "$\\sigma_\\delta(p)$ for $p$ in $(0, 1)$, exact, log scale")
    zoom = list(grid("0.9", "0.999", 100))
    ax = plot_sigma_curves(zoom, {d: [float(f(p)) for p in zoom] for d, f in functions.items()}, ax=_axes())
    sheet.figure(ax.figure, "sigma_zoom", "$\\sigma_\\delta(p)$ near $p = 1$: $\\delta = 4$ and $5$ level off")


def walk(sheet: Sheet) -> None:
    """3. The walk with P(delta) = 1: the classification of every square."""
    from ..display.plot import plot_classification
    from ..limit.perturbed_chain import Perturbation

    doc = sheet.doc
    doc.heading("3. The walk with $P(\\delta) = 1$")
    rows, data = [], []
    for d in range(1, 7):
        c = Perturbation.loaded(delta=d).classify()
        counts = c.counts
        rows.append([d, counts["c_loop"], counts["f_loop"], counts["win"], "-" if c.psi is None else c.psi,
                     "; ".join(f"{lp.kind} {{{', '.join(map(str, lp.squares))}}}" for lp in c.loops)])
        data.append({"delta": d, "counts": dict(counts), "psi": c.psi,
                     "loops": [{"kind": lp.kind, "squares": lp.squares, "on_ramp": lp.on_ramp} for lp in c.loops]})
        ax = plot_classification(delta=d, ax=_axes((6, 7)))
        sheet.figure(ax.figure, f"classification_{d}", f"Square classification for $P({d}) = 1$")
    doc.table(["$\\delta$", "c-loop squares", "f-loop squares", "win squares", "$\\psi$", "loops"], rows)
    sheet.record("walk", {"rows": data})


def collapsed(sheet: Sheet) -> None:
    """4. The collapsed Win/Loop chains, the exact limit, and the derivations as LaTeX."""
    from ..display.plot import plot_collapsed
    from ..limit.perturbed_chain import Perturbation

    doc = sheet.doc
    doc.heading("4. Collapsed Win/Loop chains and the exact limit")
    for d in range(1, 7):
        sheet.derivations[f"derivations/delta_{d}.tex"] = Perturbation.loaded(delta=d).derive().latex().encode("utf-8")
    chains = []
    for d in (5, 4):
        ch = Perturbation.loaded(delta=d).collapse()
        pi = ch.stationary()
        chains.append({"delta": d, "psi": ch.psi, "states": list(ch.states), "rates": ch.rates,
                       "stationary": pi, "paper_limit": ch.paper_limit(), "limit": ch.first_order_limit()})
        win = "\\pi_{\\mathrm{Win}}"
        doc.paragraph(f"$\\delta = {d}$: $\\psi = {ch.psi}$, ${win}$ = {ratio(pi[0])}; the paper's approximation "
                      f"tends to {decimal(ch.paper_limit(), 6)}, while $\\psi / {win}$ = "
                      f"{exact_and_decimal(ch.first_order_limit())} equals the exact limit. Derivation: "
                      f"derivations/delta_{d}.tex.")
        doc.table(["$Q$"] + list(ch.states), [[lab] + [ratio(q) if q else "" for q in row]
                                               for lab, row in zip(ch.states, ch.rates)])
        ax = plot_collapsed(ch.states, ch.rates, ax=_axes((6, 6)), title=f"Collapsed chain, $\\delta = {d}$ ($Q$)")
        sheet.figure(ax.figure, f"collapsed_{d}", f"The collapsed chain for $\\delta = {d}$")
    sheet.record("collapsed", {"chains": chains})


def strategies(sheet: Sheet) -> None:
    """5. The coin: the paper's strategies exactly and simulated, and the optimal policy."""
    from matplotlib.figure import Figure

    from ..display.plot import plot_flip_map

    doc = sheet.doc
    chain = build_chain()  # one game: its one turn table makes every strategy's chain
    board, table = chain.board, chain.strategies()
    doc.heading("5. The coin: strategies and the optimal policy")
    rows, data = [], []
    panels = Figure(figsize=(10, 5.6))  # small multiples: one panel a strategy, one key for all
    for i, ((strat, exact), ax) in enumerate(zip(table.rows, panels.subplots(2, (len(table.rows) + 1) // 2).flat)):
        s = chain.with_policy(strat).simulate(max(sheet.games // 10, 1000), seed=sheet.seed + i + 1)
        rows.append([strat.id, strat.name, decimal(exact, 12), sample_summary(s.counts, 6)["mean"]["decimal"]])
        data.append({"id": strat.id, "name": strat.name, "expected_turns": exact, "games": s.games,
                     "simulated": sample_summary(s.counts, 15)})
        plot_flip_map(board, strat, ax=ax, title=f"strategy {strat.id}")  # the table above names each
        for text in ax.texts:  # the square numbers, small enough for a panel
            text.set_fontsize(4)
    best, worst, no_chutes = chain.optimal_policy(), chain.optimal_policy(maximise=True), table.no_chutes
    rows.append(["optimal", "exact policy iteration", decimal(best.expected_turns, 12), ""])
    doc.table(["id", "strategy", "expected turns (exact)", "simulated mean"], rows)
    doc.paragraph(f"The board without chutes: {decimal(no_chutes, 12)} turns; strategy 4 beats it, as the paper "
                  f"remarks. The longest game is unbounded: {worst.unbounded.reason() if worst.unbounded else ''}.")
    sheet.record("strategies", {
        "strategies": data, "optimal": {"expected_turns": best.expected_turns, "flip": list(best.flip_squares())},
        "no_chutes_board": {"expected_turns": no_chutes},
        "longest": {"unbounded": worst.unbounded is not None,
                    "reason": worst.unbounded.reason() if worst.unbounded else None}})
    ax = plot_flip_map(board, set(best.flip_squares()), ax=_axes((6, 6.3)), title="the optimal policy")
    ax.legend(handles=_flip_key(), loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=3, frameon=False,
              fontsize=8)
    sheet.figure(ax.figure, "flips_optimal", f"Where the optimal policy flips "
                 f"({decimal(best.expected_turns, 10)} expected turns)")
    panels.legend(handles=_flip_key(), loc="lower center", ncol=3, frameon=False)
    panels.subplots_adjust(left=0.02, right=0.98, bottom=0.07, top=0.95, wspace=0.06, hspace=0.12)
    sheet.figure(panels, "flips_strategies", "Where each of the paper's strategies -1..6 flips the coin: shaded, "
                 "the landing squares on which it flips (from some start)")


def _flip_key() -> list[Any]:
    """The key of the flip maps: what the shading, the green and the red lines mean."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from ..model.picture import CHUTE_COLOUR, FLIP_COLOUR, LADDER_COLOUR

    return [Patch(facecolor=FLIP_COLOUR, edgecolor="black", linewidth=0.4, label="flip the coin on landing here"),
            Line2D([], [], color=LADDER_COLOUR, linewidth=1.4, label="ladder"),
            Line2D([], [], color=CHUTE_COLOUR, linewidth=1.4, label="chute")]


def claims(sheet: Sheet) -> None:
    """6. Every numeric claim of the paper, recomputed and judged."""
    doc = sheet.doc
    doc.heading("6. Every numeric claim of the paper")
    checks = check_claims()
    doc.paragraph(f"{sum(c.agrees for c in checks)} claims agree, {sum(not c.agrees for c in checks)} differ.")
    doc.table(["section", "claim", "paper", "limits", "verdict", "test"],
              [[c.section, *map(myst_math, (c.claim, c.paper, c.ours, c.verdict + (f": {c.note}" if c.note else ""))),
                named_test(c.test)] for c in checks])
    sheet.record("claims", {
        "agree": sum(c.agrees for c in checks), "differ": sum(not c.agrees for c in checks),
        "claims": [{"section": c.section, "claim": c.claim, "paper": c.paper, "ours": c.ours, "value": c.value,
                    "agrees": c.agrees, "verdict": c.verdict, "note": c.note, "test": c.test} for c in checks]})


def named_test(node: str) -> str:
    """A test by its name in words and its file, for a reader (``results.json`` keeps the pytest node id).

    Examples
    --------
    >>> named_test("tests/test_collapse.py::test_open_question_constants[5]")
    'open question constants [5], in test_collapse.py'
    """
    path, _, name = node.partition("::")
    name, bracket, rest = name.partition("[")
    words = name.removeprefix("test_").replace("_", " ")
    return f"{words}{' [' + rest if bracket else ''}, in {path.rsplit('/', 1)[-1]}"


def _series(s: Any) -> str:
    """An expansion's leading term in the report's words: its limit, or how it diverges."""
    lead = tex_shown(s.leading_coefficient)
    return f"${lead}$" if s.order == 0 else f"$\\sim {lead}\\,\\varepsilon^{{-{s.order}}}$"


def coin_limit(sheet: Sheet) -> None:
    """9. The coin where the die is loaded: sigma's limit with the optimal coin beside it without, every face, both
    ends, and the map over p for delta = 5.

    Each row's policy is the one optimal for every P(delta) between its threshold and the end
    (:meth:`~limits.limit.perturbed_chain.Perturbation.optimal_policy`); the map is
    :meth:`~limits.limit.perturbed_chain.Perturbation.policy_map`, drawn by
    :func:`~limits.display.policy_map.plot_policy_map`.
    """
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


SECTIONS: tuple[tuple[str, Callable[[Sheet], None]], ...] = (
    ("the game", game), ("a loaded die", loaded_die), ("the walk", walk), ("collapsed chains", collapsed),
    ("strategies", strategies), ("claims", claims), ("everyday questions", everyday), ("racing", racing),
    ("the coin where the die is loaded", coin_limit))
"""The sections in order, each with the name its progress step shows."""
