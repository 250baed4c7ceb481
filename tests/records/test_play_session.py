"""`caldera play` the way a person uses it: a real process on a pseudo-terminal, typed at."""

import re

from solver import game_file
from tests.cli.live_caldera import CtrlC, type_session
from tests.cli_cases import one_line_error

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_a_session_at_the_terminal(tmp_path):
    """Type a move (the engine replies), ask for a hint and stop it with Ctrl-C, type nonsense and
    press Ctrl-C at the prompt (the session goes on), play and undo, save, load what was saved,
    quit: the screen says each, and the game files hold the game up to the undo."""
    session, copy = tmp_path / "session.cgf", tmp_path / "copy.cgf"
    # pond's setup: A places B's egg (+c4), then the engine places A's; then A lands on b2, a space
    # left free by both placements (the engine's at depth 2 is always the same: checked below).
    # The hint may think for ten minutes: Ctrl-C, once its live line shows, ends it with its best so far.
    typed = ["+c4", "hint", CtrlC("nodes"), "foo", CtrlC(), "+b2 +c2", "+b2", "undo", f"save {copy}", f"load {copy}", "quit"]
    finished = type_session(["play", "penguins", "pond", "--engine-seats", "B", "--engine", "alphabeta:depth=2",
                             "--time", "600", "--save", str(session)], typed)
    screen = ANSI.sub("", finished.screen).replace("\r", "")
    assert finished.code == 0, screen[-2000:]
    replies = re.findall(r"B \(engine alphabeta:depth=2\) plays (\S+)", screen)
    assert len(replies) == 2 and replies[0] not in ("+c4", "+b2")  # after +c4, after +b2 (undone)
    assert "Best moves for A" in screen and "note: stopped by Ctrl-C: the best moves found so far" in screen
    assert "caldera: error: foo: " in screen
    assert "(Ctrl-C: type quit to leave; the game is saved)" in screen
    assert "caldera: error: '+b2 +c2': one move at a time" in screen
    assert f"saved to {copy}" in screen and f"game saved to {session}" in screen
    # The undo took back the engine's reply and +b2: A is to move again at move 3.
    after_undo = screen[screen.rindex("undo"):]
    assert "move 3: A to move (play; you)" in after_undo
    after_load = screen[screen.rindex("load"):]
    assert "move 3: A to move (play; you)" in after_load and "error" not in after_load
    for path in (session, copy):
        game, played, states = game_file.load(path)
        assert played.moves == ["+c4", replies[0]]
        assert played.players == {"A": "human", "B": "alphabeta:depth=2"}
        assert played.result == "*" and game.seat_name(states[-1]) == "A"


def test_bad_session_options_are_one_line():
    """Seats the position lacks, engine seats in a puzzle, a goal for a game without goals: one
    line each, before any session starts."""
    assert "this position's seats are A B" in one_line_error("play", "penguins", "--engine-seats", "C")
    assert "no sides for the engine" in one_line_error("play", "oros", "first-peak", "--engine-seats", "A")
    assert "penguins has no goals" in one_line_error("play", "penguins", "--goal", "mountain@d3")


def test_a_game_file_that_cannot_be_loaded_leaves_the_session_going(tmp_path):
    """`load` of a file with a 5,000-digit move number, then a move: one error line, and the move
    typed after it is played and saved. Before: internal error (ValueError), the session ended
    and the move was lost."""
    from click.testing import CliRunner

    from cli import main

    big, session = tmp_path / "big.cgf", tmp_path / "session.cgf"
    big.write_text(game_file.FIRST_LINE + "\ngame penguins\nposition pond\nresult *\n\nmoves\n" + "9" * 5000 + ". +c4\n")
    typed = f"load {big}\n+c4\nquit\n"
    done = CliRunner().invoke(main, ["play", "penguins", "pond", "--save", str(session)], input=typed)
    assert done.exit_code == 0, done.output[-2000:]
    assert f"caldera: error: {big}, line 7, column 1: move number 9999" in done.stdout
    _, played, _ = game_file.load(session)
    assert played.moves == ["+c4"]
