"""Numba kernels: one folder per game (kernels/<game>/), the operations every search calls
(kernels/dispatch.py), bit helpers and a random number generator. Importing this package imports
no numba; importing a kernel module does.

Before numba loads, NUMBA_CACHE_DIR is pointed at a folder named after a hash of these
sources, of the jitted searches (solver/engines/<engine>/*_core.py, solver/engines/tree_common.py,
solver/commands/perft_core.py) and of the data files the games ship
(kernels/<game>/data/ and solver/games/<game>/data/, which a kernel may compile in as tables),
unless the user set it: numba does not recompile a cached
caller when a callee in another file changes, nor a function when a global it reads changes, so a
fresh folder per source version means an edit never runs stale code.
"""

import hashlib
import importlib
import os
import sys
import tempfile
from pathlib import Path


def _cache_dir() -> Path:
    """Where compiled kernels are cached for this exact version of the kernel sources."""
    digest = hashlib.sha256()
    root = Path(__file__).parent
    data = (path for folder in (root, root.parent / "solver" / "games") for path in folder.glob("*/data/**/*")
            if path.is_file())
    solver = root.parent / "solver"
    searches = [*solver.rglob("*_core.py"), solver / "engines" / "tree_common.py"]  # what numba compiles there
    for source in sorted([*root.rglob("*.py"), *searches, *data]):
        digest.update(source.read_bytes())
    base = os.environ.get("CALDERA_CACHE_DIR") or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "caldera"
    return Path(base) / f"numba-{digest.hexdigest()[:16]}"


def _usable(folder: str) -> str:
    """`folder` once it is known to be a folder Caldera can write to, else CalderaError in one line
    (numba would fail later with "no locator available", or recompile everything elsewhere)."""
    from kernels.errors import CalderaError

    try:
        os.makedirs(folder, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as error:
        raise CalderaError(f"cannot cache compiled kernels in {folder} ({error.strerror or error}); "
                           "set CALDERA_CACHE_DIR to a folder you can write to") from None
    return folder


class _RefuseNumba:
    """An import hook that refuses numba with `error`, the one line on an unusable cache folder:
    it is raised where a command first needs numba, inside the CLI's error handling, while importing
    this package (for kernels/errors.py, say) still works."""

    def __init__(self, error: Exception):
        self.error = error

    def find_spec(self, name, path=None, target=None):
        """Refuse numba and its parts; leave every other import to the next finder."""
        if name.partition(".")[0] == "numba":
            raise self.error
        return None


def _point_numba_at_the_cache() -> None:
    """Set NUMBA_CACHE_DIR to a usable folder, or refuse numba's import with the reason why not."""
    from kernels.errors import CalderaError

    try:
        os.environ["NUMBA_CACHE_DIR"] = _usable(os.environ.get("NUMBA_CACHE_DIR") or str(_cache_dir()))
    except CalderaError as error:
        sys.meta_path.insert(0, _RefuseNumba(error))


_point_numba_at_the_cache()


def kernel_module(name: str):
    """The kernel module called `name` ("penguins.penguins_plain" -> kernels/penguins/penguins_plain.py);
    importing it imports numba. The one place a kernel's name becomes its module: everything else
    holds a Kernel."""
    return importlib.import_module(f"kernels.{name}")


class Kernel(str):
    """One game's kernel, as the game's record resolves it for a position and hands it down to the
    engines and commands: it is the kernel module's name (which the jitted searches take as a
    compile-time constant, kernels/dispatch.py), and `module` is the module whose functions the
    Python side calls. `parts`: the searches choose its moves part by part (its part_moves), as
    the game's record declares (solver/games/game_record.py `part_kernels`)."""

    parts: bool

    def __new__(cls, name: str, parts: bool = False):
        kernel = super().__new__(cls, name)
        kernel.parts = parts
        return kernel

    @property
    def module(self):
        """The kernel module (imports numba, and loads or compiles the kernel, on first use)."""
        return kernel_module(self)
