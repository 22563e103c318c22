"""Every result's own defaults are the command's: ``to_json()`` of the API writes what ``limits CMD --format json``
writes at its default ``--digits``.

The class: a result renders itself (``to_json``, ``text``, ``latex``) with a
default number of digits, and the command that emits it has a default of its
own; two defaults written in two places drift apart (15 in one, 12 in the
other) and nothing on either side tells. Every result class the commands emit
is checked against its commands' parser.

Modules: limits/cli/__init__.py, limits/game/reports.py, limits/game/counts.py, limits/game/players_report.py,
limits/limit/value_reports.py, limits/limit/limit_report.py, limits/limit/derive.py, limits/survey/summary.py
"""

import inspect
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
