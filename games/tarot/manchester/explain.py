"""Why the two-player tarot games' Normal computer plays a move (a hint's reasons), read from what
its search weighed (:class:`.search.Decision`), in plain words."""

from __future__ import annotations

from games.core import cards, decks
from games.core.actions import Action
from games.core.base import player

from .. import pack
from ..moves import CardsMove
from .hand import Refusal, refusals
from .search import Decision, decide
from .state import ManchesterState

LIKELY = 0.7  # the share of the deals tried that makes a trick's taker likely (and at most 1 - LIKELY unlikely)


def explain(state: ManchesterState, seat: int, action: Action) -> tuple[str, ...]:
    """Why the computer plays ``action`` for ``seat``: its decision made again, with the draws
    ``registry.computer_move`` gives it, from the seat's view alone (the deals it tried are of
    the cards the seat cannot see), telling what it weighed: who took the trick after the card
    on those deals, the points a discard banks, and how the closest rival came out."""
    decision = decide(state, seat, decks.rng(state.seed, "default", len(state.history)), trace=True)
    index = next((i for i, move in enumerate(decision.moves) if _same(move, action)), None)
    if index is None:
        if decision.kind in ("discard", "aside"):
            return (f"It looked weaker than {_label(decision.moves[decision.best])} at a first glance, "
                    "so it was not played out",)
        return ("It is not a move the rules allow now",)
    if decision.kind == "only":
        return _only_reasons(state, seat)
    if decision.kind == "choose":
        return _choose_reasons(state, seat, decision, index)
    if decision.kind in ("discard", "aside"):
        return _discard_reasons(state, seat, decision, index)
    return _play_reasons(state, seat, decision, index)


def _same(move: Action, action: Action) -> bool:
    if isinstance(move, CardsMove) and isinstance(action, CardsMove):
        return move.verb == action.verb and sorted(move.cards) == sorted(action.cards)
    return move.token == action.token


def _label(move: Action) -> str:
    if isinstance(move, CardsMove):
        return " ".join("the Fool" if c == pack.FOOL else cards.short(c, "tarot") for c in move.cards)
    return f"hand {'AB'[int(move.token.partition(':')[2])]}"


def _points(n: float) -> str:
    n = round(n)
    return f"{n} point" if n == 1 else f"{n} points"


def _part(state: ManchesterState) -> str:
    if state.phase in ("discard", "play1"):
        return "Manchester"
    return "Truffle" if state.truffle else "Piccadilly"


def _comparison(state: ManchesterState, decision: Decision, index: int, instead: str = "") -> tuple[str, ...]:
    """How the move compares with its closest rival in the search, over the rest of the part."""
    score = decision.score
    others = [i for i in range(len(score)) if i != index]
    if not others:
        return ()
    over = f"over the {'rest of the ' if state.phase in ('play1', 'play2') else ''}{_part(state)} part"
    if index != decision.best:
        diff = score[decision.best] - score[index]
        return (f"{instead}{_label(decision.moves[decision.best])} came out about {_points(diff)} better {over}",)
    rival = max(others, key=lambda i: score[i])
    diff = score[index] - score[rival]
    if diff < 0.75:
        return (f"{instead}{_label(decision.moves[rival])} came out about as well {over}: this one edged it",)
    return (f"{instead}{_label(decision.moves[rival])} came out about {_points(diff)} worse {over}",)


def _card_words(card: str) -> str:
    """A card in a sentence: "the King of cups", "T21", "the Fool"."""
    if pack.is_trump(card):
        return cards.short(card, "tarot")
    return cards.name(card, "tarot") if card == pack.FOOL else f"the {cards.name(card, 'tarot')}"


def _play_reasons(state: ManchesterState, seat: int, decision: Decision, index: int) -> tuple[str, ...]:
    """A card: who took the trick after it on the deals tried (certain when it is the trick's last
    card), and how its closest rival came out over the rest of the part."""
    position = state.to_play
    assert position is not None
    move = decision.moves[index]
    assert isinstance(move, CardsMove)
    card = move.cards[0]
    name = cards.short(card, "tarot")
    where = state.whose(position, seat)
    if where != "your hand":
        name += f" from {where}"
    taken, n = decision.taken[index], decision.deals
    last = len(state.trick.plays) == state.positions - 1  # the trick's last card: its taker is certain
    mine = [p for p in range(state.positions) if state.owner(p) == seat]
    ours = sum(taken[p] for p in mine)
    dummy = sum(taken[p] for p in range(state.positions) if state.owner(p) < 0)
    worth = pack.points(card)
    if card == pack.FOOL:
        if state.phase == "play2" and len(state.holdings[position]) <= 2:
            first = "Plays the Fool now: on the last trick of this part it would be lost (K-6)"
        else:
            first = "Your Fool excuses you from this trick: it comes back to you for a cheap card (K-3)"
    elif taken[position] >= LIKELY * n and state.owner(position) == seat:
        first = _winning(state, name, taken[position], n, last)
    elif ours >= LIKELY * n:
        other = max((p for p in mine if p != position), key=lambda p: taken[p])
        who = state.whose(other, seat)
        who = who[0].upper() + who[1:]
        verb = "takes" if last else "should take"
        first = (f"{who} {verb} this trick, so {name} adds {_points(worth)} to it" if worth > 1 else
                 f"{who} {verb} this trick: {name} keeps your stronger cards for later")
    elif dummy >= LIKELY * n:
        first = f"The dummy {'takes' if last else 'should take'} this trick: its points, {name} too, go to nobody"
    elif ours <= (1 - LIKELY) * n:
        first = _losing(state, seat, name, worth)
    else:
        first = f"A fair chance: {name} won the trick for you in {ours} of {n} deals of the unseen cards"
    return (first, *_comparison(state, decision, index, "Playing "))


def _winning(state: ManchesterState, name: str, won: int, n: int, last: bool) -> str:
    """A card that takes the trick: what is in it, or how often it took it on the deals tried."""
    if not last:
        if not state.trick.plays:
            return f"Leads {name}: it took the trick in {won} of {n} deals of the unseen cards"
        return f"{name} should win this trick: it did in {won} of {n} deals of the unseen cards"
    top = max((c for c in state.trick.cards if c != pack.FOOL), key=pack.points, default=None)
    if top is not None and pack.points(top) > 1:
        return f"Wins the trick with {name}: {_card_words(top)} is worth {pack.points(top)}"
    bonus = ", and a point for the trick" if state.phase == "play2" else ""
    return f"Wins the trick with {name}{bonus}"


def _losing(state: ManchesterState, seat: int, name: str, worth: int) -> str:
    """A card that lets the trick go: a cheap lead, or a duck."""
    if not state.trick.plays:
        return (f"A cheap lead: {name} gives away little if the trick is lost" if worth <= 1 else
                f"{name} may not win this lead, but it did best over the rest of the part")
    gives = "gives just 1 point" if worth == 1 else f"gives {_points(worth)}"
    position = state.to_play
    assert position is not None
    if len(state.trick.plays) == state.positions - 1:
        hand = state.holdings[position]
        ok = [c for c in hand if c not in refusals(hand, state.trick)]
        if not any(pack.winner(state.trick.add(position, c)) == position for c in ok if c != pack.FOOL):
            return f"Ducks with {name}: nothing you may play wins it, and it {gives}"
        return f"Ducks with {name}: this trick is not worth a card you need later"
    return f"Ducks with {name}: {player(1 - seat)} should take this trick anyway, and it {gives}"


_STRICTEST: tuple[Refusal, ...] = ("beat", "trump", "follow")


def _only_reasons(state: ManchesterState, seat: int) -> tuple[str, ...]:
    """A single legal move: the rule that leaves it alone."""
    if state.phase in ("discard", "discard2"):
        return ("The only three cards the rules let you put down",)
    position = state.to_play
    assert position is not None
    refused = refusals(state.holdings[position], state.trick)
    if not refused:
        where = state.whose(position, seat)
        return (f"The last card in {where}",)
    kind = min(refused.values(), key=_STRICTEST.index)
    return ("The only card that may go now", state.refusal_text(seat, position, kind))


def _discard_reasons(state: ManchesterState, seat: int, decision: Decision, index: int) -> tuple[str, ...]:
    """A discard: the points it banks and the suits it empties; Truffle's cards laid aside: the
    points they bring if a trick is won; and how the closest rival handful came out."""
    move = decision.moves[index]
    assert isinstance(move, CardsMove)
    chosen = pack.ORDER.sort(move.cards)
    shown = " ".join(cards.short(c, "tarot") for c in chosen)
    worth = _points(pack.total(chosen))
    if decision.kind == "aside":
        first = f"Lays aside {shown}: {worth}, yours if you take a trick this part"
    else:
        hand = state.holdings[state.position_of(seat)]
        kept = [c for c in hand if c not in chosen]
        suits = {pack.suit(c) for c in hand} - {pack.suit(c) for c in kept} - {pack.TRUMP, pack.FOOL}
        emptied = " and ".join(cards.SUIT_NAMES["tarot"][s] for s in cards.TAROT_SUITS if s in suits)
        # (the cards follow the pile, not the suit emptied: they need not all be of it)
        first = f"Puts {worth} safe on your pile: {shown}" + (f"; that empties your {emptied}" if emptied else "")
    instead = "Laying aside " if decision.kind == "aside" else "Discarding "
    return (first, *_comparison(state, decision, index, instead))


def _choose_reasons(state: ManchesterState, seat: int, decision: Decision, index: int) -> tuple[str, ...]:
    """The Piccadilly hand: what the hand held has, and how holding the other came out."""
    mine = (0, 1) if seat == state.dealer else (2, 3)
    held, dummy = state.candidates[mine[index]], "AB"[1 - index]
    trumps = sum(1 for c in held if pack.is_trump(c))
    first = (f"Holds hand {'AB'[index]} ({trumps} trumps, {_points(pack.total(held))}) and makes hand {dummy} "
             "your dummy")
    return (first, *_comparison(state, decision, index, "Holding "))
