"""Every game or table a verb derives from a game keeps what the game was given, checked against its definition
(``limits.model.chain``, ``limits.model.build``, ``limits.model.moves``, ``limits.coin.strategies``,
``limits.coin.best_policy``, ``limits.race.race``, ``limits.limit.perturbed_chain``, ``limits.limit.limit_report``,
``limits.limit.value_reports``).

A verb that makes another game (the same game with a policy, the board without its chutes as a yardstick) must
keep the game's start, rule, die and coin; a table of every policy against every one reports its progress out of
the square of the policies; a flip chance is asked only of what the die can roll; "flips past N" means a landing
past N, by its definition; a limit's sentence names the eps its family takes, and a point's JSON the p its
value is sigma at.

Modules: ``limits.limit.guards``.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limits import Board, Die, Perturbation, build_chain, fair, standard
from limits.model.moves import flip_chances

BOARD = Board(12, {2: 9, 7: 1, 10: 4}, name="derived")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 11), st.sampled_from(["stay", "bounce", "pass"]), st.sampled_from([-1, 2, 4, 6]),
       st.sampled_from([Fraction(1, 2), Fraction(1, 3)]))
def test_a_game_with_a_policy_keeps_the_games_start_rule_die_and_coin(start, rule, k, coin):
    from limits.coin.strategies import strategy

    game = build_chain(BOARD, fair(3), rule, start=start, policy=0, coin=coin)
    played = game.with_policy(strategy(k, BOARD))
    assert (played.start, played.rule, played.die, played.coin) == (game.start, game.rule, game.die, game.coin)
    direct = build_chain(BOARD, fair(3), rule, start=start, policy=strategy(k, BOARD), coin=coin)
    assert played.expected_duration() == direct.expected_duration()


@pytest.mark.parametrize("start", [0, 3, 8])
def test_the_strategies_yardstick_is_the_board_without_chutes_from_the_games_start(start):
    game = build_chain(BOARD, fair(3), start=start)
    yardstick = build_chain(Board(BOARD.size, BOARD.ladders), fair(3), start=start).expected_duration()
    assert game.strategies().no_chutes == yardstick


def test_a_race_table_reports_its_progress_out_of_every_pair():
    seen = []
    names = ("never", "length", "win")
    build_chain(Board(10, {3: 8, 9: 1}), fair(3)).race_table(names, digits=8, progress=lambda d, t: seen.append((d, t)))
    assert seen and {t for _, t in seen} == {len(names) ** 2} and seen[-1][0] == len(names) ** 2


@pytest.mark.parametrize("die", [Die(["1/2", "0", "1/2"]), Die(["0", "1", "0"]), fair(3)])
def test_a_flip_chance_is_asked_only_of_rolls_the_die_can_make(die):
    asked = []

    def policy(start, landing):
        asked.append((start, landing))
        return Fraction(1)

    game = build_chain(BOARD, die, policy=policy)
    chances = flip_chances(game)
    for s, outs, row in zip(game.states, game.turns, chances):
        for face, (out, q) in enumerate(zip(outs, row)):
            rolled = die.probabilities[face] != 0
            assert q == (1 if rolled and out.landing is not None else 0), (s, face + 1)


@pytest.mark.parametrize("maximise", [False, True])
@pytest.mark.parametrize("game", [dict(board=BOARD, die=fair(3), policy=0), dict()], ids=["small", "paper"])
def test_flips_past_the_goal_means_a_flip_on_a_landing_past_it(game, maximise):
    o = build_chain(**game).optimal_policy(maximise=maximise)
    goal = o.goal
    assert o.flips_past_goal() == any(flip and o.landings[key] > goal for key, flip in o.decisions.items())


@pytest.mark.parametrize("goal", [1, 12, 100])
def test_an_unbounded_maximums_landings_past_the_goal_are_those_past_it(goal):
    """A landing is "one past N" exactly when it is past N, in both lists of the reason."""
    from limits.coin.best_policy import Unbounded

    landings = tuple(x for x in (goal - 1, goal, goal + 1) if x > 0)
    reason = Unbounded((goal,), landings, landings, goal).reason()
    assert reason.count(f"(one past {goal})") == 2 * sum(x > goal for x in landings), reason
    assert re.findall(rf"\b(\d+) \(one past {goal}\)", reason) == [str(goal + 1)] * 2


@pytest.mark.parametrize(("board", "die"), [(BOARD, fair(3)), (Board(20, {3: 15, 12: 2, 17: 8}), fair(3)),
                                           (standard(), fair())], ids=["small", "twenty", "paper"])
@pytest.mark.parametrize("n", [3, 20])
def test_a_duration_report_gives_each_answer_under_its_own_key(board, die, n):
    """``limits.game.reports``: the fewest-turn game is as long as min_turns and together as likely as
    P(M = min_turns); the most likely way is the likeliest single game; the text shows P(M > m) from 0 to the last
    m asked (n, at steps of a tenth), each as the JSON has it."""
    from limits.game.reports import duration_report

    game = build_chain(board, die)
    report = duration_report(board, die, survival=n)
    data, text = report.to_json(), report.text()
    fewest, likely = data["fewest_turns_path"], data["most_likely_path"]
    assert fewest["turns"] == data["min_turns"] == len(fewest["squares"]) - 1
    assert Fraction(fewest["probability"]["exact"]) == game.pmf(data["min_turns"])[data["min_turns"]]
    assert Fraction(likely["probability"]["exact"]) <= Fraction(fewest["probability"]["exact"])
    if board.size == 100:  # the paper's board: 438 games of 7 turns, each as likely as 6^-7 or less
        assert fewest["count"] == 438 and Fraction(likely["probability"]["exact"]) < game.pmf(7)[7]
    shown = [int(m) for m in re.findall(r"M = +(\d+)", text)]
    assert shown[0] == 0 and shown[-1] == n


@pytest.mark.parametrize("delta", [1, 3, 5, 6])
@pytest.mark.parametrize("p_to", [0, 1])
def test_a_limits_expansion_is_the_hierarchys_at_either_end(delta, p_to):
    """``limits.limit.limit_report``: whatever route the limit takes (the rational function of p at p -> 1), its
    coefficients are those of the time-scale hierarchy at the same end."""
    from limits import Perturbation

    family = Perturbation.loaded(delta=delta, p_to=p_to)
    lim = family.limit(3)
    assert lim.expansion.order == family.expansion(3).order
    assert lim.expansion.coefficients[:3] == family.expansion(3).coefficients[:3]


@pytest.mark.parametrize("start", [0, 5, 40])
@pytest.mark.parametrize("asked", [0, 7])
def test_a_start_given_to_a_verb_is_that_start_even_0_and_the_games_own_otherwise(start, asked):
    """A verb's ``start`` defaults to the game's own; given (0 included), it is the one asked."""
    from limits import Perturbation

    game = build_chain(start=start)
    assert game.expected_duration(asked) == build_chain(start=asked).expected_duration()
    assert game.expected_duration() == build_chain(start=start).expected_duration(start)
    assert game.classify(5).walk_from_start == Perturbation.loaded(delta=5, start=start).classify().walk_from_start


@pytest.mark.parametrize("verb", ["value_at", "chain_at"])
def test_a_point_of_a_family_is_named_once(verb):
    """p= or eps=, exactly one of them by name (:mod:`limits.limit.guards`): both, neither, or a bare value is
    refused in one line."""
    from limits import LimitsError, Perturbation

    family = Perturbation.loaded(delta=5)
    for point, names in (((), {"p": "0.9", "eps": "0.5"}), ((), {}), (("0.5",), {}), (("0.5",), {"eps": "0.1"}),
                         (("0.5",), {"p": "0.9"})):  # a bare value, alone or beside a name, is refused too
        with pytest.raises(LimitsError, match="give the point by name"):
            getattr(family, verb)(*point, **names)


@pytest.mark.parametrize("p_to", [True, False, 2, -1, 0.5])
def test_the_end_a_loaded_die_tends_to_is_0_or_1_not_a_boolean(p_to):
    from limits import LimitsError, Perturbation

    with pytest.raises(LimitsError, match="p tends to 0 or to 1"):
        Perturbation.loaded(delta=5, p_to=p_to)


@pytest.mark.parametrize("delta", [2, 5])
@pytest.mark.parametrize("p_to", [0, 1])
def test_a_limits_sentence_names_the_eps_its_family_takes(delta, p_to):
    """"(eps = p)" or "(eps = 1 - p)" in a limit's first line is the family's own eps: the die at eps has
    P(delta) as the sentence says, at either end."""
    from limits import Perturbation

    family = Perturbation.loaded(delta=delta, p_to=p_to)
    said = re.search(r"\(eps = (p|1 - p)\)", family.limit(1).text().splitlines()[0]).group(1)
    eps = Fraction(1, 7)
    assert family.chain_at(eps=eps).die.probabilities[delta - 1] == (eps if said == "p" else 1 - eps)


@pytest.mark.parametrize("argv", [("--delta", "5", "--p", "3/100"), ("--delta", "5", "--eps", "3/100"),
                                  ("--delta", "5", "--p-to", "0", "--eps", "3/100"),
                                  ("--delta", "2", "--eps", "1/9"), ("--delta", "2", "--p-to", "0", "--eps", "1/9")])
def test_sigmas_json_records_the_p_its_value_is_sigma_at(argv, capsys):
    """However the point is given (p, or eps at either end), the JSON's ``p`` is P(delta) of the value it gives:
    sigma asked at that ``p`` is the same value."""
    from tests.cli_run import as_json

    data = as_json(capsys, "sigma", *argv)
    again = as_json(capsys, "sigma", "--delta", argv[1], "--p", data["p"]["exact"])
    assert again["expected_turns"] == data["expected_turns"] and again["p"] == data["p"]


@pytest.mark.parametrize("family", [lambda: Perturbation.loaded(Board(6, {2: 4}), 2, faces=2),
                                    lambda: Perturbation.loaded(BOARD, 1, faces=3, p_to=0),
                                    lambda: Perturbation.loaded(delta=5)], ids=["six", "twelve", "paper"])
def test_a_limits_json_gives_each_series_under_its_own_key(family):
    """The JSON's ``coefficients`` are sigma's expansion and its ``variance`` the variance's, term by term."""
    lim = family().limit(3)
    data = lim.to_json(15)
    own = [(Fraction(str(c["power"])), Fraction(c["exact"])) for c in data["coefficients"]]
    assert own == [(Fraction(k), a) for k, a in lim.expansion.coefficients]
    if lim.variance is not None:
        var = [(Fraction(str(c["power"])), Fraction(c["exact"])) for c in data["variance"]["coefficients"]]
        assert var == [(Fraction(k), a) for k, a in lim.variance.coefficients]
        assert data["variance"]["order"] == lim.variance.order


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-9, 9), min_size=1, max_size=5), st.integers(1, 7))
def test_every_scaled_polynomial_in_latex_writes_each_sign_once(coefficients, scale):
    """``limit_report._tex_scaled``: a coefficient's sign is written once, as the operator between terms (no
    ``- -`` or ``+ -``), and the terms read back are the polynomial's."""
    from limits.limit.limit_report import _tex_scaled

    text = _tex_scaled(tuple(coefficients), scale, 6)
    assert not re.search(r"[-+]\s*-", text), text
    nonzero = [c for c in coefficients if c]
    assert text.count("-") == sum(c < 0 for c in nonzero), text
