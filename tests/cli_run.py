"""Run the command line in-process, as the CLI tests do."""

from __future__ import annotations

import json

from limits.cli import main


def run(capsys, *argv):
    """The exit code, standard output and standard error of ``limits ARGV``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys, *argv):
    """The JSON document of ``limits ARGV --format json``, which must answer (exit 0)."""
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)
