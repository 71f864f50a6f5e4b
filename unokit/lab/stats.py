"""The statistics of the lab, duels and tournaments: Wilson intervals, Newcombe differences of rates,
running moments with confidence intervals of means and their differences."""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["Z95", "wilson", "newcombe_diff", "Moments", "rate_summary", "mean_diff"]

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``k/n`` (95% by default); ``(0, 1)`` when ``n == 0``.

    >>> wilson(0, 10)[0], round(wilson(10, 10)[0], 4)
    (0.0, 0.7225)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def newcombe_diff(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """``p1 - p2`` with Newcombe's hybrid score interval (method 10), built from Wilson intervals.

    >>> d, lo, hi = newcombe_diff(56, 70, 48, 80)
    >>> round(d, 4), round(lo, 4), round(hi, 4)
    (0.2, 0.0524, 0.3339)
    """
    if n1 <= 0 or n2 <= 0:
        return (0.0, -1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (d, lo, hi)


@dataclass
class Moments:
    """Count, sum and sum of squares: a mean with its standard error, mergeable across chunks.

    >>> m = Moments(); [m.add(x) for x in (1, 2, 3, 4)] and None
    >>> m.mean, round(m.se, 4), [round(v, 3) for v in m.ci()]
    (2.5, 0.6455, [1.235, 3.765])
    """

    n: int = 0
    s: float = 0.0
    ss: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.s += x
        self.ss += x * x

    def merge(self, o: Moments) -> None:
        self.n += o.n
        self.s += o.s
        self.ss += o.ss

    @property
    def mean(self) -> float:
        return self.s / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        if self.n < 2:
            return 0.0
        var = (self.ss - self.s * self.s / self.n) / (self.n - 1)
        return math.sqrt(max(var, 0.0))

    @property
    def se(self) -> float:
        return self.sd / math.sqrt(self.n) if self.n else 0.0

    def ci(self, z: float = Z95) -> tuple[float, float]:
        """mean ± z·SE (normal approximation, 95% by default)."""
        m, h = self.mean, z * self.se
        return (m - h, m + h)

    def to_dict(self) -> dict:
        return {"n": self.n, "s": self.s, "ss": self.ss}

    @classmethod
    def from_dict(cls, d: dict) -> Moments:
        return cls(int(d["n"]), float(d["s"]), float(d["ss"]))

    def summary(self, digits: int = 3) -> dict:
        lo, hi = self.ci()
        return {"mean": round(self.mean, digits), "lo": round(lo, digits), "hi": round(hi, digits),
                "se": round(self.se, digits + 1), "sd": round(self.sd, digits), "n": self.n}


def rate_summary(k: int, n: int, digits: int = 4) -> dict:
    lo, hi = wilson(k, n)
    return {"rate": round(k / n, digits) if n else 0.0, "lo": round(lo, digits), "hi": round(hi, digits),
            "k": k, "n": n}


def mean_diff(a: Moments, b: Moments, z: float = Z95) -> tuple[float, float, float]:
    """``mean(a) - mean(b)`` with a normal interval for independent samples."""
    d = a.mean - b.mean
    h = z * math.sqrt(a.se ** 2 + b.se ** 2)
    return (d, d - h, d + h)
