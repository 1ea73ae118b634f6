"""Rainbow, a game small enough to read in one sitting, written only against kameleon's public API.

Twelve cards: red, green and blue, valued 1 to 4. Each seat is dealt `hand` cards
from a seeded shuffle; the rest stay face down, unseen. In turn, each seat plays one
card face up onto a common line; a card that matches the colour of the card before
it scores its value for its player. The game ends when every hand is empty; the
highest score wins (ties share the win).

Notation: a card is its colour's letter and its value (`R3`).

It declares no optional capability: bots, the terminal and the arena use the
engine's generic defaults, which is what its tests show.
"""

from __future__ import annotations

import random
from typing import Any

from kameleon.engine import Game, IllegalAction, NotationError, Option, State
from kameleon.engine.game import check_seat
from kameleon.engine.options import int_in_range

COLOURS = "RGB"
VALUES = 4
CARDS = len(COLOURS) * VALUES


def card_name(card: int) -> str:
    return f"{COLOURS[card // VALUES]}{card % VALUES + 1}"


class RainbowState(State[int]):
    __slots__ = ("current_player", "game", "hands", "history", "is_terminal", "line", "points", "seed", "unseen")

    game: RainbowGame

    def __init__(self, game: RainbowGame, seed: int | None) -> None:
        self.game = game
        self.seed = seed
        self.history: list[int] = []
        deck = list(range(CARDS))
        random.Random(seed).shuffle(deck)
        size = game.options["hand"]
        n = game.num_players
        self.hands = [sorted(deck[seat * size : (seat + 1) * size]) for seat in range(n)]
        self.unseen = sorted(deck[n * size :])
        self.line: list[int] = []
        self.points = [0] * n
        self.current_player: int | None = 0
        self.is_terminal = False

    def legal_actions(self) -> list[int]:
        return [] if self.current_player is None else list(self.hands[self.current_player])

    def apply(self, action: int) -> None:
        seat = self.current_player
        if seat is None:
            raise IllegalAction("the game is over")
        if action not in self.hands[seat]:
            shown = card_name(action) if isinstance(action, int) and 0 <= action < CARDS else repr(action)
            raise IllegalAction(f"{shown} is not in seat {seat}'s hand")
        self.hands[seat].remove(action)
        if self.line and self.line[-1] // VALUES == action // VALUES:
            self.points[seat] += action % VALUES + 1
        self.line.append(action)
        self.history.append(action)
        if not any(self.hands):
            self.current_player, self.is_terminal = None, True
        else:
            self.current_player = (seat + 1) % self.game.num_players

    def clone(self) -> RainbowState:
        copy = RainbowState.__new__(RainbowState)
        copy.game, copy.seed, copy.current_player, copy.is_terminal = (
            self.game,
            self.seed,
            self.current_player,
            self.is_terminal,
        )
        copy.history, copy.line, copy.points, copy.unseen = (
            self.history[:],
            self.line[:],
            self.points[:],
            self.unseen[:],
        )
        copy.hands = [hand[:] for hand in self.hands]
        return copy

    def scores(self) -> list[int]:
        return list(self.points)

    def winners(self) -> list[int]:
        if not self.is_terminal:
            return []
        top = max(self.points)
        return [seat for seat, points in enumerate(self.points) if points == top]

    def view(self, player: int | None) -> dict[str, Any]:
        check_seat(player, self.num_players, spectator=True)
        return {
            "current_player": self.current_player,
            "line": [card_name(card) for card in self.line],
            "hand": None if player is None else [card_name(card) for card in self.hands[player]],
            "hand_sizes": [len(hand) for hand in self.hands],
            "scores": list(self.points),
        }

    def determinize(self, player: int, rng: random.Random) -> RainbowState:
        check_seat(player, self.num_players)
        sample = self.clone()
        sample.seed = None
        pool = sample.unseen + [card for seat, hand in enumerate(sample.hands) if seat != player for card in hand]
        rng.shuffle(pool)
        for seat, hand in enumerate(sample.hands):
            if seat != player:
                sample.hands[seat] = sorted(pool[: len(hand)])
                del pool[: len(hand)]
        sample.unseen = sorted(pool)
        return sample

    def action_to_str(self, action: int) -> str:
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < CARDS:
            raise ValueError(f"{action!r} is not a Rainbow action")
        return card_name(action)

    def parse_action(self, text: str) -> int:
        token = text.strip().upper() if isinstance(text, str) else ""
        if len(token) != 2 or token[0] not in COLOURS or not "1" <= token[1] <= str(VALUES):
            raise NotationError(f"{text!r} is not a card: write a colour letter (R, G, B) and a value 1-{VALUES}")
        return COLOURS.index(token[0]) * VALUES + int(token[1]) - 1


class RainbowGame(Game[int]):
    name = "rainbow"
    title = "Rainbow"
    option_specs = (
        Option("players", 2, "number of players", choices=(2, 3, 4)),
        Option("hand", 3, "cards dealt to each seat", check=int_in_range(1, 3)),
    )
    num_distinct_actions = CARDS
    actions_are_indices = True
    state_class = RainbowState
