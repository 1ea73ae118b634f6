"""Le Caméléon (rules/cameleon.md): two armies of coloured pieces capture by colour associations.

>>> import kameleon
>>> state = kameleon.load("cameleon").new_state(seed=1)
>>> state.apply_str("c4-d5"); state.to_cpn()
728
'8/1b1b1b1b/r1r1r1r1/1y1y1y1y/3Y4/Y3Y1Y1/1R1R1R1R/B1B1B1B1/8 S 1 1'
"""

from kameleon.games.cameleon.chart import association
from kameleon.games.cameleon.game import CameleonGame
from kameleon.games.cameleon.state import CameleonState

__all__ = ["CameleonGame", "CameleonState", "association"]
