"""What scored cards are worth, and how a round is settled (docs/rules/fscking-ace.md, A-1..A-4).

Money is kept in whole cents ($1 = 100) so that splitting a bonus never loses a fraction, and
lines name amounts with :func:`games.core.stakes.money` placeholders, shown in the guild's unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.core import cards
from games.core.stakes import Settlement, Transfer, money

from .view import SettlementSummary

DOLLAR = 100
JOKER_FACE: dict[str, int] = {"X1": 5 * DOLLAR, "X2": 10 * DOLLAR}  # the $5 and $10 jokers
RED_TWOS = frozenset({"2H", "2D"})
CLUB_TWO = "2C"
SPADE_TWO = "2S"
ACE = "AS"  # the card that ends a round
REVERSE = "7S"
BONUS_PER_PLAYER = 5 * DOLLAR
BONUS_REASON = "most cards bonus"
STAKE = 1 * DOLLAR  # what the loser adds to each player's scored value


def is_spade(tok: str) -> bool:
    return tok.endswith("S")


def label(tok: str) -> str:
    """A card as players read it in a line: ``7♦``, ``$5 joker``."""
    if tok in JOKER_FACE:
        return f"${JOKER_FACE[tok] // DOLLAR} joker"
    return cards.short(tok)


@dataclass(frozen=True)
class Pile:
    """A player's scored cards for a round, summarised: what the value formula needs."""

    regular: int = 0  # cards other than jokers, the 2s included
    jokers: int = 0
    joker_cents: int = 0  # the jokers' face values
    red_twos: int = 0
    club_twos: int = 0
    spade_twos: int = 0

    @property
    def cards(self) -> int:
        return self.regular + self.jokers

    @property
    def value(self) -> int:
        """Cents: regular cards x 2^(red 2s) + joker faces x 2^(2♣s)."""
        return self.regular * DOLLAR * (1 << self.red_twos) + self.joker_cents * (1 << self.club_twos)


def pile(tokens: Iterable[str]) -> Pile:
    regular = joker_cents = jokers = red = club = spade = 0
    for tok in tokens:
        if tok in JOKER_FACE:
            joker_cents += JOKER_FACE[tok]
            jokers += 1
            continue
        regular += 1
        if tok in RED_TWOS:
            red += 1
        elif tok == CLUB_TWO:
            club += 1
        elif tok == SPADE_TWO:
            spade += 1
    return Pile(regular, jokers, joker_cents, red, club, spade)


def value(tokens: Iterable[str]) -> int:
    """The cents a pile of scored cards is worth."""
    return pile(tokens).value


@dataclass(frozen=True)
class RoundSettlement(Settlement):
    """How one round was settled: besides the transfers, the loser and the doubling that applied."""

    loser: int
    multiplier: int

    def to_json(self) -> dict[str, object]:
        return {**super().to_json(), "loser": self.loser, "multiplier": self.multiplier}

    def summary(self, players: int) -> SettlementSummary:
        """Compact, for the table image: per seat, the stake and the bonus received (cents)."""
        stakes, bonus = [0] * players, [0] * players
        for t in self.transfers:
            (bonus if t.reason.startswith(BONUS_REASON) else stakes)[t.payee] += t.cents
        return {"round": self.round, "loser": self.loser, "multiplier": self.multiplier,
                "total": self.total, "stakes": stakes, "bonus": bonus}


def times(multiplier: int) -> str:
    """``doubled``, ``quadrupled``, ``multiplied by 8``."""
    return {2: "doubled", 4: "quadrupled"}.get(multiplier, f"multiplied by {multiplier}")


def kept_twos(multiplier: int) -> str:
    """The 2s of spades behind a loser's multiplier, in words."""
    kept = multiplier.bit_length() - 1
    return "a two of spades" if kept == 1 else f"{kept} twos of spades"


def _doubled(multiplier: int) -> str:
    if multiplier == 1:
        return ""
    return f", {times(multiplier)} (the loser kept {kept_twos(multiplier)})"


def order_from(seat: int, players: int, step: int) -> list[int]:
    """The other seats in turn order, starting with the one after ``seat`` in direction ``step``."""
    return [(seat + step * i) % players for i in range(1, players)]


def settle(round_no: int, loser: int, scored: Sequence[Sequence[str]], step: int) -> RoundSettlement:
    """The loser pays each other player their scored value plus $1, and the most-cards bonus;
    all of it doubled for each 2♠ the loser kept (A-1, A-3, A-4)."""
    players = len(scored)
    piles = [pile(s) for s in scored]
    mult = 1 << piles[loser].spade_twos
    others = order_from(loser, players, step)
    doubled = _doubled(mult)
    transfers = [
        Transfer(loser, p, (piles[p].value + STAKE) * mult,
                 f"scored {money(piles[p].value)} + {money(STAKE)}{doubled}")
        for p in others
    ]
    # the loser cannot take the bonus; ties share it, odd cents going round from the loser.
    most = max(len(scored[p]) for p in others)
    tied = [p for p in others if len(scored[p]) == most]
    bonus = BONUS_PER_PLAYER * players * mult
    share, odd = divmod(bonus, len(tied))
    split = "" if len(tied) == 1 else f", split {len(tied)} ways"
    for i, p in enumerate(tied):
        transfers.append(Transfer(loser, p, share + (1 if i < odd else 0), f"{BONUS_REASON}{split}{doubled}"))
    return RoundSettlement(round_no, tuple(transfers), loser=loser, multiplier=mult)
