"""The tarot pack and the trick rules every tarot game shares (docs/rules/tarot.md): card points,
Honours, the order of cards in a trick with trumps, what a hand may play (follow suit, else
trump, beating the best trump so far if it can: K-2), and the Fool as an excuse that never wins
and comes back to its owner, who pays for it with a card at the end of the hand (K-3, K-4,
with K-6's variant for the last trick)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Literal, TypeVar

from games.core import cards, tricks
from games.core.cards import TAROT_RANKS, TAROT_SUITS, CardOrder
from games.core.tricks import Trick

FOOL = "FOOL"
MAGICIAN, WORLD = "T1", "T21"
HONOURS = frozenset({MAGICIAN, WORLD, FOOL})
TRUMP = "T"  # the "suit" of trumps (and of Good and Evil), for following
ORDER = CardOrder("tarot", TAROT_SUITS, TAROT_RANKS)
_COURT_POINTS = {"K": 5, "Q": 4, "N": 3, "J": 2, "A": 5}
_PLACE = {rank: len(TAROT_RANKS) - i for i, rank in enumerate(TAROT_RANKS)}  # King 14 … Ace 1

K = TypeVar("K")


def points(card: str) -> int:
    """A card's points: Honours 5, Kings 5, Queens 4, Cavaliers 3, Jacks 2, Aces 5, others 1."""
    if card in HONOURS:
        return 5
    return _COURT_POINTS.get(cards.rank_of(card), 1) if _is_suit_card(card) else 1


def total(pile: Iterable[str]) -> int:
    return sum(points(card) for card in pile)


def is_trump(card: str) -> bool:
    """Trumps 1 to 21, and Good and Evil (the Fool is not a trump)."""
    return card.startswith("T") or card in ("GOOD", "EVIL")


def is_king(card: str) -> bool:
    return _is_suit_card(card) and cards.rank_of(card) == "K"


def empty(card: str) -> bool:
    """Worth a single point."""
    return points(card) == 1


def suit(card: str) -> str:
    """The suit to follow: a suit's letter, ``T`` for trumps, the Fool its own."""
    if is_trump(card):
        return TRUMP
    return FOOL if card == FOOL else card[-1]


def strength(card: str, led: str) -> float | None:
    """How strongly ``card`` bids for a trick whose suit ``led`` set: trumps above every suit
    card (Good and Evil equal, just under trump 1: K-1, so the first played of them stays
    ahead), then cards of the suit led by rank; anything else cannot win."""
    if is_trump(card):
        return 100.0 + (int(card[1:]) if card.startswith("T") else 0.5)
    if card != FOOL and suit(card) == suit(led):
        return float(_PLACE[cards.rank_of(card)])
    return None


def legal(hand: Sequence[str], trick: Trick, fool_free: bool = True) -> tuple[str, ...]:
    """The cards of ``hand`` that may go to ``trick``: follow suit; else trump, and over a trump
    already in the trick (or when trumps are led) beat the best so far if you can (K-2); with
    neither, anything. The Fool may always be played as the excuse (K-3) where ``fool_free``."""
    refused = refusals(hand, trick, fool_free)
    return tuple(c for c in hand if c not in refused)


Refusal = Literal["follow", "trump", "beat"]


def refusals(hand: Sequence[str], trick: Trick, fool_free: bool = True) -> dict[str, Refusal]:
    """The cards of ``hand`` that may not go to ``trick``, each with the rule that stops it
    (what :func:`legal` leaves out): ``follow`` the suit led; ``trump`` when void in it, or when
    trumps are led (K-2); ``beat`` the best trump so far with a higher one while holding one (K-2)."""
    free = (FOOL,) if fool_free else ()
    led = trick.led_card(free)
    if led is None:
        return {}
    others = [c for c in hand if c not in free]
    followers = [c for c in others if suit(c) == suit(led)]
    if followers and suit(led) != TRUMP:
        return {c: "follow" for c in others if c not in followers}
    trumps = [c for c in others if is_trump(c)]
    best = best_trump(trick, free)
    top = None if best is None else strength(best, led)
    over = [c for c in trumps if top is None or (strength(c, led) or 0) > top]
    allowed = over or trumps or others
    return {c: "beat" if is_trump(c) else "trump" for c in others if c not in allowed}


def best_trump(trick: Trick, free: Sequence[str] = (FOOL,)) -> str | None:
    """The strongest trump in ``trick`` so far (the first played of equals: K-1), or None."""
    best: tuple[float, str] | None = None
    for card in trick.cards:
        if card not in free and is_trump(card):
            value = strength(card, card) or 0.0
            if best is None or value > best[0]:
                best = (value, card)
    return None if best is None else best[1]


def winner(trick: Trick) -> int:
    """The seat (or hand) whose card takes the trick; the Fool never does."""
    return tricks.winner(trick, strength, free=(FOOL,))


def settle_fool(piles: Mapping[K, Sequence[str]], owner: K, taker: K, last_trick: bool = False,
                lost_on_last: bool = False, worth: Callable[[str], int] | None = None,
                owner_took_a_trick: bool = True) -> dict[K, list[str]]:
    """The Fool's account at the end of a hand. It went to the pile of ``taker`` (who won the
    trick it was played to); it goes back to ``owner``, who pays ``taker`` the least valuable
    card of their own pile instead, an empty one if they have one (K-3, K-4). An owner who took
    no trick gives up the Fool itself, whatever their pile holds (a dealer's discard), as does
    one whose pile holds nothing else. Played to the last trick where ``lost_on_last`` (K-6), it
    stays with ``taker``. ``worth`` values the cards where a rule set counts them otherwise
    (Tontine: a card turned down is worth nothing)."""
    out = {key: list(pile) for key, pile in piles.items()}
    out.setdefault(owner, [])
    out.setdefault(taker, [])
    if owner == taker or (last_trick and lost_on_last):
        return out
    out[taker].remove(FOOL)
    value = worth or points
    payment = min((c for c in out[owner] if c != FOOL), key=lambda c: (value(c), points(c), ORDER.key(c)),
                  default=None)
    if payment is None or not owner_took_a_trick:
        out[taker].append(FOOL)
        return out
    out[owner].remove(payment)
    out[owner].append(FOOL)
    out[taker].append(payment)
    return out


def piles(won: Iterable[tuple[int, Trick]], key: Callable[[int], K]) -> dict[K, list[str]]:
    """Cards taken, gathered by ``key`` of the winning hand (its player, or nobody's dummy)."""
    return tricks.piles(won, key)


def _is_suit_card(card: str) -> bool:
    return not is_trump(card) and card != FOOL
