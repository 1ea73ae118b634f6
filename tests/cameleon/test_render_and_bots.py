"""The terminal renderer and the greedy heuristic of Le Caméléon."""

from __future__ import annotations

from rich.console import Console

import kameleon
from kameleon.ai import make_agent
from kameleon.engine.match import play_match
from kameleon.games.cameleon import render
from kameleon.games.cameleon.heuristics import action_values

from .support import at


def text_of(renderable: object) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_board_shows_round_and_square_pieces_reserves_and_coordinates() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/1O1K4 R 0 1")
    text = text_of(render.render(state, 0))
    assert "(Y)" in text and "[y]" in text and "(K)" in text and "(O)" in text
    assert " a  b  c  d  e  f  g  h" in text
    assert text.count(" @ ") == 4 + 2 + 1  # Square's four empty reserve squares, Round's two, the legend's
    assert "Round (seat 0) to move" in text
    assert text_of(render.render(state, None)) == text


def test_legend_keys_every_letter_and_mark_in_lines_that_fit_the_console() -> None:
    text = text_of(render.render(at("8/5b2/3R4/3y3b/8/2Y5/8/8/1O1K4 R 0 1"), 0))
    assert "B blue · R red · Y yellow · V violet · O orange · G green · K chameleon" in text
    assert "(X) Round · [x] Square · @ free reserve square" in text
    console = Console(record=True, width=40, color_system=None)
    console.print(render.legend())
    lines = console.export_text().splitlines()
    assert lines[0] == "B blue · R red · Y yellow · V violet"
    assert all(len(line) <= 40 and not line.endswith((" B", " ·")) for line in lines)


def test_describe_names_the_piece_the_victim_and_the_reward() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/1O1O1O2 R 0 1")
    action = state.parse_action("c4-d5xd6=O@h1")
    assert render.describe(state, action) == "yellow c4 to d5, takes the yellow on d6 (orange reward to h1)"
    assert render.describe(state, state.parse_action("b1-a2")) == "orange b1 to a2 (leaves the reserve)"


def test_finished_game_is_rendered_with_its_result() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")
    state.apply_str("c4-d5xd6=O@b1")
    assert "Game over: Round (seat 0) wins (elimination)" in text_of(render.render(state, 1))


def test_heuristic_prefers_the_rewarded_capture() -> None:
    state = at("8/5b2/3R4/3y3b/8/2Y5/8/8/8 R 0 1")
    actions = state.legal_actions()
    values = action_values(state, actions)
    best = actions[values.index(max(values))]
    assert state.action_to_str(best) == "c4-d5*"


def test_heuristic_avoids_walking_into_a_capture() -> None:
    state = at("8/8/8/3y3b/8/2Ry4/8/B7/8 R 0 1")  # red c4 to d5 would stand between the yellows d4 and d6
    actions = state.legal_actions()
    values = dict(zip((state.action_to_str(a) for a in actions), action_values(state, actions), strict=True))
    assert values["c4-d5"] < values["c4-b5"]


def test_greedy_beats_random() -> None:
    game = kameleon.load("cameleon")
    wins = 0
    for seed in range(4):
        greedy_seat = seed % 2
        agents = [make_agent("random", seed), make_agent("random", seed)]
        agents[greedy_seat] = make_agent("greedy", seed)
        wins += play_match(game, agents, seed).winners == [greedy_seat]
    assert wins >= 3


def test_the_end_of_game_table_shows_each_side_s_breakdown() -> None:
    state = at("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1")
    state.apply_str("c4-d5xd6=O@b1")
    assert render.RENDERER.summary is not None
    text = text_of(render.RENDERER.summary(state, ["ada", "[bold]bob"], str))
    assert "Game over: Round (seat 0) wins (elimination)" in text
    assert "ada" in text and "[bold]bob" in text and "+1" in text and "-1" in text
