"""Penguins moves in plain words: what a move does on the board, for `moves` and `hint`."""

from __future__ import annotations

from dataclasses import replace

from solver.analysis import Score
from solver.games import penguins_kernel
from solver.games.penguins import (
    HATCH,
    LAND,
    ONGOING,
    PLAY,
    RIVAL_EGG,
    SIDES,
    SLIDE,
    STAR,
    Move,
    State,
    hatchling,
    legal_moves,
    slide_path,
    status,
    successor,
)
from solver.games.penguins_notation import format_move, square_name

ACTION_TITLES = {RIVAL_EGG: "rival egg", LAND: "land", HATCH: "hatch", SLIDE: "slide"}


def kernel_moves(state: State) -> list[Move]:
    """The legal moves of `state` as the kernel generates them."""
    words = penguins_kernel.to_kernel(state)
    return [penguins_kernel.decode_move(code) for code in penguins_kernel.legal_moves(words)]


def slide_effects(state: State, move: Move) -> str:
    """Where a slide stops, how many eggs it lays and how many rival eggs it captures (P-6, P-7)."""
    path = slide_path(state, move.square, move.direction)
    eggs = min(1 + len(path.passed), state.supply[state.to_move])
    words = f"to {square_name(state.width, path.stop)}, {eggs} egg{'s' if eggs != 1 else ''}"
    if path.captured:
        words += f", captures {len(path.captured)}"
    if eggs == state.supply[state.to_move]:
        words += ", wins"
    return words


def describe_moves(state: State) -> list[str]:
    """Lines listing the legal moves of the side to move, grouped by action."""
    moves = kernel_moves(state)
    side = SIDES[state.to_move]
    if not moves:
        return [f"no legal moves for {side} (the game is over)"]
    lines = [f"{len(moves)} legal moves for {side} ({state.phase}):"]
    for action, title in ACTION_TITLES.items():
        group = [m for m in moves if m.action == action]
        if not group:
            continue
        if action == SLIDE:
            for move in group:
                lines.append(f"  {title:9} {format_move(state, move):7} {slide_effects(state, move)}")
        else:
            note = f" (brings on the {hatchling(state)})" if action == HATCH else ""
            lines.append(f"  {title:9} {' '.join(format_move(state, m) for m in group)}{note}")
    return lines


def plural(count: int, word: str) -> str:
    """'1 egg', '3 eggs'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def action_words(state: State, move: Move) -> str:
    """What the move itself does, e.g. 'slides from c1 to c4, laying 3 eggs and breaking 1 rival egg'."""
    me, name = state.to_move, square_name(state.width, move.square)
    if move.action == RIVAL_EGG:
        return f"places {SIDES[1 - me]}'s egg on {name}"
    if move.action == LAND:
        return f"lays an egg on {name}" + (", your last: wins at once" if state.supply[me] == 1 else "")
    if move.action == HATCH:
        kind = "the star penguin" if hatchling(state) == STAR else "an assistant penguin"
        return f"hatches the egg on {name} into {kind} (the egg goes back to your supply)"
    path = slide_path(state, move.square, move.direction)
    eggs = min(1 + len(path.passed), state.supply[me])
    words = f"slides from {name} to {square_name(state.width, path.stop)}, laying {plural(eggs, 'egg')}"
    if path.captured:
        words += f" and breaking {plural(len(path.captured), 'rival egg')}"
    if eggs == state.supply[me]:
        words += ": your last eggs, wins at once"
    return words


def winning_moves(state: State) -> list[Move]:
    """The moves that win at once for the side to move."""
    me = state.to_move
    return [m for m in legal_moves(state) if status(successor(state, m), check_moves=False) == 1 + me]


def consequence_words(state: State, move: Move) -> str:
    """What the position after the move threatens or allows, in a few words ('' if nothing)."""
    me = state.to_move
    after = successor(state, move)
    if status(after) != ONGOING:
        return ""
    rival_wins = winning_moves(after)
    if rival_wins:
        return f"but lets {SIDES[1 - me]} win at once with {format_move(after, rival_wins[0])}"
    if after.phase == PLAY and winning_moves(replace(after, to_move=me)):
        return "and threatens to win next turn"
    return ""


def score_words(score: Score) -> str:
    """The search's verdict in words."""
    if score.kind == "win":
        return "wins at once" if score.plies == 1 else f"wins in {score.plies} plies against any defence"
    if score.kind == "loss":
        return f"loses in {score.plies} plies against best play"
    if score.kind == "draw":
        return "draws with best play"
    if score.kind == "value":
        return f"wins {100 * score.value:.0f}% of simulated games"
    return f"evaluation {score.value:+.2f} eggs"


def explain_move(state: State, move: Move, score: Score) -> str:
    """One line in plain words: the move's effects, what it threatens or allows, and its score."""
    parts = [action_words(state, move)]
    consequence = consequence_words(state, move)
    if consequence:
        parts.append(consequence)
    verdict = score_words(score)
    if "wins at once" not in parts[0] or score.kind != "win":
        parts.append(f"({verdict})")
    return " ".join(parts)
