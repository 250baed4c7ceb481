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
