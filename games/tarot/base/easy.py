"""The Easy computer for the tarot base games (Scarto, Tarocchi, Conference): a beginner's rules
of thumb, looking at the trick on the table and nothing else, with no deals of the unseen cards and
no playing out (the Normal computer's search is :mod:`.search`)."""

from __future__ import annotations

import random

from games.core import cards
from games.core.actions import Action, Word

from .. import pack, rule_sets
from ..moves import CardsMove
from ..simulation import ID, NAMES
from .between_tricks import PASS, SUMMON_CAVALIER, SUMMON_JACK, servants
from .knowledge import own_hand
from .search import discard_groups
from .state import TarotTableState


def choose_easy(state: TarotTableState, seat: int, rng: random.Random) -> Action:
    """A beginner's rules of thumb, looking at the trick on the table and nothing else (no deals
    of the unseen cards, no playing out): lead a King, else low from the longest suit; take the
    trick with the least card that does when it is worth taking or nobody is left to beat it, else
    play the cheapest card (and low under a partner's trick); keep the Fool for the last trick or
    a trick it saves a card worth 3 or more. The likeliest discard by the quick estimate, unsearched;
    summon the Jack, or the Cavalier once the Jack is played; the Butt banks its richest card;
    every Tontine claim."""
    phase = state.phase
    if phase == "claim":
        return state.offered(seat)[0]
    if phase == "discard":
        pick = state.pick(seat)
        assert pick is not None
        hand = [ID[c] for c in own_hand(state, seat)]
        groups = discard_groups(hand, [ID[c] for c in pick.cards], pick.most, [ID[c] for c in pick.fixed],
                                 state.ruleset != "tontine")
        return CardsMove("discard", tuple(NAMES[c] for c in groups[0]))
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if phase == "give":
        choices = [a.token.partition(":")[2] for a in legal]
        return CardsMove("give", (max(choices, key=pack.points),))
    if phase == "summon":
        king = state.next_king()
        gone = state.gone(public=True)
        jack, cavalier = servants(king) if king is not None else ("", "")
        if jack not in gone:
            return Word(SUMMON_JACK)
        return Word(SUMMON_CAVALIER if cavalier not in gone else PASS)
    return CardsMove("play", (_easy_card(state, seat),))


def _easy_card(state: TarotTableState, seat: int) -> str:
    legal = state.playable(seat)
    others = [c for c in legal if c != pack.FOOL]
    fool = pack.FOOL in legal
    if not others:
        return pack.FOOL

    def cheap(card: str) -> tuple[int, bool, float]:
        return pack.points(card), pack.is_trump(card), pack.strength(card, card) or 0.0

    if not state.trick.plays:
        kings = [c for c in others if pack.is_king(c)]
        if kings:
            return kings[0]
        suits = [c for c in others if not pack.is_trump(c)]
        if suits:
            longest = max(cards.SUIT_NAMES["tarot"], key=lambda s: sum(pack.suit(c) == s for c in suits))
            return min((c for c in suits if pack.suit(c) == longest), key=cheap)
        return min(others, key=cheap)
    head = state.heading()
    lowest = min(others, key=cheap)
    if head is not None and state.side(head) == state.side(seat):
        return lowest
    winners = [c for c in others if _heads(state, seat, c)]
    last = len(state.trick.plays) == state.players - 1
    worth = pack.total(c for c in state.trick.cards if c != pack.FOOL)
    if winners and (last or worth >= 5 or not pack.is_trump(min(winners, key=cheap))):
        return min(winners, key=lambda c: pack.strength(c, c) or 0.0)
    if fool and state.fool_free and pack.points(lowest) >= 3:
        return pack.FOOL
    return lowest


def _heads(state: TarotTableState, seat: int, card: str) -> bool:
    """Whether ``card``, played now, heads the trick."""
    trick = state.trick.add(seat, card)
    if state.courtship:
        return rule_sets.courtship_winner(trick, state.courtship)[0] == seat
    return pack.winner(trick) == seat
