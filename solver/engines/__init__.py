"""The engines: one folder per engine, each its record (<engine>_engine.py), its Python driver
(<engine>_search.py) and its numba search written once for every game (<engine>_core.py);
registry.py lists them (docs/adding-an-engine.md).

Importing `kernels` first points numba's cache at the folder for this source version.
"""

import kernels  # noqa: F401  (sets NUMBA_CACHE_DIR before numba is imported)
