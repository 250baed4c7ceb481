"""The plan of a full-game Oros hint in words (issue 30 item 4): the mover's next plies of the
line this turn, then the next build as the scripted player's judgement sees it (build_prospect)."""

from solver import api
from solver.engines.registry import EngineSpec
from solver.games.oros import oros_full_rules as rules
from solver.games.oros.oros_full_plan import build_words, plan_words
from solver.games.registry import game
from solver.output.hint_words import hint_lines

OROS = game("oros")
# game1 after the scripted player's first plies and two AI cards: A's follower on b2, the mountain
# at e1 raised by the friendly deck, 4 travel steps away, with no sanctuary on it yet.
ON_THE_WAY = "forced:travel>b2 study>drift:- volcano>study:sanctuary>sanctum study>tectonic:- draw:3 draw:2"


def test_the_next_build_is_the_mountain_in_reach():
    """The judgement's distances name the follower, the mountain, the steps and the kind due there."""
    state, _ = api.load_position(OROS, "game1", ON_THE_WAY)
    assert build_words(state, rules.mover(state)) == (
        "walk your follower from b2 to the mountain at e1 (4 travel steps) and build the standing stones there")


def test_without_a_mountain_the_plan_waits_for_the_ai_zone():
    """At game1 after the forced placement no mountain is buildable: the follower heads for the
    AI zone's sea cell where a deck raises the next one."""
    state, _ = api.load_position(OROS, "game1", "forced:volcano>d1")
    assert build_words(state, rules.mover(state)).startswith("no mountain you may build on is in reach: walk your follower from d1")


def test_hint_on_the_full_game_says_the_plan():
    """Each hinted action comes with its plan: the plies after it this turn, then the next build."""
    state, _ = api.load_position(OROS, "game1", ON_THE_WAY)
    lines = hint_lines(OROS, state, 2, 1.0, None, None, api.search, None, EngineSpec.parse("mcts:sims=300,seed=1"))
    plans = [line for line in lines if line.startswith("   why: plan: ")]
    assert len(plans) == 2, lines
    assert all("next: walk your follower" in line or "next: your follower is at the mountain" in line for line in plans), lines


def test_a_plan_follows_the_line():
    """The mover's next plies of the line are said, the turn's end included, then the next build
    from where they leave the follower (c2: a step nearer e1)."""
    state, _ = api.load_position(OROS, "game1", ON_THE_WAY)
    first = OROS.parse_move(state, "drift>travel:b2-c2")
    after = OROS.successor(state, first)
    end = OROS.parse_move(after, "end")
    assert plan_words(state, (first, end)) == (
        "plan: then this turn: end the turn with 2 actions unused; next: walk your follower from c2 to the mountain "
        "at e1 (3 travel steps) and build the standing stones there")
