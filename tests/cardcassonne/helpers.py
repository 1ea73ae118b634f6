"""Test helpers: build Cardcassonne positions from the spec's notation (`?GA(1)`, `F(2)`, `YP1`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import kameleon
from kameleon.games.cardcassonne.cards import COLOUR, COLOURS, DOWN, FACE, FACE_INDEX, NUM_CARDS, TYPE, WILD_ANIMAL
from kameleon.games.cardcassonne.phases import PLAY
from kameleon.games.cardcassonne.state import CardcassonneState

_ENTRY = re.compile(r"^(\?)?([A-Z0-9]+)(?:\((\d)\))?$")


class Cards:
    """Hands out card ids by face (lowest free copy first), so positions conserve the 130 cards."""

    def __init__(self) -> None:
        self.free = list(range(NUM_CARDS))

    def take(self, face: str) -> int:
        f = FACE_INDEX[face]
        card = next(c for c in self.free if FACE[c] == f)
        self.free.remove(card)
        return card


def position(
    players: int,
    rows: dict[str, Sequence[str]],
    hands: Sequence[Sequence[str]] | None = None,
    dealer: int | None = None,
    herds: dict[int, dict[str, int]] | None = None,
    scores: dict[int, int] | None = None,
    loose: dict[int, int] | None = None,
    chests: dict[int, Sequence[str]] | None = None,
    **options: object,
) -> CardcassonneState:
    """A state at the start of a later round (round 2) with the given rows, hands and holdings.

    Row entries: `YP1` face up, `?GA(1)` face down placed by seat 1, `F(2)` the follower of seat 2.
    Herds are given as real animal counts per colour code. Every card not named goes to the deck.
    """
    game = kameleon.load("cardcassonne", players=players, **options)
    state = game.new_state(0)
    cards = Cards()
    n = players
    state.rows = [[], [], [], []]
    for colour, entries in rows.items():
        r = COLOURS.index(colour)
        for text in entries:
            if text.startswith("F("):
                state.rows[r].append(-1 - int(text[2]))
                continue
            m = _ENTRY.match(text)
            assert m, text
            down, face, placer = m.groups()
            card = cards.take(face)
            seat = -1 if placer is None else int(placer)
            state.rows[r].append(card | (DOWN if down else 0) | (seat + 1) << 9)
    dealt = [sorted(cards.take(f) for f in hand) for hand in (hands or [[] for _ in range(n)])]
    state.herd_real = [[0, 0, 0, 0] for _ in range(n)]
    state.herd_wild = [[0, 0, 0, 0] for _ in range(n)]
    state.animals = [[] for _ in range(n)]
    state.loose = [0] * n
    for seat, herd in (herds or {}).items():
        for colour, count in herd.items():
            k = COLOURS.index(colour)
            state.herd_real[seat][k] = count
            state.animals[seat].extend(cards.take(f"{colour}A") for _ in range(count))
    for seat, count in (loose or {}).items():
        state.loose[seat] = count
        state.animals[seat].extend(cards.take("WA") for _ in range(count))
    state.chests = [[] for _ in range(n)]
    for seat, chest in (chests or {}).items():
        state.chests[seat] = [cards.take(f) for f in chest]
    state.score = [0] * n
    for seat, points in (scores or {}).items():
        state.score[seat] = points
    state.removed = []
    state.events = []
    state.set_undealt(tuple(cards.free))
    state.pending_joker = -1
    state.dealer = n - 1 if dealer is None else dealer
    state.round_no = 1
    state.history = []
    state.down_moves = []
    state.last_follower = state.dealer
    n_cards = len(dealt[0]) if dealt else 0
    state.played = [0] * n
    state.follower = [0] * n
    state.round_cards = 0
    state.turns_left = n * (n_cards + 1)
    state.round_no = 2
    state.phase = PLAY
    state.current_player = (state.dealer + 1) % n
    for seat, hand in enumerate(dealt):
        state.set_hand(seat, hand)
    return state


def resolve(state: CardcassonneState) -> None:
    """Run round-end resolution on the rows as they stand (followers already in the rows)."""
    state._end_round()


def play(state: CardcassonneState, *moves: str) -> None:
    for move in moves:
        state.apply_str(move)


def row_faces(state: CardcassonneState, colour: str) -> list[str]:
    """A row in the spec's notation, as seen by an all-knowing observer."""
    from kameleon.games.cardcassonne.cards import face_code

    out = []
    for e in state.rows[COLOURS.index(colour)]:
        if e < 0:
            out.append(f"F({-1 - e})")
        elif e & DOWN:
            out.append(f"?{face_code(e & 255)}({(e >> 9) - 1})")
        else:
            out.append(face_code(e & 255))
    return out


def herd_total(state: CardcassonneState, seat: int) -> list[int]:
    return [r + w for r, w in zip(state.herd_real[seat], state.herd_wild[seat], strict=True)]


def real_animal_ids(state: CardcassonneState, seat: int) -> list[int]:
    return [c for c in state.animals[seat] if TYPE[c] != WILD_ANIMAL and COLOUR[c] >= 0]


def take_from_deck(state: CardcassonneState, faces: Sequence[str]) -> list[int]:
    """Remove cards of these faces from the deck (to lay them in a row by hand)."""
    deck = list(state.undealt())
    out = []
    for face in faces:
        card = next(c for c in deck if FACE[c] == FACE_INDEX[face])
        deck.remove(card)
        out.append(card)
    state.set_undealt(tuple(deck))
    return out
