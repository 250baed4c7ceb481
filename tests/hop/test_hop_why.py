"""Why a hop hint is good (issue 35 item 4): a pick and a bet are decided by the throw, so the
reason is the throw's chance with this choice against the best other."""

from solver import api
from solver.engines.registry import EngineSpec
from solver.games.registry import game
from solver.output.hint_words import hint_lines

HOP = game("hop")


def hint(position, after, view=None):
    """The hint lines of a seeded MCTS (reproducible)."""
    state, _ = api.load_position(HOP, position, after)
    if view is not None:
        state = HOP.view_of(state, view)
    return hint_lines(HOP, state, 3, 1.0, None, None, api.search, None, EngineSpec.parse("mcts:sims=5000,seed=1"))


def test_a_pick_says_the_throw_odds_it_decides():
    """endgame3 as A: B catches A's throws at 0.70, C at 0.40 (hop_explain's skill model)."""
    lines = hint("endgame3", "", view=0)
    why = [line for line in lines if line.startswith("   why: ")]
    assert why == ["   why: the throw decides: it lands 70% of the time with B as your partner, 40% with the best other pick",
                   "   why: the throw decides: it lands 40% of the time with C as your partner, 70% with the best other pick"]


def test_a_coin_flip_bet_says_so():
    """On a plain card at start4 the throw lands half the time: either bet is right half the time."""
    lines = hint("start4", "partner:B card:plain")
    assert "   why: the throw decides, and it is a coin flip: it lands half the time, so either bet is right half the time" in lines


def test_a_bet_says_how_often_it_is_right():
    """endgame3 with B as A's partner on a plain card: the throw lands 70% of the time, so sad is
    right 30% of the time and happy 70%."""
    lines = hint("endgame3", "partner:B card:plain")
    assert "   why: the throw decides: it lands 70% of the time, so this bet is right 30% of the time" in lines
    assert "   why: the throw decides: it lands 70% of the time, so this bet is right 70% of the time" in lines
