"""Settings shared by every test directory."""

from hypothesis import settings

from tests.depth import examples

# Speed is measured by `kameleon bench`, not by tests: a per-example deadline only turns a busy machine
# (CI's two cores running tests in parallel) into failures that say nothing about correctness.
settings.register_profile("kameleon", deadline=None, max_examples=examples(100))
settings.load_profile("kameleon")
