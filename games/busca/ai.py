"""Busca's computer player: it counts the cards.

It reads only its own hand and what the table has shown (the cards played this hand; its own
laid-aside card if it dealt), and from that knows, for each suit, which stronger and weaker
cards are still out. Then:

- **Following suit** it ducks under the trick's best card when it can, shedding the most
  costly card that still ducks (an Ace before a court card, a high card before a low one). When
  every card it holds would win, it takes the trick as cheaply as it can: with no points if
  possible, and with its highest card when it plays last (that card is a liability later).
- **Unable to follow** it throws away its most costly card onto a trick someone else wins:
  Aces first, then the high cards that would otherwise win tricks later.
- **Leading** it prefers low cards in suits where the others still hold stronger ones, so the
  lead passes on; it avoids leading a card that must win, most of all a counting one.
- **The last trick** scores the others' fractions on top of one's own points, so it is always
  worth avoiding — unless the player has taken every counting card so far and holds all the
  ones still out: then winning everything (cappotto) scores 0 against 11, and it plays its
  strongest card to every trick.
- **Laying a card aside** (three players, dealing) it sets aside the card most likely to
  cost it: a 3, 2 or Ace, from its shortest suit.

One computation (``_decide``) makes the choice and records which of these it followed and on
what (a :class:`Why`), so ``choose`` and the hint's reasons (``explain``) never disagree. The
Easy computer (``choose_easy``) knows only a beginner's rules of thumb and counts nothing. The
Hard computer (``choose_hard``, in ``search.py``) plays hands out by these rules over deals of
the unseen cards consistent with the play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from games.core import cards, decks
from games.core.actions import Action
from games.core.base import player

from .rules import RANKS, BuscaState, Discard, Play
from .scoring import ALL_THIRDS, THIRDS, thirds_text
from .search import choose_hard as choose_hard  # the Hard computer (Perfect-Information Monte Carlo)

STRENGTH = {r: len(RANKS) - i for i, r in enumerate(RANKS)}  # 3 -> 10 … 4 -> 1
PACK = tuple(decks.busca())
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

Branch = Literal["only", "aside", "cappotto", "lead", "void", "duck", "win-last", "win"]


@dataclass(frozen=True)
class Why:
    """Which branch of the player's thinking chose ``card``, and what it weighed there:
    ``best`` the (seat, card) on top of the trick; ``among`` the cards it chose from (its legal
    cards, or those that duck); ``above`` how many stronger cards of the suit are still out."""

    branch: Branch
    card: str
    among: tuple[str, ...] = ()
    best: tuple[int, str] | None = None
    above: int = 0


def worth(card: str) -> int:
    return THIRDS.get(cards.rank_of(card), 0)


def strength(card: str) -> int:
    return STRENGTH[cards.rank_of(card)]


def choose(state: BuscaState, seat: int, rng: random.Random) -> Action:
    return _decide(state, seat)[0]


def _decide(state: BuscaState, seat: int) -> tuple[Action, Why]:
    """The computer's move for ``seat`` and why: the one computation behind ``choose`` and
    ``explain``."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        only = legal[0]
        return only, Why("only", only.card if isinstance(only, Play | Discard) else "")
    if state.discarding:
        card = _aside(state.hands[seat])
        return Discard(card), Why("aside", card, tuple(state.hands[seat]))
    why = _play(state, seat, [a.card for a in legal if isinstance(a, Play)])
    return Play(why.card), why


def _aside_cost(hand: Sequence[str]) -> dict[str, tuple[int, int, int]]:
    length = {s: sum(1 for c in hand if cards.suit_of(c) == s) for s in "SHDC"}
    return {c: (worth(c) + max(0, strength(c) - 7), -length[cards.suit_of(c)], strength(c)) for c in hand}


def _aside(hand: Sequence[str]) -> str:
    cost = _aside_cost(hand)
    return max(hand, key=cost.__getitem__)


def _unseen(state: BuscaState, seat: int) -> set[str]:
    """The cards this seat cannot place: in the other hands, or laid aside by someone else."""
    seen = set(state.hands[seat]) | {c for t in state.taken for c in t} | set(state.trick.cards)
    if seat == state.dealer and state.discard is not None:
        seen.add(state.discard)
    return set(PACK) - seen


def _stronger_out(card: str, unseen: set[str]) -> int:
    suit, mine = cards.suit_of(card), strength(card)
    return sum(1 for c in unseen if cards.suit_of(c) == suit and strength(c) > mine)


def _chasing_cappotto(state: BuscaState, seat: int, unseen: set[str]) -> bool:
    """Whether this seat has every counting card taken so far and the rest are in its hand or
    on the trick (so taking every trick from here scores a cappotto)."""
    others = sum(worth(c) for s, t in enumerate(state.taken) if s != seat for c in t)
    out = sum(worth(c) for c in unseen)
    mine = sum(worth(c) for c in state.taken[seat])
    return others == 0 and out == 0 and mine > 0 and mine + sum(
        worth(c) for c in state.hands[seat]) + sum(worth(c) for c in state.trick.cards) >= ALL_THIRDS - (
        worth(state.discard) if state.discard and seat == state.dealer else 0)


def _play(state: BuscaState, seat: int, legal: list[str]) -> Why:
    unseen = _unseen(state, seat)
    among = tuple(legal)
    if _chasing_cappotto(state, seat, unseen):
        return Why("cappotto", max(legal, key=strength), among)
    led = state.trick.led_card()
    if led is None:
        card = _lead(legal, unseen)
        return Why("lead", card, among, above=_stronger_out(card, unseen))
    suit = cards.suit_of(led)
    best = max(((s, c) for s, c in state.trick.plays if cards.suit_of(c) == suit), key=lambda p: strength(p[1]))
    following = [c for c in legal if cards.suit_of(c) == suit]
    if not following:  # void: throw the costliest card away
        return Why("void", max(legal, key=lambda c: (worth(c), _danger(c, unseen), strength(c))), among, best)
    under = [c for c in following if strength(c) < strength(best[1])]
    if under:
        return Why("duck", max(under, key=lambda c: (worth(c), strength(c))), tuple(under), best)
    last = len(state.trick.plays) == state.players - 1
    if last:  # it wins anyway: as cheaply as it can, shedding its highest card
        return Why("win-last", min(following, key=lambda c: (worth(c), -strength(c))), among, best)
    # Someone after may still go higher: the cheapest, weakest winner.
    return Why("win", min(following, key=lambda c: (worth(c), strength(c))), among, best)


def _danger(card: str, unseen: set[str]) -> int:
    """How likely the card is to win a trick later: fewer stronger cards out, more danger."""
    return 10 - _stronger_out(card, unseen)


def _lead(legal: list[str], unseen: set[str]) -> str:
    def cost(card: str) -> float:
        above = _stronger_out(card, unseen)
        wins = 1.0 if above == 0 else 0.5 ** above
        return wins * (2 + worth(card)) - (1 - wins) * worth(card) * 0.5 + strength(card) * 0.01

    return min(legal, key=cost)


# -- the Easy computer ---------------------------------------------------------------------------
def choose_easy(state: BuscaState, seat: int, rng: random.Random) -> Action:
    """A beginner's rules of thumb, counting no cards: lay aside the highest card; otherwise
    play the lowest card that may go, except when unable to follow suit, when it throws away
    its costliest card (an Ace first). It never keeps track of what is still out, so it leads
    into sure winners, ducks with its lowest card (keeping high ones that must win later) and
    never chases a cappotto."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to play")
    if state.discarding:
        hand = state.hands[seat]
        return Discard(max(hand, key=lambda c: (strength(c), worth(c))))
    mine = [a.card for a in legal if isinstance(a, Play)]
    led = state.trick.led_card()
    if led is not None and all(cards.suit_of(c) != cards.suit_of(led) for c in mine):
        return Play(max(mine, key=lambda c: (worth(c), strength(c))))
    low = min(strength(c) for c in mine)
    return Play(rng.choice([c for c in mine if strength(c) == low]))


# -- the reasons -----------------------------------------------------------------------------------
def _suit(card: str) -> str:
    return cards.SUIT_NAMES["standard"][cards.suit_of(card)]


def _one_of(card: str) -> str:
    """A card of ``card``'s suit: "spade"."""
    return _suit(card)[:-1]


def _points(card: str) -> str:
    value = worth(card)
    return "no points" if not value else f"{thirds_text(value)} point"


def _stronger(n: int, card: str) -> str:
    """``n`` stronger cards of ``card``'s suit, as a sentence's subject and verb."""
    kind = _one_of(card) if n == 1 else _suit(card)
    return f"{NUMBERS[n] if n < len(NUMBERS) else n} stronger {kind} {'is' if n == 1 else 'are'} still out"


def _words(state: BuscaState, seat: int, why: Why) -> tuple[str, ...]:
    """The reasons for ``why`` in plain words, naming only the seat's own cards and those on
    the table."""
    short = cards.short
    card = short(why.card) if why.card else ""
    if why.branch == "only":
        hand = state.hands[seat]
        if len(hand) == 1:
            return (f"{card} is your last card, so it must go",
                    "Whoever takes this last trick also carries everyone's fractions")
        return (f"{card} is your only {_one_of(why.card)}, and you must follow {_suit(why.card)}",)
    if why.branch == "aside":
        return _aside_words(state.hands[seat], why.card)
    if why.branch == "cappotto":
        return (f"Plays your strongest card, {card}: every point so far is yours, and you hold the rest",
                "Ending the hand with every counting card is a cappotto: 0 for you and 11 for everyone else (B-1)")
    if why.branch == "lead":
        return _lead_words(state, seat, why)
    assert why.best is not None
    holder, top = why.best
    theirs = f"{player(holder)}'s {short(top)}"
    if why.branch == "void":
        led = state.trick.led_card()
        assert led is not None
        return (_void_words(_suit(led), why), "A card of another suit never wins, so the trick goes to someone else")
    if why.branch == "duck":
        first = f"Ducks under {theirs} with {card}: someone else takes the trick"
        if len(why.among) > 1:
            if worth(why.card):
                return first, f"Sheds {card} while it is safe: it carries {_points(why.card)}"
            return first, f"{card} is your highest card that still ducks; the lower ones stay for later"
        if len(why.among) < len(state.playable(seat)):
            return first, f"It is your only {_one_of(why.card)} under the {short(top)}: the others would win it"
        return (first,)
    suited = _one_of(why.card)
    if why.branch == "win-last":
        rest = [c for c in why.among if worth(c) == worth(why.card) and c != why.card]
        shed = ", and sheds a high card" if rest else ""
        return (f"Every {suited} you hold beats {theirs}: this trick is yours",
                f"Takes it with {card}, adding {_points(why.card)}{shed}")
    return (f"Every {suited} you hold beats {theirs}: you cannot duck",
            f"Plays {card}, your cheapest: a player after you may still go higher")


def _aside_words(hand: Sequence[str], card: str) -> tuple[str, ...]:
    rank, name = cards.rank_of(card), cards.short(card)
    if rank == "3":
        first = (f"Lays aside {name}: the top {_one_of(card)}, it takes any trick led in {_suit(card)}, and carries "
                 "⅓ point")
    elif rank == "2":
        first = f"Lays aside {name}: only the 3 beats it, so it tends to win tricks, and carries ⅓ point"
    elif rank == "A":
        first = f"Lays aside {name}: an Ace costs a whole point to whoever takes it"
    elif worth(card):
        first = f"Lays aside {name}, your costliest card: it carries ⅓ point"
    else:
        first = f"Lays aside {name}, the card likeliest to win you a trick"
    cost = _aside_cost(hand)
    longer = [c for c in hand if cost[c][0] == cost[card][0] and cost[c][1] < cost[card][1]]
    if longer:
        tied = cards.short(max(longer, key=cost.__getitem__))
        return first, f"{tied} costs as much, but {_suit(card)} is a shorter suit: you run out of it sooner"
    return (first,)


def _void_words(led: str, why: Why) -> str:
    card, name = why.card, cards.short(why.card)
    value = worth(card)
    if value and all(worth(c) < value for c in why.among if c != card):
        return f"You have no {led}: throws away {name}, your costliest card"
    if value:
        return f"You have no {led}: throws away {name}, the costly card likeliest to win later"
    return f"You have no {led}: throws away {name}, the card likeliest to win a trick later"


def _lead_words(state: BuscaState, seat: int, why: Why) -> tuple[str, ...]:
    name = cards.short(why.card)
    if why.above == 0:  # every card it may lead would win: the cheapest
        return (f"Leads {name}: any card you lead now wins the trick, and this one carries {_points(why.card)}",)
    low = "" if worth(why.card) else " low"
    first = f"Leads {name}{low}: {_stronger(why.above, why.card)}"
    unseen = _unseen(state, seat)
    winners = [c for c in why.among if _stronger_out(c, unseen) == 0]
    if winners:
        kept = cards.short(max(winners, key=lambda c: (worth(c), strength(c))))
        return first, f"Keeps {kept} back: nothing out can beat it, so leading it would take the trick"
    if worth(why.card):
        return first, f"Its {_points(why.card)} should go to whoever beats it"
    return (first,)


def explain(state: BuscaState, seat: int, action: Action) -> tuple[str, ...]:
    """Why the computer plays ``action`` for ``seat``: the branch of its thinking that chose it
    (``_decide``), in plain words. Everything it reads is in the seat's view."""
    legal = state.legal_actions(seat)
    if action not in legal:
        raise ValueError(f"{action.token} is not a move {player(seat)} may make now")
    chosen, why = _decide(state, seat)
    if chosen != action:
        return (f"The computer would rather play {chosen.label}",)
    return _words(state, seat, why)
