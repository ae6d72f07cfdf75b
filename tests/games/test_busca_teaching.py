"""Busca's teaching (issue 35): the hint's reasons (the branch of the computer's thinking that
chose the card: duck, throw away, lead low, take it cheaply, cappotto, lay aside), the Easy
computer, "why not" (following suit: the same test as the legal moves), the coach's kinds of
moment, and the rules' quick start and example (docs/rules/busca.md, rulings B-1..B-3)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games import registry
from games.busca import RULES, BuscaState, ai, search
from games.busca.rules import EXAMPLE_MOVES, EXAMPLE_SEED, Discard, Play
from games.core import decks
from games.core.base import name_players, random_action
from games.core.tricks import Trick

from .leaks import leaked
from .test_busca import game

SPADELESS = ["AH", "4D", "5D", "6D", "7D", "JD", "QD", "KD", "AD", "2D"]


def hint(state: BuscaState) -> tuple[str, tuple[str, ...]]:
    found = registry.hint(state, state.turn)
    return found.action.token, found.reasons


def table(hands: list[list[str]], leader: int, *plays: str,
          taken: tuple[tuple[str, ...], ...] = ((), (), (), ())) -> BuscaState:
    """Four players holding exactly ``hands`` (late in a hand), ``leader`` to lead, and
    ``plays`` put on the trick in turn."""
    state = dataclasses.replace(game(4, []), hands=tuple(tuple(h) for h in hands), trick=Trick(leader),
                                turn=leader, taken=taken)
    for card in plays:
        state = state.apply(state.turn, f"play:{card}")
    return state


def positions(players: int, seed: int) -> list[BuscaState]:
    """Every position of a one-hand game, the computer playing half the moves and chance the rest."""
    state = RULES.new_game(players, seed=seed, options={"hands": 1})
    assert isinstance(state, BuscaState)
    rng = random.Random(seed)
    seen: list[BuscaState] = []
    while not state.is_over:
        seen.append(state)
        seat = state.turn
        move = ai.choose(state, seat, rng) if rng.random() < 0.5 else random_action(state, seat, rng)
        state = state.apply(seat, move)
    return seen


def redealt(state: BuscaState, seat: int, rng: random.Random) -> BuscaState:
    """The cards ``seat`` cannot see (the other hands, and a card laid aside by another dealer)
    dealt differently, each hand keeping its size."""
    others = [s for s in range(state.players) if s != seat]
    hidden_aside = state.discard is not None and seat != state.dealer
    pool = [c for s in others for c in state.hands[s]] + ([state.discard] if hidden_aside and state.discard else [])
    assert set(pool) == set(state.hidden_cards(seat))
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(pool[:len(state.hands[s])]), pool[len(state.hands[s]):]
    discard = pool[0] if hidden_aside else state.discard
    return dataclasses.replace(state, hands=tuple(hands), discard=discard)


# -- the hint's reasons ---------------------------------------------------------------------------
def test_following_it_ducks_under_the_best_card_and_says_whose_card_it_ducks() -> None:
    state = game(4, [["QH"], [], [], ["KH", "JH", "5H", "4S"]]).apply(0, "play:QH")
    assert hint(state) == ("play:JH", ("Ducks under {p0}'s Q♥ with J♥: someone else takes the trick",
                                       "Sheds J♥ while it is safe: it carries ⅓ point"))
    # Only one heart is under the Queen: the King would win.
    state = table([["QH"], ["5S"], ["6S"], ["KH", "JH", "4S"]], 0, "QH")
    assert hint(state) == ("play:JH", ("Ducks under {p0}'s Q♥ with J♥: someone else takes the trick",
                                       "It is your only heart under the Q♥: the others would win it"))


def test_void_it_throws_away_its_costliest_card() -> None:
    state = game(4, [["4S"], [], [], ["KH", *SPADELESS[1:]]]).apply(0, "play:4S")
    assert hint(state) == ("play:AD", ("You have no spades: throws away A♦, your costliest card",
                                       "A card of another suit never wins, so the trick goes to someone else"))


def test_bound_to_win_it_takes_the_trick_as_cheaply_as_it_can() -> None:
    state = game(4, [["4S"], ["7S", "2S"], ["5S"], ["6S"]])
    for seat, card in ((0, "4S"), (3, "6S"), (2, "5S")):
        state = state.apply(seat, f"play:{card}")
    assert hint(state) == ("play:7S", ("Every spade you hold beats {p3}'s 6♠: this trick is yours",
                                       "Takes it with 7♠, adding no points"))
    # Second to play: the cheapest, weakest winner, as a player after it may still go higher.
    state = table([["4S", "4D"], ["5S", "5D"], ["6S", "6D"], ["7S", "2S", "JS", "4H"]], 0, "4S")
    assert hint(state) == ("play:7S", ("Every spade you hold beats {p0}'s 4♠: you cannot duck",
                                       "Plays 7♠, your cheapest: a player after you may still go higher"))


def test_leading_it_leads_low_where_stronger_cards_are_out_and_keeps_sure_winners_back() -> None:
    state = game(4, [["3S", "4H", "5D", "6D", "7D", "JD", "QD", "KD", "AD", "2D"]])
    assert hint(state) == ("play:4H", ("Leads 4♥ low: nine stronger hearts are still out",
                                       "Keeps 3♠ back: nothing out can beat it, so leading it would take the trick"))
    # A King with three stronger spades out is led to give its third away.
    state = table([["KS", "4H"], ["5S", "5D"], ["6S", "6D"], ["7S", "4D"]], 0)
    assert hint(state) == ("play:KS", ("Leads K♠: three stronger spades are still out",
                                       "Its ⅓ point should go to whoever beats it"))
    # Every heart above the 7 has been taken: both cards win, and the 7 carries nothing.
    gone = ("3H", "2H", "AH", "KH", "QH", "JH")
    state = table([["3S", "7H"], ["5S", "5D"], ["6S", "6D"], ["7S", "4D"]], 0, taken=(gone, (), (), ()))
    assert hint(state) == ("play:7H",
                           ("Leads 7♥: any card you lead now wins the trick, and this one carries no points",))


def test_b1_holding_every_point_still_out_it_chases_the_cappotto_and_says_so() -> None:
    hands = (("3S", "4H"), ("5S", "5H"), ("6S", "6H"), ("7S", "7H"))
    rest = tuple(c for c in decks.busca() if not any(c in h for h in hands))
    state = dataclasses.replace(game(4, []), hands=hands, taken=(rest, (), (), ()), tricks_won=(8, 0, 0, 0))
    assert hint(state) == ("play:3S", (
        "Plays your strongest card, 3♠: every point so far is yours, and you hold the rest",
        "Ending the hand with every counting card is a cappotto: 0 for you and 11 for everyone else (B-1)"))


def test_a_three_player_dealer_lays_aside_an_ace_from_its_shorter_suit() -> None:
    state = game(3, [[], ["3C"]], then=["4D"])
    assert state.discarding and sorted(c for c in state.hands[1] if c[0] in "3A") == ["3C", "AS"]
    assert hint(state) == ("discard:AS", ("Lays aside A♠: an Ace costs a whole point to whoever takes it",
                                          "3♣ costs as much, but spades is a shorter suit: you run out of it sooner"))


def test_a_forced_card_says_why_it_must_go() -> None:
    assert hint(table([["4S"], ["5S"], ["6S"], ["7S"]], 0)) == (
        "play:4S", ("4♠ is your last card, so it must go",
                    "Whoever takes this last trick also carries everyone's fractions"))
    assert hint(table([["4S", "4H"], ["5S"], ["6S"], ["7S", "AH"]], 0, "4S")) == (
        "play:7S", ("7♠ is your only spade, and you must follow spades",))


def test_explain_speaks_for_the_computers_own_move_only() -> None:
    state = game(4, [["QH"], [], [], ["KH", "JH", "5H", "4S"]]).apply(0, "play:QH")
    assert ai.explain(state, 3, Play("5H")) == ("The computer would rather play J♥",)
    with pytest.raises(ValueError):
        ai.explain(state, 3, Play("4S"))  # it must follow hearts
    with pytest.raises(ValueError):
        ai.explain(state, 3, Discard("KH"))


def test_reasons_hold_what_they_claim_over_random_games() -> None:
    for players, seed in ((3, 1), (4, 2), (5, 3), (3, 4)):
        for state in positions(players, seed):
            seat = state.turn
            action = registry.computer_move(state, seat)
            reasons = ai.explain(state, seat, action)
            assert 1 <= len(reasons) <= 2 and all(0 < len(r) <= 90 for r in reasons), reasons
            named = name_players(" ".join(reasons), [f"Seat {i}" for i in range(players)])
            assert not leaked(named, state.hidden_cards(seat))
            led = state.trick.led_card()
            assert isinstance(action, Play | Discard)
            if reasons[0].startswith("Ducks under"):
                assert led is not None and action.card[-1] == led[-1]
                assert ai.strength(action.card) < max(ai.strength(c) for c in state.trick.cards if c[-1] == led[-1])
            if reasons[0].startswith("You have no"):
                assert led is not None and not any(c[-1] == led[-1] for c in state.hands[seat])
            if reasons[0].startswith("Leads"):
                assert led is None
            if reasons[0].startswith("Lays aside"):
                assert state.discarding and isinstance(action, Discard)
            if len(state.legal_actions(seat)) == 1:
                assert "must" in reasons[0]


def test_the_hint_is_blind_to_the_cards_the_seat_cannot_see() -> None:
    # Deal the unseen cards differently (and, for a seat that did not deal, the card laid aside):
    # the same move and the same reasons.
    for players, seed in ((3, 5), (4, 6), (5, 7)):
        for n, state in enumerate(positions(players, seed)[::2]):
            seat = state.turn
            before = registry.hint(state, seat)
            rng = random.Random(n)
            for _ in range(3):
                assert registry.hint(redealt(state, seat, rng), seat) == before


def test_the_hard_computer_is_blind_to_the_cards_the_seat_cannot_see() -> None:
    # The Hard computer samples the unseen cards: dealt differently, the same samples and the
    # same move (a small budget keeps the test quick; the code path is the shipped one).
    for players, seed in ((3, 5), (4, 6), (5, 7)):
        for n, state in enumerate(positions(players, seed)[::5]):
            seat = state.turn
            before = search.choose_hard(state, seat, decks.rng(seed, n), budget=2000)
            rng = random.Random(n)
            for _ in range(2):
                assert search.choose_hard(redealt(state, seat, rng), seat, decks.rng(seed, n), budget=2000) == before


# -- the Easy computer ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_easy_plays_legal_moves_to_the_end(players: int) -> None:
    state = RULES.new_game(players, seed=players + 10, options={"hands": 2})
    assert isinstance(state, BuscaState)
    rng = random.Random(players)
    while not state.is_over:
        seat = min(state.to_move)
        action = ai.choose_easy(state, seat, rng)
        assert action.token in {a.token for a in state.legal_actions(seat)}
        state = state.apply(seat, action)


def test_easy_knows_the_rules_of_thumb_but_not_the_counting() -> None:
    # It ducks with its lowest heart where Normal sheds the Jack that still ducks.
    state = table([["QH"], ["5S"], ["6S"], ["KH", "JH", "5H", "4S"]], 0, "QH")
    assert registry.computer_move(state, 3, "easy").token == "play:5H" != registry.computer_move(state, 3).token
    # Void, it throws away its Ace like Normal.
    void = game(4, [["4S"], [], [], ["KH", *SPADELESS[1:]]]).apply(0, "play:4S")
    assert registry.computer_move(void, 3, "easy").token == "play:AD"
    # Laying aside, it picks its highest card (a 3), not weighing Aces or suit lengths.
    aside = game(3, [[], ["3C"]], then=["4D"])
    assert registry.computer_move(aside, 1, "easy").token == "discard:3C"


# -- why not --------------------------------------------------------------------------------------
def test_why_not_names_following_suit_for_each_card_that_may_not_go() -> None:
    state = game(4, [["4S"], ["5S", "QH"], ["JH", "6S"], ["AH", "7S"]]).apply(0, "play:4S")
    why = state.why_not(3)
    assert why and set(why) == set(state.held(3)) - set(state.playable(3))
    assert "AH" in why and all(reason == "You must follow spades" for reason in why.values())
    assert state.why_not(0) == state.why_not(1) == {}  # not to move
    assert game(4, [["4S"]]).why_not(0) == {}  # a leader may lead anything
    void = game(4, [["4S"], [], [], ["KH", *SPADELESS[1:]]]).apply(0, "play:4S")
    assert void.why_not(3) == {}  # no spades: any card may go


def test_why_not_is_empty_while_a_card_is_laid_aside_and_matches_the_legal_moves_throughout() -> None:
    state = game(3, [], then=["AS"])
    assert state.discarding and state.why_not(1) == {} and state.why_not(0) == {}
    for players, seed in ((3, 8), (4, 9)):
        for position in positions(players, seed):
            seat = position.turn
            legal = {a.card for a in position.legal_actions(seat) if isinstance(a, Play | Discard)}
            assert set(position.why_not(seat)) == set(position.held(seat)) - legal
            assert sorted(position.held(seat)) == sorted(position.hands[seat])


# -- coaching -------------------------------------------------------------------------------------
def test_the_coach_names_each_kind_of_moment() -> None:
    aside = game(3, [], then=["AS"])
    assert aside.coaching(1) is not None and aside.coaching(1).kind == "discard"  # type: ignore[union-attr]
    assert aside.coaching(0) is None and aside.coaching(2) is None
    kinds = {
        "lead": game(4, [["4S"]]),
        "follow": game(4, [["4S"], ["5S", "QH"], ["JH", "6S"], ["AH", "7S"]]).apply(0, "play:4S"),
        "void": game(4, [["4S"], [], [], ["KH", *SPADELESS[1:]]]).apply(0, "play:4S"),
        "last-trick": table([["4S"], ["5S"], ["6S"], ["7S"]], 0),
    }
    for kind, state in kinds.items():
        coach = state.coaching(state.turn)
        assert coach is not None and coach.kind == kind and 0 < len(coach.line) <= 160
        assert all(state.coaching(s) is None for s in range(state.players) if s != state.turn)


# -- the rules' quick start and example -------------------------------------------------------------
def test_the_rules_open_with_a_fixed_example() -> None:
    example = RULES.example()
    again = RULES.example()
    assert again.state.history == example.state.history and again.caption == example.caption
    state = example.state
    assert isinstance(state, BuscaState) and len(state.history) == len(EXAMPLE_MOVES) and state.seed == EXAMPLE_SEED
    assert example.seat == state.turn and len(state.trick.plays) == 3  # last to play to the trick
    assert example.caption == ("Your turn, last to play: {p3}'s 3♦ tops the diamonds; "
                               "any lower one leaves the trick and its points to them")
    assert not leaked(example.caption, state.hidden_cards(example.seat))
    coach = state.coaching(example.seat)
    assert coach is not None and coach.kind == "follow"
    assert hint(state) == ("play:AD", ("Ducks under {p3}'s 3♦ with A♦: someone else takes the trick",
                                       "Sheds A♦ while it is safe: it carries 1 point"))
