"""Extra figures for `kameleon bench --game chromino`: legal placements for a hand of 8 on a 60-tile layout,
and the cost of a determinization at a table of four.

The issue's target for placements is a median of at most about 1 ms. Layouts are
grown by laying random tiles at random legal positions (no hands, no turns) until
60 tiles lie on the table; the player then holds 8 of the 19 tiles left.
Determinizations (one per ISMCTS iteration) are timed on positions of 4-player
games after 24 moves in which every seat plays the game's own heuristic
(`action_values`, the best move, ties broken by the seed): the game package
plays them itself, since kameleon.ai sits above it. Figures measured when these
positions came from `medium` bots (the same heuristic on a determinized position)
differ from today's by the positions, not by the code.
"""

from __future__ import annotations

import random
import statistics
import time

from kameleon.games.chromino.game import ChrominoGame
from kameleon.games.chromino.state import ChrominoState, tiles_of

LAYOUT_TILES = 60
HAND = 8
TABLE = 4
"""Seats of the games whose positions `determinize_us` times."""


def sixty_tile_state(seed: int, game: ChrominoGame | None = None) -> ChrominoState:
    """A 2-player state whose layout holds 60 tiles and whose current player holds 8 tiles."""
    game = game or ChrominoGame(players=2)
    rng = random.Random(seed)
    state = game.new_state(seed)
    for seat in range(2):
        state.hands[seat] = 0
        state.pmasks[seat] = 0
        state.sizes[seat] = 0
    pool = [t for t in range(80) if t != state.placed[0][0]]
    while len(state.placed) < LAYOUT_TILES:
        rng.shuffle(pool)
        for t in pool:
            found = state.placements(game.tile_pmask[t])
            if found:
                action = rng.choice(found)
                j = 2 * t + game.codec.decode(action).flipped
                state.board.place(game.board_fp(action), game.laid[j])
                state.placed.append((t, action, 0, False, -1))
                pool.remove(t)
                break
        else:
            raise RuntimeError("no tile fits the layout any more")
    mover = state.current_player
    assert mover is not None
    hand = rng.sample(pool, HAND)
    for t in hand:
        state.hands[mover] |= 1 << t
        state.pmasks[mover] |= game.tile_pmask[t]
    state.sizes[mover] = HAND
    state.bag = [t for t in pool if t not in hand]
    assert sorted([t for t, *_ in state.placed] + tiles_of(state.hands[mover]) + state.bag) == list(range(80))
    return state


def midgame_positions(count: int, moves: int = 24) -> list[ChrominoState]:
    """Positions of `TABLE`-player games after `moves` moves of `heuristic_move` (games over sooner are
    skipped)."""
    game = ChrominoGame(players=TABLE)
    found: list[ChrominoState] = []
    seed = 0
    while len(found) < count:
        state = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_terminal:
                break
            state.apply(heuristic_move(state, rng))
        if not state.is_terminal:
            found.append(state)
        seed += 1
    return found


def heuristic_move(state: ChrominoState, rng: random.Random) -> int:
    """The move `action_values` likes best for the seat to move, a tie broken by `rng`."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    values = state.game.action_values(state, actions)
    return max(zip(values, actions, strict=True), key=lambda pair: pair[0] + rng.random() * 1e-9)[1]


def determinize_us(seconds: float) -> dict[str, float]:
    """Mean µs of `determinize` for the player to move."""
    states = midgame_positions(8)
    rng = random.Random(1)
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < max(seconds / 4, 0.05):
        for state in states:
            state.determinize(state.current_player, rng)  # type: ignore[arg-type]
        calls += len(states)
    return {"determinize_4p_us": round((time.perf_counter() - start) / calls * 1e6, 1)}


def run(seconds: float) -> dict[str, float]:
    """Median and mean wall time of `legal_actions()` on such states, in milliseconds, and `determinize_us`."""
    game = ChrominoGame(players=2)
    timings: list[float] = []
    deadline = time.perf_counter() + max(seconds, 0.2) / 2
    seed = 0
    while time.perf_counter() < deadline or seed < 3:
        state = sixty_tile_state(seed, game)
        seed += 1
        for _ in range(50):
            t0 = time.perf_counter()
            state.legal_actions()
            timings.append(time.perf_counter() - t0)
    return {
        "placements_hand8_layout60_median_ms": round(statistics.median(timings) * 1e3, 4),
        "placements_hand8_layout60_mean_ms": round(statistics.fmean(timings) * 1e3, 4),
        "layouts": float(seed),
        **determinize_us(seconds),
    }
