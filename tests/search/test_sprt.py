"""`caldera match --sprt`: fishtest's GSPRT log-likelihood ratio on pentanomial pair counts
(solver/commands/sprt.py), its bounds and verdicts, and a seeded SPRT match that accepts H1."""

import json
import math

import pytest

from solver.commands.sprt import Sprt, SprtState, llr, pentanomial, secular_root
from tests.cli_cases import one_line_error, run


def test_bounds_are_walds():
    """alpha = beta = 0.05: log(0.05 / 0.95) = -log(19) = -2.944439, log(0.95 / 0.05) = +2.944439."""
    lower, upper = Sprt().bounds
    assert lower == pytest.approx(-math.log(19), abs=1e-12)
    assert upper == pytest.approx(math.log(19), abs=1e-12)
    # alpha 0.1, beta 0.2: log(0.2 / 0.9) = -1.504077, log(0.8 / 0.1) = log 8 = 2.079442.
    assert Sprt(alpha=0.1, beta=0.2).bounds == pytest.approx((-1.504077, 2.079442), abs=1e-6)


# Hand-checked pentanomial vectors. The pair means are a = 0, 1/4, 1/2, 3/4, 1 with
# probabilities p_i = n_i / N; s(elo) = 1 / (1 + 10 ** (-elo / 400)), so s(0) = 0.5,
# s(10) = 1 / (1 + 10 ** -0.025) = 0.5143871842, s(+-5) = 0.5 +- 0.0071950817.
# For a hypothesis s the likelihood-maximising distribution is p_i / (1 + x (a_i - s)) with
# sum p_i (a_i - s) / (1 + x (a_i - s)) = 0, and LLR = N sum p_i log((1 + x0 (a_i - s0)) /
# (1 + x1 (a_i - s1))) (fishtest's LLRcalc.LLR_logistic, expectation statistic).


def test_llr_of_a_symmetric_vector_at_elo0_zero():
    """1-2-3-2-1: N = 9, mean exactly 1/2 = s0, so x0 = 0 (the data already have mean s0) and
    LLR = -9 sum p_i log(1 + x1 (a_i - s1)). The root for s1 = 0.5143871842 is x1 = -0.1725395334:
    the five terms (a_i - s1) / (1 + x1 (a_i - s1)) are -0.47246, -0.25285, -0.01435, +0.24560,
    +0.53002; weighted 1, 2, 3, 2, 1 they sum to 0 (-0.47246 - 0.50570 - 0.04305 + 0.49120 +
    0.53002 = 0.00001). The logs log(1 + x1 d_i) are +0.085032, +0.044607, +0.002479, -0.041502,
    -0.087507, and -(0.085032 + 2 * 0.044607 + 3 * 0.002479 - 2 * 0.041502 - 0.087507) =
    -0.011172 (-0.0111740587 from unrounded logs). (The normal approximation, N (s1 - s0)
    (2 s - s0 - s1) / (2 var) with var = 1/12, gives -0.011178: a hair away, as it should be.)"""
    assert secular_root([(i / 4, n / 9) for i, n in enumerate((1, 2, 3, 2, 1))], 0.5143871842) == \
        pytest.approx(-0.1725395334, abs=1e-9)
    assert llr([1, 2, 3, 2, 1], 0, 10) == pytest.approx(-0.0111740587, abs=1e-9)


def test_llr_of_a_symmetric_vector_between_mirrored_hypotheses_is_zero():
    """10-20-40-20-10 with elo0 = -5, elo1 = +5: the data are symmetric about 1/2 and s0 = 1 - s1,
    so mirroring a -> 1 - a maps the best fit under s0 onto the best fit under s1 (x0 = -x1 =
    0.0959013639): both are equally likely, LLR = 0."""
    assert llr([10, 20, 40, 20, 10], -5, 5) == pytest.approx(0.0, abs=1e-12)


def test_llr_of_lopsided_vectors_matches_fishtest():
    """2-5-10-8-5 (N = 30, mean 0.575, var 0.0797917) for elo 0 / 10: roots x0 = 0.8757836770,
    x1 = 0.7194861147 (each makes the secular sum vanish); LLR = 30 sum p_i log((1 + x0 (a_i -
    0.5)) / (1 + x1 (a_i - 0.5143871842))) = 0.3444933040; the normal approximation 30 *
    0.0143872 * (1.15 - 1.0143872) / (2 * 0.0797917) = 0.36678 is near it.
    3-4-10-12-20 (N = 49, mean 5/7): x0 = 1.5195422193, x1 = 1.4413942643, LLR = 1.0436825745.
    0-1-3-5-9: the zero becomes 0.001 (fishtest's regularize), N = 18.001, LLR = 0.5105527363.
    (Roots and sums computed with fishtest's own LLRcalc.py, commit b8eecff2, and scipy's brentq.)"""
    assert secular_root([(i / 4, n / 30) for i, n in enumerate((2, 5, 10, 8, 5))], 0.5) == \
        pytest.approx(0.8757836770, abs=1e-9)
    assert llr([2, 5, 10, 8, 5], 0, 10) == pytest.approx(0.3444933040, abs=1e-9)
    assert llr([3, 4, 10, 12, 20], 0, 10) == pytest.approx(1.0436825745, abs=1e-9)
    assert llr([0, 1, 3, 5, 9], 0, 10) == pytest.approx(0.5105527363, abs=1e-9)


def test_pentanomial_and_verdicts():
    """Pair scores 0, 1/2, 1, 3/2, 2 count into LL, LD, LW+DD, DW, WW; all-WW pairs accept H1
    once the LLR passes log 19, an even split of LL and WW accepts H0 against elo1 = 200."""
    assert pentanomial([0, 0.5, 1, 1, 1.5, 2, 2, 2]) == [1, 1, 2, 1, 3]
    test = Sprt(0, 200)
    assert SprtState(test, [2.0] * 4).verdict is None  # LLR 1.67 (all WW, 4 pairs)
    assert SprtState(test, [2.0] * 8).verdict == "H1"  # LLR 3.35
    assert SprtState(test, [0.0, 2.0] * 10).verdict == "H0"


@pytest.mark.parametrize("text", ["elo0=0", "elo0=10,elo1=0", "elo0=0,elo1=x", "elo0=0,elo1=10,gamma=1",
                                  "elo0=0,elo1=10,alpha=0.7", "elo0=0,elo1=1000000", "elo0=0,elo1=1e400"])
def test_bad_sprt_is_one_line(text):
    """A malformed --sprt is refused in one line naming it. Before: an Elo so large that its score
    rounds to 1 (or inf) was an internal error (ValueError: the secular equation ...) after the first pair."""
    assert "--sprt" in one_line_error("match", "penguins", "random", "random", "--sprt", text)


@pytest.mark.parametrize("args", [["--games", "1"], ["--position", "start3"]])
def test_sprt_needs_pairs_of_two_player_games(args):
    """Fewer than two games, or a position of more than two seats, cannot make a pair."""
    game = "island" if "start3" in args else "penguins"
    assert "--sprt" in one_line_error("match", game, "random", "random", "--sprt", "elo0=0,elo1=10", *args)


def test_sprt_match_accepts_h1():
    """alphabeta:depth=4 against alphabeta:depth=2 on pond (seed 1): the deeper search wins
    nearly every pair, so the test stops at H1 long before the 100,000-game cap, on a whole
    number of pairs, with the LLR past the upper bound."""
    code, out, _ = run("match", "penguins", "alphabeta:depth=4", "alphabeta:depth=2", "--position", "pond",
                       "--seed", "1", "--sprt", "elo0=0,elo1=200", "--json")
    assert code == 0
    data = json.loads(out)
    sprt = data["sprt"]
    assert sprt["verdict"] == "H1"
    assert sprt["llr"] >= sprt["upper_bound"] == pytest.approx(math.log(19))
    assert data["games"] == 2 * sprt["pairs"] < 40
    assert sum(sprt["pentanomial"]) == sprt["pairs"]
    assert sprt["llr"] == pytest.approx(llr(sprt["pentanomial"], 0, 200))
