"""Every module of the package is named or imported by a test file that tests it.

The class: a change to a module is checked by the tests that name or import it
(:func:`tests.mutation.naming_tests`, the selection of ``--changed`` and of the
independent rounds); a module no test file names is checked by nothing but its
doctests, and a plausible bug in it survives every run of the suite made for
that change. A package's own module (``__init__.py``) is imported by every
import of the package. A test file that reaches a module only through the command line or
another module names it in its docstring (``Modules: ...``).
"""

from pathlib import Path

import pytest

from tests.mutation import naming_tests

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "limits").rglob("*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_every_module_is_named_by_a_test_file(module):
    assert naming_tests(module), f"no test file names or imports {module}"
