"""The Hard computer player for the tarot base games (Scarto, Tarocchi, Conference): Normal's
determinized search (:mod:`.search`) with more effort where it tells.

(figures and what was tried: see docs/development.md)
"""

from __future__ import annotations

import random

from games.core.actions import Action

from .search import Effort, decide
from .state import TarotTableState

EFFORT = Effort(budget=7000, min_deals=2, max_deals=80, shortlist=6, shortlist_deals=6, exact_tree=240,
                discard_candidates=24, discard_budget=56000, discard_max_deals=150, last_hand_win=30.0)


def choose_hard(state: TarotTableState, seat: int, rng: random.Random) -> Action:
    return decide(state, seat, rng, effort=EFFORT).action
