"""Every JSON file or answer the package writes is strict JSON: no NaN, no Infinity, ever.

The writers: the report's ``results.json`` (:func:`limits.paper.sections.results_bytes`, fed by
:meth:`~limits.paper.sections.Sheet.record`) and every command's ``--format json`` answer
(:func:`limits.cli.output.emit`; the survey's summary and every other result go through it). Python's
``json`` writes ``NaN`` and ``Infinity`` unless told not to, and other readers (browsers, ``jq``) refuse them:
a writer fed a value that is NaN or infinite refuses it (``ValueError``), or, through the JSON convention,
writes an infinite value as the infinite quantity; what a writer writes parses with every constant refused.
"""

import argparse
import json

import pytest

from limits.cli.output import emit
from limits.markup.document import Document
from limits.paper.sections import Sheet, results_bytes
from tests.cli_run import run

BAD = (float("nan"), float("inf"), float("-inf"))


def _strict(text):
    """``text`` parsed as strict JSON: NaN, Infinity and -Infinity refused."""
    def refuse(constant):
        raise AssertionError(f"{constant} in JSON")

    return json.loads(text, parse_constant=refuse)


def _places(value):
    """``value`` in each place a writer's data may hold it: at the top, nested in a dict, in a list."""
    return ({"x": value}, {"x": {"y": [1, value]}}, {"x": [{"z": value}]})


class _Result:
    """A command's result that renders itself as ``data``."""

    engine = "exact"

    def __init__(self, data):
        self.data = data

    def to_json(self, digits, exact):
        return self.data


def _args():
    return argparse.Namespace(format="json", digits=6, exact_digits=None)


@pytest.mark.parametrize("value", BAD, ids=repr)
def test_results_json_refuses_a_value_that_is_not_a_number_in_every_place(value):
    for data in _places(value):
        with pytest.raises(ValueError):
            results_bytes("t", {}, data)
        with pytest.raises(ValueError):
            results_bytes("t", data, {})


@pytest.mark.parametrize("value", BAD, ids=repr)
def test_a_command_answer_refuses_a_value_that_is_not_a_number_in_every_place(value):
    for data in _places(value):
        with pytest.raises(ValueError):
            emit(_args(), "x", _Result(data))


def test_a_section_records_an_infinite_value_as_the_infinite_quantity_and_refuses_nan():
    sheet = Sheet(Document("t"), games=10, seed=1)
    sheet.record("s", {"sigma": float("inf"), "rows": [{"v": float("inf")}]})
    data = _strict(results_bytes("t", {"games": 10}, sheet.results))
    for q in (data["sections"]["s"]["sigma"], data["sections"]["s"]["rows"][0]["v"]):
        assert q["infinite"] is True and q["float"] is None and q["decimal"] == "inf"
    with pytest.raises(ValueError):
        sheet.record("s", {"sigma": float("nan")})


def test_what_the_writers_write_is_strict_json():
    data = {"x": 1.5, "y": [None, True, "é"]}
    assert _strict(results_bytes("t", {"s": 1}, {"a": data}).decode("utf-8"))["sections"]["a"] == data
    assert {k: v for k, v in _strict(emit(_args(), "x", _Result(data))).items() if k in data} == data


@pytest.mark.parametrize("argv", [("optimal", "--maximise"), ("limit", "--delta", "6")])
def test_a_command_whose_answer_is_infinite_writes_strict_json(capsys, argv):
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0, err
    text = json.dumps(_strict(out))
    assert '"infinite": true' in text
