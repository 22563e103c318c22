import os

from hypothesis import HealthCheck, settings

# Locally every run explores new examples; in CI the examples are fixed, so a
# green run cannot turn red without a change.
settings.register_profile(
    "limits",
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    derandomize=bool(os.environ.get("CI")),
)
settings.load_profile("limits")
# The long profile: `pytest --hypothesis-profile=long` (docs/development.md).
settings.register_profile("long", parent=settings.get_profile("limits"), max_examples=1000)
