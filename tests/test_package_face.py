"""The package face: every public name it lists resolves, and the heavy ones load only when asked for."""

import subprocess
import sys

import limits


def test_every_listed_name_resolves():
    missing = [name for name in limits.__all__ if getattr(limits, name, None) is None]
    assert missing == []
    assert sorted(limits.__all__) == dir(limits)


def test_the_families_are_exported():
    family = limits.Perturbation.between(limits.uniform_on([2, 5]), limits.uniform_on([1, 3, 4, 6]))
    assert family.expansion(1).order == 1
    assert limits.Perturbation is __import__("limits.limit.perturbed_chain", fromlist=["x"]).Perturbation


def test_import_limits_stays_light():
    code = "import sys, limits; print(sorted(m for m in ('sympy', 'networkx', 'limits.limit.perturbed_chain') " \
           "if m in sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"
