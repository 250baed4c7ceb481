"""`caldera` run in-process the way the command-line tests run it, and the one-line error that
every bad input must give."""

from __future__ import annotations

from click.testing import CliRunner

from cli import main


def run(*args):
    """Invoke `caldera ARGS`, returning (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def one_line_error(*args) -> str:
    """The error line of `caldera ARGS`, which must exit with code 2, print nothing on stdout and
    write one line, starting `caldera: error:`, on stderr."""
    code, out, err = run(*args)
    assert code == 2, (code, out, err)
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("caldera: error: "), err
    return err.strip()


def match_position(record) -> str:
    """The first built-in position of a game (its default first) where two or more players play
    each other: where `caldera match` plays."""
    names = [record.default_position, *record.builtin_positions()]
    return next(name for name in names if not record.is_single_agent(state := record.resolve_position(name))
                and record.player_count(state) >= 2)
