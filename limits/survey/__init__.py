"""Surveys of random boards: many boards of one family, evaluated anywhere, summarised.

``survey`` (:class:`~limits.survey.survey.Survey`: the family, the seed, the
die, the rule and what to compute, validated once; board ``i`` is a function
of the seed and ``i`` alone), ``result`` (one board's answers as a row),
``run`` (the boards evaluated on any ``concurrent.futures.Executor``, as they
finish), ``store`` (rows streamed to a CSV file, read back
to resume) and ``summary`` (sigma's spread, the trap rate and the orders of
the limits over the boards).

May import: :mod:`limits.limit`, :mod:`limits.coin`, :mod:`limits.game` and
the layers below.
"""

from .result import BoardResult, Engine
from .run import run_survey
from .store import ResultStore, open_store
from .summary import Spread, SurveySummary, summarise
from .survey import Survey

__all__ = ["Survey", "Engine", "BoardResult", "run_survey", "ResultStore", "open_store", "Spread", "SurveySummary",
           "summarise"]
