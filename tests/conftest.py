"""Settings shared by every test directory."""

from hypothesis import settings

# Speed is measured by `kameleon bench`, not by tests: a per-example deadline only turns a busy machine
# (CI's two cores running tests in parallel) into failures that say nothing about correctness.
settings.register_profile("kameleon", deadline=None)
settings.load_profile("kameleon")
