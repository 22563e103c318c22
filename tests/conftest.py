import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Locally every run explores 15 new examples a property (runs add up to more); in CI the
# examples are fixed, so a green run cannot turn red without a change, and there are 40.
# A test that sets its own count gives it for CI and scales it (tests.strategies.scaled).
settings.register_profile(
    "limits",
    deadline=None,
    max_examples=40 if os.environ.get("CI") else 15,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    derandomize=bool(os.environ.get("CI")),
)
settings.load_profile("limits")
# The long profile: `pytest --hypothesis-profile=long` (docs/development.md).
settings.register_profile("long", parent=settings.get_profile("limits"), max_examples=1000)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The docs built once with Sphinx, strictly (``-W``: a warning fails the build), the notebooks executed."""
    out = tmp_path_factory.mktemp("docs")
    docs = Path(__file__).resolve().parents[1] / "docs"
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
                           "-d", str(out / "doctrees"), str(docs), str(out / "html")],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-5000:]
    return out / "html"
