"""Why the tarot base games' Normal computer plays a move (a hint's reasons), read from what its
search weighed (:class:`.search.Decision`), in plain words."""

from __future__ import annotations

from collections.abc import Callable

from games.core import cards, decks
from games.core.actions import Action
from games.core.base import player

from .. import pack
from ..moves import CardsMove
from .between_tricks import PASS, SUMMON_CAVALIER, SUMMON_JACK, servants
from .knowledge import own_hand
from .search import Decision, Weighing, decide
from .state import TarotTableState


def explain(state: TarotTableState, seat: int, action: Action) -> tuple[str, ...]:
    """Why the computer plays ``action`` for ``seat``: its decision made again, with the draws
    ``registry.computer_move`` gives it, from the seat's view alone (the deals it tried are of the
    cards the seat cannot see), telling what it weighed: who took the trick after the card on
    those deals, and how the card's rival came out over the rest of the hand."""
    decision = decide(state, seat, decks.rng(state.seed, "default", len(state.history)), trace=True)
    if decision.kind == "claim":
        return _claim_reasons(state, seat, action)
    if decision.kind == "only":
        return _only_reasons(state, seat)
    if decision.kind == "alike":
        return ("Every card you may play is worth the same here: none does better than another",
                "So this one, the lowest, will do")
    index = next((i for i, move in enumerate(decision.moves) if move.token == action.token), None)
    weighing = decision.weighing
    assert weighing is not None
    if index is None:  # a card no better than a lower one it holds (``_distinct``), or not a move
        return ("It is worth no more than a lower card you could play instead",)
    if decision.kind == "discard":
        return _discard_reasons(state, seat, decision, index)
    if decision.kind == "summon":
        return _summon_reasons(state, decision, index)
    label = _labeller(decision)
    if decision.kind == "give":
        card = decision.moves[index].token.partition(":")[2]
        worth = _points(pack.points(card))
        first = f"Puts {cards.short(card, 'tarot')} on your pile in the Fool's place, banking {worth}"
        return (first, *_comparison(weighing, index, label))
    return _play_reasons(state, seat, decision, index)


def _labeller(decision: Decision) -> Callable[[int], str]:
    def label(i: int) -> str:
        move = decision.moves[i]
        if isinstance(move, CardsMove):
            return " ".join(cards.short(c, "tarot") for c in move.cards)
        return {SUMMON_JACK: "Calling the Jack", SUMMON_CAVALIER: "Calling the Cavalier"}.get(move.token, "Passing")
    return label


def _points(n: float) -> str:
    n = round(n)
    return f"{n} point" if n == 1 else f"{n} points"


def _amount(diff: float) -> str:
    """A difference in the search's score, in words: "about 3 points", "a little"."""
    return "a little" if diff < 0.75 else f"about {_points(diff)}"


def _comparison(weighing: Weighing, index: int, label: Callable[[int], str]) -> tuple[str, ...]:
    """How the move compares with its closest rival in the search (the one weighed longest)."""
    others = [i for i in weighing.considered if i != index and i in weighing.score]
    if not others or index not in weighing.score:
        return ()
    if index != weighing.best:
        diff = weighing.score[weighing.best] - weighing.score[index]
        return (f"{label(weighing.best)} came out {_amount(diff)} better over the rest of the hand",)
    rival = max(others, key=lambda i: (weighing.deals[i], weighing.score[i]))
    diff = weighing.score[index] - weighing.score[rival]
    if diff < 0.75:
        return (f"{label(rival)} came out about as well over the hand: this one edged it",)
    return (f"{label(rival)} instead came out {_amount(diff)} worse over the rest of the hand",)


def _ways(k: int, n: int) -> str:
    return f"in {k} of {n} random deals of the cards you can't see"


def _play_reasons(state: TarotTableState, seat: int, decision: Decision, index: int) -> tuple[str, ...]:
    """A card: who took the trick after it on the deals tried, and how its closest rival came out."""
    weighing = decision.weighing
    assert weighing is not None
    move = decision.moves[index]
    assert isinstance(move, CardsMove)
    card = move.cards[0]
    label = _labeller(decision)
    if index not in weighing.taken:
        return (f"It looked weaker than {label(weighing.best)} at a first glance, so it was not played out",)
    name = cards.short(card, "tarot")
    taken, n = weighing.taken[index], weighing.deals[index]
    mine = taken[seat]
    mates = [s for s in range(state.players) if s != seat and state.side(s) == state.side(seat)]
    ours = mine + sum(taken[s] for s in mates)
    worth = 0 if state.ruleset == "tontine" else pack.points(card)  # Tontine: a card's own points count nothing
    if card == pack.FOOL:
        first = ("Your Fool excuses you from this trick: it comes back to you for a cheap card (K-3)"
                 if state.fool_free else "The Fool takes the last trick, whatever else is played (the Last Laugh)")
    elif ours >= 0.7 * n and (mine * 2 >= ours or not mates):
        first = f"{name} should win this trick: it did {_ways(mine, n)}"
    elif ours >= 0.7 * n:
        partner = player(max(mates, key=lambda s: taken[s]))
        first = (f"Your partner {partner} should win this trick, so your {name} adds {_points(worth)} to it"
                 if worth > 1 else f"Your partner {partner} should win this trick: no need to spend a stronger card")
    elif ours <= 0.3 * n:
        if not state.trick.plays:
            first = (f"A cheap lead: {name} gives away little if the trick is lost" if worth <= 1 else
                     f"{name} may not win this lead, but it did best over the rest of the hand")
        else:
            them = "the other side" if mates else "someone else"
            first = (f"This trick should go to {them}: {name} gives just 1 point" if worth == 1 else
                     f"This trick should go to {them}; over the hand, {name} costs the least")
    else:
        first = f"A fair chance: {name} won it for {'your side' if mates else 'you'} {_ways(ours, n)}"
    return (first, *_comparison(weighing, index, label))


_STRICTEST = ("fool-trumps", "fool-court", "beat", "trump", "follow", "fool-held", "fool-lead")


def _only_reasons(state: TarotTableState, seat: int) -> tuple[str, ...]:
    """A single legal move: the rule that leaves it alone (the strictest that stops another card)."""
    if state.phase != "play":
        return ("It is the only move the rules leave you",)
    refused = state.refusals(seat)
    if not refused:
        return ("Your last card",)
    kind = min(refused.values(), key=_STRICTEST.index)
    card = next(c for c in state.held(seat) if refused.get(c) == kind)
    return ("Your only card that may go now", state.why_not(seat)[card])


def _claim_reasons(state: TarotTableState, seat: int, action: Action) -> tuple[str, ...]:
    every = state.offered(seat)[0]
    claimable = set(every.cards) if isinstance(every, CardsMove) else set()
    chosen = set(action.cards) if isinstance(action, CardsMove) else set()
    if chosen >= claimable:
        return ("Leaves face up every card that may still score: a claim costs nothing",
                "A face-up card scores if no later card of its group is played (Tontine)")
    return ("A card left face down cannot score, and a claim costs nothing",)


def _discard_reasons(state: TarotTableState, seat: int, decision: Decision, index: int) -> tuple[str, ...]:
    weighing = decision.weighing
    assert weighing is not None
    move = decision.moves[index]
    assert isinstance(move, CardsMove)
    hand = own_hand(state, seat)
    kept = [c for c in hand if c not in move.cards]
    suits = cards.SUIT_NAMES["tarot"]
    voids = [suits[s] for s in suits if any(pack.suit(c) == s for c in hand) and not any(
        pack.suit(c) == s for c in kept)]
    pile = "your side's pile" if state.table.partnerships(state.players) else "your pile"
    parts = []
    if state.ruleset != "tontine":
        parts.append(f"Puts {_points(pack.total(move.cards))} safely on {pile}")
    if voids:
        parts.append(f"empties your {' and '.join(voids)}, so you can trump {'it' if len(voids) == 1 else 'them'}")
    if parts:
        first = "; ".join(parts)
        first = first[0].upper() + first[1:]
    else:
        first = "Lays down the cards you need least: a discard scores nothing in Tontine (K-10)"
    if len(decision.moves) == 1:
        return (first, "The only discard the rules leave you")
    label = _labeller(decision)
    if index == weighing.best:
        rivals = [i for i in weighing.considered if i != index]
        rival = max(rivals, key=lambda i: (weighing.deals[i], weighing.score[i]))
        ahead = _amount(weighing.score[index] - weighing.score[rival])
        return (first, f"The best of the {len(decision.moves)} discards I played out, {ahead} ahead of the next")
    return (first, *_comparison(weighing, index, label))


def _summon_reasons(state: TarotTableState, decision: Decision, index: int) -> tuple[str, ...]:
    weighing = decision.weighing
    assert weighing is not None
    token = decision.moves[index].token
    passing = len(decision.moves) - 1
    if index != weighing.best:
        return _comparison(weighing, index, _labeller(decision)) or ("Another answer came out better",)
    if token == PASS:
        return ("Neither call came out better than passing, over the deals I tried",
                "A call that brings nothing only gives the table news (K-16)")
    diff = weighing.score[index] - weighing.score[passing]
    servant = "Jack" if token == SUMMON_JACK else "Cavalier"
    king = state.next_king()
    gone = state.gone(public=True)  # played: public
    if token == SUMMON_JACK:
        rule = "A servant still in a hand joins your trick in place of its holder's card (K-16)"
    elif king is not None and servants(king)[0] in gone:
        rule = "The Jack is already played, so the Cavalier may come if it is in a hand (K-16)"
    else:
        rule = "The Cavalier comes only once the Jack is out of every hand (K-16)"
    return (f"Calling the {servant} came out {_amount(diff)} better than passing over the hand", rule)
