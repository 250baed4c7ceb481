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
from solver.games.island import island_notation as notation
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
from tests.island.island_random import random_move, state_of
from tests.notation_cases import assert_docs_examples_run, assert_moves_round_trip, assert_round_trip, notation_error

BASE = "nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0"
BOARD = "nooon/oOoOo/ooloo/oOoOo/nooon"


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("players", [2, 3, 4])
def test_builtin_positions_are_new_games(players):
    """Notation (I-1, I-2): start2/3/4 are canonical and equal new_game(2/3/4)."""
    name = f"start{players}"
    state = assert_round_trip(notation, BUILTIN_POSITIONS[name])
    assert state == new_game(players)
    assert resolve_position(name) == state
    assert format_position(new_game(players)) == BUILTIN_POSITIONS[name]


def test_default_position_is_start2():
    """Notation: no position given means start2."""
    assert DEFAULT_POSITION == "start2"
    assert resolve_position(None) == new_game(2)
    assert resolve_position("  start3 ") == new_game(3)
    assert resolve_position(BASE) == new_game(2)


@pytest.mark.parametrize(
    "text",
    [
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
    ],
)
def test_fixed_positions_round_trip(text):
    """Notation: hand-written canonical texts of every phase round-trip."""
    assert_round_trip(notation, text)


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
            state = successor(state, random_move(state, rng))
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
            assert_moves_round_trip(notation, state, legal_moves(state))
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
    return state_of(
        terrain, markers, people, reserve,
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
    """The NotationError parse_position raises for `text`, naming `field` at `column`."""
    return notation_error(field, column, parse_position, text)


# (old, new, field, column): BASE with its first `old` written `new` is refused in `field` at `column`;
# each group of cases under the reason it checks (the ruling in brackets).
BASE_EDITS = [
    # Notation (I-1): a sixth tile in a row is refused at that letter.
    ("oOoOo/ooloo", "oOoOoo/ooloo", "board", 12),
    # Notation (I-1): a row with 4 tiles is refused just after it.
    ("oOoOo/ooloo", "oOoO/ooloo", "board", 11),
    # Notation: letters other than o n l p O N L are refused at the letter.
    ("oOoOo/ooloo", "oOxOo/ooloo", "board", 9),
    ("ooloo", "oo*oo", "board", 15),
    # Notation (I-2 box): a fifth native island is refused at its letter (e5, column 29).
    ("nooon", "nnoon", "board", 29),
    # Notation: seats are A, B, C, D in order, 2 to 4 of them.
    ("B:-", "C:-", "people", 35),
    ("A:-", "a:-", "people", 31),
    ("A:- B:- 5/5 0/0", "A:- 5 0", "people", 31),
    ("A:- B:-", "A:- B:- C:- D:- E:-", "people", 47),
    # Notation (I-1): people stand on tiles a1..e5, named in lower case.
    ("A:-", "A:a1,f2", "people", 36),
    ("A:-", "A:a6", "people", 33),
    ("A:-", "A:A1", "people", 33),
    ("A:-", "A:a1,,b1", "people", 36),
    ("A:-", "A:", "people", 33),
    # Notation (I-2): with 2 players a seat has 5 people; a sixth on the board is refused at its name.
    ("A:-", "A:a1,a1,a1,a1,a1,a1", "people", 48),
    # Notation (I-7): a third person (any colour) on a new land is refused at its name.
    ("A:- B:- 5/5", "A:c3,c3 B:c3 3/4", "people", 41),
    # Notation (I-2): one reserve number per seat, 0..5 with 2 players, 0..4 otherwise.
    ("5/5 0/0", "5/5/5 0/0", "reserve", 39),
    ("5/5 0/0", "6/5 0/0", "reserve", 39),
    ("5/5 0/0", "5/6 0/0", "reserve", 41),
    ("5/5 0/0", "5/x 0/0", "reserve", 41),
    # Notation (I-2): people on the board plus reserve over the seat's total point at its reserve number.
    ("A:- B:- 5/5", "A:a1 B:- 5/5", "reserve", 40),
    ("A:- B:- 5/5", "A:- B:e5 5/5", "reserve", 42),
    # Notation: food is one whole number per seat.
    ("5/5 0/0", "5/5 x/0", "food", 43),
    ("5/5 0/0", "5/5 0", "food", 43),
    ("5/5 0/0", "5/5 0/-1", "food", 45),
    # Notation (I-2): new lands/plateaus/markers, each within the box's 12/5/15.
    ("11/5/11", "11/5", "supply", 47),
    ("11/5/11", "13/5/11", "supply", 47),
    ("11/5/11", "11/6/11", "supply", 50),
    ("11/5/11", "11/5/16", "supply", 52),
    # Notation (I-2): pieces on the board plus in supply may not exceed the box, per kind.
    ("11/5/11", "12/5/11", "supply", 47),  # 1 new land + 12
    ("11/5/11", "11/5/12", "supply", 52),  # 4 markers + 12
    # Notation: the mover is one of the seats in play.
    ("A shift", "C shift", "mover", 55),
    ("A shift", "a shift", "mover", 55),
    # Notation: the phase is shift, roll, die, action1, action2 or over.
    ("shift", "play", "phase", 57),
    ("shift", "Shift", "phase", 57),
    # Notation (I-3): the previous shift is like 2E, cN, or '-'.
    ("shift - -", "shift 2X -", "last", 63),
    ("shift - -", "shift 6E -", "last", 63),
    ("shift - -", "shift cE -", "last", 63),
    ("shift - -", "shift E2 -", "last", 63),
    # Notation (I-3): no shift in phase shift; one in roll, die and the actions; never the reverse of the last.
    ("shift - -", "shift - 2E", "shift", 65),
    ("shift - -", "roll - -", "shift", 64),
    ("shift - -", "roll 2E 2W", "shift", 65),
    ("shift - -", "roll - zz", "shift", 64),
    # Notation (I-4): dice only from phase die on; required there.
    ("shift - - -", "shift - - 3V", "dice", 67),
    ("shift - - -", "roll - 2E 3V", "dice", 67),
    ("shift - - -", "die - 2E -", "dice", 66),
    ("shift - - - - 0", "action1 - 2E - - 0", "dice", 70),
    # Notation (I-4): two faces of 1 2 3 4 5 V.
    ("shift - - -", "die - 2E 37", "dice", 66),
    ("shift - - -", "die - 2E 3", "dice", 66),
    ("shift - - -", "die - 2E 3VV", "dice", 66),
    ("shift - - -", "die - 2E 06", "dice", 66),
    # Notation (I-6): 'fed' or '-', and never before the die choice.
    ("- - - - 0", "- - - yes 0", "fed", 69),
    ("shift - - - - 0", "die - 2E 3V fed 0", "fed", 69),
]


@pytest.mark.parametrize("old, new, field, column", BASE_EDITS)
def test_errors_in_edits_of_the_base_text(old, new, field, column):
    """Notation: each edit of BASE that breaks a rule is refused with a NotationError naming the
    field and the column of the fault (why: the comment over its group of cases)."""
    assert old in BASE
    assert_error(BASE.replace(old, new, 1), field, column)


# (text, field, column) of the texts that are not one edit of BASE, grouped as above.
POSITION_ERRORS = [
    # Notation: a missing field is named at the column just past the text.
    (BASE[:-2], "turn", 70),
    (BOARD + " A:- B:- 5/5", "food", 42),
    (BOARD, "people", 30),
    ("", "board", 1),
    # Notation (I-1): five rows joined by '/'.
    ("nooon/oOoOo/ooloo/oOoOo A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0", "board", 1),
    (BOARD + "/ooooo A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0", "board", 1),
    # Notation (I-2 box): a sixth plateau is refused at its letter.
    ("ppppp/pOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 0/0/11 A shift - - - - 0", "board", 7),
    # Notation (I-2 box): a 13th new land piece (new land or plateau) is refused at its letter.
    ("nllln/lllll/lllll/oOoOo/nooon A:- B:- 5/5 0/0 0/0/11 A shift - - - - 0", "board", 17),
    # Notation (I-2 box): a 16th marker is refused at its letter.
    ("NOOON/OOOOO/OOLOO/Ooooo/nooon A:- B:- 5/5 0/0 0/5/0 A shift - - - - 0", "board", 19),
    # Notation (I-7): a third person on a plateau is refused at its name.
    ("nooon/oOpOo/ooloo/oOoOo/nooon A:c2,c2,c2 B:- 2/5 0/0 10/4/11 A shift - - - - 0", "people", 39),
    # Notation (I-2): one reserve number per seat, 0..5 with 2 players, 0..4 otherwise.
    (BUILTIN_POSITIONS["start3"].replace("4/4/4", "4/5/4"), "reserve", 45),
    # Notation (I-2): people on the board plus reserve over the seat's total point at its reserve number.
    (BUILTIN_POSITIONS["start4"].replace("D:-", "D:a1"), "reserve", 54),  # reserve at 48, D's number at 54
    # Notation (I-2): pieces on the board plus in supply may not exceed the box, per kind.
    ("nooon/oOpOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 10/5/11 A shift - - - - 0", "supply", 50),  # 1 plateau + 5
    # Notation (I-8): turns played, below the cap.
    (BASE[:-1] + "x", "turn", 71),
    (BASE[:-1] + "200", "turn", 71),
    (BASE[:-1] + "3 cap=3", "turn", 71),
    # Notation (I-8): the only option is cap=N, 1..10000, once.
    (BASE + " foo=1", "options", 73),
    (BASE + " cap", "options", 73),
    (BASE + " cap=5 cap=6", "options", 79),
    (BASE + " cap=0", "options", 77),
    (BASE + " cap=10001", "options", 77),
    # Notation: a non-ASCII digit is bad text (NotationError, not a bare ValueError).
    (BASE[:-1] + "²", "turn", 71),
]


@pytest.mark.parametrize("text, field, column", POSITION_ERRORS)
def test_position_errors_name_field_and_column(text, field, column):
    """Notation: each bad position text is refused with a NotationError naming the field and the
    column of the fault (why: the comment over its group of cases)."""
    assert_error(text, field, column)


def test_error_marker_on_plateau():
    """Notation (I-4): a plateau never carries a marker: 'P' is refused."""
    error = assert_error(BASE.replace("oOoOo/ooloo", "oOPOo/ooloo", 1), "board", 9)
    assert "plateau" in error.message


def test_error_unknown_builtin_name():
    """Notation: a single word that is not a built-in name is refused."""
    notation_error("position", 1, resolve_position, "start5")


# --------------------------------------------------------------------------- move errors

ACTION = "nooon/oOoOo/ooloo/oOoOo/nooon A:a1 B:- 4/5 0/0 11/5/11 A action1 - 2E 3V - 0"


@pytest.mark.parametrize(
    "text, column",
    [("", 1), ("x", 1), ("6E", 1), ("11", 1), ("V", 1), ("+f1", 2), ("+a", 2), ("+A1", 2), ("V@z1", 3),
     ("roll:37", 6), ("roll:3", 6), ("b2-f2", 4), ("b2-", 4), ("a1-b1x", 4)],
)
def test_move_error_bad_syntax(text, column):
    """Notation: malformed move texts raise NotationError in field 'move' at the bad part."""
    notation_error("move", column, parse_move, parse_position(ACTION), text)


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
    assert_docs_examples_run("Island Project", 30)
