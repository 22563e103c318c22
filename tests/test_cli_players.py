"""``limits players``: seats, spins and rounds on the command line, against the library.

Modules: ``limits.cli.game`` (players).
"""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limits import build_chain
from limits.cli import main
from limits.game.counts import game_counts
from limits.game.one_player import OnePlayer
from limits.game.players import Party
from tests.cli_run import as_json, run
from tests.strategies import scaled

TRAP_DIE = "0,0,1/2,0,0,1/2"  # 3s and 6s: square 99 can trap the player


def test_players_json(capsys):
    code, out, err = run(capsys, "players", "--players", "1..3", "--format", "json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["schema"] == "limits.players/1" and [g["players"] for g in data["games"]] == [1, 2, 3]
    one, two = data["games"][0], data["games"][1]
    assert Fraction(one["spins"]["expected_spins"]["exact"]) == build_chain().expected_duration()
    assert one["spins"]["median"] == 33 and one["spins"]["quantiles"]["0.9"] == 73
    assert one["longer_than_one_player_fewer"] is None
    party = Party(OnePlayer(build_chain()), 2)
    lo, hi = Fraction(two["spins"]["expected_spins"]["lower"]), Fraction(two["spins"]["expected_spins"]["upper"])
    assert lo <= party.spins.mean().lower and party.spins.mean().upper <= hi
    assert two["spins"]["quantiles"]["0.9"] == 88 and two["rounds"]["quantiles"]["0.9"] == 44
    assert two["spins"]["fewest"] == 13 and two["rounds"]["fewest"] == 7
    assert two["longer_than_one_player_fewer"]["spins"]["decimal"] == "0.662563"
    assert len(two["win_probability"]) == 2


def test_players_text_and_options(capsys):
    code, out, _ = run(capsys, "players", "--players", "2,4", "--quantile", "0.5", "--quantile", "0.95",
                       "--quantile-rule", "midpoint")
    assert code == 0
    assert "quantiles (midpoint)" in out and "95%" in out
    lines = out.splitlines()
    assert lines[-2].split()[0] == "2" and lines[-1].split()[0] == "4"


def test_players_with_a_trap_is_an_answer(capsys):
    code, out, _ = run(capsys, "players", "--players", "2", "--die", TRAP_DIE, "--format", "json")
    assert code == 0
    game = json.loads(out)["games"][0]
    assert game["spins"]["expected_spins"]["infinite"] is True and game["spins"]["expected_spins"]["loop"] == [99]
    assert isinstance(game["spins"]["median"], int) and game["win_probability"] is None
    code, out, _ = run(capsys, "players", "--players", "1", "--die", TRAP_DIE)
    assert code == 0 and " inf " in out


@pytest.mark.parametrize("argv", [["--players", "0..9"], ["--players", "x"], ["--quantile", "2"],
                                  ["--quantile-rule", "nearest"], ["--board", "nowhere"], ["--start", "101"]])
def test_players_bad_input(capsys, argv):
    code, out, err = run(capsys, "players", *argv)
    assert code == 2 and out == "" and err.startswith("limits: error:") and len(err.splitlines()) == 1


def test_stats(capsys):
    code, out, _ = run(capsys, "stats", "--square", "80", "--jump", "28", "--law", "3", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["schema"] == "limits.stats/1"
    counts = game_counts(build_chain(), law_upto=3)
    assert Fraction(data["counts"]["chutes"]["expected"]["exact"]) == counts["chutes"].mean
    assert Fraction(data["counts"]["chutes"]["none"]["exact"]) == counts["chutes"].none
    assert [Fraction(p["exact"]) for p in data["counts"]["ladders"]["law"]] == list(counts["ladders"].law)
    assert data["counts"]["visits_80"]["at_least_one"]["decimal"] == "0.481664"
    assert "jump_28" in data["counts"]
    code, out, _ = run(capsys, "stats")
    assert code == 0 and "chutes slid down" in out and "P(chutes = c)" in out
    code, out, _ = run(capsys, "stats", "--format", "latex")
    assert code == 0 and out.startswith(r"\documentclass") and r"\approx" in out


def test_stats_with_a_trap_and_bad_input(capsys):
    code, out, _ = run(capsys, "stats", "--die", TRAP_DIE, "--format", "json")
    assert code == 0
    counts = json.loads(out)["counts"]
    assert counts["overshoots"]["expected"]["infinite"] is True and "expected" in counts["chutes"]
    assert counts["chutes"]["expected"].get("infinite") is None
    for argv in (["--square", "101"], ["--jump", "2"], ["--law", "-1"], ["--die", "weighted:6:p"]):
        code, out, err = run(capsys, "stats", *argv)
        assert code == 2 and err.startswith("limits: error:")


@settings(max_examples=scaled(60))
@given(st.data())
def test_players_and_stats_answer_or_refuse(tmp_path_factory, data):
    board = tmp_path_factory.getbasetemp() / "tiny.json"
    board.write_text('{"size": 6, "jumps": {"2": 5}}', encoding="utf-8")
    common = ["--board", str(board),
              "--rule", data.draw(st.sampled_from(["stay", "bounce", "pass", "nope"])),
              "--die", data.draw(st.sampled_from(["fair", "fair:3", "0,1/2,1/2", "1,0", "0,0,1", "1/2,x"])),
              "--start", str(data.draw(st.integers(-1, 13)))]
    if data.draw(st.booleans()):
        argv = ["players", *common, "--players", data.draw(st.sampled_from(["1..3", "2", "0", "4,8", "1..9", "a"])),
                "--quantile", data.draw(st.sampled_from(["0.5", "0.999", "1", "1/3", "-2"])),
                "--quantile-rule", data.draw(st.sampled_from(["lower", "upper", "midpoint"]))]
    else:
        argv = ["stats", *common, "--square", str(data.draw(st.integers(-1, 13))),
                "--law", str(data.draw(st.integers(0, 4)))]
        if data.draw(st.booleans()):
            argv += ["--jump", str(data.draw(st.sampled_from([3, 4, 10])))]
    argv += ["--format", data.draw(st.sampled_from(["text", "json"]))]
    assert main(argv) in (0, 2)


def test_duration_players_gives_the_table_row(capsys):
    code, out, _ = run(capsys, "duration", "--players", "2", "--survival", "0")
    assert code == 0
    assert "spins   expected 52.5187894044397" in out and "median 46, 90% of games within 88, fewest 13" in out
    assert "rounds  expected 26.5132960889503" in out and "longer than with a player fewer" in out
    code, out, _ = run(capsys, "duration", "--players", "2", "--survival", "0", "--format", "json")
    data = json.loads(out)
    assert data["quantile_rule"] == "lower" and data["spins"]["quantiles"] == {"0.9": 88}
    assert "expected_rounds" not in data  # one place for each answer: rounds.expected_rounds


def test_duration_players_with_a_trap_is_an_answer(capsys):
    """Once an error (exit 2): a game of two players that can last for ever is an answer."""
    code, out, err = run(capsys, "duration", "--players", "2", "--die", TRAP_DIE, "--survival", "0", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["spins"]["expected_spins"]["infinite"] and data["spins"]["expected_spins"]["loop"] == [99]
    assert data["win_probability"] is None and data["spins"]["median"] == 42


def test_players_two_exact_is_the_published_fraction(capsys):
    import flint

    from limits.exact.digits import decimal
    from tests.test_seat_chances import PUBLISHED

    data = as_json(capsys, "players", "--players", "2", "--exact-digits", "all")
    game = data["games"][0]
    assert game["win_probability_method"] == {"kind": "exact", "route": "series", "reason": None}
    first, second = ([int(flint.fmpz(part)) for part in w["exact"].split("/")] for w in game["win_probability"])
    assert [len(part) for part in game["win_probability"][0]["exact"].split("/")] == [4453, 4453]
    p1, p2 = Fraction(*first), Fraction(*second)
    assert (p1.numerator, p1.denominator) == tuple(first)  # in lowest terms as printed
    assert p1 + p2 == 1 and decimal(p1, 50) == PUBLISHED
    cut = as_json(capsys, "players", "--players", "2", "--exact-digits", "100")["games"][0]["win_probability"][0]
    assert cut["exact"] is None and cut["exact_digits"] == 2 * 4453 and cut["decimal"] == "0.507803"


def test_players_three_and_four_say_why_they_are_certified(capsys):
    data = as_json(capsys, "players", "--players", "3..4", "--digits", "20")
    for game in data["games"]:
        method = game["win_probability_method"]
        assert method["kind"] == "certified" and "up to two players" in method["reason"]
        seats = game["win_probability"]
        assert len(seats) == game["players"] and all(w["certain_digits"] >= 20 for w in seats)
        assert sum(Fraction(w["lower"]) for w in seats) <= 1 <= sum(Fraction(w["upper"]) for w in seats)


@pytest.mark.parametrize("digits", ["6", "20", "45"])
def test_players_text_shows_the_exact_seat_chances_rounded(capsys, digits):
    """The text reads the exact chances' digits off certified enclosures, without the fractions: the same
    digits as the JSON's decimal of the exact fraction."""
    data = as_json(capsys, "players", "--players", "1..3", "--digits", digits)
    code, out, _ = run(capsys, "players", "--players", "1..3", "--digits", digits)
    assert code == 0 and "seat 1 wins: exact fractions for 2 players" in out
    shown = [line.split()[7] for line in out.splitlines()[-3:]]
    assert shown == [g["win_probability"][0]["decimal"] for g in data["games"]]


def test_players_text_solves_where_an_enclosure_straddles_a_rounding(capsys, monkeypatch):
    import limits.game.players_report as reports
    import limits.game.seat_chances as seats

    asked = []
    solve = seats._two_players
    monkeypatch.setattr(seats, "_two_players", lambda *a: asked.append(a) or solve(*a))
    code, quick, _ = run(capsys, "players", "--players", "2")
    assert code == 0 and asked == []
    monkeypatch.setattr(reports, "rounding_known", lambda row, digits: False)
    code, solved, _ = run(capsys, "players", "--players", "2")
    assert code == 0 and len(asked) == 1 and solved == quick


def test_players_text_on_a_small_board_says_which_seats_are_exact(capsys, tmp_path):
    board = tmp_path / "tiny.json"
    board.write_text('{"size": 6, "jumps": {"2": 5}}', encoding="utf-8")
    argv = ["players", "--board", str(board), "--players", "1..4", "--digits", "12"]
    data = as_json(capsys, *argv)
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "exact fractions for 2 players" in out
    assert "3 players: certified digits (exact chances are found for up to two players)" in out
    assert [line.split()[7] for line in out.splitlines()[-4:]] == [g["win_probability"][0]["decimal"]
                                                                    for g in data["games"]]
