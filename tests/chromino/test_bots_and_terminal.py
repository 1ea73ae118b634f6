"""The greedy heuristic, the terminal renderer and the bench hook."""

from __future__ import annotations

import random

from rich.console import Console

import kameleon
from kameleon.ai.greedy import GreedyAgent
from kameleon.engine.translations import speaker
from kameleon.games.chromino import bench
from kameleon.games.chromino.heuristics import action_values
from kameleon.games.chromino.render import describe, render
from kameleon.games.chromino.state import ChrominoState
from kameleon.games.chromino.tiles import tile_colours

from .helpers import brute_force, rig


def best(state: kameleon.State) -> str:
    actions = state.legal_actions()
    values = action_values(state, actions)  # type: ignore[arg-type]
    assert len(values) == len(actions)
    return state.action_to_str(max(zip(values, actions, strict=True))[1])


def test_going_out_and_keeping_a_chameleon_company() -> None:
    state = rig(hands=[["R*P", "YYB"], ["GGG"]])
    assert best(state).startswith(("R*P", "P*R"))  # placing YYB would leave a lone chameleon
    alone = rig(hands=[["YYB"], ["GGG"]])
    assert action_values(alone, alone.legal_actions()) == [100.0] * 6


def test_prefers_the_tile_with_fewer_positions() -> None:
    state = rig(hands=[["YYB", "YYY", "GGG"], ["GGG"]])
    assert best(state).startswith("YYY")  # 2 positions against YYB's 6, and a single colour


def test_expert_points_count() -> None:
    expert = rig(["GGG H 1,1"], hands=[["RGG", "PPP"], ["PPP"]], scoring="expert")
    plain = rig(["GGG H 1,1"], hands=[["RGG", "PPP"], ["PPP"]])
    action = expert.parse_action("RGG H 0,0")
    gained = action_values(expert, [action])[0] - action_values(plain, [action])[0]
    assert gained == 3.0  # X1: 2 + 1


def _greedy_wins(games: int) -> float:
    game = kameleon.load("chromino", players=2)
    won = 0.0
    for i in range(games):
        state = game.new_state(500 + i)
        agent, rng, seat = GreedyAgent(i), random.Random(i), i % 2
        while not state.is_terminal:
            if state.current_player == seat:
                state.apply(agent.act(state))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
        if seat in state.winners():
            won += 1 / len(state.winners())
    return won / games


def test_greedy_beats_random_play() -> None:
    assert _greedy_wins(120) > 0.5


def test_render_shows_only_the_view() -> None:
    state = kameleon.load("chromino", players=3, scoring="expert").new_state(3)
    rng = random.Random(2)
    for _ in range(12):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.current_player
    assert seat is not None
    console = Console(record=True, width=140, color_system=None)
    console.print(render(state, seat))
    text = console.export_text()
    assert "Your hand:" in text and "points" in text and f"tiles in the bag: {len(state.bag)}" in text
    rmin, rmax, cmin, cmax = state.board.extent()
    lines = text.splitlines()
    header = next(line for line in lines if line.split()[:1] == [str(cmin)])
    assert header.split() == [str(c) for c in range(cmin, cmax + 1)]
    labels = [line.split()[0] for line in lines[lines.index(header) + 1 :][: rmax - rmin + 1]]
    assert labels == [str(r) for r in range(rmin, rmax + 1)]
    spectator = Console(record=True, width=140, color_system=None)
    spectator.print(render(state, None))
    assert "Your hand:" not in spectator.export_text()
    for action in state.legal_actions():
        assert describe(state, action)
        assert "[" not in describe(state, action)


def test_render_has_a_legend_of_the_letters_in_the_readers_language() -> None:
    state = kameleon.load("chromino", players=2).new_state(3)
    english = "R red · Y yellow · G green · B blue · P purple · * chameleon"
    for lang, key in (("en", english), ("fr", "R rouge · Y jaune · G vert · B bleu · P violet · * caméléon")):
        console = Console(record=True, width=80, color_system=None)
        console.print(render(state, 0, speaker(lang, "chromino")))
        lines = console.export_text().splitlines()
        assert key in lines
        assert lines.index(key) < next(i for i, line in enumerate(lines) if "┏" in line)  # under the board
    assert len(english) <= 70


def test_a_layout_wider_than_the_terminal_shows_the_last_tile_and_says_what_it_leaves_out() -> None:
    rng = random.Random(5)

    def wide() -> ChrominoState:
        """A position of random play whose layout spans 18 columns or more (at 50 columns, 15 fit)."""
        for seed in range(50):
            state = kameleon.load("chromino", players=4).new_state(seed)
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                _, _, low, high = state.board.extent()
                if high - low >= 17 and state.view(None)["layout"][-1]["move"] not in ("draw", "pass"):
                    assert isinstance(state, ChrominoState)
                    return state
        raise AssertionError("no layout of 18 columns in 50 random games")

    state = wide()
    _, _, cmin, cmax = state.board.extent()
    last = state.view(None)["layout"][-1]["move"]  # "YYY H -1,14": its columns must stay in sight
    row_col = last.split()[-1]
    first_col = int(row_col.split(",")[1])
    for width, cut in ((200, False), (50, True)):
        console = Console(record=True, width=width, color_system=None)
        console.print(render(state, None))
        lines = console.export_text().splitlines()
        assert all(len(line.rstrip()) <= width for line in lines)
        header = next(line for line in lines if line.split()[:1] and line.split()[0].lstrip("-").isdigit())
        shown = [int(c) for c in header.split()]
        assert first_col in shown
        said = " ".join(lines)
        assert ("widen the terminal to see the whole layout" in said) is cut
        if cut:
            assert f"columns {shown[0]} to {shown[-1]} of {cmin} to {cmax}" in said
        else:
            assert shown == list(range(cmin, cmax + 1))


def test_a_cut_layout_shows_the_seat_to_move_where_it_may_lay_a_tile() -> None:
    """The window follows the legal placements of the seat to move, not the last tile (a tile laid past the
    layout's edge shows by the column at that edge): every one of them where one window holds them, else at
    least one."""
    rng = random.Random(7)
    checked = spread = 0
    for seed in range(80):
        state = kameleon.load("chromino", players=2).new_state(seed)
        while not state.is_terminal and checked < 40:
            _, _, cmin, cmax = state.board.extent()
            codec = state.game.codec
            spans = [
                {min(max(c, cmin), cmax) for c in range(p.col, p.col + (3 if p.orientation == "H" else 1))}
                for p in (codec.decode(a) for a in state.legal_actions() if a >= 2)
            ]
            if cmax - cmin >= 17 and spans:  # wider than 50 columns hold
                console = Console(record=True, width=50, color_system=None)
                console.print(render(state, state.current_player))
                lines = console.export_text().splitlines()
                header = next(line for line in lines if line.split()[:1] and line.split()[0].lstrip("-").isdigit())
                shown = {int(c) for c in header.split()}
                every = set().union(*spans)
                if max(every) - min(every) < len(shown):  # one window holds them all: each tile is in sight
                    assert all(span & shown for span in spans), (sorted(every), header)
                else:
                    assert any(span & shown for span in spans), (sorted(every), header)
                    spread += 1
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked >= 40 and spread >= 3, (checked, spread)


def test_bench_layouts_have_60_tiles_and_agree_with_brute_force() -> None:
    state = bench.sixty_tile_state(4)
    assert len(state.placed) == 60 and state.sizes[state.current_player] == 8  # type: ignore[index]
    cells = {state.board.row_col(c): x for cells_, laid in state.board.laid for c, x in zip(cells_, laid, strict=True)}
    found = {state.action_to_str(a) for a in state.legal_actions()}
    expected = set()
    for t in state.hand(state.current_player):  # type: ignore[arg-type]
        for o, row, col, flipped in brute_force(cells, tile_colours()[t]):
            expected.add(state.action_to_str(state.game.codec.encode(t, "HV".index(o), row, col, flipped)))
    assert found == (expected or {"draw"})
    figures = bench.run(0.2)
    assert figures["placements_hand8_layout60_median_ms"] > 0 and figures["layouts"] >= 3
    assert figures["determinize_4p_us"] > 0


def test_the_end_says_why_nobody_plays_after_the_seat_that_went_out() -> None:
    state = kameleon.load("chromino", players=2).new_state(5)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    view = state.view(None)
    assert view["final_round"] and view["first_out"] is not None
    console = Console(record=True, width=200, color_system=None)
    console.print(render(state, None))
    assert f"game over: the last round is complete (rounds begin with seat {view['first_player']})" in (
        console.export_text()
    )
