"""Hand-derived scenario tests of the Island Project reference rules (rulings I-1..I-8 and the
engine choices of docs/rules/island.md).

Every expected value below was worked out by hand from docs/rules/island.md, not read off the
code. Positions are written in the Island notation (docs/notation.md, "Island Project"):

    BOARD SEATS... RESERVE FOOD SUPPLY MOVER PHASE LAST SHIFT DICE FED TURN [cap=N]

BOARD is five rows r = 0..4 (rows 1..5) of five tiles a..e: o ocean, n native island, l new
land, p plateau, a capital for a volcano marker. Tile a1 is the top-left corner, index r*5+c.
Shifts: 2E = row 2 pushed east, cN = column c pushed north. The death cross of X is X, then its
wrapped neighbours up, right, down, left (also the breadth-first queue order).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from solver.errors import CalderaError
from solver.games.island.island_rules import (
    ACTION1, ACTION2, NATIVE, NEWLAND, OCEAN, OVER, PLATEAU, ROLLING, SHIFTING, IllegalMove, apply, chance_outcomes,
    death_cross, is_chance, legal_moves, neighbour, new_game, perft, plateau_people, results, successor,
)
from solver.games.island.island_notation import format_move, format_position, parse_move, parse_position, parse_tile
from tests.island.island_random import random_move

START2 = "nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0"
ALL_SHIFTS = {f"{row}{d}" for row in "12345" for d in "EW"} | {f"{col}{d}" for col in "abcde" for d in "SN"}
FACES = "12345V"


def t(name: str) -> int:
    """Index of a named tile."""
    return parse_tile(name)


def position(board: str, people: str = "A:- B:-", reserve: str = "5/5", food: str = "0/0", supply: str = "11/5/11",
             mover: str = "A", phase: str = "shift", last: str = "-", shift: str = "-", dice: str = "-", fed: str = "-",
             turn: str = "0", cap: str = ""):
    """A State from its notation fields (defaults: 2 players, nothing on the board, turn 0)."""
    words = [board, people, reserve, food, supply, mover, phase, last, shift, dice, fed, turn]
    return parse_position(" ".join(words + ([cap] if cap else [])))


def texts(state) -> set[str]:
    """The legal moves of `state` as notation texts (distinct)."""
    moves = [format_move(state, m) for m in legal_moves(state)]
    assert len(moves) == len(set(moves)), "two legal moves share a text"
    return set(moves)


def play(state, *moves: str):
    """Apply the moves (notation texts) one after another with `apply`."""
    for text in moves:
        state = apply(state, parse_move(state, text))
    return state


def tiles_where(state, predicate) -> set[str]:
    """Names of the tiles whose index satisfies predicate."""
    from solver.games.island.island_notation import tile_name

    return {tile_name(i) for i in range(25) if predicate(i)}


# --------------------------------------------------------------------------- I-1 board


def test_i1_start_layout():
    """I-1: native corners, new land on c3, markers on b2 d2 b4 d4, ocean elsewhere."""
    for players in (2, 3, 4):
        s = new_game(players)
        assert tiles_where(s, lambda i: s.terrain[i] == NATIVE) == {"a1", "e1", "a5", "e5"}
        assert tiles_where(s, lambda i: s.terrain[i] == NEWLAND) == {"c3"}
        assert tiles_where(s, lambda i: s.terrain[i] == PLATEAU) == set()
        assert sum(1 for x in s.terrain if x == OCEAN) == 20
        assert tiles_where(s, lambda i: s.markers[i]) == {"b2", "d2", "b4", "d4"}
        assert s.to_move == 0 and s.phase == SHIFTING and s.previous_shift == -1 and s.turn == 0
        assert s.dice is None and not s.fed
    assert format_position(new_game(2)) == START2


def test_i1_tile_names_and_indices():
    """I-1: a1 is the top-left corner (index 0), c3 the centre (12), e5 the last tile (24)."""
    assert (t("a1"), t("e1"), t("a2"), t("c3"), t("a5"), t("e5")) == (0, 4, 5, 12, 20, 24)


def test_i1_adjacency_wraps_on_both_axes():
    """I-1: up from row 1 is row 5, left from column a is column e, and the reverse."""
    assert [neighbour(t("a1"), d) for d in range(4)] == [t("a5"), t("b1"), t("a2"), t("e1")]
    assert neighbour(t("c1"), 0) == t("c5")
    assert neighbour(t("a3"), 3) == t("e3")
    assert neighbour(t("e5"), 1) == t("a5") and neighbour(t("e5"), 2) == t("e1")
    assert death_cross(t("a1")) == (t("a1"), t("a5"), t("b1"), t("a2"), t("e1"))
    assert death_cross(t("c3")) == (t("c3"), t("c2"), t("d3"), t("c4"), t("b3"))


def test_i1_people_steps_wrap():
    """I-1/I-7: people on the corners a1 and e5 step across both edges."""
    s = position("nooon/ooooo/ooloo/ooooo/nooon", "A:a1,e5 B:-", "3/5", phase="action1", shift="1E", dice="11")
    assert texts(s) == {
        "+a1", "+e1", "+a5", "+e5",
        "a1-a5", "a1-b1", "a1-a2", "a1-e1",  # up wraps to row 5, left wraps to column e
        "e5-e4", "e5-a5", "e5-e1", "e5-d5",  # right wraps to column a, down wraps to row 1
    }


# --------------------------------------------------------------------------- I-2 players and supplies


@pytest.mark.parametrize("players, people", [(2, 5), (3, 4), (4, 4)])
def test_i2_people_and_supplies_by_player_count(players, people):
    """I-2: 5 people each with 2 players, 4 with 3 or 4; 11 new lands, 5 plateaus, 11 markers."""
    s = new_game(players)
    assert s.players == players
    assert s.reserve == (people,) * players
    assert s.people == ((0,) * 25,) * players
    assert s.food == (0,) * players
    assert (s.newland_supply, s.plateau_supply, s.marker_supply) == (11, 5, 11)


@pytest.mark.parametrize("players", [0, 1, 5])
def test_i2_player_count_outside_2_to_4_is_refused(players):
    """I-2: Island Project is for 2 to 4 players."""
    with pytest.raises(CalderaError):
        new_game(players)


# --------------------------------------------------------------------------- I-3 shifts

# Row 2 holds an ocean with a marker, a new land (A), a plateau (B), an ocean, a native (A).
SHIFT_BOARD = "oooon/Olpon/ooloo/ooooo/nooon"


def shift_start():
    return position(SHIFT_BOARD, "A:b2,e2 B:c2", "3/4", supply="9/4/14")


@pytest.mark.parametrize(
    "shift, expected",
    [
        # east: e2 re-enters on a2 with its A person, everything else moves one column right
        ("2E", "oooon/nOlpo/ooloo/ooooo/nooon A:a2,c2 B:d2"),
        # west: a2 (the marked ocean) re-enters on e2
        ("2W", "oooon/lponO/ooloo/ooooo/nooon A:a2,d2 B:b2"),
        # south: e5 (a native) re-enters on e1; e2's native with the A person goes to e3
        ("eS", "oooon/Olpon/oolon/ooooo/noooo A:b2,e3 B:c2"),
        # north: b1 (ocean) re-enters on b5; b2's new land with its A person goes to b1
        ("bN", "oloon/Oopon/ooloo/ooooo/nooon A:b1,e2 B:c2"),
    ],
)
def test_i3_shift_carries_terrain_markers_and_people(shift, expected):
    """I-3: the line rotates one step; the pushed-out tile re-enters at the other end with all on it."""
    after = play(shift_start(), shift)
    assert format_position(after) == f"{expected} 3/4 0/0 9/4/14 A roll - {shift} - - 0"
    assert after.phase == ROLLING and is_chance(after)


def test_i3_first_turn_allows_all_20_shifts():
    """I-3: the first turn has no previous shift: 5 rows x 2 + 5 columns x 2."""
    s = new_game(2)
    assert texts(s) == ALL_SHIFTS and len(ALL_SHIFTS) == 20


@pytest.mark.parametrize("last, reverse", [("2E", "2W"), ("2W", "2E"), ("cN", "cS"), ("aS", "aN")])
def test_i3_reverse_of_previous_shift_is_forbidden(last, reverse):
    """I-3: only the exact reverse (same line, opposite direction) is forbidden; the same shift is allowed."""
    s = parse_position(f"nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 B shift {last} - - - 1")
    assert texts(s) == ALL_SHIFTS - {reverse}
    assert last in texts(s)
    with pytest.raises(IllegalMove):
        parse_move(s, reverse)


def test_i3_full_turns_and_the_previous_shift():
    """I-3..I-7: A's whole turn from the start, then B's; the forbidden reverse follows the last shift."""
    s = new_game(2)
    # 2E: row 2 "oOoOo" becomes "ooOoO" (e2 re-enters on a2).
    s = play(s, "2E")
    assert format_position(s) == "nooon/ooOoO/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A roll - 2E - - 0"
    s = play(s, "roll:13")
    assert texts(s) == {"1", "3"}
    # k = 3 after an east push is c2, which now has the marker: it erupts alone (no marker in
    # its cross c1 d2 c3 b2), ocean selected by the die -> new land keeping its marker, food 1.
    s = play(s, "3")
    assert format_position(s) == "nooon/ooLoO/ooloo/oOoOo/nooon A:- B:- 5/5 1/0 10/5/11 A action1 - 2E 13 fed 0"
    assert texts(s) == {"+a1", "+e1", "+a5", "+e5"}
    s = play(s, "+a1")
    assert texts(s) == {"+a1", "+e1", "+a5", "+e5", "a1-a5", "a1-b1", "a1-a2", "a1-e1", "."}
    s = play(s, ".")
    assert format_position(s) == "nooon/ooLoO/ooloo/oOoOo/nooon A:a1 B:- 4/5 1/0 10/5/11 B shift 2E - - - 1"
    assert texts(s) == ALL_SHIFTS - {"2W"}
    # B: 3E moves c3's new land to d3; roll 11, k = 1 is a3 (ocean, no marker): a marker.
    s = play(s, "3E", "roll:11", "1", "+e5", ".")
    assert format_position(s) == "nooon/ooLoO/Ooolo/oOoOo/nooon A:a1 B:e5 4/4 1/0 10/5/10 A shift 3E - - - 2"
    assert texts(s) == ALL_SHIFTS - {"3W"}  # 2W is allowed again: only the previous player's shift counts


# --------------------------------------------------------------------------- I-4 dice


def test_i4_roll_has_21_outcomes_summing_to_one():
    """I-4: unordered pairs of six faces: 6 doubles at 1/36, 15 others at 2/36."""
    s = play(new_game(2), "2E")
    outcomes = chance_outcomes(s)
    assert len(outcomes) == 21
    assert sum(p for _, p in outcomes) == 1
    by_text = {format_move(s, code): p for code, p in outcomes}
    assert set(by_text) == {f"roll:{FACES[i]}{FACES[j]}" for i in range(6) for j in range(i, 6)}
    for text, p in by_text.items():
        double = text[5] == text[6]
        assert p == (Fraction(1, 36) if double else Fraction(2, 36)), text
    assert sorted(legal_moves(s)) == sorted(code for code, _ in outcomes)
    assert by_text["roll:33"] == Fraction(1, 36) and by_text["roll:3V"] == Fraction(1, 18)


# After each push the line is counted from the pushing marker: k = 1 is the re-entered tile.
COUNTS = {
    "2E": ["a2", "b2", "c2", "d2", "e2"],
    "2W": ["e2", "d2", "c2", "b2", "a2"],
    "cS": ["c1", "c2", "c3", "c4", "c5"],
    "cN": ["c5", "c4", "c3", "c2", "c1"],
    "5E": ["a5", "b5", "c5", "d5", "e5"],
}


@pytest.mark.parametrize("shift, k", [(shift, k) for shift in COUNTS for k in range(1, 6)])
def test_i4_counting_k_from_the_pushing_marker(shift, k):
    """I-4/I-5: a number k on a tile without a marker puts one there, counting from the push's start."""
    s = position("nooon/ooooo/ooloo/ooooo/nooon", phase="die", shift=shift, dice=f"{k}{k}")
    assert texts(s) == {str(k)}  # a double offers one choice
    after = play(s, str(k))
    assert tiles_where(after, lambda i: after.markers[i]) == {COUNTS[shift][k - 1]}
    assert after.terrain == s.terrain and after.marker_supply == 10
    assert after.food == (0, 0) and not after.fed and after.phase == ACTION1


def test_i4_number_on_a_plateau_does_nothing():
    """I-4: a plateau selected by a number: nothing happens."""
    s = position("nooon/oopoo/ooloo/ooooo/nooon", phase="die", shift="2E", dice="33", supply="10/4/11")
    after = play(s, "3")  # c2, the plateau
    assert format_position(after) == "nooon/oopoo/ooloo/ooooo/nooon A:- B:- 5/5 0/0 10/4/11 A action1 - 2E 33 - 0"


def test_i4_number_without_marker_supply_does_nothing():
    """I-4/I-5: an unmarked tile selected with no marker in supply stays unmarked."""
    s = position("nooon/ooooo/ooloo/ooooo/nooon", phase="die", shift="2E", dice="33", supply="11/5/0")
    after = play(s, "3")
    assert format_position(after) == "nooon/ooooo/ooloo/ooooo/nooon A:- B:- 5/5 0/0 11/5/0 A action1 - 2E 33 - 0"


# Plateaus c2 and e4, markers b2 d2 b4, new land c3.
V_BOARD = "nooon/oOpOo/ooloo/oOoop/nooon"


def test_i4_volcano_face_offers_every_unmarked_non_plateau_tile():
    """I-4: V puts a marker on any tile without one, plateaus excluded; the number is the other choice."""
    s = position(V_BOARD, phase="die", shift="2E", dice="1V", supply="9/3/12")
    all_tiles = {f"{c}{r}" for c in "abcde" for r in "12345"}
    expected = {"V@" + name for name in all_tiles - {"c2", "e4", "b2", "d2", "b4"}}
    assert len(expected) == 20
    assert texts(s) == expected | {"1"}
    after = play(s, "V@c3")
    assert format_position(after) == "nooon/oOpOo/ooLoo/oOoop/nooon A:- B:- 5/5 0/0 9/3/11 A action1 - 2E 1V - 0"
    for bad in ("V@c2", "V@b2", "V-", "2"):
        with pytest.raises(IllegalMove):
            parse_move(s, bad)


def test_i4_volcano_double_and_number_double():
    """I-4: VV offers only placements; 33 offers the single choice 3."""
    vv = position(V_BOARD, phase="die", shift="2E", dice="VV", supply="9/3/12")
    assert len(texts(vv)) == 20 and all(x.startswith("V@") for x in texts(vv))
    assert texts(position(V_BOARD, phase="die", shift="2E", dice="33", supply="9/3/12")) == {"3"}


def test_i4_volcano_without_marker_supply_is_v_dash():
    """I-4: with no marker in supply the V choice is the single move V-, which changes nothing."""
    s = position(V_BOARD, phase="die", shift="2E", dice="1V", supply="9/3/0")
    assert texts(s) == {"1", "V-"}
    after = play(s, "V-")
    assert format_position(after) == f"{V_BOARD} A:- B:- 5/5 0/0 9/3/0 A action1 - 2E 1V - 0"
    with pytest.raises(IllegalMove):
        parse_move(s, "V@a2")


# --------------------------------------------------------------------------- I-5 eruptions


def test_i5_death_cross_wraps_and_spares_plateaus():
    """I-5: a1 erupts: a1, a5 (up), b1 (right), a2 (down), e1 (left) are hit; the plateau a2 is safe.

    Killed people go back to their owner's reserve; the native a1 only loses its marker (I-6).
    """
    s = position("Nooon/poooo/ooloo/ooooo/nooon", "A:a1,b1,c1,e2,a5 B:a1,a2,e1", "0/2",
                 supply="10/4/14", phase="die", shift="1E", dice="11")
    after = play(s, "1")
    # A: a1 a5 b1 die (3 back), c1 and e2 are outside the cross; B: a1 e1 die, a2 is on a plateau.
    assert format_position(after) == "nooon/poooo/ooloo/ooooo/nooon A:c1,e2 B:a2 3/4 0/0 10/4/15 A action1 - 1E 11 - 0"
    # killed people may be dispatched again
    assert {"+a1", "+e1", "+a5", "+e5"} <= texts(after)


# a2 b2 a3 b3 d3 e3 carry markers; b2 and b3 are new land, the others ocean. After 3E, k = 1 is a3.
CHAIN_BOARD = "nooon/OLooo/OLoOO/ooooo/nooon"


def test_i5_chain_is_breadth_first_across_the_edge():
    """I-5/I-6: a3 -> queue a2 (up), b3 (right), e3 (left, across the edge); a2 queues b2, e3 queues d3.

    Eruption order a3 a2 b3 e3 b2 d3. With 2 new lands in supply a3 and a2 take them, so e3 and d3
    stay ocean (a depth-first stack would have served e3 before a2). a3 keeps its marker and does
    not erupt again although it lies in the crosses of a2, b3 and e3.
    People: A a4 (a3's cross) and e2 (a2's cross) die, c4 survives; B b1 and c2 (b2's cross) die, d5 survives.
    """
    s = position(CHAIN_BOARD, "A:a4,c4,e2 B:b1,c2,d5", "2/2", supply="2/3/9", phase="die", shift="3E", dice="12")
    after = play(s, "1")
    assert format_position(after) == "nooon/lpooo/Lpooo/ooooo/nooon A:c4 B:d5 4/4 1/0 0/1/14 A action1 - 3E 12 fed 0"


def test_i5_chain_second_generation_waits_for_the_first():
    """I-5/I-6: with one plateau in supply, b3 (queued by a3) takes it before b2 (queued later by a2).

    Order a3 a2 b3 e3 b2 d3; 5 new lands: a3, a2, e3 and d3 take four, one stays; b2 stays new land
    but loses its marker. Food once (I-6).
    """
    s = position(CHAIN_BOARD, supply="5/1/9", phase="die", shift="3E", dice="12")
    after = play(s, "1")
    assert format_position(after) == "nooon/llooo/Lpoll/ooooo/nooon A:- B:- 5/5 1/0 1/0/14 A action1 - 3E 12 fed 0"


# --------------------------------------------------------------------------- I-6 uplift


def test_i6_selected_new_land_becomes_plateau_and_loses_marker():
    """I-6: new land erupting becomes a plateau, its marker back to supply; the mover gets 1 food."""
    s = position("nooon/ooLoo/ooloo/ooooo/nooon", phase="die", shift="2E", dice="33", supply="10/5/14")
    after = play(s, "3")
    assert format_position(after) == "nooon/oopoo/ooloo/ooooo/nooon A:- B:- 5/5 1/0 10/4/15 A action1 - 2E 33 fed 0"


def test_i6_selected_ocean_keeps_marker_and_chained_ocean_loses_it():
    """I-6: c2 (selected ocean) becomes new land with its marker; d2 (chained ocean) becomes new land without."""
    s = position("nooon/ooOOo/ooloo/ooooo/nooon", phase="die", shift="2E", dice="33", supply="11/5/13")
    after = play(s, "3")
    assert format_position(after) == "nooon/ooLlo/ooloo/ooooo/nooon A:- B:- 5/5 1/0 9/5/14 A action1 - 2E 33 fed 0"


def test_i6_native_only_loses_marker_and_gives_no_food():
    """I-6: a native island erupting loses its marker; nothing forms, so no food."""
    s = position("nooon/ooooo/ooloo/ooooo/NoooN", phase="die", shift="5E", dice="11", supply="11/5/13")
    after = play(s, "1")  # a5; its cross a4 b5 a1 e5: e5 (left, across the edge) erupts too
    assert format_position(after) == "nooon/ooooo/ooloo/ooooo/nooon A:- B:- 5/5 0/0 11/5/15 A action1 - 5E 11 - 0"


def test_i6_empty_supplies_leave_terrain_but_chained_markers_go():
    """I-6: no new land in supply: the selected ocean stays ocean with its marker, the chained ocean
    loses its marker; no plateau in supply: the chained new land stays new land without marker. No food."""
    s = position("nooon/ooOOo/ooLoo/ooooo/nooon", phase="die", shift="2E", dice="33", supply="0/0/12")
    # supplies 0/0 only end the game after the terrain step (I-8); here nothing forms, still 0/0 -> over.
    after = play(s, "3")
    assert after.phase == OVER
    assert format_position(after) == "nooon/ooOoo/ooloo/ooooo/nooon A:- B:- 5/5 0/0 0/0/14 A over - 2E 33 - 0"
    s = position("nooon/ooOOo/ooLoo/ooooo/nooon", phase="die", shift="2E", dice="33", supply="0/1/12")
    after = play(s, "3")  # c2 (ocean, kept), d2 (ocean, off), c3 (new land -> plateau, the last one)
    assert format_position(after) == "nooon/ooOoo/oopoo/ooooo/nooon A:- B:- 5/5 1/0 0/0/14 A over - 2E 33 fed 0"


def test_i6_food_once_per_turn():
    """I-6: four eruptions that form terrain still give 1 food; 'fed' is kept for the rest of the turn."""
    s = position(CHAIN_BOARD, supply="5/3/9", phase="die", shift="3E", dice="12", food="3/2")
    after = play(s, "1")
    assert after.food == (4, 2) and after.fed
    after = play(after, "+a1")
    assert after.food == (4, 2) and after.fed and after.phase == ACTION2
    after = play(after, ".")
    assert not after.fed and after.food == (4, 2)


# --------------------------------------------------------------------------- I-7 people

# natives a1 c1 e3 a5; new land d2 d3; plateau c3.
STEP_BOARD = "nonoo/ooolo/oopln/ooooo/noooo"


def steps(people: str, reserve: str, phase: str = "action1"):
    return position(STEP_BOARD, people, reserve, supply="9/4/11", phase=phase, shift="1E", dice="11")


def test_i7_dispatch_and_step_rules():
    """I-7: dispatch to every native; from ocean c2: native c1, new land d2, ocean b2 but not the
    plateau c3; from new land d3: new land d2 and plateau c3, never the native e3 or the ocean d4."""
    s = steps("A:c2,d3 B:-", "3/5")
    assert texts(s) == {"+a1", "+c1", "+e3", "+a5", "c2-c1", "c2-d2", "c2-b2", "d3-d2", "d3-c3"}
    for bad in ("c2-c3", "d3-e3", "d3-d4", ".", "-"):
        with pytest.raises(IllegalMove):
            parse_move(s, bad)


@pytest.mark.parametrize(
    "move, food, where",
    [
        ("c2-c1", 0, "c1,d3"),  # ocean -> native: free
        ("c2-b2", 0, "b2,d3"),  # ocean -> ocean: free
        ("c2-d2", 2, "d2,d3"),  # ocean -> new land: +2
        ("d3-d2", 0, "c2,d2"),  # new land -> new land: free
        ("d3-c3", 2, "c2,c3"),  # new land -> plateau: +2
        ("+e3", 0, "c2,d3,e3"),  # dispatch: free
    ],
)
def test_i7_step_food(move, food, where):
    """I-7: 2 food for reaching new land from ocean/native and for reaching a plateau from new land."""
    after = play(steps("A:c2,d3 B:-", "3/5", ), move)
    reserve = "2/5" if move.startswith("+") else "3/5"
    assert format_position(after) == f"{STEP_BOARD} A:{where} B:- {reserve} {food}/0 9/4/11 A action2 - 1E 11 - 0"


def test_i7_new_land_person_never_returns_and_plateau_person_is_finished():
    """I-7: after c2-d2 that person only has d2-d3 (new land); after d3-c3 the plateau person has no step."""
    after = play(steps("A:c2,d3 B:-", "3/5"), "c2-d2")
    assert {x for x in texts(after) if x.startswith("d2-")} == {"d2-d3"}
    after = play(steps("A:c2,d3 B:-", "3/5"), "d3-c3")
    assert not {x for x in texts(after) if x.startswith("c3-")}
    assert texts(after) == {"+a1", "+c1", "+e3", "+a5", "c2-c1", "c2-d2", "c2-b2", "."}


def test_i7_capacity_two_on_new_land_and_plateau():
    """I-7: a new land or plateau with 2 people (any colours) takes no more; ocean and natives are unlimited."""
    full_new_land = steps("A:c2,d2,d3 B:d2", "2/4")
    assert {"c2-d2", "d3-d2"} & texts(full_new_land) == set()
    assert "d2-d3" in texts(full_new_land)  # d3 holds one person: a second fits
    full_plateau = steps("A:c2,d3 B:c3,c3", "3/3")
    assert "d3-c3" not in texts(full_plateau)
    crowded = steps("A:a1,a1,a1,c2,c2 B:a1,b2,b2,b2,c1", "0/0")
    assert {"c2-c1", "c2-b2", "a1-e1"} <= texts(crowded)  # c1 native, b2 ocean, e1 ocean: no limit


def test_i7_pass_only_when_no_action_is_possible():
    """I-7: A (3 players) has all 4 people on plateaus and none in reserve: '-' is the only move."""
    s = parse_position("nooon/oopoo/oopoo/ooooo/nooon A:c2,c2,c3,c3 B:- C:- 0/4/4 0/0/0 10/3/11 A action1 - 1E 11 - 4")
    assert texts(s) == {"-"}
    after = play(s, "-")
    assert format_position(after) == "nooon/oopoo/oopoo/ooooo/nooon A:c2,c2,c3,c3 B:- C:- 0/4/4 0/0/0 10/3/11 B shift 1E - - - 5"


def test_i7_end_after_one_action_and_second_action_ends_the_turn():
    """I-7: '.' is legal only after the first action; a second action ends the turn by itself."""
    s = steps("A:c2,d3 B:-", "3/5")
    one = play(s, "+a1")
    assert "." in texts(one) and "-" not in texts(one)
    ended = play(one, ".")
    assert format_position(ended) == f"{STEP_BOARD} A:a1,c2,d3 B:- 2/5 0/0 9/4/11 B shift 1E - - - 1"
    two = play(one, "+a1")
    assert format_position(two) == f"{STEP_BOARD} A:a1,a1,c2,d3 B:- 1/5 0/0 9/4/11 B shift 1E - - - 1"


def test_i7_second_action_may_be_impossible():
    """I-7: A's last movable person steps onto a plateau; the second action has only '.'."""
    s = parse_position("nooon/oopoo/ooplo/ooooo/nooon A:c2,c2,c3,d3 B:- C:- 0/4/4 0/0/0 8/3/11 A action1 - 1E 11 - 0")
    assert texts(s) == {"d3-c3"}
    after = play(s, "d3-c3")
    assert texts(after) == {"."} and after.food == (2, 0, 0)


# --------------------------------------------------------------------------- I-8 end and scoring


def test_i8_supplies_exhausted_end_right_after_the_terrain_step():
    """I-8: the last plateau forms: no people actions; 1 food for the terrain, 1 per surviving person.

    c2 (new land with marker) erupts: B's person on b2 dies; A keeps a1 and c4, B keeps e5.
    A: 0 + 1 (terrain) + 2 (people) = 3; B: 0 + 1 = 1.
    """
    s = position("nooon/ooLoo/ooloo/ooooo/nooon", "A:a1,c4 B:b2,e5", "3/3", supply="0/1/14",
                 phase="die", shift="2E", dice="33")
    after = play(s, "3")
    assert format_position(after) == "nooon/oopoo/ooloo/ooooo/nooon A:a1,c4 B:e5 3/4 3/1 0/0/15 A over - 2E 33 fed 0"
    assert legal_moves(after) == [] and results(after) == (1.0, 0.0)


def test_i8_last_new_land_also_ends():
    """I-8: with no plateau left, the last new land (selected ocean, marker kept) ends the game."""
    s = position("nooon/ooOoo/ooloo/ooooo/nooon", "A:- B:e1", "5/4", supply="1/0/14", phase="die", shift="2E", dice="33")
    after = play(s, "3")
    assert format_position(after) == "nooon/ooLoo/ooloo/ooooo/nooon A:- B:e1 5/4 1/1 0/0/14 A over - 2E 33 fed 0"
    assert results(after) == (0.5, 0.5)  # 1 food each, nobody on a plateau: shared


def test_i8_supplies_not_yet_exhausted_go_on():
    """I-8: one plateau still in supply: the game goes on to the people actions."""
    s = position("nooon/ooOoo/ooloo/ooooo/nooon", supply="1/1/14", phase="die", shift="2E", dice="33")
    assert play(s, "3").phase == ACTION1


# plateaus c2 c3 c4, new land d4
FIVE_BOARD = "nooon/oopoo/oopoo/ooplo/nooon"


def test_i8_five_on_plateaus_ends_after_the_turn():
    """I-8: the 5th person on a plateau does not end the game before the turn is over."""
    s = position(FIVE_BOARD, "A:c2,c2,d4 B:c3,c3", "2/3", supply="8/2/11", phase="action1", shift="1E", dice="11")
    assert plateau_people(s) == 4
    after = play(s, "d4-c4")
    assert after.phase == ACTION2 and plateau_people(after) == 5
    over = play(after, "+a1")
    # A: 2 (step) + 4 people on the board (c2 c2 c4 a1); B: 2 people.
    assert format_position(over) == "nooon/oopoo/oopoo/ooplo/nooon A:a1,c2,c2,c4 B:c3,c3 1/3 6/2 8/2/11 A over - 1E 11 - 0"
    assert results(over) == (1.0, 0.0)
    ended = play(after, ".")
    assert ended.phase == OVER and ended.food == (5, 2)


def test_i8_four_on_plateaus_go_on():
    """I-8: 4 people on plateaus: the next seat moves."""
    s = position(FIVE_BOARD, "A:c2,c2,d4 B:c3,c3", "2/3", supply="8/2/11", phase="action1", shift="1E", dice="11")
    after = play(s, "+a1", ".")
    assert after.phase == SHIFTING and after.to_move == 1 and after.food == (0, 0)


@pytest.mark.parametrize(
    "people, reserve, food, expected",
    [
        ("A:c2 B:c3,c3", "4/3", "4/4", (0.0, 1.0)),  # food tied: B has more people on plateaus
        ("A:c2 B:c3", "4/4", "4/4", (0.5, 0.5)),  # tied twice: shared
        ("A:c2 B:c3,c3", "4/3", "5/4", (1.0, 0.0)),  # most food wins before plateaus count
        ("A:a1,a1,a1 B:c3", "2/4", "4/4", (0.0, 1.0)),  # people on other tiles do not break ties
        ("A:c2 B:c3 C:- D:c4", "3/3/4/3", "5/5/7/5", (0.0, 0.0, 1.0, 0.0)),
        ("A:c2 B:c3 C:- D:c4", "3/3/4/3", "5/4/3/5", (0.5, 0.0, 0.0, 0.5)),
        ("A:c2 B:c3 C:- D:c4", "3/3/4/3", "5/5/3/5", (1 / 3, 1 / 3, 0.0, 1 / 3)),
    ],
)
def test_i8_results_tie_breaks(people, reserve, food, expected):
    """I-8: most food; then more people on plateaus; then a shared win (1 split equally)."""
    players = people.count(":")
    s = position("nooon/oopoo/oopoo/oopoo/nooon", people, reserve, food, supply="9/2/11", mover="A",
                 phase="over", shift="1E", dice="11", turn="10")
    assert s.players == players
    assert results(s) == pytest.approx(expected)
    assert sum(results(s)) == pytest.approx(1.0)


def test_i8_turn_cap_ends_and_scores():
    """I-8 (engine convention): after cap turns the game ends and every person adds 1 food."""
    last = position(STEP_BOARD, "A:c2,d3 B:a1", "3/4", "1/2", supply="9/4/11", phase="action2", shift="1E",
                    dice="11", turn="2", cap="cap=3")
    over = play(last, ".")
    assert format_position(over) == f"{STEP_BOARD} A:c2,d3 B:a1 3/4 3/3 9/4/11 A over - 1E 11 - 2 cap=3"
    earlier = position(STEP_BOARD, "A:c2,d3 B:a1", "3/4", "1/2", supply="9/4/11", phase="action2", shift="1E",
                       dice="11", turn="1", cap="cap=3")
    assert format_position(play(earlier, ".")) == f"{STEP_BOARD} A:c2,d3 B:a1 3/4 1/2 9/4/11 B shift 1E - - - 2 cap=3"


def test_i8_default_cap_is_200_turns():
    """I-8: the default cap: turn 199 is the last one."""
    base = "nooon/oOoOo/ooloo/oOoOo/nooon A:a1 B:- 4/5 0/0 11/5/11 A action2 - 1E 11 - "
    assert play(parse_position(base + "199"), ".").phase == OVER
    assert play(parse_position(base + "198"), ".").phase == SHIFTING


# --------------------------------------------------------------------------- whole games


def test_perft_from_the_start():
    """I-3/I-4: 20 shifts; per shift and summed over the 21 rolls: 5 doubles x 1 + 10 pairs x 2 numbers
    + VV x 21 free tiles + 5 number-V pairs x 22 = 156 die choices, so 3120 at depth 2."""
    s = new_game(2)
    assert perft(s, 1) == 20
    assert perft(s, 2) == 20 * 156


def test_random_games_keep_the_invariants():
    """I-2/I-6/I-7: in random games people and pieces are conserved, capacity and plateau rules hold."""
    rng = random.Random(5)
    for game in range(12):
        s = new_game(2 + game % 3)
        total = 5 if s.players == 2 else 4
        while s.phase != OVER:
            for seat in range(s.players):
                assert sum(s.people[seat]) + s.reserve[seat] == total
            land = sum(1 for x in s.terrain if x in (NEWLAND, PLATEAU))
            assert land + s.newland_supply == 12
            assert s.terrain.count(PLATEAU) + s.plateau_supply == 5
            assert sum(s.markers) + s.marker_supply == 15
            assert s.terrain.count(NATIVE) == 4
            for i in range(25):
                assert not (s.markers[i] and s.terrain[i] == PLATEAU)
                if s.terrain[i] in (NEWLAND, PLATEAU):
                    assert s.people_on(i) <= 2
            s = successor(s, random_move(s, rng))
        assert sum(results(s)) == pytest.approx(1.0)
