"""Fscking Ace's computer player: push your luck by expected value.

The player knows what every player may know: the cards already turned up this round (scored,
in this turn's flips, or discarded), hence how many of each kind are still unseen, but never the
order of the stock. Unseen cards are sorted into kinds that matter to the money (a plain card,
a red 2, a 2 of clubs, each joker, the Ace of spades, the 2 of spades, another spade), and the
next card is taken to be any unseen one with equal chance.

Stopping now is valued as the expected result of the round with the turn's cards banked: the
scored value and the $1 stake (received unless this player ends up the loser, taken as one
chance in the number of players), the chance of the most-cards bonus, less the expected loss as
the loser, doubled for each 2 of spades kept. Flipping is valued by looking a few cards ahead:
the Ace of spades makes this player the loser now, paying everyone's current value plus $1 and
the bonus; another spade wipes out the turn's cards (the 2 of spades is kept, with its
doubling); any other card joins the turn and the player chooses again. The player flips while
that is worth more than stopping.

``explain`` puts those same figures in words (the cards on the line, how many unseen cards would
end the turn, what the Ace would cost, the expected gain or loss of another flip), and
``choose_easy`` is a beginner who never counts: it stops once three cards are on the line.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from games.core.actions import Action
from games.core.cards import short
from games.core.stakes import money

from .rules import FsckingAceState, pack_for
from .values import ACE, BONUS_PER_PLAYER, CLUB_TWO, DOLLAR, JOKER_FACE, RED_TWOS, SPADE_TWO, STAKE, is_spade

# Kinds of card, by what they do to a pile.
PLAIN, RED2, CLUB2, JOKER5, JOKER10, SPADE2, SPADE, THE_ACE = range(8)
NON_SPADES = (PLAIN, RED2, CLUB2, JOKER5, JOKER10)
LOOKAHEAD = 3  # cards ahead the player considers within a turn

# A pile summary: (regular cards, joker cents, red 2s, 2s of clubs, 2s of spades, cards).
PileT = tuple[int, int, int, int, int, int]


def kind(tok: str) -> int:
    if tok == ACE:
        return THE_ACE
    if tok == SPADE_TWO:
        return SPADE2
    if is_spade(tok):
        return SPADE
    if tok in RED_TWOS:
        return RED2
    if tok == CLUB_TWO:
        return CLUB2
    if tok in JOKER_FACE:
        return JOKER5 if JOKER_FACE[tok] == 5 * DOLLAR else JOKER10
    return PLAIN


@lru_cache(maxsize=64)
def pack_kinds(players: int, remove_extra_twos: bool) -> tuple[int, ...]:
    counts = [0] * 8
    for tok in pack_for(players, remove_extra_twos):
        counts[kind(tok)] += 1
    return tuple(counts)


def summary(tokens: tuple[str, ...]) -> PileT:
    pile = (0, 0, 0, 0, 0, 0)
    for tok in tokens:
        pile = add(pile, kind(tok))
    return pile


def add(p: PileT, k: int) -> PileT:
    reg, jok, red, club, spade, n = p
    if k == JOKER5:
        return (reg, jok + 5 * DOLLAR, red, club, spade, n + 1)
    if k == JOKER10:
        return (reg, jok + 10 * DOLLAR, red, club, spade, n + 1)
    return (reg + 1, jok, red + (k == RED2), club + (k == CLUB2), spade + (k == SPADE2), n + 1)


def merge(a: PileT, b: PileT) -> PileT:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def worth(p: PileT) -> int:
    return p[0] * DOLLAR * (1 << p[2]) + p[1] * (1 << p[3])


class RoundModel:
    """The round as this player sees it, and what a pile would be worth at its end."""

    def __init__(self, players: int, loss: int, rival: int, unseen: list[int]) -> None:
        self.q = 1 / players  # the chance of ending up the loser, from here, if nothing else is known
        self.loss = loss  # what turning up the Ace costs, before doubling
        self.pot = BONUS_PER_PLAYER * players
        self.rival = rival  # the most cards another seat has scored
        self.unseen = unseen  # unseen cards by kind
        # How far the card counts may still move before the round ends: about half the unseen
        # cards will be flipped, shared among the players.
        self.spread = max(0.75, 0.8 * math.sqrt(sum(unseen) / (2 * players)))

    @classmethod
    def seen_by(cls, state: FsckingAceState, seat: int) -> RoundModel:
        """The round as ``seat`` sees it: the others' scored piles and every card turned up."""
        n = state.players
        others = [s for s in range(n) if s != seat]
        values = [worth(summary(state.scored[s])) for s in others]
        unseen = list(pack_kinds(n, state.remove_extra_twos))
        for tok in state.seen():
            unseen[kind(tok)] -= 1
        return cls(n, sum(v + STAKE for v in values) + BONUS_PER_PLAYER * n,
                   max(len(state.scored[s]) for s in others), unseen)

    def lead_chance(self, cards: int) -> float:
        return 1 / (1 + math.exp(-(cards - self.rival) / self.spread))

    def stop_value(self, pile: PileT) -> float:
        """The round's expected result for this player with ``pile`` scored."""
        win = worth(pile) + STAKE + self.pot * self.lead_chance(pile[5])
        return (1 - self.q) * win - self.q * self.loss * (1 << pile[4])

    def flip_value(self, scored: PileT, turn: PileT, depth: int) -> float:
        """The expected result of flipping one more card, choosing well afterwards."""
        unseen = self.unseen
        total_cards = sum(unseen)
        if total_cards <= 0:
            return -math.inf
        total = 0.0
        for k in range(8):
            count = unseen[k]
            if not count:
                continue
            p = count / total_cards
            if k == THE_ACE:
                total += p * -(self.loss * (1 << scored[4]))
            elif k == SPADE2:
                total += p * self.stop_value(add(scored, SPADE2))
            elif k == SPADE:
                total += p * self.stop_value(scored)
            else:
                more = add(turn, k)
                best = self.stop_value(merge(scored, more))
                if depth > 1:
                    unseen[k] -= 1
                    best = max(best, self.flip_value(scored, more, depth - 1))
                    unseen[k] += 1
                total += p * best
        return total


@dataclass(frozen=True)
class Weighing:
    """What the player weighed before a flip or a stop, all of it face up or counted from what is:
    the expected result of the round (cents) if it flips again and if it stops now, and the
    figures behind them."""

    flip: float  # flipping again, choosing well afterwards (``LOOKAHEAD`` cards deep)
    stop: float  # stopping now (-inf before the turn's first flip: there is nothing to stop with)
    at_stake: int  # this turn's cards, lost to a spade
    banked: int  # the cents stopping now adds to the seat's pile
    spades: int  # unseen cards that would end the turn (every spade, the Ace and the 2 of spades included)
    unseen: int  # cards not yet turned up this round
    ace: bool  # the Ace is still unseen (always, while the round is on)
    ace_cost: int  # what turning up the Ace now would cost the seat, doubling included
    kept_twos: int  # 2s of spades the seat kept this round

    @property
    def flips(self) -> bool:
        return self.flip > self.stop


def weigh(state: FsckingAceState, seat: int, depth: int = LOOKAHEAD) -> Weighing:
    """Flipping again against stopping now, for the seat to move, from what is face up. Before
    the turn's first flip there is nothing to weigh (the flip is compulsory): only the counts."""
    model = RoundModel.seen_by(state, seat)
    scored, turn = summary(state.scored[seat]), summary(state.flips)
    both = merge(scored, turn)
    unseen = model.unseen
    on_the_line = bool(state.flips)
    return Weighing(
        flip=model.flip_value(scored, turn, depth) if on_the_line else math.inf,
        stop=model.stop_value(both) if on_the_line else -math.inf,
        at_stake=len(state.flips),
        banked=worth(both) - worth(scored),
        spades=unseen[SPADE] + unseen[SPADE2] + unseen[THE_ACE],
        unseen=sum(unseen),
        ace=unseen[THE_ACE] > 0,
        ace_cost=model.loss * (1 << scored[4]),
        kept_twos=scored[4],
    )


def wants_to_flip(state: FsckingAceState, seat: int, depth: int = LOOKAHEAD) -> bool:
    """Whether another flip is worth more than stopping now (the turn has cards on the line)."""
    return weigh(state, seat, depth).flips


def _decide(state: FsckingAceState, seat: int, counts: bool = False) -> tuple[Action, Weighing | None]:
    """The move, and what was weighed for it: ``choose`` and ``explain`` both come from here, so
    a reason always matches the move. None between rounds, and for the turn's compulsory first
    flip unless ``counts`` asks for the figures anyway (``explain`` does; ``choose`` need not)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to do now")
    tokens = {a.token: a for a in legal}
    if "next" in tokens:
        return tokens["next"], None
    if "stop" not in tokens:
        return tokens["flip"], weigh(state, seat) if counts else None
    weighing = weigh(state, seat)
    return (tokens["flip"] if weighing.flips else tokens["stop"]), weighing


def choose(state: FsckingAceState, seat: int, rng: random.Random) -> Action:
    """Flip or stop by expected value; between rounds, play on. ``rng`` is unused: the choice is
    a calculation, the same every time."""
    return _decide(state, seat)[0]


# -- reasons in plain words (explain) --------------------------------------------------------

NEARLY_EVEN = 5  # cents: a smaller gap between flipping and stopping is called "nearly even"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _ends(w: Weighing, whose: str) -> str:
    """How many unseen cards would end the turn: "5 of the 40 unseen cards would end your turn"."""
    return f"{w.spades} of the {w.unseen} unseen cards would end {whose} turn"


def _doubled(w: Weighing) -> str:
    """What the seat's kept 2s of spades do to what it would pay: " (doubled: your kept 2♠)"."""
    if not w.kept_twos:
        return ""
    times = "doubled" if w.kept_twos == 1 else f"\u00d7{1 << w.kept_twos}"
    return f" ({times}: your kept {short(SPADE_TWO)})"


def _ace(w: Weighing) -> str:
    return f"the Ace would cost you {money(w.ace_cost)}{_doubled(w)}"


def _stop_reasons(w: Weighing) -> tuple[str, ...]:
    first = (f"Stopping banks your {_cards(w.at_stake)} (+{money(w.banked)}) now: "
             f"{w.spades} of the {w.unseen} unseen cards would lose them")
    # The two ways a flip goes wrong: a spade throws the turn's cards away; the Ace costs far more.
    ace_risk = w.ace_cost if w.ace else 0
    spade_risk = (w.spades - w.ace) * w.banked
    gap = round(w.flip - w.stop)
    if w.flips:  # not the computer's choice: say what it would have weighed
        return first, f"Though on average another flip would gain about {money(max(1, gap))}"
    if ace_risk > spade_risk:
        return first, f"One of those is the Ace: it would cost you {money(w.ace_cost)}{_doubled(w)}"
    if gap <= -NEARLY_EVEN:
        return first, f"On average another flip would cost you about {money(-gap)} against stopping"
    return first, "Flipping again and stopping are nearly even; stopping is the safer"


def _flip_reasons(w: Weighing) -> tuple[str, ...]:
    only = "Only " if 3 * w.spades <= w.unseen else ""
    first = f"{only}{_ends(w, 'your')}" + (": flip again" if w.flips else "")
    risk = f"your {_cards(w.at_stake)} (+{money(w.banked)})"
    gap = round(w.flip - w.stop)
    if not w.flips:
        return first, f"Risking {risk} costs about {money(max(1, -gap))} on average against stopping"
    if gap >= NEARLY_EVEN:
        return first, f"Worth risking {risk}: another flip gains about {money(gap)} on average"
    return first, f"Worth risking {risk}, just: flipping and stopping are nearly even"


def explain(state: FsckingAceState, seat: int, action: Action) -> tuple[str, ...]:
    """One or two reasons for ``action`` from what the computer weighed for ``seat``: the cards
    on the line, how many unseen cards would end the turn, what the Ace would cost, and the
    expected results of flipping and stopping. Counts only: never which card comes next."""
    token = action.token
    if state.phase != "play":
        if token == "end":
            return ("Ends the game here: the money won and lost so far stands",)
        if token == "join":
            return ("Seats a newcomer, who plays from the next round with a bigger pack",)
        return ("Plays another round: a fresh shuffle, and every pile starts empty",)
    _, w = _decide(state, seat, counts=True)
    assert w is not None
    if not state.flips:
        first = "Every turn starts with a flip; a spade cannot touch the cards you already scored"
        ends = "ends" if w.spades == 1 else "end"
        return first, f"{w.spades} of the {w.unseen} unseen cards {ends} a turn; {_ace(w)}"
    if token == "stop":
        return _stop_reasons(w)
    return _flip_reasons(w)


# -- the Easy computer -----------------------------------------------------------------------

EASY_CARDS = 3  # the Easy player's rule of thumb: stop once three cards are on the line
EASY_SESSION = 10  # and, asked between rounds, it calls it a night after this many rounds


def choose_easy(state: FsckingAceState, seat: int, rng: random.Random) -> Action:
    """A beginner's rule of thumb, with no counting: flip until three cards are on the line, then
    stop. Between rounds it plays on, and ends the game once ten rounds have been played (the
    table's own buttons decide that in play; a benchmark needs its games to end). ``rng`` is
    unused."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to do now")
    tokens = {a.token: a for a in legal}
    if state.phase != "play":
        return tokens["end"] if state.round_no >= EASY_SESSION and "end" in tokens else tokens["next"]
    if "stop" in tokens and len(state.flips) >= EASY_CARDS:
        return tokens["stop"]
    return tokens["flip"]
