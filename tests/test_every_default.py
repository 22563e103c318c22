"""Every result's own defaults are the command's: ``to_json()`` of the API writes what ``limits CMD --format json``
writes at its default ``--digits``.

The class: a result renders itself (``to_json``, ``text``, ``latex``) with a
default number of digits, and the command that emits it has a default of its
own; two defaults written in two places drift apart (15 in one, 12 in the
other) and nothing on either side tells. Every result class the commands emit
is checked against its commands' parser.

And every default a command documents is the default it uses. Each option
whose ``--help`` states a default reads, given that value, as when it is not
given; where the command fills the default in itself (argparse's is None:
the explorer's faces, first value and end, a family's faces and end, the players'
quantile, the survey's ladders and chutes), the command answers the same
without the option as with the documented value, its record of the inputs
included; every default docs/cli.md states (a table's column or cell, the
prose beside an option) is the command's too.

Modules: limits/cli/__init__.py, limits/game/reports.py, limits/game/counts.py, limits/game/players_report.py,
limits/limit/value_reports.py, limits/limit/limit_report.py, limits/limit/derive.py, limits/survey/summary.py,
limits/cli/explore.py, limits/cli/families.py, limits/cli/limit.py, limits/cli/coin.py,
limits/cli/game.py, limits/cli/survey.py
"""

import inspect
import json
import pathlib
import re

import pytest

import limits.cli
from limits.cli import _parser
from limits.coin.best_policy import OptimalPolicy
from limits.coin.policy_map import PolicyMap
from limits.coin.simulate import Simulation
from limits.coin.strategies import StrategyTable
from limits.game.counts import GameCounts
from limits.game.players_report import PlayersReport
from limits.game.reports import DurationReport
from limits.limit.derive import Derivation
from limits.limit.limit_policy import LimitPolicy
from limits.limit.limit_report import Limit, Phase
from limits.limit.value_reports import Optima, PointValue, SigmaGrid
from limits.race.result import Race, RaceTable
from limits.survey.summary import SurveySummary

EMITTED = {  # the result each command emits (limits/cli/*.py: emit(args, COMMAND, result))
    "duration": DurationReport, "stats": GameCounts, "players": PlayersReport, "sigma": PointValue,
    "sweep": SigmaGrid, "optimum": Optima, "limit": (Limit, Phase), "derive": Derivation, "survey": SurveySummary,
    "optimal": (OptimalPolicy, LimitPolicy, PolicyMap),  # --delta: the limit policy; --over: the map
    "strategies": StrategyTable, "simulate": Simulation, "race": (Race, RaceTable),
}


def _command_default(command: str, dest: str):
    sub = next(a for a in _parser()._actions if a.dest == "command").choices[command]
    return next(a.default for a in sub._actions if a.dest == dest)


@pytest.mark.parametrize("command", sorted(EMITTED))
def test_a_result_s_default_digits_are_its_command_s(command):
    results = EMITTED[command] if isinstance(EMITTED[command], tuple) else (EMITTED[command],)
    for result in results:
        default = inspect.signature(result.to_json).parameters["digits"].default
        assert default == _command_default(command, "digits"), (command, result.__name__)


def test_every_command_that_emits_a_result_is_listed():
    source = "\n".join(p.read_text("utf-8") for p in pathlib.Path(limits.cli.__file__).parent.glob("*.py"))
    emitted = set(re.findall(r'emit\(args, "(\w+)",', source))
    assert emitted <= set(EMITTED) | {"classify"}, emitted - set(EMITTED)  # a classification has no digits


# ---- every default a command documents (its --help, docs/cli.md) is the default it uses

DESCRIBED = {  # defaults stated in words, not as a value the option takes
    ("simulate", "--seed"): "fresh", ("survey", "--longest-ladder"): "any the board allows",
    ("survey", "--longest-chute"): "any the board allows", ("survey", "--chunk"): "about 4 tasks per worker",
    ("survey", "--dask-dashboard"): "127.0.0.1:0",  # the local Dask cluster's: it needs Dask to run
}

BOARD = '{"size": 6, "jumps": [[2, 5], [4, 1]]}'
"""A board of a moment for the calls below (``{board}`` in them); ``{out}`` is a file in the test's folder."""

FILLED_IN = {  # options the command fills in itself (argparse's default is not the value): a cheap call without
    # the option, and the value to give it (None: the one its --help documents)
    ("explore", "--faces"): (["explore", "-o", "{out}", "--board", "{board}"], None),
    ("explore", "--p"): (["explore", "-o", "{out}", "--board", "{board}", "--faces", "3"], None),
    ("explore", "--p-to"): (["explore", "-o", "{out}", "--board", "{board}", "--faces", "3"], None),
    ("limit", "--faces"): (["limit", "--board", "{board}", "--delta", "2", "--terms", "1"], None),
    ("limit", "--p-to"): (["limit", "--board", "{board}", "--delta", "2", "--terms", "1"], None),
    ("derive", "--faces"): (["derive", "--board", "{board}", "--delta", "2"], None),
    ("derive", "--p-to"): (["derive", "--board", "{board}", "--delta", "2"], None),
    ("sigma", "--faces"): (["sigma", "--board", "{board}", "--delta", "2", "--p", "1/3"], None),
    ("sigma", "--p-to"): (["sigma", "--board", "{board}", "--delta", "2", "--eps", "1/3"], None),
    ("sweep", "--faces"): (["sweep", "--board", "{board}", "--delta", "2", "--points", "2"], None),
    ("optimum", "--faces"): (["optimum", "--board", "{board}", "--delta", "2", "--digits", "5"], None),
    ("optimal", "--faces"): (["optimal", "--board", "{board}", "--delta", "2"], None),
    ("optimal", "--p-to"): (["optimal", "--board", "{board}", "--delta", "2"], None),
    ("players", "--quantile"): (["players", "--board", "{board}", "--players", "1..2"], None),
    ("survey", "--ladders"): (["survey", "--size", "20", "--boards", "2"], "2"),  # N/10 of 20 squares
    ("survey", "--chutes"): (["survey", "--size", "20", "--boards", "2"], "2"),
}


def _commands():
    return next(a for a in _parser()._actions if a.dest == "command").choices


def _documented(text):
    """The default a help text states: ``(default X)``, ``(default: X)``, ``default X;``, ``X (default ...)``."""
    found = re.search(r"\bdefault:? ([^;)\s]+)(?=[;)]|: )", text) or re.search(r"(\S+) \(default\b", text)
    return found and found.group(1)


def _namespace(command, *argv):
    """The options ``limits COMMAND ARGV`` is read as (what a command requires given a placeholder)."""
    required = [x for a in _commands()[command]._actions if a.required
                for x in ((a.option_strings[-1], "1") if a.option_strings else (next(iter(a.choices)),))]
    return vars(_parser().parse_args([command, *required, *argv]))


def _documented_defaults():
    """``(command, option, value)`` for each option whose --help states a default (not a switch's)."""
    return [(name, a.option_strings[-1], _documented(a.help)) for name, p in _commands().items()
            for a in p._actions if a.help and "default" in a.help and a.nargs != 0]


def test_every_default_a_help_states_is_the_parser_s_or_filled_in():
    """Given its documented value or not given at all, an option reads the same; where the command fills
    its default in itself, the option is listed in FILLED_IN (and checked by running it)."""
    seen = set()
    for command, option, value in _documented_defaults():
        key = (command, option)
        seen.add(key)
        if key in DESCRIBED:
            assert DESCRIBED[key] in " ".join(_commands()[command]._option_string_actions[option].help.split())
            continue
        value = FILLED_IN[key][1] or value if key in FILLED_IN else value
        assert value is not None, key
        assert (_namespace(command, option, value) == _namespace(command)) == (key not in FILLED_IN), (key, value)
    assert set(DESCRIBED) | set(FILLED_IN) <= seen


def _answer(tmp_path, capsys, argv):
    board = tmp_path / "board.json"
    board.write_text(BOARD, encoding="utf-8")
    out = tmp_path / "page.html"
    argv = [a.format(board=board, out=out) for a in argv]
    json_out = "--format" in {a for p in _commands()[argv[0]]._actions for a in p.option_strings}
    code = limits.cli.main([*argv, *(["--format", "json"] if json_out else [])])
    said, err = capsys.readouterr()
    assert code == 0, err
    if not json_out:
        return said, out.read_bytes()
    data = json.loads(said)
    data.get("inputs", {}).pop("command_line", None)  # the two places the two calls differ
    data.get("run", {}).pop("boards_per_second", None)
    return data


@pytest.mark.parametrize("command, option", sorted(FILLED_IN))
def test_a_default_the_command_fills_in_is_the_documented_one(tmp_path, capsys, command, option):
    """``limits COMMAND`` without the option answers as with the value its --help documents (the record of
    the inputs included, the command line aside)."""
    argv, value = FILLED_IN[(command, option)]
    if value is None:
        value = _documented(_commands()[command]._option_string_actions[option].help)
    assert _answer(tmp_path, capsys, argv) == _answer(tmp_path, capsys, [*argv, option, value])


def _doc_defaults():
    """``(command, option, value)`` for each default docs/cli.md states: a table's default column, ``default X``
    in a table's cell or beside an option in the prose; a section's commands are its own, the families' (the
    commands with --toward) or all (the options every command shares)."""
    commands = _commands()
    text = (pathlib.Path(__file__).parents[1] / "docs" / "cli.md").read_text("utf-8")
    found, names, by_column = [], [], False
    for line in text.splitlines():
        if line.startswith("## "):
            own = re.match(r"## `limits (\w+)`", line)
            families = line.startswith("## Families")
            names = [own.group(1)] if own else [n for n, p in commands.items() if families and
                                                "--toward" in p._option_string_actions or "shares" in line]
        if line.startswith("| option |"):
            by_column = line.rstrip(" |").endswith("default")
        row = re.match(r"\| `(--[a-z-]+)` \|.*\| (?:`([^`]+)`|default (\S+)) \|$", line)
        pairs = [(row.group(1), row.group(2) if by_column else row.group(3))] if row else \
            re.findall(r"`(--[a-z-]+)`[^`|]{0,40}?\bdefault (\w+)", line)
        found += [(n, o, v) for o, v in pairs if v for n in names if o in commands[n]._option_string_actions]
    return found


def test_every_default_docs_cli_states_is_the_command_s():
    documented = {(c, o): v for c, o, v in _documented_defaults()}
    stated = _doc_defaults()
    assert {("limit", "--terms", "4"), ("sigma", "--faces", "6"), ("duration", "--survival", "100"),
            ("optimum", "--digits", "20"), ("stats", "--exact-digits", "10000")} \
        <= set(stated)  # a table's column, a table's cell, and the prose
    for command, option, value in stated:
        if (command, option) in FILLED_IN:
            assert value == documented[(command, option)], (command, option)
        else:
            assert _namespace(command, option, value) == _namespace(command), (command, option, value)
