"""Research programs: measurements and fits that feed the docs and the bots, run as `kameleon research ...`.

| module | command | what it does |
| --- | --- | --- |
| `strength` | `kameleon research strength` | every level against the others, for every game: writes docs/strength.md |
| `oracle` | `kameleon research oracle` | cheating searches that bound what any fair bot can reach |
| `value_fit` | `kameleon research fit-value GAME` | fits a game's learned position value (`Game.value_model()`) |
| `reinforce` | `kameleon research reinforce` | docs/research.md's example: REINFORCE against `medium` |

These sit above the bots (`kameleon.ai`) and below the command line: they may
use any bot and any game, and nothing but the CLI imports them. Optional extras
(NumPy for the fits) are imported only by the functions that need them.
"""
