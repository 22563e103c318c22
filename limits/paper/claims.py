"""Every numeric claim of the paper, checked against what `limits` derives.

The claims are data: :data:`SPECS` gives, for each number the paper printed
(:data:`limits.paper.printed.CLAIMS`: where, what, as printed), how `limits`
computes its own value (a small function of :func:`derived`, the results
every claim draws on, each computed once), how the two are compared, and the
test that checks our value a second way. :func:`check_claims` evaluates the
table; the errata page of the docs and the report's table are both rendered
from it, and a test fails when the committed page drifts from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, Callable, NamedTuple

from ..exact.digits import decimal, ratio
from ..markup.document import Document
from ..markup.jupyter import exact_and_decimal
from ..markup.numerals import counted
from ..markup.prose import myst_math
from .printed import PAPER_CLASS_COUNTS, claim, paper_approximation_limit

__all__ = ["ClaimCheck", "Ours", "Spec", "SPECS", "derived", "check_claims", "errata_markdown"]


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


class Ours(NamedTuple):
    """What `limits` finds for a claim.

    ``shown`` is the table's text; ``value`` our number (None where the claim
    is no number); ``compared`` what is set against the printed text when it
    is not the value (by default the value, or the text when there is none);
    ``note`` is said when the claim agrees and ``why`` when it differs.
    """

    shown: str
    value: Any = None
    compared: Any = None
    note: str = ""
    why: str = ""


class Spec(NamedTuple):
    """A claim to check: its key in the printed claims, how to find ours, how to compare, the test that checks ours."""

    key: str
    ours: Callable[[SimpleNamespace], Ours]
    agrees: Callable[[Any, str], bool]
    test: str


def derived() -> SimpleNamespace:
    """What `limits` derives for the paper's game that the claims draw on, each computed once."""
    from ..coin.strategies import strategy
    from ..limit.perturbed_chain import Perturbation
    from ..model.board import Board, standard
    from ..model.build import build_chain
    from ..model.die import fair

    board, families = standard(), {d: Perturbation.loaded(delta=d) for d in range(1, 7)}
    sigma = {d: f.rational_function("p") for d, f in families.items()}
    series = {d: f.laurent(2) for d, f in sigma.items()}
    return SimpleNamespace(
        chain=build_chain(), classes={d: f.classify() for d, f in families.items()}, sigma=sigma, series=series,
        diverging=[d for d in range(1, 7) if series[d].order > 0],
        collapsed={d: families[d].collapse() for d in (5, 4)}, best6=families[6].optimum(12), no_chutes=build_chain(Board(100, board.ladders)).expected_duration(),
        strategy4=build_chain(board, fair(), policy=strategy(4, board)).expected_duration())


def _same(value: Any, printed: str) -> bool:
    """Equal to the printed text: a percentage as its fraction, anything else in the form printed."""
    if printed.endswith("%"):
        return value == Fraction(printed[:-1]) / 100
    return str(value) == printed


def _rounds_to(value: Fraction, printed: str) -> bool:
    """Whether ``value`` rounded like ``printed`` (same decimals) gives ``printed``."""
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    return round(value, decimals) == Fraction(printed)


def _leading_digits(value: Any, printed: str) -> bool:
    """The digits printed agree: ``5.0E+23`` to two, ``about 60%`` to one (a whole number's trailing zeros are no digits)."""
    number = printed.split()[-1]
    scale = 100 if number.endswith("%") else 1
    number = number.rstrip("%")
    mantissa = number.upper().split("E")[0]
    digits = len(mantissa.replace(".", "").lstrip("0")) if "." in mantissa else len(mantissa.strip("0"))
    return Fraction(decimal(Fraction(getattr(value, "lower", value)) * scale, digits)) == Fraction(number)


def _set(squares: Any) -> str:
    return "{" + ", ".join(map(str, squares)) + "}"


def _classes(r: SimpleNamespace, d: int) -> Ours:
    return Ours("{c_loop} / {f_loop} / {win}".format(**r.classes[d].counts),
                why=f"the paper's row sums to {sum(PAPER_CLASS_COUNTS[d].values())}; it must sum to 100")


def _fastest(r: SimpleNamespace) -> Ours:
    def rate(d: int) -> str:
        return f"{ratio(r.series[d].leading_coefficient)} eps^-{r.series[d].order}"

    key = (lambda d: (r.series[d].order, r.series[d].leading_coefficient))
    fastest, slowest = max(r.diverging, key=key), min(r.diverging, key=key)
    return Ours(f"{fastest} fastest ({rate(fastest)}), {slowest} slowest ({rate(slowest)})",
                compared=f"{fastest} fastest, {slowest} slowest")


def _limit(r: SimpleNamespace, d: int) -> Ours:
    return Ours(exact_and_decimal(r.series[d].limit), r.series[d].limit,
                why=f"{claim(f'sigma{d}_limit').printed} is sigma near P({d}) = 0.97, not the limit; sigma(0.999) = "
                f"{decimal(r.sigma[d](Fraction(999, 1000)), 6)}")


def _approximation(r: SimpleNamespace, d: int) -> Ours:
    chain = r.collapsed[d]
    own = paper_approximation_limit(d, r.classes[d].psi)
    return Ours(f"{decimal(own, 6)} from the paper's chain, {decimal(chain.paper_limit(), 6)} from the right one; "
                f"the limit is psi / pi_Win = {ratio(chain.first_order_limit())}", compared=r.series[d].limit,
                why="the formula multiplies the share of turns in loops by the escape time; "
                "the loop turns per game are psi (1 - pi_Win) / pi_Win")


def _collapsed5(r: SimpleNamespace) -> Ours:
    rates, pi = r.collapsed[5].rates, r.collapsed[5].stationary()
    to_win = {row[0] for row in rates[1:]}
    loops = f"(1-p)/{1 / to_win.pop()}" if len(to_win) == 1 else "(1-p) times " + ", ".join(map(ratio, to_win))
    return Ours(f"p + {ratio(rates[0][0])} (1-p), {loops}, {ratio(1 - pi[0])}")


def _c_sigma(r: SimpleNamespace, d: int) -> Ours:
    c = r.series[d].limit / r.classes[d].psi - 1
    return Ours(f"{ratio(c)} = {decimal(c, 6)}", c, why=f"from the wrong limit {claim(f'sigma{d}_limit').printed}")


def _c_collapsed(r: SimpleNamespace, d: int) -> Ours:
    c = paper_approximation_limit(d, r.classes[d].psi) / r.classes[d].psi - 1
    return Ours(f"{decimal(c, 6)} with the paper's chain", c, note="reproduced; the exact c from the collapsed chain "
                f"is (1 - pi_Win) / pi_Win = {ratio(r.collapsed[d].exact_c())}")


def _no_chutes(r: SimpleNamespace) -> Ours:
    lower = "lower" if r.strategy4 < r.no_chutes else "not lower"
    return Ours(f"{decimal(r.no_chutes, 9)}; strategy 4: {decimal(r.strategy4, 9)}", r.no_chutes,
                compared=(r.no_chutes, lower))


def _rounds_and(compared: tuple[Fraction, str], printed: str) -> bool:
    """``21.843, and strategy 4 lower``: the number rounds to the one printed, and the words are the same."""
    number, words = printed.split(", and strategy 4 ")
    return _rounds_to(compared[0], number) and compared[1] == words


_WALK = "tests/test_walk.py::test_paper_examples"
_TABLE = "tests/test_walk.py::test_paper_table_of_classifications"
_EXPANSIONS = "tests/test_rational.py::test_standard_expansions_against_exact_values_at_tiny_eps"

SPECS: tuple[Spec, ...] = (
    Spec("sigma_fair", lambda r: Ours(exact_and_decimal(s := r.chain.expected_duration()), s,
                                      note="the paper's value is ours rounded to four places"),
         _rounds_to, "tests/test_duration.py::test_standard_expectation_against_brute_force"),
    Spec("states", lambda r: Ours(f"{len(r.chain.states)} transient + 1 absorbing", len(r.chain.states) + 1),
         _same, "tests/test_chain.py::test_standard_chain_has_the_papers_82_states"),
    *(Spec(f"classes{d}", lambda r, d=d: _classes(r, d), _same, _TABLE) for d in range(1, 7)),
    Spec("trapped3", lambda r: Ours(f"{(t := 100 - r.classes[3].counts['win'])}%", Fraction(t, 100)), _same, _TABLE),
    Spec("loop3", lambda r: Ours(f"{_set(r.classes[3].loops[0].squares)}, "
                                 f"{counted(len(r.classes[3].loops[0].on_ramp), 'square')}"), _same, _WALK),
    Spec("win_path6", lambda r: Ours(_set(r.classes[6].win_path)), _same, _WALK),
    Spec("diverge", lambda r: Ours(", ".join(map(str, r.diverging)) + " (orders " + ", ".join(
        str(r.series[d].order) for d in r.diverging) + ")", compared=", ".join(map(str, r.diverging))),
         _same, _EXPANSIONS),
    Spec("fastest", _fastest, _same, _EXPANSIONS),
    *(Spec(f"sigma{d}_1e-23", lambda r, d=d: Ours(decimal(v := r.sigma[d](1 - Fraction(1, 10**23)), 25), v),
           _leading_digits, "tests/test_evaluate.py::test_paper_magnitudes") for d in (6, 3)),
    Spec("optimum6", lambda r: Ours(f"{decimal(Fraction(r.best6.p) * 100, 6)}% (sigma = {r.best6.sigma})",
                                    r.best6.p_enclosure, note="agrees to the one digit printed"),
         _leading_digits, "tests/test_optimum.py::test_paper_claim_about_sixty_percent"),
    *(spec for d in (5, 4) for spec in (
        Spec(f"psi{d}", lambda r, d=d: Ours(str(r.classes[d].psi), r.classes[d].psi), _same, _WALK),
        Spec(f"sigma{d}_limit", lambda r, d=d: _limit(r, d), _rounds_to, _EXPANSIONS),
        Spec(f"E{d}_limit", lambda r, d=d: _approximation(r, d), _rounds_to, "tests/test_derive.py::test_text_steps"))),
    Spec("collapsed5", _collapsed5, _same, "tests/test_collapse.py::test_paper_delta_5_chain"),
    Spec("win_row4", lambda r: Ours(f"p + {ratio(r.collapsed[4].rates[0][0])} (1-p), "
                                    f"{ratio(r.collapsed[4].rates[0][2])} (1-p)",
                                    why="five outcomes from the win path into the basin of {73, 77, 81, 85, 89} "
                                    "are counted as Win"),
         _same, "tests/test_collapse.py::test_paper_delta_4_chain_has_a_wrong_win_row"),
    Spec("pi_win4", lambda r: Ours(ratio(pi := r.collapsed[4].stationary()[0]), pi,
                                   why="follows from the wrong Win row"),
         _same, "tests/test_collapse.py::test_paper_delta_4_chain_has_a_wrong_win_row"),
    *(Spec(f"c{d}_sigma", lambda r, d=d: _c_sigma(r, d), _rounds_to,
           f"tests/test_collapse.py::test_open_question_constants[{d}]") for d in (5, 4)),
    *(Spec(f"c{d}", lambda r, d=d: _c_collapsed(r, d), _rounds_to,
           f"tests/test_collapse.py::test_open_question_constants[{d}]") for d in (5, 4)),
    Spec("no_chutes", _no_chutes, _rounds_and,
         "tests/test_coin.py::test_paper_remark_strategy_4_beats_the_board_without_chutes"),
)
"""Every checked claim, in the order of the errata page."""


def check_claims() -> list[ClaimCheck]:
    """Recompute every checked claim of the paper.

    Examples
    --------
    >>> checks = check_claims()
    >>> sum(c.agrees for c in checks), sum(not c.agrees for c in checks)
    (23, 7)
    """
    results, out = derived(), []
    for spec in SPECS:
        printed, ours = claim(spec.key), spec.ours(results)
        compared = ours.compared if ours.compared is not None else ours.value if ours.value is not None else ours.shown
        agrees = spec.agrees(compared, printed.printed)
        out.append(ClaimCheck(printed.section, printed.text, printed.printed, ours.shown, agrees,
                              ours.note if agrees else ours.why, spec.test, ours.value))
    return out


def errata_markdown(checks: list[ClaimCheck] | None = None) -> str:
    """The docs' errata page: every claim, the paper's value, ours, the verdict and its test (formulas as math)."""
    checks = check_claims() if checks is None else checks
    doc = Document("The paper, checked")
    doc.paragraph("Generated by `limits.paper.claims.errata_markdown()` from the engine; `tests/test_claims.py` fails "
                  "when this page drifts from it. Each value was derived by `limits` and checked a second way in the "
                  "test named. Where the paper and `limits` differ, `limits` is right, and the test shows why.")
    doc.paragraph(f"{sum(c.agrees for c in checks)} claims agree, {sum(not c.agrees for c in checks)} differ.")
    verdicts = [c.verdict + (f": {c.note}" if c.note else "") for c in checks]
    doc.table(["section", "claim", "paper", "limits", "verdict", "test"],
              [[c.section, *map(myst_math, (c.claim, c.paper, c.ours, v if c.agrees else f"**{v}**")), f"`{c.test}`"]
               for c, v in zip(checks, verdicts)])
    doc.paragraph("The collapsed chains are discussed in [the walk and the collapsed chains](walk.md).")
    return doc.markdown()
