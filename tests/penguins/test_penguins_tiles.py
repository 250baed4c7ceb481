"""Hand-derived scenarios for the penguins barriers and terrain tiles (rulings P-9..P-23, team mode P-2: docs/rules/penguins.md).

Every expected position and move list below was worked out by hand from the rulings and the
engine decisions of docs/rules/penguins.md, not read off the code.
Coordinates: a space is file letter (q = a..h) + rank (r + 1); board rows are r = 0, 1, ...
Directions: E(+1,0) W(-1,0) SE(0,+1) NW(0,-1) NE(+1,-1) SW(-1,+1). The clockwise ring of a space
is E, SE, SW, W, NW, NE; e.g. the ring of c3 = (2,2) is d3, c4, b4, b3, c2, d2.
Tiles field letters: s storm, t tent, r river, h hole, f freezing, x radiation, w seaweed,
b blazing, k krill. Board letters: G seagull, M emperor penguin, N nest, L seal, I iceberg.
"""

from __future__ import annotations

import random

import pytest

from solver.errors import NotationError

from solver.games.penguins.penguins_rules import (
    EGG,
    HATCH,
    ORBIT,
    PENGUIN,
    SLIDE,
    STAR,
    IllegalMove,
    apply,
    illegal_reason,
    legal_moves,
    perft,
    seat_label,
    status,
    successor,
    touched_spaces,
)
from solver.games.penguins.penguins_binding import decode_move, encode_move
from solver.games.penguins.penguins_notation import (
    SCENARIOS,
    format_move,
    format_position,
    parse_move,
    parse_position,
    square_name,
)


def texts(state) -> list[str]:
    """The legal moves of `state` as notation texts, in generation order."""
    moves = [format_move(state, m) for m in legal_moves(state)]
    assert len(moves) == len(set(moves)), "two legal moves share a text"
    return moves


def starting(state, prefix: str) -> set[str]:
    """The legal move texts whose action part is `prefix` (like 'a1-E'), with all their choices."""
    return {t for t in texts(state) if t == prefix or t.startswith(prefix + "/")}


def play(text: str, move: str) -> str:
    """The position after the legal `move` (checked by parse_move) from the position `text`."""
    state = parse_position(text)
    return format_position(apply(state, parse_move(state, move)))


def refused(text: str, move: str) -> str:
    """The reason parse_move gives for refusing `move` in `text`."""
    with pytest.raises(IllegalMove) as info:
        parse_move(parse_position(text), move)
    return str(info.value)


# --------------------------------------------------------------------------- P-9 moves with parts


EMPEROR_CORNER = "4x4 M1II/IIII/II1I/IIII - A play 10/10 2+1/3+1 4"


def test_p9_p12_every_combination_in_the_fixed_order():
    """P-9/P-12: emperor a1 whose only free neighbour is b1 (E); the empty spaces are b1 and c3.

    No pre-effect: +b1 (then a1 has no free neighbour), +c3 alone or with the emperor after.
    Emperor before (to b1, A's egg on a1): +c3, or hatching that new egg on a1.
    """
    state = parse_position(EMPEROR_CORNER)
    assert texts(state) == ["+b1", "+c3", "+c3/em:E", "em:E/+c3", "em:E/^a1"]
    assert play(EMPEROR_CORNER, "em:E/^a1") == "4x4 PMII/IIII/II1I/IIII - B play 10/10 1+1/3+1 5"
    assert play(EMPEROR_CORNER, "+c3/em:E") == "4x4 EMII/IIII/IIEI/IIII - B play 8/10 2+1/3+1 5"


def test_p8a_p9_perft_counts_every_combination_once():
    """P-8a/P-9: perft(2) from EMPEROR_CORNER, by hand, after each of A's 5 moves:
    +b1: B lands c3 (1). +c3: B lands b1, or steps the emperor E and hatches its egg on a1 (2).
    +c3/em:E and em:E/+c3: no empty space, no B egg, the emperor boxed in: B has no move (0 each).
    em:E/^a1: B lands c3 (1). In all 1 + 2 + 0 + 0 + 1 = 4."""
    state = parse_position(EMPEROR_CORNER)
    assert (perft(state, 1), perft(state, 2)) == (5, 4)


def test_p9_a_part_that_does_not_apply_is_refused_in_words():
    """P-9: parts must match the position: no seagull here, and the emperor moves once a turn."""
    assert "seagull" in refused(EMPEROR_CORNER, "+c3/g:b1")
    assert "storm" in refused(EMPEROR_CORNER, "+c3/st:E")
    with pytest.raises(NotationError, match="emperor penguin moves at most once"):
        parse_move(parse_position(EMPEROR_CORNER), "em:E/+c3/em:W")


# --------------------------------------------------------------------------- P-10 iceberg


def test_p10_iceberg_and_the_other_barriers_stop_a_slide():
    """P-10, P-12..P-14: a barrier stops a slide on the space before it, like an iceberg (the seagull too, P-11 below)."""
    for letter in "IMNL":
        text = f"6x4 P3{letter}1/6/6/6 - A play 10/10 2+1/3+1 4"
        # a1-E: b1 c1 d1, then e1 holds the barrier: stop d1; eggs a1 b1 c1.
        assert play(text, "a1-E").startswith(f"6x4 EEEP{letter}1/6/6/6 ")


# --------------------------------------------------------------------------- P-11 seagull


GULL = "5x5 P3I/2G2/5/5/5 - A play 10/10 2+1/3+1 4"


def test_p11_seagull_must_move_after_a_slide_passing_next_to_it():
    """P-11: a1-E passes b1, c1 and stops on d1 (e1 iceberg); c1 and d1 are next to the seagull on c2.

    The only legal slide (E/W: e1 iceberg blocks W; SE/NW/NE/SW come back round to a1) must move
    the seagull to one of the 19 empty spaces left.
    """
    state = parse_position(GULL)
    empties = [f"{f}{r}" for r in "12345" for f in "abcde"]
    for gone in ("a1", "b1", "c1", "d1", "e1", "c2"):
        empties.remove(gone)
    assert [t for t in texts(state) if t.startswith("a1")] == [f"a1-E/g:{s}" for s in empties]
    assert play(GULL, "a1-E/g:e5") == "5x5 EEEPI/5/5/5/4G - B play 7/10 2+1/3+1 5"
    assert "seagull" in refused(GULL, "a1-E")


def test_p11_seagull_without_an_empty_space_leaves_the_game():
    """P-11: after a1-E (stop c1, next to the seagull on c2) no space is empty: the seagull leaves."""
    text = "4x4 P2I/IIGI/IIII/IIII - A play 10/10 2+1/3+1 4"
    assert texts(parse_position(text)) == ["+b1", "+c1", "a1-E"]
    assert play(text, "a1-E") == "4x4 EEPI/II1I/IIII/IIII - B play 8/10 2+1/3+1 5"


# --------------------------------------------------------------------------- P-12 emperor penguin


def test_p12_emperor_before_needs_two_supply_eggs():
    """P-12: with 1 egg the emperor cannot move before the action; each landing wins, so nothing follows."""
    text = "4x4 M1II/IIII/II1I/IIII - A play 1/10 2+1/3+1 4"
    assert texts(parse_position(text)) == ["+b1", "+c3"]
    assert "emperor" in refused(text, "em:E/+c3")


def test_p12_emperor_wraps_round_the_edge():
    """P-12: the emperor on a1 steps W to d1 across the edge, leaving A's egg on a1."""
    text = "4x4 M2I/IIII/II1I/IIII - A play 10/10 2+1/3+1 4"
    # a1's only free neighbour is b1 (E); c1 is not a neighbour. After em:E the empty spaces are c1, c3.
    assert starting(parse_position(text), "em:E") == {"em:E/+c1", "em:E/+c3", "em:E/^a1"}
    assert play(text, "+c3/em:E") == "4x4 EM1I/IIII/IIEI/IIII - B play 8/10 2+1/3+1 5"
    wrap = "4x4 MII1/IIII/II1I/IIII - A play 10/10 2+1/3+1 4"
    assert play(wrap, "+c3/em:W") == "4x4 EIIM/IIII/IIEI/IIII - B play 8/10 2+1/3+1 5"


# --------------------------------------------------------------------------- P-13 penguin nest


NEST = "5x5 5/3E1/2NP1/1e3/5 - A play 10/10 2+1/3+1 4"


def test_p13_orbit_round_the_nest_captures_and_stops_before_own_egg():
    """P-13: the ring of the nest c3 is d3 c4 b4 b3 c2 d2 (clockwise). From d3, cw: c4, b4 (B's egg,
    captured), b3, c2, then d2 holds A's egg: stop c2; eggs on d3 c4 b4 b3. ccw: d2 at once: blocked."""
    state = parse_position(NEST)
    orbits = [t for t in texts(state) if t.endswith("-cw") or t.endswith("-ccw")]
    assert orbits == ["d3-cw"]
    assert play(NEST, "d3-cw") == "5x5 5/2PE1/1ENE1/1EE2/5 - B play 6/11 2+1/3+1 5"
    assert "blocked" in refused(NEST, "d3-ccw")


def test_p13_p20_an_orbit_never_jumps():
    """P-13/P-20: with holes on the ring (c4, b3) the orbit d3-cw passes them without a jump option:
    c4, b4, b3, c2, d2 (5 steps, stop d2)."""
    text = "5x5 5/5/2NP1/5/5 hc4,hb3 A play 10/10 2+1/3+1 4"
    assert starting(parse_position(text), "d3-cw") == {"d3-cw"}
    assert "hole jump" in refused(text, "d3-cw/h")
    assert play(text, "d3-cw") == "5x5 5/2EP1/1ENE1/1EE2/5 hb3,hc4 B play 5/10 2+1/3+1 5"


def test_p13_only_a_penguin_next_to_the_nest_orbits():
    """P-13: a penguin off the nest's ring has no orbit."""
    text = "5x5 P4/5/2N2/5/5 - A play 10/10 2+1/3+1 4"
    assert not [t for t in texts(parse_position(text)) if t.endswith("cw")]
    assert "nest" in refused(text, "a1-cw")


# --------------------------------------------------------------------------- P-14 seal


SEAL = "4x4 LeII/EIII/II1I/IIII - A play 10/10 3+1/3+1 4"


def test_p14_seal_before_or_after_onto_empty_or_egg():
    """P-14: seal a1, neighbours b1 (B egg, E) and a2 (A egg, SE); the rest icebergs but c3.

    A seal that moves before the action frees a1 for a landing.
    """
    state = parse_position(SEAL)
    assert texts(state) == [
        "+c3", "+c3/se:E", "+c3/se:SE", "^a2", "^a2/se:E",
        "se:E/+a1", "se:E/+c3", "se:E/^a2",
        "se:SE/+a1", "se:SE/+c3",
    ]
    # the seal takes A's own egg on a2 back to A's supply, then A lands on c3
    assert play(SEAL, "se:SE/+c3") == "4x4 1eII/LIII/IIEI/IIII - B play 10/10 3+1/3+1 5"
    # after the action: B's egg on b1 goes back to B
    assert play(SEAL, "+c3/se:E") == "4x4 1LII/EIII/IIEI/IIII - B play 9/11 3+1/3+1 5"


# --------------------------------------------------------------------------- P-15 storm


STORM = "5x5 P4/5/5/5/5 sc1 A play 10/10 2+1/3+1 4"


def test_p15_storm_stops_and_throws_never_across_the_edge():
    """P-15, FAQ Q7: a1-E enters b1 then the storm c1: stop. Throws from c1 (top edge): E d1, SE c2,
    SW b2; W is b1 (where it came from), NW and NE would cross the edge."""
    state = parse_position(STORM)
    assert starting(state, "a1-E") == {"a1-E/st:E", "a1-E/st:SE", "a1-E/st:SW"}
    # eggs on a1, b1 and the storm c1; the penguin ends on c2
    assert play(STORM, "a1-E/st:SE") == "5x5 EEE2/2P2/5/5/5 sc1 B play 7/10 2+1/3+1 5"
    assert "storm" in refused(STORM, "a1-E")


def test_p15_trapped_on_the_storm_stays_and_a_later_slide_ignores_it():
    """P-15: d1, c2 and b2 taken: the penguin stays on the storm c1 (eggs a1 b1 only); next time a
    slide from c1 starts normally (c1-W: b1 is A's egg, blocked; c1-SW: b2 iceberg, blocked)."""
    text = "5x5 P2I1/1II2/5/5/5 sc1 A play 10/10 2+1/3+1 4"
    assert starting(parse_position(text), "a1-E") == {"a1-E"}
    after = play(text, "a1-E")
    assert after == "5x5 EEPI1/1II2/5/5/5 sc1 B play 8/10 2+1/3+1 5"
    # A to move again: c1-NW wraps to c5, then c4, c3, and c2 is an iceberg: stop c3; eggs c1 c5 c4
    again = play(after.replace(" B play ", " A play "), "c1-NW")
    assert again == "5x5 EEEI1/1II2/2P2/2E2/2E2 sc1 B play 5/10 2+1/3+1 6"


def test_p15_p20_a_throw_back_onto_the_path_is_illegal():
    """P-15/P-20: b3-W enters the hole a3, jumps to the hole c2, goes W into the storm b2 (stop; without
    the jump it would come back round to b3: endless). From b2, E is c2 (came from); SE is the start
    b3 and SW the hole a3, both already on the path: illegal throws; W a2, NW b1 and NE c1 remain."""
    text = "5x5 5/5/1P3/5/5 sb2,hc2,ha3 A play 10/10 2+1/3+1 4"
    assert starting(parse_position(text), "b3-W") == {"b3-W/h/st:W", "b3-W/h/st:NW", "b3-W/h/st:NE"}
    assert "path" in refused(text, "b3-W/h/st:SE")
    # eggs on b3, a3, c2 and the storm b2; the penguin ends on b1
    assert play(text, "b3-W/h/st:NW") == "5x5 1P3/1EE2/EE3/5/5 sb2,hc2,ha3 B play 6/10 2+1/3+1 5"


# --------------------------------------------------------------------------- P-17 freezing


FROST = "5x5 5/P1e2/3E1/5/E4 fc3 A play 10/10 2+1/3+1 4"


def test_p17_frozen_egg_cannot_hatch():
    """P-17: A's egg on d3 is next to c3: frozen, no hatch; a5 hatches."""
    assert [t for t in texts(parse_position(FROST)) if t[0] == "^"] == ["^a5"]
    assert "frozen" in refused(FROST, "^d3")


# --------------------------------------------------------------------------- P-18 radiation


RADIATION = "5x5 5/5/1E1e1/5/E4 xc3 A play 10/10 3+1/3+1 4"


def test_p18_radiation_swaps_who_may_hatch():
    """P-18: b3 and d3 are next to the radiation tile c3. A hatches a5 (its own, far) and B's egg on
    d3 (the egg back to B, A's assistant there); not its own b3. B may hatch only A's egg on b3."""
    state = parse_position(RADIATION)
    assert [t for t in texts(state) if t[0] == "^"] == ["^d3", "^a5"]
    assert play(RADIATION, "^d3") == "5x5 5/5/1E1P1/5/E4 xc3 B play 10/11 2+1/3+1 5"
    assert "radiation" in refused(RADIATION, "^b3")
    b_turn = parse_position(RADIATION.replace(" A play ", " B play "))
    assert [t for t in texts(b_turn) if t[0] == "^"] == ["^b3"]


# --------------------------------------------------------------------------- P-19 river


RIVER = "5x5 2I2/1E2e/5/2P2/5 rb2:E,rc2:E,rd2:E,re2:E A play 10/10 2+1/3+1 4"


def test_p19_river_carries_everything_downstream_and_off_the_board():
    """P-19: c4-NW: c3, c2 (river), then c1 iceberg: stop c2; eggs c4 c3. The river b2>c2>d2>e2>off
    flows downstream first: B's egg on e2 leaves the game (B's supply stays 10), the penguin goes
    c2 -> d2, A's egg b2 -> c2."""
    state = parse_position(RIVER)
    assert starting(state, "c4-NW") == {"c4-NW"}
    after = play(RIVER, "c4-NW")
    assert after == "5x5 2I2/2EP1/2E2/2E2/5 rb2:E,rc2:E,rd2:E,re2:E B play 8/10 2+1/3+1 5"


CONFLUENCE = "5x5 2I2/1E3/5/2P2/5 rc1:SE,rb2:E,rc2:E,rd2:E,re2:E A play 10/10 2+1/3+1 4"


def test_p19_confluence_priority_decides_which_piece_moves_first():
    """P-19, FAQ exp Q2: c1 (iceberg) and b2 (A's egg) both flow into c2. c4-NW stops on c2 (c1 iceberg).
    Order e2, d2, c2 (the penguin to d2), then c1 (index 2) before b2 (index 6), or b2 first with rp."""
    state = parse_position(CONFLUENCE)
    assert starting(state, "c4-NW") == {"c4-NW", "c4-NW/rp"}
    assert play(CONFLUENCE, "c4-NW") == "5x5 5/1EIP1/2E2/2E2/5 rc1:SE,rb2:E,rc2:E,rd2:E,re2:E B play 8/10 2+1/3+1 5"
    assert play(CONFLUENCE, "c4-NW/rp") == "5x5 2I2/2EP1/2E2/2E2/5 rc1:SE,rb2:E,rc2:E,rd2:E,re2:E B play 8/10 2+1/3+1 5"


def test_p19_eggs_carried_off_leave_the_game():
    """P-19/P-8: an egg that left the game is not in the supply: B has 9 eggs left in all."""
    after = parse_position(play(RIVER, "c4-NW"))
    on_board = sum(1 for p in after.board if p is not None and p.kind == "egg" and p.side == 1)
    assert (on_board, after.supply[1]) == (0, 10)
    before = parse_position(RIVER)
    assert sum(1 for p in before.board if p is not None and p.kind == "egg" and p.side == 1) == 1


# --------------------------------------------------------------------------- P-20 hole


HOLES = "5x5 P4/5/4I/5/5 hb1,hd3 A play 10/10 2+1/3+1 4"


def test_p20_hole_jump_continues_in_the_same_direction():
    """P-20: a1-E without a jump runs round row 1 back to a1 (endless, illegal). With h it enters the
    hole b1, jumps to d3 and goes E: e3 iceberg: stop d3; eggs on a1 and b1."""
    state = parse_position(HOLES)
    assert starting(state, "a1-E") == {"a1-E/h"}
    assert play(HOLES, "a1-E/h") == "5x5 EE3/5/3PI/5/5 hb1,hd3 B play 8/10 2+1/3+1 5"


def test_p20_a_penguin_starting_on_a_hole_does_not_jump():
    """P-20: b1-E from the hole b1: c1, d1, then e1 iceberg; no hole entered, so no jump."""
    text = "5x5 1P2I/5/5/5/5 hb1,hd3 A play 10/10 2+1/3+1 4"
    assert starting(parse_position(text), "b1-E") == {"b1-E"}
    assert "hole" in refused(text, "b1-E/h")


# --------------------------------------------------------------------------- P-22 blazing


BLAZE = "5x5 5/5/3e1/5/5 bc3 A play 10/10 3+1/3+1 4"


def test_p22_blazing_removes_one_egg_next_to_it_at_the_end_of_the_turn():
    """P-22: B's egg d3 is next to the blazing c3: every A landing must name it; a landing on the ring
    (c4 b4 b3 c2 d2) may name its own new egg instead. 24 empty spaces + 5 = 29 moves."""
    state = parse_position(BLAZE)
    moves = texts(state)
    assert len(moves) == 29
    assert starting(state, "+d2") == {"+d2/b:d2", "+d2/b:d3"}
    assert starting(state, "+a1") == {"+a1/b:d3"}
    assert play(BLAZE, "+a1/b:d3") == "5x5 E4/5/5/5/5 bc3 B play 9/11 3+1/3+1 5"
    assert "blazing" in refused(BLAZE, "+a1")


# --------------------------------------------------------------------------- P-23 krill


def test_p23_krill_gives_an_optional_extra_egg():
    """P-23: a1-E enters the krill b1 and stops on c1 (d1 iceberg); the only empty space left is c3."""
    text = "4x4 P2I/IIII/II1I/IIII kb1 A play 10/10 2+1/3+1 4"
    assert starting(parse_position(text), "a1-E") == {"a1-E", "a1-E/k:c3"}
    assert play(text, "a1-E/k:c3") == "4x4 EEPI/IIII/IIEI/IIII kb1 B play 7/10 2+1/3+1 5"


def test_p23_two_krill_give_up_to_two_eggs_in_board_order():
    """P-23: krill b1 and c1 (the stop counts): none, one on b3 or c3, or both."""
    text = "4x4 P2I/IIII/I11I/IIII kb1,kc1 A play 10/10 2+1/3+1 4"
    assert starting(parse_position(text), "a1-E") == {"a1-E", "a1-E/k:b3", "a1-E/k:c3", "a1-E/k:b3,c3"}
    assert play(text, "a1-E/k:b3,c3") == "4x4 EEPI/IIII/IEEI/IIII kb1,kc1 B play 6/10 2+1/3+1 5"


def test_p23_krill_on_the_start_does_not_count():
    """P-23: a1 is the krill and the start: no extra egg."""
    text = "4x4 P2I/IIII/II1I/IIII ka1 A play 10/10 2+1/3+1 4"
    assert starting(parse_position(text), "a1-E") == {"a1-E"}


# --------------------------------------------------------------------------- one move and the position after it


# (position, move, after): `after` is the position once `move` is played, worked out by hand; the
# ruling and the path of each case in the comment over it.
PLAYED = [
    # P-13: with nothing on the ring, d3-ccw goes d2 c2 b3 b4 c4 and stops there after 5 steps.
    ("5x5 5/5/2NP1/5/5 - A play 10/10 2+1/3+1 4", "d3-ccw", "5x5 5/2EE1/1ENE1/1EP2/5 - B play 5/10 2+1/3+1 5"),
    # P-15: the throw may go onto a rival egg, which goes back to its owner.
    ("5x5 P2e1/5/5/5/5 sc1 A play 10/10 2+1/3+1 4", "a1-E/st:E", "5x5 EEEP1/5/5/5/5 sc1 B play 7/11 2+1/3+1 5"),
    # P-16: tent b2 (ring c2 b3 a3 a2 b1 c1). a1-E stops on c1 (d1 iceberg), eggs a1 b1; then every
    # piece on the ring moves one step clockwise, barriers included: c1 P -> c2, b1 E -> c1, a2 I -> b1, b3 e -> a3.
    ("5x5 P2I1/I4/1e3/5/5 tb2:cw A play 10/10 2+1/3+1 4", "a1-E", "5x5 EIEI1/2P2/e4/5/5 tb2:cw B play 8/10 2+1/3+1 5"),
    # P-16: the same with a ccw tent: c1 P -> b1, b1 E -> a2, a2 I -> a3, b3 e -> c2.
    ("5x5 P2I1/I4/1e3/5/5 tb2:ccw A play 10/10 2+1/3+1 4", "a1-E", "5x5 EP1I1/E1e2/I4/5/5 tb2:ccw B play 8/10 2+1/3+1 5"),
    # P-16: a1-W goes e1 then d1 iceberg: stop e1, not on the ring of b2: nothing turns.
    ("5x5 P2I1/I4/1e3/5/5 tb2:cw A play 10/10 2+1/3+1 4", "a1-W", "5x5 E2IP/I4/1e3/5/5 tb2:cw B play 9/10 2+1/3+1 5"),
    # P-17: c2 is next to the freezing tile c3, so B's egg there is frozen: a2-E stops on b2 and the
    # egg goes back to B (without freezing it would be captured and the slide would go on).
    (FROST, "a2-E", "5x5 5/EP3/3E1/5/E4 fc3 B play 9/11 2+1/3+1 5"),
    # P-17: a3-E: b3, c3 (the flat freezing tile), then A's own frozen egg on d3: stop c3; the egg
    # goes back to A too; eggs on a3 and b3.
    ("5x5 5/5/P2E1/5/5 fc3 A play 10/10 2+1/3+1 4", "a3-E", "5x5 5/5/EEP2/5/5 fc3 B play 9/10 2+1/3+1 5"),
    # P-21: b1-E: c1, d1, e1 seaweed: the assistant goes back to A's unused; eggs b1 c1 d1 e1.
    ("5x5 1P3/5/5/5/5 we1 A play 10/10 2+1/3+1 4", "b1-E", "5x5 1EEEE/5/5/5/5 we1 B play 6/10 3+1/3+1 5"),
    # P-15 then P-21: a1-E enters the storm c1, which throws the penguin E onto the seaweed d1: it leaves
    # the board (the throw moves it onto that space), back to A's unused (3+1); eggs a1 b1 c1 d1.
    ("5x5 P4/5/5/5/5 sc1,wd1 A play 10/10 2+1/3+1 4", "a1-E/st:E", "5x5 EEEE1/5/5/5/5 sc1,wd1 B play 6/10 3+1/3+1 5"),
    # P-21: the egg on the seaweed e1 hatches into a penguin that stays there.
    ("5x5 4E/5/5/5/5 we1 A play 10/10 3+1/3+1 4", "^e1", "5x5 4P/5/5/5/5 we1 B play 11/10 2+1/3+1 5"),
]


@pytest.mark.parametrize("position, move, after", PLAYED)
def test_one_move_gives_the_position_worked_out_by_hand(position, move, after):
    """P-13, P-15..P-17, P-21: the position after the move (why: the comment over each case)."""
    assert play(position, move) == after


# --------------------------------------------------------------------------- P-2 team mode


def test_p2_team_mode_seat_labels():
    """P-2: team mode labels the sides in setup, then A1 B1 A2 B2 A1 ... from ply 2."""
    state = parse_position("5x5 5/5/5/5/5 - A setup 16/16 3+1/3+1 0 team=1")
    labels = []
    for move in ("+a1", "+b1", "+c1", "+d1", "+e1", "+a2", "+b2"):
        labels.append(seat_label(state))
        state = successor(state, parse_move(state, move))
    assert labels == ["A", "B", "A1", "B1", "A2", "B2", "A1"]
    assert seat_label(parse_position("5x5 5/5/5/5/5 - B play 16/16 3+1/3+1 5")) == "B"


# --------------------------------------------------------------------------- touched spaces


def test_touched_spaces_cover_the_effects():
    """touched_spaces: the path, then every other space the move changed (here the seagull's two spaces)."""
    state = parse_position(GULL)
    move = parse_move(state, "a1-E/g:e5")
    names = [square_name(5, s) for s in touched_spaces(state, move)]
    assert names == ["a1", "b1", "c1", "d1", "c2", "e5"]
    assert illegal_reason(state, move) is None
    assert status(successor(state, move)) == 0


# --------------------------------------------------------------------------- random play on the scenarios


def test_random_play_on_the_scenarios_keeps_every_count_and_round_trips():
    """P-2/P-8/P-9: in seeded random games on every scenario, each sampled legal move round-trips through
    its text and move integer, is legal by illegal_reason, and no side ever holds more pieces than it owns."""
    rng = random.Random(4)
    checked = 0
    for _, _, text in SCENARIOS:
        state = parse_position(text)
        for _ in range(30):
            moves = legal_moves(state)
            if not moves:
                break
            for move in rng.sample(moves, min(4, len(moves))):
                assert parse_move(state, format_move(state, move)) == move
                assert decode_move(encode_move(move)) == move
                assert illegal_reason(state, move) is None
                after = successor(state, move)
                assert parse_position(format_position(after)) == after
                for side in (0, 1):
                    count = {kind: sum(1 for p in after.board if p is not None and p.kind == kind and p.side == side)
                             for kind in (EGG, PENGUIN, STAR)}
                    assert 0 <= after.supply[side] and count[EGG] + after.supply[side] <= after.rules.eggs
                    assert count[PENGUIN] + after.unused_assistants[side] <= after.rules.assistants
                    assert count[STAR] + after.unused_stars[side] <= after.rules.stars
                checked += 1
            lively = [m for m in moves if m.action in (SLIDE, ORBIT, HATCH)]
            state = successor(state, rng.choice(lively if lively and rng.random() < 0.7 else moves))
    assert checked > 300
