"""Fan Tan's teaching (issue 35): the hint's reasons (from the heuristic's own terms and the
play-outs), the Easy computer, "why not" (the one test of a card's place the moves use, T-2), the
coach's kinds of moment (T-2, T-3), and the rules' quick start and example (docs/rules/fan-tan.md)."""

from __future__ import annotations

import dataclasses
import random

from games import registry
from games.core import decks
from games.core.base import random_action
from games.fan_tan import FanTanState, Pass, Play, ai
from games.fan_tan.rules import EXAMPLE_MOVES, EXAMPLE_SEED

from .leaks import leaked
from .test_fan_tan import RULES
from .test_fan_tan_ai import _after, game, random_positions


def hint(state: FanTanState, seat: int | None = None) -> tuple[str, tuple[str, ...]]:
    found = registry.hint(state, state.turn if seat is None else seat)
    return found.action.token, found.reasons


def opened() -> FanTanState:
    """Spades, hearts and diamonds opened by seats 1-3; {p0} holds ``mine`` below."""
    mine = ["8H", "6S", "5S", "4S", "3S", "2S", "AS", "10C", "JC", "QC", "KC", "2D", "3D"]
    return _after(game([mine, ["7S"], ["7H"], ["7D"]]), [(1, "play:7S"), (2, "play:7H"), (3, "play:7D")])


def both_ends() -> FanTanState:
    """The diamonds opened; {p0} holds both 6♦ and 8♦, with 5♦ below and 9♦, 10♦ above."""
    mine = ["6D", "8D", "5D", "9D", "10D", "2S", "3S", "4S", "10C", "JC", "QC", "KC", "AH"]
    return _after(game([mine, ["7S"], ["7H"], ["7D"]]), [(1, "play:7S"), (2, "play:7H"), (3, "play:7D")])


def redealt(state: FanTanState, seat: int, rng: random.Random) -> FanTanState:
    """The cards ``seat`` cannot see dealt again among the others, each keeping its count."""
    others = [s for s in range(state.players) if s != seat]
    unseen = [c for s in others for c in state.hands[s]]
    rng.shuffle(unseen)
    hands, at = list(state.hands), 0
    for s in others:
        hands[s] = tuple(unseen[at:at + len(state.hands[s])])
        at += len(state.hands[s])
    return dataclasses.replace(state, hands=tuple(hands))


# -- hints ------------------------------------------------------------------------------------------
def test_the_hint_frees_its_own_spades_and_holds_back_the_heart_that_only_helps_the_others() -> None:
    action, reasons = hint(opened(), 0)
    assert action == "play:6S"
    assert reasons == ("Frees your 5♠, 4♠, 3♠ and 2 more", "Holds back 8♥: it would only free the others' hearts")


def test_the_hint_opens_the_suit_it_holds_and_keeps_the_lone_7_back() -> None:
    hand = ["7S", "8S", "9S", "10S", "6S", "5S", "7H", "2C", "3C", "4C", "JC", "QC", "KC"]
    action, reasons = hint(game([[], hand, [], []]), 1)
    assert action == "play:7S"
    assert reasons == ("Opens spades: you hold five more of them",
                       "Holds back 7♥: it would open hearts only for the others")


def test_the_hint_weighs_a_7_that_leads_only_to_one_far_card() -> None:
    hand = ["7S", "8S", "9S", "10S", "6S", "5S", "7H", "KH", "2C", "3C", "4C", "JC", "QC"]
    action, reasons = hint(game([[], hand, [], []]), 1)
    assert action == "play:7S"
    # the runner-up lays 7♥ with the 7♠, opening eleven of the others' hearts (8♥ to Q♥, 6♥ to A♥)
    assert reasons[1] == "Keeps 7♥ for later: it would free eleven of the others' cards, and only your K♥"


def test_the_hint_lays_both_ends_of_a_row_together_t2() -> None:
    action, reasons = hint(both_ends(), 0)
    assert action == "play:6D,8D"
    assert reasons == ("Lays both ends of the diamond row at once (T-2): frees your 5♦ and 9♦",
                       "Two of your cards go in one turn, not one")


def test_the_hint_names_the_last_card_and_the_pot() -> None:
    state = game([[], ["7S"], [], []])
    state = dataclasses.replace(state, hands=(state.hands[0], ("7S",), *state.hands[2:]))
    assert hint(state, 1) == ("play:7S", (f"Your last card: you go out and take the pot of {state.pot} chips",))


def test_a_forced_play_and_a_forced_pass_say_so() -> None:
    lone = ["8S", "2C", "3C", "4C", "5C", "JC", "QC", "KC", "2D", "3D", "4D", "JD", "QD"]
    state = game([["7S", "7H", "7D", "7C"], lone, [], []])
    assert hint(state, 1) == ("pass", ("None of your cards fits next to a row, so you pass",))
    state = _after(state, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "play:7S,7H,7D,7C")])
    action, reasons = hint(state, 1)
    assert (action, reasons) == ("play:8S", ("Your only play that fits now",
                                             "Frees none of your cards, only five of the others' spades"))


def test_a_pass_that_withholds_a_card_is_explained_as_an_offence_t3() -> None:
    state = game([[], ["7S", "8S", "9S", "10S", "2C", "3C", "4C", "5C", "JC", "QC", "KC", "2D", "3D"], [], []],
                 strict=False)
    assert Pass(withholding=True) in state.legal_actions(1)
    reasons = ai.explain(state, 1, Pass())
    assert "(T-3)" in reasons[0] and reasons[1] == "It would play 7♠"


def test_the_reasons_follow_the_decision_in_random_positions() -> None:
    """Over seeded positions, the second reason says what decided: the play-outs when they overruled
    the heuristic's favourite (naming it), else the play held back."""
    overruled = 0
    for state in random_positions(14, strict=True):
        seat = state.turn
        decision = ai._decide(state, seat, decks.rng(state.seed, "default", len(state.history)))
        action, reasons = hint(state, seat)
        assert action == decision.action.token == registry.computer_move(state, seat).token
        assert 1 <= len(reasons) <= 2 and all(len(r) <= 90 for r in reasons), reasons
        if decision.how != "weighed":
            continue
        chosen = decision.plays[decision.chosen]
        assert reasons[0] == ai.effect(ai.cards_mask(state.hands[seat]), chosen)
        if decision.chosen != decision.favourite:
            overruled += 1
            favourite = decision.plays[decision.favourite]
            assert reasons[1] == (f"Played out {decision.deals} ways, this wins clearly more often than "
                                  f"{ai._cards(favourite.cards)}")
        else:
            assert reasons[1].startswith(("Holds back", "Keeps", "Two of your cards"))
    assert overruled >= 1  # the play-outs do overrule the heuristic now and then


def test_the_hint_is_blind_to_the_cards_it_cannot_see() -> None:
    """Re-dealing the others' hands changes neither the hint's move nor its reasons."""
    for n, state in enumerate(random_positions(5, strict=True) + random_positions(2, strict=False)):
        seat = state.turn
        first = hint(state, seat)
        rng = random.Random(n)
        for _ in range(2):
            assert hint(redealt(state, seat, rng), seat) == first
        text = list(first[1])
        assert not leaked(text, state.hidden_cards(seat)), text


# -- the Easy computer --------------------------------------------------------------------------------
def test_easy_plays_legal_moves_and_never_passes_while_it_can_play() -> None:
    for strict in (True, False):
        for seed in range(4):
            state = RULES.new_game(3 + seed, seed=seed, options={"strict": strict, "hands": 2})
            assert isinstance(state, FanTanState)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.turn
                if seed % 2:
                    action = ai.choose_easy(state, seat, rng)
                    assert action in state.legal_actions(seat)
                    assert isinstance(action, Play) or not state.plays(seat)
                else:
                    action = random_action(state, seat, rng)
                state = state.apply(seat, action)


def test_easy_goes_out_when_it_can() -> None:
    state = game([[], ["7S", "8S"], [], []])
    state = dataclasses.replace(state, hands=(state.hands[0], ("7S",), *state.hands[2:]))
    assert ai.choose_easy(state, 1, random.Random(0)).token == "play:7S"


def test_easy_counts_its_cards_in_a_suit_but_not_how_far_off_they_are() -> None:
    # The lone 7♥ leads only to a far K♥: Normal keeps it back, Easy lays it with the 7♠ (one
    # more card of its own beyond).
    hand = ["7S", "8S", "9S", "10S", "6S", "5S", "7H", "KH", "2C", "3C", "4C", "JC", "QC"]
    state = game([[], hand, [], []])
    assert registry.computer_move(state, 1).token == "play:7S"
    for k in range(3):
        assert ai.choose_easy(state, 1, random.Random(k)).token == "play:7S,7H"
    assert registry.computer_move(state, 1, "easy").token == "play:7S,7H"


# -- why not ------------------------------------------------------------------------------------------
def test_why_not_a_row_that_is_not_open() -> None:
    state = game([[], ["7S", "8S", "9H", "KC", "2C", "3C", "4C", "5C", "2D", "3D", "4D", "5D", "6D"], [], []])
    why = state.why_not(1)
    assert why["8S"] == "Spades are not open yet: your 7♠ must start the row"
    assert why["9H"] == "Hearts are not open yet: a 7 starts each row"
    assert "7S" not in why
    assert state.why_not(0) == {} and state.why_not(2) == {}  # not to move


def test_why_not_waits_for_the_seats_own_cards_one_a_turn_t2() -> None:
    why = both_ends().why_not(0)
    assert why["5D"] == "5♦ can go only after your 6♦: one card a turn at each end of a row (T-2)"
    assert why["10D"] == "10♦ can go only after your 8♦ and 9♦: one card a turn at each end of a row (T-2)"
    assert not {"6D", "8D"} & set(why)
    state = game([[], ["7S", "8S", "9S", "10S", "JS", "QS", "KS"], [], []]).apply(1, "play:7S")
    state = dataclasses.replace(state, turn=1)  # {p1} to move again, holding 8♠ to K♠
    assert state.why_not(1)["KS"] == "K♠ can go only after your 8♠ to Q♠: one card a turn at each end of a row (T-2)"


def test_why_not_never_names_a_card_another_player_holds() -> None:
    # The 8♠, 6♠, 8♥, 9♥ and 6♥ are the others': the reasons say which rank a row must reach.
    mine = ["9S", "10H", "5H", "5S", "4S", "3S", "2S", "AS", "10C", "JC", "QC", "KC", "2D"]
    state = _after(game([mine, ["7S", "8S"], ["7H", "6S"], ["7D", "8H", "9H", "6H"]]),
                   [(1, "play:7S"), (2, "play:7H"), (3, "play:7D")])
    why = state.why_not(0)
    assert why["9S"] == "9♠ can go only once the spade row reaches the 8"
    assert why["10H"] == "10♥ can go only once the heart row reaches the 9"
    assert why["5H"] == "5♥ can go only once the heart row reaches the 6"
    assert why["3S"] == "3♠ can go only once the spade row reaches the 4"
    assert not leaked(list(why.values()), state.hidden_cards(0))


def test_why_not_is_exactly_the_held_cards_that_do_not_fit() -> None:
    for state in random_positions(10, strict=True):
        seat = state.turn
        assert set(state.held(seat)) == set(state.hands[seat])
        assert set(state.why_not(seat)) == set(state.hands[seat]) - set(state.playable(seat))
        assert all(not state.missing(c) for c in state.playable(seat))


# -- coaching ------------------------------------------------------------------------------------------
def kind(state: FanTanState, seat: int) -> str | None:
    coach = state.coaching(seat)
    return None if coach is None else coach.kind


def test_coaching_kinds_in_set_positions() -> None:
    start = game([["7S", "7H", "7D", "7C"], ["8S"], [], []])
    assert kind(start, 1) == "pass"
    assert start.coaching(0) is None  # not to move
    first = game([[], ["7S", "8S"], [], []])
    assert kind(first, 1) == "open"
    honour = game([[], ["7S", "8S"], [], []], strict=False)
    coach = honour.coaching(1)
    assert coach is not None and coach.kind == "honour" and "(T-3)" in coach.line
    together = both_ends().coaching(0)
    assert together is not None and together.kind == "together" and "(T-2)" in together.line
    assert kind(opened(), 0) == "build"
    last = dataclasses.replace(first, hands=(first.hands[0], ("7S",), *first.hands[2:]))
    assert kind(last, 1) == "out"
    for state in (start, first, honour, both_ends(), opened()):
        for seat in state.to_move:
            coach = state.coaching(seat)
            assert coach is not None and len(coach.line) <= 160 and not leaked(coach.line, state.hidden_cards(seat))


# -- the rules' opening ----------------------------------------------------------------------------------
def test_quick_start_and_a_deterministic_example() -> None:
    example = RULES.example()
    again = RULES.example()
    assert example is not None and again is not None
    state = example.state
    assert isinstance(state, FanTanState) and state.seed == EXAMPLE_SEED
    assert again.state.history == state.history and again.caption == example.caption
    assert [tok for _, tok in state.history] == list(EXAMPLE_MOVES)
    assert example.seat == state.turn and not state.is_over
    assert len(state.plays(example.seat)) >= 4  # a real choice, with both ends of the diamonds (T-2)
    assert example.caption == ("Your turn: 4♠, 4♦, 9♦ and 5♣ fit the rows, 4♦ and 9♦ even together; "
                               "the first player out of cards wins the pot")
    assert not leaked(example.caption, state.hidden_cards(example.seat))
