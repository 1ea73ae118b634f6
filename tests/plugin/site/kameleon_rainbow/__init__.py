"""Rainbow: the example of a kameleon game published as its own package (docs/adding-a-game.md)."""

from .game import RainbowGame, RainbowState

__all__ = ["RainbowGame", "RainbowState"]
