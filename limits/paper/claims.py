"""Every numeric claim of the paper, checked against what `limits` derives.

:func:`check_claims` recomputes each value from the engine and compares it
with the paper's printed number at the paper's own precision. The errata page
of the docs and the report's table are both rendered from it, and a test
fails when the committed page drifts from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..exact.digits import decimal, ratio
from ..markup.prose_math import myst_math

__all__ = ["ClaimCheck", "check_claims", "errata_markdown"]


@dataclass(frozen=True)
class ClaimCheck:
    """One claim of the paper and its verdict; ``value`` is our number where the claim is one (exact or enclosed)."""

    section: str
    claim: str
    paper: str
    ours: str
    agrees: bool
    note: str
    test: str
    value: Any = None

    @property
    def verdict(self) -> str:
        return "agrees" if self.agrees else "differs"


def _rounds_to(value: Fraction, printed: str) -> bool:
    """Whether ``value`` rounded like ``printed`` (same decimals) gives ``printed``."""
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    return round(value, decimals) == Fraction(printed)


def _sci_agrees(value: Fraction, printed: str) -> bool:
    """``5.0E+23``-style: the mantissa's digits agree."""
    mant, exp = printed.upper().split("E")
    digits = len(mant.replace(".", "").lstrip("0"))
    return Fraction(decimal(value, digits)) == Fraction(mant) * Fraction(10) ** int(exp)


def check_claims() -> list[ClaimCheck]:
    """Recompute every checked claim of the paper.

    Examples
    --------
    >>> checks = check_claims()
    >>> sum(c.agrees for c in checks), sum(not c.agrees for c in checks)
    (23, 7)
    """
    from ..coin.strategies import strategy
    from ..front.game import build_chain
    from ..front.loaded import classify, collapse, optimum, policy_chain, sigma_function
    from ..model.board import Board, standard
    from ..model.die import fair
    from .printed import PAPER_CLASS_COUNTS, PAPER_COLLAPSED, paper_approximation_limit

    out: list[ClaimCheck] = []

    def add(section: str, claim: str, paper: str, ours: str, agrees: bool, note: str, test: str,
            value: Any = None) -> None:
        out.append(ClaimCheck(section, claim, paper, ours, agrees, note, test, value))

    board = standard()
    sigma = build_chain().expected_duration()
    add("Calculating the expected duration", "expected turns with a fair die, from square 0", "39.5984",
        _both(sigma), _rounds_to(sigma, "39.5984"),
        "the paper's value is ours rounded to four places",
        "tests/test_duration.py::test_standard_expectation_against_brute_force", sigma)
    add("Modelling the game", "states of the chain", "82", f"{len(build_chain().states)} transient + 1 absorbing",
        len(build_chain().states) + 1 == 82, "",
        "tests/test_chain.py::test_standard_chain_has_the_papers_82_states", len(build_chain().states) + 1)

    classes = {d: classify(delta=d) for d in range(1, 7)}
    for d in range(1, 7):
        paper = PAPER_CLASS_COUNTS[d]
        ours = classes[d].counts
        fmt = "{c_loop} / {f_loop} / {win}"
        add("Fully weighted on 1, 2, 3 or 6", f"squares 0..99 ending in c-loops / f-loops / winning, delta = {d}",
            fmt.format(**paper), fmt.format(**ours), paper == ours,
            "" if paper == ours else f"the paper's row sums to {sum(paper.values())}; it must sum to 100",
            "tests/test_walk.py::test_paper_table_of_classifications")
    trapped3 = 100 - classes[3].counts["win"]
    add("Fully weighted on 1, 2, 3 or 6", "share of start squares trapped with P(3) = 1", "80%", f"{trapped3}%",
        trapped3 == 80, "", "tests/test_walk.py::test_paper_table_of_classifications", Fraction(trapped3, 100))
    three = classes[3].loops[0]
    add("Fully weighted on 1, 2, 3 or 6", "the only 3-c-loop and the size of its on-ramp", "{53}, 77 squares",
        f"{{{', '.join(map(str, three.squares))}}}, {len(three.on_ramp)} squares",
        three.squares == (53,) and len(three.on_ramp) == 77, "", "tests/test_walk.py::test_paper_examples")
    add("Fully weighted on 1, 2, 3 or 6", "the 6-win path", "{68, 70, 74, 76, 80, 82, 88, 94}",
        "{" + ", ".join(map(str, classes[6].win_path)) + "}",
        classes[6].win_path == (68, 70, 74, 76, 80, 82, 88, 94), "", "tests/test_walk.py::test_paper_examples")

    series = {d: sigma_function(delta=d).laurent(2) for d in range(1, 7)}
    diverge = [d for d in range(1, 7) if series[d].order > 0]
    add("Fully weighted on 1, 2, 3 or 6", "delta for which sigma -> infinity as P(delta) -> 1", "1, 2, 3, 6",
        ", ".join(map(str, diverge)) + " (orders " + ", ".join(str(series[d].order) for d in diverge) + ")",
        diverge == [1, 2, 3, 6], "",
        "tests/test_rational.py::test_standard_expansions_against_exact_values_at_tiny_eps")
    fastest = max(diverge, key=lambda d: (series[d].order, series[d].leading_coefficient))
    slowest = min(diverge, key=lambda d: (series[d].order, series[d].leading_coefficient))
    add("Fully weighted on 1, 2, 3 or 6", "fastest and slowest divergence", "3 fastest, 2 slowest",
        f"{fastest} fastest ({ratio(series[fastest].leading_coefficient)} eps^-{series[fastest].order}), "
        f"{slowest} slowest ({ratio(series[slowest].leading_coefficient)} eps^-{series[slowest].order})",
        (fastest, slowest) == (3, 2), "",
        "tests/test_rational.py::test_standard_expansions_against_exact_values_at_tiny_eps")
    eps = Fraction(1, 10**23)
    for d, printed in ((6, "5.0E+23"), (3, "1.9E+45")):
        value = sigma_function(delta=d)(1 - eps)
        add("Fully weighted on 1, 2, 3 or 6", f"sigma at P({d}) = 1 - 1e-23", printed, decimal(value, 25),
            _sci_agrees(value, printed), "", "tests/test_evaluate.py::test_paper_magnitudes", value)
    best = optimum(delta=6, digits=12)
    add("Fully weighted on 1, 2, 3 or 6", "P(6) that makes the game shortest", "about 60%",
        f"{decimal(Fraction(best.p) * 100, 6)}% (sigma {best.sigma})", round(Fraction(best.p), 1) == Fraction(6, 10),
        "agrees to the one digit printed", "tests/test_optimum.py::test_paper_claim_about_sixty_percent",
        best.p_enclosure)

    for d in (5, 4):
        chain = collapse(delta=d)
        limit = series[d].limit
        psi = classes[d].psi
        add(f"Fully weighted on {d}", f"turns to win with P({d}) = 1", str({5: 16, 4: 31}[d]), str(psi),
            psi == {5: 16, 4: 31}[d], "", "tests/test_walk.py::test_paper_examples", psi)
        printed = {5: "82.37", 4: "46.98"}[d]
        assert isinstance(limit, Fraction)
        ok = _rounds_to(limit, printed)
        add(f"Fully weighted on {d}", f"the limit of sigma as P({d}) -> 1", printed,
            _both(limit), ok,
            "" if ok else f"{printed} is sigma near P({d}) = 0.97, not the limit; sigma(0.999) = "
            f"{decimal(sigma_function(delta=d)(Fraction(999, 1000)), 6)}",
            "tests/test_rational.py::test_standard_expansions_against_exact_values_at_tiny_eps", limit)
        paper_limit = chain.paper_limit()
        printed_e = {5: "82.24", 4: "49.97"}[d]
        own = paper_approximation_limit(d, psi)
        add(f"Fully weighted on {d}", f"lim E_{d}(x), the paper's approximation of that limit", printed_e,
            f"{decimal(own, 6)} from the paper's chain, {decimal(paper_limit, 6)} from the right one; "
            f"the limit is psi / pi_Win = {ratio(chain.first_order_limit())}",
            False, "the formula multiplies the share of turns in loops by the escape time; "
            "the loop turns per game are psi (1 - pi_Win) / pi_Win", "tests/test_derive.py::test_text_steps")
    five = collapse(delta=5)
    p5 = PAPER_COLLAPSED[5]
    pi5 = five.stationary()
    ok5 = (five.rates[0][0] == p5["win_to_win"] and all(r[0] == p5["loop_to_win"] for r in five.rates[1:])
           and 1 - pi5[0] == p5["pi_loop"])
    add("Fully weighted on 5", "P(Win -> Win), P(Loop -> Win), share of turns in loops",
        "p + 3/80 (1-p), (1-p)/5, 77/93",
        f"p + {ratio(five.rates[0][0])} (1-p), (1-p)/5, {ratio(1 - pi5[0])}", ok5, "",
        "tests/test_collapse.py::test_paper_delta_5_chain")
    four = collapse(delta=4)
    p4 = PAPER_COLLAPSED[4]
    row4 = p4["win_row"]
    assert isinstance(row4, tuple)
    add("Fully weighted on 4", "P(Win -> Win) and P(Win -> {89})", "p + 118/155 (1-p), 18/155 (1-p)",
        f"p + {ratio(four.rates[0][0])} (1-p), {ratio(four.rates[0][2])} (1-p)",
        (four.rates[0][0], four.rates[0][2]) == (row4[0], row4[2]),
        "five outcomes from the win path into the basin of {73, 77, 81, 85, 89} are counted as Win",
        "tests/test_collapse.py::test_paper_delta_4_chain_has_a_wrong_win_row")
    pi4 = four.stationary()
    paper_pi = p4["pi"]
    assert isinstance(paper_pi, tuple)
    add("Fully weighted on 4", "share of turns on the win path", ratio(paper_pi[0]), ratio(pi4[0]),
        pi4[0] == paper_pi[0], "follows from the wrong Win row",
        "tests/test_collapse.py::test_paper_delta_4_chain_has_a_wrong_win_row", pi4[0])
    for d, printed, model_name in ((5, "4.148", "c_5"), (4, "0.515", "c_4")):
        c = series[d].limit / classes[d].psi - 1
        add("Open question", f"{model_name} = sigma / psi - 1", printed, f"{ratio(c)} = {decimal(c, 6)}",
            _rounds_to(c, printed), "" if _rounds_to(c, printed) else "from the wrong limit 82.37",
            f"tests/test_collapse.py::test_open_question_constants[{d}]", c)
    for d, printed in ((5, "4.140"), (4, "0.612")):
        ours_c = paper_approximation_limit(d, classes[d].psi) / classes[d].psi - 1
        add("Open question", f"c from the collapsed chain, delta = {d}", printed,
            f"{decimal(ours_c, 6)} with the paper's chain", _rounds_to(ours_c, printed),
            "reproduced; the exact c from the collapsed chain is (1 - pi_Win) / pi_Win = "
            f"{ratio(collapse(delta=d).exact_c())}", f"tests/test_collapse.py::test_open_question_constants[{d}]",
            ours_c)
    no_chutes = build_chain(Board(100, board.ladders)).expected_duration()
    s4 = policy_chain(board, fair(), strategy(4, board)).expected_duration()
    add("Introducing strategy", "the board without chutes (simulated) vs strategy 4", "21.843, and strategy 4 lower",
        f"{decimal(no_chutes, 9)}; strategy 4: {decimal(s4, 9)}", _rounds_to(no_chutes, "21.843") and s4 < no_chutes,
        "", "tests/test_coin.py::test_paper_remark_strategy_4_beats_the_board_without_chutes", no_chutes)
    return out


def _both(value: Fraction) -> str:
    """``a/b = d.ddd``, or just the number when it is a whole one."""
    text = decimal(value, 12)
    return ratio(value) if ratio(value) == text else f"{ratio(value)} = {text}"


def errata_markdown(checks: list[ClaimCheck] | None = None) -> str:
    """The docs' errata page: every claim, the paper's value, ours, the verdict and its test (formulas as math)."""
    checks = check_claims() if checks is None else checks
    lines = [
        "# The paper, checked",
        "",
        "Generated by `limits.paper.claims.errata_markdown()` from the engine; "
        "`tests/test_claims.py` fails when this page drifts from it. Each value was "
        "derived by `limits` and checked a second way in the test named. Where the "
        "paper and `limits` differ, `limits` is right, and the test shows why.",
        "",
        f"{sum(c.agrees for c in checks)} claims agree, {sum(not c.agrees for c in checks)} differ.",
        "",
        "| section | claim | paper | limits | verdict | test |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for c in checks:
        verdict = c.verdict if not c.note else f"{c.verdict}: {c.note}"
        if not c.agrees:
            verdict = f"**{verdict}**"
        cells = [c.section, *(myst_math(x) for x in (c.claim, c.paper, c.ours, verdict)), f"`{c.test}`"]
        lines.append("| " + " | ".join(x.replace("|", "\\|") for x in cells) + " |")
    lines += ["", "The collapsed chains are discussed in [the walk and the collapsed chains](walk.md).", ""]
    return "\n".join(lines)

