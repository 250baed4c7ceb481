"""Hand-derived scenario tests of the Oros tectonics reference rules (rulings O-1..O-6 and the
engine choices of docs/rules/oros.md).

Every expected value below was worked out by hand from docs/rules/oros.md, not read off the
code. Positions are written in the Oros notation (docs/notation.md, "Oros"):

    SIZE ROWS [options]        e.g.   5x3 3v42.../...../.....

ROWS: row 1 (top) first, '/' between rows, each row its cells from column a: '.' sea, 1-4 a land
tile, M a mountain, then '*' for a hotspot, then the volcanoes (`4v3v2`: a level-4 tile with
volcanoes 3 and 2). Actions: `2E1` drift row 2 one cell east, `aN2` column a two cells north,
`b1c1b2>N` move that group one cell north, `a1v4:E3` erupt the level-4 volcano on a1 sending 3
lava east (`:-` when none is left after the fill), `+b1` create volcano levels on b1.
"""

from __future__ import annotations

import random
from math import comb

import pytest

from solver.games.oros.oros_rules import (
    CREATE,
    DRIFT_COL,
    DRIFT_ROW,
    E,
    ERUPT,
    TECTONIC,
    Abilities,
    IllegalMove,
    apply,
    encode_create,
    encode_drift,
    encode_erupt,
    encode_tectonic,
    groups,
    illegal_reason,
    legal_moves,
    move_kind,
    new_map,
    perft,
    random_state,
)
from solver.games.oros.oros_notation import format_move, format_position, parse_move, parse_position


def play(position: str, *tokens: str):
    """The state after playing the action tokens from the position text."""
    state = parse_position(position)
    for token in tokens:
        state = apply(state, parse_move(state, token))
    return state


def rows_after(position: str, *tokens: str) -> str:
    """The rows field of the position after the actions."""
    return format_position(play(position, *tokens)).split()[1]


def reason(position: str, token: str) -> str:
    """The IllegalMove message for the token in the position."""
    state = parse_position(position)
    with pytest.raises(IllegalMove) as info:
        parse_move(state, token)
    return str(info.value)


def kinds(position: str) -> dict[int, list[str]]:
    """The legal actions by kind, as tokens."""
    state = parse_position(position)
    out: dict[int, list[str]] = {}
    for move in legal_moves(state):
        out.setdefault(move_kind(move), []).append(format_move(state, move))
    return out


# --------------------------------------------------------------------------- move integers


def test_move_integers_follow_the_contract_layout():
    """Bits worked out by hand from the contract: kind in bits 6-8, fields as listed."""
    assert encode_drift(DRIFT_COL, 3, 2, 1) == 3 + (1 << 6) + (2 << 9) + (1 << 12) == 5187
    assert encode_drift(DRIFT_ROW, 0, 1, 0) == 512
    # cells 16, 17, 18 moving east: c0 = 16, c1 + 1 = 18, c2 + 1 = 19, direction 2
    assert encode_tectonic((17, 16, 18), E) == 16 + (2 << 6) + (18 << 9) + (19 << 16) + (2 << 23) == 18031760
    assert encode_tectonic((5,), 7) == 5 + (2 << 6) + (7 << 23)
    assert encode_erupt(10, 3, (2, 1, 0, 0)) == 10 + (3 << 6) + (3 << 9) + (2 << 12) + (1 << 15) == 42698
    assert encode_create(5) == 261
    assert [move_kind(m) for m in (5187, 512, 18031760, 42698, 261)] == [DRIFT_COL, DRIFT_ROW, TECTONIC, ERUPT, CREATE]


# --------------------------------------------------------------------------- one action and the map after it


# (position, token, rows): the rows field after the action, worked out by hand; each group of cases
# under what it checks (the ruling or the seed example).
ROWS_AFTER = [
    # O-4 tectonic moves, O-2 collisions ------------------------------------------------------
    # Seed, 版塊運動 example 1: three tiles move left; the front level-1 tile meets the level-3 tile and
    # they make a level 4; the island and the level-2 tile simply move one cell.
    # b1 = 3 (圖4), c1 = 1 (圖3), d1 = 1 (圖2, island), e1 = 2 (圖1)
    ("6x3 .3112./....../......", "c1d1e1>W", ".412../....../......"),
    # Seed example 2: moving up, the two top tiles come back from the bottom row (O-1 wrap) and the
    # level-3 tile takes the island's old cell. b1 island, c1 level 1, b2 level 3 (an L of three).
    ("4x3 .11./.3../....", "b1c1b2>N", ".3../..../.11."),
    # Seed example 3 (tectonic 2): moving down, the front tile lands on the level-3 tile, the one behind
    # only follows into the vacated cell (a grid move is a translation, so one tile per cell;
    # docs/rules/oros.md). A level-2 front tile gives the seed's sum 5: level 4 plus a level-1 volcano;
    # a level-1 front tile gives a plain level 4.
    ("3x3 .1./.2./.3. tectonic=2", "b1b2>S", ".../.1./.4v1."),
    ("3x3 .1./.1./.3. tectonic=2", "b1b2>S", ".../.1./.4."),
    # Seed example 4 (tectonic 3): a level-4 tile moves diagonally, onto sea or onto land.
    ("4x4 ..../.4../2.../.... tectonic=3", "b2>SE", "..../..../2.4./...."),  # a3 keeps its 2
    ("4x4 ..../.4../2.../.... tectonic=3", "b2>SW", "..../..../4v2.../...."),  # 4 + 2 = 6: level 4, volcano 2
    # O-1: north-west of the top-left corner is the bottom-right corner.
    ("4x4 4.../..../..../.... tectonic=3", "a1>NW", "..../..../..../...4"),
    # O-2 seed sums: 1 + 2 = 3, 2 + 3 = 4 and volcano 1, sum 6 = 4 and volcano 2.
    ("4x3 12../..../.... tectonic=3", "a1>E", ".3../..../...."),
    ("4x3 23../..../.... tectonic=3", "a1>E", ".4v1../..../...."),
    ("4x3 24../..../.... tectonic=3", "a1>E", ".4v2../..../...."),
    # O-2 seed example: sum 7 and a volcano 3: the volcano is filled to 4 (1 lava), then a new volcano
    # of 2: level 4 with volcanoes 4 and 2.
    ("4x3 .3v34./..../.... tectonic=3", "b1>E", "..4v4v2./..../...."),
    # O-2: 4 + 3 = 7, lava 3 over volcanoes 4, 2, 1 from both tiles: the 2 becomes 4 (2 lava), then the
    # 1 becomes 2 (1 lava): the highest volcano below 4 is filled first.
    ("4x3 .4v13v4v2./..../.... tectonic=3", "b1>E", "..4v4v4v2./..../...."),
    # O-2: volcanoes travel with their tile and stay on the merged tile.
    ("4x3 2v3.../..../.... tectonic=3", "a1>S", "..../2v3.../...."),
    ("4x3 1v21v1../..../.... tectonic=3", "a1>E", ".2v2v1../..../...."),
    # a group of three carrying volcanoes into a row of tiles
    ("3x3 1v21v31/1v1../... tectonic=1", "a1b1c1>S", ".../2v2v11v31/..."),
    # O-2: 4 + 4 is a mountain when neither tile carries a volcano.
    ("4x3 44../..../.... tectonic=3", "a1>E", ".M../..../...."),
    # O-2 as amended (2026-12-01): with a volcano on either, 4 + 4 is a level 4 and 4 lava, which
    # fills the volcanoes 2 and 1 to 4 (2 lava) and 3 (2 lava). One volcano is enough: 4 + 4v1 is a
    # 4 whose volcano takes 3 lava to 4, and the last unit makes a new volcano 1.
    ("4x3 4v24v1../..../.... tectonic=3", "a1>E", ".4v4v3../..../...."),
    ("4x3 44v1../..../.... tectonic=3", "a1>E", ".4v4v1../..../...."),
    # O-2 with the mountain3 ability: 3 + 4 and 3 + 3 make mountains; without it they overflow.
    ("4x3 34../..../.... tectonic=3", "a1>E", ".4v3../..../...."),
    ("4x3 34../..../.... tectonic=3 mountain3=1", "a1>E", ".M../..../...."),
    ("4x3 33../..../.... tectonic=3", "a1>E", ".4v2../..../...."),
    ("4x3 33../..../.... tectonic=3 mountain3=1", "a1>E", ".M../..../...."),
    ("4x3 24../..../.... tectonic=3 mountain3=1", "a1>E", ".4v2../..../...."),
    # O-2 as amended, with mountain3: a volcano on either tile still forbids the mountain: 3v1 + 4 is
    # 7, a level 4 and 3 lava, all of it filling the volcano 1 to 4.
    ("4x3 3v14../..../.... tectonic=3 mountain3=1", "a1>E", ".4v4../..../...."),
    # O-2: the mountain stays and gains a volcano of the tile's level, keeping both tiles' volcanoes.
    ("4x3 2v1Mv3../..../.... tectonic=3", "a1>E", ".Mv3v2v1../..../...."),
    ("4x3 4M../..../.... tectonic=3", "a1>E", ".Mv4../..../...."),
    # O-3 drift -------------------------------------------------------------------------------
    # O-3: the whole row rotates, sea cells and volcanoes with it, wrapping at the edge.
    ("5x3 1v2.3../...../..... drift=2", "1E1", ".1v2.3./...../....."),
    ("5x3 1v2.3../...../..... drift=2", "1W1", ".3..1v2/...../....."),
    ("5x3 1v2.3../...../..... drift=2", "1E2", "..1v2.3/...../....."),
    ("5x3 1v2.3../...../..... drift=2", "1W2", "3..1v2./...../....."),
    # O-3: columns drift south (towards higher rows) and north, wrapping.
    ("3x3 2../.../1..", "aS1", "1../2../..."),
    ("3x3 2../.../1..", "aN1", ".../1../2.."),
    # O-3: a full row shifts without collisions.
    ("3x3 123/.../...", "1E1", "312/.../..."),
    # O-5 eruptions ---------------------------------------------------------------------------
    # Seed, 火山爆發 規則一: a volcano 4 on a level-3 tile sends its lava right: 1 raises its own tile to 4,
    # 2 raise the level-2 tile to 4, the last makes a level-1 tile on the sea.
    ("5x3 3v42.../...../.....", "a1v4:E3", "441../...../....."),
    # O-5: each unit sent N, E, S, W lands on the first cell in that line; diagonals are untouched.
    ("5x5 ...../...../..4v4../...../.....", "c3v4:N1E1S1W1", "...../..1../.141./..1../....."),
    ("5x5 ...../...../..4v4../...../.....", "c3v4:N2E2", "...../..2../..42./...../....."),
    # O-5: a level-4 tile takes nothing and the lava goes on, across the edge (O-1).
    ("5x3 ..4v244/...../.....", "c1v2:E2", "2.444/...../....."),
    ("5x3 2.4v44./...../.....", "c1v4:E3W1", "21443/...../....."),
    # Contract: a sea cell takes min(lava, 4) like any cell (first unit: a level-1 tile).
    ("4x3 4v4.../..../....", "a1v4:E4", "44../..../...."),
    ("4x3 4v4.../..../....", "a1v4:E3S1", "43../1.../...."),
    # O-5 (contract): lava that comes round the whole line to its volcano is lost.
    ("3x3 4v444/.../...", "a1v4:E4", "444/.../..."),
    # O-5 規則三: the mountain stops the stream; the cells past it are untouched, the rest is lost.
    ("5x3 4v42M1./...../.....", "a1v4:E4", "44M1./...../....."),
    # lava sent straight into an adjacent mountain is a legal action that loses it all
    ("3x3 .M./.4v1./...", "b2v1:N1", ".M./.4./..."),
    # O-5: a volcano on a mountain erupts; the mountain is not raised, all its lava flows.
    ("5x3 Mv2..../...../.....", "a1v2:E2", "M2.../...../....."),
    # O-5: the own tile and the tiles reached stop at level 4 (lava never makes a mountain).
    ("4x3 3v44../..../....", "a1v4:E3", "443./..../...."),
    # O-6 hotspots ----------------------------------------------------------------------------
    # O-6: the group leaves the hotspot c1 sea, which then gets a new level-1 tile.
    ("4x3 111*./..../....", "a1b1c1>S", "..1*./111./...."),
    # O-6: the new tile is a bare level 1; the volcano left with its tile.
    ("3x3 1*v2../1../1..", "a1a2a3>E", "1*1v2./.1./.1."),
    # O-6: a sea hotspot gets its tile after whatever action; a hotspot with land is unchanged.
    ("3x3 .*1./.../...", "1E1", "1*.1/.../..."),
    ("3x3 .*1./.../...", "+b1", "1*1v3./.../..."),
    ("3x3 2*.1/.../...", "+c1", "2*.1v3/.../..."),
]


@pytest.mark.parametrize(("position", "token", "rows"), ROWS_AFTER)
def test_rows_after_one_action(position, token, rows):
    """O-1..O-6 and the seed examples: the map after one action is the one worked out by hand (what
    each case shows: the comment over its group)."""
    assert rows_after(position, token) == rows


# --------------------------------------------------------------------------- O-4 tectonic moves, O-2 collisions


def test_tectonic_groups_by_ability():
    """O-4: a line of three tiles gives 1 group of 3 (4 moves), then 2 groups of 2 (8 more), then 3
    single tiles in 8 directions (24 more)."""
    rows = "...../.111./...../...../....."
    counts = [len(kinds(f"5x5 {rows} tectonic={t}")[TECTONIC]) for t in (1, 2, 3)]
    assert counts == [4, 12, 36]
    # ascending integers: direction (bits 23-25), then c2 + 1 (0 for a pair), c1 + 1, c0
    assert kinds(f"5x5 {rows} tectonic=2")[TECTONIC] == [
        "b2c2>N", "c2d2>N", "b2c2d2>N", "b2c2>E", "c2d2>E", "b2c2d2>E",
        "b2c2>S", "c2d2>S", "b2c2d2>S", "b2c2>W", "c2d2>W", "b2c2d2>W"]


@pytest.mark.parametrize(("width", "height", "threes", "all_sizes"), [
    # 8x8 torus: 64 straight triples each way + 4 L shapes in each of 64 2x2 blocks = 384;
    # + 128 pairs + 64 singles = 576
    (8, 8, 384, 576),
    # 3x3: a full row or column is one triple (3 + 3) + 9 blocks * 4 Ls = 42; + 18 pairs + 9 = 69
    (3, 3, 42, 69),
    # 4x3: 12 row triples + 4 column triples + 12 blocks * 4 = 64; + 12 + 12 pairs + 12 = 100
    (4, 3, 64, 100),
])
def test_group_counts_on_full_maps(width, height, threes, all_sizes):
    """O-4 with wrapping adjacency (O-1): connected groups counted by hand on all-land maps."""
    full = (1,) * (width * height)
    assert len(groups(new_map(width, height, full))) == threes
    assert len(groups(new_map(width, height, full, abilities=Abilities(tectonic=3)))) == all_sizes


def test_groups_connect_across_the_edge():
    """O-1, O-4: a2 and e2 touch across the west edge of a 5-wide map."""
    assert kinds("5x5 ...../1...1/...../...../..... tectonic=2")[TECTONIC] == ["a2e2>N", "a2e2>E", "a2e2>S", "a2e2>W"]
    assert rows_after("5x5 ...../1...1/...../...../..... tectonic=2", "a2e2>E") == "...../11.../...../...../....."


def test_a_group_never_holds_a_mountain_or_sea():
    """O-4: mountains never move in a tectonic move; a row with a mountain has no group of 3 with it."""
    assert TECTONIC not in kinds("4x3 1M1./..../....")
    assert "is a mountain and a tectonic move never moves a mountain" in reason("4x3 1M1./..../....", "a1b1c1>E")
    assert "b1 is sea: only land tiles move" in reason("4x3 1.1./..../....", "a1b1c1>E")


# --------------------------------------------------------------------------- O-3 drift


def test_drift_refuses_mountain_lines_without_the_ability():
    """O-3: a line holding a mountain drifts only with the mountains ability."""
    position = "4x3 1M../..../...."
    assert reason(position, "1E1") == "1E1 is not legal: row 1 holds a mountain and drifting it needs the mountain ability"
    assert reason(position, "bS1") == "bS1 is not legal: column b holds a mountain and drifting it needs the mountain ability"
    assert DRIFT_ROW not in kinds(position)  # row 1 has the mountain, rows 2 and 3 are sea
    assert kinds(position)[DRIFT_COL] == ["aS1", "aN1"]
    assert rows_after(position + " mountains=1", "1E1") == ".1M./..../...."


def test_drift_distances_by_ability_and_line_length():
    """O-3: distances 1..drift, never the line's length or more; both senses even when equal."""
    drifts = kinds("3x3 1../.../... drift=3")
    assert drifts[DRIFT_ROW] == ["1E1", "1E2", "1W1", "1W2"]
    assert drifts[DRIFT_COL] == ["aS1", "aS2", "aN1", "aN2"]
    assert reason("3x3 1../.../... drift=3", "1E3") == "1E3 is not legal: a row of 3 cells drifts at most 2 cells"
    assert reason("5x3 1..../...../.....", "1E2") == "1E2 is not legal: drifting 2 cells needs drift ability 2 (it is 1)"
    assert reason("5x3 1..../...../.....", "2E1") == "2E1 is not legal: row 2 holds no land to drift"


# --------------------------------------------------------------------------- O-5 eruptions


def test_eruption_without_fill():
    """O-5 with fill=0: the own tile is not raised and all the lava is split (35 ways for 4)."""
    position = "4x3 3v44../..../.... fill=0"
    assert rows_after(position, "a1v4:E4") == "344./..../...."
    assert len(kinds(position)[ERUPT]) == comb(4 + 3, 3)


def test_eruption_splits_are_every_composition():
    """O-5: with fill, a volcano 3 on a level-2 tile has 1 lava left: 4 ways; a volcano 4 on a
    level-4 tile 35 ways; a volcano 3 on a level-1 tile only the empty split."""
    assert kinds("4x3 2v3.../..../....")[ERUPT] == ["a1v3:N1", "a1v3:E1", "a1v3:S1", "a1v3:W1"]
    assert len(kinds("4x3 4v4.../..../....")[ERUPT]) == 35
    assert kinds("4x3 1v3.../..../....")[ERUPT] == ["a1v3:-"]
    assert rows_after("4x3 1v3.../..../....", "a1v3:-") == "4.../..../...."


def test_one_eruption_per_distinct_volcano_level():
    """O-5: two volcanoes of level 2 on one tile give one set of eruptions; one is removed."""
    assert kinds("4x3 4v2v2.../..../....")[ERUPT] == kinds("4x3 4v2.../..../....")[ERUPT]
    assert len(kinds("4x3 4v2v2.../..../....")[ERUPT]) == comb(2 + 3, 3)
    assert rows_after("4x3 4v2v2.../..../....", "a1v2:E2") == "4v22../..../...."


def test_dormant_volcano():
    """O-5 休眠火山: a volcano with mountains on all four sides does not erupt; creation still works."""
    position = "3x3 .M./M1v3M/.M."
    assert ERUPT not in kinds(position)
    assert reason(position, "b2v3:-") == "b2v3:- is not legal: the volcanoes on b2 are dormant: all four neighbours are mountains"
    assert "+b2" in kinds(position)[CREATE]
    assert kinds("3x3 .M./M1v3M/.4.")[ERUPT] == ["b2v3:-"]


def test_volcano_creation_fills_existing_volcanoes():
    """O-5 火山生成: +3 levels, the existing volcanoes filled to 4 first, the rest a new volcano."""
    position = "4x3 2v3v1.4v4M/..../...."
    assert rows_after(position, "+a1") == "2v4v3.4v4M/..../...."  # 3 -> 4 (1), 1 -> 3 (2)
    assert rows_after(position, "+c1") == "2v3v1.4v4v3M/..../...."
    assert rows_after(position, "+d1") == "2v3v1.4v4Mv3/..../...."
    assert rows_after("4x3 2v2v2.../..../....", "+a1") == "2v4v3.../..../...."
    assert reason(position, "+b1") == "+b1 is not legal: b1 is sea: a volcano is created only on land or a mountain"


# --------------------------------------------------------------------------- O-6 hotspots


def test_actions_are_counted():
    """Every action adds one to the actions taken."""
    state = play("3x3 .*1./.../...", "1E1", "+c1")  # 1*.1 after the drift
    assert state.actions == 2
    assert format_position(state).endswith("actions=2")


# --------------------------------------------------------------------------- illegal reasons


@pytest.mark.parametrize(("position", "token", "words"), [
    ("5x3 1.1.1/...../.....", "a1c1e1>E", "the group a1,c1,e1 is not connected"),
    ("5x3 11.../...../.....", "a1b1>E", "moving a group of 2 needs tectonic ability 2 (it is 1)"),
    ("5x3 1..../...../.....", "a1>E", "moving a group of 1 needs tectonic ability 3 (it is 1)"),
    ("5x3 11.../...../..... tectonic=2", "a1b1>NE", "a group of 2 moves only N, E, S or W, not NE"),
    ("5x3 11.../...../..... tectonic=2", "a1a1>E", "the group a1,a1 names a cell twice"),
    ("5x3 4v3..../...../.....", "a1v2:E2", "a1 has no level-2 volcano"),
    ("5x3 3v3..../...../.....", "a1v3:E3", "the eruption sends 3 lava but 2 is left to send after filling a1"),
    ("5x3 4v3..../...../.....", "a1v3:E2", "the eruption sends 2 lava but 3 is left to send"),
])
def test_illegal_reasons_in_words(position, token, words):
    """parse_move names the token and the reason from illegal_reason."""
    assert reason(position, token) == f"{token} is not legal: {words}"


def test_apply_and_illegal_reason_on_raw_integers():
    """apply raises IllegalMove; integers outside the layout are refused in words."""
    state = parse_position("3x3 1../.../...")
    assert illegal_reason(state, 7 << 6) == f"{7 << 6} is not an action's integer"
    assert illegal_reason(state, encode_create(0) | 1 << 20) is not None  # stray bits
    assert illegal_reason(state, encode_create(0)) is None
    with pytest.raises(IllegalMove, match="is sea"):
        apply(state, encode_create(4))


def test_illegal_reason_agrees_with_legal_moves():
    """On random positions: a move is legal exactly when illegal_reason has nothing to say, for
    the legal moves and for each of them with one bit flipped."""
    rng = random.Random(6)
    for _ in range(25):
        state = random_state(rng)
        legal = legal_moves(state)
        assert legal == sorted(set(legal))
        assert set(legal) == {m for m in legal if illegal_reason(state, m) is None}
        for move in rng.sample(legal, min(20, len(legal))):
            for bit in range(26):
                flipped = move ^ (1 << bit)
                assert (illegal_reason(state, flipped) is None) == (flipped in legal)


# --------------------------------------------------------------------------- perft by hand


def test_perft_single_tile_tectonic_1():
    """3x3, one level-1 tile on b2, default abilities: row 2 drifts E1/W1, column b S1/N1 and +b2:
    5 actions. After each drift the lone tile again has 2 + 2 drifts and a creation (5); after
    +b2 it carries a volcano 3, whose fill takes all 3 lava (1 -> 4): one more action (6).
    Depth 2: 4 * 5 + 6 = 26."""
    state = parse_position("3x3 .../.1./...")
    assert perft(state, 0) == 1
    assert perft(state, 1) == 5
    assert perft(state, 2) == 26


def test_perft_single_tile_tectonic_3():
    """As above with single tiles in 8 directions: 8 + 4 + 1 = 13 actions; after any move or
    drift the lone tile again has 13, after +b2 14: 12 * 13 + 14 = 170."""
    state = parse_position("3x3 .../.1./... tectonic=3")
    assert perft(state, 1) == 13
    assert perft(state, 2) == 170


def test_perft_full_row():
    """3x3 with row 2 all level 1: row 2 drifts (2, equal results both listed), columns a, b, c
    drifts (6), the group a2b2c2 in 4 directions, 3 creations: 15."""
    assert perft(parse_position("3x3 .../111/..."), 1) == 15


def test_new_map_is_all_sea_with_no_actions():
    """new_map's default: a 7 x 5 sea, where no action is possible."""
    state = new_map()
    assert (state.width, state.height, set(state.levels)) == (7, 5, {0})
    assert legal_moves(state) == []
    assert perft(state, 2) == 0
