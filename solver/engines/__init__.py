"""Numba searches written once for every game: alpha-beta (and the exact solver) and MCTS.

Importing `kernels` first points numba's cache at the folder for this source version.
"""

import kernels  # noqa: F401  (sets NUMBA_CACHE_DIR before numba is imported)
