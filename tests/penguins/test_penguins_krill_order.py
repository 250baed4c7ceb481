"""P-9a, P-23: each krill egg is an effect of its own, ordered by the mover among the tent (P-16),
the river (P-19) and the seagull (P-11) that trigger with it: an egg may be laid between the tent
and the river, and two eggs at different times; the seagull may move between the tent and the river. The counts are checked against a second method
(tests/penguins/effect_orders.py: every permutation of the effects, carried out step by step)."""

import pytest

from solver.errors import NotationError
from solver.games.penguins import penguins_binding as binding
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_notation import format_move, format_position, parse_move, parse_position
from solver.games.registry import game
from solver.commands.perft import perft
from tests.penguins.effect_orders import move_count
from tests.penguins.penguins_agree import listed, play

# A's penguin a3 slides E over the krill b3 and B's egg c3 (captured) to d3, a river tile next to
# the tent d2 (counter-clockwise): tent and river both act. A has 4 eggs: 3 laid on a3 b3 c3, the
# krill egg is the last one and wins.
BETWEEN = "5x5 5/5/P1e1I/5/5 td2:ccw,rc3:SE,rc4:SE,rc5:SE,rd3:W,kb3 A play 4/10 2+1/3+1 4"
# BETWEEN with the seagull on b2, next to the slide's path: it must move.
GULL_BETWEEN = "5x5 5/1G3/P1e1I/5/5 td2:ccw,rc3:SE,rc4:SE,rc5:SE,rd3:W,kb3 A play 4/10 2+1/3+1 4"
# A's penguin a3 slides E over the krill b3 and c3 to e3 (river, on the ring of the tent e2): two krill eggs.
APART = "6x6 6/6/P4I/3e2/6/6 te2:cw,kb3,kc3,re3:SE,rd4:E,re4:SE,re5:SE,re6:SE A play 10/10 2+1/3+1 4"


def apart(state) -> list[str]:
    """The moves with a krill egg between the tent and the river or two eggs at different times."""
    return sorted(listed(state, lambda m: len(set(ref.krill_slots(m))) > 1
                         or ref.KRILL_BETWEEN_STOPS in ref.krill_slots(m)))


@pytest.mark.parametrize("text, count", [(BETWEEN, 122), (APART, 995), (GULL_BETWEEN, 2001)])
def test_p9a_each_krill_egg_is_its_own_effect_in_reference_kernel_and_second_method(text, count):
    """P-9a: perft 1 of the reference, of the kernel and of the permutation count agree (before the
    krill eggs were one effect: 83, 992 and 1982); perft 2 of the kernel equals the reference's."""
    state = parse_position(text)
    assert move_count(state) == count
    assert ref.perft(state, 1) == count
    words = binding.to_kernel(state)
    assert perft(game("penguins"), words, 1).nodes == count
    assert perft(game("penguins"), words, 2).nodes == ref.perft(state, 2)


def test_p9a_a_krill_egg_that_wins_between_the_tent_and_the_river_ends_the_move_there():
    """P-9a, P-23, P-8: a3-E ends on the river tile d3 (flowing W), next to the tent d2. Tent first
    (counter-clockwise): the penguin turns d3 > e2 and the egg c3 > d3; then the krill egg, A's last,
    wins, so the river never flows and the egg stays on d3 (with the river after the tent it flows
    to c3). 20 spaces are empty after the tent; the egg on c3 gives the position of a3-E/k:d3
    (tent, river d3 > c3, egg on d3), so 19 new moves. River first, then the winning egg: the egg
    c3 > c4, the penguin d3 > c3, the tent never turns: 20 more. 39 in all (83 + 39 = 122)."""
    state = parse_position(BETWEEN)
    moves = apart(state)
    assert len(moves) == 39 and "a3-E/ko:m/k:e5" in moves and "a3-E/ko:m/k:c3" not in moves
    after = play(state, "a3-E/ko:m/k:e5")
    assert ref.status(after) == ref.WIN_A
    assert format_position(after).split()[1] == "5/4P/EE1EI/5/4E"
    assert format_position(play(state, "a3-E/k:e5")).split()[1] == "5/4P/EEE1I/5/4E"
    assert format_position(play(state, "a3-E/rf/ko:m/k:e5")).split()[1] == "5/5/EEP1I/2E2/4E"


def test_p9a_two_krill_eggs_apart_one_carried_by_the_river_one_not():
    """P-9a, P-19: the first egg laid before the river flows and carried by it (or turned by the tent
    onto it), the second after, on the river: three new positions, each one move."""
    state = parse_position(APART)
    assert apart(state) == ["a3-E/ko:el/k:f2,e3", "a3-E/ko:le/k:d4,e6", "a3-E/rf/ko:le/k:d3,e6"]
    assert format_position(play(state, "a3-E/ko:le/k:d4,e6")).split()[1] == "6/3E2/EEEP1I/3Ee1/6/6"


@pytest.mark.parametrize("text", [BETWEEN, APART])
def test_krill_order_notation_round_trips(text):
    """docs/notation.md: ko: writes when each krill egg is laid; every move reads back as itself."""
    state = parse_position(text)
    for move in ref.legal_moves(state):
        assert parse_move(state, format_move(state, move)) == move
        assert binding.decode_move(binding.encode_move(move)) == move


def test_krill_order_notation_refusals():
    """One letter per krill egg, and the eggs' time given once."""
    state = parse_position(APART)
    with pytest.raises(NotationError, match="one time per krill egg"):
        parse_move(state, "a3-E/ko:l/k:f2,e3")
    with pytest.raises(NotationError, match="once"):
        parse_move(state, "a3-E/ke/ko:el/k:f2,e3")
    with pytest.raises(NotationError, match="one letter per krill egg"):
        parse_move(state, "a3-E/ko:x/k:f2")


def test_p9a_the_seagull_between_the_river_and_a_winning_krill_egg():
    """P-9a, P-11: river first (downstream first: A's egg c3 > c4, then the penguin d3 > c3), then
    the seagull b2 moves to d3, which the river just emptied, then the krill egg wins and the tent
    never turns. Before the river the penguin stands on d3, and with the tent first the seagull
    could as well move before the tent: only the target d3 gives new positions, one per krill
    space (19; 1982 moves before the seagull could move between the tent and the river)."""
    state = parse_position(GULL_BETWEEN)
    between = sorted(listed(state, lambda m: m.seagull_early == 2))
    assert len(between) == 19 and all(text.startswith("a3-E/rf/gm/g:d3/ko:m/k:") for text in between)
    assert format_position(play(state, "a3-E/rf/gm/g:d3/ko:m/k:e5")).split()[1] == "5/5/EEPGI/2E2/4E"
    assert format_position(play(state, "a3-E/rf/ko:m/k:e5")).split()[1] == "5/1G3/EEP1I/2E2/4E"


def test_p9a_two_krill_eggs_on_one_space_the_river_carries_the_first_off():
    """P-9a, P-19: A lays a krill egg on the river's last tile e6 first, the seagull c2 moves to a1,
    the river flows first and carries the egg off the board (out of the game), then the second egg,
    A's last, on e6 again wins (the tent never turns). Written k:e6,e6, the first egg first."""
    state = parse_position("6x6 6/2G3/P4I/3e2/6/6 te2:cw,kb3,kc3,re3:SE,rd4:E,re4:SE,re5:SE,re6:SE A play 6/10 2+1/3+1 4")
    move = parse_move(state, "a3-E/rf/ge/g:a1/ko:fm/k:e6,e6")
    assert move.krill == (34, 34) and format_move(state, move) == "a3-E/rf/ge/g:a1/ko:fm/k:e6,e6"
    after = play(state, "a3-E/rf/ge/g:a1/ko:fm/k:e6,e6")
    assert format_position(after).split()[1] == "G5/6/EEEE1I/3eP1/6/4E1" and ref.status(after) == ref.WIN_A
