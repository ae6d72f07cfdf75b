"""Card tokens: parsing, formatting, display names and per-game sort orders.

A card is carried everywhere as its token (a short string such as ``10H`` or ``T21``), which is
hashable, JSON-able and cheap; :func:`parse` gives the structured reading when a rule needs it.
Standard and tarot tokens overlap (``QS`` is a Queen of spades or of swords), so parsing is
told which family it reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

Family = Literal["standard", "tarot"]

STANDARD_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
STANDARD_SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKERS: tuple[str, ...] = ("X1", "X2", "X3", "X4")

# Tarot suit ranks, high to low as the tarot rules list them (N is the Cavalier).
TAROT_RANKS: tuple[str, ...] = ("K", "Q", "N", "J", *(str(n) for n in range(10, 1, -1)), "A")
TAROT_SUITS: tuple[str, ...] = ("S", "B", "C", "D")
TRUMPS: tuple[str, ...] = tuple(f"T{n}" for n in range(1, 22))
TAROT_SPECIALS: tuple[str, ...] = ("FOOL", "GOOD", "EVIL")

SUIT_NAMES: dict[Family, dict[str, str]] = {
    "standard": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "tarot": {"S": "swords", "B": "batons", "C": "cups", "D": "coins"},
}
SUIT_SYMBOLS: dict[str, str] = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_NAMES: dict[str, str] = {
    "A": "Ace", "J": "Jack", "Q": "Queen", "K": "King", "N": "Cavalier",
    **{str(n): str(n) for n in range(2, 11)},
}
TRUMP_NAMES: tuple[str, ...] = (
    "the Magician", "the High Priestess", "the Empress", "the Emperor", "the Hierophant",
    "the Lovers", "the Chariot", "Justice", "the Hermit", "the Wheel of Fortune", "Strength",
    "the Hanged Man", "Death", "Temperance", "the Devil", "the Tower", "the Star", "the Moon",
    "the Sun", "Judgement", "the World",
)
RED_SUITS = frozenset({"H", "D"})


@dataclass(frozen=True, slots=True)
class Card:
    """The structured reading of a token.

    ``kind`` is ``suit`` for a ranked suit card, ``joker``, ``trump`` or ``special``
    (the Fool, Good, Evil). ``number`` is the joker's or trump's number, else 0.
    """

    token: str
    family: Family
    kind: Literal["suit", "joker", "trump", "special"]
    rank: str = ""
    suit: str = ""
    number: int = 0

    def __str__(self) -> str:
        return self.token

    @property
    def is_red(self) -> bool:
        return self.kind == "suit" and self.family == "standard" and self.suit in RED_SUITS


@lru_cache(maxsize=4096)
def parse(token: str, family: Family = "standard") -> Card:
    """Read a token; ValueError names the token when it is not a card of that family."""
    if not isinstance(token, str) or not token:
        raise ValueError(f"not a card: {token!r}")
    if family == "standard":
        if token in JOKERS:
            return Card(token, family, "joker", number=int(token[1]))
        ranks, suits = STANDARD_RANKS, STANDARD_SUITS
    elif family == "tarot":
        if token in TRUMPS:
            return Card(token, family, "trump", number=int(token[1:]))
        if token in TAROT_SPECIALS:
            return Card(token, family, "special")
        ranks, suits = TAROT_RANKS, TAROT_SUITS
    else:
        raise ValueError(f"unknown card family: {family!r}")
    rank, suit = token[:-1], token[-1:]
    if rank not in ranks or suit not in suits:
        raise ValueError(f"not a card: {token!r}")
    return Card(token, family, "suit", rank=rank, suit=suit)


def token(rank: str, suit: str) -> str:
    """The token of a ranked suit card (the inverse of ``parse(...).rank/.suit``)."""
    return f"{rank}{suit}"


def is_card(tok: str, family: Family = "standard") -> bool:
    try:
        parse(tok, family)
    except ValueError:
        return False
    return True


def rank_of(tok: str) -> str:
    """The rank part of a suit card's token ('' for jokers and trumps); no validation."""
    return tok[:-1]


def suit_of(tok: str) -> str:
    """The suit letter of a standard suit card's token ('' for a joker); no validation."""
    return "" if tok in JOKERS else tok[-1]


def short(tok: str, family: Family = "standard") -> str:
    """A compact label for buttons and log lines: ``10♥``, ``Q♠``, ``Joker 1``, ``XXI``."""
    card = parse(tok, family)
    if card.kind == "joker":
        return f"Joker {card.number}"
    if card.kind == "trump":
        return f"T{card.number}"
    if card.kind == "special":
        return card.token.title()
    if family == "standard":
        return f"{card.rank}{SUIT_SYMBOLS[card.suit]}"
    return f"{card.rank}{card.suit.lower()}"


def name(tok: str, family: Family = "standard") -> str:
    """The full English name: 'Queen of spades', 'trump 21 (the World)', 'the Fool'."""
    card = parse(tok, family)
    if card.kind == "joker":
        return f"Joker {card.number}"
    if card.kind == "trump":
        return f"trump {card.number} ({TRUMP_NAMES[card.number - 1]})"
    if card.kind == "special":
        return {"FOOL": "the Fool", "GOOD": "Good", "EVIL": "Evil"}[card.token]
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[family][card.suit]}"


def join(tokens: Iterable[str]) -> str:
    """Cards as they appear inside an action token: comma-separated."""
    return ",".join(tokens)


def split(text: str) -> tuple[str, ...]:
    return tuple(t for t in text.split(",") if t) if text else ()


@dataclass(frozen=True)
class CardOrder:
    """How a game sorts a hand: suits in a given order, ranks within a suit, jokers/trumps last.

    Suits not listed sort after listed ones; non-suit cards (jokers, trumps, specials) come after
    all suits, trumps by number, so every token of the family has a place.
    """

    family: Family = "standard"
    suits: Sequence[str] = STANDARD_SUITS
    ranks: Sequence[str] = STANDARD_RANKS

    def key(self, tok: str) -> tuple[int, int, int]:
        return _order_key(self.family, tuple(self.suits), tuple(self.ranks), tok)

    def sort(self, tokens: Iterable[str]) -> list[str]:
        return sorted(tokens, key=self.key)


@lru_cache(maxsize=8192)
def _order_key(family: Family, suits: tuple[str, ...], ranks: tuple[str, ...], tok: str) -> tuple[int, int, int]:
    """:meth:`CardOrder.key`, worked out once per order and card (hands are sorted at every move)."""
    card = parse(tok, family)
    if card.kind == "suit":
        suit_i = suits.index(card.suit) if card.suit in suits else len(suits)
        return (0, suit_i, ranks.index(card.rank))
    if card.kind == "trump":
        return (1, 0, card.number)
    if card.kind == "special":
        return (1, 1, TAROT_SPECIALS.index(card.token))
    return (2, 0, card.number)
