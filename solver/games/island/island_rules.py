"""Island Project (seed 002): the readable reference rules, the oracle for kernels/island/island_kernel.py.

Written to be read next to docs/rules/island.md (rulings I-1..I-8 with the engine's choices).
A turn is split into decision points - shift, roll (a chance node), die choice, one or two
people actions - and every move, chance outcomes included, is one integer (layout below), the
same integers the kernel uses.

Move integers: bits 8-11 the kind, bits 0-7 its argument.
  SHIFT      shift id = axis * 10 + line * 2 + sense (axis 0 row, 1 column; sense 0 = east or
             south, 1 = west or north)
  ROLL       the two faces, low * 6 + high (faces 0..4 are the numbers 1..5, face 5 is V)
  NUMBER     k (1..5)          VOLCANO  tile         VOLCANO_NONE  0
  DISPATCH   tile              STEP     tile * 4 + direction (0 up, 1 right, 2 down, 3 left)
  END        0 (end the turn after one action)      PASS  0 (no action was possible)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from solver.errors import CalderaError, IllegalMove
from solver.games.move_codes import move_codes
from solver.games.rules_tools import chance_perft, checked_apply, win_shares

SIZE = 5
TILES = SIZE * SIZE
OCEAN, NATIVE, NEWLAND, PLATEAU = 0, 1, 2, 3
TERRAIN_NAMES = ("ocean", "native island", "new land", "plateau")
SEATS = "ABCD"

SHIFT, ROLL, NUMBER, VOLCANO, VOLCANO_NONE, DISPATCH, STEP, END, PASS = range(1, 10)
# Phases of a turn; OVER once the game has ended.
SHIFTING, ROLLING, CHOOSING, ACTION1, ACTION2, OVER = "shift", "roll", "die", "action1", "action2", "over"

V_FACE = 5
FACES = 6
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left: also the death-cross scan order
CAPACITY = 2  # people on one new land or plateau (I-7)
PLATEAU_PEOPLE_TO_END = 5  # I-8
TURN_CAP = 200
START_NEWLAND, START_PLATEAU, START_MARKERS = 11, 5, 11  # the box's 12/5/15 less the setup (I-2)


move, kind_of, argument_of = move_codes(8)


def tile(r: int, c: int) -> int:
    """The index of the tile in row r, column c, wrapping on both axes (I-1)."""
    return (r % SIZE) * SIZE + c % SIZE


def neighbour(index: int, direction: int) -> int:
    """The wrapped neighbour of a tile: direction 0 up, 1 right, 2 down, 3 left."""
    dr, dc = STEPS[direction]
    return tile(index // SIZE + dr, index % SIZE + dc)


def death_cross(index: int) -> tuple[int, ...]:
    """The tile and its four wrapped neighbours, in the scan order up, right, down, left (I-5)."""
    return (index, *(neighbour(index, d) for d in range(4)))


@dataclass(frozen=True)
class State:
    """A whole Island Project position."""

    players: int
    terrain: tuple[int, ...]
    markers: tuple[bool, ...]
    people: tuple[tuple[int, ...], ...]  # people[seat][tile]
    reserve: tuple[int, ...]  # people in each seat's supply
    food: tuple[int, ...]
    newland_supply: int
    plateau_supply: int
    marker_supply: int
    to_move: int
    phase: str
    previous_shift: int  # the previous player's shift (its exact reverse is forbidden), -1 none
    shift: int  # this turn's shift, -1 before it is made
    dice: tuple[int, int] | None  # the faces rolled this turn, low first
    fed: bool  # the mover already got this turn's food for new terrain
    turn: int
    turn_cap: int = TURN_CAP

    def people_on(self, index: int) -> int:
        """People of every colour on a tile."""
        return sum(seat[index] for seat in self.people)


def new_game(players: int = 2, turn_cap: int = TURN_CAP) -> State:
    """The start (I-1, I-2): native corners, new land in the centre, markers on its diagonals."""
    if not 2 <= players <= 4:
        raise CalderaError(f"Island Project is for 2 to 4 players, not {players}")
    terrain = [OCEAN] * TILES
    for corner in (tile(0, 0), tile(0, 4), tile(4, 0), tile(4, 4)):
        terrain[corner] = NATIVE
    terrain[tile(2, 2)] = NEWLAND
    markers = [False] * TILES
    for index in (tile(1, 1), tile(1, 3), tile(3, 1), tile(3, 3)):
        markers[index] = True
    people = 5 if players == 2 else 4
    return State(
        players=players,
        terrain=tuple(terrain),
        markers=tuple(markers),
        people=tuple((0,) * TILES for _ in range(players)),
        reserve=(people,) * players,
        food=(0,) * players,
        newland_supply=START_NEWLAND,
        plateau_supply=START_PLATEAU,
        marker_supply=START_MARKERS,
        to_move=0,
        phase=SHIFTING,
        previous_shift=-1,
        shift=-1,
        dice=None,
        fed=False,
        turn=0,
        turn_cap=turn_cap,
    )


def shift_parts(shift_id: int) -> tuple[int, int, int]:
    """(axis, line, sense) of a shift id: axis 0 a row (sense 0 east, 1 west), 1 a column (sense 0
    south, 1 north); the line counts from 0."""
    axis, rest = divmod(shift_id, 10)
    return (axis, *divmod(rest, 2))


def shift_line(shift_id: int) -> tuple[int, ...]:
    """The tiles of a shifted line in counting order: k = 1 first, right after the pushing marker."""
    axis, line, sense = shift_parts(shift_id)
    cells = [tile(line, i) if axis == 0 else tile(i, line) for i in range(SIZE)]
    return tuple(cells if sense == 0 else reversed(cells))


def reverse_of(shift_id: int) -> int:
    """The same line pushed the other way."""
    return shift_id ^ 1


def is_chance(state: State) -> bool:
    """True at the roll: the next move is chosen by the dice, not a player."""
    return state.phase == ROLLING


def chance_outcomes(state: State) -> list[tuple[int, Fraction]]:
    """The 21 unordered rolls of two six-faced dice with their probabilities (I-4)."""
    return [(move(ROLL, low * FACES + high), Fraction(1 if low == high else 2, 36))
            for low in range(FACES) for high in range(low, FACES)]


def roll_outcomes(state: State) -> list[tuple[int, Fraction]]:
    """The chance outcomes of `state`: the 21 rolls at the roll, none at a decision."""
    return chance_outcomes(state) if is_chance(state) else []


def is_over(state: State) -> bool:
    """True once the game has ended (I-8)."""
    return state.phase == OVER


def legal_moves(state: State) -> list[int]:
    """Every legal move (at the roll: the chance outcomes), in a fixed order; [] once over."""
    if state.phase == OVER:
        return []
    if state.phase == SHIFTING:
        return [move(SHIFT, s) for s in range(20) if state.previous_shift < 0 or s != reverse_of(state.previous_shift)]
    if state.phase == ROLLING:
        return [code for code, _ in chance_outcomes(state)]
    if state.phase == CHOOSING:
        return die_choices(state)
    actions = people_actions(state)
    if state.phase == ACTION1:
        return actions or [move(PASS)]
    return actions + [move(END)]


def die_choices(state: State) -> list[int]:
    """The uses of the rolled dice: each distinct number, and V as a marker placement (I-4)."""
    choices = [move(NUMBER, face + 1) for face in sorted(set(state.dice)) if face != V_FACE]
    if V_FACE in state.dice:
        free = [i for i in range(TILES) if not state.markers[i] and state.terrain[i] != PLATEAU]
        if state.marker_supply > 0 and free:
            choices += [move(VOLCANO, i) for i in free]
        else:
            choices.append(move(VOLCANO_NONE))
    return choices


def step_allowed(state: State, source: int, target: int) -> bool:
    """Whether a person may step from `source` to the adjacent `target` (I-7)."""
    here, there = state.terrain[source], state.terrain[target]
    if there in (NEWLAND, PLATEAU) and state.people_on(target) >= CAPACITY:
        return False
    if here in (OCEAN, NATIVE):
        return there in (OCEAN, NATIVE, NEWLAND)
    if here == NEWLAND:
        return there in (NEWLAND, PLATEAU)
    return False  # people on a plateau are finished


def people_actions(state: State) -> list[int]:
    """Dispatches to each native island, then steps of the mover's people (I-7)."""
    me = state.to_move
    actions = []
    if state.reserve[me] > 0:
        actions += [move(DISPATCH, i) for i in range(TILES) if state.terrain[i] == NATIVE]
    for source in range(TILES):
        if state.people[me][source] == 0:
            continue
        for direction in range(4):
            if step_allowed(state, source, neighbour(source, direction)):
                actions.append(move(STEP, source * 4 + direction))
    return actions


def successor(state: State, code: int) -> State:
    """The position after the legal move `code` (not checked)."""
    kind, argument = kind_of(code), argument_of(code)
    if kind == SHIFT:
        return replace(_shifted(state, argument), shift=argument, phase=ROLLING)
    if kind == ROLL:
        return replace(state, dice=divmod(argument, FACES), phase=CHOOSING)
    if kind in (NUMBER, VOLCANO, VOLCANO_NONE):
        after = _terrain_step(state, kind, argument)
        if after.newland_supply == 0 and after.plateau_supply == 0:
            return _game_over(after)  # I-8: the game ends right after the terrain step
        return replace(after, phase=ACTION1)
    if kind in (DISPATCH, STEP):
        after = _people_action(state, kind, argument)
        return replace(after, phase=ACTION2) if state.phase == ACTION1 else _end_turn(after)
    return _end_turn(state)  # END or PASS


apply = checked_apply(legal_moves, successor)


def _shifted(state: State, shift_id: int) -> State:
    """Rotate one line one step, carrying terrain, markers and people (I-3)."""
    line = shift_line(shift_id)
    # Counting order starts right after the pusher: every tile moves one place along it and
    # the last one re-enters first.
    source = {line[i]: line[i - 1] for i in range(SIZE)}

    def moved(values):
        return tuple(values[source[i]] if i in source else values[i] for i in range(TILES))

    return replace(
        state,
        terrain=moved(state.terrain),
        markers=moved(state.markers),
        people=tuple(moved(seat) for seat in state.people),
    )


def _terrain_step(state: State, kind: int, argument: int) -> State:
    """Marker placement or eruption chain for the chosen die (I-4, I-5, I-6)."""
    terrain, markers = list(state.terrain), list(state.markers)
    people = [list(seat) for seat in state.people]
    reserve = list(state.reserve)
    supply = {"newland": state.newland_supply, "plateau": state.plateau_supply, "markers": state.marker_supply}
    formed = False
    if kind == VOLCANO:
        markers[argument] = True
        supply["markers"] -= 1
    elif kind == NUMBER:
        selected = shift_line(state.shift)[argument - 1]
        if terrain[selected] == PLATEAU:
            pass
        elif not markers[selected]:
            if supply["markers"] > 0:
                markers[selected] = True
                supply["markers"] -= 1
        else:
            queue, erupted = [selected], {selected}
            while queue:
                volcano = queue.pop(0)
                for index in death_cross(volcano):
                    if terrain[index] != PLATEAU:
                        for seat in range(state.players):
                            reserve[seat] += people[seat][index]
                            people[seat][index] = 0
                    if index != volcano and markers[index] and index not in erupted:
                        erupted.add(index)
                        queue.append(index)
                formed |= _uplift(terrain, markers, supply, volcano, volcano == selected)
    food = list(state.food)
    fed = state.fed
    if formed and not fed:
        food[state.to_move] += 1
        fed = True
    return replace(
        state,
        terrain=tuple(terrain),
        markers=tuple(markers),
        people=tuple(tuple(seat) for seat in people),
        reserve=tuple(reserve),
        food=tuple(food),
        newland_supply=supply["newland"],
        plateau_supply=supply["plateau"],
        marker_supply=supply["markers"],
        fed=fed,
    )


def _uplift(terrain: list, markers: list, supply: dict, volcano: int, selected: bool) -> bool:
    """The terrain change after one eruption (I-6); True if new land or a plateau formed."""
    kind = terrain[volcano]
    keeps_marker = kind == OCEAN and selected
    if not keeps_marker:
        markers[volcano] = False
        supply["markers"] += 1
    if kind == OCEAN and supply["newland"] > 0:
        terrain[volcano] = NEWLAND
        supply["newland"] -= 1
        return True
    if kind == NEWLAND and supply["plateau"] > 0:
        terrain[volcano] = PLATEAU
        supply["plateau"] -= 1
        return True
    return False


def _people_action(state: State, kind: int, argument: int) -> State:
    """A dispatch or a step of the mover's people, with the food it earns (I-7)."""
    me = state.to_move
    people = [list(seat) for seat in state.people]
    reserve, food = list(state.reserve), list(state.food)
    if kind == DISPATCH:
        people[me][argument] += 1
        reserve[me] -= 1
    else:
        source, direction = divmod(argument, 4)
        target = neighbour(source, direction)
        people[me][source] -= 1
        people[me][target] += 1
        if state.terrain[target] in (NEWLAND, PLATEAU) and state.terrain[source] != state.terrain[target]:
            food[me] += 2
    return replace(state, people=tuple(tuple(seat) for seat in people), reserve=tuple(reserve), food=tuple(food))


def plateau_people(state: State) -> int:
    """People of every colour standing on plateaus."""
    return sum(state.people_on(i) for i in range(TILES) if state.terrain[i] == PLATEAU)


def _end_turn(state: State) -> State:
    """Pass the turn on, or end the game (I-8: five people on plateaus; the turn cap)."""
    if plateau_people(state) >= PLATEAU_PEOPLE_TO_END or state.turn + 1 >= state.turn_cap:
        return _game_over(state)
    return replace(
        state,
        to_move=(state.to_move + 1) % state.players,
        phase=SHIFTING,
        previous_shift=state.shift,
        shift=-1,
        dice=None,
        fed=False,
        turn=state.turn + 1,
    )


def _game_over(state: State) -> State:
    """Final scoring (I-8): every person still on the board adds one food."""
    food = tuple(f + sum(seat) for f, seat in zip(state.food, state.people))
    return replace(state, food=food, phase=OVER)


def results(state: State) -> tuple[float, ...]:
    """For a finished game, each seat's share of the win: most food, then most people on
    plateaus; tied winners share 1 equally (I-8)."""
    on_plateaus = [sum(seat[i] for i in range(TILES) if state.terrain[i] == PLATEAU) for seat in state.people]
    return win_shares([(state.food[s], on_plateaus[s]) for s in range(state.players)])


def perft(state: State, depth: int) -> int:
    """Move sequences of `depth` decision plies; every dice outcome is expanded without using
    up depth (so each outcome path counts)."""
    return chance_perft(state, depth, roll_outcomes, legal_moves, successor)
