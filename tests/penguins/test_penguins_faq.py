"""The seed's FAQ (seed 000: main Q2, Q3, Q6, Q7, Q11, Q12; expansion Q1-Q6) as hand-derived scenarios.

Q11 and Q12 are about event cards, which the engine leaves out (P-3); what they say without cards
is tested: the star penguin is hatched only once every assistant is on the board (Q11), and the
star stays and plays on when an assistant leaves the board (Q12), here by mutant seaweed or a river.
Coordinates and letters as in tests/penguins/test_penguins_tiles.py.
"""

from __future__ import annotations

from solver.games.penguins.penguins_rules import PENGUIN, STAR, hatchling, legal_moves, successor
from solver.games.penguins.penguins_notation import format_move, format_position, parse_move, parse_position


def texts(text: str) -> list[str]:
    """The legal moves of the position `text` as notation, in generation order."""
    state = parse_position(text)
    return [format_move(state, m) for m in legal_moves(state)]


def starting(text: str, prefix: str) -> set[str]:
    """The legal move texts whose action part is `prefix`."""
    return {t for t in texts(text) if t == prefix or t.startswith(prefix + "/")}


def play(text: str, *moves: str) -> str:
    """The position after the legal `moves`, one after another."""
    state = parse_position(text)
    for move in moves:
        state = successor(state, parse_move(state, move))
    return format_position(state)


# --------------------------------------------------------------------------- main FAQ


def test_main_q2_own_egg_across_the_edge_stops_the_penguin_on_the_edge():
    """Q2: d1-E enters e1; across the edge a1 holds A's own egg: the penguin stops on e1."""
    assert play("5x5 E2P1/5/5/5/5 - A play 10/10 2+1/3+1 4", "d1-E") == "5x5 E2EP/5/5/5/5 - B play 9/10 2+1/3+1 5"


TENT_RIVER = "5x5 3I1/2e2/5/3P1/5 rd2:E,re2:E,tc3:cw A play 10/10 2+1/3+1 4"


def test_main_q3_the_mover_orders_tent_and_river():
    """Q3: d4-NW passes d3 and stops on d2 (d1 iceberg): a river tile on the ring of the tent c3.

    Tent first (default): the ring d3 c4 b4 b3 c2 d2 turns cw: d2 P -> d3, d3 E -> c4, c2 e -> d2;
    then the river d2 > e2 > off carries that egg to e2.
    River first (rf): the penguin d2 -> e2, then the tent: d3 E -> c4, c2 e -> d2.
    """
    assert starting(TENT_RIVER, "d4-NW") == {"d4-NW", "d4-NW/rf"}
    assert play(TENT_RIVER, "d4-NW") == "5x5 3I1/4e/3P1/2EE1/5 rd2:E,re2:E,tc3:cw B play 8/10 2+1/3+1 5"
    assert play(TENT_RIVER, "d4-NW/rf") == "5x5 3I1/3eP/5/2EE1/5 rd2:E,re2:E,tc3:cw B play 8/10 2+1/3+1 5"


def test_main_q6_seagull_across_the_edge_is_not_next_to_the_stop():
    """Q6: c3-E enters d3, e3 and stops there because the seagull sits on a3 across the edge.
    Neither d3 nor e3 is next to a3 on the board (only across the edge), so the seagull stays."""
    text = "5x5 5/5/G1P2/5/5 - A play 10/10 2+1/3+1 4"
    assert starting(text, "c3-E") == {"c3-E"}
    assert play(text, "c3-E") == "5x5 5/5/G1EEP/5/5 - B play 8/10 2+1/3+1 5"


def test_main_q6_start_next_to_the_seagull_does_not_count():
    """Seagull text / Q6: b3-E starts next to the seagull a3 and enters c3, d3 (e3 iceberg): no move."""
    text = "5x5 5/5/GP2I/5/5 - A play 10/10 2+1/3+1 4"
    assert starting(text, "b3-E") == {"b3-E"}


def test_main_q7_a_storm_on_the_edge_never_throws_across_it():
    """Q7: the storm a3 on the left edge; c3-W enters b3 and the storm a3 (stop).
    Throws: E b3 is where it came from; W and SW would cross the edge; SE a4, NW a2, NE b2 remain."""
    text = "5x5 5/5/2P2/5/5 sa3 A play 10/10 2+1/3+1 4"
    assert starting(text, "c3-W") == {"c3-W/st:SE", "c3-W/st:NW", "c3-W/st:NE"}
    assert play(text, "c3-W/st:NE") == "5x5 5/1P3/EEE2/5/5 sa3 B play 7/10 2+1/3+1 5"


def test_main_q11_the_star_comes_only_after_every_assistant():
    """Q11 (no cards): the first hatch brings the last assistant, the next the star."""
    text = "4x4 EE2/4/4/4 - A play 10/10 1+1/3+1 4"
    state = parse_position(text)
    assert hatchling(state) == PENGUIN
    after = play(text, "^a1", "+d4")
    assert after == "4x4 PE2/4/4/3e - A play 11/9 0+1/3+1 6"
    assert hatchling(parse_position(after)) == STAR
    assert play(after, "^b1").startswith("4x4 PS2/")


SEAWEED_STAR = "5x5 1P3/5/2S2/5/5 we1 A play 10/10 0+0/3+1 4"


def test_main_q11_q12_an_assistant_leaving_by_seaweed():
    """Q12 (no cards): the assistant b1 slides into the seaweed e1 and leaves the board; the star on
    c3 stays and still explores; the next hatch brings the assistant back (Q11 order)."""
    after = play(SEAWEED_STAR, "b1-E")
    assert after == "5x5 1EEEE/5/2S2/5/5 we1 B play 6/10 1+0/3+1 5"
    again = parse_position(after.replace(" B play ", " A play "))
    assert hatchling(again) == PENGUIN
    assert {format_move(again, m) for m in legal_moves(again) if m.square == 12 and m.action == "slide"}


def test_main_q12_an_assistant_carried_off_by_the_river():
    """Q12: A's star stops on the river c2 > d2 > e2 > off; downstream first, A's assistant on e2 leaves
    the game (it is not unused again), then the star flows on to d2 and stays on the board."""
    text = "5x5 2I2/4P/5/2S2/5 rc2:E,rd2:E,re2:E A play 10/10 0+0/3+1 4"
    # c4-NW: c3, c2 (river), then c1 iceberg: stop c2; eggs c4 c3. River: e2 (assistant) off, d2 empty,
    # c2 star -> d2.
    after = play(text, "c4-NW")
    assert after == "5x5 2I2/3S1/2E2/2E2/5 rc2:E,rd2:E,re2:E B play 8/10 0+0/3+1 5"


# --------------------------------------------------------------------------- expansion FAQ


FORK = "5x5 5/1P2I/5/5/5 rd2:E+SE,re2:E,rd3:SE,rd4:SE,rd5:SE A play 10/10 2+1/3+1 4"


def test_exp_q1_at_a_fork_the_mover_chooses_the_branch():
    """Exp Q1: b2-E: c2, d2 (a fork E+SE), then e2 iceberg: stop d2; eggs b2 c2. River order e2, d5,
    d4, d3, d2: the iceberg leaves the game off e2, then the penguin on the fork goes E to e2
    (first arrow) or SE to d3 (br:1)."""
    assert starting(FORK, "b2-E") == {"b2-E", "b2-E/br:1"}
    assert play(FORK, "b2-E") == "5x5 5/1EE1P/5/5/5 rd2:E+SE,re2:E,rd3:SE,rd4:SE,rd5:SE B play 8/10 2+1/3+1 5"
    assert play(FORK, "b2-E/br:1") == "5x5 5/1EE2/3P1/5/5 rd2:E+SE,re2:E,rd3:SE,rd4:SE,rd5:SE B play 8/10 2+1/3+1 5"


MEET = "5x5 2eI1/1E3/5/3P1/5 rc1:SE,rb2:E,rc2:E,rd2:E,re2:E A play 10/10 2+1/3+1 4"


def test_exp_q2_two_pieces_flowing_into_one_space():
    """Exp Q2: d4-NW stops on d2 (d1 iceberg); the penguin flows to e2, then B's egg c1 and A's egg
    b2 both flow into c2: by default c1 (lower index) moves and b2 stays; with rp b2 moves, c1 stays."""
    assert starting(MEET, "d4-NW") == {"d4-NW", "d4-NW/rp"}
    assert play(MEET, "d4-NW") == "5x5 3I1/1Ee1P/3E1/3E1/5 rc1:SE,rb2:E,rc2:E,rd2:E,re2:E B play 8/10 2+1/3+1 5"
    assert play(MEET, "d4-NW/rp") == "5x5 2eI1/2E1P/3E1/3E1/5 rc1:SE,rb2:E,rc2:E,rd2:E,re2:E B play 8/10 2+1/3+1 5"


def test_exp_q3_own_egg_on_the_other_hole_stops_on_the_first():
    """Exp Q3: a1-E/h enters the hole b1; the other hole d3 holds A's egg: the penguin stops on b1."""
    text = "5x5 P3I/5/3E1/5/5 hb1,hd3 A play 10/10 2+1/3+1 4"
    assert starting(text, "a1-E") == {"a1-E", "a1-E/h"}
    assert play(text, "a1-E/h") == "5x5 EP2I/5/3E1/5/5 hb1,hd3 B play 9/10 2+1/3+1 5"


def test_exp_q3_rival_egg_on_the_other_hole_is_captured_and_the_slide_goes_on():
    """Exp Q3: the other hole d3 holds B's egg: captured; the penguin goes on E to e3 (a3 iceberg);
    eggs a1, b1, d3."""
    text = "5x5 P3I/5/I2e1/5/5 hb1,hd3 A play 10/10 2+1/3+1 4"
    assert play(text, "a1-E/h") == "5x5 EE2I/5/I2EP/5/5 hb1,hd3 B play 7/11 2+1/3+1 5"


def test_exp_q4_krill_without_an_empty_space_gives_nothing():
    """Exp Q4: a1-E enters the krill b1, stops on c1, and no space is left empty: no extra egg."""
    assert texts("4x4 P2I/IIII/IIII/IIII kb1 A play 10/10 2+1/3+1 4") == ["+b1", "+c1", "a1-E"]


def test_exp_q5_emperor_and_seal_trigger_no_hole_or_seaweed():
    """Exp Q5: the emperor steps onto the hole b1 and stays (no jump to c3); the seal onto the seaweed
    b1 and stays on the board."""
    holes = "4x4 M1II/IIII/II1I/IIII hb1,hc3 A play 10/10 2+1/3+1 4"
    assert play(holes, "+c3/em:E") == "4x4 EMII/IIII/IIEI/IIII hb1,hc3 B play 8/10 2+1/3+1 5"
    weed = "4x4 L1II/IIII/II1I/IIII wb1 A play 10/10 2+1/3+1 4"
    assert play(weed, "se:E/+c3") == "4x4 1LII/IIII/IIEI/IIII wb1 B play 9/10 2+1/3+1 5"


def test_exp_q6_the_winning_move_removes_no_blazing_egg():
    """Exp Q6: A's last egg wins at once: no landing names an egg next to the blazing c3."""
    text = "5x5 5/5/3e1/5/5 bc3 A play 1/10 3+1/3+1 4"
    moves = texts(text)
    assert len(moves) == 24 and all("/" not in m for m in moves)
    assert play(text, "+d2") == "5x5 5/3E1/3e1/5/5 bc3 B play 0/10 3+1/3+1 5"
