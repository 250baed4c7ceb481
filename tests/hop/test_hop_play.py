"""`caldera play hop` with engine seats: whole sessions, typed at like a person, never show the
people (or write to a file they read during play) the engine's secret bets and clouds.

H-4: "every player in no role bets happy or sad (simultaneous and secret: model as hidden until
the throw)"; H-3: clouds are "seen only by their owner".
"""

import os
import random
import re
import select
import subprocess
import sys
import time
from pathlib import Path

from solver import game_file
from solver.games.hop.hop_rules import BET, CLOUD, THROW, to_move
from tests.cli.live_caldera import ROOT

SEATS = "ABCDEF"
PROMPT = "\n> "
BET_SHOWN = re.compile(r"^[\[ ]([A-F])\b.*bet: (happy|sad)")
CLOUDS_SHOWN = re.compile(r"^[\[ ]([A-F])[ a-z]*\s+\d+\s+[●○]+ \d\s+[dc-]+\s+(\S+)\s")  # a player's row: its clouds
NOTATION = re.compile(r"^\d(/\d)+ \d(/\d)+ ")
ENGINE_PLAYS = re.compile(r"^([A-F]) \(engine [^)]*\) plays (\S+)")


class Table:
    """A `caldera play` process on pipes: type a line, read what it shows up to the next prompt."""

    def __init__(self, args: list[str]):
        self.process = subprocess.Popen([sys.executable, "-m", "cli", "play", "hop", *args], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        env={**os.environ, "COLUMNS": "200"})
        self.screen = ""

    def shown(self, line: str | None = None) -> str:
        """Type `line` (None: nothing) and return what shows until the next prompt or the end."""
        if line is not None:
            self.process.stdin.write(line.encode() + b"\n")
            self.process.stdin.flush()
        text, deadline = b"", time.monotonic() + 600
        while time.monotonic() < deadline:
            if select.select([self.process.stdout], [], [], 0.05)[0]:
                chunk = os.read(self.process.stdout.fileno(), 1 << 16)
                if not chunk:
                    break
                text += chunk
                if text.endswith(PROMPT.encode()) or text == b"> ":
                    break
        shown = text.decode()
        self.screen += shown
        return shown


def state_after(path: Path):
    """The game of a session file: (its moves, the positions)."""
    _, played, states = game_file.load(path)
    return played.moves, states


def secrets_in_file(path: Path, engine: str) -> list[str]:
    """The engine seats' secrets a game file written during play holds: a bet not yet thrown,
    a cloud's value."""
    if not path.exists():
        return []
    moves, states = state_after(path)
    secrets, pending = [], []
    for text, state in zip(moves, states):
        if state.phase == BET and SEATS[to_move(state)] in engine:
            pending.append(text)
        if state.phase == THROW:
            pending = []
        if state.phase == CLOUD and SEATS[state.draws[0]] in engine:
            secrets.append(f"{SEATS[state.draws[0]]}'s {text}")
    return secrets + [f"bet {text} before the throw" for text in pending]


def play_whole_game(tmp_path: Path, players: int, engine: str, seed: int) -> tuple[str, Path]:
    """Play a game to its end: people's seats pick at random among the listed moves (and try
    `save` and `show`), chance is rolled; check the file at every prompt. The screen and file."""
    rng = random.Random(seed)
    path = tmp_path / f"game{seed}.cgf"
    table = Table([f"start{players}", "--engine-seats", engine, "--engine", "random", "--seed", str(seed),
                   "--save", str(path)])
    shown = table.shown()
    for _ in range(3000):
        status = shown.rstrip().splitlines()[-2]
        if status.startswith("game over"):
            break
        assert not secrets_in_file(path, engine), (status, secrets_in_file(path, engine))
        if "type the outcome, or roll" in status:
            shown = table.shown("roll")
            continue
        if rng.random() < 0.1:
            table.shown("show")
            said = table.shown(f"save {tmp_path / 'peek.cgf'}")
            assert "caldera: error: save:" in said and not (tmp_path / "peek.cgf").exists()
        listed = table.shown("moves")
        choices = re.findall(r"^  (\S+) ", listed, re.M)
        assert choices, listed
        shown = table.shown(rng.choice(choices))
    else:
        raise AssertionError("the game did not end")
    table.shown("quit")
    table.process.wait(timeout=60)
    return table.screen, path


def engine_secrets_shown(screen: str, engine: str) -> list[str]:
    """Lines that show an engine seat's bet before its throw, or the value of its cloud."""
    leaks = []
    # The board of the game's end shows every cloud (the score counts them): up to it.
    before_the_end = screen[:screen.rindex("sky ", 0, screen.index("game over"))]
    for turn in re.split(r"^.*rolled (?:lands|misses)$", before_the_end, flags=re.M):
        for line in turn.splitlines():
            board_bet, plays = BET_SHOWN.match(line), ENGINE_PLAYS.match(line)
            if board_bet and board_bet.group(1) in engine:
                leaks.append(line)
            if plays and plays.group(2) in ("happy", "sad"):
                leaks.append(line)
            clouds = CLOUDS_SHOWN.match(line)
            if clouds and clouds.group(1) in engine and set(clouds.group(2)) - set("?-"):
                leaks.append(line)
            if NOTATION.match(line):  # `show`: the bets field, one character a seat
                bets = line.split()[8]
                leaks += [line for seat, bet in enumerate(bets) if SEATS[seat] in engine and bet in "hs"]
    return leaks


def test_whole_sessions_never_show_the_engines_secrets(tmp_path):
    """Two whole games (4 players, A a person; 5 players, A and C people) to the end: no line shown
    names an engine seat's bet before the throw or the value of its clouds; the file written
    during play never holds them, `save FILE` refuses to write them; after the game the file
    holds the whole game."""
    for players, engine, seed in ((4, "BCD", 1), (5, "BDE", 2)):
        screen, path = play_whole_game(tmp_path, players, engine, seed)
        assert "has chosen its bet, hidden from you" in screen  # an engine bet came up and was hidden
        assert engine_secrets_shown(screen, engine) == []
        moves, states = state_after(path)
        assert states[-1].phase == "over" and len(moves) > 20
