"""Fixed engine work for `scripts/bench/icount`: random games (legal_actions, clone and apply each move)."""

import random
import sys

import kameleon

game_name, count = sys.argv[1], int(sys.argv[2])
players = {"cameleon": None}.get(game_name, 4)
game = kameleon.load(game_name) if players is None else kameleon.load(game_name, players=players)
for seed in range(count):
    rng = random.Random(seed)
    state = game.new_state(seed)
    moves = 0
    while not state.is_terminal and moves < 200:
        actions = state.legal_actions()
        state.clone()
        state.apply(rng.choice(actions))
        moves += 1
