"""Every public function that takes a rule takes the Rule or its name, and refuses any other name.

The class: a rule given by name (``"pass"``) where a member was expected
(``Rule.PASS``) is compared with ``is`` and falls through to the last branch,
so a function plays another rule than the one asked, silently
(``face_targets(board, "stay", k)`` played the bounce rule). Each member below
is run with every rule as a member and as its name in any letter case, and
must answer the same; an unknown name is refused with a
:class:`~limits.errors.LimitsError`. The rules differ on the board used (a
roll past the goal stays, passes or bounces onto a chute), so a function that
ignored its rule would fail too.

:data:`RULES` names every public function of the package with a ``rule``
parameter (found with ``ast``; the quantile rules of
:mod:`limits.game.quantile` are tested the same way);
:func:`test_every_function_that_takes_a_rule_is_here` fails when one is added
without an entry.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import numpy as np
import pytest

import limits
from limits import Board, Die, Perturbation, build_chain, fair
from limits.coin.sampling import outcome_tables
from limits.errors import BoardError, LimitsError
from limits.explore.data import explorer_data
from limits.game.float_duration import float_moments
from limits.game.quantile import QuantileRule, as_quantile_rule, quantile_from_cdf
from limits.game.reports import duration_report
from limits.limit.collapse import NoFiniteWalkError
from limits.limit.sweep import sweep
from limits.model.moves import face_targets, turn_outcomes, turn_table
from limits.model.reach import check_reachable, reached_squares
from limits.model.rules import Rule, landing, step, steps
from limits.paper.derivation import is_paper_game
from limits.race.moves import seat_moves
from tests.public_api import functions_taking

BOARD = Board(8, {2: 6, 7: 3}, name="rules")
"""From 6 a roll of 3 passes the goal: it stays on 6, wins, or bounces to 7 and slides to 3."""
DIE = fair(3)
HALF = Fraction(1, 2)


def _family(rule: Any):
    return Perturbation.loaded(BOARD, 3, faces=3, rule=rule)


def _message(run: Callable[[], Any]) -> Any:
    try:
        return run()
    except (BoardError, NoFiniteWalkError) as exc:  # the goal out of reach, no walk to collapse: a message
        return str(exc)


def _game(rule: Any, **options: Any):
    return build_chain(BOARD, DIE, rule, **options)


RULES: dict[str, Callable[[Any], Any]] = {
    "limits.model.rules.step": lambda r: [step(BOARD, r, 6, f) for f in (1, 2, 3)],
    "limits.model.rules.steps": lambda r: steps(landing(BOARD), np.arange(8), 3, r).tolist(),
    "limits.model.moves.face_targets": lambda r: face_targets(BOARD, r, 3),
    "limits.model.reach.check_reachable": lambda r: _message(lambda: check_reachable(Board(10, {9: 1}), 1, r)),
    "limits.model.reach.reached_squares": lambda r: sorted(reached_squares(Board(5), 3, r, 4).tolist()),
    "limits.model.build.build_chain": lambda r: _game(r).expected_duration(),
    "limits.game.reports.duration_report": lambda r: duration_report(BOARD, DIE, r).mean,
    "limits.game.float_duration.float_moments": lambda r: float_moments(BOARD, DIE, r).at(0),
    "limits.model.moves.turn_outcomes": lambda r: turn_outcomes(BOARD, r, 6, 3),
    "limits.model.moves.turn_table": lambda r: turn_table(BOARD, r, 3),
    # the coin and the race: verbs of the game, which takes the rule by name
    "Chain.with_policy": lambda r: _game(r).with_policy(lambda s, x: HALF).rows,
    "Chain.coin_reachable": lambda r: _message(lambda: build_chain(Board(7, {3: 0, 4: 2, 6: 7}), fair(2), r,
                                                                   coin=0, policy=0).strategies().rows),
    "Chain.turns (outcome_tables)": lambda r: [np.asarray(t).tolist() for t in
                                                      outcome_tables(_game(r).with_policy(lambda s, x: HALF))],
    "Chain.simulate": lambda r: _game(r).simulate(200, seed=1, workers=1).counts.tolist(),
    "Chain.strategies": lambda r: [turns for _, turns in _game(r).strategies().rows],
    "Chain.optimal_policy": lambda r: _game(r).optimal_policy().expected_turns,
    "Chain.turns (seat_moves)": lambda r: seat_moves(_game(r)).targets.tolist(),
    "Chain.race": lambda r: _game(r).race("win", "length", digits=8).first_wins,
    "Chain.race_table": lambda r: [row.first_wins for row in _game(r).race_table(("never", "length"), digits=8).rows],
    # the family
    "limits.limit.perturbed_chain.loaded": lambda r: _family(r).rational_function(),
    "limits.limit.perturbed_chain.between": lambda r: Perturbation.between(
        DIE, Die([1, 0, 0]), BOARD, rule=r).rational_function(),
    "limits.limit.structure.of_eps": lambda r: Perturbation.of_eps("eps, 1 - eps - eps^(1/2), eps^(1/2)", BOARD,
                                                                         rule=r).expansion(3),
    "Perturbation.classify": lambda r: _family(r).classify().counts,
    "Perturbation.collapse": lambda r: _message(lambda: _family(r).collapse().first_order_limit()),
    "Perturbation.explain_order": lambda r: _family(r).explain_order().text(),
    "Perturbation.value_at": lambda r: _family(r).value_at(p=HALF).exact,
    "Perturbation.optimum": lambda r: _family(r).optimum(digits=8).sigma_enclosure,
    "Perturbation.derive": lambda r: _family(r).derive().leading_coefficient,
    "limits.limit.sweep.sweep": lambda r: sweep(BOARD, (3,), rule=r, faces=3, ps=(HALF,)).values,
    "limits.paper.derivation.is_paper_game": lambda r: is_paper_game(limits.standard(), r, 6),
    "limits.explore.data.explorer_data": lambda r: explorer_data(BOARD, rule=r, faces=3)["moves"],
}
"""Each public function with a (movement) ``rule``, and what it answers under a rule."""

QUANTILE_RULES: dict[str, Callable[[Any], Any]] = {
    "limits.game.quantile.as_quantile_rule": lambda r: as_quantile_rule(r),
    "limits.game.quantile.quantile_from_cdf": lambda r: quantile_from_cdf(
        [Fraction(1, 4), HALF, HALF, Fraction(1)], HALF, r),
    "limits.game.game_length.quantile": lambda r: _length().quantile(Fraction(1, 4), r),
    "limits.game.game_length.median": lambda r: _length().median(r),
    "limits.game.players.players_table": lambda r: [row.rounds.median for row in players_table_of(r)],
}
"""Each public function with a quantile ``rule``."""

NOT_HERE = {
    "limits.game.players_report.players_report": "hands its quantile rule to players_table (tested here)",
    "limits.limit.value_reports.loaded_grid": "labels the grid of a sweep, which took the rule (tested here)",
    "limits.explore.widget.explore": "a shell over explorer_data (tested there)",
    "limits.display.plot.plot_classification": "draws classify's answer (tested there)",
    "limits.game.players.of": "LengthSummary.of, given a QuantileRule by players_table (tested there)",
    "limits.model.rules.as_rule": "the conversion itself (its doctests)",
    "limits.paper.published.one": "a closure over the claims' own rule names",
}
"""Functions with a ``rule`` tested through another member, or that are the conversion itself."""


TIED = build_chain(Board(6), Die([Fraction(1, 4), 0, 0, 0, HALF, Fraction(1, 4)]))
"""A game that ends in one turn with chance 1/4 and in two with 1/4: its cdf hits 1/2, where the quantile rules
differ."""


def _length():
    from limits.game.game_length import GameLength, Unit
    from limits.game.one_player import OnePlayer

    return GameLength(OnePlayer(TIED), 1, Unit.TURNS)


def players_table_of(rule: Any):
    from limits.game.players import players_table

    return players_table(TIED, (1, 2), levels=(), rule=rule)


def test_every_function_that_takes_a_rule_is_here():
    found = functions_taking("rule")
    listed = {name for name in set(RULES) | set(QUANTILE_RULES) | set(NOT_HERE) if name.startswith("limits.")}
    assert found - listed == set(), "functions with a rule and no test of its name"
    assert listed - found == set(), "entries for functions that are gone"


def _names(rule: Any) -> list[str]:
    return [rule.value, rule.value.upper(), rule.value.capitalize()]


@pytest.mark.parametrize(("table", "kind", "unknown", "message"), [
    (RULES, Rule, "hop", "unknown rule 'hop'"), (QUANTILE_RULES, QuantileRule, "nearest", "unknown quantile rule 'nearest'")],
    ids=["movement", "quantile"])
def test_a_rule_by_name_is_the_rule(table, kind, unknown, message):
    for name, run in sorted(table.items()):
        answers = {}
        for rule in kind:
            answers[rule] = run(rule)
            for text in _names(rule):
                assert run(text) == answers[rule], f"{name}({text!r}) is not {name}({rule})"
        assert len({repr(a) for a in answers.values()}) > 1, f"{name}: the rules agree here, the test cannot fail"
        with pytest.raises(LimitsError, match=message):
            run(unknown)


def test_the_quantile_rule_by_default_is_lower_in_the_library_and_the_command_line(capsys):
    """``players_report`` (:mod:`limits.game.players_report`) and ``limits players`` both default to ``lower``, the
    documented rule: the smallest m with P(M <= m) >= q."""
    import json

    from limits.cli import main
    from limits.game.players_report import players_report

    assert players_report(_game("stay"), (1,)).to_json()["quantile_rule"] == "lower"
    assert main(["players", "--players", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["quantile_rule"] == "lower"
