"""Rainbow: the example of a kameleon game published as its own package (docs/adding-a-game.md)."""

from kameleon_rainbow.game import RainbowGame, RainbowState

__all__ = ["RainbowGame", "RainbowState"]
