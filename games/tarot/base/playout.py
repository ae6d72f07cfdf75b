"""The quick policy that plays a tarot base game's hand out on a deal with every card placed
(:class:`.simulation.Table`), for the search in :mod:`.search`: each card worth what the trick
wins or loses at once, everyone still to play who is not on the winning side playing their
strongest card, less what the card is worth later; the questions a rule set asks between tricks
answered by rules of thumb; and the exact search (alpha-beta) of a deal's last tricks."""

from __future__ import annotations

from collections.abc import Callable

from .. import determinize
from ..simulation import FOOL, FOOL_VALUE, PTS, STR, SUIT, TRUMP, best_of
from .simulation import (
    BUTT_VALUE,
    CALL_CAVALIER,
    CALL_JACK,
    CALL_PASS,
    COST,
    GIVE,
    GROUP,
    GROUP_POINTS,
    HONOURS_GROUP,
    JACK_OF,
    KING_OF,
    PLAY,
    QUEEN_OF,
    RANK,
    ROYAL,
    RUFF,
    SUMMON,
    Table,
)


def _tontine_worth(t: Table, group: int) -> float:
    """What the last card of a group is likely worth: all of it when no other card of the group
    is left to play, less the more there are."""
    return GROUP_POINTS[group] / (1.0 + t.rem[group])


def greedy(t: Table, seat: int, legal: list[int]) -> int:
    """A quick card: the one ``card_values`` likes best (the first of equals)."""
    if len(legal) == 1:
        return legal[0]
    return legal[best_of(card_values(t, seat, legal))]


def card_values(t: Table, seat: int, legal: list[int]) -> list[float]:
    """What each card is worth now: who takes the trick if everyone still to play who is not on
    the side winning it plays their strongest card, and so what the trick wins or loses for the
    card's side, less what the card is worth later."""
    n = t.n
    side = t.side
    me = side[seat]
    hands = t.hands
    later = []
    for i in range(len(t.plays) + 1, n):
        q = (t.leader + i) % n
        top = [0.0] * 6
        for c in hands[q]:
            s = SUIT[c]
            if STR[c] > top[s]:
                top[s] = STR[c]
        later.append((q, side[q], top))
    tontine = t.tontine
    stake = 0.0
    if tontine:
        for _, c in t.plays:
            g = GROUP[c]
            if g >= 0 and c != FOOL and t.last[g] == c:
                stake += _tontine_worth(t, g)
    else:
        stake = t.tpts
        if t.laugh and any(c == FOOL for _, c in t.plays):
            stake += BUTT_VALUE
    last_trick = t.done == t.total - 1
    courtship = t.ruff or t.marriage or t.affair
    values: list[float] = []
    for card in legal:
        if card == FOOL and t.free:
            if tontine:
                v = (_tontine_worth(t, HONOURS_GROUP) if t.rem[HONOURS_GROUP] <= 1 else 0.0) - 1.0
            else:
                v = FOOL_VALUE if not last_trick else 0.0
            values.append(v)
            continue
        strength = t.value_of(card)
        led = t.led if t.led >= 0 else SUIT[card]
        if strength > t.best:
            best, pos = strength, seat
        else:
            best, pos = t.best, t.best_seat
        royal = courtship and led != TRUMP
        for q, q_side, top in later:
            if side[pos] != q_side:
                m = top[led] if led != TRUMP and top[led] > 0 else top[TRUMP]
                if royal:
                    m = max(m, _royal_answer(t, hands[q], top, led, card))
                if m > best:
                    best, pos = m, q
        if tontine:
            at_stake = stake
            g = GROUP[card]
            if g >= 0:
                t.rem[g] -= 1
                worth = _tontine_worth(t, g)
                t.rem[g] += 1
                before = t.last[g]
                if before >= 0 and any(c == before for _, c in t.plays):
                    at_stake -= _tontine_worth(t, g)  # its group's card in this trick is no longer the last
                elif t.owner[g] >= 0:
                    at_stake += worth if t.owner[g] != me else -worth  # a claim turned down
                at_stake += worth
        else:
            at_stake = stake + (PTS[card] if card != FOOL else BUTT_VALUE)
        values.append((at_stake if side[pos] == me else -at_stake) - COST[card])
    return values


def _royal_answer(t: Table, hand: list[int], top: list[float], led: int, card: int) -> float:
    """The best a later player could do with a Courtship card against a suit trick holding the
    cards so far and ``card``: a Royal Marriage Queen, a Queen's Ruff Jack, a Royal Affair card."""
    cards = [c for _, c in t.plays]
    cards.append(card)
    led_card = t.led_card if t.led_card >= 0 else card
    if top[led] > 0:
        if t.ruff and QUEEN_OF[led] in cards and led_card != QUEEN_OF[led] and JACK_OF[led] in hand:
            return RUFF
        if t.marriage and KING_OF[led] in cards and QUEEN_OF[led] in hand:
            return ROYAL
    elif top[TRUMP] == 0 and t.affair:
        if KING_OF[led] in cards and any(RANK[c] == 3 for c in hand):
            return ROYAL
        if led_card == QUEEN_OF[led] and any(RANK[c] == 4 for c in hand):
            return ROYAL
    return 0.0


def answer_phase(t: Table) -> None:
    """The policy's answer to a rule set's question between tricks."""
    if t.phase == SUMMON:
        gain, call = max((t.summon_gain(call)[0], call) for call in (CALL_JACK, CALL_CAVALIER))
        t.summon(call if gain > 0 else CALL_PASS)
    elif t.phase == GIVE:
        _, choices = t.butt_choices()
        t.give(max(choices, key=lambda c: (PTS[c], -STR[c])))
    else:
        t.claim(t.claimable())


def rollout(t: Table) -> None:
    """Play the hand out with the greedy policy."""
    n = t.n
    while t.done < t.total:
        if t.phase != PLAY:
            answer_phase(t)
            continue
        seat = (t.leader + len(t.plays)) % n
        legal = t.legal(seat)
        t.play(legal[0] if len(legal) == 1 else greedy(t, seat, legal))


def trick_taker(t: Table, done: int) -> int:
    """Who takes trick ``done`` (counting from 0) when the quick policy plays it out from ``t``,
    which is played on: its taker already, if that trick is complete."""
    n = t.n
    while t.done == done and t.taker < 0 and t.done < t.total:
        if t.phase != PLAY:
            answer_phase(t)
            continue
        seat = (t.leader + len(t.plays)) % n
        legal = t.legal(seat)
        t.play(legal[0] if len(legal) == 1 else greedy(t, seat, legal))
    return t.taker if t.taker >= 0 else t.leader


class Solver(determinize.AlphaBeta[Table]):
    """Alpha-beta on a deal's open cards: ``value`` of the hand's end with ``side`` playing for
    the most and every other seat for the least (a question between tricks answered by the
    policy); ``nodes`` counts the positions visited."""

    def __init__(self, side: int, value: Callable[[Table], float]) -> None:
        super().__init__(STR)
        self.side = side
        self.value = value

    def end(self, t: Table) -> float | None:
        return self.value(t) if t.done >= t.total else None

    def forced(self, t: Table) -> Table | None:
        if t.phase == PLAY:
            return None
        t = t.copy()
        answer_phase(t)
        return t

    def turn(self, t: Table) -> tuple[list[int], bool]:
        seat = t.to_move()
        return t.legal(seat), t.side[seat] == self.side


def tree_size(t: Table, limit: int) -> int:
    """A bound on the ways the rest of the hand can be played (each hand's cards in any order),
    counted no further than past ``limit``."""
    return determinize.tree_size(t.hands, limit)
