"""Loaded by pytest before any test module."""

# kernels points numba's cache at Caldera's folder (kernels/__init__.py), which holds only if it
# is imported before numba: a test module that imports numba first, run alone, would otherwise
# compile every kernel again into the source tree's __pycache__ folders.
import kernels  # noqa: F401
