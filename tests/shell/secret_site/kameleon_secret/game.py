"""Secret: Rainbow (tests/plugin/site) with every card played face down until the game is over.

Only the seat that plays a card knows it: the others (and spectators) see "a card" in the line and in the
move log, as `view`, `token_seen_by` and `event_seen_by` say. Its one purpose is to let the tests check that
the arena sends each seat only what it may know.
"""

from __future__ import annotations

from typing import Any

# Rainbow is installed beside it (tests/plugin/site), not where mypy looks.
from kameleon_rainbow.game import RainbowGame, RainbowState, card_name  # type: ignore[import-not-found]

from kameleon.engine.game import check_seat


class SecretState(RainbowState):
    __slots__ = ()

    game: SecretGame

    def view(self, player: int | None) -> dict[str, Any]:
        check_seat(player, self.num_players, spectator=True)
        shown = super().view(player)
        players = self.game.num_players
        # The line's cards were played in turn from seat 0: each is known to the seat that played it.
        shown["line"] = [
            card_name(card) if self.is_terminal or index % players == player else "?"
            for index, card in enumerate(self.line)
        ]
        shown["scores"] = None if not self.is_terminal else shown["scores"]
        return shown

    def token_seen_by(self, action: int, seat: int | None) -> str:
        return self.action_to_str(action) if seat == self.current_player else "?"

    def event_seen_by(self, action: int, after: SecretState, seat: int | None) -> dict[str, Any]:
        return {"kind": "play", "card": card_name(action) if seat == self.current_player else None}

    def score_breakdown(self) -> list[dict[str, Any]]:
        return [{"matches": points, "total": points} for points in self.scores()]

    def end_reason(self) -> str | None:
        return "hands_empty" if self.is_terminal else None

    def clone(self) -> SecretState:
        copy = super().clone()
        copy.__class__ = SecretState
        return copy


class SecretGame(RainbowGame):
    name = "secret"
    title = "Secret"
    state_class = SecretState
