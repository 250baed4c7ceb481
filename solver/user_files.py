"""Files a user names, read and written the same way by every command: game files, mazes,
position and batch files, skill and deck files, pictures and reports.

A file that cannot be read or written is one CalderaError, `WHAT PATH: why`. Only regular files
are read (a device such as /dev/zero, a folder or a pipe would never end, or hang), and at most
MAX_BYTES of them; '-' reads standard input, capped the same way.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from solver.errors import CalderaError, shown

MAX_BYTES = 64 << 20  # far beyond any game, maze or batch a person writes
PATH_ROOM = 200  # characters of a path an error quotes (a path can be any text a user typed)
BYTE_ORDER_MARK = "\ufeff"  # some editors start UTF-8 files with it


def read_text(path: str | Path, what: str, missing: str = "") -> str:
    """The UTF-8 text (a byte-order mark at its start dropped) of the file at `path`, or of
    standard input for '-'; CalderaError naming `what` and the path otherwise (`missing`: words
    added when there is no such file, e.g. the built-in names to give instead)."""
    where = f"{what} {shown(str(path), PATH_ROOM)}"
    if str(path) == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        try:
            kind = os.stat(path).st_mode
        except FileNotFoundError:
            raise CalderaError(f"{where}: no such file{f' ({missing})' if missing else ''}") from None
        except OSError as error:
            raise CalderaError(f"{where}: {error.strerror or error}") from None
        if stat.S_ISDIR(kind):
            raise CalderaError(f"{where}: a folder, not a file")
        if not stat.S_ISREG(kind):
            raise CalderaError(f"{where}: not a regular file (a device, pipe or socket): give a file")
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as error:
            raise CalderaError(f"{where}: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise CalderaError(f"{where}: larger than {MAX_BYTES >> 20} MB, the most Caldera reads")
    try:
        return data.decode("utf-8").removeprefix(BYTE_ORDER_MARK)
    except UnicodeDecodeError:
        raise CalderaError(f"{where}: not UTF-8 text") from None


def write_file(path: str | Path, data: str | bytes, what: str, make_folder: bool = False) -> Path:
    """Write `data` (text as UTF-8) to the file at `path`, first creating its folder when
    `make_folder`; the path. CalderaError naming `what`, the path and why when it cannot be
    written (no such folder, a folder by that name, no permission, a full disk)."""
    path = Path(path)
    try:
        if make_folder:
            path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
    except OSError as error:
        raise CalderaError(f"{what} {shown(str(path), PATH_ROOM)}: {error.strerror or error}") from None
    return path
