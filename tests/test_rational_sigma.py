"""sigma as a whole rational function of a family (limits.limit.expansion), with small primes patched in.

The integer pencil ``C0 + eps C1`` of a family is built from the board; with small primes the Chinese
remainder step needs several moduli, so a wrong bound or inverse shows. Every square's function is
compared with sympy's Cramer's rule over ZZ[eps], and the loaded die's function of p with the exact
solve at a point.
"""

from contextlib import contextmanager
from fractions import Fraction
from unittest.mock import patch

import sympy
from flint import fmpz_poly
from hypothesis import example, given
from hypothesis import strategies as st
from sympy.polys.matrices import DomainMatrix

from limits import Board, BoardError, InfiniteExpectationError, Perturbation, Rule
from limits.exact import pencil
from limits.limit.expansion import _pencil
from tests.loaded import every_function, sigma_functions
from tests.strategies import boards, rules

SMALL_PRIMES = list(sympy.primerange(11, 2000))
EPS = sympy.Symbol("eps")
RING = sympy.ZZ[EPS]


@contextmanager
def small_primes():
    """Primes from 11 up instead of down from 2^62; yields the list of runs, each the primes one solve drew."""
    used: list[list[int]] = []

    def primes():
        run: list[int] = []
        used.append(run)
        for q in SMALL_PRIMES:
            run.append(q)
            yield q

    with patch.object(pencil, "_primes", primes):
        yield used


def _det(rows):
    n = len(rows)
    m = [[RING.from_sympy(sympy.sympify(v)) for v in row] for row in rows]
    return fmpz_poly([int(c) for c in reversed(DomainMatrix(m, (n, n), RING).det().to_dense())])


@given(boards(max_size=9), rules, st.integers(2, 4), st.data())
@example(Board(7, {2: 6, 5: 1}), Rule.BOUNCE, 3, None)
@example(Board(9, {3: 8, 7: 0, 5: 2}), Rule.STAY, 4, None)
def test_small_primes_reconstruct_cramers_rule_for_every_square(board, rule, faces, data):
    delta = data.draw(st.integers(1, faces)) if data is not None else 1
    try:
        family = Perturbation.loaded(board, delta, rule=rule, faces=faces)
        with small_primes() as used:
            functions = every_function(family)
    except (BoardError, InfiniteExpectationError):
        return
    states = tuple(functions)
    c0, c1, c = _pencil(family, states)
    n = len(states)
    a = [[c0[i][j] + EPS * c1[i][j] for j in range(n)] for i in range(n)]
    den = _det(a)
    for s, (i, f) in zip(states, enumerate(functions.values())):
        num = _det([r[:i] + [c[k]] + r[i + 1:] for k, r in enumerate(a)])
        assert fmpz_poly(list(f.numerator)) * den == fmpz_poly(list(f.denominator)) * num, s
    assert len(used) == 1 and len(used[0]) > 1  # one reconstruction, several small moduli


@given(boards(max_size=12), rules, st.integers(2, 5), st.data())
def test_the_function_of_p_is_the_exact_solve_at_a_point(board, rule, faces, data):
    delta = data.draw(st.integers(1, faces))
    p = Fraction(data.draw(st.integers(1, 9)), 10)
    try:
        functions = sigma_functions(board, delta, rule=rule, faces=faces)
    except (BoardError, InfiniteExpectationError):
        return
    family = Perturbation.loaded(board, delta, rule=rule, faces=faces, start=board.size)  # 0 may be trapped
    chain = family.chain_at(eps=1 - p)
    for s, f in functions.items():
        assert f(p) == chain.expected_duration(s)


def test_the_exact_expansion_of_a_start_on_the_goal_is_sigma_0():
    from limits import Board, Perturbation
    from limits.exact.rational import Laurent

    f = Perturbation.loaded(Board(10, ((3, 10),)), 5, start=3)
    assert f.exact_expansion(2) == Laurent(0, ((0, Fraction(0)), (1, Fraction(0))), "sigma")
