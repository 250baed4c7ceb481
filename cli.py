"""The `caldera` command line: click commands with their options, help and printing, over the
engine in solver/ and kernels/.

Every command works the same way for every game: it asks the game's record
(solver/games/game_record.py) and solver/api.py, never a game's name. Only click and the
registry's list of names are imported at start-up, so `caldera --help` is fast; each command
imports the engine (and with it numba) when it runs.
"""

from __future__ import annotations

import os
import sys

import _signal  # the C module under `signal`, loaded with Python: `signal` itself first loads enum (~10 ms)


def _interrupted_while_loading(*_) -> None:
    """Ctrl-C while Python loads caldera: solver/interrupts.py's line and exit code 130, no traceback."""
    os.write(2, b"caldera: interrupted\n")
    os._exit(130)


if __name__ == "__main__" or os.path.basename(sys.argv[0]) == "caldera":  # run as the program, not imported by tests
    _signal.signal(_signal.SIGINT, _interrupted_while_loading)  # until CalderaGroup.main

import signal  # noqa: E402 (after the handler, as everything below)

import click  # noqa: E402 (after the handler: loading click takes a noticeable moment)

from solver.games.registry import GAME_NAMES  # noqa: E402

MAX_PERFT_DEPTH = 30


class CalderaGroup(click.Group):
    """The command group; user errors become one line on stderr and exit code 2."""

    def main(self, args=None, prog_name=None, **extra):
        """Run a command, turning user errors into `caldera: error: ...` and exit 2."""
        from solver.errors import CalderaError

        _never_fail_on_glyphs()
        try:
            if signal.getsignal(signal.SIGINT) is _interrupted_while_loading:  # set while cli.py loaded
                signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C: KeyboardInterrupt, caught below
            code = super().main(args=args, prog_name=prog_name, standalone_mode=False, **extra)
        except click.UsageError as error:
            _fail(error.format_message(), 2)
        except CalderaError as error:
            _fail(str(error), 2)
        except (click.Abort, KeyboardInterrupt):
            _fail("interrupted", 130, "caldera: ")
        except _ReaderGone:
            # The reader went away (`caldera ... | head`): stop quietly, as a Unix tool does.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(141)
        except OSError as error:
            where = f": {error.filename}" if error.filename else " (writing the output)"
            _fail(f"{error.strerror or error}{where}", 2)
        except Exception as error:
            if os.environ.get("CALDERA_DEBUG"):
                raise
            _fail(f"{type(error).__name__}: {error} (set CALDERA_DEBUG=1 for the traceback; please report it)", 1,
                  "caldera: internal error: ")
        sys.exit(code or 0)

    def invoke(self, ctx):
        """Run the command and flush its output; a closed pipe becomes _ReaderGone (click would exit 1)."""
        try:
            code = super().invoke(ctx)
            sys.stdout.flush()
        except BrokenPipeError:
            raise _ReaderGone from None
        return code


class _ReaderGone(Exception):
    """stdout's reader closed the pipe."""


def _fail(message: str, code: int, prefix: str = "caldera: error: ") -> None:
    """Say `message` on one line of stderr (click's usage texts span several) and exit with `code`."""
    line = " ".join(message.split())
    try:
        click.echo(prefix + line, err=True)
    except OSError:
        pass  # stderr itself is gone; the exit code still tells
    sys.exit(code)


def _never_fail_on_glyphs() -> None:
    """Print a glyph the terminal's encoding lacks as '?' (PYTHONIOENCODING=ascii) instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


class Number(click.ParamType):
    """A number option checked by solver/limits.py: ASCII digits, finite, inside its range (the same
    range an engine spec's setting has), else one line naming the option."""

    name = "number"

    def __init__(self, setting: str | None = None, kind: type = int, low: float = 0, high: float = 1 << 62):
        self.setting, self.kind, self.low, self.high = setting, kind, low, high

    def convert(self, value, param, ctx, label: str | None = None):
        """The checked number (CalderaError: one line, exit 2)."""
        from solver.limits import RANGES, Range

        checked = RANGES[self.setting] if self.setting else Range(self.kind, self.low, self.high)
        return checked.check(label or param.opts[0], value)


game_argument = click.argument("game", type=click.Choice(GAME_NAMES), metavar="GAME")
position_argument = click.argument("position", required=False)


@click.group(cls=CalderaGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="caldera")
def main():
    """Caldera: analysis engine for penguins, Island Project, Oros and other modern board games.

    \b
    GAME is penguins, island (Island Project, with dice; searched by MCTS), oros (Oros
    tectonics shaping puzzles: reach a goal in the fewest actions; and the full game, 1-4
    players against AI opponents, game1-game4: searched by MCTS), meerkats (Rauf und
    Runter, a dice race through a flipping maze; the solo game solved exactly) or hop (HOP!,
    3-6 players betting on throws, each player's clouds hidden).
    Examples:
      caldera show penguins                 draw the built-in start position
      caldera moves penguins floes          list the legal moves of a built-in position
      caldera perft penguins 4 --threads 2  count move sequences 4 plies deep
      caldera positions penguins            list the built-in positions
      caldera hint island                   the best moves of Island Project's start, in words
      caldera puzzles oros                  the built-in shaping puzzles
      caldera analyze oros twin-peaks       solve one: the shortest plan, step by step
      caldera play penguins pond --engine-seats B   play against the engine, with hints
      caldera review game.cgf               a played game's inaccuracies, mistakes, blunders
      caldera serve                         the analysis board in the browser, at http://127.0.0.1:8000/
    """


def record(game: str):
    """The record of the game called `game` (solver/games/registry.py)."""
    from solver.games.registry import game as game_record

    return game_record(game)


def load(game: str, position: str | None, after: str = "", board: str | None = None, players: int | None = None,
         roll: str | None = None, seen_by: str | None = None):
    """(record, position reached after `after`, spaces the last of those moves touched); with
    `board` or `players`, a new game's start on that board file or for that many players, seen
    by the seat `seen_by` where given (--as), and with `roll`, the chance outcome played last
    (solver/api.py load_position)."""
    from solver.api import load_position

    entry = record(game)
    return (entry, *load_position(entry, position, after, board, players, roll, seen_by))


def start_options(command):
    """--maze and --players: a new game on a board file or for another number of players."""
    command = click.option("--players", type=Number("players"), default=None, metavar="N",
                           help="A new game for N players (meerkats: 1 is the solo puzzle).")(command)
    return click.option("--maze", "--board", "board", default=None, metavar="FILE",
                        help="A new game on the board drawn in FILE (meerkats: a maze file, docs/rules/meerkats.md).")(command)


roll_option = click.option("--roll", default=None, metavar="OUTCOME",
                           help="At a roll, play this chance outcome first (meerkats: --roll 2).")

seen_by_option = click.option(
    "--as", "seen_by", default=None, metavar="SEAT",
    help="See the position as this seat sees it (games with hidden information: hop): the others' "
         "hidden parts unknown, and a search that looks only at what SEAT knows.",
)


after_option = click.option(
    "--after", default="", metavar="MOVES",
    help='Moves to play first, in move notation, e.g. "+c4 +d5 ^d5" (island: "2E roll:3V 3 +a1 .").',
)


def position_options(command):
    """--after, --maze/--players, --roll and --as: which position of the game a command works on."""
    for option in (seen_by_option, roll_option, start_options, after_option):
        command = option(command)
    return command


svg_option = click.option("--svg", "svg_path", default=None, metavar="FILE",
                          help="Also write the board as an SVG picture to FILE.")
png_option = click.option("--png", "png_path", default=None, metavar="FILE",
                          help='Also write the board as a PNG picture to FILE (pip install ".[pictures]").')


def save_pictures(entry, state, highlight, svg_path, png_path, pv=()) -> None:
    """Write the board's SVG and/or PNG where asked, naming each file written on stderr."""
    if svg_path is None and png_path is None:
        return
    from solver.output.pictures import board_svg, write_pictures

    for path in write_pictures(board_svg(entry, state, highlight, pv), svg_path, png_path):
        click.echo(f"wrote {path}", err=True)


@main.command()
@game_argument
@position_argument
@position_options
@svg_option
@png_option
def show(game, position, after, board, players, roll, seen_by, svg_path, png_path):
    """Draw a position: the board with wrapping edges, a legend and the state of play.

    With --after, the spaces of the last move played are highlighted.

    \b
    POSITION is a built-in name (see `caldera positions`) or notation text in quotes.
    Examples:
      caldera show penguins
      caldera show penguins floes --after "+c4 +d5"
      caldera show penguins "6x6 6/6/2I3/3I2/6/6 - A setup 16/16 3+1/3+1 0"
      caldera show island start3 --after "2E roll:3V 3"
      caldera show oros first-peak --after "b2c2d2>S"
      caldera show oros game2
      caldera show meerkats --maze my.maze --players 3
      caldera show penguins floes --after "+d4 +e5" --svg floes.svg --png floes.png
    """
    from solver.output.terminal import terminal

    entry, state, last_move = load(game, position, after, board, players, roll, seen_by)
    save_pictures(entry, state, last_move, svg_path, png_path)
    console = terminal()
    console.print(entry.render(state, highlight=last_move))
    console.print(entry.format_position(state), markup=False, highlight=False, soft_wrap=True)


@main.command()
@game_argument
@position_argument
@position_options
def moves(game, position, after, board, players, roll, seen_by):
    """List the legal moves of the side to move, grouped by action.

    \b
    Slides show where the penguin stops, the eggs laid and the rival eggs captured; with tiles,
    a way to go that has many follow-up choices (seagull, krill, emperor, seal, blazing) is one
    line with the number of its variants and a few examples. Island Project moves say what they
    do (eruptions, new terrain, food). At a dice roll the outcomes are listed with their
    probabilities. Oros lists every action with its effect.
    Examples:
      caldera moves penguins
      caldera moves penguins floes --after "+a1 +b2"
      caldera moves penguins tunnels --after "+a2 +f1"
      caldera moves island --after "2E roll:3V"
      caldera moves oros first-peak
      caldera moves meerkats dunes-1 --after "g1 draw:luck reveal:turtle" --roll 3
    """
    entry, state, _ = load(game, position, after, board, players, roll, seen_by)
    for line in entry.describe_moves(state):
        click.echo(line)


@main.command()
@game_argument
@click.argument("position_and_depth", nargs=-1, required=True, metavar="[POSITION] DEPTH")
@click.option("--divide", is_flag=True, help="Also print the count below each root move.")
@click.option("--threads", default=1, show_default=True, type=Number("threads"), help="Threads sharing the root moves.")
@click.option("--reference", is_flag=True, help="Count with the slow, readable reference rules instead of the kernel.")
@after_option
@start_options
def perft(game, position_and_depth, divide, threads, reference, after, board, players):
    """Count the move sequences of exactly DEPTH plies from a position (ruling P-8a).

    DEPTH counts decisions: at a dice roll (island) every outcome is expanded without using up
    depth (a roll is not a ply), as each game's reference rules count.

    \b
    Examples:
      caldera perft penguins 4
      caldera perft penguins floes 4 --threads 2 --divide
      caldera perft penguins pond 3 --reference    (the oracle; thousands of times slower)
      caldera perft island 4 --divide
      caldera perft oros 2 --reference
    """
    from rich.progress import Progress

    from solver.api import perft as count

    if len(position_and_depth) > 2:
        raise click.UsageError("perft takes [POSITION] DEPTH; put notation text in quotes")
    *position, depth_text = position_and_depth
    depth = Number(low=0, high=MAX_PERFT_DEPTH).convert(depth_text, None, None, label="DEPTH")
    entry, state, _ = load(game, position[0] if position else None, after, board, players)
    if reference and threads > 1:
        raise click.UsageError("--reference runs on one thread; drop --threads")
    console = _stderr_console()
    with Progress(transient=True, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"perft {depth}: root moves", total=None)
        advance = lambda done, total: progress.update(task, completed=done, total=total)  # noqa: E731
        result = count(entry, state, depth, threads, reference, on_root_move=advance)
    if divide:
        for move, nodes in result.divide:
            click.echo(f"{entry.format_move(state, move):8} {nodes}")
        click.echo("")
    click.echo(f"depth    {depth}")
    click.echo(f"nodes    {result.nodes}")
    click.echo(f"time     {result.seconds:.3f} s")
    engine = "reference rules" if reference else f"kernel, {threads} thread{'s' if threads > 1 else ''}"
    speed = f"{result.nodes_per_second:,.0f} nodes/s" if result.seconds > 0 else "too fast to time"
    click.echo(f"speed    {speed} ({engine})")
    if result.interrupted:
        click.echo(f"stopped  by Ctrl-C: a partial count, {len(result.divide)} of {result.root_moves} root moves "
                   "counted in full")
        sys.exit(130)


def search_options(command):
    """The engine options of `analyze`, documented once."""
    from solver.engines.registry import ENGINES

    options = [
        click.option("--engine", type=click.Choice(ENGINES), default=None,
                     help="alphabeta: deep tactical search; mcts: Monte Carlo tree search; "
                          "expectimax: search through the dice (two players); exact: solve the whole game "
                          "(games whose positions fit in memory); planner: shortest plans "
                          "to a goal; greedy, random, policy (the game's playout policy), heuristic (the game's scripted "
                          "player, oros): baselines.  [default: the game's first engine, "
                          "see `caldera games`]"),
        click.option("--depth", type=Number("depth"), help="alphabeta, expectimax: plies to search."),
        click.option("--nodes", type=Number("nodes"), help="alphabeta, expectimax, planner: stop after about this many nodes."),
        click.option("--time", "seconds", type=Number("time"),
                     help="Seconds to think (default 3 when no other limit is given; planner: 30)."),
        click.option("--sims", type=Number("sims"), help="mcts: simulations to run."),
        click.option("--multipv", type=Number("multipv"), default=None,
                     help="Number of best moves to report.  [default: 1; hop: every move]"),
        click.option("--solve", is_flag=True, help="alphabeta: prove a win, loss or draw instead of estimating."),
        click.option("--threads", type=Number("threads"), default=1, show_default=True, help="CPU threads to search with."),
        click.option("--seed", type=Number("seed"), help="mcts: random seed (same seed + --sims = same result)."),
        click.option("--hash", "hash_mb", type=Number("hash"),
                     help="alphabeta, expectimax, planner: transposition table size in MB [default: 64]."),
        click.option("--memory", "memory_mb", type=Number("memory"),
                     help="mcts: tree memory cap in MB [default: 256]; exact: graph memory cap [default: 2048]."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def goal_options(command):
    """--goal and --budget: what a puzzle asks (docs/oros_puzzles.md)."""
    command = click.option("--budget", type=Number(low=0, high=1000), default=None,
                           help="The most actions a plan may take  [default: the puzzle's, else 5].")(command)
    return click.option("--goal", default=None, metavar="GOAL",
                        help='A puzzle\'s goal (games with goals: oros), e.g. "mountain@d3", "mountains>=2", '
                             '"level4@c2", "land>=20" (commas join clauses)  [default: the puzzle\'s].')(command)


@main.command()
@game_argument
@position_argument
@search_options
@goal_options
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object (see docs/json.md).")
@position_options
@click.option("--batch", default=None, metavar="FILE",
              help="Analyse many positions: one per line (notation or built-in name) from FILE, or - for stdin; "
                   "prints one JSON line each, in order.")
@click.option("--cluster", default=None, metavar="SCHEDULER|local:N",
              help='With --batch: analyse on a Dask cluster, a scheduler address or local:N worker processes '
                   '(pip install ".[cluster]"; docs/cluster.md).')
@click.option("--svg", "svg_path", default=None, metavar="FILE",
              help="Also write the board with the best line (oros: the plan) as numbered arrows to FILE (SVG).")
def analyze(game, position, after, board, players, roll, seen_by, as_json, engine, seconds, hash_mb, memory_mb, goal,
            budget, batch, cluster, svg_path, **limits):
    """Search a position: score, best move, principal variation, depth, nodes and speed.

    The engine is the game's first (`caldera games` lists them): alpha-beta for penguins, MCTS
    for island (or --engine expectimax, two players; at a dice roll MCTS lists the outcomes with
    their probabilities instead of searching), the planner for oros maps and MCTS for oros full
    games (game1-game4; an AI's card draw is a chance move); meerkats: the exact solver
    for the solo game, MCTS with more players (--engine exact solves those too where they fit in
    --memory; at a roll it gives every outcome's value).

    oros (shaping puzzles): POSITION is a puzzle name (its goal and budget apply unless given)
    or a position with --goal; prints the shortest plan step by step with the map after each
    step, or "no plan within N actions". Limits: --nodes, --time (default 30 s), --hash.

    \b
    Examples:
      caldera analyze penguins                          3 s of alpha-beta on the start
      caldera analyze penguins floes --depth 6 --multipv 3
      caldera analyze penguins --engine mcts --sims 20000 --seed 1
      caldera analyze penguins "<position>" --solve --time 30
      caldera analyze penguins plain5-01 --solve        a puzzle by name (caldera puzzles penguins)
      caldera analyze penguins pond --json
      caldera analyze island --sims 20000 --seed 1 --multipv 3
      caldera analyze oros first-peak
      caldera analyze oros "5x5 ...../.444./...4./...../....." --goal "mountain@d3" --budget 4
      caldera analyze oros twin-peaks --json
      caldera analyze oros game1 --sims 20000 --seed 1  the full game against two AIs
      caldera analyze meerkats dunes-1 --after "g1 draw:luck reveal:turtle" --roll 2
      caldera analyze penguins --batch positions.txt --depth 4 > analyses.jsonl
      caldera analyze penguins --batch - --engine mcts --sims 2000 --seed 1 --cluster local:2 < positions.txt
      caldera analyze penguins floes --depth 6 --svg floes-line.svg
    """
    from solver import api as commands
    from solver import caldera

    if cluster is not None and batch is None:
        raise click.UsageError("--cluster analyses a --batch of positions; give --batch FILE (or - for stdin)")
    if batch is not None and position is not None:
        raise click.UsageError("--batch reads the positions from its file: give no POSITION")
    if batch is not None and svg_path is not None:
        raise click.UsageError("--svg draws one position's best line; --batch analyses many: give one of them")

    start = caldera.open_position(game, position, after, board, players, roll, seen_by)
    values = dict(limits, time=seconds, hash=hash_mb, memory=memory_mb)
    if batch is not None:  # a batch's positions are each checked for the engine (solver/commands/cluster.py read_batch)
        return print_batch(start.game, commands.analysis_spec(start.game, start.state, engine, values), batch, cluster)
    report = run_analysis(start, engine, goal, budget, values, live=not as_json)
    click.echo(report.json()) if as_json else report.print()
    save_pictures(start.game, start.state, (), svg_path, None, report.line)


def run_analysis(start, engine, goal, budget, values: dict, live: bool):
    """`analyze`'s Report of the position `start` (solver/caldera.py `analyse`), with a live status line on a terminal."""
    from rich.live import Live

    from solver import caldera

    console = _stderr_console()
    if not (live and console.is_terminal):
        return caldera.analyse(start, engine, goal, budget, **values)
    with Live("", console=console, transient=True, refresh_per_second=8) as display:
        return caldera.analyse(start, engine, goal, budget, on_progress=lambda report: display.update(report.progress_line()),
                               **values)


def print_batch(entry, spec, batch: str, cluster: str | None) -> None:
    """`analyze --batch`: every position of the file `batch` (- for stdin) analysed (on the cluster when
    given), one JSON line each."""
    from solver.commands.cluster import analyze_batch, cluster_client, read_batch
    from solver.user_files import read_text

    positions = read_batch(entry, spec, read_text(batch, "--batch").splitlines())
    console = _stderr_console()
    with cluster_client(cluster) as client, _progress_bar(console) as progress:
        task = progress.add_task(f"{spec.text()}: positions", total=len(positions))
        for line in analyze_batch(entry, spec, positions, client, on_done=lambda n: progress.advance(task, n)):
            click.echo(line)


@main.command()
@game_argument
@position_argument
@click.option("--top", type=Number(low=1, high=20), default=3, show_default=True, help="How many moves to suggest.")
@click.option("--time", "seconds", type=Number("time"), default=None,
              help="Seconds to think, unless --engine sets a limit.  [default: the game's, see `caldera games`]")
@click.option("--engine", "engine_text", default=None, metavar="ENGINE",
              help="The engine, NAME[:KEY=VALUE,...] as in `caldera match`, e.g. mcts:sims=2000,seed=1  "
                   "[default: the game's for the position, see `caldera games`].")
@goal_options
@position_options
def hint(game, position, top, seconds, engine_text, goal, budget, after, board, players, roll, seen_by):
    """Suggest the best moves for the side to move, each explained in plain words.

    The game's first engine searches (alpha-beta for penguins, MCTS for island; meerkats: the
    exact solver for the solo game). At a dice roll the hint lists the outcomes of the dice with
    their probabilities (and each one's value where the engine searches chance nodes). oros: the
    next step of a shortest plan to the goal (a puzzle name brings its goal and budget; --after
    uses up budget); on a full-game position (game1-game4), 1 s of MCTS, each action in words.
    Each move says why: the proof where the search solved it, the odds where chance decides, else
    the terms of the game's evaluation that change most after it and the best reply (and, for
    the full Oros game, the plan). Moves that lead to the same position are listed once.

    \b
    Examples:
      caldera hint penguins floes --after "+d4 +e5"
      caldera hint penguins "5x5 IEPE1/P3s/3eS/epe2/ppPe1 - A play 14/12 0+0/0+0 20" --top 5
      caldera hint island --after "2E roll:3V"
      caldera hint oros twin-peaks --after "b2c2d2>S"
      caldera hint oros game1 --after "forced:volcano>d1"
      caldera hint meerkats dunes-1 --after "g1 draw:shortcut reveal:mouse" --roll 1
      caldera hint island --engine mcts:sims=2000,seed=1
    """
    from solver import api as commands
    from solver.engines.registry import EngineSpec
    from solver.output.hint_words import hint_lines

    entry, state, _ = load(game, position, after, board, players, roll, seen_by)
    goal, budget = commands.goal_and_budget(entry, state, position, after, goal, budget)
    seconds = entry.hint_time(state) if seconds is None else seconds
    given = EngineSpec.parse(engine_text) if engine_text else None
    for line in hint_lines(entry, state, top, seconds, goal, budget,
                           lambda *args: run_search(*args, live=True), lambda *args: run_plan(*args, live=True), given):
        click.echo(line)


def run_search(entry, spec, state, live: bool):
    """Run the engine on a position, with a live status line on a terminal."""
    from rich.live import Live

    from solver.api import search
    from solver.output.analysis_output import progress_line

    console = _stderr_console()
    if not (live and console.is_terminal):
        return search(entry, spec, state)
    with Live("", console=console, transient=True, refresh_per_second=8) as display:
        return search(entry, spec, state, on_progress=lambda analysis: display.update(progress_line(state, analysis, entry)))


def run_plan(entry, spec, state, goal, budget: int, live: bool):
    """Run the planner with a live status line on a terminal."""
    from rich.live import Live

    from solver.api import plan
    from solver.output.planner_output import progress_line

    console = _stderr_console()
    if not (live and console.is_terminal):
        return plan(entry, spec, state, goal, budget)
    with Live("", console=console, transient=True, refresh_per_second=8) as display:
        return plan(entry, spec, state, goal, budget, on_progress=lambda result: display.update(progress_line(result)))


@main.command()
@game_argument
@click.argument("engine_a", metavar="ENGINE_A")
@click.argument("engine_b", metavar="ENGINE_B")
@click.option("--games", "n_games", type=Number(low=1, high=100_000), default=20, show_default=True,
              help="Games to play; each opening is played once per seat, the engines' seats rotated.")
@click.option("--position", default=None, metavar="POS",
              help="Start position: built-in name or notation text.  [default: the game's start]")
@click.option("--random-plies", type=Number(low=0, high=300), default=2, show_default=True,
              help="Random decisions opening each pair (or group) of games (penguins: 2 = the two setup "
                   "rival eggs; dice rolls between them are not counted).")
@click.option("--seed", type=Number("seed"), default=0, show_default=True, help="Seed of the openings and of the engines' random choices.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary (and every game's moves) as one JSON object.")
@click.option("--save", "save_dir", default=None, metavar="DIR",
              help="Write every game to DIR as a game file as soon as it ends (docs/records.md).")
@click.option("--sprt", "sprt_text", default=None, metavar="elo0=E0,elo1=E1[,alpha=A,beta=B]",
              help="Play game pairs until fishtest's GSPRT on the pair results decides H0 (A at most E0 Elo "
                   "stronger) or H1 (at least E1); alpha and beta default to 0.05. --games is then the most "
                   "games played (default 100,000).")
@click.option("--cluster", default=None, metavar="SCHEDULER|local:N",
              help='Play the games on a Dask cluster: a scheduler address, or local:N for N local worker '
                   'processes (pip install ".[cluster]"; docs/cluster.md). Seeded engines play the same games.')
@start_options
def match(game, engine_a, engine_b, n_games, position, random_plies, seed, as_json, save_dir, board, players,
          sprt_text, cluster):
    """Play ENGINE_A against ENGINE_B: wins, draws, losses, score and Elo difference.

    \b
    An ENGINE is NAME[:KEY=VALUE,...] with NAME alphabeta, mcts, expectimax, exact, greedy,
    policy, heuristic or random, e.g.
      alphabeta:depth=4  mcts:sims=2000  mcts:time=0.1,threads=2  exact:memory=4096  greedy  random
    Games 2k and 2k+1 share a random opening with the colours swapped (with more seats, each
    group of one game per seat shares it, engine A taking every seat in turn; with one player
    against seats played by the rules, A plays game 2k and B game 2k+1). Searches limited
    by depth, nodes or sims (not time) and a fixed --seed make the match repeat exactly.
    Progress goes to stderr; Ctrl-C stops after the current game with the summary so far.
    Each game takes the engines its record lists (`caldera games`); the match rolls the dice.

    \b
    Examples:
      caldera match penguins greedy random
      caldera match penguins mcts:sims=2000 alphabeta:depth=4 --games 40 --seed 7
      caldera match penguins greedy random --position pond --json
      caldera match island mcts:sims=200 random --games 4
      caldera match oros mcts:sims=500 policy --position game1 --games 20   (one seat, taken in turn)
      caldera match oros heuristic random --position game1-aggressive --games 20
      caldera match meerkats exact mcts:sims=10000 --position dunes-sprint --games 400
      caldera match penguins greedy random --games 2 --save games/   then: caldera review games/...
      caldera match penguins alphabeta:depth=4 alphabeta:depth=2 --position pond --sprt elo0=0,elo1=10
      caldera match penguins greedy random --games 400 --cluster local:2
    """
    import json

    from solver.commands.cluster import cluster_client, match_player
    from solver.commands.match import game_line, match_json, prepare_match, stop_after_game, summary_lines
    from solver.commands.sprt import SPRT_MAX_GAMES, Sprt, play_sprt

    test = Sprt.parse(sprt_text) if sprt_text is not None else None
    if test is not None and click.get_current_context().get_parameter_source("n_games").name == "DEFAULT":
        n_games = SPRT_MAX_GAMES
    entry, state, spec_a, spec_b, label = prepare_match(record(game), position, board, players, engine_a, engine_b)
    console = _stderr_console()
    with cluster_client(cluster) as client, _progress_bar(console) as progress:
        play = match_player(client)
        task = progress.add_task(f"{spec_a.text()} vs {spec_b.text()}", total=n_games if test is None else None)

        def on_game(played, result):
            if save_dir is not None:
                from solver.game_file import save_match_game

                save_match_game(save_dir, entry, state, played, result)
            if console.is_terminal:
                progress.update(task, advance=1, description=f"{spec_a.text()} vs {spec_b.text()}: "
                                f"{result.wins}-{result.draws}-{result.losses}")
            else:
                click.echo(game_line(played, result), err=True)

        def on_first_interrupt():
            console.print("caldera: stopping after this game (Ctrl-C again to stop now)", markup=False, highlight=False)

        with stop_after_game(on_first_interrupt) as stop_requested:
            if test is None:
                result = play(entry, state, spec_a, spec_b, games=n_games, random_plies=random_plies,
                              seed=seed, on_game=on_game, should_stop=stop_requested.is_set)
            else:
                result, decision = play_sprt(entry, state, spec_a, spec_b, test, n_games, random_plies, seed,
                                             on_game=on_game, should_stop=stop_requested.is_set, play=play)
    if as_json:
        data = match_json(result, entry, state)
        if test is not None:
            data["sprt"] = decision.as_json()
        click.echo(json.dumps(data))
    else:
        for line in summary_lines(result, label) + (decision.lines() if test is not None else []):
            click.echo(line)


@main.command()
@game_argument
@position_argument
@click.option("--engine-seats", default="", metavar="SEATS",
              help="Seats the engine plays, e.g. B or BCD  [default: none, people play every seat].")
@click.option("--engine", "engine_text", default=None, metavar="ENGINE",
              help="The engine of those seats, NAME[:KEY=VALUE,...] as in `caldera match`  [default: the game's, "
                   "thinking as long as a hint].")
@click.option("--seed", type=Number("seed"), default=0, show_default=True, help="Seed of the `roll` command's dice.")
@click.option("--time", "seconds", type=Number("time"), default=None,
              help="Seconds a hint thinks (and the engine's seats, without --engine)  [default: the game's hint time].")
@click.option("--save", "save_file", default=None, metavar="FILE",
              help="The session's game file, written after every move  [default: GAME-DATE-TIME.cgf here].")
@goal_options
@start_options
def play(game, position, engine_seats, engine_text, seed, seconds, save_file, goal, budget, board, players):
    """Play a game at the table: type moves, ask for hints, let the engine play some seats.

    \b
    The board is drawn after every move. At the prompt type a move in move notation (at a dice
    roll the outcome you rolled, e.g. roll:3V, or `roll` to let Caldera roll), or one of:
      hint  undo  show  moves  save FILE  load FILE  help  quit
    A bad command or move gets one line and the game goes on. Ctrl-C stops a running hint.
    The game is written to its game file (docs/records.md) after every move and on quit.
    Examples:
      caldera play penguins pond --engine-seats B
      caldera play island --engine-seats B --engine mcts:sims=2000 --seed 7
      caldera play meerkats dunes-1 --save solo.cgf
      caldera play oros twin-peaks          a puzzle: its goal and budget come with its name
    """
    from pathlib import Path

    from solver.api import checked_spec
    from solver.commands.play_session import Session, check_engine_seats, default_path, run
    from solver.engines.registry import EngineSpec
    from solver.output.terminal import terminal

    entry, state, _ = load(game, position, board=board, players=players)
    check_engine_seats(entry, state, engine_seats)
    spec = checked_spec(entry, EngineSpec.parse(engine_text), state) if engine_text else None
    path = Path(save_file) if save_file else default_path(entry)
    console = terminal()
    session = Session(entry, [state], engine_seats, spec, path,
                      lambda text: console.print(text, markup=False, highlight=False, soft_wrap=True), console.print, seed,
                      position, seconds, lambda *args: run_search(*args, live=True), goal or "", budget)
    console.print(f"caldera play {entry.name}: type a move or a command (help lists them); {session.saved_words()}",
                  markup=False, highlight=False, soft_wrap=True)
    saved = run(session, input)
    click.echo(f"game saved to {saved}")


@main.command()
@click.argument("record_file", metavar="RECORD")
@search_options
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object (docs/records.md).")
def review(record_file, as_json, engine, seconds, hash_mb, memory_mb, **limits):
    """Review a game file: mark each decision by the win probability it lost against the engine's best.

    Every decision position is searched (default: the game's engine, thinking as long as `hint`
    does, see `caldera games`); a move that lost 5, 10 or 15 points of win probability is an
    inaccuracy, a mistake or a blunder (lichess's thresholds, docs/records.md), shown with the
    better move and its line. Under MCTS a drop is marked only once the two moves, searched again
    with equal budgets (up to 4x), have 95% intervals apart; else it is too close to call. Dice
    and other chance moves are not judged. Then a summary per player. A puzzle played (oros: the file's goal and budget) is judged by the planner in
    actions added to the shortest plan. Ctrl-C stops the review with the moves judged so far.

    \b
    Examples:
      caldera review games/penguins-seed0-game001.cgf
      caldera review my-game.cgf --depth 6
      caldera review my-game.cgf --engine mcts --sims 20000 --seed 1 --json
    """
    import json

    from solver.commands.review import review_game, review_spec
    from solver.game_file import load as load_game_file
    from solver.output.review_output import review_json, review_lines

    entry, played, states = load_game_file(record_file)
    spec = review_spec(entry, states[0], engine, dict(limits, time=seconds, hash=hash_mb, memory=memory_mb))
    console = _stderr_console()
    with _progress_bar(console, "review {task.description}") as progress:
        task = progress.add_task(spec.text(), total=None)
        result = review_game(entry, spec, played, states,
                             on_position=lambda done, total: progress.update(task, completed=done, total=total))
    if as_json:
        click.echo(json.dumps(review_json(result)))
    else:
        for line in review_lines(result):
            click.echo(line)
    if result.interrupted:
        sys.exit(130)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every network the machine is on; the board has no password).")
@click.option("--port", type=Number(low=1, high=65535), default=8000, show_default=True, help="The port to listen on.")
def serve(host, port):
    """Serve the analysis board in the browser: click moves, run the engine live, keep variations.

    \b
    Open http://127.0.0.1:8000/ (the port given): pick a game and a position, play moves by
    clicking them (or typing, with the legal moves offered), chance outcomes picked or rolled;
    Start/Stop the engine with its limit and watch its lines with their scores and 95%
    intervals; go back and branch in the move tree; save and load game files (docs/records.md);
    review the line for marks on an evaluation graph. Games with hidden information (hop) show
    one seat's view. Several tabs analyse at once. Ctrl-C stops the server (docs/serve.md).
    Examples:
      caldera serve
      caldera serve --port 8123
      caldera serve --host 0.0.0.0         reachable from other machines
    """
    try:
        from solver.serve.app import serve as run_server
    except ImportError as error:
        from solver.errors import CalderaError

        raise CalderaError(f"caldera serve needs the serve extra ({error.name} is missing): pip install \".[serve]\"") from None
    run_server(host, port, lambda url: click.echo(f"caldera serve: the analysis board at {url} (Ctrl-C stops it)", err=True))


@main.command()
@game_argument
def positions(game):
    """List the built-in positions with their notation (oros: also every puzzle's position).

    \b
    Examples:
      caldera positions penguins
      caldera positions island
      caldera positions oros
    """
    builtins = record(game).builtin_positions()
    width = max(8, *map(len, builtins))
    for name, text in builtins.items():
        click.echo(f"{name:{width}} {text}")


@main.command()
@game_argument
def puzzles(game):
    """List the built-in puzzles: oros: name, set, goal, budget and the optimal plan's length;
    penguins: name, set, N and position of "A to move wins in N plies" (one winning first move).

    Solve one with `caldera analyze GAME NAME` (penguins: `--solve`), get its next step with
    `caldera hint GAME NAME`.

    \b
    Examples:
      caldera puzzles oros
      caldera puzzles penguins
      caldera analyze penguins plain3-01 --solve
    """
    from solver.output.puzzle_table import puzzle_table_lines

    entry = record(game)
    if entry.puzzles is None:
        raise click.UsageError(f"{game} has no built-in puzzles (games with puzzles: {', '.join(_games_with('puzzles'))})")
    for line in puzzle_table_lines(entry.puzzles()):
        click.echo(line)


@main.command()
@game_argument
@click.argument("name", required=False)
@click.option("--pictures/--no-pictures", default=True, show_default=True, help="Draw each scenario's board.")
def scenarios(game, name, pictures):
    """List a game's named scenarios (penguins: barriers and terrain tiles), each with its board.

    Each is a start position: use its name wherever a POSITION goes (show, moves, perft,
    analyze, hint, match --position). Together the penguins scenarios use every barrier and
    terrain tile.

    \b
    Examples:
      caldera scenarios penguins
      caldera scenarios penguins gullrock
      caldera scenarios penguins --no-pictures
    """
    from solver.output.terminal import terminal

    entry = record(game)
    if entry.scenarios is None:
        raise click.UsageError(f"{game} has no scenarios (games with scenarios: {', '.join(_games_with('scenarios'))})")
    every = entry.scenarios()
    chosen = [s for s in every if name in (None, s[0])]
    if not chosen:
        raise click.UsageError(f"no scenario '{name}'; scenarios: {', '.join(s[0] for s in every)}")
    console = terminal()
    for number, (title, description, text) in enumerate(chosen):
        if pictures and number:
            console.print()
        console.print(f"[bold]{title}[/bold]: {description}", soft_wrap=True)
        console.print(text, markup=False, highlight=False, soft_wrap=True)
        if pictures:
            console.print(entry.render(entry.resolve_position(text)))


def _games_with(part: str) -> list[str]:
    """The names of the games whose record has `part` (e.g. "puzzles")."""
    from solver.games.registry import games

    return [entry.name for entry in games() if getattr(entry, part) is not None]


@main.command()
def games():
    """List the games: what each is (players, chance, goals), its engines and defaults.

    \b
    Examples:
      caldera games
    """
    from solver.engines.registry import describe
    from solver.games.registry import games as every_game

    for entry in every_game():
        click.echo(f"{entry.name:9} {entry.title}: {describe(entry)}")
        click.echo(f"{'':9} engines {', '.join(entry.engines)} (default {entry.default_engine}); "
                   f"start {entry.default_position}; hint {entry.hint_seconds:g} s")


@main.command()
@click.argument("names", nargs=-1, type=click.Choice(GAME_NAMES), metavar="[GAME]...")
def warmup(names):
    """Compile (or load from cache) the kernels now, so later commands start fast.

    Without GAME every game's kernels, with every engine its record lists.

    \b
    Examples:
      caldera warmup
      caldera warmup penguins
    """
    from solver.commands.warmup import warm_up

    seconds = warm_up([record(name) for name in names] or None)
    click.echo(f"kernels ready in {seconds:.1f} s")


@main.command()
@click.option("--quick", is_flag=True, help="Small sizes: the whole run takes a few seconds (for tests and smoke checks).")
@click.option("--threads", default=2, show_default=True, type=Number(low=2, high=64),
              help="Threads of the second column (the first is always 1 thread).")
@click.option("--vs-openspiel", is_flag=True,
              help='Also time OpenSpiel\'s C++ MCTS on breakthrough and connect_four (pip install ".[bench]").')
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object instead of tables.")
def bench(quick, threads, vs_openspiel, as_json):
    """Measure speed on fixed positions: kernel perft, alpha-beta and MCTS, 1 and N threads.

    \b
    kernel perft nodes/s    8x8 start, depth 5
    alpha-beta nodes/s      mid-game position M, depth 9
    MCTS simulations/s      8x8 start, 200,000 simulations
    MCTS simulations/s      sealbay (a tile board, moves by parts), 20,000 simulations
    MCTS simulations/s      Island Project 2-player start, 100,000 simulations
    Each is run 3 times (once with --quick); the speed-up is the time of 1 thread over the
    time of N threads for the same work. Other programs running at the same time slow it down.

    \b
    Examples:
      caldera bench
      caldera bench --quick --threads 4
      caldera bench --vs-openspiel --json > bench.json
    """
    import json

    from solver.commands.bench import print_report, run_suite
    from solver.output.terminal import terminal

    console = _stderr_console()
    with console.status("bench", spinner="dots") if console.is_terminal else _no_status() as status:
        report = run_suite(threads, quick, vs_openspiel, on_step=status.update)
    if as_json:
        click.echo(json.dumps(report.as_dict(), indent=2))
    else:
        print_report(report, terminal())


BALANCE_NOTE_EVERY = 50  # games between the progress lines `balance` writes when stderr is no terminal


@main.command()
@game_argument
@click.argument("positions", nargs=-1, metavar="[POSITION]...")
@click.option("--engine", "engine_a", default="mcts:sims=200", show_default=True, metavar="ENGINE",
              help="The engine of the first seat of each game's rotation (an engine spec, as in match).")
@click.option("--vs", "engine_b", default=None, metavar="ENGINE", help="The other seats' engine.  [default: --engine]")
@click.option("--games", "n_games", type=Number(low=1, high=100_000), default=100, show_default=True,
              help="Games per position; each opening is played once per seat, the engines' seats rotated.")
@click.option("--random-plies", type=Number(low=0, high=300), default=2, show_default=True,
              help="Random decisions opening each group of games.")
@click.option("--seed", type=Number("seed"), default=0, show_default=True, help="Seed of the openings, dice and engines.")
@click.option("--json", "as_json", is_flag=True, help="Print every position's figures as one JSON object.")
@click.option("--report", "report_dir", default=None, metavar="DIR",
              help='Write DIR/README.md (the table) and PNG plots (pip install ".[pictures]").')
@click.option("--jobs", type=Number(low=1, high=64), default=1, show_default=True,
              help="Positions played at once, each in its own process (at most one per CPU).")
@click.option("--cluster", default=None, metavar="SCHEDULER|local:N",
              help='Play the games on a Dask cluster: a scheduler address, or local:N for N local worker '
                   'processes (pip install ".[cluster]"; docs/cluster.md). The same figures as locally.')
@click.option("--moves", "paired_moves", default=None, metavar="MOVE,MOVE",
              help="Compare two moves of the POSITION instead: --games games after each, paired by opening, "
                   "--engine on every seat; prints the mover's result after each and the paired difference.")
def balance(game, positions, engine_a, engine_b, n_games, random_plies, seed, as_json, report_dir, jobs, cluster,
            paired_moves):
    """Is a position fair? Self-play per POSITION: seat scores, draws, length, branching, Ludii's metrics.

    \b
    POSITION is a built-in name, a scenario, notation text or a file of them (one a line); the
    game's start without one. Each figure comes with its 95% interval; docs/balance.md defines
    Balance, Completion, Drawishness, Advantage, Lead changes, Drama and Decisiveness (the lead
    metrics need an engine that values every seat: mcts). Ctrl-C stops after the current game.

    \b
    Examples:
      caldera balance penguins gullrock tunnels --games 40 --seed 1
      caldera balance island start2 start3 start4 --games 400 --report docs/balance/island
      caldera balance penguins --engine greedy --json
      caldera balance island start2 start3 --games 400 --cluster local:2
      caldera balance penguins "8x8 e7/8/8/8/8/8/8/8 - B setup 16/15 3+1/3+1 1" --moves +a5,+b2 \\
          --engine alphabeta:depth=3,hash=1 --games 400
    """
    import json

    from solver.commands.balance import balance_positions, balance_specs, contested_positions, summary_lines
    from solver.commands.cluster import cluster_client, match_player
    from solver.commands.match import stop_after_game
    from solver.engines.registry import EngineSpec
    from solver.limits import usable_threads

    if cluster is not None and jobs > 1:
        raise click.UsageError("--cluster spreads the games over its workers; give --jobs 1 (the default) with it")
    asked, (jobs, _) = jobs, usable_threads(jobs)
    if jobs < asked:
        click.echo(f"note: {jobs} positions at once: this machine has {jobs} CPUs (asked for {asked})", err=True)
    entry = record(game)
    chosen = contested_positions(entry, positions)
    if paired_moves is not None:
        from solver.commands.paired_moves import pairing_lines

        if engine_b or len(chosen) != 1 or cluster or report_dir or as_json or jobs > 1:
            raise click.UsageError("--moves plays one POSITION with one --engine on every seat, here, in words "
                                   "(no --vs, --cluster, --report, --json or --jobs)")
        console = _stderr_console()
        with _progress_bar(console) as progress, stop_after_game() as stop_requested:
            task = progress.add_task(f"{game} moves", total=2 * n_games)
            for line in pairing_lines(entry, chosen[0][1], paired_moves, EngineSpec.parse(engine_a), n_games,
                                      random_plies, seed, on_game=lambda: progress.advance(task),
                                      should_stop=stop_requested.is_set):
                click.echo(line)
        return
    specs = balance_specs(entry, chosen, engine_a, engine_b or engine_a)
    console = _stderr_console()
    results = []
    with cluster_client(cluster) as client, _progress_bar(console) as progress:
        task = progress.add_task("balance", total=n_games * len(chosen))
        with stop_after_game() as stop_requested:
            def on_game(label, played, result):
                progress.update(task, advance=1, description=f"{game} {label}")
                if not console.is_terminal and len(result.records) % BALANCE_NOTE_EVERY == 0:
                    click.echo(f"balance: {label} {len(result.records)}/{n_games} games", err=True)

            def on_position(done):
                if jobs > 1:
                    progress.advance(task, len(done.traces))
                    if not console.is_terminal:
                        click.echo(f"balance: {done.label} {len(done.traces)}/{n_games} games", err=True)

            results = balance_positions(entry, chosen, specs, n_games, random_plies, seed, jobs, on_game=on_game,
                                        on_position=on_position, should_stop=stop_requested.is_set,
                                        play=match_player(client))
    if report_dir is not None:
        from solver.output.balance_report import write_report

        import shlex

        vs = f" --vs {engine_b}" if engine_b else ""
        command = (f"caldera balance {game} {shlex.join(positions)} --engine {engine_a}{vs} --games {n_games} "
                   f"--random-plies {random_plies} --seed {seed} --report {shlex.quote(report_dir)}")
        for path in write_report(results, report_dir, entry.title, command):
            click.echo(f"wrote {path}", err=True)
    if as_json:
        click.echo(json.dumps({"game": game, "positions": [r.as_json() for r in results]}))
    else:
        for number, result in enumerate(results):
            if number:
                click.echo()
            for line in summary_lines(result):
                click.echo(line)


class _no_status:
    """Stands in for a rich status line when stderr is not a terminal."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, text):
        pass


def _progress_bar(console, label: str = "{task.description}"):
    """The progress bar of long commands (match, balance, review, analyze --batch): on stderr, only on a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console, transient=True, disable=not console.is_terminal)


def _stderr_console():
    """A rich console on stderr, so progress never mixes with results on stdout."""
    from solver.output.terminal import terminal

    return terminal(stderr=True)


if __name__ == "__main__":
    main()
