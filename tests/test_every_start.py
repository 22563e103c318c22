"""Every function that takes a start, started on a jump: the game begins where the jump lands.

The class: a start on the foot of a ladder or the head of a chute is a
start on the square the jump leads to, before any turn (``chain.entry``).
A route that forgets it (counts the first slide as a chute taken, plays a
turn from the jump square, seeds a simulation differently, checks a trap on
the jump square) answers for another game. Each member below is run from the
jump square and from where it lands, on a board with one ladder and one
chute, and must give the same answer: the exact and float routes, the
players, the coin, the race, the family (the limit), the survey, and the
command line's ``--start`` of each command.

The same on a board where a jump lands on the goal (the game is over before
it starts: no turn, no visit, the first seat wins, the walk of
:mod:`limits.limit.walk` takes no step), one lands where the game may be
trapped, and two land in a trap (the goal out of reach: refused as from the
trap); and on a board whose square 0 cannot reach the goal, where a route that
builds its game from square 0 (:mod:`limits.cli.float_duration`,
:mod:`limits.cli.game`) refuses a start that reaches it. The explorer's visits
(:mod:`limits.explore.data`), the independent race
(:mod:`limits.race.independent`), the race of two policies on every route
(:mod:`limits.race.race`) and the survey's float route
(:mod:`limits.survey.survey`) are among the members.

:data:`STARTS` names every public function of the package that takes a
``start`` (found with ``ast``); :func:`test_every_function_that_takes_a_start_is_here`
fails when one is added without an entry here.

Started on the goal itself, every engine of the players' chances
(:data:`SEAT_CHANCES`: the exact chains of :mod:`tests.multiset_oracle`
and :mod:`limits.game.seat_chances`, the certified sums of
:mod:`limits.game.players`, the reports and the commands) gives one chance a
seat for k = 1..4 players, seat 1's 1 and the others' 0, which sum to 1.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Callable

import pytest

from limits import Board, Perturbation, build_chain, fair
from tests.public_api import functions_taking

BOARD = Board(10, {2: 7, 8: 3}, name="jumps")
"""A ladder 2 -> 7 and a chute 8 -> 3: every square reaches the goal with a three-faced die."""
DIE = fair(3)
JUMPS = [(2, 7), (8, 3)]
"""(the jump square, where it lands): a ladder's foot and a chute's head."""
EDGE_BOARD = Board(14, {3: 8, 4: 14, 5: 13, 6: 2, 10: 7, 11: 7, 12: 7}, name="edges")
"""A ladder 4 -> 14 onto the goal, a chute 6 -> 2 onto a square that may be trapped (2 reaches the goal by 4 or
5 -> 13, and the trap by 3), and a ladder 3 -> 8 and a chute 10 -> 7 into the trap {7, 8, 9} (every roll of a
three-faced die from there slides back to 7)."""
EDGE_JUMPS = [(4, 14), (6, 2), (3, 8), (10, 7)]
"""A start whose jump lands on the goal (the game is over before it starts), one where the game may be trapped,
and two that land in the trap (the goal out of reach)."""
STUCK_BOARD = Board(16, {1: 0, 2: 0, 3: 0, 4: 5, 6: 13, 10: 7, 11: 7, 12: 7, 14: 16}, name="stuck")
"""As :data:`EDGE_BOARD`, and square 0 cannot reach the goal (every roll slides back to 0): a route that builds
its game from square 0 refuses a start from which the goal is reached."""
STUCK_JUMPS = [(14, 16), (4, 5), (10, 7)]


def _chain(start: int = 0):
    return build_chain(BOARD, DIE, start=start)


def _family(start: int):
    from limits import Perturbation

    return Perturbation.loaded(BOARD, 1, faces=3, start=start)


def _counts(start: int):
    return [(a.count, a.mean, a.variance, a.none, a.law) for a in _chain(start).stats(law_upto=3).answers]


def _players(start: int):
    from limits.game.players import players

    r = players(_chain(), 2, start)
    return r.expected_rounds, r.win_probability


def _players_table(start: int):
    from limits.game.players import players_table

    return [(row.players, row.win_probability, row.spins, row.rounds) for row in players_table(_chain(), (1, 2), start)]


def _coin(start: int):
    """The coin's and the race's questions of a game started on ``start``: each reads the game's own start."""
    from limits.race.moves import seat_moves

    game = _chain(start)
    r = game.race("win", "length", digits=8)
    moves = seat_moves(game)
    return ([(repr(strategy), turns) for strategy, turns in game.strategies().rows],
            game.optimal_policy().expected_turns, (lambda sim: (sim.counts.tolist(), sim.unfinished))(game.simulate(300, seed=7, workers=1, max_turns=200)),
            (r.first_wins, r.expected_rounds), moves.squares[moves.entry] if moves.entry < moves.size else None,
            [(row.first, row.second, row.first_wins) for row in game.race_table(("never", "length"), digits=8).rows])


def _independent(start: int):
    from limits.race.independent import independent_race

    r = independent_race(_chain(), build_chain(BOARD, fair(2)), start)
    return r.first_wins, r.second_wins


def _survey(start: int, engine: str):
    from limits.model.random_board import BoardFamily
    from limits.survey.survey import Survey

    s = Survey(BoardFamily(20, 2, 2), boards=1, seed=3, engine=engine, start=start, deltas=(1,) if engine == "exact"
               else ())
    r = s.evaluate(0)
    return r.expected_turns, r.loop, r.orders


def _survey_pairs() -> list[tuple[int, int]]:
    """The jumps of the survey's first board (a ladder and a chute)."""
    from limits.model.random_board import BoardFamily

    jumps = BoardFamily(20, 2, 2).board_of(0, 3).jumps
    assert any(b > a for a, b in jumps) and any(b < a for a, b in jumps)
    return list(jumps)


def _explorer(start: int):
    from limits.explore.data import explorer_data

    return _without_start(explorer_data(board=BOARD, faces=3, start=start), start)


STARTS: dict[str, Callable[[int], Any]] = {
    # the exact and float routes of one game
    "limits.model.chain.expected_duration": lambda s: (_chain().expected_duration(s),
                                                      _chain().expected_duration(s, exact=False)),
    "limits.game.duration.expected_duration": lambda s: _chain().expected_duration(s),
    "limits.model.chain.moments": lambda s: (_chain().moments(s), _chain().moments(s, exact=False)),
    "limits.game.duration.moments": lambda s: _chain().moments(s),
    "limits.model.chain.expected_visits": lambda s: (_chain().expected_visits(s),
                                                    _chain().expected_visits(s, exact=False)),
    "limits.game.duration.expected_visits": lambda s: _chain().expected_visits(s),
    "limits.model.chain.survival": lambda s: (_chain().survival(12, s), _chain().survival(12, s, exact=False)),
    "limits.game.distribution.survival": lambda s: _chain().survival(12, s),
    "limits.model.chain.pmf": lambda s: (_chain().pmf(12, s), _chain().pmf(12, s, exact=False)),
    "limits.game.distribution.pmf": lambda s: _chain().pmf(12, s),
    "limits.model.chain.median": lambda s: _chain().median(s),
    "limits.game.distribution.median": lambda s: _chain().median(s),
    "limits.model.chain.mode": lambda s: _chain().mode(s),
    "limits.game.distribution.mode": lambda s: _chain().mode(s),
    "limits.model.chain.quantile": lambda s: _chain().quantile("0.9", s),
    "limits.game.distribution.quantile": lambda s: _chain().quantile("0.9", s),
    "limits.model.chain.min_turns": lambda s: _chain().min_turns(s),
    "limits.game.distribution.min_turns": lambda s: _chain().min_turns(s),
    "limits.model.chain.fewest_turns_path": lambda s: _chain().fewest_turns_path(s),
    "limits.game.paths.fewest_turns_path": lambda s: _chain(s).fewest_turns_path(),
    "limits.model.chain.most_likely_path": lambda s: _chain().most_likely_path(s),
    "limits.game.paths.most_likely_path": lambda s: _chain(s).most_likely_path(),
    "limits.game.distribution.absorption_probability": lambda s: _absorption(s),
    "limits.game.counts.game_counts": _counts,
    "limits.model.build.build_chain": lambda s: (_chain(s).expected_duration(), _with_policy(s), _coin(s)),
    "limits.model.reach.check_reachable": lambda s: _reachable(s),
    # players
    "limits.game.players.players": _players,
    "limits.game.players.players_table": _players_table,
    "limits.game.seat_chances.seat_chances": lambda s: (_seats(2, s), _seats(3, s)),
    "limits.game.passage_series.passage_series": lambda s: _passage(s),
    # the race of two players on their own chains (the coin's and the race's verbs read the game's start: build_chain)
    "limits.race.independent.independent_race": _independent,
    # the family: the limit
    "limits.limit.perturbed_chain.loaded": lambda s: (_family(s).value_at(eps=Fraction(1, 3)).exact,
                                                       _family(s).expansion(3), _family(s).variance(2),
                                                       _walk(s)),
    "limits.limit.perturbed_chain.between": lambda s: _between(s),
    "limits.limit.structure.of_eps": lambda s: _of_eps(s),
    "limits.limit.certified_value.certified_value": lambda s: _certified(s),
    "limits.limit.sweep.sweep": lambda s: _sweep(s),
    "limits.limit.value_reports.loaded_grid": lambda s: _without_start(_loaded_grid(s).to_json(8), s),
    "limits.game.reports.duration_report": lambda s: _without_start(_duration(s).to_json(8), s),
    "limits.explore.data.explorer_data": _explorer,
}
"""Each public function with a ``start``, and what it answers from a start (compared between a jump square and
where it lands)."""

NOT_A_SQUARE = {
    "limits.checks.start_square": "checks the start itself (a jump square is a valid start)",
    "limits.model.moves.turn_outcomes": "the square a turn starts from, inside a game",
    "limits.coin.strategies.rule": "the square a turn starts from, inside a game",
    "limits.exact.precision.precisions": "the first precision",
    "limits.limit.sweep.grid": "the first point of a grid",
    "limits.explore.widget.explore": "a shell over explorer_data (tested there)",
    "limits.race.optimise.best_response": "the race's state to start from: inside race()",
    "limits.race.optimise.game_policies": "inside race()",
    "limits.race.product.evaluate": "inside race()",
    "limits.race.product.seated": "the race's state to start from: inside race()",
    "limits.model.build.chain_start": "returns the start as given (or the chain's own): its callers land it",
}
"""Functions whose ``start`` is not where a game begins, or that a member above runs."""


def _walk(start: int):
    """The P(1) = 1 walk from the start (:meth:`Perturbation.classify`): where it rests, and its turns."""
    c = _family(start).classify()
    return c.walk_from_start, c.psi


def _reachable(start: int):
    from limits.errors import BoardError
    from limits.model.reach import check_reachable
    from limits.model.rules import Rule

    try:  # the chute's head 8 leads to 3, from where a one-faced die walks on to the goal
        return check_reachable(BOARD, 1, Rule.STAY, start)
    except BoardError as exc:
        return str(exc).replace(f"from square {start}", "from the start")


def _with_policy(start: int):
    from limits import build_chain
    from limits.game.duration import expected_duration

    return expected_duration(build_chain(BOARD, DIE, policy=lambda a, b: Fraction(1, 2), start=start), start)


def _absorption(start: int):
    from limits.game.distribution import absorption_probability

    return absorption_probability(_chain(), start)


def _seats(k: int, start: int):
    from limits.game.seat_chances import seat_chances

    return seat_chances(_chain(), k, start).exact


def _passage(start: int):
    from limits.game.passage_series import passage_series

    series = passage_series(_chain(), start)
    return [series.coefficient(t) for t in range(12)] if hasattr(series, "coefficient") else str(series)


def _between(start: int):
    from limits import Perturbation, weighted

    family = Perturbation.between(fair(3), weighted(2, Fraction(1, 2), 3), BOARD, start=start)
    return family.value_at(eps=Fraction(1, 5)).exact, family.rational_function()


def _of_eps(start: int):
    from limits import Perturbation

    family = Perturbation.of_eps("eps^(1/2), 1 - eps^(1/2) - eps^2, eps^2", BOARD, start=start)
    return family.value_at(eps=Fraction(1, 4)).exact, family.expansion(3), family.explain_order().leading_coefficient


def _sigma_at(start: int):
    from tests.loaded import sigma_at

    return sigma_at(BOARD, 1, Fraction(2, 3), faces=3, start=start, digits=10).exact


def _loaded(name: str, start: int, **options):
    from tests import loaded

    return getattr(loaded, name)(BOARD, 1, faces=3, start=start, **options)


def _certified(start: int):
    from limits.limit.certified_value import certified_value

    v = certified_value(_family(0).chain_at(eps=Fraction(1, 4)), start, Fraction(1, 4), 12)
    return v.exact, v.enclosure.width == 0, v.decimal


def _sweep(start: int):
    from limits.limit.sweep import sweep

    return sweep(BOARD, (1, 2), faces=3, start=start, ps=(Fraction(1, 3), Fraction(1, 2)))


def _loaded_grid(start: int):
    from limits.limit.value_reports import loaded_grid
    from limits.model.rules import Rule

    return loaded_grid(_sweep(start), BOARD, Rule.STAY, 3, start)


def _duration(start: int):
    from limits.game.reports import duration_report

    return duration_report(BOARD, DIE, start=start, survival=8, players=2, digits=8)


def _derive(start: int):
    from limits.paper.derivation import derive

    d = derive(BOARD, 1, faces=3, start=start)
    return d.order, d.leading_coefficient


def test_every_function_that_takes_a_start_is_here():
    found = functions_taking("start")
    assert found - set(STARTS) - set(NOT_A_SQUARE) == set(), "functions with a start and no test from a jump"
    assert (set(STARTS) | set(NOT_A_SQUARE)) - found == set(), "entries for functions that are gone"


@pytest.mark.parametrize("name", sorted(STARTS))
def test_a_start_on_a_jump_is_a_start_where_it_lands(name):
    run = STARTS[name]
    for square, lands in JUMPS:
        assert run(square) == run(lands), f"{name}: from {square} (a jump to {lands}) not as from {lands}"


def _reaches(board: Board, square: int) -> bool:
    """Whether the goal can be reached from ``square`` with a three-faced die."""
    from limits.errors import BoardError
    from limits.model.chain import check_reachable

    try:
        check_reachable(board, 3, "stay", square)
    except BoardError:
        return False
    return True


def _outcome(run: Callable[[int], Any], start: int) -> tuple[Any, ...]:
    """What ``run`` answers from ``start``, or the refusal (its kind, and its message with the start's square
    written S)."""
    from limits.errors import LimitsError

    try:
        return ("answer", _without_start(run(start), start))
    except LimitsError as exc:
        return ("refused", type(exc).__name__, _without_start(str(exc).replace(f"square {start}", "square S"),
                                                                start))


@pytest.mark.parametrize("name", sorted(STARTS))
def test_a_start_on_a_jump_onto_the_goal_or_into_a_trap_is_a_start_where_it_lands(name, monkeypatch):
    """The same class on a board where a jump lands on the goal (every route answers the game of no turn) and
    where jumps land in a trap (every route refuses as from the trap, naming it)."""
    monkeypatch.setattr(__import__(__name__, fromlist=["BOARD"]), "BOARD", EDGE_BOARD)
    run = STARTS[name]
    for square, lands in EDGE_JUMPS:
        assert _outcome(run, square) == _outcome(run, lands), f"{name}: from {square} (a jump to {lands})"


def test_a_start_on_a_jump_onto_the_goal_is_a_game_of_no_turn(monkeypatch):
    """From 4 (a ladder onto the goal) the game is over before it starts, on every route: no turn, no visit, the
    first seat wins at once, the walk takes no step."""
    from limits.explore.data import explorer_data
    from limits.game.one_player import OnePlayer
    from limits.limit.walk import classify
    from limits.race.independent import certified_race, independent_race
    from limits.survey.survey import Survey

    chain = build_chain(EDGE_BOARD, DIE)
    assert chain.expected_duration(4) == 0 and chain.moments(4, exact=False).mean == 0
    walk = classify(Perturbation.loaded(EDGE_BOARD, 1, faces=3, start=4))
    assert (walk.walk_from_start, walk.psi) == ((), 0)
    race = independent_race(chain, build_chain(EDGE_BOARD, fair(2)), 4)
    assert (race.first_wins, race.second_wins, race.never_ends, race.expected_rounds) == (1, 0, 0, 0)
    for first, second in (("never", "never"), ("win", "length"), (-1, "win"), (3, 6)):  # every policy route
        for exact in (False, True):
            race = build_chain(EDGE_BOARD, DIE, start=4).race(first, second, exact=exact)
            assert (race.first_wins, race.second_wins, race.expected_rounds) == (1, 0, 0), (first, second, exact)
    race = certified_race(OnePlayer(chain, 4), OnePlayer(build_chain(EDGE_BOARD, fair(2)), 4))
    assert [(e.lower, e.upper) for e in (race.first_wins, race.second_wins, race.expected_rounds)] == \
        [(1, 1), (0, 0), (0, 0)]
    data = explorer_data(board=EDGE_BOARD, faces=3, start=4)
    for family in data["families"]:
        assert set(family["visits"]["0"].values()) | set(family["visits"]["1"].values()) == {"0"}
    monkeypatch.setattr(Survey, "board", lambda self, index: EDGE_BOARD)
    for engine in ("exact", "float"):
        sigma = _survey(4, engine)[0]
        assert sigma == 0 and type(sigma) is (float if engine == "float" else Fraction)


@pytest.mark.parametrize("engine", ["exact", "float"])
def test_a_surveys_start_on_a_jump_onto_the_goal_or_into_a_trap_is_a_start_where_it_lands(engine, monkeypatch):
    from limits.survey.survey import Survey

    monkeypatch.setattr(Survey, "board", lambda self, index: EDGE_BOARD)
    for square, lands in EDGE_JUMPS:
        assert _survey(square, engine) == _survey(lands, engine), (engine, square, lands)


@pytest.mark.parametrize("engine", ["exact", "float"])
def test_a_surveys_start_on_a_jump_is_a_start_where_it_lands(engine):
    for square, lands in _survey_pairs():
        assert _survey(square, engine) == _survey(lands, engine), (engine, square, lands)


# ---- the command line's --start ---------------------------------------------------------------------------------

COMMANDS = [
    ["duration", "--die", "fair:3", "--survival", "5"],
    ["duration", "--die", "fair:3", "--float"],
    ["duration", "--die", "fair:3", "--survival", "5", "--players", "2"],
    ["players", "--die", "fair:3", "--players", "2", "--digits", "10"],
    ["stats", "--die", "fair:3", "--law", "2"],
    ["race", "--die", "fair:3", "--first", "win", "--second", "length", "--digits", "8"],
    ["sigma", "--delta", "1", "--faces", "3", "--p", "2/3", "--digits", "10"],
    ["limit", "--delta", "1", "--faces", "3", "--terms", "3"],
    ["optimum", "--delta", "1", "--faces", "3", "--digits", "8"],
]


def _without_start(data: Any, start: int) -> Any:
    """``data`` without the start it records (its field, and the square named in messages)."""
    if isinstance(data, dict):
        return {k: _without_start(v, start) for k, v in data.items() if k not in ("start", "inputs")}
    if isinstance(data, (list, tuple)):
        return [_without_start(v, start) for v in data]
    if isinstance(data, str):
        return data.replace(f"from square {start} ", "from square S ")
    if isinstance(data, Exception):  # an answer that is an error (a strategy's infinite expectation)
        return type(data).__name__, _without_start(str(data).replace(f"square {start}", "square S"), start)
    return data


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_the_command_lines_start_on_a_jump_onto_the_goal_or_into_a_trap_is_a_start_where_it_lands(argv, capsys,
                                                                                                tmp_path):
    """Every command (limits.cli.float_duration for ``duration --float``, limits.cli.game for ``stats``...) from a jump onto
    the goal, into the trap, and onto a square that may be trapped, on a board whose square 0 is stuck."""
    from limits.cli import main

    path = tmp_path / "b.json"
    path.write_text(json.dumps({"size": STUCK_BOARD.size, "jumps": [list(j) for j in STUCK_BOARD.jumps]}))
    for pair in STUCK_JUMPS:
        out = []
        for start in pair:
            code = main(["--quiet", *argv, "--board", str(path), "--start", str(start), "--format", "json"])
            o, e = capsys.readouterr()
            answer = _without_start(json.loads(o), start) if code == 0 else e.replace(f"square {start}", "square S")
            out.append((code, answer))
        assert out[0] == out[1], (argv, pair)
        if argv[0] in ("duration", "stats", "players"):  # one game with no coin: refused only off the goal's reach
            assert (out[0][0] == 0) == _reaches(STUCK_BOARD, pair[1]), (argv, pair, out[0])


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_the_command_lines_start_on_a_jump_is_a_start_where_it_lands(argv, capsys, tmp_path):
    from limits.cli import main

    path = tmp_path / "b.json"
    path.write_text(json.dumps({"size": BOARD.size, "jumps": [list(j) for j in BOARD.jumps]}))
    out = []
    for start in JUMPS[0]:  # the ladder's foot, and its top
        assert main(["--quiet", *argv, "--board", str(path), "--start", str(start), "--format", "json"]) == 0
        out.append(_without_start(json.loads(capsys.readouterr().out), start))
    assert out[0] == out[1]


@pytest.mark.parametrize("argv", [*COMMANDS, ["optimal", "--die", "fair:3"]], ids=lambda a: " ".join(a[:2]))
def test_the_command_lines_start_is_the_start_the_answer_is_for(argv, capsys, tmp_path):
    """A ``--start`` given is the start the command answers for, on every route that builds its game
    (:func:`limits.cli.output.checked_game` among them): from square 5 the answer differs from square 0's, and
    each records the start it was given."""
    from limits.cli import main

    path = tmp_path / "b.json"
    path.write_text(json.dumps({"size": BOARD.size, "jumps": [list(j) for j in BOARD.jumps]}))
    out = []
    for start in (0, 5):
        assert main(["--quiet", *argv, "--board", str(path), "--start", str(start), "--format", "json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["inputs"]["start"] == start
        out.append(_without_start(data, start))
    assert out[0] != out[1], argv


# ---- the players' chances, started on the goal ------------------------------------------------------------------

def _point(value: Any) -> tuple[Fraction, Fraction]:
    """A seat's chance as its bounds: a Fraction, an enclosure, or a JSON value ``{"exact": ...}``."""
    if isinstance(value, dict):
        value = Fraction(value["exact"])
    return (value, value) if isinstance(value, Fraction) else (value.lower, value.upper)


def _multiset_seats(start: int, k: int, _):
    from tests.multiset_oracle import multiset_seat_chances

    return [multiset_seat_chances(build_chain(EDGE_BOARD, DIE), k, start)]


def _seat_chances(start: int, k: int, _):
    from limits.game.seat_chances import seat_chances

    return [seat_chances(build_chain(EDGE_BOARD, DIE), k, start).exact]


def _party(start: int, k: int, _):
    from limits.game.one_player import OnePlayer
    from limits.game.players import Party

    party = Party(OnePlayer(build_chain(EDGE_BOARD, DIE), start), k)
    return [party.seat_chances().exact, party.win_probability()]


def _players_result(start: int, k: int, _):
    from limits.game.players import players

    return [players(build_chain(EDGE_BOARD, DIE), k, start).win_probability,
            build_chain(EDGE_BOARD, DIE, start=start).players(k).win_probability]


def _table(start: int, k: int, _):
    from limits.game.players import players_table

    row = players_table(build_chain(EDGE_BOARD, DIE), (k,), start)[0]
    return [row.seats.exact, row.win_probability]


def _players_report(start: int, k: int, _):
    from limits.game.players_report import players_report

    return [row.win_probability for row in players_report(build_chain(EDGE_BOARD, DIE, start=start), (k,)).rows]


def _duration_report(start: int, k: int, _):
    from limits.game.reports import duration_report

    return [duration_report(EDGE_BOARD, DIE, start=start, survival=2, players=k).players.win_probability]


def _cli_seats(start: int, k: int, path) -> list[Any]:
    """``limits players`` and ``limits duration --players``: each seat's chance in their JSON."""
    import contextlib
    import io

    from limits.cli import main

    found = []
    for argv in (["players"], ["duration", "--survival", "2"]):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["--quiet", *argv, "--players", str(k), "--board", str(path), "--die", "fair:3",
                         "--start", str(start), "--format", "json"]) == 0
        data = json.loads(out.getvalue())
        found.append(data["games"][0]["win_probability"] if "games" in data else data["win_probability"])
    return found


SEAT_CHANCES: dict[str, Callable[[int, int, Any], list[Any]]] = {
    "tests.multiset_oracle.multiset_seat_chances": _multiset_seats,
    "limits.game.seat_chances.seat_chances": _seat_chances,
    "limits.game.players.Party": _party,
    "limits.game.players.players": _players_result,
    "limits.game.players.players_table": _table,
    "limits.game.players_report.players_report": _players_report,
    "limits.game.reports.duration_report": _duration_report,
    "the command line": _cli_seats,
}
"""Every engine of the players' chances (the function, its class or method, the command), and the lists of seat
chances it gives from a start on :data:`EDGE_BOARD` (``(start, k, board file)``)."""


def test_every_function_of_players_and_a_start_is_an_engine_here():
    found = functions_taking("start") & (functions_taking("k") | functions_taking("players") |
                                         functions_taking("counts"))
    assert found - set(SEAT_CHANCES) == {"limits.game.counts.game_counts"}  # counts of chutes and ladders taken


@pytest.mark.parametrize("name", sorted(SEAT_CHANCES))
def test_players_started_on_the_goal_have_one_chance_a_seat_and_the_first_seat_wins(name, tmp_path):
    """The class: a game of k players started on the goal (or on a ladder onto it) is over before anyone moves;
    every engine gives exactly k chances, one a seat, that sum to 1: seat 1's is 1, the others' 0."""
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"size": EDGE_BOARD.size, "jumps": [list(j) for j in EDGE_BOARD.jumps]}))
    for start in (EDGE_BOARD.size, 4):  # the goal, and the ladder 4 -> 14 onto it
        for k in (1, 2, 3, 4):
            for chances in SEAT_CHANCES[name](start, k, path):
                bounds = [_point(c) for c in chances]
                assert len(bounds) == k, (name, start, k, chances)
                assert sum(lo for lo, _ in bounds) == sum(hi for _, hi in bounds) == 1, (name, start, k, chances)
                assert bounds == [(1, 1)] + [(0, 0)] * (k - 1), (name, start, k, chances)
