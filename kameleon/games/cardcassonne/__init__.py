"""Cardcassonne (rules/cardcassonne.md): 2-5 players secure rows of cards with their follower.

>>> import kameleon
>>> state = kameleon.load("cardcassonne", players=4).new_state(seed=1)
>>> state.phase in (0, 1), len(state.legal_actions()) > 0
(True, True)
"""

from kameleon.games.cardcassonne.game import CardcassonneGame
from kameleon.games.cardcassonne.scoring import ANIMAL_POINTS, building_points, people_points
from kameleon.games.cardcassonne.state import CardcassonneState

__all__ = ["ANIMAL_POINTS", "CardcassonneGame", "CardcassonneState", "building_points", "people_points"]
