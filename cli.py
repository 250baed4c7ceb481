"""The `caldera` command line: thin click commands over the engine in solver/ and kernels/.

Only click is imported at start-up, so `caldera --help` is fast; each command imports the
engine (and with it numba) when it runs.
"""

from __future__ import annotations

import sys

import click

GAMES = ("penguins",)
MAX_PERFT_DEPTH = 30


class CalderaGroup(click.Group):
    """The command group; user errors become one line on stderr and exit code 2."""

    def main(self, args=None, prog_name=None, **extra):
        """Run a command, turning user errors into `caldera: error: ...` and exit 2."""
        from solver.errors import CalderaError

        try:
            code = super().main(args=args, prog_name=prog_name, standalone_mode=False, **extra)
        except click.UsageError as error:
            click.echo(f"caldera: error: {error.format_message()}", err=True)
            sys.exit(2)
        except CalderaError as error:
            click.echo(f"caldera: error: {error}", err=True)
            sys.exit(2)
        except (click.Abort, KeyboardInterrupt):
            click.echo("caldera: interrupted", err=True)
            sys.exit(130)
        sys.exit(code or 0)


game_argument = click.argument("game", type=click.Choice(GAMES), metavar="GAME")
position_argument = click.argument("position", required=False)


@click.group(cls=CalderaGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="caldera")
def main():
    """Caldera: analysis engine for penguins and other modern board games.

    \b
    Examples:
      caldera show penguins                 draw the built-in start position
      caldera moves penguins floes          list the legal moves of a built-in position
      caldera perft penguins 4 --threads 2  count move sequences 4 plies deep
      caldera positions penguins            list the built-in positions
    """


def load_position(position: str | None, after: str = ""):
    """Parse a position (built-in name or notation) and play the moves in `after` on it.

    Returns the position reached and the spaces the last of those moves touched.
    """
    from solver.errors import CalderaError
    from solver.games.penguins import successor, touched_spaces
    from solver.games.penguins_notation import parse_move, resolve_position

    state, touched = resolve_position(position), ()
    for number, text in enumerate(after.split(), start=1):
        try:
            move = parse_move(state, text)
        except CalderaError as error:
            raise CalderaError(f"--after, move {number} ({text}): {error}") from None
        state, touched = successor(state, move), touched_spaces(state, move)
    return state, touched


after_option = click.option(
    "--after", default="", metavar="MOVES", help='Moves to play first, in move notation, e.g. "+c4 +d5 ^d5".'
)


@main.command()
@game_argument
@position_argument
@after_option
def show(game, position, after):
    """Draw a position: the board with wrapping edges, a legend and the state of play.

    With --after, the spaces of the last move played are highlighted.

    \b
    POSITION is a built-in name (see `caldera positions`) or notation text in quotes.
    Examples:
      caldera show penguins
      caldera show penguins floes --after "+c4 +d5"
      caldera show penguins "6x6 6/6/2I3/3I2/6/6 - A setup 16/16 3+1/3+1 0"
    """
    from rich.console import Console

    from solver.games.penguins_board import render
    from solver.games.penguins_notation import format_position

    state, last_move = load_position(position, after)
    console = Console()
    console.print(render(state, highlight=last_move))
    console.print(format_position(state), markup=False, highlight=False)


@main.command()
@game_argument
@position_argument
@after_option
def moves(game, position, after):
    """List the legal moves of the side to move, grouped by action.

    \b
    Slides show where the penguin stops, the eggs laid and the rival eggs captured.
    Examples:
      caldera moves penguins
      caldera moves penguins floes --after "+a1 +b2"
    """
    from solver.games.penguins_explain import describe_moves

    state, _ = load_position(position, after)
    for line in describe_moves(state):
        click.echo(line)


@main.command()
@game_argument
@click.argument("position_and_depth", nargs=-1, required=True, metavar="[POSITION] DEPTH")
@click.option("--divide", is_flag=True, help="Also print the count below each root move.")
@click.option("--threads", default=1, show_default=True, type=click.IntRange(1, 64), help="Threads sharing the root moves.")
@click.option("--reference", is_flag=True, help="Count with the slow, readable reference rules instead of the kernel.")
@after_option
def perft(game, position_and_depth, divide, threads, reference, after):
    """Count the move sequences of exactly DEPTH plies from a position (ruling P-8a).

    \b
    Examples:
      caldera perft penguins 4
      caldera perft penguins floes 4 --threads 2 --divide
      caldera perft penguins pond 3 --reference    (the oracle; thousands of times slower)
    """
    from rich.progress import Progress

    from solver.games.penguins_kernel import to_kernel
    from solver.games.penguins_notation import format_move
    from solver.perft import perft as run_perft
    from solver.perft import reference_perft
    from solver.warmup import warm_up

    if len(position_and_depth) > 2:
        raise click.UsageError("perft takes [POSITION] DEPTH; put notation text in quotes")
    *position, depth_text = position_and_depth
    if not depth_text.isdigit() or int(depth_text) > MAX_PERFT_DEPTH:
        raise click.UsageError(f"DEPTH must be a whole number 0..{MAX_PERFT_DEPTH}, not '{depth_text}'")
    depth = int(depth_text)
    state, _ = load_position(position[0] if position else None, after)
    if reference and threads > 1:
        raise click.UsageError("--reference runs on one thread; drop --threads")
    if not reference:
        warm_up()
    console = _stderr_console()
    with Progress(transient=True, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"perft {depth}: root moves", total=None)
        advance = lambda done, total: progress.update(task, completed=done, total=total)  # noqa: E731
        if reference:
            result = reference_perft(state, depth, on_root_move=advance)
        else:
            result = run_perft(to_kernel(state), depth, threads, on_root_move=advance)
    if divide:
        for move, count in result.divide:
            click.echo(f"{format_move(state, move):8} {count}")
        click.echo("")
    click.echo(f"depth    {depth}")
    click.echo(f"nodes    {result.nodes}")
    click.echo(f"time     {result.seconds:.3f} s")
    engine = "reference rules" if reference else f"kernel, {threads} thread{'s' if threads > 1 else ''}"
    click.echo(f"speed    {result.nodes_per_second:,.0f} nodes/s ({engine})")


@main.command()
@game_argument
def positions(game):
    """List the built-in positions with their notation.

    \b
    Example:
      caldera positions penguins
    """
    from solver.games.penguins_notation import BUILTIN_POSITIONS

    for name, text in BUILTIN_POSITIONS.items():
        click.echo(f"{name:8} {text}")


@main.command()
def warmup():
    """Compile (or load from cache) every kernel now, so later commands start fast."""
    from solver.warmup import warm_up

    seconds = warm_up()
    click.echo(f"kernels ready in {seconds:.1f} s")


def _stderr_console():
    """A rich console on stderr, so progress never mixes with results on stdout."""
    from rich.console import Console

    return Console(stderr=True)


if __name__ == "__main__":
    main()
