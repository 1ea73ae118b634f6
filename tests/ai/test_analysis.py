"""Move-by-move analysis (`kameleon.ai.analysis`, `kameleon analyse`): its JSON, its fairness (a seat's
decisions are judged from its information only), the bad moves it flags in each game, hints, the CLI.

Real engines throughout, with small search budgets so that the tests stay fast.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import kameleon
from kameleon.ai import analyse, hint
from kameleon.ai.analysis import (
    DEFAULT_ITERATIONS,
    LABEL_NAMES,
    Analysis,
    Decision,
    analyst,
    decision_seed,
    decision_tokens,
    judge,
    label_of,
    minimax_analyst,
    move_accuracy,
)
from kameleon.ai.expert import ExpertAgent
from kameleon.ai.fair import fair_state
from kameleon.ai.levels import STRONGEST, make_agent, make_analyst
from kameleon.cli.main import app
from kameleon.engine.errors import KameleonError, RecordError
from tests.ai.games import configs, load
from tests.ai.positions import ending, solve
from tests.cardcassonne.helpers import position
from tests.chromino.helpers import rig

HIDDEN = [(name, players) for name, players in configs() if not load(name, players).perfect_information]


def _record(name: str, players: int, seed: int, moves: int | None = None, bot: str = "medium") -> dict[str, Any]:
    """A record of a game between bots (its first `moves` moves when given)."""
    state = load(name, players).new_state(seed)
    agents = [make_agent(bot, seed + seat) for seat in range(players)]
    while not state.is_terminal and (moves is None or len(state.history) < moves):
        seat = state.current_player
        state.apply(agents[seat].act(fair_state(state, seat)))
    return state.record()


def _decision(name: str, players: int, seed: int, moves: int) -> Any:
    """A position after `moves` random moves, moved on to a decision (two choices or more)."""
    state = load(name, players).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal and (len(state.history) < moves or len(state.legal_tokens()) < 2):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert not state.is_terminal
    return state


# --- the JSON -----------------------------------------------------------------------------------


def test_the_analyst_is_named_by_what_its_verdicts_depend_on(tmp_path: Path) -> None:
    """The fingerprint changes with the level, its budget, the table size, the calibration and the content of the
    network the game ships, and with nothing else (the same settings give the same one)."""
    from kameleon.games.cameleon.game import CameleonGame
    from kameleon.games.coloretto.game import ColorettoGame

    coloretto = load("coloretto", 2)
    first = analyst(coloretto)
    assert len(first) == 16 and int(first, 16) >= 0
    assert first == analyst(load("coloretto", 2)) == analyst(coloretto, iterations=DEFAULT_ITERATIONS)
    others = {
        analyst(coloretto, iterations=500),
        analyst(coloretto, move_time=1.0),
        analyst(coloretto, level="hard"),
        analyst(load("coloretto", 4)),
        analyst(load("cameleon", 2)),
    }
    assert first not in others and len(others) == 5

    class Recalibrated(CameleonGame):
        value_calibration = 3.0

    assert analyst(Recalibrated()) != analyst(load("cameleon", 2))

    shipped = ColorettoGame.network_dir()
    assert shipped is not None
    (tmp_path / "value-2p.npz").write_bytes((shipped / "value-2p.npz").read_bytes())

    class Retrained(ColorettoGame):
        @classmethod
        def network_dir(cls) -> Path:
            return tmp_path

    assert analyst(Retrained(players=2)) == first  # the same network, by content
    with (tmp_path / "value-2p.npz").open("ab") as file:
        file.write(b"\0")
    assert analyst(Retrained(players=2)) != first
    with pytest.raises(KameleonError, match="budget"):
        analyst(coloretto, level="expert@10", iterations=20)


def test_json_has_every_decision_and_only_decisions() -> None:
    record = _record("coloretto", 2, seed=4, moves=24)
    result = analyse(record, iterations=40).to_json()
    assert json.loads(json.dumps(result)) == result
    assert set(result) == {"decisions", "players", "unit", "level", "judge", "budget", "seed", "analyst", "finished"}
    assert result["judge"] == "network" and result["seed"] == 0  # two-player Coloretto ships a network
    assert result["analyst"] == analyst(load("coloretto", 2), iterations=40)
    assert result["unit"] == "win_chance"
    assert result["level"] == f"{STRONGEST}@40"
    assert result["budget"]["iterations"] == 40
    # every move with two choices or more is a decision, and no other
    cursor = load("coloretto", 2).new_state(record["seed"])
    choices = []
    for ply, token in enumerate(record["moves"]):
        if len(cursor.legal_tokens()) > 1:
            choices.append((ply, cursor.current_player, token))
        cursor.apply_str(token)
    assert [(d["ply"], d["seat"], d["played"]) for d in result["decisions"]] == choices
    for d in result["decisions"]:
        assert set(d) == {"ply", "seat", "played", "best", "loss", "label", "value", "best_value"}
        assert 0.0 <= d["value"] <= 1.0 and 0.0 <= d["best_value"] <= 1.0
        assert d["loss"] == pytest.approx(max(0.0, d["best_value"] - d["value"]), abs=2e-4)
        assert d["label"] in LABEL_NAMES
        assert (d["label"] == "best") >= (d["best"] == d["played"])
        assert d["best"] == d["played"] or d["best_value"] > d["value"]  # a better move is valued higher
    assert [p["seat"] for p in result["players"]] == [0, 1]
    for player in result["players"]:
        assert 0.0 <= player["accuracy"] <= 100.0
        assert player["decisions"] == sum(d["seat"] == player["seat"] for d in result["decisions"])
        assert 0 <= player["counted"] <= player["decisions"]  # those that still mattered (`is_open`)


@pytest.mark.parametrize(("game", "players", "judge"), [("coloretto", 3, "rollouts"), ("cameleon", 2, "alphabeta")])
def test_the_json_says_how_the_level_judged(game: str, players: int, judge: str) -> None:
    """`expert` judges three-player Coloretto as `hard` does (no network is shipped for three) and Le Caméléon by
    alpha-beta: the JSON says so, and the seed it was given."""
    record = _record(game, players, seed=3, moves=30)
    result = analyse(record, iterations=30, seed=7).to_json()
    assert (result["judge"], result["seed"], result["level"]) == (judge, 7, "expert@30")


def test_the_same_settings_give_the_same_analysis_and_report_progress() -> None:
    record = _record("coloretto", 3, seed=2, moves=15)
    seen: list[tuple[int, int]] = []
    first = analyse(record, iterations=30, seed=5, on_decision=lambda done, total: seen.append((done, total)))
    assert first.to_json() == analyse(record, iterations=30, seed=5).to_json()
    total = len(first.decisions)
    assert seen == [(done, total) for done in range(1, total + 1)]


def test_labels_and_accuracy_follow_the_documented_bounds() -> None:
    assert [label_of(loss) for loss in (0.0, 0.009, 0.01, 0.049, 0.05, 0.099, 0.1, 0.199, 0.2, 1.0)] == [
        "best", "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]  # fmt: skip
    assert label_of(0.5, is_best=True) == "best"
    assert move_accuracy(0.0) == 100.0 and move_accuracy(1.0) == 0.0
    assert 100.0 > move_accuracy(0.05) > move_accuracy(0.1) > move_accuracy(0.2) > 0.0


def test_a_won_game_thrown_away_counts_against_accuracy_and_a_decided_one_does_not() -> None:
    thrown = Decision(0, 0, "a", "b", value=0.0, best_value=1.0)  # the best move wins, the played one loses
    still_won = Decision(2, 0, "c", "d", value=0.99, best_value=1.0)  # won whatever the seat does
    still_lost = Decision(1, 1, "e", "f", value=0.0, best_value=0.01)  # lost whatever the seat does
    analysis = Analysis(2, [thrown, still_won, still_lost], "expert")
    assert thrown.label == "blunder" and analysis.accuracy(0) < 10.0
    assert analysis.accuracy(1) == 100.0  # no decision of seat 1 mattered
    assert Analysis(2, [still_won], "expert").accuracy(0) == 100.0


def test_bad_settings_and_bad_records_are_refused() -> None:
    record = _record("coloretto", 2, seed=1, moves=6)
    with pytest.raises(KameleonError, match="does not search"):
        analyse(record, level="medium")
    refused: list[Any] = [-1, 2**53, "3", True]  # as the command line's --seed refuses them
    for seed in refused:
        with pytest.raises(KameleonError, match="the analysis seed must be a whole number from 0 to"):
            analyse(record, seed=seed)
    with pytest.raises(KameleonError, match="not both"):
        analyse(record, iterations=10, move_time=1.0)
    with pytest.raises(KameleonError, match="iterations"):
        analyse(record, iterations=0)
    with pytest.raises(KameleonError, match="unknown bot"):
        analyse(record, level="grandmaster")
    with pytest.raises(
        KameleonError, match=r"^give one budget: the level hard@5 names its own, so give no iterations=7"
    ):
        analyse(record, level="hard@5", iterations=7)
    with pytest.raises(RecordError, match="move 3"):
        analyse({**record, "moves": [*record["moves"][:2], "take 9"]}, iterations=10)
    with pytest.raises(RecordError, match="no 'moves' field"):
        analyse({key: value for key, value in record.items() if key != "moves"}, iterations=10)
    solo = _record("chromino", 1, seed=3, bot="random")  # ended, even lost: still no one to win against
    with pytest.raises(RecordError, match="this is a game of one seat: analysis measures chances of winning"):
        analyse(solo, iterations=10)


def test_an_unfinished_game_is_said_to_be_one() -> None:
    """Its accuracies are over the moves so far, not a whole game's: the JSON and the table say so."""
    record = _record("coloretto", 2, seed=1, moves=6)
    assert analyse(record, iterations=10).to_json()["finished"] is False
    whole = _record("coloretto", 2, seed=1, moves=12, bot="random")
    assert analyse(whole, iterations=10).finished is False


# --- fairness -----------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize(("name", "players"), HIDDEN)
def test_a_decision_is_judged_from_the_seats_information_only(name: str, players: int, level: str) -> None:
    """The real state and states that differ from it only in what the seat never saw (its
    determinizations) get the same verdict, whatever the move judged."""
    for seed, moves in ((1, 3), (2, 14), (3, 28)):
        state = _decision(name, players, seed, moves)
        seat = state.current_player
        tokens = state.legal_tokens()
        for token in (tokens[0], tokens[-1]):
            verdict = judge(state, token, make_analyst(f"{level}@40", seed=seed), ply=moves)
            for k in (7, 8):
                other = state.determinize(seat, random.Random(k))
                assert other != state or k == 8  # the hidden cards differ
                assert judge(other, token, make_analyst(f"{level}@40", seed=seed), ply=moves) == verdict
        assert hint(state, seat, level=f"{level}@30", seed=seed) == hint(
            state.determinize(seat, random.Random(9)), seat, level=f"{level}@30", seed=seed
        )


@pytest.mark.parametrize(("name", "players"), [("cardcassonne", 2), ("chromino", 2), ("coloretto", 4)])
def test_a_records_hidden_cards_do_not_change_its_analysis(name: str, players: int) -> None:
    """Each decision of a record gets the verdict it gets in a game whose unseen cards are dealt anew
    (the seat's determinization at that point): nothing the seat never saw reaches the analysis."""
    record = _record(name, players, seed=6, moves=12)
    result = analyse(record, iterations=30, seed=3)
    assert result.decisions
    cursor = load(name, players).new_state(record["seed"])
    by_ply = {d.ply: d for d in result.decisions}
    for ply, token in enumerate(record["moves"]):
        if ply in by_ply:
            seat = cursor.current_player
            other = cursor.determinize(seat, random.Random(ply))
            agent = make_analyst(f"{STRONGEST}@30", seed=decision_seed(3, ply))
            assert judge(other, token, agent, ply=ply) == by_ply[ply]
        cursor.apply_str(token)


# --- bad moves are flagged in every game --------------------------------------------------------


def _coloretto() -> tuple[Any, str, str]:
    # The last round, nothing left to draw; seat 1 already took a row. Row 2 gives seat 0 a sixth blue
    # (worth nothing more), row 3 fills its third colour and overtakes seat 1.
    state = ending([[0] * 6 + [1] * 4 + [2] * 2, [3] * 6 + [4] * 4 + [1] * 3], [[], [0, 0], [2, 2, 2]], taken=[1])
    return state, "take 2", "take 3"


def _cardcassonne() -> tuple[Any, str, str]:
    # The last round, the deck empty: seat 0 (20 points) must put its follower on the yellow row (27
    # points) before seat 1 (30 points) takes it; putting it on the red row hands seat 1 the game.
    state = position(2, {"Y": ["YP3", "YP3", "YP3"], "R": ["RP1"]}, hands=[["GP1"], ["GP2"]], scores={0: 20, 1: 30})
    state.round_no = state.game.rounds
    state._pos = len(state._deck)
    return state, "F@R", "F@Y"


def _chromino() -> tuple[Any, str, str]:
    # Seat 0 holds a chameleon and GBP: laying GBP now strands the chameleon (never the last tile), laying
    # the chameleon now lets GBP go out next turn.
    state = rig(["Y*B H 0,-1", "BPP V 1,1"], hands=[["G*B", "GBP"], ["BGB", "BGP", "BPB"]], bag=["BRB", "BRP", "GGB"])
    return state, "GBP H -1,0", "B*G H -1,0"


def _cameleon() -> tuple[Any, str, str]:
    # Round to move takes Square's last piece with c4-d5 and wins; d7-e6 lets the game go on.
    return kameleon.load("cameleon").from_cpn("8/8/3R4/3y4/8/2Y5/8/8/8 R 0 1"), "d7-e6", "c4-d5xd6=O@b1"


def test_a_move_that_loses_two_pieces_in_le_cameleon_is_marked() -> None:
    # Red to move: g4-h5 leaves two of its pieces to be captured at once; b5-a4 loses nothing. Read through the
    # game's calibration (two pieces early on are about 16 points of win chance between strong players), this is
    # a mistake.
    cpn = "8/1b1o1b1b/r5y1/1y1b1r1r/1B2y1y1/4Y1Y1/1Y1R1R1R/R1B1B1B1/5O2 R 22 21"
    state = kameleon.load("cameleon").from_cpn(cpn)
    bad = judge(state, "g4-h5", make_analyst(f"{STRONGEST}@300", seed=0))
    good = judge(state, "b5-a4", make_analyst(f"{STRONGEST}@300", seed=0))
    assert bad is not None and good is not None
    assert bad.label in ("mistake", "blunder") and bad.loss >= 0.10 and good.loss < 0.02


@pytest.mark.parametrize("make", [_coloretto, _cardcassonne, _chromino, _cameleon], ids=lambda f: f.__name__[1:])
def test_a_bad_move_is_flagged_in_every_game(make: Any) -> None:
    state, bad, good = make()
    tokens = state.legal_tokens()
    assert bad in tokens and good in tokens
    if state.game.name != "cameleon":  # the others are checked by exhaustive search of the real state
        wins = {state.action_to_str(action): won for action, won in solve(state).items()}
        assert wins[good] and not wins[bad]
    for seed in range(2):
        verdict = judge(state, bad, make_analyst(f"{STRONGEST}@300", seed=seed))
        assert verdict is not None
        assert verdict.label in ("mistake", "blunder"), verdict
        assert verdict.best != bad and verdict.best in tokens
        assert verdict.loss >= 0.1
        better = judge(state, good, make_analyst(f"{STRONGEST}@300", seed=seed))
        assert better is not None and better.loss < verdict.loss


def test_a_cameleon_ply_of_several_actions_is_one_decision() -> None:
    # Black to move captures c6 and places the chameleon it earns on a reserve square: a displacement and a
    # choice, written as one token.
    state = kameleon.load("cameleon").from_cpn("8/1o3o2/o1v5/1gVv1v1b/2b1y3/3k4/2b1o3/8/8 S 1 159")
    sample, tokens = decision_tokens(state, 1)
    played = "c3-b2xc6=K@a9"
    assert played in tokens
    before = len(sample.history)
    sample.apply_str(played)
    assert len(sample.history) - before > 1
    verdict = judge(state, played, make_analyst(f"{STRONGEST}@200", seed=1))
    assert verdict is not None
    assert verdict.best in tokens and verdict.label == "best" and verdict.value > 0.9


# --- hints --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), configs())
def test_a_hint_is_a_legal_token_for_the_seat_to_move(name: str, players: int) -> None:
    state = _decision(name, players, seed=3, moves=10)
    seat = state.current_player
    before = state.clone()
    token = hint(state, seat, level="hard@40", seed=2)
    assert token in state.legal_tokens()
    assert state == before
    assert hint(state, seat, level="medium") in state.legal_tokens()
    with pytest.raises(KameleonError, match="not to move"):
        hint(state, (seat + 1) % players)


def test_the_budget_names_visits_only_where_the_search_counts_them() -> None:
    colour = analyse(_record("coloretto", 2, seed=8, moves=6), iterations=400).to_json()["budget"]
    assert colour == {"iterations": 400, "played_visits": 50}  # 400 / 8, over the floor of 40
    timed = analyse(_record("coloretto", 2, seed=8, moves=4), move_time=0.01).to_json()["budget"]
    assert timed == {"move_time": 0.01, "played_visits": 40}
    cameleon = analyse(_record("cameleon", 2, seed=8, moves=4), iterations=30).to_json()["budget"]
    assert cameleon == {"iterations": 30}  # the alpha-beta search examines positions, it visits no moves


def test_a_cameleon_hint_is_the_move_analysis_calls_best() -> None:
    state, bad, _ = _cameleon()
    verdict = judge(state, bad, make_analyst(f"{STRONGEST}@300", seed=0))
    assert verdict is not None and hint(state, 0, level=f"{STRONGEST}@300") == verdict.best
    expert = make_agent(f"{STRONGEST}@300", 0)
    assert isinstance(expert, ExpertAgent)
    assert expert.alphabeta(state.game).contempt > 0.0  # the level plays for a win
    assert minimax_analyst(expert, state.game).contempt == 0.0  # both hints and analysis judge a draw as half


# --- the command line ---------------------------------------------------------------------------


def _cli(*args: str) -> Result:
    return CliRunner().invoke(app, ["analyse", *args], env={"COLUMNS": "200", "LANGUAGE": "en"})


def _says(result: Result, message: str) -> bool:
    return "".join(message.split()) in "".join(result.stderr.split())


def test_cli_json_is_the_librarys_analysis(tmp_path: Path) -> None:
    record = _record("coloretto", 2, seed=8, moves=14)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = _cli(str(path), "--iterations", "30", "--seed", "2", "--json")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout) == analyse(record, iterations=30, seed=2).to_json()
    table = _cli(str(path), "--iterations", "30")
    assert table.exit_code == 0, table.stderr
    assert "accuracy" in table.stdout and "seat 0" in table.stdout and "label" in table.stdout
    # 14 moves of a game: said under the table, so that nobody reads the accuracies as a whole game's
    assert "The game was not finished: 14 moves were analysed" in " ".join(table.stdout.split())
    french = _cli(str(path), "--iterations", "30", "--lang", "fr")
    assert french.exit_code == 0, french.stderr
    assert "précision" in french.stdout and "joueur" in french.stdout and "meilleur coup" in french.stdout
    assert "accuracy" not in french.stdout


def test_cli_reads_a_game_of_a_tournaments_file(tmp_path: Path) -> None:
    records = [_record("coloretto", 2, seed=seed, moves=8) for seed in (8, 9)]
    path = tmp_path / "tournament.jsonl"
    path.write_text("".join(json.dumps({"index": i, "record": r}) + "\n" for i, r in enumerate(records)))
    second = _cli(str(path), "--game", "2", "--iterations", "20", "--json")
    assert second.exit_code == 0, second.stderr
    assert json.loads(second.stdout) == analyse(records[1], iterations=20).to_json()
    for args, message in [
        ((), "holds 2 games (a tournament's JSON lines): choose one with --game N"),
        (("--game", "3"), "--game 3: " + str(path) + " holds 2 game(s)"),
    ]:
        refused = _cli(str(path), *args)
        assert refused.exit_code == 2 and _says(refused, message), refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1  # one line, however long
    one = tmp_path / "one.json"
    one.write_text(json.dumps(records[0]))
    assert _says(_cli(str(one), "--game", "1"), "--game picks a game of a tournament's file")


def test_cli_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    record = _record("coloretto", 2, seed=8, moves=4)
    good = tmp_path / "game.json"
    good.write_text(json.dumps(record))
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "coloretto"')
    cut = tmp_path / "cut.json"  # a saved record, pretty-printed, cut off part-way: not a tournament's lines
    cut.write_text(json.dumps(record, indent=1)[:200])
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps({**record, "moves": ["take 5"]}))
    cases = [
        ((str(tmp_path / "missing.json"),), "cannot read"),
        ((str(broken),), "is not valid JSON"),
        ((str(cut),), "is not valid JSON"),
        ((str(illegal),), "move 1 'take 5' cannot be played"),
        ((str(good), "--iterations", "0"), "--iterations must be a whole number"),
        ((str(good), "--move-time", "-2"), "--move-time must be a positive number"),
        ((str(good), "--move-time", "1", "--iterations", "5"), "not both"),
        ((str(good), "--level", "medium"), "does not search"),
        ((str(good), "--level", "nobody"), "unknown bot"),
        (
            (str(good), "--level", "hard@5", "--iterations", "7"),
            "--level hard@5 names its own budget: give no --iterations",
        ),
        ((str(good), "--level", "hard:0.5", "--move-time", "1"), "names its own budget: give no --move-time beside it"),
    ]
    for args, message in cases:
        result = _cli(*args)
        assert result.exit_code == 2, (args, result.stdout, result.stderr)
        assert result.stderr.startswith("error:") and _says(result, message), (args, result.stderr)
        assert result.stdout == ""


def test_cli_help_explains_the_unit_and_the_labels() -> None:
    shown = _cli("--help")
    assert shown.exit_code == 0
    text = " ".join(shown.stdout.split())
    for words in ("--move-time", "--iterations", "--level", "--json", "blunder", "winning"):
        assert words in text
