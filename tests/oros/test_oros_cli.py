"""Oros from the command line: show, moves, perft, positions, puzzles, analyze (plans step by
step, proofs of no plan, limits, JSON) and hint, with one-line errors and exit code 2; and the
full game's positions (game1...): analyze and hint by MCTS, show, moves, perft and match."""

import json
import re

import pytest

from solver.games.oros.oros_puzzles import PUZZLES
from solver.games.registry import GAME_NAMES, game
from tests.cli_cases import one_line_error, run

FIRST_PEAK = "5x5 ...../.444./...4./...../....."


# Registry, show, moves, perft, positions ------------------------------------------------------


def test_oros_is_a_puzzle_game_beside_the_search_games():
    """oros is a registry game like the others: its maps single-agent, solved by the planner."""
    assert "oros" in GAME_NAMES and game("oros").title == "Oros"
    assert game("oros").single_agent and game("oros").engines[0] == "planner"
    assert game("oros").is_single_agent(game("oros").resolve_position("first-peak"))
    assert not game("penguins").single_agent and game("penguins").goals is None


def test_show_draws_the_map_and_highlights_the_last_action():
    """After b2c2d2>S the tiles stand on b3, c3 and the mountain on d3; the moved cells are
    bracketed; the notation line follows."""
    code, out, _ = run("show", "oros", "first-peak", "--after", "b2c2d2>S")
    assert code == 0
    assert "5x5 ...../...../.44M./...../..... actions=1" in out
    row3 = next(line for line in out.splitlines() if line.lstrip().startswith("3 "))
    assert row3.split("│")[1:5] == ["   ~~~   ", "[   4   ]", "[   4   ]", "[   M   ]"]
    assert "edges wrap" in out


def test_moves_lists_the_actions_by_kind():
    """first-peak: rows 2, 3 and columns b, c, d drift both ways (10); the groups b2c2d2 and
    c2d2d3 move four ways (8); four land tiles take a volcano creation (4): 22 actions."""
    code, out, _ = run("moves", "oros", "first-peak")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "22 legal actions"
    assert "row drifts (4): 2E1 3E1 2W1 3W1" in lines
    assert "column drifts (6): bS1 cS1 dS1 bN1 cN1 dN1" in lines
    assert any(line.startswith("tectonic moves (8): ") and "b2c2d2>S" in line for line in lines)
    assert "volcano creations (4): +b2 +c2 +d2 +d3" in lines


@pytest.mark.parametrize("flags", [(), ("--reference",)])
def test_perft_counts_with_kernel_and_reference(flags):
    """Depth 1 on first-peak is its 22 actions (counted by hand above)."""
    code, out, _ = run("perft", "oros", "first-peak", "1", *flags)
    assert code == 0
    assert "nodes    22" in out


def test_positions_and_puzzles_list_every_puzzle():
    """positions shows start and each puzzle's notation; puzzles the table of name, set, goal,
    budget and optimal length."""
    code, out, _ = run("positions", "oros")
    assert code == 0 and out.startswith("start ")
    assert f"first-peak         {FIRST_PEAK}" in out.splitlines()
    code, out, _ = run("puzzles", "oros")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "set", "goal", "budget", "optimal", "idea"]
    assert len(lines) == 1 + len(PUZZLES)
    assert lines[1].split()[:5] == ["first-peak", "easy", "mountain@d3", "2", "1"]
    assert any(line.split()[:5] == ["clay-twins", "hard", "mountains>=2", "6", "6"] for line in lines)


# analyze --------------------------------------------------------------------------------------


def test_analyze_prints_the_plan_step_by_step():
    """A position with --goal and --budget: the verdict, each step in notation and words with
    the map after it, then nodes and time."""
    code, out, _ = run("analyze", "oros", FIRST_PEAK, "--goal", "mountain@d3", "--budget", "4")
    assert code == 0
    assert "goal      mountain@d3 (a mountain on d3)  budget 4" in out
    assert "shortest plan: 1 action (none shorter exists)" in out
    assert "step 1: b2c2d2>S  Move the group b2, c2, d2 one cell south: d2 hits d3: a mountain." in out
    assert out.count("edges wrap") == 1  # one map: after the one step
    assert "nodes " in out.splitlines()[-1] and " time " in out.splitlines()[-1]


def test_analyze_a_puzzle_by_name_draws_a_map_per_step():
    """new-volcano (2 actions): create on c3, then erupt 3 lava east into d3."""
    code, out, _ = run("analyze", "oros", "new-volcano")
    assert code == 0
    assert "shortest plan: 2 actions" in out
    assert "step 1: +c3  Create volcano levels on c3 (+3): c3 now carries volcano 3." in out
    assert "step 2: c3v3:E3  Erupt the level-3 volcano on c3, sending lava 3 east: d3 rises to level 3." in out
    assert out.count("edges wrap") == 2


def test_analyze_proves_no_plan_within_the_budget():
    """clay-peak needs 3 actions; with --budget 2 the answer is a proof, exit code 0."""
    code, out, _ = run("analyze", "oros", "clay-peak", "--budget", "2")
    assert code == 0
    assert "no plan within 2 actions" in out and "step 1" not in out


def test_analyze_stops_at_the_node_limit_with_unknown():
    """clay-twins needs millions of nodes: 3,000 leave it unknown, saying what was ruled out."""
    code, out, _ = run("analyze", "oros", "clay-twins", "--nodes", "3000")
    assert code == 0
    assert "unknown within the limits" in out and "stopped by the node limit" in out


def test_analyze_json():
    """--json: one object with the plan's tokens, each step's words and position after it."""
    code, out, _ = run("analyze", "oros", "first-peak", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"game", "position", "goal", "budget", "outcome", "length", "plan", "steps", "ruled_out", "nodes",
            "seconds", "nps", "stopped"} == set(data)
    assert (data["outcome"], data["length"], data["plan"], data["budget"]) == ("found", 1, ["b2c2d2>S"], 2)
    assert data["steps"][0]["position"] == "5x5 ...../...../.44M./...../..... actions=1"
    code, out, _ = run("analyze", "oros", "clay-peak", "--budget", "2", "--json")
    data = json.loads(out)
    assert (data["outcome"], data["length"], data["plan"], data["ruled_out"]) == ("none", None, [], 2)


# hint -----------------------------------------------------------------------------------------


def test_hint_gives_the_next_step_in_words():
    """first-peak: the one action that makes the mountain."""
    code, out, _ = run("hint", "oros", "first-peak")
    assert code == 0
    assert out.splitlines()[0] == "Next: b2c2d2>S  Move the group b2, c2, d2 one cell south: d2 hits d3: a mountain."
    assert "this reaches the goal" in out


def test_hint_after_moves_uses_up_the_budget():
    """twin-peaks (optimal 4) after its plan's first action: 3 actions left, budget 5 - 1."""
    code, out, _ = run("hint", "oros", "twin-peaks", "--after", "b2c2d2>S")
    assert code == 0
    assert "shortest plan 3 actions" in out
    code, out, _ = run("hint", "oros", "twin-peaks", "--after", "b2c2d2>S", "--budget", "2")
    assert code == 0 and out.startswith("No hint: no plan within 2 actions")


# errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("args, words", [
    (("analyze", "oros", FIRST_PEAK), "give a goal"),
    (("analyze", "oros", "first-peak", "--goal", "mountain@z3"), "goal (column 10): 'z3' is not a cell"),
    (("analyze", "oros", "first-peak", "--goal", "level9@a1"), "level 9 is outside 1..4"),
    (("analyze", "oros", "first-peak", "--budget", "99"), "must be 0..40"),
    (("analyze", "oros", "first-peak", "--depth", "3"), "--depth is a setting of --engine alphabeta or expectimax, not planner"),
    (("analyze", "oros", "first-peak", "--engine", "mcts"), "this position is a puzzle, a goal to reach: use planner"),
    (("analyze", "oros", "nosuch"), "'nosuch' is neither a built-in position"),
    (("analyze", "oros", "first-peak", "--after", "b2c2d2>S b2>N b2>N"), "is not legal"),
    (("hint", "oros", "first-peak", "--after", "2E1 2E1 2E1"), "use up puzzle first-peak's budget of 2"),
    (("analyze", "penguins", "--goal", "mountain@d3"), "--goal sets the goal of a puzzle; penguins has no goals"),
    (("hint", "island", "--budget", "3"), "--budget sets the goal of a puzzle; island has no goals"),
    (("match", "oros", "random", "random"), "this oros position is single-agent"),
    (("puzzles", "island"), "island has no built-in puzzles (games with puzzles: penguins, oros)"),
])
def test_errors_are_one_line_with_exit_2(args, words):
    """Each user error: exit code 2 and one line naming what is wrong."""
    assert words in one_line_error(*args)


# words ----------------------------------------------------------------------------------------


def test_step_words_name_collisions_overflow_and_hotspots():
    """The seed's 2 + 3 -> level 4 and a level-1 volcano (O-2), said in words; a group leaving
    hotspots sees them refilled (O-6)."""
    from solver.games.oros.oros_notation import parse_move, parse_position
    from solver.games.oros.oros_explain import step_in_words

    state = parse_position("5x5 ...../.211./.3.../...../.....")
    assert step_in_words(state, parse_move(state, "b2c2d2>S")) == (
        "Move the group b2, c2, d2 one cell south: b2 hits b3: a level 4 tile with volcano 1.")
    state = parse_position("5x5 ...../.1*1*1*./...../...../.....")
    assert step_in_words(state, parse_move(state, "b2c2d2>N")) == (
        "Move the group b2, c2, d2 one cell north: hotspot b2 gets a new level-1 tile; hotspot c2 gets a new "
        "level-1 tile; hotspot d2 gets a new level-1 tile.")


def test_a_goal_already_met_is_said_so():
    """first-peak already holds a level-4 tile on b2: no action needed."""
    code, out, _ = run("analyze", "oros", "first-peak", "--goal", "level4@b2")
    assert code == 0 and "the goal is already met: no action needed" in out
    code, out, _ = run("hint", "oros", "first-peak", "--goal", "level4@b2")
    assert code == 0 and out == "The goal (a level-4 tile on b2) is already met.\n"


# the full game -------------------------------------------------------------------------------


def test_full_game_positions_are_oros_positions_searched_by_mcts():
    """game1 is a full-game position of the same game id: 1 player against 2 AIs, MCTS by
    default, a card draw as chance; the puzzles stay the planner's."""
    record = game("oros")
    state = record.resolve_position("game1")
    assert not record.is_single_agent(state) and record.player_count(state) == 1
    assert record.engine_for(state) == "mcts" and record.engine_for(record.resolve_position("first-peak")) == "planner"
    assert record.hint_time(state) < record.hint_time(record.resolve_position("first-peak"))
    assert record.adversarial and "game2" in run("positions", "oros")[1]


def test_analyze_a_full_game_gives_the_best_action_its_search_value_and_line():
    """analyze game1: the forced first action (a follower to a level-1 tile), a search value and
    a line; the same seed and simulations give the same analysis, in JSON too."""
    args = ("analyze", "oros", "game1", "--sims", "200", "--seed", "1")
    code, out, _ = run(*args)
    timeless = lambda text: [line for line in text.splitlines() if "sims/s" not in line]  # noqa: E731
    assert code == 0 and timeless(out) == timeless(run(*args)[1])
    assert "to move   A (round 1, 3 actions left)  engine mcts:sims=200,seed=1" in out
    best = next(line for line in out.splitlines() if line.startswith("best "))
    assert best.startswith("best      forced:") and "goes to the level-1 tile at" in best and "search value" in best
    data = json.loads(run(*args, "--json")[1])
    assert data["engine"] == "mcts:sims=200,seed=1" and data["nodes"] == 200
    assert data["lines"][0]["move"].startswith("forced:") and data["lines"][0]["score"]["kind"] == "value"


def test_hint_explains_full_game_plies_in_words():
    """hint game1 names the forced action in words; after it, a choice of actions."""
    code, out, _ = run("hint", "oros", "game1", "--time", "0.2", "--top", "2")
    assert code == 0 and out.startswith("Best moves for A (")
    assert "forced (no follower on the map): the follower on the" in out
    code, out, _ = run("hint", "oros", "game1", "--time", "0.2", "--after", "forced:volcano>d1")
    assert code == 0 and "the follower on the" in out and " goes to " in out


def test_a_sanctuary_build_is_said_with_its_wisdom_and_the_demigod():
    """The first build of seeded random games (the first seed whose game has one): the kind due,
    the mountain, the wisdom and the demigod's steps (O-11)."""
    import random

    from solver.games.oros.oros_full_plies import Act
    from solver.games.oros.oros_game_binding import decode_ply

    record = game("oros")
    builds = []
    for seed in range(20):
        state, rng = record.resolve_position("game1"), random.Random(seed)
        while not builds and not record.is_over(state):
            moves = record.legal_moves(state)
            builds = [m for m in moves if not record.is_chance(state) and isinstance(decode_ply(m), Act)
                      and decode_ply(m).slot == "sanctuary" and decode_ply(m).detail is not None]
            if not builds:
                state = record.successor(state, rng.choice(moves))
        if builds:
            break
    assert builds
    words = record.explain(state, builds[0], None)
    kind = re.search(r"build the (standing stones|shrine|temple) on the mountain at [a-g][1-5]", words).group(1)
    wisdom = {"standing stones": 1, "shrine": 2, "temple": 3}[kind]  # 1 / 2 / 3 by kind (O-11)
    assert f"you +{wisdom} wisdom" in words and "your demigod moves 0 -> 2" in words


def test_show_draws_the_map_boards_pyramid_and_decks():
    """show game2: the map grid, each seat's board, the pyramid with the three demigods on 0,
    the AI's deck, within 80 columns; --svg writes a picture whose title names the players."""
    code, out, _ = run("show", "oros", "game2")
    assert code == 0
    lines = out.splitlines()
    assert "AI deck C (friendly): draws from 12345678; discard top none yet" in lines
    assert any(line.startswith("pyramid  ABC · ·") for line in lines)
    assert any(line.startswith("C (AI) 4 home") for line in lines)
    assert all(len(line) <= 80 for line in lines[:-1])  # the notation line is never broken


def test_show_svg_of_a_full_game(tmp_path):
    """--svg of a full-game position: an SVG whose title names the players."""
    import xml.etree.ElementTree as ET

    path = tmp_path / "game1.svg"
    code, _, err = run("show", "oros", "game1", "--svg", str(path))
    assert code == 0 and f"wrote {path}" in err
    texts = [t.text for t in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert texts[0] == "Oros 7x5, 1 player"


def test_moves_and_perft_of_a_full_game():
    """moves lists the 28 forced first actions; perft 2 counts the same with the kernel and the rules
    (each of the 28 positions after them lists 9 placements that do nothing: 3 empty slots x 3
    followers on slots, 28 x 9 = 252 more than before issue 30)."""
    code, out, _ = run("moves", "oros", "game1")
    assert code == 0 and out.startswith("28 legal plies for A (round 1, 3 actions left)")
    counts = [run("perft", "oros", "game1", "2", *flag)[1].splitlines()[1] for flag in ((), ("--reference",))]
    assert counts == ["nodes    14035"] * 2


def test_match_plays_the_players_seats_against_the_ai():
    """match on game2: the engines take the two players' seats, the AI plays by its cards, so a
    game the AI wins is no one's win of the two (the share, not Elo); game1: test_oros_match.py."""
    code, out, err = run("match", "oros", "random", "policy", "--position", "game2", "--games", "2", "--seed", "1")
    assert code == 0, err
    assert out.startswith("match     random vs policy on oros game2: 2 games, 2 seats")
    assert "share " in out and "seats     A " in out


@pytest.mark.parametrize("args, words", [
    (("analyze", "oros", "game1", "--engine", "planner"), "this position is a game between players: use mcts"),
    (("analyze", "oros", "game1", "--goal", "mountain@d3"), "this oros position is a game between players"),
    (("hint", "oros", "game1", "--after", "draw:1"), "only an AI's turn starts with a draw"),
    (("show", "oros", "game1", "--after", "forced:volcano>z9"), "'z9' is not a cell"),
    (("analyze", "oros", FIRST_PEAK.replace("5x5", "7x5") + " 1:friendly"), "(column "),
    (("play", "oros", "game1", "--engine-seats", "B"), "this position's seats are A"),
    (("balance", "oros", "game1", "--games", "2"), "position game1 has 1 player"),
])
def test_full_game_errors_are_one_line_with_exit_2(args, words):
    """Each user error with a full-game position: exit code 2 and one line naming what is wrong."""
    assert words in one_line_error(*args)
