"""Numba kernels: one module per game plus shared bit helpers. Importing this package imports numba.

Before numba loads, NUMBA_CACHE_DIR is pointed at a folder named after a hash of these
sources and of the jitted searches in solver/search/ (unless the user set it): numba does not recompile a cached caller when a callee in
another file changes, so a fresh folder per source version means an edit never runs stale code.
"""

import hashlib
import os
from pathlib import Path


def _cache_dir() -> Path:
    """Where compiled kernels are cached for this exact version of the kernel sources."""
    digest = hashlib.sha256()
    root = Path(__file__).parent
    for source in sorted([*root.rglob("*.py"), *(root.parent / "solver" / "search").rglob("*.py")]):
        digest.update(source.read_bytes())
    base = os.environ.get("CALDERA_CACHE_DIR") or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "caldera"
    return Path(base) / f"numba-{digest.hexdigest()[:16]}"


os.environ.setdefault("NUMBA_CACHE_DIR", str(_cache_dir()))
