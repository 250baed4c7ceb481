"""Island Project from the command line: show, moves, perft, analyze, hint, positions and match
through the game registry, with exit codes, key text, JSON, and one-line errors."""

import json

import pytest

from solver.errors import CalderaError
from solver.games.island import island_rules as island
from solver.games.island.island_explain import erupted_tiles, explain_move, touched_tiles
from solver.games.island.island_notation import BUILTIN_POSITIONS, format_move, parse_move, parse_position, resolve_position
from solver.games.registry import GAME_NAMES, game
from tests.cli_cases import one_line_error, run

# Seat A to use a die after the shift 3E with 3 and V rolled: c3 (new land, marked) erupts and
# chains its marked ocean neighbours d3 and b3; people of both seats stand in the crosses.
CHAIN = "nooon/ooooo/oOLOo/ooooo/nooon A:b2 B:b3,c3 4/3 0/0 10/5/8 A die - 3E 3V - 4"
# The same with no new land left: the eruption ends the game (I-8).
CHAIN_LAST = "nooon/ooooo/oOLOo/ooooo/nooon A:b2 B:b3,c3 4/3 0/0 0/1/8 A die - 3E 3V - 4"
# A to act: its person on the ocean b3 can step onto the new land c3 (+2 food).
STEP = "nooon/ooooo/oolOo/ooooo/nooon A:b3 B:- 4/5 0/0 11/5/11 A action1 - 3E 3V fed 4"
JSON_KEYS = {"game", "position", "to_move", "engine", "depth", "nodes", "nps", "seconds", "threads", "stopped",
             "lines", "equal", "notes"}


def play(text, moves):
    """The reference State after playing `moves` (move notation) from position `text`."""
    state = resolve_position(text)
    for word in moves.split():
        state = island.successor(state, parse_move(state, word))
    return state


# Registry --------------------------------------------------------------------------------------


def test_registry_names_the_games_and_their_default_engines():
    """The registry is a list of names, each with its record; an unknown name is a user error."""
    assert GAME_NAMES[:3] == ("penguins", "island", "oros")  # later games follow (meerkats, hop, ...)
    assert [game(name).name for name in GAME_NAMES] == list(GAME_NAMES)
    assert game("island").default_engine == "mcts" and game("penguins").default_engine == "alphabeta"
    with pytest.raises(CalderaError, match="penguins, island, oros, "):
        game("chess")


def test_penguins_entry_speaks_kernel_integers():
    """Penguins moves cross the registry as kernel integers: parse, name and play agree."""
    from solver.games.penguins import penguins_rules as penguins
    from solver.games.penguins.penguins_binding import decode_move, encode_move

    entry = game("penguins")
    state = entry.resolve_position("pond")
    code = entry.parse_move(state, "+c4")
    assert entry.format_move(state, code) == "+c4"
    assert entry.successor(state, code) == penguins.successor(state, decode_move(code))
    assert entry.legal_moves(state) == [encode_move(m) for m in penguins.legal_moves(state)]


# show, positions --------------------------------------------------------------------------------


def test_show_draws_the_grid_status_and_notation():
    """`show island` draws the 5x5 grid with its labels, the markers, the status and the notation."""
    code, out, _ = run("show", "island")
    assert code == 0
    assert BUILTIN_POSITIONS["start2"] in out
    assert out.count("▲") == 4 + 1  # the four start markers, and the legend's
    assert out.count("native") >= 4 and "land" in out and "~~~" in out
    assert "edges wrap" in out
    assert "to move: A" in out and "phase: shift" in out
    assert "supply: 11 new lands, 5 plateaus, 11 volcano markers" in out
    assert "seat A" in out and "seat B" in out and "seat C" not in out
    for letter in "abcde":
        assert f" {letter} " in out.splitlines()[0]


def test_show_after_moves_marks_the_last_move_and_people():
    """--after plays the moves; the last move's tiles are bracketed and people show by seat."""
    code, out, _ = run("show", "island", "start3", "--after", "2E roll:3V 3 +a1 a1-a2")
    assert code == 0
    assert format_position_of("start3", "2E roll:3V 3 +a1 a1-a2") in out
    assert out.count("[") >= 2 and "A1" in out  # a1 and a2 bracketed; A's person on a2
    assert "seat C" in out


def format_position_of(text, moves):
    """The notation of the position after `moves`."""
    from solver.games.island.island_notation import format_position

    return format_position(play(text, moves))


def test_positions_lists_the_builtins():
    """`positions island` lists start2, start3 and start4 with their notation."""
    code, out, _ = run("positions", "island")
    assert code == 0
    for name, text in BUILTIN_POSITIONS.items():
        assert f"{name}   {text}" in out


# moves ------------------------------------------------------------------------------------------


def test_moves_at_the_start_lists_every_shift():
    """At a shift every legal shift is listed with what the dice could then do."""
    code, out, _ = run("moves", "island")
    assert code == 0
    state = resolve_position(None)
    legal = island.legal_moves(state)
    assert f"{len(legal)} legal moves for A" in out
    words = out.split()
    assert all(format_move(state, m) in words for m in legal)
    assert "shift row 2 east: then a 3 erupts c2, a 5 erupts e2" in out


def test_moves_at_a_roll_lists_the_outcomes_with_probabilities():
    """At the roll the next move is the dice: 21 outcomes, doubles 1/36, others 2/36."""
    code, out, _ = run("moves", "island", "--after", "2E")
    assert code == 0
    assert "dice roll" in out
    assert out.count("roll:") == 21
    assert "roll:33  1/36" in out and "roll:3V  2/36" in out


def test_moves_at_a_die_choice_explain_the_number_and_list_the_volcanoes():
    """The die choices: the number with its eruption, and every V placement."""
    code, out, _ = run("moves", "island", "--after", "2E roll:3V")
    assert code == 0
    state = play(None, "2E roll:3V")
    assert f"{len(island.legal_moves(state))} legal moves for A" in out
    assert "take the 3: c2 erupts; forms a new land (+1 food)" in out
    volcanoes = [format_move(state, m) for m in island.legal_moves(state) if island.kind_of(m) == island.VOLCANO]
    assert all(v in out.split() for v in volcanoes)


def test_moves_at_game_over_says_so():
    """A finished game has no moves; the result is given."""
    code, out, _ = run("moves", "island", CHAIN_LAST, "--after", "3")
    assert code == 0
    assert "no legal moves for A (the game is over)" in out and "wins" in out


# explanations -----------------------------------------------------------------------------------


def test_eruption_chain_in_words():
    """A die number that erupts a chain: order, new terrain, food, people swept back."""
    state = parse_position(CHAIN)
    code = parse_move(state, "3")
    assert [format_tile(t) for t in erupted_tiles(state, code)] == ["c3", "d3", "b3"]
    text = explain_move(state, code, _value(0.6))
    assert text.startswith("take the 3: c3 erupts, chaining d3 and b3; forms 2 new lands and a plateau (+1 food)")
    assert "sweeps 3 people back to supply (A 1, B 2)" in text
    assert text.endswith("(wins 60% of simulated games)")
    assert set(touched_tiles(state, code)) == {12, 13, 11}


def test_eruption_that_ends_the_game_says_so():
    """When the supplies of new land and plateaus run out the words say the game ends, and who wins."""
    state = parse_position(CHAIN_LAST)
    text = explain_move(state, parse_move(state, "3"), _value(1.0))
    assert "forms a plateau (+1 food)" in text and "the game ends" in text and "A wins" in text


def test_people_actions_in_words():
    """Dispatch, a step onto new land, a marker, the end of a turn."""
    state = parse_position(STEP)
    step = explain_move(state, parse_move(state, "b3-c3"), _value(0.5))
    assert step.startswith("moves from b3 onto the new land c3 (+2 food)")
    dispatch = explain_move(state, parse_move(state, "+a1"), _value(0.5))
    assert dispatch.startswith("sends a person to the native island a1")
    die = play(None, "2E roll:3V")
    assert explain_move(die, parse_move(die, "V@c4"), _value(0.5)).startswith("take the V: puts a volcano marker on c4")
    assert explain_move(die, parse_move(die, "3"), _value(0.5)).startswith("take the 3: c2 erupts")


def format_tile(index):
    """'c3' for 12."""
    from solver.games.island.island_notation import tile_name

    return tile_name(index)


def _value(v):
    """An MCTS score."""
    from solver.analysis import Score

    return Score("value", v)


# perft ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("position, after, depth", [("start2", "", 1), ("start2", "", 3), ("start3", "", 2),
                                                     ("start2", "2E", 2), ("start2", "2E roll:3V", 2), (CHAIN, "", 2)])
def test_perft_equals_the_reference(position, after, depth):
    """The kernel's perft (dice outcomes expanded, not counted as plies) equals island.perft."""
    expected = island.perft(play(position, after), depth)
    code, out, _ = run("perft", "island", position, str(depth), "--after", after)
    assert code == 0
    assert f"nodes    {expected}\n" in out
    code, out, _ = run("perft", "island", position, str(depth), "--after", after, "--reference")
    assert code == 0
    assert f"nodes    {expected}\n" in out and "reference rules" in out


def test_perft_divide_and_threads():
    """--divide names every root move (rolls at a roll) and the counts add up; threads agree."""
    code, out, _ = run("perft", "island", "2", "--after", "2E", "--divide", "--threads", "2")
    assert code == 0
    rows = [line.split() for line in out.split("\n\n")[0].splitlines()]
    assert len(rows) == 21 and all(row[0].startswith("roll:") for row in rows)
    total = sum(int(row[1]) for row in rows)
    assert total == island.perft(play(None, "2E"), 2)
    assert f"nodes    {total}\n" in out and "2 threads" in out


# analyze ----------------------------------------------------------------------------------------


def replay(position, pv):
    """Play a PV in notation from `position` (each move must be legal, rolls included)."""
    state = resolve_position(position)
    for text in pv:
        state = island.successor(state, parse_move(state, text))
    return state


def test_analyze_defaults_to_mcts_and_prints_the_documented_json():
    """--json: the keys of docs/json.md, to_move a seat letter, a legal PV through the dice."""
    code, out, _ = run("analyze", "island", "--sims", "3000", "--seed", "1", "--multipv", "2", "--json")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert set(result) == JSON_KEYS
    assert result["game"] == "island" and result["to_move"] == "A"
    assert result["engine"] == "mcts:sims=3000,seed=1,multipv=2"
    assert result["stopped"] == "sims" and result["nodes"] == 3000 and len(result["lines"]) == 2
    assert result["position"] == BUILTIN_POSITIONS["start2"]
    for line in result["lines"]:
        assert line["move"] == line["pv"][0] and line["score"]["kind"] == "value" and line["visits"] > 0
        replay(None, line["pv"])
    assert any(text.startswith("roll:") for text in result["lines"][0]["pv"])


def test_analyze_is_repeatable_and_readable():
    """Same seed and simulations, same table; it names the seat, the phase and why it stopped."""
    outs = [run("analyze", "island", "--sims", "2000", "--seed", "3") for _ in range(2)]
    assert all(code == 0 for code, _, _ in outs)
    tables = [out.splitlines()[:4] for _, out, _ in outs]
    assert tables[0] == tables[1]
    out = outs[0][1]
    assert "to move   A (shift)  engine mcts:sims=2000,seed=3" in out
    assert "stopped by: sims" in out and "visits" in out


def test_analyze_at_a_roll_lists_the_dice_instead_of_searching():
    """At a roll nothing is searched: the outcomes and their probabilities are listed."""
    code, out, _ = run("analyze", "island", "--after", "2E")
    assert code == 0
    assert "the next move is the dice roll" in out
    assert out.count("roll:") == 21 and " 1/36 " in out and " 2/36 " in out
    code, out, _ = run("analyze", "island", "--after", "2E", "--json")
    assert code == 0
    result = json.loads(out)
    assert JSON_KEYS <= set(result)
    assert result["stopped"] == "chance" and result["lines"] == [] and result["nodes"] == 0
    assert len(result["chance"]) == 21
    assert sum(item["probability"] for item in result["chance"]) == pytest.approx(1.0)


def test_analyze_a_finished_game():
    """A finished game: no lines, said in words; JSON stopped no-moves."""
    code, out, _ = run("analyze", "island", CHAIN_LAST, "--after", "3", "--sims", "100")
    assert code == 0 and "the game is over" in out
    code, out, _ = run("analyze", "island", CHAIN_LAST, "--after", "3", "--sims", "100", "--json")
    assert code == 0 and json.loads(out)["stopped"] == "no-moves"


# hint -------------------------------------------------------------------------------------------


def test_hint_at_the_start_explains_shifts():
    """hint uses MCTS and explains each suggested shift in words."""
    code, out, _ = run("hint", "island", "--time", "0.2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Best moves for A (") and "simulations" in lines[0]
    # Three shifts, each with its reason, then, where their intervals overlap (as a symmetric
    # board makes likely), the sentence that says so.
    assert len(lines) in (7, 8)
    for rank, line in enumerate(lines[1:7:2], start=1):
        assert line.startswith(f"{rank}. ")
        assert "shift row" in line or "shift column" in line
        assert "% of simulated games); 95% interval " in line
    assert all(line.startswith("   why: ") for line in lines[2:7:2])
    assert lines[7:] == [] or lines[7].startswith("Equally good after ")


def test_hint_at_a_die_choice_and_at_people_actions():
    """The die numbers and V placements, then dispatches, are explained from their effects."""
    code, out, _ = run("hint", "island", "--after", "2E roll:3V", "--top", "20", "--time", "0.3")
    assert code == 0
    assert "take the 3: c2 erupts; forms a new land (+1 food)" in out
    assert "take the V: puts a volcano marker on" in out
    code, out, _ = run("hint", "island", "--after", "2E roll:3V 3", "--top", "4", "--time", "0.2")
    assert code == 0
    assert "sends a person to the native island a1" in out


def test_hint_at_a_roll_gives_the_dice():
    """At a roll there is nothing to choose: the outcomes are listed."""
    code, out, _ = run("hint", "island", "--after", "2E")
    assert code == 0
    assert "dice roll" in out.splitlines()[0] and out.count("roll:") == 21


# match ------------------------------------------------------------------------------------------


def test_match_on_island_runs():
    """`caldera match island mcts:sims=50 random --games 2` plays two whole games."""
    code, out, err = run("match", "island", "mcts:sims=50", "random", "--games", "2")
    assert code == 0, err
    assert "on island start2: 2 games" in out
    code, out, _ = run("match", "island", "mcts:sims=50", "random", "--games", "2", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["game"] == "island" and result["games"] == 2
    for record in result["results"]:
        replay(None, record["opening"] + record["moves"])  # every move legal, dice included


# errors -----------------------------------------------------------------------------------------


# (arguments, words the error line must name)
BAD_INPUT = [
    (("show", "island", "nowhere"), "built-in position (start2, start3, start4)"),
    (("show", "island", "xoooo/ooooo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0"), "board (column 1)"),
    (("moves", "island", "--after", "2E 2W"), "move 2 (2W)"),
    (("moves", "island", "--after", "2E roll:3V 4"), "no die shows 4"),
    (("perft", "island", "x"), "DEPTH"),
    (("perft", "island", "2", "--reference", "--threads", "2"), "--reference"),
    (("analyze", "island", "--engine", "alphabeta"), "engines for island: mcts"),
    (("analyze", "island", "--depth", "3"), "--depth is a setting of --engine"),
    (("hint", "island", "--after", "+a1"), "+a1"),
    (("match", "island", "greedy", "random"), "greedy"),
    (("positions", "chess"), "GAME"),
]


@pytest.mark.parametrize("args, words", BAD_INPUT)
def test_bad_input_is_one_line_and_exit_2(args, words):
    """Bad input: exit code 2, nothing on stdout, one error line naming what is wrong."""
    assert words in one_line_error(*args)


# board and warm-up -------------------------------------------------------------------------------


def test_board_reads_without_colour_and_checks_highlights():
    """The picture is plain text when colour is off; a highlight off the board is refused."""
    from rich.console import Console

    from solver.games.island.island_board import render

    state = parse_position(CHAIN)
    console = Console(no_color=True, width=100, record=True, file=open("/dev/null", "w"))
    console.print(render(state, highlight=(12,)))
    text = console.export_text()
    assert "PLATEAU" not in text.split("legend")[0]  # no plateau on this board yet
    assert "B1" in text and "A1" in text and "[ land ▲ ]" in text
    assert "die numbers count along the shifted line: 1=a3  2=b3  3=c3  4=d3  5=e3" in text
    with pytest.raises(ValueError):
        render(state, highlight=(25,))


def test_warm_up_per_game():
    """warm_up takes the games to warm (every engine their records list)."""
    from solver.commands.warmup import warm_up

    assert warm_up([game("island")]) >= 0
