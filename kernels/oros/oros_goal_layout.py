"""The layout of an Oros goal as the kernel's goal bound reads it (a small int64 array).

Shared by solver/games/oros/oros_goals.py, which writes the array, and
kernels/oros/oros_kernel.py (its goal bound), which reads it. It lives in kernels/, so that the numba cache
folder (named after a hash of kernels/ and the jitted searches) changes whenever this layout does.
Imports no numba.
"""

# Clause kinds, as the solver's goal array stores them.
MOUNTAIN_AT, MOUNTAINS_AT_LEAST, LEVEL_AT, LAND_AT_LEAST = 0, 1, 2, 3
# Admissible bound data (solver/engines/planner/planner_core.py, docs/oros_puzzles.md): a tectonic move moves at
# most 3 tiles, each colliding at most once, so at most 3 new mountains per action; nothing else
# makes a mountain and nothing removes one.
NEW_MOUNTAINS_PER_ACTION = 3
# Land grows only by lava (one level per unit, at most 4 units: volcanoes reach level 4) and by
# hotspot refills (one level per hotspot); collisions, drifts and volcano creation never add land.
LAVA_PER_ACTION = 4
GOAL_HEADER = 4  # clause count, cells, lowest mountain-forming level, mountains drift
CLAUSE_WORDS = 3  # kind, cell or N, level or bound data
