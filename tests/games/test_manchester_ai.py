"""The two-player tarot games' computer player: always legal (discards, the Piccadilly choice,
cards from a hand or a dummy), blind to what its seat cannot see, and sensible in set positions
(bench.seat_strength --game manchester-piccadilly / manchester-truffle measures its strength)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games import registry
from games.core import decks
from games.core.base import random_action
from games.core.tricks import Trick
from games.tarot import pack
from games.tarot.manchester import hard
from games.tarot.manchester import search as ai
from games.tarot.manchester import simulation as sim
from games.tarot.manchester.state import ManchesterState
from games.tarot.simulation import ID, NAMES, encode

from .stacking import deck_for

PICCADILLY = registry.get("manchester-piccadilly")
TRUFFLE = registry.get("manchester-truffle")
PACK = decks.tarot()


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The smallest search, one deal a decision, so that whole games stay fast (the choices are
    still the search's)."""
    monkeypatch.setattr(ai, "BUDGET", 1)
    monkeypatch.setattr(ai, "MIN_DEALS", 1)
    monkeypatch.setattr(ai, "EXACT_TREE", 30)


def new_game(rules: object, seed: int) -> ManchesterState:
    state = rules.new_game(2, seed=seed)  # type: ignore[attr-defined]
    assert isinstance(state, ManchesterState)
    return state


def choice(state: ManchesterState, seat: int, seed: int = 0) -> str:
    return ai.choose(state, seat, random.Random(seed)).token


def first_part(mine: list[str], theirs: list[str], lead: str | None = None) -> ManchesterState:
    """A first-part position, seat 0 dealing (so seat 1 leads, K-5): each holds the cards given,
    the rest of the pack is the stock; seat 1 has led ``lead``."""
    base = new_game(PICCADILLY, 3)
    stock = tuple(c for c in PACK if c not in mine and c not in theirs)
    state = dataclasses.replace(base, dealer=0, phase="play1", holdings=(tuple(mine), tuple(theirs)), stock=stock,
                                discards=((), ()), trick=Trick(1))
    return state.apply(1, f"play:{lead}") if lead else state


def permuted(state: ManchesterState, seat: int, rng: random.Random) -> ManchesterState:
    """The same position with the cards ``seat`` cannot see dealt again among the places they
    lie (each place keeping its size): a state that seat cannot tell from the first."""
    other = 1 - seat
    hidden_positions = [p for p in range(len(state.holdings)) if not state.seen_by(p, seat)]
    places: list[str] = [c for p in hidden_positions for c in state.holdings[p]]
    stock_hidden = state.phase in ("discard", "play1")
    if stock_hidden:
        places += state.stock
    places += state.out_of_play
    places += [c for c in state.discards[other] if c not in state.shown]
    theirs = (0, 1) if other == state.dealer else (2, 3)
    if state.phase == "choose":
        places += [c for i in theirs for c in state.candidates[i]]
    assert sorted(places) == sorted(state.hidden_cards(seat))
    cards = iter(rng.sample(places, len(places)))

    def refill(held: tuple[str, ...], keep: tuple[str, ...] = ()) -> tuple[str, ...]:
        return tuple(c if c in keep else next(cards) for c in held)

    holdings = tuple(refill(h) if p in hidden_positions else h for p, h in enumerate(state.holdings))
    stock = refill(state.stock) if stock_hidden else state.stock
    out_of_play = refill(state.out_of_play)
    discards = tuple(refill(d, state.shown) if s == other else d for s, d in enumerate(state.discards))
    candidates = tuple(refill(h) if state.phase == "choose" and i in theirs else h
                       for i, h in enumerate(state.candidates))
    return dataclasses.replace(state, holdings=holdings, stock=stock, out_of_play=out_of_play, discards=discards,
                               candidates=candidates)


def positions(rules: object) -> list[ManchesterState]:
    """Positions from seeded random games in every phase (after 22 moves, both discards and the
    ten tricks, comes the Piccadilly choice or Truffle's laying aside), with a seat that has a
    choice."""
    found: list[ManchesterState] = []
    for seed, stop in enumerate((0, 1, 4, 9, 15, 22, 23, 26, 31, 40, 47, 55, 62, 68, 71, 77, 100, 107, 120)):
        state = new_game(rules, seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < stop:
            seat = min(state.to_move)
            state = state.apply(seat, random_action(state, seat, rng))
        if not state.is_over and len(state.legal_actions(min(state.to_move))) > 1:
            found.append(state)
    return found


# -- legal and blind ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [PICCADILLY, TRUFFLE], ids=["piccadilly", "truffle"])
def test_computers_in_both_seats_play_legal_moves_to_the_end(rules: object, quick: None) -> None:
    for seed in (1,):
        state = new_game(rules, seed)
        phases = set()
        while not state.is_over:
            seat = min(state.to_move)
            phases.add(state.phase)
            action = ai.choose(state, seat, decks.rng(seed, len(state.history)))
            if state.phase in ("discard", "discard2"):
                pick = state.pick(seat)
                assert pick is not None and len(action.token.split(":")[1].split(",")) == 3
                assert state.rules.parse_action(action.token) is not None
            else:
                assert action.token in {a.token for a in state.legal_actions(seat)}
            state = state.apply(seat, action)
        expected = {"discard", "play1", "play2", "discard2" if rules is TRUFFLE else "choose"}
        assert phases == expected and state.outcome is not None and len(state.round_ends) == 2


@pytest.mark.parametrize("rules", [PICCADILLY, TRUFFLE], ids=["piccadilly", "truffle"])
def test_against_random_play_every_move_is_legal_from_either_seat(rules: object, quick: None) -> None:
    for seed, me in ((5, 0), (6, 1)):
        state = new_game(rules, seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = min(state.to_move)
            if seat == me:
                action = ai.choose(state, seat, decks.rng(seed, len(state.history)))
                state = state.apply(seat, action)  # IllegalAction would fail the test
            else:
                state = state.apply(seat, random_action(state, seat, rng))


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch, quick: None) -> None:
    """The Hard search at its smallest (its card play is Normal's, already made quick)."""
    monkeypatch.setattr(hard, "CANDIDATES", 6)
    monkeypatch.setattr(hard, "DISCARD_PLAYS", {"discard": 60, "discard2": 30})
    monkeypatch.setattr(hard, "CHOOSE_DEALS", 4)


def hard_choice(state: ManchesterState, seat: int, seed: int = 0) -> str:
    return hard.choose_hard(state, seat, random.Random(seed)).token


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("rules", [PICCADILLY, TRUFFLE], ids=["piccadilly", "truffle"])
def test_it_chooses_the_same_whatever_lies_in_the_cards_it_cannot_see(rules: object, level: str, quick_hard: None,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "MIN_DEALS", 3)
    chosen = hard_choice if level == "hard" else choice
    rng = random.Random(7)
    seen_phases = set()
    for state in positions(rules):
        for seat in sorted(state.to_move):
            if len(state.legal_actions(seat)) < 2:
                continue
            for _ in range(2):
                other = permuted(state, seat, rng)
                assert other != state or not state.hidden_cards(seat)
                assert other.view(seat) == state.view(seat)
                assert chosen(other, seat, seed=11) == chosen(state, seat, seed=11)
            seen_phases.add(state.phase)
    assert seen_phases == {"discard", "play1", "play2", "discard2" if rules is TRUFFLE else "choose"}


@pytest.mark.parametrize("rules", [PICCADILLY, TRUFFLE], ids=["piccadilly", "truffle"])
def test_hard_plays_legal_moves_to_the_end_and_the_same_for_the_same_draws(rules: object, quick_hard: None) -> None:
    # offered in both games, level with Normal there (docs/development.md)
    assert "hard" in registry.levels(rules.key)  # type: ignore[attr-defined]
    state = new_game(rules, 2)
    while not state.is_over:
        seat = min(state.to_move)
        action = hard.choose_hard(state, seat, decks.rng(2, len(state.history)))
        assert hard.choose_hard(state, seat, decks.rng(2, len(state.history))).token == action.token
        if state.phase in ("discard", "discard2"):
            assert state.rules.parse_action(action.token) is not None
        else:
            assert action.token in {a.token for a in state.legal_actions(seat)}
        state = state.apply(seat, action)  # IllegalAction would fail the test
    assert state.outcome is not None


def _scored_so_far(state: ManchesterState) -> int:
    """Seat 0's lead over seat 1 in the part being played, as it stands (the Fool not yet played)."""
    piles = pack.piles(state.won, state.owner)
    points = [pack.total(piles.get(s, [])) for s in (0, 1)]
    if state.phase == "play1":
        return points[0] + pack.total(state.discards[0]) - state.announced[0] - (
            points[1] + pack.total(state.discards[1]) - state.announced[1])
    tricks = [sum(1 for p, _ in state.won if state.owner(p) == s) for s in (0, 1)]
    return points[0] + tricks[0] - points[1] - tricks[1]


@pytest.mark.parametrize("rules", [PICCADILLY, TRUFFLE], ids=["piccadilly", "truffle"])
def test_the_search_plays_by_the_rules_and_scores_as_the_game_does(rules: object) -> None:
    """The search's own quick play of a part, every card placed, offers the cards the rules
    allow at every turn and ends with the margin the game scores."""
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(rules, seed)
        deal: sim.Deal | None = None
        start = 0
        while not state.is_over:
            if (deal is None and state.phase in ("play1", "play2") and state.fool is None
                    and rng.random() < 0.2):
                hidden = {(ai.POS, p): encode(h) for p, h in enumerate(state.holdings)}
                deal, start = ai.play_deal(state, hidden), _scored_so_far(state)
            seat = min(state.to_move)
            if deal is not None:
                position = state.to_play
                assert position is not None and deal.to_play() == position
                assert deal.controller(position) == state.controller(position)
                assert sorted(deal.legal(position)) == sorted(encode(state.playable(position)))
            action = random_action(state, seat, rng)
            before, state = state, state.apply(seat, action)
            if deal is not None:
                deal.play(ID[action.token.split(":")[1]])
                if deal.over:
                    if before.phase == "play1":
                        end = state.first[0] - state.first[1]
                    else:
                        second = state.round_ends[-1]["second"]
                        end = second[0] - second[1]
                    assert deal.margin(0) == end - start
                    deal = None


def test_the_unseen_cards_are_dealt_only_where_they_may_be() -> None:
    """Seat 1 failed to follow cups and played no trump: its hand is dealt neither."""
    state = first_part(["KC", "2C", "3C", "5S"], ["4S", "6S", "7S", "8S"])
    state = dataclasses.replace(state, trick=Trick(0)).apply(0, "play:KC").apply(1, "play:4S")
    knowledge = ai.Knowledge(state, 0)
    rng = random.Random(1)
    for _ in range(30):
        dealt = knowledge.sample(rng)
        hand = dealt[(ai.POS, 1)]
        assert len(hand) == 3 and not any(NAMES[c].endswith("C") or NAMES[c].startswith("T") for c in hand)
        assert sorted(c for cards in dealt.values() for c in cards) == sorted(knowledge.pool)


def test_a_hidden_discard_is_never_dealt_a_trump_honour_or_king() -> None:
    state = new_game(PICCADILLY, 9)
    pick = state.pick(1)
    assert pick is not None
    state = state.apply(1, pick.token(pick.cards[: pick.most]))
    knowledge = ai.Knowledge(state, 0)
    rng = random.Random(2)
    for _ in range(20):
        dealt = knowledge.sample(rng)
        assert len(dealt[(ai.DISCARDS, 1)]) == 3 and not any(ai._kept(c) for c in dealt[(ai.DISCARDS, 1)])
        assert len(dealt[(ai.POS, 1)]) == 10


# -- set positions ----------------------------------------------------------------------------------

def test_it_takes_a_queen_with_its_king() -> None:
    state = first_part(["KC", "3C", "4S"], ["QC", "5S", "6S"], lead="QC")
    assert choice(state, 0) == "play:KC"


def test_unable_to_win_it_follows_with_its_cheapest_card_not_its_ace() -> None:
    state = first_part(["AC", "2C", "4S"], ["KC", "5S", "6S"], lead="KC")
    assert choice(state, 0) == "play:2C"


def test_void_it_throws_a_worthless_card_rather_than_an_ace() -> None:
    state = first_part(["AS", "2D", "4B"], ["KC", "QC", "NC"], lead="KC")
    assert choice(state, 0) in ("play:2D", "play:4B")


def test_it_discards_its_three_aces_into_its_own_pile() -> None:
    mine = ["T5", "T6", "T7", "T8", "T9", "KS", "AS", "AB", "AC", "QD", "3S", "4B", "5C"]
    state = PICCADILLY.new_game(2, seed=1, options={"first_dealer": 0}, deck=deck_for(PACK, [13, 13], [mine]))
    assert isinstance(state, ManchesterState)
    token = choice(state, 0)
    assert sorted(token.split(":")[1].split(",")) == ["AB", "AC", "AS"]


def test_it_plays_the_fool_before_the_last_trick_of_the_second_part() -> None:
    """K-6: a Fool played to the second part's last trick is lost; a trick earlier it comes home."""
    base = new_game(PICCADILLY, 2)
    holdings = (("FOOL", "3D"), ("T20", "T19"), ("2D", "4D"), ("T18", "T17"))
    state = dataclasses.replace(base, dealer=0, phase="play2", holdings=holdings, candidates=(), discards=((), ()),
                                shown=(), trick=Trick(0), won=())
    assert state.to_play == 0 and state.controller(0) == 0
    assert choice(state, 0) == "play:FOOL"


def test_it_chooses_one_of_its_two_piccadilly_hands() -> None:
    state = new_game(PICCADILLY, 4)
    while state.phase != "choose":
        seat = min(state.to_move)
        state = state.apply(seat, ai.choose(state, seat, random.Random(0)) if state.phase == "discard"
                            else state.legal_actions(seat)[0])
    for seat in (0, 1):
        assert choice(state, seat) in ("choose:0", "choose:1")
