"""The two front doors: a new user's first guesses work, every public object reads in one short line, and a
command builds its game once.

A "board walk" is one pass over every square and face (:func:`limits.model.moves.face_targets`, or
:func:`limits.model.moves.turn_table` with a coin): every chain a command needs is made from one.
"""

import importlib
import sys
from fractions import Fraction

import pytest

import limits
from limits import Perturbation, build_chain, standard
from limits.cli import main
from limits.model import moves as coin_rule

ALL_MODULES = [name for name in sys.modules if name == "limits" or name.startswith("limits.")]


@pytest.fixture
def board_walks(monkeypatch):
    """The number of board walks made while the test runs (every module's binding of the two walkers)."""
    walks = []
    for walker in (coin_rule.face_targets, coin_rule.turn_table):
        def counted(*args, _walker=walker, **kwargs):
            walks.append(_walker.__name__)
            return _walker(*args, **kwargs)

        for module in list(sys.modules.values()):
            if getattr(module, "__name__", "").startswith("limits") and getattr(module, walker.__name__, None) is walker:
                monkeypatch.setattr(module, walker.__name__, counted)
    return walks


@pytest.mark.parametrize("argv", [
    ["sigma", "--delta", "3", "--p", "0.99"],
    ["sigma", "--delta", "3", "--eps", "1e-9"],
    ["sigma", "--delta", "1", "--p-to", "0", "--eps", "1/1000"],
    ["sigma", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4", "--eps", "1/100"],
    ["limit", "--delta", "5"],
    ["limit", "--delta", "3", "--terms", "6"],
    ["limit", "--delta", "1", "--p-to", "0"],
    ["derive", "--delta", "4"],
    ["derive", "--delta", "5", "--format", "json"],
])
def test_each_command_walks_the_board_once(argv, board_walks, capsys):
    assert main(argv) == 0, capsys.readouterr().err
    assert board_walks == ["face_targets"], argv


@pytest.mark.parametrize("argv", [
    ["optimal"],
    ["optimal", "--maximise", "--rule", "bounce"],
    ["simulate", "--strategy", "optimal", "--games", "1000", "--seed", "1"],
    ["simulate", "--strategy", "6", "--games", "1000", "--seed", "1"],
    ["race", "--first", "6", "--second", "length", "--die", "fair:3"],
    ["race", "--table", "--policies", "never,2,length", "--die", "fair:3", "--digits", "6"],
])
def test_each_coin_command_makes_the_turn_table_once(argv, board_walks, capsys):
    # the one game's turn table serves its policies' rows, the best policy, the simulator and both seats
    assert main(argv) == 0, capsys.readouterr().err
    assert board_walks == ["turn_table"], argv


def test_a_coin_family_walks_the_board_once(board_walks):
    f = Perturbation.loaded(delta=5, policy=limits.strategy(6, standard()))
    f.expansion(2), f.value_at(eps="1/100"), f.derive()
    assert board_walks == ["turn_table"]


def test_first_guesses():
    chain = build_chain()
    assert chain.players(2).players == 2
    assert chain.players(k=2).win_probability[0] == chain.players(2).win_probability[0]
    v = Perturbation.loaded(delta=5).value_at(eps="1e-23")
    assert v.p == 1 - Fraction(1, 10**23) and v.exact is not None and v.decimal == "93"
    assert chain.classify(5).psi == 16 and chain.classify().psi == 16  # one default face, 5, everywhere
    assert Perturbation.loaded().loaded_face == (5, 1)


def test_the_plot_verbs_draw(monkeypatch):
    pytest.importorskip("matplotlib")
    chain = build_chain()
    assert chain.plot_survival().get_lines()
    assert chain.plot_pmf(60).patches or chain.plot_pmf(60).get_lines()
    assert chain.plot_board() is not None


def test_every_public_object_reads_in_one_short_line():
    chain = build_chain()
    family = Perturbation.loaded(delta=3)
    objects = {
        "chain": chain, "coin chain": build_chain(policy=6, start=5), "board": standard(), "die": limits.fair(),
        "moments": chain.moments(), "float moments": chain.moments(exact=False), "family": family,
        "sigma value": family.value_at(eps="1e-23"), "enclosure": chain.players(2).win_probability[0],
        "players": chain.players(4), "derivation": Perturbation.loaded(delta=4).derive(),
        "classification": chain.classify(), "policy": chain.optimal_policy(), "strategy": limits.strategy(6, standard()),
        "strategies": chain.strategies(), "counts": chain.stats(), "function": family.rational_function("p"),
        "series": family.expansion(4), "hierarchy": family.hierarchy(), "law": family.law(),
        "optimum": family.optimum(8), "order": family.explain_order(), "collapsed": Perturbation.loaded().collapse(),
        "simulation": chain.simulate(1000, seed=1), "sweep": limits.sweep(deltas=[5], ps=limits.grid(0, 1, 3)),
    }
    for name, obj in objects.items():
        text = repr(obj)
        assert len(text) <= 200 and "\n" not in text, (name, text)
        assert "Fraction(" not in text and " at 0x" not in text, (name, text)


def test_jupyter_shows_every_result_with_html_or_latex():
    chain = build_chain()
    family = Perturbation.loaded(delta=5)
    for obj in (chain, chain.moments(), family, family.value_at(eps="1/2"), chain.players(2), chain.strategies(),
                family.derive(), family.classify(), chain.optimal_policy(), chain.stats()):
        assert hasattr(obj, "_repr_html_") or hasattr(obj, "_repr_latex_"), type(obj).__name__


@pytest.mark.parametrize("old", ["derive", "sigma", "walk", "chain", "front", "front.loaded", "_compat"])
def test_the_old_module_paths_are_gone(old):
    with pytest.raises(ImportError):
        importlib.import_module(f"limits.{old}")


def test_each_question_has_one_entrance():
    """The package face holds the two front doors, the builders, the result types and the errors: at most 50 names,
    none of them a verb of a door under another name."""
    verbs = {n for cls in (limits.Chain, limits.Perturbation) for n in dir(cls) if not n.startswith("_")}
    assert len(limits.__all__) <= 50
    assert not verbs & set(limits.__all__) - {"sweep"}  # limits.sweep: several loaded dice at once
