"""Meerkats moves in words: the `moves` listing and the one-line explanations of `hint` and
`analyze` (M-2..M-7)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from solver.games.meerkats.meerkats_maze import FACE_NAMES, FRIEND_NAMES, cell_name
from solver.games.meerkats.meerkats_notation import format_move
from solver.games.meerkats.meerkats_rules import (
    BURROW,
    DRAW,
    LUCK,
    LUCKY,
    MOVING,
    OVER,
    REVEAL,
    ROLL,
    SEATS,
    SHORTCUT,
    SPEED,
    STEP,
    TILE_NAMES,
    State,
    chance_outcomes,
    data_of,
    friend_cell,
    kind_of,
    legal_moves,
    next_event,
    step_moves,
    step_parts,
    stopping_cells,
    successor,
)


def touched(state: State, code: int) -> tuple[int, ...]:
    """The cells a move touches: a walk's start and end, a chosen burrow (shown highlighted)."""
    if kind_of(code) == STEP:
        return tuple(sorted({state.meerkats[state.to_move].cell, step_parts(code)[0]}))
    if kind_of(code) == BURROW:
        return (data_of(code),)
    return ()


def _tiles_words(speed: int, shortcut: int) -> str:
    """', with a speed tile and a shortcut tile' for the tiles a walk plays ('' for none)."""
    parts = []
    for count, name in ((speed, "speed"), (shortcut, "shortcut")):
        if count:
            parts.append(f"{'a' if count == 1 else count} {name} tile{'s' if count > 1 else ''}")
    return f", playing {' and '.join(parts)}" if parts else ""


# What each move that is not a walk does: (maze size, the move's data) -> words.
_OTHER_WORDS = {
    BURROW: lambda n, cell: f"start in the burrow at {cell_name(n, cell)}",
    LUCK: lambda n, _: "play a luck tile: roll again (the new roll replaces this one)",
    ROLL: lambda n, number: f"the die shows {number}",
    DRAW: lambda n, tile: f"the super tile drawn is a {TILE_NAMES[tile]} tile",
    REVEAL: lambda n, friend: f"the friend revealed is the {FRIEND_NAMES[friend]}",
}


# What each kind of chance event is, in words (the record's `chance_name`): a seat's event names the seat.
_CHANCE_EVENTS = {ROLL: "the dice roll", DRAW: "{seat}'s super tile draw", REVEAL: "{seat}'s friend reveal"}


def chance_name(state: State) -> str:
    """What chance decides next: the die, or whose super tile draw or friend reveal (by the kind of
    the outcomes)."""
    kind = kind_of(chance_outcomes(state)[0][0])
    seat = SEATS[next_event(state)[0]] if kind != ROLL else ""
    return _CHANCE_EVENTS[kind].format(seat=seat)


def outcome_words(state: State, code: int) -> str:
    """What a move does, in a few words."""
    kind, data = kind_of(code), data_of(code)
    n = state.maze.size
    if kind != STEP:
        return _OTHER_WORDS[kind](n, data)
    seat = state.to_move
    cell, speed, shortcut = step_parts(code)
    steps = state.roll + 2 * speed
    text = f"walk {steps} to {cell_name(n, cell)}" + _tiles_words(speed, shortcut)
    meerkat = state.meerkats[seat]
    after = successor(state, code)
    capped = after.phase == OVER and after.winner < 0  # M-8, even on a flipping walk (M-6)
    if cell in stopping_cells(state, seat):
        if meerkat.seeking:
            text += f": meets the {FRIEND_NAMES[meerkat.friend]}"
        elif meerkat.met == state.friends:
            text += ": reaches a burrow and wins"
        elif not capped:
            text += f": reaches a burrow and flips the board ({FACE_NAMES[1 - state.face]} face up)"
    if capped:
        text += "; the turn cap ends the game " + ("unsolved" if state.players == 1 else "in a draw")
    return text


def describe_moves(state: State) -> list[str]:
    """The legal moves with what each does, or the chance outcomes with their probabilities."""
    outcomes = chance_outcomes(state)
    if outcomes:
        head = f"the next move is {chance_name(state)}, not a choice: {len(outcomes)} outcomes"
        return [head] + [f"{format_move(state, code):16} {str(p):>5}  {outcome_words(state, code)}" for code, p in outcomes]
    moves = legal_moves(state)
    if not moves:
        return ["the game is over: no moves"]
    return [f"{format_move(state, code):8} {outcome_words(state, code)}" for code in moves]


def goal_next_turn(state: State, seat: int) -> Fraction:
    """The chance that `seat`, to move next in `state` at the face now up, reaches its current
    goal (friend or burrow) in one turn: over the die, re-rolling with its luck tiles."""
    missing = 0
    for number in (1, 2, 3):
        trial = replace(state, to_move=seat, phase=MOVING, roll=number)
        stops = stopping_cells(trial, seat)
        if not any(step_parts(code)[0] in stops for code in step_moves(trial)):
            missing += 1
    fail = Fraction(missing, 3) ** (1 + state.meerkats[seat].tiles[LUCKY])
    return 1 - fail


def score_words(score) -> str:
    """A search's score in words: a win chance, or the expected turns of a solo game."""
    if score is None:
        return ""
    if score.kind == "turns":
        return f"{score.value:.2f} more turns expected"
    if score.kind == "value":
        return f"wins with {100 * score.value:.1f}%"
    return score.text()


def explain_move(state: State, code: int, score) -> str:
    """One line for `hint`: the move, what it reaches, the chance of reaching the goal next turn,
    the score, and which super tiles are worth keeping."""
    kind = kind_of(code)
    seat = state.to_move
    words = outcome_words(state, code)
    if kind == STEP:
        cell = step_parts(code)[0]
        after = successor(state, code)
        m = after.meerkats[seat]
        if cell not in stopping_cells(state, seat) and not after.phase == "over":
            chance = goal_next_turn(after, seat)
            goal = (f"the {FRIEND_NAMES[m.friend]} ({cell_name(state.maze.size, friend_cell(after, seat))})"
                    if m.seeking else "a burrow")
            reach = (f"you reach {goal} next turn with {float(chance):.0%}" if chance else
                     f"{goal} is more than a turn away")
            words = f"go to {cell_name(state.maze.size, cell)}: {reach}"
            words += _tiles_words(*step_parts(code)[1:])
    scored = score_words(score)
    advice = tile_advice(state, code)
    return "; ".join(part for part in (words, scored, advice) if part)


def tile_advice(state: State, code: int) -> str:
    """'keep the shortcut tile: it saves 1.4 turns later' for each super tile the move keeps,
    from the exact solver's values when it has solved this game in this process ('' otherwise)."""
    from solver.engines.exact.exact_search import solved_value
    from solver.games.meerkats.meerkats_binding import KERNEL, to_kernel

    if kind_of(code) != STEP:
        return ""
    seat = state.to_move
    after = successor(state, code)
    if after.phase == "over":
        return ""
    base = solved_value(KERNEL, to_kernel(after), seat)
    if base is None:
        return ""
    kept = []
    for tile in (SPEED, LUCKY, SHORTCUT):
        if after.meerkats[seat].tiles[tile] == 0:
            continue
        tiles = list(after.meerkats[seat].tiles)
        tiles[tile] -= 1
        meerkats = list(after.meerkats)
        meerkats[seat] = replace(meerkats[seat], tiles=tuple(tiles))
        without = solved_value(KERNEL, to_kernel(replace(after, meerkats=tuple(meerkats))), seat)
        if without is None:
            continue
        if state.players == 1:
            kept.append(f"keep the {TILE_NAMES[tile]} tile: it saves {without - base:.1f} turns later")
        else:
            kept.append(f"keep the {TILE_NAMES[tile]} tile: it is worth {100 * (base - without):.1f} points of win chance")
    return "; ".join(kept)

