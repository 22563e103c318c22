"""The name clash with PyPI's rate-limiting ``limits``, guarded.

Each test lays out a fake site folder (no network, no install): a copy of our
package, the other distribution's metadata or its package, and runs Python
with that folder first on its path, from a folder outside the source tree.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import limits
from limits import _identity

ROOT = Path(__file__).resolve().parents[1]

OTHER_INIT = '"""A rate limiter (a stand-in for PyPI\'s `limits`)."""\n\n\nclass RateLimitItem:\n    pass\n'
OTHER_ERRORS = '"""The rate limiter\'s errors."""\n\n\nclass ConfigurationError(Exception):\n    pass\n'


def _ours(site: Path) -> None:
    shutil.copytree(ROOT / "limits", site / "limits", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "chutes_limits.py", site / "chutes_limits.py")


def _other_metadata(site: Path) -> None:
    info = site / "limits-3.13.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: limits\nVersion: 3.13.0\n", encoding="utf-8")
    (info / "RECORD").write_text("limits/__init__.py,,\nlimits/errors.py,,\n", encoding="utf-8")


def _other_files(site: Path) -> None:
    (site / "limits").mkdir(parents=True, exist_ok=True)
    (site / "limits" / "__init__.py").write_text(OTHER_INIT, encoding="utf-8")
    (site / "limits" / "errors.py").write_text(OTHER_ERRORS, encoding="utf-8")


def _run(site: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, *args], cwd=site.parent, env=env, capture_output=True, text=True,
                          check=False, timeout=120)


def _entry(site: Path, *argv: str) -> subprocess.CompletedProcess:
    code = f"import sys, chutes_limits; sys.exit(chutes_limits.main({list(argv)!r}))"
    return _run(site, "-c", code)


def _one_clear_line(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    for word in words:
        assert word in proc.stderr


def test_our_package_carries_the_marker():
    assert _identity.is_ours(limits)
    assert limits.__distribution__ == "chutes-limits"
    assert limits.__version__ == _identity.__version__


def test_a_clean_copy_runs(tmp_path):
    site = tmp_path / "site"
    _ours(site)
    proc = _entry(site, "--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"limits {_identity.__version__}", proc.stderr
    proc = _run(site, "-c", "import limits; print(limits.__file__)")
    assert proc.stdout.strip() == str(site / "limits" / "__init__.py")  # the copy, not the source tree


def test_other_installed_over_ours_fails_at_import(tmp_path):
    """Ours installed last: our files are whole, but the other's metadata sits beside them."""
    site = tmp_path / "site"
    _ours(site)
    _other_metadata(site)
    proc = _run(site, "-c", "import limits")
    assert proc.returncode == 1
    assert "NameClashError" in proc.stderr and "limits-3.13.0.dist-info" in proc.stderr
    assert "pip uninstall limits chutes-limits" in proc.stderr
    _one_clear_line(_entry(site, "duration"), "cannot import", "same package folder", "virtual environment")
    proc = _run(site, "-m", "limits", "duration")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr and "same package folder" in proc.stderr


def test_ours_overwritten_by_the_other(tmp_path):
    """The other installed last: its __init__ and errors replace ours; the rest of ours is still there."""
    site = tmp_path / "site"
    _ours(site)
    _other_files(site)
    _other_metadata(site)
    _one_clear_line(_entry(site, "duration"), "is not chutes-limits", "rate-limiting", "pip uninstall")
    _one_clear_line(_run(site, "-m", "limits", "duration"), "is not chutes-limits", "pip uninstall")


def test_the_other_package_shadows_ours(tmp_path):
    """Only the other package on the path (ours elsewhere, or gone): the command says so."""
    site = tmp_path / "site"
    _other_files(site)
    shutil.copy(ROOT / "chutes_limits.py", site / "chutes_limits.py")
    _one_clear_line(_entry(site, "--version"), "is not chutes-limits", str(site / "limits" / "__init__.py"))


@pytest.mark.parametrize("name", ["limits-3.13.0.dist-info", "Limits-2.8.0.dist-info", "limits-1.5-py3.11.egg-info"])
def test_the_other_metadata_is_recognised(tmp_path, name):
    (tmp_path / name).mkdir()
    assert _identity.other_installed(tmp_path) == name


@pytest.mark.parametrize("name", ["chutes_limits-0.1.0.dist-info", "limits_extra-1.0.dist-info", "limits"])
def test_other_distributions_are_not_the_other(tmp_path, name):
    (tmp_path / name).mkdir()
    assert _identity.other_installed(tmp_path) is None
