"""Terminal rendering of Le Caméléon: the board with round and square pieces, reserve squares and the chart.

Round pieces are drawn `(B)`, Square pieces `[b]`; each shows its letter for
colour-blind players; under the board a legend keys every letter and mark. Dark
squares are a mid grey so the black chameleons stay visible (rules §10.5). Everything shown comes from `view()` and
`view.action_facts()`: the renderer computes no rule. Every word shown is a `msg(...)` of the
game's catalog, worded in the reader's language by `say` (squares, notation and letters stay as they are).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from kameleon.engine.hooks import TerminalRenderer
from kameleon.engine.messages import Message, Say, msg
from kameleon.engine.terminal import Legend, add_column, fitted
from kameleon.games.cameleon import narration
from kameleon.games.cameleon.state import CameleonState
from kameleon.games.cameleon.view import SIDES as SIDE_KEYS
from kameleon.games.cameleon.view import action_facts
from kameleon.games.cameleon.words import KIND_NAMES, REASONS, kind_name

PIECE_STYLE = {
    "B": "bold bright_white on blue",
    "R": "bold bright_white on red3",
    "Y": "bold black on yellow",
    "V": "bold bright_white on purple",
    "O": "bold black on dark_orange",
    "G": "bold bright_white on green4",
    "K": "bold bright_white on black",
}
LIGHT, DARK, RESERVE = "on grey85", "on grey50", "on wheat4"
ROUND, SQUARE = msg("tui_round", "Round"), msg("tui_square", "Square")
SIDES = (
    msg("tui_side_seat", "{side} (seat {seat})", side=ROUND, seat=0),
    msg("tui_side_seat", "{side} (seat {seat})", side=SQUARE, seat=1),
)
OUTCOMES = {
    "win": msg("tui_outcome_win", "win"),
    "loss": msg("tui_outcome_loss", "loss"),
    "draw": msg("tui_outcome_draw", "draw"),
}
CHART = msg(
    "tui_chart",
    "chart: {primaries} (primaries)   {secondaries} pairs→K   primary+complementary: capture, no reward",
    primaries="B+R→V  R+Y→O  Y+B→G",
    secondaries="V/O/G",
)
FILES = "abcdefgh"
FREE_RESERVE = msg("tui_free_reserve_square", "free reserve square")


def legend(say: Say = str) -> Legend:
    """What the board's letters and marks stand for: each colour letter, each side's pieces, the `@` mark."""
    colours = [Text.assemble((kind, PIECE_STYLE[kind]), (f" {say(name)}", "dim")) for kind, name in KIND_NAMES.items()]
    marks = [
        Text.assemble(("(X)", "bold"), (f" {say(ROUND)}", "dim")),
        Text.assemble(("[x]", "bold"), (f" {say(SQUARE)}", "dim")),
        Text.assemble(("@", RESERVE), (f" {say(FREE_RESERVE)}", "dim")),
    ]
    return Legend(colours + marks)


def _cell(view: dict[str, Any], reserves: set[str], name: str, light: bool) -> Text:
    letter = view["pieces"].get(name)
    edge = name[1:] in ("1", str(view["ranks"]))
    if letter is None:
        if name in reserves:
            return Text(" @ ", style=RESERVE)
        return Text("   ", style="" if edge else LIGHT if light else DARK)
    kind = letter.upper()
    return Text(f"({kind})" if letter == kind else f"[{letter}]", style=PIECE_STYLE[kind])


def board_text(view: dict[str, Any], say: Say = str) -> Text:
    ranks = view["ranks"]
    reserves = {square for squares in view["reserves"] for square in squares}
    text = Text()
    files = "    " + "".join(f" {f} " for f in FILES) + "\n"
    text.append(files, style="dim")
    for rank in range(ranks, 0, -1):
        text.append(f"{rank:>3} ", style="dim")
        for file in range(8):
            # The checkerboard colouring is drawing only: a1 is dark, as on the real board.
            text.append_text(_cell(view, reserves, f"{FILES[file]}{rank}", bool((file + rank - 1) & 1)))
        note = ""
        if rank == ranks:
            note = "  " + say(msg("tui_square_reserve", "Square's reserve"))
        elif rank == 1:
            note = "  " + say(msg("tui_round_reserve", "Round's reserve"))
        text.append(f" {rank:<3}{note}\n", style="dim")
    text.append(files, style="dim")
    return text


def _reason(reason: str | None) -> Message | str:
    if reason is None:
        return ""
    return REASONS.get(reason) or reason.replace("_", " ")


def _game_over(view: dict[str, Any]) -> Message:
    """'Game over: <side> wins (<reason>)' or 'Game over: draw (<reason>)'."""
    outcomes = [score["outcome"] for score in view["scores"]]
    result = (
        msg("tui_side_wins", "{side} wins", side=SIDES[outcomes.index("win")])
        if "win" in outcomes
        else OUTCOMES["draw"]
    )
    return msg("tui_game_over", "Game over: {result} ({reason})", result=result, reason=_reason(view["reason"]))


def render(state: CameleonState, seat: int | None, say: Say = str) -> Any:
    """The board and the game's status; Le Caméléon has no hidden information, so `seat` changes nothing."""
    view = state.view(seat)
    if view["terminal"]:
        status = Text(say(_game_over(view)), style="bold")
    else:
        side = SIDES[SIDE_KEYS.index(view["to_move"])]
        status = Text(say(msg("tui_to_move", "{side} to move", side=side)), style="bold")
        if view["pending"] is not None:
            pending = msg(
                "tui_finish_ply",
                "finish the ply {displacement}: choose {choices}",
                displacement=view["pending"]["displacement"],
                choices=" ".join(view["pending"]["choices"]),
            )
            status.append(" — " + say(pending))
    progress = msg(
        "tui_progress",
        "move {number}, plies without progress: {count}",
        number=view["move_number"],
        count=view["no_progress"],
    )
    counters = Legend([say(progress), f"CPN {view['cpn']}"], gap="    ")  # the position's code whole on its line
    parts: list[Any] = [status, board_text(view, say), legend(say), counters, Text(say(CHART), style="dim")]
    if view["trays"] is not None:
        trays = "   ".join(
            say(
                msg(
                    "tui_tray", "{side} tray: {pieces}", side=SIDES[p], pieces=" ".join(f"{k}{n}" for k, n in t.items())
                )
            )
            for p, t in enumerate(view["trays"])
        )
        parts.append(Text(trays, style="dim"))
    return Group(*parts)


def _choices_follow(facts: dict[str, Any], say: Say) -> str:
    """A capture whose choices come next: the pieces it takes whatever is chosen, and those only some choices
    take ("takes the yellow on d4, and perhaps the red on e5; choices follow")."""

    def pieces(victims: list[dict[str, Any]]) -> str:
        return ", ".join(
            say(msg("tui_victim", "the {piece} on {victim}", piece=kind_name(v["piece"]), victim=v["victim"]))
            for v in victims
        )

    if facts["sure_victims"] and facts["maybe_victims"]:
        said = msg(
            "tui_choices_takes_perhaps",
            "takes {sure}, and perhaps {maybe}; choices follow",
            sure=pieces(facts["sure_victims"]),
            maybe=pieces(facts["maybe_victims"]),
        )
    elif facts["sure_victims"]:
        said = msg("tui_choices_takes", "takes {sure}; the reward's choices follow", sure=pieces(facts["sure_victims"]))
    else:
        said = msg(
            "tui_choices_perhaps", "takes some of {maybe}, as you choose next", maybe=pieces(facts["maybe_victims"])
        )
    return say(said)


def describe(state: CameleonState, action: int, say: Say = str) -> str:
    """A move in words, e.g. 'yellow c4 to d5, takes the yellow on d6 (orange reward to b1)'."""
    facts = action_facts(state, action)
    choice = facts.get("choice")
    if choice == "room":
        return say(msg("tui_choose_room_take", "take the reward for the capture on {square}", square=facts["victim"]))
    if choice == "reward":
        return say(msg("tui_choose_reward", "take the {colour} reward", colour=KIND_NAMES[facts["kind"]]))
    if choice == "reserve":
        return say(msg("tui_choose_reserve", "place the reward on {square}", square=facts["square"]))
    if facts.get("off_area"):
        return say(msg("tui_off_area", "not a move of the playing area"))
    if facts.get("pass"):
        head = say(msg("tui_pass", "no legal move: pass"))
    else:
        head = say(
            msg(
                "tui_move",
                "{piece} {square} to {target}",
                piece=kind_name(facts["piece"]),
                square=facts["from"],
                target=facts["to"],
            )
        )
        if facts["leaves_reserve"]:
            head += " " + say(msg("tui_leaves_reserve", "(leaves the reserve)"))
    if facts["choices_follow"]:
        return head + "; " + _choices_follow(facts, say)
    words = []
    for capture in facts["captures"]:
        piece = kind_name(capture["piece"])
        if capture["reward"]:
            said = msg(
                "tui_takes_rewarded",
                "takes the {piece} on {victim} ({reward} reward to {square})",
                piece=piece,
                victim=capture["victim"],
                reward=KIND_NAMES[capture["reward"]],
                square=capture["square"],
            )
        else:
            said = msg("tui_takes", "takes the {piece} on {victim}", piece=piece, victim=capture["victim"])
        words.append(say(said))
    return ", ".join([head, *words])


def summary(state: CameleonState, names: list[str], say: Say = str) -> Any:
    """The end-of-game table: each side's result, score, pieces left and captures."""
    view = state.view(None)
    # Seven columns of translated headers fit 80 columns only without the boxes' inner rules.
    table = Table(title=say(_game_over(view)), box=box.SIMPLE_HEAD, pad_edge=False)
    columns = (
        msg("tui_side", "side"),
        msg("tui_player", "player"),
        msg("tui_result", "result"),
        msg("tui_score", "score"),
        msg("tui_pieces_left", "pieces left"),
        msg("tui_chameleons", "chameleons"),
        msg("tui_captured", "captured"),
    )
    for column in columns:
        add_column(table, say(column))
    for seat, score in enumerate(view["scores"]):
        outcome = OUTCOMES.get(score["outcome"] or "")
        table.add_row(
            say(SIDES[seat]),
            escape(names[seat]) if seat < len(names) else "",
            say(outcome) if outcome is not None else "",
            f"{score['points']:+d}",
            str(score["pieces"]),
            str(score["chameleons"]),
            str(score["captured"]),
        )
    return fitted(table)  # a line per seat where the terminal is too narrow for the whole table


RENDERER = TerminalRenderer(
    render=render,
    describe=describe,
    summary=summary,
    narrate=narration.narrate,
    notation=msg(
        "tui_notation",
        "A move is its squares, from-to: c4-d5. A capture adds x and the captured square, then, when it earns a"
        " reward, the reward's colour and the free reserve square it goes to: c4-d5xd6=O@b1 (V violet, O orange,"
        " G green, K chameleon). pass when no piece can move.",
    ),
)
