"""A hop position as one player sees it (H-2, H-3, H-4): their own clouds and bet known, the
other players' clouds only counted, the bets the others placed before the throw unknown.

A view is a reference State with `viewer` set. Its hidden parts hold stand-in values chosen
from what the viewer knows alone (`fill`): the others' clouds take the values the viewer has
not seen, lowest first, seat by seat, and every bet another player placed reads happy. So two
full positions the viewer cannot tell apart give the same view, and nothing read from a view
says more than the viewer knows. The notation writes the hidden parts as `?`
(solver/games/hop/hop_notation.py).

The functions here play views and full positions alike (the record uses them): in a view a
cloud drawn by another player is one outcome, `cloud:?`; a cloud drawn by the viewer has the
chance the viewer can reckon, the clouds of that value among those not seen (the others' and
the pool's together: the pool is a random part of them).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from solver.errors import CalderaError
from solver.games.hop import hop_rules as rules
from solver.games.hop.hop_rules import (
    CLOUD,
    CLOUD_MOVE,
    CLOUD_VALUES,
    CLOUDS_PER_VALUE,
    HAPPY,
    HIDDEN_CLOUD,
    NO_BET,
    SEATS,
    State,
    argument_of,
    kind_of,
    move,
)


def unseen_clouds(state: State, seat: int) -> tuple[int, ...]:
    """The clouds of each value `seat` has not seen: the box less its own."""
    own = state.clouds[seat]
    return tuple(CLOUDS_PER_VALUE - own.count(value) for value in CLOUD_VALUES)


def fill(state: State) -> State:
    """The view with its stand-in values: the others' clouds from the viewer's unseen clouds,
    lowest values first in seat order; the others' placed bets happy. Full positions as they are."""
    viewer = state.viewer
    if viewer is None:
        return state
    unseen = [value for value, n in zip(CLOUD_VALUES, unseen_clouds(state, viewer)) for _ in range(n)]
    clouds, bets = list(state.clouds), list(state.bets)
    for seat in range(state.players):
        if seat != viewer:
            count = len(clouds[seat])
            clouds[seat], unseen = tuple(unseen[:count]), unseen[count:]
            if bets[seat] != NO_BET:
                bets[seat] = HAPPY
    return replace(state, clouds=tuple(clouds), bets=tuple(bets))


def view_of(state: State, seat: int) -> State:
    """The position as `seat` sees it; a view of another player cannot be seen as `seat`."""
    if state.viewer not in (None, seat):
        raise CalderaError(f"this position is {SEATS[state.viewer]}'s view: it cannot be seen as {SEATS[seat]}, "
                           "whose clouds it does not show")
    return fill(replace(state, viewer=seat))


def hidden_bettors(state: State) -> list[int]:
    """The other players whose placed bets the viewer cannot see ([] in a full position)."""
    if state.viewer is None:
        return []
    return [s for s in range(state.players) if s != state.viewer and state.bets[s] != NO_BET]


def cloud_for_viewer(state: State) -> bool:
    """True at a cloud draw the viewer makes (or any draw of a full position)."""
    return state.viewer is None or state.draws[0] == state.viewer


def chance_outcomes(state: State) -> list[tuple[int, Fraction]]:
    """The chance outcomes as the position's viewer reckons them (rules.chance_outcomes for a
    full position)."""
    if state.viewer is None or state.phase != CLOUD:
        return rules.chance_outcomes(state)
    if not cloud_for_viewer(state):
        return [(move(CLOUD_MOVE, HIDDEN_CLOUD), Fraction(1))]
    unseen = unseen_clouds(state, state.viewer)
    total = sum(unseen)
    return [(move(CLOUD_MOVE, v), Fraction(n, total)) for v, n in zip(CLOUD_VALUES, unseen) if n]


def legal_moves(state: State) -> list[int]:
    """The legal moves (at a chance event: its outcomes as the viewer reckons them)."""
    if rules.is_chance(state):
        return [code for code, _ in chance_outcomes(state)]
    return rules.legal_moves(state)


def successor(state: State, code: int) -> State:
    """The position after `code`, still the viewer's view. A cloud another player draws stays
    hidden whatever value `code` names (a search's line may name one it sampled)."""
    if state.viewer is None:
        return rules.successor(state, code)
    if kind_of(code) != CLOUD_MOVE:
        return fill(rules.successor(state, code))
    seat, value = state.draws[0], argument_of(code)
    clouds = list(state.clouds)
    # Another player's new cloud is counted only; its stand-in value comes from `fill`.
    clouds[seat] = tuple(sorted((*clouds[seat], value if seat == state.viewer else 0)))
    return rules.next_draw(fill(replace(state, clouds=tuple(clouds), draws=state.draws[1:])))


def expected_clouds(state: State, seat: int, viewer: int) -> Fraction:
    """The cloud points of `seat` as `viewer` reckons them: its own exactly, another player's
    at the mean value of the clouds `viewer` has not seen."""
    if seat == viewer:
        return Fraction(sum(state.clouds[seat]))
    unseen = unseen_clouds(state, viewer)
    mean = Fraction(sum(v * n for v, n in zip(CLOUD_VALUES, unseen)), sum(unseen))
    return mean * len(state.clouds[seat])
