"""One regression test per printing and command-line failure found by trying the CLI as a new user would."""

import io
import os
import signal
import subprocess
import sys
import time
from fractions import Fraction

import pytest

from limits.cli import main
from limits.exact.digits import rounded
from tests.cli_run import as_json, run
from tests.devices import FULL, ZERO, device

# numbers too big to print


def test_exact_values_over_4300_digits_print(capsys, tmp_path):
    from limits import Board, Die, build_chain

    board = tmp_path / "ten.toml"
    board.write_text("size = 10\n")
    b = 3**1000  # a die whose faces have 478-digit denominators
    data = as_json(capsys, "duration", "--board", str(board), "--die", f"1/{b},{b - 1}/{b}", "--survival", "0",
                   "--digits", "25", "--exact-digits", "all")
    exact = build_chain(Board(10, {}), Die([Fraction(1, b), Fraction(b - 1, b)])).expected_duration()
    text = data["expected_turns"]["exact"]
    assert len(text) > 4300
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # only to read the answer back here
    try:
        assert Fraction(text) == exact
    finally:
        sys.set_int_max_str_digits(limit)
    assert Fraction(data["expected_turns"]["decimal"]) == rounded(exact, 25)


def test_huge_exact_fractions_are_summarised_unless_asked(capsys):
    data = as_json(capsys, "sigma", "--delta", "4", "--p", "1/3", "--exact-digits", "20")
    q = data["expected_turns"]
    assert q["exact"] is None and q["exact_digits"] > 20 and q["decimal"]
    code, out, _ = run(capsys, "duration", "--exact-digits", "10", "--survival", "0")
    assert code == 0 and "--exact-digits all writes it" in out


# interval ends rounded outward; certain digits from the whole interval


def read_fraction(text: str) -> Fraction:
    """An exact value of the JSON, of any length (``Fraction(text)`` stops at 4,300 digits)."""
    import flint

    if len(text) < 4000:
        return Fraction(text)
    num, _, den = text.partition("/")
    return Fraction(int(flint.fmpz(num)), int(flint.fmpz(den or "1")))


def test_enclosure_bounds_round_outward(capsys, monkeypatch):
    from limits.limit import certified_value
    from tests.loaded import sigma_function

    monkeypatch.setattr(certified_value, "MAX_EXACT_BITS", 0)  # no exact solve: the enclosure is the answer
    data = as_json(capsys, "sigma", "--delta", "1", "--p", "0.99999", "--digits", "1")
    e, exact = data["enclosure"], sigma_function(delta=1)(Fraction("0.99999"))
    assert Fraction(e["lower"]) <= exact <= Fraction(e["upper"]) and e["lower"] != e["upper"]
    assert Fraction(e["decimal"]) == rounded(exact, e["certain_digits"])


def test_players_decimals_are_certain_at_high_digits(capsys):
    # two players' seat chances are exact fractions now; three players' are enclosures (the check is what it was)
    data = as_json(capsys, "duration", "--players", "2", "--survival", "0", "--digits", "60")
    for q in data["win_probability"]:
        assert Fraction(q["decimal"]) == rounded(read_fraction(q["exact"]), 60)
    data = as_json(capsys, "duration", "--players", "3", "--survival", "0", "--digits", "60")
    for q in data["win_probability"]:
        lo, hi = Fraction(q["lower"]), Fraction(q["upper"])
        assert rounded(lo, q["certain_digits"]) == rounded(hi, q["certain_digits"]) == Fraction(q["decimal"])


# float noise printed as digits


def test_floats_never_print_noise(capsys):
    data = as_json(capsys, "simulate", "--games", "3000", "--seed", "2", "--digits", "30")
    mean = data["mean"]
    assert Fraction(mean["exact"]).denominator <= 3000  # a sample mean of integers, exactly
    assert len(mean["decimal"].replace(".", "")) <= 3  # its standard error is about 0.5
    assert Fraction(data["ci95"]["lower"]) < Fraction(mean["exact"]) < Fraction(data["ci95"]["upper"])


def test_sweep_prints_exact_values_correctly_rounded(capsys):
    from tests.loaded import sigma_function

    data = as_json(capsys, "sweep", "--delta", "6", "--points", "3", "--digits", "30")
    q = data["expected_turns"]["6"][1]  # p = 1/2
    exact = sigma_function(delta=6)(Fraction(1, 2))
    assert Fraction(q["exact"]) == exact
    assert Fraction(q["decimal"]) == rounded(exact, 30)


def test_optimum_prints_its_certified_enclosures(capsys):
    data = as_json(capsys, "optimum", "--delta", "6", "--digits", "8")
    row = data["optima"][0]
    p, sigma = row["p"], row["expected_turns"]
    assert p["decimal"] == "0.56337395" and sigma["decimal"] == "33.657588"
    for q in (p, sigma):  # both ends of the certified interval round to the printed digits
        assert Fraction(q["lower"]) < Fraction(q["upper"]) and q["certain_digits"] >= 8
        assert rounded(Fraction(q["lower"]), 8) == rounded(Fraction(q["upper"]), 8) == Fraction(q["decimal"])


@pytest.mark.parametrize("family", [["--delta", "3"], ["--at", "fair", "--toward", "weighted:1:1"]])
def test_optimum_of_a_sigma_that_does_not_move_names_no_point(capsys, family):
    # the ladder 80 -> 100 wins at once: sigma is 0 for every p, and no digit of a best p is certain
    code, out, err = run(capsys, "optimum", *family, "--start", "80")
    assert code == 0 and "None" not in out and "least sigma 0 at every" in out, out


# answers are not errors


@pytest.mark.parametrize("argv", [["duration", "--die", "weighted:3:1"], ["sigma", "--delta", "3", "--p", "1"],
                                  ["optimal", "--maximise"]])
def test_infinite_answers_exit_0(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "" and "inf" in out


def test_simulate_with_no_finished_game_is_an_answer(capsys):
    data = as_json(capsys, "simulate", "--games", "100", "--seed", "1", "--max-turns", "5")
    assert data["finished"] == 0 and data["mean"] is None


# bad input: one line, exit 2


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--seed", "-1"], "--seed must be 0.."),
    (["simulate", "--games", "1e400"], "far too large"),
    (["simulate", "--games", "1e13"], "--games must be 1..1e12"),
    (["simulate", "--workers", "0"], "--workers must be"),
    (["sweep", "--delta", "all", "--faces", "0"], "--faces must be"),
    (["sweep", "--delta", "all", "--workers", "0"], "--workers must be"),
    (["sweep", "--delta", "2", "--points", "0"], "--points must be"),
    (["sigma", "--delta", "2", "--p", "inf"], "not a finite probability"),
    (["sigma", "--delta", "2", "--p", "-Infinity"], "not a finite probability"),
    (["sigma", "--delta", "2", "--p", "1e-99999999"], "power of ten"),
    (["duration", "--die", "-0.1,0.5,0.6"], "must lie in"),
    (["strategies", "--coin", "-0.5"], "must lie in"),
    (["duration", "--board", "{zero}"], "larger than"),  # a private /dev/zero: read up to the limit, not forever
    (["duration", "--exact-digits", "0"], "--exact-digits must be"),
    (["duration", "--float", "--players", "2"], "--players needs exact answers"),  # not silently one player
    *[([cmd, *extra, "--digits", "0"], "--digits must be 1..1000")
      for cmd, extra in [("duration", []), ("limit", ["--delta", "5"]), ("sigma", ["--delta", "5", "--p", "0.5"]),
                         ("sweep", ["--delta", "5"]), ("optimum", ["--delta", "5"]), ("classify", ["--delta", "5"]),
                         ("derive", ["--delta", "5"]), ("strategies", []), ("optimal", []), ("simulate", [])]],
])
def test_bad_input_is_one_line(capsys, tmp_path, argv, message):
    if "{zero}" in argv:
        argv = [str(device(tmp_path / "zero", ZERO)) if a == "{zero}" else a for a in argv]
    start = time.perf_counter()
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err
    assert time.perf_counter() - start < 5  # refused up front, not after the work


def test_the_bare_command_is_one_line_and_exit_2(capsys):
    # it printed the 43 lines of the help
    code, out, err = run(capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("limits: error: a command is needed")


@pytest.mark.parametrize("name", ["a" * 300, "a" * 300 + ".toml", "/" + "b" * 256 + "/x.json"])
def test_a_board_name_too_long_for_the_file_system_is_one_line(capsys, name):
    # the audit's case: OSError "File name too long" was an internal error (exit 1, "this is a bug")
    code, out, err = run(capsys, "duration", "--board", name)
    assert code == 2 and out == "" and err.count("\n") == 1 and "File name too long" in err, err
    assert len(err) < 200  # the name is cut short


def test_an_output_that_cannot_be_written_is_one_line(tmp_path):
    with open(device(tmp_path / "full", FULL), "w") as full:
        proc = subprocess.run([sys.executable, "-m", "limits", "duration", "--survival", "0"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stderr == "limits: error: cannot write the output: No space left on device\n"


def test_board_files_that_are_not_boards(capsys, tmp_path):
    cases = {"dup.json": (b'{"size": 10, "jumps": {"3": 7, "3": 8}}', "given twice"),
             "bin.toml": (b"\xff\xfe size = 3", "not UTF-8"),
             "deep.json": (b"[" * 100_000, "nested too deeply")}
    for name, (data, message) in cases.items():
        (tmp_path / name).write_bytes(data)
        code, out, err = run(capsys, "duration", "--board", str(tmp_path / name))
        assert code == 2 and message in err and err.count("\n") == 1, name


def test_board_from_a_pipe_by_its_path(capsys, tmp_path):
    # what a shell's process substitution gives: --board <(make-board)
    for text in (b"size = 10\n[jumps]\n3 = 7\n", b' {"size": 10, "jumps": {"3": 7}}'):  # told apart by content
        read, write = os.pipe()
        os.write(write, text)
        os.close(write)
        try:
            data = as_json(capsys, "duration", "--board", f"/dev/fd/{read}", "--survival", "0")
        finally:
            os.close(read)
        (tmp_path / "b.toml").write_text("size = 10\n[jumps]\n3 = 7\n")
        same = as_json(capsys, "duration", "--board", str(tmp_path / "b.toml"), "--survival", "0")
        assert data["size"] == 10 and data["expected_turns"] == same["expected_turns"]


def test_board_from_standard_input(capsys, monkeypatch):
    for text in ("size = 10\n[jumps]\n3 = 7\n", '{"size": 10, "jumps": {"3": 7}}'):
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
        data = as_json(capsys, "duration", "--board", "-", "--survival", "0")
        assert data["board"] == "stdin" and data["size"] == 10


# internal failures and interruptions


def test_internal_failure_is_one_line_and_a_hint(capsys, monkeypatch):
    import limits.cli.game as game

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(game, "parse_die", broken)
    code, out, err = run(capsys, "duration")
    assert code == 1 and "internal error: RuntimeError: boom" in err and "--debug" in err and "Traceback" not in err
    with pytest.raises(RuntimeError):
        main(["duration", "--debug"])


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.slow(reason="three seconds of a simulation's CPU time a case; the default pass of tests/test_cli_faults.py "
                        "sends SIGINT to a started run")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_a_long_simulation_cleanly(sig):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "limits", "simulate", "--games", "1e10", "--seed", "1",
                             "--workers", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(3)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip() == "limits: interrupted" and out == ""


# conventions


def test_every_command_has_a_description_and_examples(capsys):
    from limits.cli import _parser

    sub = next(a for a in _parser()._actions if a.dest == "command")
    for name, parser in sub.choices.items():
        assert parser.description and parser.epilog.startswith("examples:\n  limits " + name), name


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_shell_completion(capsys, shell):
    code, out, _ = run(capsys, "completion", shell)
    assert code == 0 and "duration" in out and "--digits" in out


def test_no_progress_bar_off_a_terminal(capsys):
    code, out, err = run(capsys, "simulate", "--games", "2000", "--seed", "1")
    assert code == 0 and err == ""


def test_heavy_libraries_stay_unloaded_for_duration():
    code = ("import sys; from limits.cli import main; main(['duration', '--survival', '0', '--format', 'json']); "
            "print(sorted(m for m in ('jsonschema', 'tqdm', 'shtab') if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_sigma_at_p_one_prints_its_point_enclosure(capsys, monkeypatch):
    from limits.limit import certified_value

    monkeypatch.setattr(certified_value, "MAX_EXACT_BITS", 0)  # the ball solve: exact at p = 1, a point
    code = main(["sigma", "--delta", "5", "--p", "1"])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and "exactly 16" in out


def test_printed_bounds_round_to_the_printed_value():
    from limits.exact.known_digits import interval_text

    t = interval_text(Fraction("21.72805"), Fraction("21.728051"), 6)  # outward bounds at 8 digits would be 21.728050
    assert rounded(Fraction(t.lower), t.certain_digits) == rounded(Fraction(t.upper), t.certain_digits)
    assert Fraction(t.decimal) == rounded(Fraction(t.lower), t.certain_digits)


def test_a_mode_past_its_search_limit_leaves_the_rest_of_the_answer(capsys, monkeypatch):
    """A die loaded to 0.9999 on two faces: the mode is not decided within MAX_MODE_TURNS, which ended the
    whole command in exit 2; the moments, median and survival are answers, the mode says why it is missing.
    Here the limit is 2,000 turns (the same path, a second of search); the slow pass searches the real limit."""
    import limits.game.tail_search

    monkeypatch.setattr(limits.game.tail_search, "MAX_MODE_TURNS", 2000)
    _mode_past_its_search_limit(capsys, monkeypatch)


@pytest.mark.slow(reason="the mode search to the real MAX_MODE_TURNS = 100,000 turns (about 10 s)")
def test_a_mode_past_the_real_search_limit_leaves_the_rest_of_the_answer(capsys, monkeypatch):
    _mode_past_its_search_limit(capsys, monkeypatch)


def _mode_past_its_search_limit(capsys, monkeypatch):
    import limits.game.distribution
    from limits import build_chain, weighted

    search = limits.game.distribution.mode
    found = []

    def once(chain, start):  # the 100,000-turn search runs once; the text and the JSON print its outcome
        if not found:
            try:
                found.append((search(chain, start), None))
            except Exception as exc:
                found.append((None, exc))
        value, exc = found[0]
        if exc is not None:
            raise exc
        return value

    monkeypatch.setattr(limits.game.distribution, "mode", once)
    code, out, err = run(capsys, "duration", "--die", "weighted:2:0.9999", "--survival", "2")
    assert code == 0, err
    assert "mode            undecided: " in out and "MAX_MODE_TURNS" in out
    data = as_json(capsys, "duration", "--die", "weighted:2:0.9999", "--survival", "2")
    assert data["mode"] is None and "MAX_MODE_TURNS" in data["undecided"]["mode"]
    assert Fraction(data["expected_turns"]["exact"]) == build_chain(die=weighted(2, "0.9999")).expected_duration()


def test_a_two_faced_die_toward_p_0_names_p_of_its_face(capsys, tmp_path):
    # P(1) = eps is also P(2) = 1 - eps on two faces; the text named P(1) = 1 - eps
    (tmp_path / "b.toml").write_text("size = 5\n[jumps]\n1 = 4\n")
    code, out, err = run(capsys, "sigma", "--board", str(tmp_path / "b.toml"), "--delta", "1", "--faces", "2",
                         "--p-to", "0", "--eps", "3/4", "--rule", "pass")
    assert code == 0 and "P(1) = 3/4 (eps = 3/4): 2.390625" in out, out


def test_float_duration_with_no_certain_digit_prints_its_bounds(capsys):
    # the variance of a nearly singular chain certifies no digit: LaTeX failed (exit 1), text printed None
    for fmt, bounds in (("latex", "\\operatorname{Var} \\in ["), ("text", "(no digit certain)")):
        code, out, err = run(capsys, "duration", "--die", "weighted:3:0.9999999", "--float", "--format", fmt)
        assert code == 0 and bounds in out and "None" not in out, (fmt, err)


# wrong refusals: reachability with the moves the game has, from where it starts

COIN_ONLY = "size = 7\n[jumps]\n3 = 0\n4 = 2\n6 = 7\n"  # the die alone never passes 2; a flip from 4 reaches 5
TRAPPED_BEFORE_START = "size = 10\n[jumps]\n1 = 0\n2 = 0\n"  # square 0 traps the player; square 3 does not


def test_a_board_only_the_coin_can_win_is_answered(capsys, tmp_path):
    board = tmp_path / "b.toml"
    board.write_text(COIN_ONLY)
    common = ("--board", str(board), "--die", "fair:2")
    assert as_json(capsys, "optimal", *common)["expected_turns"]["exact"] == "23/3"
    race = as_json(capsys, "race", *common, "--first", "2", "--second", "2")
    assert race["first_wins"]["exact"] == "406290176/771306805"
    rows = as_json(capsys, "strategies", *common)["strategies"]
    assert rows[1]["expected_turns"]["infinite"] and rows[-1]["expected_turns"]["exact"] == "23/3"
    code, out, err = run(capsys, "duration", *common)  # without the coin it cannot be won: refused, truthfully
    assert code == 2 and "cannot be reached from square 0" in err
    code, out, err = run(capsys, "optimal", *common, "--coin", "0")  # tails only: 4 - 1 = 3 slides to 0
    assert code == 2 and "and the coin (heads 0)" in err


def test_reachability_is_checked_from_the_start(capsys, tmp_path):
    board = tmp_path / "b.toml"
    board.write_text(TRAPPED_BEFORE_START)
    common = ("--board", str(board), "--die", "fair:2")
    assert as_json(capsys, "duration", *common, "--start", "3")["expected_turns"]["exact"] == "89/16"
    assert as_json(capsys, "duration", *common, "--start", "3", "--float")["start"] == 3
    assert as_json(capsys, "players", *common, "--start", "3")["games"][0]["players"] == 1
    race = as_json(capsys, "race", *common, "--start", "3", "--first", "never", "--second", "never")
    assert race["expected_rounds"]["exact"]
    code, out, err = run(capsys, "duration", *common, "--start", "0")
    assert code == 2 and "cannot be reached from square 0" in err


def test_four_players_past_the_lifting_words_get_certified_digits_in_every_format(capsys, tmp_path):
    # the exact route of four players overflowed its machine words: JSON and LaTeX refused, the text answered
    board = tmp_path / "b.toml"
    board.write_text("size = 12\n[jumps]\n3 = 4\n5 = 1\n8 = 1\n9 = 2\n")
    argv = ("players", "--board", str(board), "--die", "weighted:4:7/100:6", "--players", "4", "--digits", "12")
    game = as_json(capsys, *argv)["games"][0]
    assert game["win_probability"][0]["decimal"] == "0.286964425445", game["win_probability"]
    assert game["win_probability_method"]["kind"] == "certified"
    for fmt in ("text", "latex"):
        code, out, err = run(capsys, *argv, "--format", fmt)
        assert code == 0 and "0.286964425445" in out.replace("\\allowbreak ", ""), (fmt, err)
    from limits import Board, build_chain
    from limits.model.die import parse_die

    chain = build_chain(Board(12, {3: 4, 5: 1, 8: 1, 9: 2}), parse_die("weighted:4:7/100:6"))
    assert chain.players(4).win_probability[0].shown(12) == "0.286964425445"


def test_players_answer_to_hundreds_of_digits(capsys):
    # --digits accepts 1..1000, but past about 140 the players' sums were refused ("narrower than 1e-150")
    game = as_json(capsys, "players", "--players", "2", "--digits", "300")["games"][0]
    assert game["win_probability"][0]["decimal"].startswith("0.50780277346091")
    assert len(game["win_probability"][0]["decimal"]) == 302
    code, out, err = run(capsys, "players", "--digits", "1000")  # a minute of work: refused by the budget, at once
    assert code == 2 and "MAX_WORK_SECONDS" in err and "--digits" in err


@pytest.mark.parametrize("argv", [
    ("--board", "BOARD30", "--die", "fair:1000"),  # ran past 60 CPU s with no answer
    ("--die", "weighted:3:0.999"),  # ran past 120 s
    ("--table", "--die", "weighted:3:0.995"),
])
def test_a_race_past_the_budget_is_refused_at_once(capsys, tmp_path, argv):
    board = tmp_path / "b.toml"
    board.write_text("size = 30\n[jumps]\n3 = 22\n8 = 26\n20 = 29\n27 = 1\n21 = 9\n17 = 4\n")
    code, out, err = run(capsys, "race", *(str(board) if a == "BOARD30" else a for a in argv))
    assert code == 2 and "MAX_WORK_SECONDS" in err and err.count("\n") == 1, err
