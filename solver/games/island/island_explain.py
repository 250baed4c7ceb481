"""Island Project moves in plain words, for `caldera moves island` and `caldera hint island`.

Every description is read off the move's real effect: the position after it (the reference
rules' `successor`) is compared with the position before, so the words cannot drift from the
rules. E.g. "shift row 2 east: then a 2 erupts b2", "take the 3: c3 erupts, chaining b3 and
d3; forms 2 new lands and a plateau (+1 food)", "puts a volcano marker on b4", "sends a person
to the native island a1", "moves from b2 onto the new land c2 (+2 food)".
"""

from __future__ import annotations

from fractions import Fraction

from solver.analysis import Score
from solver.games.island.island_rules import (
    ACTION1,
    ACTION2,
    CHOOSING,
    DISPATCH,
    END,
    NEWLAND,
    NUMBER,
    OCEAN,
    OVER,
    PASS,
    PLATEAU,
    PLATEAU_PEOPLE_TO_END,
    ROLL,
    ROLLING,
    SEATS,
    SHIFT,
    SHIFTING,
    STEP,
    TERRAIN_NAMES,
    TILES,
    VOLCANO,
    VOLCANO_NONE,
    argument_of,
    chance_outcomes,
    death_cross,
    kind_of,
    legal_moves,
    neighbour,
    plateau_people,
    results,
    shift_line,
    shift_parts,
    successor,
    State,
)
from solver.games.island.island_notation import COLUMNS, FACE_LETTERS, faces_text, format_move, tile_name
from solver.games.notation_tools import plural

PHASE_WORDS = {
    SHIFTING: "shift a row or a column",
    ROLLING: "the dice roll",
    CHOOSING: "choose a die",
    ACTION1: "people action 1 of 2",
    ACTION2: "people action 2 of 2, or end the turn",
    OVER: "the game is over",
}


def join_words(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def shift_words(shift_id: int) -> str:
    """'shift row 2 east', 'shift column c south'."""
    axis, line, sense = shift_parts(shift_id)
    if axis == 0:
        return f"shift row {line + 1} {('east', 'west')[sense]}"
    return f"shift column {COLUMNS[line]} {('south', 'north')[sense]}"


def probability_text(probability: Fraction) -> str:
    """'2/36 (5.6%)': in 36ths, the way the dice make it."""
    return f"{round(probability * 36)}/36 ({100 * float(probability):.1f}%)"


# ------------------------------------------------------------------------------ effects


def erupted_tiles(state: State, code: int, after: State | None = None) -> list[int]:
    """The volcanoes a die number makes erupt, in eruption order (breadth first from the die's
    tile, each cross scanned up, right, down, left: I-5), read off the position after the move.

    A volcano erupted iff it lost its marker, except the die's own tile, which erupts iff it had
    one (an ocean tile chosen by the die keeps it)."""
    if kind_of(code) != NUMBER:
        return []
    selected = shift_line(state.shift)[argument_of(code) - 1]
    if state.terrain[selected] == PLATEAU or not state.markers[selected]:
        return []
    after = successor(state, code) if after is None else after
    spent = {i for i in range(TILES) if state.markers[i] and not after.markers[i]} | {selected}
    order, queue, seen = [], [selected], {selected}
    while queue:
        volcano = queue.pop(0)
        order.append(volcano)
        for index in death_cross(volcano)[1:]:
            if index in spent and index not in seen:
                seen.add(index)
                queue.append(index)
    return order


def touched_tiles(state: State, code: int) -> tuple[int, ...]:
    """The tiles a move acts on (highlighted by `caldera show --after`): a shifted line, the die's
    tile and every volcano that erupted, a new marker, a dispatch's island, a step's two tiles."""
    kind, argument = kind_of(code), argument_of(code)
    if kind == SHIFT:
        return tuple(sorted(shift_line(argument)))
    if kind == NUMBER:
        selected = shift_line(state.shift)[argument - 1]
        return tuple(sorted({selected, *erupted_tiles(state, code)}))
    if kind in (VOLCANO, DISPATCH):
        return (argument,)
    if kind == STEP:
        source, direction = divmod(argument, 4)
        return (source, neighbour(source, direction))
    return ()


def _people_swept(state: State, after: State) -> str:
    """'sweeps 1 of B's people back to supply' or '' (people in an eruption's cross, I-5)."""
    back = [after.reserve[s] - state.reserve[s] for s in range(state.players)]
    total = sum(back)
    if total <= 0:
        return ""
    seats = [s for s in range(state.players) if back[s] > 0]
    if len(seats) == 1:
        return f"sweeps {back[seats[0]]} of {SEATS[seats[0]]}'s people back to supply"
    return f"sweeps {total} people back to supply ({', '.join(f'{SEATS[s]} {back[s]}' for s in seats)})"


def _formed(state: State, after: State) -> str:
    """'forms 2 new lands and a plateau', or '' when the terrain did not change."""
    lands = sum(1 for i in range(TILES) if state.terrain[i] == OCEAN and after.terrain[i] == NEWLAND)
    plateaus = sum(1 for i in range(TILES) if state.terrain[i] == NEWLAND and after.terrain[i] == PLATEAU)
    parts = []
    if lands:
        parts.append("a new land" if lands == 1 else f"{lands} new lands")
    if plateaus:
        parts.append("a plateau" if plateaus == 1 else f"{plateaus} plateaus")
    return f"forms {join_words(parts)}" if parts else ""


def _ending(state: State, after: State) -> str:
    """Why the game ends with this move ('' if it goes on), with the result."""
    if after.phase != OVER:
        return ""
    if after.newland_supply == 0 and after.plateau_supply == 0 and state.phase == CHOOSING:
        why = "the new land and plateau supplies are used up"
    elif plateau_people(after) >= PLATEAU_PEOPLE_TO_END:
        why = f"{plateau_people(after)} people stand on plateaus"
    else:
        why = f"the turn cap {state.turn_cap} is reached"
    return f"the game ends ({why}): {result_words(after)}"


def result_words(over: State) -> str:
    """'A wins with 9 food (B 7)' or 'A and B share the win with 6 food'."""
    shares = results(over)
    winners = [s for s in range(over.players) if shares[s] > 0]
    others = ", ".join(f"{SEATS[s]} {over.food[s]}" for s in range(over.players) if s not in winners)
    if len(winners) == 1:
        text = f"{SEATS[winners[0]]} wins with {over.food[winners[0]]} food"
    else:
        text = f"{join_words([SEATS[s] for s in winners])} share the win with {over.food[winners[0]]} food"
    return text + (f" ({others})" if others else "")


def shift_effects(state: State, shift_id: int) -> str:
    """What a shift sets up: which die numbers would then erupt a volcano on the line."""
    after = successor(state, (SHIFT << 8) | shift_id)
    line = shift_line(shift_id)
    hot = [(k, line[k - 1]) for k in range(1, 6)
           if after.markers[line[k - 1]] and after.terrain[line[k - 1]] != PLATEAU]
    if not hot:
        return "no volcano on the line, so a number only places a marker"
    if len(hot) == 1:
        return f"then a {hot[0][0]} erupts {tile_name(hot[0][1])}"
    return "then " + ", ".join(f"a {k} erupts {tile_name(t)}" for k, t in hot)


def number_effects(state: State, code: int) -> str:
    """What taking a die number does: a marker placed, an eruption chain, or nothing."""
    k = argument_of(code)
    selected = shift_line(state.shift)[k - 1]
    name = tile_name(selected)
    after = successor(state, code)
    if state.terrain[selected] == PLATEAU:
        words = f"{name} is a plateau, nothing happens"
    elif not state.markers[selected]:
        words = f"puts a volcano marker on {name}" if after.markers[selected] else f"no marker is left for {name}, nothing happens"
    else:
        chain = erupted_tiles(state, code, after)
        words = f"{name} erupts"
        if len(chain) > 1:
            words += f", chaining {join_words([tile_name(t) for t in chain[1:]])}"
        parts = []
        formed = _formed(state, after)
        if formed:
            parts.append(formed + ("" if state.fed else " (+1 food)"))
        else:
            parts.append("no new terrain")
        swept = _people_swept(state, after)
        if swept:
            parts.append(swept)
        words += "; " + "; ".join(parts)
    ending = _ending(state, after)
    return f"take the {k}: {words}" + (f"; {ending}" if ending else "")


def step_effects(state: State, code: int) -> str:
    """Where a step goes and the food it earns (I-7)."""
    source, direction = divmod(argument_of(code), 4)
    target = neighbour(source, direction)
    here, there = state.terrain[source], state.terrain[target]
    name = tile_name(target)
    if there == PLATEAU:
        return f"moves from {tile_name(source)} onto the plateau {name} (+2 food; finished there)"
    if there == NEWLAND and here != NEWLAND:
        return f"moves from {tile_name(source)} onto the new land {name} (+2 food)"
    return f"moves from {tile_name(source)} to the {TERRAIN_NAMES[there]} {name}"


def action_words(state: State, code: int) -> str:
    """What the move does, in words."""
    kind, argument = kind_of(code), argument_of(code)
    if kind == SHIFT:
        return f"{shift_words(argument)}: {shift_effects(state, argument)}"
    if kind == ROLL:
        low, high = divmod(argument, 6)
        return f"the dice show {FACE_LETTERS[low]} and {FACE_LETTERS[high]}"
    if kind == NUMBER:
        return number_effects(state, code)
    after = successor(state, code)
    if kind == VOLCANO:
        words = f"take the V: puts a volcano marker on {tile_name(argument)}"
    elif kind == VOLCANO_NONE:
        words = "take the V: no volcano marker can be placed, nothing happens"
    elif kind == DISPATCH:
        words = f"sends a person to the native island {tile_name(argument)}"
    elif kind == STEP:
        words = step_effects(state, code)
    elif kind == END:
        words = "ends the turn after one action"
    elif kind == PASS:
        words = "no people action is possible: the turn passes"
    else:
        words = format_move(state, code)
    if kind in (DISPATCH, STEP) and state.phase == ACTION1:
        words += "; a second action may follow"
    ending = _ending(state, after)
    return words + (f"; {ending}" if ending else "")


def score_words(score: Score) -> str:
    """The search's verdict in words."""
    if score.kind == "none":
        return "no score: a scripted pick"
    if score.kind == "value":
        return f"wins {100 * score.value:.0f}% of simulated games"
    if score.kind == "win":
        return f"wins in {score.plies} plies"
    if score.kind == "loss":
        return f"loses in {score.plies} plies"
    if score.kind == "draw":
        return "draws"
    return f"evaluation {score.value:+.2f} food"


def explain_move(state: State, code: int, score: Score) -> str:
    """One line in plain words: the move's effects and the search's verdict."""
    return f"{action_words(state, code)} ({score_words(score)})"


# ------------------------------------------------------------------------------ move lists


def chance_lines(state: State, indent: str = "  ") -> list[str]:
    """The 21 dice outcomes with their probabilities, three to a line."""
    outcomes = chance_outcomes(state)
    cells = [f"{format_move(state, code):8} {probability_text(p):13}" for code, p in outcomes]
    return [indent + "  ".join(cells[i:i + 3]).rstrip() for i in range(0, len(cells), 3)]


def describe_moves(state: State) -> list[str]:
    """Lines listing the legal moves of the seat to move, grouped, with what each does."""
    seat = SEATS[state.to_move]
    moves = legal_moves(state)
    if not moves:
        return [f"no legal moves for {seat} (the game is over): {result_words(state)}"]
    if state.phase == ROLLING:
        return [f"the next move is the dice roll for {seat}, not a choice: {len(moves)} outcomes"] + chance_lines(state)
    title = f"{len(moves)} legal move{'s' if len(moves) != 1 else ''} for {seat} ({PHASE_WORDS[state.phase]}"
    if state.dice is not None and state.phase == CHOOSING:
        title += f", rolled {faces_text(state.dice)}"
    lines = [title + "):"]
    if state.phase == SHIFTING:
        for code in moves:
            lines.append(f"  shift     {format_move(state, code):5} {action_words(state, code)}")
        return lines
    volcanoes = [c for c in moves if kind_of(c) == VOLCANO]
    dispatches = [c for c in moves if kind_of(c) == DISPATCH]
    for code in moves:
        kind = kind_of(code)
        if kind == NUMBER:
            lines.append(f"  number    {format_move(state, code):5} {number_effects(state, code)}")
        elif kind == VOLCANO_NONE:
            lines.append(f"  volcano   {format_move(state, code):5} {action_words(state, code)}")
        elif kind == STEP:
            lines.append(f"  step      {format_move(state, code):5} {action_words(state, code)}")
        elif kind == END:
            lines.append(f"  end       {format_move(state, code):5} ends the turn after one action")
        elif kind == PASS:
            lines.append(f"  pass      {format_move(state, code):5} no people action is possible: the turn passes")
    if volcanoes:
        lines.append("  volcano   take the V: a volcano marker on the tile")
        names = [format_move(state, c) for c in volcanoes]
        lines += ["            " + " ".join(names[i:i + 10]) for i in range(0, len(names), 10)]
    if dispatches:
        names = " ".join(format_move(state, c) for c in dispatches)
        left = state.reserve[state.to_move]
        lines.append(f"  dispatch  {names} (a person from the supply, {left} left, onto a native island)")
    return lines

