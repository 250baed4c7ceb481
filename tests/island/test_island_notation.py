"""Island Project notation: round trips of positions and moves, and every validation error with its column.

Columns are 1-based and were counted by hand on the texts below. The base text (start2) is

    nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0
    1     7     13    19    25    31  35  39  43  47 50 52 55 57  63 65 67 69 71

(board at 1 with rows at 1, 7, 13, 19, 25; seat A at 31, seat B at 35; reserve at 39 with B's
half at 41; food at 43 and 45; supply at 47, its plateau count at 50 and marker count at 52;
mover at 55; phase at 57; last at 63; shift at 65; dice at 67; fed at 69; turn at 71; the text
is 71 characters long).
"""

from __future__ import annotations

import random

import pytest

from solver.errors import NotationError
from solver.games.island.island_rules import (
    DISPATCH,
    END,
    NATIVE,
    NEWLAND,
    OCEAN,
    OVER,
    PASS,
    PLATEAU,
    ROLL,
    SHIFT,
    STEP,
    VOLCANO,
    VOLCANO_NONE,
    NUMBER,
    IllegalMove,
    State,
    chance_outcomes,
    is_chance,
    legal_moves,
    move,
    new_game,
    successor,
)
from solver.games.island.island_notation import (
    BUILTIN_POSITIONS,
    DEFAULT_POSITION,
    format_move,
    format_position,
    parse_move,
    parse_position,
    resolve_position,
)

BASE = "nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0"
BOARD = "nooon/oOoOo/ooloo/oOoOo/nooon"


def assert_round_trip(text: str) -> State:
    """format(parse(text)) == text, and parse(format(state)) == state."""
    state = parse_position(text)
    assert format_position(state) == text
    assert parse_position(format_position(state)) == state
    return state


def assert_moves_round_trip(state: State) -> None:
    """Every legal move's text is distinct and parses back to the same move."""
    seen = set()
    for code in legal_moves(state):
        text = format_move(state, code)
        assert text not in seen
        seen.add(text)
        assert parse_move(state, text) == code


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("players", [2, 3, 4])
def test_builtin_positions_are_new_games(players):
    """Notation (I-1, I-2): start2/3/4 are canonical and equal new_game(2/3/4)."""
    name = f"start{players}"
    state = assert_round_trip(BUILTIN_POSITIONS[name])
    assert state == new_game(players)
    assert resolve_position(name) == state
    assert format_position(new_game(players)) == BUILTIN_POSITIONS[name]


def test_default_position_is_start2():
    """Notation: no position given means start2."""
    assert DEFAULT_POSITION == "start2"
    assert resolve_position(None) == new_game(2)
    assert resolve_position("  start3 ") == new_game(3)
    assert resolve_position(BASE) == new_game(2)


def test_fixed_positions_round_trip():
    """Notation: hand-written canonical texts of every phase round-trip."""
    for text in (
        BASE,
        "nooon/ooLoO/ooloo/oOoOo/nooon A:a1 B:- 4/5 1/0 10/5/11 B shift 2E - - - 1",
        "nooon/ooOoO/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A roll - 2E - - 0",
        "nooon/ooOoO/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A die - 2E 13 - 0",
        "nooon/ooLoO/ooloo/oOoOo/nooon A:a1 B:- 4/5 1/0 10/5/11 A action2 - 2E 13 fed 0",
        "nooon/lpooo/Lpooo/ooooo/nooon A:c4 B:d5 4/4 1/0 0/1/14 A action1 2W 3E 12 fed 7",
        "nooon/oopoo/oopoo/ooplo/nooon A:a1,c2,c2,c4 B:c3,c3 1/3 6/2 8/2/11 A over - 1E 11 - 0",
        "nooon/oopoo/ooplo/ooooo/nooon A:c2,c2,c3,d3 B:- C:e1,e1,e1,e1 0/4/0 0/0/0 8/3/11 C action1 eN aS VV - 42",
        "lllon/plolo/lonLo/onpOn/ppopo A:d2 B:- C:- D:- 3/4/4/4 5/1/4/1 0/0/13 B over 4E aN 13 fed 17",
        "nonoo/ooolo/oopln/ooooo/noooo A:c2,d3 B:a1 3/4 1/2 9/4/11 A over - 1E 11 - 2 cap=3",
        "nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0 cap=10000",
    ):
        assert_round_trip(text)


def test_non_canonical_input_is_normalised():
    """Notation: spaces, people order, leading zeros, face order, direction case, cap=200 normalise."""
    state = parse_position("  nooon/ooLoO/ooloo/oOoOo/nooon   A:e1,a1 B:- 3/05 01/0 010/5/11 A action2 - 2e V1 fed 0 cap=200")
    assert format_position(state) == "nooon/ooLoO/ooloo/oOoOo/nooon A:a1,e1 B:- 3/5 1/0 10/5/11 A action2 - 2E 1V fed 0"


def _random_play(seed: int, games: int, plies: int):
    """Positions of seeded random games (chance outcomes drawn by their probabilities)."""
    rng = random.Random(seed)
    for game in range(games):
        state = new_game(2 + game % 3, turn_cap=200 if game % 4 else 30)
        for _ in range(plies):
            yield state
            if state.phase == OVER:
                break
            if is_chance(state):
                codes, weights = zip(*chance_outcomes(state))
                code = rng.choices(codes, [float(w) for w in weights])[0]
            else:
                code = rng.choice(legal_moves(state))
            state = successor(state, code)
        else:
            yield state


def test_random_play_positions_round_trip():
    """Notation: every position of seeded random games round-trips (text and State)."""
    count = over = 0
    for state in _random_play(11, 24, 400):
        text = format_position(state)
        assert parse_position(text) == state
        assert format_position(parse_position(text)) == text
        count += 1
        over += state.phase == OVER
    assert count > 2000 and over >= 10


def test_random_play_moves_round_trip():
    """Notation: every legal move (roll outcomes included) of random-play positions round-trips."""
    checked = set()
    for index, state in enumerate(_random_play(12, 10, 400)):
        if index % 3 == 0:
            assert_moves_round_trip(state)
            checked.add(state.phase)
    assert checked >= {"shift", "roll", "die", "action1", "action2"}


def _random_state(rng: random.Random) -> State:
    """A random State that the notation must accept: box limits, capacity, phase rules."""
    players = rng.randint(2, 4)
    total = 5 if players == 2 else 4
    terrain, markers = [], []
    counts = {NATIVE: 0, NEWLAND: 0, PLATEAU: 0}
    for _ in range(25):
        kind = rng.choice((OCEAN, OCEAN, NATIVE, NEWLAND, PLATEAU))
        if kind != OCEAN and (counts[NATIVE] >= 4 if kind == NATIVE else counts[NEWLAND] + counts[PLATEAU] >= 12 or
                              (kind == PLATEAU and counts[PLATEAU] >= 5)):
            kind = OCEAN
        if kind != OCEAN:
            counts[kind] += 1
        terrain.append(kind)
        markers.append(kind != PLATEAU and sum(markers) < 15 and rng.random() < 0.3)
    people = [[0] * 25 for _ in range(players)]
    reserve = []
    for seat in range(players):
        on_board = rng.randint(0, total)
        for _ in range(on_board):
            index = rng.randrange(25)
            if terrain[index] in (NEWLAND, PLATEAU) and sum(p[index] for p in people) >= 2:
                continue
            people[seat][index] += 1
        reserve.append(rng.randint(0, total - sum(people[seat])))
    phase = rng.choice(("shift", "roll", "die", "action1", "action2", "over"))
    previous = rng.choice([-1, *range(20)])
    shift = -1 if phase == "shift" else rng.choice([s for s in range(20) if previous < 0 or s != previous ^ 1])
    low = rng.randrange(6)
    dice = None if phase in ("shift", "roll") else (low, rng.randrange(low, 6))
    cap = rng.choice((200, 1, 50, 10_000))
    land = counts[NEWLAND] + counts[PLATEAU]
    return State(
        players=players,
        terrain=tuple(terrain),
        markers=tuple(markers),
        people=tuple(tuple(p) for p in people),
        reserve=tuple(reserve),
        food=tuple(rng.randint(0, 60) for _ in range(players)),
        newland_supply=rng.randint(0, 12 - land),
        plateau_supply=rng.randint(0, 5 - counts[PLATEAU]),
        marker_supply=rng.randint(0, 15 - sum(markers)),
        to_move=rng.randrange(players),
        phase=phase,
        previous_shift=previous,
        shift=shift,
        dice=dice,
        fed=phase in ("action1", "action2", "over") and rng.random() < 0.5,
        turn=rng.randrange(cap),
        turn_cap=cap,
    )


def test_random_valid_states_round_trip():
    """Notation: 300 random valid States: format -> parse gives an equal State and the same text."""
    rng = random.Random(3)
    for _ in range(300):
        state = _random_state(rng)
        text = format_position(state)
        assert parse_position(text) == state, text
        assert format_position(parse_position(text)) == text


# --------------------------------------------------------------------------- move texts


def test_move_texts_of_every_kind():
    """Notation (rules section 5): the text of each move kind, and its integer back."""
    state = new_game(2)
    cases = [
        (move(SHIFT, 0), "1E"), (move(SHIFT, 1), "1W"), (move(SHIFT, 2), "2E"), (move(SHIFT, 9), "5W"),
        (move(SHIFT, 10), "aS"), (move(SHIFT, 11), "aN"), (move(SHIFT, 14), "cS"), (move(SHIFT, 19), "eN"),
        (move(ROLL, 2 * 6 + 5), "roll:3V"), (move(ROLL, 0), "roll:11"), (move(ROLL, 35), "roll:VV"),
        (move(NUMBER, 3), "3"), (move(VOLCANO, 16), "V@b4"), (move(VOLCANO_NONE), "V-"),
        (move(DISPATCH, 0), "+a1"), (move(STEP, 6 * 4 + 1), "b2-c2"), (move(STEP, 0 * 4 + 0), "a1-a5"),
        (move(STEP, 14 * 4 + 1), "e3-a3"), (move(END), "."), (move(PASS), "-"),
    ]
    for code, text in cases:
        assert format_move(state, code) == text


def test_move_input_variants():
    """Notation: direction letters and V in any case, roll faces in any order, surrounding blanks."""
    shift = new_game(2)
    assert format_move(shift, parse_move(shift, " 2e ")) == "2E"
    assert format_move(shift, parse_move(shift, "cn")) == "cN"
    roll = successor(shift, move(SHIFT, 2))
    assert format_move(roll, parse_move(roll, "roll:V3")) == "roll:3V"
    assert format_move(roll, parse_move(roll, "roll:v3")) == "roll:3V"
    die = parse_position("nooon/ooOoO/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A die - 2E 3V - 0")
    assert format_move(die, parse_move(die, "v@a3")) == "V@a3"


# --------------------------------------------------------------------------- position errors


def assert_error(text: str, field: str, column: int) -> NotationError:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert (info.value.field, info.value.column) == (field, column), str(info.value)
    return info.value


def test_error_missing_fields():
    """Notation: a missing field is named at the column just past the text."""
    assert_error(BASE[:-2], "turn", 70)
    assert_error(BOARD + " A:- B:- 5/5", "food", 42)
    assert_error(BOARD, "people", 30)
    assert_error("", "board", 1)


def test_error_board_row_count():
    """Notation (I-1): five rows joined by '/'."""
    assert_error("nooon/oOoOo/ooloo/oOoOo A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0", "board", 1)
    assert_error(BOARD + "/ooooo A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0", "board", 1)


def test_error_board_row_too_long():
    """Notation (I-1): a sixth tile in a row is refused at that letter."""
    assert_error(BASE.replace("oOoOo/ooloo", "oOoOoo/ooloo", 1), "board", 12)


def test_error_board_row_too_short():
    """Notation (I-1): a row with 4 tiles is refused just after it."""
    assert_error(BASE.replace("oOoOo/ooloo", "oOoO/ooloo", 1), "board", 11)


def test_error_board_unknown_letter():
    """Notation: letters other than o n l p O N L are refused at the letter."""
    assert_error(BASE.replace("oOoOo/ooloo", "oOxOo/ooloo", 1), "board", 9)
    assert_error(BASE.replace("ooloo", "oo*oo", 1), "board", 15)


def test_error_marker_on_plateau():
    """Notation (I-4): a plateau never carries a marker: 'P' is refused."""
    error = assert_error(BASE.replace("oOoOo/ooloo", "oOPOo/ooloo", 1), "board", 9)
    assert "plateau" in error.message


def test_error_too_many_natives():
    """Notation (I-2 box): a fifth native island is refused at its letter (e5, column 29)."""
    assert_error(BASE.replace("nooon", "nnoon", 1), "board", 29)


def test_error_too_many_plateaus_on_board():
    """Notation (I-2 box): a sixth plateau is refused at its letter."""
    assert_error("ppppp/pOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 0/0/11 A shift - - - - 0", "board", 7)


def test_error_too_many_new_land_pieces_on_board():
    """Notation (I-2 box): a 13th new land piece (new land or plateau) is refused at its letter."""
    assert_error("nllln/lllll/lllll/oOoOo/nooon A:- B:- 5/5 0/0 0/0/11 A shift - - - - 0", "board", 17)


def test_error_too_many_markers_on_board():
    """Notation (I-2 box): a 16th marker is refused at its letter."""
    assert_error("NOOON/OOOOO/OOLOO/Ooooo/nooon A:- B:- 5/5 0/0 0/5/0 A shift - - - - 0", "board", 19)


def test_error_seat_words():
    """Notation: seats are A, B, C, D in order, 2 to 4 of them."""
    assert_error(BASE.replace("B:-", "C:-"), "people", 35)
    assert_error(BASE.replace("A:-", "a:-"), "people", 31)
    assert_error(BASE.replace("A:- B:-", "A:-").replace("5/5 0/0", "5 0"), "people", 31)
    assert_error(BASE.replace("A:- B:-", "A:- B:- C:- D:- E:-"), "people", 47)


def test_error_bad_tile_name():
    """Notation (I-1): people stand on tiles a1..e5, named in lower case."""
    assert_error(BASE.replace("A:-", "A:a1,f2"), "people", 36)
    assert_error(BASE.replace("A:-", "A:a6"), "people", 33)
    assert_error(BASE.replace("A:-", "A:A1"), "people", 33)
    assert_error(BASE.replace("A:-", "A:a1,,b1"), "people", 36)
    assert_error(BASE.replace("A:-", "A:"), "people", 33)


def test_error_more_people_on_board_than_owned():
    """Notation (I-2): with 2 players a seat has 5 people; a sixth on the board is refused at its name."""
    assert_error(BASE.replace("A:-", "A:a1,a1,a1,a1,a1,a1"), "people", 48)


def test_error_capacity_on_new_land():
    """Notation (I-7): a third person (any colour) on a new land is refused at its name."""
    assert_error(BASE.replace("A:- B:- 5/5", "A:c3,c3 B:c3 3/4"), "people", 41)


def test_error_capacity_on_plateau():
    """Notation (I-7): a third person on a plateau is refused at its name."""
    text = "nooon/oOpOo/ooloo/oOoOo/nooon A:c2,c2,c2 B:- 2/5 0/0 10/4/11 A shift - - - - 0"
    assert_error(text, "people", 39)


def test_error_reserve_malformed_or_out_of_range():
    """Notation (I-2): one reserve number per seat, 0..5 with 2 players, 0..4 otherwise."""
    assert_error(BASE.replace("5/5 0/0", "5/5/5 0/0"), "reserve", 39)
    assert_error(BASE.replace("5/5 0/0", "6/5 0/0"), "reserve", 39)
    assert_error(BASE.replace("5/5 0/0", "5/6 0/0"), "reserve", 41)
    assert_error(BASE.replace("5/5 0/0", "5/x 0/0"), "reserve", 41)
    three = BUILTIN_POSITIONS["start3"].replace("4/4/4", "4/5/4")
    assert_error(three, "reserve", 45)


def test_error_people_on_board_plus_reserve_over_total():
    """Notation (I-2): people on the board plus reserve over the seat's total point at its reserve number."""
    assert_error(BASE.replace("A:- B:- 5/5", "A:a1 B:- 5/5"), "reserve", 40)
    assert_error(BASE.replace("A:- B:- 5/5", "A:- B:e5 5/5"), "reserve", 42)
    four = BUILTIN_POSITIONS["start4"].replace("D:-", "D:a1")
    assert_error(four, "reserve", 54)  # reserve at 48, D's number at 54


def test_error_food():
    """Notation: food is one whole number per seat."""
    assert_error(BASE.replace("5/5 0/0", "5/5 x/0"), "food", 43)
    assert_error(BASE.replace("5/5 0/0", "5/5 0"), "food", 43)
    assert_error(BASE.replace("5/5 0/0", "5/5 0/-1"), "food", 45)


def test_error_supply_malformed_or_over_box():
    """Notation (I-2): new lands/plateaus/markers, each within the box's 12/5/15."""
    assert_error(BASE.replace("11/5/11", "11/5"), "supply", 47)
    assert_error(BASE.replace("11/5/11", "13/5/11"), "supply", 47)
    assert_error(BASE.replace("11/5/11", "11/6/11"), "supply", 50)
    assert_error(BASE.replace("11/5/11", "11/5/16"), "supply", 52)


def test_error_board_plus_supply_over_box():
    """Notation (I-2): pieces on the board plus in supply may not exceed the box, per kind."""
    assert_error(BASE.replace("11/5/11", "12/5/11"), "supply", 47)  # 1 new land + 12
    plateau = "nooon/oOpOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 10/5/11 A shift - - - - 0"
    assert_error(plateau, "supply", 50)  # 1 plateau + 5
    assert_error(BASE.replace("11/5/11", "11/5/12"), "supply", 52)  # 4 markers + 12


def test_error_mover():
    """Notation: the mover is one of the seats in play."""
    assert_error(BASE.replace("A shift", "C shift"), "mover", 55)
    assert_error(BASE.replace("A shift", "a shift"), "mover", 55)


def test_error_phase():
    """Notation: the phase is shift, roll, die, action1, action2 or over."""
    assert_error(BASE.replace("shift", "play"), "phase", 57)
    assert_error(BASE.replace("shift", "Shift"), "phase", 57)


def test_error_last_shift():
    """Notation (I-3): the previous shift is like 2E, cN, or '-'."""
    for bad in ("2X", "6E", "cE", "E2"):
        assert_error(BASE.replace("shift - -", f"shift {bad} -"), "last", 63)


def test_error_this_shift_by_phase():
    """Notation (I-3): no shift in phase shift; one in roll, die and the actions; never the reverse of the last."""
    assert_error(BASE.replace("shift - -", "shift - 2E"), "shift", 65)
    assert_error(BASE.replace("shift - -", "roll - -"), "shift", 64)
    assert_error(BASE.replace("shift - -", "roll 2E 2W"), "shift", 65)
    assert_error(BASE.replace("shift - -", "roll - zz"), "shift", 64)


def test_error_dice_by_phase():
    """Notation (I-4): dice only from phase die on; required there."""
    assert_error(BASE.replace("shift - - -", "shift - - 3V"), "dice", 67)
    assert_error(BASE.replace("shift - - -", "roll - 2E 3V"), "dice", 67)
    assert_error(BASE.replace("shift - - -", "die - 2E -"), "dice", 66)
    assert_error(BASE.replace("shift - - - - 0", "action1 - 2E - - 0"), "dice", 70)


def test_error_dice_malformed():
    """Notation (I-4): two faces of 1 2 3 4 5 V."""
    for bad in ("37", "3", "3VV", "06"):
        assert_error(BASE.replace("shift - - -", f"die - 2E {bad}"), "dice", 66)


def test_error_fed():
    """Notation (I-6): 'fed' or '-', and never before the die choice."""
    assert_error(BASE.replace("- - - - 0", "- - - yes 0"), "fed", 69)
    assert_error(BASE.replace("shift - - - - 0", "die - 2E 3V fed 0"), "fed", 69)


def test_error_turn():
    """Notation (I-8): turns played, below the cap."""
    assert_error(BASE[:-1] + "x", "turn", 71)
    assert_error(BASE[:-1] + "200", "turn", 71)
    assert_error(BASE[:-1] + "3 cap=3", "turn", 71)


def test_error_options():
    """Notation (I-8): the only option is cap=N, 1..10000, once."""
    assert_error(BASE + " foo=1", "options", 73)
    assert_error(BASE + " cap", "options", 73)
    assert_error(BASE + " cap=5 cap=6", "options", 79)
    assert_error(BASE + " cap=0", "options", 77)
    assert_error(BASE + " cap=10001", "options", 77)


def test_error_non_ascii_digit():
    """Notation: a non-ASCII digit is bad text (NotationError, not a bare ValueError)."""
    assert_error(BASE[:-1] + "²", "turn", 71)


def test_error_unknown_builtin_name():
    """Notation: a single word that is not a built-in name is refused."""
    with pytest.raises(NotationError) as info:
        resolve_position("start5")
    assert (info.value.field, info.value.column) == ("position", 1)


# --------------------------------------------------------------------------- move errors

ACTION = "nooon/oOoOo/ooloo/oOoOo/nooon A:a1 B:- 4/5 0/0 11/5/11 A action1 - 2E 3V - 0"


@pytest.mark.parametrize(
    "text, column",
    [("", 1), ("x", 1), ("6E", 1), ("11", 1), ("V", 1), ("+f1", 2), ("+a", 2), ("+A1", 2), ("V@z1", 3),
     ("roll:37", 6), ("roll:3", 6), ("b2-f2", 4), ("b2-", 4), ("a1-b1x", 4)],
)
def test_move_error_bad_syntax(text, column):
    """Notation: malformed move texts raise NotationError in field 'move' at the bad part."""
    state = parse_position(ACTION)
    with pytest.raises(NotationError) as info:
        parse_move(state, text)
    assert (info.value.field, info.value.column) == ("move", column)


@pytest.mark.parametrize(
    "position, text",
    [
        (ACTION, "2E"),  # a shift in phase action1
        (ACTION, "3"),  # a die choice in phase action1
        (ACTION, "."),  # no action taken yet
        (ACTION, "-"),  # an action is possible
        (ACTION, "+b1"),  # not a native island
        (ACTION, "b1-c1"),  # no person of A there
        (ACTION, "a1-c1"),  # not adjacent
        (BASE, "roll:11"),  # the roll comes after the shift
        (BASE, "+a1"),
        ("nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift 2E - - - 1", "2W"),  # reverse (I-3)
        ("nooon/ooOoO/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A die - 2E 13 - 0", "2"),  # no die shows 2
        ("nooon/ooOoO/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A die - 2E 13 - 0", "V@a3"),  # no V
        ("nooon/ooOoO/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A die - 2E 3V - 0", "V@b4"),  # marked
        ("nooon/ooOoO/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A die - 2E 3V - 0", "V-"),  # a tile is free
        ("nooon/ooLoO/ooloo/oOoOo/nooon A:a1 B:- 4/5 1/0 10/5/11 A action2 - 2E 13 fed 0", "-"),
        ("nonoo/ooolo/oopln/ooooo/noooo A:c2,d3 B:- 3/5 0/0 9/4/11 A action1 - 1E 11 - 0", "d3-d4"),  # new land -> ocean
        ("nonoo/ooolo/oopln/ooooo/noooo A:c2,d3 B:- 3/5 0/0 9/4/11 A action1 - 1E 11 - 0", "c2-c3"),  # ocean -> plateau
        ("nonoo/ooolo/oopln/ooooo/noooo A:c2,c3 B:- 3/5 0/0 9/4/11 A action1 - 1E 11 - 0", "c3-d3"),  # finished
        ("nonoo/ooolo/oopln/ooooo/noooo A:c2,d3 B:d2,d2 3/3 0/0 9/4/11 A action1 - 1E 11 - 0", "c2-d2"),  # full
        ("nooon/oopoo/oopoo/ooplo/nooon A:a1,c2,c2,c4 B:c3,c3 1/3 6/2 8/2/11 A over - 1E 11 - 0", "."),  # over
    ],
)
def test_move_illegal(position, text):
    """Notation: well-formed but illegal moves raise IllegalMove (not NotationError), with a reason."""
    state = parse_position(position)
    with pytest.raises(IllegalMove) as info:
        parse_move(state, text)
    assert text.strip() in str(info.value) and ":" in str(info.value)


# --------------------------------------------------------------------------- documentation


def test_docs_examples_run():
    """docs/notation.md, Island Project: every Python example gives exactly the output shown."""
    import doctest
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    section = text[text.index("\n# Island Project"):]
    parser = doctest.DocTestParser()
    test = parser.get_doctest(section, {}, "notation.md#island-project", "docs/notation.md", 0)
    assert len(test.examples) >= 30
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
