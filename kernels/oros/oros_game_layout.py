"""The full Oros game kernel's state and move layout (rulings O-8..O-14), defined once: the kernel
(kernels/oros/oros_game_kernel.py) and the binding (solver/games/oros/oros_game_binding.py) both
read it. Imports no numba. The designed data (kernels/oros/data/*.toml, kernels/oros/oros_game_data.py) is folded here into
small tables the kernel compiles in.

State (one uint64 per word):

    0 .. MAP_LEN - 1    the tectonics map, exactly kernels/oros/oros_layout.py's words, so that the
                        tectonics kernel's functions play on it; its ability words hold the
                        abilities of the seat to move (kept so by every apply), ACTIONS stays 0
    SEATS_IN_PLAY       3 or 4 (fewer than 3 players are filled to 3 by AI opponents, O-8)
    PLAYERS             the human players: seats 0 .. PLAYERS - 1; the rest are AIs
    PERSONALITY         the AI deck in play (an index of PERSONALITIES)
    FIRST, CURRENT, ROUND, ACTIONS_LEFT, ERUPTIONS_LEFT, STEPS_LEFT, OVER   as the reference State
    FIRED               pyramid spaces whose red volcanoes have been added (bit per space)
    per seat s (SEAT_WORDS + SEAT_STRIDE * s + ...):
      HELD              the action slots holding its follower (bit per slot, SLOTS order)
      IN_SANCTUM, AT_HOME (an AI's followers at home; a player's waiting for PUT), RECRUITS,
      PYRAMID, WISDOM
      DRAW              the AI's draw pile (bit per card; 0 empty), TOP its discard's top card + 1
      HATS + column     the unlocked level 1..6 of each of COLUMNS
    ON_TILE + 64 * s + cell   how many of seat s's followers stand on the tile at `cell`
    SANCTUARY + cell    per kind k (KINDS order) a byte at bit 8 * k: low nibble builder + 1 (0 not
                        built), high nibble the studying follower's seat + 1 (0 a free seat)

Places of followers in moves (9 bits): a tile cell * 4, the seat of kind k on the mountain at cell
cell * 4 + 1 + k, the sanctum SANCTUM_PLACE.

Moves (int64): kind in bits 0-3, a slot in bits 4-6, another slot in bits 7-9, a detail from bit 12.
    ACT          the follower on slot `source` (bits 7-9) fills slot `target` (bits 4-6); detail:
                 drift, tectonic, volcano: the tectonics move integer (oros_rules.py);
                 study: enrol 0 | follower slot << 1 | school place << 4, graduate 1 | sanctum
                 followers << 1 | (seat place + 1) << 3, << 12, << 21 (seat places ascending);
                 travel: a walk, origin place | destination place << 9; sanctuary: the cell
    IDLE         the follower on slot `source` (bits 7-9) fills slot `target` (bits 4-6) and does
                 nothing there (the action still counts)
    PUT          a player's follower waiting at home goes to the empty slot in bits 4-6
    RAISE        the column in bits 4-6
    END_TURN, STOP
    FORCED_ISLAND  source slot bits 7-9, the cell as detail;  FORCED_STUDY  source slot bits 7-9
    ERUPT_MORE   the eruption's tectonics move integer as detail
    WALK_MORE    a walk as detail
    CARD         an AI's drawn card index as detail (chance)
"""

import numpy as np

from kernels.oros import oros_layout as map_layout
from kernels.oros.oros_game_data import (
    COLUMNS,
    HORIZON_COLUMNS as HORIZON_NAMES,
    ICONS,
    KINDS,
    KNOWLEDGE_COLUMNS,
    LEVELS,
    MAP_ACTIONS,
    PERSONALITIES,
    SLOTS,
    design,
)

MAP_LEN = map_layout.STATE_LEN
MAX_SEATS = 4
SEATS = MAX_SEATS
HAS_CHANCE = True  # the AI's card draws (O-14)
CELLS = 64  # per-cell words are indexed by the tectonics layout's cell bit

SEATS_IN_PLAY = MAP_LEN
PLAYERS = MAP_LEN + 1
PERSONALITY = MAP_LEN + 2
FIRST = MAP_LEN + 3
CURRENT = MAP_LEN + 4
ROUND = MAP_LEN + 5
ACTIONS_LEFT = MAP_LEN + 6
ERUPTIONS_LEFT = MAP_LEN + 7
STEPS_LEFT = MAP_LEN + 8
OVER = MAP_LEN + 9
FIRED = MAP_LEN + 10
SEAT_WORDS = MAP_LEN + 11
# Offsets inside a seat's words.
HELD, IN_SANCTUM, AT_HOME, RECRUITS, PYRAMID, WISDOM, DRAW, TOP, HATS = range(9)
SEAT_STRIDE = HATS + len(COLUMNS)
ON_TILE = SEAT_WORDS + SEAT_STRIDE * MAX_SEATS
SANCTUARY = ON_TILE + CELLS * MAX_SEATS
STATE_LEN = SANCTUARY + CELLS

# Indices in the reference's tuples.
DRIFT_SLOT, TECTONIC_SLOT, VOLCANO_SLOT, STUDY_SLOT, TRAVEL_SLOT, SANCTUARY_SLOT = range(len(SLOTS))
ALL_SLOTS = (1 << len(SLOTS)) - 1
MAP_SLOTS = (1 << DRIFT_SLOT) | (1 << TECTONIC_SLOT) | (1 << VOLCANO_SLOT)
N_COLUMNS = len(COLUMNS)
KIND_COLUMN = COLUMNS.index(KINDS[0])  # the hats of the three kinds follow in KINDS order
N_KINDS = len(KINDS)
BUILD, STUDY, GRADUATE = (ICONS.index(icon) for icon in ("build", "study", "graduate"))
MAKE_MOUNTAIN, REMOVE_TILE, REMOVE_FOLLOWERS, NO_MAP_ACTION = (
    MAP_ACTIONS.index(a) for a in ("mountain", "remove_tile", "remove_followers", "none"))
# The order in which the reference's sorted places list an owner's seats on one mountain: by the
# kind's name (shrine, stones, temple), which the AI's graduation follows.
SEAT_NAME_ORDER = np.array(sorted(range(N_KINDS), key=lambda k: KINDS[k]), dtype=np.int64)

# Places and moves.
SANCTUM_PLACE = CELLS * 4
PLACE_BITS = 9
ACT, RAISE, END_TURN, STOP, FORCED_ISLAND, FORCED_STUDY, ERUPT_MORE, WALK_MORE, CARD, IDLE, PUT = range(11)
KIND_MASK = 15
TARGET_SHIFT, SOURCE_SHIFT, DETAIL_SHIFT = 4, 7, 12
GRADUATE_SHIFTS = (3, 12, 21)
# A map slot lists its tectonics moves once per source slot: 5 sources x the tectonics kernel's room
# (a few hundred map moves in real positions, so the other plies, the at most 9 placements that do
# nothing among them, fit beside them; legal_moves never writes past it).
MAX_MOVES = 5 * map_layout.MAX_MOVES


DESIGN = design()


def _tables(d):
    """The designed numbers of `d` (oros_game_data.design()) as small int64 arrays and integers."""
    col = d.columns
    per_level = {name: np.array(values, dtype=np.int64) for name, values in (
        ("drift_distance", col["drift"]["distance"]), ("tectonic_groups", col["tectonic"]["group_ability"]),
        ("eruptions", col["volcano"]["eruptions"]), ("map_followers", col["study"]["map_followers"]),
        ("graduates", col["study"]["graduates"]), ("travel_steps", col["travel"]["steps"]),
        ("knowledge_each", col["sanctuary"]["knowledge_each"]))}
    column_knowledge = np.zeros((N_COLUMNS, LEVELS), dtype=np.int64)
    demigod_step_from = np.full(N_COLUMNS, 99, dtype=np.int64)  # 99: no level moves the demigod
    for name in KNOWLEDGE_COLUMNS:
        column_knowledge[COLUMNS.index(name)] = col[name]["knowledge"]
        demigod_step_from[COLUMNS.index(name)] = col[name]["demigod_step_from"]
    horizon_values = np.zeros(N_COLUMNS, dtype=np.int64)
    for name, value in d.horizon_values.items():
        horizon_values[COLUMNS.index(name)] = value
    zones = np.array([d.zones[z] for z in "ABCD"], dtype=np.int64)
    cards = max(len(deck) for deck in d.decks.values())
    develop = np.full((len(PERSONALITIES), cards, 3), -1, dtype=np.int64)
    zone = np.zeros((len(PERSONALITIES), cards), dtype=np.int64)
    map_action = np.zeros((len(PERSONALITIES), cards), dtype=np.int64)
    demigod = np.zeros((len(PERSONALITIES), cards), dtype=np.int64)
    back = np.zeros((len(PERSONALITIES), cards, 3), dtype=np.int64)
    deck_size = np.zeros(len(PERSONALITIES), dtype=np.int64)
    for p, name in enumerate(PERSONALITIES):
        deck_size[p] = len(d.decks[name])
        for c, card in enumerate(d.decks[name]):
            develop[p, c, :len(card.develop)] = [ICONS.index(icon) for icon in card.develop]
            zone[p, c] = "ABCD".index(card.zone)
            map_action[p, c] = MAP_ACTIONS.index(card.map)
            demigod[p, c] = card.demigod
            back[p, c] = [COLUMNS.index(column) for column in card.back]
    red = sum(1 << space for space in d.red)
    return (per_level, column_knowledge, demigod_step_from, horizon_values, zones, develop, zone, map_action,
            demigod, back, deck_size, red)


(PER_LEVEL, COLUMN_KNOWLEDGE, DEMIGOD_STEP_FROM, HORIZON_VALUES, ZONES, CARD_DEVELOP, CARD_ZONE, CARD_MAP,
 CARD_DEMIGOD, CARD_BACK, DECK_SIZE, RED_SPACES) = _tables(DESIGN)
DRIFT_DISTANCE, TECTONIC_GROUPS = PER_LEVEL["drift_distance"], PER_LEVEL["tectonic_groups"]
ERUPTIONS = PER_LEVEL["eruptions"]
MAP_FOLLOWERS, GRADUATES, TRAVEL_STEPS = PER_LEVEL["map_followers"], PER_LEVEL["graduates"], PER_LEVEL["travel_steps"]
KNOWLEDGE_EACH = PER_LEVEL["knowledge_each"]
MOUNTAINS_FROM = DESIGN.columns["drift"]["mountains_from"]
MOUNTAIN3_FROM = DESIGN.columns["tectonic"]["mountain3_from"]
NO_FILL_FROM = DESIGN.columns["volcano"]["no_fill_from"]
SEA_FROM = DESIGN.columns["travel"]["sea_from"]
SHARE_FROM = DESIGN.columns["travel"]["share_from"]
EXTRA_WISDOM_FROM = DESIGN.columns["sanctuary"]["extra_wisdom_from"]
HORIZON_LEVEL = DESIGN.horizon_level
HORIZON_COLUMNS = len(HORIZON_NAMES)  # the first columns of COLUMNS have a horizon
SANCTUM_SEATS = DESIGN.sanctum_seats
PER_KIND = DESIGN.per_kind
BUILD_WISDOM = np.array(DESIGN.build_wisdom, dtype=np.int64)
TOP_SPACE = DESIGN.top
RED_VOLCANO_LEVELS = DESIGN.red_volcano_levels
BUILD_STEPS = DESIGN.build_steps
ACTIONS_PER_TURN = DESIGN.actions_per_turn
MAX_ROUNDS = DESIGN.max_rounds
# The kernel module of the game's scripted player (the heuristic engine): it reads this kernel, so
# the kernel names it rather than importing it.
SCRIPTED_PLAYER = "oros.oros_heuristic"
