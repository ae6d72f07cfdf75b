"""How leaderboards rank members.

A raw win rate puts anyone with one lucky win in one game at the top. We rank by the lower bound
of the Wilson score interval (95%, z = 1.96) of the win rate instead, counting a draw as half a
win: it is the win rate we are fairly sure a member plays at *at least*, so it rises with both
the rate and the number of games. One win in one game rates 0.21; eight in ten rates 0.49;
thirty in a hundred rates 0.22. Ties go to more wins, then more games.
"""

from __future__ import annotations

import math

Z = 1.96


def wilson_lower_bound(successes: float, trials: int, z: float = Z) -> float:
    """Lower bound of the Wilson score interval for ``successes`` out of ``trials`` (0 if none)."""
    if trials <= 0:
        return 0.0
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    margin = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, (centre - margin) / (1 + z2 / trials))


def rating(wins: int, draws: int, games: int) -> float:
    """A member's leaderboard rating: Wilson lower bound with draws as half wins."""
    return wilson_lower_bound(wins + draws / 2, games)
