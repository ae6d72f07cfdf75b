"""Fan Tan's computer player: legal and honest, deterministic, reading only what the table shows,
and playing sensibly in set positions (bench.seat_strength --game fan-tan measures its strength)."""

from __future__ import annotations

import dataclasses
import random

from games import registry
from games.fan_tan import FanTanState, Pass, Play, ai, hard

from .test_fan_tan import RULES, stacked


def game(hands: list[list[str]], players: int = 4, **options: object) -> FanTanState:
    state = RULES.new_game(players, seed=1, options={"first_dealer": 0, **options}, deck=stacked(hands, players))
    assert isinstance(state, FanTanState)
    return state


def random_positions(count: int, strict: bool) -> list[FanTanState]:
    """Positions from seeded random games, each with a seat to move that has several plays."""
    found: list[FanTanState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        players = 3 + seed % 6
        state = RULES.new_game(players, seed=seed, options={"strict": strict})
        assert isinstance(state, FanTanState)
        rng = random.Random(seed)
        stop = rng.randrange(4, 40)
        while not state.is_over and len(state.history) < stop:
            seat = state.turn
            plays = state.plays(seat)
            state = state.apply(seat, rng.choice(plays) if plays else Pass())  # honest random play
        if not state.is_over and len(state.plays(state.turn)) > 1:
            found.append(state)
    return found


def test_it_never_passes_while_it_can_play_even_in_honour_mode() -> None:
    for state in random_positions(12, strict=False):
        seat = state.turn
        assert "pass" in {a.token for a in state.legal_actions(seat)}  # passing would be allowed
        action = ai.choose(state, seat, random.Random(0))
        assert isinstance(action, Play) and action in state.legal_actions(seat)


def test_it_passes_when_it_must() -> None:
    state = game([["7S", "7H", "7D", "7C"], [], [], []])  # seat 1, to start, holds no 7
    assert ai.choose(state, 1, random.Random(0)) == Pass()


def test_it_is_deterministic_for_the_same_generator() -> None:
    for state in random_positions(6, strict=True):
        seat = state.turn
        first = ai.choose(state, seat, random.Random(42))
        assert all(ai.choose(state, seat, random.Random(42)) == first for _ in range(2))
        assert registry.default_action(state, seat) == registry.default_action(state, seat)


def _redealt(state: FanTanState, seat: int, shuffle: random.Random) -> FanTanState:
    """The cards ``seat`` cannot see dealt again among the others, each keeping its count (the
    public history stays as it was)."""
    others = [s for s in range(state.players) if s != seat]
    unseen = [c for s in others for c in state.hands[s]]
    shuffle.shuffle(unseen)
    hands = list(state.hands)
    at = 0
    for s in others:
        hands[s] = tuple(unseen[at:at + len(state.hands[s])])
        at += len(state.hands[s])
    return dataclasses.replace(state, hands=tuple(hands))


def test_its_choice_does_not_depend_on_the_hidden_hands() -> None:
    # Deal the cards it cannot see differently among the others, each keeping its count and the
    # public history: the same decision.
    for n, state in enumerate(random_positions(6, strict=True)):
        seat = state.turn
        chosen = ai.choose(state, seat, random.Random(n))
        shuffle = random.Random(n)
        for _ in range(3):
            assert ai.choose(_redealt(state, seat, shuffle), seat, random.Random(n)) == chosen


def test_the_hard_choice_does_not_depend_on_the_hidden_hands() -> None:
    # The same for the Hard computer, whose play-outs also weigh each deal by the others' past plays.
    for n, state in enumerate(random_positions(6, strict=True) + random_positions(2, strict=False)):
        seat = state.turn
        chosen = hard.choose_hard(state, seat, random.Random(n))
        shuffle = random.Random(n)
        for _ in range(2):
            assert hard.choose_hard(_redealt(state, seat, shuffle), seat, random.Random(n)) == chosen


def test_it_opens_the_7_whose_followers_it_holds() -> None:
    # Seat 1 starts holding 7S with a run of spades behind it, and a lone 7H that would only open
    # hearts for the others.
    hand = ["7S", "8S", "9S", "10S", "6S", "5S", "7H", "2C", "3C", "4C", "JC", "QC", "KC"]
    state = game([[], hand, [], []])
    for k in range(3):
        assert ai.choose(state, 1, random.Random(k)).token == "play:7S"


def _after(state: FanTanState, moves: list[tuple[int, str]]) -> FanTanState:
    for seat, token in moves:
        state = state.apply(seat, token)
    return state


def test_it_keeps_back_a_card_that_only_frees_the_others() -> None:
    # Spades and hearts are open. Seat 0 can play 8H (it holds no heart above it: the rest of the
    # row would be the others') or 6S (it holds the spades below).
    mine = ["8H", "6S", "5S", "4S", "3S", "2S", "AS", "10C", "JC", "QC", "KC", "2D", "3D"]
    state = _after(game([mine, ["7S"], ["7H"], ["7D"]]), [(1, "play:7S"), (2, "play:7H"), (3, "play:7D")])
    assert {p.token for p in state.plays(0)} == {"play:8H", "play:6S"}
    for k in range(3):
        assert ai.choose(state, 0, random.Random(k)).token == "play:6S"


def test_it_frees_its_long_suit_first() -> None:
    # Both its plays lead to its own cards: 6S to five more spades, 8H to a single heart.
    mine = ["8H", "9H", "6S", "5S", "4S", "3S", "2S", "AS", "10C", "JC", "QC", "KC", "2D"]
    state = _after(game([mine, ["7S"], ["7H"], ["7D"]]), [(1, "play:7S"), (2, "play:7H"), (3, "play:7D")])
    assert {p.token for p in state.plays(0)} == {"play:8H", "play:6S"}
    assert ai.choose(state, 0, random.Random(0)).token == "play:6S"


def test_a_pass_in_strict_play_shows_what_the_passer_lacks() -> None:
    state = game([["7S", "7H", "7D", "7C"], [], [], []])  # seats 1-3 hold no 7 and must pass
    for seat in (1, 2, 3):
        state = state.apply(seat, "pass")
    mine = ai.cards_mask(state.hands[0])
    lacks, _, _ = ai.read(ai.hand_moves(state), 4, 0, mine, state.strict)
    assert lacks[1:] == [ai.SEVENS] * 3 and lacks[0] == 0
    # in honour mode a pass proves nothing
    loose = dataclasses.replace(state, options={**state.options, "strict": False})
    assert ai.read(ai.hand_moves(loose), 4, 0, mine, loose.strict)[0] == [0] * 4


def test_deals_respect_what_players_are_known_to_lack() -> None:
    rng = random.Random(3)
    unseen = ai.FULL & ~ai.cards_mask(["AS", "2S", "3S", "4S", "5S", "6S", "8S", "9S", "10S", "JS", "QS", "KS", "AH"])
    spades_and_sevens = ai.SUIT[0] | ai.SEVENS
    for _ in range(50):
        hands = ai.deal(unseen, [13, 13, 13, 13], 0, [0, spades_and_sevens, 0, 0], rng)
        assert hands[0] == 0 and [h.bit_count() for h in hands] == [0, 13, 13, 13]
        assert not hands[1] & spades_and_sevens
        assert hands[1] | hands[2] | hands[3] == unseen


def test_a_player_laying_two_cards_at_once_is_not_read_as_mechanical() -> None:
    state = game([[], ["7S", "7H"], ["8H"], []])
    state = _after(state, [(1, "play:7S,7H"), (2, "play:8H")])
    _, passed_over, belief = ai.read(ai.hand_moves(state), 4, 3, ai.cards_mask(state.hands[3]), True)
    assert belief[1] == 0.0  # a first-button player lays one card at a time
    # seat 2 may be pressing the first button: then it held none of 6S, 8S, 6H, all before 8H
    assert belief[2] > 0.0
    assert passed_over[2] == ai.cards_mask(["6S", "8S", "6H"]) & ~ai.cards_mask(state.hands[3])
    assert belief[3] == 0.0  # never itself
