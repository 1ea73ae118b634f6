"""The `kameleon` command line: play, replay, bench (and more as the issues land)."""
