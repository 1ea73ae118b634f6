"""Secret: Rainbow with every card played face down (a test game for hidden move logs)."""

from .game import SecretGame, SecretState

__all__ = ["SecretGame", "SecretState"]
