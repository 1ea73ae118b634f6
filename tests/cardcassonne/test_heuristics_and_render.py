"""The greedy heuristic (sane, beats random, sees only the mover's view) and the terminal renderer."""

from __future__ import annotations

import random

from rich.console import Console

import kameleon
from kameleon.ai.greedy import GreedyAgent
from kameleon.engine.translations import speaker
from kameleon.games.cardcassonne import notation as nt
from kameleon.games.cardcassonne import render
from kameleon.games.cardcassonne.heuristics import action_values

from .helpers import position, resolve


def _playout(seed: int, greedy_seats: set[int], players: int = 4) -> list[int]:
    state = kameleon.load("cardcassonne", players=players).new_state(seed)
    agents = {q: GreedyAgent(seed + q) for q in greedy_seats}
    rng = random.Random(seed)
    while not state.is_terminal:
        q = state.current_player
        assert q is not None
        if q in agents:
            state.apply(agents[q].act(state))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    return state.scores()


def test_greedy_beats_random() -> None:
    greedy = random_total = 0
    for seed in range(6):
        scores = _playout(seed, {0, 2})
        greedy += scores[0] + scores[2]
        random_total += scores[1] + scores[3]
    assert greedy > 1.5 * random_total


def test_follower_takes_the_rich_row() -> None:
    state = position(2, {"Y": ["YP3", "YP3", "YP2"], "R": ["RP1"]}, hands=[["GP1", "BP1"], ["GP2", "BP2"]])
    actions = state.legal_actions()
    values = dict(zip(actions, action_values(state, actions), strict=True))
    assert max(values, key=values.__getitem__) == nt.FOLLOWER + 0


def test_values_use_only_the_view() -> None:
    state = kameleon.load("cardcassonne", players=4).new_state(21)
    rng = random.Random(3)
    for step in range(120):
        if state.is_terminal:
            break
        actions = state.legal_actions()
        seat = state.current_player
        if step % 7 == 0 and seat is not None:
            sample = state.determinize(seat, random.Random(step))
            assert action_values(sample, actions) == action_values(state, actions)
        state.apply(actions[rng.randrange(len(actions))])


def test_resolution_values_pick_the_most_points() -> None:
    state = position(4, {"R": ["GA", "YA", "WA", "F(0)"]}, herds={0: {"Y": 3, "G": 1}})
    resolve(state)
    assert state.legal_actions() == [nt.KEEP, nt.TEN]
    state.apply(nt.KEEP)
    state.apply(nt.KEEP)
    actions = state.legal_actions()
    assert actions == [nt.WILD + 0, nt.WILD + 2]
    values = action_values(state, actions)
    points = []
    for action in actions:
        trial = state.clone()
        trial.apply(action)
        points.append(trial.score[0])
    assert points == [14 + 6, 12 + 9]  # herd Y 5 and G 2, or Y 4 and G 3
    assert actions[values.index(max(values))] == actions[points.index(max(points))]


def test_render_shows_own_face_down_card_and_hides_others() -> None:
    state = position(2, {"Y": ["?GA(0)", "?RP1(1)", "F(1)"]}, hands=[["YP1"], ["BP1"]])
    console = Console(width=120, record=True)
    console.print(render.render(state, 0))
    text = console.export_text()
    assert "?GA" in text and "RP1" not in text and "??" in text
    assert "Your hand:" in text and "YP1" in text and "BP1" not in text
    for action in state.legal_actions():
        assert render.describe(state, action)


def test_render_through_a_game_with_decisions() -> None:
    state = position(4, {"R": ["RP2", "?GA(3)", "?YH(0)", "WA", "F(0)"]}, herds={0: {"Y": 1}})
    resolve(state)
    console = Console(width=120, record=True)
    console.print(render.render(state, 0))
    assert "misplaced" in console.export_text()
    for action in state.legal_actions():
        assert render.describe(state, action)
    state = kameleon.load("cardcassonne", players=3).new_state(4)
    rng = random.Random(4)
    while not state.is_terminal:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    console.print(render.render(state, None))
    assert "round 8 of 8" in console.export_text()


def test_render_keys_the_card_codes_under_the_rows_in_the_readers_language() -> None:
    state = position(2, {"Y": ["?GA(0)", "?RP1(1)", "F(1)"]}, hands=[["YP1"], ["BP1"]])
    keys = {
        "en": [
            "Y yellow, R red, G green, B blue, W wild · P1-3 people, H building, A animal",
            "DRG dragon, FAI fairy · ?GA face down, ?? unknown · ♟n seat n's follower",
        ],
        # Too long for 80 columns: the line breaks between two items, never inside one.
        "pl": [
            "Y żółty, R czerwony, G zielony, B niebieski, W dziki",
            "P1-3 ludzie, H budynek, A zwierzę",
            "DRG smok, FAI wróżka · ?GA zakryta, ?? nieznana · ♟n podwładny miejsca n",
        ],
    }
    for lang, key in keys.items():
        console = Console(record=True, width=80, color_system=None)
        console.print(render.render(state, 0, speaker(lang, "cardcassonne")))
        lines = [line.rstrip() for line in console.export_text().splitlines()]
        start = lines.index(key[0])
        assert lines[start : start + len(key)] == key
        yellow = next(i for i, line in enumerate(lines) if "♟1" in line)
        assert "?GA" in lines[yellow] and "??" in lines[yellow] and start == yellow + 4  # right under the 4 rows
    assert all(len(line) <= 80 for line in keys["en"])


def test_each_herd_count_is_in_its_colour_as_the_letter_above_it() -> None:
    from rich.color import ColorSystem
    from rich.style import Style

    state = position(2, {}, herds={0: {"Y": 5, "G": 1}, 1: {"R": 9, "B": 4}})
    state.herd_wild[0][0] = 3  # and three wild animals in seat 0's yellow herd
    console = Console(record=True, width=80, color_system="truecolor")
    console.print(render.render(state, 0))
    styled = console.export_text(styles=True, clear=False)

    def coloured(text: str, colour: str) -> str:
        return Style.parse(render.HERD_STYLES[colour]).render(text, color_system=ColorSystem.TRUECOLOR)

    for text, colour in (("5+3", "Y"), ("1", "G"), ("9", "R"), ("4", "B"), ("Y", "Y"), ("B", "B")):
        assert coloured(text, colour) in styled, (text, colour)
    plain = console.export_text()
    assert "herds Y R G B" in plain and "5+3 0 1 0" in plain and "0 9 0 4" in plain  # the table fits at 80
    assert "5+3: five animals and three wild ones in a herd" in " ".join(plain.split())


def test_observation_has_the_documented_size_and_uses_only_the_view() -> None:
    from kameleon.games.cardcassonne import observation

    for players in (2, 5):
        game = kameleon.load("cardcassonne", players=players)
        state = game.new_state(players)
        rng = random.Random(players)
        moves = 0
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            obs = observation.encode(state, seat)
            assert len(obs) == observation.size(game)
            assert all(x >= 0.0 for x in obs)
            if moves % 11 == 0:
                assert observation.encode(state.determinize(seat, random.Random(moves)), seat) == obs
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            moves += 1
        assert moves <= observation.max_game_length(game)
