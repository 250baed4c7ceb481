"""Hand-derived scenario tests of the penguins reference rules (rulings P-1..P-10, docs/rules/penguins.md; seed 000 FAQ).

Every expected value below was worked out by hand from the rulings, not read off the code.
Coordinates: a space is file letter (q = a..h) + rank (r + 1); board rows in the text are
r = 0, 1, ... separated by '/'. Directions: E(+1,0) W(-1,0) SE(0,+1) NW(0,-1) NE(+1,-1) SW(-1,+1).
"""

from __future__ import annotations

import pytest

from solver.games.penguins.penguins_rules import (
    DIRECTIONS,
    DRAW,
    HATCH,
    LAND,
    ONGOING,
    RIVAL_EGG,
    SLIDE,
    WIN_A,
    WIN_B,
    IllegalMove,
    Move,
    Rules,
    apply,
    legal_moves,
    neighbour,
    new_game,
    perft,
    slide_path,
    status,
    successor,
)
from solver.games.penguins.penguins_notation import format_move, format_position, parse_position, parse_square

DIR = {name: index for index, (name, _, _) in enumerate(DIRECTIONS)}
SLIDE_DIRECTIONS = ("E", "W", "SE", "NW", "NE", "SW")


def texts(state) -> set[str]:
    """The legal moves of `state` as notation texts."""
    moves = [format_move(state, m) for m in legal_moves(state)]
    assert len(moves) == len(set(moves)), "two legal moves share a text"
    return set(moves)


def slides(state) -> set[str]:
    """Only the legal slide texts."""
    return {t for t in texts(state) if "-" in t}


def find(state, text: str) -> Move:
    """The legal move written `text`; fails the test if it is not legal."""
    found = [m for m in legal_moves(state) if format_move(state, m) == text]
    assert len(found) == 1, f"{text} is not legal here; legal: {sorted(texts(state))}"
    return found[0]


def play(state, *moves: str):
    """Apply the moves (notation texts) one after another with `apply`."""
    for text in moves:
        state = apply(state, find(state, text))
    return state


def sq(state, name: str) -> int:
    """Index of a named space in `state`."""
    return parse_square(name, state.width, state.height)


def raw_slide(state, name: str, direction: str) -> Move:
    """A slide Move built directly (legal or not)."""
    return Move(SLIDE, sq(state, name), DIR[direction])


def assert_illegal_slide(state, name: str, direction: str) -> None:
    """The slide is not generated, slide_path refuses it and apply raises IllegalMove."""
    move = raw_slide(state, name, direction)
    assert f"{name}-{direction}" not in texts(state)
    assert slide_path(state, move.square, move.direction) is None
    before = format_position(state)
    with pytest.raises(IllegalMove):
        apply(state, move)
    assert format_position(state) == before


def landings(*names: str) -> set[str]:
    return {"+" + n for n in names}


# --------------------------------------------------------------------------- P-1 board


def test_p1_neighbours_wrap_on_both_axes():
    """P-1: axial directions, index r*W+q, wrapping on a 5x4 torus."""
    w, h = 5, 4
    # corner a1 = (0,0) = 0
    assert neighbour(w, h, 0, DIR["E"]) == 1  # b1
    assert neighbour(w, h, 0, DIR["W"]) == 4  # e1 (q wraps)
    assert neighbour(w, h, 0, DIR["SE"]) == 5  # a2
    assert neighbour(w, h, 0, DIR["NW"]) == 15  # a4 (r wraps)
    assert neighbour(w, h, 0, DIR["NE"]) == 16  # b4 (r wraps)
    assert neighbour(w, h, 0, DIR["SW"]) == 9  # e2 (q wraps)
    # opposite corner e4 = (4,3) = 19
    assert neighbour(w, h, 19, DIR["E"]) == 15  # a4
    assert neighbour(w, h, 19, DIR["SE"]) == 4  # e1
    assert neighbour(w, h, 19, DIR["NE"]) == 10  # a3
    assert neighbour(w, h, 19, DIR["SW"]) == 3  # d1 (both axes wrap)
    # inner space c2 = (2,1) = 7
    assert [neighbour(w, h, 7, d) for d in range(6)] == [8, 6, 12, 2, 3, 11]


def test_p1_square_names_and_default_board():
    """P-1: c4 is q=2, r=3 (index r*W+q); the default board is 8x8 with W,H in 4..8 allowed."""
    assert parse_square("c4", 8, 8) == 26
    assert parse_square("c4", 5, 4) == 17
    assert parse_square("a1", 4, 4) == 0 and parse_square("d4", 4, 4) == 15
    game = new_game()
    assert (game.width, game.height, len(game.board)) == (8, 8, 64)
    for w in range(4, 9):
        for h in range(4, 9):
            assert len(legal_moves(new_game(w, h))) == w * h


def test_p1_long_diagonal_on_non_square_board():
    """P-1/P-10: on 6x4 the NE line has lcm(6,4)=12 spaces; an iceberg on d4 stops it after 8."""
    s = parse_position("6x4 P5/6/6/3I2 - A play 16/16 2+1/3+1 5")
    # NE line from a1: b4 c3 d2 e1 f4 a3 b2 c1 | d4 iceberg.  SW: f2 e3 | d4 iceberg.
    # Row 1, file a and nothing else: E, W, SE, NW never stop (endless, illegal).
    assert slides(s) == {"a1-NE", "a1-SW"}
    empties = {f"{f}{r}" for f in "abcdef" for r in "1234"} - {"a1", "d4"}
    assert texts(s) == landings(*empties) | {"a1-NE", "a1-SW"}
    after = play(s, "a1-NE")
    # Eggs on a1 then b4 c3 d2 e1 f4 a3 b2 (8 eggs); penguin on c1.
    assert format_position(after) == "6x4 E1P1E1/1E1E2/E1E3/1E1I1E - B play 8/16 2+1/3+1 6"
    after_sw = play(s, "a1-SW")
    # a1 -> f2 -> e3, d4 iceberg: stop e3; eggs a1, f2.
    assert format_position(after_sw) == "6x4 E5/5E/4P1/3I2 - B play 14/16 2+1/3+1 6"


# --------------------------------------------------------------------------- P-2 pieces


def test_p2_default_pieces_and_free_mode_counts():
    """P-2: 3 assistants, 1 star and 16 eggs per side by default; counts configurable."""
    game = new_game(4, 4)
    assert game.supply == (16, 16)
    assert game.unused_assistants == (3, 3)
    assert game.unused_stars == (1, 1)
    assert format_position(game) == "4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0"
    free = new_game(4, 4, rules=Rules(eggs=5, assistants=1, stars=0))
    assert free.supply == (5, 5) and free.unused_assistants == (1, 1) and free.unused_stars == (0, 0)
    assert format_position(free) == "4x4 4/4/4/4 - A setup 5/5 1+0/1+0 0 eggs=5 assistants=1 stars=0"


def test_p2_free_mode_without_star_hatches_assistant_then_nothing():
    """P-2/P-5: with assistants=1 stars=0 only one hatch is possible per side."""
    s = parse_position("4x4 EE2/4/4/4 - A play 3/5 1+0/1+0 2 eggs=5 assistants=1 stars=0")
    assert {t for t in texts(s) if t[0] == "^"} == {"^a1", "^b1"}
    s = play(s, "^a1", "+d4")
    assert format_position(s) == "4x4 PE2/4/4/3e - A play 4/4 0+0/1+0 4 eggs=5 assistants=1 stars=0"
    assert {t for t in texts(s) if t[0] == "^"} == set()


# --------------------------------------------------------------------------- P-3 / P-9 moves


def test_p3_p9_every_move_is_one_plain_action():
    """P-3/P-9: no card moves; each move is a single action and takes exactly one ply."""
    s = parse_position("4x4 P1e1/1I1E/1p2/S2e - A play 12/10 2+0/2+1 9")
    moves = legal_moves(s)
    assert {m.action for m in moves} <= {LAND, HATCH, SLIDE}
    for m in moves:
        after = successor(s, m)
        assert after.ply == s.ply + 1 and after.to_move == 1
    setup = new_game(4, 4)
    assert {m.action for m in legal_moves(setup)} == {RIVAL_EGG}


def test_p3_star_slides_like_an_assistant():
    """P-3: the star's 'draw a card instead' is void: a star has exactly an assistant's moves."""
    star = parse_position("4x4 S3/3E/4/4 - A play 10/16 3+0/3+1 3")
    assistant = parse_position("4x4 P3/3E/4/4 - A play 10/16 2+1/3+1 3")
    assert texts(star) == texts(assistant)
    # a1 line checks: E/W row 1 empty (endless); SE/NW file a empty (endless);
    # NE a1->b4->c3 stop before d2; SW a1->d2 own egg at once (no move).
    assert slides(star) == {"a1-NE"}


# --------------------------------------------------------------------------- P-4 setup


def test_p4_setup_rival_eggs_then_play():
    """P-4: A places a B egg from B's supply, B places an A egg from A's, then A plays; plies count."""
    s = parse_position("4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0")
    all_spaces = {f"{f}{r}" for f in "abcd" for r in "1234"}
    assert texts(s) == landings(*all_spaces)
    s = play(s, "+b2")
    assert format_position(s) == "4x4 4/1e2/4/4 - B setup 16/15 3+1/3+1 1"
    # B may only place: no hatch of its egg during setup, and not on b2.
    assert texts(s) == landings(*(all_spaces - {"b2"}))
    s = play(s, "+c3")
    assert format_position(s) == "4x4 4/1e2/2E1/4 - A play 15/15 3+1/3+1 2"
    # Now a normal turn: 14 landings and hatching the A egg on c3.
    assert texts(s) == landings(*(all_spaces - {"b2", "c3"})) | {"^c3"}


def test_p4_setup_on_board_with_icebergs():
    """P-4/P-10: setup placements go on empty spaces only, never on icebergs."""
    s = parse_position("4x4 I3/4/2I1/4 - A setup 16/16 3+1/3+1 0")
    spaces = {f"{f}{r}" for f in "abcd" for r in "1234"} - {"a1", "c3"}
    assert texts(s) == landings(*spaces)
    assert perft(s, 2) == 14 * 13


# --------------------------------------------------------------------------- P-5 actions


def test_p5_landing():
    """P-5: landing puts a supply egg on an empty space."""
    s = parse_position("4x4 4/1e2/2E1/4 - A play 15/15 3+1/3+1 2")
    after = play(s, "+d4")
    assert format_position(after) == "4x4 4/1e2/2E1/3E - B play 14/15 3+1/3+1 3"
    after_b = play(after, "+a1")
    assert format_position(after_b) == "4x4 e3/1e2/2E1/3E - A play 14/14 3+1/3+1 4"


def test_p5_hatching_assistants_first_then_star():
    """P-5: hatch brings an assistant while any is unused, else the star; the egg goes back to supply."""
    s = parse_position("5x4 EEE2/5/5/4e - A play 10/15 2+1/3+1 6")
    assert {t for t in texts(s) if t[0] == "^"} == {"^a1", "^b1", "^c1"}
    s = play(s, "^a1")
    assert format_position(s) == "5x4 PEE2/5/5/4e - B play 11/15 1+1/3+1 7"
    s = play(s, "+a2", "^b1")
    assert format_position(s) == "5x4 PPE2/e4/5/4e - B play 12/14 0+1/3+1 9"
    s = play(s, "+b2", "^c1")  # no assistant left: the star comes on
    assert format_position(s) == "5x4 PPS2/ee3/5/4e - B play 13/13 0+0/3+1 11"
    s = play(s, "+c2")
    assert format_position(s) == "5x4 PPS2/eee2/5/4e - A play 13/12 0+0/3+1 12"
    assert not any(t.startswith("^") for t in texts(s))  # nothing left to hatch
    s = play(s, "+e3")
    assert {t for t in texts(s) if t[0] == "^"} == {"^a2", "^b2", "^c2", "^e4"}
    s = play(s, "^e4")
    assert format_position(s) == "5x4 PPS2/eee2/4E/4p - A play 12/13 0+0/2+1 14"


# --------------------------------------------------------------------------- P-6 exploring


def test_p6_rival_penguin_makes_slide_illegal():
    """P-6: entering a rival penguin's space is illegal, even after captures."""
    s = parse_position("6x4 PepIs1/6/6/6 - A play 10/10 2+1/2+0 2")
    assert_illegal_slide(s, "a1", "E")  # b1 rival egg, then c1 rival penguin
    s = parse_position("6x4 Pe1esE/6/6/6 - A play 10/10 2+1/3+0 2")
    assert_illegal_slide(s, "a1", "E")  # b1 captured, d1 captured, e1 rival star
    # the W direction from a1 reaches f1 own egg at once: no move
    assert_illegal_slide(s, "a1", "W")
    # supplies untouched: the rival eggs are still on the board
    assert format_position(s) == "6x4 Pe1esE/6/6/6 - A play 10/10 2+1/3+0 2"
    # vertical: rival penguins on both sides of a6 in file a (a1 after the wrap, a5 above)
    s = parse_position("4x6 p3/4/4/4/p3/P3 - A play 16/16 2+1/1+1 2")
    assert_illegal_slide(s, "a6", "SE")
    assert_illegal_slide(s, "a6", "NW")


def test_p6_rival_penguin_first_step_illegal():
    """P-6: a rival penguin right next to the penguin blocks that direction entirely."""
    s = parse_position("4x4 Pp1E/4/4/4 - A play 10/10 2+1/2+1 2")
    assert_illegal_slide(s, "a1", "E")
    # W: d1 own egg at once -> illegal; SE/NW file a empty -> endless; NE a1 b4 c3 d2 -> endless.
    assert slides(s) == set()


def test_p6_endless_slide_illegal():
    """P-6: a slide that nothing stops (a 4x4 row holding only the penguin) is illegal."""
    s = parse_position("4x4 P3/4/4/4 - A play 15/16 2+1/3+1 2")
    for d in SLIDE_DIRECTIONS:
        assert_illegal_slide(s, "a1", d)


def test_p6_endless_slide_with_only_rival_eggs_illegal():
    """P-6: a line whose only blockers are rival eggs is still endless (they are captured)."""
    s = parse_position("4x4 P1e1/4/4/4 - A play 15/15 2+1/3+1 2")
    assert_illegal_slide(s, "a1", "E")
    assert_illegal_slide(s, "a1", "W")
    s2 = parse_position("4x4 Pe2/4/4/4 - A play 15/15 2+1/3+1 2")
    assert slides(s2) == set()


def test_p6_endless_diagonal_on_non_square_board():
    """P-6/P-1: the NE line on 4x6 has 12 spaces; if nothing is on it the slide is endless."""
    s = parse_position("4x6 P3/4/4/4/4/4 - A play 15/16 2+1/3+1 2")
    assert slides(s) == set()
    # The NE line: a1 -> b6 c5 d4 a3 b2 c1 d6 a5 b4 c3 d2 -> a1. An own egg on d2 (the last
    # space before the start): stop on c3 after 10 steps.
    s = parse_position("4x6 P3/3E/4/4/4/4 - A play 15/16 2+1/3+1 2")
    assert "a1-NE" in slides(s)
    after = play(s, "a1-NE")
    # eggs: a1 b6 c5 d4 a3 b2 c1 d6 a5 b4 (10); penguin c3
    assert format_position(after) == "4x6 E1E1/1E1E/E1P1/1E1E/E1E1/1E1E - B play 5/16 2+1/3+1 3"


def test_p6_must_move_at_least_one_space():
    """P-6: a penguin whose first space ahead is a stopper cannot slide that way."""
    s = parse_position("4x4 PE2/I3/4/4 - A play 10/16 2+1/3+1 2")
    assert_illegal_slide(s, "a1", "E")  # own egg
    assert_illegal_slide(s, "a1", "SE")  # iceberg
    # W: d1 c1 then b1 own egg: stop c1. NW: a4 a3 then a2 iceberg: stop a3.
    # NE: b4 c3 d2 -> a1 endless. SW: d2 c3 b4 -> a1 endless.
    assert slides(s) == {"a1-W", "a1-NW"}


def test_p6_slide_never_passes_its_start():
    """P-6: the start space is empty while sliding; a penguin never stops 'before itself'."""
    # Only the penguin in rank 1: it is not stopped on a1 "before its own start": endless.
    s = parse_position("5x4 1P3/5/5/5 - A play 15/16 2+1/3+1 2")
    assert_illegal_slide(s, "b1", "E")
    assert_illegal_slide(s, "b1", "W")
    # Own egg on a1 just behind the start: E passes c1 d1 and stops on e1 before a1 (never
    # reaching b1 again); W meets a1 at once.
    s = parse_position("5x4 EP3/5/5/5 - A play 14/16 2+1/3+1 2")
    after = play(s, "b1-E")
    assert format_position(after) == "5x4 EEEEP/5/5/5 - B play 11/16 2+1/3+1 3"
    assert_illegal_slide(s, "b1", "W")


# --------------------------------------------------------------------------- seed FAQ Q2/A2


def test_faq_a2_penguin_already_on_the_edge_cannot_cross():
    """Seed FAQ Q2/A2 + P-6: a penguin on the edge with its own egg opposite cannot slide that way."""
    s = parse_position("4x4 E2P/4/4/4 - A play 10/16 2+1/3+1 2")
    assert_illegal_slide(s, "d1", "E")


# --------------------------------------------------------------------------- P-1, P-5, P-6, seed FAQ Q2/A2: one move


# (position, move, after): `after` is the position once `move` is played, worked out by hand; each
# case under the ruling it checks, with the path of the slide.
ONE_MOVE = [
    # P-1/P-6: an E slide leaves file e and re-enters on file a, stopping before its own egg.
    # d1 -> e1 -> a1, b1 holds an own egg: stop a1; eggs on d1 (start) and e1 (passed).
    pytest.param("5x4 1E1P1/5/5/5 - A play 10/16 2+1/3+1 7", "d1-E", "5x4 PE1EE/5/5/5 - B play 8/16 2+1/3+1 8",
                 id="P-1 E slide wraps to file a"),
    # P-1: a W slide from file a re-enters on the last file.
    # b2 -> a2 -> f2 (wrap); e2 is an own egg: stop f2; eggs on b2, a2.
    pytest.param("6x4 6/1P2E1/6/6 - A play 10/16 2+1/3+1 7", "b2-W", "6x4 6/EE2EP/6/6 - B play 8/16 2+1/3+1 8",
                 id="P-1 W slide wraps to the last file"),
    # P-1: SE is (0,+1), the next row; it wraps from the last rank to rank 1.
    # c3 -> c4 -> c1 (wrap); c2 is an own egg: stop c1; eggs on c3, c4.
    pytest.param("4x4 4/2E1/2P1/4 - A play 10/16 2+1/3+1 3", "c3-SE", "4x4 2P1/2E1/2E1/2E1 - B play 8/16 2+1/3+1 4",
                 id="P-1 SE wraps to rank 1"),
    # P-1: NW is (0,-1); from rank 1 it wraps to the last rank.
    # b2 -> b1 -> b5 (wrap); b4 is an iceberg: stop b5; eggs on b2, b1.
    pytest.param("4x5 4/1P2/4/1I2/4 - A play 10/16 2+1/3+1 3", "b2-NW", "4x5 1E2/1E2/4/1I2/1P2 - B play 8/16 2+1/3+1 4",
                 id="P-1 NW wraps to the last rank"),
    # P-1: NE is (+1,-1); from a1 it goes to b4 (rank wraps), then c3.
    # a1 -> b4 -> c3; d2 is an own egg: stop c3; eggs on a1, b4.
    pytest.param("4x4 P3/3E/4/4 - A play 10/16 2+1/3+1 3", "a1-NE", "4x4 E3/3E/2P1/1E2 - B play 8/16 2+1/3+1 4",
                 id="P-1 NE wraps both axes"),
    # P-1: SW is (-1,+1); from a1 it goes to d2 (file wraps), c3, b4.
    # a1 -> d2 -> c3; b4 is an own egg: stop c3; eggs on a1, d2.
    pytest.param("4x4 P3/4/4/1E2 - A play 10/16 2+1/3+1 3", "a1-SW", "4x4 E3/3E/2P1/1E2 - B play 8/16 2+1/3+1 4",
                 id="P-1 SW wraps both axes"),
    # P-5: with all assistants on the board, hatching brings the star for side B.
    pytest.param("4x4 ppp1/4/1e2/4 - B play 16/15 3+1/0+1 20", "^b3", "4x4 ppp1/4/1s2/4 - A play 16/16 3+1/0+0 21",
                 id="P-5 hatching brings the star"),
    # P-6/P-10: an iceberg stops a slide on the space before it.
    pytest.param("6x4 P3I1/6/6/6 - A play 16/16 2+1/3+1 2", "a1-E", "6x4 EEEPI1/6/6/6 - B play 13/16 2+1/3+1 3",
                 id="P-6 stopped by an iceberg"),
    # P-6: an own penguin (assistant or star) stops the slide before it.
    pytest.param("6x4 P3S1/6/6/6 - A play 16/16 1+0/3+1 2", "a1-E", "6x4 EEEPS1/6/6/6 - B play 13/16 1+0/3+1 3",
                 id="P-6 stopped by an own star"),
    # the star going W: e1 -> d1 -> c1 -> b1, a1 own penguin: stop b1; eggs e1 d1 c1
    pytest.param("6x4 P3S1/6/6/6 - A play 16/16 1+0/3+1 2", "e1-W", "6x4 PSEEE1/6/6/6 - B play 13/16 1+0/3+1 3",
                 id="P-6 the star stopped by an own penguin"),
    # P-6: an own egg stops the slide before it.
    # a6 -> a1 -> a2, a3 own egg: stop a2; eggs a6, a1
    pytest.param("4x6 4/4/E3/4/4/P3 - A play 15/16 2+1/3+1 2", "a6-SE", "4x6 E3/P3/E3/4/4/E3 - B play 13/16 2+1/3+1 3",
                 id="P-6 stopped by an own egg"),
    # P-6/P-7: a rival egg on the path goes back to its owner and the slide continues; eggs fill the path.
    # a1 b1 c1(capture) d1 e1 | f1 iceberg: stop e1; eggs on a1 b1 c1 d1.
    pytest.param("6x4 P1e2I/6/6/6 - A play 16/10 2+1/3+1 2", "a1-E", "6x4 EEEEPI/6/6/6 - B play 12/11 2+1/3+1 3",
                 id="P-6 rival egg captured, slide goes on"),
    # P-6: every rival egg on the path is captured; B's supply grows by their number.
    # b1 c1 e1 captured, stop f1 before own egg g1; eggs on a1 b1 c1 d1 e1.
    pytest.param("7x4 Pee1e1E/7/7/7 - A play 10/5 2+1/3+1 2", "a1-E", "7x4 EEEEEPE/7/7/7 - B play 5/8 2+1/3+1 3",
                 id="P-6 several captures"),
    # P-6: a rival egg right before a stopper is captured and the penguin stops on its space.
    # b1, c1 (capture), d1 own egg: stop c1; eggs a1 b1.
    pytest.param("4x4 P1eE/4/4/4 - A play 10/10 2+1/3+1 2", "a1-E", "4x4 EEPE/4/4/4 - B play 8/11 2+1/3+1 3",
                 id="P-6 rival egg on the stop space"),
    # Seed FAQ Q2/A2: off the edge, with an own egg on the entry space, the penguin stops at the edge.
    # b1 -> c1 -> d1 (edge); entry space a1 holds an own egg: stop on d1.
    pytest.param("4x4 EP2/4/4/4 - A play 10/16 2+1/3+1 2", "b1-E", "4x4 EEEP/4/4/4 - B play 8/16 2+1/3+1 3",
                 id="FAQ A2 own egg at the entry space"),
    # Seed FAQ Q2/A2: an own penguin on the opposite entry space also stops it at the edge (vertical).
    # a3 -> a4 (edge); entry a1 holds the own star: stop a4; egg on a3 only.
    pytest.param("4x4 S3/4/P3/4 - A play 10/16 2+0/3+1 2", "a3-SE", "4x4 S3/4/E3/P3 - B play 9/16 2+0/3+1 3",
                 id="FAQ A2 own penguin at the entry space"),
    # Seed FAQ Q2/A2 contrast (P-6): a rival egg on the entry space is captured and the slide goes on.
    # c1 -> b1 -> a1 (edge, rival egg captured); the entry space d1 holds an own egg: stop on a1.
    # Eggs on c1, b1.
    pytest.param("4x4 e1PE/4/4/4 - A play 10/10 2+1/3+1 2", "c1-W", "4x4 PEEE/4/4/4 - B play 8/11 2+1/3+1 3",
                 id="FAQ A2 rival egg at the entry space"),
    # Seed FAQ Q2/A2 contrast (P-6): crossing the edge onto a rival egg captures it.
    # d1 -> a1 (wrap, rival egg captured), b1 own egg: stop a1. Egg on d1.
    pytest.param("4x4 eE1P/4/4/4 - A play 10/10 2+1/3+1 2", "d1-E", "4x4 PE1E/4/4/4 - B play 9/11 2+1/3+1 3",
                 id="FAQ A2 rival egg across the edge"),
]


@pytest.mark.parametrize("position, move, after", ONE_MOVE)
def test_one_move_gives_the_position_worked_out_by_hand(position, move, after):
    """P-1, P-5, P-6, seed FAQ Q2/A2: the legal move leads to the position worked out by hand (why:
    the comment over each case)."""
    assert format_position(play(parse_position(position), move)) == after


# --------------------------------------------------------------------------- P-7 eggs after a slide


# (position, move, after, result): the winning slide's position and status, worked out by hand.
WINNING_SLIDES = [
    # P-7: eggs go on the start then the passed spaces in travel order (across the wrap), not the stop.
    # c1 -> d1 -> e1 -> a1 (wrap) | b1 iceberg: stop a1. Travel order: c1, d1, e1. Supply 2: c1, d1.
    ("5x4 1IP2/5/5/5 - A play 2/2 2+1/3+1 10 eggs=2", "c1-E", "5x4 PIEE1/5/5/5 - B play 0/2 2+1/3+1 11 eggs=2", WIN_A),
    # P-7/P-8: supply empty mid-path wins at once; captures on the whole path still happen.
    # a1 b1 c1 d1(capture) e1 f1(capture) g1 | h1 iceberg: stop g1.
    # Eggs: a1, b1 then supply is empty. B gets 2 eggs back.
    ("8x4 P2e1e1I/8/8/8 - A play 2/5 2+1/3+1 10 eggs=7", "a1-E", "8x4 EE4PI/8/8/8 - B play 0/7 2+1/3+1 11 eggs=7", WIN_A),
    # P-7: with exactly enough eggs every start/passed space gets one and the side wins.
    # a1 b1 c1 d1 e1 | f1 own egg: stop e1; eggs a1 b1 c1 d1 (4).
    ("6x4 P4E/6/6/6 - A play 4/5 2+1/3+1 2 eggs=5", "a1-E", "6x4 EEEEPE/6/6/6 - B play 0/5 2+1/3+1 3 eggs=5", WIN_A),
    # P-7/P-8: side B lays its eggs the same way and wins with an empty supply.
    # W from a4 wraps to d4: a rival egg (captured), then c4 own egg: stop d4. Egg on a4 (the last).
    ("4x4 4/4/4/s1eE - B play 9/1 3+1/3+0 30 eggs=10", "a4-W", "4x4 4/4/4/e1es - A play 10/0 3+1/3+0 31 eggs=10", WIN_B),
]


@pytest.mark.parametrize("position, move, after, result", WINNING_SLIDES)
def test_p7_p8_slides_that_lay_the_last_egg(position, move, after, result):
    """P-7/P-8: the eggs of a slide fill its path in travel order until the supply runs out, which
    wins at once: no move is left (why each case: the comment over it)."""
    won = play(parse_position(position), move)
    assert format_position(won) == after
    assert status(won) == result
    assert legal_moves(won) == []


# --------------------------------------------------------------------------- P-8 end of the game


def test_p8_win_by_empty_supply_landing():
    """P-8: landing the last supply egg wins at once, for either side."""
    s = parse_position("4x4 E3/4/4/4 - A play 1/3 3+1/3+1 5 eggs=3")
    after = play(s, "+d4")
    assert format_position(after) == "4x4 E3/4/4/3E - B play 0/3 3+1/3+1 6 eggs=3"
    assert status(after) == WIN_A and legal_moves(after) == []
    s = parse_position("4x4 4/e3/4/4 - B play 2/1 3+1/3+1 5 eggs=2")
    after = play(s, "+b2")
    assert status(after) == WIN_B and legal_moves(after) == []


def test_p8_empty_supply_of_side_to_move_is_a_win():
    """P-8: a side with an empty supply has won, whoever is to move."""
    assert status(parse_position("4x4 e3/4/4/4 - A play 5/0 3+1/3+1 9 eggs=5")) == WIN_B
    assert status(parse_position("4x4 E3/4/4/4 - A play 0/5 3+1/3+1 9 eggs=5")) == WIN_A
    assert status(parse_position("4x4 E3/4/4/4 - B play 0/5 3+1/3+1 9 eggs=5")) == WIN_A


def test_p8_setup_can_empty_a_supply():
    """P-4/P-8: with eggs=1, A's rival egg empties B's supply, so B wins at once."""
    s = parse_position("4x4 4/4/4/4 - A setup 1/1 3+1/3+1 0 eggs=1")
    after = play(s, "+a1")
    assert format_position(after) == "4x4 e3/4/4/4 - B setup 1/0 3+1/3+1 1 eggs=1"
    assert status(after) == WIN_B
    assert perft(s, 1) == 16 and perft(s, 2) == 0


FULL_NO_MOVES = "4x4 PPSP/EEEE/eIeI/IIII - A play 12/14 0+0/3+1 40"


def test_p8_no_legal_action_loses():
    """P-8: the side to move with no legal action loses (full board, all slides blocked)."""
    s = parse_position(FULL_NO_MOVES)
    assert legal_moves(s) == []
    assert status(s) == WIN_B
    # the same board with B to move: B can hatch its two eggs, so the game goes on.
    b = parse_position("4x4 PPSP/EEEE/eIeI/IIII - B play 12/14 0+0/3+1 40")
    assert texts(b) == {"^a3", "^c3"}
    assert status(b) == ONGOING


def test_p8_move_that_leaves_rival_without_moves_wins():
    """P-8: B lands on the last empty space; A then has no action and loses."""
    s = parse_position("4x4 PPSP/EEEE/eI1I/IIII - B play 12/15 0+0/3+1 20")
    assert texts(s) == {"+c3", "^a3"}
    after = play(s, "+c3")
    assert format_position(after) == "4x4 PPSP/EEEE/eIeI/IIII - A play 12/14 0+0/3+1 21"
    assert status(after) == WIN_B
    other = play(s, "^a3")
    assert texts(other) == {"+c3"}
    last = play(other, "+c3")
    # B: no empty space, no egg to hatch, its penguin on a3 is walled in (icebergs E W SE SW,
    # NW captures a2 then meets A's a1 penguin, NE captures b2 then meets A's star on c1).
    assert format_position(last) == "4x4 PPSP/EEEE/pIEI/IIII - B play 11/16 0+0/2+1 22"
    assert legal_moves(last) == []
    assert status(last) == WIN_A


def test_p8_ply_cap_draw():
    """P-8: reaching the ply cap (cap=N option) is a draw."""
    s = parse_position("4x4 E3/4/4/4 - A play 10/16 3+1/3+1 9 cap=10")
    assert status(s) == ONGOING
    after = play(s, "+b1")
    assert after.ply == 10
    assert status(after) == DRAW and legal_moves(after) == []
    assert status(parse_position("4x4 4/4/4/4 - A play 16/16 3+1/3+1 300")) == DRAW
    assert status(parse_position("4x4 4/4/4/4 - A play 16/16 3+1/3+1 299")) == ONGOING


def test_p8_setup_plies_count_toward_cap():
    """P-8: setup placements are plies and count toward the cap."""
    s = parse_position("4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0 cap=2")
    after = play(s, "+a1", "+b1")
    assert status(after) == DRAW
    assert perft(s, 2) == 16 * 15 and perft(s, 3) == 0


def test_p8_order_empty_supply_before_cap():
    """P-8 order: an empty supply wins even on the ply that reaches the cap."""
    s = parse_position("4x4 E3/4/4/4 - A play 1/2 3+1/3+1 9 cap=10 eggs=2")
    after = play(s, "+c2")
    assert after.ply == 10
    assert status(after) == WIN_A


def test_p8_order_cap_before_no_moves():
    """P-8 order: at the cap, a side without legal action draws instead of losing."""
    assert status(parse_position(FULL_NO_MOVES + " cap=40")) == DRAW
    assert status(parse_position(FULL_NO_MOVES + " cap=41")) == WIN_B


# --------------------------------------------------------------------------- P-8a perft


def test_p8a_perft_empty_4x4():
    """P-8a: empty 4x4 start: 16, 16*15, then 15 per line, then 14 or 15 replies."""
    s = parse_position("4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0")
    assert perft(s, 0) == 1
    assert perft(s, 1) == 16
    assert perft(s, 2) == 240
    # ply 3: A lands (14 empties) or hatches its egg: 15.
    assert perft(s, 3) == 240 * 15
    # ply 4: after a landing B has 13 landings + 1 hatch; after the hatch 14 landings + 1 hatch.
    assert perft(s, 4) == 240 * (14 * 14 + 1 * 15)


def test_p8a_perft_other_boards():
    """P-8a: setup perft on a 5x4 board and the built-in iceberg boards."""
    assert perft(parse_position("5x4 5/5/5/5 - A setup 16/16 3+1/3+1 0"), 2) == 20 * 19
    assert perft(parse_position("6x6 6/6/2I3/3I2/6/6 - A setup 16/16 3+1/3+1 0"), 2) == 34 * 33
    assert perft(parse_position("8x8 8/2I5/8/5I2/8/1I6/8/6I1 - A setup 16/16 3+1/3+1 0"), 2) == 60 * 59


def test_p8a_game_ending_on_last_ply_counts_one():
    """P-8a: a game ending exactly at the last ply is one leaf; ended games with plies to go add 0."""
    s = parse_position("4x4 E3/4/4/4 - A play 1/2 3+1/3+1 2 eggs=2")
    # A: 15 landings (each empties the supply: win) + ^a1.
    assert perft(s, 1) == 16
    # only ^a1 goes on; B then has 15 landings (B's supply 2 -> 1, no win).
    assert perft(s, 2) == 15
    # A: 14 landings; no egg to hatch; every slide line of a1 holds only a rival egg: endless.
    assert perft(s, 3) == 15 * 14


def test_p8a_finished_position():
    """P-8a: a finished position counts 1 at depth 0 and 0 at any greater depth."""
    won = parse_position(FULL_NO_MOVES)
    assert perft(won, 0) == 1
    assert perft(won, 1) == 0 and perft(won, 2) == 0
    drawn = parse_position("4x4 4/4/4/4 - A play 16/16 3+1/3+1 300")
    assert perft(drawn, 0) == 1 and perft(drawn, 1) == 0
    supply = parse_position("4x4 e3/4/4/4 - A play 5/0 3+1/3+1 9 eggs=5")
    assert perft(supply, 1) == 0


def test_p8a_perft_through_a_loss_by_no_moves():
    """P-8a: +c3 ends the game at ply 1, ^a3 +c3 at ply 2 (B then cannot move): 1, 2, 1, 0."""
    s = parse_position("4x4 PPSP/EEEE/eI1I/IIII - B play 12/15 0+0/3+1 20")
    # depth 1: both moves (+c3 ends the game on the last ply); depth 2: only ^a3 then A's +c3,
    # which ends the game on the last ply; depth 3: nothing is left to play.
    assert [perft(s, d) for d in range(5)] == [1, 2, 1, 0, 0]


# --------------------------------------------------------------------------- P-10 iceberg


def test_p10_iceberg_is_only_a_barrier():
    """P-10: icebergs cannot be landed on, hatched, captured or entered; they stop slides."""
    s = parse_position("4x4 I1P1/4/4/4 - A play 16/16 2+1/3+1 2")
    empties = {f"{f}{r}" for f in "abcd" for r in "1234"} - {"a1", "c1"}
    # c1 E: d1, a1 iceberg: stop d1. W: b1, a1 iceberg: stop b1. SE/NW file c empty: endless.
    # NE: d4 a3 b2 -> c1 endless. SW: b2 a3 d4 -> endless.
    assert texts(s) == landings(*empties) | {"c1-E", "c1-W"}
    assert format_position(play(s, "c1-E")) == "4x4 I1EP/4/4/4 - B play 15/16 2+1/3+1 3"
    assert format_position(play(s, "c1-W")) == "4x4 IPE1/4/4/4 - B play 15/16 2+1/3+1 3"


# --------------------------------------------------------------------------- a full hand-checked position


def test_full_move_list_mixed_position():
    """P-5/P-6/P-7: complete legal move lists of a mixed 4x4 position, for A and then B."""
    s = parse_position("4x4 P1e1/1I1E/1p2/S2e - A play 12/10 2+0/2+1 9")
    # a1 P: E/W endless (c1 rival egg captured), SE stop a3 (a4 own star), NW/SW own piece at once,
    # NE b4 c3 stop (d2 own egg). a4 S: E/W endless, SE own at once, NW a3 a2 stop (a1 own),
    # NE b3 rival penguin, SW d1 c2 then b3 rival penguin.
    assert texts(s) == landings("b1", "d1", "a2", "c2", "a3", "c3", "d3", "b4", "c4") | {
        "^d2",
        "a1-SE",
        "a1-NE",
        "a4-NW",
    }
    assert perft(s, 1) == 13
    s = play(s, "a1-NE")
    assert format_position(s) == "4x4 E1e1/1I1E/1pP1/SE1e - B play 10/10 2+0/2+1 10"
    # b3 p: E c3 rival penguin; W a3 d3 then c3 rival penguin; SE b4 (capture) b1, b2 iceberg: stop b1;
    # NW b2 iceberg at once; NE c2 d1 then a4 rival star; SW a4 rival star.
    assert texts(s) == landings("b1", "d1", "a2", "c2", "a3", "d3", "c4") | {"^c1", "^d4", "b3-SE"}
    s = play(s, "b3-SE")
    assert format_position(s) == "4x4 Epe1/1I1E/1eP1/Se1e - A play 11/8 2+0/2+1 11"
