"""Files a user names (solver/user_files.py): what is not a regular file is refused, what is read
is capped, and a file that cannot be written says why, each in one line with exit code 2 (issue 29)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

from solver.user_files import MAX_BYTES
from tests.cli.live_caldera import ROOT
from tests.cli_cases import one_line_error

MEMORY = 3 << 30  # bytes of address space a run may take: reading /dev/zero without a cap passes it in seconds


def limited_error(args: list[str], stdin=subprocess.DEVNULL) -> str:
    """The one error line of `caldera ARGS` as a process with MEMORY of address space and a minute:
    reading without end fails the test (MemoryError, a kill or the timeout) instead of taking the machine."""

    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    done = subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, stdin=stdin, capture_output=True,
                          text=True, timeout=60, preexec_fn=cap_memory)
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("caldera: error: "), done.stderr
    return done.stderr.strip()


@pytest.fixture
def pipe(tmp_path):
    """A named pipe nobody writes to: opening it to read waits for ever."""
    path = tmp_path / "pipe.cgf"
    os.mkfifo(path)
    return str(path)


# (the command's words, with PATH where the file goes): every command that reads a file a user names.
READERS = [
    ["review", "PATH"],
    ["show", "meerkats", "--maze", "PATH"],
    ["analyze", "penguins", "--batch", "PATH", "--depth", "1"],
    ["balance", "penguins", "PATH", "--games", "2"],
]


@pytest.mark.parametrize("words", READERS, ids=lambda words: " ".join(words))
def test_a_device_or_a_pipe_is_refused(words, pipe):
    """Before: review and --maze read /dev/zero until killed at 2 GB, --batch too; a named pipe
    hung them (balance took both for position notation)."""
    for path in ("/dev/zero", pipe):
        error = limited_error([word.replace("PATH", path) for word in words])
        assert f"{path}: not a regular file" in error


@pytest.mark.parametrize("words", READERS, ids=lambda words: " ".join(words))
def test_a_file_too_large_to_be_one_is_refused_unread(words, tmp_path):
    """A (sparse) file over the cap: refused by its size. Before: read whole, whatever its size."""
    path = tmp_path / "huge.txt"
    with open(path, "wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    error = one_line_error(*(word.replace("PATH", str(path)) for word in words))
    assert f"{path}: larger than 64 MB" in error


def test_endless_standard_input_is_capped():
    """`--batch -` from /dev/zero. Before: read a line without end until killed."""
    with open("/dev/zero", "rb") as zeros:
        error = limited_error(["analyze", "penguins", "--batch", "-", "--depth", "1"], stdin=zeros)
    assert "--batch -: larger than 64 MB" in error


def test_a_folder_is_refused(tmp_path):
    """Before: 'Is a directory: PATH', without saying which file the command wanted."""
    assert f"game file {tmp_path}: a folder, not a file" in one_line_error("review", str(tmp_path))


@pytest.mark.parametrize("option", ["--png", "--svg"])
@pytest.mark.parametrize("path, reasons", [
    ("/nonexistent/dir/a.png", ("No such file or directory",)),
    ("/dev/full", ("No space left on device",)),
    ("/sys/caldera.png", ("Permission denied", "Read-only file system")),  # read-only, even for root
    ("FOLDER", ("Is a directory",)),
])
def test_a_picture_that_cannot_be_written_says_why(option, path, reasons, tmp_path):
    """Before: `--png PATH: 11` (cairo's status number) for each; --svg said why."""
    if option == "--png":
        pytest.importorskip("cairosvg")  # the pictures extra (installed in CI: no skip there)
    path = path.replace("FOLDER", str(tmp_path))
    error = one_line_error("show", "penguins", option, path)
    assert error.startswith(f"caldera: error: {option} {path}: ") and error.endswith(reasons), error
