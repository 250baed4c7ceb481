"""Random play of the full Oros game's reference rules: seeded games for 1-4 players against both AI
decks end within the round limit, every listed ply applies, chance probabilities sum to 1, and
the invariants hold (followers conserved, a player's followers waiting at home fit its empty
slots, at most 3 sanctuaries of a kind per player, knowledge never negative, and no seat is frozen:
`end` alone is listed only when no follower is on a slot or all six slots and the sanctum are full)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kernels.oros.oros_game_data import KINDS, PERSONALITIES, design
from solver.games.oros.oros_full_plies import EndTurn
from solver.games.oros.oros_full_rules import (
    chance_outcomes,
    is_chance,
    is_over,
    legal_actions,
    mover,
    result,
    successor,
)
from solver.games.oros.oros_full_scoring import knowledge
from solver.games.oros.oros_full_state import HOME, empty_slots, sanctum_free, setup

# Games per player count, half against each deck: 158 in all. The 3- and 4-player games (no AI)
# mostly run to the round limit, and are slower, so fewer of them keep the file under 30 s on 2 shared cores.
GAMES = {1: 100, 2: 40, 3: 10, 4: 8}
APPLY_ALL_EVERY = 40  # every 40th ply, every listed ply is applied, not just the chosen one


def check_invariants(state, start_followers):
    for who in range(state.seats):
        assert len(state.followers[who]) == start_followers[who] + state.recruits[who]
        assert state.recruits[who] <= 5
        assert knowledge(state, who) >= 0
        assert all(1 <= level <= 6 for level in state.hats[who])
        if not state.ai[who]:
            assert state.followers[who].count(HOME) <= len(empty_slots(state, who))
    built = Counter((s.owner, s.kind) for s in state.sanctuaries)
    assert all(count <= design().per_kind for count in built.values())
    assert len({(s.cell, s.kind) for s in state.sanctuaries}) == len(state.sanctuaries)
    for s in state.sanctuaries:  # a mountain's sanctuaries come in order, one per player
        here = [t for t in state.sanctuaries if t.cell == s.cell]
        assert sorted(KINDS.index(t.kind) for t in here) == list(range(len(here)))
        assert len({t.owner for t in here}) == len(here)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games(players):
    most_plies = design().max_rounds * 4 * 40  # rounds x seats x a generous bound on plies per turn
    for game in range(GAMES[players]):
        rng = random.Random(players * 1000 + game)
        state = setup(players, PERSONALITIES[game % 2], game)
        start = [len(f) for f in state.followers]
        plies = 0
        while not is_over(state):
            if is_chance(state):
                outcomes = chance_outcomes(state)
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
                card = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                state = successor(state, card)
            else:
                listed = legal_actions(state)
                assert listed and len(set(listed)) == len(listed)
                if listed == [EndTurn()]:  # not frozen (issue 30): nothing on a slot, or nowhere to go
                    who = mover(state)
                    on_slots = any(p[0] == "slot" for p in state.followers[who])
                    assert not on_slots or (not empty_slots(state, who) and not sanctum_free(state, who))
                if plies % APPLY_ALL_EVERY == 0:
                    for ply in listed:
                        check_invariants(successor(state, ply), start)
                state = successor(state, rng.choice(listed))
            check_invariants(state, start)
            plies += 1
            assert plies < most_plies and state.round <= design().max_rounds
        assert abs(sum(result(state)) - 1) < 1e-12
        assert legal_actions(state) == [] and chance_outcomes(state) == []
