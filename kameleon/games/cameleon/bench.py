"""Extra figures for `kameleon bench --game cameleon`: uncapped random games counted in plies.

The generic bench counts actions and stops at 200; a ply is one action plus
its choice actions, and uniformly random games last about 330 plies (§10.4:
the draw rules end every game), so these figures complete the picture.
"""

from __future__ import annotations

import random
import time

from kameleon.games.cameleon.game import CameleonGame


def run(seconds: float) -> dict[str, float]:
    game = CameleonGame()
    rng = random.Random(0)
    budget = max(0.5, seconds / 2)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        state = game.new_state(games)
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            plies += state.pending is None
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "full_games_per_s": round(games / elapsed, 1),
        "full_plies_per_s": round(plies / elapsed),
        "plies_per_full_game": round(plies / games),
    }
