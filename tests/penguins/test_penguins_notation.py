"""Penguins notation: round trips of positions and moves, and every validation error with its column.

Columns are 1-based and were counted by hand on the texts below. The base text is

    4x4 4/4/4/4 - A play 16/16 3+1/3+1 2
    1   5       13 15 17  22    28      36

(size at 1, board at 5, tiles at 13, turn at 15, phase at 17, supply at 22 with B's half at 25,
unused at 28 with B's half at 32, ply at 36; the text is 36 characters long).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solver.errors import NotationError
from solver.games.penguins import penguins_notation as notation
from solver.games.penguins.penguins_rules import (
    EGG,
    ICEBERG,
    PENGUIN,
    PLAY,
    SETUP,
    STAR,
    IllegalMove,
    Piece,
    Rules,
    State,
    legal_moves,
    new_game,
    status,
    successor,
)
from solver.games.penguins.penguins_notation import (
    BUILTIN_POSITIONS, format_move, format_position, parse_move, parse_position, resolve_position,
)
from tests.notation_cases import assert_moves_round_trip, assert_round_trip, notation_error

BASE = "4x4 4/4/4/4 - A play 16/16 3+1/3+1 2"
MIXED = "4x4 P1e1/1I1E/1p2/S2e - A play 12/10 2+0/2+1 9"


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("name", sorted(BUILTIN_POSITIONS))
def test_builtin_positions_round_trip(name):
    """Notation (P-4 scenarios): every built-in position is canonical text and round-trips."""
    state = assert_round_trip(notation, BUILTIN_POSITIONS[name])
    assert resolve_position(name) == state
    assert state.phase == SETUP and state.to_move == 0 and state.ply == 0


@pytest.mark.parametrize(
    "text",
    [
        BASE,
        MIXED,
        "8x8 PSEpse1I/8/8/8/8/8/8/7I - B play 3/15 2+0/2+0 123",
        "5x7 5/5/5/5/5/5/5 - A setup 16/16 3+0/8+0 0 cap=20 eggs=40 assistants=8 stars=0",
        "4x4 e3/4/4/4 - B setup 1/0 3+1/3+1 1 eggs=1",
        "6x4 E1P1E1/1E1E2/E1E3/1E1I1E - B play 8/16 2+1/3+1 6",
    ],
)
def test_fixed_positions_round_trip(text):
    """Notation: hand-written canonical texts (options, both sides, all letters) round-trip."""
    assert_round_trip(notation, text)


def test_new_game_formats_as_start():
    """Notation/P-2: new_game() is the built-in start text."""
    assert format_position(new_game()) == BUILTIN_POSITIONS["start"]


def _random_games(seed: int, starts: list[str], plies: int):
    """Positions of seeded random games from the given starts (including the end positions)."""
    rng = random.Random(seed)
    for text in starts:
        state = parse_position(text)
        for _ in range(plies):
            yield state
            moves = legal_moves(state)
            if not moves:
                break
            state = successor(state, rng.choice(moves))
        else:
            yield state


RANDOM_STARTS = [
    *BUILTIN_POSITIONS.values(),
    "4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0",
    "5x7 5/5/1I3/5/5/3I1/5 - A setup 16/16 3+1/3+1 0",
    "7x4 7/3I3/7/7 - A setup 6/6 2+1/2+1 0 cap=40 eggs=6 assistants=2",
]


def test_random_play_positions_round_trip():
    """Notation: positions reached by seeded random play round-trip (text and State)."""
    count = 0
    for seed in (1, 2, 3):
        for state in _random_games(seed, RANDOM_STARTS, 80):
            text = format_position(state)
            assert parse_position(text) == state
            assert format_position(parse_position(text)) == text
            count += 1
    assert count > 100


def test_random_play_moves_round_trip():
    """Notation: every legal move of positions from random play round-trips through its text."""
    checked = 0
    for index, state in enumerate(_random_games(7, RANDOM_STARTS, 60)):
        if index % 5 == 0:
            assert_moves_round_trip(notation, state, legal_moves(state))
            checked += 1
    assert checked > 10


def test_fixed_positions_moves_round_trip():
    """Notation: move texts of setup, landing, hatching and slides round-trip in fixed positions."""
    for text in (BASE, MIXED, BUILTIN_POSITIONS["floes"], "4x4 4/1e2/2E1/4 - A play 15/15 3+1/3+1 2"):
        state = parse_position(text)
        assert_moves_round_trip(notation, state, legal_moves(state))
    mixed = parse_position(MIXED)
    texts = {format_move(mixed, m) for m in legal_moves(mixed)}
    assert {"^d2", "a1-SE", "a1-NE", "a4-NW", "+b1", "+c4"} <= texts
    # lower-case direction names are read too; the canonical text is upper case
    assert format_move(mixed, parse_move(mixed, "a1-ne")) == "a1-NE"


PIECES = [Piece(EGG, 0), Piece(EGG, 1), Piece(PENGUIN, 0), Piece(PENGUIN, 1), Piece(STAR, 0), Piece(STAR, 1), Piece(ICEBERG)]


@st.composite
def valid_states(draw):
    """Random valid states: board 4..8 on each side, pieces within the rule counts."""
    width = draw(st.integers(4, 8))
    height = draw(st.integers(4, 8))
    rules = Rules(
        ply_cap=draw(st.integers(1, 10_000)),
        eggs=draw(st.integers(1, 40)),
        assistants=draw(st.integers(0, 8)),
        stars=draw(st.integers(0, 1)),
    )
    limit = {EGG: rules.eggs, PENGUIN: rules.assistants, STAR: rules.stars}
    fill = draw(st.floats(0.0, 1.0))
    cells = draw(st.lists(st.tuples(st.floats(0.0, 1.0), st.sampled_from(PIECES)), min_size=width * height, max_size=width * height))
    counts: Counter = Counter()
    board = []
    for roll, piece in cells:
        if roll >= fill or (piece.kind != ICEBERG and counts[piece] >= limit[piece.kind]):
            board.append(None)
            continue
        counts[piece] += 1
        board.append(piece)
    supply = tuple(draw(st.integers(0, rules.eggs - counts[Piece(EGG, side)])) for side in (0, 1))
    assume(supply != (0, 0))
    assistants = tuple(draw(st.integers(0, rules.assistants - counts[Piece(PENGUIN, side)])) for side in (0, 1))
    stars = tuple(draw(st.integers(0, rules.stars - counts[Piece(STAR, side)])) for side in (0, 1))
    return State(
        width=width,
        height=height,
        board=tuple(board),
        supply=supply,
        unused_assistants=assistants,
        unused_stars=stars,
        to_move=draw(st.integers(0, 1)),
        phase=draw(st.sampled_from((SETUP, PLAY))),
        ply=draw(st.integers(0, 1_000_000)),
        rules=rules,
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_states())
def test_random_valid_states_round_trip(state):
    """Notation (P-1, P-2, P-8 options): format -> parse gives back an equal State and the same text."""
    text = format_position(state)
    parsed = parse_position(text)
    assert parsed == state
    assert format_position(parsed) == text


# --------------------------------------------------------------------------- position errors


def assert_error(text: str, field: str, column: int) -> NotationError:
    """The NotationError parse_position raises for `text`, naming `field` at `column`."""
    return notation_error(field, column, parse_position, text)


# (text, field, column); each group under the reason it checks, the ruling in each case's id.
POSITION_ERRORS = [
    # Notation/P-1: sizes outside 4..8 or not WxH are refused at the bad number.
    pytest.param("9x4 4/4/4/4 - A play 16/16 3+1/3+1 2", "size", 1, id="P-1 width 9"),
    pytest.param("3x4 3/3/3/3 - A play 16/16 3+1/3+1 2", "size", 1, id="P-1 width 3"),
    pytest.param("4x9 4/4/4/4/4/4/4/4/4 - A play 16/16 3+1/3+1 2", "size", 3, id="P-1 height 9 at the 9"),
    pytest.param("4x3 4/4/4 - A play 16/16 3+1/3+1 2", "size", 3, id="P-1 height 3"),
    pytest.param("44 4/4/4/4 - A play 16/16 3+1/3+1 2", "size", 1, id="P-1 size not WxH"),
    pytest.param("4x4x4 4/4/4/4 - A play 16/16 3+1/3+1 2", "size", 1, id="P-1 size WxHxH"),
    pytest.param("  9x4 4/4/4/4 - A play 16/16 3+1/3+1 2", "size", 3, id="P-1 leading blanks shift the column"),
    # Notation/P-1: the board must have H rows; the error points at the board field.
    pytest.param("4x4 4/4/4 - A play 16/16 3+1/3+1 2", "board", 5, id="P-1 3 rows of 4"),
    pytest.param("4x4 4/4/4/4/4 - A play 16/16 3+1/3+1 2", "board", 5, id="P-1 5 rows of 4"),
    # Notation/P-1: a row with more than W spaces is refused at the letter that overflows it.
    pytest.param("4x4 4/5/4/4 - A play 16/16 3+1/3+1 2", "board", 7, id="P-1 row of 5 spaces"),
    pytest.param("4x4 4/4/2PE1/4 - A play 16/16 3+1/3+1 2", "board", 12, id="P-1 row overflowed by its last 1"),
    # Notation/P-1: a row with fewer than W spaces is refused just after the row (where a space is missing).
    pytest.param("4x4 4/3/4/4 - A play 16/16 3+1/3+1 2", "board", 8, id="P-1 row of 3 spaces"),
    pytest.param("4x4 4/2P/4/4 - A play 16/16 3+1/3+1 2", "board", 9, id="P-1 row of 2 and a penguin"),
    pytest.param("4x4 4/4/4/3 - A play 16/16 3+1/3+1 2", "board", 12, id="P-1 last row short"),
    # Notation: an unknown board letter (or the digit 0) is refused at that letter.
    pytest.param("4x4 4/1X2/4/4 - A play 16/16 3+1/3+1 2", "board", 8, id="letter X"),
    pytest.param("4x4 4/4/4/0 - A play 16/16 3+1/3+1 2", "board", 11, id="digit 0"),
    pytest.param("4x4 4/4/4/3i - A play 16/16 3+1/3+1 2", "board", 12, id="letter i"),
    # Notation: the turn is A or B.
    pytest.param("4x4 4/4/4/4 - C play 16/16 3+1/3+1 2", "turn", 15, id="turn C"),
    pytest.param("4x4 4/4/4/4 - a play 16/16 3+1/3+1 2", "turn", 15, id="turn a"),
    # Notation/P-4: the phase is setup or play.
    pytest.param("4x4 4/4/4/4 - A Play 16/16 3+1/3+1 2", "phase", 17, id="P-4 phase Play"),
    pytest.param("4x4 4/4/4/4 - A done 16/16 3+1/3+1 2", "phase", 17, id="P-4 phase done"),
    # Notation/P-2: a supply above the egg total is refused at that side's number.
    pytest.param("4x4 4/4/4/4 - A play 17/16 3+1/3+1 2", "supply", 22, id="P-2 A supply 17 of 16"),
    pytest.param("4x4 4/4/4/4 - A play 16/17 3+1/3+1 2", "supply", 25, id="P-2 B supply 17 of 16"),
    pytest.param("4x4 4/4/4/4 - A play 6/5 3+1/3+1 2 eggs=5", "supply", 22, id="P-2 A supply 6 of eggs=5"),
    # Notation: a supply that is not two whole numbers is refused.
    pytest.param("4x4 4/4/4/4 - A play x/16 3+1/3+1 2", "supply", 22, id="supply x"),
    pytest.param("4x4 4/4/4/4 - A play 16 3+1/3+1 2", "supply", 22, id="supply one number"),
    pytest.param("4x4 4/4/4/4 - A play 16/-1 3+1/3+1 2", "supply", 25, id="supply -1"),
    # Notation/P-2/P-8: A's eggs on the board plus its supply may not exceed its egg total.
    # board "E3/4/4/4" is one letter longer than the base board: supply starts at 23.
    pytest.param("4x4 E3/4/4/4 - A play 16/16 3+1/3+1 2", "supply", 23, id="P-2 P-8 A eggs plus supply"),
    # Notation/P-2/P-8: B's eggs plus supply over the total point at B's half of the supply.
    # supply "16/16" starts at 23; B's half starts at 26.
    pytest.param("4x4 e3/4/4/4 - A play 16/16 3+1/3+1 2", "supply", 26, id="P-2 P-8 B eggs plus supply"),
    # Notation/P-2: A's penguins on the board plus unused ones may not exceed what it owns.
    # unused "3+1/3+1" starts at 29 (board one letter longer than the base).
    pytest.param("4x4 P3/4/4/4 - A play 16/16 3+1/3+1 2", "unused", 29, id="P-2 A assistants plus unused"),
    pytest.param("4x4 S3/4/4/4 - A play 16/16 3+1/3+1 2", "unused", 29, id="P-2 A star plus unused"),
    # Notation/P-2: B's penguins plus unused over the total point at B's half of the unused field.
    # unused "3+1/3+1" starts at 29; B's half starts at 33.
    pytest.param("4x4 p3/4/4/4 - A play 16/16 3+1/3+1 2", "unused", 33, id="P-2 B assistants plus unused"),
    # Notation/P-2: unused penguins are assistants+stars within the configured counts.
    pytest.param("4x4 4/4/4/4 - A play 16/16 3-1/3+1 2", "unused", 28, id="P-2 unused 3-1"),
    pytest.param("4x4 4/4/4/4 - A play 16/16 4+1/3+1 2", "unused", 28, id="P-2 unused 4 assistants"),
    pytest.param("4x4 4/4/4/4 - A play 16/16 3+1/3+2 2", "unused", 34, id="P-2 unused 2 stars"),
    pytest.param("4x4 4/4/4/4 - A play 16/16 3+1/3+1 2 assistants=2", "unused", 28, id="P-2 unused 3 of assistants=2"),
    # Notation/P-8: the ply is a whole number.
    pytest.param("4x4 4/4/4/4 - A play 16/16 3+1/3+1 x", "ply", 36, id="P-8 ply x"),
    pytest.param("4x4 4/4/4/4 - A play 16/16 3+1/3+1 -1", "ply", 36, id="P-8 ply -1"),
    # Notation/P-8: only cap, eggs, assistants and stars are options.
    pytest.param(BASE + " foo=3", "options", 38, id="P-8 option foo"),
    pytest.param(BASE + " cap", "options", 38, id="P-8 option without value"),
    pytest.param(BASE + " cap=5 seagull=1", "options", 44, id="P-8 option seagull"),
    # Notation/P-8: an option given twice is refused at its second occurrence.
    pytest.param(BASE + " cap=5 cap=6", "options", 44, id="P-8 option twice"),
    # Notation/P-8/P-2: option values are range-checked at the value.
    pytest.param(BASE + " cap=0", "options", 42, id="P-8 cap=0"),
    pytest.param(BASE + " eggs=65", "options", 43, id="P-2 eggs=65"),
    pytest.param(BASE + " stars=2", "options", 44, id="P-2 stars=2"),
    # Notation: a missing field is named, at the column just past the text.
    pytest.param("4x4 4/4/4/4 - A play 16/16 3+1/3+1", "ply", 35, id="missing ply"),
    pytest.param("4x4 4/4/4/4 - A", "phase", 16, id="missing phase"),
    pytest.param("4x4", "board", 4, id="missing board"),
    pytest.param("", "size", 1, id="empty text"),
    # Notation/P-8: both supplies empty cannot happen (only one side can have won).
    pytest.param("4x4 4/4/4/4 - A play 0/0 3+1/3+1 2", "supply", 22, id="P-8 both supplies empty"),
    # Notation: a non-ASCII digit such as '²' is bad text, reported as NotationError (not a bare ValueError).
    pytest.param("4x4 4/4/4/4 - A play ²/16 3+1/3+1 2", "supply", 22, id="non-ASCII digit in the supply"),
    pytest.param("4x4 4/4/4/4 - A play 16/16 3+1/3+1 ²", "ply", 36, id="non-ASCII digit in the ply"),
    # Notation (P-19): at most 8 river tiles; eight tiles flowing E off the 8x8 board are fine, a ninth
    # is refused (the tiles field starts at column 21, each tile 'rhN:E,' is 6 characters).
    pytest.param("8x8 8/8/8/8/8/8/8/8 " + ",".join(f"rh{r}:E" for r in range(1, 9)) + ",rg1:E A play 16/16 3+1/3+1 2",
                 "tiles", 21 + 6 * 8, id="P-19 ninth river tile"),
]


@pytest.mark.parametrize("text, field, column", POSITION_ERRORS)
def test_position_errors_name_field_and_column(text, field, column):
    """Notation: each bad position text is refused with a NotationError naming the field and column
    of the fault (why each case is refused: the comment over its group)."""
    assert_error(text, field, column)


def test_barrier_letters_round_trip():
    """Notation (P-11..P-14): G seagull, M emperor penguin, N nest, L seal stand on spaces like I."""
    state = assert_round_trip(notation, "4x4 G1M1/N1L1/I3/4 - A play 16/16 3+1/3+1 2")
    assert [p.kind for p in state.board if p is not None] == ["seagull", "emperor", "nest", "seal", "iceberg"]


@pytest.mark.parametrize("letter", ["G", "M", "N", "L"])
def test_error_second_barrier_of_a_kind(letter):
    """Notation: at most one seagull, emperor penguin, nest and seal; the second is refused at its letter."""
    error = assert_error(f"4x4 {letter}{letter}2/4/4/4 - A play 16/16 3+1/3+1 2", "board", 6)
    assert "more than 1" in error.message


def test_tiles_round_trip_every_kind():
    """Notation (P-15..P-23): every terrain tile, a tent's sense and river arrows (a fork), in space order."""
    text = "6x6 6/6/6/6/6/6 sa1,tb1:ccw,hc1,fd1,xe1,wf1,ba2,kb2,rd2:SE,rd3:E+SE,re3:E,rf3:E,rd4:SE,rd5:SE,rd6:SE,hf6 A play 16/16 3+1/3+1 2"
    state = assert_round_trip(notation, text)
    kinds = [t.kind for t in state.terrain if t is not None]
    assert kinds == ["storm", "tent", "hole", "freezing", "radiation", "seaweed", "blazing", "krill",
                     "river", "river", "river", "river", "river", "river", "river", "hole"]
    assert state.tile(1).sense == "ccw" and state.tile(15).arrows == (0, 2)


def test_tiles_are_read_in_any_order_and_case_of_arrows():
    """Notation: tiles in any order and arrows in any case and order; the canonical text sorts them."""
    state = parse_position("4x4 4/4/4/4 kd4,ra1:nw+w A play 16/16 3+1/3+1 2")
    assert format_position(state) == "4x4 4/4/4/4 ra1:W+NW,kd4 A play 16/16 3+1/3+1 2"


def test_team_option_round_trips():
    """Notation (P-2 team mode): the option team=1."""
    assert_round_trip(notation, "4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0 team=1")


@pytest.mark.parametrize(
    "tiles, column, words",
    [
        pytest.param("x", 14, "not a space name", id="radiation without its space"),
        pytest.param("--", 13, "not a tile", id="not a tile"),
        pytest.param("qc3", 13, "not a tile", id="no tile letter q"),
        pytest.param("se5", 14, "off the 4x4 board", id="storm off the board"),
        pytest.param("sa1,ha1", 17, "two tiles on a1", id="two tiles on one space"),
        pytest.param("ha1,hb1,hc1", 21, "more than 2 hole", id="three holes"),
        pytest.param("sa1,sb1,sc1", 21, "more than 2 storm", id="three storms"),
        pytest.param("ta1:cw,tb1:cw", 20, "more than 1 tent", id="two tents"),
        pytest.param("ka1,kb1,kc1", 21, "more than 2 krill", id="three krill"),
        pytest.param("ba1,bb1,bc1", 21, "more than 2 blazing", id="three blazing"),
        pytest.param("fa1,fb1,fc1", 21, "more than 2 freezing", id="three freezing"),
        pytest.param("xa1,xb1,xc1,xd1", 25, "more than 3 radiation", id="four radiation"),
        pytest.param("wa1,wb1,wc1", 21, "more than 2 seaweed", id="three seaweed"),
        pytest.param("wb2", 13, "not on the board's edge", id="P-21 seaweed off the edge"),
        pytest.param("tb2", 17, "sense", id="P-16 tent without its sense"),
        pytest.param("tb2:up", 17, "sense", id="P-16 tent sense up"),
        pytest.param("sa1:cw", 17, "no ':' attribute", id="storm with a sense"),
        pytest.param("ra1", 17, "arrows", id="P-19 river without arrows"),
        pytest.param("ra1:UP", 17, "arrows", id="P-19 arrow UP"),
        pytest.param("ra1:E+E", 17, "arrows", id="P-19 one arrow twice"),
        pytest.param("ra1:E+W+SE", 17, "arrows", id="P-19 three arrows"),
        pytest.param("rb2:E", 13, "points E to c2, which is no river tile", id="P-19 arrow to no river tile"),
        pytest.param("rb2:E,rc2:W", 13, "runs in a circle", id="P-19 river in a circle"),
        pytest.param("ra1:W+NW,rb1:NW+NE,rc1:NW+NE", 32, "more than 2 river forks", id="P-19 three forks"),
        pytest.param("ra1:E,rb1:NW,rc1:W,rb2:NW", 19, "three or more arrows point to the river on b1",
                     id="FAQ exp Q2 three arrows into one tile"),
        pytest.param("ra1:E,rb1:E,rc1:E,rd1:E,rb2:NW+NE,rd2:NW", 31, "more than 2 river confluences",
                     id="FAQ exp Q2 three confluences"),
    ],
)
def test_error_tiles(tiles, column, words):
    """Notation: each tiles-field error names the tile's column and says what is wrong."""
    assert words in assert_error(f"4x4 4/4/4/4 {tiles} A play 16/16 3+1/3+1 2", "tiles", column).message


@pytest.mark.parametrize(
    "move, column",
    [
        ("a1-E/zz", 6),
        ("a1-E/st:UP", 9),
        ("a1-E/br:2", 9),
        ("a1-E/rp:2", 9),
        ("a1-E/k:b2,a1", 6),
        ("a1-E/k:a1,b1,c1", 6),
        ("a1-E/h/h", 8),
        ("em:E", 1),
        ("em:UP/+a1", 4),
        ("a1-up", 1),
        ("a1-E/g:z9", 8),
        ("a1-E/ge:E", 6),
    ],
)
def test_error_move_parts(move, column):
    """Notation: a malformed move part is refused at its column."""
    notation_error("move", column, parse_move, parse_position("4x4 P3/4/4/4 - A play 10/16 2+1/3+1 2"), move)


MOVE_TEXTS = [
    ("4x4 M1II/IIII/II1I/IIII - A play 10/10 2+1/3+1 4", "em:E/^a1"),
    ("4x4 M1II/IIII/II1I/IIII - A play 10/10 2+1/3+1 4", "+c3/em:E"),
    ("4x4 LeII/EIII/II1I/IIII - A play 10/10 3+1/3+1 4", "se:SE/+c3"),
    ("5x5 P4/5/5/5/5 sc1 A play 10/10 2+1/3+1 4", "a1-E/st:SW"),
    ("5x5 P4/5/4I/5/5 hb1,hd3 A play 10/10 2+1/3+1 4", "a1-E/h"),
    ("5x5 P3I/2G2/5/5/5 - A play 10/10 2+1/3+1 4", "a1-E/g:e5"),
    ("4x4 P2I/IIII/I11I/IIII kb1,kc1 A play 10/10 2+1/3+1 4", "a1-E/k:b3,c3"),
    ("5x5 5/5/3e1/5/5 bc3 A play 10/10 3+1/3+1 4", "+d2/b:d2"),
    ("5x5 5/3E1/2NP1/1e3/5 - A play 10/10 2+1/3+1 4", "d3-cw"),
    ("5x5 5/1P2I/5/5/5 rd2:E+SE,re2:E,rd3:SE,rd4:SE,rd5:SE A play 10/10 2+1/3+1 4", "b2-E/br:1"),
    ("5x5 3I1/2e2/5/3P1/5 rd2:E,re2:E,tc3:cw A play 10/10 2+1/3+1 4", "d4-NW/rf"),
    ("5x5 2eI1/1E3/5/3P1/5 rc1:SE,rb2:E,rc2:E,rd2:E,re2:E A play 10/10 2+1/3+1 4", "d4-NW/rp"),
    ("5x5 2G2/P2I1/5/5/5 rc1:NW,kb2,rc2:NW,rc3:NW A play 10/10 2+1/3+1 4", "a2-E/ge/g:e5/ke/k:c1"),
    ("4x4 eeee/eeGe/P2I/eee1 rc1:NW,rc2:NW,kb3,rc3:NW A play 10/5 2+1/3+1 4", "a3-E/ge/kf/k:d4"),
]


@pytest.mark.parametrize("position, move", MOVE_TEXTS)
def test_move_parts_round_trip(position, move):
    """Notation (P-9): every move part round-trips, and so does every legal move of these positions."""
    state = parse_position(position)
    assert format_move(state, parse_move(state, move)) == move
    assert_moves_round_trip(notation, state, legal_moves(state))


def test_scenarios_use_every_barrier_and_terrain_tile():
    """Notation (P-4): the named scenarios are setup starts that together use every barrier and tile."""
    from solver.games.penguins.penguins_notation import SCENARIOS

    assert len(SCENARIOS) >= 6
    barriers, tiles = set(), set()
    for name, description, text in SCENARIOS:
        state = assert_round_trip(notation, text)
        assert BUILTIN_POSITIONS[name] == text and description
        assert state.phase == SETUP and state.ply == 0 and state.to_move == 0
        barriers |= {p.kind for p in state.board if p is not None}
        tiles |= {t.kind for t in state.terrain if t is not None}
    assert barriers == {"iceberg", "seagull", "emperor", "nest", "seal"}
    assert tiles == {"storm", "tent", "river", "hole", "freezing", "radiation", "seaweed", "blazing", "krill"}


def test_error_unknown_builtin_name():
    """Notation: a single word that is not a built-in name is refused."""
    notation_error("position", 1, resolve_position, "iceland")


# --------------------------------------------------------------------------- move errors


PLAYING = "4x4 4/1e2/2E1/4 - A play 15/15 3+1/3+1 2"


@pytest.mark.parametrize(
    "text, column",
    [("c4", 1), ("c4-UP", 1), ("c4-", 1), ("x", 1), ("+c", 2), ("+", 2), ("^44", 2), ("+c4x", 2)],
)
def test_move_error_bad_syntax(text, column):
    """Notation (P-9 move encoding): malformed move texts raise NotationError in field 'move'."""
    notation_error("move", column, parse_move, parse_position(PLAYING), text)


@pytest.mark.parametrize("text, column", [("+e1", 2), ("+a5", 2), ("^h8", 2), ("e1-E", 1), ("a5-SW", 1)])
def test_move_error_off_board(text, column):
    """Notation/P-1: a well-formed space name off the 4x4 board is a NotationError."""
    error = notation_error("move", column, parse_move, parse_position(PLAYING), text)
    assert "off the 4x4 board" in error.message


@pytest.mark.parametrize("text", ["+c3", "+b2", "^b2", "^a1", "a1-E", "c3-E"])
def test_move_error_illegal(text):
    """Notation/P-5/P-6: well-formed but illegal moves raise IllegalMove, not NotationError."""
    state = parse_position(PLAYING)
    with pytest.raises(IllegalMove) as info:
        parse_move(state, text)
    assert not isinstance(info.value, NotationError)


def test_move_error_illegal_in_setup():
    """Notation/P-4: during setup only rival-egg placements parse; hatching is illegal."""
    state = parse_position("4x4 4/1e2/4/4 - B setup 16/15 3+1/3+1 1")
    with pytest.raises(IllegalMove):
        parse_move(state, "^b2")
    with pytest.raises(IllegalMove):
        parse_move(state, "+b2")
    move = parse_move(state, "+c3")
    assert format_position(successor(state, move)) == "4x4 4/1e2/2E1/4 - A play 15/15 3+1/3+1 2"


def test_move_error_game_over():
    """Notation/P-8: once the game is over no move parses."""
    state = parse_position("4x4 e3/4/4/4 - A play 5/0 3+1/3+1 9 eggs=5")
    assert status(state) != 0
    with pytest.raises(IllegalMove):
        parse_move(state, "+b1")
