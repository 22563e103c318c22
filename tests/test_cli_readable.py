"""Small things a person reads on the command line: whole counts in the bar, options named once, help that says
an option repeats, the survey's interval for the mean, and no numeral longer than 20 digits in a command's
default text."""

import json
from fractions import Fraction

import pytest

from limits.cli import main


def test_the_progress_bar_counts_whole_boards():
    from tqdm import tqdm

    from limits.cli.output import BAR_FORMAT

    line = tqdm.format_meter(9, 300, 1.5, unit=" boards", bar_format=BAR_FORMAT, ncols=80)
    assert "| 9/300 boards [" in line and "9.00" not in line
    assert "| 123456/1000000 games [" in tqdm.format_meter(123456, 10**6, 2, unit=" games", bar_format=BAR_FORMAT)


def test_a_bad_count_names_its_option_once(capsys):
    for argv, message in ((["survey", "--boards", "0"], "--boards must be 1..10000000, not 0"),
                          (["simulate", "--games", "0"], "--games must be 1..1e12, not 0")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err == f"limits: error: {message}\n", err


def test_help_says_which_options_repeat(capsys):
    for command, options in (("players", ("--quantile",)), ("stats", ("--square", "--jump"))):
        try:
            main([command, "--help"])
        except SystemExit:
            pass
        text = " ".join(capsys.readouterr().out.split())
        for option in options:
            start = text.index(f"{option} {option.strip('-').upper()}", text.index("options:"))
            assert "repeat it" in text[start:start + 160], (command, option)


def test_the_survey_gives_an_interval_for_the_mean(capsys):
    argv = ["survey", "--size", "30", "--boards", "12", "--seed", "1"]
    assert main([*argv, "--format", "json"]) == 0
    turns = json.loads(capsys.readouterr().out)["expected_turns"]
    ci = turns["ci95"]
    mean, std = Fraction(turns["mean"]["exact"]), Fraction(turns["std"]["decimal"])
    assert Fraction(ci["lower"]) < mean < Fraction(ci["upper"])
    width = Fraction(ci["upper"]) - Fraction(ci["lower"])
    assert abs(float(width) / 2 - 1.959964 * float(std) / 12 ** 0.5) < 0.02 * float(width)
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    mean_line = next(line for line in lines if line.strip().startswith("mean"))
    assert f"(95% interval [{ci['lower']}, {ci['upper']}] for the mean over all such boards)" in mean_line
    std_line = next(line for line in lines if line.strip().startswith("std"))
    assert "certain digits" not in std_line  # every digit printed is certain: no interval to read


def test_a_survey_of_one_board_has_no_interval(capsys):
    assert main(["survey", "--size", "30", "--boards", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["expected_turns"]["ci95"] is None


def test_duration_text_keeps_a_long_fraction_one_step_away(capsys):
    # the text printed the 61-digit numerator of the paper's expected turns; a short fraction is still shown
    import re

    assert main(["duration"]) == 0
    out = capsys.readouterr().out
    assert "a fraction of 61 digits over 60: --format json writes it" in out
    assert max(len(n) for n in re.findall(r"\d+", out)) <= 20
    assert main(["duration", "--board", "standard", "--die", "fair:2", "--rule", "bounce"]) == 0
    assert re.search(r"exactly +\d+/\d+\n", capsys.readouterr().out)


# every command's default text on the paper's board (with the one option some of them require)
DEFAULT_TEXT = [["duration"], ["limit", "--delta", "5"], ["sigma", "--delta", "5", "--p", "99/100"],
                ["sweep", "--delta", "5"], ["optimum", "--delta", "5"], ["classify", "--delta", "5"],
                ["derive", "--delta", "5"], ["strategies"], ["optimal"], ["simulate", "--games", "1000", "--seed", "1"],
                ["players"], ["stats"],
                # the other end, the coin in the limit, several speeds
                ["limit", "--delta", "5", "--p-to", "0"], ["derive", "--delta", "5", "--p-to", "0"],
                ["sigma", "--delta", "5", "--p-to", "0", "--eps", "1/100"], ["optimal", "--delta", "5", "--p-to", "0"],
                ["optimal", "--delta", "5", "--p-to", "1"], ["limit", "--delta", "5", "--rates", "3,1"],
                ["limit", "--die-of-eps", "eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0"]]


@pytest.mark.parametrize("argv", DEFAULT_TEXT, ids=" ".join)
def test_no_numeral_of_the_default_text_is_longer_than_20_digits(capsys, argv):
    # a decimal counts its digits but the 0 of "0.", a fraction those of both its parts; longer values are for
    # --format json
    import re

    assert main(["-q", *argv]) == 0
    out = capsys.readouterr().out
    numerals = [re.sub(r"^0\.", ".", n) for n in re.findall(r"\d+(?:[./]\d+)?", out)]
    longest = max(numerals, key=lambda n: sum(c.isdigit() for c in n))
    assert sum(c.isdigit() for c in longest) <= 20, longest


# every command's text on small boards of one's own, where counts of 0 and 1 come up
WORDING = [*DEFAULT_TEXT, ["classify", "--delta", "1"], ["limit", "--delta", "2"], ["players", "--players", "2,4"],
           ["race", "--first", "win", "--second", "length"], ["race", "--first", "length", "--second", "length"],
           ["duration", "--players", "1"]]
BOARDS = {"eight": "size = 8\n[jumps]\n2 = 7\n6 = 3\n",
          "thirty-six": "size = 36\n[jumps]\n3 = 16\n5 = 7\n15 = 25\n18 = 20\n21 = 32\n12 = 2\n17 = 4\n31 = 19\n34 = 11\n"}


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_text_says_its_counts_in_words_without_internal_names(capsys, tmp_path, board):
    """No internal limit's name, no "(s)", no "1 squares" and no "0 on-ramp squares": one square, no squares."""
    import re

    from tests.cli_run import run

    path = tmp_path / f"{board}.toml"
    path.write_text(BOARDS[board], encoding="utf-8")
    texts = [run(capsys, "-q", *argv, "--board", str(path)) for argv in WORDING]
    texts.append(run(capsys, "-q", "survey", "--boards", "20", "--size", "12"))
    bad = re.compile(r"MAX_|\(s\)|(?<![-^./\w])1 (squares|levels|players|rolls|games|loops|boards|turns|decisions|excursions)\b"
                     r"|\b0 [a-z-]*\s?squares|\(0\)")
    for argv, (code, out, err) in zip([*WORDING, ["survey"]], texts):
        assert code == 0, (argv, err)
        assert not bad.search(out), (argv, bad.search(out).group(0))
    race = texts[WORDING.index(["race", "--first", "length", "--second", "length"])][1]
    assert "engine exact" in race and "how: generating functions, exact" in race
