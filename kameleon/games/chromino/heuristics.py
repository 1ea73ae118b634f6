"""One-ply heuristic for Chromino bots (the greedy agent): which placement to make.

Values are for `state.current_player`, higher is better. The ideas:

* going out wins: it dominates everything;
* more contacts make a placement that other tiles would find hard to match
  later, and use up the awkward spots now (the rulebook notes that 3-6 contacts
  become common), so each contact counts;
* a tile with few colours is the hardest to place later (every edge it touches must
  be its colour), and so is a tile with few positions now: play such tiles while they
  fit and keep the flexible ones (measured against random play: preferring
  three-colour tiles loses, preferring one-colour tiles wins);
* a chameleon fits almost anywhere, so it is kept for a hand in trouble: it costs
  `KEEP_CHAMELEON` while an ordinary tile fits too, so it is played when nothing
  else fits or when it is clearly the better placement;
* a chameleon may never be the last tile (§5.4), so leaving one alone in hand
  costs a turn at least: strongly avoided (and keeping a drawn tile under
  `drawn_tile="may"` is preferred when placing it would leave a lone chameleon);
* with Expert scoring the points of the placement are added.

Against uniformly random play (2 players, 1,000 games, alternating seats) this
wins about 60 % of the games; the tile's current number of positions
(`SCARCITY`) is what matters most, the contact count hardly at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.games.chromino.actions import DRAW, PASS
from kameleon.games.chromino.state import CHAMELEON_MASK

if TYPE_CHECKING:
    from kameleon.games.chromino.state import ChrominoState

GO_OUT = 100.0
CONTACT = 1.0
FEW_COLOURS = 0.6
"""Per colour fewer than three on the tile."""
SCARCITY = 6.0
"""Divided by the number of positions the tile has now."""
KEEP_CHAMELEON = 2.0
LONE_CHAMELEON = 8.0
EXPERT_POINT = 1.0


def action_values(state: ChrominoState, actions: list[int]) -> list[float]:
    seat = state.current_player
    assert seat is not None
    game = state.game
    board = state.board
    hand = state.hands[seat]
    size = state.sizes[seat]
    plane = game.plane
    options: dict[int, int] = {}
    for a in actions:
        if a > PASS:
            t = ((a - 2) >> 1) // plane
            options[t] = options.get(t, 0) + 1
    ordinary_fits = any(not CHAMELEON_MASK >> t & 1 for t in options)
    values = []
    for action in actions:
        if action in (DRAW, PASS):
            values.append(_keep_value(state, seat))
            continue
        t = ((action - 2) >> 1) // plane
        fp = game.board_fp(action)
        left = hand & ~(1 << t)
        if size == 1:
            values.append(GO_OUT)
            continue
        value = CONTACT * board.contacts(fp) + SCARCITY / options[t]
        if CHAMELEON_MASK >> t & 1:
            value -= KEEP_CHAMELEON if ordinary_fits else 0.0
        else:
            value += FEW_COLOURS * (3 - game.values[t])
        if size == 2 and left & CHAMELEON_MASK:
            value -= LONE_CHAMELEON
        if game.expert:
            value += EXPERT_POINT * (game.values[t] + sum(game.values[state.placed[n][0]] for n in board.touched(fp)))
        values.append(value)
    return values


def _keep_value(state: ChrominoState, seat: int) -> float:
    """Drawing or passing: forced unless a drawn tile may be kept; keeping is worth it only to avoid
    leaving a lone chameleon, which the placements' own penalty already expresses."""
    return -LONE_CHAMELEON / 2 if state.sizes[seat] == 2 else 0.0
