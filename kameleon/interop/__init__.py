"""Adapters to research frameworks (optional extra `kameleon[rl]`): PettingZoo and OpenSpiel.

Both read a game's `observation` module (`kameleon/games/<name>/observation.py`):
`size(game)`, `encode(state, seat) -> list[float]` (what that seat sees, and
nothing more), and optionally `LOW` / `HIGH` bounds of the values.
"""
