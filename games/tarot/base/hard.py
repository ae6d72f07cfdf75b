"""The Hard computer player for the tarot base games (Scarto, Tarocchi, Conference) under every
rule set: Normal's determinized search (:mod:`.search`: perfect-information Monte Carlo over the
deals :mod:`.knowledge` allows, which already infers voids, trumps a seat failed to beat (K-2),
what a hidden discard cannot hold and the Last Laugh's Fool), with an effort of its own:

- twice the card plays a decision (``budget``), up to 80 deals a round rather than 40, six cards
  played out rather than four (chosen over six deals rather than four);
- the dealer's discard: the 24 likeliest handfuls rather than 12, on four times the budget;
- in the game's last hand, the game's result in what a deal is worth: winning it (the highest
  total; partners ahead, half when level) counts 30 points beside the hand's own, so that it plays
  for the game rather than for the points when the totals are close;
- soft inference (:func:`.knowledge._doubts`): a deal is kept with the chance the other seats'
  public plays give it, so a seat that followed suit under another side's card of the suit led
  is seldom dealt a card of that suit that would have taken the trick (each such card weighs
  0.3, 0.09 when it played last and the trick was surely its for the taking).

It reads only what Normal reads (the seat's view and ``hidden_cards``): the scores and the hand's
number are public. Deterministic for a given rng (the budget counts card plays, not time).

Measured head to head against Normal over 400 games (``bench.seat_strength --level hard --baseline
normal``, plain rules; figures and what was tried in docs/development.md, "Scarto, Tarocchi and
Conference"): a Hard partnership in Tarocchi won 55.8 % (95 % 50.9-60.5; goal 55 %), barely at its
goal; Scarto, one Hard seat among two Normal, 36.8 % (32.2-41.6; fair share 33.3 %, goal 40 %), and
Conference's partnership 50.5 % (45.6-55.4): level with Normal. About 50 ms of processor time a
move at the 95th percentile.
"""

from __future__ import annotations

import random

from games.core.actions import Action

from .search import Effort, decide
from .state import TarotTableState

EFFORT = Effort(budget=7000, min_deals=2, max_deals=80, shortlist=6, shortlist_deals=6, exact_tree=240,
                discard_candidates=24, discard_budget=56000, discard_max_deals=150, last_hand_win=30.0,
                soft=0.3)


def choose_hard(state: TarotTableState, seat: int, rng: random.Random) -> Action:
    return decide(state, seat, rng, effort=EFFORT).action
