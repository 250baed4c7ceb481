"""The hop search never reads hidden values (issue 13, rulings H-2, H-4): from every full position
consistent with what the player to move sees (the other players' clouds, with the same counts,
and the bets placed before the throw), MCTS makes exactly the same search, decision included.

Why it holds: every simulation starts from the kernel's `determinize` for the seat to move,
which reads only counts, the seat's own clouds and public words (kernels/hop/hop_kernel.py).
With the same seed, the searches must then be identical to the last visit count. The control
test shows the comparison can fail: a change the player does see (their own cloud) changes
the search.
"""

from itertools import combinations_with_replacement, product

import numpy as np

from kernels.hop import hop_kernel
from kernels.rng import new_rng
from solver.engines.registry import EngineSpec, run_engine
from solver.games.hop.hop_binding import kernel_name, to_kernel
from solver.games.hop.hop_notation import parse_position
from solver.games.hop.hop_view import view_of

SPEC = EngineSpec.build("mcts", {"sims": 3000, "seed": 3, "multipv": 8})
# Four players on the skilled table. A holds a 1; B holds one cloud, C two, D none.
PARTNER_TEMPLATE = "2/1/3/2 5/4/5/3 -/d/c/- 1/{b}/{c}/- A partner --- - ---- - 18/9/10/5/4 skill=skilled"
# C partners A's throw; B bet first ({bet}), D is to bet and sees neither B's clouds nor B's bet.
BET_TEMPLATE = "2/1/3/2 5/4/5/3 -/d/c/- 1/{b}/{c}/2 A bet C-- plain -{bet}-- - 17/9/10/5/4 skill=skilled"


def search(text: str):
    """The MCTS result on a full position: every root move with its visits and mean value."""
    words = to_kernel(parse_position(text))
    analysis = run_engine(SPEC, kernel_name(words), words)
    return [(line.move, line.visits, line.score.value) for line in analysis.lines]


def assignments():
    """Every assignment of B's one cloud and C's two consistent with A's and D's views: 3 * 6."""
    for b, c in product("012", combinations_with_replacement("012", 2)):
        yield b, "".join(c)


def test_the_partner_pick_is_the_same_for_every_hidden_cloud_assignment():
    """A picks a partner: 18 assignments of the others' clouds, one search result."""
    texts = [PARTNER_TEMPLATE.format(b=b, c=c) for b, c in assignments()]
    views = {str(view_of(parse_position(t), 0)) for t in texts}
    assert len(views) == 1  # A cannot tell the positions apart ...
    assert len({to_kernel(parse_position(t)).tobytes() for t in texts}) == 18  # ... which do differ
    results = [search(t) for t in texts]
    assert all(r == results[0] for r in results)
    assert len(results[0]) == 3  # partners B, C, D


def test_the_bet_is_the_same_for_every_hidden_cloud_and_bet_assignment():
    """D bets after B: 18 cloud assignments times B's two bets, one search result."""
    texts = [BET_TEMPLATE.format(b=b, c=c, bet=bet) for (b, c), bet in product(assignments(), "hs")]
    assert len({str(view_of(parse_position(t), 3)) for t in texts}) == 1
    results = [search(t) for t in texts]
    assert all(r == results[0] for r in results)
    assert {move for move, _, _ in results[0]} == {0x41, 0x42}  # happy, sad


def test_a_change_the_mover_sees_changes_the_search():
    """Control: A's own cloud a 2 instead of a 1 gives another search (so equal results above are
    not an artefact of the seed)."""
    seen = PARTNER_TEMPLATE.format(b="0", c="01")
    assert search(seen) != search(seen.replace(" 1/0/01/- ", " 2/0/01/- "))


def test_determinize_reads_only_what_the_seat_sees():
    """The kernel's redraw of two positions B cannot tell apart, with the same random stream, is
    the same array: the others' clouds keep their counts, B's own clouds stay, the pool is the rest."""
    first = to_kernel(parse_position(BET_TEMPLATE.format(b="2", c="00", bet="h")))
    second = to_kernel(parse_position(BET_TEMPLATE.format(b="2", c="12", bet="h")))
    outs = []
    for words in (first, second):
        out = np.zeros_like(words)
        hop_kernel.determinize(words, 1, new_rng(7), out)  # as B sees it
        outs.append(out)
    assert np.array_equal(outs[0], outs[1])
    clouds = outs[0][hop_kernel.CLOUDS:hop_kernel.CLOUDS + 12].reshape(4, 3)
    assert clouds.sum(axis=1).tolist() == [1, 1, 2, 1]  # every seat's count kept
    assert clouds[1].tolist() == [0, 0, 1]  # B's own cloud, a 2
    pool = outs[0][hop_kernel.POOL:hop_kernel.POOL + 3]
    assert (pool + clouds.sum(axis=0)).tolist() == [12, 12, 12]  # the box: 12 of each value
