"""``strategies`` and ``optimal`` with any die: the command line against the library and a brute force.

Modules: ``limits.cli.coin``.
"""

from fractions import Fraction

import pytest

from limits import Board, Die, build_chain
from limits.coin.strategies import all_strategies
from tests.bruteforce_coin import extremes
from tests.cli_run import as_json


@pytest.fixture
def board_file(tmp_path):
    path = tmp_path / "ten.json"
    path.write_text('{"size": 10, "jumps": [[8, 2], [3, 6]]}')
    return path


@pytest.mark.parametrize("die", ["1/3,2/3", "1/10,1/5,7/10", "0,1/2,1/2"])
@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
def test_optimal_with_any_die_is_the_brute_force_optimum(capsys, tmp_path, die, rule):
    from limits.model.die import parse_die

    board = tmp_path / "five.json"
    board.write_text('{"size": 5, "jumps": [[3, 1]]}')
    d = parse_die(die)
    out = as_json(capsys, "optimal", "--board", str(board), "--die", die, "--rule", rule, "--coin", "1/3")
    assert out["die"] == [str(p) for p in d.probabilities]
    best, _ = extremes(5, {3: 1}, rule, d.probabilities, Fraction(1, 3))
    assert Fraction(out["expected_turns"]["exact"]) == best[0]


@pytest.mark.parametrize("die", ["fair:4", "fair:12", "1/10,1/5,3/10,2/5"])
def test_optimal_with_a_larger_die_is_the_library_optimum(capsys, board_file, die):
    from limits.model.die import parse_die

    out = as_json(capsys, "optimal", "--board", str(board_file), "--die", die)
    expected = build_chain(Board(10, {8: 2, 3: 6}), parse_die(die)).optimal_policy().expected_turns
    assert Fraction(out["expected_turns"]["exact"]) == expected


def test_strategies_with_any_die_and_an_infinite_row(capsys, tmp_path):
    board = tmp_path / "nine.toml"
    board.write_text("size = 9\n")
    out = as_json(capsys, "strategies", "--board", str(board), "--die", "0,1")  # only twos: 9 is odd
    rows = {r["id"]: r["expected_turns"] for r in out["strategies"]}
    assert rows[0]["infinite"] and rows[0]["loop"] and rows[0]["float"] is None  # never flipping never wins
    assert out["no_chutes_board"]["expected_turns"]["infinite"]
    die = Die([0, 1])
    for strat in all_strategies(Board(9)):
        if not rows[strat.id].get("infinite"):
            assert Fraction(rows[strat.id]["exact"]) == build_chain(Board(9), die, policy=strat).expected_duration()


@pytest.mark.parametrize("strategy", ["-1", "0", "1", "2", "3", "4", "5", "6"])
def test_every_strategy_simulated_is_that_strategys_game(strategy, capsys, board_file):
    """``simulate --strategy k`` plays strategy k itself: its mean lies within five standard errors of the exact
    expected length ``strategies`` gives for k, for every k (-1, 0 and the flips among them)."""
    exact = {str(r["id"]): Fraction(r["expected_turns"]["exact"])
             for r in as_json(capsys, "strategies", "--board", str(board_file), "--die", "fair:3")["strategies"]}
    data = as_json(capsys, "simulate", "--board", str(board_file), "--die", "fair:3", "--strategy", strategy,
                   "--games", "20000", "--seed", "7", "--workers", "1")
    mean, se = Fraction(data["mean"]["exact"]), Fraction(data["mean"]["standard_error"])
    assert abs(mean - exact[strategy]) <= 5 * se, (strategy, float(mean), float(exact[strategy]))


@pytest.mark.parametrize("argv", [["--p-to", "0"], ["--faces", "4"], ["--over", "coin", "--delta", "2"],
                                  ["--over", "coin", "--p-to", "1"], ["--over", "coin", "--faces", "4"],
                                  ["--over", "coin", "--at", "1/2,1/2,0", "--toward", "0,1/2,1/2"],
                                  ["--over", "p", "--die", "fair:3"], ["--delta", "2", "--die", "fair:3"]],
                         ids=" ".join)
def test_every_option_of_optimal_given_without_what_it_goes_with_is_refused(argv, capsys, board_file):
    """A family's option with one die, a die with a family, a family with the coin's map: one line, exit 2 (none is
    read as nothing)."""
    from tests.cli_run import run

    code, out, err = run(capsys, "optimal", "--board", str(board_file), *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("limits: error: "), (argv, err)
