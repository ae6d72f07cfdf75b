"""Fscking Ace's Hard computer: Normal, corrected by playing the round out where Normal's rough
guesses go most wrong.

Normal weighs a flip against a stop a few cards ahead and takes the rest of the round on rough
guesses: one chance in the number of players of turning up the Ace, a smooth guess at the
most-cards bonus. Late in a round those guesses fail: who turns up the last cards follows from the
cards left and the turn order (four cards left at four players: stopping hands three of them to the
others and the fourth comes back, so one more flip costs no more risk than stopping). And in a game
of set length, the money is not what counts at the end: finishing ahead is.

So Hard plays as Normal does, except once no more than six cards a player are left in the stock,
and in a game's last three rounds. There it plays the rest of the round out, every seat (its own
included, after this decision) choosing as Normal would, from the cards face up now. The play-outs
shuffle only the cards other than the Ace of spades: the Ace is equally likely to be any of the
unseen cards, whatever the order of the rest, so rather than drawing its place too, a play-out
counts every place at once: whoever would flip the k-th card turns up the Ace with chance 1 in the
number of unseen cards, and the round is then settled as the rules settle it. Stopping and flipping
are played out on the same shuffles (the stop's shifted a card, so that the seats after it meet the
same cards); Hard departs from Normal only when their difference is clear of the play-outs' noise.
What a settlement is worth is the money (``Aim``) or, in a game's last rounds, the chance of
finishing ahead. Only the counts of each kind of card unseen are read, never the stock's order.

Measured against Normal (``bench.seat_strength``, ten-round games, 400 each): see
docs/development.md, "Fscking Ace".
"""

from __future__ import annotations

import math
import random

from games.core.actions import Action

from .ai import (
    CLUB2,
    JOKER5,
    JOKER10,
    PLAIN,
    RED2,
    SPADE,
    SPADE2,
    THE_ACE,
    PileT,
    RoundModel,
    add,
    kind,
    merge,
    pack_kinds,
    summary,
    weigh,
    worth,
)
from .rules import FsckingAceState
from .values import BONUS_PER_PLAYER, REVERSE, STAKE

# Play-outs a decision (each counts every place the Ace may be), drawn in batches until the
# difference between flipping and stopping is this many standard errors from nothing.
BATCH, FEWEST_SHUFFLES, MOST_SHUFFLES, CLEAR = 32, 32, 128, 2.0
LATE = 6  # Hard plays out every choice once no more than six cards a player are left,
FINAL_ROUNDS = 3  # and in a game's last three rounds, where finishing ahead is what counts
MODEL_DEPTH = 1  # Normal looks three cards ahead; one card ahead it chooses the same 99.8 % of the time
EMPTY: PileT = (0, 0, 0, 0, 0, 0)
SWING = 7000  # cents: how far two seats' results part in a round, typically (measured: 57-81 dollars)
REVERSE_KIND = 8  # the 7 of spades, told apart from the other spades: it turns the play round


class Aim:
    """What Hard plays for: the round's money, or, where the table set a number of rounds, its
    chance of finishing ahead: for sure after the last round, before it by how far each rival
    would be behind, against how far the money swings in the rounds still to come."""

    def __init__(self, me: int, balances: tuple[int, ...] | None = None, rounds_after: int = 0) -> None:
        self.me = me
        self.balances = balances  # None: money is what counts
        self.swing = SWING * rounds_after ** 0.5

    def value(self, net: list[float]) -> float:
        """How good the round's settlement ``net`` (cents, per seat) is for ``me``."""
        me = self.me
        if self.balances is None:
            return net[me]
        final = [b + x for b, x in zip(self.balances, net, strict=True)]
        if not self.swing:
            best = max(final)
            return 1 / sum(1 for f in final if f == best) if final[me] == best else 0.0
        chance = 1.0
        for s, f in enumerate(final):
            if s != me:
                chance *= 0.5 * (1 + math.erf((final[me] - f) / (self.swing * math.sqrt(2))))
        return chance


class _Round:
    """The round as it stands, in the counts a play-out needs: each seat's scored pile, the unseen
    cards by kind, whose turn and which way play goes; and, worked out again whenever a pile
    changes, what Normal weighs and how good it would be for ``aim`` if each seat turned up the
    Ace now."""

    def __init__(self, piles: list[PileT], unseen: list[int], seat: int, step: int, aim: Aim) -> None:
        self.piles = piles
        self.unseen = unseen  # by Normal's eight kinds, the Ace included
        self.seat = seat
        self.step = step
        self.aim = aim
        self._piles_changed()

    def copy(self) -> _Round:
        return _Round(list(self.piles), list(self.unseen), self.seat, self.step, self.aim)

    def bank(self, seat: int, pile: PileT) -> None:
        self.piles[seat] = pile
        self._piles_changed()

    def _piles_changed(self) -> None:
        piles, n = self.piles, len(self.piles)
        cards = [p[5] for p in piles]
        stakes = [worth(p) + STAKE for p in piles]
        everyone = sum(stakes)
        # Normal's figures for each seat: what the Ace would cost it, the most cards of the others.
        self.loss = [everyone - stakes[s] + BONUS_PER_PLAYER * n for s in range(n)]
        self.rival = [max(cards[:s] + cards[s + 1:]) for s in range(n)]
        # The settlement if each seat turned up the Ace now (the rules' sums, A-1 and A-3), as the
        # aim weighs it.
        self.pay: list[float] = []
        for loser in range(n):
            mult = 1 << piles[loser][4]
            most = self.rival[loser]
            tied = sum(1 for s in range(n) if s != loser and cards[s] == most)
            net = [mult * (stakes[s] + (BONUS_PER_PLAYER * n / tied if cards[s] == most else 0.0))
                   for s in range(n)]
            net[loser] = -mult * self.loss[loser]
            self.pay.append(self.aim.value(net))

    def normal_flips(self, seat: int, turn: PileT) -> bool:
        """Whether Normal, in ``seat`` with ``turn`` on the line, flips again (its own sums, one
        card ahead)."""
        n = len(self.piles)
        model = RoundModel(n, self.loss[seat], self.rival[seat], self.unseen)
        scored = self.piles[seat]
        return model.flip_value(scored, turn, MODEL_DEPTH) > model.stop_value(merge(scored, turn))


def play_out(start: _Round, turn: PileT, order: list[int]) -> float:
    """The expected worth, to the round's aim, of the round from ``start``, the cards other than the Ace
    coming in ``order`` and the Ace equally likely at any place among them. The seat to move flips
    now, with ``turn`` on the line (empty: its turn's compulsory flip)."""
    rnd = start.copy()
    unseen, n = rnd.unseen, len(rnd.piles)
    total = 0.0
    seat = rnd.seat
    for k in order:
        total += rnd.pay[seat]  # the Ace at this place: the seat flipping now loses
        kind_now = SPADE if k == REVERSE_KIND else k
        unseen[kind_now] -= 1
        if kind_now in (SPADE, SPADE2):
            if kind_now == SPADE2:
                rnd.bank(seat, add(rnd.piles[seat], SPADE2))
            if k == REVERSE_KIND:
                rnd.step = -rnd.step
            turn = EMPTY
            seat = (seat + rnd.step) % n
            continue
        turn = add(turn, kind_now)
        if not rnd.normal_flips(seat, turn):
            rnd.bank(seat, merge(rnd.piles[seat], turn))
            turn = EMPTY
            seat = (seat + rnd.step) % n
    total += rnd.pay[seat]  # the Ace last of all
    return total / (len(order) + 1)


def _round_of(state: FsckingAceState) -> tuple[_Round, list[int]]:
    """The round from what is face up, and the unseen cards other than the Ace, by kind (the
    7 of spades apart)."""
    n = state.players
    unseen = list(pack_kinds(n, state.remove_extra_twos))
    reverse_left = sum(1 for t in state.pack if t == REVERSE)
    for tok in state.seen():
        unseen[kind(tok)] -= 1
        reverse_left -= tok == REVERSE
    piles = [summary(state.scored[s]) for s in range(n)]
    cards: list[int] = []
    for k in (PLAIN, RED2, CLUB2, JOKER5, JOKER10, SPADE2):
        cards += [k] * unseen[k]
    cards += [SPADE] * (unseen[SPADE] - reverse_left) + [REVERSE_KIND] * reverse_left
    assert unseen[THE_ACE] == 1
    limit = state.int_option("rounds")
    aim = Aim(state.turn, state.balances, limit - state.round_no) if limit else Aim(state.turn)
    return _Round(piles, unseen, state.turn, state.step, aim), cards


def gain(state: FsckingAceState, seat: int, rng: random.Random) -> tuple[float, float, int]:
    """What flipping again gains over stopping now for ``seat``'s aim (the round's expected cents,
    or the chance of finishing the game ahead),
    played out on the same orders of the unseen cards: the mean, its standard error and how many
    orders. Orders are drawn in batches until the sign is clear (``CLEAR`` standard errors) or
    ``MOST_SHUFFLES`` are spent: a close call gets the most play-outs."""
    rnd, cards = _round_of(state)
    turn = summary(state.flips)
    stopped = rnd.copy()
    stopped.seat = (seat + state.step) % state.players
    stopped.bank(seat, merge(rnd.piles[seat], turn))
    diffs: list[float] = []
    while True:
        for _ in range(BATCH):
            rng.shuffle(cards)
            diffs.append(play_out(rnd, turn, cards) - play_out(stopped, EMPTY, cards[1:] + cards[:1]))
        n = len(diffs)
        mean = sum(diffs) / n
        se = (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
        if n >= MOST_SHUFFLES or (n >= FEWEST_SHUFFLES and abs(mean) > CLEAR * se):
            return mean, se, n


def choose_hard(state: FsckingAceState, seat: int, rng: random.Random) -> Action:
    """Flip or stop as Normal would, unless, late in the round or in a game's last rounds, playing
    the round out shows clearly that the other is worth more. Between rounds, play on."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to do now")
    tokens = {a.token: a for a in legal}
    if "next" in tokens:
        return tokens["next"]
    if "stop" not in tokens:
        return tokens["flip"]
    normal = weigh(state, seat)
    flips = normal.flips
    late = state.stock_left <= LATE * state.players
    limit = state.int_option("rounds")
    ending = bool(limit) and limit - state.round_no < FINAL_ROUNDS
    if late or ending:
        mean, se, _ = gain(state, seat, rng)
        if abs(mean) > CLEAR * se:
            flips = mean > 0
    return tokens["flip"] if flips else tokens["stop"]
