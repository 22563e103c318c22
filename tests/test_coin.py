from fractions import Fraction

import pytest

from limits import Board, DieError, LimitsError, build_chain, fair, standard, weighted
from limits.coin.strategies import all_strategies, flip_on, from_callable, strategy
from limits.model.moves import turn_outcomes
from limits.model.rules import Rule
from tests.oracle import listing_strategy, turn


def test_turns_follow_the_listing_on_every_square_and_roll():
    b = standard()
    for s in b.squares:
        for roll in range(1, 7):
            out = turn_outcomes(b, Rule.STAY, s, roll)
            listing = [turn(b.size, b.jump_map, "stay", s, roll, flip) for flip in (0, 1, -1)]
            if out.landing is None:
                assert listing == [out.no_flip] * 3 and out.no_flip == s
                continue
            assert listing == [out.no_flip, out.heads, out.tails]


@pytest.mark.parametrize("k", [0, 2, 3, 4, 5, 6])
def test_strategies_follow_the_listing(k):
    b = standard()
    s = strategy(k, b)
    for landing in range(1, 102):
        assert bool(s(0, landing)) == listing_strategy(k, b.size, b.jump_map, landing), landing


def test_random_strategies():
    b = standard()
    assert strategy(-1, b)(0, 100) == Fraction(1, 2)  # -1 may flip even on the last square
    assert strategy(1, b)(0, 100) == 0 and strategy(1, b, flip="0.3")(0, 50) == Fraction(3, 10)
    with pytest.raises(LimitsError):
        strategy(7, b)
    with pytest.raises(DieError):
        strategy(1, b, flip="2")


def test_never_flipping_is_the_base_game():
    for board in (standard(), Board(20, {3: 17, 15: 2})):
        for die in (fair(), weighted(2, "0.3")):
            base = build_chain(board, die)
            assert build_chain(board, die, policy=strategy(0, board)).rows == base.rows


def test_paper_remark_strategy_4_beats_the_board_without_chutes():
    b = standard()
    s4 = build_chain(b, fair(), policy=strategy(4, b)).expected_duration()
    no_chutes = build_chain(Board(100, b.ladders)).expected_duration()
    assert s4 < no_chutes
    assert round(float(no_chutes), 3) == 21.843  # the paper's simulated 21.843 agrees


def test_strategy_values_against_a_simulation_of_the_listing():
    import random

    b = standard()
    values = {s.id: build_chain(b, fair(), policy=s).expected_duration() for s in all_strategies(b)}
    assert min(values, key=values.get) == 6  # the paper's best
    assert values[-1] > values[0] > values[1] > values[2]  # random flips on 100 hurt; flipping helps
    rng = random.Random(5)
    for k in (3, 6):  # play the listing itself
        total, games = 0, 4000
        for _ in range(games):
            pos, turns = 0, 0
            while pos != 100:
                turns += 1
                roll = rng.randint(1, 6)
                flips = pos + roll <= 101 and listing_strategy(k, 100, b.jump_map, pos + roll)
                flip = rng.choice((-1, 1)) if flips else 0
                pos = turn(100, b.jump_map, "stay", pos, roll, flip)
            total += turns
        mean = total / games
        # 99.9% interval with the exact variance
        from limits.game.duration import moments

        m = moments(build_chain(b, fair(), policy=strategy(k, b)))
        assert abs(mean - float(m.mean)) < 3.29 * (float(m.variance) / games) ** 0.5


def test_custom_policies():
    b = standard()
    assert build_chain(b, fair(), policy=flip_on({48, 49, 56, 62, 64, 87, 93, 95, 98, 16, 101})).rows == \
        build_chain(b, fair(), policy=strategy(4, b)).rows
    half = from_callable(lambda s, x: "1/2")
    assert build_chain(b, fair(), policy=half).rows == build_chain(b, fair(), policy=strategy(-1, b)).rows
    with pytest.raises(DieError):
        build_chain(b, fair(), policy=from_callable(lambda s, x: 3))


def test_biased_coin_and_other_rules():
    b = standard()
    always_heads = build_chain(b, fair(), policy=strategy(2, b), coin=1)
    for s, row in zip(always_heads.states, always_heads.rows):
        assert sum(p for _, p in row) == 1
    for rule in (Rule.PASS, Rule.BOUNCE):
        c = build_chain(b, fair(), policy=strategy(6, b), rule=rule)
        assert c.expected_duration() > 0
    with pytest.raises(DieError):
        build_chain(b, fair(), policy=strategy(2, b), coin="1.5")


def test_named_and_custom_strategies_describe_themselves():
    s = flip_on({64, 56}, name="mine")
    assert (s.id, s.name) == ("mine", "flip on landing on [56, 64]")
    seen = []
    c = from_callable(lambda start, x: seen.append((start, x)) or Fraction(1, 3), name="third")
    assert (c.id, c.name, c(4, 9), seen) == ("third", "third", Fraction(1, 3), [(4, 9)])


@pytest.mark.parametrize("rule", list(Rule))
def test_the_chain_of_a_policy_keeps_its_rule(rule):
    board = Board(8, {3: 6})
    assert build_chain(board, fair(2), policy=strategy(1, board), rule=rule).rule is rule
    assert build_chain(board, fair(2), policy=strategy(1, board), rule=rule.value).rule is rule


def test_strategies_carry_the_papers_names_and_the_flip_probability():
    from limits.coin.strategies import STRATEGY_NAMES

    board = standard()
    assert [(s.id, s.name) for s in all_strategies(board)] == sorted(STRATEGY_NAMES.items())
    # strategy -1 flips everywhere, with the probability asked for
    assert all_strategies(board, flip="1/3")[0](0, 5) == Fraction(1, 3) == strategy(-1, board, flip="1/3")(0, 5)


def test_labelled_outcomes_weigh_each_side_of_the_coin():
    from limits.model.moves import labelled_outcomes

    coin = Fraction(1, 3)
    rows = labelled_outcomes(build_chain(policy=lambda s, x: 1, coin=coin), (fair(),))
    assert all(sum(o[2] for o in row) == 1 for row in rows)
    row = rows[standard().squares.index(53)]
    assert [o for o in row if o[0].startswith("3")] == [("3, heads", 57, Fraction(1, 18)),
                                                         ("3, tails", 55, Fraction(1, 9))]


def test_strategy_table_shows_every_strategy():
    from limits.coin.strategies import strategy_table

    table = strategy_table(build_chain(Board(10, ((3, 8), (9, 2))), fair()))
    assert repr(table) == ("StrategyTable(-1: 8.45976, 0: 8.36111, 1: 5.90196, 2: 4.65046, 3: 4.42555, 4: 4.41782, "
                           "5: 4.27273, 6: 4.31011; no chutes 7.36111)")
    html = table._repr_html_()
    assert "<tr><th>0: never flip (the base game)</th><td>8.36111111111</td></tr>" in html
    assert html.endswith("<tr><th>no chutes</th><td>7.36111111111</td></tr></table></div>")


def test_reachability_uses_the_coin_and_the_start():
    from limits import BoardError, InfiniteExpectationError, build_chain

    coin_only = Board(7, {3: 0, 4: 2, 6: 7})
    assert build_chain(coin_only, fair(2), policy=-1).optimal_policy().expected_turns == Fraction(23, 3)
    assert build_chain(coin_only, fair(2), policy=6).expected_duration() == Fraction(23, 3)
    with pytest.raises(InfiniteExpectationError):  # never flipping: the game has the moves, this policy not
        build_chain(coin_only, fair(2), policy=0).expected_duration()
    with pytest.raises(BoardError, match="from square 0"):
        build_chain(coin_only, fair(2))
    trapped = Board(10, {1: 0, 2: 0})
    assert build_chain(trapped, fair(2), start=3).expected_duration() == Fraction(89, 16)
    with pytest.raises(BoardError, match="from square 0"):
        build_chain(trapped, fair(2), start=0)


COIN_ONLY = Board(7, {3: 0, 4: 2, 6: 7}, name="coin only")
"""The die alone never passes square 2 (3 and 4 lead back); a flip from 4 (to 5) or from 3 (to 4, 2) gets on."""


def test_a_board_only_the_coin_can_win_answers_every_coin_question_of_its_game():
    from limits import BoardError, InfiniteExpectationError

    with pytest.raises(BoardError, match="with a 2-faced die under"):  # the game without a coin cannot be won
        build_chain(COIN_ONLY, fair(2))
    with pytest.raises(BoardError, match="and the coin .heads 0."):  # nor with a coin that never moves the player on
        build_chain(COIN_ONLY, fair(2), policy=0, coin=0)
    game = build_chain(COIN_ONLY, fair(2), policy=0)  # the coin in hand, never flipped: the coin's questions
    assert game.optimal_policy().expected_turns == Fraction(23, 3)
    table = game.strategies()
    assert dict((s.id, v) for s, v in table.rows)[6] == Fraction(23, 3)
    assert isinstance(dict((s.id, v) for s, v in table.rows)[0], InfiniteExpectationError)
    assert game.race("2", "2").first_wins == Fraction(406290176, 771306805)
    assert game.race_table(("2", "6"), exact=True).row("2", "2").first_wins == Fraction(406290176, 771306805)
    assert game.simulate(200, seed=1, max_turns=50).unfinished == 200  # never flipping: never winning
    assert game.with_policy(6).simulate(200, seed=1).unfinished == 0


def test_the_coin_commands_answer_a_board_only_the_coin_can_win(tmp_path, capsys):
    import json

    from limits.cli import main

    path = tmp_path / "coin.json"
    path.write_text(json.dumps({"size": 7, "jumps": {"3": 0, "4": 2, "6": 7}}))
    common = ["--board", str(path), "--die", "fair:2", "--format", "json"]

    def answer(*argv: str) -> dict:
        assert main(["--quiet", *argv, *common]) == 0
        return json.loads(capsys.readouterr().out)

    assert answer("optimal")["expected_turns"]["exact"] == "23/3"
    assert answer("strategies")["strategies"][-1]["expected_turns"]["exact"] == "23/3"
    assert answer("race", "--first", "2", "--second", "2")["first_wins"]["exact"] == "406290176/771306805"
    assert answer("simulate", "--strategy", "2", "--games", "100", "--seed", "1")["unfinished"] == 0
    assert main(["--quiet", "simulate", "--strategy", "0", "--games", "10", *common]) == 2  # no coin: refused
    assert "cannot be reached" in capsys.readouterr().err


def test_the_strategies_read_the_games_one_turn_table(monkeypatch):
    """``chain.strategies()`` on a 30-square board makes the game's turn table once, and walks no board but the one
    without chutes (its yardstick), in at most half the calls it took before.

    Counted with cProfile, the engines imported: 124,550 calls at 75d563c (the board walked 9 times, the turn table
    made 8 times: a chain and a reachability walk a strategy), 48,647 now (every strategy's rows from the one table).
    """
    import cProfile
    import pstats

    from limits.model import chain as chain_module
    from limits.model import moves, reach

    board = Board(30, {3: 22, 8: 26, 20: 29, 27: 1, 21: 9, 17: 4})
    build_chain(Board(30, {3: 22}), fair()).strategies()  # the verbs import their engines on first use
    game = build_chain(board)
    tables, walks = [], []
    monkeypatch.setattr(chain_module, "turn_table", lambda b, *a: tables.append(b) or moves.turn_table(b, *a))
    monkeypatch.setattr(chain_module, "check_reachable", lambda b, *a: walks.append(b) or reach.check_reachable(b, *a))
    profile = cProfile.Profile()
    profile.enable()
    game.strategies()
    profile.disable()
    assert tables == [board] and [b.name for b in walks] == ["no chutes"]
    assert pstats.Stats(profile).total_calls <= 124_550 // 2
