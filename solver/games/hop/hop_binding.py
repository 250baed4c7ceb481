"""The binding between the hop reference State and the kernel's array.

Move integers are shared (solver/games/hop/hop_rules.py), so only positions are converted. A
view (hop_view.py) converts like a full position: its hidden parts hold the view's stand-in
values, which no search reads (the kernel's `determinize` draws them again for the seat to
move). Importing this module does not import numba.
"""

from __future__ import annotations

import numpy as np

from kernels import Kernel
from kernels.hop import hop_layout as layout
from solver.games.hop.hop_rules import NOBODY, PHASES, State

KERNEL = Kernel("hop.hop_kernel")
PHASE_CODES = {phase: code for code, phase in enumerate(PHASES)}  # the layout's order (PARTNER_PHASE..OVER)


def kernel_name(words: np.ndarray) -> Kernel:
    """The kernel module that plays `words` (kernels/dispatch.py)."""
    return KERNEL


def _seat_word(seat: int) -> int:
    """A seat, or the layout's NOBODY."""
    return layout.NOBODY if seat == NOBODY else seat


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`."""
    words = [0] * layout.STATE_LEN
    words[layout.PLAYERS] = state.players
    words[layout.HURLER] = state.hurler
    words[layout.PHASE] = PHASE_CODES[state.phase]
    words[layout.PARTNER] = _seat_word(state.partner)
    words[layout.ASSISTER] = _seat_word(state.assister)
    words[layout.TURBULATOR] = _seat_word(state.turbulator)
    words[layout.CARD] = _seat_word(state.card)
    draws = [*state.draws, NOBODY, NOBODY]
    words[layout.DRAW_NEXT] = _seat_word(draws[0])
    words[layout.DRAW_AFTER] = _seat_word(draws[1])
    for seat in range(state.players):
        words[layout.BETS + seat] = state.bets[seat]
        words[layout.LEVEL + seat] = state.levels[seat]
        words[layout.BALLOONS + seat] = state.balloons[seat]
        words[layout.DOVES + seat] = state.doves[seat]
        words[layout.CROWS + seat] = state.crows[seat]
        for value in state.clouds[seat]:
            words[layout.CLOUDS + layout.CLOUD_VALUES * seat + value] += 1
    for value, left in enumerate(state.pool()):
        words[layout.POOL + value] = left
    skill = state.skill
    for t in range(layout.CARD_TYPES):
        words[layout.DECK + t] = state.deck[t]
        words[layout.FULL_DECK + t] = state.full_deck.counts[t]
        words[layout.CARD_EFFECT + t] = skill.cards[t] + layout.OFFSET
    for seat in range(layout.SEATS):
        for partner in range(layout.SEATS):
            words[layout.BASE + layout.SEATS * seat + partner] = skill.base[seat][partner]
        words[layout.ASSIST + seat] = skill.assist[seat] + layout.OFFSET
        words[layout.DISTURB + seat] = skill.disturb[seat] + layout.OFFSET
    return np.array(words, dtype=np.uint64)
