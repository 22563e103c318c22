import math
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits.errors import LimitsError
from limits.game.quantile import QuantileRule, as_level, quantile_from_cdf


def cdf_of(pmf):
    out, acc = [], F(0)
    for p in pmf:
        acc += p
        out.append(acc)
    return out


def test_an_exact_hit_separates_the_conventions():
    # P(M = 0..3) = 1/4, 1/4, 0, 1/2: the cdf equals 1/2 on 1..2
    cdf = cdf_of([F(1, 4), F(1, 4), F(0), F(1, 2)])
    assert quantile_from_cdf(cdf, F(1, 2), QuantileRule.LOWER) == 1
    assert quantile_from_cdf(cdf, F(1, 2), QuantileRule.UPPER) == 3
    assert quantile_from_cdf(cdf, F(1, 2), QuantileRule.MIDPOINT) == 2
    # off the hit the three agree
    for q in ("0.2", "0.4", "0.6", "0.99"):
        assert len({quantile_from_cdf(cdf, q, r) for r in QuantileRule}) == 1


def test_a_half_integer_midpoint():
    cdf = cdf_of([F(1, 2), F(1, 2)])
    assert quantile_from_cdf(cdf, "0.5", "midpoint") == F(1, 2)


def test_a_count_that_may_never_end():
    # P(M = 0) = 1/3, P(M = infinity) = 2/3, the cdf settles at once
    cdf = [F(1, 3)] * 3
    assert quantile_from_cdf(cdf, F(1, 3), total=F(1, 3), settles_at=0) == 0
    assert quantile_from_cdf(cdf, F(1, 3), total=F(1, 3), settles_at=None) == math.inf
    assert quantile_from_cdf(cdf, F(1, 3), "upper", total=F(1, 3), settles_at=0) == math.inf
    assert quantile_from_cdf(cdf, F(1, 2), total=F(1, 3), settles_at=0) == math.inf
    assert quantile_from_cdf(cdf, F(1, 4), "midpoint", total=F(1, 3), settles_at=0) == 0


def test_bad_levels_and_rules():
    for q in (0, 1, "1.5", "-0.1", "x", None):
        with pytest.raises(LimitsError):
            as_level(q)
    assert as_level(0.9) == F(9, 10)  # the decimal that was written, not the nearest double
    with pytest.raises(LimitsError, match="unknown quantile rule"):
        quantile_from_cdf([F(1)], "0.5", "nearest")
    with pytest.raises(LimitsError, match="ended"):
        quantile_from_cdf([F(1, 4)], "0.5")


@given(st.lists(st.integers(0, 4), min_size=1, max_size=12).filter(any), st.integers(1, 99))
def test_against_the_definitions(weights, percent):
    total = sum(weights)
    cdf = cdf_of([F(w, total) for w in weights])
    q = F(percent, 100)
    lower = min(m for m, v in enumerate(cdf) if v >= q)
    upper = min(m for m, v in enumerate(cdf) if v > q)
    assert quantile_from_cdf(cdf, q) == lower
    assert quantile_from_cdf(cdf, q, "upper") == upper
    assert quantile_from_cdf(cdf, q, "midpoint") == F(lower + upper, 2)
    # the convention "largest m with P(M <= m) < q" is always one below the lower quantile
    below = [m for m, v in enumerate(cdf) if v < q]
    assert (max(below) if below else -1) == lower - 1
