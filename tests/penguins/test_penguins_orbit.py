"""P-13 orbit eligibility: only a penguin whose own exploration ended next to the nest (a storm
throw included) may orbit on its next exploration; one hatched there or carried there by a tent
or river may not. Each scenario is checked in the reference rules and in the kernel; the expected
positions were worked out by hand from the rulings (the reasoning is in each test)."""

import pytest
from rich.console import Console

from solver.errors import NotationError
from solver.games.penguins import penguins_binding as binding
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_board import render
from solver.games.penguins.penguins_notation import format_position, parse_move, parse_position, resolve_position
from tests.penguins.penguins_agree import listed, play


def orbits(state: ref.State) -> set[str]:
    """The orbits offered (the same by the reference and the kernel)."""
    return listed(state, lambda move: move.action == ref.ORBIT)


def test_p13_a_penguin_hatched_next_to_the_nest_may_not_orbit_until_its_own_slide_ends_there():
    """P-13, the issue's example: on rookery (nest c3) d3 is the nest's E neighbour; a penguin
    hatched there may not orbit (marked '). Its slide d3-E crosses e3, f3, wraps to a3, b3 and
    stops before the nest: b3 is the nest's W neighbour, reached by its own exploration, so
    after B's reply it may orbit (b3-cw goes to c2 (NW of c3), b3-ccw to c4: both open)."""
    hatched = play(resolve_position("rookery"), "+a1 +d3 ^d3 +f6")
    assert format_position(hatched) == "6x6 e5/6/2NP'2/6/6/5e kb2,te5:cw A play 16/14 2+1/3+1 4"
    assert orbits(hatched) == set()
    with pytest.raises(ref.IllegalMove, match="P-13"):
        parse_move(hatched, "d3-cw")
    console = Console(width=100, record=True, color_system=None)
    console.print(render(hatched))
    assert "may not orbit the nest (P-13): d3" in console.export_text()
    back = play(hatched, "d3-E +a6")  # eggs on d3 e3 f3 a3: A 16 -> 12; B lands a6: 14 -> 13
    assert format_position(back) == "6x6 e5/6/EPNEEE/6/6/e4e kb2,te5:cw A play 12/13 2+1/3+1 6"
    assert orbits(back) == {"b3-cw", "b3-ccw"}


def test_p13_a_penguin_stopped_next_to_the_nest_by_a_slide_may_orbit():
    """P-13: f3-W passes e3 and stops on d3 before the nest c3 (a barrier, P-10): its own
    exploration ended next to the nest, so after B's landing it may orbit both ways (c4 and d2,
    its ring neighbours, are empty)."""
    state = play(parse_position("6x6 6/6/2N2P/6/6/6 - A play 10/10 2+1/3+1 4"), "f3-W +a6")
    assert format_position(state) == "6x6 6/6/2NPEE/6/6/e5 - A play 8/9 2+1/3+1 6"
    assert orbits(state) == {"d3-cw", "d3-ccw"}


def test_p13_a_penguin_thrown_next_to_the_nest_by_a_storm_may_orbit():
    """P-13 (a storm throw included), P-15: e5-NW enters e4, e3 and the storm e2, which throws it
    SW to d3, the nest's E neighbour; thrown E to f2 instead, it is not next to the nest."""
    start = parse_position("6x6 6/6/2N3/6/4P1/6 se2 A play 10/10 2+1/3+1 4")
    thrown = play(start, "e5-NW/st:SW +a6")
    assert orbits(thrown) == {"d3-cw", "d3-ccw"}
    elsewhere = play(start, "e5-NW/st:E +a6")
    assert orbits(elsewhere) == set()


def test_p13_a_penguin_carried_next_to_the_nest_by_a_tent_may_not_orbit():
    """P-13, P-16: e6-NW passes e5, e4, the tent e3, and stops on e2 before the iceberg e1; e2 is
    on the tent's ring (f3 e4 d4 d3 e2 f2 clockwise), so the ring turns one step clockwise: the
    penguin on d4 goes to d3 (next to the nest c3, carried: marked '), the egg just laid on e4 to
    d4, the mover from e2 to f2; the egg on the tent's own space e3 stays. 4 eggs laid: 10 -> 6."""
    after = play(parse_position("6x6 4I1/6/2N3/3P2/6/4P1 te3:cw A play 10/10 1+1/3+1 4"), "e6-NW")
    assert format_position(after) == "6x6 4I1/5P/2NP'E1/3E2/4E1/4E1 te3:cw B play 6/10 1+1/3+1 5"
    assert orbits(play(after, "+a6")) == set()


def test_p13_a_penguin_carried_next_to_the_nest_by_a_river_may_not_orbit():
    """P-13, P-19: a5-E stops on the river tile d5 before the iceberg e5 (eggs a5 b5 c5); the river
    d1 > ... > d6 flows from downstream: the mover goes from d5 to d6, the penguin on d1 to d2,
    the nest's NE neighbour: carried there, it may not orbit (marked ')."""
    river = "rd1:SE,rd2:SE,rd3:SE,rd4:SE,rd5:SE,rd6:SE"
    after = play(parse_position(f"6x6 3P2/6/2N3/6/P3I1/6 {river} A play 10/10 1+1/3+1 4"), "a5-E")
    assert format_position(after) == f"6x6 6/3P'2/2N3/6/EEE1I1/3P2 {river} B play 7/10 1+1/3+1 5"
    assert orbits(play(after, "+a1")) == set()


def test_p13_the_no_orbit_mark_round_trips_and_is_checked():
    """The mark ' after a penguin's letter (docs/notation.md): kept by the round trip, in the
    kernel array, refused elsewhere than on a penguin next to the nest; an unmarked penguin next to
    the nest may orbit, as every position string written before the mark meant."""
    marked = "5x5 5/3E1/2NP'1/1e3/5 - A play 10/10 2+1/3+1 4"
    state = parse_position(marked)
    assert state.no_orbit == frozenset({13})  # d3 = r 2 * 5 + q 3
    assert format_position(state) == marked
    assert binding.from_kernel(binding.to_kernel(state), state.rules) == state
    assert orbits(state) == set()
    assert orbits(parse_position(marked.replace("'", ""))) == {"d3-cw"}  # d3-ccw meets A's egg on d2 at once
    for text, where in (("5x5 5/3E1/2N1P'/1e3/5 - A play 10/10 2+1/3+1 4", "next to the penguin nest"),
                        ("5x5 5/3E'1/2NP1/1e3/5 - A play 10/10 2+1/3+1 4", "follows a penguin's letter"),
                        ("5x5 5/3E1/2NP''/1e3/5 - A play 10/10 2+1/3+1 4", "follows a penguin's letter")):
        with pytest.raises(NotationError, match=where):
            parse_position(text)
