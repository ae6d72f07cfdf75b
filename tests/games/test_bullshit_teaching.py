"""Bullshit's teaching (issue 35): the hint's reasons (how the computer judged a claim from its own
count, or why it plays what it plays), the Easy computer, "why not" (never a card: any card may be
played as the rank asked), the coach's kinds of moment, and the rules' quick start and example
(docs/rules/bullshit.md, rulings S-1..S-3)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games import registry
from games.bullshit import RULES, BullshitState, Play, ai
from games.bullshit.rules import EXAMPLE_MOVES, EXAMPLE_SEAT, EXAMPLE_SEED
from games.core import cards, decks
from games.core.base import name_players, player, random_action

from .leaks import leaked
from .test_bullshit import four, game, near_the_end


def hint(state: BullshitState, seat: int) -> tuple[str, tuple[str, ...]]:
    found = registry.hint(state, seat)
    return found.action.token, found.reasons


def easy(state: BullshitState, seat: int) -> str:
    return registry.computer_move(state, seat, "easy").token


def three_aces() -> BullshitState:
    """Seat 1 claims three Aces with A♠ A♥ K♦; seats 2 and 3 hold one Ace each, seat 0 none."""
    return four().apply(1, "play:AS,AH,KD")


def bigger_pile(state: BullshitState, seat: int, extra: int) -> BullshitState:
    """The same claim on a pile ``extra`` cards bigger, from ``seat``'s own hand (it keeps its Ace,
    its first card): the cards out of its sight stay as they were."""
    hand = state.hands[seat]
    assert cards.rank_of(hand[0]) == "A"
    hands = list(state.hands)
    hands[seat] = hand[:1] + hand[1 + extra:]
    return dataclasses.replace(state, pile=state.pile + hand[1:1 + extra], hands=tuple(hands))


def redealt(state: BullshitState, seat: int, seed: int) -> BullshitState:
    """The same position with every card ``seat`` cannot see dealt again: the other hands (each
    its size) and, while another seat's play is open to a call, that play's cards (its token in the
    history too). Cards a call turned up stay where they went."""
    shown = set(state.reveal["cards"]) if state.reveal else set()
    others = [s for s in range(state.players) if s != seat]
    kept = {s: [c for c in state.hands[s] if c in shown] for s in others}
    pool = [c for s in others for c in state.hands[s] if c not in shown]
    w = state.window
    theirs = w is not None and w.seat != seat
    if w is not None and theirs:
        pool += list(w.cards)
    random.Random(seed).shuffle(pool)
    hands = list(state.hands)
    for s in others:
        need = len(state.hands[s]) - len(kept[s])
        hands[s] = tuple(kept[s] + pool[:need])
        pool = pool[need:]
    moved = dataclasses.replace(state, hands=tuple(hands))
    if w is not None and theirs:
        played = tuple(RULES.sort_cards(pool))
        at = max(i for i, (_, token) in enumerate(state.history) if token.startswith("play:"))
        history = list(state.history)
        history[at] = (w.seat, f"play:{cards.join(played)}")
        moved = dataclasses.replace(moved, window=dataclasses.replace(w, cards=played), history=tuple(history),
                                    pile=state.pile[:-len(played)] + played)
    every = sorted([*moved.pile, *(c for h in moved.hands for c in h)])
    assert every == sorted([*state.pile, *(c for h in state.hands for c in h)])
    return moved


def computer_positions(players: int, seed: int, steps: int = 120) -> list[BullshitState]:
    """A game the computer plays (a random move now and then), each position it passes through."""
    state = RULES.new_game(players, seed=seed)
    assert isinstance(state, BullshitState)
    rng = random.Random(seed)
    seen = [state]
    while not state.is_over and len(seen) <= steps:
        seat = min(state.to_move)
        action = random_action(state, seat, rng) if rng.random() < 0.2 else registry.computer_move(state, seat)
        state = state.apply(seat, action)
        seen.append(state)
    return seen


# -- the hint's reasons: judging a claim ----------------------------------------------------------
def test_a_claim_its_own_hand_disproves_is_called_and_the_reason_says_so() -> None:  # S-2
    state = game(4, [["2C"], ["AS", "KD", "QD"], ["AD", "AC"], []], dealer=3)
    state = state.apply(1, "play:AS,KD,QD")  # three "Aces", and seat 2 holds A♦ A♣
    assert hint(state, 2) == ("call", ("Calls: {p1} claims three Aces, and you hold two of the four",
                                       "It can't be true, so {p1} picks up the pile of 3"))


def test_the_cards_it_put_in_the_pile_itself_count_too() -> None:
    # Seat 1 slips 2♥ in with its Aces; then seat 2 claims two 2s: seat 1 holds 2♦ 2♣ and put 2♥
    # down itself, so only one 2 can be out of its sight.
    state = game(4, [["3C", "4C"], ["AS", "AH", "2H", "2D", "2C"], ["5S", "6S"], ["AC", "9S"]], dealer=3)
    state = state.apply(1, "play:AS,AH,2H")
    for seat in (2, 3, 0):
        state = state.apply(seat, "pass")
    state = state.apply(2, "play:5S,6S")
    assert hint(state, 1) == ("call", ("Calls: {p2} claims two 2s, and you hold two of the four and put one "
                                       "in the pile yourself", "It can't be true, so {p2} picks up the pile of 5"))


def test_a_players_last_cards_are_called_when_only_the_winner_counts() -> None:  # S-3
    state = near_the_end("9").apply(0, "play:2C")
    for seat in (1, 2, 3):
        assert hint(state, seat) == ("call", ("Calls: these are {p0}'s last cards, and if the play stands they win",
                                              "If they told the truth they win anyway (S-3), so calling costs nothing"))


def test_a_doubtful_claim_is_called_on_a_small_pile_and_let_stand_on_a_big_one() -> None:
    # Three Aces from 13 cards, with one Ace in seat 3's own hand: it expects {p1} held about one
    # of the three it cannot see. On a pile of 3 it calls; on a pile of 13 it lets it stand, and
    # the reasons follow the same judgement.
    small = three_aces()
    judged = ai._judge(small, 3)
    assert (judged.n, judged.in_hand, judged.holder, round(judged.expected, 2)) == (3, 1, 13, 1.0)
    assert judged.doubt - judged.risk > ai.CALL_AT
    guess = "{p1} had 13 cards: likely about one of the three Aces you can't see, not three"
    assert hint(small, 3) == ("call", (f"Calls: {guess}", "If you're wrong, the pile is only 3"))
    big = bigger_pile(small, 3, 10)
    assert len(big.pile) == 13 and ai._judge(big, 3).doubt == judged.doubt
    assert hint(big, 3) == ("pass", ("Lets it stand: the pile of 13 is too costly to pick up on a guess",
                                     f"Though {guess}"))
    # The next player says why it does not play over the claim instead (S-2).
    assert hint(bigger_pile(small, 2, 10), 2) == ("pass", (
        "Lets it stand: the pile of 13 is too costly to pick up on a guess",
        "You play next; waiting gives the others their time to call"))


def test_a_seat_that_sees_no_ace_doubts_less() -> None:
    # Seat 0 holds no Ace: four are out of its sight, so three is less of a stretch, and even a
    # small pile tips it to let the claim stand; the next player (seat 2) is told it plays next.
    state = three_aces()
    token, why = hint(state, 0)
    assert token == "pass"
    assert why == ("Lets it stand: a claim of three Aces is doubtful, but not enough to risk the pile of 3",
                   "Though {p1} had 13 cards: likely about one of the four Aces you can't see, not three")
    believable = four().apply(1, "play:AS")
    assert hint(believable, 2) == ("pass", ("Lets it stand: a claim of one Ace is believable",
                                            "You play next; waiting gives the others their time to call"))


def test_the_reasons_for_a_window_come_from_its_judgement() -> None:
    """Over computer games: a call's reasons start "Calls", a pass's "Lets it stand", and a reason
    built on the claimer's hand names the numbers the judgement weighed."""
    for seed in range(6):
        for state in computer_positions(4, seed):
            if state.window is None:
                continue
            for seat in sorted(state.to_move):
                token, why = hint(state, seat)
                assert why[0].startswith("Calls" if token == "call" else "Lets it stand"), why
                judged = ai._judge(state, seat)
                for line in why:
                    if " had " in line:
                        assert f"{player(judged.claimer)} had {judged.holder} cards" in line


# -- the hint's reasons: playing -------------------------------------------------------------------
def test_an_honest_play_and_a_slipped_card_say_what_they_are() -> None:
    state = four()  # seat 1 holds A♠ A♥ K♦ and ten others, the table asks for Aces
    assert ai.explain(state, 1, RULES.parse_action("play:AS,AH")) == (
        "Plays your two Aces honestly: no risk if called",)
    # K♦: Kings are asked for last from Aces, so it is the card the computer slips in.
    assert ai.explain(state, 1, RULES.parse_action("play:AS,AH,KD")) == (
        "Slips in K\u2666 with your A\u2660 A\u2665: the pile is small if you're caught",
        "Of your cards, Kings are asked for last, so K\u2666 is easiest to spare")
    # A move the computer would not make is said as it is.
    assert ai.explain(state, 1, RULES.parse_action("play:AS,KD")) == (
        "Plays A\u2660 K\u2666 as two Aces, one of them true",)
    assert ai.explain(state, 1, RULES.parse_action("play:AS,AH,2H")) == (
        "Plays A\u2660 A\u2665 2\u2665 as three Aces, two of them true",)
    token, why = hint(state, 1)
    assert token in ("play:AS,AH", "play:AS,AH,KD") and why == ai.explain(state, 1, RULES.parse_action(token))
    chosen = {ai._decide(state, 1, random.Random(k)).kind for k in range(20)}
    assert chosen == {"honest", "slip"}  # now and then, on a small pile (BLUFF_CHANCE)


def test_holding_none_of_the_rank_it_bluffs_with_the_card_asked_for_last() -> None:
    state = near_the_end("9", last=("2C", "3C", "KD", "5H", "JD"))  # from 9s, 5s come round last
    assert hint(state, 0) == ("play:5H", ("You hold no 9s, so you must bluff: one card keeps the lie small",
                                          "Of your cards, 5s are asked for last, so 5\u2665 is easiest to spare"))


def test_its_last_cards_played_honestly_win_once_they_stand() -> None:  # S-3
    state = near_the_end("2", last=("2C", "2D"))
    assert hint(state, 0) == ("play:2D,2C", ("Plays your two 2s honestly: no risk if called",
                                             "They are your last cards: once the play stands, or is called, you win "
                                             "(S-3)"))


def test_at_a_table_that_never_calls_it_unloads() -> None:
    state = four()
    while True:  # every seat plays its first card and everyone lets it stand
        seat = state.turn
        if seat == 1 and ai._call_rate(state, 1)[1] >= 11:
            break
        state = state.apply(seat, f"play:{state.hands[seat][0]}")
        for other in sorted(state.to_move):
            state = state.apply(other, "pass")
    plays, calls = ai._others_calls(state, 1)
    assert calls == 0 and ai._call_rate(state, 1)[0] < 0.08 and len(state.hands[1]) > state.most
    token, why = hint(state, 1)
    assert len(RULES.parse_action(token).cards) == 4  # type: ignore[attr-defined]
    assert why[0].startswith("Unloads four cards as ") and why[0].endswith(": this table hardly ever calls")
    assert why[1] == f"The others have called 0 times in their {plays} plays"


def test_the_hint_does_not_depend_on_the_cards_the_seat_cannot_see() -> None:
    # Deal what the seat cannot see differently (the other hands, and the cards of a play still
    # open to a call): the same move and the same reasons.
    checked = 0
    for seed in range(5):
        for players in (3, 4, 7):
            for n, state in enumerate(computer_positions(players, seed, 60)):
                if n % 3:
                    continue
                for seat in sorted(state.to_move):
                    expected = registry.hint(state, seat)
                    easy_move = easy(state, seat)
                    for k in range(2):
                        moved = redealt(state, seat, k)
                        assert registry.hint(moved, seat) == expected
                        assert easy(moved, seat) == easy_move
                        checked += 1
    assert checked > 300


def test_no_reason_names_a_card_the_seat_cannot_see() -> None:
    for seed in range(4):
        for state in computer_positions(5, seed):
            for seat in state.to_move:
                names = [f"Seat {i}" for i in range(state.players)]
                text = [name_players(r, names) for r in registry.hint(state, seat).reasons]
                assert not leaked(text, state.hidden_cards(seat)), text
                assert all(len(r) <= 100 for r in text), text


# -- the Easy computer -------------------------------------------------------------------------------
def test_the_easy_computer_always_plays_a_legal_move() -> None:
    for seed in range(12):
        players = (3, 4, 6, 7, 10)[seed % 5]
        state = RULES.new_game(players, seed=seed, options={"places": seed % 2 == 0})
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 3000:
            seat = rng.choice(sorted(state.to_move))
            move = ai.choose_easy(state, seat, decks.rng(seed, "easy", len(state.history)))  # type: ignore[arg-type]
            state = state.apply(seat, move)  # legal, or this raises
        assert state.is_over  # heads-up it slips no card in, so two Easy players left do finish


def test_the_easy_computer_calls_only_what_its_hand_disproves() -> None:  # S-2, S-3
    disproved = game(4, [["2C"], ["AS", "KD", "QD"], ["AD", "AC"], []], dealer=3).apply(1, "play:AS,KD,QD")
    assert easy(disproved, 2) == "call"  # it holds two of the four Aces
    # Where Normal calls on its doubts, or a player's last cards, Easy lets the play stand.
    doubtful = three_aces()
    assert hint(doubtful, 2)[0] == "call" and easy(doubtful, 2) == "pass"
    last = near_the_end("9").apply(0, "play:2C")
    assert hint(last, 1)[0] == "call" and easy(last, 1) == "pass"
    assert easy(four().apply(1, "play:AS"), 2) == "pass"  # it never plays over an open window


def test_the_easy_computer_slips_in_a_card_at_random_or_plays_one_at_random() -> None:
    state = four()
    played = {easy_choice(state, 1, k) for k in range(30)}
    assert all(set(p[:2]) == {"AS", "AH"} and len(p) == 3 for p in played)  # its Aces and one more
    assert len(played) > 3  # the extra card at random, not the one the computer can best spare
    none = near_the_end("9", last=("2C", "3C", "KD", "5H", "JD"))
    singles = {easy_choice(none, 0, k) for k in range(30)}
    assert all(len(p) == 1 for p in singles) and len(singles) > 1
    going_out = near_the_end("2", last=("2C", "2D", "5H"))  # its last cards: no spare card slipped in
    assert {easy_choice(going_out, 0, k) for k in range(10)} == {("2D", "2C")}


def easy_choice(state: BullshitState, seat: int, k: int) -> tuple[str, ...]:
    move = ai.choose_easy(state, seat, random.Random(k))
    assert isinstance(move, Play)
    honest = [c for c in move.cards if cards.rank_of(c) == move.rank]
    return (*honest, *(c for c in move.cards if c not in honest))


# -- why not ----------------------------------------------------------------------------------------
def test_any_card_may_be_played_as_the_rank_asked_so_nothing_is_refused() -> None:
    state = four()
    assert state.held(1) == tuple(RULES.sort_cards(state.hands[1]))
    pick = state.pick(1)
    assert pick is not None and set(pick.cards) == set(state.held(1)) and state.why_not(1) == {}
    assert state.why_not(0) == {}  # not to move


def test_in_a_call_window_the_move_is_not_a_card() -> None:  # S-2
    state = four().apply(1, "play:AS")
    assert state.pick(3) is None and state.why_not(3) == {}  # call or let it stand
    assert state.pick(2) is not None and state.why_not(2) == {}  # the next player may also play, any card
    last = near_the_end("9", last=("2C", "3C")).apply(0, "play:2C,3C")
    assert last.pick(1) is None and last.why_not(1) == {}  # not over a player's last cards


# -- coaching ---------------------------------------------------------------------------------------
def test_the_coach_names_each_kind_of_moment() -> None:
    start = four()
    assert start.coaching(1) is not None and start.coaching(1).kind == "play"  # type: ignore[union-attr]
    assert start.coaching(0) is None
    window = start.apply(1, "play:AS,AH")
    assert {s: window.coaching(s).kind for s in (0, 2, 3)} == {  # type: ignore[union-attr]
        0: "call-window", 2: "next-up", 3: "call-window"}
    assert window.coaching(1) is None
    assert window.coaching(0).line.startswith("{p1} just claimed 2 \u00d7 Aces")  # type: ignore[union-attr]
    bluff = near_the_end("9", last=("2C", "3C", "KD", "5H", "JD"))
    assert bluff.coaching(0).kind == "must-bluff"  # type: ignore[union-attr]
    assert bluff.coaching(0).line.startswith("You hold no 9s")  # type: ignore[union-attr]
    going = near_the_end("9", last=("2C", "3C"))
    assert going.coaching(0).kind == "going-out"  # type: ignore[union-attr]
    last = going.apply(0, "play:2C,3C")  # S-3: last cards win once they stand
    assert {last.coaching(s).kind for s in (1, 2, 3)} == {"last-cards"}  # type: ignore[union-attr]


def test_two_packs_let_a_play_go_up_to_eight_cards() -> None:  # S-1
    state = RULES.new_game(7, seed=2)
    assert isinstance(state, BullshitState)
    coach = state.coaching(state.turn)
    assert coach is not None and "1 to 8 cards" in coach.line


# -- quick start and example ------------------------------------------------------------------------
def test_the_example_is_a_claim_the_pictured_seat_can_see_through() -> None:
    example = RULES.example()
    again = RULES.example()
    assert again.state.history == example.state.history and again.caption == example.caption
    state = example.state
    assert isinstance(state, BullshitState) and state.rules is RULES
    assert [token for _, token in state.history] == list(EXAMPLE_MOVES) and state.seed == EXAMPLE_SEED
    assert example.seat == EXAMPLE_SEAT and EXAMPLE_SEAT in state.to_move
    assert example.caption == "{p2} claims three 5s and you hold two of the four: call bullshit, or let it stand?"
    assert hint(state, EXAMPLE_SEAT) == ("call", ("Calls: {p2} claims three 5s, and you hold two of the four",
                                                  "It can't be true, so {p2} picks up the pile of 4"))
    assert not leaked(example.caption, state.hidden_cards(example.seat))
    assert state.coaching(example.seat).kind == "call-window"  # type: ignore[union-attr]


@pytest.mark.parametrize("token", ["call", "pass"])
def test_explain_refuses_a_move_the_seat_may_not_make(token: str) -> None:
    with pytest.raises(ValueError):
        ai.explain(four(), 1, RULES.parse_action(token))
