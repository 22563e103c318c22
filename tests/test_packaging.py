"""The built distributions ship everything: every module, the package data, the licence, the whole source.

The sdist and the wheel are built once (``python -m build --no-isolation``:
the wheel is built from the unpacked sdist, so a file the sdist forgets is
missing from the wheel too) and compared with the source tree.
"""

import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from limits import _identity

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "limits"
pytestmark = pytest.mark.slow(reason="builds the sdist and the wheel (3 s of CPU time), as .ci/run does too")


def _source_files(folder: Path) -> set[str]:
    """Files under ``folder``, relative to the root, without caches."""
    built = {"generated", "_build", "jupyter_execute"}  # what a docs build writes under docs/
    return {p.relative_to(ROOT).as_posix() for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
            and not (p.relative_to(ROOT).parts[0] == "docs" and built & set(p.parts))}


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, check=False, timeout=300)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    return out


@pytest.fixture(scope="module")
def wheel(dist) -> zipfile.ZipFile:
    (path,) = dist.glob("*.whl")
    return zipfile.ZipFile(path)


@pytest.fixture(scope="module")
def sdist(dist) -> set[str]:
    (path,) = dist.glob("*.tar.gz")
    with tarfile.open(path) as tar:
        names = tar.getnames()
    return {n.split("/", 1)[1] for n in names if "/" in n}


def test_the_wheel_holds_every_module_and_the_package_data(wheel):
    names = set(wheel.namelist())
    package = _source_files(PACKAGE)
    assert "limits/py.typed" in package and any(n.startswith("limits/cli/") for n in package)
    assert package | {"chutes_limits.py"} <= names, sorted(package - names)
    shipped = {n for n in names if not n.startswith("chutes_limits-")}
    assert shipped == package | {"chutes_limits.py"}, sorted(shipped - package)  # nothing stale or stray


def test_the_wheel_metadata(wheel):
    info = next(n.split("/")[0] for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    meta = wheel.read(f"{info}/METADATA").decode()
    assert f"Name: {_identity.DISTRIBUTION}" in meta and f"Version: {_identity.__version__}" in meta
    assert "License-Expression: MIT" in meta
    assert wheel.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
    assert "limits = chutes_limits:main" in wheel.read(f"{info}/entry_points.txt").decode()
    tested = re.findall(r"Classifier: Programming Language :: Python :: (3\.\d+)", meta)
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in tested  # the version this suite runs on


def test_the_sdist_is_the_whole_source(sdist):
    wanted = set().union(*(_source_files(ROOT / d) for d in ("limits", "tests", "docs", "benchmarks", ".ci")))
    wanted |= {"README.md", "LICENSE", "CITATION.cff", "pyproject.toml", "MANIFEST.in", "conftest.py",
               "chutes_limits.py"}
    assert wanted <= sdist, sorted(wanted - sdist)


def test_every_dependency_is_bounded_above():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] + [r for group in project["optional-dependencies"].values()
                                              for r in group]
    calendar = {"dask[distributed]", "setuptools"}  # calendar or fast-moving versions: no major to bound by
    unbounded = [r for r in requirements if "<" not in r and re.split(r"[<>=!~;]", r)[0] not in calendar]
    assert not unbounded


def test_the_citation_matches_the_package():
    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f"version: {_identity.__version__}\n" in cff
    assert "license: MIT" in cff
    assert 'title: "Limit Cases and Strategy in Chutes & Ladders"' in cff
