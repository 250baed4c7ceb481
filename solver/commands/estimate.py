"""A mean with its 95% interval, the normal approximation over per-game samples: what `match`,
`balance` and `balance --moves` report."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval (None where undefined: no games, or no evaluations)."""

    mean: float | None
    low: float | None = None
    high: float | None = None

    def text(self, percent: bool = False, digits: int = 2) -> str:
        """'0.62 (0.57-0.67)', '62.3% (57.5-67.0)', or 'n/a'."""
        if self.mean is None:
            return "n/a"
        scale, unit, digits = (100, "%", 1) if percent else (1, "", digits)
        value = f"{scale * self.mean:.{digits}f}{unit}"
        if self.low is None:
            return value
        return f"{value} ({scale * self.low:.{digits}f}-{scale * self.high:.{digits}f})"

    def as_json(self) -> dict:
        """{"mean": .., "low": .., "high": ..}."""
        return {"mean": self.mean, "low": self.low, "high": self.high}


def mean_interval(samples: list[float], low: float | None = None, high: float | None = None) -> Estimate:
    """The mean of per-game `samples` with the normal approximation's 95% interval, clipped to
    [low, high] where given; no interval from fewer than two samples."""
    n = len(samples)
    if n == 0:
        return Estimate(None)
    mean = sum(samples) / n
    if n < 2:
        return Estimate(mean)
    margin = Z95 * math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1) / n)
    a, b = mean - margin, mean + margin
    return Estimate(mean, a if low is None else max(low, a), b if high is None else min(high, b))


def paired_text(difference: Estimate, first: str, second: str, digits: int = 3) -> str:
    """A paired difference `first` minus `second` in words, e.g. '+0.247 per game, 95% interval
    +0.189 to +0.306 (^b3 is better)'; which is better only where the interval excludes 0."""
    verdict = "neither is better at 95%"
    if difference.low is not None and difference.low > 0:
        verdict = f"{first} is better"
    elif difference.high is not None and difference.high < 0:
        verdict = f"{second} is better"
    return (f"{difference.mean:+.{digits}f} per game, 95% interval {difference.low:+.{digits}f} to "
            f"{difference.high:+.{digits}f} ({verdict})")
