"""A fixed-length numeric encoding of what one seat sees, for learning agents (PettingZoo, OpenSpiel).

Only information of `view(player)` is used (§10); seats are rotated so that the
observer comes first. Layout for `players = n` (faces are the 24 of §2.4):

| part | size |
| --- | --- |
| the observer's hand: copies of each face / 3 | 24 |
| the observer must play its next card face down | 1 |
| each seat, observer first (a) | 14 n |
| the seat to move, one-hot, observer first (none once the game is over) | n |
| each row (b) | 4 x 51 |
| phase (setup joker, play, resolve, over), one-hot | 4 |
| round / rounds, deck size / 120 | 2 |
| the revealed setup joker, one-hot by face | 24 |
| the claim being resolved (c) | 53 |

(a) hand size / 6, cards played / 6, follower placed, score s as s / (s + 200), real animals
per kind / 9, wild animals per kind / 4, loose wilds / 4, chest size / 20.
(b) faces of its open part (right of the last follower) / 3, unknown face-down
cards there / 3, faces of its secured part / 3, unknown face-down cards there / 3,
followers / 5.
(c) its faces / 5, the pending misplaced face one-hot, wilds to assign / 8, the
herds a wild may join.

Scores have no small bound, so they are squashed into [0, 1) rather than divided. Every other entry is a
count of cards divided as above; the largest is a face's copies in thirds, and no face has more than 9
copies, so no entry exceeds 9 / 3 = 3 (`HIGH`). The one exception: with
`reveal_unclaimed_face_down` off, a row's face-down cards pile up over the rounds, those the observer did not
play at most `players - 1` a round (one a round with `face_down_rule = round_first`), so the bound is then
that many rounds' worth in thirds where that is larger (`high`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kameleon.engine.hooks import Observation
from kameleon.games.cardcassonne.cards import DEAL_TABLE, DOWN, FACE, NUM_FACES
from kameleon.games.cardcassonne.claims import secured
from kameleon.games.cardcassonne.phases import PLAY

if TYPE_CHECKING:
    from kameleon.games.cardcassonne.game import CardcassonneGame
    from kameleon.games.cardcassonne.state import CardcassonneState

LOW = 0.0
HIGH = 3.0
"""The bound of every entry (see the module docstring; `high` widens it where face-down cards pile up)."""
_ROW = 2 * NUM_FACES + 3


def size(game: CardcassonneGame) -> int:
    return NUM_FACES + 1 + 15 * game.num_players + 4 * _ROW + 4 + 2 + NUM_FACES + 2 * NUM_FACES + 1 + 4


def encode(state: CardcassonneState, player: int) -> list[float]:
    """The observation of seat `player` (a function of `state.view(player)` only)."""
    n = state.num_players
    out: list[float] = [0.0] * NUM_FACES
    for card in state.hands[player]:
        out[FACE[card]] += 1 / 3
    out.append(float(state.phase == PLAY and state.must_play_face_down(player)))
    for i in range(n):
        q = (player + i) % n
        real, wild = state.herd_real[q], state.herd_wild[q]
        score = state.score[q]
        out += [len(state.hands[q]) / 6, state.played[q] / 6, float(state.follower[q]), score / (score + 200)]
        out += [r / 9 for r in real]
        out += [w / 4 for w in wild]
        out += [state.loose[q] / 4, len(state.chests[q]) / 20]
    out += [float((player + i) % n == state.current_player) for i in range(n)]  # whose turn is not always inferable
    for row in state.rows:
        part = [0.0] * _ROW
        open_from = secured(row)[-1][1]
        for i, e in enumerate(row):
            if e < 0:
                part[_ROW - 1] += 1 / 5
                continue
            base = NUM_FACES + 1 if i < open_from else 0
            if e & DOWN and (e >> 9) - 1 != player:
                part[base + NUM_FACES] += 1 / 3
            else:
                part[base + FACE[e & 255]] += 1 / 3
        out += part
    phase = [0.0] * 4
    phase[state.phase] = 1.0
    out += phase
    out += [state.round_no / DEAL_TABLE[n][1], state.deck_size / 120]
    joker = [0.0] * NUM_FACES
    if state.pending_joker >= 0:
        joker[FACE[state.pending_joker]] = 1.0
    out += joker
    claim_faces, pending, kinds = [0.0] * NUM_FACES, [0.0] * NUM_FACES, [0.0] * 4
    wilds = 0.0
    claim = state.claim
    if claim is not None:
        for card in claim.cards:
            claim_faces[FACE[card]] += 1 / 5
        if claim.pending:
            pending[FACE[claim.pending[0]]] = 1.0
        elif claim.kinds is not None:
            wilds = (claim.to_assign - len(claim.choices)) / 8
            for k in claim.kinds:
                kinds[k] = 1.0
    out += claim_faces
    out += pending
    out.append(wilds)
    out += kinds
    return out


def max_game_length(game: CardcassonneGame) -> int:
    """An upper bound on the number of actions in a game (OpenSpiel needs one).

    At most 10 setup jokers (there are 10 jokers), every turn of every round, one
    keep/ten per card (a misplaced card leaves its row when secured) and one
    assignment per wild animal card.
    """
    per, rounds = DEAL_TABLE[game.num_players]
    return 10 + rounds * game.num_players * (per + 1) + 130 + 4


def encoding(game: CardcassonneGame) -> Observation:
    """This module as the game's `Game.observation()`."""
    return Observation(
        size=size(game),
        encode=encode,
        max_game_length=max_game_length(game),
        low=LOW,
        high=high(game),
    )


def high(game: CardcassonneGame) -> float:
    """The bound of every entry of `game`'s observation."""
    if game.options["reveal_unclaimed_face_down"]:
        return HIGH
    rounds = DEAL_TABLE[game.num_players][1]
    per_round = 1 if game.options["face_down_rule"] == "round_first" else game.num_players - 1
    return max(HIGH, per_round * rounds / 3)
