"""Fixed bot work for `scripts/bench/icount`: greedy against medium (determinize and the game's heuristic)."""

import sys

import kameleon
from kameleon.ai import make_agent

game_name, count = sys.argv[1], int(sys.argv[2])
game = kameleon.load(game_name) if game_name == "cameleon" else kameleon.load(game_name, players=2)
for seed in range(count):
    agents = [make_agent("greedy", seed), make_agent("medium", seed + 1)]
    state = game.new_state(seed)
    moves = 0
    while not state.is_terminal and moves < 150:
        seat = state.current_player
        assert seat is not None  # a game under way has a seat to move
        state.apply(agents[seat].act(state))
        moves += 1
