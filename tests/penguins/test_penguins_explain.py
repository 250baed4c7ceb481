"""Penguins moves in plain words (issue 4): every tile effect told in the order it happens, and the
`caldera moves` listing that counts the variants of an action instead of printing each one.

Every expected text and count below was worked out by hand from docs/rules/penguins.md, not read
off the code. Coordinates: file letter (q = a..) + rank (r + 1); board rows in the notation are
r = 0, 1, ... Directions: E(+1,0) W(-1,0) SE(0,+1) NW(0,-1) NE(+1,-1) SW(-1,+1); the clockwise
ring of a space is E, SE, SW, W, NW, NE.
"""

from __future__ import annotations

import random
import re

import pytest

from solver.analysis import Score
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_explain import action_words, consequence_words, describe_moves, explain_move
from solver.games.penguins.penguins_notation import SCENARIOS, parse_move, parse_position, resolve_position


def words(text: str, move: str) -> str:
    """The plain words of the legal `move` (checked by parse_move) in the position `text`."""
    state = parse_position(text)
    return action_words(state, parse_move(state, move))


# --------------------------------------------------------------------------- no tiles: today's words


README_HINT = "5x5 IEPE1/P3s/3eS/epe2/ppPe1 - A play 14/12 0+0/0+0 20"
WIN_NOW = "6x6 P4I/6/6/p4I/6/6 - A play 3/3 2+1/2+1 20"


@pytest.mark.parametrize(
    "text, move, expected",
    [
        (README_HINT, "c5-NE", "slides from c5 to d4, laying 1 egg"),
        (README_HINT, "+e1", "lays an egg on e1"),
        # a1-E passes b1 c1 d1 and stops on e1 (f1 iceberg): eggs on a1 b1 c1, the last 3.
        (WIN_NOW, "a1-E", "slides from a1 to e1, laying 3 eggs: your last eggs, wins at once"),
        # docs/rules/penguins.md example 1: b3-E passes c3 d3 e3 (two B eggs) and stops on f3.
        ("6x6 6/6/EP1ee1/6/1p4/6 - A play 15/14 2+1/2+1 9", "b3-E",
         "slides from b3 to f3, laying 4 eggs and breaking 2 rival eggs"),
        ("4x4 EEEE/EEE1/4/4 - A play 1/8 3+1/3+1 9 eggs=8", "+d2", "lays an egg on d2, your last: wins at once"),
        ("6x6 E5/6/6/6/6/E5 - A play 14/16 1+1/3+1 4", "^a1",
         "hatches the egg on a1 into an assistant penguin (the egg goes back to your supply)"),
        ("6x6 E5/6/6/6/6/E5 - A play 14/16 0+1/3+1 4", "^a1",
         "hatches the egg on a1 into the star penguin (the egg goes back to your supply)"),
        ("pond", "+c4", "places B's egg on c4"),
    ],
)
def test_words_without_tiles_are_unchanged(text, move, expected):
    """Positions without tiles keep the wording of the README and the hint tests."""
    state = resolve_position(text)
    assert action_words(state, parse_move(state, move)) == expected


def test_move_list_without_tiles_is_unchanged():
    """The README's `caldera moves` listing, line for line."""
    assert describe_moves(parse_position(README_HINT)) == [
        "14 legal moves for A (play):",
        "  land      +e1 +b2 +c2 +d2 +a3 +b3 +c3 +d4 +e4 +e5",
        "  slide     c1-SE   to c4, 3 eggs, captures 1",
        "  slide     e3-SW   to d4, 1 egg",
        "  slide     c5-NW   to c2, 3 eggs, captures 1",
        "  slide     c5-NE   to d4, 1 egg",
    ]
    assert describe_moves(parse_position("6x6 6/6/EP1ee1/6/1p4/6 - A play 2/14 2+1/2+1 9"))[2:] == [
        "  hatch     ^a3 (brings on the penguin)",
        "  slide     b3-E    to f3, 2 eggs, captures 2, wins",
    ]


# --------------------------------------------------------------------------- every tile in words


@pytest.mark.parametrize(
    "board, expected",
    [
        # W from c1: b1, the hole a1, out of f6, on W to e6 d6 c6 (b6 iceberg). Eggs c1 b1 a1 f6 e6 d6.
        ("2P3/6/6/6/6/1I4", "slides from c1, drops into the hole on a1 and comes out of the hole on f6, "
                            "then goes on to c6, laying 6 eggs"),
        # e6 iceberg: out of f6 the penguin stops at once. Eggs c1 b1 a1.
        ("2P3/6/6/6/6/4I1", "slides from c1, drops into the hole on a1 and comes out of the hole on f6, "
                            "where it stops, laying 3 eggs"),
        # A's own egg on f6: the penguin stays on a1 (FAQ exp Q3). Eggs c1 b1.
        ("2P3/6/6/6/6/5E", "slides from c1 into the hole on a1, whose other end f6 is blocked, "
                           "and stops on a1, laying 2 eggs"),
    ],
)
def test_hole_jump(board, expected):
    """P-20: the holes a1 and f6; c1-W/h jumps at a1."""
    assert words(f"6x6 {board} ha1,hf6 A play 10/10 2+1/3+1 4", "c1-W/h") == expected


def test_seaweed_sends_the_penguin_back():
    """c1-W enters b1 and the seaweed a1: eggs on c1 b1 a1, and the penguin (here the star) leaves."""
    assert words("6x6 2P3/6/6/6/6/6 wa1 A play 10/10 2+1/3+1 4", "c1-W") == (
        "slides from c1 into the seaweed on a1, which sends the penguin back to your unused penguins, laying 3 eggs")
    assert words("6x6 2S3/6/6/6/6/6 wa1 A play 10/10 3+0/3+1 4", "c1-W").startswith(
        "slides from c1 into the seaweed on a1, which sends the star penguin back")


@pytest.mark.parametrize("egg, owner", [("e", "B"), ("E", "your supply")])
def test_frozen_egg_stops_the_penguin_and_goes_back(egg, owner):
    """Freezing b2; its ring holds c2. e2-W enters d2; the frozen egg on c2 stops it and goes back."""
    assert words(f"6x6 6/2{egg}1P1/6/6/6/6 fb2 A play 10/10 2+1/3+1 4", "e2-W") == (
        f"slides from e2 to d2, stopped by the frozen egg on c2, which goes back to {owner}, laying 1 egg")


def test_radiation_hatch_of_a_rival_egg():
    """Radiation e5; d5 is on its ring: A hatches B's egg there (P-18)."""
    text = "6x6 6/6/6/6/3e2/6 xe5 A play 10/10 2+1/3+1 4"
    assert words(text, "^d5") == (
        "hatches B's egg on d5, next to radiation, into your assistant penguin (the egg goes back to B)")
    assert "  hatch     ^d5 (brings on the penguin); ^d5: B's, next to radiation" in describe_moves(parse_position(text))


TENT_RIVER = "5x5 3I1/2e2/5/3P1/5 rd2:E,re2:E,tc3:cw A play 10/10 2+1/3+1 4"


def test_tent_and_river_in_the_order_the_move_chooses():
    """FAQ Q3: d4-NW stops on d2, a river tile on the ring d3 c4 b4 b3 c2 d2 of the tent c3.

    Tent first: d3 E -> c4, c2 e -> d2, d2 P -> d3, then the river carries the egg d2 -> e2.
    River first: the penguin d2 -> e2, then the tent: d3 E -> c4, c2 e -> d2.
    """
    assert words(TENT_RIVER, "d4-NW") == (
        "slides from d4 to d2, laying 2 eggs; the tent on c3 turns its ring clockwise, moving your egg from d3 "
        "to c4, B's egg from c2 to d2 and your penguin from d2 to d3; the river carries B's egg from d2 to e2")
    assert words(TENT_RIVER, "d4-NW/rf") == (
        "slides from d4 to d2, laying 2 eggs; the river carries your penguin from d2 to e2; the tent on c3 turns "
        "its ring clockwise, moving your egg from d3 to c4 and B's egg from c2 to d2")
    assert describe_moves(parse_position(TENT_RIVER))[-1] == (
        "  slide     d4-NW   to d2, 2 eggs, the tent turns, the river flows "
        "[2 moves: tent or river first: 2 ways; e.g. d4-NW d4-NW/rf]")


def test_seagull_flies_or_leaves_the_game():
    """a1-E passes b1 c1 and stops on d1 (e1 iceberg); c1 and d1 are next to the seagull c2.

    After it: eggs a1 b1 c1, penguin d1, iceberg e1, seagull c2: 25 - 6 = 19 empty spaces to fly to.
    On the 4x4 board every space but the path is full: no empty space, the seagull leaves.
    """
    text = "5x5 P3I/2G2/5/5/5 - A play 10/10 2+1/3+1 4"
    assert words(text, "a1-E/g:e5") == "slides from a1 to d1, laying 3 eggs; the seagull flies to e5"
    line = describe_moves(parse_position(text))[-1]
    assert line.startswith("  slide     a1-E    to d1, 3 eggs [19 moves: seagull: 19 spaces; e.g. a1-E/g:a2 ")
    assert words("4x4 P2I/IGII/IIII/IIII - A play 10/10 2+1/3+1 4", "a1-E") == (
        "slides from a1 to c1, laying 2 eggs; the seagull finds no empty space and leaves the game")


def test_krill_eggs_and_their_count():
    """a1-E passes b1, the krill c1 and d1, stops on e1 (f1 iceberg): two krill, up to two extra eggs.

    Every other direction is blocked (W: f1 iceberg) or endless. After it 36 - 6 = 30 empty spaces:
    no egg, 30 singles or C(30, 2) = 435 pairs: 466 moves, 465 of them with krill eggs.
    """
    text = "6x6 P4I/6/6/6/6/6 kc1,kd1 A play 10/10 2+1/3+1 4"
    assert words(text, "a1-E/k:b2,d6") == "slides from a1 to e1, laying 4 eggs; krill lets you lay extra eggs on b2 and d6"
    assert words(text, "a1-E/k:b2") == "slides from a1 to e1, laying 4 eggs; krill lets you lay an extra egg on b2"
    lines = describe_moves(parse_position(text))
    assert lines[0] == "500 legal moves for A (play):"  # 34 landings + 466
    assert lines[-1].startswith("  slide     a1-E    to e1, 4 eggs [466 moves: krill eggs (optional): 465 choices; e.g. a1-E ")


EMPEROR = "6x6 6/6/2M3/6/6/6 - A play 10/10 2+1/3+1 4"


def test_emperor_variants_are_counted_not_listed():
    """35 empty spaces. Landing first: 29 spaces not next to c3 with no step or 6 after, 6 next to it
    with 1 + 5: 29 x 7 + 6 x 6 = 239; stepping first (6 ways), then 34 landings: 204. 443 landings;
    stepping first also lets A hatch the egg it left on c3: 6 more. 12 emperor ways (6 before, 6 after)."""
    lines = describe_moves(parse_position(EMPEROR))
    assert lines[0] == "449 legal moves for A (play):"
    assert lines[2].startswith("            443 moves with their parts: emperor penguin (optional): 12 ways; e.g. +a1 ")
    assert lines[3] == "  hatch     ^c3 (brings on the penguin)"
    assert lines[4].startswith("            6 moves with their parts: emperor penguin: 6 ways; e.g. em:E/^c3 ")
    assert len(lines) == 5


def test_a_step_first_that_changes_the_path_gets_its_own_line():
    """d6-NW enters d5 (krill), d4, d3 and stops there (d2 iceberg): eggs d6 d5 d4.

    No step first: 30 empty spaces after it, so no krill egg or one of 30; then the emperor may step to
    b3 c4 c2 b4 (d3 holds the penguin, d2 the iceberg) unless the krill egg took that space:
    5 + 4 x 4 + 26 x 5 = 151. Stepping first W, SE, NW or SW: 29 empty spaces, 4 x 30 = 120.
    Stepping first E, onto d3: the slide stops on d4 (eggs d6 d5), 30 empty spaces, 31 moves.
    """
    lines = describe_moves(parse_position("6x6 6/3I2/2M3/6/6/3P2 kd5 A play 10/10 2+1/3+1 4"))
    assert lines[-2].startswith("  slide     d6-NW   to d3, 3 eggs [271 moves: emperor penguin (optional): 8 ways, "
                                "krill eggs (optional): 30 choices; e.g. d6-NW ")
    assert lines[-1].startswith("  slide     d6-NW   to d4, 2 eggs [31 moves: emperor penguin: 1 way, "
                                "krill eggs (optional): 30 choices; e.g. em:E/d6-NW ")


def test_orbit_around_the_nest():
    """P-13: from d3 the clockwise ring of the nest c3 is c4, b4 (B's egg), b3, c2, then d2 (A's egg)."""
    text = "5x5 5/3E1/2NP1/1e3/5 - A play 10/10 2+1/3+1 4"
    assert words(text, "d3-cw") == "orbits the nest clockwise from d3 to c2, laying 4 eggs and breaking 1 rival egg"
    assert "  orbit     d3-cw   to c2, 4 eggs, captures 1" in describe_moves(parse_position(text))


# (position, move, words): the plain words of the move; over each case what it checks, worked out by hand.
TILE_WORDS = [
    # a1-E enters b1, then the storm c1; thrown SE to c2, where B's egg goes back. Eggs a1 b1 c1.
    ("5x5 P4/2e2/5/5/5 sc1 A play 10/10 2+1/3+1 4", "a1-E/st:SE",
     "slides from a1 into the storm on c1, which throws you to c2, laying 3 eggs and breaking 1 rival egg"),
    # The storm c1 on the top edge: d1, b2, c2 icebergs, b1 is where it came from: it stays. Eggs a1 b1.
    ("5x5 P2I1/1II2/5/5/5 sc1 A play 10/10 2+1/3+1 4", "a1-E",
     "slides from a1 into the storm on c1, which has nowhere to throw you, laying 2 eggs"),
    # a4-E stops on e4 (f4 iceberg), on the ring f5 e6 d6 d5 e4 f4 of the tent e5: e4 -> f4, f4 -> f5.
    ("6x6 6/6/6/P4I/6/6 te5:cw A play 10/10 2+1/3+1 4", "a4-E",
     "slides from a4 to e4, laying 4 eggs; the tent on e5 turns its ring clockwise, "
     "moving your penguin from e4 to f4 and the iceberg from f4 to f5"),
    # b2-E stops on the fork d2 (e2 iceberg). Downstream first: e2 (iceberg off), d5 (B's egg off),
    # d4, d3 empty, then the fork d2: br:1 takes the second arrow, SE, to d3.
    ("5x5 5/1P2I/5/5/3e1 rd2:E+SE,re2:E,rd3:SE,rd4:SE,rd5:SE A play 10/10 2+1/3+1 4", "b2-E/br:1",
     "slides from b2 to d2, laying 2 eggs; the river carries the iceberg on e2 off the board, "
     "B's egg on d5 off the board and your penguin from d2 to d3"),
    # P-12: the emperor c3 steps and leaves A's egg behind, before or after the action.
    (EMPEROR, "em:NE/+a1", "the emperor steps NE to d2 and leaves your egg on c3; lays an egg on a1"),
    (EMPEROR, "+a1/em:SE", "lays an egg on a1; the emperor steps SE to c4 and leaves your egg on c3"),
    # Emperor first, then the slide (whose path it leaves free), then the krill egg: the parts in the order they happen.
    ("6x6 6/3I2/2M3/6/6/3P2 kd5 A play 10/10 2+1/3+1 4", "em:W/d6-NW/k:a1",
     "the emperor steps W to b3 and leaves your egg on c3; slides from d6 to d3, laying 3 eggs; "
     "krill lets you lay an extra egg on a1"),
    # P-14: the seal b5 steps W onto B's egg a5, which goes back to B's supply.
    ("6x6 6/6/6/6/eL4/6 - A play 10/10 2+1/3+1 4", "+c1/se:W",
     "lays an egg on c1; the seal steps W onto B's egg on a5, which goes back to B"),
    # P-22: B's egg d3 is on the ring of the blazing tile c3; the turn must end by burning it.
    ("6x6 6/6/3e2/6/6/6 bc3 A play 10/10 2+1/3+1 4", "+a1/b:d3", "lays an egg on a1; the blaze burns B's egg on d3"),
    # The emperor's egg is A's last: stepping after the landing wins (a winning tile part says so).
    ("6x6 6/6/2M3/6/6/6 - A play 2/10 2+1/3+1 4", "+a1/em:SE",
     "lays an egg on a1; the emperor steps SE to c4 and leaves your egg on c3: your last egg, wins at once"),
    # P-8 with eggs=1: A's setup egg is B's last, so B wins at once.
    ("4x4 4/4/4/4 - A setup 1/1 3+1/3+1 0 eggs=1", "+a1", "places B's egg on a1, B's last: B wins at once"),
]


@pytest.mark.parametrize("text, move, expected", TILE_WORDS)
def test_tile_effects_in_words(text, move, expected):
    """Each tile effect, and each win a move brings, told in words in the order it happens."""
    assert words(text, move) == expected


# --------------------------------------------------------------------------- team mode and hints


def test_team_mode_names_the_player():
    """Team mode: ply 20 is A's player A2 ((20 - 2) // 2 is odd); after it B2 moves and wins with a4-E."""
    text = WIN_NOW + " team=1"
    state = parse_position(text)
    assert describe_moves(state)[0] == "33 legal moves for A (player A2, play):"
    assert consequence_words(state, parse_move(state, "+c3")) == "but lets B (player B2) win at once with a4-E"


def test_explain_move_with_tile_parts():
    """The hint line: the parts in words and the verdict."""
    state = parse_position("5x5 P3I/2G2/5/5/5 - A play 10/10 2+1/3+1 4")
    assert explain_move(state, parse_move(state, "a1-E/g:e5"), Score("eval", 1.5)) == (
        "slides from a1 to d1, laying 3 eggs; the seagull flies to e5 (evaluation +1.50 eggs)")


# --------------------------------------------------------------------------- the listing counts every move


def listed_count(lines: list[str]) -> int:
    """The number of moves a describe_moves listing accounts for."""
    total = 0
    for i, line in enumerate(lines[1:], 1):
        counted = re.search(r"\[(\d+) moves?:", line)
        if counted:
            total += int(counted.group(1))
        elif line.strip()[0].isdigit():
            total += int(line.split()[0])
        elif line.split()[0] in ("slide", "orbit"):
            total += 1
        elif i + 1 == len(lines) or not lines[i + 1].strip()[0].isdigit():
            total += sum(1 for word in line.split(" (")[0].split() if word[0] in "+^")
    return total


@pytest.mark.parametrize("name, text", [(name, text) for name, _, text in SCENARIOS])
def test_listing_accounts_for_every_move_and_every_move_has_words(name, text):
    """Along random games on each scenario the listing's counts add up to the legal moves, and every
    move's words have one part per thing that happened (events but the win)."""
    rng = random.Random(name)
    state = parse_position(text)
    for _ in range(24):
        moves = ref.legal_moves(state)
        if not moves:
            break
        lines = describe_moves(state)
        assert lines[0].startswith(f"{len(moves)} legal moves for ")
        assert listed_count(lines) == len(moves)
        explorations = [m for m in moves if m.action in ref.EXPLORATIONS]
        for move in rng.sample(moves, min(2, len(moves))) + rng.sample(explorations, min(4, len(explorations))):
            events = [e for e in ref.move_events(state, move) if e.kind != ref.WON]
            assert len(action_words(state, move).split("; ")) == len(events)
        state = ref.successor(state, rng.choice(explorations if explorations and rng.random() < 0.7 else moves))
