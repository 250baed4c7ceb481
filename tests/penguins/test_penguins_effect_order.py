"""P-9a (FAQ Q3, FAQ expansion Q2): effects that trigger together happen in the mover's order,
and orders that give the same position are one move. Each scenario runs in the reference rules
and the kernel alike; every expected position was worked out by hand from P-11, P-16, P-19 and P-23 (the
steps are in each test's docstring)."""

import pytest

from solver.errors import IllegalMove
from solver.games.penguins.penguins_notation import format_position, parse_move, parse_position
from tests.penguins.penguins_agree import listed, play

# Tent c2 (clockwise; its ring E d2, SE c3, SW b3, W b2, NW c1, NE d1) under an iceberg, and a
# river along the ring in the tent's sense: b2 > c1 > d1 > off the top edge.
TENT_RIVER = "rc1:E,rd1:NW,rb2:NE,tc2:cw"
# Two confluences: b3 > c3 > d3 > e3 > f3 > off the east edge, with c2 flowing into c3 and e2 into e3.
CONFLUENCES = "rc2:SE,re2:SE,rb3:E,rc3:E,rd3:E,re3:E,rf3:E"


def ways(state, action: str) -> set[str]:
    """The listed versions of one action (its text alone or with parts after '/')."""
    return {text for text in listed(state, lambda move: True) if text == action or text.startswith(action + "/")}


def test_p9a_tent_and_river_in_either_order_giving_one_position_are_one_move():
    """P-9a, FAQ Q3: a2-E stops on the river tile b2 before the iceberg on the tent, so the tent
    (b2 is on its ring) and the river both trigger. Tent first: the penguin turns b2 > c1, then
    the river carries it c1 > d1 (d1, then c1, then b2 flow; d1 and c1 are empty). River first:
    b2 > c1, then the tent turns it c1 > d1. The same position, so one move, written without rf."""
    state = parse_position(f"6x6 6/P1I3/6/6/6/6 {TENT_RIVER} A play 10/10 2+1/3+1 4")
    assert ways(state, "a2-E") == {"a2-E"}
    assert format_position(play(state, "a2-E")) == f"6x6 3P2/E1I3/6/6/6/6 {TENT_RIVER} B play 9/10 2+1/3+1 5"


def test_p9a_tent_and_river_orders_that_differ_are_two_moves():
    """P-9a, FAQ Q3: the same slide with B's egg on d1. Tent first: the egg turns d1 > d2 and the
    penguin b2 > c1, then the river carries the penguin c1 > d1. River first: the egg on d1 is
    carried off the board (out of the game) and the penguin b2 > c1, then the tent turns it to d1."""
    state = parse_position(f"6x6 3e2/P1I3/6/6/6/6 {TENT_RIVER} A play 10/9 2+1/3+1 4")
    assert ways(state, "a2-E") == {"a2-E", "a2-E/rf"}
    assert format_position(play(state, "a2-E")) == f"6x6 3P2/E1Ie2/6/6/6/6 {TENT_RIVER} B play 9/9 2+1/3+1 5"
    assert format_position(play(state, "a2-E/rf")) == f"6x6 3P2/E1I3/6/6/6/6 {TENT_RIVER} B play 9/9 2+1/3+1 5"


def test_p9a_each_confluence_has_its_own_choice_of_the_piece_that_moves_first():
    """FAQ expansion Q2, P-9a: b6-NW passes b5 and b4 and stops on the river tile b3 before the
    iceberg b2 (eggs on b6 b5 b4). The river flows downstream first: f3 (empty), e3 (empty, with
    d3's and e2's eggs heading into it: the first contested confluence), e2 and d3, then c3 (empty,
    with c2's egg and the penguin on b3 heading into it: the second), c2 and b3. At each the mover
    picks which piece moves first, the lower space by default (e2 = index 10 before d3 = 15,
    c2 = 8 before b3 = 13), and the other one stays: four different positions, four moves."""
    state = parse_position(f"6x6 6/1Ie1e1/3E2/6/6/1P4 {CONFLUENCES} A play 10/10 2+1/3+1 4")
    assert ways(state, "b6-NW") == {"b6-NW", "b6-NW/rp", "b6-NW/rp:01", "b6-NW/rp:11"}
    after = {move: format_position(play(state, move)).split()[1] for move in ways(state, "b6-NW")}
    assert after == {
        "b6-NW": "6/1I4/1PeEe1/1E4/1E4/1E4",  # e2 > e3 (d3 stays), c2 > c3 (the penguin stays)
        "b6-NW/rp": "6/1I2e1/1Pe1E1/1E4/1E4/1E4",  # d3 > e3 (e2 stays), c2 > c3
        "b6-NW/rp:01": "6/1Ie3/2PEe1/1E4/1E4/1E4",  # e2 > e3, the penguin b3 > c3 (c2 stays)
        "b6-NW/rp:11": "6/1Ie1e1/2P1E1/1E4/1E4/1E4",  # d3 > e3, the penguin > c3
    }


# The emperor penguin on c3 with the seal beside it on d3; A's penguin on a1.
BESIDE = "5x5 P4/5/2ML1/5/5 - A play 10/10 2+1/3+1 4"


def test_p9a_the_seal_may_step_before_the_emperor_where_that_gives_another_position():
    """P-9a, P-12, P-14: both before a landing on e5. em:E is illegal emperor first (the seal is on
    d3), but the seal may step first, E to e3, and then the emperor E into d3, leaving A's egg on
    c3 (written in that order). em:W/se:W (the seal onto the egg the emperor left on c3, which goes
    back) works only emperor first; em:W/se:SE reaches the same position in either order, so it is
    one move, written emperor first."""
    state = parse_position(BESIDE)
    landings = listed(state, lambda move: move.action == "land" and move.square == 24)
    assert {"se:E/em:E/+e5", "em:W/se:W/+e5", "em:W/se:SE/+e5"} <= landings
    assert not {"em:E/se:E/+e5", "se:W/em:W/+e5", "se:SE/em:W/+e5"} & landings
    assert format_position(play(state, "se:E/em:E/+e5")) == "5x5 P4/5/2EML/5/4E - B play 8/10 2+1/3+1 5"
    assert format_position(play(state, "em:W/se:W/+e5")) == "5x5 P4/5/1ML2/5/4E - B play 9/10 2+1/3+1 5"
    with pytest.raises(IllegalMove, match="P-9a"):
        parse_move(state, "se:SE/em:W/+e5")


# A's penguin on a1 slides E over the krill b1 to c1 (the iceberg d1 stops it); c1 is next to the
# seagull on c2, so the seagull must move and one krill egg may be laid.
GULL_KRILL = "5x5 P2I1/2G2/5/5/5 kb1"


def test_p9a_a_winning_krill_egg_before_the_seagull_leaves_the_seagull_where_it_was():
    """P-9a, P-11, P-23, P-8: A has 3 eggs; a1-E lays two (a1, b1), so the krill egg is A's last
    and wins. Seagull first, the seagull has left c2 for one of the 20 empty spaces before that
    egg; krill first, the egg wins at once and the seagull never moves: 20 more moves (kf, one per
    krill space) whose positions the seagull first cannot give."""
    state = parse_position(f"{GULL_KRILL} A play 3/10 2+1/3+1 4")
    slides = ways(state, "a1-E")
    krill_first = {text for text in slides if "/kf" in text}
    assert len(slides) == 20 + 20 * 20 + 20 and len(krill_first) == 20
    assert "a1-E/kf/k:e5" in krill_first and not any("/g:" in text for text in krill_first)
    assert format_position(play(state, "a1-E/kf/k:e5")) == "5x5 EEPI1/2G2/5/5/4E kb1 B play 0/10 2+1/3+1 5"
    assert format_position(play(state, "a1-E/g:e4/k:e5")) == "5x5 EEPI1/5/5/4G/4E kb1 B play 0/10 2+1/3+1 5"


def test_p9a_krill_first_without_a_new_position_is_the_seagull_first_move():
    """P-9a: with 5 eggs the krill egg does not win; laid first on e4, the seagull then goes to e5:
    the position of a1-E/g:e5/k:e4, so that is the only way to write it."""
    state = parse_position(f"{GULL_KRILL} A play 5/10 2+1/3+1 4")
    assert not any("/kf" in text for text in ways(state, "a1-E"))
    with pytest.raises(IllegalMove, match="P-9a"):
        parse_move(state, "a1-E/kf/g:e5/k:e4")
    assert format_position(play(state, "a1-E/g:e5/k:e4")) == "5x5 EEPI1/5/5/4E/4G kb1 B play 2/10 2+1/3+1 5"


def test_p9a_a_krill_egg_on_the_last_empty_space_first_sends_the_seagull_out_of_the_game():
    """P-9a, P-11, P-23: on a full 4x4 board a1-E lays eggs on a1 and b1 (krill) and stops on c1
    (iceberg d1), next to the seagull c2; d4 is the only empty space. Seagull first, it must go to
    d4, and the krill egg may then go on c2, the space it left. Krill first, the egg fills d4, the
    seagull has no empty space and leaves the game (c2 stays empty)."""
    state = parse_position("4x4 P2I/eeGe/eeee/eee1 kb1 A play 5/6 2+1/3+1 4")
    assert ways(state, "a1-E") == {"a1-E/g:d4", "a1-E/g:d4/k:c2", "a1-E/kf/k:d4"}
    assert format_position(play(state, "a1-E/g:d4/k:c2")) == "4x4 EEPI/eeEe/eeee/eeeG kb1 B play 2/6 2+1/3+1 5"
    assert format_position(play(state, "a1-E/kf/k:d4")) == "4x4 EEPI/ee1e/eeee/eeeE kb1 B play 2/6 2+1/3+1 5"


# The seagull and the krill eggs before the tent and river (P-9a: they trigger together with them,
# P-11, P-16, P-19, P-23). A river straight up column c, c3 > c2 > c1 > off the top edge (arrows NW).
RIVER_C = "rc1:NW,rc2:NW,rc3:NW"


def early(state, action: str) -> set[str]:
    """The listed versions of `action` with the seagull or the krill eggs before the tent and river."""
    return {text for text in ways(state, action) if {"ge", "ke"} & set(text.split("/"))}


def test_p9a_the_seagull_and_krill_eggs_commute_with_the_tent_alone():
    """P-9a, P-16: a2-E passes the krill b2 (next to the seagull b1) and stops on c2 before the
    iceberg d2; c2 is on the clockwise tent c3's ring (E d3, SE c4, SW b4, W b3, NW c2, NE d2). The
    tent turns every piece one step, so a seagull or egg put on its ring before it turns ends one
    step on, where it could have been put after: no version with either first, and writing one is
    refused. After: 20 empty spaces (the tent moves the penguin c2 > d2 and the iceberg d2 > d3), so
    20 seagull targets x (no egg, or one of 20 krill spaces) = 420 versions."""
    state = parse_position("5x5 1G3/P2I1/5/5/5 kb2,tc3:cw A play 10/10 2+1/3+1 4")
    assert len(ways(state, "a2-E")) == 20 * 21 and not early(state, "a2-E")
    with pytest.raises(IllegalMove, match="P-9a"):
        parse_move(state, "a2-E/g:e5/ke/k:c4")  # the egg would turn c4 > b4: a2-E/g:e5/k:b4
    assert format_position(play(state, "a2-E/g:e5/k:b4")) == "5x5 5/EE1P1/3I1/1E3/4G kb2,tc3:cw B play 7/10 2+1/3+1 5"


def test_p9a_a_krill_egg_laid_before_the_river_on_its_last_tile_leaves_the_game():
    """P-9a, P-19, P-23: a3-E passes the krill b3 and stops on the river c3 (iceberg d3); the river
    carries the penguin c3 > c2. An egg laid first on c1 is carried off the board: it leaves the game
    (A's supply stays 7, the egg is gone), which laying after the river cannot do: one more move.
    First on c2 it is carried to c1 and the penguin follows into c2: a3-E/k:c1, so not a move."""
    state = parse_position("5x5 5/5/P2I1/5/5 rc1:NW,rc2:NW,kb3,rc3:NW A play 10/10 2+1/3+1 4")
    assert early(state, "a3-E") == {"a3-E/ke/k:c1"}
    assert format_position(play(state, "a3-E/ke/k:c1")) == "5x5 5/2P2/EE1I1/5/5 rc1:NW,rc2:NW,kb3,rc3:NW B play 7/10 2+1/3+1 5"
    assert format_position(play(state, "a3-E/k:c1")) == "5x5 2E2/2P2/EE1I1/5/5 rc1:NW,rc2:NW,kb3,rc3:NW B play 7/10 2+1/3+1 5"
    with pytest.raises(IllegalMove, match="P-9a"):
        parse_move(state, "a3-E/ke/k:c2")


def test_p9a_the_seagull_moved_before_the_river_stays_in_the_game():
    """P-9a, P-11, P-19: the seagull stands on c1, the river's last tile; a2-E passes b2 (next to it)
    and stops on the river c2 (iceberg d2). River first, the seagull is carried off the board and so
    has no move (one version); moved first, it stays in the game: one more version per empty space
    (20). Moved first onto c3 it is then carried to c2, where the penguin has just left."""
    state = parse_position(f"5x5 2G2/P2I1/5/5/5 {RIVER_C} A play 10/10 2+1/3+1 4")
    assert ways(state, "a2-E") - early(state, "a2-E") == {"a2-E"} and len(early(state, "a2-E")) == 20
    assert format_position(play(state, "a2-E")) == f"5x5 2P2/EE1I1/5/5/5 {RIVER_C} B play 8/10 2+1/3+1 5"
    assert format_position(play(state, "a2-E/ge/g:e5")) == f"5x5 2P2/EE1I1/5/5/4G {RIVER_C} B play 8/10 2+1/3+1 5"
    assert format_position(play(state, "a2-E/ge/g:c3")) == f"5x5 2P2/EEGI1/5/5/5 {RIVER_C} B play 8/10 2+1/3+1 5"


def test_p9a_a_winning_krill_egg_before_the_tent_leaves_the_tent_unturned():
    """P-9a, P-8, P-16, P-23: A has 3 eggs; a2-E lays two (a2, b2 the krill) and stops on c2, on the
    tent c3's ring, so the krill egg is A's last and wins. Laid after the tent turned (the penguin to
    d2, the iceberg to d3) or before it (nothing turns: the win ends the move): each of the 21 empty
    spaces gives two positions, 1 + 21 + 21 versions."""
    state = parse_position("5x5 5/P2I1/5/5/5 kb2,tc3:cw A play 3/10 2+1/3+1 4")
    assert len(ways(state, "a2-E")) == 43 and len(early(state, "a2-E")) == 21
    assert format_position(play(state, "a2-E/k:e5")) == "5x5 5/EE1P1/3I1/5/4E kb2,tc3:cw B play 0/10 2+1/3+1 5"
    assert format_position(play(state, "a2-E/ke/k:e5")) == "5x5 5/EEPI1/5/5/4E kb2,tc3:cw B play 0/10 2+1/3+1 5"


@pytest.mark.parametrize("piece, position, move", [
    ("krill egg", "5x5 5/5/P2I1/5/5 rc1:NW,rb2:E,rc2:NW,kb3,rc3:NW A play 10/10 2+1/3+1 4", "a3-E/ke/k:b2"),
    ("seagull", "5x5 5/5/P2I1/1G3/5 rc1:NW,rb2:E,rc2:NW,rc3:NW A play 10/10 2+1/3+1 4", "a3-E/ge/g:b2"),
])
def test_p9a_an_early_egg_or_seagull_on_a_confluence_moves_before_the_penguin(piece, position, move):
    """P-9a, FAQ exp Q2, P-19: b2 (E) and c3 (NW) both flow into c2 > c1 > off. a3-E stops on c3
    (iceberg d3) after b3, whose neighbour b4 holds the seagull in the second case. After the river
    the penguin always stands on c2. A krill egg or the seagull put on b2 first makes c2 a contested
    confluence, where the lower space (b2) moves first: it takes c2 and the penguin stays on c3, a
    new position. Put first on c1 it is carried off the board (another). With rp the penguin moves
    first, giving the version laid or moved after the river: not a move of its own."""
    state = parse_position(position)
    letter = move.split("/")[1][0]
    assert early(state, "a3-E") == {f"a3-E/{letter}e/{letter}:c1", move}
    mark = "E" if letter == "k" else "G"
    tiles = position.split()[2]
    assert format_position(play(state, move)).split()[1:3] == [f"5/2{mark}2/EEPI1/5/5", tiles]
    with pytest.raises(IllegalMove, match="P-9a"):
        parse_move(state, move.replace(f"{letter}e/", f"rp/{letter}e/"))


def test_p9a_the_seagull_then_a_krill_egg_before_the_river():
    """P-9a: as in the seagull test above, with the krill b2 on the path. The seagull moved first
    frees c1, and an egg laid there before the river is carried off the board (out of the game):
    only with both before the river, once per seagull target (20). The krill egg alone first cannot
    go on c1 (the seagull stands there), and after the river it cannot leave the game."""
    state = parse_position("5x5 2G2/P2I1/5/5/5 rc1:NW,kb2,rc2:NW,rc3:NW A play 10/10 2+1/3+1 4")
    both = {text for text in early(state, "a2-E") if "/ge/" in text and "/ke/" in text}
    assert len(both) == 20 and all(text.endswith("/ke/k:c1") for text in both)
    assert format_position(play(state, "a2-E/ge/g:e5/ke/k:c1")) == \
        "5x5 2P2/EE1I1/5/5/4G rc1:NW,kb2,rc2:NW,rc3:NW B play 7/10 2+1/3+1 5"


def test_p9a_a_krill_egg_on_the_last_empty_space_then_the_seagull_before_the_river():
    """P-9a, P-11: on a full 4x4 board a3-E lays eggs on a3 and b3 (krill) and stops on the river
    c3 (iceberg d3), next to the seagull on the river c2; d4 is the only empty space. River first the
    seagull (carried c2 > c1, B's egg on c1 leaving the game) then goes to c3 or d4 and stays in the
    game, as it does when it moves before the river (to d4). Krill egg first on d4, then the seagull
    with no empty space leaves the game, then the river: c2 is free and the penguin goes there:
    a3-E/ge/kf/k:d4, the only version with an early part."""
    state = parse_position("4x4 eeee/eeGe/P2I/eee1 rc1:NW,rc2:NW,kb3,rc3:NW A play 10/5 2+1/3+1 4")
    assert early(state, "a3-E") == {"a3-E/ge/kf/k:d4"}
    assert format_position(play(state, "a3-E/ge/kf/k:d4")) == \
        "4x4 ee1e/eePe/EE1I/eeeE rc1:NW,rc2:NW,kb3,rc3:NW B play 7/5 2+1/3+1 5"


@pytest.mark.parametrize("position, move", [
    ("5x5 5/5/P2I1/5/5 rc1:NW,rc2:NW,kb3,rc3:NW A play 10/10 2+1/3+1 4", "a3-E/ke"),  # no krill egg to lay first
    ("5x5 5/5/P2I1/5/5 rc1:NW,rc2:NW,kb3,rc3:NW A play 10/10 2+1/3+1 4", "a3-E/ge/ke/k:c1"),  # no seagull
    ("5x5 5/5/P2I1/5/5 rc1:NW,rc2:NW,kb3,rc3:NW A play 10/10 2+1/3+1 4", "a3-E/ko:m/k:c1"),  # no tent: no "between"
    (f"{GULL_KRILL} A play 5/10 2+1/3+1 4", "a1-E/g:e5/ke/k:e4"),  # neither tent nor river acts
])
def test_p9a_early_parts_a_move_does_not_have_are_refused(position, move):
    """P-9a: ge needs a seagull that must move, ke krill eggs, both a tent or river that acts, ko:m both."""
    with pytest.raises(IllegalMove, match="the tent and river"):
        parse_move(parse_position(position), move)
