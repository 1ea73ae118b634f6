"""Every game as an OpenSpiel Python game: `pyspiel.load_game("python_kameleon_coloretto", {"players": 4})`.

Importing this package registers `python_kameleon_<name>` for every game that has an
observation encoder. Game parameters: `players`, `deals` (the size of the deal space, default
65,536), `deal_outcomes` (outcomes per deal chance node, default 256) and `options` (the game's
other options as space-separated `key:value` pairs, e.g. `"scoring:purple preset:bga"`).

Chance: a game starts with the deal, a uniform choice among `deals` seeds made digit by digit
(deal.py: two chance nodes of 256 outcomes by default; `state.apply_deal(n)` plays deal `n`);
the seed then drives the spec's reproducible setup, so every later step is a player's decision.
Le Caméléon has one deal only, so no chance node. Actions are the indices of the adapters'
action space: the game's own, or the observation module's window of them (Chromino; OpenSpiel's
own tests build a dense legal-action mask per state, which the 33-million-index full space makes
take a second). A state where the player to move has a legal action outside the window is
terminal, as truncated: returns 0 for everyone, the reason in `truncated` and in the state's
string. Returns are otherwise `State.returns()` (zero-sum: a sole winner +1, shared wins split)
or the module's `returns`; the game type says ZERO_SUM for 2 or more players and GENERAL_SUM
for 1 (solo results are not a sum of anything), utilities in [-1, 1].

What is seen (observers.py, infostate.py): the game's encoder (what the seat sees) as
observation tensor, the seat's `view` as JSON as observation string; information-state strings
have perfect recall and are built move by move; a public observer gives what a spectator sees.
`str(state)` is the full state: the deal and every move in full notation.
`state.resample_from_infostate(seat, sampler)` gives a state the seat cannot tell from this one
(`State.determinize`), for OpenSpiel's Python `ISMCTSBot`; `resampler(seed)` makes the bot's
resampling reproducible.
"""

from __future__ import annotations

from kameleon.interop.openspiel.game import KameleonSpielGame, guard_load_game, register, registered
from kameleon.interop.openspiel.params import DEFAULT_DEAL_OUTCOMES, DEFAULT_DEALS, PREFIX, parse_options, short_name
from kameleon.interop.openspiel.state import KameleonSpielState, resampler

__all__ = [
    "DEFAULT_DEALS",
    "DEFAULT_DEAL_OUTCOMES",
    "PREFIX",
    "REGISTERED",
    "KameleonSpielGame",
    "KameleonSpielState",
    "parse_options",
    "register",
    "registered",
    "resampler",
    "short_name",
]

REGISTERED = registered()
guard_load_game()
