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

import ast
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

import limits
from limits import Board, Die, build_chain, fair
from limits.coin.best_policy import optimal_policy
from limits.coin.rule import check_coin_reachable, labelled_outcomes, policy_chain, turn_outcomes, turn_table
from limits.coin.sampling import outcome_tables
from limits.coin.simulate import simulate
from limits.coin.strategies import strategy_table
from limits.errors import BoardError, LimitsError
from limits.explore.data import explorer_data
from limits.front import loaded
from limits.front.family import Perturbation
from limits.game.float_duration import float_moments
from limits.game.quantile import QuantileRule, as_quantile_rule, quantile_from_cdf
from limits.limit.collapse import NoFiniteWalkError
from limits.limit.sweep import sweep
from limits.model.chain import chain_of, check_reachable, face_targets, transition_rows
from limits.model.rules import Rule, landing, step, steps
from limits.paper.derivation import derive, is_paper_game
from limits.race.moves import seat_moves
from limits.race.race import race, race_table

BOARD = Board(8, {2: 6, 7: 3}, name="rules")
"""From 6 a roll of 3 passes the goal: it stays on 6, wins, or bounces to 7 and slides to 3."""
DIE = fair(3)
ROOT = Path(limits.__file__).parent
HALF = Fraction(1, 2)


def _family(rule: Any):
    return Perturbation.loaded(BOARD, 3, faces=3, rule=rule)


def _message(run: Callable[[], Any]) -> Any:
    try:
        return run()
    except (BoardError, NoFiniteWalkError) as exc:  # the goal out of reach, no walk to collapse: a message
        return str(exc)


RULES: dict[str, Callable[[Any], Any]] = {
    "limits.model.rules.step": lambda r: [step(BOARD, r, 6, f) for f in (1, 2, 3)],
    "limits.model.rules.steps": lambda r: steps(landing(BOARD), np.arange(8), 3, r).tolist(),
    "limits.model.chain.face_targets": lambda r: face_targets(BOARD, r, 3),
    "limits.model.chain.transition_rows": lambda r: transition_rows(BOARD, DIE, r),
    "limits.model.chain.chain_of": lambda r: chain_of(BOARD, DIE, r).rows,
    "limits.model.chain.check_reachable": lambda r: _message(lambda: check_reachable(Board(10, {9: 1}), 1, r)),
    "limits.front.game.build_chain": lambda r: build_chain(BOARD, DIE, r).expected_duration(),
    "limits.game.float_duration.float_moments": lambda r: float_moments(BOARD, DIE, r).at(0),
    "limits.coin.rule.turn_outcomes": lambda r: turn_outcomes(BOARD, r, 6, 3),
    "limits.coin.rule.turn_table": lambda r: turn_table(BOARD, r, 3),
    "limits.coin.rule.labelled_outcomes": lambda r: labelled_outcomes(BOARD, r, (DIE,), lambda s, x: HALF, HALF),
    "limits.coin.rule.check_coin_reachable": lambda r: _message(
        lambda: check_coin_reachable(Board(7, {3: 0, 4: 2, 6: 7}), fair(2), r, Fraction(0))),
    "limits.coin.rule.policy_chain": lambda r: policy_chain(BOARD, DIE, lambda s, x: HALF, rule=r).rows,
    "limits.front.loaded.policy_chain": lambda r: loaded.policy_chain(BOARD, DIE, lambda s, x: HALF, rule=r).rows,
    "limits.coin.sampling.outcome_tables": lambda r: [np.asarray(t).tolist() for t in
                                                      outcome_tables(BOARD, DIE, r, None, HALF)],
    "limits.coin.simulate.simulate": lambda r: simulate(BOARD, DIE, games=200, seed=1, rule=r,
                                                        workers=1).counts.tolist(),
    "limits.coin.strategies.strategy_table": lambda r: [turns for _, turns in strategy_table(BOARD, DIE, rule=r).rows],
    "limits.coin.best_policy.optimal_policy": lambda r: optimal_policy(BOARD, DIE, rule=r).expected_turns,
    "limits.race.moves.seat_moves": lambda r: seat_moves(BOARD, DIE, r).targets.tolist(),
    "limits.race.race.race": lambda r: race("win", "length", board=BOARD, die=DIE, rule=r, digits=8).first_wins,
    "limits.race.race.race_table": lambda r: [row.first_wins for row in race_table(
        ("never", "length"), board=BOARD, die=DIE, rule=r, digits=8).rows],
    "limits.limit.perturbed_chain.loaded": lambda r: _family(r).rational_function(),
    "limits.limit.perturbed_chain.between": lambda r: Perturbation.between(
        DIE, Die([1, 0, 0]), BOARD, rule=r).rational_function(),
    "limits.front.loaded.classify": lambda r: loaded.classify(BOARD, 3, rule=r, faces=3).counts,
    "limits.front.loaded.collapse": lambda r: _message(lambda: loaded.collapse(BOARD, 3, rule=r,
                                                                               faces=3).first_order_limit()),
    "limits.front.loaded.explain_order": lambda r: loaded.explain_order(BOARD, 3, rule=r, faces=3).text(),
    "limits.front.loaded.sigma_at": lambda r: loaded.sigma_at(BOARD, 3, HALF, rule=r, faces=3).exact,
    "limits.front.loaded.sigma_function": lambda r: str(loaded.sigma_function(BOARD, 3, rule=r, faces=3)),
    "limits.front.loaded.sigma_functions": lambda r: {s: str(f) for s, f in
                                                      loaded.sigma_functions(BOARD, 3, rule=r, faces=3).items()},
    "limits.front.loaded.gth_weighted": lambda r: loaded.gth_weighted(BOARD, 3, Fraction(1, 10), rule=r, faces=3),
    "limits.front.loaded.optimum": lambda r: loaded.optimum(BOARD, 3, rule=r, faces=3, digits=8).sigma_enclosure,
    "limits.limit.sweep.sweep": lambda r: sweep(BOARD, (3,), rule=r, faces=3, ps=(HALF,)).values,
    "limits.paper.derivation.derive": lambda r: derive(BOARD, 3, rule=r, faces=3).leading_coefficient,
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


def _functions_with_a_rule() -> set[str]:
    found = set()
    for path in sorted(ROOT.rglob("*.py")):
        if "cli" in path.parts:
            continue
        module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                if "rule" in [a.arg for a in node.args.args + node.args.kwonlyargs]:
                    found.add(f"{module}.{node.name}")
    return found


def test_every_function_that_takes_a_rule_is_here():
    found = _functions_with_a_rule()
    listed = set(RULES) | set(QUANTILE_RULES) | set(NOT_HERE)
    assert found - listed == set(), "functions with a rule and no test of its name"
    assert listed - found == set(), "entries for functions that are gone"


def _names(rule: Any) -> list[str]:
    return [rule.value, rule.value.upper(), rule.value.capitalize()]


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_rule_by_name_is_the_rule(name):
    run = RULES[name]
    answers = {}
    for rule in Rule:
        answers[rule] = run(rule)
        for text in _names(rule):
            assert run(text) == answers[rule], f"{name}({text!r}) is not {name}({rule})"
    assert len({repr(a) for a in answers.values()}) > 1, f"{name}: the rules agree here, the test cannot fail"
    with pytest.raises(LimitsError, match="unknown rule 'hop'"):
        run("hop")


@pytest.mark.parametrize("name", sorted(QUANTILE_RULES))
def test_a_quantile_rule_by_name_is_the_rule(name):
    run = QUANTILE_RULES[name]
    answers = {}
    for rule in QuantileRule:
        answers[rule] = run(rule)
        for text in _names(rule):
            assert run(text) == answers[rule], f"{name}({text!r}) is not {name}({rule})"
    assert len({repr(a) for a in answers.values()}) > 1, f"{name}: the rules agree here, the test cannot fail"
    with pytest.raises(LimitsError, match="unknown quantile rule 'nearest'"):
        run("nearest")
