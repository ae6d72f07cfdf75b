"""decks.hand_sizes gives, for every deal Fosco, Bullshit and Fan Tan can make, exactly the hands
their own formulas gave before they shared it (copied here as the reference)."""

from __future__ import annotations

from games.bullshit.rules import BullshitRules, packs_for
from games.core import decks
from games.fan_tan.rules import FanTanRules
from games.fosco.rules import FoscoRules


def fosco_sizes(total: int, players: int) -> list[int]:
    return [total // players + (1 if seat < total % players else 0) for seat in range(players)]


def bullshit_sizes(players: int, dealer: int, total: int) -> list[int]:
    base, extra = divmod(total, players)
    return [base + (1 if (seat - dealer - 1) % players < extra else 0) for seat in range(players)]


def fan_tan_sizes(players: int, dealer: int) -> list[int]:
    base, extra = divmod(52, players)
    return [base + (1 if (seat - dealer - 1) % players < extra else 0) for seat in range(players)]


def test_fosco() -> None:
    for players in FoscoRules.player_counts:
        for jokers in (0, 2, 4):
            total = len(decks.standard(jokers))
            sizes = decks.hand_sizes(total, players)
            assert sizes == fosco_sizes(total, players)
            assert sum(sizes) == total


def test_bullshit() -> None:
    for players in BullshitRules.player_counts:
        total = len(decks.standard() * packs_for(players))
        for dealer in range(players):
            sizes = decks.hand_sizes(total, players, first=(dealer + 1) % players)
            assert sizes == bullshit_sizes(players, dealer, total)
            assert sum(sizes) == total


def test_fan_tan() -> None:
    for players in FanTanRules.player_counts:
        for dealer in range(players):
            sizes = decks.hand_sizes(52, players, first=(dealer + 1) % players)
            assert sizes == fan_tan_sizes(players, dealer)
            assert sum(sizes) == 52


def test_any_deal() -> None:
    """Beyond the games' own deals: any deck, table and first seat."""
    for players in range(1, 12):
        for total in range(0, 110):
            for first in range(players):
                sizes = decks.hand_sizes(total, players, first=first)
                assert sizes == bullshit_sizes(players, first - 1, total)
                assert sum(sizes) == total
                assert max(sizes) - min(sizes) <= 1
            assert decks.hand_sizes(total, players) == fosco_sizes(total, players)
