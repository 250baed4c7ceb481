"""The light policy of hop (the `policy` engine and MCTS's playouts, docs/rules/hop.md section 8):
the best thrower as partner, the assister who helps most, the turbulator who disturbs least, a
bet on the likelier result. Expected picks read off solver/games/hop/data/skill/skilled.toml."""

import pytest

from solver.engines.registry import EngineSpec, run_engine
from solver.games.hop.hop_binding import kernel_name, to_kernel
from solver.games.hop.hop_notation import format_move, parse_position

SKILLED = " skill=skilled"
CASES = [
    # A's partners on the skilled table: B 0.7, C 0.4, D 0.5, E 0.6: B.
    ("1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A partner --- - ----- - 20/10/10/5/5", "partner:B"),
    # B's: A 0.6, C 0.5, D 0.3, E 0.7: E.
    ("1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- B partner --- - ----- - 20/10/10/5/5", "partner:E"),
    # A throws to B with an assister card: C adds 0.2, anyone else 0.1: C.
    ("1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A assister B-- assister ----- - 20/9/10/5/5", "assister:C"),
    # Four players, A to B with a turbulator card: C takes 0.1 off (the default), D 0.2: C.
    ("1/1/1/1 5/5/5/5 -/-/-/- -/-/-/- A turbulator B-- turbulator ---- - 20/10/9/5/5", "turbulator:C"),
    # A to B on a plain card lands 0.7 of the time: happy.
    ("1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A bet B-- plain ----- - 19/10/10/5/5", "happy"),
    # A to C on a harder card: 0.4 - 0.2 = 0.2: sad.
    ("1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A bet C-- harder ----- - 20/10/10/4/5", "sad"),
]


@pytest.mark.parametrize("text, expected", CASES)
def test_the_policy_picks_by_the_skill_model(text, expected):
    """One pick per decision kind; the seed does not matter where there is no tie."""
    state = parse_position(text + SKILLED)
    words = to_kernel(state)
    for seed in (1, 2, 3):
        analysis = run_engine(EngineSpec.build("policy", {"seed": seed}), kernel_name(words), words)
        assert format_move(state, analysis.best.move) == expected
