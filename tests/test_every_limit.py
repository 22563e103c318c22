"""Every limit and threshold of :mod:`limits.checks` at its edge, generated from the table of limits itself.

A *limit* (``MAX_*``, ``MIN_*``) is tested where it is enforced: the input at the limit is accepted and the
input one past it refused (a :class:`~limits.errors.TooLargeError` naming it, unless the table says
otherwise). A *threshold* (``*_FROM``, ``*_UP_TO``) is tested on both sides: the engine it names runs at the
threshold and not one step before it, and both engines give the same answer.

:data:`LIMITS` and :data:`THRESHOLDS` map each name to the places that enforce it. The first tests read
``limits.checks`` and every module of the package that reads one of its names (the code, with ``ast``), and
fail when a name, or a module that uses it, has no edge here: a new limit cannot be added without its edge
tests. The command line's ranges are read from its parser (:data:`CLI_RANGES`), and every range docs/cli.md
states is the limit it names.

Where the real value is too costly to reach in a unit test, the edge is tested with the limit patched to the
size of a small input (``at``): the comparison is the same, at a size a test can afford.
"""

from __future__ import annotations

import ast
import functools
import io
import json
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import pytest

import limits
from limits import Board, Die, Perturbation, build_chain, checks, fair, standard, weighted
from limits.errors import ConvergenceError, LimitsError, TooLargeError

ROOT = Path(limits.__file__).parent
NAME = re.compile(r"(MAX|MIN)_[A-Z0-9_]+|[A-Z0-9_]+_(FROM|UP_TO)")


@dataclass(frozen=True)
class Edge:
    """One place that enforces a limit.

    ``run(value)`` does the work at a value of the limit's quantity. Without ``at`` the real limit is used:
    ``run(limit)`` is accepted, ``run(limit + 1)`` (``limit - 1`` for a ``MIN_``) refused. With ``at`` (the
    quantity of the fixed input ``run(at)`` builds, or a function of no argument that finds it), the limit is
    patched in ``site`` (and in :mod:`limits.checks`) to ``at`` (accepted) and to one step short of it
    (refused). ``refused`` is the error class, or ``None`` when the refusal is a falsy answer (a picture not
    drawn, an exact value not computed).
    """

    site: str
    run: Callable[[Any], Any]
    at: Any = None
    refused: type[Exception] | None = TooLargeError
    step: Any = 1


def _patched(monkeypatch, name: str, site: str, value: Any) -> None:
    """``name`` set to ``value`` in :mod:`limits.checks` and in ``site``, until the test ends.

    Every module that reads a limit is imported first: one imported for the first time while the limit is
    patched would keep the patched value for good (``from ..checks import NAME`` binds it once).
    """
    import importlib

    for module in sorted(set().union(*_readers().values())):
        importlib.import_module(module)
    monkeypatch.setattr(checks, name, value)
    module = importlib.import_module(site)
    if hasattr(module, name):
        monkeypatch.setattr(module, name, value)


# ---- small inputs ---------------------------------------------------------------------------------------------

def _chain(n: int = 6, faces: int = 3, jumps=None):
    return build_chain(Board(n, jumps or {2: 5} if n >= 6 else {}), fair(faces))


def _states(n: int):
    """A board with ``n`` transient squares (no jumps: squares 0..n-1)."""
    return Board(n)


def _board_bytes(size: int, total: int) -> io.BytesIO:
    text = json.dumps({"size": size, "jumps": []})
    return io.BytesIO((text + " " * (total - len(text))).encode())


def _probability_text(length: int) -> str:
    """A valid probability written with exactly ``length`` characters (1 / 10^MAX_PROBABILITY_DIGITS, spaced)."""
    bottom = "1" + "0" * checks.MAX_PROBABILITY_DIGITS
    return "1" + " " * (length - len(bottom) - 2) + "/" + bottom


def _symbolic_survival(turns: int):
    import sympy

    from limits.game.distribution import survival

    return survival(build_chain(Board(4), weighted(2, sympy.Symbol("p"), 2)), turns)


def _quantile_rounds():
    from limits.game.game_length import GameLength, Unit
    from limits.game.one_player import OnePlayer

    return GameLength(OnePlayer(_chain()), 2, Unit.ROUNDS)


def _series_live(chain) -> int:
    return len(chain.fewest_turns) - 1


def _race_states() -> int:
    from limits.race.moves import seat_moves

    return 2 * seat_moves(build_chain(Board(5, {2: 4}), fair(2))).size ** 2  # the chain of both positions


def _race(exact: bool):
    return build_chain(Board(5, {2: 4}), fair(2)).race("win", "never", digits=6, exact=exact)


def _race_shell(exact: bool, start: int = 0):
    """The command line's check of a race with win, before the game is built (on the squares the die reaches from
    where the start lands: from 2, a ladder's foot, the race starts on 4)."""
    from limits.cli.coin import _check_size

    return _check_size(SimpleNamespace(start=start, rule="stay", exact=exact), Board(5, {2: 4}), fair(2))


def _race_states_from_4() -> int:
    """The shell's lower bound from 2 (a ladder's foot): the squares the die alone reaches from 4, where it lands."""
    from limits.model.reach import reached_squares

    return 2 * sum(1 for s in reached_squares(Board(5, {2: 4}), 2, "stay", 4) if s != 5) ** 2


def _exact_bits() -> int:
    from limits.game.linear_system import finite_system

    system = finite_system(build_chain(standard(), weighted(5, Fraction(1, 3))))
    return len(system.finite) * system.scale.bit_length()


def _exact_sigma():
    from limits.limit.certified_value import certified_value

    return certified_value(build_chain(standard(), weighted(5, Fraction(1, 3))), 0, Fraction(2, 3), 10).exact


def _ball_bits() -> int:
    """The precision at which :func:`_ball_enclosure` certifies its digits: the second one tried."""
    return _ball_enclosure()[1]


def _ill_conditioned():
    from limits.game.linear_system import finite_system

    return finite_system(build_chain(Board(12, {3: 9}), weighted(2, 1 - Fraction(1, 10**60), 3))), 0, 8


def _ball_enclosure():
    """:func:`_ill_conditioned`'s enclosure, its first precision refused (as on a system too ill-conditioned)."""
    from limits.limit import certified_value

    accepted, tried = certified_value.accepted_ball, []

    def later(*args):
        tried.append(1)
        return accepted(*args) if len(tried) > 1 else None

    with pytest.MonkeyPatch.context() as m:
        m.setattr(certified_value, "accepted_ball", later)
        return certified_value.ball_enclosure(*_ill_conditioned())


def _survey(**options):
    from limits.model.random_board import BoardFamily
    from limits.survey.survey import Survey

    family = options.pop("family", BoardFamily(12, 1, 1))
    return Survey(family, **{"boards": 1, "seed": 0, **options})


def _stored_row(index: int, tmp: Path):
    """A survey of MAX_BOARDS boards resumed from a CSV whose one row has ``index``."""
    from limits.survey.result import BoardResult, Engine
    from limits.survey.store import ResultStore

    survey = _survey(boards=checks.MAX_BOARDS, engine="exact", deltas=())
    path = tmp / f"rows-{index}.csv"
    path.unlink(missing_ok=True)
    with ResultStore(path, survey) as store:
        store.write(BoardResult(index, Engine.EXACT, Fraction(7), None))
    with ResultStore(path, survey) as store:
        return store.done


def _explorer(faces: int):
    from limits.explore.data import explorer_data

    return explorer_data(board=Board(6, {2: 5}), faces=faces, delta=1)


def _picture_of(kind: str, size: int):
    board = Board(size, {2: size - 1})
    if kind == "board":
        return board._repr_svg_()
    if kind == "policy":
        return build_chain(board, fair(3)).optimal_policy()._repr_svg_()
    if kind == "walk":
        return build_chain(board, fair(3)).classify(1)._repr_svg_()
    from limits import Perturbation
    from limits.explore.views import board_picture, picture

    if kind == "explorer board":
        return board_picture(board)
    return picture(Perturbation.loaded(board, 1, faces=3))


def _tmp() -> Path:
    import tempfile

    return Path(tempfile.mkdtemp(prefix="limits-edge-"))


def _cli(function: str, text: str):
    from limits.cli import options

    return getattr(options, function)(text)


def _random_family(n: int):
    from limits.model.random_board import BoardFamily

    return BoardFamily(n, 0, 0)


def _read(stream: io.BytesIO):
    from limits.model.board_files import read_board

    return read_board(stream, "the board", "b")


def _read_board(size: int):
    return _read(io.BytesIO(json.dumps({"size": size, "jumps": []}).encode()))


def _check_size(moves: int):
    from limits.model.reach import check_size

    return check_size(SimpleNamespace(size=moves), 1)


def _as_probability(text: str):
    from limits.model.probability import as_probability

    return as_probability(text)


def _exact_text(digits: int):
    """Whether an exact fraction of ``digits`` digits (numerator and denominator) is written out."""
    from limits.markup.quantities import exact_quantity

    return exact_quantity(Fraction(10 ** (digits - 2), 3), 3)["exact"]


def _system(states: int):
    from limits.game.linear_system import finite_system

    return finite_system(build_chain(_states(states), fair(3)))


def _family(states: int):
    from limits import Perturbation

    return Perturbation.loaded(_states(states), 1, faces=3)


def _survival(turns: int, exact: bool = True):
    from limits.game.distribution import survival

    return survival(_chain(), turns, exact=exact)


def _cost():
    from limits import cost

    return cost


def _far_chain():
    return build_chain(Board(5), weighted(3, "0.9999999999", 3))


def _far_quantile():
    from limits.game.tail_search import first_turn_reaching

    chain = _far_chain()
    vector = [Fraction(int(s == 0)) for s in chain.states]
    return first_turn_reaching(chain, vector, 0, Fraction(1, 2))


def _far_quantile_powers() -> int:
    """How many squarings the search of the median of :func:`_far_chain` makes (its answer's bit length)."""
    return _far_quantile().bit_length()


def _mode_beyond():
    from limits.game import tail_search

    chain = build_chain(Board(2), Die([Fraction(1, 10), Fraction(9, 10)]))
    return tail_search.mode_beyond(chain, [Fraction(0), Fraction(1)], 0, Fraction(0), 0, [Fraction(1)] * 2)


def _mode_candidates():
    from limits.game import distribution
    from limits.game.float_stream import mode_candidates

    chain = build_chain(Board(2), Die([Fraction(1, 10), Fraction(9, 10)]))
    return mode_candidates(chain, chain.entry(0), distribution.MAX_MODE_TURNS)


def _mode_candidates_turns() -> int:
    from limits.game.float_stream import mode_candidates

    chain = build_chain(Board(2), Die([Fraction(1, 10), Fraction(9, 10)]))
    return next(t for t in range(1, 1000) if mode_candidates(chain, chain.entry(0), t) is not None)


def _tail_matrix():
    from flint import ctx

    from limits.game.tail_search import _transient_matrix

    with ctx.workprec(64):
        return _transient_matrix(build_chain(Board(5), fair(2)))


def _length_law(turns: int):
    from limits import Perturbation

    family = Perturbation.loaded(Board(10, {3: 8, 9: 1}), 1, faces=3)
    return family.law().curves(Fraction(1, 10), turns)


def _horizon():
    from limits.game.one_player import OnePlayer

    return OnePlayer(_chain(), 0, Fraction(1, 10**20)).horizon


def _horizon_work() -> int:
    from limits.game.one_player import integer_rows

    return (len(_horizon()) - 1) * sum(len(row) for row in integer_rows(_chain())[1])


def _one_player(tolerance: Fraction):
    from limits.game.one_player import OnePlayer

    return OnePlayer(_chain(), 0, tolerance)


def _check_series():
    from limits.game.passage_series import check_series_size

    return check_series_size(_chain())


def _seats(k: int):
    from limits.game.seat_chances import seat_chances

    return seat_chances(_chain(), k, solve=False).reason is None


def _within_series():
    from limits.race.independent import within_series

    return within_series(_chain())


def _race_table():

    return build_chain(Board(5, {2: 4}), fair(2)).race_table(("win", "never"), exact=True)


def _grid(points: int):
    from limits.limit.sweep import grid

    return grid(0, 1, points)


def _sweep(points: int):
    from limits.limit.sweep import grid, sweep

    return sweep(Board(6, {2: 5}), (1,), faces=3, ps=grid(Fraction(1, 4), Fraction(3, 4), points))


def _counts(games: int = 1, max_turns: int = 1, chunk: int = 1, workers: int = 1):
    from limits.coin.simulate import _check_counts

    return _check_counts(games, max_turns, chunk, workers)


LIMITS: dict[str, list[Edge]] = {
    # ---- a game
    "MAX_SQUARES": [Edge("limits.model.board", lambda n: Board(n)),
                    Edge("limits.model.random_board", lambda n: _random_family(n)),
                    Edge("limits.model.board_files", lambda n: _read_board(n))],
    "MAX_FACES": [Edge("limits.model.die", lambda k: Die([Fraction(1, k)] * k)),
                  Edge("limits.checks", lambda k: checks.faces_of(k))],
    "MAX_MOVES": [Edge("limits.model.reach", lambda m: _check_size(m))],
    "MAX_PROBABILITY_DIGITS": [
        Edge("limits.model.probability", lambda d: _as_probability(f"1e-{d}")),
        Edge("limits.model.probability", lambda d: _as_probability("0." + "0" * (d - 3) + "123")),
        Edge("limits.model.probability", lambda d: _as_probability("1/1" + "0" * d)),
        Edge("limits.model.probability", lambda d: _as_probability(_probability_text(2 * d + 16)))],
    "MAX_BOARD_BYTES": [Edge("limits.model.board_files", lambda _: _read(_board_bytes(10, 64)), at=64)],
    "MAX_PICTURED": [Edge(site, lambda _, k=kind: _picture_of(k, 12), at=12, refused=None)
                     for site, kind in (("limits.model.board", "board"), ("limits.coin.best_policy", "policy"),
                                        ("limits.limit.walk", "walk"), ("limits.explore.views", "explorer board"),
                                        ("limits.explore.views", "explorer limit"))],
    # ---- exact and certified engines
    "MAX_DIGITS": [Edge("limits.checks", lambda d: checks.digits(d))],
    "MAX_TEXT_DIGITS": [Edge("limits.markup.quantities", lambda d: _exact_text(d), refused=None)],
    "MAX_EXACT_SQUARES": [
        Edge("limits.game.linear_system", lambda _: _system(8).exact_moments(False), at=8),
        Edge("limits.game.linear_system", lambda _: _system(8).exact_mean_at(0), at=8),
        Edge("limits.survey.survey", lambda _: _survey(engine="exact", deltas=()), at=12)],
    "MAX_EXACT_BITS": [Edge("limits.limit.certified_value", lambda _: _exact_sigma(), at=_exact_bits,
                            refused=None)],
    "MAX_FUNCTION_STATES": [Edge("limits.limit.expansion", lambda _: _family(8).rational_function(), at=8)],
    "MAX_FAMILY_STATES": [Edge("limits.limit.structure", lambda _: _family(8), at=8)],
    "MAX_MAP_STATES": [Edge("limits.coin.policy_map", lambda _: _family(8).optimal_policy(), at=8)],
    "MAX_BALL_BITS": [Edge("limits.limit.certified_value", lambda _: _ball_enclosure(), at=_ball_bits,
                           refused=ConvergenceError)],
    "MAX_TERMS": [Edge("limits.checks", lambda t: checks.terms(t))],
    "MAX_EPS_DENOMINATOR": [Edge("limits.checks", lambda q: checks.eps_scale([Fraction(1, q)]))],
    "MAX_EPS_DEGREE": [Edge("limits.checks", lambda d: checks.eps_scale([Fraction(d)]))],
    "MAX_PHASE_STATES": [Edge("limits.limit.phase", lambda _: _family(8).phase(2, 3), at=8)],
    # ---- the law of the length, several players
    "MAX_SURVIVAL_BITS": [
        Edge("limits.game.distribution", lambda _: _survival(10), at=10 * 2)],  # fair d3: 2 bits a turn
    "MAX_FLOAT_TURNS": [Edge("limits.game.distribution", lambda _: _survival(10, exact=False), at=10)],
    "MAX_SYMBOLIC_WORK": [Edge("limits.game.distribution", lambda _: _symbolic_survival(3), at=3 * 4)],
    "MAX_LOG2_TURNS": [Edge("limits.game.tail_search", lambda _: _far_quantile(), at=_far_quantile_powers)],
    "MAX_MODE_TURNS": [Edge("limits.game.tail_search", lambda _: _mode_beyond(), at=22),
                       Edge("limits.game.distribution", lambda _: _mode_candidates(), at=_mode_candidates_turns,
                            refused=None)],
    "MAX_TAIL_STATES": [Edge("limits.game.tail_search", lambda _: _tail_matrix(), at=5)],
    "MAX_LAW_TURNS": [Edge("limits.limit.length_law", lambda _: _length_law(5), at=5)],
    "MAX_PLAYERS": [Edge("limits.checks", lambda k: checks.players(k))],
    "MAX_ROUNDS": [Edge("limits.game.game_length", lambda _: _quantile_rounds().quantile("0.999"),
                        at=lambda: _quantile_rounds().quantile("0.999"))],
    "MAX_HORIZON_WORK": [Edge("limits.game.one_player", lambda _: _horizon(), at=_horizon_work,
                              refused=ConvergenceError)],
    "MIN_TOLERANCE": [Edge("limits.game.one_player", lambda t: _one_player(t), step=checks.MIN_TOLERANCE / 2)],
    "MAX_COUNT_LAW": [Edge("limits.game.counts", lambda _: _chain().stats(law_upto=3), at=3)],
    "MAX_SERIES_STATES": [
        Edge("limits.game.passage_series", lambda _: _check_series(), at=lambda: _series_live(_chain())),
        Edge("limits.game.seat_chances", lambda _: _seats(2), at=lambda: _series_live(_chain()), refused=None),
        Edge("limits.race.independent", lambda _: _within_series(), at=lambda: _series_live(_chain()),
             refused=None)],
    "MAX_RACE_STATES": [Edge("limits.race.race", lambda _: _race(False), at=_race_states),
                        Edge("limits.cli.coin", lambda _: _race_shell(False), at=_race_states),
                        Edge("limits.cli.coin", lambda _: _race_shell(False, start=2), at=_race_states_from_4)],
    "MAX_EXACT_RACE_STATES": [Edge("limits.race.race", lambda _: _race(True), at=_race_states),
                              Edge("limits.cli.coin", lambda _: _race_shell(True), at=_race_states)],
    "MAX_EXACT_TABLE_WORK": [Edge("limits.race.race", lambda _: _race_table(), at=lambda: 3 * _race_states())],
    # ---- the predicted cost of one command
    "MAX_WORK_SECONDS": [Edge("limits.cost", lambda s: _cost().Cost("work", s, 0, "less").check())],
    "MAX_WORK_BYTES": [Edge("limits.cost", lambda b: _cost().Cost("work", 0, b, "less").check())],
    # ---- many values, games and boards
    "MAX_POINTS": [Edge("limits.limit.sweep", lambda n: _grid(n)),
                   Edge("limits.limit.sweep", lambda _: _sweep(1), at=1)],
    "MAX_WORKERS": [Edge("limits.checks", lambda w: checks.workers(w)),
                    Edge("limits.coin.simulate", lambda w: _counts(workers=w))],
    "MAX_GAMES": [Edge("limits.coin.simulate", lambda g: _counts(games=g))],
    "MAX_GAME_TURNS": [Edge("limits.coin.simulate", lambda t: _counts(max_turns=t))],
    "MAX_CHUNK": [Edge("limits.coin.simulate", lambda c: _counts(chunk=c))],
    "MAX_SEED": [Edge("limits.survey.survey", lambda s: _survey(seed=s), refused=LimitsError)],
    "MAX_BOARDS": [Edge("limits.survey.survey", lambda b: _survey(boards=b), refused=LimitsError),
                   Edge("limits.survey.store", lambda b: _stored_row(b - 1, _tmp()), refused=LimitsError)],
    "MAX_LIMIT_SQUARES": [Edge("limits.survey.survey", lambda _: _survey(deltas=(2,), engine="float"), at=12)],
    # ---- the command line's text
    "MAX_ARGUMENT": [Edge("limits.cli.options", lambda n: _cli("_text", "x" * n), refused=Exception)],
    "MAX_EXPONENT": [Edge("limits.cli.options", lambda e: _cli("probability_text", f"1e-{e}"), refused=Exception),
                     Edge("limits.cli.options", lambda e: _cli("probability_text", f"1e{e}"), refused=Exception)],
    "MAX_LAW_SHOWN": [],  # the command line's range alone (CLI_RANGES)
    "MAX_SURVIVAL": [],  # the command line's range alone (CLI_RANGES)
    "MAX_EXPLORE_FACES": [Edge("limits.explore.data", lambda _: _explorer(3), at=3)],
}
"""Each limit of :mod:`limits.checks`, with the places that enforce it."""



# ---- thresholds ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Threshold:
    """One place a threshold picks an engine: ``run()`` returns ``(engine, answer)`` for a fixed small input
    whose size is ``at`` (a number, or a function of no argument); ``engine`` is True when the engine the
    threshold names ran. ``same`` compares the answers of both sides (equality by default)."""

    site: str
    run: Callable[[], tuple[bool, Any]]
    at: Any
    same: Callable[[Any, Any], bool] = lambda a, b: a == b


def _spy(monkeypatch, owner: Any, name: str) -> list:
    """Record what ``owner.name`` returns (or that it was called) while the test runs."""
    calls: list = []
    original = getattr(owner, name)

    def spy(*args, **kwargs):
        result = original(*args, **kwargs)
        calls.append(result)
        return result

    monkeypatch.setattr(owner, name, spy)
    return calls


THRESHOLDS: dict[str, list[Threshold]] = {}
"""Each threshold of :mod:`limits.checks`, with the places it picks an engine; filled below."""


def _sparse_moments(monkeypatch):
    from limits.game.linear_system import FiniteSystem

    calls = _spy(monkeypatch, FiniteSystem, "solved_sparse")
    m = build_chain(_states(8), fair(3)).moments()
    return any(calls), (m.mean, m.variance)


def _sparse_policy(monkeypatch):
    from limits.coin import best_policy

    calls = _spy(monkeypatch, best_policy, "_use_sparse")
    turns = best_policy.optimal_policy(build_chain(_states(8), fair(3))).expected_turns
    return any(calls), turns


def _sparse_sigma(monkeypatch):
    value = _family(8).value_at(eps=Fraction(1, 3), digits=12)
    return value.route == "sparse", (value.exact, value.enclosure)


def _both_hold(a, b) -> bool:
    """Two answers ``(exact or None, enclosure)``: the exact value one gives lies in both enclosures."""
    exact = a[0] if a[0] is not None else b[0]
    return exact is not None and exact in a[1] and exact in b[1]


def _iterative(monkeypatch):
    from limits.game import float_duration

    calls = _spy(monkeypatch, float_duration, "_iterative_moments")
    m = float_duration.float_moments(_states(8), fair(3), "stay")
    return bool(calls), m.bounds_at(0)


def _float_search(monkeypatch):
    from limits.game import distribution

    calls = _spy(monkeypatch, distribution, "_large")
    chain = build_chain(_states(8), weighted(1, "0.9", 3))
    found = distribution.mode(chain), distribution.median(chain), distribution.quantile(chain, "0.99")
    return any(calls), found


def _float_from(monkeypatch, capsys):
    from limits.cli import main

    path = _tmp() / "b.json"
    path.write_text(json.dumps({"size": 8, "jumps": [[2, 6]]}))
    assert main(["--quiet", "duration", "--board", str(path), "--die", "fair:3", "--format", "json",
                 "--survival", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    turns = data["expected_turns"]
    return data.get("engine") == "float", turns


def _float_from_same(a, b) -> bool:
    """The float answer's certified bounds hold the exact value."""
    exact, bounds = (a, b) if "exact" in a else (b, a)
    return Fraction(bounds["lower"]) <= Fraction(exact["exact"]) <= Fraction(bounds["upper"])


def _survey_engine(monkeypatch):
    from limits.survey.result import Engine

    survey = _survey(deltas=())
    return survey.engine is Engine.FLOAT, float(survey.evaluate(0).expected_turns)


THRESHOLDS.update({
    "SPARSE_FROM": [Threshold("limits.game.linear_system", _sparse_moments, at=8),
                    Threshold("limits.coin.best_policy", _sparse_policy, at=8),
                    Threshold("limits.game.linear_system", _sparse_sigma, at=8, same=_both_hold)],
    "ITERATIVE_FROM": [Threshold("limits.game.float_duration", _iterative, at=8,
                                 same=lambda a, b: max(a[0].lower, b[0].lower) <= min(a[0].upper, b[0].upper))],
    "FLOAT_SEARCH_FROM": [Threshold("limits.game.distribution", _float_search, at=8)],
    "FLOAT_FROM": [Threshold("limits.game.reports", _float_from, at=8, same=_float_from_same)],
    "SURVEY_FLOAT_FROM": [Threshold("limits.survey.survey", _survey_engine, at=12,
                                    same=lambda a, b: abs(a - b) <= 1e-9 * abs(a))],
})

def _function_sweep(monkeypatch):
    from limits.limit import sweep

    calls = _spy(monkeypatch, sweep, "exact_function")
    values = _family(8).sweep(eps=[Fraction(1, 3), Fraction(1, 2)])
    return bool(calls), values


def _function_derivation(monkeypatch):
    d = _family(8).derive()
    return d.check is not None, (d.order, d.leading_coefficient)


def _function_limit(monkeypatch, capsys):
    from limits.cli import main

    path = _tmp() / "b.json"
    path.write_text(json.dumps({"size": 8, "jumps": []}))
    assert main(["--quiet", "limit", "--board", str(path), "--delta", "1", "--faces", "3", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    return data["route"] == "rational_function", [data[k] for k in ("order", "limit", "coefficients", "variance")]


ROUTES: dict[str, list[Threshold]] = {
    "MAX_FUNCTION_STATES": [Threshold("limits.limit.sweep", _function_sweep, at=8),
                            Threshold("limits.limit.derive_steps", _function_derivation, at=8),
                            Threshold("limits.limit.limit_report", _function_limit, at=8),
                            # a sweep of no points costs its rational function alone, and nothing past the limit
                            Threshold("limits.cost", lambda m: (_cost().sweep(8, 6, 1, 0).seconds > 0, None), at=8)],
}
"""Limits that also pick a route (up to the limit, the route they name): tested as thresholds."""

CLI_RANGES: dict[tuple[str, str], str] = {
    **{(c, "--digits"): "MAX_DIGITS" for c in ("duration", "limit", "sigma", "sweep", "optimum", "classify", "derive",
                                               "strategies", "optimal", "simulate", "players", "race", "stats",
                                               "survey")},
    **{(c, "--faces"): "MAX_FACES" for c in ("limit", "sigma", "sweep", "optimum", "classify", "derive", "explore",
                                                                 "optimal")},
    ("duration", "--survival"): "MAX_SURVIVAL", ("limit", "--terms"): "MAX_TERMS", ("optimal", "--terms"): "MAX_TERMS",
    ("sweep", "--points"): "MAX_POINTS", ("sweep", "--workers"): "MAX_WORKERS",
    ("simulate", "--workers"): "MAX_WORKERS", ("survey", "--workers"): "MAX_WORKERS",
    ("survey", "--dask-local"): "MAX_WORKERS", ("simulate", "--games"): "MAX_GAMES",
    ("reproduce", "--games"): "MAX_GAMES", ("simulate", "--max-turns"): "MAX_GAME_TURNS",
    ("simulate", "--seed"): "MAX_SEED", ("reproduce", "--seed"): "MAX_SEED", ("survey", "--seed"): "MAX_SEED",
    ("survey", "--boards"): "MAX_BOARDS", ("stats", "--law"): "MAX_LAW_SHOWN",
}
"""The command line's whole-number options bounded by a limit of :mod:`limits.checks`."""

CLI_OWN_RANGES = {
    ("limit", "--p-to"): "0 or 1: a direction, not a size", ("sigma", "--p-to"): "0 or 1",
    ("derive", "--p-to"): "0 or 1", ("explore", "--p-to"): "0 or 1", ("optimal", "--p-to"): "0 or 1",
    ("survey", "--chunk"): "boards handed to a worker at once: limits.survey.run.MAX_CHUNK, the run's own",
}
"""The command line's bounded options that are not limits of :mod:`limits.checks`, and why."""

NOT_ENFORCED = {
    ("MAX_PLAYERS", "limits.game.one_player"): "sizes the bits of the survival bounds (the drift of k players)",
    ("MAX_SERIES_STATES", "limits.race.race"): "named in the message of MAX_RACE_STATES",
    ("MAX_MODE_TURNS", "limits.game.tail_search"): "also sizes the balls' precision; the loop's edge is tested",
    ("FLOAT_FROM", "limits.cli.game"): "named in the help of --exact",
    ("MAX_PICTURED", "limits.model.picture"): "named where a page shows no picture (tests/test_every_picture.py)",
    **{("MAX_TEXT_DIGITS", m): "the default exact digits of a result's to_json, text and latex "
       "(limits.markup.quantities writes them)" for m in ("limits.game.players", "limits.game.reports", "limits.game.players_report",
                                                                  "limits.limit.limit_report", "limits.limit.derive",
                                                                  "limits.limit.value_reports", "limits.game.counts",
                                                                  "limits.survey.summary", "limits.race.result",
                                                                  "limits.coin.strategies", "limits.coin.best_policy")},
}
"""Modules that read a limit without enforcing it, and what they use it for."""


# ---- the tables are complete --------------------------------------------------------------------------------

def _names() -> set[str]:
    return {n for n in vars(checks) if NAME.fullmatch(n)}


@functools.lru_cache(maxsize=None)
def _readers() -> dict[str, set[str]]:
    """For each name of :mod:`limits.checks`, the modules whose code reads it (imported from checks)."""
    names, found = _names(), {}
    for path in sorted(ROOT.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        tree = ast.parse(path.read_text("utf-8"))
        imported = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    and (node.module or "").split(".")[-1] == "checks" for a in node.names}
        if module == "limits.checks":
            imported = names
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in names & imported:
                found.setdefault(node.id, set()).add(module)
    return found


def test_every_limit_and_threshold_has_edge_tests():
    names = _names()
    limit_names = {n for n in names if n.startswith(("MAX_", "MIN_"))}
    assert limit_names == set(LIMITS), "a limit without edge tests, or edges of a limit that is gone"
    assert names - limit_names == set(THRESHOLDS), "a threshold without tests on both sides"
    assert names <= set(checks.__all__), f"not exported by limits.checks: {sorted(names - set(checks.__all__))}"


def test_every_module_that_reads_a_limit_has_its_edge_tested():
    cli = {name for name in CLI_RANGES.values()}
    covered = {(name, e.site) for table in (LIMITS, THRESHOLDS, ROUTES) for name, edges in table.items() for e in edges}
    missing = []
    for name, modules in _readers().items():
        for module in modules:
            if (name, module) in covered or (name, module) in NOT_ENFORCED:
                continue
            if module.startswith("limits.cli.") and name in cli:
                continue
            if module == "limits.checks" and name in cli:
                continue
            missing.append((name, module))
    assert not missing, f"limits read without an edge test here: {sorted(missing)}"


def _cli_ranges() -> dict[tuple[str, str], tuple[int, int]]:
    from limits.cli import _parser

    parser = _parser()
    commands = next(a for a in parser._actions if isinstance(getattr(a, "choices", None), dict)).choices
    found = {}
    for command, sub in commands.items():
        for action in sub._actions:
            parse = action.type
            if getattr(parse, "__name__", "") != "whole number" or not parse.__closure__:
                continue
            cells = dict(zip(parse.__code__.co_freevars, (c.cell_contents for c in parse.__closure__)))
            if cells["high"] is not None:
                found[(command, action.option_strings[-1])] = (cells["high"], parse)
    return found


def test_every_bounded_option_of_the_command_line_is_a_limit_at_its_edge():
    import argparse

    ranges = _cli_ranges()
    assert set(ranges) == set(CLI_RANGES) | set(CLI_OWN_RANGES), "an option's bound is neither a limit nor explained"
    for key, name in CLI_RANGES.items():
        high, parse = ranges[key]
        limit = getattr(checks, name)
        assert high == limit, f"{key} is bounded by {high}, not by {name} = {limit}"
        assert parse(str(limit)) == limit
        with pytest.raises(argparse.ArgumentTypeError):
            parse(str(limit + 1))


DOC_BOUNDS = {("duration", "--players"): (1, "MAX_PLAYERS")}
"""Options docs/cli.md gives a range whose parser holds none (the command checks them): the low end and the
limit."""

DOC_RANGES_OF_NO_OPTION = {"-1..6": None, "1..8": "MAX_PLAYERS"}
"""The ranges docs/cli.md states of no option, and the limit each names: the paper's strategies (names, not a
size), the numbers of players ``limits players`` answers for."""

_DOC_RANGE = re.compile(r"(-?\d[\w*]*(?:-\d+)?)\.\.(-?\d[\w*]*(?:-\d+)?)")


def _doc_number(text: str) -> int:
    """A number as docs/cli.md writes it: ``64``, ``1e7``, ``-1``, ``2**128-1``."""
    power = re.fullmatch(r"(\d+)\*\*(\d+)(?:-(\d+))?", text)
    return int(power[1]) ** int(power[2]) - int(power[3] or 0) if power else int(Decimal(text))


def _doc_ranges() -> list[tuple[list[str], list[str], str]]:
    """``(commands, options, "A..B")`` for each range docs/cli.md states outside its usage lines: the options are
    those named in the range's own clause (its table row, its sentence, since the range before it), the commands
    its section's (its own; the families', the commands with --toward; all, for the options every command shares)."""
    from limits.cli import _parser

    commands = next(a for a in _parser()._actions if a.dest == "command").choices
    found = []
    for section in re.split(r"\n(?=## )", (ROOT.parent / "docs" / "cli.md").read_text("utf-8")):
        own = re.match(r"## `limits (\w+)`", section)
        names = [own[1]] if own else [n for n, sub in commands.items() if section.startswith("## Families") and
                                      "--toward" in sub._option_string_actions or "shares" in section.partition("\n")[0]]
        text = "\n".join(line for line in section.splitlines() if not line.startswith("`limits "))
        start = 0
        for match in _DOC_RANGE.finditer(text):
            clause = re.split(r"\.\s|\n\||\n\n", text[start:match.start()])[-1]
            found.append((names, re.findall(r"`(--[a-z-]+)`", clause), match[0]))
            start = match.end()
    return found


def test_every_range_docs_cli_states_is_the_limit_it_names():
    """A range ``A..B`` docs/cli.md gives an option is, for every command of its section that takes the option,
    up to the limit the option is bounded by (:data:`CLI_RANGES`, the parser's own bound, :data:`DOC_BOUNDS`),
    from the least low end among them; a range of no option is one :data:`DOC_RANGES_OF_NO_OPTION` explains."""
    ranges = {key: (dict(zip(parse.__code__.co_freevars, (c.cell_contents for c in parse.__closure__)))["low"],
                    getattr(checks, CLI_RANGES[key]) if key in CLI_RANGES else high)
              for key, (high, parse) in _cli_ranges().items()}
    ranges |= {key: (low, getattr(checks, name)) for key, (low, name) in DOC_BOUNDS.items()}
    stated = _doc_ranges()
    assert {(("limit", "--terms"), "1..200"), (("sweep", "--points"), "1..100000")} <= \
        {((c, o), r) for cs, os, r in stated for c in cs for o in os}  # the shared prose and a section's own
    for names, options, text in stated:
        low, high = map(_doc_number, text.split(".."))
        if not options:
            assert text in DOC_RANGES_OF_NO_OPTION, f"docs/cli.md states {text} of no option"
            name = DOC_RANGES_OF_NO_OPTION[text]
            assert name is None or high == getattr(checks, name), (text, name)
            continue
        for option in options:
            bounds = [ranges[(c, option)] for c in names if (c, option) in ranges]
            assert bounds, f"docs/cli.md gives {option} {text}, and no command of its section bounds it"
            assert {h for _, h in bounds} == {high} and min(lo for lo, _ in bounds) == low, (option, text, bounds)


# ---- the edges ----------------------------------------------------------------------------------------------

def _cases(table):
    return [pytest.param(name, e, id=f"{name}-{e.site.removeprefix('limits.')}-{i}")
            for name, edges in table.items() for i, e in enumerate(edges)]


@pytest.mark.parametrize("name, edge", _cases(LIMITS))
def test_a_limit_accepts_its_edge_and_refuses_one_past_it(name, edge, monkeypatch):
    sign = -1 if name.startswith("MIN_") else 1
    if edge.at is None:
        limit = getattr(checks, name)
        ok, past = (lambda: edge.run(limit)), (lambda: edge.run(limit + sign * edge.step))
    else:
        at = edge.at() if callable(edge.at) else edge.at

        def ok():
            _patched(monkeypatch, name, edge.site, at)
            return edge.run(at)

        def past():
            _patched(monkeypatch, name, edge.site, at - sign * edge.step)
            return edge.run(at)
    accepted = ok()
    assert accepted is not False and (edge.refused is not None or accepted is not None)
    if edge.refused is None:
        assert not past(), f"{name} in {edge.site}: one past the limit is not refused"
        return
    with pytest.raises(edge.refused) as caught:
        past()
    if edge.refused is TooLargeError:
        assert name in str(caught.value), f"the refusal does not name {name}: {caught.value}"


@pytest.mark.parametrize("name, edge", _cases(THRESHOLDS) + _cases(ROUTES))
def test_a_threshold_picks_its_engine_from_its_value_on_and_the_other_one_step_before(name, edge, monkeypatch,
                                                                                        request):
    at = edge.at() if callable(edge.at) else edge.at
    before = at + 1 if name.endswith("_FROM") else at - 1
    extra = (request.getfixturevalue("capsys"),) if edge.run in (_float_from, _function_limit) else ()
    answers = []
    for value, named in ((at, True), (before, False)):
        with monkeypatch.context() as m:
            _patched(m, name, edge.site, value)
            engine, answer = edge.run(m, *extra)
        assert engine is named, f"{name} = {value} in {edge.site}: the engine it names ran {engine}, not {named}"
        answers.append(answer)
    assert edge.same(*answers), f"{name} in {edge.site}: the engines disagree: {answers}"


# ---- the cost model's constants, against the runs they were fitted to -----------------------------------------

def _shape(squares, faces=6, reach=0, bits=3):
    return _cost().Shape(squares, faces, reach, bits)


CALIBRATION = [  # (what, the prediction, the CPU seconds the constant's docstring reports for the run)
    ("exact duration, 10,000 squares, 2,000 random jumps",
     lambda c: c.exact_moments(_shape(10_000, 6, 2000 * 3333)), 18),
    ("exact duration, 10,000 squares, short jumps", lambda c: c.exact_moments(_shape(10_000, 6, 10_000)), 12.7),
    ("float duration, 10^6 squares, 10^5 jumps", lambda c: c.float_moments(_shape(10**6, 6, 10**5 * 10**6 // 3)), 30),
    ("float duration, 2^21 squares, 2 10^5 jumps", lambda c: c.float_moments(_shape(2**21, 6, 2 * 10**5 * 2**21 // 3)),
     57),
    ("simulator's tables, 10^6 squares", lambda c: c.simulate(_shape(10**6), 1, 1), 88),
    *[(f"stats, the paper's board, {b}-bit die", lambda c, b=b: c.counts(_shape(100, 6, 453, b)), s)
      for b, s in ((69, 15), (136, 44), (333, 168))],
    ("stats, 50 squares, 202-bit die", lambda c: c.counts(_shape(50, 6, 0, 202)), 6),
    ("stats, 22 squares, 667-bit die", lambda c: c.counts(_shape(22, 6, 0, 667)), 0.8),
    ("players, the paper's board, 36-bit die", lambda c: c.players(_shape(100, 6, 453, 36)), 12.7),
    ("limit, 40 terms", lambda c: c.limit(81, 6, 40), 1.1), ("limit, 80 terms", lambda c: c.limit(81, 6, 80), 4.9),
    ("limit, 40 terms, 100 faces", lambda c: c.limit(81, 100, 40), 3.6),
    ("limit, 40 terms, 1,000 faces", lambda c: c.limit(81, 1000, 40), 4.7),
    ("sigma's function, one face", lambda c: c.sweep(81, 6, 1, 0), 0.1),
    ("sigma's function, 100 faces", lambda c: c.sweep(81, 100, 1, 0), 0.5),
    ("sigma's function, 1,000 faces", lambda c: c.sweep(81, 1000, 1, 0), 0.5),
]


@pytest.mark.parametrize("what, predict, seconds", CALIBRATION, ids=[c[0] for c in CALIBRATION])
def test_the_cost_model_predicts_the_runs_its_constants_were_fitted_to(what, predict, seconds):
    predicted = predict(_cost()).seconds
    assert seconds / 2 <= predicted <= 2 * seconds, f"{what}: predicted {predicted:.3g} s, measured {seconds} s"


@pytest.mark.parametrize("function, args", [
    ("exact_moments", (_shape(2000, 6, 4000, 3),)), ("float_moments", (_shape(2000, 6, 4000, 3),)),
    ("counts", (_shape(40, 6, 40, 30),)), ("players", (_shape(40, 6, 40, 30),)),
    ("optimal", (_shape(2000, 6, 4000, 3),)),
    ("strategies", (_shape(2000, 6, 4000, 3),)), ("simulate", (_shape(2000, 6, 4000, 3), 10, 10)),
    ("limit", (81, 6, 10)), ("sweep", (81, 6, 2, 10)), ("optimum", (81, 6, 2, 10))])
def test_every_prediction_grows_with_every_size(function, args):
    import dataclasses

    predict = getattr(_cost(), function)
    base = predict(*args)
    for i, arg in enumerate(args):
        if isinstance(arg, _cost().Shape):
            for field in ("squares", "faces", "reach", "bits"):
                bigger = predict(*args[:i], dataclasses.replace(arg, **{field: 2 * getattr(arg, field) + 1}),
                                 *args[i + 1:])
                assert bigger.seconds >= base.seconds and bigger.bytes >= base.bytes, (function, field)
        else:
            bigger = predict(*args[:i], 2 * arg + 1, *args[i + 1:])
            assert bigger.seconds >= base.seconds and bigger.bytes >= base.bytes, (function, i)


def test_the_edges_leave_every_limit_as_it_was():
    """No module keeps a patched value (the edges above patch limits while they run)."""
    import importlib

    values = {name: getattr(checks, name) for name in _names()}
    assert values["MAX_SQUARES"] == 1 << 21 and values["MAX_PICTURED"] == 400
    for name, modules in _readers().items():
        for module in modules:
            assert getattr(importlib.import_module(module), name, values[name]) == values[name], (name, module)


@pytest.mark.parametrize("family", [
    *(lambda d=d, p=p: Perturbation.loaded(delta=d, p_to=p) for d in (1, 3, 6) for p in (0, 1)),
    lambda: Perturbation.of_eps("eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0")])
def test_every_limits_text_names_the_power_its_json_gives(family):
    """The sentence "sigma diverges like c * eps^k" has k = -order of the JSON (and a finite limit says so)."""
    import re
    from fractions import Fraction

    lim = family().limit(2)
    head, data = lim.text().splitlines()[0], lim.to_json()
    found = re.search(r"diverges like \S+ \* eps(?:\^\(?(-?[0-9/]+)\)?)?", head)
    if data["order"] in (0, None):
        assert found is None
    else:
        assert found is not None and Fraction(found.group(1) or 1) == -Fraction(str(data["order"])), head
