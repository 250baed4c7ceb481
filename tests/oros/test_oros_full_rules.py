"""Scenario tests of the full Oros game's reference rules: rulings O-8..O-14 and the seed's examples
(docs/rules/oros.md sections 11-17). Each position is built by hand; each expected value is worked
out from the rules, not read from the code."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from solver.games.oros import oros_game_binding as binding
from kernels.oros.oros_game_data import COLUMNS, SLOTS, design
from solver.games.oros.oros_full_effects import advance_demigod, demigod_target, play_map_move
from solver.games.oros.oros_full_plies import *  # noqa: F403  (the ply kinds)
from solver.games.oros.oros_full_rules import chance_outcomes, is_chance, is_over, legal_actions, mover, result, successor
from solver.games.oros.oros_full_scoring import knowledge, knowledge_parts
from solver.games.oros.oros_full_state import HOME, SANCTUM, Deck, Sanctuary, seat, setup, slot, tile
from solver.games.oros.oros_notation import parse_cell, parse_position
from solver.games.oros.oros_rules import (
    DRIFT_ROW,
    MOUNTAIN,
    SEA,
    E,
    encode_create,
    encode_drift,
    encode_erupt,
    encode_tectonic,
)

EMPTY = "......./......./......./......./......."


def cell(name: str) -> int:
    """The index of a named cell of the 7 x 5 map."""
    return parse_cell(name, 7, 5)


def board(rows: str):
    """A 7 x 5 map from its rows in the Oros notation."""
    return parse_position(f"7x5 {rows}")


def hats(**levels: int) -> tuple[int, ...]:
    """A board's hats: level 1 except the columns named."""
    return tuple(levels.get(column, 1) for column in COLUMNS)


def slots(*names: str) -> tuple:
    """Followers on the named slots."""
    return tuple(slot(name) for name in names)


def game(rows: str = EMPTY, players: int = 3, followers=None, **fields):
    """A 3-player (no AI) position on a hand-made map, seat 0 to act with three actions left."""
    state = setup(players, "friendly", 0)
    state = replace(state, map=board(rows), first=0, current=0)
    if followers is not None:
        state = replace(state, followers=tuple(tuple(sorted(f)) for f in followers))
    return replace(state, **fields)


def play(state, ply):
    """The position after `ply`, which must be one of the listed plies."""
    assert ply in legal_actions(state), ply
    return successor(state, ply)


# --- O-8: setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players, ais", [(1, 2), (2, 1), (3, 0), (4, 0)])
def test_setup_fills_to_three_seats_with_ai(players, ais):
    state = setup(players, "aggressive", 7)
    assert state.seats == players + ais
    assert state.ai == (False,) * players + (True,) * ais
    for who in range(state.seats):
        expected = (HOME,) * 4 if state.ai[who] else tuple(sorted(slots("volcano", "study", "travel", "sanctuary")))
        assert state.followers[who] == expected
        assert state.hats[who] == (1,) * 8
    assert state.pyramid == (0,) * state.seats
    assert 0 <= state.first < players and state.current == state.first
    assert (state.map.width, state.map.height) == (7, 5)
    assert state.map.hotspots == {cell("d1"), cell("b3"), cell("f4")}
    assert MOUNTAIN not in state.map.levels


def test_designed_data():
    d = design()
    assert (d.top, d.red, d.max_rounds) == (24, {6, 12, 18}, 30)
    assert d.zones["A"] == tuple(cell(n) for n in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"))
    for deck in d.decks.values():
        assert len(deck) == 8


# --- O-9: turns, slots, forced actions ------------------------------------------------------------


def test_first_turn_forces_a_follower_onto_a_level_one_tile():
    state = setup(3, "friendly", 0)
    state = replace(state, first=0, current=0)
    islands = ("d1", "b2", "g2", "d3", "a4", "f4", "c5")  # the level-1 tiles of the setup map
    expected = {ForcedIsland(s, cell(n)) for s in ("volcano", "study", "travel", "sanctuary") for n in islands}
    assert set(legal_actions(state)) == expected
    state = play(state, ForcedIsland("travel", cell("b2")))
    assert state.followers[0] == tuple(sorted(slots("volcano", "study", "sanctuary") + (tile(cell("b2")),)))
    assert state.actions_left == 3  # a forced action uses none of the three
    assert not any(isinstance(p, ForcedIsland) for p in legal_actions(state))


def test_an_action_moves_a_follower_onto_an_empty_slot_and_three_end_the_turn():
    rows = "......./......./..121../......./......."
    mine = slots("volcano", "study", "travel", "sanctuary") + (tile(cell("c3")),)
    state = game(rows, followers=[mine, (), ()])
    plies = legal_actions(state)
    assert {p.slot for p in plies if isinstance(p, Act)} == {"drift", "tectonic"}  # the empty slots
    assert {p.source for p in plies if isinstance(p, Act)} == {"volcano", "study", "travel", "sanctuary"}
    assert EndTurn() in plies
    state = play(state, Act("drift", "volcano", encode_drift(DRIFT_ROW, 2, 1, 0)))  # row 3 east 1
    assert state.actions_left == 2
    assert slot("drift") in state.followers[0] and slot("volcano") not in state.followers[0]
    assert tile(cell("d3")) in state.followers[0]  # carried by its tile
    state = play(state, Act("volcano", "sanctuary", encode_create(cell("d3"))))
    assert state.map.volcanoes[cell("d3")] == (3,)
    group = tuple(cell(n) for n in ("d3", "e3", "f3"))
    state = play(state, Act("tectonic", "study", encode_tectonic(group, E)))
    assert tile(cell("e3")) in state.followers[0]
    assert (state.current, state.actions_left) == (1, 3)  # the third action ended the turn


def test_a_full_board_forces_a_follower_to_study():
    rows = "......./......./111M.../......./......."
    mine = slots(*SLOTS) + (seat(cell("d3"), "stones"),)
    state = game(rows, followers=[mine, (), ()], sanctuaries=(Sanctuary(cell("d3"), "stones", 0),))
    assert legal_actions(state) == [ForcedStudy(s) for s in SLOTS]
    state = play(state, ForcedStudy("tectonic"))
    assert SANCTUM in state.followers[0] and slot("tectonic") not in state.followers[0]
    assert state.actions_left == 3
    assert {p.slot for p in legal_actions(state) if isinstance(p, Act)} == {"tectonic"}


def test_a_full_board_and_a_full_sanctum_can_only_end_the_turn():
    mine = slots(*SLOTS) + (SANCTUM, SANCTUM, tile(cell("a1")))
    state = game("1....../......./......./......./.......", followers=[mine, (), ()])
    assert legal_actions(state) == [EndTurn()]
    # Ending the turn is not stopping an action: the plies of different kinds never compare equal.
    assert Stop() not in legal_actions(state) and Raise("drift") != ForcedStudy("drift")


def test_volcano_level_two_erupts_twice_in_one_action():
    rows = "1....../......./..2v1v1..../......./......."
    mine = slots("study", "travel", "sanctuary") + (tile(cell("a1")),)
    state = game(rows, followers=[mine, (), ()], hats=(hats(volcano=2),) + (hats(),) * 2)
    # The level-1 volcano on c3 fills its level-2 tile to 3, so it sends no lava.
    state = play(state, Act("volcano", "study", encode_erupt(cell("c3"), 1, (0, 0, 0, 0))))
    assert state.map.levels[cell("c3")] == 3 and state.map.volcanoes[cell("c3")] == (1,)
    assert (state.actions_left, state.eruptions_left) == (3, 1)
    plies = legal_actions(state)
    assert Stop() in plies and any(isinstance(p, Erupt) for p in plies)
    state = play(state, Stop())
    assert (state.actions_left, state.eruptions_left) == (2, 0)


def test_level_six_drift_also_moves_the_demigod():
    rows = "1....../......./......./......./......."
    mine = slots("study", "travel", "sanctuary") + (tile(cell("a1")),)
    state = game(rows, followers=[mine, (), ()], hats=(hats(drift=6),) + (hats(),) * 2)
    state = play(state, Act("drift", "study", encode_drift(DRIFT_ROW, 0, 1, 0)))
    assert state.pyramid[0] == 1


# --- O-10: wisdom, hats, the horizon --------------------------------------------------------------


def test_graduation_needs_free_slots():
    mine = slots("drift", "tectonic", "volcano", "travel", "sanctuary") + (SANCTUM, SANCTUM, tile(cell("a1")))
    state = game("1....../......./......./......./.......", followers=[mine, (), ()])
    study = {p for p in legal_actions(state) if isinstance(p, Act) and p.slot == "study" and p.detail}
    # The source slot is the only empty slot left: one follower graduates, never two; the
    # sanctum is full and there is no own sanctuary, so nobody enrols.
    sources = ("drift", "tectonic", "volcano", "travel", "sanctuary")
    assert study == {Act("study", s, Graduate((SANCTUM,))) for s in sources}


def test_graduating_two_gives_two_wisdom_spent_on_hats():
    mine = slots("tectonic", "volcano", "travel", "sanctuary") + (SANCTUM, SANCTUM, tile(cell("a1")))
    state = game("1....../......./......./......./.......", followers=[mine, (), ()])
    state = play(state, Act("study", "travel", Graduate((SANCTUM, SANCTUM))))
    # The two graduates go back to the board and are put on the empty slots, drift and travel,
    # without acting there; then the wisdom is spent.
    assert state.followers[0].count(HOME) == 2 and state.wisdom[0] == 2 and state.actions_left == 2
    state = play(play(state, Put("drift")), Put("travel"))
    assert state.followers[0] == tuple(sorted(slots("drift", "tectonic", "volcano", "study", "travel", "sanctuary")
                                              + (tile(cell("a1")),)))
    assert legal_actions(state) == [Raise(c) for c in COLUMNS]
    state = play(state, Raise("travel"))
    state = play(state, Raise("travel"))
    assert state.wisdom[0] == 0 and state.hats[0] == hats(travel=3)


def test_crossing_the_horizon_brings_a_follower_to_the_sanctum_or_an_empty_slot():
    mine = slots("volcano", "study", "travel", "sanctuary") + (tile(cell("a1")),)
    state = game("1....../......./......./......./.......", followers=[mine, (), ()],
                 hats=(hats(tectonic=3, study=3),) + (hats(),) * 2, wisdom=(2, 0, 0))
    state = play(state, Raise("tectonic"))
    assert state.followers[0].count(SANCTUM) == 1 and state.recruits[0] == 1
    state = replace(state, followers=(state.followers[0] + (SANCTUM,),) + state.followers[1:])
    state = play(state, Raise("study"))
    assert HOME in state.followers[0] and state.recruits[0] == 2  # the sanctum is full: an empty slot
    assert legal_actions(state) == [Put("drift"), Put("tectonic")]
    assert slot("tectonic") in play(state, Put("tectonic")).followers[0]


# --- O-11: sanctuaries, wisdom from building, the pyramid ----------------------------------------

MOUNTAIN_ROWS = "1....../......./...M.../......./......."  # a1: somewhere else to stand


def builders(*followers):
    """Three players' followers: slots volcano, study, travel each, plus the places given."""
    return [slots("volcano", "study", "travel") + tuple(extra) for extra in followers]


def builds(state):
    """The sanctuary actions that build (not those that only stand on the slot)."""
    return [p for p in legal_actions(state) if isinstance(p, Act) and p.slot == "sanctuary" and p.detail is not None]


def test_sanctuaries_are_built_stones_shrine_temple_one_per_player_per_mountain():
    d3 = cell("d3")
    state = game(MOUNTAIN_ROWS, followers=builders([tile(d3)], [tile(d3)], [tile(cell("a1"))]))
    state = play(state, Act("sanctuary", "volcano", d3))
    assert state.sanctuaries == (Sanctuary(d3, "stones", 0),)
    assert seat(d3, "stones") in state.followers[0] and tile(d3) not in state.followers[0]
    assert state.wisdom[0] == 1 and state.pyramid[0] == 2
    state = replace(state, wisdom=(0, 0, 0), current=1, actions_left=3)
    state = play(state, Act("sanctuary", "volcano", d3))
    assert Sanctuary(d3, "shrine", 1) in state.sanctuaries
    assert state.wisdom[1] == 2
    assert state.wisdom[0] == 1  # its follower studies in the stones on this mountain
    assert state.pyramid[1] == 3  # 0 + 2 = 2 is taken by seat 0: on to 3
    # Seat 0 already has a sanctuary here; seat 2 has no follower here.
    state = replace(state, wisdom=(0, 0, 0), current=0, actions_left=3,
                    followers=(state.followers[0] + (tile(d3),),) + state.followers[1:])
    assert not builds(state)
    state = replace(state, current=2)
    assert not builds(state)
    state = replace(state, followers=state.followers[:2] + (state.followers[2] + (tile(d3),),))
    state = play(state, Act("sanctuary", "volcano", d3))
    assert Sanctuary(d3, "temple", 2) in state.sanctuaries
    assert state.wisdom == (1, 1, 3)  # the temple's 3; one each for the two studying followers


def test_a_follower_in_another_players_sanctuary_lets_you_build():
    d3 = cell("d3")
    state = game(MOUNTAIN_ROWS, followers=builders([tile(cell("a1"))], [seat(d3, "stones")], []),
                 sanctuaries=(Sanctuary(d3, "stones", 0),), current=1)
    state = play(state, Act("sanctuary", "volcano", d3))
    assert Sanctuary(d3, "shrine", 1) in state.sanctuaries
    assert seat(d3, "stones") in state.followers[1]  # it stays where it studies


def test_three_of_a_kind_at_most_and_level_four_adds_wisdom():
    d3 = cell("d3")
    built = tuple(Sanctuary(c, "stones", 0) for c in (cell("a3"), cell("b4"), cell("c5")))
    rows = "......./......./M..M.../.M...../..M...."
    state = game(rows, followers=builders([tile(d3)], [tile(d3)], []), sanctuaries=built)
    assert not builds(state)
    state = replace(state, current=1, hats=(hats(), hats(stones=4), hats()))
    state = play(state, Act("sanctuary", "volcano", d3))
    assert state.wisdom[1] == 2  # stones give 1, level 4 of the stones hat 1 more


def test_pyramid_skips_taken_spaces_and_an_occupied_top_sends_back():
    assert demigod_target((0, 0, 0), 0, 2) == 2  # the start space is shared
    assert demigod_target((4, 6, 0), 0, 2) == 7
    assert demigod_target((4, 6, 7), 0, 2) == 8
    assert demigod_target((23, 0, 0), 0, 2) == 24  # the top is the end of the track
    assert demigod_target((22, 24, 0), 0, 2) == 23
    assert demigod_target((22, 24, 23), 0, 2) == 22


def test_red_spaces_add_two_volcano_levels_on_every_hotspot_once():
    rows = "3*v3....../......./..2*..../......./...*...."
    state = game(rows, pyramid=(4, 0, 0))
    state = advance_demigod(state, 0, 2)
    assert state.pyramid[0] == 6 and state.fired == {6}
    assert state.map.volcanoes[cell("a1")] == (4, 1)  # the 3 filled to 4 first, then a new 1
    assert state.map.volcanoes[cell("c3")] == (2,)
    assert state.map.volcanoes[cell("c5")] == ()  # a sea hotspot carries no volcano
    state = advance_demigod(state, 0, 1)
    state = replace(state, pyramid=(7, 4, 0))
    again = advance_demigod(state, 1, 2)
    assert again.pyramid[1] == 6 and again.map == state.map  # fired once only
    passing = advance_demigod(replace(game(rows), pyramid=(4, 6, 0)), 0, 2)
    assert passing.pyramid[0] == 7 and passing.fired == frozenset()  # passing over it never fires


# --- O-12: travel ---------------------------------------------------------------------------------

TRAVEL_ROWS = "..1..../......./..22M.2/......2/......."


def traveller(hat_level: int, extra=(), others=(), sanctuaries=()):
    c3 = cell("c3")
    mine = slots("volcano", "study", "sanctuary") + (tile(c3),) + tuple(extra)
    return game(TRAVEL_ROWS, followers=[mine, tuple(others), ()], hats=(hats(travel=hat_level),) + (hats(),) * 2,
                sanctuaries=tuple(sanctuaries))


def walks(state):
    return {p.detail for p in legal_actions(state) if isinstance(p, Act) and p.slot == "travel" and p.detail}


def test_travel_walks_connected_land_only():
    c3, d3, e3 = cell("c3"), cell("d3"), cell("e3")
    assert walks(traveller(1)) == {Walk(tile(c3), tile(d3))}
    assert walks(traveller(2)) == {Walk(tile(c3), tile(d3)), Walk(tile(c3), tile(e3))}
    state = play(traveller(2), Act("travel", "volcano", Walk(tile(c3), tile(d3))))
    assert state.steps_left == 1 and state.actions_left == 3
    assert set(legal_actions(state)) == {Walk(tile(d3), tile(c3)), Walk(tile(d3), tile(e3)), Stop()}


def test_travel_passes_followers_but_stops_only_where_none_is():
    c3, d3, e3 = cell("c3"), cell("d3"), cell("e3")
    assert walks(traveller(2, others=[tile(d3)])) == {Walk(tile(c3), tile(e3))}
    assert walks(traveller(5, others=[tile(d3)])) >= {Walk(tile(c3), tile(d3)), Walk(tile(c3), tile(e3))}


def test_a_sanctuary_costs_one_step_from_its_mountain():
    c3, e3 = cell("c3"), cell("e3")
    stones = Sanctuary(e3, "stones", 1)
    found = walks(traveller(3, sanctuaries=[stones]))
    assert Walk(tile(c3), tile(e3)) in found and Walk(tile(c3), seat(e3, "stones")) in found
    assert Walk(tile(c3), seat(e3, "stones")) not in walks(traveller(2, sanctuaries=[stones]))
    blocked = traveller(3, others=[seat(e3, "stones")], sanctuaries=[stones])
    assert Walk(tile(c3), seat(e3, "stones")) not in walks(blocked)


def test_sea_only_with_level_four_and_islands_are_neither_left_nor_entered():
    g3, c1 = cell("g3"), cell("c1")
    assert tile(g3) not in {w.destination for w in walks(traveller(3))}
    crossing = {w.destination for w in walks(traveller(4))}
    assert tile(g3) in crossing  # e3 (mountain), f3 sea, g3: 3 steps
    assert tile(c1) not in crossing  # the island c1 is 2 steps over the sea, but never entered
    on_island = traveller(4, extra=[tile(c1)])
    assert not any(w.origin == tile(c1) for w in walks(on_island))


# --- O-2 with followers: the map moves under them -----------------------------------------------


def test_followers_ride_their_tiles_and_end_together_on_a_collision():
    c3, d3 = cell("c3"), cell("d3")
    state = game("......./......./..44.../......./.......", followers=[[tile(c3)], [tile(d3)], []],
                 hats=(hats(tectonic=3),) + (hats(),) * 2)
    state = play_map_move(state, 0, encode_tectonic((c3,), E))
    assert state.map.levels[d3] == MOUNTAIN and state.map.levels[c3] == SEA
    assert state.followers[0] == (tile(d3),) and state.followers[1] == (tile(d3),)


def test_a_drifting_mountain_carries_its_sanctuaries_and_students():
    d3, e3 = cell("d3"), cell("e3")
    state = game(MOUNTAIN_ROWS, followers=[[seat(d3, "stones")], [], []],
                 sanctuaries=(Sanctuary(d3, "stones", 0),), hats=(hats(drift=4),) + (hats(),) * 2)
    state = play_map_move(state, 0, encode_drift(DRIFT_ROW, 2, 1, 0))
    assert state.sanctuaries == (Sanctuary(e3, "stones", 0),) and state.followers[0] == (seat(e3, "stones"),)


# --- O-13: the end and the final scoring ---------------------------------------------------------


def test_the_game_ends_with_the_round_in_which_a_demigod_reaches_the_top():
    d3 = cell("d3")
    state = game(MOUNTAIN_ROWS, followers=builders([tile(cell("a1"))], [tile(d3)], [tile(cell("a1"))]),
                 current=1, pyramid=(5, 22, 3))
    state = play(state, Act("sanctuary", "volcano", d3))
    assert state.pyramid[1] == 24 and not is_over(state)
    state = play(state, Raise("drift"))
    state = play(state, EndTurn())
    assert state.current == 2 and not is_over(state)
    state = play(state, EndTurn())  # seat 2 is the last of the round: the game ends
    assert is_over(state) and legal_actions(state) == []
    # Knowledge: seat 0 the pyramid's 5; seat 1: 24 + the stones at level 1 (0) + nothing else.
    assert [knowledge(state, who) for who in range(3)] == [5, 24, 3]
    assert result(state) == (0.0, 1.0, 0.0)


def test_ties_go_to_the_higher_demigod():
    state = game(pyramid=(10, 9, 0), hats=(hats(), hats(drift=5), hats()), over=True)
    assert [knowledge(state, who) for who in range(3)] == [10, 12, 0]
    state = replace(state, pyramid=(12, 9, 0))
    assert knowledge(state, 0) == knowledge(state, 1) == 12
    assert result(state) == (1.0, 0.0, 0.0)


def test_final_scoring_pyramid_sanctuaries_abilities_horizon():
    a3, b4, c5 = cell("a3"), cell("b4"), cell("c5")
    built = (Sanctuary(a3, "stones", 0), Sanctuary(b4, "stones", 0), Sanctuary(c5, "temple", 0))
    mine = (SANCTUM, seat(c5, "temple"), slot("drift"))
    state = game(pyramid=(10, 0, 0), sanctuaries=built, followers=[mine, (), ()],
                 hats=(hats(drift=6, tectonic=5, volcano=4, study=6, stones=3, temple=4),) + (hats(),) * 2)
    # sanctuaries 2 x 3 + 1 x 5; abilities 7 + 3 + 0 + 7; horizon crossed in drift, tectonic,
    # volcano, study (1 + 1 + 1 + 2) times 2 studying followers.
    assert knowledge_parts(state, 0) == {"pyramid": 10, "sanctuaries": 11, "abilities": 17, "horizon": 10}
    assert knowledge(state, 0) == 48


# --- O-14: the AI ---------------------------------------------------------------------------------


def ai_game(personality: str, rows: str | None = None, ai_followers=None, human=None, **fields):
    """A 1-player game with seat 1 (an AI) to draw."""
    state = setup(1, personality, 0)
    state = replace(state, current=1, **({"map": board(rows)} if rows else {}))
    if ai_followers is not None:
        state = replace(state, followers=(state.followers[0], tuple(sorted(ai_followers)), state.followers[2]))
    if human is not None:
        state = replace(state, followers=(tuple(sorted(human)),) + state.followers[1:])
    return replace(state, **fields)


def test_ai_draws_are_chance_events_and_the_deck_is_reshuffled_when_empty():
    state = ai_game("friendly")
    assert is_chance(state) and legal_actions(state) == []
    assert chance_outcomes(state) == [(card, 1 / 8) for card in range(8)]
    after = successor(state, 0)
    assert after.decks[1] == Deck(tuple(range(1, 8)), 0)
    assert after.current == 2
    assert chance_outcomes(after) == [(card, 1 / 8) for card in range(8)]  # seat 2's own deck
    empty = replace(state, decks=(None, Deck((), 5), state.decks[2]))
    assert chance_outcomes(empty) == [(card, 1 / 8) for card in range(8)]


def test_ai_build_impossible_falls_back_to_study_then_places_a_mountain():
    # Friendly card 0: develop build, study; zone A; map: mountain; demigod 1; back stones, study, drift.
    state = successor(ai_game("friendly"), 0)
    assert state.followers[1] == tuple(sorted((HOME,) * 3 + (SANCTUM,)))  # no sanctuary in A: the sanctum
    assert state.map.levels[cell("b1")] == MOUNTAIN  # zone A's cell 2, its first sea cell
    assert state.pyramid[1] == 1


def test_ai_builds_the_lowest_sanctuary_with_a_follower_and_its_wisdom_follows_the_card_back():
    rows = "2.31*.4./M14.231/32*.14v1.2/1.23.1*4/.41.32."
    state = successor(ai_game("friendly", rows), 0)
    a2 = cell("a2")
    assert state.sanctuaries == (Sanctuary(a2, "stones", 1),)
    assert seat(a2, "stones") in state.followers[1]
    assert state.hats[1] == hats(stones=2)  # 1 wisdom: the back's first column
    assert state.pyramid[1] == 1  # the card's 1 step; building moves no AI demigod


def test_ai_graduates_from_the_sanctum_when_none_studies_in_its_zone():
    # Friendly card 2: develop graduate, study; zone C; no map action; demigod 2; back volcano, temple, travel.
    state = successor(ai_game("friendly", ai_followers=(HOME, HOME, SANCTUM, SANCTUM)), 2)
    assert state.followers[1] == (HOME,) * 4
    assert state.hats[1] == hats(volcano=2, temple=2)
    assert state.pyramid[1] == 2


def test_ai_skips_develop_when_no_icon_is_possible():
    d5 = cell("d5")
    rows = "2.31*.4./.14.231/32*.14v1.2/1.23.1*4/.41M32."
    built = (Sanctuary(d5, "stones", 0), Sanctuary(d5, "shrine", 2))
    followers = (SANCTUM, SANCTUM, seat(d5, "stones"), seat(d5, "shrine"))
    before = ai_game("friendly", rows, ai_followers=followers, sanctuaries=built)
    state = successor(before, 0)
    assert state.followers[1] == before.followers[1] and state.sanctuaries == built
    assert state.map.levels[cell("b1")] == MOUNTAIN and state.pyramid[1] == 1


def test_ai_removes_the_followers_of_the_first_occupied_tile_in_its_zone():
    # Aggressive card 0: develop build, graduate; zone A; remove followers; demigod 2; back stones, shrine, temple.
    a1, b2 = cell("a1"), cell("b2")
    human = slots("volcano", "study", "travel") + (tile(a1), tile(a1), tile(b2))
    state = successor(ai_game("aggressive", human=human), 0)
    assert state.followers[0] == tuple(sorted(slots("volcano", "study", "travel") + (HOME, HOME, tile(b2))))
    state = play(play(state, Put("drift")), Put("tectonic"))  # their owner puts them on empty slots
    assert state.followers[0] == tuple(sorted(slots("drift", "tectonic", "volcano", "study", "travel") + (tile(b2),)))
    assert state.hats[1] == hats(stones=2, shrine=2)  # 2 wisdom: the back's first two columns
    assert state.pyramid[1] == 2


def test_ai_removes_the_highest_unoccupied_tile_in_its_zone():
    # Aggressive card 1: develop build, study; zone B; remove tile. f1 (4, cell 2) is occupied,
    # so e3 (4 with a volcano, cell 7) goes, its volcano with it.
    f1, e3 = cell("f1"), cell("e3")
    state = successor(ai_game("aggressive", human=slots("volcano", "study", "travel") + (tile(f1),)), 1)
    assert state.map.levels[e3] == SEA and state.map.volcanoes[e3] == ()
    assert state.map.levels[f1] == 4
    assert SANCTUM in state.followers[1]  # build impossible: study, in the sanctum


def test_ai_studying_gains_wisdom_when_a_player_builds_on_its_mountain():
    d3 = cell("d3")
    state = ai_game("friendly", MOUNTAIN_ROWS, ai_followers=(HOME, HOME, HOME, seat(d3, "stones")),
                    human=slots("volcano", "study", "travel") + (tile(d3),),
                    sanctuaries=(Sanctuary(d3, "stones", 2),), current=0)
    state = play(state, Act("sanctuary", "volcano", d3))
    assert state.hats[1] == hats(drift=2)  # no card drawn yet: its lowest hat, first in order
    assert state.wisdom[0] == 2 and mover(state) == 0


def test_ai_studies_in_the_first_free_seat_of_its_zone():
    # Friendly card 1: develop study, graduate; zone B; map: mountain; demigod 1. e2 is zone B's
    # cell 4: its stones seat is taken, its shrine seat free.
    e2 = cell("e2")
    rows = "2.31*.4./.14.M31/32*.14v1.2/1.23.1*4/.41.32."
    built = (Sanctuary(e2, "stones", 0), Sanctuary(e2, "shrine", 2))
    human = slots("volcano", "study", "travel") + (seat(e2, "stones"),)
    state = successor(ai_game("friendly", rows, human=human, sanctuaries=built), 1)
    assert seat(e2, "shrine") in state.followers[1] and state.followers[1].count(HOME) == 3
    assert state.map.levels[cell("e1")] == MOUNTAIN  # zone B's first sea cell


def test_enrolling_in_a_sanctuary_counts_against_the_map_limit():
    d3 = cell("d3")
    mine = slots("volcano", "travel", "sanctuary") + (tile(cell("a1")),)
    state = game(MOUNTAIN_ROWS, followers=[mine, (), ()], sanctuaries=(Sanctuary(d3, "stones", 0),))
    schools = {p.detail.school for p in legal_actions(state) if isinstance(p, Act) and isinstance(p.detail, Enrol)}
    assert schools == {SANCTUM}  # study level 1: one follower on the map already
    state = replace(state, hats=(hats(study=2),) + (hats(),) * 2)
    schools = {p.detail.school for p in legal_actions(state) if isinstance(p, Act) and isinstance(p.detail, Enrol)}
    assert schools == {SANCTUM, seat(d3, "stones")}


# --- the owner's slots, the placement that does nothing, one study rule (issue 30) ----------------

def play_both(state, ply):
    """`play`, and the full-game kernel (kernels/oros/oros_game_kernel.py) agrees on the way: the
    same legal plies before and the same position after (the rule scenarios below check both)."""
    words = binding.to_kernel(state)
    if is_chance(state):
        assert binding.legal_moves(words) == [binding.encode_card(card) for card, _ in chance_outcomes(state)]
        after = successor(state, ply)
        assert np.array_equal(binding.successor(words, binding.encode_card(ply)), binding.to_kernel(after))
        return after
    assert sorted(binding.legal_moves(words)) == sorted(map(binding.encode_ply, legal_actions(state)))
    after = play(state, ply)
    assert np.array_equal(binding.successor(words, binding.encode_ply(ply)), binding.to_kernel(after))
    return after


FROZEN = ("7x5 2..1*v41../.....2./M2*v4.1MM./..23.1*v42/4v1.M232M 1:aggressive 11111211/31121232/11212232 "
          "oooo../......hh/......sh 0 f3sBB,f3hCC,c5sA,g5sBB,g5hCC 4/13/14 6,12 25:8/78:4 7 A A3")


def test_a_placement_that_does_nothing_still_uses_an_action():
    # The seed: 「如果遊戲指示玩家將信徒派到其中一個行動欄位，但不執行欄位上的行動時，依然會消耗玩家每回合能夠執行的行動次數」.
    # A position reached in play (aggressive deck): seat A has built on c5, has no follower on
    # the map, its study slot is taken, and only travel and sanctuary are free, with nothing to do
    # on either. It is not frozen: a follower may stand on a slot without acting.
    from solver.games.oros.oros_game_notation import parse_position as parse_game

    state = parse_game(FROZEN)
    sources = ("drift", "tectonic", "volcano", "study")
    assert set(legal_actions(state)) == {Act(target, source, None) for target in ("travel", "sanctuary")
                                         for source in sources} | {EndTurn()}
    state = play_both(state, Act("travel", "study", None))
    assert slot("travel") in state.followers[0] and slot("study") not in state.followers[0]
    assert state.map == parse_game(FROZEN).map and state.actions_left == 2  # nothing done, one action used
    c5 = cell("c5")
    state = play_both(state, Act("study", "drift", Enrol("volcano", seat(c5, "stones"))))  # study is free again
    assert seat(c5, "stones") in state.followers[0]


def test_a_placement_that_does_nothing_is_listed_beside_the_actions():
    rows = "......./......./..121../......./......."
    mine = slots("volcano", "study", "travel", "sanctuary") + (tile(cell("c3")),)
    state = game(rows, followers=[mine, (), ()], actions_left=1)
    idle = {p for p in legal_actions(state) if isinstance(p, Act) and p.detail is None}
    assert idle == {Act(t, s, None) for t in ("drift", "tectonic") for s in ("volcano", "study", "travel", "sanctuary")}
    state = play_both(state, Act("drift", "volcano", None))
    assert (state.current, state.actions_left) == (1, 3)  # it was the last action: the turn passed


def test_graduates_go_to_the_empty_slots_their_owner_chooses():
    # The seed: 「玩家必須將畢業的信徒放在個人圖版空置的行動欄位上（不可執行欄位上的行動）」.
    mine = slots("volcano", "travel", "sanctuary") + (SANCTUM, tile(cell("a1")))
    state = game("1....../......./......./......./.......", followers=[mine, (), ()])
    state = play_both(state, Act("study", "travel", Graduate((SANCTUM,))))
    # Drift, tectonic and travel are empty: the owner picks one, not the first in slot order.
    assert legal_actions(state) == [Put("drift"), Put("tectonic"), Put("travel")]
    state = play_both(state, Put("travel"))
    assert state.followers[0] == tuple(sorted(slots("volcano", "study", "travel", "sanctuary") + (tile(cell("a1")),)))
    assert legal_actions(state) == [Raise(c) for c in COLUMNS]  # then the wisdom, 1 point


def test_a_recruit_waits_for_an_empty_slot_of_its_owners_choice():
    # The seed: 「如果學塾裡沒有空位，則將新信徒放在任意一個空置的行動欄位（但不能執行行動）」.
    mine = slots("volcano", "study", "travel", "sanctuary") + (SANCTUM, SANCTUM, tile(cell("a1")))
    state = game("1....../......./......./......./.......", followers=[mine, (), ()],
                 hats=(hats(drift=3),) + (hats(),) * 2, wisdom=(1, 0, 0))
    state = play_both(state, Raise("drift"))
    assert legal_actions(state) == [Put("drift"), Put("tectonic")]
    assert slot("tectonic") in play_both(state, Put("tectonic")).followers[0]


def test_followers_sent_back_by_an_ai_go_to_slots_their_owner_chooses_else_the_sanctum():
    # The seed: 「被移除的信徒將返還給其他玩家，並放在個人圖版空置的行動欄位上，如果沒有空置的行動欄位，則將信徒放在聖域裡學習」.
    # Aggressive card 0 removes every follower on a1 (zone A's cell 1). Seat A has three there
    # and one empty slot: one waits for that slot, two go to the sanctum.
    a1 = cell("a1")
    human = slots("drift", "tectonic", "volcano", "study", "travel") + (tile(a1),) * 3
    state = play_both(ai_game("aggressive", human=human), 0)
    assert state.followers[0].count(HOME) == 1 and state.followers[0].count(SANCTUM) == 2
    assert mover(state) == 0 and legal_actions(state) == [Put("sanctuary")]
    state = play_both(state, Put("sanctuary"))
    assert state.current == 2 and is_chance(state)  # then the AI's turn is over


def test_a_player_enrols_in_any_sanctuary():
    # The seed: 「就學：派遣 1 個信徒到聖殿（位於個人圖版上）或聖地的學塾裡學習」: any sanctuary's school,
    # not only the player's own, as the AI's study does.
    d3 = cell("d3")
    mine = slots("volcano", "travel", "sanctuary") + (tile(cell("a1")),)
    state = game(MOUNTAIN_ROWS, followers=[mine, (), ()], sanctuaries=(Sanctuary(d3, "stones", 1),),
                 hats=(hats(study=2),) + (hats(),) * 2)  # level 2: 3 followers on the map
    schools = {p.detail.school for p in legal_actions(state) if isinstance(p, Act) and isinstance(p.detail, Enrol)}
    assert schools == {SANCTUM, seat(d3, "stones")}
    state = play_both(state, Act("study", "travel", Enrol("volcano", seat(d3, "stones"))))
    assert seat(d3, "stones") in state.followers[0]


def test_the_ai_keeps_the_study_levels_map_limit():
    # The seed: 「等級一 地圖上只能放置 1 個信徒」, for the AI as for the players. Friendly card 1
    # (study, graduate; zone B): e2's shrine seat is free, but the AI at study level 1 already has
    # a follower on the map (in e2's stones), so it studies in its sanctum.
    e2 = cell("e2")
    rows = "2.31*.4./.14.M31/32*.14v1.2/1.23.1*4/.41.32."
    built = (Sanctuary(e2, "stones", 0), Sanctuary(e2, "shrine", 2))
    state = play_both(ai_game("friendly", rows, ai_followers=(HOME, HOME, HOME, seat(e2, "stones")),
                              sanctuaries=built), 1)
    assert seat(e2, "shrine") not in state.followers[1] and SANCTUM in state.followers[1]
    raised = ai_game("friendly", rows, ai_followers=(HOME, HOME, HOME, seat(e2, "stones")), sanctuaries=built,
                     hats=(hats(), hats(study=2), hats()))
    assert seat(e2, "shrine") in play_both(raised, 1).followers[1]  # level 2: 3 on the map
