"""The sequential probability ratio test of `caldera match --sprt`: game pairs until the
generalized log-likelihood ratio (GSPRT) of the pentanomial pair results crosses its bounds.

The maths is fishtest's (official-stockfish/fishtest, server/fishtest/stats/LLRcalc.py,
LLR_logistic, and sprt.py for the bounds; commit b8eecff2):

- A pair is two games from the same opening with the engines' seats swapped (solver/commands/match.py
  plays games 2k and 2k+1 so). Its result is engine A's total score over the two, 0, 1/2, 1,
  3/2 or 2: the pentanomial counts (LL, LD+DL, LW+DD+WL, DW+WD, WW).
- Zero counts become 1e-3 (`regularize`); the empirical distribution puts probability
  n_i / N on the pair's mean score a_i = i / 4.
- For a hypothesis "A's expected score is s" the maximum-likelihood distribution is
  p_i / (1 + x (a_i - s)), x the root of sum p_i (a_i - s) / (1 + x (a_i - s)) = 0
  (the secular equation, `MLE_expected`); fishtest finds it with scipy's brentq, here by
  bisection (the left side falls strictly in x between its poles).
- LLR = N * sum p_i (log p1_i - log p0_i) for s0, s1 = the scores of elo0, elo1 on the
  logistic curve 1 / (1 + 10 ** (-elo / 400)).
- The test accepts H0 (elo0) once LLR <= log(beta / (1 - alpha)), H1 (elo1) once LLR >=
  log((1 - beta) / alpha).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from solver.commands.estimate import Z95
from solver.commands.match import elo_from_score, score_from_elo
from solver.errors import CalderaError
from solver.limits import Range

REGULARIZE = 1e-3  # fishtest's stand-in for a zero count
SPRT_MAX_GAMES = 100_000  # the most games of an SPRT match when --games is not given
ELO = Range(float, -2000, 2000)  # an Elo a test can ask of: far beyond it the expected score rounds to 0 or 1


@dataclass(frozen=True)
class Sprt:
    """The hypotheses and error rates of an SPRT: H0 elo <= elo0 against H1 elo >= elo1."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    @staticmethod
    def parse(text: str) -> Sprt:
        """Read `elo0=0,elo1=10[,alpha=0.05,beta=0.05]`."""
        values = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq or key not in ("elo0", "elo1", "alpha", "beta"):
                raise CalderaError(f"--sprt {text}: write elo0=E0,elo1=E1[,alpha=A,beta=B], not '{item}'")
            if key in ("elo0", "elo1"):
                values[key] = ELO.check(f"--sprt {key}", value)
                continue
            try:
                values[key] = float(value)
            except ValueError:
                raise CalderaError(f"--sprt {text}: {key} must be a number, not '{value.strip()}'") from None
        if "elo0" not in values or "elo1" not in values:
            raise CalderaError(f"--sprt {text}: give both elo0 and elo1, e.g. --sprt elo0=0,elo1=10")
        sprt = Sprt(**values)
        if not sprt.elo0 < sprt.elo1:
            raise CalderaError(f"--sprt {text}: elo0 must be below elo1")
        for name in ("alpha", "beta"):
            if not 0 < getattr(sprt, name) < 0.5:
                raise CalderaError(f"--sprt {text}: {name} must be between 0 and 0.5")
        return sprt

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper): accept H0 at or below the lower, H1 at or above the upper."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def text(self) -> str:
        """The test as written on the command line."""
        return f"elo0={self.elo0:g},elo1={self.elo1:g},alpha={self.alpha:g},beta={self.beta:g}"


def pentanomial(pair_scores: list[float]) -> list[int]:
    """Counts of pairs by A's total score 0, 1/2, 1, 3/2, 2 (LL, LD, LW+DD, DW, WW)."""
    counts = [0] * 5
    for score in pair_scores:
        counts[round(2 * score)] += 1
    return counts


def llr(counts: list[int], elo0: float, elo1: float) -> float:
    """fishtest's LLR_logistic: the GSPRT log-likelihood ratio of pentanomial `counts` for elo1
    against elo0 (logistic Elo)."""
    regular = [n if n else REGULARIZE for n in counts]
    total = sum(regular)
    pdf = [(i / (len(regular) - 1), n / total) for i, n in enumerate(regular)]
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    x0, x1 = secular_root(pdf, s0), secular_root(pdf, s1)
    # p1_i / p0_i = (1 + x0 (a_i - s0)) / (1 + x1 (a_i - s1)): the p_i cancel.
    return total * sum(p * (math.log(1 + x0 * (a - s0)) - math.log(1 + x1 * (a - s1))) for a, p in pdf)


def secular_root(pdf: list[tuple[float, float]], s: float) -> float:
    """The x with sum p_i (a_i - s) / (1 + x (a_i - s)) = 0 (fishtest's `secular`)."""
    shifted = [(a - s, p) for a, p in pdf]
    low_value, high_value = min(a for a, _ in shifted), max(a for a, _ in shifted)
    if low_value * high_value >= 0:
        raise ValueError("the secular equation needs scores on both sides of s")
    epsilon = 1e-9  # fishtest's distance from the poles
    low, high = -1 / high_value + epsilon, -1 / low_value - epsilon

    def f(x):
        return sum(p * a / (1 + x * a) for a, p in shifted)

    for _ in range(200):  # halving an interval of width < 1e6 200 times: far below 1e-12
        middle = (low + high) / 2
        if f(middle) > 0:
            low = middle
        else:
            high = middle
        if high - low < 1e-15:
            break
    return (low + high) / 2


@dataclass
class SprtState:
    """An SPRT under way: the pairs so far, the LLR and the verdict once decided."""

    test: Sprt
    pair_scores: list[float]

    @property
    def counts(self) -> list[int]:
        """The pentanomial counts."""
        return pentanomial(self.pair_scores)

    @property
    def llr(self) -> float:
        """The log-likelihood ratio so far (0 before any pair)."""
        return llr(self.counts, self.test.elo0, self.test.elo1) if self.pair_scores else 0.0

    @property
    def verdict(self) -> str | None:
        """'H1' (A is at least elo1 stronger), 'H0' (at most elo0), None while undecided."""
        if not self.pair_scores:
            return None
        lower, upper = self.test.bounds
        value = self.llr
        return "H1" if value >= upper else "H0" if value <= lower else None

    @property
    def elo(self) -> tuple[float | None, float | None, float | None]:
        """(Elo, 95% low, 95% high) of A from the pair scores' mean and variance (a bound is None
        where the interval leaves the logistic curve)."""
        n = len(self.pair_scores)
        if not n:
            return None, None, None
        means = [score / 2 for score in self.pair_scores]
        mean = sum(means) / n
        margin = Z95 * math.sqrt(sum((m - mean) ** 2 for m in means) / n / n)

        def elo(score):
            return elo_from_score(score) if 0 < score < 1 else None

        return elo(mean), elo(mean - margin), elo(mean + margin)

    def lines(self) -> list[str]:
        """What `caldera match --sprt` adds to its summary."""
        lower, upper = self.test.bounds
        verdict = {"H1": f"H1 accepted: A is at least {self.test.elo1:+g} Elo stronger",
                   "H0": f"H0 accepted: A is at most {self.test.elo0:+g} Elo stronger",
                   None: "no decision yet"}[self.verdict]
        elo, low, high = self.elo
        if elo is None:
            around = "no finite estimate (every pair scored the same)"
        else:
            interval = (f"{low:+.0f} to {high:+.0f}" if low is not None and high is not None else
                        f"above {low:+.0f}" if low is not None else
                        f"below {high:+.0f}" if high is not None else "unbounded")
            around = f"{elo:+.0f} (95% interval {interval})"
        return [
            f"sprt      {self.test.text()}: LLR {self.llr:+.2f} (bounds {lower:+.2f}, {upper:+.2f}) after "
            f"{len(self.pair_scores)} pairs; {verdict}",
            f"pairs     pentanomial {'-'.join(str(n) for n in self.counts)} (A's pair score 0, 1/2, 1, 3/2, 2); "
            f"Elo of the pairs {around}",
        ]

    def as_json(self) -> dict:
        """The SPRT as a JSON-ready dict."""
        lower, upper = self.test.bounds
        elo, low, high = self.elo
        return {"elo0": self.test.elo0, "elo1": self.test.elo1, "alpha": self.test.alpha, "beta": self.test.beta,
                "llr": self.llr, "lower_bound": lower, "upper_bound": upper, "verdict": self.verdict,
                "pairs": len(self.pair_scores), "pentanomial": self.counts, "elo": elo, "elo_low": low,
                "elo_high": high}


def sprt_of(result, test: Sprt) -> SprtState:
    """The SPRT over the complete pairs of a two-seat match result (solver.commands.match.MatchResult)."""
    records = result.records
    pairs = [records[i].a_score + records[i + 1].a_score for i in range(0, len(records) - 1, 2)]
    return SprtState(test, pairs)


def play_sprt(game, start, spec_a, spec_b, test: Sprt, max_games: int, random_plies: int = 2, seed: int = 0,
              on_game=None, should_stop=None, play=None):
    """A match of game pairs until the SPRT decides (or `max_games`, or a stop): (MatchResult,
    SprtState). Two-seat positions only (a pair swaps the two seats). `play` plays the match
    (default solver.commands.match.play_match; solver.commands.cluster.cluster_match on a cluster)."""
    from solver.commands.match import play_match

    if game.player_count(start) != 2:
        raise CalderaError(f"--sprt scores game pairs with the seats swapped: it needs a two-player position, "
                           f"not {game.player_count(start)} players")
    if max_games < 2:
        raise CalderaError(f"--sprt plays game pairs: --games (the most games) must be at least 2, not {max_games}")
    decided = [False]

    def after_game(record, result):
        if len(result.records) % 2 == 0:
            decided[0] = sprt_of(result, test).verdict is not None
        if on_game is not None:
            on_game(record, result)

    def stop() -> bool:
        return decided[0] or (should_stop is not None and should_stop())

    result = (play or play_match)(game, start, spec_a, spec_b, max_games - max_games % 2, random_plies, seed,
                                  on_game=after_game, should_stop=stop)
    result.interrupted = result.interrupted and not decided[0]
    return result, sprt_of(result, test)
