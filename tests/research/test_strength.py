"""The strength report's parts: its configurations, its checks, its games folder and its tables.

The command that runs them (`kameleon research strength`) is tested in tests/cli/test_research.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kameleon.engine.errors import KameleonError
from kameleon.engine.registry import load
from kameleon.research.strength import (
    LEVELS,
    Settings,
    configurations,
    figures_path,
    forget,
    has_luck,
    plan,
    play,
    prepare,
    read_figures,
    render,
    write,
)


def test_configurations_cover_two_and_four_players() -> None:
    found = configurations()
    assert ("coloretto", 2) in found and ("coloretto", 4) in found
    assert all(players in (2, 4) for _, players in found)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (Settings(only=("chess",)), "unknown game 'chess'; the games are: cameleon, cardcassonne, chromino, coloretto"),
        (Settings(games=0), "--games must be at least 1, not 0"),
        (Settings(workers=0), "--workers must be at least 1, not 0"),
        (Settings(move_time=-1), "--move-time must be a positive number of seconds, not -1"),
        (Settings(seed=-1), "--seed must be from 0 to"),
        (Settings(table_games=0), "--table-games must be at least 1"),
    ],
)
def test_bad_settings_are_refused(tmp_path: Path, settings: Settings, message: str) -> None:
    with pytest.raises(KameleonError, match=message):
        settings.check(tmp_path / "strength.md")


def test_an_unwritable_report_is_refused(tmp_path: Path) -> None:
    with pytest.raises(KameleonError, match=f"cannot write {tmp_path}: it is a directory"):
        Settings().check(tmp_path)
    (tmp_path / "afile").write_text("")
    with pytest.raises(KameleonError, match=f"cannot write {tmp_path}/afile/x.md: {tmp_path}/afile is a file, not a"):
        Settings().check(tmp_path / "afile" / "x.md")


REPORT = Path("/nowhere/strength.md")


def test_the_games_folder_holds_nothing_else_and_never_the_report(tmp_path: Path) -> None:
    # It is deleted once the report is written: a folder with other files, or the report's own, is refused.
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(KameleonError, match=r"games holds files that are not a strength report's games \(notes.txt\)"):
        prepare(folder, Settings(games=2), resume=False, out=REPORT)
    for out in (tmp_path / "strength.md", folder / "strength.md", folder / "sub" / "strength.md"):
        if out.parent == tmp_path:
            with pytest.raises(KameleonError, match=f"--games-dir {tmp_path} would hold the report {out}"):
                prepare(tmp_path, Settings(games=2), resume=False, out=out)
        else:
            with pytest.raises(KameleonError, match="would hold the report"):
                prepare(folder, Settings(games=2), resume=False, out=out)
    (folder / "notes.txt").unlink()
    (folder / "other.jsonl").write_text('{"index": 0}\n')  # games, but not known to be a report's
    with pytest.raises(KameleonError, match=r"holds games but no settings\.json"):
        prepare(folder, Settings(games=2), resume=True, out=REPORT)
    assert sorted(p.name for p in folder.iterdir()) == ["other.jsonl"]  # refusals change nothing


def test_forgetting_the_games_deletes_only_what_the_report_kept(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    prepare(folder, Settings(games=2), resume=False, out=REPORT)
    (folder / "coloretto-2p-all.jsonl").write_text('{"index": 0}\n')
    forget(folder)
    assert not folder.exists()
    prepare(folder, Settings(games=2), resume=False, out=REPORT)
    (folder / "later.txt").write_text("written while the report ran")
    forget(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["later.txt"]


def test_the_games_folder_belongs_to_one_report(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    settings = Settings(games=2, move_time=0.5, seed=3)
    prepare(folder, settings, resume=False, out=REPORT)
    assert json.loads((folder / "settings.json").read_text()) == {"games": 2, "move_time": 0.5, "seed": 3}
    prepare(folder, settings, resume=False, out=REPORT)  # no game kept yet: a new report may start
    (folder / "coloretto-2p-all.jsonl").write_text('{"index": 0}\n')
    with pytest.raises(KameleonError, match="holds the games of an unfinished report: add --resume to finish it"):
        prepare(folder, settings, resume=False, out=REPORT)
    workers = Settings(games=2, move_time=0.5, seed=3, workers=7)
    prepare(folder, workers, resume=True, out=REPORT)  # workers change nothing
    with pytest.raises(KameleonError, match=r"another report \(--games 2, --move-time 0.5, --seed 3\)"):
        prepare(folder, Settings(games=2, move_time=0.5, seed=4), resume=True, out=REPORT)


def test_a_section_names_the_command_that_draws_this_report_again() -> None:
    settings = Settings(games=2, move_time=0.5, seed=3, workers=1)
    assert settings.command("coloretto") == (
        "kameleon research strength --game coloretto --games 2 --move-time 0.5 --workers 1 --seed 3"
    )
    assert settings.command("coloretto", Path("docs/strength.md")) == settings.command("coloretto")
    assert settings.command("coloretto", Path("docs/strength.md").absolute()) == settings.command("coloretto")
    assert settings.command("coloretto", Path("my report/s.md")).endswith(" --seed 3 --out 'my report/s.md'")


def test_a_game_named_twice_is_one_report_s_game(tmp_path: Path) -> None:
    once, twice = Settings(only=("coloretto",)), Settings(only=("coloretto", "coloretto"))
    assert once.games_key() == twice.games_key()
    prepare(tmp_path / "games", twice, resume=False, out=REPORT)
    (tmp_path / "games" / "coloretto-2p-all.jsonl").write_text('{"index": 0}\n')
    prepare(tmp_path / "games", once, resume=True, out=REPORT)  # the same report's games: resumed


def test_the_report_has_a_table_per_configuration(tmp_path: Path) -> None:
    settings = Settings(games=2, move_time=0.005, workers=1, only=("coloretto",), table_games=1)
    plans = settings.plans()
    assert list(plans) == [("coloretto", 2), ("coloretto", 4)]
    assert {t.games for t in plans[("coloretto", 4)].values()} == {1}, "--table-games sets the four-player tables"
    seen: list[int] = []
    (tmp_path / "games").mkdir()
    measured = play(plans, settings, tmp_path / "games", on_result=lambda result: seen.append(result["index"]))
    assert len(seen) == sum(len(t.tasks()) for tournaments in plans.values() for t in tournaments.values())
    out = tmp_path / "strength.md"
    write(out, measured, settings)
    text = out.read_text()
    assert text.startswith("# Bot strength\n\nDrawn from `strength.json` beside it")
    assert (
        "Measured by `kameleon research strength --game coloretto --games 2 --table-games 1 --move-time 0.005 "
        f"--workers 1 --seed 2026 --out {out}`" in text  # the report's own file, where it is not the default
    )
    assert "## coloretto, 2 players" in text and "## coloretto, 4 players" in text
    assert "2 games per pairing" in text and "1 games per table" in text
    for level in LEVELS:
        assert f"| {level} |" in text  # a row per level in the 2-player table
    assert "`hard` against three `medium`" in text and "`expert` against three `hard`" in text
    assert "Fair oracle against `random`: " in text  # the oracle's rate beside the 2-player table
    assert "iterations/s" in text
    assert "## Not measured yet" in text and "chromino, 2 players" in text
    stored = read_figures(figures_path(out))
    assert [(e["game"], e["players"]) for e in stored] == [("coloretto", 2), ("coloretto", 4)]
    assert sum(stored[0]["pairs"]["expert"]["hard"]) > 0 and stored[0]["measured"]["settings"]["games"] == 2


def test_a_run_for_one_game_keeps_the_other_games_sections(tmp_path: Path) -> None:
    out = tmp_path / "strength.md"
    one: dict[str, Any] = {
        "game": "chromino", "players": 2, "expert": True, "pairs": {}, "table": {}, "hard_vs_medium": None,
        "expert_vs_hard": None, "ceiling": [3, 4], "speed": [1000.0, 0.1, 0.2], "core_minutes": 1.0,
    }  # fmt: skip
    for a in LEVELS:
        one["pairs"][a] = {b: [1, 2] for b in LEVELS if b != a}
    write(out, [one], Settings(games=2, only=("chromino",)))
    other = {**one, "game": "cameleon", "expert": False}
    other["pairs"] = {a: {b: [2, 2] for b in LEVELS[1:] if b != a} for a in LEVELS[1:]}
    write(out, [other], Settings(games=5, only=("cameleon",)))
    text = out.read_text()
    assert "## cameleon, 2 players" in text and "## chromino, 2 players" in text
    assert "--game chromino --games 2 " in text and "--game cameleon --games 5 " in text
    assert "`expert` was the same bot as `hard` here (no network shipped for 2 players when this was measured)" in text
    cameleon = text.split("## cameleon, 2 players")[1].split("## ")[0]
    assert "| expert |" not in cameleon and "vs expert" not in cameleon
    write(out, [{**one, "ceiling": [4, 4]}], Settings(games=3, only=("chromino",)))  # measured again: replaced
    stored = read_figures(figures_path(out))
    assert [(e["game"], e["measured"]["settings"]["games"]) for e in stored] == [("cameleon", 5), ("chromino", 3)]
    assert "Fair oracle against `random`: 100%" in out.read_text()


@pytest.mark.parametrize(
    "content",
    [
        "{",
        "[]",
        '{"version": 99, "configurations": []}',
        '{"version": 1, "configurations": [{"game": "coloretto", "players": 2, "measured": {}}]}',
    ],
)
def test_damaged_figures_are_refused_before_any_game(tmp_path: Path, content: str) -> None:
    out = tmp_path / "strength.md"
    figures_path(out).write_text(content)
    with pytest.raises(KameleonError, match=r"strength\.json"):
        Settings().check(out)


def test_expert_plays_no_games_where_it_is_hard() -> None:
    with_network = plan("chromino", 2, 2, 0.1, 1)
    without = plan("cardcassonne", 2, 2, 0.1, 1)
    assert "chromino-2p-expert-hard" in with_network
    assert not any("expert" in name for name in without) and "cardcassonne-2p-hard-medium" in without
    # a pairing keeps its seed whether or not expert's pairings are played
    assert without["cardcassonne-2p-hard-medium"].seed == with_network["chromino-2p-hard-medium"].seed
    assert "cameleon-2p-expert-hard" in plan("cameleon", 2, 2, 0.1, 1)  # no network: its own alpha-beta search
    assert "cardcassonne-4p-expert-hard" not in plan("cardcassonne", 4, 2, 0.1, 1)
    assert "coloretto, 4 players" in render([]).split("## Not measured yet")[1]


def test_the_oracle_measures_a_ceiling_only_where_luck_has_a_part(tmp_path: Path) -> None:
    assert has_luck(load("chromino", players=2)) and has_luck(load("coloretto", players=2))
    assert not has_luck(load("cameleon", players=2))  # a fixed start and nothing hidden
    assert "chromino-2p-oracle-random" in plan("chromino", 2, 2, 0.1, 1)
    assert not any("oracle" in name for name in plan("cameleon", 2, 2, 0.1, 1))
    entry: dict[str, Any] = {
        "game": "cameleon", "players": 2, "expert": True, "table": {}, "hard_vs_medium": None,
        "expert_vs_hard": None, "ceiling": None, "speed": [1000.0, 0.1, 0.2], "core_minutes": 1.0,
        "pairs": {a: {b: [1, 2] for b in LEVELS if b != a} for a in LEVELS},
    }  # fmt: skip
    out = tmp_path / "strength.md"
    write(out, [entry], Settings(games=2, only=("cameleon",)))
    text = out.read_text()
    assert "No fair oracle: nothing in this game is left to luck" in text and "Fair oracle against" not in text


def test_a_report_is_not_written_over_its_own_figures(tmp_path: Path) -> None:
    with pytest.raises(KameleonError, match=r"its figures go to a \.json file beside it; use \.md"):
        Settings().check(tmp_path / "strength.json")


def test_the_games_folder_of_one_game_is_not_resumed_by_a_run_for_another(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    prepare(folder, Settings(games=2, only=("chromino",)), resume=False, out=REPORT)
    (folder / "chromino-2p-expert-hard.jsonl").write_text('{"index": 0}\n')
    with pytest.raises(
        KameleonError, match=r"another report \(--games 2, --move-time 0.1, --seed 2026, --game chromino\)"
    ):
        prepare(folder, Settings(games=2, only=("coloretto",)), resume=True, out=REPORT)
    prepare(folder, Settings(games=2, only=("chromino",)), resume=True, out=REPORT)


def test_the_shipped_report_is_drawn_from_its_figures() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs"
    stored = read_figures(docs / "strength.json")
    assert stored, "docs/strength.json holds the measured configurations"
    assert (docs / "strength.md").read_text(encoding="utf-8") == render(stored) + "\n", (
        "docs/strength.md differs from its figures: draw it again with strength.render(strength.read_figures(...))"
    )


def test_a_two_player_draw_is_shown_apart_not_as_a_win_for_both() -> None:
    pairs = {a: {b: [0, 10] for b in LEVELS if b != a} for a in LEVELS}
    pairs["expert"]["hard"], pairs["hard"]["expert"] = [9, 10], [3, 10]  # 7 won, 2 drawn, 1 lost
    entry: dict[str, Any] = {
        "game": "cameleon", "players": 2, "expert": True, "table": {}, "hard_vs_medium": None,
        "expert_vs_hard": None, "ceiling": None, "speed": [1000.0, 0.1, 0.2], "core_minutes": 1.0,
        "pairs": pairs,
        "measured": {"command": "c", "date": "d", "machine": "m", "budget": "0.1 s", "settings": {"games": 10}},
    }  # fmt: skip
    text = render([entry])
    expert_row = next(line for line in text.splitlines() if line.startswith("| expert |"))
    hard_row = next(line for line in text.splitlines() if line.startswith("| hard |"))
    assert "| 70% (40%–89%), 20% drawn |" in expert_row  # not 90%: the two draws are nobody's win
    assert "| 10% (2%–40%), 20% drawn |" in hard_row
    assert "drawn" not in text.split("| medium |")[1].splitlines()[0]  # no draws, nothing added
