"""Hand-derived scenario tests of the meerkats reference rules (rulings M-1..M-8, the seed's own
rules and the choices of docs/rules/meerkats.md).

Every expected value below was worked out by hand from the drawing of the test maze
tests/meerkats/tiny.maze (copied here), not read off the code:

    desert face                     underground face
    +---+---+---+---+---+           +---+---+---+---+---+
    | O   C |         O |           | O | B           O |
    +   +   +   +   +   +           +   +   +---+   +   +
    |             M     |           |         C         |
    +...+   +   +   +   +           +   +   +   +   +   +
    |     T             |           |     M             |
    +   +   +   +   +   +           +   +   +   +   +   +
    |         B         |           |             T     |
    +   +   +   +   +   +           +   +   +   +   +   +
    | O               O |           | O               O |
    +---+---+---+---+---+           +---+---+---+---+---+

Cells are a1 (top left) .. e5; desert: a wall between b1 and c1, a hedge between a2 and a3,
chameleon b1, mouse d2, turtle b3, beetle c4. Underground: a wall between a1 and b1, a wall
between c1 and c2, beetle b1, chameleon c2, mouse b3, turtle d4. Burrows: a1 e1 a5 e5.

Positions are written in the meerkats notation (docs/notation.md, "Meerkats"):
MAZE SEATS... FACE MOVER PHASE ROLL PENDING TURN [friends=N] [cap=N], a seat as
A:CELL:MET+FRIEND:POOL:TILES (friend letter capital while seeking it, small once met; POOL the
friend tiles face down, chameleon beetle mouse turtle; TILES s speed, l luck, x shortcut).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from solver.games.meerkats.meerkats_maze import builtin_maze, load_maze
from solver.games.meerkats.meerkats_notation import format_move, format_position, parse_move, parse_position
from solver.games.meerkats.meerkats_rules import (
    chance_outcomes,
    legal_moves,
    new_game,
    results,
    successor,
    supply,
)

TINY = str(Path(__file__).parent / "tiny.maze")


def position(text: str):
    """A position on the tiny maze: `text` without the maze word."""
    return parse_position(f"{TINY} {text}")


def moves_text(state) -> list[str]:
    """The legal moves (or chance outcomes) as notation."""
    return [format_move(state, code) for code in legal_moves(state)]


def play(state, *texts):
    """`state` after the moves written in `texts`."""
    for text in texts:
        state = successor(state, parse_move(state, text))
    return state


def after_text(state) -> str:
    """The notation of `state` without the maze word."""
    return format_position(state).split(" ", 1)[1]


def outcomes_text(state) -> dict[str, Fraction]:
    """The chance outcomes as notation -> probability."""
    return {format_move(state, code): p for code, p in chance_outcomes(state)}


# ----------------------------------------------------------------------------- M-1 the mazes


def test_m1_builtin_mazes_have_both_faces_corner_burrows_and_every_friend():
    """M-1: the two shipped mazes load, with burrows in the four corners and the four friend
    kinds on cells of their own on each face (M-5)."""
    for name in ("dunes", "warren"):
        maze = builtin_maze(name)
        n = maze.size
        assert maze.burrows == (0, n - 1, n * (n - 1), n * n - 1)
        for face in maze.faces:
            assert len(set(face.friends)) == 4
            assert not set(face.friends) & set(maze.burrows)


def test_m1_the_two_builtin_mazes_differ_in_character():
    """M-1: dunes is the open desert, warren the tight tunnels: warren has more walls and hedges
    on its desert face than dunes."""
    assert len(builtin_maze("warren").faces[0].blocked) > len(builtin_maze("dunes").faces[0].blocked)


def test_m1_a_user_maze_file_is_read_as_drawn():
    """M-1: the test maze file gives the sides and friends drawn above (cell = 5 r + c)."""
    maze = load_maze(TINY)
    desert, underground = maze.faces
    assert maze.size == 5
    assert (desert.side(1, "E"), desert.side(5, "S"), desert.side(0, "E")) == ("wall", "hedge", None)
    assert (underground.side(0, "E"), underground.side(2, "S"), underground.side(1, "E")) == ("wall", "wall", None)
    # chameleon, beetle, mouse, turtle: desert b1 c4 d2 b3, underground c2 b1 b3 d4.
    assert desert.friends == (1, 17, 8, 11)
    assert underground.friends == (7, 1, 11, 18)


# ----------------------------------------------------------------------------- M-2 die and walks


def test_m2_the_die_shows_1_2_3_each_on_two_faces():
    """M-2: faces 1, 1, 2, 2, 3, 3: each number with probability 2/6."""
    state = position("A:a1:0T:2221:- desert A roll - - 0")
    assert outcomes_text(state) == {"roll:1": Fraction(1, 3), "roll:2": Fraction(1, 3), "roll:3": Fraction(1, 3)}


def test_m2_a_walk_of_exactly_two_steps_may_step_back():
    """M-2: from a1 with 2 (seeking the turtle): a1-b1-a1 and a1-a2-a1 end where they began,
    a1-b1-b2 and a1-a2-b2 end on b2; b1-c1 is walled and a2-a3 hedged."""
    assert moves_text(position("A:a1:0T:2221:- desert A move 2 - 0")) == ["a1", "b2"]


def test_m2_a_walk_of_three_steps_keeps_the_parity():
    """M-2: three steps from a1 end on a cell an odd number of steps away: b1 and a2 (by going
    back and forth), c2 and b3 (the turtle, reached on the third step)."""
    assert moves_text(position("A:a1:0T:2221:- desert A move 3 - 0")) == ["b1", "a2", "c2", "b3"]


# ----------------------------------------------------------------------------- M-3 both faces


def test_m3_the_same_cell_has_the_walls_of_the_face_up():
    """M-3: on b1 with a roll of 1, the desert face lets the meerkat to a1 or b2 (c1 is walled);
    the underground face walls a1 off and opens c1."""
    assert moves_text(position("A:b1:1c:1222:- desert A move 1 - 0")) == ["a1", "b2"]
    assert moves_text(position("A:b1:1c:1222:- underground A move 1 - 0")) == ["c1", "b2"]


# ----------------------------------------------------------------------------- M-4 setup


def test_m4_setup_each_player_picks_a_corner_then_draws_and_reveals():
    """M-4, M-5, M-7: the setup moves are the four corners (a1 e1 a5 e5); two meerkats may
    start in one burrow (M-8); then A draws from the 16 tiles (6 speed, 5 luck, 5 shortcut) and
    reveals from its 8 friend tiles (2 of each kind), then B draws from the 15 left."""
    state = position("A:-:0-:2222:- B:-:0-:2222:- desert A setup - - 0")
    assert moves_text(state) == ["a1", "e1", "a5", "e5"]
    state = play(state, "a1")
    assert moves_text(state) == ["a1", "e1", "a5", "e5"]
    state = play(state, "a1")
    assert after_text(state) == "A:a1:0-:2222:- B:a1:0-:2222:- desert A events - AdrBdr 0"
    assert outcomes_text(state) == {"draw:speed": Fraction(6, 16), "draw:luck": Fraction(5, 16),
                                    "draw:shortcut": Fraction(5, 16)}
    state = play(state, "draw:speed")
    assert set(outcomes_text(state).values()) == {Fraction(1, 4)}
    state = play(state, "reveal:turtle")
    assert outcomes_text(state) == {"draw:speed": Fraction(5, 15), "draw:luck": Fraction(5, 15),
                                    "draw:shortcut": Fraction(5, 15)}
    state = play(state, "draw:luck", "reveal:mouse")
    assert after_text(state) == "A:a1:0T:2221:s B:a1:0M:2212:l desert A roll - - 0"


def test_m4_a_new_game_for_one_to_four_players_on_the_default_board():
    """M-4: 1 to 4 players; the shipped boards are 7 x 7, the test maze 5 x 5."""
    for players in (1, 2, 3, 4):
        state = new_game(builtin_maze("dunes"), players)
        assert state.players == players and state.maze.size == 7
    assert load_maze(TINY).size == 5


# ----------------------------------------------------------------------------- M-5 friends


def test_m5_passing_the_friend_ends_the_move_on_it():
    """M-5: seeking the chameleon on b1, a roll of 2 from a1 can end on b1 (the first step meets
    it, the second is lost), though b1 is an odd number of steps away; meeting it turns the
    goal to a burrow (small letter) and the turn passes."""
    state = position("A:a1:0C:1222:- desert A move 2 - 0")
    assert moves_text(state) == ["a1", "b1", "b2"]
    assert after_text(play(state, "b1")) == "A:b1:1c:1222:- desert A roll - - 1"


def test_m5_a_reveal_draws_from_the_friend_tiles_left():
    """M-5: with one chameleon tile revealed (pool 1222) the next reveal is the chameleon with
    1/7 and each other kind with 2/7."""
    state = position("A:a2:1c:1222:- B:e5:1c:1222:- underground B events - ArBr 1")
    assert outcomes_text(state) == {"reveal:chameleon": Fraction(1, 7), "reveal:beetle": Fraction(2, 7),
                                    "reveal:mouse": Fraction(2, 7), "reveal:turtle": Fraction(2, 7)}


# ----------------------------------------------------------------------------- M-6 the flip


def test_m6_reaching_a_burrow_after_the_meeting_flips_and_loses_the_steps_left():
    """M-6 and the seed ("remaining steps are discarded"): A has met its friend and stands on
    a2 with a roll of 2. a1 is one step away, so without the rule no 2-step walk ends there; the
    burrow stops the walk on a1. The other ends: a2-b2-{a2, b1, c2, b3}. The flip turns the
    underground face up, and both players, who have met their friends, reveal the next one."""
    state = position("A:a2:1c:1222:- B:b1:1c:1222:- desert A move 2 - 0")
    assert moves_text(state) == ["a1", "b1", "a2", "c2", "b3"]
    state = play(state, "a1")
    assert after_text(state) == "A:a1:1c:1222:- B:b1:1c:1222:- underground B events - ArBr 1"


def test_m6_standing_on_the_new_friend_after_the_flip_meets_it_at_once():
    """M-6, the seed's special case: B stands on b1, where the beetle lives on the underground
    face; after A's flip B reveals the beetle and meets it at once (2 met, small b). Then B moves
    on the underground face, where a wall parts b1 from a1 (M-3)."""
    state = play(position("A:a2:1c:1222:- B:b1:1c:1222:- desert A move 2 - 0"), "a1", "reveal:mouse",
                 "reveal:beetle")
    assert after_text(state) == "A:a1:1M:1212:- B:b1:2b:1122:- underground B roll - - 1"
    assert moves_text(play(state, "roll:1")) == ["c1", "b2"]


def test_m6_a_seeker_on_the_cell_of_its_old_friend_on_the_new_face_meets_it_at_once():
    """M-6 as amended, the seed's special case speaks of any player and the friend they seek:
    「如果翻面後,玩家的狐獴棋子剛好就站在要找的朋友那格時怎麼辦?太幸運啦!把這個朋友從拼圖上拆下來」.
    B seeks the mouse and stands on b3, the turtle's cell on the desert face and the mouse's on
    the underground face. A's flip turns the underground face up: B meets the mouse at once (1
    met, small m, now heading for a burrow) and still draws a super tile, as a player who had not
    met the friend before the flip; A reveals its next friend."""
    state = play(position("A:a2:1c:1222:- B:b3:0M:2212:- desert A move 2 - 0"), "a1")
    assert after_text(state) == "A:a1:1c:1222:- B:b3:1m:2212:- underground B events - ArBd 1"
    state = play(state, "reveal:turtle", "draw:luck")
    assert after_text(state) == "A:a1:1T:1221:- B:b3:1m:2212:l underground B roll - - 1"


def test_m6_at_the_flip_a_player_still_seeking_draws_a_super_tile():
    """M-6, M-7: B, still seeking the mouse, draws at A's flip; A (met) reveals first. The
    supply then holds 6 speed, 5 - 2 luck and 5 - 1 shortcut tiles: 6/13, 3/13, 4/13."""
    state = play(position("A:a2:1c:1222:x B:e5:0M:2212:ll desert A move 2 - 0"), "a1")
    assert after_text(state) == "A:a1:1c:1222:x B:e5:0M:2212:ll underground B events - ArBd 1"
    state = play(state, "reveal:turtle")
    assert outcomes_text(state) == {"draw:speed": Fraction(6, 13), "draw:luck": Fraction(3, 13),
                                    "draw:shortcut": Fraction(4, 13)}


def test_m6_a_burrow_is_an_ordinary_cell_while_seeking():
    """The seed: burrows can always be entered like other cells. Seeking the turtle, two steps
    from b1 may pass a1 (b1-a1-a2) and do not stop there: a1 (one step away) is no end."""
    assert moves_text(position("A:b1:0T:2221:- desert A move 2 - 0")) == ["b1", "a2", "c2", "b3"]


def test_m6_meeting_the_last_friend_then_a_burrow_wins_without_a_flip():
    """M-6: with one friend to meet, A (met it) reaches a1 and wins; the face stays up."""
    state = play(position("A:a2:1c:1222:- B:e5:0M:2212:- desert A move 2 - 0 friends=1"), "a1")
    assert (state.phase, state.winner, state.face) == ("over", 0, 0)
    assert results(state) == (1.0, 0.0)


# ----------------------------------------------------------------------------- M-7 super tiles


def test_m7_a_speed_tile_adds_two_steps():
    """M-7: with a roll of 1 and a speed tile: the 1-step ends b1 a2, or 3 steps (as above):
    b1 a2 c2 b3."""
    state = position("A:a1:0T:2221:s desert A move 1 - 0")
    assert moves_text(state) == ["b1", "a2", "b1+s", "a2+s", "c2+s", "b3+s"]


def test_m7_a_shortcut_tile_passes_one_wall_or_hedge_and_returns_to_the_supply():
    """M-7: two steps with a shortcut: a1 b2 as before, or c1 through the wall b1|c1, a3
    through the hedge a2/a3; the tile played goes back to the supply."""
    state = position("A:a1:0T:2221:x desert A move 2 - 0")
    assert moves_text(state) == ["a1", "b2", "c1+x", "a3+x"]
    assert supply(state) == (6, 5, 4)
    after = play(state, "c1+x")
    assert after_text(after) == "A:c1:0T:2221:- desert A roll - - 1"
    assert supply(after) == (6, 5, 5)


def test_m7_super_tiles_used_together():
    """M-7, the seed ("any number in a turn"): a roll of 1 with speed and shortcut. One
    crossing over 3 steps: a1-b1-c1 (wall)-{d1, c2}, a1-a2-a3 (hedge)-{b3, a4}, besides the
    plain ends b1 a2 and the 3-step ends b1 a2 c2 b3."""
    state = position("A:a1:0T:2221:sx desert A move 1 - 0")
    assert moves_text(state) == ["b1", "a2", "b1+s", "a2+s", "c2+s", "b3+s", "d1+sx", "c2+sx", "b3+sx", "a4+sx"]
    after = play(state, "d1+sx")
    assert after_text(after) == "A:d1:0T:2221:- desert A roll - - 1"


def test_m7_a_luck_tile_replaces_the_roll():
    """M-7: luck is played after seeing the roll; the die is rolled again and the tile returns."""
    state = position("A:a1:0T:2221:l desert A move 1 - 0")
    assert moves_text(state)[0] == "luck"
    after = play(state, "luck")
    assert after_text(after) == "A:a1:0T:2221:- desert A roll - - 0"
    assert supply(after) == (6, 5, 5)


def test_m7_draws_from_an_empty_supply_lapse():
    """M-7: A, B and C hold all 16 tiles; at A's flip B and C would draw, but nothing is left:
    only A's reveal is pending."""
    state = position("A:a2:1c:1222:ssssss B:c4:0M:2212:lllll C:e5:0T:2221:xxxxx desert A move 2 - 0")
    assert after_text(play(state, "a1")).endswith("underground B events - Ar 1")


# ----------------------------------------------------------------------------- M-8 sharing, the cap


def test_m8_meerkats_share_cells():
    """M-8: B may end on b2 where A stands (from a1 with 2: a1 and b2, as for one meerkat)."""
    assert moves_text(position("A:b2:0T:2221:- B:a1:0T:2221:- desert B move 2 - 0")) == ["a1", "b2"]


def test_m8_the_turn_cap_makes_a_draw():
    """M-8: the move that plays the capped turn ends the game drawn: 1/2 each; a solo game cut
    off by the cap is lost."""
    duel = play(position("A:a1:0T:2221:- B:a1:0T:2221:- desert B move 2 - 2 cap=3"), "b2")
    assert (duel.phase, duel.winner, results(duel)) == ("over", -1, (0.5, 0.5))
    solo = play(position("A:a1:0T:2221:- desert A move 2 - 2 cap=3"), "b2")
    assert (solo.phase, results(solo)) == ("over", (0.0,))


def test_m8_the_cap_ends_the_game_on_a_flipping_walk_with_nothing_pending():
    """M-6 as amended, M-8: "the turn cap ends the game even on a flipping walk: a finished game
    has nothing pending". A has met the chameleon and reaches the burrow a1 on the tenth turn of
    ten: without the cap the board would flip, A would reveal and B draw. At the cap the game is
    drawn there, the board is not turned, no event waits, and the position reads back."""
    state = play(position("A:a2:1c:1222:l B:e4:0M:2212:s desert A move 1 - 9 cap=10"), "a1")
    assert after_text(state) == "A:a1:1c:1222:l B:e4:0M:2212:s desert A over:draw - - 10 cap=10"
    assert (state.draws, state.reveals, results(state)) == ((False, False), (False, False), (0.5, 0.5))
    assert position(after_text(state)) == state


@pytest.mark.parametrize("text", ["A:a1:0T:2221:- desert A move 2 - 0", "A:a2:1c:1222:- B:b1:1c:1222:- desert A move 2 - 0"])
def test_positions_round_trip(text):
    """The notation of the positions above reads back to itself."""
    assert after_text(position(text)) == text
