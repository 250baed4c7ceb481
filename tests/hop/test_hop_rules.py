"""Scenario tests of the hop reference rules: one for every rule of the seed and rulings H-1..H-6
(docs/rules/hop.md). Each position is written in the notation (docs/notation.md, "HOP!") and
the expected result is read off the seed's rules by hand, as each test's comments say."""

from fractions import Fraction

import pytest

from solver.games.hop import hop_rules as rules
from solver.games.hop.hop_notation import format_position, parse_move, parse_position
from solver.games.hop.hop_rules import CARD, CLOUD, OVER, PARTNER, THROW


def play(text: str, *moves: str) -> rules.State:
    """The position `text` after the moves (in notation), each checked legal."""
    state = parse_position(text)
    for word in moves:
        state = rules.apply(state, parse_move(state, word))
    return state


# Five players; A hurls to B with an assister card, C assists, D bet happy and E sad.
LANDING_WITH_ASSISTER = "1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A throw BC- assister ---hs - 20/9/10/5/5"
# The same with a turbulator card: D disturbs, C bet happy and E sad.
WITH_TURBULATOR = "1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A throw B-D turbulator --h-s - 20/10/9/5/5"


def test_a_landing_rewards_hurler_partner_assister_and_the_right_bettors():
    """Seed, a successful throw: hurler up a level, partner and assister a cloud each; a happy
    bettor a dove, a sad one a crow."""
    after = play(LANDING_WITH_ASSISTER, "lands")
    assert after.levels == (2, 1, 1, 1, 1)  # only the hurler A went up
    assert after.balloons == (5,) * 5
    assert after.doves == (0, 0, 0, 1, 0) and after.crows == (0, 0, 0, 0, 1)  # D happy: dove; E sad: crow
    assert after.phase == CLOUD and after.draws == (1, 2)  # B (partner) draws first, then C (assister)
    after = play(LANDING_WITH_ASSISTER, "lands", "cloud:2", "cloud:0")
    assert after.clouds == ((), (2,), (0,), (), ())
    assert after.phase == PARTNER and after.hurler == 1  # the rainbow passes to A's left, B
    assert after.bets == (0,) * 5 and after.partner == after.assister == rules.NOBODY


def test_a_miss_costs_the_hurler_a_balloon_and_gives_the_turbulator_a_cloud():
    """Seed, a failed throw: hurler loses a balloon, partner nothing, turbulator a cloud; a sad
    bettor a dove, a happy one a crow."""
    after = play(WITH_TURBULATOR, "misses")
    assert after.balloons == (4, 5, 5, 5, 5) and after.levels == (1,) * 5
    assert after.doves == (0, 0, 0, 0, 1) and after.crows == (0, 0, 1, 0, 0)  # E sad: dove; C happy: crow
    assert after.draws == (3,)  # only D, the turbulator
    assert play(WITH_TURBULATOR, "misses", "cloud:1").clouds == ((), (), (), (1,), ())


def test_the_turbulator_gains_nothing_from_a_landing_nor_the_assister_from_a_miss():
    """Seed: on a landing the turbulator neither loses nor gains; on a miss the partner and the
    assister neither lose nor gain, so nobody draws a cloud and the turn ends at once."""
    landed = play(WITH_TURBULATOR, "lands")
    assert landed.draws == (1,)  # the partner B only, not D
    missed = play(LANDING_WITH_ASSISTER, "misses")
    assert missed.phase == PARTNER and missed.hurler == 1  # no cloud draw: the next turn
    assert missed.clouds == ((),) * 5 and missed.balloons == (4, 5, 5, 5, 5)


def test_three_doves_return_every_bird_and_raise_a_level():
    """Seed: once a player holds 3 doves, all their birds go back and their pawn goes up one
    level. D holds 2 doves and a crow and bets happy on a throw that lands."""
    after = play("1/1/1/3/1 5/5/5/5/5 -/-/-/ddc/- -/-/-/-/- A throw B-- plain --hhs - 19/10/10/5/5", "lands")
    assert after.levels[3] == 4 and after.doves[3] == 0 and after.crows[3] == 0  # dd + the third dove: back, up


def test_three_crows_return_every_bird_and_cost_a_balloon():
    """Seed: once a player holds 3 crows, all their birds go back and they lose a balloon. C holds
    a dove and 2 crows and bets happy on a throw that misses."""
    after = play("1/1/1/1 5/5/3/5 -/-/dcc/- -/-/-/- A throw B-- plain --hs - 19/10/10/5/5", "misses")
    assert after.balloons[2] == 2 and after.doves[2] == 0 and after.crows[2] == 0
    assert after.doves[3] == 1  # D bet sad on the miss: a dove


def test_nobody_bets_when_every_player_has_a_role():
    """Seed: when every player takes part (hurler, partner, assister or turbulator) nobody bets.
    Three players with an assister card: the throw follows the pick."""
    state = play("1/1/1 5/5/5 -/-/- -/-/- A partner --- - --- - 20/10/10/5/5", "partner:B", "card:assister")
    assert rules.legal_moves(state) == [rules.move(rules.PICK_ASSISTER, 2)]  # only C is left
    assert play(format_position(state), "assister:C").phase == THROW


def test_bettors_bet_clockwise_from_the_hurlers_left():
    """H-4: every player in no role bets; the engine takes them clockwise from the hurler's left.
    Six players, D hurls to A: E, F, B, C bet, in that order."""
    state = play("1/1/1/1/1/1 5/5/5/5/5/5 -/-/-/-/-/- -/-/-/-/-/- D partner --- - ------ - 20/10/10/5/5",
                 "partner:A", "card:plain")
    order = []
    while state.phase == rules.BET:
        order.append(rules.to_move(state))
        state = rules.successor(state, parse_move(state, "happy"))
    assert [rules.SEATS[s] for s in order] == ["E", "F", "B", "C"]
    assert state.phase == THROW


def test_the_partner_is_picked_before_the_card_and_any_other_player_may_be_picked():
    """Seed: pick the partner before seeing the challenge; the card is drawn next (chance)."""
    state = parse_position("1/1/1/1 5/5/5/5 -/-/-/- -/-/-/- C partner --- - ---- - 20/10/10/5/5")
    assert [parse_move(state, f"partner:{s}") for s in "ABD"] == rules.legal_moves(state)
    assert rules.successor(state, rules.legal_moves(state)[0]).phase == CARD


def test_the_card_is_drawn_by_the_types_left_and_a_new_deck_follows_the_last_card():
    """H-5: each type as likely as its share of the deck; engine choice: the discards become a
    new deck once the last card is drawn. With 1 plain and 1 harder card left: 1/2 each; after
    the harder card, 1 plain is left; after the plain one, the whole 50-card deck again."""
    state = parse_position("1/1/1 5/5/5 -/-/- -/-/- A card B-- - --- - 1/0/0/1/0")
    assert rules.chance_outcomes(state) == [(rules.move(rules.DRAW_CARD, 0), Fraction(1, 2)),
                                            (rules.move(rules.DRAW_CARD, 3), Fraction(1, 2))]
    assert rules.successor(state, parse_move(state, "card:harder")).deck == (1, 0, 0, 0, 0)
    assert rules.successor(state, parse_move(state, "card:plain")).deck == (0, 0, 0, 1, 0)
    last = parse_position("1/1/1 5/5/5 -/-/- -/-/- A card B-- - --- - 0/0/0/1/0")
    assert rules.successor(last, parse_move(last, "card:harder")).deck == (20, 10, 10, 5, 5)


def test_the_throw_chance_comes_from_the_skill_model():
    """H-1, H-5: the skilled table (solver/games/hop/data/skill/skilled.toml): A to B 0.7; a
    harder card -0.2; C assisting +0.2; D disturbing -0.2; the default turbulator -0.1."""
    base = "1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A throw {roles} {card} {bets} - 20/10/10/5/5 skill=skilled"
    cases = {("B--", "plain", "--hhh"): Fraction(7, 10), ("B--", "harder", "--hhh"): Fraction(5, 10),
             ("BC-", "assister", "---hh"): Fraction(9, 10), ("B-D", "turbulator", "--h-h"): Fraction(5, 10),
             ("B-E", "turbulator", "--hh-"): Fraction(6, 10)}
    for (roles, card, bets), chance in cases.items():
        state = parse_position(base.format(roles=roles, card=card, bets=bets))
        assert rules.throw_chance(state) == chance, (roles, card)
        assert rules.chance_outcomes(state) == [(rules.move(rules.THROW_MOVE, 1), chance),
                                                (rules.move(rules.THROW_MOVE, 0), 1 - chance)]


def test_a_cloud_is_drawn_at_random_from_the_pool():
    """H-3: 36 clouds, 12 of each value; a cloud comes from what is left. B holds two 2s and
    C a 0: the pool holds 11 of value 0, 12 of 1, 10 of 2 (33)."""
    state = parse_position("2/1/1 5/5/5 -/-/- -/22/0 A cloud BC- assister --- BC 20/9/10/5/5")
    assert rules.chance_outcomes(state) == [(rules.move(rules.CLOUD_MOVE, v), Fraction(n, 33))
                                            for v, n in ((0, 11), (1, 12), (2, 10))]


def test_no_cloud_is_won_from_an_empty_pool():
    """Engine choice: with all 36 clouds held, a cloud won is not taken; the turn ends."""
    clouds = "/".join(["000000000000", "111111111111", "222222222222"])
    state = play(f"1/1/1 5/5/5 -/-/- {clouds} A throw B-- plain --h - 19/10/10/5/5", "lands")
    assert state.phase == PARTNER and state.hurler == 1 and sum(map(len, state.clouds)) == 36


def test_losing_the_last_balloon_ends_the_game_after_the_turn():
    """H-6: the game ends after the turn in which a player loses their last balloon: A misses
    with its last balloon, the turbulator still draws its cloud, then the game is over."""
    state = play("2/1/1/1 1/5/5/5 -/-/-/- -/-/-/- A throw B-D turbulator --h- - 20/10/9/5/5", "misses")
    assert state.phase == CLOUD and state.balloons[0] == 0  # the turn is not over yet
    over = play(format_position(state), "cloud:2")
    assert over.phase == OVER and rules.legal_moves(over) == []
    # A's pawn is beside the board: level 0; D has the 2-cloud and level 1: 3 points and the win.
    assert rules.scores(over) == (0, 1, 1, 3) and rules.results(over) == (0.0, 0.0, 0.0, 1.0)


def test_three_crows_on_the_last_balloon_end_the_game_too():
    """H-6 with H-4: C bets happy with 2 crows and 1 balloon; the throw misses: C's third crow
    costs its last balloon, and the game ends after the turn."""
    over = play("1/1/1 5/5/1 -/-/cc -/-/- A throw B-- plain --h - 19/10/10/5/5", "misses")
    assert over.phase == OVER and over.balloons == (4, 5, 0)


def test_several_players_reach_level_7_in_one_turn():
    """Seed note: several players may reach the top in the same turn. A (level 6) lands and D
    (level 6, two doves) bet happy: both reach 7; the partner B draws a cloud, then the game is
    over. Scores: A 7, B 1 + 1, C 1, D 7; A and D tie on score and level: a shared win."""
    state = play("6/1/1/6 5/5/5/5 -/-/-/dd -/-/-/- A throw B-- plain --hh - 19/10/10/5/5", "lands")
    assert state.levels == (7, 1, 1, 7) and state.phase == CLOUD
    over = play(format_position(state), "cloud:1")
    assert over.phase == OVER
    assert rules.scores(over) == (7, 2, 1, 7) and rules.results(over) == (0.5, 0.0, 0.0, 0.5)


def test_a_tie_on_score_goes_to_the_higher_level():
    """H-6: A (level 7, no cloud), B (level 5, 2) and C (level 6, 1) all score 7; A stands
    highest and wins alone."""
    over = parse_position("7/5/6 5/5/5 -/-/- -/2/1 B over --- - --- - 20/10/10/5/5")
    assert rules.scores(over) == (7, 7, 7) and rules.results(over) == (1.0, 0.0, 0.0)


def test_a_tie_on_score_and_level_is_a_shared_win():
    """H-6: A and C both at level 6 with clouds worth 2 (8 points), B reached 7 with none: A and
    C share the win, half each."""
    over = parse_position("6/7/6 5/5/5 -/-/- 2/-/11 C over --- - --- - 20/10/10/5/5")
    assert rules.scores(over) == (8, 7, 8) and rules.results(over) == (0.5, 0.0, 0.5)


def test_the_start_of_a_game():
    """H-3: 3-6 players on level 1 with 5 balloons, no birds, no clouds; the full deck."""
    for players in range(3, 7):
        state = rules.new_game(players)
        assert state.levels == (1,) * players and state.balloons == (5,) * players
        assert state.pool() == (12, 12, 12) and state.deck == (20, 10, 10, 5, 5)
    with pytest.raises(rules.CalderaError, match="3 to 6 players"):
        rules.new_game(7)


def test_the_reference_perft_counts_decisions_and_expands_chance():
    """Perft of the 3-player start, by hand: depth 1 = 2 partners. Depth 2: after each partner
    the card (5 types): plain, harder, easier lead to the one bettor's 2 bets (3 x 2), the
    assister and turbulator cards to the one pick left (2 x 1): 8 per partner, 16 in all."""
    start = rules.new_game(3)
    assert rules.perft(start, 1) == 2
    assert rules.perft(start, 2) == 16
