from hypothesis import HealthCheck, settings

settings.register_profile(
    "limits",
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("limits")
