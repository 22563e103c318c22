"""The command line under hostile input: exit 0 or 2, never a traceback, valid JSON when JSON was asked.

hypothesis feeds ``main()`` argument lists built from every command's
options, with values drawn from valid, malformed, extreme and hostile text,
and board files of every kind of wrong. The time of each call is bounded by
the values drawn (few games, few points, small boards), not by a timer.
``survey`` runs a few small boards, to outputs of every kind (a full disk
among them); ``reproduce`` is given only folders it must refuse before any
work.
"""

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from limits.cli import main
from tests.devices import FULL, device

NUMBERS = ["0", "1", "2", "3", "6", "7", "-1", "-0", "1e3", "1e400", "-1e400", "1.5", "0.5", "1/2", "nan", "inf",
           "-inf", "1_000", "0x10", "", " ", "x", "٣", "1e-5", "99999999999999999999999999", "3.0", "+2"]
# (loadings within 1e-6 of 0 or 1 are left out: there the certified solver's precision, which follows
# --digits, is not yet enough; huge exponents, which must be refused up front, are in)
PROBS = ["0", "1", "1/2", "0.5", "0.999", "1/3", "-0.1", "1.5", "2", "inf", "-Infinity", "nan", "1/0", "1e-3",
         "1e-99999999", "1e99999999", "0.1e-3", "x", "", "1//2", "--", "-", "1/-2", "0.999999"]
DICE = ["fair", "fair:4", "fair:0", "fair:-1", "weighted:6:0.5", "weighted:3:1", "weighted:7:0.5", "weighted:1:2",
        "-0.1,0.5,0.6", "0.5,0.5", "1/6,1/6,1/6,1/6,1/6,1/6", "1,0", "x", "", ",", "weighted:6:0.5:0"]
HOSTILE = ["-", "--", "---x", "\x00", "é", "😀", "a" * 300, "a" * 20_000, "%s%n", "{}", "$(reboot)", "../..",
           "--format", "--help-me", "-1e5"]

BOARDS = {
    "good.toml": b"size = 20\n[jumps]\n3 = 11\n15 = 4\n",
    "good.json": b'{"size": 12, "jumps": [[2, 9], [10, 1]]}',
    "dup.json": b'{"size": 10, "jumps": {"3": 7, "3": 8}}',
    "bad.toml": b"size = \n[[[",
    "binary.toml": b"\xff\xfe\x00size",
    "empty.toml": b"",
    "list.json": b"[1, 2, 3]",
    "deep.json": b"[" * 50_000,
    "loop.toml": b"size = 10\n[jumps]\n3 = 7\n7 = 3\n",
    "off.toml": b"size = 10\n[jumps]\n3 = 70\n",
    "floaty.toml": b"size = 10.5\n",
    "huge.json": b'{"size": 1e400}',
    "negative.json": b'{"size": -3}',
    "unknown.toml": b"size = 10\ncolour = 'red'\n",
    "trap.toml": b"size = 12\n[jumps]\n11 = 5\n10 = 6\n9 = 4\n8 = 3\n7 = 2\n",
}

LONGEST = ["1", "5", "12", "13", "0", "1e30", "9223372036854775808", "x"]  # past the board, past 2**63

EXAMPLES = settings.default.max_examples  # of the profile in use: 40, or 1000 with --hypothesis-profile=long

# command -> option -> values; a "{board}" value is replaced by a path of the folder above
SMALL = ["standard", "empty", "althoen", "nowhere", *(f"{{{name}}}" for name in BOARDS)]
COMMON = {"--board": SMALL, "--rule": ["stay", "bounce", "pass", "hop", "STAY", ""],
          "--digits": ["1", "3", "15", "60", "1001", "0", "-1", "x"], "--format": ["text", "json", "xml"],
          "--exact-digits": ["all", "1", "5", "0", "x"], "--quiet": None}
LOADED = {"--delta": ["1", "3", "5", "6", "0", "7", "-1", "x"], "--faces": ["6", "4", "0", "-2", "1001", "x"],
          "--start": ["0", "5", "-1", "101", "1e400", "x"]}
FAMILY_DICE = ["0,0,0,0,1,0", "0,1/2,0,0,1/2,0", "1/4,0,1/4,1/4,0,1/4", "fair", "weighted:3:1", "0,0,0,1,0,0",
               "0,0,0,0,0,1", "1,0", "fair:4", "0.5,0.5", "x", "", "-0.1,0.5,0.6", "{random}", "{random2}"]
FAMILY = {**LOADED, "--at": FAMILY_DICE, "--toward": FAMILY_DICE, "--p-to": ["0", "1", "2", "-1", "x"]}
COMMANDS = {
    "duration": {**COMMON, "--die": DICE, "--start": ["0", "5", "99", "-1", "101", "1e400", "x"],
                 "--players": ["1", "2", "0", "9", "-1", "x"], "--survival": ["0", "3", "-1", "100001", "x"]},
    "limit": {**COMMON, **FAMILY, "--terms": ["1", "3", "0", "201", "1001", "x"]},
    "sigma": {**COMMON, **FAMILY, "--p": PROBS, "--eps": PROBS},
    "sweep": {**COMMON, **FAMILY, "--delta": ["all", "2", "9", "x"], "--from": PROBS[:8], "--to": PROBS[:8],
              "--points": ["1", "3", "0", "-4", "100001", "1e400"], "--workers": ["1", "0", "65", "x"]},
    "optimum": {**COMMON, **FAMILY, "--digits": ["1", "5", "12", "0", "x"]},
    "classify": {**COMMON, "--delta": LOADED["--delta"], "--faces": LOADED["--faces"]},
    "derive": {**COMMON, **FAMILY},
    "strategies": {**COMMON, "--coin": PROBS, "--flip": PROBS},
    "optimal": {**COMMON, "--coin": PROBS, "--maximise": None},
    "simulate": {**COMMON, "--die": DICE, "--games": ["1", "100", "1e2", "0", "-5", "1e400", "1.5", "x"],
                 "--seed": ["0", "1", "-1", "2e40", "x"], "--strategy": ["0", "3", "-1", "9", "optimal", "best"],
                 "--workers": ["1", "2", "0", "-1", "65"], "--max-turns": ["5", "1000", "0", "x"], "--coin": PROBS},
    "players": {**COMMON, "--die": DICE, "--players": ["1", "2", "1..3", "1,3", "0", "9", "3..1", "x", ""],
                "--start": ["0", "-1", "101", "x"], "--quantile": ["0.5", "0.9", "0", "1", "1.5", "x"],
                "--quantile-rule": ["lower", "upper", "midpoint", "middle"]},
    "stats": {**COMMON, "--die": DICE, "--start": ["0", "-1", "101", "x"], "--square": ["80", "0", "-1", "101", "x"],
              "--jump": ["87", "1", "5", "-1", "x"], "--law": ["0", "3", "-1", "101", "x"]},
    "schema": {},
    "completion": {},
    "survey": {"--size": ["12", "20", "1", "-5", "1e400", "x"], "--boards": ["1", "3", "0", "1e8", "x"],
               "--ladders": ["0", "1", "2", "50", "-1"], "--chutes": ["0", "2", "50"],
               "--longest-ladder": LONGEST, "--longest-chute": LONGEST, "--seed": ["0", "1", "-1", "2e40", "x"],
               "--die": DICE, "--rule": COMMON["--rule"], "--start": ["0", "5", "-1", "21", "x"],
               "--delta": ["6", "7", "0", "x", "3,6"], "--engine": ["auto", "exact", "float", "fast"],
               "--quantiles": ["0.5", "1e-20", "1/3", "0.1,0.9", "0", "1", "1e-99999999", "x", ""],
               "--workers": ["1", "0", "65", "x"], "--dask-dashboard": ["127.0.0.1:0", "x", ":99999"],
               "--scheduler": ["tls://127.0.0.1:1", "ucx://127.0.0.1:1", "inproc://x", "x", "", "tcp://h:0"],
               "--output": ["{rows.csv}", "{rows.parquet}", "{good.toml}", "{full.csv}", "{missing}/rows.csv",
                            "a" * 300 + ".csv", "rows.txt"],
               "--format": ["text", "json", "latex"], "--digits": COMMON["--digits"],
               "--exact-digits": COMMON["--exact-digits"], "--quiet": None},
}
TWO = ["--at", "{random}", "--toward", "{random2}"]
REQUIRED = {"limit": [["--delta", "5"], ["--delta", "2", "--p-to", "0"], TWO],
            "sigma": [["--delta", "5", "--p", "1/2"], ["--delta", "1", "--p-to", "0", "--eps", "1/3"],
                      [*TWO, "--eps", "1/10"]],
            "sweep": [["--delta", "5"], TWO], "optimum": [["--delta", "6"], TWO], "classify": [["--delta", "5"]],
            "derive": [["--delta", "5"], ["--delta", "4", "--p-to", "0"], TWO]}
POSITIONAL = {"schema": ["duration", "sigma", "nothing", ""], "completion": ["bash", "zsh", "fish"]}


@pytest.fixture(scope="module")
def board_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("boards")
    for name, data in BOARDS.items():
        (folder / name).write_bytes(data)
    device(folder / "full.csv", FULL)  # a disk with no room: every write fails
    return folder


@st.composite
def argument_lists(draw):
    command = draw(st.sampled_from(sorted(COMMANDS)))
    options = COMMANDS[command]
    argv = [command]
    if command in POSITIONAL:
        argv.append(draw(st.sampled_from(POSITIONAL[command] + HOSTILE[:4])))
    if command in REQUIRED and draw(st.booleans()):
        argv += draw(st.sampled_from(REQUIRED[command]))
    for name in draw(st.lists(st.sampled_from(sorted(options)), max_size=4)) if options else []:
        values = options[name]
        if values is None:
            argv.append(name)
        else:
            argv += [name, draw(st.sampled_from(values + HOSTILE) if draw(st.integers(0, 9)) == 0
                                else st.sampled_from(values))]
    if command == "simulate" and "--games" not in argv:
        argv += ["--games", "200"]  # keep each call short
    if command == "sweep" and "--points" not in argv:
        argv += ["--points", "3"]
    if command == "survey":
        argv += [name for name, value in (("--size", "16"), ("--boards", "3")) if name not in argv for name in
                 (name, value)]
    # dice on random faces for --at and --toward (six faces, some of them zero; all zero is bad input)
    dice = {}
    for name in ("{random}", "{random2}"):
        weights = draw(st.lists(st.integers(0, 2), min_size=6, max_size=6))
        dice[name] = ",".join(f"{w}/{max(1, sum(weights))}" for w in weights)
    return [dice.get(a, a) for a in argv]


def _call(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:  # --help and --version exit through argparse, with status 0
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def _check(argv, code, out, err):
    assert code in (0, 2), (argv, err)
    assert "Traceback" not in err and "Traceback" not in out, argv
    if code == 2:  # the bare `limits` too: one line, not its help
        assert err.startswith("limits: error: ") and err.count("\n") == 1, (argv, err)
        assert out == ""
    if {"-h", "--help", "--version"} & set(argv):
        return
    formats = [b for a, b in zip(argv, argv[1:]) if a == "--format"]
    if code == 0 and formats and formats[-1] == "json":  # the last --format given wins
        json.loads(out)


def _paths(argv, folder):
    """``{name}`` (and ``{name}/more``) as a path in ``folder``."""
    return [str(folder) + "/" + a[1:].replace("}", "", 1) if a.startswith("{") and "}" in a else a for a in argv]


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argument_lists())
def test_structured_arguments(board_dir, capsys, argv):
    _structured(board_dir, capsys, argv)


@pytest.mark.slow(reason="the fuzz at full size: four times the examples, each a whole command (about 25 s)")
@settings(max_examples=4 * EXAMPLES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argument_lists())
def test_structured_arguments_at_full_size(board_dir, capsys, argv):
    _structured(board_dir, capsys, argv)


def _structured(board_dir, capsys, argv):
    argv = _paths(argv, board_dir)
    with contextlib.chdir(board_dir):  # a relative output lands in the scratch folder
        _check(argv, *_call(argv, capsys))


BAD_FOLDERS = ["", "  ", "{good.toml}", "{good.toml}/report", "a" * 300, "{nowhere}/" + "b" * 256 + "/out"]


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(BAD_FOLDERS),
       st.lists(st.sampled_from([["--games", "100"], ["--games", "0"], ["--games", "1e400"], ["--seed", "-1"],
                                 ["--seed", "7"], ["-q"], ["--debug"]]), max_size=3))
def test_reproduce_refuses_a_folder_it_cannot_write_before_the_work(board_dir, capsys, monkeypatch, folder, extra):
    # (`reproduce -o ''` wrote into the current folder; a folder that could not take files was found out only
    # after minutes of work)
    import limits.paper.reproduce

    def build(**kwargs):
        raise AssertionError("the report was computed for a folder that cannot take it")

    monkeypatch.setattr(limits.paper.reproduce, "build", build)
    argv = ["reproduce", "-o", *_paths([folder], board_dir), *(a for option in extra for a in option)]
    with contextlib.chdir(board_dir):
        code, out, err = _call(argv, capsys)
    assert code == 2 and out == "" and err.startswith("limits: error: ") and err.count("\n") == 1, (argv, err)


SOUP = st.lists(st.sampled_from(sorted(COMMANDS)) | st.sampled_from(HOSTILE + NUMBERS)
                | st.sampled_from(sorted({o for opts in COMMANDS.values() for o in opts}))
                | st.text(max_size=12), max_size=6)


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(SOUP)
def test_token_soup(capsys, tmp_path_factory, argv):
    _soup(capsys, tmp_path_factory, argv)


@pytest.mark.slow(reason="the token soup at full size: two and a half times the examples")
@settings(max_examples=5 * EXAMPLES // 2, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(SOUP)
def test_token_soup_at_full_size(capsys, tmp_path_factory, argv):
    _soup(capsys, tmp_path_factory, argv)


def _soup(capsys, tmp_path_factory, argv):
    if argv and argv[0] == "simulate":
        argv = [*argv, "--games", "100"]  # the last value of an option wins: keep the call short
    if argv and argv[0] == "survey":
        argv = [*argv, "--size", "16", "--boards", "3", "--workers", "1"]
    with contextlib.chdir(tmp_path_factory.getbasetemp()):  # whatever it writes lands in the scratch folder
        _check(argv, *_call(argv, capsys))
