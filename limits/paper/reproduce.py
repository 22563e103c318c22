"""``limits reproduce -o DIR``: the paper's tables and figures, and ours, in one folder.

A shell: it computes through the library, draws with :mod:`limits.display.plot`,
and writes ``report.md``, ``report.html``, PNG figures under ``figures/``
and LaTeX derivations under ``derivations/``. Progress goes to a callback.
"""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path
from typing import Callable

from ..exact.digits import decimal, ratio
from ..game.chain import build_chain
from ..markup.document import Document
from ..model.board import standard
from .claims import check_claims

__all__ = ["reproduce", "STEPS"]

STEPS = ("the game", "a loaded die", "the walk", "collapsed chains", "strategies", "claims", "writing")

Progress = Callable[[int, int, str], None]


def _save(fig, path: Path) -> None:
    fig.savefig(path, dpi=110, bbox_inches="tight")


def _figure(size: tuple[float, float] = (7, 4.5)):
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    fig = Figure(figsize=size)
    return fig, fig.add_subplot()


def reproduce(out: str | Path, *, games: int = 1_000_000, seed: int = 2026,
              progress: Progress | None = None) -> list[Path]:
    """Write the report, figures and derivations into ``out``; return the files written.

    Parameters
    ----------
    games : int
        Simulated games for the histogram and the strategy check.
    seed : int
        Seed of the simulations, so the report repeats.
    """
    from ..coin.best_policy import optimal_policy
    from ..coin.rule import policy_chain
    from ..coin.simulate import simulate
    from ..coin.strategies import all_strategies
    from ..display.plot import (
        plot_classification,
        plot_collapsed,
        plot_flip_map,
        plot_pmf,
        plot_sigma_curves,
        plot_survival,
    )
    from ..game.distribution import median, min_turns, mode, pmf, survival
    from ..game.players import players
    from ..limit.best_loading import optimum
    from ..limit.certified_value import sigma_at
    from ..limit.collapse import collapse
    from ..limit.rational_sigma import sigma_function
    from ..limit.sweep import grid
    from ..limit.walk import classify
    from ..model.board import Board
    from ..model.die import fair
    from .derivation import derive

    root = Path(out)
    figs = root / "figures"
    ders = root / "derivations"
    figs.mkdir(parents=True, exist_ok=True)
    ders.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    began = time.perf_counter()

    def step(i: int) -> None:
        if progress is not None:
            progress(i, len(STEPS), STEPS[i])

    def fig_out(fig, name: str) -> str:
        path = figs / name
        _save(fig, path)
        written.append(path)
        return f"figures/{name}"

    board = standard()
    doc = Document("Limit Cases and Strategy in Chutes & Ladders, reproduced")
    doc.paragraph("Every number below is computed by limits in exact rational arithmetic (decimals are the exact "
                  "values rounded) and checked a second way in its test suite. The paper's own claims are "
                  "compared in the last section.")

    # 1. the game
    step(0)
    chain = build_chain()
    m = chain.moments()
    med, mo, low = median(chain), mode(chain), min_turns(chain)
    two = players(chain, 2)
    doc.heading("1. The game as a Markov chain")
    doc.paragraph(f"The paper's board has {len(chain.states)} transient states and the absorbing square 100. "
                  f"With a fair die a game lasts sigma = {ratio(m.mean)} = {decimal(m.mean, 15)} turns on "
                  f"average (the paper: 39.5984), with variance {decimal(m.variance, 12)}, median {med}, "
                  f"mode {mo} and at least {low} turns. With two players the first finishes after "
                  f"{decimal(two.expected_rounds.lower, 12)} rounds on average, and seat 1 wins with probability "
                  f"{decimal(two.win_probability[0].lower, 12)}.")
    fig, ax = _figure()
    plot_survival(survival(chain, 200, exact=False), mean=float(m.mean), median=med, ax=ax)
    doc.figure(fig_out(fig, "survival.png"), "P(M): the probability that the game lasts more than M turns")
    sim = simulate(games=games, seed=seed)
    fig, ax = _figure()
    plot_pmf(pmf(chain, 200, exact=False), sim.counts, ax=ax)
    lo, hi = sim.ci()
    doc.figure(fig_out(fig, "pmf.png"), f"Exact distribution of the length and {sim.games} simulated games "
               f"(simulated mean {sim.mean:.4f}, 95% interval [{lo:.4f}, {hi:.4f}])")

    # 2. a loaded die
    step(1)
    doc.heading("2. A loaded die: sigma_delta(p) as P(delta) -> 1")
    rows = []
    eps = Fraction(1, 10**23)
    functions = {d: sigma_function(delta=d) for d in range(1, 7)}
    for d, f in functions.items():
        series = f.laurent(2)
        limit = series.limit
        near = sigma_at(delta=d, p=1 - eps, digits=12, check=False)
        best = optimum(delta=d, digits=8)
        rows.append([d, series.order, ratio(series.leading_coefficient),
                     "inf" if limit == float("inf") else f"{ratio(limit)} = {decimal(limit, 10)}",
                     near.decimal, f"{best.p} ({best.sigma})" if best.interior else f"-> {best.p} ({best.sigma})"])
    doc.table(["delta", "order m", "leading coefficient", "limit as p -> 1", "sigma at p = 1 - 1e-23",
               "least sigma at p (sigma)"], rows)
    ps = [p for p in grid("0.005", "0.995", 199)]
    values = {d: [float(f(p)) for p in ps] for d, f in functions.items()}
    fig, ax = _figure()
    plot_sigma_curves(ps, values, ax=ax)
    doc.figure(fig_out(fig, "sigma_full.png"), "sigma_delta(p) for p in (0, 1), exact, log scale")
    zoom = [p for p in grid("0.9", "0.999", 100)]
    fig, ax = _figure()
    plot_sigma_curves(zoom, {d: [float(f(p)) for p in zoom] for d, f in functions.items()}, ax=ax)
    doc.figure(fig_out(fig, "sigma_zoom.png"), "sigma_delta(p) near p = 1: delta = 4 and 5 level off")

    # 3. the walk
    step(2)
    doc.heading("3. The walk with P(delta) = 1")
    rows = []
    for d in range(1, 7):
        c = classify(delta=d)
        counts = c.counts
        rows.append([d, counts["c_loop"], counts["f_loop"], counts["win"], "-" if c.psi is None else c.psi,
                     "; ".join(f"{lp.kind} {{{', '.join(map(str, lp.squares))}}}" for lp in c.loops)])
        fig, ax = _figure((6, 6.3))
        plot_classification(delta=d, ax=ax)
        doc.figure(fig_out(fig, f"classification_{d}.png"), f"Square classification for P({d}) = 1")
    doc.table(["delta", "c-loop squares", "f-loop squares", "win squares", "psi", "loops"], rows)

    # 4. collapsed chains
    step(3)
    doc.heading("4. Collapsed Win/Loop chains and the exact limit")
    for d in range(1, 7):
        derivation = derive(delta=d)
        path = ders / f"delta_{d}.tex"
        path.write_text(derivation.latex_document(), encoding="utf-8")
        written.append(path)
    for d in (5, 4):
        ch = collapse(delta=d)
        pi = ch.stationary()
        doc.paragraph(f"delta = {d}: psi = {ch.psi}, pi_Win = {ratio(pi[0])}; the paper's approximation tends to "
                      f"{decimal(ch.paper_limit(), 6)}, while psi / pi_Win = {ratio(ch.first_order_limit())} "
                      f"= {decimal(ch.first_order_limit(), 12)} equals the exact limit. Derivation: "
                      f"derivations/delta_{d}.tex.")
        doc.table(["Q"] + list(ch.states), [[lab] + [ratio(q) if q else "" for q in row]
                                             for lab, row in zip(ch.states, ch.rates)])
        fig, ax = _figure((6, 6))
        plot_collapsed(ch.states, ch.rates, ax=ax, title=f"Collapsed chain, delta = {d} (Q)")
        doc.figure(fig_out(fig, f"collapsed_{d}.png"), f"The collapsed chain for delta = {d}")

    # 5. strategies
    step(4)
    doc.heading("5. The coin: strategies and the optimal policy")
    rows = []
    for i, strat in enumerate(all_strategies(board)):
        c = policy_chain(board, fair(), strat)
        exact = c.expected_duration()
        s = simulate(games=max(games // 10, 1000), seed=seed + i + 1, policy=strat)
        rows.append([strat.id, strat.name, decimal(exact, 12), f"{s.mean:.3f}"])
        fig, ax = _figure((6, 6.3))
        plot_flip_map(board, strat, ax=ax, title=f"strategy {strat.id}: {strat.name}")
        fig_out(fig, f"flips_{strat.id}.png")
    best = optimal_policy()
    worst = optimal_policy(maximise=True)
    no_chutes = build_chain(Board(100, board.ladders)).expected_duration()
    rows.append(["optimal", "exact policy iteration", decimal(best.expected_turns, 12), ""])
    doc.table(["id", "strategy", "expected turns (exact)", "simulated mean"], rows)
    doc.paragraph(f"The board without chutes: {decimal(no_chutes, 12)} turns; strategy 4 beats it, as the paper "
                  f"remarks. The longest game is unbounded: {worst.unbounded.reason() if worst.unbounded else ''}.")
    fig, ax = _figure((6, 6.3))
    plot_flip_map(board, set(best.flip_squares()), ax=ax, title="the optimal policy")
    doc.figure(fig_out(fig, "flips_optimal.png"), f"Where the optimal policy flips "
               f"({decimal(best.expected_turns, 10)} expected turns)")
    for strat in all_strategies(board):
        doc.figure(f"figures/flips_{strat.id}.png", f"Flip map of strategy {strat.id}")

    # 6. claims
    step(5)
    doc.heading("6. Every numeric claim of the paper")
    checks = check_claims()
    doc.paragraph(f"{sum(c.agrees for c in checks)} claims agree, {sum(not c.agrees for c in checks)} differ.")
    doc.table(["section", "claim", "paper", "limits", "verdict", "test"],
              [[c.section, c.claim, c.paper, c.ours, c.verdict + (f": {c.note}" if c.note else ""), c.test]
               for c in checks])

    step(6)
    doc.paragraph(f"Written in {time.perf_counter() - began:.1f} s.")
    for name, text in (("report.md", doc.markdown()), ("report.html", doc.html())):
        path = root / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
