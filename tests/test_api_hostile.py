"""Every public entry point of ``limits`` given hostile arguments answers or raises a LimitsError, never anything else.

Each function and constructor of ``limits.__all__`` is called with cheap
arguments on a tiny board, one of them replaced by a value of every other
kind (text, None, floats with nan and inf, huge and negative integers, bools,
lists, bare objects): bad input is a :class:`~limits.errors.LimitsError`
(a ``ValueError``), and a message never formats a huge integer in full.
"""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import limits
from limits import Board, LimitsError, build_chain, fair, weighted
from tests.strategies import scaled

TINY = Board(6, {2: 5, 4: 1})
DIE = fair(2)
CHAIN = build_chain(TINY, DIE)
FAMILY = dict(board=TINY, delta=1, faces=2)

CALLS = {
    "Board": dict(size=6, jumps={2: 5}), "althoen": {}, "builtin_board": dict(name="standard"), "empty": dict(size=6),
    "standard": {}, "build_chain": dict(board=TINY, die=DIE), "Die": dict(probabilities=(Fraction(1, 2),) * 2),
    "fair": dict(k=2), "weighted": dict(delta=1, p=Fraction(1, 2), k=2), "uniform_on": dict(faces=(1,), k=2),
    "Chain": dict(board=TINY, die=DIE),
    **{f"Chain.{name}": {} for name in ("expected_duration", "expected_durations", "expected_visits", "moments",
                                        "median", "mode", "min_turns", "stats", "strategies", "optimal_policy",
                                        "fewest_turns_path", "most_likely_path", "policy_map")},
    "Chain.survival": dict(turns=3), "Chain.pmf": dict(turns=3), "Chain.quantile": dict(q=Fraction(1, 2)),
    "Chain.players": dict(k=2), "Chain.classify": dict(delta=1),
    "Chain.simulate": dict(games=10, seed=1, workers=1, chunk=10, max_turns=100),
    "Chain.with_policy": dict(policy=6), "Chain.race": dict(first="2", second="never", digits=6),
    "Chain.race_table": dict(policies=("2", "never"), digits=6),
    "Perturbation": dict(board=TINY, at=DIE, toward=weighted(1, 1, 2)),
    "Perturbation.loaded": FAMILY, "Perturbation.between": dict(at=DIE, toward=weighted(1, 1, 2), board=TINY),
    **{f"Perturbation.{name}": {} for name in ("hierarchy", "law", "derive", "classify", "collapse", "explain_order",
                                               "rational_function", "expansion", "variance", "exact_expansion",
                                               "optimal_policy", "policy_map")},
    "Perturbation.chain_at": dict(eps=Fraction(1, 3)), "Perturbation.value_at": dict(eps=Fraction(1, 3), digits=5),
    "Perturbation.sweep": dict(eps=(Fraction(1, 2),)),
    "Perturbation.optimum": dict(digits=5), "Perturbation.limit": dict(terms=2), "Perturbation.eps_of": dict(p=Fraction(1, 3)),
    "Perturbation.die": dict(eps=Fraction(1, 3)),
    "Perturbation.of_eps": dict(die_of_eps="eps, 1 - eps", board=TINY), "Perturbation.phase": dict(a_face=2, b_face=1),
    "sweep": dict(board=TINY, deltas=(1,), ps=(Fraction(1, 2),), faces=2, workers=1),
    "grid": dict(start=0, stop=1, points=3), "strategy": dict(k=6, board=TINY), "flip_on": dict(squares=(1,)),
}
"""Each entry point with cheap arguments (a tiny board, a two-faced die): the builders, and every verb of the game
(``Chain.x``, asked of a game on the tiny board) and of the family (``Perturbation.x``, of the loaded die there)."""

NOT_CALLED = {
    "check_claims": "takes no argument", "reproduce": "writes the paper's files: minutes of work",
    "RationalFunction": "a result type", "Laurent": "a result type", "Moments": "a result type",
    "PlayersResult": "a result type", "GameCounts": "a result type", "SeatChances": "a result type",
    "Rule": "an enum: every entry point takes a rule by name or member (as_rule)",
}
"""Public names that are not entry points for input, and why; the result types are built by the library."""

VERBS_NOT_CALLED = {
    "Chain": {"entry", "row", "successors", "plot_survival", "plot_pmf", "plot_board", "plot_path", "to_sympy", "to_numpy",
              "to_networkx"},
    "Perturbation": {"moves", "row", "describe", "to_dict", "check_finite", "exact_value", "explore"},
}
"""Verbs that take no input a user types (a square of the chain, a side of the family) or draw (matplotlib)."""

OBJECTS = {"Chain": CHAIN, "Perturbation": limits.Perturbation.loaded(**FAMILY)}


def _entry(name):
    head, _, tail = name.partition(".")
    if tail:
        return getattr(OBJECTS[head], tail)
    return getattr(limits, head)


def _results():
    """The result types: the names ``limits`` lists after its inputs (``_LAZY``, from "every result type" on)."""
    names = list(limits._LAZY)
    return set(names[names.index("Moments"):])


def test_every_public_entry_point_is_called():
    errors = {n for n in limits.__all__ if isinstance(getattr(limits, n), type)
              and issubclass(getattr(limits, n), BaseException)}
    called = {name.partition(".")[0] for name in CALLS}
    assert set(limits.__all__) - errors - _results() - set(NOT_CALLED) == called


@pytest.mark.parametrize("head", sorted(OBJECTS))
def test_every_verb_of_the_front_doors_is_called(head):
    cls = getattr(limits, head)
    verbs = {n for n, v in vars(cls).items() if not n.startswith("_") and callable(getattr(cls, n))}
    called = {name.partition(".")[2] for name in CALLS if name.startswith(f"{head}.")}
    assert verbs - VERBS_NOT_CALLED[head] == called


HOSTILE = st.one_of(
    st.text(max_size=4), st.none(), st.booleans(), st.floats(), st.sampled_from([float("nan"), float("inf"), -1.5]),
    st.sampled_from([10**5000, -10**5000, 2**64, -1, 0]), st.lists(st.integers(-2, 2), max_size=3),
    st.builds(object), st.just(b"6"), st.just({"a": 1}), st.just(Fraction(1, 3)), st.just(1 + 2j),
)
"""Values of every kind, none of them the kind an entry point takes where it is put (most of the time)."""

PAIRS = [(name, p.name) for name in CALLS for p in inspect.signature(_entry(name)).parameters.values()
         if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]


@pytest.mark.parametrize(("name", "parameter"), PAIRS)
@settings(max_examples=scaled(12))
@given(value=HOSTILE)
def test_hostile_arguments_answer_or_raise_a_limits_error(name, parameter, value):
    arguments = {**CALLS[name], parameter: value}
    try:
        _entry(name)(**arguments)
    except LimitsError as exc:
        assert len(str(exc)) < 2000


@pytest.mark.parametrize("call", [
    lambda: limits.build_chain("standard"),  # AttributeError
    lambda: limits.build_chain(limits.standard(), policy="x"),  # TypeError
    lambda: CHAIN.race(10**5000),  # ValueError from int formatting
    lambda: limits.Perturbation.loaded(p_to=10**5000),
    lambda: OBJECTS["Perturbation"].value_at("0.99"),  # a point not given by name: p= or eps=?
    lambda: OBJECTS["Perturbation"].sweep(["0.5"]),
    lambda: limits.Perturbation.between(10**5000, fair()),
])
def test_the_cases_that_leaked_other_exceptions(call):
    with pytest.raises(LimitsError, match="must be|unknown|not a whole number of about|coin policy|by name"):
        call()
