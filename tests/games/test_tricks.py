"""The shared trick-taking core (games/core/tricks.py): order of play both ways, following suit,
who wins, free cards that never win, piles by seat or side, card points."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from games.core import tricks
from games.core.cards import rank_of, suit_of
from games.core.tricks import CLOCKWISE, COUNTERCLOCKWISE, Trick

BUSCA_ORDER = tuple(reversed(("4", "5", "6", "7", "J", "Q", "K", "A", "2", "3")))  # highest first
PACK = [f"{r}{s}" for s in "SHDC" for r in BUSCA_ORDER]
PLAIN = tricks.follow_suit_strength(BUSCA_ORDER, suit_of, rank_of)


@given(st.integers(2, 8), st.integers(0, 7), st.sampled_from([CLOCKWISE, COUNTERCLOCKWISE]))
def test_a_trick_is_played_by_every_seat_once_in_the_direction_of_play(players: int, leader: int,
                                                                      direction: int) -> None:
    leader %= players
    seats = tricks.order(leader, players, direction)
    assert sorted(seats) == list(range(players)) and seats[0] == leader
    assert all(tricks.next_seat(a, players, direction) == b for a, b in itertools.pairwise(seats))
    trick = Trick(leader)
    for seat in seats:
        assert trick.to_move(players, direction) == seat
        trick = trick.add(seat, "4S")
    assert trick.complete(players) and trick.to_move(players, direction) is None


def test_busca_plays_to_the_right() -> None:
    assert tricks.order(2, 4, COUNTERCLOCKWISE) == (2, 1, 0, 3)


@st.composite
def dealt_trick(draw: st.DrawFn) -> tuple[Trick, list[str]]:
    """A trick of 3 to 5 cards from the Busca pack, and a hand of the rest to play to it."""
    cards = draw(st.permutations(PACK))
    players = draw(st.integers(3, 5))
    played = cards[:players]
    hand = list(cards[players:players + draw(st.integers(1, 10))])
    leader = draw(st.integers(0, players - 1))
    trick = Trick(leader)
    for seat, card in zip(tricks.order(leader, players, COUNTERCLOCKWISE), played, strict=True):
        trick = trick.add(seat, card)
    return trick, hand


@given(dealt_trick())
def test_the_highest_card_of_the_suit_led_wins(dealt: tuple[Trick, list[str]]) -> None:
    trick, _ = dealt
    won_by = tricks.winner(trick, PLAIN)
    card = dict(trick.plays)[won_by]
    led = trick.cards[0]
    assert suit_of(card) == suit_of(led)
    following = [c for c in trick.cards if suit_of(c) == suit_of(led)]
    assert all(BUSCA_ORDER.index(rank_of(card)) <= BUSCA_ORDER.index(rank_of(c)) for c in following)


@given(dealt_trick())
def test_a_hand_follows_suit_when_it_can(dealt: tuple[Trick, list[str]]) -> None:
    trick, hand = dealt
    partial = Trick(trick.leader, trick.plays[:1])
    legal = tricks.follow(hand, partial, suit_of)
    led = suit_of(trick.cards[0])
    if any(suit_of(c) == led for c in hand):
        assert set(legal) == {c for c in hand if suit_of(c) == led}
    else:
        assert legal == tuple(hand)
    assert tricks.follow(hand, Trick(0), suit_of) == tuple(hand)  # anything may be led


def test_a_free_card_may_always_be_played_never_wins_and_does_not_set_the_suit() -> None:
    fool = "FOOL"

    def suit(card: str) -> str:
        return "*" if card == fool else suit_of(card)

    led_by_fool = Trick(0, ((0, fool), (1, "5H")))
    assert led_by_fool.led_card({fool}) == "5H"
    assert tricks.follow(["KH", "3S", fool], led_by_fool, suit, free={fool}) == ("KH", fool)
    assert tricks.winner(led_by_fool.add(2, "4H"), PLAIN, free={fool}) == 1
    assert tricks.winner(Trick(0, ((0, fool),)), PLAIN, free={fool}) == 0  # nothing else down


def test_trumps_plug_in_through_the_strength_function() -> None:
    def with_trumps(card: str, led: str) -> float | None:
        if suit_of(card) == "C":  # clubs trump: above every card of the suit led
            return 100.0 + (PLAIN(card, card) or 0.0)
        return PLAIN(card, led)

    trick = Trick(0, ((0, "3H"), (1, "4C"), (2, "2H")))
    assert tricks.winner(trick, PLAIN) == 0
    assert tricks.winner(trick, with_trumps) == 1


def test_piles_by_seat_or_side_and_their_points() -> None:
    taken = [(0, Trick(1, ((1, "AS"), (0, "3S")))), (2, Trick(0, ((0, "KH"), (2, "2H")))),
             (1, Trick(2, ((2, "4D"), (1, "5D"))))]
    by_seat = tricks.piles(taken, lambda s: s)
    assert by_seat == {0: ["AS", "3S"], 2: ["KH", "2H"], 1: ["4D", "5D"]}
    by_side = tricks.piles(taken, lambda s: s % 2)
    assert by_side == {0: ["AS", "3S", "KH", "2H"], 1: ["4D", "5D"]}
    thirds = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}  # Busca in thirds (B-2)
    assert tricks.points(by_side[0], thirds, rank_of) == 3 + 1 + 1 + 1
    assert tricks.points(PACK, thirds, rank_of) == 32  # 10⅔ in all
